"""A whole skirmish through the window, driven only by real mouse and key events, as a new
player would play it: click a ready unit (lit) to activate it, a red enemy to attack it,
its ability's button then a lit target when it has one, else the blue hex nearest to an
enemy it sees or a control point it does not hold (resting the mouse on it first, which
shows the way and its cost), and Enter to end the activation; the easy computer plays the
other seat. The game must end with a winner, every action sent must have been legal, each
kind of skirmish action must have been taken through the screen, and at no moment may the
board have drawn a unit the person's side does not see."""

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
from test_full_duel import centre, click, key, lit  # noqa: E402
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


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The window, its settings and saves in a temporary folder (as the whole-duel test's)."""
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

MAP = "2P-skirmish-highlands"
SEED = 3


def hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step()


def goals(scene: BoardScene) -> list[Any]:
    """What the person heads for: enemies it sees, control points it does not hold."""
    game = scene.game
    found = [game.view(e).tile for e in game.visible_permanents(0)
             if game.view(e).controller == 1 and game.view(e).tile is not None]
    for region in game.map.regions:
        found.extend(sorted(region.tiles))
    return found


HIDDEN: list[int] = []  # frames drawn while some enemy unit was out of sight


def check_fog(scene: BoardScene) -> None:
    game = scene.game
    seen = set(game.visible_permanents(0))
    assert set(scene.view.drawn) <= seen, "the board drew a unit its side does not see"
    if any(game.view(u).controller == 1 and u not in seen for u in game.units()):
        HIDDEN.append(len(game.history))


def play_a_turn(app: App, scene: BoardScene, done: set[str]) -> None:
    game = scene.game
    units = lit(scene, "select")
    if not units:
        return
    click(app, centre(scene, units[len(game.history) % len(units)]))
    if scene.picker is not None:  # a transport's hex: the transport or a unit inside
        click(app, scene.picker.rows()[len(game.history) % 2].center)
    check_fog(scene)
    for _ in range(3):
        if game.actor != 0 or not game.activated:
            return
        targets = lit(scene, "attack")
        ability = next((b for b in scene.prompt_buttons.buttons
                        if b.label.startswith("Ability")), None)
        if targets:
            click(app, centre(scene, targets[0]))
        elif ability is not None and "ability" not in done:
            click(app, ability.rect.center)
            if scene.controls.build is not None:
                options = lit(scene, scene.controls.build.kind)
                if options:
                    click(app, centre(scene, options[0]))
                else:
                    key(app, pygame.K_ESCAPE)
            done.add("ability")
        else:
            moves = lit(scene, "move")
            wanted = goals(scene)
            if not moves or not wanted:
                break
            best = min(moves, key=lambda t: min(game.geometry.distance(t, g) for g in wanted))
            hover(app, centre(scene, best))
            if scene.view.route is not None:
                assert "movement point" in scene.route_text
                done.add("route")
            click(app, centre(scene, best))
            if scene.picker is not None:
                click(app, scene.picker.rows()[0].center)
        check_fog(scene)
    if game.actor == 0 and game.activated:
        end_turn(app)


def test_a_whole_skirmish_in_the_window_with_mouse_and_keys(app: App) -> None:
    content = load_content(include_user=False)
    spec = find_map(MAP, library=content.library)
    setup = GameSetup(spec, content.library, 2, SEED)
    session = Session.new(setup, [Seat(True), Seat(False, "easy")], autosave=False)
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
    done: set[str] = set()
    for _ in range(4000):
        scene = app.scene
        if not isinstance(scene, BoardScene):
            break
        check_fog(scene)
        if game.actor != 0 or game.phase is Phase.OVER:
            app.step([])
            continue
        play_a_turn(app, scene, done)
    over = app.scene
    assert isinstance(over, GameOverScene), f"still {type(over).__name__} at turn {game.turn}"
    assert game.phase is Phase.OVER and game.winners
    # the end table counts what the skirmish has: control points and units, no cards
    assert [title for title, _ in over.columns] == ["Points", "Units left"]
    assert [row["points"] for row in over.rows] == [
        next(m.value for m in game.meters(p) if m.key == "points") for p in range(2)]
    kinds = {a.kind for a in sent if a.player == 0}
    assert {"activate", "move", "attack", "full_action", "end_turn"} <= kinds, kinds
    assert "route" in done
    assert HIDDEN, "the enemy was never out of sight: the fog was not put to the test"
