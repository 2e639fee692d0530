"""The main menu: Your first game (the guided tutorial), Play (a sensible game at once),
New game, Load game, How to play (the help: keys, words and the rules), Settings,
Credits, Quit.

Mouse or keyboard (arrows and Enter, or each button's letter; Esc quits). Beside the
buttons: a preview of the game Play starts, and the problems found in the content (bad
maps, cards, mods, saves) in a panel of their own, so the player knows what was left out.
"""

from __future__ import annotations

import pygame

from game.client import ui
from game.client.app import App, Scene, Transition, push, quit_game
from game.client.minimap import render_minimap
from game.client.session import Seat
from game.client.ui import fit_text
from game.content.mods import Content, load_content
from game.rules import GameSetup

from . import short_paths, wrap_paths
from .new_game import NewGameScene, quick_setup, start_game, win_text


class MenuScene(Scene):
    ITEMS = (("tutorial", "Your first game", pygame.K_t),
             ("play", "Play", pygame.K_p), ("new", "New game", pygame.K_n),
             ("load", "Load game", pygame.K_l), ("help", "How to play", pygame.K_h),
             ("settings", "Settings", pygame.K_s), ("credits", "Credits", pygame.K_c),
             ("quit", "Quit", pygame.K_q))

    def __init__(self, app: App, content: Content | None = None) -> None:
        super().__init__(app)
        if content is None:
            content = load_content()
            app.messages.extend(str(p) for p in content.problems
                                if str(p) not in app.messages)
        self.content = content
        # a first launch points at Your first game; later ones at Play
        self.focus = 1 if app.settings.tutorial_done else 0
        self.buttons = ui.ButtonRow([
            ui.Button(pygame.Rect(0, 0, 320, 56), label, None, hotkey=key, size=22, name=name)
            for name, label, key in self.ITEMS])
        self.message_scroll = 0
        self._quick: tuple[GameSetup, list[Seat]] | None = None
        self._quick_known = False  # has the game Play starts been chosen yet?
        #: the tutorial's game for its preview (() when its map did not load)
        self._tutorial: tuple[GameSetup, list[Seat]] | tuple[()] | None = None
        self.error = ""

    # ------------------------------------------------------------------ the Play game

    def quick(self) -> tuple[GameSetup, list[Seat]] | None:
        """The game Play starts (chosen once per visit, with a fresh seed each time)."""
        if not self._quick_known:
            self._quick = quick_setup(self.content)
            self._quick_known = True
        return self._quick

    def play(self) -> Transition | None:
        chosen = self.quick()
        if chosen is None:
            self.error = "No playable two-player map was found: see the problems listed."
            self.dirty = True
            return None
        setup, seats = chosen
        self._quick_known = False  # the next Play deals a new seed
        try:
            session = start_game(self.app, setup, seats)
        except ValueError as exc:
            self.error = f"The game could not start: {exc}"
            self.dirty = True
            return None
        from . import game_scene

        return push(game_scene(self.app, session))

    def tutorial(self) -> Transition | None:
        """Start "Your first game": the tutorial's own map, seed and stores, with the
        hint panel beside the board."""
        from game.client.tutorial import MAP, TutorialPanel, tutorial_setup

        chosen = tutorial_setup(self.content)
        if chosen is None:
            self.error = f"The tutorial's map ({MAP}) did not load: see the problems listed."
            self.dirty = True
            return None
        try:
            session = start_game(self.app, *chosen)
        except ValueError as exc:
            self.error = f"The tutorial could not start: {exc}"
            self.dirty = True
            return None
        from .board import BoardScene

        return push(BoardScene(self.app, session, tutorial=TutorialPanel()))

    def choose(self, name: str) -> Transition | None:
        if name == "tutorial":
            return self.tutorial()
        if name == "play":
            return self.play()
        if name == "new":
            return push(NewGameScene(self.app, self.content))
        if name == "load":
            from .load_game import LoadGameScene

            return push(LoadGameScene(self.app, self.content))
        if name == "settings":
            from .settings_scene import SettingsScene

            return push(SettingsScene(self.app, self.content))
        if name == "help":
            from .help import HelpScene

            return push(HelpScene(self.app))
        if name == "credits":
            from .credits import CreditsScene

            return push(CreditsScene(self.app))
        return quit_game()

    # ------------------------------------------------------------------ events

    def enter(self) -> None:
        super().enter()
        self.error = ""

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return quit_game()
            if event.key == pygame.K_F1:
                return self.choose("help")
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                step = -1 if event.key == pygame.K_UP else 1
                self.focus = (self.focus + step) % len(self.buttons.buttons)
                self.dirty = True
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.choose(self.buttons.buttons[self.focus].name)
        if event.type == pygame.MOUSEWHEEL:
            self.message_scroll = max(0, self.message_scroll - event.y)
            self.dirty = True
            return None
        if event.type == pygame.MOUSEMOTION:
            for index, button in enumerate(self.buttons.buttons):
                if button.rect.collidepoint(event.pos) and index != self.focus:
                    self.focus = index
                    self.dirty = True
            return None
        for button in self.buttons.buttons:
            if button.hit(event):
                return self.choose(button.name)
        return None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        width, height = surface.get_size()
        left = max(40, width // 16)
        # a short window (a small screen): a smaller title, closer buttons, all of them seen
        short = height < 640
        title, below, head = (44, 56, 100) if short else (60, 78, 140)
        ui.blit_text(surface, "Muhq's Game", (left, height // 10), title, ui.ACCENT, True)
        ui.blit_text(surface, "digital edition  ·  draft a store, build your deck, take the map",
                     (left + 4, height // 10 + below), 17, ui.MUTED)
        y = height // 10 + head
        count = len(self.buttons.buttons)
        spacing = max(36 if short else 44, min(70, (height - y - 40) // count))
        for index, button in enumerate(self.buttons.buttons):
            button.rect.topleft = (left, y + index * spacing)
            button.rect.height = min(56, spacing - 6)
            button.hovered = index == self.focus
        self.buttons.draw(surface)
        ui.blit_text(surface, "T, P, N, L, H, S, C, Q choose  ·  ↑ ↓ Enter  ·  F1 help  ·  "
                     "Esc quits",
                     (left, self.buttons.buttons[-1].rect.bottom + 20), 14, ui.MUTED)
        if self.error:
            ui.blit_text(surface, self.error, (left, height - 40), 16, ui.BAD)
        side = pygame.Rect(left + 380, y, width - left - 380 - left, height - y - 40)
        if side.width < 260:
            return
        messages = [short_paths(m) for m in self.app.messages]
        preview_h = side.height
        if messages:
            lines = sum(len(wrap_paths(m, side.width - 44, 14)) for m in messages)
            wanted = 52 + 19 * lines
            preview_h = max(side.height // 2, side.height - 16 - wanted)
        preview = pygame.Rect(side.left, side.top, side.width, preview_h)
        if self.buttons.buttons[self.focus].name == "tutorial":
            self._draw_tutorial_preview(surface, preview)
        else:
            self._draw_play_preview(surface, preview)
        if messages:
            box = pygame.Rect(side.left, side.top + preview_h + 16, side.width,
                              side.height - preview_h - 16)
            self._draw_messages(surface, box, messages)

    def _draw_play_preview(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        chosen = self.quick()
        ui.panel(surface, area)
        if chosen is None:
            ui.blit_text(surface, "No two-player map to start with.", (area.left + 16,
                         area.top + 14), 16, ui.MUTED)
            return
        setup, _ = chosen
        spec = setup.map
        ui.blit_text(surface, "Play starts:", (area.left + 16, area.top + 12), 15, ui.MUTED)
        ui.blit_text(surface, spec.title or spec.name, (area.left + 110, area.top + 9), 19,
                     ui.ACCENT, True)
        goal = win_text(spec.win, self.app.settings.language).lower()
        if spec.ruleset == "duel" and setup.decks:
            generals = " against ".join(deck[0] for deck in setup.decks if deck)
            detail = f"you against the easy computer · {goal} · {generals}"
        else:
            detail = (f"you against the easy computer · {goal} · "
                      f"sets {', '.join(setup.sets)} · draft {setup.draft}")
        lines = ui.wrap(detail, area.width - 32, 14)[:2]
        for i, line in enumerate(lines):
            ui.blit_text(surface, line, (area.left + 16, area.top + 38 + 18 * i), 14, ui.MUTED)
        top = area.top + 44 + 18 * len(lines)
        picture = pygame.Rect(area.left + 12, top, area.width - 24, area.bottom - top - 12)
        if picture.height > 40:
            surface.blit(render_minimap(spec, picture.size), picture)

    def _draw_tutorial_preview(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """What Your first game is, with its map."""
        from game.client.tutorial import MAP, tutorial_setup

        ui.panel(surface, area)
        if self._tutorial is None:
            self._tutorial = tutorial_setup(self.content) or ()
        ui.blit_text(surface, "Your first game", (area.left + 16, area.top + 9), 19,
                     ui.ACCENT, True)
        if not self._tutorial:
            ui.blit_text(surface, f"Its map ({MAP}) did not load.", (area.left + 16,
                         area.top + 40), 14, ui.BAD)
            return
        detail = ("New here? One guided turn against a gentle computer, a hint beside the "
                  "board at every step: upkeep, playing cards, moving, attacking, buying. "
                  "Then play on.")
        lines = ui.wrap(detail, area.width - 32, 14)
        for i, line in enumerate(lines):
            ui.blit_text(surface, line, (area.left + 16, area.top + 38 + 18 * i), 14, ui.MUTED)
        top = area.top + 44 + 18 * len(lines)
        picture = pygame.Rect(area.left + 12, top, area.width - 24, area.bottom - top - 12)
        if picture.height > 40:
            surface.blit(render_minimap(self._tutorial[0].map, picture.size), picture)

    def _draw_messages(self, surface: pygame.Surface, box: pygame.Rect,
                       messages: list[str]) -> None:
        ui.panel(surface, box, (50, 38, 34), (150, 96, 70))
        title = (f"{len(messages)} problem{'s' if len(messages) != 1 else ''} in the content"
                 " — play goes on without these items")
        ui.blit_text(surface, fit_text(title, box.width - 28, 15, True),
                     (box.left + 14, box.top + 10), 15, ui.ACCENT, True)
        lines: list[tuple[str, bool]] = []
        for message in messages:
            for i, line in enumerate(wrap_paths(message, box.width - 44, 14)):
                lines.append((line, i == 0))
        room = max(1, (box.height - 44) // 19)
        self.message_scroll = max(0, min(self.message_scroll, max(0, len(lines) - room)))
        y = box.top + 36
        for line, first in lines[self.message_scroll:self.message_scroll + room]:
            if first:
                pygame.draw.circle(surface, ui.BAD, (box.left + 20, y + 9), 3)
            ui.blit_text(surface, line, (box.left + 30, y), 14, ui.TEXT)
            y += 19
        if len(lines) > room:
            ui.blit_text(surface, "scroll for more", (box.right - 12, box.bottom - 6), 12,
                         ui.MUTED, anchor="bottomright")
