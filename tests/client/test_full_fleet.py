"""A whole fleet game (seed 003) through the window, driven only by mouse and key events as
a new player would play it, against two easy computer players on the three-player map:
strategies picked from the panel's buttons, systems activated by clicking them, ships
chosen by clicking their system and then moved by clicking the lit active system, units
loaded by clicking them, moves confirmed with Enter, space cannon fired or held, hits and
removals given by clicking the system, ground forces landed, units built, new command
tokens placed. The game must end with a winner, every action sent must have been legal,
and each kind of fleet action the plan reaches must have gone through the screen."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import end_turn  # noqa: E402

from game.client import settings as client_settings  # noqa: E402
from game.client import ui  # noqa: E402
from game.client.app import App, push  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.scenes.game_over import GameOverScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.core.actions import Action  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402
from game.rules.rulesets.fleet.view import systems, tactic  # noqa: E402

MAP = "3P-fleet-triad"
SEED = 11


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setattr(client_settings, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(client_settings, "data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(client_settings, "saves_dir", lambda: tmp_path / "saves")
    application = App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0),
                      size=(1280, 720))
    application.start(MenuScene(application, load_content(include_user=False)))
    application.step([])
    yield application
    pygame.quit()
    ui.forget_fonts()


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()


def key(app: App, code: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
    app.step()


def lit(scene: BoardScene, kind: str) -> list[Any]:
    return sorted(t for t, k in scene.view.highlights.items() if k == kind)


def centre(scene: BoardScene, tile: Any) -> tuple[int, int]:
    x, y = scene.view.tile_center(tile)
    return round(x), round(y)


def panel_button(scene: BoardScene, start: str) -> pygame.Rect | None:
    assert scene.fleet_panel is not None
    found = scene.fleet_panel.button(start)
    return found.rect if found is not None else None


def press(app: App, scene: BoardScene, start: str) -> bool:
    rect = panel_button(scene, start)
    if rect is None:
        return False
    click(app, rect.center)
    return True


def click_tile_and_pick(app: App, scene: BoardScene, tile: Any, wanted: str = "") -> None:
    """Click a system; when a picker opens, take its first item (or the first whose label
    starts with ``wanted``)."""
    click(app, centre(scene, tile))
    if scene.picker is None:
        return
    rows = scene.picker.rows()
    items = scene.picker.items
    index = next((i for i, item in enumerate(items) if item.value is not None
                  and item.label.startswith(wanted)), 0)
    click(app, rows[index].center)


def my_ships_beside(game: Any, target: Any) -> bool:
    views = systems(game)
    for near in game.geometry.neighbours(target):
        view = views.get(near)
        if view is None or 0 in view.tokens:
            continue
        if any(s.player == 0 and s.card == "Carrier" for s in view.stacks):
            return True
    return False


def choose_system(scene: BoardScene) -> Any:
    """The plan: a planet not yet ours next to one of our carriers; else home to build;
    else nothing (pass)."""
    game = scene.game
    lit_systems = lit(scene, "play")
    views = systems(game)
    for tile in lit_systems:
        view = views.get(tile)
        planet = game.tile_kind(tile).resources > 0
        ours = view is not None and view.controller == 0
        if planet and not ours and my_ships_beside(game, tile):
            return tile
    home = next(t for t, p in game.map.owners.items() if p == 0)
    if home in lit_systems and game.players[0].resource >= 2:
        return home
    return None


def move_step(app: App, scene: BoardScene) -> None:
    """Choose each ship that may move and send it straight into the active system, load
    what may be loaded, then confirm with Enter."""
    game = scene.game
    found = tactic(game)
    assert found is not None
    for _ in range(12):
        ships = lit(scene, "select")
        if not ships or tactic(game) is None or tactic(game).step != "move":  # type: ignore
            break
        click_tile_and_pick(app, scene, ships[0], "Choose")
        if not scene.controls.selected:
            break
        assert scene.view.paths, "a chosen ship shows where it can go"
        click_tile_and_pick(app, scene, found.system, "Move")
    for _ in range(6):
        loads = lit(scene, "play")
        current = tactic(game)
        if not loads or current is None or current.step != "move":
            break
        click_tile_and_pick(app, scene, loads[0], "Load")
    if tactic(game) is not None and tactic(game).step == "move":  # type: ignore[union-attr]
        key(app, pygame.K_RETURN)


def act(app: App, scene: BoardScene) -> None:
    """One decision of the person, whatever the game asks for."""
    kinds = {a.kind for a in scene.controls.legal}
    if "remove_unit" in kinds or "take_hit" in kinds:
        tiles = lit(scene, "attack")
        click_tile_and_pick(app, scene, tiles[0])
    elif "pick_strategy" in kinds:
        button = scene.fleet_panel.buttons.buttons[0]  # type: ignore[union-attr]
        click(app, button.rect.center)
    elif "redeploy" in kinds:
        assert press(app, scene, "Don't redeploy")
    elif "gain_token" in kinds:
        assert press(app, scene, "New tactic token")
    elif "fire_cannon" in kinds:
        assert press(app, scene, "Fire space cannon")
    elif "hold_fire" in kinds:
        assert press(app, scene, "Hold fire")
    elif "land" in kinds:
        click_tile_and_pick(app, scene, lit(scene, "play")[0], "Land")
    elif "end_landing" in kinds:
        key(app, pygame.K_RETURN)
    elif "produce" in kinds:
        if not (press(app, scene, "Build Infantry") or press(app, scene, "Build Cruiser")):
            key(app, pygame.K_RETURN)
    elif "end_tactic" in kinds:
        key(app, pygame.K_RETURN)
    elif "confirm_moves" in kinds:
        move_step(app, scene)
    elif "activate_system" in kinds or "pass_round" in kinds:
        target = choose_system(scene) if "activate_system" in kinds else None
        if target is None:
            end_turn(app)  # Pass round (asked first while systems are left)
        else:
            click(app, centre(scene, target))
    else:
        pytest.fail(f"the plan has nothing for {sorted(kinds)}")


def test_a_whole_fleet_game_in_the_window_with_mouse_and_keys(app: App) -> None:
    content = load_content(include_user=False)
    spec = find_map(MAP, library=content.library)
    setup = GameSetup(spec, content.library, 3, SEED)
    session = Session.new(setup, [Seat(True), Seat(False, "easy"), Seat(False, "easy")],
                          autosave=False)
    sent: list[Action] = []
    real_apply = session.apply

    def checked(action: Action):  # type: ignore[no-untyped-def]
        assert action in session.legal(), f"the window sent an illegal action: {action}"
        sent.append(action)
        return real_apply(action)

    session.apply = checked  # type: ignore[method-assign]
    app.apply(push(BoardScene(app, session)))
    app.step([])
    game = session.game
    # the board shows the start fleets: every home holds its player's stacks
    homes = {p: t for t, p in game.map.owners.items()}
    views = systems(game)
    for player, home in homes.items():
        assert {s.player for s in views[home].stacks} == {player}
    # hovering a system lists what it holds in the panel
    scene = app.scene
    assert isinstance(scene, BoardScene) and scene.fleet_panel is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(scene, homes[0]),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert scene.fleet_panel.hovered == homes[0]

    stuck = 0
    for _ in range(6000):
        scene = app.scene
        if not isinstance(scene, BoardScene):
            break
        if game.actor != 0 or game.phase is Phase.OVER:
            app.step([])
            continue
        before = len(game.history)
        act(app, scene)
        stuck = stuck + 1 if len(game.history) == before else 0
        assert stuck < 20, f"the plan is stuck: {[str(a) for a in scene.controls.legal][:8]}"
    over = app.scene
    assert isinstance(over, GameOverScene), f"still {type(over).__name__} at turn {game.turn}"
    assert game.phase is Phase.OVER and game.winners
    # the summary counts planets and command tokens, not cards
    from game.rules.rulesets.fleet.rules import planets_of

    assert [row["cards"] for row in over.rows] == [len(planets_of(game, p)) for p in range(3)]
    kinds = {a.kind for a in sent if a.player == 0}
    assert {"pick_strategy", "activate_system", "declare_move", "load", "confirm_moves",
            "land", "end_landing", "produce", "gain_token", "pass_round"} <= kinds, kinds
