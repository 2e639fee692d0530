"""The square board of the rulebook ("square-muhq"): its range metric, steps and walks.

Tiles are ``(x, y)`` tuples. The metric is the rulebook's (rule Range 5): for a tile at
offset ``(x, y)`` from the origin, the distance is ``|x| + floor(|y| / 2)`` when
``|x| > |y|`` and ``|y| + floor(|x| / 2)`` otherwise. It equals the cost of walking there
when every second diagonal step counts twice (rule Range 4, rule Movement 4).

The module-level functions are the metric on raw offsets and tiles, independent of any
board; ``SquareMuhqGeometry`` is the same metric on a board of a given size.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from functools import lru_cache

from .base import FAR, Tile, snap_eight
from .square import SquareGeometry

#: The eight offsets of the tiles in range 1 ("adjacent", rule Range 6), in a fixed order.
NEIGHBOUR_OFFSETS: tuple[Tile, ...] = (
    (0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1),
)


def offset_distance(dx: int, dy: int) -> int:
    """Range of the offset ``(dx, dy)`` (rule Range 5)."""
    ax = dx if dx >= 0 else -dx
    ay = dy if dy >= 0 else -dy
    if ax > ay:
        return ax + (ay >> 1)
    return ay + (ax >> 1)


def distance(a: Tile, b: Tile) -> int:
    """Smallest range ``r`` such that ``b`` lies in the range ``r`` around ``a``."""
    return offset_distance(b[0] - a[0], b[1] - a[1])


def in_range(origin: Tile, tile: Tile, radius: int) -> bool:
    """Rule Range 5: is ``tile`` inside the range of radius ``radius`` around ``origin``?"""
    return offset_distance(tile[0] - origin[0], tile[1] - origin[1]) <= radius


def adjacent(a: Tile, b: Tile) -> bool:
    """Rule Range 6: adjacent means in range 1 (and not the same tile)."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


@lru_cache(maxsize=64)
def range_offsets(radius: int) -> tuple[Tile, ...]:
    """Every offset within ``radius`` (the origin excluded), nearest first, in a fixed order."""
    found = [
        (dx, dy)
        for dy in range(-radius, radius + 1)
        for dx in range(-radius, radius + 1)
        if (dx or dy) and offset_distance(dx, dy) <= radius
    ]
    found.sort(key=lambda o: (offset_distance(*o), o[1], o[0]))
    return tuple(found)


def step_cost(diagonals_so_far: int, dx: int, dy: int) -> int:
    """Cost of one step: orthogonal steps cost 1, every second diagonal step costs 2."""
    if dx and dy:
        return 2 if diagonals_so_far & 1 else 1
    return 1


def direction(origin: Tile, tile: Tile) -> Tile:
    """The straight-line step direction from ``origin`` through ``tile`` (rule Push 5).

    Our reading: the line from ``origin`` to ``tile`` is snapped to the nearest of the
    eight directions (an offset of (3, 1) pushes along the row, (2, 1) diagonally).
    """
    return snap_eight(tile[0] - origin[0], tile[1] - origin[1])


#: One step of the walk search: (tile entered, cost of the step, parity after the step).
_Step = tuple[Tile, int, int]


class SquareMuhqGeometry(SquareGeometry):
    """The rulebook's square board: eight neighbours, the Range 5 metric, and walks where
    every second diagonal step costs 2."""

    name = "square-muhq"

    def __init__(self, width: int, height: int, tile_width: int = 64,
                 tile_height: int = 64) -> None:
        super().__init__(width, height, tile_width, tile_height)
        self._set_neighbours(self._table(NEIGHBOUR_OFFSETS))
        # The walk's state is (tile, parity of the diagonal steps taken so far). For each
        # parity, the steps out of every tile with their cost and the parity they lead to.
        even: dict[Tile, tuple[_Step, ...]] = {}
        odd: dict[Tile, tuple[_Step, ...]] = {}
        for tile, around in self._neighbours.items():
            x, y = tile
            even[tile] = tuple((n, 1, 1) if n[0] != x and n[1] != y else (n, 1, 0)
                               for n in around)
            odd[tile] = tuple((n, 2, 0) if n[0] != x and n[1] != y else (n, 1, 1)
                              for n in around)
        self._steps = (even, odd)

    def distance(self, a: Tile, b: Tile) -> int:
        return offset_distance(b[0] - a[0], b[1] - a[1])

    def _compute_within(self, origin: Tile, radius: int) -> tuple[Tile, ...]:
        """``range_offsets(radius)`` around ``origin``, cut to the board."""
        ox, oy = origin
        w, h = self.width, self.height
        return tuple((ox + dx, oy + dy) for dx, dy in range_offsets(radius)
                     if 0 <= ox + dx < w and 0 <= oy + dy < h)

    def reachable(self, start: Tile, budget: int, passable: AbstractSet[Tile],
                  stops: AbstractSet[Tile] = frozenset(), ends: AbstractSet[Tile] = frozenset(),
                  extra_cost: Mapping[Tile, int] | None = None) -> dict[Tile, int]:
        """Walks of orthogonal steps costing 1 and diagonal steps costing 1 and 2 in turn
        (rule Movement 4), so a straight walk costs exactly the range metric."""
        if budget <= 0 or start not in self._index:
            return {}
        steps = self._steps
        if budget == 1 and extra_cost is None:
            # one step, orthogonal or the first diagonal, costs 1: every neighbour that is
            # an end or passable, in the order the walk below would find them
            return {n: 1 for n, _, _ in steps[0][start] if n in ends or n in passable}
        # Cheapest known cost of each state, and the states to expand, per cost and parity.
        # The start counts as reached at cost 0 in both parities so no walk comes back.
        best = ({start: 0}, {start: 0})
        buckets: list[tuple[list[Tile], list[Tile]]] = [([], []) for _ in range(budget + 1)]
        buckets[0][0].append(start)
        result: dict[Tile, int] = {}
        extra = None if extra_cost is None else extra_cost.get
        for cost in range(budget + 1):
            for parity in (0, 1):
                mine = best[parity]
                table = steps[parity]
                for tile in buckets[cost][parity]:
                    if mine[tile] != cost or (tile in stops and tile != start):
                        continue
                    for n, step, after in table[tile]:
                        total = cost + step
                        if extra is not None:
                            more = extra(n, 0)
                            if more < 0:
                                raise ValueError(f"extra_cost of {n} is negative: {more}")
                            total += more
                        if total > budget:
                            continue
                        if n in ends:
                            if result.get(n, FAR) > total:
                                result[n] = total
                            continue
                        if n not in passable:
                            continue
                        known = best[after]
                        if known.get(n, FAR) <= total:
                            continue
                        # Skip a state the other parity already beats on this tile: an even
                        # state at cost c beats odd ones costing c or more, an odd state at
                        # cost c beats even ones costing c + 1 or more.
                        if best[after ^ 1].get(n, FAR) < total + after:
                            continue
                        known[n] = total
                        buckets[total][after].append(n)
                        if result.get(n, FAR) > total:
                            result[n] = total
        result.pop(start, None)
        return result
