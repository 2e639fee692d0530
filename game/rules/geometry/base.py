"""The common interface of every board geometry, and helpers the geometries share.

A geometry is built once per map. It knows how many cells the map's Tiled grid has and how
large a cell is in native pixels, and it answers every spatial question the rules, the AI,
the Tiled loader and the board view ask: which tiles exist, which touch, how far apart two
tiles are, where a walk can go, and where a tile is drawn on screen.

Tiles are opaque hashable ids for everyone outside this package. Each geometry chooses its
own ids (``(column, row)`` on square boards, axial ``(q, r)`` on hex boards) and converts
between them and Tiled's cell coordinates with ``grid_to_tile`` and ``tile_to_grid``.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, ClassVar, Self

#: A tile id. Every geometry in this package uses a pair of ints; only the geometry knows
#: what the two numbers mean.
Tile = tuple[int, int]

#: A pixel position or size, in native pixels times the requested scale.
Point = tuple[float, float]

#: A straight direction of a geometry (opaque, hashable, compared with ``==``).
Direction = Hashable

#: Larger than any cost a search will meet.
FAR = 1 << 30

DEFAULT_TILE_SIZE = 64


def int_param(params: Mapping[str, Any], key: str, default: int, *,
              minimum: int = 1, maximum: int | None = None) -> int:
    """Read an integer map setting, raising ValueError that names it when it is unusable."""
    value = params.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"geometry parameter {key!r} must be an integer, found {value!r}")
    if value < minimum or (maximum is not None and value > maximum):
        wanted = f">= {minimum}" if maximum is None else f"between {minimum} and {maximum}"
        raise ValueError(f"geometry parameter {key!r} must be {wanted}, found {value!r}")
    return value


def choice_param(params: Mapping[str, Any], key: str, default: str,
                 choices: tuple[str, ...]) -> str:
    """Read a setting that must be one of a few words, raising ValueError that names it."""
    value = params.get(key, default)
    if value not in choices:
        raise ValueError(f"geometry parameter {key!r} must be one of "
                         f"{', '.join(repr(c) for c in choices)}, found {value!r}")
    return str(value)


def check_size(width: int, height: int) -> None:
    """Raise ValueError unless the grid is at least one cell in each direction."""
    for key, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"map {key} must be a positive integer, found {value!r}")


def floor_div(value: float, size: float) -> int:
    """``floor(value / size)`` as an int."""
    return math.floor(value / size)


def inside_convex(corners: tuple[Point, ...], x: float, y: float) -> bool:
    """Is the point inside the convex polygon (its border included)?"""
    sign = 0.0
    count = len(corners)
    for i in range(count):
        ax, ay = corners[i]
        bx, by = corners[(i + 1) % count]
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if abs(cross) <= 1e-9:
            continue
        if sign == 0.0:
            sign = cross
        elif (cross > 0) != (sign > 0):
            return False
    return True


def snap_eight(dx: int, dy: int) -> Tile:
    """Snap the offset ``(dx, dy)`` to the nearest of the eight square directions.

    The sector borders lie at 22.5 degrees from each axis; ``tan(22.5°)`` is taken as
    1000 / 2414, so an offset of (3, 1) snaps to the row and (2, 1) to the diagonal."""
    ax, ay = abs(dx), abs(dy)
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if ay * 2414 < ax * 1000:
        return (sx, 0)
    if ax * 2414 < ay * 1000:
        return (0, sy)
    return (sx, sy)


def uniform_reachable(table: Mapping[Tile, tuple[Tile, ...]], start: Tile, budget: int,
                      passable: AbstractSet[Tile], stops: AbstractSet[Tile],
                      ends: AbstractSet[Tile],
                      extra_cost: Mapping[Tile, int] | None) -> dict[Tile, int]:
    """The walk search of geometries where every step costs 1 (plus the tile's extra cost).

    ``table`` lists the tiles one step away from each tile. The meaning of the other
    arguments is that of ``Geometry.reachable``."""
    if budget <= 0 or start not in table:
        return {}
    result: dict[Tile, int] = {}
    if extra_cost is None:
        # Plain breadth-first search: the first time a tile is met is the cheapest.
        seen: set[Tile] = {start}
        frontier = [start]
        for cost in range(1, budget + 1):
            following: list[Tile] = []
            for tile in frontier:
                if tile in stops and tile != start:
                    continue
                for n in table[tile]:
                    if n in seen:
                        continue
                    if n in ends:
                        if n not in result:
                            result[n] = cost
                        continue
                    if n not in passable:
                        continue
                    seen.add(n)
                    result[n] = cost
                    following.append(n)
            if not following:
                break
            frontier = following
        return result
    # With terrain costs: a bucket queue indexed by cost (costs are small integers).
    extra = extra_cost.get
    best: dict[Tile, int] = {start: 0}
    buckets: list[list[Tile]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for cost in range(budget + 1):
        for tile in buckets[cost]:
            if best[tile] != cost or (tile in stops and tile != start):
                continue
            for n in table[tile]:
                total = cost + 1 + extra(n, 0)
                if total > budget:
                    continue
                if total <= cost:
                    raise ValueError(f"extra_cost of {n} is negative: {extra(n, 0)}")
                if n in ends:
                    if result.get(n, FAR) > total:
                        result[n] = total
                    continue
                if n not in passable or best.get(n, FAR) <= total:
                    continue
                best[n] = total
                buckets[total].append(n)
                result[n] = total
    result.pop(start, None)
    return result


class Geometry(ABC):
    """One kind of board: tiles, adjacency, the distance metric, walks and pixels.

    Subclasses fill ``_neighbours`` (every on-board tile to its on-board neighbours, in a
    fixed order) in their constructor, after calling this one. Anything a subclass needs in
    ``grid_to_tile`` must be set before calling this constructor."""

    name: ClassVar[str]

    def __init__(self, width: int, height: int, tile_width: int = DEFAULT_TILE_SIZE,
                 tile_height: int = DEFAULT_TILE_SIZE) -> None:
        check_size(width, height)
        for key, value in (("tile_width", tile_width), ("tile_height", tile_height)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"geometry parameter {key!r} must be a positive integer, "
                                 f"found {value!r}")
        #: Size of the Tiled grid, in cells.
        self.width = width
        self.height = height
        #: Native size of a cell, in pixels (as written in the map file).
        self.tile_width = tile_width
        self.tile_height = tile_height
        self._cells: tuple[Tile, ...] = tuple(
            self.grid_to_tile(col, row) for row in range(height) for col in range(width))
        self._index: dict[Tile, int] = {tile: i for i, tile in enumerate(self._cells)}
        self._neighbours: dict[Tile, tuple[Tile, ...]] = {}
        self._neighbour_sets: dict[Tile, frozenset[Tile]] = {}
        self._within_cache: dict[tuple[Tile, int], tuple[Tile, ...]] = {}

    def _set_neighbours(self, table: dict[Tile, tuple[Tile, ...]]) -> None:
        """Install the adjacency table (called once by each subclass constructor)."""
        self._neighbours = table
        self._neighbour_sets = {tile: frozenset(ns) for tile, ns in table.items()}

    # -- construction ------------------------------------------------------------------

    @classmethod
    def from_params(cls, width: int, height: int, params: Mapping[str, Any]) -> Self:
        """Build the geometry of a ``width`` x ``height`` map from its map-level settings.

        Settings this geometry does not use are ignored; unusable ones raise ValueError
        naming the setting, what was expected and what was found."""
        check_size(width, height)
        return cls(width, height, **cls.parse_params(params))

    @classmethod
    def parse_params(cls, params: Mapping[str, Any]) -> dict[str, Any]:
        """The constructor's keyword arguments read from map-level settings."""
        return {
            "tile_width": int_param(params, "tile_width", DEFAULT_TILE_SIZE),
            "tile_height": int_param(params, "tile_height", DEFAULT_TILE_SIZE),
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {self.width}x{self.height}>"

    # -- tiles ---------------------------------------------------------------------------

    def cells(self) -> tuple[Tile, ...]:
        """Every tile of the board in Tiled's row-major order (row 0 left to right, ...)."""
        return self._cells

    def index(self, tile: Tile) -> int:
        """Position of ``tile`` in ``cells()`` (for row-major arrays such as tile types).

        Raises ValueError for a tile that is not on the board."""
        try:
            return self._index[tile]
        except KeyError:
            raise ValueError(f"tile {tile!r} is not on the {self.name} board") from None

    def contains(self, tile: Tile) -> bool:
        """Is ``tile`` a tile of this board?"""
        return tile in self._index

    @abstractmethod
    def grid_to_tile(self, col: int, row: int) -> Tile:
        """The tile id of Tiled's cell ``(col, row)`` (no check that it is on the board)."""

    @abstractmethod
    def tile_to_grid(self, tile: Tile) -> tuple[int, int]:
        """Tiled's ``(col, row)`` of a tile id (no check that it is on the board)."""

    def label(self, tile: Tile) -> str:
        """A tile as players and map authors see it: ``(column, row)`` as Tiled shows it
        (on square boards the tile id itself)."""
        col, row = self.tile_to_grid(tile)
        return f"({col}, {row})"

    # -- adjacency and distance ----------------------------------------------------------

    def neighbours(self, tile: Tile) -> tuple[Tile, ...]:
        """The on-board tiles next to ``tile``, in a fixed order (empty if off the board)."""
        return self._neighbours.get(tile, ())

    def index_table(self) -> Mapping[Tile, int]:
        """``index`` of every on-board tile at once, for hot loops (do not modify)."""
        return self._index

    def neighbour_table(self) -> Mapping[Tile, tuple[Tile, ...]]:
        """``neighbours`` of every on-board tile at once, for hot loops (do not modify)."""
        return self._neighbours

    def adjacent(self, a: Tile, b: Tile) -> bool:
        """Are ``a`` and ``b`` neighbours (two different on-board tiles)?"""
        found = self._neighbour_sets.get(a)
        return found is not None and b in found

    @abstractmethod
    def distance(self, a: Tile, b: Tile) -> int:
        """The range between two tiles (0 only for the same tile)."""

    def within(self, origin: Tile, radius: int) -> tuple[Tile, ...]:
        """On-board tiles at distance 1 to ``radius`` from ``origin``, nearest first.

        Tiles at the same distance come in a fixed order. The answer is cached."""
        if radius <= 0:
            return ()
        key = (origin, radius)
        found = self._within_cache.get(key)
        if found is None:
            found = self._within_cache[key] = self._compute_within(origin, radius)
        return found

    def _compute_within(self, origin: Tile, radius: int) -> tuple[Tile, ...]:
        """Uncached ``within``: every tile measured, sorted by distance then board order."""
        index = self._index
        found = [(d, index[t], t) for t in self._cells
                 if 0 < (d := self.distance(origin, t)) <= radius]
        found.sort()
        return tuple(t for _d, _i, t in found)

    # -- straight lines ------------------------------------------------------------------

    @abstractmethod
    def direction(self, origin: Tile, toward: Tile) -> Direction | None:
        """The straight direction from ``origin`` that points nearest to ``toward``.

        None when both are the same tile or the geometry has no straight directions."""

    @abstractmethod
    def step(self, tile: Tile, direction: Direction) -> Tile | None:
        """The tile one step from ``tile`` in ``direction`` (None when off the board)."""

    @abstractmethod
    def line_between(self, a: Tile, b: Tile) -> tuple[Tile, ...] | None:
        """The tiles strictly between ``a`` and ``b`` when ``b`` lies on a straight line
        from ``a`` (nearest to ``a`` first); None when it does not or ``a == b``."""

    def sight_line(self, a: Tile, b: Tile) -> tuple[tuple[Tile, ...], ...]:
        """The tiles a straight look from the centre of ``a`` to the centre of ``b`` passes
        over, strictly between the two, nearest to ``a`` first: one tile per step, or two
        where the look runs exactly along the border of two tiles (then always in the same
        order: the tile on one side of the look first, on the other side second). Tiles
        off the board are left out (a step may then hold one tile or none).

        This general version samples the line between the cells' pixel centres (nudged a
        little to each side); a geometry with exact lines overrides it."""
        if a == b:
            return ()
        ax, ay = self.cell_center(a)
        bx, by = self.cell_center(b)
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        nx, ny = -dy / length * 1e-3, dx / length * 1e-3
        samples = max(8, int(length / 2))
        steps: list[tuple[Tile, ...]] = []
        seen: set[Tile] = {a, b}
        for i in range(1, samples):
            t = i / samples
            x, y = ax + dx * t, ay + dy * t
            here: list[Tile] = []
            for side in (1.0, -1.0):
                tile = self.tile_at_pixel(x + nx * side, y + ny * side)
                if tile is not None and tile not in seen and tile not in here:
                    here.append(tile)
            if here:
                seen.update(here)
                steps.append(tuple(here))
        return tuple(steps)

    # -- walks ---------------------------------------------------------------------------

    @abstractmethod
    def reachable(self, start: Tile, budget: int, passable: AbstractSet[Tile],
                  stops: AbstractSet[Tile] = frozenset(), ends: AbstractSet[Tile] = frozenset(),
                  extra_cost: Mapping[Tile, int] | None = None) -> dict[Tile, int]:
        """Tiles a walk from ``start`` costing at most ``budget`` can end on, with the
        cheapest cost of each (``start`` itself excluded).

        A step may enter a tile of ``passable``; the walk may go on from it unless it is
        in ``stops`` (the walk may end there but goes no further). Tiles of ``ends`` may
        end a walk but are never passed through, whether passable or not (for example a
        friendly unit to crew). ``extra_cost`` adds a non-negative cost to entering a tile
        (terrain); None means no terrain costs at all."""

    # -- pixels --------------------------------------------------------------------------

    @abstractmethod
    def pixel_size(self, scale: float = 1.0) -> Point:
        """Width and height of the whole map, in native pixels times ``scale``."""

    @abstractmethod
    def cell_bounds(self, tile: Tile, scale: float = 1.0) -> tuple[float, float, float, float]:
        """``(x, y, w, h)`` of the bounding box of the tile's cell."""

    @abstractmethod
    def cell_polygon(self, tile: Tile, scale: float = 1.0) -> tuple[Point, ...]:
        """The corners of the tile's cell, going round it (4 for squares, 6 for hexes)."""

    def cell_center(self, tile: Tile, scale: float = 1.0) -> Point:
        """The centre of the tile's cell."""
        x, y, w, h = self.cell_bounds(tile, scale)
        return (x + w / 2, y + h / 2)

    @abstractmethod
    def tile_at_pixel(self, x: float, y: float, scale: float = 1.0) -> Tile | None:
        """The on-board tile whose cell holds the point, or None outside every cell."""

