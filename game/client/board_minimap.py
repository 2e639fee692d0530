"""The whole map in a corner of the board, while the board shows only part of it.

A map too big to show at a readable tile size (``board_view.READABLE_CELL``) scrolls; this
small picture of it (``minimap.render_minimap``, without the setup's pieces) shows the
pieces where they are now as dots in their controller's colour (only those the viewer
sees) and the part of the map on the board as a white frame. A click or a drag on it
moves the board there. It stands in the space beside the map when there is room, else over
the board's bottom-right corner; it hides when the whole map shows.
"""

from __future__ import annotations

from typing import Any

import pygame

from . import ui
from .minimap import minimap_layout, render_minimap

#: the minimap's longest side, as a part of the board's shorter side, and its limits
SHARE = 0.24
SMALLEST = 80
LARGEST = 170
MARGIN = 8
VIEWPORT = (255, 255, 255)
NEUTRAL = (200, 200, 200)


class BoardMinimap:
    """Where the minimap is (``rect``, empty while hidden) and what a click on it means."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        #: the width beside the map the minimap is kept to (0: none, it goes over the map)
        self.room = 0

    @property
    def shown(self) -> bool:
        return self.rect.width > 0

    @staticmethod
    def size_for(board: pygame.Rect, view: Any, room: int = 0) -> tuple[int, int]:
        """The minimap's size in ``board``: the map's shape, its longest side a part of
        the board's shorter side (and, given ``room``, no wider than that)."""
        width, height = view.geometry.pixel_size(1.0)
        longest = max(SMALLEST, min(LARGEST, round(min(board.size) * SHARE)))
        factor = longest / max(width, height, 1e-9)
        if room:
            factor = min(factor, room / max(width, 1e-9))
        return max(24, round(width * factor)), max(24, round(height * factor))

    def split(self, board: pygame.Rect, view: Any) -> pygame.Rect:
        """Where the board view draws: all of ``board``, or, when the map scrolls up and
        down but leaves room beside it for the minimap, all but a strip on the right
        (where the minimap then stands, beside the map instead of over it)."""
        width, height = view.planned_size(board.size)
        room = board.width - width - 2 * MARGIN
        self.room = 0
        if height > board.height and room >= SMALLEST:
            self.room = room
            strip = self.size_for(board, view, room)[0] + 2 * MARGIN
            return pygame.Rect(board.left, board.top, board.width - strip, board.height)
        return board

    def place(self, board: pygame.Rect, view: Any) -> None:
        """Put the minimap in ``board`` for the view's zoom (hidden when the whole map
        shows)."""
        if view.whole_map_shown or not board.width or not board.height:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        size = self.size_for(board, view, self.room)
        rect = pygame.Rect((0, 0), size)
        rect.bottom = board.bottom - MARGIN
        map_right = view.rect.left + view.origin[0] + view.layout.size[0]
        beside = board.right - map_right
        if beside >= size[0] + 2 * MARGIN:  # in the empty space right of the map
            rect.centerx = map_right + beside // 2
        else:
            rect.right = board.right - MARGIN
        self.rect = rect

    def draw(self, surface: pygame.Surface, view: Any, game: Any,
             viewer: int | None) -> None:
        if not self.shown:
            return
        rect = self.rect
        spec = game.map
        surface.blit(render_minimap(spec, rect.size, pieces=False), rect)
        layout, frame = minimap_layout(spec, rect.size)
        frame = frame.move(rect.topleft)
        shown = set(game.visible_permanents(viewer)) if viewer is not None else None
        radius = max(2, layout.piece_cell // 3)
        for tile, entity in game.board.items():
            if shown is not None and entity not in shown:
                continue
            owner = game.controller(entity)
            colour = ui.player_colour(owner) if owner is not None and owner >= 0 else NEUTRAL
            cx, cy = layout.centre(tile)
            centre = (frame.left + round(cx), frame.top + round(cy))
            pygame.draw.circle(surface, (10, 12, 18), centre, radius + 1)
            pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.rect(surface, VIEWPORT, self.viewport(view), width=2)
        pygame.draw.rect(surface, ui.EDGE, rect.inflate(2, 2), width=1)

    def viewport(self, view: Any) -> pygame.Rect:
        """The part of the map the board shows, as a rect on the minimap."""
        _, frame = minimap_layout(view.game.map, self.rect.size)
        frame = frame.move(self.rect.topleft)
        map_w, map_h = view.layout.size
        fx, fy = frame.width / max(1, map_w), frame.height / max(1, map_h)
        left, top = -view.origin[0], -view.origin[1]
        shown = pygame.Rect(round(frame.left + left * fx), round(frame.top + top * fy),
                            round(view.rect.width * fx), round(view.rect.height * fy))
        return shown.clip(frame)

    def look(self, view: Any, pos: tuple[int, int]) -> None:
        """Move the board so that the map point under ``pos`` on the minimap is in the
        middle of the view."""
        _, frame = minimap_layout(view.game.map, self.rect.size)
        frame = frame.move(self.rect.topleft)
        map_w, map_h = view.layout.size
        x = (pos[0] - frame.left) / max(1, frame.width) * map_w
        y = (pos[1] - frame.top) / max(1, frame.height) * map_h
        view.origin = (round(view.rect.width / 2 - x), round(view.rect.height / 2 - y))
        view.scroll(0, 0)  # kept within the map's edges
