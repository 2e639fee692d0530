#!/usr/bin/env python3
"""Convert a map in the original game's text format into a Tiled map (.tmx).

Usage::

    python3 tools/ascii2tmx.py IN.yaml [OUT.tmx]   # OUT defaults to maps/<name>.tmx
    python3 tools/ascii2tmx.py IN.yaml -           # print the map instead
    python3 tools/ascii2tmx.py --check IN.yaml     # exit 1 if OUT is missing or stale

The input is YAML with the map drawn as a grid of symbols, one symbol per tile::

    # Comments are fine anywhere.
    name: 2P-ring-street     # optional: the map's name (default: the input's file name);
                             #   kebab-case, starting with the player count (2P-, 3P-, 4P-)
    title: Ring Street       # optional, shown in the map chooser; so is `description`
    players: 2               # optional: default the highest spawn owner in the grid
    income: 3                # optional: resource each player gains in their upkeep (default 3)
    seat_bonus: 1            # optional: turn-order compensation, resource more in a player's
                             #   first upkeep per player before it (default 0)
    first_income: 0          # optional: turn-order compensation, the first player's income
                             #   in its first upkeep (default: the income)
    map: |                   # required: the grid; a blank or missing cell is neutral
      1h..s..hS
      1K..s..k2
    symbols: {K: neutral, k: neutral, S: spawn}   # optional, added to the default symbols
    start_deck_list: {Coin: 4, Recruit: 3}   # required: card -> count (a skirmish map:
                                         #   optional, each side's army on its spawn tiles)
    win_condition: {type: king}          # required: a win condition and its parameters
    kings: [[1, 1], [7, 1]]              # one [x, y] per player (required for `king`)
    placements:                          # optional: pieces put on the map at setup
      - {card: Building, tile: [2, 0], player: 1}
      - {card: Stick of Victory, tile: [4, 1]}
    regions:                             # optional: capture regions, each a rectangle
      - {name: Centre, points: 2, rect: [3, 0, 3, 2]}   # x, y, width, height
      - {name: Street, tiles: [[4, 0], [4, 1]]}        # or every tile of the rectangle
    spawns: {S: 2}                       # optional: owners of extra spawn/harbor symbols
    draft: 1x[2;8]                       # optional suggestions: draft and card sets
    sets: [base]

Default symbols (as ``DEFAULT_SYMBOLS`` in game/rules/mapmodel.py): ``.`` and blank neutral,
``h`` house, ``t`` tower, ``f`` farm field, ``s`` street, ``w`` deep water, ``~`` water,
``#`` wall, ``g`` gate, ``$`` store, ``1``-``4`` the spawn tiles of players 1-4 and ``A``-``D``
their harbors. ``symbols`` maps further single characters to tile types (quote ``'#'``,
``'~'`` and digits in YAML); a spawn or harbor drawn with such a symbol needs its owner in
``spawns``.

``win_condition`` is ``{type: KIND, ...}`` with KIND and parameters:
``king`` (card), ``resource`` (threshold, required), ``capture_points`` (points, required),
``destroy_buildings`` (card), ``stick_of_victory`` (points, required; card, per_upkeep,
region: the name of one of ``regions``, where the stick's holder must stand to score),
``none`` (sandbox maps); on skirmish maps ``skirmish:control`` (points, the default 5)
and ``skirmish:elimination``. A placement's ``player`` is 1-4, or 0 (the default) for a neutral
piece; its object class is ``building`` for the building card of the map (default
``Building``), ``stick`` for the stick card (default ``Stick of Victory``), else ``piece``;
``kind: boss`` makes a boss. A region (on a square map) is one rectangle: ``rect: [x, y,
width, height]``, or ``tiles`` listing every tile of it; ``points`` defaults to 1. Tiles
count from 0, x to the right and y down.

Hex maps and links (optional fields)::

    orientation: hexagonal   # default orthogonal (square cells)
    stagger_axis: y          # y (default): pointy-topped hexes, every second row pushed
                             #   half a hex right; x: flat-topped, every second column down
    stagger_index: odd       # odd (default) or even: which rows (columns) are pushed
    links:                   # extra connections between two cells (wormholes...); any
      - {name: alpha, from: [1, 2], to: [7, 2]}   # link makes the board a graph
    ruleset: muhq            # the game mode (default muhq; duel, skirmish)
    geometry: square-grid    # orthogonal maps only: square-muhq (default) or square-grid

A fleet map (``ruleset: fleet``, seed 003) is hexagonal and names up to six players. Its
cells are star systems, drawn with symbols added under ``symbols`` for the fleet's tile
types (``void``, ``empty space``, ``planet``, ``home system``, ``asteroid field``,
``nebula``, ``supernova``, ``gravity rift``); each player's home system is an owned
symbol (``'1': home system`` keeps player 1; ``spawns: {'5': 5}`` names the owner of a
further one). ``start_deck_list`` is the fleet each player starts with in its home
system, ``win_condition`` is ``{type: objectives, points: P, rounds: R}`` with at least
one region (each an objective worth its points), and ``links`` are its wormholes and
hyperlanes. No income is written. ``tools/map-sources/3P-fleet-triad.yaml`` is a whole one.

On a hex map the grid is drawn as on a square one, one symbol per cell of Tiled's
rectangle of cells, and every [x, y] is that cell's column and row (the pushed rows or
columns are not drawn pushed). The tile size and the hex side length come from the hex
tileset of the stagger axis: ``assets/tilesets/terrain-hex.tsx`` (64x74, side 37) for y,
``terrain-hex-flat.tsx`` (74x64, side 37) for x. Positions come from the game's hex
geometry (game/rules/geometry), so converting a hex map needs the game's code beside the
tool. A hex region is any set of cells in one piece without holes: ``rect`` gives the
cells of those columns and rows, ``tiles`` lists them. A link joins two different cells;
its ``name`` is optional, and no two links join the same two cells. Links work on square
maps too.

The output follows the map contract (README, "Making a map"): one CSV tile layer
``terrain`` using ``assets/tilesets/terrain.tsx`` (on a hex map the hex tileset above;
referenced relative to the output's folder; tile gid = 1 + the tile's id), an object layer
``objects`` holding the ``spawn`` rectangles (one or more per player, covering exactly that
player's spawn and harbor tiles), the ``king``, ``building``, ``stick``, ``piece`` and
``boss`` points (at tile centres), the ``region`` rectangles and the ``link`` polylines
(two points, from cell centre to cell centre), and the map properties. On a hex map the
spawns and regions are polygons instead of rectangles: the outline of the cells, which
holds exactly their centres (one spawn polygon per connected group of a player's cells).
The file is written the way Tiled 1.8 saves it, so opening and saving it in Tiled changes
nothing but the ``tiledversion`` attribute that Tiled adds.

Bad input is reported one line per problem, ``FILE: FIELD: expected ..., found ...``, and
the tool exits with status 1. Needs only Python 3.11+ and PyYAML (the game's virtual
environment has it: ``.venv/bin/python tools/ascii2tmx.py ...``), and for hex maps the
game's geometry package. Importable: ``convert_text``, ``convert_file`` and ``main``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the game's geometry is imported only when a hex map needs it
    from game.rules.geometry import Geometry

try:
    import yaml
except ImportError:  # pragma: no cover - the game's environment always has PyYAML
    yaml = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
MAPS_DIR = ROOT / "maps"
TILESET = ROOT / "assets" / "tilesets" / "terrain.tsx"
CARDS_DIR = ROOT / "assets" / "cards"
#: what a map in maps/ writes for the tileset
DEFAULT_TILESET_SOURCE = "../assets/tilesets/terrain.tsx"
TILE_SIZE = 64
#: the hex tilesets by stagger axis: pointy-topped hexes (y), flat-topped hexes (x)
HEX_TILESETS: dict[str, Path] = {
    "y": ROOT / "assets" / "tilesets" / "terrain-hex.tsx",
    "x": ROOT / "assets" / "tilesets" / "terrain-hex-flat.tsx",
}
ORIENTATIONS = ("orthogonal", "hexagonal")
STAGGER_AXES = ("x", "y")
STAGGER_INDEXES = ("odd", "even")
#: the rulesets and the geometries of orthogonal maps the loader knows
#: (``RULESETS`` in game/rules/rulesets, ``SQUARE_GEOMETRIES`` in game/maps/tiled.py)
RULESETS = ("muhq", "duel", "fleet", "skirmish")
#: rulesets whose maps give no income and no start deck (the duel: players bring decks)
DECKLESS = frozenset({"duel"})
#: rulesets whose maps give no income (the fleet: planets give resources; the skirmish: a
#: start deck is each side's army)
NO_INCOME = frozenset({"duel", "fleet", "skirmish"})
#: rulesets whose maps may leave the start deck out (the skirmish: the armies may be the
#: map's pieces alone)
ARMY_OPTIONAL = frozenset({"skirmish"})
#: the most players a map of each ruleset may have (4 unless named here)
MAX_PLAYERS = {"fleet": 6}
SQUARE_GEOMETRIES = ("square-muhq", "square-grid")

#: The terrain tileset's tiles: tile id = index (gid = 1 + id); the engine's tile type names.
TILE_TYPES: tuple[str, ...] = (
    "neutral", "house", "tower", "farm field", "spawn", "harbor", "street", "deep water",
    "water", "wall", "gate", "store", "mana globe", "void", "empty space", "planet",
    "home system", "asteroid field", "nebula", "supernova", "gravity rift", "forest", "hill",
    "swamp", "mountain", "lava", "radioactive",
)
#: tiles where a non-swimming piece can't stand
NOT_WALKABLE = frozenset({"deep water", "wall", "mountain"})
#: tiles a player owns (spawn and harbor; a fleet's home system is its player's spawn)
OWNED = frozenset({"spawn", "harbor", "home system"})
#: owned tiles that are spawns
SPAWNS = frozenset({"spawn", "home system"})

#: The default symbols, as ``DEFAULT_SYMBOLS`` in game/rules/mapmodel.py.
DEFAULT_SYMBOLS: dict[str, str] = {
    ".": "neutral", " ": "neutral", "h": "house", "t": "tower", "f": "farm field",
    "s": "street", "w": "deep water", "~": "water", "#": "wall", "g": "gate", "$": "store",
    "1": "spawn", "2": "spawn", "3": "spawn", "4": "spawn",
    "A": "harbor", "B": "harbor", "C": "harbor", "D": "harbor",
}
#: owners (players 1-4) of the default spawn and harbor symbols
DEFAULT_OWNERS: dict[str, int] = {
    "1": 1, "2": 2, "3": 3, "4": 4, "A": 1, "B": 2, "C": 3, "D": 4,
}

#: win condition -> its parameters and their types (as registered in game/rules/wincons.py)
WIN_PARAMS: dict[str, dict[str, type]] = {
    "none": {},
    "king": {"card": str},
    "resource": {"threshold": int},
    "capture_points": {"points": int},
    "destroy_buildings": {"card": str},
    "stick_of_victory": {"points": int, "card": str, "per_upkeep": int, "region": str},
    "tyrant": {},
    "kraken": {"points": int},
    "general": {},
    "skirmish:control": {"points": int},
    "skirmish:elimination": {},
    "objectives": {"points": int, "rounds": int},
}
REQUIRED_WIN_PARAMS: dict[str, tuple[str, ...]] = {
    "resource": ("threshold",),
    "capture_points": ("points",),
    "stick_of_victory": ("points",),
}
#: win parameter -> map property
WIN_PROPERTY = {
    "threshold": "win_threshold", "points": "win_points", "card": "win_card",
    "per_upkeep": "win_per_upkeep", "rounds": "win_rounds", "region": "win_region",
}
DEFAULT_KING = "King"
DEFAULT_BUILDING = "Building"
DEFAULT_STICK = "Stick of Victory"
PLACEMENT_KINDS = ("building", "stick", "piece", "boss")

FIELDS = (
    "name", "title", "description", "players", "income", "seat_bonus", "first_income",
    "map", "symbols", "spawns",
    "start_deck_list", "win_condition", "kings", "placements", "regions", "draft", "sets",
    "orientation", "stagger_axis", "stagger_index", "links", "ruleset", "geometry",
)
NAME_PATTERN = re.compile(r"[A-Za-z0-9]+(-[A-Za-z0-9]+)*")
Tile = tuple[int, int]
Point = tuple[float, float]


# --------------------------------------------------------------------------- problems


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input: where, what was expected, what was found."""

    file: str
    field: str
    expected: str
    found: str

    def __str__(self) -> str:
        return f"{self.file}: {self.field}: expected {self.expected}, found {self.found}"


class SourceError(ValueError):
    """The input can't be converted; ``problems`` lists every problem found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def show(value: Any) -> str:
    """A short readable form of a found value."""
    if value is None:
        return "nothing"
    if isinstance(value, str):
        text = repr(value)
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    elif isinstance(value, list):
        text = "[" + ", ".join(show(v) for v in value) + "]"
    else:
        text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Checker:
    """Collects problems while reading one input file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []

    def add(self, where: str, expected: str, found: Any, *, raw: bool = False) -> None:
        self.problems.append(Problem(self.file, where, expected, found if raw else show(found)))

    def integer(self, value: Any, where: str, low: int, high: int | None = None) -> int | None:
        ok = isinstance(value, int) and not isinstance(value, bool)
        if ok and value >= low and (high is None or value <= high):
            return int(value)
        expected = (f"a whole number from {low} to {high}" if high is not None
                    else f"a whole number of at least {low}")
        self.add(where, expected, value)
        return None

    def text(self, value: Any, where: str, *, single_line: bool = True) -> str | None:
        if isinstance(value, str) and value.strip() and not (single_line and "\n" in value):
            return value.strip()
        self.add(where, "a line of text" if single_line else "some text", value)
        return None

    def tile(self, value: Any, where: str, size: tuple[int, int]) -> Tile | None:
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            self.add(where, "a tile as [x, y]", value)
            return None
        x, y = value
        if not (0 <= x < size[0] and 0 <= y < size[1]):
            self.add(where, f"a tile inside the {size[0]}x{size[1]} map "
                     f"(x 0-{size[0] - 1}, y 0-{size[1] - 1})", value)
            return None
        return (x, y)

    def card(self, value: Any, where: str) -> str | None:
        if isinstance(value, str) and value.strip() and not re.search(r"[,\n]", value):
            return value.strip()
        self.add(where, "a card name (without commas)", value)
        return None


# --------------------------------------------------------------------------- the map


@dataclass(slots=True)
class MapObject:
    """One object of the ``objects`` layer, in pixels."""

    cls: str
    name: str
    x: float
    y: float
    width: float = 0
    height: float = 0
    #: "rectangle", "point", "polygon" or "polyline"
    shape: str = "rectangle"
    #: (name, Tiled type, value), written in name order
    properties: list[tuple[str, str, str]] = field(default_factory=list)
    #: a polygon's or polyline's points, relative to (x, y)
    points: list[Point] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Layout:
    """How the map's cells are laid out: square, or Tiled's staggered hexes."""

    orientation: str = "orthogonal"
    tile_width: int = TILE_SIZE
    tile_height: int = TILE_SIZE
    stagger_axis: str = "y"
    stagger_index: str = "odd"
    hex_side_length: int = 0
    tileset: Path = TILESET

    @property
    def hexagonal(self) -> bool:
        return self.orientation == "hexagonal"

    def geometry_params(self) -> dict[str, Any]:
        return {"tile_width": self.tile_width, "tile_height": self.tile_height,
                "stagger_axis": self.stagger_axis, "stagger_index": self.stagger_index,
                "hex_side_length": self.hex_side_length}


@dataclass(slots=True)
class TiledMap:
    name: str
    width: int
    height: int
    #: tile type names, row-major
    tiles: list[str]
    properties: list[tuple[str, str, str]]
    objects: list[MapObject]
    layout: Layout = field(default_factory=Layout)


def rectangles(tiles: Iterable[Tile]) -> list[tuple[int, int, int, int]]:
    """Cover exactly these tiles with few rectangles (x, y, width, height), in reading order:
    each rectangle takes the longest row run from its first free tile, then grows down
    while the rows below hold the same run."""
    left = set(tiles)
    result = []
    for x, y in sorted(left, key=lambda t: (t[1], t[0])):
        if (x, y) not in left:
            continue
        width = 1
        while (x + width, y) in left:
            width += 1
        height = 1
        while all((x + dx, y + height) in left for dx in range(width)):
            height += 1
        for dy in range(height):
            for dx in range(width):
                left.discard((x + dx, y + dy))
        result.append((x, y, width, height))
    return result


def _point(tile: Tile) -> tuple[int, int]:
    return tile[0] * TILE_SIZE + TILE_SIZE // 2, tile[1] * TILE_SIZE + TILE_SIZE // 2


def hex_geometry(layout: Layout, width: int, height: int) -> Geometry:
    """The game's hex geometry for a map of this layout (imported from the game, which
    places cells exactly where Tiled draws them)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game.rules.geometry import make_geometry

    return make_geometry("hex", width, height, layout.geometry_params())


def read_hex_tileset(path: Path) -> tuple[int, int, int] | str:
    """(tile width, tile height, hex side length) of a hex tileset, or what is wrong."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as exc:
        return f"{type(exc).__name__} reading {path}"
    side = root.find("properties/property[@name='hex_side_length']")
    try:
        width, height = int(root.get("tilewidth", "")), int(root.get("tileheight", ""))
        length = int(side.get("value", "") if side is not None else "")
    except ValueError:
        return f"{path} without tilewidth, tileheight and a hex_side_length property"
    return width, height, length


def hex_outlines(geometry: Geometry, cells: Iterable[Tile]) -> list[list[Point]]:
    """The outlines of a set of hex cells (given as Tiled's (column, row) cells): one
    closed loop of pixel points per connected piece and per hole.

    Each corner of a hex is where three hexes meet; it is placed at the mean of their
    three centres, which is the corner of a regular hex grid through the cell centres
    (within a pixel of the corner Tiled draws). A cell's centre lies inside the outline
    of its piece, and every other centre lies at least about half a cell outside it, so
    the loop covers exactly these cells under the map contract. Points are rounded to
    whole pixels."""
    from game.rules.geometry import HEX_DIRECTIONS

    tiles = {geometry.grid_to_tile(col, row) for col, row in cells}
    # boundary edges, each directed from one corner to the next going round its hex
    following: dict[frozenset[Tile], frozenset[Tile]] = {}
    count = len(HEX_DIRECTIONS)
    for q, r in tiles:
        for k, (dq, dr) in enumerate(HEX_DIRECTIONS):
            if (q + dq, r + dr) in tiles:
                continue
            before, after = HEX_DIRECTIONS[k - 1], HEX_DIRECTIONS[(k + 1) % count]
            start = frozenset({(q, r), (q + before[0], r + before[1]), (q + dq, r + dr)})
            end = frozenset({(q, r), (q + dq, r + dr), (q + after[0], r + after[1])})
            following[start] = end

    def pixel(corner: frozenset[Tile]) -> Point:
        centres = [geometry.cell_center(t) for t in corner]
        return (round(sum(c[0] for c in centres) / 3), round(sum(c[1] for c in centres) / 3))

    loops: list[list[Point]] = []
    for first in sorted(following, key=lambda c: (pixel(c)[1], pixel(c)[0])):
        if first not in following:
            continue
        loop = [first]
        corner = following.pop(first)
        while corner != first:
            loop.append(corner)
            corner = following.pop(corner)
        points = [pixel(c) for c in loop]
        top = min(range(len(points)), key=lambda i: (points[i][1], points[i][0]))
        loops.append(points[top:] + points[:top])
    return loops


def _num(value: float) -> str:
    """A number as Tiled writes it: no ``.0`` on whole numbers."""
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


def _prop_int(name: str, value: int) -> tuple[str, str, str]:
    return (name, "int", str(value))


def _prop_str(name: str, value: str) -> tuple[str, str, str]:
    return (name, "", value)


def card_names(folder: Path = CARDS_DIR) -> set[str]:
    """English names of the cards under assets/cards (empty if there are none)."""
    names: set[str] = set()
    if yaml is None or not folder.is_dir():
        return names
    for path in sorted(folder.rglob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        name = data.get("name") if isinstance(data, dict) else None
        if isinstance(name, dict):
            name = name.get("en")
        if isinstance(name, str):
            names.add(name)
    return names


def read_source(text: str, file: str) -> dict[str, Any]:
    """The YAML document of a text map (raises ``SourceError``)."""
    check = Checker(file)
    if yaml is None:
        check.add("file", "PyYAML to read it (run the tool with .venv/bin/python)",
                  "no yaml module", raw=True)
        raise SourceError(check.problems)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "file"
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        check.add(where, "valid YAML", f"a syntax error ({problem})", raw=True)
        raise SourceError(check.problems) from None
    if not isinstance(data, dict):
        check.add("top level", "a mapping with map, start_deck_list, win_condition...", data)
        raise SourceError(check.problems)
    return data


def _symbol_key(key: Any) -> str | None:
    if isinstance(key, int) and not isinstance(key, bool) and 0 <= key <= 9:
        return str(key)
    if isinstance(key, str) and len(key) == 1 and key not in "\n\t":
        return key
    return None


def build_map(data: dict[str, Any], file: str, *, default_name: str,
              known_cards: set[str] | None = None) -> tuple[TiledMap, list[Problem]]:
    """Check a text map and build its Tiled map; returns the map and warnings (unknown
    cards), raises ``SourceError`` listing every problem."""
    return _Builder(data, file, default_name).build(known_cards)


class _Builder:
    """Reads one text map section by section, collecting every problem on the way."""

    def __init__(self, data: dict[str, Any], file: str, default_name: str) -> None:
        self.data = data
        self.check = Checker(file)
        self.name = default_name
        self.extras: dict[str, str] = {}
        self.symbols = dict(DEFAULT_SYMBOLS)
        self.owners_of = dict(DEFAULT_OWNERS)
        self.tiles: list[str] = []
        self.owners: dict[Tile, int] = {}
        self.width = self.height = 0
        self.players: int | None = None
        self.income = 3
        self.seat_bonus = 0
        self.first_income: int | None = None
        self.deck: list[tuple[str, int]] = []
        self.win_kind = ""
        self.win_params: dict[str, Any] = {}
        self.objects: list[MapObject] = []
        self.occupied: dict[Tile, str] = {}
        self.counts = {kind: 0 for kind in PLACEMENT_KINDS}
        self.buildings_of: set[int] = set()
        self.region_names: set[str] = set()
        self.layout = Layout()
        self.geometry: Geometry | None = None

    def build(self, known_cards: set[str] | None) -> tuple[TiledMap, list[Problem]]:
        for key in self.data:
            if key not in FIELDS:
                self.check.add(str(key), f"one of the fields {', '.join(FIELDS)}", key)
        self.read_texts()
        self.read_symbols()
        self.read_grid()
        self.read_layout()
        self.read_players()
        self.read_deck()
        self.read_win()
        self.add_spawns()
        self.add_kings()
        self.add_placements()
        self.add_regions()
        self.add_links()
        self.check_win_needs()
        if self.check.problems:
            raise SourceError(self.check.problems)
        tiled = TiledMap(self.name, self.width, self.height, self.tiles, self.properties(),
                         self.objects, self.layout)
        return tiled, self.unknown_cards(known_cards or set())

    # -- map-wide fields

    def read_texts(self) -> None:
        """name, title, description, draft and sets."""
        check, data = self.check, self.data
        if "name" in data:
            given = check.text(data["name"], "name")
            if given is not None and not NAME_PATTERN.fullmatch(given):
                check.add("name", "a kebab-case map name such as 2P-ring-street", given)
            elif given is not None:
                self.name = given
        for key in ("title", "description", "draft"):
            if key in data:
                value = check.text(data[key], key, single_line=key != "description")
                if value is not None:
                    self.extras[key] = value
        if "sets" in data:
            sets = data["sets"]
            if isinstance(sets, str):
                sets = [s.strip() for s in sets.split(",")]
            if (isinstance(sets, list) and sets
                    and all(isinstance(s, str) and s.strip() and "," not in s for s in sets)):
                self.extras["sets"] = ",".join(s.strip() for s in sets)
            else:
                check.add("sets", "a list of card set names", data["sets"])

    def read_symbols(self) -> None:
        """symbols (added to the defaults) and spawns (owners of added spawn symbols)."""
        check = self.check
        raw_symbols = self.data.get("symbols") or {}
        if not isinstance(raw_symbols, dict):
            check.add("symbols", "a mapping of symbol to tile type", raw_symbols)
            raw_symbols = {}
        for key, kind in raw_symbols.items():
            symbol = _symbol_key(key)
            if symbol is None:
                found = "null (an unquoted ~ reads as null)" if key is None else show(key)
                check.add(f"symbols.{key}", "a single character (quote '#', '~' and digits)",
                          found, raw=True)
            elif kind not in TILE_TYPES:
                check.add(f"symbols.{symbol}", f"a tile type ({', '.join(TILE_TYPES)})", kind)
            else:
                self.symbols[symbol] = kind
                if kind not in OWNED:
                    self.owners_of.pop(symbol, None)
        raw_spawns = self.data.get("spawns") or {}
        if not isinstance(raw_spawns, dict):
            check.add("spawns", "a mapping of spawn or harbor symbol to player", raw_spawns)
            raw_spawns = {}
        for key, player in raw_spawns.items():
            symbol = _symbol_key(key)
            if symbol is None or self.symbols.get(symbol) not in OWNED:
                check.add(f"spawns.{key}", "a symbol of spawn or harbor tiles", key)
                continue
            owner = check.integer(player, f"spawns.{symbol}", 1, 6)
            if owner is not None:
                self.owners_of[symbol] = owner

    def read_grid(self) -> None:
        """map: one symbol per tile; a missing cell at the end of a row is neutral."""
        grid = self.data.get("map")
        if not isinstance(grid, str) or not grid.strip():
            self.check.add("map", "the grid as a block of text (map: |)", grid)
            return
        rows = [row.rstrip() for row in grid.strip("\n").split("\n")]
        self.width, self.height = max(len(r) for r in rows), len(rows)
        for y, row in enumerate(rows):
            for x in range(self.width):
                symbol = row[x] if x < len(row) else " "
                where = f"map row {y + 1} column {x + 1}"
                kind = self.symbols.get(symbol)
                if kind is None:
                    known = "".join(sorted(s for s in self.symbols if s != " "))
                    self.check.add(where, f"a known symbol ({known}, blank) or one added "
                                   "under symbols", symbol)
                    kind = "neutral"
                self.tiles.append(kind)
                if kind in OWNED and symbol in self.owners_of:
                    self.owners[(x, y)] = self.owners_of[symbol]
                elif kind in OWNED:
                    self.check.add(where, f"an owner for {kind} symbol {symbol!r} under spawns",
                                   "none", raw=True)

    def kind_at(self, tile: Tile) -> str:
        return self.tiles[tile[1] * self.width + tile[0]]

    def read_layout(self) -> None:
        """orientation, stagger_axis and stagger_index (the hex tileset gives the tile
        size and side length), ruleset and geometry."""
        check, data = self.check, self.data
        orientation = data.get("orientation", "orthogonal")
        if orientation not in ORIENTATIONS:
            check.add("orientation", "orthogonal or hexagonal", orientation)
            orientation = "orthogonal"
        hexagonal = orientation == "hexagonal"
        stagger: dict[str, str] = {}
        for key, allowed, default in (("stagger_axis", STAGGER_AXES, "y"),
                                      ("stagger_index", STAGGER_INDEXES, "odd")):
            if key in data and not hexagonal:
                check.add(key, "no stagger on an orthogonal map (orientation: hexagonal "
                          "for hexes)", data[key])
            value = data.get(key, default)
            if value not in allowed:
                check.add(key, " or ".join(allowed), value)
                value = default
            stagger[key] = value
        if "ruleset" in data:
            if data["ruleset"] in RULESETS:
                self.extras["ruleset"] = data["ruleset"]
            else:
                check.add("ruleset", f"one of {', '.join(RULESETS)}", data["ruleset"])
        if "geometry" in data:
            if hexagonal:
                check.add("geometry", "no geometry on a hexagonal map (its cells are hexes)",
                          data["geometry"])
            elif data["geometry"] in SQUARE_GEOMETRIES:
                self.extras["geometry"] = data["geometry"]
            else:
                check.add("geometry", f"one of {', '.join(SQUARE_GEOMETRIES)}",
                          data["geometry"])
        if not hexagonal:
            return
        tileset = HEX_TILESETS[stagger["stagger_axis"]]
        read = read_hex_tileset(tileset)
        if isinstance(read, str):
            check.add("orientation", f"the hex tileset {tileset.relative_to(ROOT).as_posix()} "
                      "(run tools/make_tileset.py)", read, raw=True)
            return
        width, height, side = read
        self.layout = Layout("hexagonal", width, height, stagger["stagger_axis"],
                             stagger["stagger_index"], side, tileset)
        if self.tiles:
            self.geometry = hex_geometry(self.layout, self.width, self.height)

    def centre(self, tile: Tile) -> Point:
        """The pixel centre of a (column, row) cell."""
        if self.geometry is None:
            return _point(tile)
        return self.geometry.cell_center(self.geometry.grid_to_tile(*tile))

    def polygon(self, cls: str, name: str, outline: list[Point],
                properties: list[tuple[str, str, str]]) -> MapObject:
        """A polygon object placed at its first point, as Tiled places one."""
        x0, y0 = outline[0]
        return MapObject(cls, name, x0, y0, shape="polygon", properties=properties,
                         points=[(x - x0, y - y0) for x, y in outline])

    def read_players(self) -> None:
        """players (default: the highest spawn owner) and income."""
        check = self.check
        highest = max(self.owners.values(), default=0)
        self.players = max(highest, 1)
        if "players" in self.data:
            self.players = check.integer(self.data["players"], "players", 1,
                                         MAX_PLAYERS.get(self.data.get("ruleset", ""), 4))
        if self.players is not None and self.tiles and self.deckless:
            for player in range(1, self.players + 1):
                starts = sum(1 for p in self.owners.values() if p == player)
                if starts != 1:
                    check.add("map", f"one start tile for player {player}'s general "
                              "(a symbol owned by that player)", f"{starts} tiles", raw=True)
        elif self.players is not None and self.tiles:
            spawning = {p for t, p in self.owners.items() if self.kind_at(t) in SPAWNS}
            for player in range(1, self.players + 1):
                if player not in spawning:
                    found = "harbors only" if player in self.owners.values() else "none"
                    check.add("map", f"spawn tiles of player {player} (symbol {player})",
                              found, raw=True)
            if highest > self.players:
                check.add("map", f"spawn and harbor tiles of players 1-{self.players} only",
                          f"tiles of player {highest}", raw=True)
        if "income" in self.data:
            self.income = check.integer(self.data["income"], "income", 0) or 0
        if "seat_bonus" in self.data:
            self.seat_bonus = check.integer(self.data["seat_bonus"], "seat_bonus", 0) or 0
        if "first_income" in self.data:
            self.first_income = check.integer(self.data["first_income"], "first_income", 0)

    @property
    def deckless(self) -> bool:
        """A map of a ruleset whose players bring their own decks (the duel)."""
        return self.data.get("ruleset") in DECKLESS

    def read_deck(self) -> None:
        raw_deck = self.data.get("start_deck_list")
        if self.deckless:
            if raw_deck is not None:
                self.check.add("start_deck_list", f"none on a {self.data['ruleset']} map "
                               "(players bring their own decks)", raw_deck)
            return
        if raw_deck is None and self.data.get("ruleset") in ARMY_OPTIONAL:
            return
        if not isinstance(raw_deck, dict) or not raw_deck:
            self.check.add("start_deck_list", "a mapping of card name to count, e.g. {Coin: 4}",
                           raw_deck)
            return
        for card, count in raw_deck.items():
            name = self.check.card(card, f"start_deck_list.{card}")
            number = self.check.integer(count, f"start_deck_list.{card}", 1)
            if name is not None and number is not None:
                self.deck.append((name, number))

    def read_win(self) -> None:
        check = self.check
        raw_win = self.data.get("win_condition")
        kinds = ", ".join(WIN_PARAMS)
        if not isinstance(raw_win, dict):
            check.add("win_condition", f"{{type: KIND, ...}} with KIND one of {kinds}",
                      raw_win)
            return
        if raw_win.get("type") not in WIN_PARAMS:
            check.add("win_condition.type", f"one of {kinds}", raw_win.get("type"))
            return
        self.win_kind = kind = str(raw_win["type"])
        allowed = WIN_PARAMS[kind]
        for param, value in raw_win.items():
            where = f"win_condition.{param}"
            if param == "type":
                continue
            if param not in allowed:
                expected = (f"a parameter of {kind} ({', '.join(allowed)})" if allowed
                            else f"no parameters for {kind}")
                check.add(where, expected, param)
                continue
            read = (check.integer(value, where, 1) if allowed[param] is int
                    else check.text(value, where) if param == "region"
                    else check.card(value, where))
            if read is not None:
                self.win_params[param] = read
        for param in REQUIRED_WIN_PARAMS.get(kind, ()):
            if param not in raw_win:
                check.add(f"win_condition.{param}", f"the {param} {kind} needs", "none",
                          raw=True)

    def win_card(self, kind: str, default: str) -> str:
        """The card of the map's win pieces if the win condition is ``kind``."""
        if self.win_kind == kind:
            return str(self.win_params.get("card", default))
        return default

    # -- objects

    def place(self, tile: Tile, where: str, card: str, swimming_ok: bool = False) -> None:
        """Claim a tile for a piece: one piece a tile, never on a wall (nor deep water,
        unless the piece may swim)."""
        kind = self.kind_at(tile)
        if tile in self.occupied:
            self.check.add(where, "a free tile",
                           f"{list(tile)}, already holding {self.occupied[tile]}", raw=True)
        elif kind == "wall" or (kind in NOT_WALKABLE and not swimming_ok):
            self.check.add(where, "a tile a piece can stand on", f"{list(tile)} ({kind})",
                           raw=True)
        self.occupied[tile] = card

    def add_spawns(self) -> None:
        """Rectangles covering exactly each player's spawn and harbor tiles (on a hex map:
        a polygon round each connected group of them, or round each cell of a group that
        has a hole)."""
        for player in sorted(set(self.owners.values())):
            mine = [t for t, owner in self.owners.items() if owner == player]
            if self.geometry is not None:
                for group in self.hex_groups(mine):
                    outlines = hex_outlines(self.geometry, group)
                    if len(outlines) > 1:
                        outlines = [hex_outlines(self.geometry, [cell])[0]
                                    for cell in sorted(group, key=lambda t: (t[1], t[0]))]
                    for outline in outlines:
                        self.objects.append(self.polygon(
                            "spawn", f"Player {player}", outline,
                            [_prop_int("player", player)]))
                continue
            for x, y, w, h in rectangles(mine):
                self.objects.append(MapObject(
                    "spawn", f"Player {player}", x * TILE_SIZE, y * TILE_SIZE, w * TILE_SIZE,
                    h * TILE_SIZE, properties=[_prop_int("player", player)]))

    def hex_groups(self, cells: Iterable[Tile]) -> list[list[Tile]]:
        """The connected groups of these (column, row) cells on the hex map, in reading
        order of their first cells."""
        assert self.geometry is not None
        geometry = self.geometry
        left = set(cells)
        groups = []
        for start in sorted(left, key=lambda t: (t[1], t[0])):
            if start not in left:
                continue
            left.discard(start)
            group, todo = [start], [start]
            while todo:
                tile = geometry.grid_to_tile(*todo.pop())
                for near in geometry.neighbours(tile):
                    cell = geometry.tile_to_grid(near)
                    if cell in left:
                        left.discard(cell)
                        group.append(cell)
                        todo.append(cell)
            groups.append(group)
        return groups

    def add_kings(self) -> None:
        check, players = self.check, self.players
        raw_kings = self.data.get("kings")
        if raw_kings is None:
            if self.win_kind == "king" and players:
                check.add("kings", f"a king tile [x, y] for each of the {players} players",
                          "none", raw=True)
            return
        if not isinstance(raw_kings, list):
            check.add("kings", "a list of [x, y] tiles, one per player", raw_kings)
            return
        if players is not None and len(raw_kings) != players:
            check.add("kings", f"one [x, y] tile for each of the {players} players",
                      f"{len(raw_kings)} tiles", raw=True)
        if not self.tiles:
            return
        card = self.win_card("king", DEFAULT_KING)
        for index, spot in enumerate(raw_kings):
            tile = check.tile(spot, f"kings[{index}]", (self.width, self.height))
            if tile is None:
                continue
            self.place(tile, f"kings[{index}]", f"the king of player {index + 1}")
            x, y = self.centre(tile)
            self.objects.append(MapObject("king", card, x, y, shape="point",
                                          properties=[_prop_int("player", index + 1)]))

    def add_placements(self) -> None:
        check = self.check
        raw = self.data.get("placements") or []
        if not isinstance(raw, list):
            check.add("placements", "a list of {card, tile, player}", raw)
            return
        building_card = self.win_card("destroy_buildings", DEFAULT_BUILDING)
        stick_card = self.win_card("stick_of_victory", DEFAULT_STICK)
        for index, item in enumerate(raw):
            where = f"placements[{index}]"
            if not isinstance(item, dict) or "card" not in item:
                check.add(where, "{card, tile, player}", item)
                continue
            for key in item:
                if key not in ("card", "tile", "player", "kind"):
                    check.add(f"{where}.{key}", "one of card, tile, player, kind", key)
            card = check.card(item["card"], f"{where}.card")
            player = check.integer(item.get("player", 0), f"{where}.player", 0,
                                   self.players or 4)
            kind = item.get("kind")
            if kind is None:
                kind = ("building" if card == building_card and player
                        else "stick" if card == stick_card else "piece")
            if kind not in PLACEMENT_KINDS:
                check.add(f"{where}.kind", f"one of {', '.join(PLACEMENT_KINDS)}", kind)
                continue
            if kind == "building" and player == 0:
                check.add(f"{where}.player", "the player (1-4) the building belongs to", 0)
            if kind in ("stick", "boss") and player:
                check.add(f"{where}.player", f"no player for a {kind}", player)
            tile = (check.tile(item.get("tile"), f"{where}.tile", (self.width, self.height))
                    if self.tiles else None)
            if card is None or player is None or tile is None:
                continue
            self.place(tile, f"{where}.tile", card, swimming_ok=kind in ("piece", "boss"))
            self.counts[kind] += 1
            props = [_prop_str("card", card)]
            if kind in ("building", "piece"):
                props.append(_prop_int("player", player))
            if kind == "building":
                self.buildings_of.add(player)
            x, y = self.centre(tile)
            self.objects.append(MapObject(kind, card, x, y, shape="point", properties=props))

    def add_regions(self) -> None:
        check = self.check
        raw = self.data.get("regions") or []
        if not isinstance(raw, list):
            check.add("regions", "a list of {name, points, rect}", raw)
            return
        for index, item in enumerate(raw):
            where = f"regions[{index}]"
            if not isinstance(item, dict):
                check.add(where, "{name, points, rect: [x, y, width, height]}", item)
                continue
            for key in item:
                if key not in ("name", "points", "tiles", "rect"):
                    check.add(f"{where}.{key}", "one of name, points, tiles, rect", key)
            name = check.text(item.get("name", f"Region {index + 1}"), f"{where}.name")
            if name is not None and name in self.region_names:
                check.add(f"{where}.name", "a name no other region has", name)
            points = check.integer(item.get("points", 1), f"{where}.points", 1)
            if self.layout.hexagonal:
                self.add_hex_region(item, where, name, points)
                continue
            box = self.region_box(item, where)
            if name is None or points is None or box is None:
                continue
            self.region_names.add(name)
            x, y, w, h = (v * TILE_SIZE for v in box)
            self.objects.append(MapObject("region", name, x, y, w, h,
                                          properties=[_prop_int("points", points)]))
        region = self.win_params.get("region")
        if region is not None:  # the game's wording, imported only when a map names one
            from game.rules.wincons import unknown_region
            expected = unknown_region(region, sorted(self.region_names))
            if expected is not None:
                check.add("win_condition.region", expected, region)

    def add_hex_region(self, item: dict[str, Any], where: str, name: str | None,
                       points: int | None) -> None:
        """A region of a hex map: one polygon round its cells, which are the cells of its
        ``rect`` (columns and rows of Tiled's grid) or its ``tiles``, in one piece."""
        check, size = self.check, (self.width, self.height)
        cells: set[Tile] = set()
        if "rect" in item:
            box = self.region_box(item, where)
            if box is None:
                return
            x0, y0, w, h = box
            cells = {(x0 + dx, y0 + dy) for dy in range(h) for dx in range(w)}
        elif isinstance(item.get("tiles"), list) and item["tiles"]:
            spots = [check.tile(t, f"{where}.tiles", size) for t in item["tiles"]]
            if None in spots:
                return
            cells = {s for s in spots if s is not None}
        else:
            check.add(where, "the region's rect: [x, y, width, height] or its tiles: "
                      "[[x, y], ...]", item)
            return
        if self.geometry is None or name is None or points is None:
            return
        outlines = hex_outlines(self.geometry, cells)
        if len(outlines) != 1:
            pieces = len(self.hex_groups(cells))
            check.add(f"{where}.tiles", "cells in one piece without holes (a region of a "
                      "hex map is one polygon)",
                      f"{pieces} pieces and {len(outlines) - pieces} holes", raw=True)
            return
        self.region_names.add(name)
        self.objects.append(self.polygon("region", name, outlines[0],
                                         [_prop_int("points", points)]))

    def add_links(self) -> None:
        """links: two-point polylines from cell centre to cell centre."""
        check, size = self.check, (self.width, self.height)
        raw = self.data.get("links") or []
        if not isinstance(raw, list):
            check.add("links", "a list of {name, from: [x, y], to: [x, y]}", raw)
            return
        pairs: set[frozenset[Tile]] = set()
        for index, item in enumerate(raw):
            where = f"links[{index}]"
            if not isinstance(item, dict) or "from" not in item or "to" not in item:
                check.add(where, "{name, from: [x, y], to: [x, y]}", item)
                continue
            for key in item:
                if key not in ("name", "from", "to"):
                    check.add(f"{where}.{key}", "one of name, from, to", key)
            name = check.text(item["name"], f"{where}.name") if "name" in item else ""
            if not self.tiles:
                continue
            ends = (check.tile(item["from"], f"{where}.from", size),
                    check.tile(item["to"], f"{where}.to", size))
            start, end = ends
            if start is None or end is None or name is None:
                continue
            if start == end:
                check.add(f"{where}.to", "another cell than from", list(end))
                continue
            pair = frozenset((start, end))
            if pair in pairs:
                check.add(where, "two cells no other link joins", f"{list(start)} and "
                          f"{list(end)} again", raw=True)
                continue
            pairs.add(pair)
            x0, y0 = self.centre(start)
            x1, y1 = self.centre(end)
            self.objects.append(MapObject("link", name, x0, y0, shape="polyline",
                                          points=[(0, 0), (x1 - x0, y1 - y0)]))

    def region_box(self, item: dict[str, Any], where: str) -> tuple[int, int, int, int] | None:
        """A region's rectangle (x, y, width, height) in tiles, from ``rect`` or ``tiles``."""
        check, size = self.check, (self.width, self.height)
        if "rect" in item:
            rect = item["rect"]
            if not (isinstance(rect, list) and len(rect) == 4
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in rect)
                    and rect[2] >= 1 and rect[3] >= 1):
                check.add(f"{where}.rect", "[x, y, width, height]", rect)
                return None
            if not self.tiles:
                return None
            first = check.tile(rect[:2], f"{where}.rect", size)
            last = first and check.tile([rect[0] + rect[2] - 1, rect[1] + rect[3] - 1],
                                        f"{where}.rect", size)
            return (rect[0], rect[1], rect[2], rect[3]) if first and last else None
        if not (isinstance(item.get("tiles"), list) and item["tiles"]):
            check.add(where, "the region's rect: [x, y, width, height] or its tiles: "
                      "[[x, y], ...]", item)
            return None
        if not self.tiles:
            return None
        spots = [check.tile(t, f"{where}.tiles", size) for t in item["tiles"]]
        cover = {s for s in spots if s is not None}
        if len(cover) < len(spots) or not cover:
            return None
        x0, y0 = min(s[0] for s in cover), min(s[1] for s in cover)
        x1, y1 = max(s[0] for s in cover), max(s[1] for s in cover)
        if len(cover) != (x1 - x0 + 1) * (y1 - y0 + 1):
            check.add(f"{where}.tiles", "tiles filling one rectangle (a region is a "
                      "rectangle; or give rect: [x, y, width, height])",
                      f"{len(cover)} tiles in a {x1 - x0 + 1}x{y1 - y0 + 1} box", raw=True)
            return None
        return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)

    def check_win_needs(self) -> None:
        """What each win condition needs on the map."""
        check, kind = self.check, self.win_kind
        if kind in ("capture_points", "objectives") and not self.region_names:
            check.add("regions", f"at least one region for {kind}", "none", raw=True)
        if kind == "stick_of_victory" and self.counts["stick"] != 1:
            check.add("placements", f"one {self.win_card(kind, DEFAULT_STICK)} for "
                      "stick_of_victory", f"{self.counts['stick']}", raw=True)
        if kind == "destroy_buildings" and self.players:
            missing = [p for p in range(1, self.players + 1) if p not in self.buildings_of]
            if missing:
                check.add("placements", f"a {self.win_card(kind, DEFAULT_BUILDING)} of every "
                          "player for destroy_buildings",
                          f"none for player {', '.join(map(str, missing))}", raw=True)

    # -- output

    def properties(self) -> list[tuple[str, str, str]]:
        """The map properties, in name order as Tiled writes them."""
        props = [
            _prop_int("income", self.income),
            _prop_int("players", self.players or 1),
            _prop_str("start_deck", ", ".join(f"{n} {card}" for card, n in self.deck)),
            _prop_str("win_condition", self.win_kind),
        ]
        if self.deckless:
            props = [p for p in props if p[0] not in ("income", "start_deck")]
        elif self.data.get("ruleset") in NO_INCOME:
            props = [p for p in props if (p[0] != "income" or "income" in self.data)
                     and (p[0] != "start_deck" or self.deck)]
        if self.seat_bonus:
            props.append(_prop_int("seat_bonus", self.seat_bonus))
        if self.first_income is not None:
            props.append(_prop_int("first_income", self.first_income))
        props += [_prop_str(key, value) for key, value in self.extras.items()]
        for param, value in self.win_params.items():
            if isinstance(value, int):
                props.append(_prop_int(WIN_PROPERTY[param], value))
            else:
                props.append(_prop_str(WIN_PROPERTY[param], str(value)))
        return sorted(props)

    def unknown_cards(self, known_cards: set[str]) -> list[Problem]:
        """Warnings for cards missing from ``known_cards`` (none when it is empty)."""
        if not known_cards:
            return []
        used = [("start_deck_list", card) for card, _ in self.deck]
        used += [("objects", obj.name) for obj in self.objects
                 if obj.cls in ("king", "building", "stick", "piece", "boss")]
        return [Problem(self.check.file, where, "a card of assets/cards", repr(card))
                for where, card in used if card not in known_cards]


# --------------------------------------------------------------------------- writing


def _escape(text: str, attribute: bool = True) -> str:
    text = (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))
    if attribute:
        text = text.replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    return text


def _properties(props: list[tuple[str, str, str]], indent: str) -> list[str]:
    if not props:
        return []
    lines = [f"{indent}<properties>"]
    for name, kind, value in props:
        typed = f' type="{kind}"' if kind else ""
        if "\n" in value:
            lines.append(f'{indent} <property name="{_escape(name)}"{typed}>'
                         f"{_escape(value, attribute=False)}</property>")
        else:
            lines.append(f'{indent} <property name="{_escape(name)}"{typed} '
                         f'value="{_escape(value)}"/>')
    lines.append(f"{indent}</properties>")
    return lines


def render(tiled: TiledMap, tileset_source: str | None = None) -> str:
    """The .tmx text of a map, as Tiled 1.8 writes it. ``tileset_source`` defaults to the
    map's tileset as a map in maps/ references it."""
    w, h = tiled.width, tiled.height
    layout = tiled.layout
    if tileset_source is None:
        tileset_source = tileset_source_for(None, layout.tileset)
    hexes = (f'hexsidelength="{layout.hex_side_length}" staggeraxis="{layout.stagger_axis}" '
             f'staggerindex="{layout.stagger_index}" ' if layout.hexagonal else "")
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" orientation="{layout.orientation}" renderorder="right-down" '
        f'width="{w}" height="{h}" tilewidth="{layout.tile_width}" '
        f'tileheight="{layout.tile_height}" infinite="0" {hexes}'
        f'nextlayerid="3" nextobjectid="{len(tiled.objects) + 1}">',
        *_properties(tiled.properties, " "),
        f' <tileset firstgid="1" source="{_escape(tileset_source)}"/>',
        f' <layer id="1" name="terrain" width="{w}" height="{h}">',
        '  <data encoding="csv">',
    ]
    gids = [str(1 + TILE_TYPES.index(kind)) for kind in tiled.tiles]
    rows = [",".join(gids[y * w:(y + 1) * w]) for y in range(h)]
    lines.append(",\n".join(rows))
    lines += ["</data>", " </layer>", ' <objectgroup id="2" name="objects">']
    for number, obj in enumerate(tiled.objects, start=1):
        named = f' name="{_escape(obj.name)}"' if obj.name else ""
        head = (f'  <object id="{number}"{named} type="{obj.cls}" '
                f'x="{_num(obj.x)}" y="{_num(obj.y)}"')
        if obj.shape == "rectangle":
            head += f' width="{_num(obj.width)}" height="{_num(obj.height)}"'
        body = _properties(sorted(obj.properties), "   ")
        if obj.shape == "point":
            body.append("   <point/>")
        elif obj.shape in ("polygon", "polyline"):
            points = " ".join(f"{_num(x)},{_num(y)}" for x, y in obj.points)
            body.append(f'   <{obj.shape} points="{points}"/>')
        if body:
            lines += [head + ">", *body, "  </object>"]
        else:
            lines.append(head + "/>")
    lines += [" </objectgroup>", "</map>", ""]
    return "\n".join(lines)


def tileset_source_for(out: Path | None, tileset: Path = TILESET) -> str:
    """A tileset's path relative to the folder of ``out`` (by default the terrain
    tileset's; with no ``out``, as a map in maps/ references it)."""
    if out is None:
        return os.path.relpath(tileset, MAPS_DIR).replace(os.sep, "/")
    try:
        relative = os.path.relpath(tileset, out.resolve().parent)
    except ValueError:  # another drive on Windows
        return tileset.as_posix()
    return Path(relative).as_posix()


def convert_text(text: str, file: str = "<text>", *, default_name: str = "map",
                 tileset_source: str | None = None, out: Path | None = None,
                 known_cards: set[str] | None = None) -> tuple[str, str, list[Problem]]:
    """Convert a text map: returns (map name, .tmx text, warnings); raises ``SourceError``.
    The tileset is referenced as ``tileset_source`` if given, else relative to the folder
    of ``out`` (default: as from maps/)."""
    data = read_source(text, file)
    tiled, warnings = build_map(data, file, default_name=default_name, known_cards=known_cards)
    if tileset_source is None:
        tileset_source = tileset_source_for(out, tiled.layout.tileset)
    return tiled.name, render(tiled, tileset_source), warnings


def map_name(source: Path) -> str:
    """The name a source file's map gets (its ``name`` field, else the file's stem)."""
    try:
        data = read_source(source.read_text(encoding="utf-8"), str(source))
    except (OSError, SourceError):
        return source.stem
    name = data.get("name")
    return name.strip() if isinstance(name, str) and name.strip() else source.stem


def convert_file(source: Path | str, out: Path | str | None = None) -> tuple[str, list[Problem]]:
    """Read ``source`` and return (.tmx text for ``out``, warnings); ``out`` (default
    maps/<name>.tmx) only decides the tileset's relative path. Raises ``SourceError``."""
    source = Path(source)
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError([Problem(str(source), "file", "a readable UTF-8 text file",
                                   type(exc).__name__)]) from None
    target = Path(out) if out is not None else MAPS_DIR / f"{map_name(source)}.tmx"
    _, tmx, warnings = convert_text(text, str(source), default_name=source.stem, out=target,
                                    known_cards=card_names())
    return tmx, warnings


# --------------------------------------------------------------------------- command line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ascii2tmx.py",
        description="Convert a map in the original game's text format (YAML with the grid "
                    "drawn in symbols) into a Tiled .tmx map that follows the game's map "
                    "contract. The format is described at the top of tools/ascii2tmx.py.",
        epilog="Bad input prints one line per problem (file: field: expected ..., found ...) "
               "and exits with status 1.",
    )
    parser.add_argument("source", metavar="IN.yaml", help="the text map to convert")
    parser.add_argument("out", metavar="OUT.tmx", nargs="?",
                        help="where to write the map (default: maps/<name>.tmx; - prints it)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if OUT is missing or differs from what "
                             "the conversion gives")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    source = Path(args.source)
    to_stdout = args.out == "-"
    out = None if to_stdout else (Path(args.out) if args.out else
                                  MAPS_DIR / f"{map_name(source)}.tmx")
    try:
        tmx, warnings = convert_file(source, out)
    except SourceError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if to_stdout:
        sys.stdout.write(tmx)
        return 0
    assert out is not None
    if args.check:
        try:
            current = out.read_text(encoding="utf-8")
        except OSError:
            current = None
        if current != tmx:
            state = "missing" if current is None else "out of date"
            print(f"{out}: {state}; run: python3 tools/ascii2tmx.py {source} {out}",
                  file=sys.stderr)
            return 1
        return 0
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(tmx, encoding="utf-8", newline="\n")
    except OSError as exc:
        print(f"{out}: file: expected a writable file, found {type(exc).__name__}",
              file=sys.stderr)
        return 1
    print(f"{source} -> {_shown(out)}")
    return 0


def _shown(path: Path) -> str:
    """A path as short as it can be shown: relative to the current folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


if __name__ == "__main__":
    sys.exit(main())
