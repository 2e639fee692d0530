"""The skirmish's numbers and names (seed 004), and the questions every part of it asks
about a unit: its size, sight, armor and speed, whether it flies or stands on high
ground, what its statuses are. The readings of the rules list, where its notes and the
code it comes from disagree, are in ``assets/docs/rules-skirmish.md``; each function
names the line of the seed it serves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from ...components import Activity, Body, OnMap, Rounds
from ...core.state import Phase
from ...geometry import Tile
from ...tiles import TileType

if TYPE_CHECKING:
    from ...core.game import Game

NS = "skirmish"

#: Sizes (seed: transport, "small: 1, medium: 2, large: 3, giga: 4").
SMALL, MEDIUM, LARGE, GIGA = 1, 2, 3, 4
SIZE_NAMES = {SMALL: "small", MEDIUM: "medium", LARGE: "large", GIGA: "giga"}
#: How far a unit sees when its card says nothing (ours).
DEFAULT_SIGHT = 3

# --- unit properties: keywords of the skirmish (``skirmish:<name>`` in card data)
SIZE = "skirmish:size"
SIGHT = "skirmish:sight"
ARMOR = "skirmish:armor"
MELEE = "skirmish:melee"
FLYING = "skirmish:flying"
AQUATIC = "skirmish:aquatic"
TELEPORT = "skirmish:teleport"
STEALTH = "skirmish:stealth"
INVISIBLE = "skirmish:invisible"
DETECTION = "skirmish:detection"
SENSE = "skirmish:sense"
TRANSPORT = "skirmish:transport"
ENTERABLE = "skirmish:enterable"
EXITABLE = "skirmish:exitable"
#: its maximum energy as a property; the energy it has now as a status (the mark's count)
ENERGY = "skirmish:energy"
TOGGLE = "skirmish:toggle"
RESISTANCE = "skirmish:resistance"
#: Properties a broken unit loses ("broken: passive abilities are inactive"); what a unit
#: is (its size, sight, wings, gills) stays.
ABILITIES = frozenset({ARMOR, STEALTH, INVISIBLE, DETECTION, SENSE, RESISTANCE, TELEPORT})

# --- statuses: marks of the skirmish
BURN = "skirmish:burn"
POISON = "skirmish:poison"
STUNNED = "skirmish:stunned"
ACCELERATED = "skirmish:accelerated"
ROOTED = "skirmish:rooted"
BROKEN = "skirmish:broken"
SHIELD = "skirmish:shield"
STASIS = "skirmish:stasis"
EPHEMERAL = "skirmish:ephemeral"
RADIATED = "skirmish:radiated"
RADIOACTIVE = "skirmish:radioactive"
TOGGLED = "skirmish:toggled"

# --- damage
PHYSICAL = "physical"
PURE = "pure"
MELEE_HIT, RANGED_HIT, AOE_HIT = "melee", "ranged", "aoe"


def over(game: Game) -> bool:
    """Has the game ended (a check that may follow another in the same function)?"""
    return game.phase is Phase.OVER


def status(game: Game, unit: int, kind: str) -> int:
    """How many stacks of the status ``kind`` the unit has."""
    return game.marks(unit, kind)


def prop(game: Game, unit: int, name: str) -> Any:
    """A property (keyword) of a unit; a broken unit has none of ``ABILITIES``."""
    if name in ABILITIES and game.marks(unit, BROKEN):
        return None
    return game.keyword(unit, name)


def size(game: Game, unit: int) -> int:
    """Small 1, medium 2 (the default), large 3, giga 4."""
    value = game.keyword(unit, SIZE)
    return MEDIUM if value is None else int(value)


def sight(game: Game, unit: int) -> int:
    value = game.keyword(unit, SIGHT)
    return DEFAULT_SIGHT if value is None else int(value)


def armor(game: Game, unit: int) -> int:
    value = prop(game, unit, ARMOR)
    return 0 if value is None else int(value)


def flying(game: Game, unit: int) -> bool:
    return bool(game.keyword(unit, FLYING))


def speed(game: Game, unit: int) -> int:
    """Movement points a unit starts each activation with."""
    return game.movement(unit)


def kind_at(game: Game, tile: Tile) -> TileType:
    return game.tile_kind(tile)


def high_ground(game: Game, unit: int, tile: Tile | None = None) -> bool:
    """Flying: "always considered on high ground"; else the hex is elevated."""
    if flying(game, unit):
        return True
    where = game.tile_of(unit) if tile is None else tile
    return where is not None and kind_at(game, where).elevated


def can_stand(game: Game, unit: int, tile: Tile, without: str = "") -> bool:
    """Ground units stand where walkers may; aquatic ones on water too ("aquatic: can
    move on water"); fliers anywhere. ``without``: as if the keyword of that name were
    not granted to it (a toggle turned off)."""
    flies, swims = footing(game, unit, without)
    kind = kind_at(game, tile)
    return flies or kind.walkers or (kind.swimmers and swims)


def footing(game: Game, unit: int, without: str = "") -> tuple[bool, bool]:
    """What ``can_stand`` reads of the unit: whether it flies and whether it swims
    (aquatic), ``without`` as there."""
    def has(name: str) -> bool:
        if game.card(unit).keywords.get(name):
            return True
        return name != without and bool(game.keyword(unit, name))

    return has(FLYING), has(AQUATIC)


def body(unit: int) -> Body:
    return esper.component_for_entity(unit, Body)


def activity(unit: int) -> Activity:
    found = esper.try_component(unit, Activity)
    if found is None:
        found = Activity()
        esper.add_component(unit, found)
    return found


def is_ready(game: Game, unit: int) -> bool:
    on_map = esper.try_component(unit, OnMap)
    return on_map is not None and not on_map.tapped


def set_ready(game: Game, unit: int, ready: bool) -> None:
    on_map = esper.component_for_entity(unit, OnMap)
    if on_map.tapped == ready:
        on_map.tapped = not ready
        game.version += 1


def units_of(game: Game, player: int) -> list[int]:
    """The player's units in the game: on the map or carried (entity order)."""
    return [u for u in game.controlled_permanents(player) if game.card(u).is_unit]


def round_number(game: Game) -> int:
    """The round under way (0 before the first)."""
    found = esper.get_component(Rounds)
    return found[0][1].number if found else 0


def health_left(game: Game, unit: int) -> int:
    return game.health(unit) - body(unit).damage
