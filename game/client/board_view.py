"""Drawing the board: the map from its Tiled tiles, the permanents on it, highlights, and
the camera (scroll and zoom).

The map is pre-rendered once per zoom into one surface, with the spawn owners' frames and
the capture regions on it, and again only when a tile changes type (a breached wall
becomes neutral ground). Each frame blits the visible part of that surface, the highlight
overlays (made once per kind and zoom) and the pieces from a sprite cache keyed by
everything that changes their look (``game.client.pieces``), so a frame is a few dozen
blits and reads the game without changing it.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.rules.effects import WALL_NAME
from game.rules.geometry import Tile
from game.rules.tiles import TILE_TYPES

from . import ui
from .pieces import PieceLook, draw_piece, wall_plate

TILESET = Path(__file__).resolve().parent.parent.parent / "assets" / "tilesets" / "terrain.tsx"
TILE = 64
#: the zoom range, in pixels per tile (zooming out stops at the whole map or at
#: ``FAR_CELL``, whichever is bigger, but never below ``MIN_CELL``)
MIN_CELL = 12
FAR_CELL = 24
MAX_CELL = 160
#: the largest tile size a map is fitted at when it first shows
FIT_CELL = 96

HIGHLIGHT_COLOURS: dict[str, tuple[int, int, int, int]] = {
    "move": (90, 150, 255, 95),
    "attack": (235, 70, 60, 120),
    "play": (240, 196, 70, 110),
    "target": (190, 110, 255, 115),
    "select": (255, 255, 255, 70),
}
#: a tile with neither a picture nor a registered tile type
UNKNOWN_TILE = (100, 100, 100)
REGION_EDGE = (250, 226, 120)


def _display_ready() -> bool:
    return bool(pygame.display.get_init() and pygame.display.get_surface() is not None)


def terrain_tiles(tileset: Path = TILESET) -> dict[str, pygame.Surface]:
    """Tile type name -> 64 px picture, cut from the terrain tileset by each tile's type
    (``type`` or, from Tiled 1.9 on, ``class``); empty if the tileset can't be read."""
    result: dict[str, pygame.Surface] = {}
    try:
        root = ET.parse(tileset).getroot()
        image_el = root.find("image")
        if image_el is None:
            return result
        sheet = pygame.image.load(str(tileset.parent / image_el.get("source", "")))
        if _display_ready():
            sheet = sheet.convert()
        columns = int(root.get("columns", "1"))
        width = int(root.get("tilewidth", str(TILE)))
        height = int(root.get("tileheight", str(width)))
        for tile in root.findall("tile"):
            kind = tile.get("type") or tile.get("class")
            if not kind or kind in result:
                continue
            index = int(tile.get("id", "0"))
            area = pygame.Rect((index % columns) * width, (index // columns) * height,
                               width, height)
            result[kind] = sheet.subsurface(area).copy()
    except (OSError, ET.ParseError, ValueError, pygame.error):
        return {}
    return result


class BoardView:
    """The map and everything on it, drawn into a rect, with a camera.

    ``tile_images`` is either a mapping of tile type name -> picture (used before the
    terrain tileset) or a map loaded by ``pytmx.util_pygame.load_pygame`` (its own tile
    pictures, per tile); None draws from the terrain tileset alone.
    """

    def __init__(self, game: Any, tile_images: Any = None) -> None:
        self.game = game
        self.highlights: dict[Tile, str] = {}
        self.selected: int | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cell = TILE
        self.origin = (0, 0)  # the map's top-left corner, relative to rect.topleft
        self._fitted = False
        self._zoomed = False  # the player chose a zoom: keep it when the window resizes
        self._images: dict[str, pygame.Surface] = terrain_tiles()
        self._tiled: Any = None
        if isinstance(tile_images, Mapping):
            self._images.update(tile_images)
        elif tile_images is not None:
            self._tiled = tile_images
        self._map_cache: tuple[tuple, pygame.Surface] | None = None
        self._sprites: dict[PieceLook, pygame.Surface] = {}
        self._plates: dict[tuple[int, int, int], pygame.Surface] = {}
        self._overlays: dict[tuple[str, int, bool], pygame.Surface] = {}
        self.map_renders = 0  # how often the map was pre-rendered (tests, bench)
        self.sprite_renders = 0  # how often a piece sprite was drawn afresh

    # ------------------------------------------------------------------ camera

    def fit_cell(self, size: tuple[int, int]) -> int:
        """The tile size at which the whole map fits ``size`` (within the zoom range)."""
        spec = self.game.map
        cell = min(size[0] // max(1, spec.width), size[1] // max(1, spec.height), FIT_CELL)
        return max(MIN_CELL, cell)

    def min_cell(self) -> int:
        """How far out the zoom goes: the whole map, or ``FAR_CELL`` on a small map."""
        return min(self.cell, max(MIN_CELL, min(self.fit_cell(self.rect.size), FAR_CELL)))

    def _set_rect(self, rect: pygame.Rect) -> None:
        if rect.size == self.rect.size and self._fitted:
            self.rect = rect
            return
        self.rect = rect
        if not self._zoomed:
            self.cell = self.fit_cell(rect.size)
        self._fitted = True
        self._clamp(centre=not self._zoomed)

    def _clamp(self, centre: bool = False) -> None:
        """Keep the map on screen: a map smaller than the rect is centred on that axis, a
        bigger one can't scroll past its edges."""
        spec = self.game.map
        w, h = spec.width * self.cell, spec.height * self.cell
        rw, rh = self.rect.size
        x, y = self.origin
        if centre:
            x, y = (rw - w) // 2, (rh - h) // 2
        x = (rw - w) // 2 if w <= rw else min(0, max(rw - w, x))
        y = (rh - h) // 2 if h <= rh else min(0, max(rh - h, y))
        self.origin = (x, y)

    def scroll(self, dx: int, dy: int) -> None:
        """Move the map by (dx, dy) pixels (a drag moves it with the mouse)."""
        self.origin = (self.origin[0] + int(dx), self.origin[1] + int(dy))
        self._clamp()

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None:
        """Scale the tiles by ``factor`` (clamped to the zoom range), keeping the map point
        under ``around`` (a screen position, the rect's centre by default) where it is."""
        old = self.cell
        low = self.min_cell()
        new = int(round(max(low, min(MAX_CELL, old * factor))))
        if new == old and factor != 1:
            new = max(low, min(MAX_CELL, old + (1 if factor > 1 else -1)))
        if new == old:
            return
        ax, ay = around if around is not None else self.rect.center
        ax -= self.rect.left
        ay -= self.rect.top
        mx = (ax - self.origin[0]) / old
        my = (ay - self.origin[1]) / old
        self.cell = new
        self._zoomed = True
        self.origin = (round(ax - mx * new), round(ay - my * new))
        self._clamp()

    def fit(self) -> None:
        """Back to the zoom that shows the whole map (as far as the zoom range allows)."""
        self._zoomed = False
        self.cell = self.fit_cell(self.rect.size)
        self._clamp(centre=True)

    def center_on(self, tile: Tile) -> None:
        self.origin = (self.rect.width // 2 - int((tile[0] + 0.5) * self.cell),
                       self.rect.height // 2 - int((tile[1] + 0.5) * self.cell))
        self._clamp()

    def tile_rect(self, tile: Tile) -> pygame.Rect:
        """The tile's square on the screen (it may lie outside the view)."""
        return pygame.Rect(self.rect.left + self.origin[0] + tile[0] * self.cell,
                           self.rect.top + self.origin[1] + tile[1] * self.cell,
                           self.cell, self.cell)

    def tile_at(self, pos: tuple[int, int]) -> Tile | None:
        """The map tile under a screen position, or None (outside the view or the map)."""
        if not self.rect.collidepoint(pos):
            return None
        x = math.floor((pos[0] - self.rect.left - self.origin[0]) / self.cell)
        y = math.floor((pos[1] - self.rect.top - self.origin[1]) / self.cell)
        return (x, y) if self.game.map.on_map((x, y)) else None

    def visible_tiles(self) -> tuple[range, range]:
        """The columns and rows of the map that show in the view."""
        spec = self.game.map
        x0 = max(0, -self.origin[0] // self.cell)
        y0 = max(0, -self.origin[1] // self.cell)
        x1 = min(spec.width, (self.rect.width - self.origin[0]) // self.cell + 1)
        y1 = min(spec.height, (self.rect.height - self.origin[1]) // self.cell + 1)
        return range(x0, x1), range(y0, y1)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the view into ``rect`` of ``surface``: map, highlights, pieces."""
        self._set_rect(pygame.Rect(rect))
        rect = self.rect
        game = self.game
        game.enter()
        clip = surface.get_clip()
        surface.set_clip(rect)
        picture = self._map_surface()
        left, top = rect.left + self.origin[0], rect.top + self.origin[1]
        placed = picture.get_rect(topleft=(left, top))
        if not placed.contains(rect):  # fill only the margins round the map
            inner = placed.clip(rect)
            if not inner.width or not inner.height:
                inner = pygame.Rect(rect.left, rect.top, 0, 0)
            for strip in (
                    pygame.Rect(rect.left, rect.top, rect.width, inner.top - rect.top),
                    pygame.Rect(rect.left, inner.bottom, rect.width, rect.bottom - inner.bottom),
                    pygame.Rect(rect.left, inner.top, inner.left - rect.left, inner.height),
                    pygame.Rect(inner.right, inner.top, rect.right - inner.right, inner.height)):
                if strip.width > 0 and strip.height > 0:
                    surface.fill(ui.BG, strip)
        # only the visible part of the map picture
        area = pygame.Rect(rect.left - left, rect.top - top, rect.width, rect.height)
        area = area.clip(picture.get_rect())
        surface.blit(picture, (left + area.left, top + area.top), area)
        cell = self.cell
        columns, rows = self.visible_tiles()
        shown = [(tile, kind) for tile, kind in self.highlights.items()
                 if tile[0] in columns and tile[1] in rows]
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = [
            (self._overlay(kind, False), (left + t[0] * cell, top + t[1] * cell))
            for t, kind in shown]
        marks = game.marks_by_bearer()
        for tile, entity in sorted(game.board.items()):
            if tile[0] not in columns or tile[1] not in rows:
                continue
            x, y = left + tile[0] * cell, top + tile[1] * cell
            if game.card(entity).name == WALL_NAME:
                plate = self._wall(entity)
                if plate is not None:  # along the bottom of the wall's tile
                    w, h = plate.get_size()
                    blits.append((plate, (x + (cell - w) // 2, y + cell - h - 2)))
                continue
            sprite = self._piece(entity, marks)
            w, h = sprite.get_size()
            blits.append((sprite, (x + (cell - w) // 2, y + (cell - h) // 2)))
        # highlight frames go over the pieces, so an attack target's tile still shows
        blits.extend((self._overlay(kind, True), (left + t[0] * cell, top + t[1] * cell))
                     for t, kind in shown)
        surface.blits(blits, doreturn=False)
        surface.set_clip(clip)

    def _map_surface(self) -> pygame.Surface:
        key = (self.cell, tuple(self.game.tiles))
        if self._map_cache is not None and self._map_cache[0] == key:
            return self._map_cache[1]
        spec = self.game.map
        cell = self.cell
        picture = pygame.Surface((spec.width * cell, spec.height * cell))
        scaled: dict[Any, pygame.Surface] = {}
        original = spec.tiles
        for y in range(spec.height):
            for x in range(spec.width):
                index = y * spec.width + x
                kind = self.game.tiles[index]
                source: Any = None
                if self._tiled is not None and kind == original[index]:
                    source = self._tiled_image(x, y)
                if source is None:
                    source = kind
                tile = scaled.get(source if isinstance(source, str) else id(source))
                if tile is None:
                    tile = self._scaled(source, cell)
                    scaled[source if isinstance(source, str) else id(source)] = tile
                picture.blit(tile, (x * cell, y * cell))
        self._spawn_frames(picture)
        self._regions(picture)
        if _display_ready():
            picture = picture.convert()
        self._map_cache = (key, picture)
        self.map_renders += 1
        return picture

    def _scaled(self, source: str | pygame.Surface, cell: int) -> pygame.Surface:
        image = self._images.get(source) if isinstance(source, str) else source
        if image is None:
            tile = pygame.Surface((cell, cell))
            kind = TILE_TYPES.get(str(source))  # no picture: the tile type's own colour
            tile.fill(kind.look.colour if kind is not None else UNKNOWN_TILE)
            return tile
        if image.get_size() == (cell, cell):
            return image
        return pygame.transform.smoothscale(image.convert_alpha() if _display_ready()
                                            else image, (cell, cell))

    def _tiled_image(self, x: int, y: int) -> pygame.Surface | None:
        """The map file's own picture of a tile (its tile layers stacked), or None."""
        try:
            found = None
            for index, layer in enumerate(self._tiled.layers):
                if hasattr(layer, "data"):
                    image = self._tiled.get_tile_image(x, y, index)
                    if image is not None:
                        found = image if found is None else _stack(found, image)
            return found
        except Exception:  # noqa: BLE001 - a broken picture falls back to the tileset
            return None

    def _spawn_frames(self, picture: pygame.Surface) -> None:
        """A frame in the owner's colour round each spawn and harbor tile."""
        cell = self.cell
        width = max(2, cell // 16)
        for (x, y), owner in self.game.map.owners.items():
            box = pygame.Rect(x * cell, y * cell, cell, cell).inflate(-2, -2)
            pygame.draw.rect(picture, ui.player_colour(owner), box, width,
                             border_radius=max(2, cell // 10))

    def _regions(self, picture: pygame.Surface) -> None:
        """Capture regions: a dashed edge round each and its name and points in a corner."""
        cell = self.cell
        width = max(2, cell // 20)
        dash = max(4, cell // 5)
        for region in self.game.map.regions:
            tiles = region.tiles
            for x, y in tiles:
                px, py = x * cell, y * cell
                edges = (((0, -1), (px, py), (px + cell, py)),
                         ((0, 1), (px, py + cell - width), (px + cell, py + cell - width)),
                         ((-1, 0), (px, py), (px, py + cell)),
                         ((1, 0), (px + cell - width, py), (px + cell - width, py + cell)))
                for (dx, dy), start, end in edges:
                    if (x + dx, y + dy) not in tiles:
                        _dashed(picture, REGION_EDGE, start, end, width, dash)
            if cell >= 32 and tiles:
                x, y = min(tiles, key=lambda t: (t[1], t[0]))
                label = f"{region.name} ★{region.points}"
                size = max(9, min(15, cell // 4))
                image = ui.text(label, size, REGION_EDGE, bold=True)
                box = image.get_rect(topleft=(x * cell + width + 2, y * cell + width + 1))
                backing = pygame.Surface(box.inflate(6, 2).size, pygame.SRCALPHA)
                backing.fill((10, 12, 18, 170))
                picture.blit(backing, box.inflate(6, 2))
                picture.blit(image, box)

    def _overlay(self, kind: str, frame: bool) -> pygame.Surface:
        """A highlight: its tint (under the pieces) or its frame (over them)."""
        key = (kind, self.cell, frame)
        found = self._overlays.get(key)
        if found is None:
            found = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            colour = HIGHLIGHT_COLOURS.get(kind, (255, 255, 255, 80))
            if frame:
                box = found.get_rect().inflate(-2, -2)
                pygame.draw.rect(found, (*colour[:3], 235), box, max(2, self.cell // 16),
                                 border_radius=max(2, self.cell // 10))
            else:
                found.fill(colour)
            if _display_ready():
                found = found.convert_alpha()
            self._overlays[key] = found
        return found

    # ------------------------------------------------------------------ pieces

    def look(self, entity: int, marks: Mapping[int, Sequence[tuple[str, int]]] | None = None
             ) -> PieceLook:
        """What the token of a permanent shows now (``marks``: every bearer's marks, when
        the caller gathered them for the whole board)."""
        game = self.game
        view = game.view(entity)
        definition = view.card
        if marks is None:
            found = view.marks
        else:
            found = tuple(sorted(marks.get(entity, ())))
        if definition.is_fighter:
            shape = "boss" if definition.type == "boss" else "unit"
            health = view.health
        else:
            shape = "equipment" if definition.is_equipment else "artifact"
            health = int(game.keyword(entity, "solid") or 0)
        crew = equipment = 0
        for member in view.pile:
            if game.card(member).is_equipment:
                equipment += 1
            else:
                crew += 1
        return PieceLook(
            name=definition.name, shape=shape, controller=view.controller, cell=self.cell,
            health=health, damage=view.damage,
            durability=view.durability if definition.is_equipment else -1,
            marks=found, crew=crew, equipment=equipment, tapped=view.tapped,
            selected=entity == self.selected)

    def _piece(self, entity: int, marks: Mapping[int, Sequence[tuple[str, int]]]
               ) -> pygame.Surface:
        look = self.look(entity, marks)
        sprite = self._sprites.get(look)
        if sprite is None:
            if len(self._sprites) > 3000:
                self._sprites.clear()
            sprite = draw_piece(look)
            self.sprite_renders += 1
            self._sprites[look] = sprite
        return sprite

    def _wall(self, entity: int) -> pygame.Surface | None:
        """A wall is drawn by its tile; a damaged one gets a plate with what is left."""
        damage = self.game.view(entity).damage
        if not damage:
            return None
        solid = int(self.game.keyword(entity, "solid") or 1)
        key = (self.cell, damage, solid)
        plate = self._plates.get(key)
        if plate is None:
            plate = self._plates[key] = wall_plate(self.cell, damage, solid)
        return plate


def _stack(below: pygame.Surface, above: pygame.Surface) -> pygame.Surface:
    merged = below.copy()
    merged.blit(above, (0, 0))
    return merged


def _dashed(surface: pygame.Surface, colour: tuple[int, int, int], start: tuple[int, int],
            end: tuple[int, int], width: int, dash: int) -> None:
    """A dashed straight line (horizontal or vertical), dashes aligned to the grid."""
    (x0, y0), (x1, y1) = start, end
    if y0 == y1:
        for x in range(x0, x1, dash * 2):
            surface.fill(colour, (x, y0, min(dash, x1 - x), width))
    else:
        for y in range(y0, y1, dash * 2):
            surface.fill(colour, (x0, y, width, min(dash, y1 - y)))
