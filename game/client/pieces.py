"""Piece sprites: how one permanent on the map looks at one zoom.

A token reads at a glance: its fill and ring are the controller's colour (grey for neutral
pieces), its shape says what it is (disc: unit, double ring: boss, square: artifact, small
square: equipment or potion), the card's short name sits in the middle, pips under it
count health (green) and damage taken (red), solid value (stone) or durability (cyan),
mark badges run along the top, a gold badge counts the pile (crew), a cyan one the
equipment in it, and a tapped permanent is dimmed inside its ring and tilted.

Everything that changes a token's look is in its ``PieceLook``; the board view keeps the
sprites in a dict keyed by that value, so a frame only blits.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.marks import MARKS

from . import ui

#: the badge of a mark kind that is not registered: grey, with the kind's initial
UNKNOWN_MARK = (170, 170, 170)
HEALTH_PIP = (104, 214, 96)
DAMAGE_PIP = (226, 52, 44)
SOLID_PIP = (196, 196, 206)
DURABILITY_PIP = (90, 214, 236)
CREW_BADGE = (236, 186, 70)
EQUIPMENT_BADGE = (90, 214, 236)
OUTLINE = (12, 12, 16)
#: durability this high is not a limit worth showing (the Stick of Victory has 99)
ENDLESS = 20
#: a tapped token: its inside and name dimmed (the ring keeps the controller's colour, so
#: who owns it still reads at a glance), the whole token tilted
TAPPED_FILL = 0.26
TAPPED_TEXT = (200, 198, 190)
TAPPED_TILT = -24


@dataclass(frozen=True, slots=True)
class PieceLook:
    """Everything a token's picture depends on."""

    name: str
    shape: str  # "unit", "boss", "artifact", "equipment"
    controller: int
    cell: int
    health: int = 0  # fighters: health; solid artifacts: solid value
    damage: int = 0
    durability: int = -1  # equipment only
    marks: tuple[tuple[str, int], ...] = ()
    crew: int = 0
    equipment: int = 0
    tapped: bool = False
    selected: bool = False


def short_name(name: str, cell: int) -> list[str]:
    """The card's name as a token shows it: whole on a big token (two lines for several
    words), else a short form ("Soldier" -> "Sol", "King" stays, "War Drummer" -> "WD").
    ``draw_piece`` also uses the whole name when it fits a smaller token."""
    words = [w for w in name.replace("!", "").replace("'", "").split() if w]
    if not words:
        return [name[:3]]
    if cell >= 88:
        if len(words) == 1:
            return [words[0]]
        half = (len(words) + 1) // 2
        return [" ".join(words[:half]), " ".join(words[half:])]
    if len(words) == 1:
        word = words[0]
        return [word if len(word) <= 4 else word[:3]]
    letters = [w[0] for w in words if w[0].isalnum()][:3]
    return ["".join(letters).upper() or words[0][:3]]


def shade(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))


def draw_piece(look: PieceLook) -> pygame.Surface:
    """The sprite of one token: a ``cell`` x ``cell`` picture (bigger when tilted) with
    per-pixel alpha, converted for the display when there is one."""
    cell = look.cell
    sprite = pygame.Surface((cell, cell), pygame.SRCALPHA)
    colour = ui.player_colour(look.controller)
    centre = (cell // 2, cell // 2)
    ring = max(2, cell // 15)
    if look.shape in ("unit", "boss"):
        radius = int(cell * 0.42)
        if look.selected:
            pygame.draw.circle(sprite, (255, 255, 255), centre, radius + max(2, cell // 22))
        pygame.draw.circle(sprite, OUTLINE, centre, radius + 1)
        pygame.draw.circle(sprite, shade(colour, TAPPED_FILL if look.tapped else 0.52),
                           centre, radius)
        pygame.draw.circle(sprite, colour, centre, radius, ring)
        if look.shape == "boss":
            pygame.draw.circle(sprite, ui.ACCENT, centre, radius - ring - 1, max(1, ring // 2))
        body = pygame.Rect(0, 0, radius * 2, radius * 2)
        body.center = centre
    else:
        inset = 0.09 if look.shape == "artifact" else 0.17
        body = pygame.Rect(0, 0, int(cell * (1 - 2 * inset)), int(cell * (1 - 2 * inset)))
        body.center = centre
        corner = max(2, cell // 9)
        if look.shape == "equipment":
            body.height = int(body.height * 0.86)
            body.center = centre
        if look.selected:
            pygame.draw.rect(sprite, (255, 255, 255), body.inflate(ring * 2 + 2, ring * 2 + 2),
                             border_radius=corner + ring)
        pygame.draw.rect(sprite, OUTLINE, body.inflate(2, 2), border_radius=corner + 1)
        pygame.draw.rect(sprite, shade(colour, TAPPED_FILL if look.tapped else 0.42), body,
                         border_radius=corner)
        pygame.draw.rect(sprite, colour, body, ring, border_radius=corner)
    _label(sprite, look, body)
    _pips(sprite, look, body)
    _badges(sprite, look, body)
    if look.tapped:
        sprite = pygame.transform.rotozoom(sprite, TAPPED_TILT, 1.0)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        sprite = sprite.convert_alpha()
    return sprite


def _label(sprite: pygame.Surface, look: PieceLook, body: pygame.Rect) -> None:
    if look.cell < 16:
        return  # too small for a word: colour and shape say enough
    room = int(body.width * (0.80 if look.shape in ("unit", "boss") else 0.90))
    smallest = max(9, int(look.cell * 0.24))
    whole = look.name.replace("!", "")
    if " " not in whole and ui.font(smallest, True).size(whole)[0] <= room:
        lines = [whole]  # the whole word fits: better than a short form
    else:
        lines = short_name(look.name, look.cell)
    size = int(look.cell * (0.30 if len(lines) == 1 and len(lines[0]) <= 3 else 0.26))
    if len(lines) > 1:
        size = int(look.cell * 0.19)
    longest = max(lines, key=len)
    while size > 7 and ui.font(size, True).size(longest)[0] > room:
        size -= 1
    line_height = ui.font(size, True).get_linesize() - size // 6
    has_pips = _pip_count(look) > 0
    middle = body.centery - (look.cell // 10 if has_pips else 0)
    top = middle - line_height * len(lines) // 2
    for i, line in enumerate(lines):
        shadow = ui.text(line, size, OUTLINE, bold=True)
        image = ui.text(line, size, TAPPED_TEXT if look.tapped else ui.TEXT, bold=True)
        spot = image.get_rect(midtop=(body.centerx, top + i * line_height))
        sprite.blit(shadow, spot.move(1, 1))
        sprite.blit(image, spot)


def _pip_count(look: PieceLook) -> int:
    if look.health:
        return look.health
    if 0 < look.durability < ENDLESS:
        return look.durability
    return 0


def _pips(sprite: pygame.Surface, look: PieceLook, body: pygame.Rect) -> None:
    """A row of pips under the name (health and damage, solid value, durability); a bar
    with figures when there are too many to count."""
    count = _pip_count(look)
    if not count or look.cell < 14:
        return
    if look.health:
        left = max(0, look.health - look.damage)
        full = SOLID_PIP if look.shape in ("artifact", "equipment") else HEALTH_PIP
    else:
        left, full = count, DURABILITY_PIP
    y = body.centery + int(look.cell * 0.17)
    width = int(body.width * 0.74)
    pip = max(3, min(look.cell // 7, width // max(1, count) - 2))
    if count <= 6 and pip >= 3:
        gap = max(1, pip // 3)
        total = count * pip + (count - 1) * gap
        x = body.centerx - total // 2
        for i in range(count):
            box = pygame.Rect(x + i * (pip + gap), y - pip // 2, pip, pip)
            pygame.draw.rect(sprite, OUTLINE, box.inflate(2, 2), border_radius=pip)
            pygame.draw.rect(sprite, full if i < left else DAMAGE_PIP, box, border_radius=pip)
        return
    big = look.cell >= 44
    height = max(4, int(look.cell * (0.16 if big else 0.08)))
    bar = pygame.Rect(body.centerx - width // 2, y - height // 2, width, height)
    pygame.draw.rect(sprite, OUTLINE, bar.inflate(2, 2), border_radius=2)
    pygame.draw.rect(sprite, DAMAGE_PIP, bar, border_radius=2)
    filled = bar.copy()
    filled.width = int(bar.width * left / max(1, count))
    pygame.draw.rect(sprite, shade(full, 0.8), filled, border_radius=2)
    if big:
        figure = ui.text(f"{left}/{count}", max(7, height), ui.TEXT, bold=True)
        spot = figure.get_rect(center=bar.center)
        sprite.blit(ui.text(f"{left}/{count}", max(7, height), OUTLINE, bold=True),
                    spot.move(1, 1))
        sprite.blit(figure, spot)


def _pill(sprite: pygame.Surface, left: int, top: int, height: int,
          colour: tuple[int, int, int], glyph: str, count: int) -> int:
    """A dark pill with a coloured glyph (and a count above one); returns its width."""
    size = max(7, height - 1)
    image = ui.text(glyph, size, colour, bold=True)
    figure = ui.text(str(count), max(7, height - 3), ui.TEXT, bold=True) if count > 1 else None
    width = image.get_width() + (figure.get_width() + 1 if figure else 0) + 4
    box = pygame.Rect(left, top, max(width, height), height)
    pygame.draw.rect(sprite, (16, 16, 22), box, border_radius=height // 2)
    pygame.draw.rect(sprite, colour, box, 1, border_radius=height // 2)
    x = box.left + (box.width - width) // 2 + 2
    sprite.blit(image, image.get_rect(midleft=(x, box.centery)))
    if figure is not None:
        sprite.blit(figure, figure.get_rect(midleft=(x + image.get_width() + 1, box.centery)))
    return box.width


def _chip(sprite: pygame.Surface, left: int, top: int, height: int,
          colour: tuple[int, int, int], count: int) -> int:
    """A small chip filled with a mark's colour (its count on it above one)."""
    figure = ui.text(str(count), max(7, height - 1), OUTLINE, bold=True) if count > 1 else None
    box = pygame.Rect(left, top, max(height, figure.get_width() + 3 if figure else 0), height)
    pygame.draw.rect(sprite, OUTLINE, box.inflate(2, 2), border_radius=height // 2)
    pygame.draw.rect(sprite, colour, box, border_radius=height // 2)
    if figure is not None:
        sprite.blit(figure, figure.get_rect(center=box.center))
    return box.width


def _dot(sprite: pygame.Surface, centre: tuple[int, int], radius: int,
         colour: tuple[int, int, int], label: str = "") -> None:
    pygame.draw.circle(sprite, OUTLINE, centre, radius + 1)
    pygame.draw.circle(sprite, colour, centre, radius)
    if label and radius >= 5:
        image = ui.text(label, max(7, int(radius * 1.5)), OUTLINE, bold=True)
        sprite.blit(image, image.get_rect(center=centre))


def mark_badge(kind: str) -> tuple[tuple[int, int, int], str]:
    """A mark's badge colour and glyph: its registry entry's look (``MarkKind.look``)."""
    entry = MARKS.get(kind)
    if entry is None:
        return UNKNOWN_MARK, kind[:1].upper()
    return entry.look.colour, entry.look.glyph


def _badges(sprite: pygame.Surface, look: PieceLook, body: pygame.Rect) -> None:
    """Marks along the top edge (pills with glyph and count on a big token, coloured dots on
    a small one); the crew count top right, the equipment in the pile bottom right."""
    cell = look.cell
    height = max(8, int(cell * 0.22))
    right_edge = body.right - (height if look.crew else 0)
    x = body.left
    for kind, count in look.marks:
        colour, glyph = mark_badge(kind)
        if x + height > right_edge:
            break
        if cell >= 56:
            x += _pill(sprite, x, 1, height, colour, glyph, count) + 1
        else:  # a chip in the mark's colour, with the count
            x += _chip(sprite, x, 1, height, colour, count) + 1
    radius = max(3, height // 2 + 1)
    if look.crew:
        _dot(sprite, (body.right - radius, radius + 1), radius, CREW_BADGE, str(look.crew))
    if look.equipment:
        if cell >= 56:
            _pill(sprite, body.right - height - 2, body.bottom - height, height,
                  EQUIPMENT_BADGE, "⚔", look.equipment)
        else:
            _dot(sprite, (body.right - radius, body.bottom - radius), radius, EQUIPMENT_BADGE)


def wall_plate(cell: int, damage: int, solid: int) -> pygame.Surface:
    """A damaged wall's remaining solid value: a small bar along the bottom of its tile."""
    width, height = int(cell * 0.8), max(4, cell // 9)
    plate = pygame.Surface((width + 2, height + 2), pygame.SRCALPHA)
    plate.fill(OUTLINE)
    pygame.draw.rect(plate, DAMAGE_PIP, (1, 1, width, height))
    left = max(0, solid - damage)
    pygame.draw.rect(plate, SOLID_PIP, (1, 1, int(width * left / max(1, solid)), height))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        plate = plate.convert_alpha()
    return plate
