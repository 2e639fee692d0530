"""Map previews: a small picture of a map drawn from its tile types.

``render_minimap(spec, size)`` fits the whole map into ``size``: every tile is the
tileset's picture of its type scaled down (or, when a tile would be only a few pixels
wide, the picture's average colour), spawn and harbor tiles carry their player's colour,
capture regions a gold edge, and the pieces the map places at setup a marker: a crowned
disc for a king, a square for a building, a gold diamond for anything else (the stick of
victory, bosses). Pictures are cached per map and size, so the new-game screen can draw
its previews every frame.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

import pygame

from game.rules.mapmodel import MapSpec
from game.rules.tiles import TILE_TYPES

from .ui import ACCENT, BG, EDGE, player_colour

TILESET = Path(__file__).resolve().parent.parent.parent / "assets" / "tilesets" / "terrain.tsx"

#: a tile of a type that is not registered (tile types the tileset has no picture of, a
#: mod's own, use the colour of their registry entry: ``TileType.look``)
UNKNOWN_COLOUR = (200, 0, 200)

#: Below this many pixels per tile the preview uses flat colours instead of pictures.
PICTURE_MIN_CELL = 6

_previews: dict[tuple[object, ...], pygame.Surface] = {}
_scaled: dict[tuple[str, int], pygame.Surface] = {}


def _prepared(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's format when there is a display (faster blits)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert()
    return surface


@lru_cache(maxsize=4)
def tileset_pictures(path: Path = TILESET) -> dict[str, pygame.Surface]:
    """Tile type name -> its picture in the tileset (empty if the tileset cannot be read)."""
    try:
        root = ET.parse(path).getroot()
        width = int(root.get("tilewidth", "0"))
        height = int(root.get("tileheight", "0"))
        columns = int(root.get("columns", "0"))
        image_node = root.find("image")
        if image_node is None or not width or not height or not columns:
            return {}
        sheet = pygame.image.load(str(path.parent / image_node.get("source", "")))
    except (OSError, ET.ParseError, ValueError, pygame.error):
        return {}
    pictures: dict[str, pygame.Surface] = {}
    for node in root.findall("tile"):
        kind = node.get("type") or node.get("class")
        if not kind or kind in pictures:
            continue
        index = int(node.get("id", "0"))
        rect = pygame.Rect((index % columns) * width, (index // columns) * height, width, height)
        if sheet.get_rect().contains(rect):
            pictures[kind] = sheet.subsurface(rect).copy()
    return pictures


@lru_cache(maxsize=4)
def tile_colours(path: Path = TILESET) -> dict[str, tuple[int, int, int]]:
    """Tile type name -> the average colour of its picture (for a tile type without one:
    the colour of its look)."""
    colours = {name: kind.look.colour for name, kind in TILE_TYPES.items()}
    for kind, picture in tileset_pictures(path).items():
        r, g, b, *_ = pygame.transform.average_color(picture)
        colours[kind] = (int(r), int(g), int(b))
    return colours


def _picture(kind: str, cell: int) -> pygame.Surface | None:
    key = (kind, cell)
    found = _scaled.get(key)
    if found is None:
        source = tileset_pictures().get(kind)
        if source is None:
            return None
        found = _prepared(pygame.transform.smoothscale(source, (cell, cell)))
        _scaled[key] = found
    return found


def _key(spec: MapSpec, size: tuple[int, int]) -> tuple[object, ...]:
    return (spec.name, spec.source, spec.width, spec.height, hash(spec.tiles),
            tuple(sorted(spec.owners.items())), spec.placements, spec.regions, size)


def render_minimap(spec: MapSpec, size: tuple[int, int]) -> pygame.Surface:
    """The map drawn to fit ``size`` (centred, background colour around it); cached."""
    key = _key(spec, size)
    found = _previews.get(key)
    if found is not None:
        return found
    if len(_previews) > 64:
        _previews.clear()
    surface = pygame.Surface(size)
    surface.fill(BG)
    if spec.width > 0 and spec.height > 0:
        _draw_map(surface, spec, size)
    found = _prepared(surface)
    _previews[key] = found
    return found


def _draw_map(surface: pygame.Surface, spec: MapSpec, size: tuple[int, int]) -> None:
    cell = max(1, min(size[0] // spec.width, size[1] // spec.height))
    left = (size[0] - cell * spec.width) // 2
    top = (size[1] - cell * spec.height) // 2
    colours = tile_colours()

    def rect_of(x: int, y: int) -> pygame.Rect:
        return pygame.Rect(left + x * cell, top + y * cell, cell, cell)

    pictures = cell >= PICTURE_MIN_CELL
    for index, kind in enumerate(spec.tiles):
        x, y = index % spec.width, index // spec.width
        rect = rect_of(x, y)
        image = _picture(kind, cell) if pictures else None
        if image is not None:
            surface.blit(image, rect)
        else:
            known = TILE_TYPES.get(kind)
            surface.fill(colours.get(kind) or (known.look.colour if known is not None
                                               else UNKNOWN_COLOUR), rect)
    # spawn and harbor tiles in their player's colour
    tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
    for (x, y), owner in spec.owners.items():
        if not spec.on_map((x, y)):
            continue
        rect = rect_of(x, y)
        tint.fill((*player_colour(owner), 150))
        surface.blit(tint, rect)
        if cell >= 4:
            pygame.draw.rect(surface, player_colour(owner), rect, width=max(1, cell // 8))
    # capture regions: a gold edge where a region tile meets a tile outside it
    line = max(1, cell // 10)
    for region in spec.regions:
        for x, y in region.tiles:
            rect = rect_of(x, y)
            for dx, dy, start, end in (
                    (0, -1, rect.topleft, rect.topright),
                    (0, 1, (rect.left, rect.bottom - 1), (rect.right - 1, rect.bottom - 1)),
                    (-1, 0, rect.topleft, rect.bottomleft),
                    (1, 0, (rect.right - 1, rect.top), (rect.right - 1, rect.bottom - 1))):
                if (x + dx, y + dy) not in region.tiles:
                    pygame.draw.line(surface, ACCENT, start, end, line)
    for placement in (*spec.placements, *spec.bosses):
        if spec.on_map(placement.tile):
            _marker(surface, rect_of(*placement.tile), placement.card, placement.player)
    if cell * spec.width >= 8:
        frame = pygame.Rect(left, top, cell * spec.width, cell * spec.height)
        pygame.draw.rect(surface, EDGE, frame.inflate(2, 2), width=1)


def _marker(surface: pygame.Surface, rect: pygame.Rect, card: str, player: int) -> None:
    """A piece the map places: king (crowned disc), building (square), other (diamond)."""
    colour = player_colour(player)
    centre = rect.center
    radius = max(2, rect.width * 2 // 5)
    outline = (20, 20, 24)
    name = card.lower()
    if "king" in name:
        pygame.draw.circle(surface, outline, centre, radius + 1)
        pygame.draw.circle(surface, colour, centre, radius)
        if rect.width >= 10:  # a small crown on the disc
            w = radius
            base_y = centre[1] + radius // 3
            crown = [(centre[0] - w // 2, base_y), (centre[0] - w // 2, base_y - w // 2),
                     (centre[0] - w // 4, base_y - w // 4), (centre[0], base_y - w * 2 // 3),
                     (centre[0] + w // 4, base_y - w // 4), (centre[0] + w // 2, base_y - w // 2),
                     (centre[0] + w // 2, base_y)]
            pygame.draw.polygon(surface, ACCENT, crown)
    elif "building" in name or "castle" in name or "tower" in name:
        square = pygame.Rect(0, 0, radius * 2, radius * 2)
        square.center = centre
        pygame.draw.rect(surface, outline, square.inflate(2, 2))
        pygame.draw.rect(surface, colour, square)
        if rect.width >= 10:
            pygame.draw.rect(surface, (240, 240, 240), square, width=1)
    else:
        fill = ACCENT if player < 0 else colour
        points = [(centre[0], centre[1] - radius), (centre[0] + radius, centre[1]),
                  (centre[0], centre[1] + radius), (centre[0] - radius, centre[1])]
        pygame.draw.polygon(surface, outline, [(x + (x > centre[0]) - (x < centre[0]),
                                                y + (y > centre[1]) - (y < centre[1]))
                                               for x, y in points])
        pygame.draw.polygon(surface, fill, points)


def clear_cache() -> None:
    _previews.clear()
    _scaled.clear()
