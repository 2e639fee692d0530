"""Map previews: a small picture of a map drawn from its tile types.

``render_minimap(spec, size)`` fits the whole map into ``size``: every tile is the
tileset's picture of its type scaled down (or, when a tile would be only a few pixels
wide, the picture's average colour), spawn and harbor tiles carry their player's colour,
capture regions a gold edge, and the pieces the map places at setup a marker: a crowned
disc for a king, a square for a building, a gold diamond for anything else (the stick of
victory, bosses). Pictures are cached per map and size, so the new-game screen can draw
its previews every frame.

Every geometry draws through the same code: cells are placed by the map's geometry
(``game.client.cells.CellLayout``), hex cells are small hexagons (tile pictures cut to
them, or flat colours), and a graph map's links are lines between the cells' centres.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

import pygame

from game.rules.geometry import Geometry, HexGeometry
from game.rules.mapmodel import MapSpec
from game.rules.tiles import TILE_TYPES

from .cells import CellLayout, Shape, border_sides, cut_to_cell, drawn_like, fit_picture
from .ui import ACCENT, BG, EDGE, player_colour

TILESETS = Path(__file__).resolve().parent.parent.parent / "assets" / "tilesets"
TILESET = TILESETS / "terrain.tsx"
#: hex pictures by stagger axis (pointy-topped "y", flat-topped "x"), when they exist
HEX_TILESETS = {"y": TILESETS / "terrain-hex.tsx", "x": TILESETS / "terrain-hex-flat.tsx"}
#: a graph map's links
LINK_COLOUR = (90, 236, 226)

#: a tile of a type that is not registered (tile types the tileset has no picture of, a
#: mod's own, use the colour of their registry entry: ``TileType.look``)
UNKNOWN_COLOUR = (200, 0, 200)

#: Below this many pixels per tile the preview uses flat colours instead of pictures.
PICTURE_MIN_CELL = 6

_previews: dict[tuple[object, ...], pygame.Surface] = {}
_scaled: dict[tuple[str, Shape, bool], pygame.Surface] = {}


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


def _pictures_for(geometry: Geometry) -> dict[str, pygame.Surface]:
    """The tile pictures a map's cells are cut from: a hex map's own hex tileset when it
    exists and has the map's cell size, else the square terrain pictures."""
    base = drawn_like(geometry)
    if isinstance(base, HexGeometry):
        path = HEX_TILESETS.get(base.stagger_axis)
        if path is not None and path.is_file():
            found = tileset_pictures(path)
            size = (base.tile_width, base.tile_height)
            if found and all(p.get_size() == size for p in found.values()):
                return found
    return tileset_pictures()


def _picture(kind: str, layout: CellLayout, shape: Shape) -> pygame.Surface | None:
    """The picture of a tile type fitted to a cell of ``shape`` (cut to a polygon)."""
    key = (kind, shape, layout.rectangular)
    found = _scaled.get(key)
    if found is None:
        source = _pictures_for(layout.geometry).get(kind)
        if source is None:
            return None
        size = layout.surface_size(shape)
        fitted = fit_picture(source, size)
        if layout.rectangular:
            found = _prepared(fitted if fitted is not source
                              else pygame.transform.smoothscale(source, size))
        else:
            found = cut_to_cell(fitted, shape[2], size)
        if len(_scaled) > 2000:
            _scaled.clear()
        _scaled[key] = found
    return found


def _key(spec: MapSpec, size: tuple[int, int], pieces: bool) -> tuple[object, ...]:
    return (spec.name, spec.source, spec.width, spec.height, hash(spec.tiles),
            tuple(sorted(spec.owners.items())), spec.placements, spec.regions, spec.geometry,
            tuple(sorted((k, repr(v)) for k, v in spec.geometry_params.items())), size,
            pieces)


def render_minimap(spec: MapSpec, size: tuple[int, int], pieces: bool = True
                   ) -> pygame.Surface:
    """The map drawn to fit ``size`` (centred, background colour around it); cached.
    ``pieces``: with markers for the pieces the map places at setup (off for a game in
    progress, whose pieces have moved on)."""
    key = _key(spec, size, pieces)
    found = _previews.get(key)
    if found is not None:
        return found
    if len(_previews) > 64:
        _previews.clear()
    surface = pygame.Surface(size)
    surface.fill(BG)
    if spec.width > 0 and spec.height > 0:
        _draw_map(surface, spec, size, pieces)
    found = _prepared(surface)
    _previews[key] = found
    return found


def minimap_layout(spec: MapSpec, size: tuple[int, int]) -> tuple[CellLayout, pygame.Rect]:
    """How ``render_minimap`` places the map in ``size``: its cells, and where the map's
    picture lies inside ``size``."""
    geometry = spec.grid()
    native = geometry.tile_width
    width, height = geometry.pixel_size(1.0)
    cell = max(1, min(math.floor(size[0] * native / width + 1e-9),
                      math.floor(size[1] * native / height + 1e-9)))
    layout = CellLayout(geometry, cell)
    map_width, map_height = layout.size
    return layout, pygame.Rect((size[0] - map_width) // 2, (size[1] - map_height) // 2,
                               map_width, map_height)


def _draw_map(surface: pygame.Surface, spec: MapSpec, size: tuple[int, int],
              pieces: bool = True) -> None:
    layout, frame = minimap_layout(spec, size)
    geometry = layout.geometry
    cell = layout.cell
    map_width, map_height = frame.size
    left, top = frame.topleft
    colours = tile_colours()
    rectangular = layout.rectangular

    def rect_of(tile: tuple[int, int]) -> pygame.Rect:
        return layout.box(tile).move(left, top)

    def corners_of(tile: tuple[int, int]) -> list[tuple[int, int]]:
        return [(x + left, y + top) for x, y in layout.corners(tile)]

    def colour_of(kind: str) -> tuple[int, int, int]:
        known = TILE_TYPES.get(kind)
        return colours.get(kind) or (known.look.colour if known is not None
                                     else UNKNOWN_COLOUR)

    pictures = cell >= PICTURE_MIN_CELL
    for tile, kind in zip(geometry.cells(), spec.tiles, strict=False):
        rect = rect_of(tile)
        image = _picture(kind, layout, layout.shape(tile)) if pictures else None
        if image is not None:
            surface.blit(image, rect)
        elif rectangular:
            surface.fill(colour_of(kind), rect)
        else:
            pygame.draw.polygon(surface, colour_of(kind), corners_of(tile))
    if not rectangular and cell >= 4:  # the hexes' sides, faintly
        lines = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for tile in geometry.cells():
            pygame.draw.lines(lines, (0, 0, 0, 60), True, corners_of(tile))
        surface.blit(lines, (0, 0))
    # spawn and harbor tiles in their player's colour
    for tile, owner in spec.owners.items():
        if not spec.on_map(tile):
            continue
        rect = rect_of(tile)
        shape = layout.shape(tile)
        tint = pygame.Surface(layout.surface_size(shape), pygame.SRCALPHA)
        if rectangular:
            tint.fill((*player_colour(owner), 150))
        else:
            pygame.draw.polygon(tint, (*player_colour(owner), 150), shape[2])
        surface.blit(tint, rect)
        if cell >= 4:
            if rectangular:
                pygame.draw.rect(surface, player_colour(owner), rect, width=max(1, cell // 8))
            else:
                pygame.draw.polygon(surface, player_colour(owner), corners_of(tile),
                                    width=max(1, cell // 8))
    # capture regions: a gold edge where a region tile meets a tile outside it
    line = max(1, cell // 10)
    for region in spec.regions:
        for tile, side in border_sides(geometry, region.tiles):
            rect = rect_of(tile)
            corners = corners_of(tile)
            # the side's ends, kept inside the cell's own pixels
            ends = [(min(x, rect.right - 1), min(y, rect.bottom - 1))
                    for x, y in (corners[side], corners[(side + 1) % len(corners)])]
            pygame.draw.line(surface, ACCENT, ends[0], ends[1], line)
    # a graph map's links: lines between the two cells' centres
    links = getattr(geometry, "links", None)
    if callable(links):
        for a, b, _name in links():
            if spec.on_map(a) and spec.on_map(b):
                start = [c + o for c, o in zip(layout.centre(a), (left, top), strict=True)]
                end = [c + o for c, o in zip(layout.centre(b), (left, top), strict=True)]
                pygame.draw.line(surface, (10, 30, 34), start, end, max(1, cell // 8) + 2)
                pygame.draw.line(surface, LINK_COLOUR, start, end, max(1, cell // 8))
    piece = layout.piece_cell
    for placement in (*spec.placements, *spec.bosses) if pieces else ():
        if spec.on_map(placement.tile):
            cx, cy = layout.centre(placement.tile)
            spot = pygame.Rect(left + math.floor(cx - piece / 2),
                               top + math.floor(cy - piece / 2), piece, piece)
            _marker(surface, spot, placement.card, placement.player)
    if map_width >= 8:
        frame = pygame.Rect(left, top, map_width, map_height)
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
