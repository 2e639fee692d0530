#!/usr/bin/env python3
"""Draw the terrain tilesets: ``assets/tilesets/terrain.png`` + ``terrain.tsx`` (squares),
``terrain-hex.png`` + ``.tsx`` and ``terrain-hex-flat.png`` + ``.tsx`` (hexes).

Usage::

    .venv/bin/python tools/make_tileset.py            # writes all six files
    .venv/bin/python tools/make_tileset.py --check    # exit 1 if the files are stale
    .venv/bin/python tools/make_tileset.py --preview /tmp/terrain-x4.png --scale 4

The square tiles are 64x64 px, 4 columns, in the order of the map contract (tile id =
index in ``TILES``); each ``<tile>`` in the .tsx carries the engine's tile type name as its
Tiled type, which is all a map's meaning comes from. The hex tilesets have the same tile
ids, types and look: ``terrain-hex`` holds pointy-topped hexes for maps with stagger axis
y (tiles 64x74, hex side length 37), ``terrain-hex-flat`` flat-topped ones for stagger
axis x (74x64, side 37). A hex tile is its terrain's ground filling the hexagon Tiled
draws (the game's hex geometry gives it), the feature (house, tower...) a little smaller
in the middle, a thin dark rim, and transparency outside the hexagon; the .tsx names the
map settings it is drawn for in the properties ``hex_side_length`` and ``stagger_axis``.
Everything is drawn with pygame-ce primitives and seeded random generators, and the PNGs
are encoded here (zlib, no timestamps), so every run writes the same bytes.
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
from typing import Literal, NamedTuple

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the hex tilesets ask the game's geometry for the hexagon
    sys.path.insert(0, str(ROOT))
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


def per_area(count: int, surf: pygame.Surface) -> int:
    """``count`` (given for a 64x64 tile) scaled to the surface's area: same density."""
    width, height = surf.get_size()
    return round(count * width * height / (TILE * TILE))


# Each tile is drawn in two parts: the ground, which fills the whole surface whatever its
# size (a 64x64 square, or the bounding box of a hex), and the feature standing on it
# (house, tower, pier...), always drawn in a 64x64 frame. A square tile is the ground with
# the feature on top; a hex tile is its own ground with the feature centred on it.


def grass(surf: pygame.Surface, rng: random.Random) -> None:
    """Plain meadow: the background of every tile that stands on open ground."""
    width, height = surf.get_size()
    surf.fill(GRASS)
    speckle(surf, rng, [GRASS_DARK, GRASS_LIGHT], per_area(70, surf))
    for _ in range(per_area(9, surf)):  # small tufts of blades
        x, y = rng.randrange(4, width - 6), rng.randrange(6, height - 4)
        pygame.draw.line(surf, GRASS_DARK, (x, y), (x - 2, y - 4))
        pygame.draw.line(surf, GRASS_DARK, (x + 1, y), (x + 1, y - 5))
        pygame.draw.line(surf, GRASS_DARK, (x + 2, y), (x + 4, y - 4))


def house(surf: pygame.Surface, rng: random.Random) -> None:
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
    width, height = surf.get_size()
    soil, furrow, ridge = (150, 104, 58), (110, 72, 38), (178, 130, 78)
    surf.fill(soil)
    speckle(surf, rng, [furrow, ridge], per_area(60, surf))
    for i, y in enumerate(range(2, height, 8)):  # ploughed rows with sprouts on the ridges
        surf.fill(furrow, (0, y, width, 3))
        surf.fill(ridge, (0, y + 3, width, 1))
        start = 3 + (i % 2) * 4
        for x in range(start, width - 2, 8):
            pygame.draw.line(surf, (96, 164, 56), (x, y + 7), (x - 1, y + 4))
            pygame.draw.line(surf, (130, 196, 72), (x + 1, y + 7), (x + 3, y + 5))


def spawn(surf: pygame.Surface, rng: random.Random) -> None:
    base = pygame.Rect(4, 4, 56, 56)
    pygame.draw.rect(surf, (238, 230, 206), base, border_radius=10)
    pygame.draw.rect(surf, (196, 184, 150), base, 3, border_radius=10)
    spawn_flag(surf, rng)


def spawn_flag(surf: pygame.Surface, rng: random.Random) -> None:
    """The banner on its pole, standing on the spawn's paved base."""
    pygame.draw.ellipse(surf, (214, 204, 176), (16, 46, 30, 9))  # foot of the pole
    pygame.draw.line(surf, OUTLINE, (22, 10), (22, 52), 3)  # pole
    pygame.draw.circle(surf, (220, 180, 60), (22, 9), 3)  # finial
    banner = [(24, 12), (50, 12), (44, 21), (50, 30), (24, 30)]  # swallow-tail banner
    pygame.draw.polygon(surf, (128, 52, 168), banner)
    pygame.draw.polygon(surf, (96, 34, 130), [(24, 24), (47, 24), (50, 30), (24, 30)])
    pygame.draw.polygon(surf, OUTLINE, banner, 2)
    pygame.draw.circle(surf, (236, 210, 96), (33, 20), 4)  # emblem


def harbor_ground(surf: pygame.Surface, rng: random.Random) -> None:
    """Deep water with a sandy quay along the top."""
    width, height = surf.get_size()
    quay = 22 + (height - TILE) // 2
    surf.fill(DEEP)
    for i, y in enumerate(range(quay + 12, height, 14)):
        for x in range(-12 + (i % 2) * 16, width, 32):
            wave(surf, DEEP_WAVE, x, y, 18, 2)
    surf.fill(SAND, (0, 0, width, quay))  # the quay
    speckle(surf, rng, [shade(SAND, -24), shade(SAND, 16)], per_area(40, surf),
            pygame.Rect(0, 0, width, quay - 2))
    surf.fill(shade(SAND, -50), (0, quay - 2, width, 3))


def harbor(surf: pygame.Surface, rng: random.Random) -> None:
    """The pier running from the quay out into the water."""
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
    width, height = surf.get_size()
    surf.fill((104, 96, 86))  # joints between the stones
    course = TILE // 5 + 1
    row = 0
    while row * course - 4 < height:
        y = row * course - 4
        x = -((row % 2) * 8)
        while x < width:
            size = rng.choice((14, 16, 18))
            tone = rng.choice((-12, -4, 4, 12))
            stone = pygame.Rect(x + 1, y + 1, size - 2, course - 2)
            pygame.draw.rect(surf, shade((176, 164, 142), tone), stone, border_radius=4)
            pygame.draw.line(
                surf, shade((176, 164, 142), tone + 28),
                (stone.left + 3, stone.top + 1), (stone.right - 4, stone.top + 1),
            )
            x += size
        row += 1


def deep_water(surf: pygame.Surface, rng: random.Random) -> None:
    width, height = surf.get_size()
    surf.fill(DEEP)
    speckle(surf, rng, [shade(DEEP, -8), shade(DEEP, 8)], per_area(40, surf), size=3)
    for i, y in enumerate(range(8, height, 16)):  # rolling swell: wide crests
        for x in range(-12 + (i % 2) * 16, width, 32):
            wave(surf, DEEP_WAVE, x, y, 18, 2)


def water(surf: pygame.Surface, rng: random.Random) -> None:
    width, height = surf.get_size()
    surf.fill(SHALLOW)
    for _ in range(per_area(6, surf)):  # pebbles showing through the shallow water
        x, y = rng.randrange(4, width - 6), rng.randrange(4, height - 6)
        pygame.draw.ellipse(surf, (140, 190, 196), (x, y, 6, 4))
    for i, y in enumerate(range(6, height, 11)):  # small ripples
        for x in range(-6 + (i % 2) * 9, width, 18):
            pygame.draw.line(surf, SHALLOW_WAVE, (x, y + 2), (x + 4, y))
            pygame.draw.line(surf, SHALLOW_WAVE, (x + 4, y), (x + 9, y + 2))


def wall(surf: pygame.Surface, rng: random.Random) -> None:
    width, height = surf.get_size()
    surf.fill(MORTAR)
    course = 16
    for row in range(-(-height // course)):
        y = row * course
        x = -16 if row % 2 else 0
        while x < width:
            tone = rng.choice((-14, -6, 0, 8))
            block = pygame.Rect(x + 1, y + 1, 30, course - 2)
            surf.fill(shade((124, 122, 118), tone), block)
            surf.fill(shade((124, 122, 118), tone + 34), (block.left, block.top, block.width, 2))
            surf.fill(shade((124, 122, 118), tone - 30), (block.left, block.bottom - 2,
                                                          block.width, 2))
            x += 32


def gate(surf: pygame.Surface, rng: random.Random) -> None:
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


def mana_globe(surf: pygame.Surface, rng: random.Random) -> None:
    """A glowing blue orb resting on a small stone ring (the duel's mana globe)."""
    pygame.draw.ellipse(surf, GRASS_DARK, (12, 46, 40, 10))
    pygame.draw.ellipse(surf, (132, 128, 120), (16, 42, 32, 12))
    pygame.draw.ellipse(surf, OUTLINE, (16, 42, 32, 12), 1)
    for radius, colour in ((17, (40, 80, 170)), (14, (64, 120, 214)), (10, (110, 170, 240)),
                           (5, (200, 230, 255))):
        pygame.draw.circle(surf, colour, (32, 30), radius)
    pygame.draw.circle(surf, OUTLINE, (32, 30), 17, 2)
    pygame.draw.circle(surf, (250, 252, 255), (26, 24), 3)  # the shine
    for _ in range(6):  # sparks of mana around it
        x, y = rng.randrange(8, 56), rng.randrange(6, 40)
        if (x - 32) ** 2 + (y - 30) ** 2 > 20 ** 2:
            surf.fill((190, 220, 255), (x, y, 2, 2))


# --- the skirmish's terrain (seed 004)

FOREST_DARK = (34, 84, 40)
FOREST = (52, 116, 56)
FOREST_LIGHT = (88, 150, 78)
MUD = (92, 98, 62)
MUD_DARK = (70, 76, 48)
ROCK = (122, 114, 108)
ROCK_DARK = (86, 80, 76)
ROCK_LIGHT = (160, 152, 144)
LAVA_ROCK = (54, 40, 36)
EMBER = (236, 110, 28)
GLOW = (255, 206, 80)
WASTE = (150, 146, 112)
TOXIC = (150, 230, 60)


def forest_floor(surf: pygame.Surface, rng: random.Random) -> None:
    """Moss and fallen needles under the trees."""
    surf.fill(shade(GRASS, -22))
    speckle(surf, rng, [GRASS_DARK, FOREST_DARK, (96, 120, 60)], per_area(90, surf))


def trees(surf: pygame.Surface, rng: random.Random) -> None:
    """A stand of five round-crowned trees, the back ones darker."""
    for x, y, r in ((18, 22, 13), (44, 20, 14), (31, 34, 15), (14, 46, 12), (48, 46, 13)):
        pygame.draw.ellipse(surf, shade(FOREST_DARK, -16), (x - r + 3, y + r - 4, 2 * r, 8))
        surf.fill(WOOD_DARK, (x - 2, y + r - 6, 4, 8))
        pygame.draw.circle(surf, FOREST_DARK, (x, y), r)
        pygame.draw.circle(surf, FOREST, (x - 2, y - 2), r - 3)
        pygame.draw.circle(surf, FOREST_LIGHT, (x - 4, y - 5), max(3, r // 3))
        pygame.draw.circle(surf, OUTLINE, (x, y), r, 1)


def hill(surf: pygame.Surface, rng: random.Random) -> None:
    """A grassy rise: lit on top, shaded at its foot, with a few rocks (high ground)."""
    grass(surf, rng)
    width, height = surf.get_size()
    cx, cy = width / 2, height / 2
    for step, colour in ((0, shade(GRASS, -26)), (1, shade(GRASS, -8)), (2, GRASS),
                         (3, shade(GRASS, 14)), (4, shade(GRASS, 26))):
        w, h = width * (0.92 - 0.16 * step), height * (0.8 - 0.14 * step)
        pygame.draw.ellipse(surf, colour, (cx - w / 2, cy - h / 2 + 4 - 2 * step, w, h))
    for _ in range(4):
        x, y = rng.randrange(8, width - 12), rng.randrange(8, height - 10)
        pygame.draw.ellipse(surf, ROCK, (x, y, 7, 5))
        pygame.draw.ellipse(surf, OUTLINE, (x, y, 7, 5), 1)


def swamp(surf: pygame.Surface, rng: random.Random) -> None:
    """Mud with dark pools and reeds."""
    width, height = surf.get_size()
    surf.fill(MUD)
    speckle(surf, rng, [MUD_DARK, shade(MUD, 14)], per_area(60, surf), size=3)
    for _ in range(per_area(4, surf)):
        x, y = rng.randrange(2, width - 18), rng.randrange(2, height - 10)
        pygame.draw.ellipse(surf, (58, 74, 66), (x, y, 16, 8))
        pygame.draw.ellipse(surf, (86, 108, 96), (x + 3, y + 2, 6, 2))
    for _ in range(per_area(7, surf)):
        x, y = rng.randrange(4, width - 4), rng.randrange(8, height - 2)
        for dx, tip in ((-2, -7), (0, -9), (2, -6)):
            pygame.draw.line(surf, (120, 140, 60), (x, y), (x + dx, y + tip))


def rocky(surf: pygame.Surface, rng: random.Random) -> None:
    """Scree: the ground round a mountain."""
    surf.fill(ROCK)
    speckle(surf, rng, [ROCK_DARK, ROCK_LIGHT], per_area(90, surf), size=3)


def peak(surf: pygame.Surface, rng: random.Random) -> None:
    """A mountain with a snow cap: no ground unit climbs it."""
    pygame.draw.polygon(surf, ROCK_DARK, [(2, 58), (30, 6), (62, 58)])
    pygame.draw.polygon(surf, ROCK_LIGHT, [(30, 6), (40, 24), (34, 30), (22, 36), (14, 58),
                                           (2, 58)])
    pygame.draw.polygon(surf, (244, 246, 250), [(30, 6), (38, 20), (32, 18), (26, 24),
                                                (22, 20)])
    pygame.draw.polygon(surf, OUTLINE, [(2, 58), (30, 6), (62, 58)], 2)


def lava(surf: pygame.Surface, rng: random.Random) -> None:
    """Dark cooled rock split by glowing rivers of lava."""
    width, height = surf.get_size()
    surf.fill(LAVA_ROCK)
    speckle(surf, rng, [shade(LAVA_ROCK, -10), shade(LAVA_ROCK, 16)], per_area(50, surf),
            size=3)
    for i in range(per_area(3, surf) + 1):
        y = rng.randrange(6, height - 6)
        points = [(x, y + round(5 * math.sin(x / 9 + i))) for x in range(-4, width + 5, 4)]
        pygame.draw.lines(surf, EMBER, False, points, 5)
        pygame.draw.lines(surf, GLOW, False, points, 2)
    for _ in range(per_area(5, surf)):
        x, y = rng.randrange(4, width - 4), rng.randrange(4, height - 4)
        pygame.draw.circle(surf, EMBER, (x, y), 3)
        pygame.draw.circle(surf, GLOW, (x, y), 1)


def wasteland(surf: pygame.Surface, rng: random.Random) -> None:
    """Dead, cracked ground with glowing green puddles."""
    width, height = surf.get_size()
    surf.fill(WASTE)
    speckle(surf, rng, [shade(WASTE, -18), shade(WASTE, 12)], per_area(70, surf))
    for _ in range(per_area(5, surf)):
        x, y = rng.randrange(2, width - 12), rng.randrange(2, height - 4)
        pygame.draw.line(surf, shade(WASTE, -40), (x, y), (x + 10, y + rng.randrange(-3, 4)))
    for _ in range(per_area(3, surf)):
        x, y = rng.randrange(2, width - 14), rng.randrange(2, height - 8)
        pygame.draw.ellipse(surf, (90, 160, 40), (x, y, 12, 6))
        pygame.draw.ellipse(surf, TOXIC, (x + 2, y + 1, 6, 3))


def hazard(surf: pygame.Surface, rng: random.Random) -> None:
    """The radiation sign: a yellow disc with a black trefoil."""
    centre = (32, 32)
    pygame.draw.circle(surf, (232, 208, 40), centre, 17)
    pygame.draw.circle(surf, OUTLINE, centre, 17, 2)
    for start in (90, 210, 330):
        points: list[tuple[float, float]] = [centre]
        for degrees in range(start - 30, start + 31, 6):
            angle = math.radians(degrees)
            points.append((centre[0] + 14 * math.cos(angle), centre[1] - 14 * math.sin(angle)))
        pygame.draw.polygon(surf, OUTLINE, points)
    pygame.draw.circle(surf, (232, 208, 40), centre, 5)
    pygame.draw.circle(surf, OUTLINE, centre, 3)
# -- the fleet's star systems (seed 003): a starfield ground and what lies in it


SPACE = (14, 18, 40)
SPACE_DEEP = (6, 8, 18)


def starfield(surf: pygame.Surface, rng: random.Random) -> None:
    """Deep space: a dark blue ground with stars of a few brightnesses."""
    surf.fill(SPACE)
    for _ in range(per_area(26, surf)):
        width, height = surf.get_size()
        x, y = rng.randrange(width), rng.randrange(height)
        shine = rng.choice((96, 140, 200, 250))
        surf.fill((shine, shine, min(255, shine + 20)), (x, y, 1, 1))
    for _ in range(per_area(3, surf)):
        width, height = surf.get_size()
        x, y = rng.randrange(2, width - 2), rng.randrange(2, height - 2)
        pygame.draw.circle(surf, (230, 236, 255), (x, y), 1)


def void(surf: pygame.Surface, rng: random.Random) -> None:
    """No system at all: almost black, a very few faint stars."""
    surf.fill(SPACE_DEEP)
    width, height = surf.get_size()
    for _ in range(per_area(6, surf)):
        x, y = rng.randrange(width), rng.randrange(height)
        surf.fill((44, 48, 64), (x, y, 1, 1))


def planet(surf: pygame.Surface, rng: random.Random) -> None:
    """A blue-green planet with a lit side."""
    pygame.draw.circle(surf, (24, 56, 96), (32, 32), 17)
    pygame.draw.circle(surf, (52, 120, 170), (30, 30), 15)
    for _ in range(5):  # continents
        x, y = rng.randrange(22, 40), rng.randrange(22, 40)
        pygame.draw.circle(surf, (76, 150, 92), (x, y), rng.randrange(3, 6))
    pygame.draw.circle(surf, (190, 230, 255), (25, 24), 3)
    pygame.draw.circle(surf, OUTLINE, (32, 32), 17, 1)


def home_system(surf: pygame.Surface, rng: random.Random) -> None:
    """A golden home world with a ring and a station beside it."""
    pygame.draw.ellipse(surf, (150, 120, 60), (8, 28, 48, 12), 2)  # the ring, behind
    pygame.draw.circle(surf, (150, 110, 40), (32, 32), 16)
    pygame.draw.circle(surf, (220, 180, 90), (30, 30), 14)
    pygame.draw.circle(surf, (250, 230, 160), (25, 25), 4)
    pygame.draw.arc(surf, (236, 204, 120), (8, 28, 48, 12), math.pi, 2 * math.pi, 2)
    pygame.draw.circle(surf, OUTLINE, (32, 32), 16, 1)
    surf.fill((200, 204, 214), (48, 10, 8, 4))  # the station
    surf.fill((120, 124, 140), (51, 6, 2, 12))


def asteroid_field(surf: pygame.Surface, rng: random.Random) -> None:
    """Brown rocks of many sizes."""
    for _ in range(11):
        x, y = rng.randrange(10, 54), rng.randrange(10, 54)
        size = rng.randrange(3, 8)
        points = []
        for k in range(7):
            angle = k * 2 * math.pi / 7
            reach = size * rng.uniform(0.6, 1.1)
            points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
        pygame.draw.polygon(surf, (120, 96, 76), points)
        pygame.draw.polygon(surf, (70, 56, 44), points, 1)
        surf.fill((170, 146, 120), (x - 1, y - 2, 2, 2))


def nebula(surf: pygame.Surface, rng: random.Random) -> None:
    """A violet cloud over the stars, filling the whole system."""
    starfield(surf, rng)
    cloud = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    width, height = surf.get_size()
    for _ in range(per_area(14, surf)):
        x, y = rng.randrange(width), rng.randrange(height)
        pygame.draw.circle(cloud, (150, 90, 200, 70), (x, y), rng.randrange(8, 16))
    surf.blit(cloud, (0, 0))


def supernova(surf: pygame.Surface, rng: random.Random) -> None:
    """A burning star blasting out rays."""
    for k in range(12):
        angle = k * math.pi / 6 + rng.uniform(-0.1, 0.1)
        end = (32 + 28 * math.cos(angle), 32 + 28 * math.sin(angle))
        pygame.draw.line(surf, (240, 140, 40), (32, 32), end, 2)
    for radius, colour in ((17, (200, 70, 20)), (13, (240, 130, 40)), (8, (255, 210, 110)),
                           (4, (255, 250, 220))):
        pygame.draw.circle(surf, colour, (32, 32), radius)


def gravity_rift(surf: pygame.Surface, rng: random.Random) -> None:
    """A dark whirl with violet rings drawn into it."""
    for radius, colour in ((20, (70, 40, 110)), (15, (50, 26, 84)), (10, (30, 14, 52)),
                           (5, (0, 0, 0))):
        pygame.draw.circle(surf, colour, (32, 32), radius)
    for k in range(3):
        start = k * 2 * math.pi / 3
        pygame.draw.arc(surf, (176, 120, 230), (14, 14, 36, 36), start, start + 1.6, 2)


class TileArt(NamedTuple):
    """How one tile is drawn: its ground (any size) and the feature on it (64x64)."""

    name: str
    ground: Painter
    feature: Painter | None = None
    #: the feature drawn on a hex tile instead (default: ``feature``)
    hex_feature: Painter | None = None
    #: ground under the feature on a hex tile, drawn inset inside the hexagon (a paved
    #: base of this colour and rim colour), or None
    hex_base: tuple[Colour, Colour] | None = None


#: The tiles in tile-id order. The order is the contract's.
TILES: list[TileArt] = [
    TileArt("neutral", grass),
    TileArt("house", grass, house),
    TileArt("tower", grass, tower),
    TileArt("farm field", farm_field),
    TileArt("spawn", grass, spawn, spawn_flag, ((238, 230, 206), (196, 184, 150))),
    TileArt("harbor", harbor_ground, harbor),
    TileArt("street", street),
    TileArt("deep water", deep_water),
    TileArt("water", water),
    TileArt("wall", wall),
    TileArt("gate", wall, gate),
    TileArt("store", grass, store),
    TileArt("mana globe", grass, mana_globe),
    TileArt("void", void),
    TileArt("empty space", starfield),
    TileArt("planet", starfield, planet),
    TileArt("home system", starfield, home_system),
    TileArt("asteroid field", starfield, asteroid_field),
    TileArt("nebula", nebula),
    TileArt("supernova", starfield, supernova),
    TileArt("gravity rift", starfield, gravity_rift),
    TileArt("forest", forest_floor, trees),
    TileArt("hill", hill),
    TileArt("swamp", swamp),
    TileArt("mountain", rocky, peak),
    TileArt("lava", lava),
    TileArt("radioactive", wasteland, hazard),
]


class Sheet(NamedTuple):
    """One tileset: its file names, tile size and, for hexes, the hexagon Tiled draws."""

    name: str
    tile_width: int
    tile_height: int
    #: None for square tiles; else the hex map settings this tileset is drawn for
    hex_params: dict[str, object] | None = None
    #: how much a hex tile's feature is shrunk to stay clear of the hexagon's corners
    feature_scale: float = 1.0

    @property
    def png(self) -> str:
        return f"{self.name}.png"

    @property
    def tsx(self) -> str:
        return f"{self.name}.tsx"

    def hexagon(self) -> tuple[tuple[float, float], ...]:
        """The hexagon of one cell inside its tile, as the game and Tiled place it."""
        from game.rules.geometry import make_geometry

        assert self.hex_params is not None
        geometry = make_geometry("hex", 1, 1, {"tile_width": self.tile_width,
                                               "tile_height": self.tile_height,
                                               **self.hex_params})
        return geometry.cell_polygon(geometry.grid_to_tile(0, 0))


#: The tilesets drawn: the square one, pointy-topped hexes (maps with stagger axis y) and
#: flat-topped hexes (stagger axis x). The hexes are regular to the pixel: side 37, and
#: 64 = round(37 * sqrt(3)) across the flats.
HEX_SIDE = 37
SQUARE = Sheet("terrain", TILE, TILE)
HEX_POINTY = Sheet("terrain-hex", 64, 2 * HEX_SIDE,
                   {"stagger_axis": "y", "stagger_index": "odd", "hex_side_length": HEX_SIDE},
                   feature_scale=0.875)
HEX_FLAT = Sheet("terrain-hex-flat", 2 * HEX_SIDE, 64,
                 {"stagger_axis": "x", "stagger_index": "odd", "hex_side_length": HEX_SIDE},
                 feature_scale=0.8125)
SHEETS = (SQUARE, HEX_POINTY, HEX_FLAT)
#: the hex edge: this much of the outline colour mixed into the rim pixels
EDGE_MIX = 0.45


def square_tile(art: TileArt) -> pygame.Surface:
    tile = pygame.Surface((TILE, TILE))
    rng = random.Random(f"terrain:{art.name}")
    art.ground(tile, rng)
    if art.feature is not None:
        art.feature(tile, rng)
    return tile


def inside_mask(polygon: tuple[tuple[float, float], ...],
                size: tuple[int, int]) -> list[list[bool]]:
    """mask[y][x]: is the centre of pixel (x, y) inside the (convex) polygon or on its
    edge? Neighbouring hexes of a map overlap by at most a pixel, so no gap shows."""
    width, height = size
    count = len(polygon)
    # the polygon's winding: the sign every edge's cross product has inside
    area = sum(polygon[i - 1][0] * polygon[i][1] - polygon[i][0] * polygon[i - 1][1]
               for i in range(count))
    sign = 1 if area > 0 else -1
    mask = []
    for y in range(height):
        row = []
        for x in range(width):
            px, py = x + 0.5, y + 0.5
            row.append(all(
                sign * ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) >= 0
                for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True)))
        mask.append(row)
    return mask


def inset_polygon(polygon: tuple[tuple[float, float], ...], centre: tuple[float, float],
                  factor: float) -> list[tuple[float, float]]:
    cx, cy = centre
    return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in polygon]


def hex_tile(art: TileArt, sheet: Sheet, mask: list[list[bool]]) -> pygame.Surface:
    """One hex tile: the ground over the whole tile, the feature centred on it, then
    everything outside the hexagon made transparent and a thin dark rim drawn inside."""
    width, height = sheet.tile_width, sheet.tile_height
    polygon = sheet.hexagon()
    centre = (width / 2, height / 2)
    tile = pygame.Surface((width, height))
    rng = random.Random(f"terrain:{art.name}")
    art.ground(tile, rng)
    if art.hex_base is not None:
        fill, rim = art.hex_base
        base = inset_polygon(polygon, centre, 0.84)
        pygame.draw.polygon(tile, fill, base)
        pygame.draw.polygon(tile, rim, base, 3)
    feature = art.hex_feature or art.feature
    if feature is not None:
        layer = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        feature(layer, rng)
        side = round(TILE * sheet.feature_scale)
        if side != TILE:  # filter the premultiplied colours, so no dark fringe appears
            layer = pygame.transform.smoothscale(layer.premul_alpha(), (side, side))
            flags = pygame.BLEND_PREMULTIPLIED
        else:
            flags = 0
        tile.blit(layer, ((width - side) // 2, (height - side) // 2), special_flags=flags)
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    for y in range(height):
        for x in range(width):
            if not mask[y][x]:
                continue
            r, g, b, _ = tile.get_at((x, y))
            on_rim = any(not (0 <= nx < width and 0 <= ny < height and mask[ny][nx])
                         for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)))
            if on_rim:
                r, g, b = (round(c + (o - c) * EDGE_MIX)
                           for c, o in zip((r, g, b), OUTLINE, strict=True))
            out.set_at((x, y), (r, g, b, 255))
    return out


def draw_tileset(sheet: Sheet = SQUARE) -> pygame.Surface:
    """The whole tileset image, every tile drawn with its own seeded generator (the same
    seed for a terrain in every tileset)."""
    width, height = sheet.tile_width, sheet.tile_height
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    size = (COLUMNS * width, rows * height)
    if sheet.hex_params is None:
        image = pygame.Surface(size)
        image.fill((0, 0, 0))
    else:
        image = pygame.Surface(size, pygame.SRCALPHA)
        image.fill((0, 0, 0, 0))
        mask = inside_mask(sheet.hexagon(), (width, height))
    for index, art in enumerate(TILES):
        tile = square_tile(art) if sheet.hex_params is None else hex_tile(art, sheet, mask)
        image.blit(tile, ((index % COLUMNS) * width, (index // COLUMNS) * height))
    return image


def encode_png(surface: pygame.Surface, alpha: bool = False) -> bytes:
    """An RGB (or RGBA) PNG of ``surface`` with no metadata, so the bytes depend on the
    pixels only."""
    width, height = surface.get_size()
    mode: Literal["RGBA", "RGB"] = "RGBA" if alpha else "RGB"
    colour_type = 6 if alpha else 2
    pixels = pygame.image.tobytes(surface, mode)
    stride = width * len(mode)
    raw = b"".join(b"\x00" + pixels[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def tsx_text(image_name: str, width: int, height: int, sheet: Sheet = SQUARE) -> str:
    """The Tiled tileset file (Tiled 1.8 format: tile types in ``type=``). A hex tileset
    also names, as properties, the map settings its tiles are drawn for."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{sheet.name}"'
        f' tilewidth="{sheet.tile_width}" tileheight="{sheet.tile_height}"'
        f' tilecount="{len(TILES)}" columns="{COLUMNS}">',
    ]
    if sheet.hex_params is not None:
        lines += [
            " <properties>",
            f'  <property name="hex_side_length" type="int"'
            f' value="{sheet.hex_params["hex_side_length"]}"/>',
            f'  <property name="stagger_axis" value="{sheet.hex_params["stagger_axis"]}"/>',
            " </properties>",
        ]
    lines.append(f' <image source="{image_name}" width="{width}" height="{height}"/>')
    lines += [f' <tile id="{i}" type="{art.name}"/>' for i, art in enumerate(TILES)]
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def build() -> dict[Path, bytes]:
    """File path -> the bytes it must hold."""
    files: dict[Path, bytes] = {}
    for sheet in SHEETS:
        image = draw_tileset(sheet)
        width, height = image.get_size()
        files[OUT_DIR / sheet.png] = encode_png(image, alpha=sheet.hex_params is not None)
        files[OUT_DIR / sheet.tsx] = tsx_text(sheet.png, width, height, sheet).encode("utf-8")
    return files


def preview_path(base: Path, sheet: Sheet, suffix: str = "") -> Path:
    """Where the preview of ``sheet`` goes: ``base`` for the square tileset, else with the
    tileset's name added (``/tmp/t.png`` -> ``/tmp/t-terrain-hex.png``)."""
    if sheet is SQUARE and not suffix:
        return base
    return base.with_name(f"{base.stem}-{sheet.name}{suffix}{base.suffix}")


def write_previews(base: Path, scale: int) -> list[Path]:
    """Enlarged previews: every sheet on a checkerboard with a grid, and for each hex
    sheet a small map of its tiles laid out as Tiled lays them out."""
    written = []
    for sheet in SHEETS:
        image = draw_tileset(sheet)
        big = pygame.transform.scale_by(checkered(image), scale)
        tile_w, tile_h = sheet.tile_width * scale, sheet.tile_height * scale
        for x in range(0, big.get_width(), tile_w):
            pygame.draw.line(big, (255, 0, 255), (x, 0), (x, big.get_height()))
        for y in range(0, big.get_height(), tile_h):
            pygame.draw.line(big, (255, 0, 255), (0, y), (big.get_width(), y))
        path = preview_path(base, sheet)
        pygame.image.save(big, str(path))
        written.append(path)
        if sheet.hex_params is not None:
            path = preview_path(base, sheet, "-map")
            pygame.image.save(pygame.transform.scale_by(hex_mosaic(sheet, image), scale),
                              str(path))
            written.append(path)
    return written


def checkered(image: pygame.Surface) -> pygame.Surface:
    """``image`` over a grey checkerboard, so transparent pixels show as such."""
    board = pygame.Surface(image.get_size())
    for y in range(0, board.get_height(), 8):
        for x in range(0, board.get_width(), 8):
            board.fill((200, 200, 200) if (x + y) // 8 % 2 else (150, 150, 150),
                       (x, y, 8, 8))
    board.blit(image, (0, 0))
    return board


def hex_mosaic(sheet: Sheet, image: pygame.Surface, width: int = 7,
               height: int = 6) -> pygame.Surface:
    """A small hex map of the sheet's tiles, drawn cell by cell in Tiled's order."""
    from game.rules.geometry import make_geometry

    geometry = make_geometry("hex", width, height, {"tile_width": sheet.tile_width,
                                                    "tile_height": sheet.tile_height,
                                                    **(sheet.hex_params or {})})
    size = geometry.pixel_size()
    out = pygame.Surface((int(size[0]), int(size[1])))
    out.fill((255, 0, 255))  # a gap between hexes would show magenta
    for row in range(height):
        for col in range(width):
            index = (col + 3 * row) % len(TILES)
            source = pygame.Rect((index % COLUMNS) * sheet.tile_width,
                                 (index // COLUMNS) * sheet.tile_height,
                                 sheet.tile_width, sheet.tile_height)
            x, y, _, _ = geometry.cell_bounds(geometry.grid_to_tile(col, row))
            out.blit(image, (int(x), int(y)), source)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if the files differ from a fresh drawing")
    parser.add_argument("--preview", type=Path, metavar="PNG",
                        help="also write enlarged previews with a grid: the square tileset "
                             "to this file, each hex tileset (and a small map of it) beside "
                             "it with the tileset's name added")
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
        args.preview.parent.mkdir(parents=True, exist_ok=True)
        for path in write_previews(args.preview, args.scale):
            print(f"wrote preview {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
