"""Where a Tiled map's cells and objects lie: the map's layout as a board geometry.

A map is ``orthogonal`` (square cells) or ``hexagonal`` (Tiled's staggered hexes: a
stagger axis, a stagger index and the length of the hex sides along that axis). Its
``tilewidth`` and ``tileheight`` are the cell size the terrain tileset draws. Everything
about pixels goes through the geometry (``game.rules.geometry``), which places cells
exactly where Tiled draws them:

- a point covers the cell that holds it, a tile object the cell that holds the centre of
  its picture;
- a rectangle covers every cell whose centre lies inside it (left and top edges included,
  right and bottom edges not), a polygon every cell whose centre lies inside the polygon;
- a shape that reaches half a cell or more beyond the map's drawn area is outside the map.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.rules.geometry import Geometry, Tile
from game.rules.limits import MAX_TILE_PIXELS

ORIENTATIONS = ("orthogonal", "hexagonal")
STAGGER_AXES = ("x", "y")
STAGGER_INDEXES = ("odd", "even")
#: the smallest cell Tiled draws a hexagon in (the geometry's own limit)
MIN_HEX_TILE = 4

Point = tuple[float, float]
#: ``add(element, expected, found)`` of the loader's report
Report = Callable[[str, str, str], None]


def layout_params(orientation: str, tile_size: tuple[int | None, int | None],
                  stagger: tuple[str | None, str | None], side: int | None | str,
                  add: Report) -> dict[str, Any] | None:
    """The geometry settings of a map's ``<map>`` attributes, or None (each problem
    reported) when they cannot make a board."""
    ok = True
    if orientation not in ORIENTATIONS:
        add("map", "orientation 'orthogonal' or 'hexagonal' (staggered hexes)",
            repr(orientation))
        return None
    hexagonal = orientation == "hexagonal"
    low = MIN_HEX_TILE if hexagonal else 1
    tile_w, tile_h = tile_size
    high = MAX_TILE_PIXELS
    if tile_w is None or tile_h is None or tile_w < low or tile_h < low:
        add("map", f"a tile width and height of at least {low} pixels (the size of the "
            "terrain tileset's tiles)", f"{tile_w}x{tile_h}")
        return None
    if tile_w > high or tile_h > high:
        add("map", f"a tile width and height of at most {high} pixels", f"{tile_w}x{tile_h}")
        return None
    params: dict[str, Any] = {"tile_width": tile_w, "tile_height": tile_h}
    if not hexagonal:
        return params
    axis, index = stagger
    if axis not in STAGGER_AXES:
        add("map staggeraxis", "'x' (flat-topped hexes) or 'y' (pointy-topped hexes)",
            repr(axis))
        ok = False
    if index not in STAGGER_INDEXES:
        add("map staggerindex", "'odd' or 'even'", repr(index))
        ok = False
    if not ok:
        return None
    along = (tile_w if axis == "x" else tile_h) & ~1
    if not isinstance(side, int) or not 1 <= side <= along - 2:
        add("map hexsidelength", f"a whole number of pixels from 1 to {along - 2} (the hex "
            f"sides along the stagger axis of {along}-pixel cells)", repr(side))
        return None
    params.update(stagger_axis=axis, stagger_index=index, hex_side_length=side)
    return params


class Cells:
    """The cells of one map, found from pixel positions and shapes."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        width, height = geometry.pixel_size()
        self.size = (width, height)

    def at(self, x: float, y: float) -> Tile | None:
        return self.geometry.tile_at_pixel(x, y)

    def _near(self, left: float, top: float, right: float, bottom: float) -> list[Tile]:
        """Every cell that may have its centre in the box (a superset, in board order):
        the Tiled columns and rows of the cells at the box's corners, one more each way."""
        geo = self.geometry
        width, height = self.size
        xs = (min(max(left, 0.0), width - 0.5), min(max(right, 0.0), width - 0.5))
        ys = (min(max(top, 0.0), height - 0.5), min(max(bottom, 0.0), height - 0.5))
        corners = [geo.tile_at_pixel(x, y) for x in xs for y in ys]
        if any(c is None for c in corners):  # a corner in a gap between hexes
            return list(geo.cells())
        grid = [geo.tile_to_grid(c) for c in corners if c is not None]
        cols = range(max(0, min(g[0] for g in grid) - 1),
                     min(geo.width, max(g[0] for g in grid) + 2))
        rows = range(max(0, min(g[1] for g in grid) - 1),
                     min(geo.height, max(g[1] for g in grid) + 2))
        return [geo.grid_to_tile(col, row) for row in rows for col in cols]

    def in_box(self, left: float, top: float, right: float, bottom: float) -> list[Tile]:
        centre = self.geometry.cell_center
        found = []
        for tile in self._near(left, top, right, bottom):
            cx, cy = centre(tile)
            if left <= cx < right and top <= cy < bottom:
                found.append(tile)
        return found

    def in_polygon(self, points: Sequence[Point]) -> list[Tile]:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
        centre = self.geometry.cell_center
        found = []
        for tile in self._near(left, top, right, bottom):
            cx, cy = centre(tile)
            if (left <= cx <= right and top <= cy <= bottom
                    and inside_polygon(points, cx, cy)):
                found.append(tile)
        return found

    def beyond(self, left: float, top: float, right: float, bottom: float) -> bool:
        """Does a shape with this bounding box reach half a cell or more past the map?"""
        half_w = self.geometry.tile_width / 2
        half_h = self.geometry.tile_height / 2
        width, height = self.size
        return (left <= -half_w or top <= -half_h
                or right > width + half_w or bottom > height + half_h)


def inside_polygon(points: Sequence[Point], x: float, y: float) -> bool:
    """Even-odd rule: is ``(x, y)`` inside the polygon (any simple polygon)?"""
    inside = False
    count = len(points)
    for i in range(count):
        x1, y1 = points[i]
        x2, y2 = points[i - 1]
        if (y1 > y) != (y2 > y):
            crossing = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < crossing:
                inside = not inside
    return inside
