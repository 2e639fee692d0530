"""Cell shapes on the screen, for every board geometry: where each tile is drawn at one
zoom, the sides a set of tiles shows to the rest of the board, and tile pictures cut to a
cell's shape.

Everything here asks the geometry (``game.rules.geometry``) for pixels: a tile id is never
taken apart. ``CellLayout`` turns the geometry's float pixel mapping at a scale into whole
screen pixels, rounding every corner the same way for every cell, so neighbouring cells
meet without gaps and a square board lands exactly on its old pixel grid.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from functools import lru_cache

import pygame

from game.rules.geometry import Geometry, Tile

#: a polygon in whole pixels
Corners = tuple[tuple[int, int], ...]
#: what a cell's picture depends on besides its content: its box size and its corners
#: relative to the box's top-left corner
Shape = tuple[int, int, Corners]
FPoint = tuple[float, float]


def _round(value: float) -> int:
    """Round half up (the same way for every corner, whichever cell it belongs to)."""
    return math.floor(value + 0.5)


def _ceil(value: float) -> int:
    return math.ceil(value - 1e-6)


def is_rectangle(corners: Iterable[tuple[float, float]]) -> bool:
    """Are these the corners of an axis-aligned rectangle?"""
    points = list(corners)
    if len(points) != 4:
        return False
    xs = {round(x, 6) for x, _ in points}
    ys = {round(y, 6) for _, y in points}
    return len(xs) == 2 and len(ys) == 2


class CellLayout:
    """Every cell of a geometry in whole pixels at ``cell`` pixels per native tile width
    (scale ``cell / geometry.tile_width``); answers are cached per tile."""

    def __init__(self, geometry: Geometry, cell: int) -> None:
        self.geometry = geometry
        self.cell = cell
        self.scale = cell / geometry.tile_width
        width, height = geometry.pixel_size(self.scale)
        #: the whole map's picture size
        self.size = (max(1, _ceil(width)), max(1, _ceil(height)))
        first = geometry.cells()[0]
        #: every cell is an axis-aligned rectangle (square boards): pictures are not cut
        self.rectangular = is_rectangle(geometry.cell_polygon(first, 1.0))
        #: the size of a piece: the widest circle (square) that fits in a cell
        self.piece_cell = max(1, math.floor(2 * inradius(
            geometry.cell_polygon(first, self.scale),
            geometry.cell_center(first, self.scale)) + 1e-6))
        self._boxes: dict[Tile, pygame.Rect] = {}
        self._corners: dict[Tile, Corners] = {}
        self._centres: dict[Tile, FPoint] = {}

    def box(self, tile: Tile) -> pygame.Rect:
        """The cell's bounding box, in map pixels (a new Rect the caller may change)."""
        found = self._boxes.get(tile)
        if found is None:
            x, y, w, h = self.geometry.cell_bounds(tile, self.scale)
            left, top = _round(x), _round(y)
            found = self._boxes[tile] = pygame.Rect(left, top, _round(x + w) - left,
                                                    _round(y + h) - top)
        return found.copy()

    def corners(self, tile: Tile) -> Corners:
        """The cell's polygon, in map pixels."""
        found = self._corners.get(tile)
        if found is None:
            found = self._corners[tile] = tuple(
                (_round(x), _round(y)) for x, y in self.geometry.cell_polygon(tile, self.scale))
        return found

    def centre(self, tile: Tile) -> FPoint:
        """The cell's centre, in map pixels (not rounded)."""
        found = self._centres.get(tile)
        if found is None:
            found = self._centres[tile] = self.geometry.cell_center(tile, self.scale)
        return found

    def shape(self, tile: Tile) -> Shape:
        """The cell's box size and corners relative to the box (a cache key for pictures
        cut to the cell: cells of one shape share them)."""
        box = self.box(tile)
        return (box.width, box.height,
                tuple((x - box.left, y - box.top) for x, y in self.corners(tile)))

    def surface_size(self, shape: Shape) -> tuple[int, int]:
        """The size of a picture cut to ``shape``: one pixel more than the box for a
        polygon, so its right and bottom sides are inside the picture."""
        if self.rectangular:
            return shape[0], shape[1]
        return shape[0] + 1, shape[1] + 1


# ------------------------------------------------------------------ geometry of polygons


def inradius(corners: tuple[FPoint, ...], centre: FPoint) -> float:
    """The distance from ``centre`` to the nearest side of the polygon."""
    cx, cy = centre
    nearest = math.inf
    count = len(corners)
    for i in range(count):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % count]
        length = math.hypot(bx - ax, by - ay)
        if length:
            nearest = min(nearest, abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / length)
    return 0.0 if nearest == math.inf else nearest


def _centroid(corners: tuple[FPoint, ...]) -> FPoint:
    return (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))


def _inward(a: FPoint, b: FPoint, centre: FPoint) -> FPoint:
    """The unit normal of side ``a``-``b`` that points into the polygon."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey) or 1.0
    nx, ny = -ey / length, ex / length
    if nx * (centre[0] - a[0]) + ny * (centre[1] - a[1]) < 0:
        nx, ny = -nx, -ny
    return nx, ny


def inset(corners: tuple[FPoint, ...], distance: float) -> tuple[FPoint, ...]:
    """The convex polygon with every side moved ``distance`` pixels inwards."""
    count = len(corners)
    centre = _centroid(corners)
    lines = []
    for i in range(count):
        a, b = corners[i], corners[(i + 1) % count]
        nx, ny = _inward(a, b, centre)
        lines.append(((a[0] + nx * distance, a[1] + ny * distance), (b[0] - a[0], b[1] - a[1])))
    found = []
    for i in range(count):
        (p, e), (q, f) = lines[i - 1], lines[i]
        cross = e[0] * f[1] - e[1] * f[0]
        if abs(cross) < 1e-9:
            found.append(q)
            continue
        t = ((q[0] - p[0]) * f[1] - (q[1] - p[1]) * f[0]) / cross
        found.append((p[0] + e[0] * t, p[1] + e[1] * t))
    return tuple(found)


def polygon_frame(surface: pygame.Surface, colour: tuple[int, ...],
                  corners: tuple[FPoint, ...], width: int, margin: float = 1.0) -> None:
    """A frame ``width`` pixels thick just inside the polygon (``margin`` from its sides),
    drawn side by side so the corners are closed."""
    outer = inset(corners, margin)
    inner = inset(corners, margin + width)
    count = len(corners)
    for i in range(count):
        j = (i + 1) % count
        pygame.draw.polygon(surface, colour, (outer[i], outer[j], inner[j], inner[i]))


def cell_frame(surface: pygame.Surface, colour: tuple[int, ...], shape: Shape, width: int,
               radius: int, offset: tuple[int, int] = (0, 0), rectangle: bool = False) -> None:
    """The frame of a highlight or a spawn tile inside the cell of ``shape`` (its box's
    top-left corner at ``offset``): a rounded rectangle on square boards, the polygon's
    frame on the others."""
    w, h, corners = shape
    if rectangle:
        box = pygame.Rect(offset[0], offset[1], w, h).inflate(-2, -2)
        pygame.draw.rect(surface, colour, box, width, border_radius=radius)
        return
    polygon_frame(surface, colour, tuple((x + offset[0], y + offset[1]) for x, y in corners),
                  width)


# ------------------------------------------------------------------ sides between cells


def side_neighbour(geometry: Geometry, tile: Tile, i: int) -> Tile | None:
    """The cell across side ``i`` of ``tile`` (from corner ``i`` to corner ``i + 1`` of its
    polygon), or None on the map's edge: the cell holding a point just beyond the side's
    middle. (Asking the geometry, not matching corners: Tiled's hexes of an odd width
    minus side length are a pixel apart from their neighbours.)"""
    corners = geometry.cell_polygon(tile, 1.0)
    (ax, ay), (bx, by) = corners[i], corners[(i + 1) % len(corners)]
    cx, cy = geometry.cell_center(tile, 1.0)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(mx - cx, my - cy) or 1.0
    beyond = geometry.tile_at_pixel(mx + (mx - cx) / length * 3, my + (my - cy) / length * 3)
    return None if beyond == tile else beyond


@lru_cache(maxsize=32)
def side_owners(geometry: Geometry) -> dict[tuple[Tile, int], tuple[Tile, ...]]:
    """Each side of every cell, as ``(tile, i)`` -> the cells it bounds: the tile, and the
    neighbour across it unless the side lies on the map's edge."""
    found: dict[tuple[Tile, int], tuple[Tile, ...]] = {}
    for tile in geometry.cells():
        for i in range(len(geometry.cell_polygon(tile, 1.0))):
            other = side_neighbour(geometry, tile, i)
            found[(tile, i)] = (tile,) if other is None else (tile, other)
    return found


def border_sides(geometry: Geometry, tiles: AbstractSet[Tile]) -> list[tuple[Tile, int]]:
    """The sides of ``tiles`` that face a cell outside them (or the map's edge), as
    ``(tile, i)``: side ``i`` runs from corner ``i`` to corner ``i + 1`` of the tile's
    polygon. In the board's order, so drawings come out the same every time."""
    owners = side_owners(geometry)
    return [side for side, bounded in owners.items()
            if side[0] in tiles and not any(other in tiles for other in bounded[1:])]


def side_inside(corners: tuple[FPoint, ...], i: int, centre: FPoint,
                distance: float) -> tuple[FPoint, FPoint, FPoint]:
    """Side ``i`` of a polygon moved ``distance`` pixels inwards, and its inward normal."""
    a, b = corners[i], corners[(i + 1) % len(corners)]
    nx, ny = _inward(a, b, centre)
    return ((a[0] + nx * distance, a[1] + ny * distance),
            (b[0] + nx * distance, b[1] + ny * distance), (nx, ny))


def dashed_side(surface: pygame.Surface, colour: tuple[int, int, int],
                corners: tuple[tuple[int, int], ...], i: int, centre: FPoint, width: int,
                dash: int) -> None:
    """Side ``i`` of a cell drawn as a dashed line ``width`` pixels thick just inside the
    cell. A level or upright side is filled pixel-exact from its left (top) end."""
    a, b = corners[i], corners[(i + 1) % len(corners)]
    nx, ny = _inward(a, b, centre)
    if a[1] == b[1]:
        x0, x1 = sorted((a[0], b[0]))
        y = a[1] if ny > 0 else a[1] - width
        for x in range(x0, x1, dash * 2):
            surface.fill(colour, (x, y, min(dash, x1 - x), width))
        return
    if a[0] == b[0]:
        y0, y1 = sorted((a[1], b[1]))
        x = a[0] if nx > 0 else a[0] - width
        for y in range(y0, y1, dash * 2):
            surface.fill(colour, (x, y, width, min(dash, y1 - y)))
        return
    start, end, _normal = side_inside(corners, i, centre, width / 2)
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if not length:
        return
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    t = 0.0
    while t < length:
        stop = min(length, t + dash)
        pygame.draw.line(surface, colour, (start[0] + ux * t, start[1] + uy * t),
                         (start[0] + ux * stop, start[1] + uy * stop), width)
        t += dash * 2


# ------------------------------------------------------------------ pictures cut to cells


def fit_picture(image: pygame.Surface, size: tuple[int, int],
                prepare: Callable[[pygame.Surface], pygame.Surface] | None = None
                ) -> pygame.Surface:
    """``image`` scaled to cover ``size`` (keeping its proportions; what sticks out is cut
    off evenly on both sides)."""
    if image.get_size() == size:
        return image
    source = prepare(image) if prepare is not None else image
    iw, ih = image.get_size()
    if iw * size[1] == ih * size[0] or not iw or not ih:
        return pygame.transform.smoothscale(source, size)
    factor = max(size[0] / iw, size[1] / ih)
    scaled = pygame.transform.smoothscale(source, (max(size[0], _ceil(iw * factor)),
                                                   max(size[1], _ceil(ih * factor))))
    area = pygame.Rect((scaled.get_width() - size[0]) // 2,
                       (scaled.get_height() - size[1]) // 2, *size)
    return scaled.subsurface(area).copy()


def cut_to_cell(picture: pygame.Surface, corners: Corners,
                size: tuple[int, int]) -> pygame.Surface:
    """``picture`` (already ``size``) inside the polygon, transparent outside it."""
    cut = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(cut, (255, 255, 255, 255), corners)
    solid = pygame.Surface(size, pygame.SRCALPHA)  # the picture with its own alpha
    solid.blit(picture, (0, 0))
    cut.blit(solid, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return cut


def outline(picture: pygame.Surface, corners: Corners, colour: tuple[int, int, int, int],
            width: int = 1) -> None:
    """The polygon's sides drawn over ``picture``, blended by the colour's alpha."""
    lines = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    pygame.draw.lines(lines, colour, True, corners, width)
    picture.blit(lines, (0, 0))


def drawn_like(geometry: Geometry) -> Geometry:
    """The geometry a board is drawn like (a graph is drawn like its base)."""
    return getattr(geometry, "base", geometry)
