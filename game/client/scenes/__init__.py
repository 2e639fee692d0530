"""The window's screens, one module each: ``menu``, ``new_game``, ``draft``, ``board``,
``game_over``, ``settings_scene``, ``load_game`` and ``curtain``.

This module holds what several screens share: choosing the screen that shows a session
(draft, board or game over, by the game's phase), going back to the main menu, a plain
notice screen for when a screen cannot be shown, and showing file names in messages.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.client import ui
from game.client.app import App, Scene, Transition, pop, replace
from game.client.session import Session
from game.rules.core.state import Phase

ROOT = Path(__file__).resolve().parent.parent.parent.parent


def short_paths(message: str) -> str:
    """Shorter file names for reading: relative to the game folder, or ``~``."""
    message = message.replace(str(ROOT) + "/", "")
    home = str(Path.home())
    if home not in ("", "/"):
        message = message.replace(home, "~")
    return message


def wrap_paths(message: str, width: int, size: int) -> list[str]:
    """Like ``ui.wrap``, but a word too long for a line (a file name) is broken, after a
    ``/`` where it can be."""
    face = ui.font(size)
    lines: list[str] = []
    for line in ui.wrap(message, width, size):
        while face.size(line)[0] > width:
            cut = len(line)
            while cut > 1 and face.size(line[:cut])[0] > width:
                cut -= 1
            slash = line.rfind("/", 0, cut)
            if slash > cut // 2:
                cut = slash + 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


class NoticeScene(Scene):
    """A title, a few lines of text and a way back to the menu (Esc, Enter or the button).

    Kept as ``session`` when it stands in for a game screen that could not be shown, so
    nothing about the game is lost."""

    def __init__(self, app: App, title: str, lines: list[str],
                 session: Session | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.session = session
        self.back = ui.Button(pygame.Rect(0, 0, 240, 48), "Back to menu", name="back")
        self.buttons = ui.ButtonRow([self.back])

    def handle(self, event: pygame.event.Event) -> Transition | None:
        redraw, _ = self.buttons.handle(event)
        self.dirty |= redraw
        if self.back.hit(event) or (event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            return back_to_menu(self.app)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        width, height = surface.get_size()
        box_w = min(760, width - 40)
        lines = sum(len(ui.wrap(p, box_w - 60, 16)) + 0.4 for p in self.lines)
        box = pygame.Rect(0, 0, box_w, min(int(200 + 22 * lines), height - 40))
        box.center = (width // 2, height // 2)
        ui.panel(surface, box)
        ui.blit_text(surface, self.title, (box.centerx, box.top + 24), 26, ui.ACCENT, True,
                     anchor="midtop")
        y = box.top + 80
        for paragraph in self.lines:
            for line in ui.wrap(paragraph, box.width - 60, 16):
                ui.blit_text(surface, line, (box.left + 30, y), 16)
                y += 22
            y += 8
        self.back.rect.midbottom = (box.centerx, box.bottom - 24)
        self.back.draw(surface)


def unsaved_dialog(app: App, problem: str, leave: str, result: str,
                   stay: Callable[[], object]) -> Any:
    """The question asked when a game could not be saved on leaving or closing: go
    anyway (``leave``, the button's words; it answers ``result``) or stay (``stay``)."""
    from game.client.panels import Dialog

    reason = problem.rsplit("found ", 1)[-1] if problem else "unknown"
    return Dialog(pygame.Rect((0, 0), app.screen.get_size()), "The game could not be saved",
                  f"The saves folder cannot be written ({reason}). {leave} anyway, and what "
                  "was played since the last save is lost; or stay: the game goes on.",
                  [(f"{leave} anyway", lambda: result, pygame.K_RETURN),
                   ("Stay", stay, pygame.K_ESCAPE)])


def draw_save_problem(surface: pygame.Surface, session: Session, rect: pygame.Rect) -> None:
    """A red line over ``rect``'s top while the game's autosave fails."""
    if not session.save_problem:
        return
    reason = session.save_problem.rsplit("found ", 1)[-1]
    text = ui.fit_text(f"Autosave failed ({reason}): the game goes on; free the saves folder, "
                    "or save with Ctrl+S once it can be written", rect.width - 20, 14, True)
    band = pygame.Rect(rect.left, rect.top, rect.width, 24)
    pygame.draw.rect(surface, (70, 24, 24), band)
    ui.blit_text(surface, text, (band.left + 10, band.centery), 14, ui.BAD, True,
                 anchor="midleft")


def _scene_class(module: str, name: str) -> type[Scene] | str:
    """``game.client.scenes.<module>.<name>``, or why it cannot be had."""
    full = f"{__name__}.{module}"
    try:
        found = getattr(importlib.import_module(full), name)
    except ModuleNotFoundError as exc:
        if exc.name == full:
            return f"The {module} screen ({full}) is not part of this build yet."
        if exc.name and exc.name.startswith("game."):
            return (f"The {module} screen needs {exc.name}, which is not part of this "
                    "build yet.")
        raise  # a library is missing: the install is broken, say so loudly
    except AttributeError:
        return f"{full} has no {name} yet."
    return found  # type: ignore[no-any-return]


def game_scene(app: App, session: Session) -> Scene:
    """The screen that shows ``session`` now: the draft, the board or the game over screen
    (a notice when that screen is not available)."""
    if session.over:
        from .game_over import GameOverScene

        return GameOverScene(app, session)
    module, name = ("draft", "DraftScene") if session.game.phase is Phase.DRAFT \
        else ("board", "BoardScene")
    found = _scene_class(module, name)
    if isinstance(found, str):
        return NoticeScene(app, "This screen is not ready", [
            found,
            "The game was set up and autosaves as it goes; come back to it with Load game "
            "once the screen is there.",
        ], session)
    return found(app, session)  # type: ignore[call-arg]


def back_to_menu(app: App) -> Transition | None:
    """Close every screen above the main menu (a new menu if there is none)."""
    from .menu import MenuScene

    for index, scene in enumerate(app.scenes):
        if isinstance(scene, MenuScene):
            if scene is app.scene:
                return None
            del app.scenes[index + 1:-1]  # keep the menu and the current screen...
            return pop()  # ...which the loop then closes, showing the menu again
    return replace(MenuScene(app))
