"""Boards with extra connections ("graph"): a base geometry plus explicit links.

A link joins two tiles of the base board as if they were neighbours, in both directions:
wormholes between far hexes, hyperlanes between star systems. Distance becomes the fewest
steps over the base neighbours and the links together; every step of a walk costs 1 (plus
the entered tile's extra cost). Straight lines and directions still follow the base grid
and never jump along a link, and the board is drawn exactly like the base board.

Map settings: ``base`` names the base geometry ("hex" by default, or "square-grid" or
"square-muhq"), the base's own settings sit beside it, and ``links`` is a sequence of
``(tile_a, tile_b, name)`` with tiles given as tile ids of the base geometry.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, ClassVar, Self

from .base import Direction, Geometry, Point, Tile, check_size, uniform_reachable

#: A link between two tiles: (one end, the other end, its name).
Link = tuple[Tile, Tile, str]

#: How many origins' distance tables are kept before the cache starts over.
_DISTANCE_CACHE_SIZE = 512


class GraphGeometry(Geometry):
    """A base geometry whose adjacency is extended by named two-way links."""

    name = "graph"
    #: the geometries a graph may be built on, by name (filled in by the registry, which
    #: knows them all; this module does not import it)
    bases: ClassVar[Mapping[str, type[Geometry]]] = {}

    def __init__(self, base: Geometry, links: Iterable[Sequence[Any]] = ()) -> None:
        if isinstance(base, GraphGeometry):
            raise ValueError("geometry parameter 'base' cannot be another graph geometry")
        self.base = base
        super().__init__(base.width, base.height, base.tile_width, base.tile_height)
        found: list[Link] = []
        pairs: set[frozenset[Tile]] = set()
        partners: dict[Tile, list[tuple[Tile, str]]] = {}
        for i, raw in enumerate(links):
            link = self._read_link(i, raw)
            a, b, name = link
            pair = frozenset((a, b))
            if pair in pairs:
                raise ValueError(f"geometry parameter 'links': link {i} ({name!r}) joins "
                                 f"{a} and {b}, which an earlier link already joins")
            pairs.add(pair)
            found.append(link)
            partners.setdefault(a, []).append((b, name))
            partners.setdefault(b, []).append((a, name))
        self._links: tuple[Link, ...] = tuple(found)
        self._linked: dict[Tile, tuple[tuple[Tile, str], ...]] = {
            tile: tuple(ps) for tile, ps in partners.items()}
        table: dict[Tile, tuple[Tile, ...]] = {}
        for tile in self._cells:
            around = list(base.neighbours(tile))
            for other, _name in self._linked.get(tile, ()):
                if other not in around:
                    around.append(other)
            table[tile] = tuple(around)
        self._set_neighbours(table)
        self._distances: dict[Tile, dict[Tile, int]] = {}

    def _read_link(self, i: int, raw: Sequence[Any]) -> Link:
        """Check one link of the settings and turn its tiles into tuples."""
        if (isinstance(raw, str | bytes) or not isinstance(raw, Sequence)
                or len(raw) != 3):
            raise ValueError(f"geometry parameter 'links': link {i} must be "
                             f"(tile_a, tile_b, name), found {raw!r}")
        ends: list[Tile] = []
        for raw_tile in raw[:2]:
            if (isinstance(raw_tile, str | bytes) or not isinstance(raw_tile, Sequence)
                    or len(raw_tile) != 2
                    or not all(isinstance(c, int) and not isinstance(c, bool)
                               for c in raw_tile)):
                raise ValueError(f"geometry parameter 'links': link {i} must join two tile "
                                 f"ids (pairs of integers), found {raw_tile!r}")
            tile = (raw_tile[0], raw_tile[1])
            if not self.base.contains(tile):
                raise ValueError(f"geometry parameter 'links': link {i} names tile {tile}, "
                                 f"which is not on the {self.base.name} board")
            ends.append(tile)
        name = raw[2]
        if not isinstance(name, str) or not name:
            raise ValueError(f"geometry parameter 'links': link {i} needs a non-empty name, "
                             f"found {name!r}")
        if ends[0] == ends[1]:
            raise ValueError(f"geometry parameter 'links': link {i} ({name!r}) joins tile "
                             f"{ends[0]} to itself")
        return (ends[0], ends[1], name)

    @classmethod
    def from_params(cls, width: int, height: int, params: Mapping[str, Any]) -> Self:
        """Build the base geometry from the same settings, then add ``links``."""
        bases = cls.bases
        check_size(width, height)
        base_name = params.get("base", "hex")
        if base_name == cls.name or base_name not in bases:
            known = ", ".join(repr(n) for n in bases if n != cls.name)
            raise ValueError(f"geometry parameter 'base' must be one of {known}, "
                             f"found {base_name!r}")
        base = bases[base_name].from_params(width, height, params)
        links = params.get("links", ())
        if isinstance(links, str | bytes) or not isinstance(links, Iterable):
            raise ValueError(f"geometry parameter 'links' must be a sequence of "
                             f"(tile_a, tile_b, name), found {links!r}")
        return cls(base, links)

    def __repr__(self) -> str:
        return f"<GraphGeometry over {self.base!r}, {len(self._links)} links>"

    # -- links ---------------------------------------------------------------------------

    def links(self) -> tuple[Link, ...]:
        """Every link, as given."""
        return self._links

    def linked(self, tile: Tile) -> tuple[tuple[Tile, str], ...]:
        """The tiles linked to ``tile``, each with the link's name."""
        return self._linked.get(tile, ())

    # -- tiles ---------------------------------------------------------------------------

    def grid_to_tile(self, col: int, row: int) -> Tile:
        return self.base.grid_to_tile(col, row)

    def tile_to_grid(self, tile: Tile) -> tuple[int, int]:
        return self.base.tile_to_grid(tile)

    # -- distance ------------------------------------------------------------------------

    def _steps_from(self, origin: Tile) -> dict[Tile, int]:
        """Fewest steps from ``origin`` to every tile it connects to (cached)."""
        found = self._distances.get(origin)
        if found is not None:
            return found
        if origin not in self._index:
            raise ValueError(f"tile {origin!r} is not on the graph board")
        if len(self._distances) >= _DISTANCE_CACHE_SIZE:
            self._distances.clear()
        table = self._neighbours
        found = {origin: 0}
        frontier = [origin]
        depth = 0
        while frontier:
            depth += 1
            following = []
            for tile in frontier:
                for n in table[tile]:
                    if n not in found:
                        found[n] = depth
                        following.append(n)
            frontier = following
        self._distances[origin] = found
        return found

    def distance(self, a: Tile, b: Tile) -> int:
        """Fewest steps from ``a`` to ``b`` over neighbours and links.

        Raises ValueError for a tile that is off the board or cannot be reached."""
        if a == b:
            return 0
        found = self._steps_from(a).get(b)
        if found is None:
            raise ValueError(f"tile {b!r} cannot be reached from {a!r} on the graph board")
        return found

    def _compute_within(self, origin: Tile, radius: int) -> tuple[Tile, ...]:
        index = self._index
        found = sorted((d, index[t], t) for t, d in self._steps_from(origin).items()
                       if 0 < d <= radius)
        return tuple(t for _d, _i, t in found)

    # -- straight lines (the base grid's, never along a link) ----------------------------

    def direction(self, origin: Tile, toward: Tile) -> Direction | None:
        return self.base.direction(origin, toward)

    def step(self, tile: Tile, direction: Direction) -> Tile | None:
        return self.base.step(tile, direction)

    def line_between(self, a: Tile, b: Tile) -> tuple[Tile, ...] | None:
        return self.base.line_between(a, b)

    def sight_line(self, a: Tile, b: Tile) -> tuple[tuple[Tile, ...], ...]:
        """A look follows the base board, never a link."""
        return self.base.sight_line(a, b)

    # -- walks ---------------------------------------------------------------------------

    def reachable(self, start: Tile, budget: int, passable: AbstractSet[Tile],
                  stops: AbstractSet[Tile] = frozenset(), ends: AbstractSet[Tile] = frozenset(),
                  extra_cost: Mapping[Tile, int] | None = None) -> dict[Tile, int]:
        """Walks over neighbours and links, each step costing 1 plus the entered tile's
        extra cost."""
        return uniform_reachable(self._neighbours, start, budget, passable, stops, ends,
                                 extra_cost)

    # -- pixels (the base board's) -------------------------------------------------------

    def pixel_size(self, scale: float = 1.0) -> Point:
        return self.base.pixel_size(scale)

    def cell_bounds(self, tile: Tile, scale: float = 1.0) -> tuple[float, float, float, float]:
        return self.base.cell_bounds(tile, scale)

    def cell_center(self, tile: Tile, scale: float = 1.0) -> Point:
        return self.base.cell_center(tile, scale)

    def cell_polygon(self, tile: Tile, scale: float = 1.0) -> tuple[Point, ...]:
        return self.base.cell_polygon(tile, scale)

    def tile_at_pixel(self, x: float, y: float, scale: float = 1.0) -> Tile | None:
        return self.base.tile_at_pixel(x, y, scale)
