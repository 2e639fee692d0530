"""The bottom of the screen in a fleet game (seed 003), where the hand is in the card
games: the commands that are not on the board (the strategies, confirming the moves,
space cannon, landing, building, new command tokens, passing) as a grid of buttons; and,
beside them, what the system under the mouse holds: every player's units there by kind,
the command tokens, the planet and its controller, capacity in use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import ui
from game.client.actions_ui import Choice, name_of
from game.content import locale
from game.rules.geometry import Tile
from game.rules.rulesets.fleet.view import system, tactic

#: colours of the choice kinds (as the board's highlights)
KIND_FILL = {"attack": (120, 52, 46), "move": (44, 72, 120), "play": (104, 86, 36)}


def _returning(choice: Choice) -> Callable[[], object]:
    def action() -> object:
        return choice

    return action


class FleetPanel:
    """Buttons for the fleet's choices, and the hovered system's contents."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons = ui.ButtonRow()
        self.choices: list[Choice] = []
        self.hovered: Tile | None = None
        self.scale = 1.0

    @property
    def command_rect(self) -> pygame.Rect:
        """The left part: the buttons."""
        return pygame.Rect(self.rect.left, self.rect.top, self.rect.width * 62 // 100,
                           self.rect.height)

    @property
    def system_rect(self) -> pygame.Rect:
        """The right part: the hovered system."""
        left = self.command_rect
        return pygame.Rect(left.right, self.rect.top, self.rect.width - left.width,
                           self.rect.height)

    def set_choices(self, choices: list[Choice]) -> None:
        """Lay the choices out as buttons, row after row, in the order given."""
        self.choices = list(choices)
        area = self.command_rect.inflate(-16, -30)
        area.top = self.rect.top + 24
        size = max(12, round(14 * self.scale))
        height = max(24, round(30 * self.scale))
        x, y = area.left, area.top
        buttons = []
        for choice in choices:
            width = ui.font(size).size(choice.label)[0] + 22
            if x + width > area.right and x > area.left:
                x, y = area.left, y + height + 6
            rect = pygame.Rect(x, y, width, height)
            buttons.append(ui.Button(rect, choice.label, _returning(choice), size=size,
                                     name=choice.label))
            x += width + 6
        self.buttons.buttons = buttons

    def hit(self, event: pygame.event.Event) -> Choice | None:
        for button in self.buttons.buttons:
            if button.hit(event) and button.action is not None:
                result = button.action()
                return result if isinstance(result, Choice) else None
        return None

    def button(self, label_start: str) -> ui.Button | None:
        """The first button whose label starts so (tests click through it)."""
        for button in self.buttons.buttons:
            if button.label.startswith(label_start):
                return button
        return None

    def draw(self, surface: pygame.Surface, game: Any, title: str) -> None:
        pygame.draw.rect(surface, ui.PANEL, self.rect)
        pygame.draw.line(surface, ui.EDGE, self.rect.topleft, self.rect.topright)
        ui.blit_text(surface, title, (self.rect.left + 10, self.rect.top + 5),
                     max(11, round(13 * self.scale)), ui.MUTED)
        for button, choice in zip(self.buttons.buttons, self.choices, strict=False):
            button.draw(surface)
            fill = KIND_FILL.get(choice.kind)
            if fill is not None and button.enabled:
                pygame.draw.rect(surface, fill, button.rect.inflate(-4, -4).move(0, 0), 2,
                                 border_radius=6)
        self._draw_moves(surface, game)
        self._draw_system(surface, game)

    def _draw_moves(self, surface: pygame.Surface, game: Any) -> None:
        """During the movement step: every declared ship, its path and what it carries."""
        found = tactic(game)
        if found is None or found.step != "move" or not found.moves:
            return
        size = max(11, round(12 * self.scale))
        bottom = max((b.rect.bottom for b in self.buttons.buttons), default=self.rect.top + 24)
        area = self.command_rect.inflate(-16, 0)
        y = bottom + 8
        for ship, path in found.moves:
            carried = [name_of(game, u) for u, s in found.cargo if s == ship]
            route = " → ".join(game.geometry.label(t) for t in path)
            line = f"{name_of(game, ship)}: {route}"
            if carried:
                line += " carrying " + ", ".join(carried)
            ui.blit_text(surface, line, (area.left, y), size, (250, 230, 140))
            y += size + 4
            if y > self.rect.bottom - size:
                break

    def _draw_system(self, surface: pygame.Surface, game: Any) -> None:
        area = self.system_rect.inflate(-12, -10)
        pygame.draw.line(surface, ui.EDGE, (area.left - 6, self.rect.top + 8),
                         (area.left - 6, self.rect.bottom - 8))
        size = max(11, round(13 * self.scale))
        if self.hovered is None or not game.geometry.contains(self.hovered):
            ui.blit_text(surface, "Rest the mouse on a system to see what it holds",
                         (area.left, area.top), size, ui.MUTED)
            return
        view = system(game, self.hovered)
        kind = game.tile_kind(self.hovered).name
        key = f"tile.{kind}.name"
        shown = locale.text(key) if locale.has(key) else kind
        head = f"{game.geometry.label(self.hovered)} · {shown}"
        if view.planet:
            owner = f"P{view.controller + 1}" if view.controller >= 0 else "nobody"
            head += f" · {view.resources} ◆, held by {owner}"
        if view.objective:
            head += f" · objective ★{view.objective}"
        ui.blit_text(surface, head, (area.left, area.top), size, ui.TEXT, bold=True)
        y = area.top + size + 8
        if view.tokens:
            tokens = ", ".join(f"P{p + 1}" for p in view.tokens)
            ui.blit_text(surface, f"Command tokens: {tokens}", (area.left, y), size, ui.MUTED)
            y += size + 5
        players = sorted({s.player for s in view.stacks})
        if not players:
            ui.blit_text(surface, "No units", (area.left, y), size, ui.MUTED)
        for player in players:
            space = [s for s in view.stacks if s.player == player and not s.landed]
            ground = [s for s in view.stacks if s.player == player and s.landed]
            parts = [f"{s.count}× {s.card}" + (f" ({s.damaged} hit)" if s.damaged else "")
                     for s in space]
            line = "space: " + ", ".join(parts) if parts else ""
            if ground:
                line += ("; " if line else "") + "planet: " + ", ".join(
                    f"{s.count}× {s.card}" for s in ground)
            load = next(((u, t) for p, u, t in view.capacity if p == player), None)
            if load is not None:
                line += f" · capacity {load[0]}/{load[1]}"
            colour = ui.player_colour(player)
            pygame.draw.circle(surface, colour, (area.left + 6, y + size // 2 + 1), 5)
            for text in ui.wrap(f"P{player + 1} {line}", area.width - 18, size)[:3]:
                ui.blit_text(surface, text, (area.left + 16, y), size, ui.TEXT)
                y += size + 3
            y += 3
            if y > area.bottom - size:
                break
