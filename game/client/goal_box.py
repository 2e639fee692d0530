"""How the map is won, at the top of the board screen's right-hand column: the map's title
on one line and its win goal wrapped under it, always inside the box ("Islands" / "hold
regions: first to 10 ★ wins"). A goal longer than the box's lines is cut with "…" and
read whole by resting the mouse on the box (``hint_at``: the screen shows it in the
line above the board)."""

from __future__ import annotations

import pygame

from . import ui
from .panels import px

#: the goal's lines under the title; more are cut with an ellipsis
GOAL_LINES = 2


class GoalBox:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.title = ""
        self.goal = ""
        #: the lines drawn last (the title first), each within the box's width
        self.lines: list[str] = []
        #: where each line was drawn
        self.line_rects: list[pygame.Rect] = []

    def sizes(self) -> tuple[int, int, int]:
        """Title text size, goal text size, line height."""
        title, goal = px(15, self.scale), px(14, self.scale)
        return title, goal, ui.font(goal).get_linesize()

    def height(self, scale: float) -> int:
        """The box's height at this window scale: the title and the goal's lines."""
        self.scale = scale
        title, _, line = self.sizes()
        return ui.font(title, True).get_linesize() + GOAL_LINES * line + 12

    def set(self, title: str, goal: str) -> None:
        self.title, self.goal = title, goal

    def hint_at(self, pos: tuple[int, int]) -> str:
        """The whole goal when the mouse is on the box ("" elsewhere)."""
        if not self.rect.collidepoint(pos) or not (self.title or self.goal):
            return ""
        return f"To win on {self.title}: {self.goal}" if self.goal else self.title

    def layout_lines(self) -> list[str]:
        """The title and the goal broken to the box's width, cut to its lines."""
        title_size, goal_size, _ = self.sizes()
        room = self.rect.width - 20
        lines = [ui.fit_text(self.title, room, title_size, True)]
        wrapped = ui.wrap(self.goal, room, goal_size) if self.goal else []
        if len(wrapped) > GOAL_LINES:
            rest = " ".join(wrapped[GOAL_LINES - 1:])
            wrapped = [*wrapped[:GOAL_LINES - 1], ui.fit_text(rest, room, goal_size)]
        lines += [ui.fit_text(line, room, goal_size) for line in wrapped]
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        if rect.width <= 0 or rect.height <= 0:
            return
        ui.panel(surface, rect)
        title_size, goal_size, line = self.sizes()
        self.lines = self.layout_lines()
        self.line_rects = []
        y = rect.top + 5
        for index, text in enumerate(self.lines):
            first = index == 0
            drawn = ui.blit_text(surface, text, (rect.left + 10, y),
                                 title_size if first else goal_size,
                                 ui.ACCENT if first else ui.TEXT, first)
            self.line_rects.append(drawn)
            y += ui.font(title_size, True).get_linesize() if first else line
