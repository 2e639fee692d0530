"""Maps made in Tiled: ``maps/<name>.tmx`` checked and loaded into the engine's ``MapSpec``.

Two readings of one file feed the same interpretation:

- ``check_tmx`` reads the raw XML with ElementTree and reports every problem of the file
  in one pass (pytmx stops at the first surprise, often with a bare traceback, and
  silently ignores some things we do not support, such as object templates);
- ``load_tmx`` runs that check and, only when the file is sound, loads it with
  ``pytmx.TiledMap`` and builds the ``MapSpec`` from what pytmx read.

What a map means (the shared contract with the tileset, the Tiled project and the ascii
converter):

- a cell's tile type is the ``type`` (Tiled 1.9: ``class``) of the topmost tile-layer tile
  that has one; a cell without a typed tile is neutral. Gids are never looked at for
  meaning (pytmx renumbers them);
- the map is ``orthogonal`` or ``hexagonal`` (staggered hexes, either stagger axis and
  index), with cells of the size its tilesets' tiles have; ``layout.py`` says which cells
  a pixel position or a shape covers, through the board geometry;
- objects are read by class: ``spawn`` and ``king`` (``player``), ``region`` (``points``,
  the object's name), ``building`` (``player``, ``card``), ``stick`` (``card``), ``piece``
  (``card``, ``player`` 0 = neutral), ``boss`` (``card``), ``store`` (``sets``), and
  ``link`` (a two-point polyline joining two cells, named by the object's name: any link
  makes the board a ``graph``). Objects without a class are decoration and ignored. A
  rectangle or polygon covers every cell whose centre lies inside it; a point the cell
  holding it; a tile object the cell holding the centre of its picture;
- map properties: ``players``, ``income``, ``start_deck``, ``win_condition`` (required),
  ``win_threshold``, ``win_points``, ``win_card``, ``win_per_upkeep``, ``win_region``
  (the stick of victory: the name of the region where its holder scores), ``draft``,
  ``sets``, ``title``, ``description``, ``seat_bonus`` (Muhq's Game: resource more in a
  player's first upkeep per player before it), ``first_income`` (Muhq's Game: the first
  player's income in its first upkeep), ``ruleset`` (default ``muhq``) and, on an
  orthogonal map, ``geometry`` (``square-muhq`` or ``square-grid``; default: the
  ruleset's).
"""

from __future__ import annotations

import base64
import binascii
import difflib
import functools
import math
import os
import re
import struct
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.rules import limits
from game.rules.cards import CardLibrary
from game.rules.draft import DRAFT_EXPECTED, parse_draft
from game.rules.geometry import Geometry, Tile
from game.rules.mapmodel import (
    MapSpec,
    Placement,
    Region,
    WinSpec,
    piece_card_problem,
    shared_geometry,
)
from game.rules.rulesets import RULESETS
from game.rules.tiles import TILE_TYPES
from game.rules.wincons import WIN_CONDITIONS, unknown_region

from . import files, layout
from .errors import MapError, MapProblem, shown
from .layout import Point
from .regions import name_unnamed

__all__ = ["MapProblem", "check_tmx", "load_tmx", "shipped_library"]

TILE_SIZE = 64
MAX_PLAYERS = limits.MAX_PLAYERS

#: object classes and the custom properties (members) each may carry
OBJECT_MEMBERS: dict[str, tuple[str, ...]] = {
    "spawn": ("player",),
    "king": ("player",),
    "region": ("points",),
    "building": ("player", "card"),
    "stick": ("card",),
    "piece": ("card", "player"),
    "boss": ("card",),
    "store": ("sets",),
    "link": (),
}
#: classes whose object stands on exactly one tile (a map piece)
_PIECE_CLASSES = ("king", "building", "stick", "piece", "boss")

MAP_PROPERTIES: tuple[str, ...] = (
    "players", "income", "start_deck", "win_condition", "win_threshold", "win_points",
    "win_card", "win_per_upkeep", "win_rounds", "win_region", "draft", "sets", "title",
    "description", "ruleset", "geometry", "seat_bonus", "first_income",
)
#: the geometries an orthogonal map may name (a hexagonal map is always ``hex``; links
#: make either a ``graph``)
SQUARE_GEOMETRIES = ("square-muhq", "square-grid")
#: win-condition parameters a map must give (the others have defaults)
REQUIRED_WIN_PARAMS: dict[str, tuple[str, ...]] = {
    "resource": ("threshold",),
    "capture_points": ("points",),
    "stick_of_victory": ("points",),
}
#: whole-number win parameters (each at least 1); ``card`` is a card name
_NUMBER_WIN_PARAMS = ("threshold", "points", "per_upkeep", "rounds")

#: property names pytmx refuses or that clash with an element's own attributes
RESERVED_PROPERTY_NAMES = frozenset({
    "id", "name", "type", "class", "x", "y", "width", "height", "gid", "source",
    "rotation", "visible", "template", "opacity",
})
_PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
_SUPPORTED_SHAPES = ("rectangle", "point", "tile", "polygon")
#: Tiled keeps flip and rotation flags in the top bits of a gid
_GID_MASK = 0x0FFFFFFF


# ---------------------------------------------------------------------------- readings


@dataclass(slots=True)
class _Object:
    id: int
    cls: str
    name: str
    props: dict[str, Any]
    x: float
    #: top edge (tile objects are moved up from Tiled's bottom-left origin)
    y: float
    width: float
    height: float
    shape: str  # rectangle, point, tile, ellipse, polygon, polyline, text
    rotation: float = 0.0
    #: properties a tile object inherits from its tile (not the object's own members)
    inherited: frozenset[str] = frozenset()
    #: properties present but refused (already reported: not "missing" as well)
    rejected: frozenset[str] = frozenset()
    #: a polygon's or polyline's points, in map pixels
    points: tuple[Point, ...] = ()

    @property
    def where(self) -> str:
        return f"object {self.id} ({self.cls})" if self.cls else f"object {self.id}"


@dataclass(slots=True)
class _Reading:
    """What one reader (ElementTree or pytmx) found in a map file."""

    name: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    #: tile type of every cell, row-major; None when the grid could not be read
    cells: list[str] | None
    #: the layer that gave each cell its type ("" for a neutral cell)
    cell_layers: list[str]
    props: dict[str, Any]
    objects: list[_Object]
    #: map properties present but refused (already reported: not "missing" as well)
    rejected: frozenset[str] = frozenset()
    orientation: str = "orthogonal"
    #: the board geometry's settings (cell size, hex stagger); None when unusable
    grid_params: dict[str, Any] | None = None


@dataclass(slots=True)
class _Report:
    file: str
    problems: list[MapProblem] = field(default_factory=list)

    def add(self, element: str, expected: str, found: str) -> None:
        # names and values come from the file: a line stays readable whatever they hold
        self.problems.append(MapProblem(self.file, _clip(element, 160), expected,
                                        _clip(found, 240)))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _suggest(value: str, choices: Sequence[str]) -> str:
    """`` (did you mean 'X'?)`` for a near miss, else ``""``."""
    value = value[:limits.MAX_NAME]
    lowered = {c.lower(): c for c in choices}
    if value.lower() in lowered:
        return f" (did you mean {lowered[value.lower()]!r}?)"
    close = difflib.get_close_matches(value, list(choices), n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""


#: a whole number as Tiled writes one: ASCII digits only (``int()`` would also take
#: other scripts' digits, underscores and 5,000-digit numbers)
_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{limits.MAX_NUMBER_DIGITS}}}")
#: a number as Tiled writes one (no nan, inf, underscores or other scripts' digits)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})"
                      r"(?:[eE][+-]?[0-9]{1,3})?")


def _as_int(value: Any) -> int | None:
    """A whole number from an int property or a string of digits; None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip(" \t\r\n")):
        return int(value)
    return None


def _text(value: Any) -> str:
    """A string property (pytmx gives None for an empty one)."""
    return "" if value is None else str(value)


# ---------------------------------------------------------------------------- XML reading


def _xml_int(raw: str | None) -> int | None:
    return int(raw) if raw is not None and _WHOLE.fullmatch(raw) else None


def _xml_number(raw: str) -> float | None:
    """A finite number of at most ``MAX_MAP_PIXELS`` either way, or None."""
    if not _DECIMAL.fullmatch(raw):
        return None
    value = float(raw)
    return value if abs(value) <= limits.MAX_MAP_PIXELS else None


_NUMBER_EXPECTED = f"a number from -{limits.MAX_MAP_PIXELS} to {limits.MAX_MAP_PIXELS}"


def _xml_properties(element: ET.Element, owner: str, report: _Report,
                    rejected: set[str] | None = None) -> dict[str, Any]:
    """The custom properties of ``element``, typed, with a problem for each one pytmx or
    the loader cannot take (their names go into ``rejected``)."""
    result: dict[str, Any] = {}
    refused = rejected if rejected is not None else set()
    for holder in element.findall("properties"):
        for prop in holder.findall("property"):
            name = prop.get("name", "")
            refused.add(name)
            where = f"{owner} property {name}"
            kind = prop.get("type", "string")
            if name in RESERVED_PROPERTY_NAMES or not name:
                report.add(where, "a property name other than "
                           + ", ".join(sorted(RESERVED_PROPERTY_NAMES)), repr(name))
                continue
            if name in result:
                report.add(where, "each property name once", "it twice")
                continue
            if kind == "list":
                report.add(where, "a single value (string, int, float, bool, color, file or "
                           "object)", "a list property (not supported: write the items "
                           "comma-separated in a string)")
                continue
            if kind == "class":
                report.add(where, "a single value (string, int, float, bool, color, file or "
                           "object)", f"a class property ({prop.get('propertytype', '?')}; "
                           "not supported: use plain properties)")
                continue
            if kind not in _PROPERTY_TYPES:
                report.add(where, "a property type of " + ", ".join(_PROPERTY_TYPES),
                           repr(kind))
                continue
            raw = prop.get("value")
            if raw is None:
                raw = prop.text or ""
            if len(raw) > limits.MAX_PROPERTY_TEXT:
                report.add(where, f"a value of at most {limits.MAX_PROPERTY_TEXT} characters",
                           f"{len(raw)} characters")
                continue
            value: Any = raw
            if kind in ("int", "object"):
                value = _xml_int(raw)
                if value is None:
                    report.add(where, "a whole number", shown(raw))
                    continue
            elif kind == "float":
                if not _DECIMAL.fullmatch(raw):
                    report.add(where, "a number", shown(raw))
                    continue
                value = float(raw)
            elif kind == "bool":
                if raw not in ("true", "false"):
                    report.add(where, "true or false", shown(raw))
                    continue
                value = raw == "true"
            result[name] = value
            refused.discard(name)
    return result


@dataclass(slots=True)
class _Tileset:
    firstgid: int
    where: str
    #: tiles in the tileset (None: unknown)
    count: int | None = None
    #: tile id -> tile type, for tiles that have one
    types: dict[int, str] = field(default_factory=dict)
    #: False when the tileset could not be read (its cells are unknown)
    readable: bool = True


def _read_tileset(node: ET.Element, tileset: _Tileset, size: tuple[int, int],
                  report: _Report) -> None:
    where = tileset.where
    found = (_xml_int(node.get("tilewidth")), _xml_int(node.get("tileheight")))
    if found != size:
        report.add(where, f"tiles of the map's size {size[0]}x{size[1]}",
                   f"{node.get('tilewidth')}x{node.get('tileheight')}")
    image = node.find("image")
    if image is not None and (_xml_int(image.get("width")) is None
                              or _xml_int(image.get("height")) is None):
        report.add(f"{where} image", "the image's width and height in pixels",
                   f"width={image.get('width')!r} height={image.get('height')!r}")
    _xml_properties(node, where, report)
    highest = -1
    for tile in node.findall("tile"):
        tile_id = _xml_int(tile.get("id"))
        if tile_id is None or not 0 <= tile_id <= limits.MAX_GID:
            report.add(f"{where} tile", f"a tile id from 0 to {limits.MAX_GID}",
                       shown(tile.get("id")))
            continue
        highest = max(highest, tile_id)
        tile_where = f"{where} tile {tile_id}"
        kind = tile.get("type") or tile.get("class") or ""
        if kind and kind not in TILE_TYPES:
            report.add(tile_where, "a registered tile type (" + ", ".join(TILE_TYPES) + ")",
                       repr(kind) + _suggest(kind, list(TILE_TYPES)))
        elif kind:
            tileset.types[tile_id] = kind
        _xml_properties(tile, tile_where, report)
    count = _xml_int(node.get("tilecount"))
    tileset.count = max(count if count is not None else 0, highest + 1)


def _images(node: ET.Element, folder: Path, root: Path, where: str, report: _Report) -> None:
    """Every picture ``node`` names (its own ``<image>`` and its tiles'), checked as
    ``files.image_problem`` says (``folder``: where their paths start)."""
    for image in node.iter("image"):
        source = image.get("source")
        if source:
            problem = files.image_problem(source, folder, root)
            if problem is not None:
                report.add(f"{where} image {_clip(source, 80)!r}", *problem)


def _tilesets(root: ET.Element, folder: Path, size: tuple[int, int],
              report: _Report, confine: Path) -> list[_Tileset]:
    tilesets: list[_Tileset] = []
    for node in root.findall("tileset"):
        source = node.get("source")
        where = (f"tileset {files.file_name(source)}" if source
                 else f"tileset {node.get('name', '')!r}")
        firstgid = _xml_int(node.get("firstgid"))
        if firstgid is None or not 1 <= firstgid <= limits.MAX_GID:
            report.add(where, f"a firstgid from 1 to {limits.MAX_GID}",
                       shown(node.get("firstgid")))
            continue
        same = next((t for t in tilesets if t.firstgid == firstgid), None)
        if same is not None:
            report.add(where, "a firstgid no other tileset of the map has",
                       f"{firstgid}, the firstgid of {same.where} too")
            continue
        tileset = _Tileset(firstgid, where)
        tilesets.append(tileset)
        contents = node
        if source:
            if Path(source).suffix.lower() != ".tsx":
                report.add(where, "a tileset saved as a .tsx file", repr(source))
                tileset.readable = False
                continue
            path = files.tileset_file(source, folder, confine)
            if isinstance(path, tuple):
                report.add(where, *path)
                tileset.readable = False
                continue
            parsed = files.parse_xml(path, "a .tsx tileset", "a well-formed .tsx tileset")
            if isinstance(parsed, tuple):
                report.add(where, parsed[0], f"{parsed[1]} (in {path})")
                tileset.readable = False
                continue
            contents = parsed
            if contents.tag != "tileset":
                report.add(where, "a file with a <tileset> root element", f"<{contents.tag}>")
                tileset.readable = False
                continue
            _images(contents, path.parent, files.tileset_root(path, confine), where, report)
        else:
            _images(contents, folder, confine, where, report)
        _read_tileset(contents, tileset, size, report)
    tilesets.sort(key=lambda t: t.firstgid)
    for before, after in zip(tilesets, tilesets[1:], strict=False):
        if before.count is not None and before.firstgid + before.count > after.firstgid:
            report.add(after.where, f"a firstgid of at least {before.firstgid + before.count} "
                       f"(after the {before.count} tiles of {before.where}, which starts at "
                       f"{before.firstgid})", str(after.firstgid))
    return tilesets


def _layers(node: ET.Element, report: _Report, depth: int = 0) -> Iterator[ET.Element]:
    """Every layer in document order (bottom to top), descending into groups (at most
    ``MAX_GROUP_DEPTH`` deep)."""
    for child in node:
        if child.tag == "group":
            yield child
            if depth >= limits.MAX_GROUP_DEPTH:
                report.add(f"group layer {child.get('name', '')!r}", "group layers inside "
                           f"each other at most {limits.MAX_GROUP_DEPTH} deep", "deeper ones")
                continue
            yield from _layers(child, report, depth + 1)
        elif child.tag in ("layer", "objectgroup", "imagelayer"):
            yield child


def _decode(data: ET.Element, where: str, report: _Report, expected: int) -> list[int] | None:
    """The gids of a layer's ``<data>`` (``expected`` of them, or the layer is reported)."""
    encoding = data.get("encoding")
    compression = data.get("compression")
    text = (data.text or "").strip()
    if encoding == "csv":
        values = [v.strip() for v in text.split(",")]
        if len(values) > expected:
            report.add(where, f"{expected} tiles", f"{len(values)} tiles")
            return None
        bad = next((v for v in values if not re.fullmatch(r"[0-9]{1,10}", v)), None)
        if bad is not None:
            report.add(where, "comma-separated tile numbers", shown(bad, 40))
            return None
        gids = [int(v) for v in values]
        big = next((g for g in gids if g > limits.MAX_GID), None)
        if big is not None:
            report.add(where, f"tile numbers (gids) of 32 bits, at most {limits.MAX_GID}",
                       str(big))
            return None
        return gids
    if encoding == "base64":
        try:
            raw = base64.b64decode(text, validate=False)
            if compression in ("zlib", "gzip"):
                # never more than the layer's tiles: a small bomb must not fill the memory
                wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
                unpacker = zlib.decompressobj(wbits)
                raw = unpacker.decompress(raw, 4 * expected + 4)
                if unpacker.unconsumed_tail:
                    report.add(where, f"{expected} tiles", f"more than {expected} tiles "
                               "(compressed data that unpacks to more)")
                    return None
            elif compression:
                report.add(where, "tile data uncompressed or compressed with zlib or gzip",
                           f"compression {compression!r}")
                return None
        except (binascii.Error, zlib.error, OSError, EOFError, ValueError) as exc:
            report.add(where, "readable Base64 tile data", str(exc))
            return None
        if len(raw) % 4:
            report.add(where, "4 bytes per tile", f"{len(raw)} bytes")
            return None
        return list(struct.unpack(f"<{len(raw) // 4}I", raw))
    if encoding is None:
        report.add(where, "tile data as CSV or Base64 (Map > Map Properties > Tile Layer "
                   "Format)", "XML <tile> elements")
    else:
        report.add(where, "tile data as CSV or Base64", f"encoding {encoding!r}")
    return None


def _read_tile_layer(layer: ET.Element, reading: _Reading, tilesets: list[_Tileset],
                     report: _Report) -> bool:
    """Put the layer's typed tiles into ``reading.cells``; False if the grid is unknown."""
    name = layer.get("name", "")
    where = f"layer {name!r}"
    w, h = reading.width, reading.height
    size = (_xml_int(layer.get("width")), _xml_int(layer.get("height")))
    if size != (w, h):
        report.add(where, f"the map's size {w}x{h}",
                   f"{layer.get('width')}x{layer.get('height')}")
        return False
    data = layer.find("data")
    if data is None:
        report.add(where, "a <data> element with the layer's tiles", "none")
        return False
    if data.find("chunk") is not None:
        report.add(where, "the tiles of a finite map", "chunks of an infinite map")
        return False
    gids = _decode(data, where, report, w * h)
    if gids is None:
        return False
    if len(gids) != w * h:
        report.add(where, f"{w * h} tiles ({w}x{h})", f"{len(gids)} tiles")
        return False
    assert reading.cells is not None
    known = True
    strays: list[tuple[int, int]] = []  # (cell index, gid) of tiles from no tileset
    firstgids = [t.firstgid for t in tilesets]
    for index, raw in enumerate(gids):
        gid = raw & _GID_MASK
        if not gid:
            continue
        position = _bisect_right(firstgids, gid) - 1
        tileset = tilesets[position] if position >= 0 else None
        if tileset is None or (tileset.readable and tileset.count is not None
                               and gid - tileset.firstgid >= tileset.count):
            strays.append((index, gid))
            continue
        if not tileset.readable:
            known = False
            continue
        kind = tileset.types.get(gid - tileset.firstgid)
        if kind:
            reading.cells[index] = kind
            reading.cell_layers[index] = name
    if strays:
        index, gid = strays[0]
        more = f" (and {len(strays) - 1} more cells)" if len(strays) > 1 else ""
        report.add(f"{where} cell ({index % w}, {index // w})",
                   "a tile from one of the map's tilesets", f"gid {gid}{more}")
    return known


def _bisect_right(values: list[int], value: int) -> int:
    low, high = 0, len(values)
    while low < high:
        middle = (low + high) // 2
        if value < values[middle]:
            high = middle
        else:
            low = middle + 1
    return low


def _xml_object(node: ET.Element, report: _Report) -> _Object | None:
    object_id = _xml_int(node.get("id")) or 0
    cls = node.get("type") or node.get("class") or ""
    where = f"object {object_id} ({cls})" if cls else f"object {object_id}"
    if node.get("template"):
        report.add(where, "an object without a template (select it and use Detach Template, "
                   "or export with --detach-templates)", f"template {node.get('template')!r}")
        return None
    numbers: dict[str, float] = {}
    for key in ("x", "y", "width", "height", "rotation"):
        raw = node.get(key, "0")
        number = _xml_number(raw)
        if number is None:
            report.add(where, f"{_NUMBER_EXPECTED} for {key}", shown(raw))
            return None
        numbers[key] = number
    y = numbers["y"]
    if node.get("gid"):
        shape = "tile"
        y -= numbers["height"]
    else:
        shape = "rectangle"
        for tag in ("point", "ellipse", "polygon", "polyline", "text"):
            if node.find(tag) is not None:
                shape = tag
                break
    points: tuple[Point, ...] = ()
    if shape in ("polygon", "polyline"):
        raw_points = node.find(shape).get("points", "")  # type: ignore[union-attr]
        pairs = [pair.split(",") for pair in raw_points.split()]
        if len(pairs) > limits.MAX_POLYGON_POINTS:
            report.add(where, f"a {shape} of at most {limits.MAX_POLYGON_POINTS} points",
                       f"{len(pairs)} points")
            return None
        values = [[_xml_number(v) for v in pair] for pair in pairs]
        if any(len(pair) != 2 or None in pair for pair in values):
            report.add(where, f"the {shape}'s points as 'x,y x,y ...', each "
                       f"{_NUMBER_EXPECTED}", shown(raw_points))
            return None
        points = tuple((numbers["x"] + px, y + py) for px, py in values)  # type: ignore[operator]
    if cls and len(node.get("name", "")) > limits.MAX_NAME:
        report.add(where, f"an object name of at most {limits.MAX_NAME} characters",
                   f"{len(node.get('name', ''))} characters")
        return None
    rejected: set[str] = set()
    props = _xml_properties(node, where, report, rejected)
    return _Object(object_id, cls, node.get("name", ""), props, numbers["x"], y,
                   numbers["width"], numbers["height"], shape, numbers["rotation"],
                   rejected=frozenset(rejected), points=points)


def _read_xml(path: Path, report: _Report, confine: Path) -> _Reading | None:
    parsed = files.parse_xml(path, "a Tiled map (XML with a <map> root element)",
                             "well-formed XML", confine)
    if isinstance(parsed, tuple):
        report.add("file", *parsed)
        return None
    root = parsed
    if root.tag != "map":
        report.add("file", "a Tiled map (XML with a <map> root element)", f"<{root.tag}>")
        return None
    orientation = root.get("orientation", "orthogonal")
    grid_known = True
    if root.get("infinite", "0") != "0":
        report.add("map", "a finite map (untick Infinite in the map properties)",
                   f"infinite={root.get('infinite')!r}")
        grid_known = False
    width, height = _xml_int(root.get("width")), _xml_int(root.get("height"))
    if width is None or height is None or width < 1 or height < 1:
        report.add("map", "a width and height of at least 1 tile",
                   f"{root.get('width')}x{root.get('height')}")
        width, height, grid_known = 0, 0, False
    elif (width > limits.MAX_MAP_SIDE or height > limits.MAX_MAP_SIDE
          or width * height > limits.MAX_MAP_CELLS):
        report.add("map", f"a map of at most {limits.MAX_MAP_SIDE} tiles each way and "
                   f"{limits.MAX_MAP_CELLS} tiles in all", f"{width}x{height}")
        width, height, grid_known = 0, 0, False
    tile_w, tile_h = _xml_int(root.get("tilewidth")), _xml_int(root.get("tileheight"))
    raw_side = root.get("hexsidelength")
    side: int | str | None = _xml_int(raw_side)
    if side is None:
        side = raw_side
    grid_params = layout.layout_params(orientation, (tile_w, tile_h),
                                       (root.get("staggeraxis"), root.get("staggerindex")),
                                       side, report.add)
    if grid_params is None:
        grid_known = False
    tile_w = tile_w if tile_w and tile_w > 0 else TILE_SIZE
    tile_h = tile_h if tile_h and tile_h > 0 else TILE_SIZE
    rejected: set[str] = set()
    props = _xml_properties(root, "map", report, rejected)
    tilesets = _tilesets(root, path.parent, (tile_w, tile_h), report, confine)
    reading = _Reading(path.stem, width, height, tile_w, tile_h,
                       ["neutral"] * (width * height), [""] * (width * height), props, [],
                       frozenset(rejected), orientation, grid_params)
    layers_readable = grid_known
    layers = list(_layers(root, report))
    if len(layers) > limits.MAX_MAP_LAYERS:
        report.add("map", f"at most {limits.MAX_MAP_LAYERS} layers", f"{len(layers)} layers")
        layers, grid_known = [], False
    objects = 0
    for layer in layers:
        name = layer.get("name", "")
        kind = {"layer": "layer", "objectgroup": "object layer", "group": "group layer",
                "imagelayer": "image layer"}[layer.tag]
        _xml_properties(layer, f"{kind} {name!r}", report)
        if layer.tag == "imagelayer":
            _images(layer, path.parent, confine, f"{kind} {name!r}", report)
        if layer.tag == "layer" and layers_readable:
            grid_known = _read_tile_layer(layer, reading, tilesets, report) and grid_known
        elif layer.tag == "objectgroup":
            nodes = layer.findall("object")
            if objects <= limits.MAX_MAP_OBJECTS < objects + len(nodes):
                report.add(f"object layer {name!r}", f"at most {limits.MAX_MAP_OBJECTS} "
                           "objects on the map", f"more than {limits.MAX_MAP_OBJECTS}")
            objects += len(nodes)
            if objects > limits.MAX_MAP_OBJECTS:
                continue
            for node in nodes:
                found = _xml_object(node, report)
                if found is not None:
                    reading.objects.append(found)
    if not grid_known:
        reading.cells = None
    return reading


# ---------------------------------------------------------------------------- pytmx reading


def _read_pytmx(path: Path, report: _Report, confine: Path) -> _Reading | None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pytmx

        tmap = files.tiled_map(path, confine)
    except Exception as exc:  # pytmx raises bare Exception, ValueError, KeyError...
        report.add("file", "a map pytmx can load", f"{type(exc).__name__}: {exc}")
        return None
    width, height = int(tmap.width), int(tmap.height)
    cells = ["neutral"] * (width * height)
    cell_layers = [""] * (width * height)
    objects: list[_Object] = []
    for layer in tmap.layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, gid in layer.iter_data():
                if not gid:
                    continue
                props = tmap.get_tile_properties_by_gid(gid) or {}
                kind = props.get("type") or props.get("class")
                if kind:
                    cells[y * width + x] = str(kind)
                    cell_layers[y * width + x] = layer.name or ""
        elif isinstance(layer, pytmx.TiledObjectGroup):
            for obj in layer:
                own = obj.__dict__
                cls = own.get("type") or own.get("class") or ""
                inherited = (tmap.get_tile_properties_by_gid(obj.gid) or {}) if obj.gid else {}
                points: tuple[Point, ...] = ()
                if obj.gid:
                    shape = "tile"
                elif "points" in own:
                    shape = "polygon" if obj.closed else "polyline"
                    points = tuple((float(p.x), float(p.y)) for p in obj.points)
                else:
                    shape = "rectangle"
                objects.append(_Object(
                    int(obj.id), str(cls), own.get("name") or "", dict(obj.properties),
                    float(obj.x), float(obj.y), float(obj.width), float(obj.height), shape,
                    float(obj.rotation or 0), frozenset(inherited), points=points))
    side = tmap.hexsidelength
    grid_params = layout.layout_params(
        str(tmap.orientation), (int(tmap.tilewidth), int(tmap.tileheight)),
        (tmap.staggeraxis, tmap.staggerindex),
        int(side) if isinstance(side, (int, float)) and side == int(side) else side,
        report.add)
    return _Reading(path.stem, width, height, int(tmap.tilewidth), int(tmap.tileheight),
                    cells, cell_layers, dict(tmap.properties), objects,
                    orientation=str(tmap.orientation), grid_params=grid_params)


# ---------------------------------------------------------------------------- meaning


def parse_start_deck(text: str) -> tuple[list[tuple[str, int]], list[str]]:
    """``"4 Coin, 3 Recruit"`` (commas or new lines) -> ([("Coin", 4), ...], bad entries)."""
    entries: list[tuple[str, int]] = []
    bad: list[str] = []
    for piece in re.split(r"[,\n]", text):
        piece = piece.strip()
        if not piece:
            continue
        match = re.fullmatch(r"([0-9]{1,20})\s+(\S.*)", piece)
        if match is None or int(match.group(1)) < 1:
            bad.append(piece)
        else:
            entries.append((match.group(2).strip(), int(match.group(1))))
    return entries, bad


class _Interpreter:
    """Turns a reading into a ``MapSpec``, reporting every problem on the way."""

    def __init__(self, reading: _Reading, library: CardLibrary, report: _Report) -> None:
        self.r = reading
        self.library = library
        self.report = report
        self.card_names = [c.name for c in library]
        self.set_names = sorted({c.set for c in library if c.set})
        self.players: int | None = None
        self.win_kind: str | None = None
        self.win_params: dict[str, Any] = {}
        self.ruleset = "muhq"
        self.geometry_name: str | None = None  # a square map's chosen geometry
        #: the board that places cells (None when the map's layout is unusable)
        self.board: Geometry | None = None
        self.cells: layout.Cells | None = None

    # -- values

    def card(self, where: str, value: Any) -> str | None:
        name = _text(value).strip()
        if not name:
            self.report.add(where, "a card name", shown(value))
            return None
        if name not in self.library:
            self.report.add(where, "a card of the card library",
                            shown(name) + _suggest(name[:limits.MAX_NAME], self.card_names))
            return None
        return name

    def kind_of(self, card: str) -> str:
        """``"a spell"``: the type of a card of the library, with its article."""
        kind = self.library[card].type.value
        return ("an " if kind[0] in "aeio" else "a ") + kind  # a unit, an artifact

    def number(self, where: str, value: Any, low: int, high: int | None = None,
               what: str = "a whole number") -> int | None:
        number = _as_int(value)
        if number is None or number < low or (high is not None and number > high):
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            self.report.add(where, f"{what} {span}", shown(value))
            return None
        return number

    def set_list(self, where: str, value: Any) -> tuple[str, ...]:
        names = tuple(n.strip() for n in _text(value).split(",") if n.strip())
        for name in names:
            if name not in self.set_names:
                self.report.add(where, "card sets of the card library ("
                                + ", ".join(self.set_names) + ")",
                                repr(name) + _suggest(name, self.set_names))
        return names

    # -- map properties

    def map_properties(self) -> dict[str, Any]:
        props = self.r.props
        add = self.report.add
        for name in props:
            if name not in MAP_PROPERTIES:
                add(f"map property {name}", "one of the map properties ("
                    + ", ".join(MAP_PROPERTIES) + ")",
                    "an unknown property" + _suggest(name, MAP_PROPERTIES))
        self.ruleset_and_geometry()
        needed = ("players", "win_condition", *sorted(RULESETS[self.ruleset].map_needs))
        for name in needed:
            if name not in props and name not in self.r.rejected:
                add(f"map property {name}", "the property (it is required)", "nothing")
        result: dict[str, Any] = {}
        if "players" in props:
            self.players = self.number("map property players", props["players"], 1,
                                       self.max_players, "a player count")
        if "income" in props:
            result["income"] = self.number("map property income", props["income"], 0)
        for name in ("seat_bonus", "first_income"):  # turn-order compensation (ours)
            if name in props:
                result[name] = self.number(f"map property {name}", props[name], 0,
                                           limits.MAX_CARD_NUMBER)
                if "income" not in RULESETS[self.ruleset].map_needs:
                    add(f"map property {name}", "a property of maps with income (Muhq's Game)",
                        f"a {self.ruleset} map")
        if "start_deck" in props:
            result["start_deck"] = self.start_deck(props["start_deck"])
        if "win_condition" in props:
            kind = _text(props["win_condition"]).strip()
            if kind in WIN_CONDITIONS:
                self.win_kind = kind
            else:
                names = WIN_CONDITIONS.names()
                add("map property win_condition", "one of " + ", ".join(names),
                    repr(kind) + _suggest(kind, names))
        self.win_parameters()
        if "draft" in props:
            result["draft"] = self.draft(props["draft"])
        result["sets"] = self.set_list("map property sets", props.get("sets"))
        result["title"] = _text(props.get("title"))
        if len(result["title"]) > limits.MAX_TITLE:
            add("map property title", f"a title of at most {limits.MAX_TITLE} characters",
                f"{len(result['title'])} characters")
        result["description"] = _text(props.get("description"))
        return result

    def ruleset_and_geometry(self) -> None:
        props = self.r.props
        add = self.report.add
        if "ruleset" in props:
            name = _text(props["ruleset"]).strip()
            if name in RULESETS:
                self.ruleset = name
            else:
                names = sorted(RULESETS)
                add("map property ruleset", "one of " + ", ".join(names),
                    repr(name) + _suggest(name, names))
        if RULESETS[self.ruleset].geometry == "hex" and self.r.orientation != "hexagonal":
            add("map orientation", f"hexagonal (the {self.ruleset} ruleset's systems are "
                "hexes)", repr(self.r.orientation))
        if "geometry" in props:
            name = _text(props["geometry"]).strip()
            if self.r.orientation == "hexagonal":
                if name != "hex":
                    add("map property geometry", "'hex' on a hexagonal map (or no geometry "
                        "property)", repr(name))
            elif name in SQUARE_GEOMETRIES:
                self.geometry_name = name
            else:
                add("map property geometry", "one of " + ", ".join(SQUARE_GEOMETRIES)
                    + " on an orthogonal map (links between cells make it a graph)",
                    repr(name) + _suggest(name, SQUARE_GEOMETRIES))

    def start_deck(self, value: Any) -> tuple[tuple[str, int], ...]:
        where = "map property start_deck"
        entries, bad = parse_start_deck(_text(value))
        for piece in bad:
            self.report.add(where, "entries '<count> <card name>' separated by commas or new "
                            "lines, e.g. '4 Coin, 3 Recruit'", repr(piece))
        if not entries and not bad:
            self.report.add(where, "at least one card, e.g. '4 Coin, 3 Recruit'", shown(value))
        seen: set[str] = set()
        for name, _ in entries:
            if name in seen:
                self.report.add(where, "each card once", f"{shown(name)} twice")
            seen.add(name)
            self.card(where, name)
        total = sum(count for _, count in entries)
        if total > limits.MAX_START_DECK:
            self.report.add(where, f"a start deck of at most {limits.MAX_START_DECK} cards",
                            f"{total} cards")
        return tuple(entries)

    def win_parameters(self) -> None:
        props = self.r.props
        kind = self.win_kind
        known = WIN_CONDITIONS[kind].params if kind else {}
        for name, value in props.items():
            if not name.startswith("win_") or name == "win_condition":
                continue
            param = name[len("win_"):]
            where = f"map property {name}"
            if name not in MAP_PROPERTIES:
                continue  # reported as an unknown property
            if kind is not None and param not in known:
                used = ", ".join(f"win_{p}" for p in known) or "none"
                self.report.add(where, f"only the parameters of win condition {kind} ({used})",
                                f"{name} = {shown(value)}")
                continue
            if param in _NUMBER_WIN_PARAMS:
                number = self.number(where, value, 1)
                if number is not None:
                    self.win_params[param] = number
            elif param == "card":
                card = self.card(where, value)
                piece = WIN_CONDITIONS[kind].card_piece if kind else ""
                if card is None:
                    continue
                wrong = piece_card_problem(piece, self.library[card]) if piece else None
                if wrong is not None:
                    self.report.add(where, f"{wrong}, for win condition {kind}",
                                    f"{card!r}, {self.kind_of(card)}")
                else:
                    self.win_params[param] = card
            elif param == "region":  # checked against the region objects (check_win)
                name = _text(value).strip()
                if name:  # empty: the project's default, anywhere
                    self.win_params[param] = name
        for param in REQUIRED_WIN_PARAMS.get(kind or "", ()):
            if f"win_{param}" not in props and f"win_{param}" not in self.r.rejected:
                self.report.add(f"map property win_{param}",
                                f"the {known[param]} (win condition {kind} needs it)", "nothing")

    def draft(self, value: Any) -> str:
        text = _text(value).strip()
        where = "map property draft"
        try:
            fmt = parse_draft(text)
        except ValueError:
            self.report.add(where, DRAFT_EXPECTED, shown(text))
            return text
        if self.players is not None:
            try:
                fmt.check(self.players)
            except ValueError:
                self.report.add(where, f"packs of at least {self.players * fmt.picks} cards "
                                f"({self.players} players x {fmt.picks} picks)", repr(text))
        return text

    # -- objects

    def object_player(self, obj: _Object, low: int, required: bool) -> int | None:
        """The object's ``player`` (1-based; 0 = neutral where ``low`` is 0)."""
        where = f"{obj.where} property player"
        top = self.top_player
        span = f"from {low} to {top}" + (" (the map's player count)" if self.players else "")
        expected = ("a player number " if low else "a player number (0 = neutral) ") + span
        if "player" not in obj.props:
            if not required:
                return 0
            if "player" not in obj.rejected:
                self.report.add(where, expected, "nothing")
            return None
        number = _as_int(obj.props["player"])
        if number is None or not low <= number <= top:
            self.report.add(where, expected, shown(obj.props["player"]))
            return None
        return number

    @property
    def top_player(self) -> int:
        return self.players if self.players is not None else self.max_players

    @property
    def max_players(self) -> int:
        """The most players a map of its ruleset may name (Muhq: 4; the fleet: 6)."""
        return min(MAX_PLAYERS, RULESETS[self.ruleset].seats)

    def type_at(self, tile: Tile) -> str | None:
        cells = self.r.cells
        if cells is None or self.board is None:
            return None
        return cells[self.board.index(tile)]

    def cell_name(self, tile: Tile) -> str:
        return self.board.label(tile) if self.board is not None else str(tile)

    def middle(self, obj: _Object) -> tuple[float, float]:
        """Where the middle of an object lies, as fractions of the map's width and
        height (0.5 each when the map places no cells)."""
        if self.cells is None:
            return (0.5, 0.5)
        width, height = self.cells.size
        if obj.shape == "polygon" and obj.points:
            xs, ys = [p[0] for p in obj.points], [p[1] for p in obj.points]
            x, y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        else:
            x, y = obj.x + obj.width / 2, obj.y + obj.height / 2
        if not (math.isfinite(x) and math.isfinite(y)):
            return (0.5, 0.5)
        return (x / max(1e-9, width), y / max(1e-9, height))

    def covered(self, obj: _Object) -> list[Tile] | None:
        """The cells an object covers; None (reported) when it lies outside the map."""
        cells = self.cells
        if cells is None:
            return None  # the map's layout places no cells (reported once, for the map)
        if obj.shape in ("point", "tile") or (obj.shape == "rectangle"
                                             and obj.width == 0 and obj.height == 0):
            x, y = obj.x, obj.y
            if obj.shape == "tile":
                x, y = x + obj.width / 2, y + obj.height / 2
            tile = cells.at(x, y) if math.isfinite(x) and math.isfinite(y) else None
            if tile is None:
                width, height = cells.size
                self.report.add(obj.where, f"a position inside the {self.r.width}x"
                                f"{self.r.height} map ({width:g}x{height:g} pixels)",
                                f"x={obj.x:g}, y={obj.y:g}, on no cell")
                return None
            return [tile]
        if obj.shape == "polygon":
            xs = [p[0] for p in obj.points] or [obj.x]
            ys = [p[1] for p in obj.points] or [obj.y]
            box = (min(xs), min(ys), max(xs), max(ys))
        else:
            box = (obj.x, obj.y, obj.x + obj.width, obj.y + obj.height)
        if not all(math.isfinite(v) for v in box) or cells.beyond(*box):
            width, height = cells.size
            self.report.add(obj.where, f"a shape inside the {self.r.width}x{self.r.height} "
                            f"map ({width:g}x{height:g} pixels)",
                            f"x={box[0]:g}..{box[2]:g}, y={box[1]:g}..{box[3]:g}")
            return None
        if obj.shape == "polygon":
            return cells.in_polygon(obj.points) if len(obj.points) >= 3 else []
        return cells.in_box(*box)

    def link(self, obj: _Object, links: list[tuple[Tile, Tile, str]]) -> None:
        """A ``link`` object: a two-point polyline joining two different cells."""
        add = self.report.add
        if obj.shape != "polyline" or len(obj.points) != 2:
            found = (f"a polyline of {len(obj.points)} points" if obj.shape == "polyline"
                     else f"a {obj.shape}")
            add(obj.where, "a polyline of exactly two points, one in each linked cell", found)
            return
        if obj.rotation:
            add(obj.where, "an object that is not rotated",
                f"a rotation of {obj.rotation:g} degrees")
            return
        for name in obj.props:
            add(f"{obj.where} property {name}", "no properties (a link is named by the "
                "object's name)", "an unknown property")
        if self.cells is None:
            return
        ends: list[Tile] = []
        for x, y in obj.points:
            tile = self.cells.at(x, y)
            if tile is None:
                add(obj.where, "both ends of the link on cells of the map",
                    f"an end at x={x:g}, y={y:g}, on no cell")
                return
            ends.append(tile)
        a, b = ends
        name = obj.name or f"link {obj.id}"
        if a == b:
            add(obj.where, "a link between two different cells",
                f"both ends on cell {self.cell_name(a)}")
            return
        if self.board is not None and self.board.adjacent(a, b):
            add(obj.where, "a link between cells that are not already neighbours",
                f"cells {self.cell_name(a)} and {self.cell_name(b)}, which are")
            return
        for other_a, other_b, other in links:
            if {other_a, other_b} == {a, b}:
                add(obj.where, "each pair of cells linked once",
                    f"cells {self.cell_name(a)} and {self.cell_name(b)}, already linked by "
                    f"{other!r}")
                return
        links.append((a, b, name))

    def geometry(self, links: list[tuple[Tile, Tile, str]]) -> tuple[str, dict[str, Any]]:
        """The map's geometry and its settings (only those that differ from the defaults
        on a square map, so a square map's settings stay empty as they always were)."""
        params = dict(self.r.grid_params or {})
        if self.r.orientation == "hexagonal":
            name = "hex"
        else:
            name = self.geometry_name or RULESETS[self.ruleset].geometry
            if (params.get("tile_width"), params.get("tile_height")) == (TILE_SIZE, TILE_SIZE):
                params = {}
        if links:
            params = {**params, "base": name, "links": tuple(links)}
            name = "graph"
        return name, params

    def make_board(self) -> None:
        """The board that places the cells: the map's own geometry (without its links),
        shared with every game played on the map."""
        r = self.r
        if r.grid_params is None or r.width <= 0 or r.height <= 0:
            return
        name, params = self.geometry([])
        self.board = shared_geometry(name, r.width, r.height, params)
        self.cells = layout.Cells(self.board)

    def read(self) -> MapSpec | None:
        r = self.r
        add = self.report.add
        values = self.map_properties()
        self.make_board()
        placements: list[Placement] = []
        bosses: list[Placement] = []
        regions: list[Region] = []
        unnamed: dict[int, tuple[float, float]] = {}
        taken: dict[Tile, str] = {}
        spawn_cover: dict[Tile, list[_Object]] = {}
        owners: dict[Tile, int] = {}
        kings: set[int] = set()
        buildings: set[int] = set()
        links: list[tuple[Tile, Tile, str]] = []
        win_card = self.win_params.get("card")
        for obj in r.objects:
            if not obj.cls:
                continue  # decoration or notes
            if obj.cls not in OBJECT_MEMBERS:
                add(obj.where, "an object class of " + ", ".join(OBJECT_MEMBERS),
                    repr(obj.cls) + _suggest(obj.cls, list(OBJECT_MEMBERS)))
                continue
            if obj.cls == "link":
                self.link(obj, links)
                continue
            if obj.shape not in _SUPPORTED_SHAPES:
                article = "an" if obj.shape[0] in "aeiou" else "a"
                add(obj.where, "a rectangle, a polygon, a point or a tile object",
                    f"{article} {obj.shape}")
                continue
            if obj.rotation:
                add(obj.where, "an object that is not rotated",
                    f"a rotation of {obj.rotation:g} degrees")
                continue
            members = OBJECT_MEMBERS[obj.cls]
            for name in obj.props:
                if name not in members and name not in obj.inherited:
                    add(f"{obj.where} property {name}",
                        f"only the properties of a {obj.cls} (" + ", ".join(members) + ")",
                        "an unknown property" + _suggest(name, members))
            tiles = self.covered(obj)
            if tiles is None:
                continue
            if obj.cls == "spawn":
                player = self.object_player(obj, 1, True)
                self.spawn(obj, tiles, player, spawn_cover, owners)
            elif obj.cls == "region":
                points = self.number(f"{obj.where} property points", obj.props.get("points", 1),
                                     1)
                if not tiles:
                    add(obj.where, "a region covering at least one tile (a tile's centre "
                        "inside the shape)", f"no tiles ({obj.width:g}x{obj.height:g} px)")
                elif points is not None:
                    if not obj.name:  # named after where it lies, once all are read
                        unnamed[len(regions)] = self.middle(obj)
                    regions.append(Region(obj.name, frozenset(tiles), points))
            elif obj.cls == "store":
                self.set_list(f"{obj.where} property sets", obj.props.get("sets"))
                if not tiles:
                    add(obj.where, "a store object on a store tile", "no tiles")
                for tile in tiles:
                    kind = self.type_at(tile)
                    if kind is not None and not TILE_TYPES[kind].store:
                        add(obj.where, "a store object lying on store tiles",
                            f"{kind!r} at tile {self.cell_name(tile)}")
            else:
                piece = self.piece(obj, tiles, win_card, taken)
                if piece is None:
                    continue
                if obj.cls == "boss":
                    bosses.append(piece)
                else:
                    placements.append(piece)
                if obj.cls == "king":
                    kings.add(piece.player)
                elif obj.cls == "building" or (obj.cls == "piece"
                                               and piece.card == (win_card or "Building")):
                    buildings.add(piece.player)
        regions = name_unnamed(regions, unnamed)
        self.check_spawns(spawn_cover, owners)
        self.check_win(kings, buildings, placements, regions, bosses)
        names = [region.name for region in regions]
        for name in sorted({n for n in names if names.count(n) > 1}):
            add(f"region {name!r}", "each region name once (the object's name)",
                f"{names.count(name)} regions of that name")
        needs = RULESETS[self.ruleset].map_needs
        if (self.report.problems or r.cells is None or self.players is None
                or self.win_kind is None or self.board is None
                or ("income" in needs and values.get("income") is None)
                or ("start_deck" in needs and not values.get("start_deck"))):
            return None
        geometry, params = self.geometry(links)
        return MapSpec(
            name=r.name, width=r.width, height=r.height, tiles=tuple(r.cells),
            owners=MappingProxyType(dict(sorted(owners.items()))), players=self.players,
            income=values.get("income", 0), start_deck=values.get("start_deck", ()),
            win=WinSpec(self.win_kind, MappingProxyType(dict(self.win_params))),
            placements=tuple(placements), regions=tuple(regions), bosses=tuple(bosses),
            draft=values.get("draft", ""), sets=values["sets"], title=values["title"],
            description=values["description"], source=self.report.file,
            ruleset=self.ruleset, geometry=geometry,
            geometry_params=MappingProxyType(params),
            seat_bonus=values.get("seat_bonus") or 0,
            first_income=values.get("first_income"),
        )

    def spawn(self, obj: _Object, tiles: list[Tile], player: int | None,
              cover: dict[Tile, list[_Object]], owners: dict[Tile, int]) -> None:
        claimed = 0
        for tile in tiles:
            kind = self.type_at(tile)
            if kind is None or not (TILE_TYPES[kind].spawn or TILE_TYPES[kind].harbor):
                continue
            claimed += 1
            cover.setdefault(tile, []).append(obj)
            if player is not None:
                owners[tile] = player - 1
        if not claimed and self.r.cells is not None:
            found = sorted({self.type_at(t) or "" for t in tiles})
            self.report.add(obj.where, "a spawn object covering spawn or harbor tiles",
                            "only " + ", ".join(repr(k) for k in found) if found else "no tiles")

    def piece(self, obj: _Object, tiles: list[Tile], win_card: str | None,
              taken: dict[Tile, str]) -> Placement | None:
        """A king, building, stick, piece or boss object as a placement."""
        add = self.report.add
        kind = self.win_kind
        default: str | None = None  # the card when the object names none
        if obj.cls == "king":
            player = self.object_player(obj, 1, True)
            default = win_card if kind == "king" and win_card else "King"
        elif obj.cls == "building":
            player = self.object_player(obj, 1, True)
            default = win_card if kind == "destroy_buildings" and win_card else "Building"
        elif obj.cls == "piece":
            player = self.object_player(obj, 0, False)
        else:  # stick and boss are neutral
            player = 0
            if obj.cls == "stick":
                default = (win_card if kind == "stick_of_victory" and win_card
                           else "Stick of Victory")
        if obj.cls != "king" and ("card" in obj.props or default is None):
            card = self.card(f"{obj.where} property card", obj.props.get("card"))
        else:
            card = self.card(f"{obj.where} card", default)
        wrong = piece_card_problem(obj.cls, self.library[card]) if card else None
        if wrong is not None:
            add(f"{obj.where} card", f"{wrong} for a {obj.cls} object",
                f"{card!r}, {self.kind_of(str(card))}")
            card = None
        if len(tiles) != 1:
            add(obj.where, "an object on exactly one tile (a point, a tile object or a "
                "one-tile rectangle)", f"{len(tiles)} tiles")
            return None
        tile = tiles[0]
        if tile in taken:
            add(obj.where, "a tile no other map piece starts on",
                f"tile {self.cell_name(tile)}, already taken by {taken[tile]}")
        else:
            taken[tile] = obj.where
        ground = self.type_at(tile)
        if card is not None and ground is not None:
            swimming = bool(self.library[card].keywords.get("swimming"))
            kind_of_ground = TILE_TYPES[ground]
            if not (kind_of_ground.swimmers if swimming else kind_of_ground.walkers):
                add(obj.where, f"a tile {card} can stand on",
                    f"{ground!r} at tile {self.cell_name(tile)}")
        if card is None or player is None:
            return None
        return Placement(card, tile, player - 1)

    def check_spawns(self, cover: dict[Tile, list[_Object]], owners: dict[Tile, int]) -> None:
        r = self.r
        if r.cells is None or self.board is None:
            return
        add = self.report.add
        order = self.board.cells()
        for index, kind in enumerate(r.cells):
            tile_kind = TILE_TYPES[kind]
            if not (tile_kind.spawn or tile_kind.harbor):
                continue
            tile = order[index]
            where = f"layer {r.cell_layers[index]!r} cell {self.cell_name(tile)}"
            covering = cover.get(tile, [])
            if not covering:
                add(where, f"a spawn object covering this {kind} tile", "none")
            elif len(covering) > 1:
                add(where, f"exactly one spawn object covering this {kind} tile",
                    f"{len(covering)} ({', '.join(o.where for o in covering)})")
        if self.players is None:
            return
        for player in range(1, self.players + 1):
            if not any(owner == player - 1 and TILE_TYPES[self.type_at(tile) or "neutral"].spawn
                       for tile, owner in owners.items()):
                add("map", f"spawn tiles for player {player} (a spawn object with player "
                    f"{player} over spawn tiles)", "none")

    def check_win(self, kings: set[int], buildings: set[int], placements: list[Placement],
                  regions: list[Region], bosses: list[Placement]) -> None:
        kind = self.win_kind
        add = self.report.add
        if kind is None or self.players is None:
            return
        everyone = range(self.players)
        if kind == "king":
            for player in everyone:
                if player not in kings:
                    add("map", f"a king object for player {player + 1} (win condition king)",
                        "none")
        elif kind == "destroy_buildings":
            for player in everyone:
                if player not in buildings:
                    add("map", f"a building object for player {player + 1} (win condition "
                        "destroy_buildings)", "none")
        elif kind == "stick_of_victory":
            stick = self.win_params.get("card", "Stick of Victory")
            if not any(p.card == stick for p in placements):
                add("map", f"a stick object ({stick}) for win condition stick_of_victory",
                    "none")
        region = self.win_params.get("region")
        expected = unknown_region(region, (r.name for r in regions))
        if expected is not None:
            add("map property win_region", expected, repr(region))
        if kind in ("capture_points", "objectives") and not regions:
            add("map", f"at least one region object (win condition {kind})", "none")
        if WIN_CONDITIONS[kind].needs_boss and not bosses:
            add("map", f"a boss object (win condition {kind} is fought against a boss)",
                "none")


# ---------------------------------------------------------------------------- entry points


@functools.cache
def shipped_library() -> CardLibrary:
    """The shipped card library, loaded once: the default for checking card names."""
    from game.content.cards import load_cards

    return load_cards()[0]


def check_tmx(path: Path | str, library: CardLibrary | None = None,
              root: Path | None = None) -> list[MapProblem]:
    """Every problem of a .tmx map file, in one pass (never raises). ``root``: the folder
    the map and every file it names must lie in (default ``files.map_root``)."""
    report = _Report(str(path))
    confine = files.map_root(path) if root is None else root
    try:
        reading = _read_xml(Path(path), report, confine)
        if reading is not None:
            _Interpreter(reading, library if library is not None else shipped_library(),
                         report).read()
    except Exception as exc:  # a checker bug must reach the author as a line, not a traceback
        report.add("file", "a map the checker can read",
                   f"an internal error ({type(exc).__name__}: {exc})")
    return report.problems


def load_tmx(path: Path | str, library: CardLibrary | None = None,
             root: Path | None = None) -> MapSpec:
    """The map of a .tmx file; raises ``MapError`` listing every problem. ``root`` as
    for ``check_tmx``."""
    library = library if library is not None else shipped_library()
    confine = files.map_root(path) if root is None else root
    problems = check_tmx(path, library, confine)
    if problems:
        raise MapError(problems)
    report = _Report(str(path))
    spec: MapSpec | None = None
    try:
        reading = _read_pytmx(Path(path), report, confine)
        if reading is not None:
            spec = _Interpreter(reading, library, report).read()
    except Exception as exc:  # as in check_tmx: a line for the author, never a traceback
        report.add("file", "a map the loader can read",
                   f"an internal error ({type(exc).__name__}: {exc})")
    if spec is None:
        raise MapError(report.problems or [MapProblem(
            str(path), "file", "a map pytmx reads as the checker does", "a different reading")])
    return spec
