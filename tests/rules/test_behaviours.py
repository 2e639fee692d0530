"""Rules tests: the unit behaviours (aggressive, shy, wandering X, target-oriented).

The behaviours are run directly with ``run_behaviour`` on boards set up for each step.
Ties are broken by the game's seeded RNG: tests accept every tile or target the rule
allows, and check that the same seed gives the same outcome.
"""

from __future__ import annotations

from collections.abc import Callable

from rulemarks import rules
from scenario import resolve, scenario, to_action_phase

from game.rules import CardDef, CardType, Game
from game.rules.behaviours import run_behaviour
from game.rules.cards import Ability, EffectSpec
from game.rules.core.actions import Activate, PlayCard
from game.rules.core.view import Zone
from game.rules.geometry import Tile, distance
from game.rules.systems.movement import reachable

GRID = "........\n........\n........\n1......."  # 8 x 4, all neutral but the spawn

#: a unit whose full action gains 2 resource (to see whether a behaviour uses it)
HERMIT = CardDef(name="Hermit", type=CardType.UNIT, attack=1, health=2, movement=2,
                 upkeep=0, full_action=Ability(
                     effects=(EffectSpec("gain_resource", {"amount": 2}),)))



def _free_reachable(game: Game, unit: int) -> dict[Tile, int]:
    return {t: c for t, c in reachable(game, unit).items() if not game.permanent_at(t)}


def _nearest(tile: Tile, spots: list[Tile]) -> int:
    return min(distance(tile, s) for s in spots)


def _outcomes(run: Callable[[int], object], seeds: range = range(1, 41)) -> set[object]:
    return {run(seed) for seed in seeds}


# ---------------------------------------------------------------------------- Unit behaviours


@rules("Shy 2", "Shy 3")
def test_unit_behaviours_1_steps_run_in_order_shy_moves_away_before_it_shoots() -> None:
    game = scenario(GRID)
    archer = game.add_permanent("Archer", (3, 1), 0)  # range 3, health 1, movement 2
    enemy = game.add_permanent("Soldier", (4, 1), 1)  # attack 2, range 1
    run_behaviour(game, archer, "shy")
    here = game.tile_of(archer)
    assert here is not None and distance(here, (4, 1)) == 3  # step 2: as far as it gets
    assert game.view(enemy).damage == 1  # step 3: then it attacks from out of melee reach
    assert game.is_on_map(archer) and game.view(archer).damage == 0  # no strike back at range 3
    assert game.view(archer).moves_left == 0 and game.view(archer).attacks_left == 0


@rules("Rage 2")
def test_unit_behaviours_2_a_unit_with_no_step_to_carry_out_is_tapped() -> None:
    game = scenario(GRID, hands={0: ["Battle Cry"]}, resource={0: 1})
    soldier = game.add_permanent("Soldier", (3, 1), 0)  # no enemy on the map
    to_action_phase(game)
    cry = game.players[0].hand[0]
    resolve(game, PlayCard(0, cry, None, (soldier,)))
    assert game.marks(soldier, "rage") == 1
    resolve(game, Activate(0, soldier))  # the rage mark runs the aggressive behaviour
    assert game.tile_of(soldier) == (3, 1)  # nothing to attack, nobody to move towards
    assert game.marks(soldier, "rage") == 0
    assert game.view(soldier).tapped
    assert game.activated == 0


def test_unit_behaviours_3_ties_are_broken_at_random_by_the_seeded_rng() -> None:
    def run(seed: int) -> Tile | None:
        game = scenario(GRID, seed=seed)
        unit = game.add_permanent("Soldier", (3, 1), 0)
        run_behaviour(game, unit, "wandering", 3)  # no enemy: a random reachable tile
        return game.tile_of(unit)

    game = scenario(GRID)
    allowed = set(_free_reachable(game, game.add_permanent("Soldier", (3, 1), 0)))
    seen = _outcomes(run)
    assert seen <= allowed
    assert len(seen) > 3  # really random, not always the same tile
    assert run(7) == run(7) and run(12) == run(12)  # the same seed, the same choice


def test_unit_behaviours_3_a_random_choice_among_targets_in_range() -> None:
    def run(seed: int) -> int:
        game = scenario(GRID, seed=seed)
        unit = game.add_permanent("Soldier", (3, 1), 0)
        left = game.add_permanent("King", (2, 1), 1)
        right = game.add_permanent("King", (4, 1), 1)
        run_behaviour(game, unit, "aggressive")
        hit = [k for k in (left, right) if game.view(k).damage]
        assert len(hit) == 1  # exactly one of them is attacked
        return 0 if hit[0] == left else 1

    assert _outcomes(run) == {0, 1}
    assert run(5) == run(5)


# ---------------------------------------------------------------------------- Aggressive


def test_aggressive_1_attacks_an_enemy_unit_in_attack_range() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    king = game.add_permanent("King", (4, 2), 1)  # health 4, attack 1
    run_behaviour(game, unit, "aggressive")
    assert game.view(king).damage == 2
    assert game.view(unit).damage == 1  # the King strikes back
    assert game.tile_of(unit) == (3, 1)  # already next to it: no move towards it


def test_aggressive_1_does_not_attack_its_own_units_or_artifacts() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    friend = game.add_permanent("King", (4, 1), 0)
    chest = game.add_permanent("Treasure Chest", (2, 1), 1)  # an enemy permanent, not a unit
    run_behaviour(game, unit, "aggressive")
    assert game.view(friend).damage == 0
    assert game.is_on_map(chest)
    assert game.view(unit).attacks_left == 1


def test_aggressive_2_moves_towards_the_enemy_and_attacks_again() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)  # movement 2
    king = game.add_permanent("King", (4, 1), 1)  # range 3: out of attack range
    run_behaviour(game, unit, "aggressive")
    here = game.tile_of(unit)
    assert here is not None and distance(here, (4, 1)) == 1
    assert game.view(king).damage == 2  # back to step 1 after the move
    assert game.view(unit).moves_left == 0 and game.view(unit).attacks_left == 0


def test_aggressive_2_moves_towards_the_nearest_of_several_enemies() -> None:
    def run(seed: int) -> Tile | None:
        game = scenario(GRID, seed=seed)
        unit = game.add_permanent("Soldier", (1, 1), 0)  # movement 2
        east = game.add_permanent("King", (4, 1), 1)  # range 3
        south = game.add_permanent("King", (1, 3), 1)  # range 2: the nearest enemy
        run_behaviour(game, unit, "aggressive")
        assert game.view(south).damage == 2 and game.view(east).damage == 0
        return game.tile_of(unit)

    for tile in _outcomes(run):
        assert tile is not None and distance(tile, (1, 3)) == 1


def test_aggressive_2_closes_in_as_far_as_it_can_when_the_enemy_is_out_of_reach() -> None:
    def run(seed: int) -> Tile | None:
        game = scenario(GRID, seed=seed)
        unit = game.add_permanent("Soldier", (0, 1), 0)  # movement 2
        king = game.add_permanent("King", (7, 1), 1)
        run_behaviour(game, unit, "aggressive")
        assert game.view(king).damage == 0 and game.view(unit).attacks_left == 1
        return game.tile_of(unit)

    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (0, 1), 0)
    options = _free_reachable(game, unit)
    best = min(distance(t, (7, 1)) for t in options)
    allowed = {t for t in options if distance(t, (7, 1)) == best}
    assert best == 5
    assert _outcomes(run) <= allowed
    assert run(3) == run(3)


# ---------------------------------------------------------------------------- Shy


def test_shy_1_uses_the_full_action_when_no_enemy_can_reach_it() -> None:
    game = scenario(GRID)
    hermit = game.add_permanent(HERMIT, (1, 1), 0)
    game.add_permanent("Soldier", (5, 1), 1)  # range 1: the hermit is out of its reach
    run_behaviour(game, hermit, "shy")
    assert game.players[0].resource == 2
    assert game.tile_of(hermit) == (1, 1)  # the full action took its move
    assert game.view(hermit).moves_left == 0 and game.view(hermit).attacks_left == 0


def test_shy_1_no_full_action_while_an_enemy_has_it_in_attack_range() -> None:
    game = scenario(GRID)
    hermit = game.add_permanent(HERMIT, (1, 1), 0)
    game.add_permanent("Archer", (4, 1), 1)  # range 3 reaches the hermit
    run_behaviour(game, hermit, "shy")
    assert game.players[0].resource == 0
    assert game.tile_of(hermit) != (1, 1)  # it runs instead (step 2)


def test_shy_2_moves_to_the_reachable_tile_farthest_from_all_enemies() -> None:
    enemies = [(6, 0), (6, 3)]

    def run(seed: int) -> Tile | None:
        game = scenario(GRID, seed=seed)
        unit = game.add_permanent("Soldier", (4, 1), 0)
        for tile in enemies:
            game.add_permanent("Soldier", tile, 1)
        run_behaviour(game, unit, "shy")
        return game.tile_of(unit)

    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (4, 1), 0)
    for tile in enemies:
        game.add_permanent("Soldier", tile, 1)
    options = _free_reachable(game, unit)
    best = max(_nearest(t, enemies) for t in options)
    allowed = {t for t in options if _nearest(t, enemies) == best}
    assert best > _nearest((4, 1), enemies)
    assert _outcomes(run) <= allowed
    assert run(9) == run(9)


def test_shy_3_a_cornered_unit_attacks_the_enemy_in_range() -> None:
    game = scenario("#####\n#..##\n#####\n1....")
    unit = game.add_permanent("Soldier", (1, 1), 0)
    king = game.add_permanent("King", (2, 1), 1)  # no free tile left to flee to
    run_behaviour(game, unit, "shy")
    assert game.tile_of(unit) == (1, 1)
    assert game.view(king).damage == 2


def test_shy_3_no_attack_when_no_enemy_is_left_in_range() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    king = game.add_permanent("King", (4, 1), 1)
    run_behaviour(game, unit, "shy")
    here = game.tile_of(unit)
    assert here is not None and distance(here, (4, 1)) > 1
    assert game.view(king).damage == 0 and game.view(unit).attacks_left == 1


# ---------------------------------------------------------------------------- Wandering X


def test_wandering_x_1_acts_aggressive_when_an_enemy_is_within_range_x() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)  # movement 2
    king = game.add_permanent("King", (4, 1), 1)  # range 3
    run_behaviour(game, unit, "wandering", 3)
    here = game.tile_of(unit)
    assert here is not None and distance(here, (4, 1)) == 1  # moved towards it ...
    assert game.view(king).damage == 2  # ... and attacked


def test_wandering_x_1_an_enemy_in_attack_range_is_attacked() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    king = game.add_permanent("King", (4, 1), 1)
    run_behaviour(game, unit, "wandering", 1)
    assert game.view(king).damage == 2 and game.tile_of(unit) == (3, 1)


def test_wandering_x_2_beyond_range_x_it_moves_to_a_random_reachable_tile() -> None:
    def run(seed: int) -> Tile | None:
        game = scenario(GRID, seed=seed)
        unit = game.add_permanent("Soldier", (1, 1), 0)
        king = game.add_permanent("King", (5, 1), 1)  # range 4: beyond X = 3
        run_behaviour(game, unit, "wandering", 3)
        assert game.view(king).damage == 0
        return game.tile_of(unit)

    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)
    game.add_permanent("King", (5, 1), 1)
    allowed = set(_free_reachable(game, unit))
    seen = _outcomes(run)
    assert seen <= allowed
    # not aggressive: it does not always close in on the King
    assert any(distance(t, (5, 1)) > 2 for t in seen if t is not None)
    assert run(4) == run(4)


def test_wandering_x_2_with_no_move_action_left_it_stays() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)
    game.edit(unit, moves=0)
    run_behaviour(game, unit, "wandering", 3)
    assert game.tile_of(unit) == (1, 1)


# ---------------------------------------------------------------------------- Target-oriented


def test_target_oriented_1_uses_the_full_action_first() -> None:
    game = scenario(GRID)
    hermit = game.add_permanent(HERMIT, (1, 1), 0)
    king = game.add_permanent("King", (2, 1), 1)  # in attack range, and threatening
    run_behaviour(game, hermit, "target_oriented", (6, 1))
    assert game.players[0].resource == 2
    assert game.tile_of(hermit) == (1, 1)  # the full action used its move and attack
    assert game.view(king).damage == 0


def test_target_oriented_2_moves_onto_a_target_tile_within_reach() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)
    run_behaviour(game, unit, "target_oriented", (3, 0))
    assert game.tile_of(unit) == (3, 0)


def test_target_oriented_2_moves_towards_a_target_out_of_reach() -> None:
    def run(seed: int) -> Tile | None:
        game = scenario(GRID, seed=seed)
        unit = game.add_permanent("Soldier", (0, 1), 0)
        run_behaviour(game, unit, "target_oriented", (7, 2))
        return game.tile_of(unit)

    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (0, 1), 0)
    options = _free_reachable(game, unit)
    best = min(distance(t, (7, 2)) for t in options)
    allowed = {t for t in options if distance(t, (7, 2)) == best}
    assert _outcomes(run) <= allowed
    assert run(2) == run(2)


def test_target_oriented_2_a_permanent_as_target_is_approached() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)
    chest = game.add_permanent("Treasure Chest", (4, 2), 0)
    run_behaviour(game, unit, "target_oriented", chest)
    here = game.tile_of(unit)
    assert here is not None and distance(here, (4, 2)) == 1


def test_target_oriented_2_wanders_when_the_target_can_not_be_reached() -> None:
    grid = "...ww...\n...ww...\n...ww...\n1..ww..."  # deep water splits the map

    def run(seed: int) -> Tile | None:
        game = scenario(grid, seed=seed)
        unit = game.add_permanent("Soldier", (2, 1), 0)
        run_behaviour(game, unit, "target_oriented", (6, 1))
        return game.tile_of(unit)

    game = scenario(grid)
    unit = game.add_permanent("Soldier", (2, 1), 0)
    allowed = set(_free_reachable(game, unit))
    seen = _outcomes(run)
    assert seen <= allowed
    assert len(seen) > 2  # a random tile, not the one nearest to the target
    assert run(8) == run(8)


def test_target_oriented_2_wanders_when_the_target_no_longer_exists() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)
    gone = game.add_permanent("King", (6, 1), 1)
    allowed = set(_free_reachable(game, unit))
    game.destroy(gone, "test: the target left the map")
    assert game.zone(gone) is Zone.DISCARD
    run_behaviour(game, unit, "target_oriented", gone)
    assert game.tile_of(unit) in allowed


def test_target_oriented_2_a_unit_on_its_target_tile_stays_there() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    run_behaviour(game, unit, "target_oriented", (3, 1))
    assert game.tile_of(unit) == (3, 1)


@rules("Target-oriented 3")
def test_target_oriented_2_a_unit_next_to_its_target_does_not_walk_away() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    king = game.add_permanent("King", (4, 1), 1)
    run_behaviour(game, unit, "target_oriented", king)
    here = game.tile_of(unit)
    assert here is not None and distance(here, (4, 1)) == 1
    assert game.view(king).damage == 2


def test_target_oriented_3_attacks_an_enemy_in_range_after_moving() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)
    king = game.add_permanent("King", (4, 2), 1)
    run_behaviour(game, unit, "target_oriented", (3, 1))
    assert game.tile_of(unit) == (3, 1)
    assert game.view(king).damage == 2


def test_target_oriented_3_no_attack_without_an_enemy_in_range() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)
    king = game.add_permanent("King", (7, 3), 1)
    run_behaviour(game, unit, "target_oriented", (3, 1))
    assert game.tile_of(unit) == (3, 1)
    assert game.view(king).damage == 0 and game.view(unit).attacks_left == 1
