"""The tile-type registry: what each kind of tile means to the rules.

Every tile type is one ``TileType`` entry registered here by name; systems ask the entry
(``placeable``, ``stops``, ``cover``...) and never test for a tile's name. The entry also
carries its look (glyph and colour: text dumps, the minimap, the board where the tileset
has no picture of it); its display names are the locale lines ``tile.<name>.*``
(``game/content/locale``). A new tile type is one ``register_tile_type`` call plus its
locale lines. The common tiles are those of the original game's tiles page (see
RULES-NOTES Part 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .registry import Look

#: the look of a tile type that gives none (a glaring magenta: it wants one)
UNKNOWN_LOOK = Look("?", (200, 0, 200))


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
    # --- the skirmish's terrain (seed 004; read in game/rules/rulesets/skirmish)
    #: "+n movement cost": points a unit must have, and pays, on top of a step to move in
    #: (``move_in``) or out (``move_out``)
    move_in: int = 0
    move_out: int = 0
    #: "n movement penalty": points taken after a step in (out), even below zero
    penalty_in: int = 0
    penalty_out: int = 0
    #: high ground: +1 protection and +1 move-in cost against units on low ground, and it
    #: blocks the sight of units on low ground
    elevated: bool = False
    #: blocks sight (from low ground only, unless the tile is also elevated)
    blocks_sight: bool = False
    #: terrain protection: (smallest size, largest size, melee, ranged, aoe) per size band
    protection: tuple[tuple[int, int, int, int, int], ...] = ()
    #: radioactive marks the tile starts a game with
    radioactive: int = 0
    #: burn given to a unit that moves in, and at each end of round to a unit here
    burns: int = 0
    #: the fleet: the anomalies this system is (``asteroid field``, ``nebula``,
    #: ``supernova``, ``gravity rift``; several at once are allowed, rule 9)
    anomalies: frozenset[str] = frozenset()
    #: the fleet: the resources of the system's planet (0: the system has no planet)
    resources: int = 0
    #: glyph (text dumps) and colour (minimap, board fallback); not part of the rules, so
    #: two tile types that differ only in their look compare equal
    look: Look = field(default=UNKNOWN_LOOK, compare=False)

    @property
    def symbol(self) -> str:
        """Its glyph in text dumps (``look.glyph``)."""
        return self.look.glyph


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


NEUTRAL = register_tile_type(TileType("neutral", look=Look(".", (104, 150, 72))))
register_tile_type(TileType("house", cover=True, look=Look("h", (150, 100, 56))))
register_tile_type(TileType("tower", high_ground=True, look=Look("t", (150, 150, 146))))
register_tile_type(TileType("farm field", worker="Farmer", worker_gain=3,
                            look=Look("f", (196, 170, 84))))
register_tile_type(TileType("spawn", spawn=True, look=Look("1", (120, 160, 96))))
register_tile_type(TileType("harbor", harbor=True, look=Look("A", (170, 140, 100))))
register_tile_type(TileType("street", street=True, look=Look("s", (168, 160, 140))))
register_tile_type(TileType("deep water", walkers=False, swimmers=True,
                            look=Look("w", (22, 48, 104))))
register_tile_type(TileType("water", swimmers=True, stops_walkers=True, move_in=1,
                            look=Look("~", (98, 176, 214))))
register_tile_type(TileType("wall", walkers=False, wall_solid=10, look=Look("#", (104, 104, 102))))
register_tile_type(TileType("gate", stops_all=True, look=Look("g", (120, 86, 52))))
register_tile_type(TileType("store", store=True, look=Look("$", (200, 170, 70))))
register_tile_type(TileType("mana globe", look=Look("o", (96, 150, 210))))

# the fleet's systems (seed 003; read in game/rules/rulesets/fleet). A cell that is no
# system at all is ``void`` (nothing may stand or move there; hyperlanes cross it as
# links). A planet's resources are what its controller earns each status phase; a home
# system is its player's spawn (the start fleet and production).
register_tile_type(TileType("void", walkers=False, look=Look("x", (6, 8, 18))))
register_tile_type(TileType("empty space", look=Look(".", (18, 24, 52))))
register_tile_type(TileType("planet", resources=2, look=Look("p", (64, 128, 176))))
register_tile_type(TileType("home system", spawn=True, resources=4,
                            look=Look("H", (220, 190, 90))))
register_tile_type(TileType("asteroid field", anomalies=frozenset({"asteroid field"}),
                            look=Look("a", (130, 104, 84))))
register_tile_type(TileType("nebula", anomalies=frozenset({"nebula"}),
                            look=Look("n", (150, 90, 190))))
register_tile_type(TileType("supernova", anomalies=frozenset({"supernova"}),
                            look=Look("*", (236, 120, 40))))
register_tile_type(TileType("gravity rift", anomalies=frozenset({"gravity rift"}),
                            look=Look("@", (40, 30, 70))))

# the skirmish's terrain (seed 004; "water" above is its shallow water, "deep water" the
# water only aquatic units enter)
register_tile_type(TileType("forest", penalty_in=1, blocks_sight=True,
                            protection=((1, 2, 1, 2, 2), (3, 4, 0, 1, 1)),
                            look=Look("F", (44, 110, 52))))
register_tile_type(TileType("hill", elevated=True, look=Look("^", (160, 140, 90))))
register_tile_type(TileType("swamp", penalty_in=1, move_out=1,
                            protection=((1, 4, 1, 0, 0),), look=Look("%", (88, 110, 74))))
register_tile_type(TileType("mountain", walkers=False, blocks_sight=True, elevated=True,
                            look=Look("M", (120, 112, 108))))
register_tile_type(TileType("lava", burns=1, look=Look("L", (210, 80, 30))))
register_tile_type(TileType("radioactive", radioactive=1, look=Look("R", (150, 200, 40))))
