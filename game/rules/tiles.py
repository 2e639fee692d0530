"""The tile-type registry: what each kind of tile means to the rules.

Every tile type is one ``TileType`` entry registered here by name; systems ask the entry
(``placeable``, ``stops``, ``cover``...) and never test for a tile's name. A new tile type
is one ``register_tile_type`` call. The common tiles are those of the original game's
tiles page (see RULES-NOTES Part 1).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TileType:
    name: str
    #: non-swimming permanents may stand here (rule Available Tiles (permanents) 3.2)
    walkers: bool = True
    #: swimming permanents may stand here (rule Available Tiles (permanents) 3.1)
    swimmers: bool = False
    #: a non-swimming unit ends its move on the first such tile it enters (water)
    stops_walkers: bool = False
    #: every unit ends its move on the first such tile it enters (gate)
    stops_all: bool = False
    #: units here can't be attacked from range > 1 (house, "cover")
    cover: bool = False
    #: a unit here with attack range > 1 gets range + 1 (tower, "high ground")
    high_ground: bool = False
    #: connected streets grant an additional move action along them
    street: bool = False
    #: the owner may play permanents here (spawn)
    spawn: bool = False
    #: the owner may play swimming permanents on adjacent deep water (harbor)
    harbor: bool = False
    #: the tile holds a neutral artifact with this solid value at setup (wall)
    wall_solid: int = 0
    #: units standing here with this name get the tile's full action (farm field)
    worker: str = ""
    #: resource gained by the worker's full action
    worker_gain: int = 0
    #: a unit standing here lets its controller buy from the tile's store
    store: bool = False
    #: colour used by text dumps and generated art
    symbol: str = "."


TILE_TYPES: dict[str, TileType] = {}


def register_tile_type(tile_type: TileType) -> TileType:
    """Add a tile type to the registry (the one place a new tile type is defined)."""
    if tile_type.name in TILE_TYPES:
        raise ValueError(f"tile type {tile_type.name!r} is already registered")
    TILE_TYPES[tile_type.name] = tile_type
    return tile_type


def tile_type(name: str) -> TileType:
    try:
        return TILE_TYPES[name]
    except KeyError:
        known = ", ".join(sorted(TILE_TYPES))
        raise KeyError(f"unknown tile type {name!r} (known: {known})") from None


NEUTRAL = register_tile_type(TileType("neutral", symbol="."))
register_tile_type(TileType("house", cover=True, symbol="h"))
register_tile_type(TileType("tower", high_ground=True, symbol="t"))
register_tile_type(TileType("farm field", worker="Farmer", worker_gain=3, symbol="f"))
register_tile_type(TileType("spawn", spawn=True, symbol="1"))
register_tile_type(TileType("harbor", harbor=True, symbol="A"))
register_tile_type(TileType("street", street=True, symbol="s"))
register_tile_type(TileType("deep water", walkers=False, swimmers=True, symbol="w"))
register_tile_type(TileType("water", swimmers=True, stops_walkers=True, symbol="~"))
register_tile_type(TileType("wall", walkers=False, wall_solid=10, symbol="#"))
register_tile_type(TileType("gate", stops_all=True, symbol="g"))
register_tile_type(TileType("store", store=True, symbol="$"))
