"""The Tiled map loader: a valid .tmx becomes the right ``MapSpec``; every kind of broken
file is answered by problems naming the file, the element, what was expected and what was
found, all of them in one pass, never by a traceback."""

from __future__ import annotations

import base64
import gzip
import struct
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

import pytest

from game.cli import main
from game.maps import MapError, MapProblem, check_tmx, find_map, list_maps, load_tmx
from game.rules.mapmodel import DEFAULT_SYMBOLS
from game.runner import map_load_time

REPO = Path(__file__).resolve().parents[2]
TERRAIN = REPO / "assets" / "tilesets" / "terrain.tsx"
#: the contract's tile order (used only when the shipped tileset is not there)
CONTRACT_TILES = ("neutral", "house", "tower", "farm field", "spawn", "harbor", "street",
                  "deep water", "water", "wall", "gate", "store")
TILE = 64

# ---------------------------------------------------------------------------- map builder


def minimal_tileset(folder: Path) -> Path:
    """A tileset following the contract, for when the shipped one does not exist."""
    tiles = "\n".join(f' <tile id="{i}" type="{name}"/>' for i, name in enumerate(CONTRACT_TILES))
    path = folder / "terrain.tsx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="64" '
        'tileheight="64" tilecount="12" columns="4">\n'
        ' <image source="terrain.png" width="256" height="192"/>\n'
        f"{tiles}\n</tileset>\n", encoding="utf-8")
    return path


@pytest.fixture
def tileset(tmp_path: Path) -> Path:
    if TERRAIN.is_file():
        return TERRAIN
    folder = tmp_path / "tilesets"
    folder.mkdir()
    return minimal_tileset(folder)


def tile_ids(tileset: Path) -> dict[str, int]:
    """Tile type -> tile id, read from the tileset itself (never assumed)."""
    root = ET.parse(tileset).getroot()
    return {(t.get("type") or t.get("class") or ""): int(t.get("id", "0"))
            for t in root.findall("tile")}


def prop_xml(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return f'  <property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'  <property name="{name}" type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'  <property name="{name}" type="float" value="{value}"/>'
    if "\n" in value:
        return f'  <property name="{name}">{value}</property>'
    return f'  <property name="{name}" value={quoteattr(value)}/>'


def properties_xml(props: dict[str, Any]) -> str:
    if not props:
        return ""
    return "<properties>\n" + "\n".join(prop_xml(k, v) for k, v in props.items()) + \
        "\n </properties>"


@dataclass
class Obj:
    """An object placed in tiles: a point at a tile's centre, or a rectangle of tiles."""

    cls: str
    x: float
    y: float
    w: float = 0
    h: float = 0
    name: str = ""
    props: dict[str, Any] | None = None
    extra: str = ""  # extra attributes
    inner: str = ""  # extra child elements

    def xml(self, object_id: int) -> str:
        if self.w or self.h:
            geometry = (f'x="{self.x * TILE}" y="{self.y * TILE}" width="{self.w * TILE}" '
                        f'height="{self.h * TILE}"')
            shape = ""
        else:
            geometry = f'x="{(self.x + 0.5) * TILE}" y="{(self.y + 0.5) * TILE}"'
            shape = "<point/>"
        name = f' name="{self.name}"' if self.name else ""
        cls = f' type="{self.cls}"' if self.cls else ""
        return (f'  <object id="{object_id}"{name}{cls} {geometry}{self.extra}>'
                f"{properties_xml(self.props or {})}{shape}{self.inner}</object>")


def point(cls: str, x: int, y: int, **props: Any) -> Obj:
    return Obj(cls, x, y, props=props)


def rect(cls: str, x: int, y: int, w: int, h: int, name: str = "", **props: Any) -> Obj:
    return Obj(cls, x, y, w, h, name=name, props=props)


VALID_GRID = """\
11..f...22
1...h..$.2
A.#.g.s..B
~~wwwwwww~
"""

VALID_PROPS: dict[str, Any] = {
    "players": 2,
    "income": 3,
    "start_deck": "4 Coin, 3 Recruit",
    "win_condition": "king",
    "title": "Test valley",
    "description": "A small map\nfor the loader tests",
}


def valid_objects() -> list[Obj]:
    return [
        rect("spawn", 0, 0, 2, 3, player=1),
        rect("spawn", 8, 0, 2, 3, player=2),
        point("king", 1, 1, player=1),
        point("king", 8, 1, player=2),
        rect("region", 3, 0, 3, 2, name="Centre", points=2),
        point("store", 7, 1, sets="base"),
        point("", 5, 3),  # a note without a class: ignored
    ]


def write_map(folder: Path, tileset: Path, *, grid: str = VALID_GRID,
              props: dict[str, Any] | None = None, objects: list[Obj] | None = None,
              attrs: dict[str, str] | None = None, tileset_xml: str | None = None,
              extra: str = "", name: str = "test-map") -> Path:
    """A .tmx map drawn as a text grid (the symbols of ``DEFAULT_SYMBOLS``), one object
    layer and the given map properties (``None`` values drop a default property)."""
    ids = tile_ids(tileset)
    rows = grid.strip("\n").split("\n")
    width, height = max(len(r) for r in rows), len(rows)
    csv_rows = []
    for row in rows:
        gids = [ids[DEFAULT_SYMBOLS[row[x] if x < len(row) else "."]] + 1 for x in range(width)]
        csv_rows.append(",".join(str(g) for g in gids))
    data = ",\n".join(csv_rows)
    merged = {**VALID_PROPS, **(props or {})}
    merged = {k: v for k, v in merged.items() if v is not None}
    map_attrs = {"version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal",
                 "renderorder": "right-down", "width": str(width), "height": str(height),
                 "tilewidth": "64", "tileheight": "64", "infinite": "0",
                 "nextlayerid": "3", "nextobjectid": "99", **(attrs or {})}
    objs = valid_objects() if objects is None else objects
    objects_xml = "\n".join(o.xml(i + 1) for i, o in enumerate(objs))
    head = " ".join(f'{k}="{v}"' for k, v in map_attrs.items())
    if tileset_xml is None:
        tileset_xml = f'<tileset firstgid="1" source="{tileset}"/>'
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n<map {head}>\n {properties_xml(merged)}\n'
            f" {tileset_xml}\n"
            f' <layer id="1" name="terrain" width="{width}" height="{height}">\n'
            f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n'
            f' <objectgroup id="2" name="objects">\n{objects_xml}\n </objectgroup>\n'
            f"{extra}</map>\n")
    path = folder / f"{name}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def with_objects(*changes: Obj, drop: tuple[str, ...] = ()) -> list[Obj]:
    """The valid objects without the classes in ``drop``, plus ``changes``."""
    return [o for o in valid_objects() if o.cls not in drop] + list(changes)


# ---------------------------------------------------------------------------- a valid map


def test_a_valid_map_loads_into_the_right_mapspec(tmp_path: Path, tileset: Path) -> None:
    path = write_map(tmp_path, tileset)
    assert check_tmx(path) == []
    spec = load_tmx(path)
    assert (spec.name, spec.width, spec.height, spec.players, spec.income) == \
        ("test-map", 10, 4, 2, 3)
    assert spec.type_at((0, 0)) == "spawn" and spec.type_at((4, 0)) == "farm field"
    assert spec.type_at((4, 1)) == "house" and spec.type_at((7, 1)) == "store"
    assert spec.type_at((2, 2)) == "wall" and spec.type_at((4, 2)) == "gate"
    assert spec.type_at((0, 2)) == "harbor" and spec.type_at((2, 3)) == "deep water"
    assert spec.type_at((0, 3)) == "water" and spec.type_at((6, 2)) == "street"
    assert spec.type_at((3, 0)) == "neutral"
    assert spec.tiles[1 * 10 + 4] == "house"  # row-major
    assert spec.owners[(0, 0)] == 0 and spec.owners[(0, 2)] == 0  # spawn and harbor
    assert spec.owners[(9, 2)] == 1 and spec.owners[(8, 0)] == 1
    assert (5, 0) not in spec.owners
    assert spec.spawn_tiles(0) == [(0, 0), (0, 1), (1, 0)]
    assert {(p.card, p.tile, p.player) for p in spec.placements} == \
        {("King", (1, 1), 0), ("King", (8, 1), 1)}
    assert [(r.name, r.points, sorted(r.tiles)) for r in spec.regions] == \
        [("Centre", 2, [(3, 0), (3, 1), (4, 0), (4, 1), (5, 0), (5, 1)])]
    assert spec.start_deck == (("Coin", 4), ("Recruit", 3))
    assert spec.win.kind == "king" and dict(spec.win.params) == {}
    assert spec.title == "Test valley" and spec.description.startswith("A small map\n")
    assert spec.source == str(path)


def test_seat_bonus_is_read_and_travels_in_saves(tmp_path: Path, tileset: Path) -> None:
    """The map property seat_bonus (turn-order compensation) loads, and a save keeps the
    map's own value; a map without it saves as maps always did."""
    from game.rules.core.replay import map_from_json, map_to_json

    plain = load_tmx(write_map(tmp_path, tileset))
    assert plain.seat_bonus == 0 and "seat_bonus" not in map_to_json(plain)
    spec = load_tmx(write_map(tmp_path, tileset, props={"seat_bonus": 2}, name="bonus"))
    assert spec.seat_bonus == 2
    assert map_to_json(spec)["seat_bonus"] == 2
    assert map_from_json(map_to_json(spec)) == spec


def test_first_income_is_read_and_travels_in_saves(tmp_path: Path, tileset: Path) -> None:
    """The map property first_income (the first player's first upkeep) loads, 0 included,
    and a save keeps it; a map without it keeps None (the income) and saves without it."""
    from game.rules.core.replay import map_from_json, map_to_json

    plain = load_tmx(write_map(tmp_path, tileset))
    assert plain.first_income is None and "first_income" not in map_to_json(plain)
    spec = load_tmx(write_map(tmp_path, tileset, props={"first_income": 0}, name="first"))
    assert spec.first_income == 0
    assert map_to_json(spec)["first_income"] == 0
    assert map_from_json(map_to_json(spec)) == spec


def test_win_parameters_draft_sets_and_pieces(tmp_path: Path, tileset: Path) -> None:
    objects = with_objects(
        point("stick", 5, 1, card="Stick of Victory"),
        point("building", 0, 1, player=1),
        point("piece", 6, 1, card="Wolf", player=0),
        point("piece", 6, 0, card="Archer", player=2),
        point("boss", 3, 1, card="Charger"),
        drop=("king",))
    props = {"win_condition": "stick_of_victory", "win_points": 12, "win_per_upkeep": "2",
             "start_deck": "4 Coin\n2 Recruit\n1 Farmer", "draft": "2x[1;6]", "sets": "base"}
    path = write_map(tmp_path, tileset, props=props, objects=objects)
    assert check_tmx(path) == []
    spec = load_tmx(path)
    assert spec.win.kind == "stick_of_victory"
    assert dict(spec.win.params) == {"points": 12, "per_upkeep": 2}
    assert spec.start_deck == (("Coin", 4), ("Recruit", 2), ("Farmer", 1))
    assert spec.draft == "2x[1;6]" and spec.sets == ("base",)
    assert {(p.card, p.tile, p.player) for p in spec.placements} == {
        ("Stick of Victory", (5, 1), -1), ("Building", (0, 1), 0), ("Wolf", (6, 1), -1),
        ("Archer", (6, 0), 1)}
    assert [(b.card, b.tile, b.player) for b in spec.bosses] == [("Charger", (3, 1), -1)]


def test_stick_of_victory_region_names_a_region_object(tmp_path: Path, tileset: Path) -> None:
    """win_region (ours): the stick scores only in the region of that name; the map keeps
    the name in its win parameters, and an empty value (the Tiled project's default) is
    scoring anywhere."""
    objects = with_objects(point("stick", 5, 1), drop=("king",))
    props = {"win_condition": "stick_of_victory", "win_points": 8, "win_region": "Centre"}
    path = write_map(tmp_path, tileset, props=props, objects=objects)
    assert check_tmx(path) == []
    spec = load_tmx(path)
    assert dict(spec.win.params) == {"points": 8, "region": "Centre"}
    assert "Centre" in [r.name for r in spec.regions]
    path = write_map(tmp_path, tileset, props={**props, "win_region": ""}, objects=objects)
    assert dict(load_tmx(path).win.params) == {"points": 8}


def test_resource_threshold_and_tile_objects(tmp_path: Path, tileset: Path) -> None:
    """A tile object covers the tile containing its top-left corner (Tiled stores its
    bottom-left one); Tiled 1.9's ``class`` attribute is read like ``type``."""
    objects = with_objects(point("king", 8, 1, player=2), drop=("king",))
    path = write_map(tmp_path, tileset, objects=objects,
                     props={"win_condition": "resource", "win_threshold": 40})
    text = path.read_text().replace(
        "</objectgroup>",
        '  <object id="50" class="king" gid="1" x="64" y="128" width="64" height="64">'
        '<properties><property name="player" type="int" value="1"/></properties></object>\n'
        " </objectgroup>")
    path.write_text(text)
    assert check_tmx(path) == []
    spec = load_tmx(path)
    assert dict(spec.win.params) == {"threshold": 40}
    assert ("King", (1, 1), 0) in {(p.card, p.tile, p.player) for p in spec.placements}


def test_topmost_typed_tile_wins_and_untyped_tiles_change_nothing(
        tmp_path: Path, tileset: Path) -> None:
    ids = tile_ids(tileset)
    deco = tmp_path / "deco.tsx"
    deco.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="deco" '
                    'tilewidth="64" tileheight="64" tilecount="2" columns="2">\n'
                    ' <image source="deco.png" width="128" height="64"/>\n</tileset>\n')
    width = 10
    over = [0] * (width * 4)
    over[3] = ids["tower"] + 1  # (3, 0) becomes a tower
    over[5] = 100  # (5, 0): an untyped decoration tile leaves the farm field below
    data = ",".join(str(g) for g in over)
    extra = (f' <layer id="5" name="upper" width="{width}" height="4">'
             f'<data encoding="csv">{data}</data></layer>\n')
    grid = VALID_GRID.replace("11..f...22", "11..ff..22")
    path = write_map(tmp_path, tileset, grid=grid, extra=extra, tileset_xml=(
        f'<tileset firstgid="1" source="{tileset}"/>\n'
        f' <tileset firstgid="100" source="deco.tsx"/>'))
    assert check_tmx(path) == []
    spec = load_tmx(path)
    assert spec.type_at((3, 0)) == "tower"
    assert spec.type_at((5, 0)) == "farm field"


def test_find_map_accepts_a_path_to_a_tmx_file(tmp_path: Path, tileset: Path) -> None:
    path = write_map(tmp_path, tileset, name="2P-test-valley")
    assert find_map(str(path)).name == "2P-test-valley"
    assert find_map("2P-test-valley", folder=tmp_path).source == str(path)


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_layers_and_flipped_tiles_read_like_csv(tmp_path: Path, tileset: Path,
                                                       compression: str) -> None:
    """Tiled's other layer formats give the same tiles; flip flags do not change a tile."""
    plain = load_tmx(write_map(tmp_path, tileset, name="plain"))
    path = write_map(tmp_path, tileset, name="packed")
    text = path.read_text(encoding="utf-8")
    start = text.index('<data encoding="csv">')
    end = text.index("</data>", start)
    gids = [int(v) for v in text[start + len('<data encoding="csv">'):end].split(",")]
    gids[1] |= 0x80000000  # flipped horizontally
    raw = struct.pack(f"<{len(gids)}I", *gids)
    raw = {"": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}[compression]
    attrs = f' compression="{compression}"' if compression else ""
    data = f'<data encoding="base64"{attrs}>{base64.b64encode(raw).decode()}'
    path.write_text(text[:start] + data + text[end:], encoding="utf-8")
    assert check_tmx(path) == []
    assert load_tmx(path).tiles == plain.tiles


def test_tiled_1_9_class_attributes_on_tiles(tmp_path: Path, tileset: Path) -> None:
    text = tileset.read_text(encoding="utf-8").replace(' type="', ' class="')
    copy = tmp_path / "terrain-1.9.tsx"
    copy.write_text(text, encoding="utf-8")
    path = write_map(tmp_path, tileset, tileset_xml=f'<tileset firstgid="1" source="{copy}"/>')
    assert check_tmx(path) == []
    assert load_tmx(path).type_at((4, 1)) == "house"


def test_list_maps_prefers_tmx_maps(tmp_path: Path, tileset: Path) -> None:
    (tmp_path / "2P-old.yaml").write_text("map: |\n  1..2\n", encoding="utf-8")
    assert [p.name for p in list_maps(tmp_path)] == ["2P-old.yaml"]
    write_map(tmp_path, tileset, name="2P-new")
    assert [p.name for p in list_maps(tmp_path)] == ["2P-new.tmx"]


def test_validate_reports_tmx_problems_one_per_line(
        tmp_path: Path, tileset: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write_map(tmp_path, tileset, name="2P-good")
    assert main(["validate", str(good)]) == 0
    capsys.readouterr()
    bad = write_map(tmp_path, tileset, name="2P-bad",
                    props={"income": "lots", "win_condition": "kings"})
    code = main(["validate", str(tmp_path)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out == [str(p) for p in check_tmx(bad)] and len(out) == 2
    assert all(line.startswith(f"{bad}: map property ") for line in out)


def test_bench_measures_loading_the_largest_shipped_map() -> None:
    """The figure behind the bar "the largest shipped map loads in under 100 ms" (the bar
    itself is read from ``python -m game bench``, not asserted here)."""
    name, milliseconds = map_load_time(repeats=2)
    assert name in {p.stem for p in list_maps()}
    assert milliseconds is not None and milliseconds > 0


# ---------------------------------------------------------------------------- broken maps


Builder = Callable[[Path, Path], Path]


def _text_file(content: str) -> Builder:
    def build(folder: Path, tileset: Path) -> Path:
        path = folder / "broken.tmx"
        path.write_text(content, encoding="utf-8")
        return path
    return build


def _edit(old: str, new: str, **kw: Any) -> Builder:
    """A valid map (with ``kw`` passed to ``write_map``) with one piece of text replaced."""
    def build(folder: Path, tileset: Path) -> Path:
        path = write_map(folder, tileset, **kw)
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return path
    return build


def _map(**kw: Any) -> Builder:
    def build(folder: Path, tileset: Path) -> Path:
        return write_map(folder, tileset, **kw)
    return build


def _broken_tileset(content: str) -> Builder:
    def build(folder: Path, tileset: Path) -> Path:
        bad = folder / "bad.tsx"
        bad.write_text(content, encoding="utf-8")
        return write_map(folder, tileset, tileset_xml='<tileset firstgid="1" source="bad.tsx"/>')
    return build


def _unknown_tile_type(folder: Path, tileset: Path) -> Path:
    text = tileset.read_text(encoding="utf-8").replace('type="farm field"', 'type="farmfield"')
    copy = folder / "terrain-copy.tsx"
    copy.write_text(text, encoding="utf-8")
    return write_map(folder, tileset,
                     tileset_xml='<tileset firstgid="1" source="terrain-copy.tsx"/>')


_TSX_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="t" tilewidth="64" '
             'tileheight="64" tilecount="1" columns="1">')

#: (id, builder, element, expected, found): substrings of the problem that must answer it
BROKEN: list[tuple[str, Builder, str, str, str]] = [
    ("broken-xml", _text_file('<map width="3"><layer></map>'), "file", "well-formed XML",
     "mismatched tag"),
    ("empty-file", _text_file(""), "file", "Tiled map", "an empty file"),
    ("not-a-map", _text_file('<?xml version="1.0"?><tileset name="x"/>'), "file",
     "<map> root element", "<tileset>"),
    ("infinite", _edit('infinite="0"', 'infinite="1"'), "map", "a finite map", "infinite='1'"),
    ("isometric", _map(attrs={"orientation": "isometric"}), "map", "orthogonal",
     "'isometric'"),
    ("tile-size", _map(attrs={"tilewidth": "32", "tileheight": "32"}), "tileset terrain.tsx",
     "tiles of the map's size 32x32", "64x64"),
    ("missing-tileset", _map(tileset_xml='<tileset firstgid="1" source="nowhere.tsx"/>'),
     "tileset nowhere.tsx", "an existing tileset file", "nothing at"),
    ("broken-tileset", _broken_tileset(_TSX_HEAD + "<tile id='0' type='house'>"),
     "tileset bad.tsx", "well-formed .tsx", "no element found"),
    ("tileset-tile-size", _broken_tileset(_TSX_HEAD.replace('"64"', '"16"') + "</tileset>"),
     "tileset bad.tsx", "map's size 64x64", "16x16"),
    ("unknown-tile-type", _unknown_tile_type, "tile 3", "registered tile type",
     "'farmfield' (did you mean 'farm field'?)"),
    ("template", _map(objects=with_objects(Obj("", 3, 3, extra=' template="king.tx"'))),
     "object 8", "without a template", "template 'king.tx'"),
    ("list-property", _edit('<property name="income" type="int" value="3"/>',
                            '<property name="income" type="list"><item type="int" value="3"/>'
                            '</property>'),
     "map property income", "a single value", "a list property"),
    ("class-property", _edit('<property name="income" type="int" value="3"/>',
                             '<property name="income" type="class" propertytype="Money"/>'),
     "map property income", "a single value", "a class property (Money"),
    ("reserved-name", _map(objects=with_objects(point("king", 3, 0, player=1, name="x"))),
     "object 8 (king) property name", "other than", "'name'"),
    ("unknown-class", _map(objects=with_objects(point("kng", 3, 0, player=1))),
     "object 8 (kng)", "an object class of spawn, king", "'kng' (did you mean 'king'?)"),
    ("unknown-member", _map(objects=with_objects(point("building", 3, 0, plyer=1))),
     "object 8 (building) property plyer", "only the properties of a building",
     "did you mean 'player'?"),
    ("player-out-of-range", _map(objects=with_objects(point("building", 3, 0, player=3))),
     "object 8 (building) property player", "from 1 to 2 (the map's player count)", "3"),
    ("player-not-a-number", _map(objects=with_objects(point("building", 3, 0, player="two"))),
     "object 8 (building) property player", "a player number", "'two'"),
    ("spawn-tile-without-spawn", _map(grid=VALID_GRID.replace("f...22", "f.2.22")),
     "layer 'terrain' cell (6, 0)", "a spawn object covering this spawn tile", "none"),
    ("spawn-tile-twice", _map(objects=with_objects(point("spawn", 0, 0, player=2))),
     "layer 'terrain' cell (0, 0)", "exactly one spawn object", "2 (object 1 (spawn), object 8"),
    ("player-without-spawns", _map(props={"players": 3}), "map", "spawn tiles for player 3",
     "none"),
    ("missing-king", _map(objects=[o for o in valid_objects() if o.props != {"player": 2}
                                   or o.cls != "king"]),
     "map", "a king object for player 2", "none"),
    ("king-beyond-player-count", _map(objects=with_objects(point("king", 3, 0, player=4))),
     "object 8 (king) property player", "from 1 to 2", "4"),
    ("unknown-win-condition", _map(props={"win_condition": "kings"}),
     "map property win_condition", "one of capture_points", "'kings' (did you mean 'king'?)"),
    ("win-without-parameter", _map(props={"win_condition": "resource"}),
     "map property win_threshold", "win condition resource needs it", "nothing"),
    ("stick-region-unknown", _map(
        props={"win_condition": "stick_of_victory", "win_points": 8, "win_region": "Hart"},
        objects=with_objects(point("stick", 5, 1), drop=("king",))),
     "map property win_region", "one of the map's regions (Centre)", "'Hart'"),
    ("parameter-of-another-win", _map(props={"win_points": 10}),
     "map property win_points", "only the parameters of win condition king", "win_points = 10"),
    ("start-deck-syntax", _map(props={"start_deck": "4 Coin, Recruit x3"}),
     "map property start_deck", "'<count> <card name>'", "'Recruit x3'"),
    ("start-deck-unknown-card", _map(props={"start_deck": "4 Coin, 3 Recruits"}),
     "map property start_deck", "a card of the card library",
     "'Recruits' (did you mean 'Recruit'?)"),
    ("missing-start-deck", _map(props={"start_deck": None}), "map property start_deck",
     "required", "nothing"),
    ("unknown-building-card", _map(objects=with_objects(
        point("building", 3, 0, player=1, card="Castle"))),
     "object 8 (building) property card", "a card of the card library", "'Castle'"),
    ("object-outside-the-map", _map(objects=with_objects(point("king", 12, 1, player=1))),
     "object 8 (king)", "inside the 10x4 map", "x=800, y=96, on no cell"),
    ("region-without-tiles", _map(objects=with_objects(
        Obj("region", 3.6, 0.6, 0.3, 0.3, name="Dot"))),
     "object 8 (region)", "at least one tile", "no tiles"),
    ("store-off-a-store-tile", _map(objects=with_objects(point("store", 3, 0))),
     "object 8 (store)", "lying on store tiles", "'neutral' at tile (3, 0)"),
    ("non-numeric-income", _map(props={"income": "lots"}), "map property income",
     "a whole number of at least 0", "'lots'"),
    ("unknown-map-property", _map(props={"win_treshold": 30}), "map property win_treshold",
     "one of the map properties", "did you mean 'win_threshold'?"),
    ("bad-draft", _map(props={"draft": "2 rounds"}), "map property draft",
     "rounds x[picks;pack size]", "'2 rounds'"),
    ("unknown-set", _map(props={"sets": "base, dragons"}), "map property sets",
     "card sets of the card library", "'dragons'"),
    ("piece-on-a-wall", _map(objects=with_objects(point("piece", 2, 2, card="Wolf"))),
     "object 8 (piece)", "a tile Wolf can stand on", "'wall' at tile (2, 2)"),
    ("two-pieces-on-one-tile", _map(objects=with_objects(point("building", 1, 1, player=1))),
     "object 8 (building)", "a tile no other map piece starts on",
     "already taken by object 3 (king)"),
    ("ellipse", _map(objects=with_objects(Obj("region", 3, 0, 2, 2, inner="<ellipse/>"))),
     "object 8 (region)", "a rectangle, a polygon, a point or a tile object", "an ellipse"),
    ("xml-tile-data", _edit('<data encoding="csv">', "<data>"), "layer 'terrain'",
     "CSV or Base64", "XML <tile> elements"),
    ("gid-from-no-tileset", _edit('<data encoding="csv">\n5,', '<data encoding="csv">\n900,'),
     "layer 'terrain' cell (0, 0)", "a tile from one of the map's tilesets", "gid 900"),
    ("layer-size", _edit('<layer id="1" name="terrain" width="10"',
                         '<layer id="1" name="terrain" width="9"'),
     "layer 'terrain'", "the map's size 10x4", "9x4"),
    ("players-out-of-range", _map(props={"players": 6}), "map property players",
     "a player count from 1 to 4", "6"),
    ("negative-seat-bonus", _map(props={"seat_bonus": -1}), "map property seat_bonus",
     "a whole number from 0 to", "-1"),
    ("negative-first-income", _map(props={"first_income": -2}), "map property first_income",
     "a whole number from 0 to", "-2"),
]


def test_there_are_at_least_24_kinds_of_broken_map() -> None:
    assert len({case[0] for case in BROKEN}) == len(BROKEN) >= 24


def _matching(problems: list[MapProblem], element: str, expected: str,
              found: str) -> list[MapProblem]:
    return [p for p in problems
            if element in p.element and expected in p.expected and found in p.found]


@pytest.mark.parametrize(("builder", "element", "expected", "found"),
                         [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN])
def test_each_broken_map_is_answered_by_a_clear_problem(
        tmp_path: Path, tileset: Path, builder: Builder, element: str, expected: str,
        found: str) -> None:
    path = builder(tmp_path, tileset)
    problems = check_tmx(path)
    assert _matching(problems, element, expected, found), "\n".join(map(str, problems))
    for problem in problems:
        assert problem.file == str(path)
        assert problem.element and problem.expected and problem.found
        assert str(problem) == (f"{path}: {problem.element}: expected {problem.expected}, "
                                f"found {problem.found}")
        assert "Traceback" not in str(problem) and "internal error" not in problem.found
    with pytest.raises(MapError) as caught:
        load_tmx(path)
    assert list(caught.value.problems) == problems
    assert str(caught.value).splitlines() == [str(p) for p in problems]


def test_check_lists_every_problem_of_a_file_in_one_pass(tmp_path: Path, tileset: Path) -> None:
    objects = with_objects(point("kng", 3, 0), point("building", 3, 1, player=7),
                           point("store", 4, 0), point("king", 20, 20, player=1))
    path = write_map(tmp_path, tileset, objects=objects,
                     props={"income": "lots", "win_condition": "resource",
                            "start_deck": "4 Coins"})
    problems = check_tmx(path)
    wanted = [("map property income", "whole number", "'lots'"),
              ("map property start_deck", "card library", "'Coins'"),
              ("map property win_threshold", "needs it", "nothing"),
              ("object 8 (kng)", "object class", "'kng'"),
              ("object 9 (building) property player", "from 1 to 2", "7"),
              ("object 10 (store)", "store tiles", "'farm field'"),
              ("object 11 (king)", "inside the 10x4 map", "x=1312, y=1312")]
    for element, expected, found in wanted:
        assert _matching(problems, element, expected, found), (element, problems)
    assert len(problems) >= len(wanted)
    with pytest.raises(MapError) as caught:
        load_tmx(path)
    assert len(caught.value.problems) == len(problems)


def test_a_layout_that_places_no_cells_is_one_problem_not_many(tmp_path: Path,
                                                               tileset: Path) -> None:
    """An isometric map (no cell layout the game draws) is reported once; its objects'
    own problems still are, but not as "outside the map" or "on no tile"."""
    objects = with_objects(point("kng", 3, 0), point("king", 2, 1, player=1))
    path = write_map(tmp_path, tileset, objects=objects, attrs={"orientation": "isometric"})
    problems = check_tmx(path)
    assert _matching(problems, "map", "'orthogonal' or 'hexagonal'", "'isometric'")
    assert _matching(problems, "object 8 (kng)", "object class", "'kng'")
    assert not [p for p in problems if "object 9" in p.element], problems


def test_a_missing_file_is_a_problem_not_an_exception(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.tmx"
    problems = check_tmx(path)
    assert len(problems) == 1 and problems[0].element == "file"
    with pytest.raises(MapError):
        load_tmx(path)


def test_the_old_one_problem_map_error_still_works() -> None:
    error = MapError("maps/x.yaml", "players", "a player count from 1 to 4", 9)
    assert str(error) == "maps/x.yaml: players: expected a player count from 1 to 4, found 9"
    assert error.problems == (MapProblem("maps/x.yaml", "players",
                                         "a player count from 1 to 4", "9"),)
