"""Drawing the board: the map from its Tiled tiles, the permanents on it, highlights, and
the camera (scroll and zoom).

The map is pre-rendered once per zoom level into one surface (again only when a tile
changes type, e.g. a breached wall); each frame blits the visible part of it, then the
pieces from a sprite cache keyed by everything that changes their look, so a frame is a
few dozen blits.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import esper
import pygame

from game.rules.components import Body, OnMap
from game.rules.effects import WALL_NAME
from game.rules.geometry import Tile

from . import ui

TILESET = Path(__file__).resolve().parent.parent.parent / "assets" / "tilesets" / "terrain.tsx"
TILE = 64

HIGHLIGHT_COLOURS: dict[str, tuple[int, int, int, int]] = {
    "move": (90, 150, 255, 95),
    "attack": (235, 70, 60, 120),
    "play": (240, 196, 70, 110),
    "target": (190, 110, 255, 115),
    "select": (255, 255, 255, 70),
}
MARK_COLOURS: dict[str, tuple[int, int, int]] = {
    "paralysis": (240, 220, 90), "poison": (120, 200, 80), "panic": (200, 140, 255),
    "rage": (240, 80, 60), "ward": (120, 200, 255), "intention": (255, 150, 40),
    "repression": (160, 160, 160), "burn": (255, 120, 40),
}
FALLBACK_COLOURS: dict[str, tuple[int, int, int]] = {
    "neutral": (92, 140, 72), "house": (150, 110, 80), "tower": (130, 130, 140),
    "farm field": (170, 140, 70), "spawn": (200, 200, 170), "harbor": (120, 110, 90),
    "street": (150, 150, 150), "deep water": (30, 60, 130), "water": (90, 150, 210),
    "wall": (90, 90, 96), "gate": (120, 90, 60), "store": (200, 120, 80),
}


def terrain_tiles(tileset: Path = TILESET) -> dict[str, pygame.Surface]:
    """Tile type name -> 64 px picture, cut from the terrain tileset by each tile's type."""
    result: dict[str, pygame.Surface] = {}
    try:
        root = ET.parse(tileset).getroot()
        image_el = root.find("image")
        if image_el is None:
            return result
        sheet = pygame.image.load(str(tileset.parent / image_el.get("source", "")))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            sheet = sheet.convert()
        columns = int(root.get("columns", "1"))
        size = int(root.get("tilewidth", str(TILE)))
        for tile in root.findall("tile"):
            kind = tile.get("type") or tile.get("class")
            if not kind:
                continue
            index = int(tile.get("id", "0"))
            area = pygame.Rect((index % columns) * size, (index // columns) * size, size, size)
            result[kind] = sheet.subsurface(area).copy()
    except (OSError, ET.ParseError, ValueError, pygame.error):
        return {}
    return result


class BoardView:
    def __init__(self, game: Any, tile_images: Any = None) -> None:
        self.game = game
        self.highlights: dict[Tile, str] = {}
        self.selected: int | None = None
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.cell = TILE
        self.origin = (0, 0)  # map's top-left corner, relative to rect.topleft
        self._fitted_to: tuple[int, int] | None = None
        self._terrain = terrain_tiles()
        self._tiled = tile_images  # a pytmx map with images, when the caller loaded one
        self._map_cache: tuple[tuple, pygame.Surface] | None = None
        self._sprites: dict[tuple, pygame.Surface] = {}
        self._overlays: dict[tuple[str, int], pygame.Surface] = {}
        self.map_renders = 0  # how often the map was pre-rendered (tests, bench)

    # ------------------------------------------------------------------ camera

    def _fit(self, rect: pygame.Rect) -> None:
        spec = self.game.map
        cell = max(12, min(rect.width // spec.width, rect.height // spec.height, 96))
        self.cell = cell
        self.origin = ((rect.width - spec.width * cell) // 2,
                       (rect.height - spec.height * cell) // 2)
        self._fitted_to = rect.size

    def _clamp(self) -> None:
        spec = self.game.map
        w, h = spec.width * self.cell, spec.height * self.cell
        x, y = self.origin
        rw, rh = self.rect.size
        x = (rw - w) // 2 if w <= rw else min(0, max(rw - w, x))
        y = (rh - h) // 2 if h <= rh else min(0, max(rh - h, y))
        self.origin = (x, y)

    def scroll(self, dx: int, dy: int) -> None:
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self._clamp()

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None:
        old = self.cell
        new = int(round(max(12, min(160, old * factor))))
        if new == old:
            return
        ax, ay = around if around is not None else self.rect.center
        ax -= self.rect.left
        ay -= self.rect.top
        # keep the map point under ``around`` where it is
        mx = (ax - self.origin[0]) / old
        my = (ay - self.origin[1]) / old
        self.cell = new
        self.origin = (int(ax - mx * new), int(ay - my * new))
        self._clamp()

    def center_on(self, tile: Tile) -> None:
        self.origin = (self.rect.width // 2 - int((tile[0] + 0.5) * self.cell),
                       self.rect.height // 2 - int((tile[1] + 0.5) * self.cell))
        self._clamp()

    def tile_rect(self, tile: Tile) -> pygame.Rect:
        return pygame.Rect(self.rect.left + self.origin[0] + tile[0] * self.cell,
                           self.rect.top + self.origin[1] + tile[1] * self.cell,
                           self.cell, self.cell)

    def tile_at(self, pos: tuple[int, int]) -> Tile | None:
        if not self.rect.collidepoint(pos):
            return None
        x = math.floor((pos[0] - self.rect.left - self.origin[0]) / self.cell)
        y = math.floor((pos[1] - self.rect.top - self.origin[1]) / self.cell)
        return (x, y) if self.game.map.on_map((x, y)) else None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        rect = pygame.Rect(rect)
        if self._fitted_to != rect.size:
            self.rect = rect
            self._fit(rect)
        self.rect = rect
        self.game.enter()
        clip = surface.get_clip()
        surface.set_clip(rect)
        surface.fill(ui.BG, rect)
        surface.blit(self._map_surface(), (rect.left + self.origin[0], rect.top + self.origin[1]))
        for tile, kind in self.highlights.items():
            surface.blit(self._overlay(kind), self.tile_rect(tile))
        for tile, entity in sorted(self.game.board.items()):
            sprite = self._piece(entity)
            if sprite is not None:
                box = self.tile_rect(tile)
                surface.blit(sprite, sprite.get_rect(center=box.center))
        surface.set_clip(clip)

    def _map_surface(self) -> pygame.Surface:
        key = (self.cell, tuple(self.game.tiles))
        if self._map_cache is not None and self._map_cache[0] == key:
            return self._map_cache[1]
        spec = self.game.map
        cell = self.cell
        picture = pygame.Surface((spec.width * cell, spec.height * cell))
        scaled: dict[str, pygame.Surface] = {}
        original = spec.tiles
        for y in range(spec.height):
            for x in range(spec.width):
                index = y * spec.width + x
                kind = self.game.tiles[index]
                image = None
                if self._tiled is not None and kind == original[index]:
                    image = self._tiled_image(x, y)
                if image is not None:
                    picture.blit(pygame.transform.scale(image, (cell, cell)), (x * cell, y * cell))
                    continue
                tile = scaled.get(kind)
                if tile is None:
                    source = self._terrain.get(kind)
                    if source is None:
                        tile = pygame.Surface((cell, cell))
                        tile.fill(FALLBACK_COLOURS.get(kind, (100, 100, 100)))
                    else:
                        tile = pygame.transform.smoothscale(source, (cell, cell))
                    scaled[kind] = tile
                picture.blit(tile, (x * cell, y * cell))
        self._spawn_marks(picture)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            picture = picture.convert()
        self._map_cache = (key, picture)
        self.map_renders += 1
        return picture

    def _tiled_image(self, x: int, y: int) -> pygame.Surface | None:
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

    def _spawn_marks(self, picture: pygame.Surface) -> None:
        """A thin frame in the owner's colour round spawn and harbor tiles."""
        cell = self.cell
        for (x, y), owner in self.game.map.owners.items():
            pygame.draw.rect(picture, ui.player_colour(owner),
                             (x * cell, y * cell, cell, cell), max(1, cell // 24))

    def _overlay(self, kind: str) -> pygame.Surface:
        key = (kind, self.cell)
        found = self._overlays.get(key)
        if found is None:
            found = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
            colour = HIGHLIGHT_COLOURS.get(kind, (255, 255, 255, 80))
            found.fill(colour)
            pygame.draw.rect(found, (*colour[:3], 230), found.get_rect(), max(2, self.cell // 20))
            self._overlays[key] = found
        return found

    # ------------------------------------------------------------------ pieces

    def _piece(self, entity: int) -> pygame.Surface | None:
        game = self.game
        definition = game.card(entity)
        if definition.name == WALL_NAME:
            return None  # the wall tile shows it
        on_map = esper.component_for_entity(entity, OnMap)
        body = esper.component_for_entity(entity, Body)
        health = game.health(entity) if definition.is_fighter else 0
        marks = tuple(sorted(game.marks_on(entity).items()))
        pile = len(game.pile(entity))
        key = (definition.name, on_map.controller, self.cell, body.damage, health,
               body.durability, marks, on_map.tapped, pile, entity == self.selected)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 2000:
                self._sprites.clear()
            sprite = self._draw_piece(definition, on_map.controller, body, health, marks,
                                      on_map.tapped, pile, entity == self.selected)
            self._sprites[key] = sprite
        return sprite

    def _draw_piece(self, definition: Any, controller: int, body: Body, health: int,
                    marks: tuple, tapped: bool, pile: int, selected: bool) -> pygame.Surface:
        cell = self.cell
        size = max(10, int(cell * 0.86))
        sprite = pygame.Surface((size, size), pygame.SRCALPHA)
        colour = ui.player_colour(controller)
        centre = (size // 2, size // 2)
        radius = size // 2 - 2
        if definition.is_artifact:
            box = pygame.Rect(0, 0, int(size * 0.8), int(size * 0.8))
            box.center = centre
            pygame.draw.rect(sprite, (38, 36, 44), box, border_radius=max(2, size // 10))
            pygame.draw.rect(sprite, colour, box, max(2, size // 14), border_radius=size // 10)
        else:
            pygame.draw.circle(sprite, (28, 30, 38), centre, radius)
            pygame.draw.circle(sprite, colour, centre, radius, max(2, size // 10))
        if selected:
            pygame.draw.circle(sprite, (255, 255, 255), centre, radius, max(1, size // 22))
        label = _initials(definition.name)
        text_size = max(8, int(size * (0.34 if len(label) <= 2 else 0.27)))
        ui_text = ui.text(label, text_size, ui.TEXT, bold=True)
        sprite.blit(ui_text, ui_text.get_rect(center=(centre[0], centre[1] - size // 12)))
        bar = pygame.Rect(size // 5, int(size * 0.66), size - 2 * (size // 5), max(3, size // 11))
        if health:
            left = max(0, health - body.damage)
            pygame.draw.rect(sprite, (70, 20, 20), bar)
            filled = bar.copy()
            filled.width = int(bar.width * min(1.0, left / max(1, health)))
            pygame.draw.rect(sprite, ui.GOOD if left * 2 > health else ui.BAD, filled)
            if cell >= 40:
                figure = ui.text(f"{left}/{health}", max(8, size // 6), ui.TEXT)
                sprite.blit(figure, figure.get_rect(midtop=(centre[0], bar.bottom)))
        elif definition.is_equipment and body.durability and cell >= 40:
            figure = ui.text(f"◆{body.durability}", max(8, size // 6), ui.TEXT)
            sprite.blit(figure, figure.get_rect(midtop=(centre[0], bar.top)))
        elif body.damage and cell >= 40:
            figure = ui.text(f"-{body.damage}", max(8, size // 6), ui.BAD)
            sprite.blit(figure, figure.get_rect(midtop=(centre[0], bar.top)))
        dot = max(4, size // 7)
        for i, (kind, count) in enumerate(marks[:4]):
            spot = (dot + i * (dot * 2 + 1), dot)
            pygame.draw.circle(sprite, MARK_COLOURS.get(kind, (220, 220, 220)), spot, dot)
            if count > 1 and cell >= 48:
                figure = ui.text(str(count), max(7, dot + 2), (20, 20, 20), bold=True)
                sprite.blit(figure, figure.get_rect(center=spot))
        if pile:
            spot = (size - dot - 1, dot + 1)
            pygame.draw.circle(sprite, ui.ACCENT, spot, dot + 1)
            figure = ui.text(str(pile), max(7, dot + 3), (20, 20, 20), bold=True)
            sprite.blit(figure, figure.get_rect(center=spot))
        if tapped:
            shade = pygame.Surface((size, size), pygame.SRCALPHA)
            shade.fill((130, 130, 130, 255))  # dimmed: a tapped permanent has acted
            sprite.blit(shade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            sprite = pygame.transform.rotate(sprite, -20)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            sprite = sprite.convert_alpha()
        return sprite


def _initials(name: str) -> str:
    words = [w for w in name.replace("!", "").split() if w[:1].isalpha()]
    if not words:
        return name[:2]
    if len(words) == 1:
        return words[0][:3]
    return "".join(w[0] for w in words[:3]).upper()


def _stack(below: pygame.Surface, above: pygame.Surface) -> pygame.Surface:
    merged = below.copy()
    merged.blit(above, (0, 0))
    return merged
