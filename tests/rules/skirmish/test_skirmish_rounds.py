"""Skirmish rules (seed 004) of rounds and turns: "round starting player", and the round
of alternating single activations the issue asks for (a player with nothing to activate
is skipped; the round ends when everybody is skipped in a row). Each test names the line
it checks; the readings are in assets/docs/rules-skirmish.md."""

from __future__ import annotations

import random

import pytest

from game.rules import Game, GameSetup
from game.rules.core.actions import Activate, EndTurn
from game.rules.core.events import RoundStarted
from game.rules.rulesets.skirmish.rounds import rounds

from .kit import activate, board, card_library, end, new_game, unit_at

ROWS = [".......", ".......", "......."]
TWO_AND_ONE = [("Soldier", (0, 0), 0), ("Soldier", (0, 2), 0), ("Soldier", (6, 1), 1)]


def order_of_turns(game: Game, turns: int) -> list[int]:
    """Who takes each of the next ``turns`` turns (each activates its first ready unit
    and ends its activation at once)."""
    seen = []
    for _ in range(turns):
        player = game.actor
        assert player is not None
        seen.append(player)
        first = next(a for a in game.legal_actions(player) if isinstance(a, Activate))
        game.apply(first)
        if game.actor == player and game.activated:
            game.apply(EndTurn(player))
    return seen


@pytest.mark.parametrize("seed", range(1, 9))
def test_skirmish_round_starting_player_first_round_is_drawn_by_the_seeded_rng(
        seed: int) -> None:
    """Round starting player: "starting player on first round is random": the game's
    seeded generator draws it, so the same seed always gives the same player."""
    spec = board(ROWS, TWO_AND_ONE)
    game = Game(GameSetup(map=spec, library=card_library(), players=2, seed=seed))
    again = Game(GameSetup(map=spec, library=card_library(), players=2, seed=seed))
    assert game.actor == again.actor == random.Random(seed).randrange(2)
    assert rounds(game).number == 1 and rounds(game).order[0] == game.actor


def test_skirmish_round_starting_player_both_players_can_start() -> None:
    spec = board(ROWS, TWO_AND_ONE)
    starters = {Game(GameSetup(map=spec, library=card_library(), players=2,
                               seed=seed)).actor for seed in range(1, 20)}
    assert starters == {0, 1}


def test_skirmish_rounds_players_alternate_single_activations() -> None:
    """Each turn is one activation; the players alternate."""
    units = [("Soldier", (0, 0), 0), ("Soldier", (0, 2), 0),
             ("Soldier", (6, 0), 1), ("Soldier", (6, 2), 1)]
    game = new_game(ROWS, units, first=1)
    assert order_of_turns(game, 4) == [1, 0, 1, 0]


def test_skirmish_rounds_a_turn_must_activate_a_ready_unit() -> None:
    """With no unit activated, the player's only choices are its ready units."""
    game = new_game(ROWS, TWO_AND_ONE, first=0)
    legal = game.legal_actions(0)
    assert legal == [Activate(0, unit_at(game, 0, 0)), Activate(0, unit_at(game, 0, 2))]
    assert game.legal_actions(1) == []


def test_skirmish_rounds_activated_unit_is_exhausted_and_the_other_player_goes() -> None:
    game = new_game(ROWS, TWO_AND_ONE, first=0)
    soldier = activate(game, 0, 0)
    assert game.activated == soldier and game.actor == 0
    end(game)
    assert game.view(soldier).exhausted and game.actor == 1 and not game.activated
    assert Activate(0, soldier) not in game.legal_actions(0)


def test_skirmish_rounds_a_player_with_nothing_to_activate_is_skipped() -> None:
    """Player 2 has one unit: once it acted, player 1 takes its turns in a row."""
    game = new_game(ROWS, TWO_AND_ONE, first=1)
    assert order_of_turns(game, 3) == [1, 0, 0]


def test_skirmish_rounds_round_ends_when_everybody_is_skipped_in_a_row() -> None:
    game = new_game(ROWS, TWO_AND_ONE, first=1)
    order_of_turns(game, 3)
    assert rounds(game).number == 2
    # every unit is ready again
    assert all(not game.view(u).exhausted for u in game.units())


def test_skirmish_round_starting_player_is_the_one_who_did_not_take_the_last_action(
        ) -> None:
    """Round starting player: "after that, the starting player is the player that didn't
    take the last non-skip action in the previous round". Player 1 took the last turn of
    round 1 (player 2 was skipped), so player 2 starts round 2."""
    game = new_game(ROWS, TWO_AND_ONE, first=1)
    assert order_of_turns(game, 3) == [1, 0, 0]
    assert rounds(game).number == 2 and game.actor == 1
    # round 2: 1, 0, 0 again, so player 2 starts round 3 too
    assert order_of_turns(game, 3) == [1, 0, 0]
    assert game.actor == 1


def test_skirmish_round_starting_player_with_equal_armies_swaps_each_round() -> None:
    units = [("Soldier", (0, 0), 0), ("Soldier", (6, 0), 1)]
    game = new_game(ROWS, units, first=0)
    assert order_of_turns(game, 2) == [0, 1]
    assert game.actor == 0  # player 2 acted last: player 1 starts round 2
    assert order_of_turns(game, 2) == [0, 1]
    units = [("Soldier", (0, 0), 0), ("Soldier", (6, 0), 1), ("Soldier", (6, 2), 1)]
    game = new_game(ROWS, units, first=0)
    assert order_of_turns(game, 3) == [0, 1, 1]
    assert game.actor == 0


def test_skirmish_round_starting_player_three_players_go_by_their_last_activation(
        ) -> None:
    """Our reading for more than two players: those who did not act start, then the
    others in the order they last activated a unit; the player who acted last goes last."""
    units = [("Soldier", (0, 0), 0), ("Soldier", (3, 0), 1), ("Soldier", (6, 0), 2),
             ("Soldier", (6, 2), 2)]
    game = new_game(ROWS, units, first=0, players=3)
    assert order_of_turns(game, 4) == [0, 1, 2, 2]
    assert rounds(game).order == (0, 1, 2)
    assert order_of_turns(game, 4) == [0, 1, 2, 2]


def test_skirmish_rounds_each_round_start_is_announced() -> None:
    game = new_game(ROWS, TWO_AND_ONE, first=0)
    events = []
    for _ in range(3):
        player = game.actor
        assert player is not None
        unit = next(a for a in game.legal_actions(player) if isinstance(a, Activate))
        events += game.apply(unit)
        if game.activated:
            events += game.apply(EndTurn(player))
    assert RoundStarted(2) in events
