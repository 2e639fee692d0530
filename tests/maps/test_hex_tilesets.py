"""The hex terrain tilesets (tools/make_tileset.py): ``terrain-hex`` (pointy-topped hexes,
maps with stagger axis y) and ``terrain-hex-flat`` (flat-topped, stagger axis x). Each has
one typed tile per tile type, in the square tileset's order, tiles of the hex map's cell
size, and pixels exactly inside the hexagon the game's geometry (and Tiled) puts in a
cell: transparent corners, no gap between neighbouring hexes."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree as ET

import pytest

from game.rules.geometry import make_geometry
from game.rules.tiles import TILE_TYPES

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent.parent
TILESETS = ROOT / "assets" / "tilesets"
TOOL = ROOT / "tools" / "make_tileset.py"
COLUMNS = 4

#: tileset name -> (tile width, tile height, stagger axis)
HEX_TILESETS = {
    "terrain-hex": (64, 74, "y"),
    "terrain-hex-flat": (74, 64, "x"),
}
SIDE = 37


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_tileset_hex_test", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _geometry(name: str, width: int = 1, height: int = 1):  # type: ignore[no-untyped-def]
    tile_w, tile_h, axis = HEX_TILESETS[name]
    return make_geometry("hex", width, height, {
        "tile_width": tile_w, "tile_height": tile_h, "stagger_axis": axis,
        "stagger_index": "odd", "hex_side_length": SIDE})


def _inside(polygon: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    """Inside or on the edge of a convex polygon."""
    signs = set()
    for i, (bx, by) in enumerate(polygon):
        ax, ay = polygon[i - 1]
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if cross:
            signs.add(cross > 0)
    return len(signs) <= 1


@pytest.fixture(scope="module")
def images() -> dict[str, pygame.Surface]:
    pygame.init()
    loaded = {}
    for name in HEX_TILESETS:
        root = ET.parse(TILESETS / f"{name}.tsx").getroot()
        image = root.find("image")
        assert image is not None
        loaded[name] = pygame.image.load(str(TILESETS / image.get("source", "")))
    return loaded


@pytest.mark.parametrize("name", list(HEX_TILESETS))
def test_the_hex_tileset_has_one_typed_tile_per_tile_type(name: str) -> None:
    tile_w, tile_h, axis = HEX_TILESETS[name]
    root = ET.parse(TILESETS / f"{name}.tsx").getroot()
    assert (root.get("name"), root.get("tilewidth"), root.get("tileheight")) == (
        name, str(tile_w), str(tile_h))
    tiles = root.findall("tile")
    assert [t.get("type") for t in tiles] == list(TILE_TYPES)  # as the square one writes it
    assert [int(t.get("id", -1)) for t in tiles] == list(range(len(TILE_TYPES)))
    assert (int(root.get("tilecount", 0)), int(root.get("columns", 0))) == (
        len(TILE_TYPES), COLUMNS)
    props = {p.get("name"): p.get("value") for p in root.findall("properties/property")}
    assert props == {"hex_side_length": str(SIDE), "stagger_axis": axis}
    image = root.find("image")
    assert image is not None and image.get("source") == f"{name}.png"
    rows = -(-len(TILE_TYPES) // COLUMNS)
    assert (int(image.get("width", 0)), int(image.get("height", 0))) == (
        COLUMNS * tile_w, rows * tile_h)
    assert root.find("tileoffset") is None  # tiles of the map's cell size need no offset


def test_the_hex_tilesets_match_the_square_one() -> None:
    square = ET.parse(TILESETS / "terrain.tsx").getroot()
    kinds = [(t.get("id"), t.get("type")) for t in square.findall("tile")]
    for name in HEX_TILESETS:
        root = ET.parse(TILESETS / f"{name}.tsx").getroot()
        assert [(t.get("id"), t.get("type")) for t in root.findall("tile")] == kinds


@pytest.mark.parametrize("name", list(HEX_TILESETS))
def test_hex_tiles_fill_exactly_the_hexagon(name: str,
                                            images: dict[str, pygame.Surface]) -> None:
    """Every pixel whose centre is inside the cell's hexagon is opaque, every other one
    transparent (the corners of the tile), in every tile of the sheet."""
    tile_w, tile_h, _ = HEX_TILESETS[name]
    image = images[name]
    assert image.get_size() == (COLUMNS * tile_w, -(-len(TILE_TYPES) // COLUMNS) * tile_h)
    geometry = _geometry(name)
    hexagon = geometry.cell_polygon(geometry.grid_to_tile(0, 0))
    inside = [[_inside(hexagon, x + 0.5, y + 0.5) for x in range(tile_w)]
              for y in range(tile_h)]
    assert not inside[0][0] and not inside[tile_h - 1][tile_w - 1]
    assert inside[tile_h // 2][tile_w // 2]
    kinds = list(TILE_TYPES)
    for index in range(len(kinds)):
        left, top = (index % COLUMNS) * tile_w, (index // COLUMNS) * tile_h
        for y in range(tile_h):
            for x in range(tile_w):
                alpha = image.get_at((left + x, top + y)).a
                assert alpha == (255 if inside[y][x] else 0), (kinds[index], x, y, alpha)


@pytest.mark.parametrize("name", list(HEX_TILESETS))
@pytest.mark.parametrize("index", ["odd", "even"])
def test_hex_tiles_laid_out_as_tiled_does_leave_no_gap(
        name: str, index: str, images: dict[str, pygame.Surface]) -> None:
    """Tiles blitted at their cells' bounding boxes (as Tiled draws a hex map) cover every
    pixel the geometry puts in a cell."""
    tile_w, tile_h, axis = HEX_TILESETS[name]
    geometry = make_geometry("hex", 5, 4, {
        "tile_width": tile_w, "tile_height": tile_h, "stagger_axis": axis,
        "stagger_index": index, "hex_side_length": SIDE})
    width, height = (int(v) for v in geometry.pixel_size())
    canvas = pygame.Surface((width, height), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    neutral = images[name].subsurface((0, 0, tile_w, tile_h))
    for tile in geometry.cells():
        x, y, _, _ = geometry.cell_bounds(tile)
        canvas.blit(neutral, (int(x), int(y)))
    gaps = [(x, y) for y in range(height) for x in range(width)
            if geometry.tile_at_pixel(x + 0.5, y + 0.5) is not None
            and canvas.get_at((x, y)).a != 255]
    assert gaps == []


def test_the_hex_tilesets_are_up_to_date_and_deterministic() -> None:
    tool = _tool()
    first, second = tool.build(), tool.build()
    assert first == second
    for name in HEX_TILESETS:
        for suffix in (".png", ".tsx"):
            path = TILESETS / f"{name}{suffix}"
            assert first[path] == path.read_bytes(), f"{path.name}: run tools/make_tileset.py"
    result = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True,
                            text=True, check=False, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_hex_pngs_have_an_alpha_channel() -> None:
    for name in HEX_TILESETS:
        header = (TILESETS / f"{name}.png").read_bytes()[:26]
        assert header[:8] == b"\x89PNG\r\n\x1a\n" and header[12:16] == b"IHDR"
        assert (header[24], header[25]) == (8, 6)  # 8-bit RGBA
