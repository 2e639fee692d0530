"""Hex and graph maps for the client tests, made from the shipped square maps: the same
cells (the same tile types in the same Tiled grid), addressed and drawn by another
geometry. Every tile the map names (spawn owners, placements, bosses, regions) moves to
the tile id of the same grid cell."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from game.maps import find_map
from game.rules.geometry import make_geometry
from game.rules.mapmodel import MapSpec

#: Tiled's hex settings of the test maps: regular hexes with 37 px sides, pointy-topped
#: 64 x 74 (stagger axis y) and flat-topped 74 x 64 (stagger axis x), the sizes of the
#: shipped hex tilesets
POINTY = {"tile_width": 64, "tile_height": 74, "hex_side_length": 37}
FLAT = {"tile_width": 74, "tile_height": 64, "hex_side_length": 37}

#: the four ways Tiled staggers a hex map, and a flat-topped map of tall hexes (64 x 74:
#: no tileset has that size, so the square pictures are cut to the hexes)
HEX_VARIANTS: dict[str, dict[str, Any]] = {
    **{f"{axis}-{index}": {"stagger_axis": axis, "stagger_index": index,
                           **(POINTY if axis == "y" else FLAT)}
       for axis in ("y", "x") for index in ("odd", "even")},
    "x-tall": {"stagger_axis": "x", "stagger_index": "odd", **POINTY},
}


def as_geometry(name: str = "2P-ring-street", geometry: str = "hex",
                params: Mapping[str, Any] | None = None,
                library: Any = None) -> MapSpec:
    """The shipped square map ``name`` on another geometry."""
    spec = find_map(name, library=library)
    settings = dict(params or {})
    geo = make_geometry(geometry, spec.width, spec.height, settings)

    def conv(tile: tuple[int, int]) -> tuple[int, int]:
        return geo.grid_to_tile(*tile)

    return dataclasses.replace(
        spec, geometry=geometry, geometry_params=MappingProxyType(settings),
        owners=MappingProxyType({conv(t): p for t, p in spec.owners.items()}),
        placements=tuple(dataclasses.replace(p, tile=conv(p.tile)) for p in spec.placements),
        bosses=tuple(dataclasses.replace(p, tile=conv(p.tile)) for p in spec.bosses),
        regions=tuple(dataclasses.replace(r, tiles=frozenset(conv(t) for t in r.tiles))
                      for r in spec.regions))


def hex_map(name: str = "2P-ring-street", variant: str = "y-odd",
            library: Any = None) -> MapSpec:
    """A shipped map on hexes staggered the ``variant`` way (see ``HEX_VARIANTS``)."""
    return as_geometry(name, "hex", HEX_VARIANTS[variant], library)


def graph_map(name: str = "2P-ring-street", variant: str = "y-odd",
              links: tuple[tuple[tuple[int, int], tuple[int, int]], ...] | None = None,
              library: Any = None) -> MapSpec:
    """A shipped map on hexes with links: by default one "wormhole" between two cells
    far apart (Tiled grid cells (1, 1) and the one 3 columns from the right, 2 rows from
    the bottom) and a short "bridge"."""
    spec = find_map(name, library=library)
    params = dict(HEX_VARIANTS[variant])
    base = make_geometry("hex", spec.width, spec.height, params)
    if links is None:
        links = ((base.grid_to_tile(1, 1), base.grid_to_tile(spec.width - 3, spec.height - 2)),
                 (base.grid_to_tile(2, spec.height - 2), base.grid_to_tile(5, spec.height - 3)))
    names = ("wormhole", "bridge", "lane", "gate")
    params["base"] = "hex"
    params["links"] = tuple((a, b, names[i % len(names)]) for i, (a, b) in enumerate(links))
    return as_geometry(name, "graph", params, library)
