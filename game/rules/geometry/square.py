"""What every square board shares: ``(x, y)`` tile ids, eight directions, straight lines
along rows, columns and diagonals, and the pixel mapping of an orthogonal Tiled map.

The tile id of a square board IS Tiled's cell: ``(x, y)`` = (column, row). Saves and
scenarios rely on that, so it must never change.
"""

from __future__ import annotations

from .base import Direction, Geometry, Point, Tile, floor_div, snap_eight

#: The eight square directions: the four orthogonal ones first, then the diagonals.
SQUARE_DIRECTIONS: tuple[Tile, ...] = (
    (0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1),
)
_DIRECTION_SET = frozenset(SQUARE_DIRECTIONS)


class SquareGeometry(Geometry):
    """Common ground of the square geometries (not registered itself)."""

    def grid_to_tile(self, col: int, row: int) -> Tile:
        return (col, row)

    def tile_to_grid(self, tile: Tile) -> tuple[int, int]:
        return (tile[0], tile[1])

    def _table(self, offsets: tuple[Tile, ...]) -> dict[Tile, tuple[Tile, ...]]:
        """Each on-board tile's on-board tiles at the given offsets, in offset order."""
        w, h = self.width, self.height
        return {
            (x, y): tuple((x + dx, y + dy) for dx, dy in offsets
                          if 0 <= x + dx < w and 0 <= y + dy < h)
            for x, y in self._cells
        }

    # -- straight lines ------------------------------------------------------------------

    def direction(self, origin: Tile, toward: Tile) -> Direction | None:
        """The nearest of the eight directions (rule Push 5's reading: the line from
        ``origin`` to ``toward`` snapped to the closest row, column or diagonal)."""
        if origin == toward:
            return None
        return snap_eight(toward[0] - origin[0], toward[1] - origin[1])

    def step(self, tile: Tile, direction: Direction) -> Tile | None:
        if direction not in _DIRECTION_SET:
            raise ValueError(f"{direction!r} is not a square direction")
        dx, dy = direction
        n = (tile[0] + dx, tile[1] + dy)
        return n if 0 <= n[0] < self.width and 0 <= n[1] < self.height else None

    def line_between(self, a: Tile, b: Tile) -> tuple[Tile, ...] | None:
        """Tiles strictly between two tiles of one row, column or exact diagonal."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if (dx or dy) and (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            sx = (dx > 0) - (dx < 0)
            sy = (dy > 0) - (dy < 0)
            return tuple((a[0] + sx * k, a[1] + sy * k)
                         for k in range(1, max(abs(dx), abs(dy))))
        return None

    # -- pixels --------------------------------------------------------------------------

    def pixel_size(self, scale: float = 1.0) -> Point:
        return (self.width * self.tile_width * scale, self.height * self.tile_height * scale)

    def cell_bounds(self, tile: Tile, scale: float = 1.0) -> tuple[float, float, float, float]:
        w = self.tile_width * scale
        h = self.tile_height * scale
        return (tile[0] * w, tile[1] * h, w, h)

    def cell_center(self, tile: Tile, scale: float = 1.0) -> Point:
        return ((tile[0] + 0.5) * self.tile_width * scale,
                (tile[1] + 0.5) * self.tile_height * scale)

    def cell_polygon(self, tile: Tile, scale: float = 1.0) -> tuple[Point, ...]:
        x, y, w, h = self.cell_bounds(tile, scale)
        return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))

    def tile_at_pixel(self, x: float, y: float, scale: float = 1.0) -> Tile | None:
        col = floor_div(x, self.tile_width * scale)
        row = floor_div(y, self.tile_height * scale)
        if 0 <= col < self.width and 0 <= row < self.height:
            return (col, row)
        return None
