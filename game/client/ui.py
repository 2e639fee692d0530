"""The window's look and its few widgets: colours, fonts, cached text, buttons, panels."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

FONTS = Path(__file__).resolve().parent.parent.parent / "assets" / "fonts"

BG = (22, 26, 34)
PANEL = (36, 42, 54)
PANEL_LIGHT = (48, 56, 72)
EDGE = (78, 90, 112)
TEXT = (234, 231, 220)
MUTED = (150, 156, 168)
ACCENT = (228, 178, 76)
GOOD = (96, 188, 110)
BAD = (222, 84, 70)
PLAYER_COLOURS = [(70, 140, 245), (224, 76, 64), (76, 184, 92), (214, 170, 44),
                  (170, 104, 226), (52, 190, 196)]
NEUTRAL_COLOUR = (170, 170, 170)


def player_colour(player: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)] if player >= 0 else NEUTRAL_COLOUR


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_texts: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}


def forget_fonts() -> None:
    """Drop every cached font and text (fonts die with ``pygame.quit()``)."""
    _fonts.clear()
    _texts.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
        forget_fonts()
    key = (size, bold)
    found = _fonts.get(key)
    if found is not None:
        try:
            found.get_linesize()
        except pygame.error:  # cached before a pygame.quit() and init(): it died
            forget_fonts()
            found = None
    if found is None:
        if not _fonts:
            # fonts die with pygame.quit(), even when pygame.init() follows (a quit
            # function is called once, so it is registered again with each new cache)
            pygame.register_quit(forget_fonts)
        path = FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
        found = pygame.font.Font(str(path) if path.exists() else None, size)
        _fonts[key] = found
    return found


def text(content: str, size: int = 16, colour: tuple[int, ...] = TEXT,
         bold: bool = False) -> pygame.Surface:
    """Rendered text, cached (rendering text each frame is a measurable cost)."""
    key = (content, size, tuple(colour), bold)
    found = _texts.get(key)
    if found is None:
        if len(_texts) > 4000:
            _texts.clear()
        try:
            found = font(size, bold).render(content, True, colour)
        except pygame.error:  # a font cached before pygame.quit(): start again
            forget_fonts()
            found = font(size, bold).render(content, True, colour)
        _texts[key] = found
    return found


#: where a line may break: any white space but the no-break space
_BREAKS = re.compile(r"[^\S\u00a0]+")


def wrap(content: str, width: int, size: int = 14, bold: bool = False) -> list[str]:
    """Break text into lines no wider than ``width`` pixels."""
    lines: list[str] = []
    face = font(size, bold)
    try:
        face.size("x")
    except pygame.error:
        forget_fonts()
        face = font(size, bold)
    for paragraph in content.split("\n"):
        words = _BREAKS.split(paragraph.strip())  # a no-break space holds words together
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if face.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] = PANEL,
          edge: tuple[int, int, int] = EDGE, radius: int = 8) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=1, border_radius=radius)


#: the smallest size a button's label shrinks to before it is cut
MIN_BUTTON_TEXT = 12


def fit_text(content: str, width: int, size: int, bold: bool = False) -> str:
    """``content`` cut with an ellipsis to ``width`` pixels."""
    face = font(size, bold)
    if face.size(content)[0] <= width:
        return content
    while content and face.size(content + "…")[0] > width:
        content = content[:-1]
    return content + "…"


def blit_text(surface: pygame.Surface, content: str, pos: tuple[int, int], size: int = 16,
              colour: tuple[int, ...] = TEXT, bold: bool = False, anchor: str = "topleft"
              ) -> pygame.Rect:
    image = text(content, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], object] | None = None
    enabled: bool = True
    hotkey: int | None = None
    hovered: bool = False
    selected: bool = False
    tooltip: str = ""
    size: int = 18
    name: str = field(default="")

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            fill, edge, colour = PANEL, EDGE, MUTED
        elif self.selected:
            fill, edge, colour = (92, 76, 40), ACCENT, TEXT
        elif self.hovered:
            fill, edge, colour = PANEL_LIGHT, ACCENT, TEXT
        else:
            fill, edge, colour = PANEL_LIGHT, EDGE, TEXT
        panel(surface, self.rect, fill, edge)
        # a label too long for the button is drawn smaller, and cut only as a last resort
        size, room = self.size, self.rect.width - 12
        while size > MIN_BUTTON_TEXT and font(size).size(self.label)[0] > room:
            size -= 1
        blit_text(surface, fit_text(self.label, room, size), self.rect.center, size, colour,
                  anchor="center")

    def hover(self, pos: tuple[int, int]) -> bool:
        """Update the hover state; True when it changed (the scene must redraw)."""
        now = self.enabled and self.rect.collidepoint(pos)
        changed = now != self.hovered
        self.hovered = now
        return changed

    def hit(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return bool(self.rect.collidepoint(event.pos))
        return bool(event.type == pygame.KEYDOWN and self.hotkey is not None
                    and event.key == self.hotkey)


class ButtonRow:
    """A set of buttons handled together: hover, clicks and hotkeys."""

    def __init__(self, buttons: list[Button] | None = None) -> None:
        self.buttons: list[Button] = buttons or []

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)

    def handle(self, event: pygame.event.Event) -> tuple[bool, object]:
        """(needs redraw, result of a pressed button's action or None)."""
        if event.type == pygame.MOUSEMOTION:
            changed = False
            for button in self.buttons:
                changed |= button.hover(event.pos)
            return changed, None
        for button in self.buttons:
            if button.hit(event):
                return True, button.action() if button.action else None
        return False, None

    def find(self, name: str) -> Button:
        for button in self.buttons:
            if button.name == name or button.label == name:
                return button
        raise KeyError(name)
