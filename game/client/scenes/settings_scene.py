"""Settings: window size and fullscreen, animation speed, automatic passing, the computer
players' pace, which questions the game asks before actions are lost, and the language of
the cards. A change applies at once and is saved with
``Settings.save()``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from game.client import settings as settings_module
from game.client import ui
from game.client.app import App, Scene, Transition, pop
from game.client.pacing import PACES
from game.content.mods import Content

WINDOW_SIZES = ((1024, 768), (1280, 720), (1366, 768), (1600, 900), (1920, 1080))
ANIMATION = ((0.0, "Off"), (1.0, "Normal"), (2.0, "Fast"))
PACE = PACES
#: the "Don't ask again" questions: (idle units, skipped buy)
ASKING = (((True, True), "Idle units and buys"), ((True, False), "Idle units"),
          ((False, True), "Buys"), ((False, False), "Never"))
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español",
                  "it": "Italiano", "nl": "Nederlands", "pl": "Polski"}


def apply_display(app: App) -> None:
    """Reopen the window with the settings' size and fullscreen choice."""
    chosen = app.settings
    if chosen.fullscreen:  # the screen as it is: no change of the monitor's resolution
        app.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        app.screen = pygame.display.set_mode(chosen.window_size, pygame.RESIZABLE)
    app.size = app.screen.get_size()
    for scene in app.scenes:
        scene.resized()


def languages(content: Content | None) -> list[str]:
    found = {"en"}
    if content is not None:
        for card in content.library:
            found.update(card.names)
    return sorted(found, key=lambda code: (code != "en", code))


@dataclass(slots=True)
class Row:
    title: str
    note: str
    choices: list[tuple[Any, str]]
    current: Callable[[], Any]
    choose: Callable[[Any], None]


class SettingsScene(Scene):
    def __init__(self, app: App, content: Content | None = None) -> None:
        super().__init__(app)
        self.content = content
        self.problem = ""
        self.rows = self._rows()
        self.buttons = ui.ButtonRow()
        self.back = ui.Button(pygame.Rect(0, 0, 180, 48), "Back", name="back",
                              hotkey=pygame.K_ESCAPE)

    def _rows(self) -> list[Row]:
        s = self.app.settings
        sizes = list(WINDOW_SIZES)
        if s.window_size not in sizes:
            sizes.append(s.window_size)
        return [
            Row("Window size", "the size of the window when not fullscreen",
                [(size, f"{size[0]}×{size[1]}") for size in sizes],
                lambda: self.app.settings.window_size, self._set_size),
            Row("Fullscreen", "fill the whole screen", [(False, "Off"), (True, "On")],
                lambda: self.app.settings.fullscreen, self._set_fullscreen),
            Row("Animation", "how fast pieces move, attack and fall (Off: at once)",
                list(ANIMATION),
                lambda: self.app.settings.animation_speed,
                lambda v: setattr(self.app.settings, "animation_speed", v)),
            Row("Pass automatically", "pass priority for you when you have no fast action "
                "you could take", [(True, "On"), (False, "Off")],
                lambda: self.app.settings.auto_pass,
                lambda v: setattr(self.app.settings, "auto_pass", v)),
            Row("Computer pace", "how long each computer move stays on screen "
                "(passes and bookkeeping: at once)",
                [(v, f"{label} ({v:g} s)") for v, label in PACE],
                lambda: self.app.settings.computer_pace,
                lambda v: setattr(self.app.settings, "computer_pace", v)),
            Row("Ask first", "before a Pass or End turn leaves units idle or skips a "
                "buy you can afford", list(ASKING),
                lambda: (self.app.settings.ask_idle_units, self.app.settings.ask_skipped_buy),
                self._set_asking),
            Row("Language", "the language of the cards' names and texts",
                [(code, LANGUAGE_NAMES.get(code, code)) for code in languages(self.content)],
                lambda: self.app.settings.language,
                lambda v: setattr(self.app.settings, "language", v)),
        ]

    def _set_asking(self, value: tuple[bool, bool]) -> None:
        self.app.settings.ask_idle_units, self.app.settings.ask_skipped_buy = value

    def _set_size(self, size: tuple[int, int]) -> None:
        self.app.settings.window_width, self.app.settings.window_height = size
        apply_display(self.app)

    def _set_fullscreen(self, on: bool) -> None:
        self.app.settings.fullscreen = on
        apply_display(self.app)

    def choose(self, row: Row, value: Any) -> None:
        try:
            row.choose(value)
        except pygame.error as exc:
            self.problem = f"The window could not change: {exc}"
            return
        try:
            self.app.settings.save()
        except OSError as exc:
            self.problem = (f"{settings_module.config_dir()}: settings.json: expected a "
                            f"writable folder, found {type(exc).__name__}: {exc}")
        else:
            self.problem = ""

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if self.back.hit(event):
            return pop()
        if event.type == pygame.MOUSEMOTION:
            self.dirty |= self.back.hover(event.pos)
        redraw, _ = self.buttons.handle(event)
        self.dirty |= redraw
        return None

    @staticmethod
    def label_width(width: int) -> int:
        """The width of the column of titles and notes, left of the choices."""
        return min(340, width * 3 // 10)

    def note_lines(self, note: str, width: int) -> list[str]:
        """A row's note on at most two lines under its title (the second cut with an
        ellipsis if the note is longer)."""
        room = self.label_width(width) - 20
        lines = ui.wrap(note, room, 13)
        if len(lines) > 2:
            lines = [lines[0], ui.fit_text(" ".join(lines[1:]), room, 13)]
        return lines

    def _layout(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        label_w = self.label_width(width)
        x0 = 40 + label_w
        buttons: list[ui.Button] = []
        hovered = {b.name for b in self.buttons.buttons if b.hovered}
        row_h = max(54, min(84, (height - 212) // len(self.rows)))
        for r, row in enumerate(self.rows):
            y = 112 + r * row_h
            x = x0
            current = row.current()
            for value, label in row.choices:
                w = max(90, ui.font(16).size(label)[0] + 28)
                if x + w > width - 30:
                    break
                button = ui.Button(pygame.Rect(x, y, w, 38), label,
                                   partial(self.choose, row, value),
                                   selected=value == current, size=16,
                                   name=f"{row.title}: {label}")
                button.hovered = button.name in hovered
                buttons.append(button)
                x += w + 10
        self.buttons = ui.ButtonRow(buttons)
        self.row_h = row_h
        self.back.rect.bottomleft = (40, height - 24)

    # ------------------------------------------------------------------ drawing

    def enter(self) -> None:
        super().enter()
        self._layout(self.app.screen)

    def resized(self) -> None:
        super().resized()
        self._layout(self.app.screen)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface)
        surface.fill(ui.BG)
        width, height = surface.get_size()
        ui.blit_text(surface, "Settings", (40, 24), 30, ui.ACCENT, True)
        ui.blit_text(surface, "Changes apply at once and are saved for the next time.",
                     (40, 64), 15, ui.MUTED)
        for r, row in enumerate(self.rows):
            y = 112 + r * self.row_h
            ui.blit_text(surface, row.title, (40, y + 2), 18, ui.TEXT, True)
            for i, line in enumerate(self.note_lines(row.note, width)):
                ui.blit_text(surface, line, (40, y + 26 + 16 * i), 13, ui.MUTED)
        self.buttons.draw(surface)
        self.back.draw(surface)
        where = settings_module.config_dir() / "settings.json"
        ui.blit_text(surface, f"Saved in {where}", (self.back.rect.right + 24,
                     self.back.rect.centery), 13, ui.MUTED, anchor="midleft")
        if self.problem:
            ui.blit_text(surface, self.problem, (40, self.back.rect.top - 30), 15, ui.BAD)
