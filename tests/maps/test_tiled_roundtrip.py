"""Every shipped map survives the real Tiled editor: Tiled opens it and saves it again
(``tiled --export-map``, offscreen), and the saved map loads into the same game map and
has the same tile type in every cell. Also: the Tiled project file for authors matches
what the loader accepts, and the terrain tileset has one typed tile per tile type."""

from __future__ import annotations

import base64
import gzip
import importlib.util
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree as ET

import pytest

from game.maps import list_maps, load_tmx
from game.rules.tiles import TILE_TYPES

ROOT = Path(__file__).resolve().parent.parent.parent
TILED = shutil.which("tiled")
TILESET = ROOT / "assets" / "tilesets" / "terrain.tsx"
NO_TILED = ("Debian's tiled is not installed: `apt-get install tiled` (.ci/run does this "
            "in CI) to run this check")
#: the flip and rotation bits Tiled keeps in the top of a gid
FLAGS = 0xF0000000


def _export(source: Path, target: Path, home: Path) -> None:
    """Open ``source`` in the real Tiled editor (offscreen) and save it as ``target``."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(home),
           "HOME": str(home)}
    result = subprocess.run([str(TILED), "--export-map", "tmx", str(source), str(target)],
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert target.exists()


def _layer_gids(layer: ET.Element) -> list[int]:
    data = layer.find("data")
    assert data is not None and (data.text or "").strip(), "a tile layer without data"
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding == "csv":
        return [int(v) for v in data.text.replace("\n", "").split(",") if v.strip()]
    assert encoding == "base64", f"unexpected layer encoding {encoding!r}"
    raw = base64.b64decode(data.text.strip())
    if compression == "zlib":
        raw = zlib.decompress(raw)
    elif compression == "gzip":
        raw = gzip.decompress(raw)
    return list(struct.unpack(f"<{len(raw) // 4}I", raw))


def _cell_types(path: Path) -> tuple[int, int, list[str]]:
    """Width, height and every cell's tile type, read the way the contract says: the type
    of the topmost tile layer cell whose tile has a type (through the tilesets' ``type``
    or ``class`` attributes, never raw gids); no typed tile means neutral."""
    root = ET.parse(path).getroot()
    width, height = int(root.get("width", 0)), int(root.get("height", 0))
    types: dict[int, str] = {}
    for tileset in root.findall("tileset"):
        first = int(tileset.get("firstgid", 1))
        source = tileset.get("source")
        element = ET.parse(path.parent / source).getroot() if source else tileset
        for tile in element.findall("tile"):
            kind = tile.get("type") or tile.get("class")
            if kind:
                types[first + int(tile.get("id", 0))] = kind
    cells = ["neutral"] * (width * height)
    for layer in root.iter("layer"):  # document order: later layers are drawn on top
        for index, gid in enumerate(_layer_gids(layer)):
            kind = types.get(gid & ~FLAGS)
            if kind:
                cells[index] = kind
    return width, height, cells


def _same_map(a, b) -> None:  # type: ignore[no-untyped-def]
    assert (a.width, a.height, a.tiles) == (b.width, b.height, b.tiles)
    assert dict(a.owners) == dict(b.owners)
    assert a.placements == b.placements and a.regions == b.regions and a.bosses == b.bosses
    assert (a.win.kind, dict(a.win.params)) == (b.win.kind, dict(b.win.params))
    assert (a.players, a.income, a.start_deck) == (b.players, b.income, b.start_deck)


@pytest.mark.skipif(TILED is None, reason=NO_TILED)
@pytest.mark.parametrize("path", list_maps(), ids=lambda p: p.stem)
def test_tiled_opens_and_saves_every_shipped_map(path: Path, tmp_path: Path) -> None:
    saved = tmp_path / path.name
    _export(path, saved, tmp_path)
    _same_map(load_tmx(path), load_tmx(saved))
    assert _cell_types(saved) == _cell_types(path)


#: the README's worked example, written the way the contract describes a map
EXAMPLE_GRID = """\
1h.....h2
1...~...2
.sssssss.
1...~...2
1h.....h2"""
EXAMPLE_GIDS = {".": 1, "h": 2, "1": 5, "2": 5, "s": 7, "~": 9}


def _example_map(folder: Path) -> Path:
    """The worked example in ``folder/maps`` with the terrain tileset beside it, referenced
    as a shipped map references it."""
    (folder / "maps").mkdir()
    shutil.copytree(TILESET.parent, folder / "assets" / "tilesets")
    rows = EXAMPLE_GRID.splitlines()
    csv = ",\n".join(",".join(str(EXAMPLE_GIDS[c]) for c in row) for row in rows)
    width, height = len(rows[0]), len(rows)

    def point(obj_id: int, cls: str, x: int, y: int, player: int) -> str:
        return (f'  <object id="{obj_id}" type="{cls}" x="{x * 64 + 32}" y="{y * 64 + 32}">\n'
                f'   <properties>\n'
                f'    <property name="player" type="int" value="{player}"/>\n'
                f'   </properties>\n   <point/>\n  </object>\n')

    def column(obj_id: int, x: int, player: int) -> str:
        return (f'  <object id="{obj_id}" name="player {player}" type="spawn" x="{x * 64}"'
                f' y="0" width="64" height="{height * 64}">\n'
                f'   <properties>\n'
                f'    <property name="player" type="int" value="{player}"/>\n'
                f'   </properties>\n  </object>\n')

    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal"'
        f' renderorder="right-down" width="{width}" height="{height}" tilewidth="64"'
        f' tileheight="64" infinite="0" nextlayerid="3" nextobjectid="5">\n'
        ' <properties>\n'
        '  <property name="income" type="int" value="3"/>\n'
        '  <property name="players" type="int" value="2"/>\n'
        '  <property name="start_deck" value="4 Coin, 3 Recruit"/>\n'
        '  <property name="win_condition" propertytype="WinCondition" value="king"/>\n'
        ' </properties>\n'
        ' <tileset firstgid="1" source="../assets/tilesets/terrain.tsx"/>\n'
        f' <layer id="1" name="terrain" width="{width}" height="{height}">\n'
        f'  <data encoding="csv">\n{csv}\n</data>\n'
        ' </layer>\n'
        ' <objectgroup id="2" name="objects">\n'
        + column(1, 0, 1) + column(2, width - 1, 2)
        + point(3, "king", 0, 2, 1) + point(4, "king", width - 1, 2, 2)
        + ' </objectgroup>\n</map>\n'
    )
    path = folder / "maps" / "2P-worked-example.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_worked_example_reads_as_drawn(tmp_path: Path) -> None:
    path = _example_map(tmp_path)
    width, height, cells = _cell_types(path)
    assert (width, height) == (9, 5)
    assert cells[:9] == ["spawn", "house"] + ["neutral"] * 5 + ["house", "spawn"]
    assert cells[2 * 9:3 * 9] == ["neutral"] + ["street"] * 7 + ["neutral"]
    spec = load_tmx(path)
    assert spec.win.kind == "king" and spec.players == 2
    assert sorted(spec.owners.values()) == [0] * 4 + [1] * 4
    assert {(p.card, p.tile, p.player) for p in spec.placements} == {
        ("King", (0, 2), 0), ("King", (8, 2), 1)}


@pytest.mark.skipif(TILED is None, reason=NO_TILED)
def test_tiled_keeps_every_cell_object_and_property_of_a_map(tmp_path: Path) -> None:
    """Independent of the shipped maps: a map written from the contract survives Tiled."""
    path = _example_map(tmp_path)
    saved = tmp_path / "saved" / path.name
    saved.parent.mkdir()
    _export(path, saved, tmp_path)
    assert _cell_types(saved) == _cell_types(path)
    _same_map(load_tmx(path), load_tmx(saved))


# ------------------------------------------------------------------------- the tileset


def _png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_the_terrain_tileset_has_one_typed_tile_per_tile_type() -> None:
    root = ET.parse(TILESET).getroot()
    assert (root.get("name"), root.get("tilewidth"), root.get("tileheight")) == (
        "terrain", "64", "64")
    tiles = root.findall("tile")
    kinds = [t.get("type") or t.get("class") for t in tiles]
    # one tile per registered type, ids in the contract's order (the registry's order)
    assert kinds == list(TILE_TYPES)
    assert [int(t.get("id", -1)) for t in tiles] == list(range(len(TILE_TYPES)))
    count, columns = int(root.get("tilecount", 0)), int(root.get("columns", 0))
    assert (count, columns) == (len(TILE_TYPES), 4)
    image = root.find("image")
    assert image is not None
    png = TILESET.parent / image.get("source", "")
    assert png.is_file(), f"{png} is missing"
    rows = -(-count // columns)
    size = (columns * 64, rows * 64)
    assert _png_size(png) == size
    assert (int(image.get("width", 0)), int(image.get("height", 0))) == size


def _tileset_tool() -> ModuleType:
    path = ROOT / "tools" / "make_tileset.py"
    spec = importlib.util.spec_from_file_location("make_tileset", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tileset_generator_is_deterministic_and_wrote_the_tsx() -> None:
    tool = _tileset_tool()
    first, second = tool.build(), tool.build()
    assert first == second
    assert first[TILESET] == TILESET.read_bytes()


def test_the_tiled_project_file_is_up_to_date() -> None:
    tool = ROOT / "tools" / "make_tiled_project.py"
    result = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
