"""The widgets around the board: player bar, hand, piles, store, stack, log, pickers.

Each widget is told its rect by the scene's layout and draws what the scene passes it; it
keeps only view state (scroll offsets, hover). Widgets never change the game: a click
returns what was hit (a card, a choice, a button) and the scene decides what to send.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.content import locale
from game.content.icons import face_icons
from game.rules import Game
from game.rules.cards import CardDef, CardLibrary
from game.rules.core.state import Phase
from game.rules.core.view import Meter

from . import ui
from .cardface import render_card_face

Colour = tuple[int, int, int]
GLOW = (255, 214, 90)
RAISE = 14  # how far a selected hand card rises


def scale_of(size: tuple[int, int]) -> float:
    """How much bigger than 1280x720 the window is (never below 0.75)."""
    return max(0.75, min(size[0] / 1280, size[1] / 720))


def px(size: float, scale: float) -> int:
    """A size in pixels at the window's scale (never below 11, to stay readable)."""
    return max(11, round(size * scale))


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def glow(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = GLOW,
         width: int = 4) -> None:
    """A soft bright outline around ``rect`` (affordable store cards, selected cards)."""
    for i in range(width, 0, -1):
        shade = _mix(ui.BG, colour, 1 - (i - 1) / width * 0.8)
        pygame.draw.rect(surface, shade, rect.inflate(2 * i, 2 * i), width=2,
                         border_radius=8 + i)


def player_name(session_seats: Sequence[Any], player: int) -> str:
    seat = session_seats[player] if 0 <= player < len(session_seats) else None
    who = "" if seat is None or seat.human else " (computer)"
    return f"Player {player + 1}{who}"


def card_art(app: Any) -> dict[str, Path]:
    """The card pictures of the loaded content (the menu screen holds the content)."""
    for holder in [app, *reversed(getattr(app, "scenes", []))]:
        content = getattr(holder, "content", None)
        art = getattr(content, "art", None)
        if isinstance(art, dict):
            return art
    return {}


class CardFaces:
    """Rendered card faces by (card, width), converted for fast blits: each card with its
    picture (``art``), else its icon (``icons``; the built-in cards' by default)."""

    def __init__(self, art: dict[str, Path] | None = None, lang: str = "en",
                 library: CardLibrary | None = None,
                 icons: Mapping[str, Path] | None = None) -> None:
        self.art = art or {}
        #: the built-in cards' icons, drawn where a card has no picture of its own
        self.icons = face_icons() if icons is None else icons
        self.lang = lang
        #: the cards a face may name (a general's bloodbound spell from a mod)
        self.library = library
        self._cache: dict[tuple[str, int], pygame.Surface] = {}

    def face(self, card: CardDef, width: int) -> pygame.Surface:
        key = (card.name, width)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 400:
                self._cache.clear()
            found = render_card_face(card, width, self.lang, self.art.get(card.name),
                                     library=self.library, icon=self.icons.get(card.name))
            if found.get_width() != width:  # faces have a smallest size: shrink the picture
                found = pygame.transform.smoothscale(found, (width, round(width * 1.4)))
            if pygame.display.get_surface() is not None:
                found = found.convert_alpha()
            self._cache[key] = found
        return found

    def back(self, width: int) -> pygame.Surface:
        """The back of a card (the deck)."""
        key = ("\0back", width)
        found = self._cache.get(key)
        if found is None:
            height = round(width * 1.4)
            found = pygame.Surface((width, height), pygame.SRCALPHA)
            rect = found.get_rect()
            pygame.draw.rect(found, (70, 52, 96), rect, border_radius=8)
            pygame.draw.rect(found, (196, 160, 96), rect.inflate(-8, -8), width=2,
                             border_radius=6)
            centre = rect.center
            for r, colour in ((width // 4, (196, 160, 96)), (width // 6, (110, 84, 140))):
                pygame.draw.circle(found, colour, centre, r)
            self._cache[key] = found
        return found


# ------------------------------------------------------------------------------ top bar


#: how the player bar draws each kind of number: its symbol and colour (the name and hint
#: are the locale lines ``meter.<key>.*``); mana is drawn as crystals
METER_LOOKS: dict[str, tuple[str, tuple[int, int, int]]] = {
    "resource": ("◆", ui.TEXT), "points": ("★", ui.TEXT), "general": ("♥", (240, 120, 120)),
    "bloodbound": ("✦", (240, 200, 90)), "mech_progress": ("⚙", (190, 190, 210)),
    # the fleet: command tokens in the tactic and fleet pools, points of the goal, strategy
    "tactic_tokens": ("T⬢", (240, 200, 90)), "fleet_tokens": ("F⬢", (150, 190, 240)),
    "fleet_points": ("★", ui.TEXT), "strategy": ("#", (190, 190, 210)),
}
#: numbers shown alone, though they have a capacity (it is for their hint)
METERS_VALUE_ONLY = frozenset({"tactic_tokens", "fleet_tokens"})
#: numbers the bar leaves out (the screen has a button for them; the round stands at its
#: left)
METERS_NOT_IN_BAR = frozenset({"replace", "round"})
MANA_FULL = (110, 180, 255)
MANA_SPENT = (60, 80, 120)
MANA_LOCKED = (70, 74, 86)


def meter_hint(meter: Meter, lang: str = "en") -> str:
    key = f"meter.{meter.key}.hint"
    if not locale.has(key) and not locale.has(key, lang):
        return ""
    values = {"value": meter.value, "capacity": meter.capacity, "limit": meter.limit,
              "wait": meter.wait}
    return locale.text(key, lang, **values)


def meters_strip(meters: Sequence[Meter], size: int, muted: bool = False,
                 tight: bool = False) -> tuple[pygame.Surface, list[tuple[int, int, Meter]]]:
    """A player's numbers side by side: resource and points as "◆ 3   ★ 1", mana as nine
    crystals (lit: to spend; dark: spent; grey: capacity still to come) and "3/5", the
    bloodbound spell as a star that shines when ready or counts the turns to wait.
    ``tight``: closer together (a bar crowded with players)."""
    parts: list[tuple[pygame.Surface, Meter]] = []
    for meter in meters:
        if meter.key in METERS_NOT_IN_BAR:
            continue
        if meter.key == "mana":
            parts.append((_crystals(meter, size, muted), meter))
            continue
        symbol, colour = METER_LOOKS.get(meter.key, ("", ui.TEXT))
        label = symbol or meter.key
        if meter.key == "bloodbound":
            ready = bool(meter.value)
            text = label if ready else f"{label} {meter.wait}" if meter.wait else label
            colour = colour if ready else ui.MUTED
        elif meter.capacity and meter.key != "resource" and meter.key not in METERS_VALUE_ONLY:
            text = f"{label} {meter.value}/{meter.capacity}"
            colour = ui.TEXT if meter.key != "general" else colour
        else:
            text = f"{label} {meter.value}"
        parts.append((ui.text(text, size, ui.MUTED if muted else colour), meter))
    gap = max(6, size // 2) if tight else max(12, size)
    width = sum(p.get_width() for p, _ in parts) + gap * max(0, len(parts) - 1)
    height = max((p.get_height() for p, _ in parts), default=size)
    strip = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    spots = []
    x = 0
    for part, meter in parts:
        strip.blit(part, (x, (height - part.get_height()) // 2))
        spots.append((x, part.get_width(), meter))
        x += part.get_width() + gap
    return strip, spots


def _crystals(meter: Meter, size: int, muted: bool) -> pygame.Surface:
    """Mana: one crystal per point the capacity can reach, then "value/capacity"."""
    count = max(meter.limit, meter.capacity, meter.value)
    r = max(5, size * 2 // 5)
    step = 2 * r - 1
    label = ui.text(f"{meter.value}/{meter.capacity}", size, ui.MUTED if muted else MANA_FULL,
                    True)
    width = count * step + 6 + label.get_width()
    height = max(label.get_height(), 2 * r + 2)
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    cy = height // 2
    for index in range(count):
        cx = index * step + r
        points = [(cx, cy - r), (cx + r - 1, cy), (cx, cy + r), (cx - r + 1, cy)]
        if index < meter.value:
            pygame.draw.polygon(out, MANA_SPENT if muted else MANA_FULL, points)
        elif index < meter.capacity:
            pygame.draw.polygon(out, MANA_SPENT, points)
        else:
            pygame.draw.polygon(out, MANA_LOCKED, points, width=1)
    out.blit(label, (count * step + 6, (height - label.get_height()) // 2))
    return out


#: how much taller than one line the player bar is with two rows
TWO_ROWS = 1.8


class PlayerBar:
    """Turn, phase, whose turn, who has priority, and every player's resource and points."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.chips: list[tuple[pygame.Rect, int]] = []
        #: where each player's numbers are drawn, for their hints
        self.meters: list[tuple[pygame.Rect, Meter]] = []
        #: the players' chips go on a second line, under the turn's (set by ``fit``)
        self.two_rows = False

    @staticmethod
    def row_size(height: int) -> int:
        """The text size of a one-line bar ``height`` pixels tall."""
        return max(13, height // 2 - 2)

    @staticmethod
    def chips_width(game: Game, seats: Sequence[Any], size: int, crowded: bool,
                    players: Iterable[int] | None = None) -> int:
        """How wide the players' chips (all, or ``players``') are at text ``size``
        (``crowded``: without "cpu", closer together)."""
        chosen = range(len(game.players)) if players is None else players
        return sum(ui.font(size, True).size(
            f"P{p + 1}" + ("" if seats[p].human or crowded else " cpu"))[0]
            + meters_strip(game.meters(p), size, tight=crowded)[0].get_width()
            + (26 if crowded else 34)
            for p in chosen)

    def fit(self, game: Game, seats: Sequence[Any], width: int, height: int,
            title_room: int) -> int:
        """The bar's height for a window ``width`` wide, whose one line is ``height``:
        twice that when the players' chips (the fleet's six players, four with their
        command tokens) would not leave ``title_room`` for the turn's line beside them."""
        size = self.row_size(height)
        self.two_rows = self.chips_width(game, seats, size, True) > width - title_room
        return round(height * TWO_ROWS) if self.two_rows else height

    def _chip(self, surface: pygame.Surface, game: Game, seats: Sequence[Any],
              meters: Sequence[Meter], player: int, size: int, crowded: bool,
              room: pygame.Rect) -> pygame.Rect:
        """One player's chip, its right edge at ``room.right``; where it went."""
        state = game.players[player]
        colour = ui.player_colour(player)
        label = f"P{player + 1}" + ("" if seats[player].human or crowded else " cpu")
        name = ui.text(label, size, colour, True)
        values, spots = meters_strip(meters, size, state.eliminated, tight=crowded)
        width = name.get_width() + values.get_width() + (20 if crowded else 26)
        chip = pygame.Rect(room.right - width, room.top, width, room.height)
        edge = colour if player == game.actor else ui.EDGE
        ui.panel(surface, chip, ui.PANEL_LIGHT, edge, radius=6)
        if player == game.active:
            pygame.draw.rect(surface, colour, (chip.left + 3, chip.bottom - 4,
                                               chip.width - 6, 2))
        pad = 6 if crowded else 8
        surface.blit(name, name.get_rect(midleft=(chip.left + pad, chip.centery)))
        where = values.get_rect(midright=(chip.right - pad - 1, chip.centery))
        surface.blit(values, where)
        for left, width_, meter in spots:
            self.meters.append((pygame.Rect(where.left + left, chip.top, width_,
                                            chip.height), meter))
        self.chips.append((chip, player))
        return chip

    def hint_at(self, pos: tuple[int, int], lang: str = "en") -> str:
        """The hint of the number under the mouse ("" for none)."""
        for rect, meter in self.meters:
            if rect.collidepoint(pos):
                return meter_hint(meter, lang)
        return ""

    def draw(self, surface: pygame.Surface, game: Game, seats: Sequence[Any],
             note: str = "", round_no: int = 0, viewer: int | None = None) -> None:
        """``round_no``: the round to show in place of the turn count (0: the turn);
        ``viewer``: the one person at the screen, whose turn is "your turn"."""
        rect = self.rect
        pygame.draw.rect(surface, ui.PANEL, rect)
        pygame.draw.line(surface, ui.EDGE, (rect.left, rect.bottom - 1),
                         (rect.right, rect.bottom - 1))
        # two rows: the turn's line and the first players' chips on top, the others under
        half = rect.height // 2
        size = self.row_size(round(rect.height / TWO_ROWS)) if self.two_rows \
            else self.row_size(rect.height)
        y = rect.top + half // 2 + 1 if self.two_rows else rect.centery
        x = rect.left + 10
        phase = {Phase.UPKEEP: "Upkeep", Phase.ACTION: "Action phase",
                 Phase.BUYING: "Buying phase", Phase.DISCARD: "Discard step",
                 Phase.DRAFT: "Draft", Phase.MULLIGAN: "Mulligan",
                 Phase.STRATEGY: "Strategy phase", Phase.STATUS: "Status phase",
                 Phase.OVER: "Game over"}.get(game.phase, str(game.phase))
        # the fleet and the skirmish count their rounds themselves
        round_meter = next((m for m in game.meters(game.active) if m.key == "round"), None)
        if not round_no and round_meter is not None and round_meter.value:
            round_no = round_meter.value
        if game.phase is Phase.ACTION and game.ruleset.movement_points:
            phase = "Activation"
        elif game.phase is Phase.ACTION and not game.ruleset.priority \
                and game.ruleset.name != "fleet":  # the fleet's rounds keep their phases
            phase = "Main phase"  # the duel: no stack, no buying, just the turn
        count = f"Round {round_no}" if round_no else f"Turn {game.turn}"
        x = ui.blit_text(surface, count, (x, y), size, ui.ACCENT, True,
                         anchor="midleft").right + 14
        active = game.active
        actor = game.actor
        if game.phase in EVERYONES_PHASES and actor is not None:
            # nobody's turn: the players choose one after the other
            active = actor
            whose = "You choose" if actor == viewer else f"Player {actor + 1} chooses"
        else:
            whose = "Your turn" if active == viewer else f"Player {active + 1}'s turn"
        x = ui.blit_text(surface, whose, (x, y), size, ui.player_colour(active), True,
                         anchor="midleft").right + 10
        x = ui.blit_text(surface, f"· {phase}", (x, y), size, ui.TEXT, True,
                         anchor="midleft").right + 14
        if actor is not None and game.phase is not Phase.OVER and actor != active:
            # the rules' "priority": who may play now, in answer
            label = ("you may answer" if actor == viewer else f"Player {actor + 1} may answer") \
                if game.ruleset.priority else (
                "you to act" if actor == viewer else f"Player {actor + 1} to act")
            x = ui.blit_text(surface, label, (x, y), size - 2, ui.player_colour(actor),
                             anchor="midleft").right + 14
        # the players, right-aligned; with many players (the fleet's six) smaller, and
        # without "cpu", until they leave the turn's line room
        self.chips = []
        self.meters = []
        many = len(game.players)
        if self.two_rows:
            first = many // 2
            rows = [(range(first), pygame.Rect(rect.left, rect.top, rect.width, half), x),
                    (range(first, many), pygame.Rect(rect.left, rect.top + half, rect.width,
                                                     rect.height - half), rect.left + 10)]
        else:
            rows = [(range(many), rect, x)]
        chip_size, crowded = size, False
        meters = [game.meters(p) for p in range(many)]
        while chip_size > 9:
            if all(self.chips_width(game, seats, chip_size, crowded, players)
                   <= rect.right - start - 40 for players, _, start in rows):
                break
            if not crowded:
                crowded = True
                continue
            chip_size -= 1
        right = rect.right - 10
        for players, row, _ in rows:
            right = rect.right - 10
            for player in reversed(players):
                chip = self._chip(surface, game, seats, meters[player], player, chip_size,
                                  crowded, pygame.Rect(0, row.top + 4, right, row.height - 8))
                right = chip.left - (6 if crowded else 8)
        self.chips.sort(key=lambda c: c[1])
        if note:
            room = (rect.right if self.two_rows else right) - x - 10
            if room > 60:
                line = note
                while ui.font(size - 2).size(line)[0] > room and len(line) > 4:
                    line = line[:-2]
                if line != note:
                    line = line[:-1] + "…"
                ui.blit_text(surface, line, (x + 4, y), size - 2, ui.MUTED, anchor="midleft")


# ------------------------------------------------------------------------------ hand


class CardRow:
    """A row of card faces (the hand, a draft pack): laid out to fit, overlapping if
    needed; knows which card is under the mouse."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.width = 96
        self.slots: list[tuple[pygame.Rect, int]] = []

    def layout(self, cards: Sequence[int], width: int, raised: set[int] | None = None,
               centre: bool = False, top: bool = False) -> None:
        self.width = width
        height = round(width * 1.4)
        n = len(cards)
        gap = 8
        step = width + gap
        if n > 1 and n * step - gap > self.rect.width:
            step = max(18, (self.rect.width - width) // (n - 1))
        total = width + step * (n - 1) if n else 0
        left = self.rect.left + ((self.rect.width - total) // 2 if centre else 0)
        y = self.rect.top + 4 if top else self.rect.bottom - height - 4
        raised = raised or set()
        self.slots = []
        for i, card in enumerate(cards):
            lift = RAISE if card in raised else 0
            self.slots.append((pygame.Rect(left + i * step, y - lift, width, height), card))

    def draw(self, surface: pygame.Surface, game: Game, faces: CardFaces,
             glowing: set[int] | None = None, dim: set[int] | None = None,
             marked: set[int] | None = None, hovered: int = 0) -> None:
        glowing = glowing or set()
        dim = dim or set()
        marked = marked or set()
        for rect, card in self.slots:
            if card in glowing:
                glow(surface, rect)
            if card in marked:
                glow(surface, rect, ui.BAD)
            surface.blit(faces.face(game.card(card), self.width), rect)
            if card in dim:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((10, 12, 18, 110))
                surface.blit(shade, rect)
            if card == hovered:
                pygame.draw.rect(surface, ui.TEXT, rect, width=2, border_radius=8)

    def card_at(self, pos: tuple[int, int]) -> int:
        for rect, card in reversed(self.slots):  # the top card of an overlap first
            if rect.collidepoint(pos):
                return card
        return 0


class Piles:
    """The viewer's deck (a count) and discard pile (its top card; click to browse)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.deck_rect = pygame.Rect(0, 0, 0, 0)
        self.discard_rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, game: Game, player: int | None,
             faces: CardFaces, card_width: int) -> None:
        width = max(40, int(card_width * 0.62))
        height = round(width * 1.4)
        top = self.rect.top + px(22, card_width / 96)
        self.deck_rect = pygame.Rect(self.rect.left + 6, top, width, height)
        self.discard_rect = pygame.Rect(self.deck_rect.right + 10, top, width, height)
        size = px(13, card_width / 96)
        deck = len(game.players[player].deck) if player is not None else 0
        discard = game.players[player].discard if player is not None else []
        ui.blit_text(surface, f"Deck {deck}", (self.deck_rect.centerx, self.rect.top + 4),
                     size, ui.MUTED, anchor="midtop")
        ui.blit_text(surface, f"Discard {len(discard)}",
                     (self.discard_rect.centerx, self.rect.top + 4), size, ui.MUTED,
                     anchor="midtop")
        if deck:
            surface.blit(faces.back(width), self.deck_rect)
        else:
            pygame.draw.rect(surface, ui.EDGE, self.deck_rect, width=1, border_radius=8)
        if discard:
            surface.blit(faces.face(game.card(discard[-1]), width), self.discard_rect)
        else:
            pygame.draw.rect(surface, ui.EDGE, self.discard_rect, width=1, border_radius=8)

    def hit_discard(self, pos: tuple[int, int]) -> bool:
        return bool(self.discard_rect.collidepoint(pos))


# ------------------------------------------------------------------------------ overlays


class CardGrid:
    """A titled overlay of card faces in a grid (the store, a discard pile): scrolls with
    the wheel, glows what may be chosen, shows a caption under each card."""

    def __init__(self, title: str = "") -> None:
        self.title = title
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.slots: list[tuple[pygame.Rect, int]] = []
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self.tabs: list[tuple[pygame.Rect, Any]] = []

    def draw(self, surface: pygame.Surface, game: Game, faces: CardFaces,
             sections: Sequence[tuple[str, Sequence[int]]], glowing: set[int] | None = None,
             captions: dict[int, str] | None = None, hint: str = "",
             tabs: Sequence[tuple[str, Any, bool]] = ()) -> None:
        glowing = glowing or set()
        captions = captions or {}
        rect = self.rect
        ui.panel(surface, rect, ui.PANEL, ui.ACCENT)
        ui.blit_text(surface, self.title, (rect.left + 14, rect.top + 10), 20, ui.ACCENT, True)
        self.close_rect = pygame.Rect(rect.right - 34, rect.top + 8, 26, 26)
        ui.panel(surface, self.close_rect, ui.PANEL_LIGHT, ui.EDGE, radius=6)
        ui.blit_text(surface, "✕", self.close_rect.center, 16, ui.TEXT, anchor="center")
        y = rect.top + 40
        self.tabs = []
        if tabs:
            x = rect.left + 14
            for label, key, active in tabs:
                image = ui.text(label, 14, ui.TEXT if active else ui.MUTED, active)
                tab = pygame.Rect(x, y, image.get_width() + 18, 24)
                ui.panel(surface, tab, ui.PANEL_LIGHT if active else ui.PANEL,
                         ui.ACCENT if active else ui.EDGE, radius=6)
                surface.blit(image, image.get_rect(center=tab.center))
                self.tabs.append((tab, key))
                x = tab.right + 6
            y += 30
        if hint:
            ui.blit_text(surface, hint, (rect.left + 14, y), 14, ui.MUTED)
            y += 22
        body = pygame.Rect(rect.left + 10, y, rect.width - 20, rect.bottom - y - 10)
        width = self._card_width(body, sections)
        height = round(width * 1.4)
        gap = 12
        columns = max(1, (body.width + gap) // (width + gap))
        clip = surface.get_clip()
        surface.set_clip(body)
        self.slots = []
        cy = body.top - self.scroll
        for title, cards in sections:
            if title:
                ui.blit_text(surface, title, (body.left + 4, cy), 15, ui.TEXT, True)
                cy += 22
            if not cards:
                ui.blit_text(surface, "(none)", (body.left + 4, cy), 14, ui.MUTED)
                cy += 24
                continue
            for i, card in enumerate(cards):
                col, row = i % columns, i // columns
                x = body.left + 4 + col * (width + gap)
                top = cy + row * (height + gap + 18)
                slot = pygame.Rect(x, top, width, height)
                if card in glowing:
                    glow(surface, slot)
                surface.blit(faces.face(game.card(card), width), slot)
                caption = captions.get(card)
                if caption:
                    colour = GLOW if card in glowing else ui.MUTED
                    ui.blit_text(surface, caption, (slot.centerx, slot.bottom + 3), 13,
                                 colour, card in glowing, anchor="midtop")
                if slot.colliderect(body):
                    self.slots.append((slot.clip(body), card))
            rows = (len(cards) + columns - 1) // columns
            cy += rows * (height + gap + 18) + 6
        surface.set_clip(clip)
        self._content = cy + self.scroll - body.top
        self._body = body

    def _card_width(self, body: pygame.Rect,
                    sections: Sequence[tuple[str, Sequence[int]]]) -> int:
        """The biggest width (240 at most, 72 at least) at which every card fits."""
        gap = 12
        for width in range(240, 71, -4):
            columns = max(1, (body.width + gap) // (width + gap))
            height = 0
            for title, cards in sections:
                height += 22 if title else 0
                rows = max(1, (len(cards) + columns - 1) // columns)
                height += rows * (round(width * 1.4) + gap + 18) + 6
            if height <= body.height:
                return width
        return 72

    def wheel(self, dy: int) -> None:
        body = getattr(self, "_body", self.rect)
        content = getattr(self, "_content", 0)
        self.scroll = max(0, min(self.scroll - dy * 40, max(0, content - body.height)))

    def card_at(self, pos: tuple[int, int]) -> int:
        for rect, card in self.slots:
            if rect.collidepoint(pos):
                return card
        return 0

    def tab_at(self, pos: tuple[int, int]) -> Any:
        for rect, key in self.tabs:
            if rect.collidepoint(pos):
                return key
        return None


class StackPanel:
    """The action stack, top first, each item in its controller's colour."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.scale = 1.0

    def draw(self, surface: pygame.Surface, game: Game) -> None:
        rect = self.rect
        k = self.scale
        ui.panel(surface, rect)
        ui.blit_text(surface, f"Action stack ({len(game.stack)})",
                     (rect.left + 10, rect.top + 6), px(15, k), ui.ACCENT, True)
        self.rows = []
        y = rect.top + px(30, k)
        if not game.stack:
            ui.blit_text(surface, "empty", (rect.left + 12, y), px(14, k), ui.MUTED)
            return
        for depth, item in enumerate(reversed(game.stack)):
            line_h = px(18, k)
            lines = ui.wrap(item.text, rect.width - 34, px(14, k))
            height = line_h * len(lines) + 8
            if y + height > rect.bottom - 4:
                ui.blit_text(surface, f"… {len(game.stack) - depth} more",
                             (rect.left + 12, y), px(13, k), ui.MUTED)
                break
            row = pygame.Rect(rect.left + 6, y, rect.width - 12, height)
            colour = ui.player_colour(item.controller)
            fill = ui.PANEL_LIGHT if depth == 0 else ui.PANEL
            ui.panel(surface, row, fill, colour if depth == 0 else ui.EDGE, radius=5)
            pygame.draw.rect(surface, colour, (row.left + 3, row.top + 4, 4, row.height - 8))
            for i, line in enumerate(lines):
                ui.blit_text(surface, line, (row.left + 14, row.top + 4 + line_h * i), px(14, k))
            self.rows.append((row, item.source))
            y = row.bottom + 4

    def source_at(self, pos: tuple[int, int]) -> int:
        for rect, source in self.rows:
            if rect.collidepoint(pos):
                return source
        return 0


class LogPanel:
    """The game log, newest at the bottom; the wheel scrolls back."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.back = 0  # lines scrolled back from the newest
        self._wrapped: list[tuple[str, Colour]] = []
        self._source = 0
        self._width: tuple[int, float] = (0, 0.0)
        self.scale = 1.0

    @property
    def line(self) -> int:
        return px(17, self.scale)

    def _wrap(self, log: Sequence[str]) -> None:
        width = self.rect.width - 20
        if len(log) == self._source and (width, self.scale) == self._width:
            return
        lines: list[tuple[str, Colour]] = []
        for entry in log:
            colour: Colour = ui.TEXT
            if entry.startswith("—"):
                colour = ui.ACCENT
            elif entry.startswith("  "):
                colour = ui.MUTED
            elif entry[:1] == "P" and entry[1:2].isdigit():
                colour = _mix(ui.player_colour(int(entry[1]) - 1), ui.TEXT, 0.45)
            for i, line in enumerate(ui.wrap(entry.strip(), width - 10, px(13, self.scale))):
                lines.append(("   " + line if i else line, colour))
        if self.back and len(log) != self._source:
            self.back += len(lines) - len(self._wrapped)  # keep the view where it was
        self._wrapped, self._source, self._width = lines, len(log), (width, self.scale)

    def draw(self, surface: pygame.Surface, log: Sequence[str]) -> None:
        rect = self.rect
        ui.panel(surface, rect)
        ui.blit_text(surface, "Log", (rect.left + 10, rect.top + 6), px(15, self.scale), ui.ACCENT,
                     True)
        self._wrap(log)
        top = px(28, self.scale)
        room = max(1, (rect.height - top - 6) // self.line)
        self.back = max(0, min(self.back, len(self._wrapped) - room))
        end = len(self._wrapped) - self.back
        shown = self._wrapped[max(0, end - room):end]
        y = rect.top + top
        for line, colour in shown:
            ui.blit_text(surface, line, (rect.left + 10, y), px(13, self.scale), colour)
            y += self.line
        if self.back:
            ui.blit_text(surface, f"↓ {self.back} newer", (rect.right - 10, rect.top + 8), 12,
                         ui.MUTED, anchor="topright")

    def wheel(self, dy: int) -> None:
        self.back = max(0, self.back + dy * 3)


# ------------------------------------------------------------------------------ popups


@dataclass
class PickerItem:
    label: str
    value: Any
    colour: Colour = ui.TEXT


class Picker:
    """A small list of choices opened at a point (which of several things a click means);
    clicking outside closes it."""

    def __init__(self, items: Sequence[PickerItem], pos: tuple[int, int],
                 bounds: pygame.Rect, title: str = "", scale: float = 1.0) -> None:
        self.items = list(items)
        self.title = title
        self.size = px(15, scale)
        self.row = px(30, scale)
        self.head = px(26, scale) if title else 0
        width = max([ui.font(self.size).size(i.label)[0] for i in self.items]
                    + [ui.font(self.size - 1, True).size(title)[0] if title else 0]) + 28
        width = min(width, bounds.width - 10)
        height = self.row * len(self.items) + self.head + 8
        rect = pygame.Rect(pos[0] + 8, pos[1] + 8, width, height)
        self.rect = rect.clamp(bounds)
        self.hover = -1

    def rows(self) -> list[pygame.Rect]:
        top = self.rect.top + 4 + self.head
        return [pygame.Rect(self.rect.left + 4, top + self.row * i, self.rect.width - 8,
                            self.row - 2) for i in range(len(self.items))]

    def draw(self, surface: pygame.Surface) -> None:
        ui.panel(surface, self.rect, ui.PANEL, ui.ACCENT)
        if self.title:
            ui.blit_text(surface, self.title, (self.rect.left + 12, self.rect.top + 7),
                         self.size - 1, ui.ACCENT, True)
        for i, (row, item) in enumerate(zip(self.rows(), self.items, strict=True)):
            if i == self.hover:
                ui.panel(surface, row, ui.PANEL_LIGHT, ui.ACCENT, radius=5)
            ui.blit_text(surface, item.label, (row.left + 10, row.centery), self.size, item.colour,
                         anchor="midleft")

    def motion(self, pos: tuple[int, int]) -> bool:
        old = self.hover
        self.hover = next((i for i, r in enumerate(self.rows()) if r.collidepoint(pos)), -1)
        return old != self.hover

    def item_at(self, pos: tuple[int, int]) -> PickerItem | None:
        for row, item in zip(self.rows(), self.items, strict=True):
            if row.collidepoint(pos):
                return item
        return None


#: the phases that are nobody's turn: each player in turn makes a choice (a fleet round's
#: strategy card and its status phase's new command token, the duel's mulligan)
EVERYONES_PHASES = frozenset({Phase.STRATEGY, Phase.STATUS, Phase.MULLIGAN})


class Dialog:
    """A centred question with buttons (leave the game?)."""

    def __init__(self, bounds: pygame.Rect, title: str, message: str,
                 buttons: Sequence[tuple[str, Callable[[], object], int | None]]) -> None:
        self.title = title
        # wide enough for the title on one line (a long question), within the window
        box_w = min(max(440, ui.font(20, True).size(title)[0] + 48), bounds.width - 24)
        self.lines = ui.wrap(message, box_w - 60, 16)
        self.rect = pygame.Rect(0, 0, box_w, 100 + 22 * len(self.lines))
        self.rect.center = bounds.center
        row = ui.ButtonRow()
        button_w = 130
        left = self.rect.centerx - (len(buttons) * (button_w + 12) - 12) // 2
        for i, (label, action, key) in enumerate(buttons):
            rect = pygame.Rect(left + i * (button_w + 12), self.rect.bottom - 48, button_w, 36)
            row.buttons.append(ui.Button(rect, label, action, hotkey=key, name=label))
        self.buttons = row

    def handle(self, event: pygame.event.Event) -> tuple[bool, object]:
        """(needs redraw, what the pressed button's action returned or None)."""
        return self.buttons.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        ui.panel(surface, self.rect, ui.PANEL, ui.ACCENT)
        ui.blit_text(surface, self.title, (self.rect.centerx, self.rect.top + 14), 20,
                     ui.ACCENT, True, anchor="midtop")
        for i, line in enumerate(self.lines):
            ui.blit_text(surface, line, (self.rect.centerx, self.rect.top + 48 + 22 * i), 16,
                         anchor="midtop")
        self.buttons.draw(surface)


class UpkeepPanel:
    """Rule Upkeep 3: tick the units to disband, then declare the upkeep action."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.checked: set[int] = set()
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.pay = ui.Button(pygame.Rect(0, 0, 0, 0), "Pay upkeep", name="pay")

    def size_for(self, units: int) -> tuple[int, int]:
        return 300, 74 + 26 * units + 44

    def draw(self, surface: pygame.Surface, game: Game, units: Sequence[int],
             already: Sequence[int], resource: int) -> None:
        rect = self.rect
        ui.panel(surface, rect, ui.PANEL, ui.ACCENT)
        title = ui.blit_text(surface, "Upkeep", (rect.left + 12, rect.top + 8), 17, ui.ACCENT,
                             True)
        ui.blit_text(surface, ui.fit_text("tick the units to disband",
                                          rect.right - 10 - (title.right + 10), 13),
                     (title.right + 10, title.centery), 13, ui.MUTED, anchor="midleft")
        self.rows = []
        y = rect.top + 36
        cost = 0
        for unit in list(already) + list(units):
            definition = game.card(unit)
            fixed = unit in already
            ticked = fixed or unit in self.checked
            if not ticked:
                cost += definition.upkeep
            row = pygame.Rect(rect.left + 10, y, rect.width - 20, 24)
            box = pygame.Rect(row.left + 2, row.top + 3, 18, 18)
            pygame.draw.rect(surface, ui.PANEL_LIGHT, box, border_radius=3)
            pygame.draw.rect(surface, ui.BAD if ticked else ui.EDGE, box, width=2,
                             border_radius=3)
            if ticked:
                pygame.draw.line(surface, ui.BAD, (box.left + 4, box.top + 4),
                                 (box.right - 5, box.bottom - 5), 3)
                pygame.draw.line(surface, ui.BAD, (box.left + 4, box.bottom - 5),
                                 (box.right - 5, box.top + 4), 3)
            tile = game.tile_of(unit)
            where = f" at {game.geometry.label(tile)}" if tile is not None else ""
            colour = ui.MUTED if ticked else ui.TEXT
            ui.blit_text(surface, f"{definition.name}{where}", (box.right + 8, row.centery), 14,
                         colour, anchor="midleft")
            ui.blit_text(surface, f"{definition.upkeep} ◆", (row.right - 4, row.centery), 14,
                         ui.MUTED if ticked else ui.ACCENT, anchor="midright")
            if not fixed:
                self.rows.append((row, unit))
            y += 26
        short = cost > resource
        total = f"To pay: {cost} ◆ of {resource} ◆"
        ui.blit_text(surface, total, (rect.left + 12, y + 6), 14, ui.BAD if short else ui.TEXT)
        if short:
            ui.blit_text(surface, "not enough: tick some units", (rect.left + 12, y + 22), 12,
                         ui.BAD)
        self.pay.rect = pygame.Rect(rect.right - 130, rect.bottom - 40, 120, 32)
        self.pay.size = 15
        self.pay.draw(surface)

    def toggle_at(self, pos: tuple[int, int]) -> bool:
        for row, unit in self.rows:
            if row.collidepoint(pos):
                self.checked ^= {unit}
                return True
        return False


class Zoom:
    """The big card face shown while the mouse is over a card or a piece.

    ``place`` says where: ``("above", rect)`` centred above a card (the hand),
    ``("below", rect)`` under it (the draft's pack; beside it without room there),
    ``("beside", rect)`` left or right of a card (grids), ``("corner", rect)``
    in the top corner of ``rect`` away from the mouse (the board, the stack)."""

    WIDTH = 260

    def __init__(self) -> None:
        self.card: CardDef | None = None
        self.place: tuple[str, pygame.Rect] = ("beside", pygame.Rect(0, 0, 0, 0))
        self.mouse = (0, 0)
        #: the part of the screen a face beside a card keeps to when it can (the store's
        #: panel: not over the column beside it); None: the screen
        self.area: pygame.Rect | None = None
        #: where the face went last (empty when none was drawn)
        self.drawn = pygame.Rect(0, 0, 0, 0)

    def set(self, card: CardDef | None, place: tuple[str, pygame.Rect] | None = None,
            mouse: tuple[int, int] = (0, 0), area: pygame.Rect | None = None) -> None:
        self.card = card
        if place is not None:
            self.place = place
        self.mouse = mouse
        self.area = area

    def rect(self, size: tuple[int, int], screen: pygame.Rect) -> pygame.Rect:
        how, target = self.place
        rect = pygame.Rect((0, 0), size)
        if how == "below":  # under the card, or beside it when there is no room there
            rect.midtop = (target.centerx, target.bottom + 8)
            if rect.bottom <= screen.bottom:
                return rect.clamp(screen)
            how = "beside"
        if how == "above":
            rect.midbottom = (target.centerx, target.top - 8)
        elif how == "corner":
            if self.mouse[0] > target.centerx:
                rect.topleft = (target.left + 10, target.top + 10)
            else:
                rect.topright = (target.right - 10, target.top + 10)
        else:
            rect.centery = target.centery
            area = self.area or screen
            if target.right + 12 + rect.width <= area.right:
                rect.left = target.right + 12
            elif target.left - 12 - rect.width >= area.left:
                rect.right = target.left - 12
            elif target.right + 12 + rect.width <= screen.right:
                rect.left = target.right + 12
            else:
                rect.right = target.left - 12
        return rect.clamp(screen)

    def draw(self, surface: pygame.Surface, faces: CardFaces, width: int,
             live: Sequence[tuple[str, str]] = (), bounds: pygame.Rect | None = None
             ) -> None:
        """The card face; with ``live`` lines (``game.client.live``), a plate under it
        saying what the piece is like now (above it when there is no room below).
        ``bounds``: the part of the screen it stays in (a screen's header kept clear),
        the face made smaller when it would not fit its height."""
        self.drawn = pygame.Rect(0, 0, 0, 0)
        if self.card is None:
            return
        area = surface.get_rect() if bounds is None else bounds
        face = faces.face(self.card, width)
        if face.get_height() > area.height - 8 and face.get_height() > 0:
            width = max(60, width * (area.height - 8) // face.get_height())
            face = faces.face(self.card, width)
        plate = live_plate(live, width) if live else None
        height = face.get_height() + (plate.get_height() + 4 if plate is not None else 0)
        rect = self.rect((face.get_width(), height), area)
        self.drawn = rect
        pygame.draw.rect(surface, (0, 0, 0), rect.move(5, 6), border_radius=10)
        surface.blit(face, rect)
        if plate is not None:
            surface.blit(plate, (rect.left, rect.top + face.get_height() + 4))


#: the colours of a live line's tone
LIVE_TONES: dict[str, Colour] = {"up": (120, 220, 130), "down": (240, 120, 110),
                                 "plain": ui.TEXT}


def live_plate(lines: Sequence[tuple[str, str]], width: int) -> pygame.Surface:
    """A dark plate ``width`` wide with the live lines of a piece, headed "Now"."""
    size = max(11, width // 19)
    pad = max(6, size // 2)
    room = width - 2 * pad
    rows: list[pygame.Surface] = [ui.text("Now", size, ui.ACCENT, bold=True)]
    for text, tone in lines:
        colour = LIVE_TONES.get(tone, ui.TEXT)
        line = ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if line and ui.font(size).size(trial)[0] > room:
                rows.append(ui.text(line, size, colour))
                trial = "  " + word  # a wrapped line goes on indented
            line = trial
        rows.append(ui.text(line, size, colour))
    step = ui.font(size).get_linesize()
    plate = pygame.Surface((width, pad * 2 + step * len(rows)), pygame.SRCALPHA)
    pygame.draw.rect(plate, (22, 24, 32, 240), plate.get_rect(), border_radius=10)
    pygame.draw.rect(plate, (90, 96, 120), plate.get_rect(), 1, border_radius=10)
    for index, row in enumerate(rows):
        plate.blit(row, (pad, pad + index * step))
    return plate
