"""The engine's map model: a grid of typed tiles plus what the map defines for a game.

A ``MapSpec`` is immutable and shared by every game played on it; per-game changes
(a breached wall becomes neutral ground) live in the game's own copy of the tile types.
Maps come from Tiled files (``game.maps``) or, in tests, from small text grids
(``parse_grid``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .cards import (
    EQUIPMENT_TYPES,
    FIGHTER_TYPES,
    PERMANENT_TYPES,
    CardDef,
)
from .geometry import Geometry, Tile, make_geometry
from .tiles import TILE_TYPES, tile_type

_PERMANENT = "a permanent card (a unit, boss, artifact, equipment or potion)"
#: the card types a map piece of each kind may be, with the words for them: a king or a
#: boss must be able to fall, a stick is carried by units, anything on the map is a
#: permanent (a spell or a Coin placed on a tile would never leave it)
PIECE_CARD_TYPES: Mapping[str, tuple[frozenset[Any], str]] = MappingProxyType({
    "king": (FIGHTER_TYPES, "a unit or boss card (a king has to be able to fall)"),
    "boss": (FIGHTER_TYPES, "a unit or boss card (a boss has to be able to fall)"),
    "building": (PERMANENT_TYPES, _PERMANENT),
    "stick": (EQUIPMENT_TYPES, "an equipment card (a unit carries the stick)"),
    "piece": (PERMANENT_TYPES, _PERMANENT),
})


def piece_card_problem(piece: str, card: CardDef) -> str | None:
    """What a map piece of the kind ``piece`` (king, boss, building, stick, piece) should
    be when ``card`` is not of a type it can be, else None."""
    types, words = PIECE_CARD_TYPES[piece]
    return None if card.type in types else words


@dataclass(frozen=True, slots=True)
class WinSpec:
    """A map's win condition: a registered kind and its parameters."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class Region:
    """A capture region: a named set of tiles worth ``points`` per held upkeep."""

    name: str
    tiles: frozenset[Tile]
    points: int = 1


@dataclass(frozen=True, slots=True)
class Placement:
    """A permanent the map puts on a tile at setup (king, building, stick, boss)."""

    card: str
    tile: Tile
    player: int  # -1: neutral


@dataclass(frozen=True, slots=True)
class MapSpec:
    name: str
    width: int
    height: int
    #: tile type names, row-major (index = y * width + x)
    tiles: tuple[str, ...]
    #: owner (player index) of spawn and harbor tiles
    owners: Mapping[Tile, int]
    players: int
    income: int
    start_deck: tuple[tuple[str, int], ...]
    win: WinSpec
    placements: tuple[Placement, ...] = ()
    regions: tuple[Region, ...] = ()
    source: str = ""
    #: the boss pieces of a cooperative map (placed by the boss modes)
    bosses: tuple[Placement, ...] = ()
    #: the map author's suggestions for a new game (empty: the game's defaults)
    draft: str = ""
    sets: tuple[str, ...] = ()
    title: str = ""
    description: str = ""
    #: the game mode played on this map (``game.rules.rulesets``)
    ruleset: str = "muhq"
    #: the board's geometry (``game.rules.geometry``) and its settings from the map
    #: (cell size in pixels; hex stagger; graph links)
    geometry: str = "square-muhq"
    geometry_params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    #: turn-order compensation (ours): resource a player gains in its first upkeep for
    #: each player before it in turn order (the first player moves first; see
    #: ``rulesets.muhq.turn.start_turn``)
    seat_bonus: int = 0
    #: turn-order compensation (ours): resource the first player gains in its very first
    #: upkeep instead of the income (None: the income, as in every other upkeep)
    first_income: int | None = None

    def first_upkeep_income(self, player: int) -> int:
        """Resource ``player`` gains in its first upkeep (rule Upkeep 1 with the map's
        turn-order compensation, ours); every later upkeep brings the income."""
        if player == 0 and self.first_income is not None:
            return self.first_income
        return self.income + self.seat_bonus * player

    def grid(self) -> Geometry:
        """The map's geometry: every spatial question about its tiles (built once per map
        and shared; geometries are immutable)."""
        return shared_geometry(self.geometry, self.width, self.height, self.geometry_params)

    def type_at(self, tile: Tile) -> str:
        return self.tiles[self.grid().index(tile)]

    def on_map(self, tile: Tile) -> bool:
        return self.grid().contains(tile)

    def all_tiles(self) -> list[Tile]:
        return list(self.grid().cells())

    def neighbours(self) -> dict[Tile, tuple[Tile, ...]]:
        """Adjacency lists of every tile."""
        return dict(self.grid().neighbour_table())

    def tiles_of_type(self, name: str) -> list[Tile]:
        cells = self.grid().cells()
        return [cells[i] for i, t in enumerate(self.tiles) if t == name]

    def spawn_tiles(self, player: int) -> list[Tile]:
        return [
            t for t, owner in sorted(self.owners.items())
            if owner == player and tile_type(self.type_at(t)).spawn
        ]


#: geometries already built, by (name, width, height, settings); the oldest is dropped
#: past ``_GRIDS_KEPT`` (checking many maps, or many broken ones, must not keep them all)
_GRIDS: dict[tuple[Any, ...], Geometry] = {}
_GRIDS_KEPT = 64


def shared_geometry(name: str, width: int, height: int,
                    params: Mapping[str, Any]) -> Geometry:
    """The geometry ``make_geometry`` builds, built once per distinct board and shared (the
    loader and every game on the map ask for the same one)."""
    key = (name, width, height, tuple(sorted((k, repr(v)) for k, v in params.items())))
    found = _GRIDS.get(key)
    if found is None:
        found = make_geometry(name, width, height, params)
        if len(_GRIDS) >= _GRIDS_KEPT:
            del _GRIDS[next(iter(_GRIDS))]
        _GRIDS[key] = found
    return found


#: Symbols of the text-grid format used by tests and the ascii converter.
#: Digits 1-4 are spawn tiles of players 1-4, letters A-D harbors of players 1-4.
DEFAULT_SYMBOLS: dict[str, str] = {
    ".": "neutral", " ": "neutral", "h": "house", "t": "tower", "f": "farm field",
    "s": "street", "w": "deep water", "~": "water", "#": "wall", "g": "gate", "$": "store",
    "1": "spawn", "2": "spawn", "3": "spawn", "4": "spawn",
    "A": "harbor", "B": "harbor", "C": "harbor", "D": "harbor",
}


def parse_grid(
    text: str,
    *,
    name: str = "test-map",
    players: int = 2,
    income: int = 3,
    start_deck: tuple[tuple[str, int], ...] = (),
    win: WinSpec | None = None,
    placements: tuple[Placement, ...] = (),
    regions: tuple[Region, ...] = (),
    symbols: Mapping[str, str] | None = None,
) -> MapSpec:
    """Build a map from rows of symbols (see ``DEFAULT_SYMBOLS``)."""
    table = dict(DEFAULT_SYMBOLS if symbols is None else symbols)
    rows = [row for row in text.strip("\n").split("\n")]
    rows = [row.rstrip() for row in rows]
    width = max(len(r) for r in rows)
    tiles: list[str] = []
    owners: dict[Tile, int] = {}
    for y, row in enumerate(rows):
        for x in range(width):
            ch = row[x] if x < len(row) else " "
            if ch not in table:
                raise ValueError(f"row {y + 1}, column {x + 1}: unknown map symbol {ch!r}")
            kind = table[ch]
            if kind not in TILE_TYPES:
                raise ValueError(f"symbol {ch!r} names unknown tile type {kind!r}")
            tiles.append(kind)
            if ch in "1234":
                owners[(x, y)] = int(ch) - 1
            elif ch in "ABCD":
                owners[(x, y)] = "ABCD".index(ch)
    return MapSpec(
        name=name,
        width=width,
        height=len(rows),
        tiles=tuple(tiles),
        owners=MappingProxyType(owners),
        players=players,
        income=income,
        start_deck=start_deck,
        win=win or WinSpec("none"),
        placements=placements,
        regions=regions,
    )
