"""How the board shows a fleet game (seed 003): in each system its units stacked by owner
and kind (a chip per stack: the unit's short name and how many), the planet's units along
the bottom with a ring in its controller's colour, command tokens as discs along the top,
the objective's points, capacity in use, and the active system framed in gold; the
declared moves and the paths a selected ship may take, drawn as lines from system to
system. Everything is read from ``game.rules.rulesets.fleet.view``."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from game.client import ui
from game.rules.geometry import Tile
from game.rules.rulesets.fleet.view import Stack, SystemView

ACTIVE = (246, 204, 80)
PATH = (120, 190, 255)
DECLARED = (250, 230, 140)
CHIP_TEXT = (250, 250, 250)
SHADOW = (8, 10, 16)
#: kinds of unit, in the order their chips are drawn
KIND_ORDER = {"ship": 0, "fighter": 1, "ground": 2, "structure": 3, "unit": 4}


def short_names(names: Iterable[str]) -> dict[str, str]:
    """The shortest start of each name that tells it from the others (Carrier Ca, Cruiser
    Cr, Fighter F...), a word's first letters for names of several words."""
    names = sorted(set(names))
    found = {}
    for name in names:
        words = name.split()
        base = "".join(w[0] for w in words) if len(words) > 1 else name
        for size in range(1, len(base) + 1):
            prefix = base[:size]
            if not any(other != name and _base(other).startswith(prefix) for other in names):
                found[name] = prefix
                break
        else:
            found[name] = base[:3]
    return found


def _base(name: str) -> str:
    words = name.split()
    return "".join(w[0] for w in words) if len(words) > 1 else name


def chip_label(stack: Stack, shorts: dict[str, str]) -> str:
    short = shorts.get(stack.card, stack.card[:2])
    return f"{short}{stack.count}" if stack.count > 1 else short


def system_sprite(view: SystemView, size: tuple[int, int], corners: Sequence[tuple[int, int]],
                  shorts: dict[str, str], cell: int) -> pygame.Surface:
    """The picture laid over one system's cell (``size``: the cell's box; ``corners``: its
    polygon inside the box)."""
    width, height = size
    sprite = pygame.Surface((width + 1, height + 1), pygame.SRCALPHA)
    if view.active:
        pygame.draw.polygon(sprite, (*ACTIVE, 60), corners)
        pygame.draw.polygon(sprite, ACTIVE, corners, max(2, cell // 18))
    font = max(8, min(16, cell // 7))
    chip_h = font + 4
    top = height * 0.22
    # command tokens: discs along the top edge
    radius = max(3, cell // 16)
    for index, player in enumerate(view.tokens):
        cx = width / 2 + (index - (len(view.tokens) - 1) / 2) * (radius * 2 + 2)
        cy = top - radius
        pygame.draw.circle(sprite, SHADOW, (cx, cy), radius + 1)
        pygame.draw.circle(sprite, ui.player_colour(player), (cx, cy), radius)
    if view.objective and cell >= 28:
        star = ui.text(f"★{view.objective}", max(8, font - 2), ACTIVE, bold=True)
        sprite.blit(star, star.get_rect(midleft=(width * 0.12, top - radius)))
    space = sorted((s for s in view.stacks if not s.landed),
                   key=lambda s: (s.player, KIND_ORDER.get(s.kind, 9), s.card))
    ground = sorted((s for s in view.stacks if s.landed),
                    key=lambda s: (s.player, KIND_ORDER.get(s.kind, 9), s.card))
    if cell < 28:  # far away: a dot per player present
        players = sorted({s.player for s in view.stacks})
        for index, player in enumerate(players):
            cx = width / 2 + (index - (len(players) - 1) / 2) * 7
            pygame.draw.circle(sprite, ui.player_colour(player), (cx, height / 2), 3)
        return sprite
    if view.planet and view.controller >= 0:  # a ring round the planet, under the chips
        ring = ui.player_colour(view.controller)
        ring_radius = min(width, height) * 0.27
        thick = max(2, cell // 28)
        pygame.draw.circle(sprite, SHADOW, (width / 2, height / 2), ring_radius + 1, thick + 2)
        pygame.draw.circle(sprite, ring, (width / 2, height / 2), ring_radius, thick)
    rows_top = top + 2
    bottom = height * 0.80
    room = width * 0.84
    y = _chips(sprite, space, shorts, font, chip_h, rows_top, bottom - chip_h - 2, width, room)
    if view.planet:
        _chips(sprite, ground, shorts, font, chip_h, max(y, bottom - chip_h), bottom + 1,
               width, room * 0.84)
    loads = [(p, used, total) for p, used, total in view.capacity if used or total]
    if loads and cell >= 56:
        text = " ".join(f"{used}/{total}" for _p, used, total in loads)
        image = ui.text(f"cap {text}", max(8, font - 3), (200, 210, 230))
        sprite.blit(image, image.get_rect(midtop=(width / 2, bottom + 2)))
    return sprite


def _chips(sprite: pygame.Surface, stacks: list[Stack], shorts: dict[str, str], font: int,
           chip_h: int, top: float, limit: float, width: int, room: float,
           left: float | None = None) -> float:
    """Lay the stacks' chips out in rows from ``top``; returns where the next row would
    start. What does not fit is summed up as "+N"."""
    x0 = (width - room) / 2 if left is None else left
    x, y = x0, top
    for index, stack in enumerate(stacks):
        label = chip_label(stack, shorts)
        image = ui.text(label, font, CHIP_TEXT, bold=True)
        w = image.get_width() + 6
        if x + w > x0 + room and x > x0:
            x, y = x0, y + chip_h + 2
        if y + chip_h > limit + 0.5:
            rest = sum(s.count for s in stacks[index:])
            more = ui.text(f"+{rest}", font, CHIP_TEXT, bold=True)
            sprite.blit(more, more.get_rect(midright=(x0 + room, y - chip_h / 2 - 1)))
            return y
        rect = pygame.Rect(round(x), round(y), w, chip_h)
        colour = ui.player_colour(stack.player)
        shape = 2 if stack.kind in ("ground", "structure") else max(3, chip_h // 2)
        pygame.draw.rect(sprite, SHADOW, rect.move(1, 1), border_radius=shape)
        pygame.draw.rect(sprite, colour, rect, border_radius=shape)
        if stack.damaged:
            pygame.draw.rect(sprite, (240, 80, 60), rect, 2, border_radius=shape)
        sprite.blit(image, image.get_rect(center=rect.center))
        x += w + 3
    return y + chip_h + 2


def path_points(centres: Any, start: Tile, path: Sequence[Tile]) -> list[tuple[float, float]]:
    return [centres(start), *(centres(t) for t in path)]


def draw_path(surface: pygame.Surface, points: list[tuple[float, float]],
              colour: tuple[int, int, int], width: int) -> None:
    """A path from system to system, with an arrowhead at its end."""
    if len(points) < 2:
        return
    pygame.draw.lines(surface, SHADOW, False, points, width + 3)
    pygame.draw.lines(surface, colour, False, points, width)
    (ax, ay), (bx, by) = points[-2], points[-1]
    angle = math.atan2(by - ay, bx - ax)
    size = width * 3 + 4
    tip = (bx - math.cos(angle) * size * 0.6, by - math.sin(angle) * size * 0.6)
    wing = [(tip[0] - math.cos(angle + s) * size, tip[1] - math.sin(angle + s) * size)
            for s in (0.5, -0.5)]
    pygame.draw.polygon(surface, colour, [tip, *wing])
