"""Piece sprites: how one permanent on the map looks at one zoom.

A token reads at a glance: its fill and ring are the controller's colour (grey for neutral
pieces), its shape says what it is (disc: unit, double ring: boss, square: artifact, small
square: equipment or potion), the card's picture sits in the middle (a built-in card's
game-icons.net icon; a card without one shows its short name instead, and a big token
shows the name under the picture as well), pips under it count health (green) and damage
taken (red), solid value (stone) or durability (cyan), mark badges run along the top, a
gold badge counts the pile (crew), a cyan one the equipment in it, and a tapped permanent
is dimmed inside its ring and tilted.

A duel unit (``style="duel"``) reads like a tactics card game's: its live attack (amber)
and health (white; red when damaged, green above the printed value) as figures in the
bottom corners, its picture in the middle (the name under it on a big token; without a
picture, the name), a crown and a gold ring on the general, the artifacts it carries as
cyan chips with their durability, a battle pet's paw or a structure's tower, its
board keywords (Provoke, Flying, Ranged, Rush, Ephemeral) as small badges down the right
side, and an exhausted unit dimmed with a "z" badge (never tilted: its figures stay
upright).

Everything that changes a token's look is in its ``PieceLook``; the board view keeps the
sprites in a dict keyed by that value, so a frame only blits.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

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
#: the smallest token that shows the card's picture, and the smallest that shows its name
#: under the picture as well (a Muhq token, a duel token)
PICTURE_CELL = 16
PICTURE_NAME_CELL = 80
#: From this token size a Muhq unit shows its attack and health as figures instead of pips.
FIGURE_CELL = 40
DUEL_PICTURE_NAME = 96


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
    #: "muhq", or "duel" for a duel unit; the fields below are the duel's
    style: str = "muhq"
    attack: int = 0
    #: the printed attack and health, to colour boosts and damage
    base_attack: int = 0
    base_health: int = 0
    exhausted: bool = False
    general: bool = False
    #: "battle-pet" or "structure": a badge for the tribes that act on their own
    kind: str = ""
    #: board keywords it has now, in ``DUEL_KEYWORDS`` order
    keywords: tuple[str, ...] = ()
    #: the durability of each artifact it carries, oldest first
    artifacts: tuple[int, ...] = ()
    #: the card's token picture (a path; empty: none), white on transparent with a dark
    #: outline, tinted when drawn (``game.content.icons``)
    picture: str = ""


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
    if look.style == "duel":
        return _finished(draw_duel_piece(look))
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
    figured = look.shape in ("unit", "boss") and look.cell >= FIGURE_CELL
    pictured = _picture(sprite, look, body)
    if not pictured:
        _label(sprite, look, body)
    if figured:
        # attack and health as figures in the bottom corners, coloured like the duel's
        attack, attack_colour, health, health_colour = figures(look)
        plate = _duel_sizes(cell)[0]
        _figure(sprite, attack, attack_colour, ATTACK_PLATE, plate, cell, left=True)
        _figure(sprite, health, health_colour, HEALTH_PLATE, plate, cell, left=False)
    else:
        _pips(sprite, look, body, lower=pictured)
    _badges(sprite, look, body, figured)
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


@lru_cache(maxsize=64)
def _picture_source(path: str) -> pygame.Surface | None:
    try:
        image = pygame.image.load(path)
    except (OSError, pygame.error):
        return None  # missing or broken: the token shows the name instead
    return image


@lru_cache(maxsize=1024)
def token_picture(path: str, side: int, tint: tuple[int, int, int]) -> pygame.Surface | None:
    """A token picture ``side`` pixels square, its white tinted (the outline stays dark);
    None when it cannot be read."""
    source = _picture_source(path)
    if source is None or side < 1:
        return None
    scaled = pygame.transform.smoothscale(source, (side, side))
    if tint != (255, 255, 255):
        scaled.fill((*tint, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return scaled


def _name_line(sprite: pygame.Surface, name: str, centre: tuple[int, int], size: int,
               room: int, ink: tuple[int, int, int]) -> None:
    """One line of the card's name, shrunk to ``room`` (down to 7 px, then shortened)."""
    line = name.replace("!", "")
    while size > 7 and _bold(size).size(line)[0] > room:
        size -= 1
    while len(line) > 3 and _bold(size).size(line)[0] > room:
        line = line[:-2].rstrip() + "…"
    image = ui.text(line, size, ink, bold=True)
    spot = image.get_rect(center=centre)
    sprite.blit(ui.text(line, size, OUTLINE, bold=True), spot.move(1, 1))
    sprite.blit(image, spot)


def _picture(sprite: pygame.Surface, look: PieceLook, body: pygame.Rect) -> bool:
    """The card's picture in the middle of a Muhq token, above the pips; on a big token
    the name under it. False when there is none to show (the name stands in)."""
    cell = look.cell
    if not look.picture or cell < PICTURE_CELL:
        return False
    ink = TAPPED_TEXT if look.tapped else ui.TEXT
    pips = _pip_count(look) > 0 and cell >= 14
    named = cell >= PICTURE_NAME_CELL and body.height >= cell * 0.7
    if named:
        side, middle = round(cell * 0.38), body.centery - round(cell * 0.15)
    elif pips:
        side, middle = round(cell * 0.5), body.centery - round(cell * 0.08)
    else:
        side, middle = round(cell * 0.56), body.centery
    if look.shape not in ("unit", "boss"):
        side = min(side, round(body.height * 0.62))
    image = token_picture(look.picture, side, ink)
    if image is None:
        return False
    sprite.blit(image, image.get_rect(center=(body.centerx, middle)))
    if named:
        size = max(9, round(cell * 0.11))
        _name_line(sprite, look.name, (body.centerx, body.centery + round(cell * 0.1)),
                   size, round(body.width * 0.84), ink)
    return True


def _pip_count(look: PieceLook) -> int:
    if look.health:
        return look.health
    if 0 < look.durability < ENDLESS:
        return look.durability
    return 0


def _pips(sprite: pygame.Surface, look: PieceLook, body: pygame.Rect,
          lower: bool = False) -> None:
    """A row of pips under the name (health and damage, solid value, durability); a bar
    with figures when there are too many to count. ``lower``: under a picture, which
    takes more room than a name."""
    count = _pip_count(look)
    if not count or look.cell < 14:
        return
    if look.health:
        left = max(0, look.health - look.damage)
        full = SOLID_PIP if look.shape in ("artifact", "equipment") else HEALTH_PIP
    else:
        left, full = count, DURABILITY_PIP
    y = body.centery + int(look.cell * (0.25 if lower else 0.17))
    width = int(body.width * (0.6 if lower else 0.74))
    pip = max(3, min(look.cell // 7, width // max(1, count) - 2))
    if lower:  # inside the body, whatever its shape
        y = min(y, body.bottom - pip // 2 - max(2, look.cell // 24))
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


def _badges(sprite: pygame.Surface, look: PieceLook, body: pygame.Rect,
            figured: bool = False) -> None:
    """Marks along the top edge (pills with glyph and count on a big token, coloured dots on
    a small one); the crew count top right, the equipment in the pile bottom right (top
    right, under the crew, when the figures take the bottom corners)."""
    cell = look.cell
    height = max(8, int(cell * 0.22))
    right_edge = body.right - (height if look.crew or (look.equipment and figured) else 0)
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
    if look.equipment and figured:  # top right, under the crew count if there is one
        top = radius + 1 + (2 * radius + 2 if look.crew else 0)
        _dot(sprite, (body.right - radius, top), radius, EQUIPMENT_BADGE,
             str(look.equipment) if look.equipment > 1 else "")
    elif look.equipment:
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


def _finished(sprite: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        sprite = sprite.convert_alpha()
    return sprite


# ---------------------------------------------------------------------------- duel units

#: the keywords a duel token shows, in the order of its badges (top to bottom)
DUEL_KEYWORDS = ("provoke", "flying", "ranged", "rush", "ephemeral")
#: the figure colours: attack as printed, boosted, lowered; health full, boosted, damaged
ATTACK_FIGURE = (255, 208, 96)
BOOSTED_FIGURE = (132, 234, 120)
LOWERED_FIGURE = (168, 182, 206)
HEALTH_FIGURE = (244, 242, 236)
DAMAGED_FIGURE = (255, 86, 78)
ATTACK_PLATE = (214, 150, 36)
HEALTH_PLATE = (200, 48, 50)
PLATE_FILL = (18, 18, 24)
GENERAL_RING = (238, 198, 84)
EXHAUSTED_BADGE = (150, 190, 255)
ARTIFACT_CHIP = (90, 214, 236)
#: badge colours of the keywords and the two tribes that act on their own
BADGE_COLOURS: dict[str, tuple[int, int, int]] = {
    "provoke": (244, 150, 60), "flying": (150, 212, 255), "ranged": (150, 230, 120),
    "rush": (255, 222, 80), "ephemeral": (206, 164, 255), "battle-pet": (226, 176, 120),
    "structure": (204, 204, 214), "exhausted": EXHAUSTED_BADGE,
}
#: the smallest token that shows its name, and the smallest that shows its badges (below
#: them: ring, crown, figures)
DUEL_NAME = 32
DUEL_DETAIL = 44


def _bold(size: int) -> pygame.font.Font:
    """The bold font at ``size``, fresh if the cached one died with a ``pygame.quit()``."""
    found = ui.font(size, True)
    try:
        found.get_linesize()
    except pygame.error:
        ui.forget_fonts()
        found = ui.font(size, True)
    return found


@dataclass(frozen=True, slots=True)
class DuelPlan:
    """What a duel token shows, decided before drawing: the figures and their colours,
    the name lines, the badges down the left (exhausted, tribe, ``artifact:<durability>``
    or ``artifacts:<count>``, ``mark:<kind>``) and right (keywords) sides, the crown."""

    attack: str
    attack_colour: tuple[int, int, int]
    health: str
    health_colour: tuple[int, int, int]
    name: tuple[str, ...]
    left: tuple[str, ...]
    right: tuple[str, ...]
    crown: bool
    dimmed: bool
    #: the width the name may take
    name_room: int = 0
    #: the card's picture shows in the middle (the name, if any, goes under it)
    picture: bool = False


def _duel_sizes(cell: int) -> tuple[int, int]:
    """The height of a figure plate and of a side badge at this zoom."""
    return max(10, min(26, round(cell * 0.28))), max(11, min(22, round(cell * 0.22)))


def _badge_top(cell: int, general: bool) -> int:
    """Where the side badges start (lower on a general, under its crown's corners)."""
    return max(1, cell // 16) + (cell // 8 if general else 0)


def figures(look: PieceLook) -> tuple[str, tuple[int, int, int], str, tuple[int, int, int]]:
    """The attack and health figures of a token and their colours: health is what it can
    still take (health minus damage, red once damaged), either figure gold when above the
    printed value, attack paler when below it."""
    if look.damage > 0:
        health_colour = DAMAGED_FIGURE
    elif look.health > look.base_health:
        health_colour = BOOSTED_FIGURE
    else:
        health_colour = HEALTH_FIGURE
    if look.attack > look.base_attack:
        attack_colour = BOOSTED_FIGURE
    elif look.attack < look.base_attack:
        attack_colour = LOWERED_FIGURE
    else:
        attack_colour = ATTACK_FIGURE
    return (str(look.attack), attack_colour, str(max(0, look.health - look.damage)),
            health_colour)


def duel_plan(look: PieceLook) -> DuelPlan:
    """Decide what a duel token shows (``draw_duel_piece`` draws it)."""
    attack, attack_colour, health, health_colour = figures(look)
    cell = look.cell
    plate, badge = _duel_sizes(cell)
    name: tuple[str, ...] = ()
    left: list[str] = []
    right: list[str] = []
    if cell >= DUEL_DETAIL:
        # as many badges as fit above the figure plates
        room = max(1, (cell - plate - 2 - _badge_top(cell, look.general)) // (badge + 1))
        # short of room, the artifacts become one chip with their number, then the
        # exhausted badge goes (the dimmed disc still says it), then the marks
        kind = [look.kind] if look.kind else []
        artifacts = [f"artifact:{d}" for d in look.artifacts]
        marks = [f"mark:{k}" for k, _ in look.marks]
        if len(artifacts) > 1 and look.exhausted + len(kind + artifacts + marks) > room:
            artifacts = [f"artifacts:{len(look.artifacts)}"]
        left = kind + artifacts + marks
        if look.exhausted and len(left) < room:
            left.insert(0, "exhausted")
        left = left[:room]
        right = list(look.keywords[:room])
    room = 0
    picture = bool(look.picture) and cell >= PICTURE_CELL
    rows = max(len(left), len(right))
    if picture and cell >= DUEL_PICTURE_NAME:
        # one line under the picture, or two when one would be too small to read
        words = look.name.replace("!", "").split() or [look.name]
        low = _picture_name_middle(cell) - cell // 14
        high = _picture_name_middle(cell) + cell // 8
        top = _badge_top(cell, look.general)
        beside = any(top + i * (badge + 1) < high and top + i * (badge + 1) + badge > low
                     for i in range(rows))
        room = cell - 2 * (badge + 2) if beside else round(cell * 0.78)
        name = (" ".join(words),)
        if len(words) > 1 and _bold(_picture_name_size(cell)).size(name[0])[0] > room:
            half = (len(words) + 1) // 2
            name = (" ".join(words[:half]), " ".join(words[half:]))
    elif cell >= DUEL_NAME and not picture:
        name, room = _duel_name_lines(look.name, cell, rows, _badge_top(cell, look.general))
    return DuelPlan(attack, attack_colour, health, health_colour,
                    name, tuple(left), tuple(right), look.general, look.exhausted, room,
                    picture)


def _picture_name_middle(cell: int) -> int:
    """The height of the middle of the (first line of the) name under a duel token's
    picture."""
    return round(cell * 0.63)


def _picture_name_size(cell: int) -> int:
    return max(9, round(cell * 0.11))


def _name_middle(cell: int) -> int:
    """The height of the middle of a duel token's name (a little above the centre)."""
    return cell // 2 - cell // 24


def _duel_name_lines(name: str, cell: int, rows: int, top: int) -> tuple[tuple[str, ...], int]:
    """The name's lines and the width they may take: the whole name on one line or on
    two when it fits at a readable size inside the disc, clear of the side badges beside
    it; else the short form."""
    plate, badge = _duel_sizes(cell)
    words = [w for w in name.replace("!", "").split() if w] or [name]
    readable = max(9, round(cell * 0.15))
    line_height = _bold(readable).get_linesize()
    options = [[" ".join(words)]]
    if len(words) > 1:
        half = (len(words) + 1) // 2
        options.append([" ".join(words[:half]), " ".join(words[half:])])
    narrow = cell - 2 * (badge + 2)
    for lines in options:
        reach = line_height * len(lines) / 2
        low, high = _name_middle(cell) - reach, _name_middle(cell) + reach
        beside = any(top + i * (badge + 1) < high and top + i * (badge + 1) + badge > low
                     for i in range(rows))
        room = narrow if beside else round(cell * 0.78)
        if all(_bold(readable).size(line)[0] <= room for line in lines):
            return tuple(lines), room
    return tuple(short_name(name, cell)), narrow


def draw_duel_piece(look: PieceLook) -> pygame.Surface:
    """A duel unit's token: a disc in its controller's colour (a gold ring and a crown on
    the general), its name, its badges, and its attack and health figures."""
    plan = duel_plan(look)
    cell = look.cell
    sprite = pygame.Surface((cell, cell), pygame.SRCALPHA)
    colour = ui.player_colour(look.controller)
    centre = (cell // 2, cell // 2)
    ring = max(2, cell // 15)
    radius = int(cell * 0.42)
    if look.selected:
        pygame.draw.circle(sprite, (255, 255, 255), centre, radius + max(2, cell // 22))
    if plan.crown:
        pygame.draw.circle(sprite, OUTLINE, centre, radius + 1)
        pygame.draw.circle(sprite, GENERAL_RING, centre, radius)
        radius -= max(2, cell // 16)
    pygame.draw.circle(sprite, OUTLINE, centre, radius + 1)
    pygame.draw.circle(sprite, shade(colour, TAPPED_FILL if plan.dimmed else 0.52), centre,
                       radius)
    pygame.draw.circle(sprite, colour, centre, radius, ring)
    if plan.crown:
        _crown(sprite, cell)
    plate, badge = _duel_sizes(cell)
    if plan.picture:
        if not _duel_picture(sprite, look, plan) and cell >= DUEL_NAME:
            # the picture could not be read: the name stands in
            rows = max(len(plan.left), len(plan.right))
            lines, room = _duel_name_lines(look.name, cell, rows, _badge_top(cell, plan.crown))
            _duel_name(sprite, look, replace(plan, name=lines, name_room=room), plate)
    elif plan.name:
        _duel_name(sprite, look, plan, plate)
    top = _badge_top(cell, plan.crown)
    for i, what in enumerate(plan.left):
        _side_badge(sprite, what, (1, top + i * (badge + 1)), badge)
    for i, what in enumerate(plan.right):
        _side_badge(sprite, what, (cell - badge - 1, top + i * (badge + 1)), badge)
    _figure(sprite, plan.attack, plan.attack_colour, ATTACK_PLATE, plate, cell, left=True)
    _figure(sprite, plan.health, plan.health_colour, HEALTH_PLATE, plate, cell, left=False)
    return sprite


def _duel_picture(sprite: pygame.Surface, look: PieceLook, plan: DuelPlan) -> bool:
    """The card's picture in the middle of a duel token (above the figure plates), and
    on a big token the name under it; False when the picture cannot be read."""
    cell = look.cell
    ink = TAPPED_TEXT if plan.dimmed else ui.TEXT
    lines = len(plan.name)
    if lines > 1:  # two lines of name: the picture moves up and gives them room
        side, middle = round(cell * 0.3), round(cell * 0.29)
    elif lines:
        side, middle = round(cell * 0.36), round(cell * 0.37)
    else:
        side, middle = round(cell * 0.46), cell // 2 - cell // 20
    image = token_picture(look.picture, side, ink)
    if image is None:
        return False
    sprite.blit(image, image.get_rect(center=(cell // 2, middle)))
    size = _picture_name_size(cell)
    first = _picture_name_middle(cell) - (round(cell * 0.12) if lines > 1 else 0)
    step = _bold(size).get_linesize() - size // 6
    for i, line in enumerate(plan.name):
        _name_line(sprite, line, (cell // 2, first + i * step), size, plan.name_room, ink)
    return True


def _crown(sprite: pygame.Surface, cell: int) -> None:
    """A gold crown sitting on the top of the ring."""
    w = max(7, round(cell * 0.34))
    h = max(5, round(w * 0.62))
    cx, top = cell / 2, max(0, round(cell * 0.08) - h // 2)
    points = [(cx - w / 2, top + h), (cx - w / 2, top + h * 0.25), (cx - w / 4, top + h * 0.6),
              (cx, top), (cx + w / 4, top + h * 0.6), (cx + w / 2, top + h * 0.25),
              (cx + w / 2, top + h)]
    pygame.draw.polygon(sprite, GENERAL_RING, points)
    pygame.draw.polygon(sprite, OUTLINE, points, 1)


def _duel_name(sprite: pygame.Surface, look: PieceLook, plan: DuelPlan, plate: int) -> None:
    cell = look.cell
    room = plan.name_room
    lines = plan.name
    size = int(cell * (0.26 if len(lines) == 1 else 0.2))

    def fits(size: int) -> bool:  # as wide as the room, clear of the figure plates
        font = _bold(size)
        lower = _name_middle(cell) + (font.get_linesize() - size // 6) * len(lines) / 2
        return all(font.size(line)[0] <= room for line in lines) and lower < cell - plate
    while size > 7 and not fits(size):
        size -= 1
    line_height = _bold(size).get_linesize() - size // 6
    top = _name_middle(cell) - line_height * len(lines) // 2
    ink = TAPPED_TEXT if plan.dimmed else ui.TEXT
    for i, line in enumerate(lines):
        image = ui.text(line, size, ink, bold=True)
        spot = image.get_rect(midtop=(cell // 2, top + i * line_height))
        sprite.blit(ui.text(line, size, OUTLINE, bold=True), spot.move(1, 1))
        sprite.blit(image, spot)


def _figure(sprite: pygame.Surface, figure: str, colour: tuple[int, int, int],
            edge: tuple[int, int, int], height: int, cell: int, left: bool) -> None:
    """A figure on a dark plate in a bottom corner (attack left, health right); on a big
    token a sword or heart before it."""
    size = max(9, height - 1)
    image = ui.text(figure, size, colour, bold=True)
    glyph = None
    if cell >= 72:
        glyph = ui.text("⚔" if left else "♥", max(7, round(size * 0.62)), edge, bold=True)
    width = image.get_width() + (glyph.get_width() + 1 if glyph else 0) + max(4, height // 3)
    box = pygame.Rect(0, 0, max(width, height), height)
    box.bottom = cell - 1
    if left:
        box.left = 1
    else:
        box.right = cell - 1
    pygame.draw.rect(sprite, OUTLINE, box.inflate(2, 2), border_radius=height // 2 + 1)
    pygame.draw.rect(sprite, PLATE_FILL, box, border_radius=height // 2)
    pygame.draw.rect(sprite, edge, box, max(1, height // 9), border_radius=height // 2)
    x = box.left + (box.width - width) // 2 + max(2, height // 6)
    if glyph is not None:
        sprite.blit(glyph, glyph.get_rect(midleft=(x, box.centery)))
        x += glyph.get_width() + 1
    sprite.blit(image, image.get_rect(midleft=(x, box.centery)))


def _side_badge(sprite: pygame.Surface, what: str, topleft: tuple[int, int], size: int) -> None:
    """One badge down a side of a duel token: a dark disc with a coloured sign, or a chip
    (an artifact's durability, the number of artifacts, a mark)."""
    kind, _, value = what.partition(":")
    box = pygame.Rect(topleft, (size, size))
    if kind in ("artifact", "artifacts"):
        label = value if kind == "artifact" else f"×{value}"
        font = max(7, size - 3)
        while font > 7 and _bold(font).size(label)[0] > size:
            font -= 1
        figure = ui.text(label, font, OUTLINE, bold=True)
        box.width = max(size, figure.get_width() + 4)
        pygame.draw.rect(sprite, OUTLINE, box.inflate(2, 2), border_radius=size // 3 + 1)
        pygame.draw.rect(sprite, ARTIFACT_CHIP, box, border_radius=size // 3)
        sprite.blit(figure, figure.get_rect(center=box.center))
        return
    if kind == "mark":
        colour, glyph = mark_badge(value)
        pygame.draw.circle(sprite, OUTLINE, box.center, size // 2 + 1)
        pygame.draw.circle(sprite, colour, box.center, size // 2)
        image = ui.text(glyph, max(7, size - 4), OUTLINE, bold=True)
        sprite.blit(image, image.get_rect(center=box.center))
        return
    pygame.draw.circle(sprite, OUTLINE, box.center, size // 2 + 1)
    pygame.draw.circle(sprite, BADGE_COLOURS.get(kind, UNKNOWN_MARK), box.center, size // 2)
    _sign(sprite, kind, box, OUTLINE)


def _sign(sprite: pygame.Surface, kind: str, box: pygame.Rect,
          colour: tuple[int, int, int]) -> None:
    """The sign inside a side badge: drawn shapes where the font has no glyph."""
    cx, cy = box.center
    r = box.width * 0.32
    if kind == "provoke":  # a shield
        pygame.draw.polygon(sprite, colour, [
            (cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r * 0.1), (cx, cy + r * 1.1),
            (cx - r, cy + r * 0.1)])
    elif kind == "flying":  # a wing: three feathers fanning out
        for i, reach in enumerate((1.0, 0.78, 0.56)):
            y = cy - r * 0.7 + i * r * 0.6
            pygame.draw.polygon(sprite, colour, [
                (cx - r, y), (cx - r + reach * 2 * r, y - r * 0.25),
                (cx - r + reach * 1.6 * r, y + r * 0.35), (cx - r, y + r * 0.45)])
    elif kind == "battle-pet":  # a paw: a pad and three toes
        pygame.draw.circle(sprite, colour, (round(cx), round(cy + r * 0.35)), round(r * 0.55))
        for dx, dy in ((-0.62, -0.35), (0, -0.72), (0.62, -0.35)):
            pygame.draw.circle(sprite, colour, (round(cx + dx * r), round(cy + dy * r)),
                               max(1, round(r * 0.27)))
    else:
        glyph = {"ranged": "➶", "rush": "⚡", "structure": "♜", "ephemeral": "~",
                 "exhausted": "z"}.get(kind, kind[:1].upper())
        image = ui.text(glyph, max(7, box.width - 4), colour, bold=True)
        sprite.blit(image, image.get_rect(center=box.center))
