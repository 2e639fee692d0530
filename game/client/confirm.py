"""A question asked before an action the player may not mean: go ahead or go back, with a
"Don't ask again" box when a setting can silence the question.

``Enter`` goes ahead, ``Esc`` goes back, ``D`` (or a click) ticks the box. Going ahead
with the box ticked calls ``silence`` (the scene turns the setting off and saves it).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import ui
from game.client.panels import Dialog

#: what the confirm dialog's buttons return to the scene
GO = "go"
BACK = "back"


class Confirm(Dialog):
    """A ``Dialog`` with two answers and, when ``silence`` is given, a "Don't ask again"
    box. ``go`` runs when the player goes ahead; ``back`` when they go back."""

    def __init__(self, bounds: pygame.Rect, title: str, message: str, go_label: str,
                 go: Callable[[], None], back: Callable[[], None],
                 back_label: str = "Go back",
                 silence: Callable[[], None] | None = None) -> None:
        self.go = go
        self.back = back
        self.silence = silence
        self.never = False
        super().__init__(bounds, title, message, [
            (go_label, lambda: GO, pygame.K_RETURN),
            (back_label, lambda: BACK, pygame.K_ESCAPE)])
        for button in self.buttons.buttons:  # wide enough for the longer labels
            button.rect.width = max(button.rect.width, ui.font(18).size(button.label)[0] + 24)
        width = max(self.rect.width, sum(b.rect.width + 12 for b in self.buttons.buttons) + 40)
        if silence is not None:
            self.rect.height += 34
            self.rect.center = bounds.center
        self.rect.width = width
        self.rect.centerx = bounds.centerx
        left = self.rect.centerx - (sum(b.rect.width + 12 for b in self.buttons.buttons)
                                    - 12) // 2
        for button in self.buttons.buttons:
            button.rect.left = left
            button.rect.bottom = self.rect.bottom - 12
            left = button.rect.right + 12
        self.box = pygame.Rect(self.rect.left + 24, self.rect.top + 58 + 22 * len(self.lines),
                               18, 18) if silence is not None else pygame.Rect(0, 0, 0, 0)

    def handle(self, event: pygame.event.Event) -> tuple[bool, object]:
        """Ticks the box, or answers: runs ``go`` (and ``silence`` with the box ticked)
        or ``back``; returns what the pressed button said (``GO``, ``BACK``) or None."""
        if self.silence is not None and (
                (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                 and self.box.inflate(180, 8).move(90, 0).collidepoint(event.pos))
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_d)):
            self.never = not self.never
            return True, None
        redraw, result = self.buttons.handle(event)
        if result == GO:
            if self.never and self.silence is not None:
                self.silence()
            self.go()
        elif result == BACK:
            self.back()
        return redraw, result

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.silence is None:
            return
        box = self.box
        pygame.draw.rect(surface, ui.PANEL_LIGHT, box, border_radius=3)
        pygame.draw.rect(surface, ui.ACCENT if self.never else ui.EDGE, box, width=2,
                         border_radius=3)
        if self.never:
            pygame.draw.lines(surface, ui.ACCENT, False, [
                (box.left + 4, box.centery), (box.centerx - 1, box.bottom - 5),
                (box.right - 4, box.top + 4)], 3)
        ui.blit_text(surface, "Don't ask again (D)", (box.right + 10, box.centery), 15,
                     ui.TEXT if self.never else ui.MUTED, anchor="midleft")
