"""The registry of board geometries: one entry per kind of board, looked up by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Geometry
from .graph import GraphGeometry
from .hex import HexGeometry
from .square_grid import SquareGridGeometry
from .square_muhq import SquareMuhqGeometry

#: Every geometry a map can name, by its ``name``.
GEOMETRIES: dict[str, type[Geometry]] = {
    cls.name: cls
    for cls in (SquareMuhqGeometry, SquareGridGeometry, HexGeometry, GraphGeometry)
}
GraphGeometry.bases = GEOMETRIES


def make_geometry(name: str, width: int, height: int,
                  params: Mapping[str, Any] | None = None) -> Geometry:
    """Build the geometry called ``name`` for a ``width`` x ``height`` map.

    ``params`` are the map-level settings (tile size, hex stagger, graph links, ...).
    Raises ValueError for an unknown name or unusable settings."""
    cls = GEOMETRIES.get(name)
    if cls is None:
        known = ", ".join(repr(n) for n in GEOMETRIES)
        raise ValueError(f"unknown geometry {name!r}; known geometries: {known}")
    return cls.from_params(width, height, {} if params is None else params)
