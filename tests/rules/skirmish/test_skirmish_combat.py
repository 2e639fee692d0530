"""Skirmish rules (seed 004) of fighting: "melee attack", ranged attacks with line of
sight, "terrain protection", "elevated", damage types, "resistance", armor, "shield",
and death at no health left."""

from __future__ import annotations

from game.rules.core.actions import Attack, Move
from game.rules.rulesets.skirmish.combat import hit

from .kit import activate, at, card_library, new_game, of, unit, unit_at

ROWS = ["......", "......", "......"]


def attacks(game):  # type: ignore[no-untyped-def]
    return of(game.legal_actions(game.actor), Attack)


def damage(game, entity: int) -> int:  # type: ignore[no-untyped-def]
    return game.view(entity).damage


def test_skirmish_melee_attack_costs_movement_like_moving_in() -> None:
    """Melee attack: "attack costs movemement points like moving into the space"."""
    game = new_game(ROWS, [("Soldier", (1, 0), 0), ("Brute", (2, 0), 1)])
    soldier, brute = activate(game, 1, 0), unit_at(game, 2, 0)
    game.apply(Attack(0, soldier, brute))
    assert damage(game, brute) == 2 and game.view(soldier).moves_left == 2
    assert game.tile_of(soldier) == at(game, 1, 0)  # the brute lives: no move in


def test_skirmish_melee_attack_needs_the_move_in_cost_but_not_the_penalty() -> None:
    """"The attacker must be able to move into the attacked space ... This does not
    include move in penalties, but it does include move in costs": with 1 point left a
    unit may hit a foe in a forest (penalty) but not one in shallow water (cost)."""
    units = [("Soldier", (3, 0), 0), ("Brute", (1, 0), 1), ("Brute", (3, 1), 1)]
    game = new_game([".F....", "...~..", "......"], units)
    soldier = activate(game, 3, 0)
    game.apply(Move(0, soldier, at(game, 2, 0)))
    game.apply(Move(0, soldier, at(game, 3, 0)))  # back: 1 point left
    in_forest, in_water = unit_at(game, 1, 0), unit_at(game, 3, 1)
    targets = {a.target for a in attacks(game)}
    assert in_water not in targets  # the water step needs 2
    game2 = new_game([".F....", "......", "......"],
                     [("Soldier", (4, 0), 0), ("Brute", (1, 0), 1), ("Soldier", (0, 2), 1)])
    soldier2 = activate(game2, 4, 0)
    game2.apply(Move(0, soldier2, at(game2, 2, 0)))  # 1 point left, next to the forest
    assert {a.target for a in attacks(game2)} == {unit_at(game2, 1, 0)}
    assert in_forest


def test_skirmish_melee_attacker_moves_in_when_the_hex_is_freed() -> None:
    """"After the attack, if the attacked hex is no longer occupied ... the attacker moves
    unto the hex"; the hex's penalty is taken then."""
    weak = unit("Weakling", attack=1, health=1)
    game = new_game(["..F...", "......", "......"],
                    [("Soldier", (1, 0), 0), ("Weakling", (2, 0), 1), ("Soldier", (5, 2), 1)],
                    library=card_library(weak))
    soldier, weakling = activate(game, 1, 0), unit_at(game, 2, 0)
    game.apply(Attack(0, soldier, weakling))
    assert not game.is_on_map(weakling)
    assert game.tile_of(soldier) == at(game, 2, 0)
    assert game.view(soldier).moves_left == 3 - 1 - 1  # the step's cost, the forest's penalty


def test_skirmish_melee_ground_unit_can_not_melee_a_flier_but_a_flier_can_melee() -> None:
    """Melee attack: "ground unit cannot melee flying unit"."""
    game = new_game(ROWS, [("Soldier", (1, 0), 0), ("Hawk", (2, 0), 1)])
    activate(game, 1, 0)
    assert not attacks(game)
    game = new_game(ROWS, [("Hawk", (1, 0), 0), ("Soldier", (2, 0), 1)])
    hawk = activate(game, 1, 0)
    assert [a.target for a in attacks(game)] == [unit_at(game, 2, 0)]
    assert hawk


def test_skirmish_melee_one_attack_per_activation_then_it_may_still_move() -> None:
    game = new_game(ROWS, [("Soldier", (1, 0), 0), ("Brute", (2, 0), 1)])
    soldier, brute = activate(game, 1, 0), unit_at(game, 2, 0)
    game.apply(Attack(0, soldier, brute))
    legal = game.legal_actions(0)
    assert not of(legal, Attack) and of(legal, Move)


def test_skirmish_ranged_attack_needs_line_of_sight() -> None:
    """LoS: a forest between blocks a shot from low ground."""
    game = new_game(["..F...", "......", "......"],
                    [("Archer", (0, 0), 0), ("Soldier", (3, 0), 1), ("Soldier", (2, 2), 1)])
    activate(game, 0, 0)
    targets = {a.target for a in attacks(game)}
    assert unit_at(game, 3, 0) not in targets and unit_at(game, 2, 2) in targets


def test_skirmish_elevated_viewer_shoots_over_low_obstacles() -> None:
    """Elevated: the forest blocks "LoS from low ground" only; an archer on a hill sees
    over it."""
    game = new_game(["n.F...", "......", "......"],
                    [("Archer", (0, 0), 0), ("Soldier", (3, 0), 1)])
    activate(game, 0, 0)
    assert [a.target for a in attacks(game)] == [unit_at(game, 3, 0)]


def test_skirmish_elevated_blocks_sight_from_low_ground() -> None:
    game = new_game(["..n...", "......", "......"],
                    [("Archer", (0, 0), 0), ("Soldier", (3, 0), 1)])
    activate(game, 0, 0)
    assert not attacks(game)


def test_skirmish_terrain_protection_by_size_and_kind_of_attack() -> None:
    """Terrain protection "a(-b)? x/y/z": a forest gives small to medium units 1 against
    melee, 2 against shots, large ones 0/1; protection goes first and never takes damage
    below 1."""
    game = new_game(["FF....", "......", "......"],
                    [("Soldier", (0, 0), 1), ("Brute", (1, 0), 1), ("Archer", (5, 0), 0)])
    soldier, brute, archer = unit_at(game, 0, 0), unit_at(game, 1, 0), unit_at(game, 5, 0)
    assert hit(game, archer, soldier, 2, "ranged") == 1  # 2 - 2, but at least 1
    assert hit(game, archer, soldier, 3, "melee") == 2
    assert hit(game, archer, brute, 3, "ranged") == 2
    assert hit(game, archer, brute, 3, "melee") == 3
    assert hit(game, archer, brute, 3, "") == 3  # no attack (burn): no protection


def test_skirmish_elevated_gives_one_protection_against_low_ground() -> None:
    game = new_game(["n.n...", "......", "......"],
                    [("Soldier", (0, 0), 1), ("Archer", (1, 0), 0), ("Archer", (2, 0), 0)])
    target, low, high = unit_at(game, 0, 0), unit_at(game, 1, 0), unit_at(game, 2, 0)
    assert hit(game, low, target, 3, "melee") == 2
    assert hit(game, high, target, 3, "ranged") == 3


def test_skirmish_flying_gets_no_terrain_protection() -> None:
    game = new_game(["F.....", "......", "......"],
                    [("Hawk", (0, 0), 1), ("Archer", (3, 0), 0)])
    assert hit(game, unit_at(game, 3, 0), unit_at(game, 0, 0), 2, "ranged") == 2


def test_skirmish_armor_lessens_physical_damage_but_not_pure() -> None:
    knight = unit("Knight", health=9, keywords={"skirmish:armor": 2})
    game = new_game(ROWS, [("Knight", (0, 0), 1), ("Soldier", (3, 0), 0)],
                    library=card_library(knight))
    target, source = unit_at(game, 0, 0), unit_at(game, 3, 0)
    assert hit(game, source, target, 3, "melee") == 1
    assert hit(game, source, target, 2, "melee") == 0
    assert hit(game, source, target, 2, "", "pure") == 2


def test_skirmish_resistance_halves_damage_rounded_up_after_reductions() -> None:
    """Resistance: "half damage rounded up after reductions (3 -> 2, 2 -> 1)"."""
    golem = unit("Golem", health=20, keywords={"skirmish:resistance": True,
                                               "skirmish:armor": 1})
    game = new_game(ROWS, [("Golem", (0, 0), 1), ("Soldier", (3, 0), 0)],
                    library=card_library(golem))
    target, source = unit_at(game, 0, 0), unit_at(game, 3, 0)
    assert hit(game, source, target, 4, "melee") == 2  # 4 - 1 armor = 3 -> 2
    assert hit(game, source, target, 3, "melee") == 1  # 3 - 1 = 2 -> 1
    assert hit(game, source, target, 3, "", "pure") == 3


def test_skirmish_shield_takes_a_whole_hit_for_one_stack() -> None:
    """Shield n: "if unit would receive damage, instead remove stack of shield"."""
    game = new_game(ROWS, [("Soldier", (0, 0), 1), ("Soldier", (3, 0), 0)])
    target, source = unit_at(game, 0, 0), unit_at(game, 3, 0)
    game.add_marks(target, "skirmish:shield", 2)
    assert hit(game, source, target, 4, "melee") == 0
    assert game.view(target).mark("skirmish:shield") == 1
    assert hit(game, source, target, 4, "melee") == 0
    assert hit(game, source, target, 4, "melee") == 4


def test_skirmish_a_unit_with_no_health_left_dies() -> None:
    game = new_game(ROWS, [("Soldier", (1, 0), 0), ("Scout", (2, 0), 1),
                           ("Soldier", (5, 2), 1)])
    soldier, scout = activate(game, 1, 0), unit_at(game, 2, 0)
    game.edit(scout, damage=1)
    game.apply(Attack(0, soldier, scout))  # 2 damage on 2 left
    assert not game.is_on_map(scout)


def test_skirmish_a_unit_below_zero_after_moving_can_not_shoot() -> None:
    """The source's code: an action needs the unit not below zero once it moved or acted
    (a fresh unit needs nothing): an archer that walked into a forest with its last point
    (then -1) can't shoot any more."""
    game = new_game([".F....", "......", "......"],
                    [("Archer", (3, 1), 0), ("Soldier", (4, 0), 1), ("Soldier", (5, 2), 1)])
    archer = activate(game, 3, 1)
    game.apply(Move(0, archer, at(game, 1, 1)))  # 1 point left
    assert unit_at(game, 4, 0) in {a.target for a in attacks(game)}
    game.apply(Move(0, archer, at(game, 1, 0)))  # into the forest: 0, then -1
    assert game.view(archer).moves_left == -1
    assert game.actor == 1  # nothing left to do: no shot below zero


def test_skirmish_flying_is_always_on_high_ground() -> None:
    """Flying: "always considered on high ground": a unit on a hill gets no +1 protection
    against a flier, and a flier climbs onto a hill at no extra cost."""
    game = new_game(["n.n...", "......", "......"],
                    [("Soldier", (0, 0), 1), ("Hawk", (1, 0), 0), ("Archer", (3, 0), 0)])
    target, hawk, archer = unit_at(game, 0, 0), unit_at(game, 1, 0), unit_at(game, 3, 0)
    assert hit(game, hawk, target, 3, "melee") == 3
    assert hit(game, archer, target, 3, "ranged") == 2  # the archer stands low
