"""Rules Range, Step and Movement: the range metric, steps, and where a move can go."""

from __future__ import annotations

import heapq

import pytest
from rulemarks import rules
from scenario import resolve, scenario, to_action_phase

from game.rules import Game, IllegalAction
from game.rules.core.actions import Activate, Attack, Move
from game.rules.geometry import (
    NEIGHBOUR_OFFSETS,
    adjacent,
    distance,
    in_range,
    offset_distance,
    range_offsets,
    step_cost,
)

OPEN_11 = "\n".join(["..........."] * 11)  # an open 11x11 field, centre (5, 5)
CENTRE = (5, 5)


def walk_costs(limit: int) -> dict[tuple[int, int], int]:
    """Brute force (rule Range 4): the cheapest walk from (0, 0) to every offset within
    ``limit`` in both coordinates, one step to one of the eight neighbours at a time,
    orthogonal steps costing 1 and every second diagonal step costing 2."""
    best: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
    queue = [(0, 0, 0, 0)]
    while queue:
        cost, x, y, diagonals = heapq.heappop(queue)
        if best.get((x, y, diagonals), 1 << 30) < cost:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if not (dx or dy):
                    continue
                nx, ny = x + dx, y + dy
                if abs(nx) > limit + 2 or abs(ny) > limit + 2:
                    continue
                diagonal = bool(dx and dy)
                step = (2 if diagonals else 1) if diagonal else 1
                parity = diagonals ^ 1 if diagonal else diagonals
                total = cost + step
                if best.get((nx, ny, parity), 1 << 30) <= total:
                    continue
                best[(nx, ny, parity)] = total
                heapq.heappush(queue, (total, nx, ny, parity))
    result: dict[tuple[int, int], int] = {}
    for (x, y, _parity), cost in best.items():
        if abs(x) <= limit and abs(y) <= limit:
            result[(x, y)] = min(cost, result.get((x, y), 1 << 30))
    return result


WALK = walk_costs(12)


def literal_formula(x: int, y: int) -> int:
    """Rule Range 5 with the comparison ``x > y`` read on signed offsets."""
    if x > y:
        return abs(x) + abs(y) // 2
    return abs(y) + abs(x) // 2


def ready(grid: str = OPEN_11, **kwargs) -> Game:  # type: ignore[no-untyped-def]
    game = scenario(grid, **kwargs)
    to_action_phase(game)
    return game


def move_tiles(game: Game, unit: int) -> set[tuple[int, int]]:
    if game.activated != unit:
        resolve(game, Activate(game.controller(unit), unit))
    return {a.tile for a in game.legal_actions(game.controller(unit))
            if isinstance(a, Move) and a.unit == unit}


def around(origin: tuple[int, int], radius: int, width: int, height: int) -> set[tuple[int, int]]:
    return {
        (x, y) for y in range(height) for x in range(width)
        if (x, y) != origin and in_range(origin, (x, y), radius)
    }


# ---------------------------------------------------------------------------- Range


def test_range_1_a_range_is_an_area_of_tiles() -> None:
    area = set(range_offsets(2))
    assert area == {(dx, dy) for dx in range(-3, 4) for dy in range(-3, 4)
                    if (dx or dy) and WALK[(dx, dy)] <= 2}
    # the area is a set of tiles: in_range answers for tiles, distance is symmetric
    assert all(in_range((4, 4), (4 + dx, 4 + dy), 2) for dx, dy in area)
    assert distance((1, 2), (4, 3)) == distance((4, 3), (1, 2)) == 3


def test_range_2_every_range_has_an_origin_tile() -> None:
    # the origin itself lies in every range, and a range moves with its origin
    for radius in range(0, 4):
        assert in_range((3, 3), (3, 3), radius)
    assert in_range((0, 0), (2, 1), 2)
    assert in_range((10, -4), (12, -3), 2)
    assert not in_range((0, 0), (12, -3), 2)
    assert all(distance((7, 9), (7 + dx, 9 + dy)) == offset_distance(dx, dy)
               for dx, dy in WALK)


def test_range_3_every_range_has_a_radius() -> None:
    sizes = [len(range_offsets(r)) for r in range(0, 6)]
    assert sizes[0] == 0
    assert sizes[1] == 8
    for r in range(1, 6):
        inner, outer = set(range_offsets(r - 1)), set(range_offsets(r))
        assert inner < outer  # a bigger radius holds strictly more tiles
        assert all(offset_distance(*o) == r for o in outer - inner)


def test_range_4_range_holds_the_tiles_reached_in_r_steps() -> None:
    for radius in range(0, 9):
        reached = {o for o, cost in WALK.items() if cost <= radius and o != (0, 0)}
        assert set(range_offsets(radius)) == reached, radius
    # examples: the second diagonal step costs two, the third one again
    assert WALK[(1, 1)] == 1 and offset_distance(1, 1) == 1
    assert WALK[(2, 2)] == 3 and offset_distance(2, 2) == 3
    assert WALK[(3, 3)] == 4 and offset_distance(3, 3) == 4


def test_range_5_formula_matches_brute_force_walk_exhaustively() -> None:
    checked = 0
    for (x, y), cost in WALK.items():
        assert offset_distance(x, y) == cost, (x, y)
        for radius in range(0, 14):
            assert in_range((0, 0), (x, y), radius) == (cost <= radius), (x, y, radius)
        checked += 1
    assert checked == 25 * 25


def test_range_5_our_reading_compares_absolute_offsets() -> None:
    # read literally with signed offsets, (-3, 1) would be at 1 + floor(3/2) = 2; the walk
    # needs 3 steps, and the engine compares |x| with |y|
    assert literal_formula(-3, 1) == 2
    assert WALK[(-3, 1)] == 3
    assert offset_distance(-3, 1) == 3
    disagreeing = [o for o in WALK if literal_formula(*o) != WALK[o]]
    assert disagreeing  # the literal reading is not the walk...
    assert all(offset_distance(*o) == WALK[o] for o in disagreeing)  # ...the engine is
    # symmetric under mirroring in both axes and swapping them
    for x, y in WALK:
        d = offset_distance(x, y)
        assert d == offset_distance(-x, y) == offset_distance(x, -y) == offset_distance(y, x)


def test_range_5_engine_attack_ranges_use_the_metric() -> None:
    game = ready()
    archer = game.add_permanent("Archer", CENTRE, 0)  # attack range 3
    targets = {}
    for tile in [(x, y) for y in range(11) for x in range(11) if (x, y) != CENTRE]:
        if abs(tile[0] - 5) <= 4 and abs(tile[1] - 5) <= 4 and (tile[0] + tile[1]) % 3 == 0:
            targets[game.add_permanent("Wolf", tile, 1)] = tile
    resolve(game, Activate(0, archer))
    attackable = {a.target for a in game.legal_actions(0)
                  if isinstance(a, Attack) and a.unit == archer}
    expected = {e for e, t in targets.items() if distance(CENTRE, t) <= 3}
    assert attackable == expected
    assert any(distance(CENTRE, t) == 4 for t in targets.values())  # some were out of range


def test_range_6_adjacent_means_the_eight_surrounding_tiles() -> None:
    ring = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
    assert set(range_offsets(1)) == ring
    assert set(NEIGHBOUR_OFFSETS) == ring
    assert all(adjacent((4, 4), (4 + dx, 4 + dy)) for dx, dy in ring)
    assert not adjacent((4, 4), (4, 4))
    assert not adjacent((4, 4), (6, 4))
    assert not adjacent((4, 4), (6, 5))
    game = scenario(OPEN_11)
    assert set(game.neighbours[CENTRE]) == {(5 + dx, 5 + dy) for dx, dy in ring}
    assert len(game.neighbours[(0, 0)]) == 3  # a corner has three neighbours on the map


# ---------------------------------------------------------------------------- Step


def test_step_1_a_step_goes_to_an_adjacent_tile() -> None:
    game = ready()
    king = game.add_permanent("King", CENTRE, 0)  # movement 1: one step
    assert move_tiles(game, king) == {(5 + dx, 5 + dy) for dx, dy in NEIGHBOUR_OFFSETS}
    resolve(game, Move(0, king, (6, 6)))
    assert game.tile_of(king) == (6, 6)
    assert game.permanent_at(CENTRE) == 0
    assert game.permanent_at((6, 6)) == king


def test_step_1_step_cost_counts_every_second_diagonal_twice() -> None:
    assert step_cost(0, 1, 0) == 1
    assert step_cost(1, 0, 1) == 1
    assert step_cost(0, 1, 1) == 1
    assert step_cost(1, 1, 1) == 2
    assert step_cost(2, -1, 1) == 1
    assert step_cost(3, -1, -1) == 2


# ---------------------------------------------------------------------------- Movement


def test_movement_1_moving_uses_up_the_move_action() -> None:
    game = ready()
    soldier = game.add_permanent("Soldier", CENTRE, 0)
    assert (6, 5) in move_tiles(game, soldier)
    resolve(game, Move(0, soldier, (6, 5)))
    assert game.tile_of(soldier) == (6, 5)
    assert game.activated == soldier  # the attack action is still left
    assert move_tiles(game, soldier) == set()
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(Move(0, soldier, (7, 5)))
    assert game.state_hash() == before
    assert game.tile_of(soldier) == (6, 5)


@rules("Movement 3")
def test_movement_2_unit_moves_within_its_movement_range() -> None:
    for name, reach in (("King", 1), ("Soldier", 2), ("Scout", 4)):
        game = ready()
        unit = game.add_permanent(name, CENTRE, 0)
        assert game.movement(unit) == reach
        assert move_tiles(game, unit) == around(CENTRE, reach, 11, 11), name
        game.close()


def test_movement_3_occupied_tiles_are_walked_around() -> None:
    grid = "\n".join(["......"] * 3)
    game = ready(grid)
    soldier = game.add_permanent("Soldier", (0, 1), 0)
    blocker = game.add_permanent("Soldier", (1, 1), 1)
    tiles = move_tiles(game, soldier)
    # (2, 1) is in range 2 but the straight way is blocked; around it costs 1 + 2 = 3
    assert distance((0, 1), (2, 1)) == 2
    assert (2, 1) not in tiles
    assert (1, 1) not in tiles  # never onto an enemy unit
    assert {(2, 0), (2, 2), (1, 0), (1, 2)} <= tiles
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(Move(0, soldier, (2, 1)))
    with pytest.raises(IllegalAction):
        game.apply(Move(0, soldier, (1, 1)))
    assert game.state_hash() == before
    assert game.tile_of(blocker) == (1, 1)
    # without the blocker the straight way is open
    open_game = ready(grid)
    free = open_game.add_permanent("Soldier", (0, 1), 0)
    assert (2, 1) in move_tiles(open_game, free)
    assert (1, 1) in move_tiles(open_game, free)


def test_movement_3_a_wall_is_walked_around_at_the_cost_of_the_detour() -> None:
    grid = (
        "......\n"
        "####..\n"
        "......"
    )
    game = ready(grid)
    scout = game.add_permanent("Scout", (0, 2), 0)  # movement 4
    tiles = move_tiles(game, scout)
    # the top row is within range 4 but only reachable around the wall's end
    assert all(distance((0, 2), (x, 0)) <= 4 for x in range(4))
    assert not any((x, 0) in tiles for x in range(6))
    assert {(1, 2), (2, 2), (3, 2), (4, 2)} <= tiles
    assert (4, 1) in tiles  # three straight steps and one diagonal: 4
    assert (5, 2) not in tiles  # five straight steps
    assert not any(game.tile_kind(t).wall_solid for t in tiles)


def test_movement_3_a_move_may_end_on_a_friendly_unit_with_a_free_crew_place() -> None:
    game = ready("......\n......\n......")
    soldier = game.add_permanent("Soldier", (0, 1), 0)
    ramm = game.add_permanent("Ramm", (1, 1), 0)  # crew 3
    enemy_ramm = game.add_permanent("Ramm", (0, 2), 1)
    tiles = move_tiles(game, soldier)
    assert (1, 1) in tiles  # crewing the own Ramm
    assert (0, 2) not in tiles  # not the enemy's
    # a crewing step ends the move: the Ramm can't be walked through, and around it
    # (1, 0) -> (2, 1) is a second diagonal step: 1 + 2 = 3
    assert (2, 1) not in tiles
    resolve(game, Move(0, soldier, (1, 1)))
    assert game.container_of(soldier) == ramm
    assert game.tile_of(soldier) == (1, 1)
    assert game.permanent_at((1, 1)) == ramm
    assert game.container_of(enemy_ramm) == 0


def test_movement_4_every_second_diagonal_step_counts_twice() -> None:
    game = ready()
    soldier = game.add_permanent("Soldier", CENTRE, 0)  # movement 2
    tiles = move_tiles(game, soldier)
    assert (6, 6) in tiles  # one diagonal: 1
    assert (7, 6) in tiles  # diagonal + straight: 2
    assert (7, 7) not in tiles  # two diagonals: 1 + 2 = 3
    assert (3, 3) not in tiles
    game.close()
    game = ready()
    scout = game.add_permanent("Scout", CENTRE, 0)  # movement 4
    tiles = move_tiles(game, scout)
    assert (8, 8) in tiles  # three diagonals: 1 + 2 + 1
    assert (9, 9) not in tiles  # four diagonals: 6
    assert (8, 7) in tiles  # two diagonals and one straight step in between: 1 + 1 + 2
    assert (9, 7) not in tiles  # 4 + 1 = 5
    assert (9, 6) in tiles  # one diagonal, three straight: 4
