"""Hexagonal boards ("hex"): axial tile ids inside, Tiled's staggered layout outside.

Inside the engine a hex tile is an axial pair ``(q, r)``; the third cube coordinate is
``s = -q - r`` and the distance between two hexes is the largest of the three coordinate
differences. The six neighbours are the six axial unit steps.

Outside, a Tiled hexagonal map is a rectangle of cells in which every second row
(``stagger_axis`` "y", pointy-topped hexes) or every second column (``stagger_axis`` "x",
flat-topped hexes) is pushed by half a cell; ``stagger_index`` says whether the odd or the
even rows/columns are the pushed ones. The pixel placement copies Tiled's hexagonal
renderer: the cell size is rounded down to even numbers, ``hex_side_length`` is the length
of the hex sides parallel to the stagger axis, and cells of neighbouring rows (columns)
overlap by the slanted part of the hex.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from functools import lru_cache
from typing import Any

from .base import (
    DEFAULT_TILE_SIZE,
    Direction,
    Geometry,
    Point,
    Tile,
    choice_param,
    floor_div,
    inside_convex,
    int_param,
    uniform_reachable,
)

#: The six axial unit steps, going round the hex.
HEX_DIRECTIONS: tuple[Tile, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_DIRECTION_SET = frozenset(HEX_DIRECTIONS)
_FAR_DOT = 1 << 60


def hex_distance(a: Tile, b: Tile) -> int:
    """Steps between two axial hexes."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


@lru_cache(maxsize=64)
def hex_offsets(radius: int) -> tuple[Tile, ...]:
    """Every axial offset at distance 1 to ``radius``, nearest first (then by r, then q)."""
    found = [(dq, dr) for dr in range(-radius, radius + 1)
             for dq in range(-radius, radius + 1)
             if (dq or dr) and abs(dq + dr) <= radius]
    found.sort(key=lambda o: (hex_distance((0, 0), o), o[1], o[0]))
    return tuple(found)


#: the nudge of a sight line to one side, in cube coordinates (its parts add up to 0)
_NUDGE = (1e-6, 2e-6, -3e-6)


def _cube_lerp_round(a: Tile, b: Tile, t: float, side: float) -> Tile:
    """The hex holding the point ``t`` of the way from the centre of ``a`` to that of
    ``b``, the point nudged by ``side`` times ``_NUDGE`` (cube rounding)."""
    ax, az = a
    bx, bz = b
    ay, by = -ax - az, -bx - bz
    x = ax + (bx - ax) * t + _NUDGE[0] * side
    y = ay + (by - ay) * t + _NUDGE[1] * side
    z = az + (bz - az) * t + _NUDGE[2] * side
    rx, ry, rz = round(x), round(y), round(z)
    gx, gy, gz = abs(rx - x), abs(ry - y), abs(rz - z)
    if gx > gy and gx > gz:
        rx = -ry - rz
    elif gy <= gz:
        rz = -rx - ry
    return (rx, rz)


class HexGeometry(Geometry):
    """A Tiled staggered hexagonal map, addressed with axial coordinates."""

    name = "hex"

    def __init__(self, width: int, height: int, tile_width: int = DEFAULT_TILE_SIZE,
                 tile_height: int = DEFAULT_TILE_SIZE, stagger_axis: str = "y",
                 stagger_index: str = "odd", hex_side_length: int | None = None) -> None:
        if stagger_axis not in ("x", "y"):
            raise ValueError(f"geometry parameter 'stagger_axis' must be 'x' or 'y', "
                             f"found {stagger_axis!r}")
        if stagger_index not in ("odd", "even"):
            raise ValueError(f"geometry parameter 'stagger_index' must be 'odd' or 'even', "
                             f"found {stagger_index!r}")
        for key, value in (("tile_width", tile_width), ("tile_height", tile_height)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 4:
                raise ValueError(f"geometry parameter {key!r} must be an integer >= 4 on "
                                 f"a hex map, found {value!r}")
        self.stagger_axis = stagger_axis
        self.stagger_index = stagger_index
        self._stagger_x = stagger_axis == "x"
        #: 1 when the even rows (columns) are the pushed ones, as in Tiled's staggerEven.
        self._even = 1 if stagger_index == "even" else 0
        # Tiled rounds the cell size down to even numbers.
        tw = tile_width & ~1
        th = tile_height & ~1
        along = tw if self._stagger_x else th
        side = along // 2 if hex_side_length is None else hex_side_length
        if (isinstance(side, bool) or not isinstance(side, int)
                or not 1 <= side <= along - 2):
            raise ValueError(f"geometry parameter 'hex_side_length' must be an integer "
                             f"between 1 and {along - 2} for {along}-pixel cells along the "
                             f"stagger axis {stagger_axis!r}, found {hex_side_length!r}")
        self.hex_side_length = side
        side_x = side if self._stagger_x else 0
        side_y = 0 if self._stagger_x else side
        self._tw = tw
        self._th = th
        self._side_offset_x = (tw - side_x) // 2
        self._side_offset_y = (th - side_y) // 2
        #: Distance between the left edges of neighbouring columns (stagger "x"), or the
        #: push of a staggered row (stagger "y").
        self._column_width = self._side_offset_x + side_x
        #: Distance between the top edges of neighbouring rows (stagger "y"), or the push
        #: of a staggered column (stagger "x").
        self._row_height = self._side_offset_y + side_y
        sox, soy = self._side_offset_x, self._side_offset_y
        octagon = ((0, th - soy), (0, soy), (sox, 0), (tw - sox, 0), (tw, soy),
                   (tw, th - soy), (tw - sox, th), (sox, th))
        corners = [c for i, c in enumerate(octagon) if c != octagon[i - 1]]
        self._corners: tuple[tuple[int, int], ...] = tuple(corners)
        super().__init__(width, height, tile_width, tile_height)
        #: (a, b) -> ``sight_line(a, b)``: the lines between two hexes never change
        self._sight_lines: dict[tuple[Tile, Tile], tuple[tuple[Tile, ...], ...]] = {}
        index = self._index
        self._set_neighbours({
            (q, r): tuple(n for dq, dr in HEX_DIRECTIONS if (n := (q + dq, r + dr)) in index)
            for q, r in self._cells
        })

    @classmethod
    def parse_params(cls, params: Mapping[str, Any]) -> dict[str, Any]:
        side = params.get("hex_side_length")
        return {
            "tile_width": int_param(params, "tile_width", DEFAULT_TILE_SIZE, minimum=4),
            "tile_height": int_param(params, "tile_height", DEFAULT_TILE_SIZE, minimum=4),
            "stagger_axis": choice_param(params, "stagger_axis", "y", ("x", "y")),
            "stagger_index": choice_param(params, "stagger_index", "odd", ("odd", "even")),
            "hex_side_length": None if side is None else int_param(params, "hex_side_length", 0),
        }

    def __repr__(self) -> str:
        return (f"<HexGeometry {self.width}x{self.height} stagger {self.stagger_axis}/"
                f"{self.stagger_index} {self.tile_width}x{self.tile_height} "
                f"side {self.hex_side_length}>")

    # -- tiles ---------------------------------------------------------------------------

    def grid_to_tile(self, col: int, row: int) -> Tile:
        """Tiled's staggered cell to axial: the pushed rows (columns) shift ``q`` (``r``)."""
        if self._stagger_x:
            if self._even:
                return (col, row - ((col + (col & 1)) >> 1))
            return (col, row - ((col - (col & 1)) >> 1))
        if self._even:
            return (col - ((row + (row & 1)) >> 1), row)
        return (col - ((row - (row & 1)) >> 1), row)

    def tile_to_grid(self, tile: Tile) -> tuple[int, int]:
        q, r = tile
        if self._stagger_x:
            if self._even:
                return (q, r + ((q + (q & 1)) >> 1))
            return (q, r + ((q - (q & 1)) >> 1))
        if self._even:
            return (q + ((r + (r & 1)) >> 1), r)
        return (q + ((r - (r & 1)) >> 1), r)

    # -- distance ------------------------------------------------------------------------

    def distance(self, a: Tile, b: Tile) -> int:
        dq = a[0] - b[0]
        dr = a[1] - b[1]
        return max(abs(dq), abs(dr), abs(dq + dr))

    def _compute_within(self, origin: Tile, radius: int) -> tuple[Tile, ...]:
        oq, orr = origin
        index = self._index
        found = [(hex_distance(origin, t), index[t], t)
                 for dq, dr in hex_offsets(radius) if (t := (oq + dq, orr + dr)) in index]
        found.sort()
        return tuple(t for _d, _i, t in found)

    # -- straight lines ------------------------------------------------------------------

    def direction(self, origin: Tile, toward: Tile) -> Direction | None:
        """The axial step whose direction is closest to the line from ``origin`` to
        ``toward``, measured on a regular hex grid (cube coordinates). On an exact tie (a
        line between two directions) the first of ``HEX_DIRECTIONS`` wins."""
        dq = toward[0] - origin[0]
        dr = toward[1] - origin[1]
        if not (dq or dr):
            return None
        ds = -dq - dr
        best: Tile = HEX_DIRECTIONS[0]
        best_dot = -_FAR_DOT
        for d in HEX_DIRECTIONS:
            dot = dq * d[0] + dr * d[1] + ds * (-d[0] - d[1])
            if dot > best_dot:
                best, best_dot = d, dot
        return best

    def step(self, tile: Tile, direction: Direction) -> Tile | None:
        if direction not in _DIRECTION_SET:
            raise ValueError(f"{direction!r} is not a hex direction")
        dq, dr = direction
        n = (tile[0] + dq, tile[1] + dr)
        return n if n in self._index else None

    def line_between(self, a: Tile, b: Tile) -> tuple[Tile, ...] | None:
        """Tiles strictly between two hexes that share one of the three axes."""
        dq = b[0] - a[0]
        dr = b[1] - a[1]
        if not (dq or dr) or (dq and dr and dq + dr):
            return None
        n = max(abs(dq), abs(dr))
        sq, sr = dq // n, dr // n
        return tuple((a[0] + sq * k, a[1] + sr * k) for k in range(1, n))

    def sight_line(self, a: Tile, b: Tile) -> tuple[tuple[Tile, ...], ...]:
        """The hexes a look from the centre of ``a`` to the centre of ``b`` crosses,
        measured on a regular hex grid (cube coordinates, as ``direction``): at each of
        the ``distance - 1`` steps between them the point of the line is rounded to its
        hex twice, once nudged to one side and once to the other. Where both agree the
        step is that one hex; where they differ the line runs along the border of two
        hexes and the step holds both, the one on the first side first."""
        found = self._sight_lines.get((a, b))
        if found is None:
            found = self._sight_lines[(a, b)] = self._sight_line(a, b)
        return found

    def _sight_line(self, a: Tile, b: Tile) -> tuple[tuple[Tile, ...], ...]:
        n = hex_distance(a, b)
        if n <= 1:
            return ()
        index = self._index
        steps: list[tuple[Tile, ...]] = []
        for i in range(1, n):
            here: list[Tile] = []
            for side in (1.0, -1.0):
                tile = _cube_lerp_round(a, b, i / n, side)
                if tile not in here:
                    here.append(tile)
            steps.append(tuple(t for t in here if t in index))
        return tuple(steps)

    # -- walks ---------------------------------------------------------------------------

    def reachable(self, start: Tile, budget: int, passable: AbstractSet[Tile],
                  stops: AbstractSet[Tile] = frozenset(), ends: AbstractSet[Tile] = frozenset(),
                  extra_cost: Mapping[Tile, int] | None = None) -> dict[Tile, int]:
        """Walks of hex steps, each costing 1 plus the entered tile's extra cost."""
        return uniform_reachable(self._neighbours, start, budget, passable, stops, ends,
                                 extra_cost)

    # -- pixels --------------------------------------------------------------------------

    def _staggered(self, index: int) -> int:
        """1 when Tiled pushes this row (column) by half a cell."""
        return (index & 1) ^ self._even

    def _top_left(self, tile: Tile) -> tuple[int, int]:
        """Native pixel position of the cell's bounding box (Tiled's tileToScreenCoords)."""
        col, row = self.tile_to_grid(tile)
        if self._stagger_x:
            return (col * self._column_width,
                    row * self._th + (self._row_height if self._staggered(col) else 0))
        return (col * self._tw + (self._column_width if self._staggered(row) else 0),
                row * self._row_height)

    def pixel_size(self, scale: float = 1.0) -> Point:
        """The bounding box of all cells. This is Tiled's map size, except that Tiled
        leaves out the pushed half cell of a single pushed row (column) and a pixel when
        the cell size minus ``hex_side_length`` is odd; here every cell fits inside."""
        if self._stagger_x:
            pushed = self.width > 1 or self._even
            return (((self.width - 1) * self._column_width + self._tw) * scale,
                    (self.height * self._th + (self._row_height if pushed else 0)) * scale)
        pushed = self.height > 1 or self._even
        return ((self.width * self._tw + (self._column_width if pushed else 0)) * scale,
                ((self.height - 1) * self._row_height + self._th) * scale)

    def cell_bounds(self, tile: Tile, scale: float = 1.0) -> tuple[float, float, float, float]:
        x, y = self._top_left(tile)
        return (x * scale, y * scale, self._tw * scale, self._th * scale)

    def cell_center(self, tile: Tile, scale: float = 1.0) -> Point:
        x, y = self._top_left(tile)
        return ((x + self._tw / 2) * scale, (y + self._th / 2) * scale)

    def cell_polygon(self, tile: Tile, scale: float = 1.0) -> tuple[Point, ...]:
        x, y = self._top_left(tile)
        return tuple(((x + cx) * scale, (y + cy) * scale) for cx, cy in self._corners)

    def tile_at_pixel(self, x: float, y: float, scale: float = 1.0) -> Tile | None:
        x /= scale
        y /= scale
        # Two rows (columns) of cells overlap at any height (abscissa); within one row
        # (column) the bounding boxes do not overlap. Test the two candidates' hexagons.
        candidates: list[tuple[int, int]] = []
        if self._stagger_x:
            first = floor_div(x, self._column_width)
            for col in (first - 1, first):
                push = self._row_height if self._staggered(col) else 0
                candidates.append((col, floor_div(y - push, self._th)))
        else:
            first = floor_div(y, self._row_height)
            for row in (first - 1, first):
                push = self._column_width if self._staggered(row) else 0
                candidates.append((floor_div(x - push, self._tw), row))
        found: Tile | None = None
        nearest = 0.0
        for col, row in candidates:
            if not (0 <= col < self.width and 0 <= row < self.height):
                continue
            tile = self.grid_to_tile(col, row)
            if inside_convex(self.cell_polygon(tile), x, y):
                cx, cy = self.cell_center(tile)
                gap = (cx - x) ** 2 + (cy - y) ** 2
                if found is None or gap < nearest:
                    found, nearest = tile, gap
        return found

