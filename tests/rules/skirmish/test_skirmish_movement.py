"""Skirmish rules (seed 004) of moving: movement points, terrain "+n movement cost" and
"n movement penalty", elevated, flying, aquatic, teleport and rooted. One-row boards make
the counting plain: hexes side by side in a row are neighbours."""

from __future__ import annotations

from game.rules.core.actions import Attack, Move
from game.rules.rulesets.skirmish.movement import routes

from .kit import activate, at, card_library, new_game, of, unit, unit_at

ENEMY = ("Soldier", (0, 2), 1)  # far away, so that the game goes on


def moves(game, entity):  # type: ignore[no-untyped-def]
    return {a.tile: a for a in of(game.legal_actions(game.actor), Move) if a.unit == entity}


def test_skirmish_movement_points_are_the_speed_and_a_plain_step_costs_one() -> None:
    game = new_game(["......", "......", "......"], [("Soldier", (0, 0), 0), ENEMY])
    soldier = activate(game, 0, 0)
    assert game.view(soldier).moves_left == 3
    reached = routes(game, soldier)
    assert reached[at(game, 3, 0)].spent == 3 and at(game, 4, 0) not in reached
    game.apply(Move(0, soldier, at(game, 2, 0)))
    assert game.view(soldier).moves_left == 1 and game.tile_of(soldier) == at(game, 2, 0)


def test_skirmish_terrain_cost_must_be_available_to_step_in() -> None:
    """"+n movement cost: n extra movement point required to move into this space":
    shallow water costs 1 more to enter; without the points the step can't be made."""
    game = new_game([".~....", "......", "......"], [("Soldier", (0, 0), 0), ENEMY])
    soldier = activate(game, 0, 0)
    reached = routes(game, soldier)
    assert reached[at(game, 1, 0)].spent == 2
    game.apply(Move(0, soldier, at(game, 2, 0)))  # through the water: 2 + 1
    assert game.view(soldier).moves_left == 0
    slow = unit("Slowpoke", movement=1)
    game = new_game(["~.....", "......", "......"], [("Slowpoke", (1, 0), 0), ENEMY],
                    library=card_library(slow))
    slowpoke = activate(game, 1, 0)
    assert at(game, 0, 0) not in routes(game, slowpoke)


def test_skirmish_terrain_cost_to_move_out() -> None:
    """"+n movement cost ... into/out of this space": leaving a swamp costs 1 more."""
    game = new_game(["%.....", "......", "......"], [("Soldier", (0, 0), 0), ENEMY])
    soldier = activate(game, 0, 0)
    reached = routes(game, soldier)
    assert reached[at(game, 1, 0)].spent == 2 and reached[at(game, 2, 0)].spent == 3


def test_skirmish_terrain_penalty_is_taken_after_and_may_go_below_zero() -> None:
    """"n movement penalty: n movement point subtracted after moving into/out of this
    space (result can be negativ afterwards)": a forest takes 1 after the step in, even
    from a unit with 1 point left; below zero it moves no more."""
    game = new_game([".F....", "......", "......"], [("Soldier", (4, 0), 0), ENEMY])
    soldier = activate(game, 4, 0)
    game.apply(Move(0, soldier, at(game, 2, 0)))
    game.apply(Move(0, soldier, at(game, 1, 0)))  # 1 point left: the step costs 1, then -1
    assert game.view(soldier).moves_left == -1
    assert game.actor == 1  # nothing more to do: the activation ended


def test_skirmish_terrain_penalty_counts_in_the_routes_cost() -> None:
    game = new_game(["..F...", "......", "......"], [("Scout", (0, 0), 0), ENEMY])
    scout = activate(game, 0, 0)  # speed 4
    reached = routes(game, scout)
    # into the forest: 1 + penalty 1; beyond it the unit has 1 point: one more step
    assert reached[at(game, 2, 0)].spent == 3 and reached[at(game, 3, 0)].spent == 4
    assert at(game, 4, 0) not in reached


def test_skirmish_elevated_costs_one_more_from_low_ground() -> None:
    """Elevated: "+1 move in cost from low ground"; from one hill to the next, none."""
    game = new_game([".nn...", "......", "......"], [("Soldier", (0, 0), 0), ENEMY])
    soldier = activate(game, 0, 0)
    reached = routes(game, soldier)
    assert reached[at(game, 1, 0)].spent == 2 and reached[at(game, 2, 0)].spent == 3


def test_skirmish_flying_ignores_terrain_costs_and_penalties() -> None:
    """Flying: "no terrain movement penalties" (ours: nor costs, nor the climb)."""
    game = new_game(["F~n%w.", "......", "......"], [("Hawk", (5, 0), 0), ENEMY])
    hawk = activate(game, 5, 0)
    reached = routes(game, hawk)
    assert [reached[at(game, c, 0)].spent for c in (4, 3, 2, 1)] == [1, 2, 3, 4]


def test_skirmish_ground_units_can_not_enter_water_nor_mountains_aquatic_units_swim() -> None:
    """Aquatic: "can move on water" (deep water); ground units stay out; mountains are
    for fliers only."""
    frog = unit("Frog", keywords={"skirmish:aquatic": True})
    game = new_game([".wM...", "......", "......"],
                    [("Soldier", (0, 0), 0), ("Frog", (0, 1), 0), ENEMY],
                    library=card_library(frog))
    soldier = activate(game, 0, 0)
    assert at(game, 1, 0) not in routes(game, soldier)
    game = new_game([".wM...", "......", "......"], [("Frog", (0, 0), 0), ENEMY],
                    library=card_library(frog))
    swimmer = activate(game, 0, 0)
    reached = routes(game, swimmer)
    assert at(game, 1, 0) in reached and at(game, 2, 0) not in reached


def test_skirmish_units_do_not_pass_through_other_units() -> None:
    game = new_game(["......", "......", "......"],
                    [("Soldier", (0, 1), 0), ("Soldier", (1, 1), 0), ("Soldier", (5, 0), 1)])
    soldier = activate(game, 0, 1)
    reached = routes(game, soldier)
    assert at(game, 1, 1) not in reached
    # round the friend: (1, 1) is taken, (2, 1) is reached through row 0 or row 2
    assert reached[at(game, 2, 1)].spent == 3


def test_skirmish_rooted_can_not_move_nor_melee() -> None:
    """Rooted: "can not move; can't melee attack (follows from not being able to
    move)"."""
    game = new_game(["......", "......", "......"],
                    [("Soldier", (1, 0), 0), ("Soldier", (2, 0), 1)])
    soldier = unit_at(game, 1, 0)
    game.add_marks(soldier, "skirmish:rooted", 1)
    activate(game, 1, 0)
    legal = game.legal_actions(0)
    assert not of(legal, Move) and not of(legal, Attack)


def test_skirmish_teleport_goes_to_an_unoccupied_hex_within_reach() -> None:
    """Teleport: "move to a hex if it is unoccupied": ours, within n hexes, one point per
    hex of distance, over anything between."""
    blinker = unit("Blinker", movement=3, keywords={"skirmish:teleport": 3})
    game = new_game([".MM...", "......", "......"],
                    [("Blinker", (0, 0), 0), ("Soldier", (4, 2), 1)],
                    library=card_library(blinker))
    entity = activate(game, 0, 0)
    reached = routes(game, entity)
    assert reached[at(game, 3, 0)].jump and reached[at(game, 3, 0)].spent == 3
    assert at(game, 1, 0) not in reached  # a mountain: it can't stand there
    game.apply(Move(0, entity, at(game, 3, 0)))
    assert game.tile_of(entity) == at(game, 3, 0)
