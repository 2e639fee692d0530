"""Hot-seat leaks nothing and no game is ever lost.

- Between two people at one screen, whether the window stops for a person (and so
  whether a curtain comes up) depends only on what everyone can see: the same game with
  player 2's playable spell in the hand or in the deck shows the same screens in the
  same order; a curtain comes up only when the screen passes to another person.
- Every game autosaves into its own file, the seats inside, from its first moment: a new
  game never writes a file of the game before it, and closing the window during the
  draft keeps the draft.
- A saves folder that cannot be written is said in the window; the game goes on, and
  leaving or closing asks first.
- Temporary files of saves cut short are removed.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import click, key  # noqa: E402

from game.client import settings as client_settings  # noqa: E402
from game.client import ui  # noqa: E402
from game.client.app import App, push  # noqa: E402
from game.client.scenes import game_scene  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.scenes.curtain import CurtainScene  # noqa: E402
from game.client.scenes.draft import DraftScene  # noqa: E402
from game.client.scenes.load_game import LoadGameScene, list_saves, save_session  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.new_game import start_game  # noqa: E402
from game.client.session import Seat, Session, seats_of  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.core.actions import DiscardForResource, DraftPick, Pass, PlayCard  # noqa: E402
from game.rules.core.replay import read_save, write_atomically  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402
from game.rules.core.view import Zone  # noqa: E402

CONTENT = load_content(user_dir=None)
MAP = "2P-stick-meadow"
STORES = (("Archer", "Paladin"), ("Archer", "Paladin"))


@pytest.fixture(autouse=True)
def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Saves and settings go to a temporary folder, never the player's own; fonts cached
    before another test's ``pygame.quit()`` are dead, so each test starts with none."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    ui.forget_fonts()
    yield


def make_app() -> App:
    return App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0,
                        ask_idle_units=False, ask_skipped_buy=False),
               size=(1280, 720))


def setup(players: int = 2, *, draft: bool = False, seed: int = 5) -> GameSetup:
    spec = find_map(MAP, library=CONTENT.library)
    return GameSetup(spec, CONTENT.library, players, seed, ("base",), "1x[2;8]",
                     stores=None if draft else STORES[:players])


# ---------------------------------------------------------------------------- hot-seat


def hot_seat_game(fireball: str | None) -> tuple[App, Session]:
    """Two people at one screen, player 2 with 5 resource, one card in the hand and a
    Fireball (playable: the stick lies on the map) that is that card (``hand``), lies in
    the deck (``deck``) or is nowhere (None)."""
    session = Session.new(setup(), [Seat(), Seat()], autosave=False)
    game = session.game
    game.players[1].resource = 5
    state = game.players[1]
    if fireball is not None:
        card = game.add_card("Fireball", 1, Zone.DECK)
        other, *deck = [c for c in state.deck if c != card]
        if fireball == "hand":
            game.arrange_hidden(1, [card], [*deck, other])
        else:
            game.arrange_hidden(1, [other], [*deck, card])
    else:
        game.arrange_hidden(1, state.deck[:1], state.deck[1:])
    assert len(state.hand) == 1
    app = make_app()
    app.start(BoardScene(app, session))
    app.step([])
    return app, session


def play_through_player_1s_turn(app: App, session: Session) -> list[tuple[Any, ...]]:
    """Every person passes whenever asked, until player 2's turn: what the screen showed,
    in order (each curtain with its picture, each time a person was asked), and what
    player 2 could really do each time they were asked."""
    game = session.game
    shown: list[tuple[Any, ...]] = []
    viewer = session.viewer
    for _ in range(400):
        if game.active == 1 and not game.stack:
            break
        scene = app.scene
        if isinstance(scene, CurtainScene):
            scene.draw(app.screen)
            picture = pygame.image.tobytes(app.screen, "RGB")
            assert scene.player != viewer, "a curtain for the person already at the screen"
            shown.append(("curtain", scene.player, scene.title, hash(picture)))
            click(app, (640, 360))
            viewer = session.viewer
            assert viewer == scene.player
        elif (isinstance(scene, BoardScene) and game.actor is not None
              and game.actor == session.viewer and not scene.floaters):
            shown.append(("asked", game.actor, game.phase.name, len(game.history)))
            key(app, pygame.K_RETURN if game.phase is Phase.DISCARD else pygame.K_SPACE)
        else:
            app.step([])
    assert game.active == 1, "player 1's turn did not end"
    return shown


def asked_player_2(shown: list[tuple[Any, ...]]) -> int:
    return sum(1 for entry in shown if entry[0] == "asked" and entry[1] == 1)


def test_hot_seat_screens_do_not_depend_on_a_playable_spell_in_the_hand() -> None:
    held_app, held = hot_seat_game("hand")
    drawn_app, drawn = hot_seat_game("deck")
    seen_held = play_through_player_1s_turn(held_app, held)
    seen_drawn = play_through_player_1s_turn(drawn_app, drawn)
    assert seen_held == seen_drawn
    assert asked_player_2(seen_drawn) >= 2  # the windows were offered to player 2 ...
    curtains = [entry for entry in seen_drawn if entry[0] == "curtain"]
    assert {entry[1] for entry in curtains} == {0, 1}  # ... behind curtains, both ways
    assert all(entry[2] == "Player 2: answer or pass" for entry in curtains
               if entry[1] == 1)


def test_a_window_offered_in_hot_seat_may_hold_only_a_pass() -> None:
    """The sequence above is the rule, not a leak: with the Fireball in the deck,
    player 2 is offered windows in which a pass is all they can do."""
    app, session = hot_seat_game("deck")
    game = session.game
    only_passes = []
    for _ in range(200):
        scene = app.scene
        if isinstance(scene, CurtainScene):
            click(app, (640, 360))
        elif isinstance(scene, BoardScene) and game.actor == session.viewer == 1:
            legal = game.legal_actions(1)
            only_passes.append(Pass(1) in legal and all(
                isinstance(a, (Pass, DiscardForResource))
                or (isinstance(a, PlayCard) and game.card(a.card).name == "Coin")
                for a in legal))
            key(app, pygame.K_SPACE)
        elif isinstance(scene, BoardScene) and game.actor == session.viewer == 0:
            key(app, pygame.K_RETURN if game.phase is Phase.DISCARD else pygame.K_SPACE)
        else:
            app.step([])
        if game.active == 1:
            break
    assert only_passes and all(only_passes)
    held_app, held = hot_seat_game("hand")
    key(held_app, pygame.K_SPACE)  # player 1 passes the upkeep: player 2 is asked
    for _ in range(20):
        if isinstance(held_app.scene, CurtainScene):
            click(held_app, (640, 360))
            break
        held_app.step([])
    assert held.game.actor == held.viewer == 1
    assert any(isinstance(a, PlayCard) and held.game.card(a.card).name == "Fireball"
               for a in held.game.legal_actions(1))


def test_without_any_spell_to_answer_with_the_window_passes_for_player_2() -> None:
    app, session = hot_seat_game(None)
    shown = play_through_player_1s_turn(app, session)
    assert asked_player_2(shown) == 0
    assert not [entry for entry in shown if entry[0] == "curtain"]


def test_loading_a_hot_seat_game_hands_the_screen_over_behind_the_curtain() -> None:
    session = Session.new(setup(), [Seat(), Seat()], autosave=False)
    resumed = Session.resume(session.game, [Seat(), Seat()])
    assert resumed.viewer is None
    app = make_app()
    app.start(BoardScene(app, resumed))
    app.step([])
    assert isinstance(app.scene, CurtainScene) and app.scene.player == 0


# ---------------------------------------------------------------------------- autosaves


def previous_game() -> dict[Path, bytes]:
    """The files an earlier game left in the saves folder: its autosave (seats inside)
    and a save of an older build with its seats file beside it."""
    earlier = Session.new(setup(), [Seat(), Seat(False, "easy")])
    for _ in range(30):
        if earlier.game.turn > 1:
            break
        if earlier.actor == 0:
            earlier.apply(earlier.legal()[0])
        else:
            earlier.step_computer()
    folder = client_settings.saves_dir()
    write_atomically(folder / "autosave.json", (earlier.autosave or Path()).read_text())
    write_atomically(folder / "autosave.seats.json",
                     '{"seats": [{"human": true}, {"human": false, "computer": "easy"}]}')
    earlier.game.close()
    return {path: path.read_bytes() for path in folder.iterdir()}


def test_closing_the_window_during_the_draft_keeps_the_draft_and_the_earlier_game(
        ) -> None:
    before = previous_game()
    app = make_app()
    app.start(MenuScene(app, CONTENT))
    seats = [Seat(), Seat()]
    session = start_game(app, setup(draft=True), seats)
    app.apply(push(game_scene(app, session)))
    scene = app.scene
    assert isinstance(scene, DraftScene)
    assert session.autosave is not None and session.autosave not in before
    app.step([])
    rect, card = scene.pack.slots[0]
    click(app, rect.center)  # player 1 picks; the curtain comes for player 2
    assert isinstance(app.scene, CurtainScene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step() is False and not app.running
    # the earlier game's files are as they were
    assert {path: path.read_bytes() for path in before} == before
    # the new game is saved, in its draft, with its seats
    data = read_save(session.autosave)
    assert data["actions"] == [DraftPick(0, card).to_json()]
    assert seats_of(data, 2) == seats
    assert not list(client_settings.saves_dir().glob("autosave-*.seats.json"))
    # and Load game offers it first and resumes it in the draft, behind the curtain
    entries = list_saves()
    assert entries[0].path == session.autosave and "draft, 1 picks made" in entries[0].detail
    loader = make_app()
    screen = LoadGameScene(loader, CONTENT)
    loader.start(screen)
    transition = screen.open_save(entries[0])
    assert transition is not None and isinstance(transition.scene, DraftScene)
    resumed = transition.scene.session
    assert resumed.seats == seats and resumed.autosave == session.autosave
    assert len(resumed.game.history) == 1


def test_a_loaded_save_of_the_player_is_not_overwritten_by_the_autosave(
        tmp_path: Path) -> None:
    session = Session.new(setup(), [Seat(), Seat(False, "easy")], autosave=False)
    path = client_settings.saves_dir() / "evening.json"
    save_session(session, path)
    assert seats_of(read_save(path), 2) == [Seat(), Seat(False, "easy")]
    assert sorted(p.name for p in path.parent.iterdir()) == ["evening.json"]
    resumed = Session.resume(session.game, [Seat(), Seat(False, "easy")], path)
    assert resumed.autosave is not None and resumed.autosave != path
    assert resumed.autosave.name.startswith("autosave-")


# ---------------------------------------------------------------------------- failures


def block_saves_folder() -> Path:
    """The saves folder made unwritable: a file stands where the folder should be (the
    tests may run as root, whom permissions do not stop)."""
    folder = client_settings.saves_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder")
    return folder


def test_an_unwritable_saves_folder_is_said_in_the_window_and_the_game_goes_on() -> None:
    folder = block_saves_folder()
    session = Session.new(setup(), [Seat(), Seat(False, "easy")])
    assert session.save_problem.startswith(f"{session.autosave}: file: expected a saves "
                                           "folder the game can write to, found ")
    app = make_app()
    app.start(MenuScene(app, CONTENT))
    app.apply(push(BoardScene(app, session)))
    board = app.scene
    assert isinstance(board, BoardScene)
    game = session.game
    for _ in range(300):  # a whole turn and more: every autosave fails, nothing crashes
        if game.turn >= 3:
            break
        if game.actor == 0 and isinstance(app.scene, BoardScene):
            key(app, pygame.K_RETURN if game.active == 0 else pygame.K_SPACE)
        else:
            app.step([])
    assert game.turn >= 3
    assert session.save_problem
    assert sum(line.startswith("Autosave failed: ") for line in session.log) == 1
    board.draw(app.screen)  # the red line over the board
    # leaving asks first, and goes only when told to
    board.ask_menu()
    key(app, pygame.K_RETURN)
    assert app.scene is board and board.dialog is not None
    assert board.dialog.title == "The game could not be saved"
    key(app, pygame.K_ESCAPE)  # stay
    assert board.dialog is None
    # closing the window asks too; a second close goes
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step() is True and board.dialog is not None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step() is False
    # once the folder can be written again, the next autosave works and says so
    folder.unlink()
    assert session.autosave_now() == "" and session.save_problem == ""
    assert read_save(session.autosave or Path())["actions"]


def test_leaving_after_the_folder_is_freed_needs_no_question() -> None:
    folder = block_saves_folder()
    session = Session.new(setup(), [Seat(), Seat(False, "easy")])
    app = make_app()
    app.start(MenuScene(app, CONTENT))
    app.apply(push(BoardScene(app, session)))
    board = app.scene
    assert isinstance(board, BoardScene)
    folder.unlink()
    board.ask_menu()
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)
    assert read_save(session.autosave or Path())["seats"]


# ---------------------------------------------------------------------------- leftovers


def test_temporary_files_of_saves_cut_short_are_removed() -> None:
    folder = client_settings.saves_dir()
    folder.mkdir(parents=True)
    leftovers = [folder / ".autosave-x.json.k2j4h1.tmp", folder / ".evening.json.a8b7.tmp"]
    for leftover in leftovers:
        leftover.write_text('{"half": ')
    keep = folder / ".notes.txt"
    keep.write_text("not ours")
    write_atomically(folder / "evening.json", "{}\n")  # its own leftover goes at once
    assert not leftovers[1].exists() and leftovers[0].exists()
    list_saves()  # the Load game list sweeps the folder
    assert not leftovers[0].exists() and keep.exists()
    assert sorted(p.name for p in folder.iterdir()) == [".notes.txt", "evening.json"]
