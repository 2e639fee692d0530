"""The skirmish in the window shows a side only what it sees (the issue's "vision"): a
unit hidden from the person is not drawn, can't be zoomed by resting the mouse on its
hex, darkens nothing but its hex's fog, and what it does reaches neither the log nor the
board's animations; the unit panel shows movement points and statuses, the army roster
stands in for the hand, and a hovered move shows its way and cost."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_full_duel import centre, click  # noqa: E402
from window_driver import end_turn  # noqa: E402

from game.client import settings as client_settings  # noqa: E402
from game.client import ui  # noqa: E402
from game.client.app import App, push  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.rules.core.actions import Activate, Move  # noqa: E402
from tests.rules.skirmish.kit import at, board, card_library, seed_for, unit_at  # noqa: E402


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

ROWS = [".F.....", ".F.....", "......."]
UNITS = [("Archer", (0, 0), 0), ("Soldier", (0, 2), 0), ("Brute", (2, 0), 1),
         ("Scout", (6, 2), 1)]


def open_board(app: App) -> tuple[BoardScene, Session]:
    from game.rules import GameSetup

    spec = board(ROWS, UNITS)
    setup = GameSetup(spec, card_library(), 2, seed_for(0))
    session = Session.new(setup, [Seat(True), Seat(False, "easy")], autosave=False)
    scene = BoardScene(app, session)
    app.apply(push(scene))
    app.step([])
    return scene, session


def test_skirmish_vision_a_hidden_unit_is_absent_from_what_the_window_shows(
        app: App) -> None:
    scene, session = open_board(app)
    game = session.game
    brute = unit_at(game, 2, 0)
    assert brute not in game.visible_permanents(0)
    assert brute not in scene.view.drawn and unit_at(game, 0, 0) in scene.view.drawn
    seen = game.visible_tiles(0)
    assert seen is not None and at(game, 2, 0) not in seen
    # resting the mouse on its hex zooms nothing
    pos = centre(scene, at(game, 2, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step()
    assert scene.hovered == 0
    # its moves reach neither the log nor the animations
    session.apply(Activate(0, unit_at(game, 0, 2)))
    from game.rules.core.actions import EndTurn

    session.apply(EndTurn(0))
    session.take_recent()
    before = len(session.log)
    session.apply(Activate(1, brute))
    session.apply(Move(1, brute, at(game, 3, 0)))
    news = session.take_recent()
    assert brute not in game.visible_permanents(0)
    assert not any(brute in (getattr(e, "permanent", 0), getattr(e, "target", 0),
                             getattr(e, "source", 0), getattr(e, "subject", 0))
                   for e in news)
    assert not any("Brute" in line for line in session.log[before:])


def test_skirmish_unit_panel_shows_points_statuses_and_the_hovered_way(app: App) -> None:
    scene, session = open_board(app)
    game = session.game
    soldier = unit_at(game, 0, 2)
    game.add_marks(soldier, "skirmish:burn", 2)
    click(app, centre(scene, at(game, 0, 2)))
    assert game.activated == soldier
    goal = at(game, 3, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(scene, goal),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert scene.view.route is not None and scene.view.route[0][-1] == goal
    assert scene.route_text == "Move to (3, 2): 3 movement points, 0 left"
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)  # the panel and the roster draw without a hand
    from game.client.scenes.board import status_words

    assert status_words("skirmish:burn", 2) == "burn 2"


def test_skirmish_hot_seat_hands_over_behind_the_curtain_to_the_next_sides_sight(
        app: App) -> None:
    """Between two people at one screen the curtain comes down after each turn; behind
    it the board is the next player's, who sees what its own side sees."""
    from game.client.scenes.curtain import CurtainScene
    from game.rules import GameSetup

    spec = board(ROWS, UNITS)
    session = Session.new(GameSetup(spec, card_library(), 2, seed_for(0)),
                          [Seat(True), Seat(True)], autosave=False)
    scene = BoardScene(app, session)
    app.apply(push(scene))
    app.step([])
    game = session.game
    click(app, centre(scene, at(game, 0, 2)))  # activate the soldier
    end_turn(app)  # the soldier has not acted: the screen asks, Enter goes ahead
    app.step([])
    assert isinstance(app.scene, CurtainScene) and session.viewer is None
    click(app, (640, 360))
    assert app.scene is scene and session.viewer == 1
    app.step([])
    assert scene.view.viewer == 1
    assert set(scene.view.drawn) <= set(game.visible_permanents(1))
    assert unit_at(game, 0, 0) not in scene.view.drawn  # player 1's archer, out of sight


def test_skirmish_a_sensed_enemy_is_drawn_as_an_unknown_enemy(app: App) -> None:
    from game.rules import GameSetup
    from tests.rules.skirmish.kit import unit

    hound = unit("Hound", keywords={"skirmish:sense": 3})
    spec = board(ROWS, [("Hound", (0, 0), 0), ("Brute", (2, 0), 1), ("Scout", (6, 2), 1)])
    session = Session.new(GameSetup(spec, card_library(hound), 2, seed_for(0)),
                          [Seat(True), Seat(False, "easy")], autosave=False)
    scene = BoardScene(app, session)
    app.apply(push(scene))
    app.step([])
    game = session.game
    brute = unit_at(game, 2, 0)
    assert brute not in scene.view.drawn
    assert scene.view.unknown_drawn == [at(game, 2, 0)]


def test_skirmish_the_activated_units_line_of_sight_to_the_hovered_hex(app: App) -> None:
    scene, session = open_board(app)
    game = session.game
    archer = unit_at(game, 0, 0)
    click(app, centre(scene, at(game, 0, 0)))
    assert game.activated == archer
    game.edit(archer, moves=1)  # moves next door only: the hexes further show the line
    scene.refresh()
    for tile, clear in ((at(game, 0, 2), True), (at(game, 2, 0), False)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(scene, tile),
                                             rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        assert scene.view.sight == (at(game, 0, 0), tile, clear)
        assert scene.sight_text.endswith("clear" if clear else "blocked")


def test_skirmish_an_enemy_transport_does_not_count_its_passengers_to_the_viewer(
        app: App) -> None:
    from game.rules import GameSetup
    from tests.rules.skirmish.kit import unit

    wagon = unit("Wagon", keywords={"skirmish:transport": 3, "skirmish:enterable": True,
                                    "skirmish:size": 3})
    spec = board(ROWS, [("Archer", (0, 2), 0), ("Wagon", (3, 2), 1), ("Scout", (4, 2), 1)])
    session = Session.new(GameSetup(spec, card_library(wagon), 2, seed_for(0)),
                          [Seat(True), Seat(False, "easy")], autosave=False)
    game = session.game
    ride, scout = unit_at(game, 3, 2), unit_at(game, 4, 2)
    game.pile_onto(scout, ride)  # scenario: a scout already inside
    scene = BoardScene(app, session)
    app.apply(push(scene))
    app.step([])
    assert ride in scene.view.drawn and scout not in game.visible_permanents(0)
    assert scene.view.look(ride).crew == 0
    scene.view.viewer = 1
    scene.view.draw(pygame.Surface((1280, 720)), scene.board_rect)
    assert scene.view.look(ride).crew == 1
