"""Tile geometry of the rulebook: the range metric, steps, straight lines.

Tiles are ``(x, y)`` tuples. The metric is the rulebook's (rule Range 5): for a tile at
offset ``(x, y)`` from the origin, the distance is ``|x| + floor(|y| / 2)`` when
``|x| > |y|`` and ``|y| + floor(|x| / 2)`` otherwise. It equals the cost of walking there
when every second diagonal step counts twice (rule Range 4, rule Movement 4).
"""

from __future__ import annotations

from functools import lru_cache

Tile = tuple[int, int]

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
    dx = tile[0] - origin[0]
    dy = tile[1] - origin[1]
    ax, ay = abs(dx), abs(dy)
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    # tan(22.5 degrees) ~ 0.4142: beyond it the line is nearer to the axis than the diagonal.
    if ay * 2414 < ax * 1000:
        return (sx, 0)
    if ax * 2414 < ay * 1000:
        return (0, sy)
    return (sx, sy)
