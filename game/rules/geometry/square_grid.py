"""A plain square grid ("square-grid"), made for small duel boards such as 9 x 5.

Reach is measured like a chess king moves: the distance is the larger of the column and
row differences (Chebyshev), so the eight surrounding tiles are adjacent. Walking is
stricter: a walk takes orthogonal steps only, each costing 1, so a diagonal tile needs
two steps through a free orthogonal tile.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from .base import Tile, uniform_reachable
from .square import SQUARE_DIRECTIONS, SquareGeometry

#: The four orthogonal offsets (up, right, down, left).
ORTHOGONAL_OFFSETS: tuple[Tile, ...] = SQUARE_DIRECTIONS[:4]


class SquareGridGeometry(SquareGeometry):
    """Chebyshev reach, orthogonal walks."""

    name = "square-grid"

    def __init__(self, width: int, height: int, tile_width: int = 64,
                 tile_height: int = 64) -> None:
        super().__init__(width, height, tile_width, tile_height)
        self._set_neighbours(self._table(SQUARE_DIRECTIONS))
        self._orthogonal = self._table(ORTHOGONAL_OFFSETS)
        self._jumps: dict[Tile, tuple[tuple[Tile, Tile | None], ...]] = {}
        for tile in self.cells():
            x, y = tile
            found: list[tuple[Tile, Tile | None]] = []
            for dx, dy in ORTHOGONAL_OFFSETS:
                near, far = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
                if self.contains(near):
                    found.append((near, None))
                    if self.contains(far):
                        found.append((far, near))
            for dx, dy in SQUARE_DIRECTIONS[4:]:
                if self.contains((x + dx, y + dy)):
                    found.append(((x + dx, y + dy), None))
            self._jumps[tile] = tuple(found)

    def orthogonal_neighbours(self, tile: Tile) -> tuple[Tile, ...]:
        """The on-board tiles sharing a side with ``tile`` (up, right, down, left)."""
        return self._orthogonal.get(tile, ())

    def two_or_diagonal(self, tile: Tile) -> tuple[tuple[Tile, Tile | None], ...]:
        """The tiles a move of up to two orthogonal tiles or one diagonal tile reaches
        (the duel's diamond of twelve), each with the tile such a move passes over
        (None for a one-tile move)."""
        return self._jumps.get(tile, ())

    def steps(self, a: Tile, b: Tile) -> int:
        """How many orthogonal steps lead from ``a`` to ``b`` on an empty board."""
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def distance(self, a: Tile, b: Tile) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    def _compute_within(self, origin: Tile, radius: int) -> tuple[Tile, ...]:
        """The square of side ``2 * radius + 1`` around ``origin``, ring by ring."""
        ox, oy = origin
        x0, x1 = max(0, ox - radius), min(self.width - 1, ox + radius)
        y0, y1 = max(0, oy - radius), min(self.height - 1, oy + radius)
        found = [(max(abs(x - ox), abs(y - oy)), y, x)
                 for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
                 if (x, y) != origin]
        found.sort()
        return tuple((x, y) for _d, y, x in found)

    def reachable(self, start: Tile, budget: int, passable: AbstractSet[Tile],
                  stops: AbstractSet[Tile] = frozenset(), ends: AbstractSet[Tile] = frozenset(),
                  extra_cost: Mapping[Tile, int] | None = None) -> dict[Tile, int]:
        """Walks of orthogonal steps, each costing 1 plus the entered tile's extra cost."""
        return uniform_reachable(self._orthogonal, start, budget, passable, stops, ends,
                                 extra_cost)
