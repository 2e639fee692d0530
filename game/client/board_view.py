"""Drawing the board: the map from its Tiled tiles, the permanents on it, highlights, and
the camera (scroll and zoom), for every board geometry.

Every position comes from the geometry's pixel mapping (``game.rules.geometry``) at scale
``cell / geometry.tile_width`` through ``game.client.cells.CellLayout``: ``cell`` is the
zoom, in screen pixels per native tile width. Square boards draw square tiles; the other
geometries cut each tile's picture to its cell polygon and outline the cells. A graph
board's links are drawn as lines between the linked cells' centres, with their names.

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

from game.content.icons import token_icons
from game.content.text import is_duel
from game.rules import EntityView
from game.rules.core.events import Destroyed
from game.rules.effects import WALL_NAME
from game.rules.geometry import Geometry, HexGeometry, Tile
from game.rules.rulesets.fleet.view import systems, tactic
from game.rules.tiles import TILE_TYPES

from . import region_labels, ui
from .animation import Animator
from .cells import (
    CellLayout,
    Shape,
    border_sides,
    cell_frame,
    cut_to_cell,
    dashed_side,
    drawn_like,
    fit_picture,
    outline,
)
from .fleet_draw import DECLARED, PATH, draw_path, short_names, system_sprite
from .pieces import DUEL_KEYWORDS, PieceLook, draw_piece, mark_badge, wall_plate

TILESETS = Path(__file__).resolve().parent.parent.parent / "assets" / "tilesets"
TILESET = TILESETS / "terrain.tsx"
#: hex pictures of the tile types, pointy-topped (stagger axis y) and flat-topped (x);
#: used when they exist and their tiles have the map's cell size
HEX_TILESETS = {"y": TILESETS / "terrain-hex.tsx", "x": TILESETS / "terrain-hex-flat.tsx"}
TILE = 64
#: the zoom range, in pixels per tile (zooming out stops at the whole map or at
#: ``FAR_CELL``, whichever is bigger, but never below ``MIN_CELL``)
MIN_CELL = 12
FAR_CELL = 24
MAX_CELL = 160
#: the largest tile size a map is fitted at when it first shows
FIT_CELL = 96
#: the smallest tile size a map first shows at, where a piece's picture, numbers and
#: badges stay readable: a map too big to fit at it scrolls (arrows, right-drag, the
#: minimap in the board's corner), and the wheel or - still zooms out to all of it
READABLE_CELL = 36
#: a map that fits at a tile this much smaller than ``READABLE_CELL`` is shown whole
#: (a few pixels less on each piece beat a board that scrolls for a sliver)
READABLE_SLACK = 4

HIGHLIGHT_COLOURS: dict[str, tuple[int, int, int, int]] = {
    "move": (90, 150, 255, 95),
    "attack": (235, 70, 60, 120),
    "play": (240, 196, 70, 110),
    "target": (190, 110, 255, 115),
    "select": (255, 255, 255, 70),
    # equip, carry or switch places with the piece there
    "use": (60, 210, 190, 105),
    # one's own piece as a target: amber, striped like hazard tape (``_hazard``)
    "own": (255, 170, 40, 120),
}
#: the highlights whose frames are drawn under the pieces (a tile to move to or to play
#: onto, one's own piece ready to act); the others (a target) are framed over them
FRAMES_UNDER = frozenset({"move", "play", "select"})
#: what the stripes of the "own" highlight multiply its colour by (``_hazard``)
HAZARD_STRIPE = (50, 36, 20)
#: a tile with neither a picture nor a registered tile type
UNKNOWN_TILE = (100, 100, 100)
REGION_EDGE = (250, 226, 120)
#: the sides of cells that are not squares (hexes): a dark line over the terrain
CELL_OUTLINE = (10, 12, 18, 96)
#: the tiles a player does not see (rulesets with vision)
FOG = (4, 8, 20, 165)
#: the activated unit's line of sight to the hovered hex: clear, blocked
SIGHT_CLEAR = (120, 230, 140)
SIGHT_BLOCKED = (240, 90, 80)
#: an enemy the viewer's side senses without seeing it
UNKNOWN_ENEMY = (150, 150, 160)
#: a hovered move's way and cost
ROUTE_COLOUR = (150, 200, 255)
#: a graph board's links between cells, and their names
LINK_COLOUR = (90, 236, 226)
LINK_SHADOW = (8, 30, 34)


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


def hex_terrain_tiles(geometry: Geometry) -> dict[str, pygame.Surface]:
    """The hex tileset's pictures for a hex board (pointy- or flat-topped, by its stagger
    axis), or nothing when that tileset is missing or its tiles are not the map's cell
    size (then the square pictures are cut to the hexes)."""
    base = drawn_like(geometry)
    if not isinstance(base, HexGeometry):
        return {}
    path = HEX_TILESETS.get(base.stagger_axis)
    if path is None or not path.is_file():
        return {}
    found = terrain_tiles(path)
    size = (base.tile_width, base.tile_height)
    if not found or any(p.get_size() != size for p in found.values()):
        return {}
    return found


class BoardView:
    """The map and everything on it, drawn into a rect, with a camera.

    ``tile_images`` is either a mapping of tile type name -> picture (used before the
    terrain tileset) or a map loaded by ``pytmx.util_pygame.load_pygame`` (its own tile
    pictures, per tile); None draws from the terrain tileset alone.
    """

    def __init__(self, game: Any, tile_images: Any = None) -> None:
        self.game = game
        self.geometry: Geometry = game.geometry
        self.highlights: dict[Tile, str] = {}
        self.selected: int | None = None
        #: whose sight the board shows (None: everything, as to a spectator); a ruleset
        #: with vision (the skirmish) then draws only the permanents that player sees and
        #: darkens the tiles it does not see
        self.viewer: int | None = None
        #: the way the hovered move would take (tiles, from the unit's own), and its cost
        self.route: tuple[tuple[Tile, ...], int] | None = None
        #: the activated unit's line of sight to the tile under the mouse: (from, to, clear)
        self.sight: tuple[Tile, Tile, bool] | None = None
        #: the permanents the last frame drew, in drawing order, and the tiles where it drew
        #: an unknown (sensed) enemy (tests, tools)
        self.drawn: list[int] = []
        self.unknown_drawn: list[Tile] = []
        #: the moves, attacks and deaths playing (``game.client.animation``; None: none)
        self.animator: Animator | None = None
        #: where the last frame drew each piece's centre, in screen pixels as
        #: ``tile_center`` gives them (a moving piece: between its tiles), and each dying
        #: piece's centre and size (1 whole)
        self.drawn_at: dict[int, tuple[float, float]] = {}
        self.fading: dict[int, tuple[tuple[float, float], float]] = {}
        #: the picture the last frame drew of each piece (a destroyed one fades from it),
        #: and the frame before's (a computer's action lands between two frames and its
        #: results are taken in the frame after it was drawn)
        self.last_sprites: dict[int, pygame.Surface] = {}
        self._older_sprites: dict[int, pygame.Surface] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cell = TILE
        #: where a map too big for the view is first shown (the viewer's own side)
        self.home: Tile | None = None
        self.origin = (0, 0)  # the map's top-left corner, relative to rect.topleft
        self._fitted = False
        self._zoomed = False  # the player chose a zoom: keep it when the window resizes
        self._images: dict[str, pygame.Surface] = terrain_tiles()
        self._images.update(hex_terrain_tiles(self.geometry))
        self._tiled: Any = None
        if isinstance(tile_images, Mapping):
            self._images.update(tile_images)
        elif tile_images is not None:
            self._tiled = tile_images
        self._layout_cache: CellLayout | None = None
        self._map_cache: tuple[tuple, pygame.Surface] | None = None
        self._sprites: dict[PieceLook, pygame.Surface] = {}
        self._plates: dict[tuple[int, int, int], pygame.Surface] = {}
        self._overlays: dict[tuple[str, bool, Shape], pygame.Surface] = {}
        self._fog_cache: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._unknowns: dict[tuple[str, int], pygame.Surface] = {}
        #: the permanents the viewer sees, for the frame being drawn (None: all)
        self._shown: set[int] | None = None
        #: the fleet: paths to draw, (start, systems entered) (the chosen ship's options)
        self.paths: list[tuple[Tile, tuple[Tile, ...]]] = []
        self._systems: dict[tuple[Any, int], pygame.Surface] = {}
        self._shorts: dict[str, str] | None = None
        #: card name -> its token picture (the built-in cards' icons)
        self.pictures: dict[str, str] = {name: str(path) for name, path in
                                         token_icons().items()}
        self.map_renders = 0  # how often the map was pre-rendered (tests, bench)
        self.fog_renders = 0  # how often the fog layer was drawn afresh
        self.sprite_renders = 0  # how often a piece sprite was drawn afresh
        #: the capture regions' plates the last frame drew: (label, screen rect)
        self.region_labels: list[tuple[region_labels.RegionLabel, pygame.Rect]] = []
        self._region_plates: list[tuple[region_labels.RegionLabel, pygame.Surface]] = []
        self._link_spots: list[pygame.Rect] = []  # where the link names went (map pixels)
        #: the link names on their dark plates, drawn over the highlights (map pixels)
        self.link_plates: list[tuple[pygame.Surface, tuple[int, int]]] = []

    # ------------------------------------------------------------------ camera

    @property
    def layout(self) -> CellLayout:
        """Where every cell is at the current zoom, in pixels of the map picture."""
        found = self._layout_cache
        if found is None or found.cell != self.cell:
            found = self._layout_cache = CellLayout(self.geometry, self.cell)
        return found

    def fit_cell(self, size: tuple[int, int]) -> int:
        """The tile size at which the whole map fits ``size`` (within the zoom range)."""
        geometry = self.geometry
        width, height = geometry.pixel_size(1.0)
        native = geometry.tile_width
        cell = min(math.floor(size[0] * native / max(1e-9, width) + 1e-9),
                   math.floor(size[1] * native / max(1e-9, height) + 1e-9), FIT_CELL)
        return max(MIN_CELL, cell)

    def start_cell(self, size: tuple[int, int]) -> int:
        """The tile size a map first shows at in ``size``: the largest that fits, but never
        below ``READABLE_CELL``."""
        fitted = self.fit_cell(size)
        if fitted >= READABLE_CELL - READABLE_SLACK:
            return fitted
        return min(READABLE_CELL, FIT_CELL)

    def planned_size(self, size: tuple[int, int]) -> tuple[int, int]:
        """The map picture's size were the view drawn into ``size`` now (at the
        player's zoom, or the zoom it would first show at)."""
        cell = self.cell if self._zoomed else self.start_cell(size)
        width, height = self.geometry.pixel_size(cell / self.geometry.tile_width)
        return math.ceil(width), math.ceil(height)

    @property
    def whole_map_shown(self) -> bool:
        """Does all of the map show in the view (nothing to scroll to)?"""
        width, height = self.layout.size
        return width <= self.rect.width and height <= self.rect.height

    def min_cell(self) -> int:
        """How far out the zoom goes: the whole map, or ``FAR_CELL`` on a small map."""
        return min(self.cell, max(MIN_CELL, min(self.fit_cell(self.rect.size), FAR_CELL)))

    def _set_rect(self, rect: pygame.Rect) -> None:
        if rect.size == self.rect.size and self._fitted:
            self.rect = rect
            return
        self.rect = rect
        if not self._zoomed:
            self.cell = self.start_cell(rect.size)
        self._fitted = True
        self._clamp(centre=not self._zoomed)
        if not self._zoomed and self.home is not None and not self.whole_map_shown:
            self.center_on(self.home)

    def _clamp(self, centre: bool = False) -> None:
        """Keep the map on screen: a map smaller than the rect is centred on that axis, a
        bigger one can't scroll past its edges."""
        w, h = self.layout.size
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
        cx, cy = self.layout.centre(tile)
        self.origin = (self.rect.width // 2 - int(cx), self.rect.height // 2 - int(cy))
        self._clamp()

    def tile_rect(self, tile: Tile) -> pygame.Rect:
        """The bounding box of the tile's cell on the screen (it may lie outside the
        view); the cell itself is ``tile_polygon``."""
        return self.layout.box(tile).move(self.rect.left + self.origin[0],
                                          self.rect.top + self.origin[1])

    def tile_polygon(self, tile: Tile) -> list[tuple[int, int]]:
        """The corners of the tile's cell on the screen."""
        dx, dy = self.rect.left + self.origin[0], self.rect.top + self.origin[1]
        return [(x + dx, y + dy) for x, y in self.layout.corners(tile)]

    def tile_center(self, tile: Tile) -> tuple[int, int]:
        """The screen pixel at the centre of the tile's cell."""
        cx, cy = self.layout.centre(tile)
        return (self.rect.left + self.origin[0] + math.floor(cx),
                self.rect.top + self.origin[1] + math.floor(cy))

    def tile_at(self, pos: tuple[int, int]) -> Tile | None:
        """The map tile under a screen position, or None (outside the view or the map)."""
        if not self.rect.collidepoint(pos):
            return None
        # the middle of the screen pixel, in map pixels
        x = pos[0] - self.rect.left - self.origin[0] + 0.5
        y = pos[1] - self.rect.top - self.origin[1] + 0.5
        return self.geometry.tile_at_pixel(x, y, self.layout.scale)

    def _view_area(self) -> pygame.Rect:
        """The part of the map picture that shows in the view."""
        return pygame.Rect(-self.origin[0], -self.origin[1], self.rect.width, self.rect.height)

    def is_visible(self, tile: Tile) -> bool:
        """Does any of the tile's cell show in the view?"""
        return self.layout.box(tile).colliderect(self._view_area())

    def visible_tiles(self) -> list[Tile]:
        """Every tile whose cell shows in the view (goes over the whole board)."""
        area = self._view_area()
        layout = self.layout
        return [t for t in self.geometry.cells() if layout.box(t).colliderect(area)]

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
        seen_tiles = game.visible_tiles(self.viewer) if self.viewer is not None else None
        if seen_tiles is not None:
            surface.blit(self._fog(seen_tiles), (left + area.left, top + area.top), area)
        shown_pieces = (set(game.visible_permanents(self.viewer))
                        if self.viewer is not None else None)
        self._shown = shown_pieces
        layout = self.layout
        view = self._view_area()
        # a piece may stick out of its cell a little (a tilted token, badges)
        near = view.inflate(layout.piece_cell, layout.piece_cell)
        shown: list[tuple[pygame.Rect, Shape, str]] = []
        for tile, kind in self.highlights.items():
            box = layout.box(tile)
            if box.colliderect(view):
                shown.append((box, layout.shape(tile), kind))
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = [
            (self._overlay(kind, False, shape), (left + box.left, top + box.top))
            for box, shape, kind in shown]
        if not self.fleet:
            # the frames that mark a place or one's own ready piece go under the pieces,
            # so that they do not cut the badges of the pieces next door
            blits.extend((self._overlay(kind, True, shape), (left + box.left, top + box.top))
                         for box, shape, kind in shown if kind in FRAMES_UNDER)
        self.drawn_at = {}
        self.fading = {}
        if self.fleet:
            blits.extend(self._fleet_blits(left, top, near))
            blits.extend((self._overlay(kind, True, shape), (left + box.left, top + box.top))
                         for box, shape, kind in shown)
            self._animated_blits(blits, left, top, fleet=True)
            surface.blits(blits, doreturn=False)
            self._fleet_paths(surface, left, top)
            surface.blits(self._link_blits(left, top), doreturn=False)
            surface.blits(self._region_blits(left, top), doreturn=False)
            surface.set_clip(clip)
            return
        marks = game.marks_by_bearer()
        half = layout.piece_cell / 2
        for tile, found in sorted(game.marks_by_tile().items()):
            cx, cy = layout.centre(tile)
            if near.collidepoint(cx, cy):
                badge = self._tile_badge(found)
                w, h = badge.get_size()
                blits.append((badge, (left + math.floor(cx - w / 2),
                                      top + math.floor(cy + half * 0.55))))
        self._route_marks(blits, left, top)
        self.drawn = []
        sprites: dict[int, pygame.Surface] = {}
        moving: list[tuple[pygame.Surface, tuple[int, int]]] = []
        animator = self.animator
        for tile, entity in sorted(game.board.items()):
            cx, cy = layout.centre(tile)
            motion = animator.moving(entity) if animator is not None else None
            if motion is not None:
                cx, cy = motion.point(layout.centre)
            if not near.collidepoint(cx, cy):
                continue
            if shown_pieces is not None and entity not in shown_pieces:
                continue  # a unit the viewer's side does not see
            if game.card(entity).name == WALL_NAME:
                plate = self._wall(entity)
                if plate is not None:  # along the bottom of the wall's cell
                    w, h = plate.get_size()
                    blits.append((plate, (left + math.floor(cx - w / 2),
                                          top + math.floor(cy + half) - h - 2)))
                continue
            sprite = self._piece(entity, marks)
            self.drawn.append(entity)
            sprites[entity] = sprite
            self.drawn_at[entity] = (left + math.floor(cx), top + math.floor(cy))
            w, h = sprite.get_size()
            # a moving piece goes over the others
            (moving if motion is not None else blits).append(
                (sprite, (left + math.floor(cx - w / 2), top + math.floor(cy - h / 2))))
        self._older_sprites, self.last_sprites = self.last_sprites, sprites
        blits.extend(moving)
        self._animated_blits(blits, left, top, fleet=False)
        self.unknown_drawn = []
        if self.viewer is not None:  # enemies the viewer's side senses but does not see
            for tile in sorted(game.sensed_tiles(self.viewer)):
                cx, cy = layout.centre(tile)
                if near.collidepoint(cx, cy):
                    self.unknown_drawn.append(tile)
                    token = self._unknown()
                    w, h = token.get_size()
                    blits.append((token, (left + math.floor(cx - w / 2),
                                          top + math.floor(cy - h / 2))))
        if self.sight is not None:
            self._sight_line(surface, left, top, blits)
        # the other frames go over the pieces, so an attack target's tile still shows
        blits.extend((self._overlay(kind, True, shape), (left + box.left, top + box.top))
                     for box, shape, kind in shown if kind not in FRAMES_UNDER)
        blits.extend(self._link_blits(left, top))
        blits.extend(self._region_blits(left, top))
        surface.blits(blits, doreturn=False)
        surface.set_clip(clip)

    def _animated_blits(self, blits: list[tuple[pygame.Surface, tuple[int, int]]],
                        left: int, top: int, fleet: bool) -> None:
        """The dying pieces, shrinking and fading on their tiles; on the fleet's board
        (whose systems are drawn whole) also a token of each moving ship on its way."""
        animator = self.animator
        if animator is None:
            return
        centre = self.layout.centre
        if fleet:
            for motion in animator.motions:
                if motion.kind == "death" or not self.game.exists(motion.entity):
                    continue
                view = self.game.view(motion.entity)
                token = self._token(view.card.name, view.controller)
                x, y = motion.point(centre)
                self.drawn_at[motion.entity] = (left + math.floor(x), top + math.floor(y))
                w, h = token.get_size()
                blits.append((token, (left + math.floor(x - w / 2), top + math.floor(y - h / 2))))
        for motion in animator.dying():
            x, y = motion.point(centre)
            scale = motion.scale
            self.fading[motion.entity] = ((left + math.floor(x), top + math.floor(y)), scale)
            sprite = motion.sprite
            w, h = sprite.get_size()
            size = (max(1, round(w * scale)), max(1, round(h * scale)))
            shrunk = pygame.transform.smoothscale(sprite, size) if size != (w, h) \
                else sprite.copy()
            shrunk.set_alpha(round(255 * scale))
            blits.append((shrunk, (left + math.floor(x - size[0] / 2),
                                   top + math.floor(y - size[1] / 2))))

    def _token(self, name: str, controller: int) -> pygame.Surface:
        """A plain token of a card (a ship on its way, a ship that was destroyed)."""
        look = PieceLook(name=name, shape="unit", controller=controller,
                         cell=max(14, self.layout.piece_cell // 2),
                         picture=self.pictures.get(name, ""))
        sprite = self._sprites.get(look)
        if sprite is None:
            sprite = self._sprites[look] = draw_piece(look)
        return sprite

    def dying_sprite(self, event: Destroyed) -> pygame.Surface | None:
        """What a destroyed permanent looked like, to fade out: the last frame's picture
        of it (None: it was not drawn, out of sight); a ship of the fleet, whose system
        is drawn whole, as a plain token."""
        found = self.last_sprites.get(event.permanent,
                                      self._older_sprites.get(event.permanent))
        if found is not None or not self.fleet or event.tile is None:
            return found
        return self._token(event.name, event.controller)

    def _fog(self, seen: frozenset[Tile]) -> pygame.Surface:
        """A layer the size of the map picture darkening every tile not in ``seen``
        (drawn once per zoom and sight)."""
        key = (self.cell, seen)
        if self._fog_cache is not None and self._fog_cache[0] == key:
            return self._fog_cache[1]
        layout = self.layout
        layer = pygame.Surface(layout.size, pygame.SRCALPHA)
        for tile in self.geometry.cells():
            if tile in seen:
                continue
            if layout.rectangular:
                layer.fill(FOG, layout.box(tile))
            else:
                pygame.draw.polygon(layer, FOG, layout.corners(tile))
        if _display_ready():
            layer = layer.convert_alpha()
        self._fog_cache = (key, layer)
        self.fog_renders += 1
        return layer

    def _sight_line(self, surface: pygame.Surface, left: int, top: int,
                    blits: list[tuple[pygame.Surface, tuple[int, int]]]) -> None:
        """The activated unit's line of sight to the hovered hex: a green line when it is
        clear, red when something blocks it (drawn before the pieces go on)."""
        assert self.sight is not None
        start, end, clear = self.sight
        layout = self.layout
        (ax, ay), (bx, by) = layout.centre(start), layout.centre(end)
        colour = SIGHT_CLEAR if clear else SIGHT_BLOCKED
        width = max(2, self.cell // 24)
        a = (left + round(ax), top + round(ay))
        b = (left + round(bx), top + round(by))
        surface.blits(blits, doreturn=False)
        blits.clear()
        pygame.draw.line(surface, (10, 12, 18), a, b, width + 2)
        pygame.draw.line(surface, colour, a, b, width)
        pygame.draw.circle(surface, colour, b, max(3, width * 2), width)

    def _unknown(self) -> pygame.Surface:
        """An enemy sensed but not seen: a grey token with a question mark."""
        size = max(8, self.layout.piece_cell * 3 // 4)
        key = ("unknown", size)
        found = self._unknowns.get(key)
        if found is None:
            found = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
            centre = (size // 2 + 1, size // 2 + 1)
            pygame.draw.circle(found, (20, 22, 30), centre, size // 2 + 1)
            pygame.draw.circle(found, UNKNOWN_ENEMY, centre, size // 2 - 1)
            mark = ui.text("?", max(8, size // 2), (20, 22, 30), bold=True)
            found.blit(mark, mark.get_rect(center=centre))
            if _display_ready():
                found = found.convert_alpha()
            self._unknowns[key] = found
        return found

    def _tile_badge(self, marks: Sequence[tuple[str, int]]) -> pygame.Surface:
        """The marks on a tile (a radioactive hex's radioactivity): a pill per kind with
        its glyph and count."""
        height = max(9, self.layout.piece_cell // 5)
        size = max(7, height - 2)
        parts = []
        for kind, count in marks:
            colour, glyph = mark_badge(kind)
            parts.append((colour, ui.text(f"{glyph}{count}", size, colour, bold=True)))
        width = sum(image.get_width() + 8 for _, image in parts)
        badge = pygame.Surface((max(width, height), height), pygame.SRCALPHA)
        x = 0
        for colour, image in parts:
            box = pygame.Rect(x, 0, image.get_width() + 6, height)
            pygame.draw.rect(badge, (16, 16, 22, 220), box, border_radius=height // 2)
            pygame.draw.rect(badge, colour, box, 1, border_radius=height // 2)
            badge.blit(image, image.get_rect(center=box.center))
            x += box.width + 2
        return badge

    def _route_marks(self, blits: list[tuple[pygame.Surface, tuple[int, int]]], left: int,
                     top: int) -> None:
        """The hovered move's way: a dot on each hex stepped on, the cost at the end."""
        if self.route is None:
            return
        path, cost = self.route
        layout = self.layout
        radius = max(3, layout.piece_cell // 10)
        dot = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
        pygame.draw.circle(dot, (16, 20, 30), (radius + 1, radius + 1), radius + 1)
        pygame.draw.circle(dot, ROUTE_COLOUR, (radius + 1, radius + 1), radius)
        for tile in path[1:-1]:
            cx, cy = layout.centre(tile)
            blits.append((dot, (left + math.floor(cx) - radius - 1,
                                top + math.floor(cy) - radius - 1)))
        if len(path) >= 2:
            cx, cy = layout.centre(path[-1])
            label = ui.text(f"-{cost}", max(10, layout.piece_cell // 4), ROUTE_COLOUR,
                            bold=True)
            plate = pygame.Surface((label.get_width() + 8, label.get_height() + 2),
                                   pygame.SRCALPHA)
            plate.fill((10, 14, 24, 200))
            plate.blit(label, (4, 1))
            blits.append((plate, (left + math.floor(cx) - plate.get_width() // 2,
                                  top + math.floor(cy) - plate.get_height() // 2)))
    # ------------------------------------------------------------------ the fleet

    @property
    def fleet(self) -> bool:
        return bool(self.game.ruleset.name == "fleet")

    def _fleet_blits(self, left: int, top: int, near: pygame.Rect
                     ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Each system's units, tokens, planet and capacity (``game.client.fleet_draw``)."""
        layout = self.layout
        if self._shorts is None:
            self._shorts = short_names(c.name for c in self.game.library
                                       if "fleet" in c.tags)
        out = []
        for tile, view in sorted(systems(self.game).items()):
            box = layout.box(tile)
            if not box.colliderect(near):
                continue
            key = (view, self.cell)
            sprite = self._systems.get(key)
            if sprite is None:
                if len(self._systems) > 1500:
                    self._systems.clear()
                shape = layout.shape(tile)
                sprite = system_sprite(view, (shape[0], shape[1]), shape[2], self._shorts,
                                       self.cell)
                self.sprite_renders += 1
                self._systems[key] = sprite
            out.append((sprite, (left + box.left, top + box.top)))
        return out

    def _fleet_paths(self, surface: pygame.Surface, left: int, top: int) -> None:
        """The declared moves (gold) and the paths the chosen ship may take (blue)."""
        layout = self.layout

        def centre(tile: Tile) -> tuple[float, float]:
            x, y = layout.centre(tile)
            return (left + x, top + y)

        width = max(2, self.cell // 24)
        found = tactic(self.game)
        if found is not None:
            for ship, path in found.moves:
                start = self.game.tile_of(ship)
                if start is not None:
                    draw_path(surface, [centre(start), *(centre(t) for t in path)], DECLARED,
                              width)
        for start, path in self.paths:
            draw_path(surface, [centre(start), *(centre(t) for t in path)], PATH, width)

    def _map_surface(self) -> pygame.Surface:
        key = (self.cell, tuple(self.game.tiles))
        if self._map_cache is not None and self._map_cache[0] == key:
            return self._map_cache[1]
        spec = self.game.map
        layout = self.layout
        geometry = self.geometry
        picture = pygame.Surface(layout.size)
        if not layout.rectangular:
            picture.fill(ui.BG)  # round the jagged edge of a hex map
        cut: dict[Any, pygame.Surface] = {}
        original = spec.tiles
        tiles = self.game.tiles
        for index, tile in enumerate(geometry.cells()):
            kind = tiles[index]
            source: Any = None
            if self._tiled is not None and kind == original[index]:
                source = self._tiled_image(*geometry.tile_to_grid(tile))
            if source is None:
                source = kind
            shape = layout.shape(tile)
            found_key = (source if isinstance(source, str) else id(source), shape)
            image = cut.get(found_key)
            if image is None:
                image = cut[found_key] = self._cell_picture(source, shape)
            picture.blit(image, layout.box(tile).topleft)
        self._spawn_frames(picture)
        self._regions(picture)
        self._links(picture)
        self._place_region_labels()
        if _display_ready():
            picture = picture.convert()
        self._map_cache = (key, picture)
        self.map_renders += 1
        return picture

    def _cell_picture(self, source: str | pygame.Surface, shape: Shape) -> pygame.Surface:
        """A tile's picture (a tile type's or the map file's own) fitted to a cell: the
        whole square on a square board, cut to the polygon and outlined on the others."""
        layout = self.layout
        size = layout.surface_size(shape)
        image = self._images.get(source) if isinstance(source, str) else source
        if image is None:
            kind = TILE_TYPES.get(str(source))  # no picture: the tile type's own colour
            colour = kind.look.colour if kind is not None else UNKNOWN_TILE
            if layout.rectangular:
                tile = pygame.Surface(size)
                tile.fill(colour)
                return tile
            tile = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.polygon(tile, colour, shape[2])
        else:
            fitted = fit_picture(image, size, _for_scaling)
            if layout.rectangular:
                return fitted
            tile = cut_to_cell(fitted, shape[2], size)
        outline(tile, shape[2], CELL_OUTLINE)
        if _display_ready():
            tile = tile.convert_alpha()
        return tile

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
        layout = self.layout
        width = max(2, cell // 16)
        for tile, owner in self.game.map.owners.items():
            if not self.geometry.contains(tile):
                continue
            cell_frame(picture, ui.player_colour(owner), layout.shape(tile), width,
                       max(2, cell // 10), layout.box(tile).topleft, layout.rectangular)

    def _regions(self, picture: pygame.Surface) -> None:
        """Capture regions: a dashed edge round each (their names and points go over the
        pieces, ``_region_plates``)."""
        cell = self.cell
        layout = self.layout
        geometry = self.geometry
        width = max(2, cell // 20)
        dash = max(4, cell // 5)
        for region in self.game.map.regions:
            for tile, side in border_sides(geometry, region.tiles):
                dashed_side(picture, REGION_EDGE, layout.corners(tile), side,
                            layout.centre(tile), width, dash)

    def _place_region_labels(self) -> None:
        """Where the regions' plates go at this zoom, clear of the link names."""
        size = region_labels.text_size(self.cell)
        self._region_plates = [
            (label, region_labels.plate_image(label, size))
            for label in region_labels.place(
                self.game.map.regions, self.geometry, self.layout, self._link_spots,
                points=self.game.map.win.kind != "stick_of_victory")]

    def _region_blits(self, left: int, top: int
                      ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The regions' plates on the screen (over the pieces); ``region_labels`` says
        which were drawn where."""
        view = self._view_area()
        self.region_labels = []
        out = []
        for label, image in self._region_plates:
            if label.rect.colliderect(view):
                spot = label.rect.move(left, top)
                self.region_labels.append((label, spot))
                out.append((image, spot.topleft))
        return out

    def _links(self, picture: pygame.Surface) -> None:
        """A graph board's links: a line between the two cells' centres, a ring round each
        end, and the link's name beside the middle of the line."""
        links = getattr(self.geometry, "links", None)
        if not callable(links):
            return
        layout = self.layout
        cell = self.cell
        width = max(2, cell // 20)
        radius = max(3, layout.piece_cell * 9 // 20)
        self._link_spots = []
        self.link_plates = []
        for a, b, name in links():
            if not (self.geometry.contains(a) and self.geometry.contains(b)):
                continue
            start, end = layout.centre(a), layout.centre(b)
            for centre in (start, end):
                pygame.draw.circle(picture, LINK_SHADOW, centre, radius, width + 2)
                pygame.draw.circle(picture, LINK_COLOUR, centre, radius - 1, width)
            pygame.draw.line(picture, LINK_SHADOW, start, end, width + 4)
            pygame.draw.line(picture, LINK_COLOUR, start, end, width)
            if cell < 24:
                continue
            image = ui.text(name, max(9, min(14, cell // 5)), LINK_COLOUR, bold=True)
            # beside the line, not over its middle: away from it along its normal
            dx, dy = end[0] - start[0], end[1] - start[1]
            length = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / length, dx / length
            if ny > 0 or (ny == 0 and nx > 0):
                nx, ny = -nx, -ny  # above (or to the left of) the line
            reach = (abs(nx) * image.get_width() + abs(ny) * image.get_height()) / 2 + width + 4
            spot = image.get_rect()
            # the middle of the line, or further along it when another name is there
            for along in (0.5, 0.36, 0.64, 0.26, 0.74):
                spot.center = (round(start[0] + dx * along + nx * reach),
                               round(start[1] + dy * along + ny * reach))
                spot.clamp_ip(picture.get_rect().inflate(-6, -2))
                if spot.inflate(6, 2).collidelist(self._link_spots) < 0:
                    break
            plate = pygame.Surface(spot.inflate(6, 2).size, pygame.SRCALPHA)
            plate.fill((10, 12, 18, 190))
            plate.blit(image, (3, 1))
            self.link_plates.append((plate, spot.inflate(6, 2).topleft))
            self._link_spots.append(spot.inflate(6, 2))

    def _link_blits(self, left: int, top: int
                    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The link names on the screen, over the highlights (a gold frame round every
        system to activate cut their letters when they lay in the map's picture)."""
        return [(plate, (left + x, top + y)) for plate, (x, y) in self.link_plates]

    def link_at(self, pos: tuple[int, int]) -> str | None:
        """The name of the link whose line or end is under a screen position (a graph
        board), or None."""
        links = getattr(self.geometry, "links", None)
        if not callable(links) or not self.rect.collidepoint(pos):
            return None
        layout = self.layout
        x = pos[0] - self.rect.left - self.origin[0] + 0.5
        y = pos[1] - self.rect.top - self.origin[1] + 0.5
        reach = max(4.0, self.cell / 10)
        for a, b, name in links():
            (ax, ay), (bx, by) = layout.centre(a), layout.centre(b)
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1.0)))
            if math.hypot(ax + dx * t - x, ay + dy * t - y) <= reach:
                return name
        return None

    def _overlay(self, kind: str, frame: bool, shape: Shape) -> pygame.Surface:
        """A highlight for a cell of ``shape``: its tint (under the pieces) or its frame
        (over them)."""
        key = (kind, frame, shape)
        found = self._overlays.get(key)
        if found is None:
            layout = self.layout
            found = pygame.Surface(layout.surface_size(shape), pygame.SRCALPHA)
            colour = HIGHLIGHT_COLOURS.get(kind, (255, 255, 255, 80))
            if frame:
                cell_frame(found, (*colour[:3], 235), shape, max(2, self.cell // 16),
                           max(2, self.cell // 10), rectangle=layout.rectangular)
            elif layout.rectangular:
                found.fill(colour)
            else:
                pygame.draw.polygon(found, colour, shape[2])
            if kind == "own":
                _hazard(found, max(4, self.cell // 8))
            if _display_ready():
                found = found.convert_alpha()
            if len(self._overlays) > 400:
                self._overlays.clear()
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
        if definition.is_fighter and is_duel(definition):
            return self._duel_look(view, found)
        if definition.is_fighter:
            shape = "boss" if definition.type == "boss" else "unit"
            health = view.health
        else:
            shape = "equipment" if definition.is_equipment else "artifact"
            health = int(game.keyword(entity, "solid") or 0)
        crew = equipment = 0
        for member in view.pile:
            if self._shown is not None and member not in self._shown:
                continue  # a unit carried out of the viewer's sight: not even counted
            if game.card(member).is_equipment:
                equipment += 1
            else:
                crew += 1
        return PieceLook(
            name=definition.name, shape=shape, controller=view.controller,
            cell=self.layout.piece_cell,
            health=health, damage=view.damage,
            durability=view.durability if definition.is_equipment else -1,
            marks=found, crew=crew, equipment=equipment, tapped=view.tapped,
            selected=entity == self.selected, picture=self.pictures.get(definition.name, ""),
            attack=max((amount for _, amount in view.attack), default=0)
            if definition.is_fighter else 0,
            base_attack=definition.attack, base_health=definition.health)

    def _duel_look(self, view: EntityView, marks: tuple[tuple[str, int], ...]) -> PieceLook:
        """A duel unit's token: live attack and health, exhaustion, the general's crown and
        artifacts, the battle pet's and structure's badge, the keywords it has now."""
        game = self.game
        definition = view.card
        keywords = game.keywords_now(view.entity, DUEL_KEYWORDS)
        artifacts = tuple(game.view(member).durability for member in view.pile
                          if game.card(member).is_artifact)
        kind = next((tag for tag in ("battle-pet", "structure") if tag in definition.tags), "")
        return PieceLook(
            name=definition.name, shape="unit", controller=view.controller,
            cell=self.layout.piece_cell, health=view.health, damage=view.damage, marks=marks,
            selected=view.entity == self.selected, style="duel", attack=view.attack_at(1),
            base_attack=definition.attack, base_health=definition.health,
            exhausted=view.exhausted, general="general" in definition.tags, kind=kind,
            keywords=keywords, artifacts=artifacts,
            picture=self.pictures.get(definition.name, ""))

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
        cell = self.layout.piece_cell
        key = (cell, damage, solid)
        plate = self._plates.get(key)
        if plate is None:
            plate = self._plates[key] = wall_plate(cell, damage, solid)
        return plate


def _hazard(surface: pygame.Surface, band: int) -> None:
    """Dark diagonal stripes over what ``surface`` holds (its transparent parts stay so):
    the look of one's own piece as a target, unlike any enemy's."""
    w, h = surface.get_size()
    stripes = pygame.Surface((w, h), pygame.SRCALPHA)
    stripes.fill((255, 255, 255, 255))
    for x in range(-h, w + h, band * 2):
        pygame.draw.polygon(stripes, (*HAZARD_STRIPE, 255), [(x, 0), (x + band, 0),
                                                             (x + band - h, h), (x - h, h)])
    surface.blit(stripes, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _stack(below: pygame.Surface, above: pygame.Surface) -> pygame.Surface:
    merged = below.copy()
    merged.blit(above, (0, 0))
    return merged


def _for_scaling(image: pygame.Surface) -> pygame.Surface:
    """A picture ready for smooth scaling (with alpha, in the display's format)."""
    return image.convert_alpha() if _display_ready() else image
