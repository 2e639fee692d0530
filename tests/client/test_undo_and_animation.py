"""Issue 14: taking one's own actions back (Undo, Ctrl+Z or U) until something hidden is
shown, chance takes part or another player acts; and the board's move, attack and death
animations, driven by the settings' Animation value.

The window is driven by real posted events (``window_driver``); time reaches it only
through the clock the test hands to ``App(now=...)``: no test sleeps, and a frame
mid-animation is asked for by moving that clock. Set ``SNAPSHOT_DIR`` to save frames."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import (  # noqa: E402
    SNAPSHOTS,
    centre,
    click,
    key,
    record_legal,
    run_until,
    snap,
    to_action_phase,
)

from game.client import pacing  # noqa: E402
from game.client.animation import Animator  # noqa: E402
from game.client.app import App  # noqa: E402
from game.client.board_view import BoardView  # noqa: E402
from game.client.scenes.board import BoardScene, Floater  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.decks import with_decks  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import Game, GameSetup  # noqa: E402
from game.rules.core.actions import EndTurn, Move, Pass, PlayCard  # noqa: E402
from game.rules.core.replay import read_save, replay  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402
from game.rules.core.undo import checkpoint, revealed  # noqa: E402

#: saves and settings in a temporary folder, pygame shut down after (conftest.py)
pytestmark = pytest.mark.usefixtures("own_folders")

CONTENT = load_content(user_dir=None)
MAP = "2P-stick-meadow"
STORES = (("Archer", "Paladin", "Fireball", "Healing Potion"),) * 2


class Clock:
    """The window's clock, moved by the test alone."""

    def __init__(self) -> None:
        self.time = 0.0

    def __call__(self) -> float:
        return self.time


def start(speed: float = 0.0, autosave: bool = False, seats: list[Seat] | None = None,
          add: tuple[tuple[str, tuple[int, int], int], ...] = (),
          ) -> tuple[App, Session, Clock]:
    """A Muhq game against the easy computer on the board screen, with the window's
    clock in the test's hand (``add``: pieces put on the map first, for window tests
    that need no replay)."""
    clock = Clock()
    app = App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=speed),
              size=(1280, 720), now=clock)
    spec = find_map(MAP, library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 2, 5, ("base",), "1x[2;8]", stores=STORES)
    session = Session.new(setup, seats or [Seat(), Seat(False)], autosave=autosave)
    record_legal(session)
    for name, tile, player in add:
        session.game.add_permanent(name, tile, player)
    app.start(BoardScene(app, session))
    app.step([])
    return app, session, clock


def board(app: App) -> BoardScene:
    scene = app.scene
    assert isinstance(scene, BoardScene)
    return scene


def move_recruit(app: App, session: Session) -> tuple[int, Any, Any]:
    """Activate player 1's Recruit and move it to its farthest blue tile; returns the
    unit, where it stood and where it went (after the move resolved)."""
    game = session.game
    scene = board(app)
    unit = next(e for e in game.controlled_permanents(0) if game.card(e).name == "Recruit")
    here = game.tile_of(unit)
    click(app, centre(scene, here))
    moves = sorted(t for t, k in scene.view.highlights.items() if k == "move")
    click(app, centre(scene, moves[-1]))
    run_until(app, lambda: game.actor == 0 and not game.stack)
    assert game.tile_of(unit) == moves[-1]
    return unit, here, moves[-1]


# ------------------------------------------------------------------ undo


def test_undo_by_key_restores_the_state_hash_and_the_log_says_so() -> None:
    app, session, _ = start(add=(("Recruit", (0, 0), 0),))
    game = session.game
    to_action_phase(app, session)
    scene = board(app)
    undo = scene.buttons.find("undo")
    assert not undo.enabled, "nothing done yet"
    click(app, undo.rect.center, press=False)
    assert scene.button_hint().startswith("Nothing to undo: you have not acted yet")
    before_all = game.state_hash()
    unit = next(iter(game.controlled_permanents(0)))
    click(app, centre(scene, (0, 0)))  # activate...
    before = game.state_hash()
    actions = len(game.history)
    moves = sorted(t for t, k in scene.view.highlights.items() if k == "move")
    click(app, centre(scene, moves[-1]))  # ...and move
    run_until(app, lambda: game.actor == 0 and not game.stack)
    assert game.tile_of(unit) == moves[-1] and game.state_hash() != before
    assert undo.enabled
    click(app, undo.rect.center, press=False)
    assert scene.button_hint() == \
        f"Undo: take back “P1 Recruit moves to {moves[-1]}” (Ctrl+Z or U)".replace(
            str(moves[-1]), f"({moves[-1][0]}, {moves[-1][1]})")
    snap(app, "undo_button_ready")
    key(app, pygame.K_u)
    assert game.state_hash() == before, "the position before the move, hash for hash"
    assert len(game.history) == actions and game.tile_of(unit) == (0, 0)
    assert session.log[-1] == f"Undone: P1 Recruit moves to ({moves[-1][0]}, {moves[-1][1]})"
    snap(app, "undo_done_log")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
                                         mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    app.step()  # Ctrl+Z takes back the activation too
    assert game.state_hash() == before_all
    assert session.log[-1] == "Undone: P1 activate Recruit"
    assert not scene.buttons.find("undo").enabled


def test_undo_is_refused_once_another_player_acted_and_the_hover_says_why() -> None:
    app, session, _ = start(add=(("Recruit", (0, 0), 0),))
    game = session.game
    to_action_phase(app, session)
    move_recruit(app, session)
    assert session.can_undo(0)
    scene = board(app)
    scene.send(EndTurn(0)) if EndTurn(0) in session.legal() else scene.end_turn()
    run_until(app, lambda: game.actor == 0 and game.active == 0 and game.turn > 2, 2000)
    assert not session.can_undo(0)
    undo = scene.buttons.find("undo")
    click(app, undo.rect.center, press=False)
    assert not undo.enabled
    hint = scene.button_hint()
    assert hint.startswith("Nothing to undo: ") and hint.endswith(" since your last action")
    assert any(why in hint for why in ("player 2", "drawn", "chance")), hint
    snap(app, "undo_button_greyed")
    lines = len(session.log)
    key(app, pygame.K_u)
    assert len(session.log) == lines and scene.toast == hint, "refused, and said why"


def to_my_action_phase(session: Session) -> None:
    """Without a window: draft the first card, pay upkeep, pass, until player 1 may act in
    their action phase with an empty stack."""
    game = session.game
    for _ in range(400):
        if game.phase is Phase.ACTION and game.actor == 0 == game.active and not game.stack:
            return
        actor = game.actor
        assert actor is not None
        legal = session.legal()
        chosen = next((a for a in legal if type(a).__name__ in ("PayUpkeep", "Pass")),
                      legal[0])
        session.apply(chosen)
    raise AssertionError("never reached player 1's action phase")


@pytest.mark.parametrize("person", [True, False])
def test_another_persons_pass_counts_as_acting_a_computers_does_not(person: bool) -> None:
    spec = find_map(MAP, library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 2, 5, ("base",), "1x[2;8]", stores=STORES)
    session = Session.new(setup, [Seat(), Seat(person)], autosave=False)
    game = session.game
    to_my_action_phase(session)
    play = next(a for a in session.legal() if isinstance(a, PlayCard))
    session.apply(play)
    session.apply(Pass(0))  # player 1 lets their card resolve...
    assert session.can_undo(0) and game.actor == 1
    if person:
        session.apply(Pass(1))  # ...and so, at the screen, does player 2
        assert not session.can_undo(0)
        assert session.undo_hint(0) == \
            "Nothing to undo: player 2 acted since your last action"
    else:
        session.step_computer()  # the computer answers: a pass, as easy players do
        assert game.history[-1] == Pass(1)
        assert session.can_undo(0), "a computer's pass shows nothing"


def test_undo_is_refused_after_chance_or_a_draw() -> None:
    spec = find_map(MAP, library=CONTENT.library)
    game = Game(GameSetup(spec, CONTENT.library, 2, 5, ("base",), "1x[2;8]", stores=STORES))
    while game.phase is Phase.DRAFT:
        actor = game.actor
        assert actor is not None
        game.apply(game.legal_actions(actor)[0])
    point = checkpoint(game, 0)
    assert revealed(game, point, []) == ""
    game.rng.random()  # an effect rolled
    assert revealed(game, point, []).startswith("chance took part")
    point = checkpoint(game, 0)
    hand = len(game.players[0].hand)
    game.events = []
    game.draw(0, 1)  # a card is drawn
    assert len(game.players[0].hand) == hand + 1
    assert revealed(game, point, list(game.events)) == "a card was drawn"


def test_the_draft_can_not_be_taken_back() -> None:
    spec = find_map(MAP, library=CONTENT.library)
    game = Game(GameSetup(spec, CONTENT.library, 2, 5, ("base",), "1x[2;8]"))
    assert game.phase is Phase.DRAFT
    point = checkpoint(game, 0)
    assert revealed(game, point, []) == "a draft pick shows the next pack"


def test_a_save_made_after_an_undo_verifies_and_holds_no_undone_action() -> None:
    app, session, _ = start(autosave=True)
    game = session.game
    to_action_phase(app, session)
    scene = board(app)
    play = next(a for a in session.legal() if isinstance(a, PlayCard))
    kept = len(game.history)
    assert scene.send(play)
    run_until(app, lambda: game.actor == 0 and not game.stack)
    assert len(game.history) > kept and session.can_undo(0)
    key(app, pygame.K_u)
    assert len(game.history) == kept
    assert session.autosave is not None
    data = read_save(session.autosave)
    assert len(data["actions"]) == kept, "the autosave after the undo has no undone action"
    again = replay(data, CONTENT.library, verify=True)
    assert again.state_hash() == game.state_hash()
    again.close()
    game.enter()
    # and the game goes on from there: a move after the undo verifies as well
    other = next(a for a in session.legal() if a != play and isinstance(a, PlayCard)) \
        if any(isinstance(a, PlayCard) and a != play for a in session.legal()) else play
    assert scene.send(other)
    run_until(app, lambda: game.actor == 0 and not game.stack)
    session.save(session.autosave)
    replay(read_save(session.autosave), CONTENT.library, verify=True).close()


def test_undo_in_a_duel_takes_back_a_general_move() -> None:
    spec = find_map("2P-duel-standard", library=CONTENT.library)
    setup = with_decks(GameSetup(spec, CONTENT.library, 2, 7))
    session = Session.new(setup, [Seat(), Seat(False)], autosave=False)
    game = session.game
    for _ in range(200):
        if game.actor == 0 and any(isinstance(a, Move) for a in session.legal()):
            break
        actor = game.actor
        assert actor is not None
        if actor == 0:
            legal = session.legal()
            session.apply(next((a for a in legal if type(a).__name__ == "Mulligan"
                                or type(a).__name__ == "Pass"), legal[0]))
        else:
            session.step_computer()
    move = next(a for a in session.legal() if isinstance(a, Move))
    before = game.state_hash()
    session.apply(move)
    assert game.state_hash() != before and session.can_undo(0)
    assert session.undo(0)
    assert game.state_hash() == before and session.log[-1].startswith("Undone: ")


# ------------------------------------------------------------------ animation


def test_with_animation_off_the_piece_is_drawn_on_its_new_tile_at_once() -> None:
    app, session, _ = start(0.0, add=(("Recruit", (0, 0), 0),))
    to_action_phase(app, session)
    unit, _, there = move_recruit(app, session)
    scene = board(app)
    app.step([])
    assert not scene.animations.busy and scene.animations.motions == []
    assert scene.view.drawn_at[unit] == scene.view.tile_center(there)


def test_with_normal_animation_the_piece_slides_then_stands_on_its_tile() -> None:
    app, session, clock = start(1.0, add=(("Recruit", (0, 0), 0),))
    to_action_phase(app, session)
    unit, here, there = move_recruit(app, session)
    scene = board(app)
    run_until(app, lambda: scene.animations.busy)
    app.step([])
    view = scene.view
    assert view.drawn_at[unit] == pytest.approx(view.tile_center(here), abs=1), \
        "no time passed: it still stands where it started"
    motion = scene.animations.moving(unit)
    assert motion is not None
    clock.time += motion.duration / 2
    app.step([])
    (ax, ay), (bx, by) = view.tile_center(here), view.tile_center(there)
    x, y = view.drawn_at[unit]
    assert min(ax, bx) <= x <= max(ax, bx) and min(ay, by) <= y <= max(ay, by)
    assert (x, y) != (ax, ay) and (x, y) != (bx, by), "half way: between its tiles"
    snap(app, "animation_move_midway")
    for _ in range(10):
        clock.time += 0.1
        app.step([])
    assert not scene.animations.busy
    assert view.drawn_at[unit] == view.tile_center(there)


def test_an_attack_lunges_and_the_fallen_piece_shrinks_away() -> None:
    app, session, clock = start(2.0, add=(("Paladin", (5, 4), 0), ("Recruit", (6, 4), 1)))
    game = session.game
    to_action_phase(app, session)
    scene = board(app)
    archer = game.board[(5, 4)]  # a Paladin: 2 damage against the Recruit's 1 health
    recruit = game.board[(6, 4)]
    click(app, centre(scene, (5, 4)))
    click(app, centre(scene, (6, 4)))
    run_until(app, lambda: not game.is_on_map(recruit) and scene.animations.busy)
    lunge = scene.animations.moving(archer)
    death = next(m for m in scene.animations.dying() if m.entity == recruit)
    assert lunge is not None and lunge.kind == "lunge" and death.delay >= lunge.duration
    clock.time += lunge.duration / 2
    app.step([])
    assert scene.view.drawn_at[archer] != scene.view.tile_center((5, 4)), "it lunges"
    assert scene.view.fading[recruit][1] == 1.0, "the victim waits for the blow"
    clock.time += lunge.duration / 2 + death.duration / 2
    app.step([])
    _, size = scene.view.fading[recruit]
    assert 0 < size < 1, "half gone"
    snap(app, "animation_death_midway")
    clock.time += 5
    app.step([])
    assert recruit not in scene.view.fading and not scene.animations.busy
    assert scene.view.drawn_at[archer] == scene.view.tile_center((5, 4))


def test_fast_is_half_as_long_and_floaters_follow_the_setting() -> None:
    normal, fast = Animator(1.0), Animator(2.0)
    from game.rules.core.events import PermanentMoved

    events = [PermanentMoved(5, (0, 0), (0, 1)), PermanentMoved(5, (0, 1), (0, 2))]
    (slow,) = normal.add(events, lambda e: None)
    (quick,) = fast.add(events, lambda e: None)
    assert slow.tiles == ((0, 0), (0, 1), (0, 2)), "steps in a row make one path"
    assert quick.duration == pytest.approx(slow.duration / 2)
    assert Animator(0.0).add(events, lambda e: None) == [], "off: nothing to play"
    assert Floater("-1", (0, 0), (255, 0, 0), speed=2.0).duration == \
        pytest.approx(Floater("-1", (0, 0), (255, 0, 0)).duration / 2)
    still = Floater("-1", (0, 0), (255, 0, 0), speed=0.0)
    still.left /= 3
    assert still.still and still.fade == 1.0, "off: the number stands, without fading"
    assert pacing.wait_for(0, 0.4, 0.9) == 0.9 and pacing.wait_for(0, 0.4, 0.1) == 0.4


BOARDS = {
    "square": ("2P-ring-street", None),
    "hex": ("2P-skirmish-marsh", None),
    "duel": ("2P-duel-standard", None),
    "fleet": ("3P-fleet-triad", None),
}


@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_every_board_kind_animates_moves_and_deaths(kind: str) -> None:
    pygame.display.init()
    surface = pygame.display.set_mode((960, 640))
    spec = find_map(BOARDS[kind][0], library=CONTENT.library)
    game = Game(with_decks(GameSetup(spec, CONTENT.library, spec.players or 2, 3,
                                     ("base",))))
    game.enter()
    pieces = [e for e in game.permanents() if game.tile_of(e) is not None]
    if len(pieces) < 2:
        for tile in [t for t in game.geometry.cells() if game.available_to_any(t)][:2] \
                if hasattr(game, "available_to_any") else []:
            pieces.append(game.add_permanent("Recruit", tile, 0))
    mover, victim = pieces[0], pieces[-1]
    start = game.tile_of(mover)
    goal = next(t for t in game.neighbours[start] if t not in game.board)
    view = BoardView(game)
    view.animator = Animator(1.0)
    rect = pygame.Rect(0, 0, 960, 640)
    view.draw(surface, rect)  # a first frame: the pictures a death fades from
    game.events = []
    game.move_permanent(mover, goal)
    game.destroy(victim, "a test")
    events = list(game.events)
    view.animator.add(events, game.tile_of, view.dying_sprite)
    move = view.animator.moving(mover)
    assert move is not None
    move.elapsed = move.delay + move.duration / 2
    view.draw(surface, rect)
    (ax, ay), (bx, by) = view.tile_center(start), view.tile_center(goal)
    x, y = view.drawn_at[mover]
    assert min(ax, bx) - 1 <= x <= max(ax, bx) + 1 and min(ay, by) - 1 <= y <= max(ay, by) + 1
    assert (round(x), round(y)) not in ((ax, ay), (bx, by))
    if SNAPSHOTS:
        pygame.image.save(surface, str(Path(SNAPSHOTS) / f"animation_{kind}_move.png"))
    view.animator.advance(move.duration)  # the move is over: the death plays
    death = next(m for m in view.animator.dying() if m.entity == victim)
    view.animator.advance(death.duration / 2)
    view.draw(surface, rect)
    assert 0 < view.fading[victim][1] < 1
    if SNAPSHOTS:
        pygame.image.save(surface, str(Path(SNAPSHOTS) / f"animation_{kind}_death.png"))
    view.animator.advance(10)
    view.draw(surface, rect)
    assert view.drawn_at.get(mover, view.tile_center(goal)) == view.tile_center(goal)
    assert victim not in view.fading
    game.close()


@pytest.mark.parametrize("map_name", ["2P-ring-street", "2P-duel-standard",
                                      "2P-skirmish-marsh", "3P-fleet-triad"])
def test_every_ruleset_undoes_hash_for_hash_and_its_save_verifies(
        map_name: str, tmp_path: Path) -> None:
    """A person plays against computers, taking back each action they may (and then
    taking it again): the position comes back hash for hash each time, a refusal always
    says why, and the save at the end replays and verifies."""
    spec = find_map(map_name, library=CONTENT.library)
    players = spec.players or 2
    setup = with_decks(GameSetup(spec, CONTENT.library, players, 3, ("base",)))
    session = Session.new(setup, [Seat()] + [Seat(False)] * (players - 1), autosave=False)
    game = session.game
    undone = 0
    for step in range(160):
        if session.over or game.actor is None:
            break
        if game.actor != 0:
            session.step_computer()
            continue
        legal = session.legal()
        action = legal[(step * 7) % len(legal)]
        before = game.state_hash()
        session.apply(action)
        if session.can_undo(0):
            assert session.undo(0)
            assert game.state_hash() == before, f"undoing {action} left another position"
            undone += 1
            session.apply(action)
        else:
            assert session.undo_block, "a refusal says why"
    assert undone > 0
    session.save(tmp_path / "after-undos.json")
    replay(read_save(tmp_path / "after-undos.json"), CONTENT.library, verify=True).close()
