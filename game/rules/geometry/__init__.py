"""Board geometries: one module per kind of board, and the registry that names them.

``make_geometry(name, width, height, params)`` builds the geometry of a map. Tiles are
opaque hashable ids to every module outside this package: ``(x, y)`` = (column, row) on
square boards, axial ``(q, r)`` on hex boards. Nothing outside the package adds offsets to
tiles; it asks its geometry.

The module-level functions re-exported here (``distance``, ``range_offsets``, ...) are the
rulebook's square metric from ``square_muhq``, kept for the code written before geometries
became per-map objects.
"""

from .base import Direction, Geometry, Point, Tile
from .graph import GraphGeometry, Link
from .hex import HEX_DIRECTIONS, HexGeometry
from .registry import GEOMETRIES, make_geometry
from .square import SQUARE_DIRECTIONS, SquareGeometry
from .square_grid import ORTHOGONAL_OFFSETS, SquareGridGeometry
from .square_muhq import (
    NEIGHBOUR_OFFSETS,
    SquareMuhqGeometry,
    adjacent,
    direction,
    distance,
    in_range,
    offset_distance,
    range_offsets,
    step_cost,
)

__all__ = [
    "GEOMETRIES",
    "HEX_DIRECTIONS",
    "NEIGHBOUR_OFFSETS",
    "ORTHOGONAL_OFFSETS",
    "SQUARE_DIRECTIONS",
    "Direction",
    "Geometry",
    "GraphGeometry",
    "HexGeometry",
    "Link",
    "Point",
    "SquareGeometry",
    "SquareGridGeometry",
    "SquareMuhqGeometry",
    "Tile",
    "adjacent",
    "direction",
    "distance",
    "in_range",
    "make_geometry",
    "offset_distance",
    "range_offsets",
    "step_cost",
]
