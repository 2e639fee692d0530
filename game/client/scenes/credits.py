"""Credits: who made the pictures and the fonts the game shows, and under which licences.

Reached from the main menu (Credits, key C). The card and piece pictures are game-icons.net
icons under CC BY 3.0: the screen names the set, the licence, where its text lies, and
every author with the icons of theirs the game uses (and the cards they picture), read
from ``assets/icons/manifest.json`` (``game.content.icons.icon_credits``). The fonts are
DejaVu Sans, under the Bitstream Vera licence (``assets/fonts/LICENSE-DejaVu.txt``).

The text scrolls with the mouse wheel, the arrow keys, Page Up/Down and Home/End; Esc or
Back returns to the menu.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client import ui
from game.client.app import App, Scene, Transition, pop
from game.content.icons import IconCredits, icon_credits

from . import ROOT


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the credits as drawn: its words, size, colour, weight and indent."""

    text: str
    size: int = 15
    colour: tuple[int, int, int] = ui.TEXT
    bold: bool = False
    indent: int = 0
    #: space above the line, in pixels
    gap: int = 0


@dataclass(frozen=True, slots=True)
class Paragraph:
    """Words to wrap to the screen's width."""

    text: str
    size: int = 15
    colour: tuple[int, int, int] = ui.TEXT
    bold: bool = False
    indent: int = 0
    gap: int = 4


FONT_LICENCE = "assets/fonts/LICENSE-DejaVu.txt"
LIBRARIES = ("pygame-ce (LGPL 2.1) draws the window; esper, pytmx, PyYAML, jsonschema and "
             "platformdirs (MIT and BSD licences) run the rules and read the maps and cards.")


def credits_paragraphs(icons: IconCredits | None) -> list[Paragraph]:
    """Everything the screen says, before wrapping."""
    found: list[Paragraph] = [Paragraph("Card and piece pictures", 22, ui.ACCENT, True, gap=8)]
    if icons is None:
        found.append(Paragraph("The icon credits (assets/icons/manifest.json) are missing.",
                               colour=ui.BAD))
    else:
        licence_file = icons.licence_file.relative_to(ROOT) if icons.licence_file.is_relative_to(
            ROOT) else icons.licence_file
        count = sum(len(named) for _, named in icons.authors)
        found += [
            Paragraph(f"The pictures on the cards and board pieces are {count} icons of the "
                      f"game-icons.net set ({icons.source}), by the authors below, under the "
                      f"Creative Commons Attribution 3.0 Unported licence ({icons.licence}, "
                      f"{icons.licence_url}; its text: {licence_file}). We coloured, "
                      "outlined and rasterized them for the game (tools/make_card_art.py, "
                      f"from the npm package {icons.package} {icons.version}); "
                      "assets/icons/CREDITS.md lists every card with its icon."),
        ]
        for author, named in icons.authors:
            found.append(Paragraph(f"{author} — {len(named)} icon{'s' if len(named) != 1 else ''}",
                                   17, ui.TEXT, True, gap=10))
            found.append(Paragraph("; ".join(f"{icon} ({', '.join(cards)})"
                                             for icon, cards in named), 14, ui.MUTED,
                                   indent=16, gap=2))
    found += [
        Paragraph("Fonts", 22, ui.ACCENT, True, gap=22),
        Paragraph("DejaVu Sans and DejaVu Sans Bold, by the DejaVu fonts team after "
                  "Bitstream Vera (copyright 2003 Bitstream, Inc.), under the Bitstream Vera "
                  "licence; the DejaVu changes are in the public domain. The licence: "
                  f"{FONT_LICENCE}."),
        Paragraph("Libraries", 22, ui.ACCENT, True, gap=22),
        Paragraph(LIBRARIES),
    ]
    return found


def layout_lines(paragraphs: list[Paragraph], width: int) -> list[Line]:
    lines: list[Line] = []
    for para in paragraphs:
        wrapped = ui.wrap(para.text, max(80, width - para.indent), para.size, para.bold)
        for i, text in enumerate(wrapped):
            lines.append(Line(text, para.size, para.colour, para.bold, para.indent,
                              para.gap if i == 0 else 0))
    return lines


def lines_height(lines: list[Line]) -> int:
    """How tall ``lines`` are drawn, in pixels."""
    return sum(line.gap + ui.font(line.size, line.bold).get_linesize() for line in lines)


def scroll_steps(page: int) -> dict[int, int]:
    """The keys that scroll a text and by how many pixels (``page``: a screenful)."""
    return {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: page,
            pygame.K_PAGEUP: -page, pygame.K_END: 10 ** 6, pygame.K_HOME: -10 ** 6}


def draw_lines(surface: pygame.Surface, area: pygame.Rect, lines: list[Line],
               scroll: int) -> None:
    """``lines`` inside ``area``, scrolled down by ``scroll`` pixels."""
    clip = surface.get_clip()
    surface.set_clip(area)
    y = area.top - scroll
    for line in lines:
        y += line.gap
        step = ui.font(line.size, line.bold).get_linesize()
        if y + step >= area.top and y <= area.bottom:
            ui.blit_text(surface, line.text, (area.left + line.indent, y), line.size,
                         line.colour, line.bold)
        y += step
    surface.set_clip(clip)


class CreditsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.paragraphs = credits_paragraphs(icon_credits())
        self.back = ui.Button(pygame.Rect(0, 0, 180, 48), "Back", name="back",
                              hotkey=pygame.K_ESCAPE)
        self.scroll = 0  # pixels scrolled down
        self._lines: tuple[int, list[Line]] = (0, [])
        self.text_area = pygame.Rect(0, 0, 0, 0)

    def lines(self, width: int) -> list[Line]:
        if self._lines[0] != width:
            self._lines = (width, layout_lines(self.paragraphs, width))
        return self._lines[1]

    def text_height(self) -> int:
        return lines_height(self.lines(self.text_area.width))

    def scroll_by(self, pixels: int) -> None:
        most = max(0, self.text_height() - self.text_area.height)
        wanted = max(0, min(self.scroll + pixels, most))
        if wanted != self.scroll:
            self.scroll = wanted
            self.dirty = True

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.back.hit(event):
            return pop()
        if event.type == pygame.MOUSEMOTION:
            self.dirty |= self.back.hover(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 48)
        elif event.type == pygame.KEYDOWN:
            page = max(40, self.text_area.height - 40)
            steps = {**scroll_steps(page), pygame.K_SPACE: page}
            if event.key in steps:
                self.scroll_by(steps[event.key])
        return None

    def resized(self) -> None:
        super().resized()
        self.scroll = 0

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        width, height = surface.get_size()
        left = max(40, width // 16)
        ui.blit_text(surface, "Credits", (left, 24), 30, ui.ACCENT, True)
        ui.blit_text(surface, "Who made what the game shows, and the licences it is under.",
                     (left, 64), 15, ui.MUTED)
        self.back.rect.bottomleft = (left, height - 20)
        self.text_area = pygame.Rect(left, 100, min(1100, width - 2 * left),
                                     self.back.rect.top - 16 - 100)
        self.scroll = max(0, min(self.scroll, self.text_height() - self.text_area.height))
        draw_lines(surface, self.text_area, self.lines(self.text_area.width), self.scroll)
        if self.text_height() > self.text_area.height:
            ui.blit_text(surface, "scroll for more: wheel, arrows, Page Up/Down",
                         (self.text_area.right, self.back.rect.centery), 13, ui.MUTED,
                         anchor="midright")
        self.back.draw(surface)
