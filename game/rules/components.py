"""ECS components: plain data, one small dataclass each.

Every card is an entity with ``Card``; which zone holds it, and where in that zone, is
the zone index's (``core/zones.py``: the players' zone lists and ``game.places``). A card
on the map also has
``OnMap`` (and ``Body`` for its damage and remaining actions); a permanent in a pile has
no tile (piles are one ordered index, ``game.piles``: container -> members). Status marks
are entities of their own (``Mark``), as are lasting granted effects (``Granted``).
Components never hold other mutable objects, so a shallow copy of each is a full
snapshot; those that never change once made are frozen (``Card``, ``AtStore``,
``Arrival``), and snapshots share them instead of copying (a card that changes owner
gets a new ``Card``: ``zones.change_owner``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import CardDef
from .geometry import Tile


class Zone(StrEnum):
    """The six zones of rule Zones 1, plus ``aside`` for cards between zones: an
    equipment waiting to be equipped to the next unit played (rule Equipments 6) and an
    intention waiting for its mark to leave the map (rule Intentions 4)."""

    DECK = "deck"
    HAND = "hand"
    DISCARD = "discard"
    STORE = "store"
    MAP = "map"
    EXILE = "exile"
    ASIDE = "aside"
    DRAFT = "draft"  # in a draft pack, before the game starts


#: each zone's name (``zone.value``, looked up without the enum's property)
ZONE_NAMES: dict[Zone, str] = {zone: zone.value for zone in Zone}


@dataclass(frozen=True, slots=True)
class Card:
    definition: CardDef
    owner: int  # player index, -1 for neutral permanents the map places
    token: bool = False


@dataclass(slots=True)
class OnMap:
    """A permanent on the map. ``tile`` is None while it sits in a pile (rule Permanent
    Piles 3: the pile's tile is that of its container)."""

    tile: Tile | None
    controller: int
    tapped: bool = False


@dataclass(slots=True)
class Body:
    """What changes on a permanent during play."""

    damage: int = 0
    moves: int = 0  # move actions left this turn
    attacks: int = 0  # attack actions left this turn
    street_moves: int = 0  # the street tile's extra move action
    durability: int = 0  # equipment and potions
    fight_push: int = 0  # push granted for the current fight only (Charger)


@dataclass(frozen=True, slots=True)
class AtStore:
    """A card dealt face down to a store tile of the map (tiles: store)."""

    tile: Tile


@dataclass(slots=True)
class Mark:
    """``count`` marks of one kind on ``bearer`` (a permanent), or on ``tile`` (then
    ``bearer`` is 0)."""

    kind: str
    bearer: int
    count: int
    source: int = 0  # the intention card that placed an intention mark
    tile: Tile | None = None
    #: ticks left before a lasting mark goes (its kind's ``duration``); 0: no limit
    left: int = 0


@dataclass(slots=True)
class Granted:
    """An effect granted to a permanent: a keyword or a stat change, until ``until``."""

    target: int
    what: str  # "keyword:<name>" or "stat:<name>"
    value: Any
    until: str  # "end_of_turn" or "while_source_on_map"
    source: int = 0


@dataclass(frozen=True, slots=True)
class Arrival:
    """When a duel unit entered the battlefield: the order battle pets act in (later
    arrivals act later; a unit that transforms or hatches arrives anew)."""

    order: int


@dataclass(slots=True)
class Activity:
    """What a skirmish unit did in its activation (seed 004), beside its ``Body`` (whose
    ``moves`` are its movement points, below zero after a penalty, and ``attacks`` its
    attack left): ``acted``, it moved or acted since it was activated; ``blocked``, hexes
    a move of this activation found taken by a unit its side could not see; ``done``,
    something (a stun) ended its activation early."""

    acted: bool = False
    blocked: tuple[Tile, ...] = ()
    done: bool = False


@dataclass(slots=True)
class Rounds:
    """The skirmish's round (seed 004, "round starting player"): its number, the order
    its players take turns in, the players in the order they last activated a unit this
    round (the last one acted last), and the unit of the turn under way (0: none yet;
    it stays named when the unit dies during its own activation)."""

    number: int
    order: tuple[int, ...]
    acted: tuple[int, ...] = ()
    current: int = 0


@dataclass(slots=True)
class ControlPoint:
    """A skirmish control point (a region of the map, by its index in ``map.regions``)
    and the player holding it (-1: nobody yet)."""

    region: int
    holder: int = -1
