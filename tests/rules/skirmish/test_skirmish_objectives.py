"""Skirmish rules of winning: control points (flying: "cannot capture points"; the
reference's part C: "1 point per captured objective") and elimination, and the set-up
of the armies on the spawn hexes."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from game.rules import WinSpec
from game.rules.core.actions import Attack, Move
from game.rules.rulesets.skirmish.objectives import control_points

from .kit import activate, at, new_game, next_round, unit_at

ROWS = [".......", ".......", "......."]
CONTROL = WinSpec("skirmish:control", MappingProxyType({"points": 3}))


def test_skirmish_control_point_is_taken_by_the_only_side_on_it_and_scores_each_round(
        ) -> None:
    game = new_game(ROWS, [("Soldier", (3, 1), 0), ("Soldier", (6, 2), 1)],
                    regions=[[(3, 1)]], win=CONTROL, first=0)
    next_round(game)
    assert control_points(game)[0].holder == 0 and game.players[0].points == 1
    next_round(game)
    assert game.players[0].points == 2


def test_skirmish_control_point_stays_with_its_holder_until_taken() -> None:
    game = new_game(ROWS, [("Soldier", (3, 1), 0), ("Scout", (6, 2), 1)],
                    regions=[[(3, 1)]], win=CONTROL, first=0)
    next_round(game)
    assert game.players[0].points == 1 and game.actor == 0  # player 2 acted last
    soldier = activate(game, 3, 1)
    game.apply(Move(0, soldier, at(game, 1, 1)))  # off the point: nobody stands there
    next_round(game)
    assert control_points(game)[0].holder == 0 and game.players[0].points == 2


def test_skirmish_control_point_contested_changes_nothing() -> None:
    game = new_game(ROWS, [("Soldier", (3, 1), 0), ("Soldier", (4, 1), 1)],
                    regions=[[(3, 1), (4, 1)]], win=CONTROL, first=0)
    next_round(game)
    assert control_points(game)[0].holder == -1 and not game.players[0].points


def test_skirmish_flying_units_can_not_capture_points() -> None:
    """Flying: "cannot capture points"."""
    game = new_game(ROWS, [("Hawk", (3, 1), 0), ("Soldier", (6, 2), 1)],
                    regions=[[(3, 1)]], win=CONTROL, first=0)
    next_round(game)
    assert control_points(game)[0].holder == -1


def test_skirmish_control_first_to_the_points_wins() -> None:
    game = new_game(ROWS, [("Soldier", (3, 1), 0), ("Soldier", (6, 2), 1)],
                    regions=[[(3, 1)]], win=CONTROL, first=0)
    for _ in range(3):
        next_round(game)
    assert game.winners == (0,)
    assert game.over_reason == "held the control points for 3 points"


def test_skirmish_elimination_a_side_without_units_is_out() -> None:
    game = new_game(ROWS, [("Soldier", (3, 1), 0), ("Scout", (4, 1), 1)], first=0)
    scout = unit_at(game, 4, 1)
    game.edit(scout, damage=2)
    soldier = activate(game, 3, 1)
    game.apply(Attack(0, soldier, scout))
    assert game.winners == (0,) and game.over_reason == "destroyed the enemy army"


def test_skirmish_setup_armies_take_the_spawn_hexes_in_cell_order() -> None:
    """Ours: the map's start deck is each player's army, put on its spawn hexes in the
    map's cell order; an army too big for them is refused."""
    rows = ["11.....", "1.....2", "....22."]
    game = new_game(rows, [], start_deck=(("Soldier", 2), ("Scout", 1)))
    names = {game.geometry.tile_to_grid(game.tile_of(u)): (game.card(u).name,
                                                            game.controller(u))
             for u in game.units()}
    assert names == {(0, 0): ("Soldier", 0), (1, 0): ("Soldier", 0), (0, 1): ("Scout", 0),
                     (6, 1): ("Soldier", 1), (4, 2): ("Soldier", 1), (5, 2): ("Scout", 1)}
    with pytest.raises(ValueError, match="no room left"):
        new_game(rows, [], start_deck=(("Soldier", 4),))


def test_skirmish_round_limit_the_side_standing_best_wins_after_the_last_round() -> None:
    """Ours (the seed sets no limit): after round 12 the most points win, then the most
    units left, then the most health left; even on all three, a draw."""
    from game.rules.rulesets.skirmish.objectives import ROUND_LIMIT

    game = new_game(ROWS, [("Soldier", (0, 0), 0), ("Soldier", (0, 2), 0),
                           ("Soldier", (6, 2), 1)], first=0)
    for _ in range(ROUND_LIMIT):
        next_round(game)
    assert game.winners == (0,)
    assert game.over_reason == f"ahead when the last round ({ROUND_LIMIT}) ended"
    even = new_game(ROWS, [("Soldier", (0, 0), 0), ("Soldier", (6, 2), 1)], first=0)
    for _ in range(ROUND_LIMIT):
        next_round(even)
    assert even.actor is None and even.winners == ()
    assert even.over_reason.startswith("a draw")
