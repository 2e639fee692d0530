"""A whole duel through the window, driven only by real mouse and key events, as a new player
would play it: the mulligan (one card put back), a replace, cards played onto the gold tiles
the screen lights, the bloodbound spell from its button, units commanded by clicking them
and then a red target (attacking) or the blue tile nearest the enemy general (moving), and
End turn with Enter; the easy computer plays the other seat. The game must end with a
winner, every action sent must have been legal, and each kind of duel action must have been
taken through the screen at least once."""

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
from window_driver import click, end_turn, key, record_legal, snap  # noqa: E402

from game.client import settings as client_settings  # noqa: E402
from game.client import ui  # noqa: E402
from game.client.app import App  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.scenes.game_over import GameOverScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.decks import with_decks  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402

MAP = "2P-duel-standard"
SEED = 7


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
    ui.forget_fonts()  # they died with pygame.quit(): the next test starts with none


def lit(scene: BoardScene, kind: str) -> list[Any]:
    """The tiles the screen lights in ``kind`` (play, target, attack, move, select)."""
    return sorted(t for t, k in scene.view.highlights.items() if k == kind)


def centre(scene: BoardScene, tile: Any) -> tuple[int, int]:
    x, y = scene.view.tile_center(tile)
    return round(x), round(y)


def prompt_button(scene: BoardScene, start: str) -> pygame.Rect | None:
    for button in scene.prompt_buttons.buttons:
        if button.label.startswith(start):
            return button.rect
    return None


def finish_choice(app: App, scene: BoardScene) -> None:
    """A card or spell waiting for its targets: click the first lit one, as often as it
    asks (or the first button choice when the choice is not on the board)."""
    for _ in range(4):
        if scene.controls.build is None:
            return
        tiles = lit(scene, scene.controls.build.kind)
        if tiles:
            click(app, centre(scene, tiles[0]))
            continue
        options = [b for b in scene.prompt_buttons.buttons if b.label not in ("Cancel",
                                                                              "Start again")]
        if not options:
            key(app, pygame.K_ESCAPE)
            return
        click(app, options[0].rect.center)


def play_a_turn(app: App, scene: BoardScene, done: set[str]) -> None:
    """One turn of the person's simple, forward plan."""
    game = scene.game
    if "replace" not in done and scene.controls.can_replace():
        click(app, scene.button_named("replace").rect.center)  # type: ignore[union-attr]
        click(app, scene.hand.slots[-1][0].center)
        done.add("replace")
    bloodbound = scene.button_named("bloodbound")
    if bloodbound is not None and bloodbound.enabled:
        click(app, bloodbound.rect.center)
        finish_choice(app, scene)
    for _ in range(8):  # cards: the first glowing one, onto the first lit tile
        playable = [rect for rect, card in scene.hand.slots if scene.controls.playable(card)]
        if not playable or game.active != 0:
            break
        click(app, playable[0].center)
        finish_choice(app, scene)
    enemy_general = next((e for e in game.permanents() if game.view(e).controller == 1
                          and "general" in game.view(e).card.tags), 0)
    for _ in range(12):  # units: attack if a red tile lights, else step towards the enemy
        if game.active != 0 or game.phase is Phase.OVER:
            return
        units = lit(scene, "select")
        if not units:
            break
        click(app, centre(scene, units[0]))
        targets = lit(scene, "attack")
        moves = lit(scene, "move")
        goal = game.tile_of(enemy_general) if enemy_general else None
        if targets:
            click(app, centre(scene, targets[0]))
        elif moves and goal is not None:
            best = min(moves, key=lambda t: game.geometry.distance(t, goal))
            click(app, centre(scene, best))
            if lit(scene, "attack"):
                click(app, centre(scene, lit(scene, "attack")[0]))
        else:
            key(app, pygame.K_ESCAPE)
            break
    if game.active == 0 and game.phase is not Phase.OVER:
        end_turn(app)


def test_a_whole_duel_in_the_window_with_mouse_and_keys(app: App) -> None:
    content = load_content(include_user=False)
    spec = find_map(MAP, library=content.library)
    setup = with_decks(GameSetup(spec, content.library, 2, SEED))
    session = Session.new(setup, [Seat(True), Seat(False, "easy")], autosave=False)
    sent = record_legal(session)
    from game.client.app import push

    app.apply(push(BoardScene(app, session)))
    app.step([])
    game = session.game
    scene = app.scene
    assert isinstance(scene, BoardScene)

    # the mulligan: put the first card back, then confirm with the prompt's button
    assert game.phase is Phase.MULLIGAN and scene.controls.mulligan == []
    first = scene.hand.slots[0][1]
    click(app, scene.hand.slots[0][0].center)
    assert scene.controls.mulligan == [first]
    confirm = prompt_button(scene, "Put back 1")
    assert confirm is not None
    click(app, confirm.center)
    assert game.phase is not Phase.MULLIGAN or game.actor == 1

    done: set[str] = set()
    for _ in range(3000):
        scene = app.scene
        if not isinstance(scene, BoardScene):
            break
        if game.actor != 0 or game.phase is Phase.OVER:
            app.step([])
            continue
        play_a_turn(app, scene, done)
    over = app.scene
    assert isinstance(over, GameOverScene), f"still {type(over).__name__} at turn {game.turn}"
    assert game.phase is Phase.OVER and game.winners
    # the end table counts what the duel has: the generals' health, units and cards
    assert [title for title, _ in over.columns] == ["General ♥", "Units left", "Cards"]
    healths = [next((m.value for m in game.meters(p) if m.key == "general"), 0)
               for p in range(2)]
    assert [row["general"] for row in over.rows] == healths and 0 in healths  # one fell
    snap(app, "duel-over")
    kinds = {a.kind for a in sent if a.player == 0}
    assert {"mulligan", "replace", "play", "move", "attack", "bloodbound",
            "end_turn"} <= kinds, kinds
