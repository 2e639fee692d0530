#!/usr/bin/env python3
"""Draw the terrain tileset: ``assets/tilesets/terrain.png`` and ``terrain.tsx``.

Usage::

    .venv/bin/python tools/make_tileset.py            # writes both files
    .venv/bin/python tools/make_tileset.py --check    # exit 1 if the files are stale
    .venv/bin/python tools/make_tileset.py --preview /tmp/terrain-x4.png --scale 4

The tiles are 64x64 px, 4 columns, in the order of the map contract (tile id = index in
``TILES``); each ``<tile>`` in the .tsx carries the engine's tile type name as its Tiled
type, which is all a map's meaning comes from. Everything is drawn with pygame-ce
primitives and a seeded random generator, and the PNG is encoded here (zlib, no
timestamps), so every run writes the same bytes.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "tilesets"
TILE = 64
COLUMNS = 4

Colour = tuple[int, int, int]
Painter = Callable[[pygame.Surface, random.Random], None]

# The palette: one family of colours per tile, chosen to stay apart when zoomed out.
GRASS = (104, 150, 72)
GRASS_DARK = (84, 128, 58)
GRASS_LIGHT = (128, 172, 88)
OUTLINE = (40, 34, 30)
STONE = (150, 150, 146)
STONE_DARK = (104, 104, 102)
STONE_LIGHT = (186, 186, 180)
MORTAR = (78, 76, 74)
WOOD = (150, 100, 56)
WOOD_DARK = (104, 66, 36)
WOOD_LIGHT = (184, 134, 82)
DEEP = (22, 48, 104)
DEEP_WAVE = (58, 96, 164)
SHALLOW = (98, 176, 214)
SHALLOW_WAVE = (176, 222, 240)
SAND = (214, 196, 146)


def shade(colour: Colour, amount: int) -> Colour:
    """``colour`` made lighter (amount > 0) or darker (amount < 0), clamped to 0-255."""
    r, g, b = colour
    return (
        max(0, min(255, r + amount)),
        max(0, min(255, g + amount)),
        max(0, min(255, b + amount)),
    )


def speckle(
    surf: pygame.Surface, rng: random.Random, colours: list[Colour], count: int,
    rect: pygame.Rect | None = None, size: int = 2,
) -> None:
    """Scatter ``count`` small squares of the given colours over ``rect`` (texture)."""
    area = rect or surf.get_rect()
    for _ in range(count):
        x = rng.randrange(area.left, area.right - size + 1)
        y = rng.randrange(area.top, area.bottom - size + 1)
        surf.fill(rng.choice(colours), (x, y, size, size))


def wave(surf: pygame.Surface, colour: Colour, x: int, y: int, length: int, width: int) -> None:
    """One wave crest: a half period of a sine, ``length`` px long, starting at (x, y)."""
    points = [(x + i, y - round(3 * math.sin(math.pi * i / length))) for i in range(length + 1)]
    pygame.draw.lines(surf, colour, False, points, width)


def grass(surf: pygame.Surface, rng: random.Random) -> None:
    """Plain meadow: the background of every tile that stands on open ground."""
    surf.fill(GRASS)
    speckle(surf, rng, [GRASS_DARK, GRASS_LIGHT], 70)
    for _ in range(9):  # small tufts of blades
        x, y = rng.randrange(4, 58), rng.randrange(6, 60)
        pygame.draw.line(surf, GRASS_DARK, (x, y), (x - 2, y - 4))
        pygame.draw.line(surf, GRASS_DARK, (x + 1, y), (x + 1, y - 5))
        pygame.draw.line(surf, GRASS_DARK, (x + 2, y), (x + 4, y - 4))


def neutral(surf: pygame.Surface, rng: random.Random) -> None:
    grass(surf, rng)


def house(surf: pygame.Surface, rng: random.Random) -> None:
    grass(surf, rng)
    pygame.draw.ellipse(surf, GRASS_DARK, (8, 50, 50, 10))  # shadow
    wall = pygame.Rect(14, 30, 36, 24)
    surf.fill((232, 214, 170), wall)
    pygame.draw.rect(surf, OUTLINE, wall, 2)
    roof = [(6, 32), (32, 8), (58, 32)]
    pygame.draw.polygon(surf, (190, 64, 44), roof)
    pygame.draw.polygon(surf, (150, 44, 32), [(32, 8), (58, 32), (46, 32)])  # shaded side
    for y in range(16, 32, 5):  # roof tile rows
        half = (y - 8) * 26 // 24
        pygame.draw.line(surf, (150, 44, 32), (32 - half + 2, y), (32 + half - 2, y))
    pygame.draw.polygon(surf, OUTLINE, roof, 2)
    surf.fill((96, 60, 48), (41, 12, 5, 9))  # chimney
    pygame.draw.rect(surf, OUTLINE, (41, 12, 5, 9), 1)
    surf.fill(WOOD_DARK, (28, 40, 9, 14))  # door
    surf.fill((250, 220, 110), (35, 47, 1, 2))
    for wx in (18, 40):  # windows
        surf.fill((96, 150, 196), (wx, 36, 7, 7))
        pygame.draw.rect(surf, OUTLINE, (wx, 36, 7, 7), 1)
    pygame.draw.line(surf, OUTLINE, (14, 53), (49, 53), 2)


def tower(surf: pygame.Surface, rng: random.Random) -> None:
    grass(surf, rng)
    pygame.draw.ellipse(surf, GRASS_DARK, (12, 52, 44, 10))
    body = pygame.Rect(20, 16, 24, 42)
    surf.fill(STONE, body)
    surf.fill(STONE_DARK, (36, 16, 8, 42))  # shaded side
    for y in range(22, 57, 7):  # masonry courses
        pygame.draw.line(surf, MORTAR, (20, y), (43, y))
        off = 0 if (y // 7) % 2 else 6
        for x in range(26 + off, 44, 12):
            pygame.draw.line(surf, MORTAR, (x, y), (x, min(y + 6, 56)))
    top = pygame.Rect(15, 8, 34, 10)
    surf.fill(STONE_LIGHT, top)
    surf.fill(STONE, (38, 8, 11, 10))
    for x in (15, 27, 39):  # crenellations
        surf.fill(STONE_LIGHT if x < 38 else STONE, (x, 3, 8, 6))
        pygame.draw.rect(surf, OUTLINE, (x, 3, 8, 6), 1)
    pygame.draw.rect(surf, OUTLINE, top, 2)
    pygame.draw.rect(surf, OUTLINE, body, 2)
    surf.fill((30, 28, 36), (29, 26, 6, 11))  # arrow slit window
    surf.fill((30, 28, 36), (27, 44, 10, 14))  # door
    pygame.draw.circle(surf, (30, 28, 36), (32, 44), 5)


def farm_field(surf: pygame.Surface, rng: random.Random) -> None:
    soil, furrow, ridge = (150, 104, 58), (110, 72, 38), (178, 130, 78)
    surf.fill(soil)
    speckle(surf, rng, [furrow, ridge], 60)
    for i, y in enumerate(range(2, TILE, 8)):  # ploughed rows with sprouts on the ridges
        surf.fill(furrow, (0, y, TILE, 3))
        surf.fill(ridge, (0, y + 3, TILE, 1))
        start = 3 + (i % 2) * 4
        for x in range(start, TILE - 2, 8):
            pygame.draw.line(surf, (96, 164, 56), (x, y + 7), (x - 1, y + 4))
            pygame.draw.line(surf, (130, 196, 72), (x + 1, y + 7), (x + 3, y + 5))


def spawn(surf: pygame.Surface, rng: random.Random) -> None:
    grass(surf, rng)
    base = pygame.Rect(4, 4, 56, 56)
    pygame.draw.rect(surf, (238, 230, 206), base, border_radius=10)
    pygame.draw.rect(surf, (196, 184, 150), base, 3, border_radius=10)
    pygame.draw.ellipse(surf, (214, 204, 176), (16, 46, 30, 9))  # foot of the pole
    pygame.draw.line(surf, OUTLINE, (22, 10), (22, 52), 3)  # pole
    pygame.draw.circle(surf, (220, 180, 60), (22, 9), 3)  # finial
    banner = [(24, 12), (50, 12), (44, 21), (50, 30), (24, 30)]  # swallow-tail banner
    pygame.draw.polygon(surf, (128, 52, 168), banner)
    pygame.draw.polygon(surf, (96, 34, 130), [(24, 24), (47, 24), (50, 30), (24, 30)])
    pygame.draw.polygon(surf, OUTLINE, banner, 2)
    pygame.draw.circle(surf, (236, 210, 96), (33, 20), 4)  # emblem


def harbor(surf: pygame.Surface, rng: random.Random) -> None:
    surf.fill(DEEP)
    for i, y in enumerate(range(34, TILE, 14)):
        for x in range(-12 + (i % 2) * 16, TILE, 32):
            wave(surf, DEEP_WAVE, x, y, 18, 2)
    surf.fill(SAND, (0, 0, TILE, 22))  # the quay
    speckle(surf, rng, [shade(SAND, -24), shade(SAND, 16)], 40, pygame.Rect(0, 0, TILE, 20))
    surf.fill(shade(SAND, -50), (0, 20, TILE, 3))
    for x in (20, 42):  # pier posts standing in the water
        for y in (34, 54):
            surf.fill(WOOD_DARK, (x - 3, y, 6, 8))
    for y in range(8, 58, 6):  # planks running out into the water
        surf.fill(WOOD if (y // 6) % 2 else WOOD_LIGHT, (18, y, 28, 5))
        pygame.draw.line(surf, WOOD_DARK, (18, y + 5), (45, y + 5))
    pygame.draw.rect(surf, OUTLINE, (17, 8, 30, 50), 2)
    pygame.draw.circle(surf, WOOD_DARK, (12, 12), 4)  # bollard
    pygame.draw.circle(surf, OUTLINE, (12, 12), 4, 1)


def street(surf: pygame.Surface, rng: random.Random) -> None:
    surf.fill((104, 96, 86))  # joints between the stones
    rows = 5
    height = TILE // rows + 1
    for row in range(rows + 1):
        y = row * height - 4
        x = -((row % 2) * 8)
        while x < TILE:
            width = rng.choice((14, 16, 18))
            tone = rng.choice((-12, -4, 4, 12))
            stone = pygame.Rect(x + 1, y + 1, width - 2, height - 2)
            pygame.draw.rect(surf, shade((176, 164, 142), tone), stone, border_radius=4)
            pygame.draw.line(
                surf, shade((176, 164, 142), tone + 28),
                (stone.left + 3, stone.top + 1), (stone.right - 4, stone.top + 1),
            )
            x += width


def deep_water(surf: pygame.Surface, rng: random.Random) -> None:
    surf.fill(DEEP)
    speckle(surf, rng, [shade(DEEP, -8), shade(DEEP, 8)], 40, size=3)
    for i, y in enumerate(range(8, TILE, 16)):  # rolling swell: wide crests
        for x in range(-12 + (i % 2) * 16, TILE, 32):
            wave(surf, DEEP_WAVE, x, y, 18, 2)


def water(surf: pygame.Surface, rng: random.Random) -> None:
    surf.fill(SHALLOW)
    for _ in range(6):  # pebbles showing through the shallow water
        x, y = rng.randrange(4, 58), rng.randrange(4, 58)
        pygame.draw.ellipse(surf, (140, 190, 196), (x, y, 6, 4))
    for i, y in enumerate(range(6, TILE, 11)):  # small ripples
        for x in range(-6 + (i % 2) * 9, TILE, 18):
            pygame.draw.line(surf, SHALLOW_WAVE, (x, y + 2), (x + 4, y))
            pygame.draw.line(surf, SHALLOW_WAVE, (x + 4, y), (x + 9, y + 2))


def wall(surf: pygame.Surface, rng: random.Random) -> None:
    surf.fill(MORTAR)
    course = 16
    for row in range(TILE // course):
        y = row * course
        x = -16 if row % 2 else 0
        while x < TILE:
            tone = rng.choice((-14, -6, 0, 8))
            block = pygame.Rect(x + 1, y + 1, 30, course - 2)
            surf.fill(shade((124, 122, 118), tone), block)
            surf.fill(shade((124, 122, 118), tone + 34), (block.left, block.top, block.width, 2))
            surf.fill(shade((124, 122, 118), tone - 30), (block.left, block.bottom - 2,
                                                          block.width, 2))
            x += 32


def gate(surf: pygame.Surface, rng: random.Random) -> None:
    wall(surf, rng)
    arch = pygame.Rect(12, 10, 40, 54)
    pygame.draw.rect(surf, OUTLINE, arch.inflate(6, 6), border_top_left_radius=22,
                     border_top_right_radius=22)
    pygame.draw.rect(surf, WOOD, arch, border_top_left_radius=20, border_top_right_radius=20)
    for x in range(arch.left + 6, arch.right, 7):  # planks
        pygame.draw.line(surf, WOOD_DARK, (x, arch.top + 2), (x, arch.bottom))
    pygame.draw.line(surf, OUTLINE, (32, arch.top), (32, arch.bottom), 2)  # the two leaves
    for y in (24, 48):  # iron bands with studs
        surf.fill((58, 58, 62), (arch.left, y, arch.width, 4))
        for x in range(arch.left + 3, arch.right - 2, 8):
            surf.fill((170, 170, 176), (x, y + 1, 2, 2))
    pygame.draw.circle(surf, (200, 176, 80), (28, 38), 2)  # ring handles
    pygame.draw.circle(surf, (200, 176, 80), (36, 38), 2)


def store(surf: pygame.Surface, rng: random.Random) -> None:
    grass(surf, rng)
    pygame.draw.ellipse(surf, GRASS_DARK, (4, 52, 56, 10))
    surf.fill(WOOD_DARK, (9, 22, 4, 34))  # posts
    surf.fill(WOOD_DARK, (51, 22, 4, 34))
    counter = pygame.Rect(6, 38, 52, 18)
    surf.fill(WOOD, counter)
    for y in (44, 50):
        pygame.draw.line(surf, WOOD_DARK, (counter.left, y), (counter.right - 1, y))
    pygame.draw.rect(surf, OUTLINE, counter, 2)
    goods = [((220, 60, 50), 15), ((240, 190, 50), 24), ((110, 180, 60), 33),
             ((240, 140, 40), 42), ((220, 60, 50), 50)]
    for colour, x in goods:  # fruit and coins on the counter
        pygame.draw.circle(surf, colour, (x, 35), 4)
        pygame.draw.circle(surf, OUTLINE, (x, 35), 4, 1)
    awning_top, awning_bottom = 6, 22
    for i, x in enumerate(range(2, 62, 10)):  # striped awning with a scalloped edge
        colour = (236, 120, 36) if i % 2 == 0 else (246, 240, 226)
        surf.fill(colour, (x, awning_top, 10, awning_bottom - awning_top))
        pygame.draw.circle(surf, colour, (x + 5, awning_bottom), 5)
    pygame.draw.line(surf, OUTLINE, (2, awning_top), (61, awning_top), 2)
    pygame.draw.rect(surf, OUTLINE, (2, awning_top, 60, awning_bottom - awning_top), 1)


#: The tiles in tile-id order: (engine tile type name, painter). The order is the contract's.
TILES: list[tuple[str, Painter]] = [
    ("neutral", neutral),
    ("house", house),
    ("tower", tower),
    ("farm field", farm_field),
    ("spawn", spawn),
    ("harbor", harbor),
    ("street", street),
    ("deep water", deep_water),
    ("water", water),
    ("wall", wall),
    ("gate", gate),
    ("store", store),
]


def draw_tileset() -> pygame.Surface:
    """The whole tileset image, every tile drawn with its own seeded generator."""
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    sheet = pygame.Surface((COLUMNS * TILE, rows * TILE))
    sheet.fill((0, 0, 0))
    for index, (name, painter) in enumerate(TILES):
        tile = pygame.Surface((TILE, TILE))
        painter(tile, random.Random(f"terrain:{name}"))
        sheet.blit(tile, ((index % COLUMNS) * TILE, (index // COLUMNS) * TILE))
    return sheet


def encode_png(surface: pygame.Surface) -> bytes:
    """An RGB PNG of ``surface`` with no metadata, so the bytes depend on the pixels only."""
    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGB")
    stride = width * 3
    raw = b"".join(b"\x00" + pixels[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def tsx_text(image_name: str, width: int, height: int) -> str:
    """The Tiled tileset file (Tiled 1.8 format: tile types in ``type=``)."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="{TILE}"'
        f' tileheight="{TILE}" tilecount="{len(TILES)}" columns="{COLUMNS}">',
        f' <image source="{image_name}" width="{width}" height="{height}"/>',
    ]
    lines += [f' <tile id="{i}" type="{name}"/>' for i, (name, _) in enumerate(TILES)]
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def build() -> dict[Path, bytes]:
    """File path -> the bytes it must hold."""
    sheet = draw_tileset()
    width, height = sheet.get_size()
    return {
        OUT_DIR / "terrain.png": encode_png(sheet),
        OUT_DIR / "terrain.tsx": tsx_text("terrain.png", width, height).encode("utf-8"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if the files differ from a fresh drawing")
    parser.add_argument("--preview", type=Path, metavar="PNG",
                        help="also write an enlarged preview with a grid to this file")
    parser.add_argument("--scale", type=int, default=3, help="preview scale (default 3)")
    args = parser.parse_args(argv)
    pygame.init()
    files = build()
    if args.check:
        stale = [p for p, data in files.items() if not p.exists() or p.read_bytes() != data]
        for path in stale:
            print(f"{path.relative_to(ROOT)}: out of date (run tools/make_tileset.py)")
        return 1 if stale else 0
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for path, data in files.items():
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)}")
    if args.preview:
        sheet = draw_tileset()
        big = pygame.transform.scale_by(sheet, args.scale)
        size = TILE * args.scale
        for x in range(0, big.get_width(), size):
            pygame.draw.line(big, (255, 0, 255), (x, 0), (x, big.get_height()))
        for y in range(0, big.get_height(), size):
            pygame.draw.line(big, (255, 0, 255), (0, y), (big.get_width(), y))
        pygame.image.save(big, str(args.preview))
        print(f"wrote preview {args.preview}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
