"""Issue 14, point 3 in every ruleset: End turn (or Pass) with a unit that could still act
asks first, with the one question of ``game.client.caution.idle_question`` — in the duel
(whose units act without being activated), the skirmish (Enter ends the activated unit's
activation) and the fleet (passing for the round with systems left to activate). Driven by
posted key presses through ``App.step``; every action the screen sends is checked against
the legal ones."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import click, key, record_legal, snap  # noqa: E402

from game.client.app import App  # noqa: E402
from game.client.confirm import Confirm  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.decks import with_decks  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.core.actions import (  # noqa: E402
    Action,
    Activate,
    Attack,
    EndTurn,
    Move,
    Mulligan,
)
from game.rules.core.state import Phase  # noqa: E402

CONTENT = load_content(user_dir=None)


#: saves and settings in a temporary folder, pygame shut down after (conftest.py)
pytestmark = pytest.mark.usefixtures("own_folders")


def open_board(session: Session) -> tuple[App, BoardScene, list[Action]]:
    app = App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0),
              size=(1024, 768))
    sent = record_legal(session)
    scene = BoardScene(app, session)
    app.start(scene)
    app.step([])
    return app, scene, sent


def test_duel_end_turn_with_a_unit_that_could_still_act_asks_first() -> None:
    spec = find_map("2P-duel-standard", library=CONTENT.library)
    setup = with_decks(GameSetup(spec, CONTENT.library, 2, 7))
    session = Session.new(setup, [Seat(True), Seat(False, "easy")], autosave=False)
    game = session.game
    while game.phase is Phase.MULLIGAN and game.actor is not None:
        session.apply(Mulligan(game.actor, ()))
    while game.actor != 0:
        session.step_computer()
    app, scene, sent = open_board(session)
    assert game.phase is Phase.ACTION and game.actor == 0
    movers = {a.unit for a in session.legal() if isinstance(a, (Move, Attack))}
    assert movers, "the general can move on the first turn"
    key(app, pygame.K_RETURN)
    dialog = scene.dialog
    assert isinstance(dialog, Confirm), "End turn went ahead without asking"
    assert dialog.title == "End the turn with a unit that could act?"
    assert "could still act" in " ".join(dialog.lines) and not sent
    key(app, pygame.K_ESCAPE)  # back: nothing sent, still our turn
    assert scene.dialog is None and not sent and game.actor == 0
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # End the turn anyway
    assert sent[0] == EndTurn(0)


def test_skirmish_ending_an_activation_before_the_unit_did_anything_asks_first() -> None:
    spec = find_map("2P-skirmish-highlands", library=CONTENT.library)
    session = Session.new(GameSetup(spec, CONTENT.library, 2, 5),
                          [Seat(True), Seat(False, "easy")], autosave=False)
    game = session.game
    while game.actor != 0:
        session.step_computer()
    app, scene, sent = open_board(session)
    activate = next(a for a in session.legal() if isinstance(a, Activate))
    scene.send(activate)
    app.step([])
    assert game.activated == activate.permanent
    key(app, pygame.K_RETURN)
    dialog = scene.dialog
    assert isinstance(dialog, Confirm)
    assert dialog.title == "End the activation with a unit that could act?"
    count = len(sent)
    key(app, pygame.K_RETURN)
    assert sent[count] == EndTurn(0) and scene.dialog is None


def test_fleet_passing_the_round_with_systems_left_to_activate_asks_first() -> None:
    spec = find_map("3P-fleet-triad", library=CONTENT.library)
    session = Session.new(GameSetup(spec, CONTENT.library, spec.players, 5),
                          [Seat(True)] + [Seat(False, "easy")] * (spec.players - 1),
                          autosave=False)
    game = session.game
    for _ in range(500):
        kinds = {a.kind for a in session.legal()} if session.actor == 0 else set()
        if "pass_round" in kinds and "activate_system" in kinds:
            break
        if session.actor == 0:
            session.apply(session.legal()[0])
        else:
            session.step_computer()
    app, scene, sent = open_board(session)
    key(app, pygame.K_RETURN)
    dialog = scene.dialog
    assert isinstance(dialog, Confirm) and "command tokens left" in dialog.title
    tokens = game.counter(0, "tactic_tokens")
    said = " ".join(dialog.lines)
    assert tokens > 0 and f"holds {tokens} command token" in said, said
    assert not sent
    click(app, dialog.box.center)  # Don't ask again
    key(app, pygame.K_RETURN)
    assert sent and sent[0].kind == "pass_round"
    assert app.settings.ask_idle_units is False
    assert game.phase is not Phase.OVER


def test_fleet_moving_away_the_ships_that_hold_units_asks_before_they_are_lost() -> None:
    """Rule 16 (capacity): fighters and ground forces in space beyond the room of the
    player's ships there are destroyed after movement. Moving a carrier away without
    loading them loses them: the screen asks first, with the engine's preview; going back
    sends nothing."""
    from game.ai import make_player
    from game.rules.rulesets.fleet.actions import Confirm as ConfirmMoves

    spec = find_map("3P-fleet-triad", library=CONTENT.library)
    session = Session.new(GameSetup(spec, CONTENT.library, spec.players, 5),
                          [Seat(True)] * spec.players, autosave=False)
    game = session.game
    players = [make_player("easy", seat) for seat in range(spec.players)]
    move: ConfirmMoves | None = None
    for _ in range(3000):
        actor = game.actor
        assert actor is not None, "the game ended before such a move"
        move = next((a for a in session.legal() if isinstance(a, ConfirmMoves)), None)
        if move is not None and any(game.controller(e) == actor
                                    for e in game.preview(move).destroyed):
            break
        move = None
        session.apply(players[actor].choose(game, actor))
    assert move is not None
    mover = move.player
    session.viewer = mover  # the person at the screen (hot seat: whoever is to act)
    app, scene, sent = open_board(session)
    assert scene.viewer == mover
    scene.send(move)
    dialog = scene.dialog
    assert isinstance(dialog, Confirm) and dialog.title == "Leave units to be lost?"
    said = " ".join(dialog.lines)
    assert "destroyed" in said and ("Fighter" in said or "Infantry" in said), said
    lost = [e for e in game.preview(move).destroyed if game.controller(e) == mover]
    if len(lost) == 2 and len({(game.card(e).name, game.tile_of(e)) for e in lost}) == 1:
        assert f"2 {game.card(lost[0]).name}s at" in said, said  # counted, not repeated
    snap(app, "fleet-units-lost")
    assert not sent
    key(app, pygame.K_ESCAPE)  # back: nothing sent
    assert scene.dialog is None and not sent and move in session.legal()
    scene.send(move)
    key(app, pygame.K_RETURN)  # Move anyway
    assert sent == [move]
