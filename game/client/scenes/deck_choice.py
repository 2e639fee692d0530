"""Choosing a duel deck: the list of every deck (the starter decks, then the mods' decks,
and "Random" first) and, for the one picked out, its general and bloodbound spell as
cards, what it holds (kinds, tribes, the mana curve) and its card list.

The New game screen opens it for one seat and gets the choice back through a callback
(``None`` is Random: the starter deck the game's seed draws for that seat). What both
screens draw for a deck (``draw_deck_row``, ``draw_curve``, ``summary_line``) lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.client import ui
from game.client.app import App, Scene, Transition, pop
from game.client.panels import CardFaces, Zoom
from game.client.ui import fit_text
from game.content.decks import CURVE_LABELS, Deck, DeckSummary, summarize
from game.content.mods import CORE, Content
from game.rules.cards import CardDef, CardLibrary

#: where the mouse shows a card large: an area of the screen and its card
HoverArea = tuple[pygame.Rect, CardDef]

MANA = (86, 150, 230)


def card_name(card: CardDef, lang: str) -> str:
    return card.names.get(lang) or card.name


def tribe_name(tag: str) -> str:
    return tag.replace("-", " ")


def kinds_line(summary: DeckSummary) -> str:
    """``39 cards · 32 units, 7 spells``."""
    kinds = [f"{summary.units} units"]
    if summary.spells:
        kinds.append(f"{summary.spells} spells")
    if summary.artifacts:
        kinds.append(f"{summary.artifacts} artifacts")
    return f"{summary.cards} cards · {', '.join(kinds)}"


def tribes_line(summary: DeckSummary, most: int = 2) -> str:
    """``battle pet 21, structure 9``: the deck's biggest tribes."""
    return ", ".join(f"{tribe_name(t)} {n}" for t, n in summary.tribes[:most])


def summary_line(summary: DeckSummary) -> str:
    """``39 cards · 32 units, 7 spells · battle pet 21``: what a deck holds, in a line."""
    tribes = tribes_line(summary)
    return kinds_line(summary) + (f" · {tribes}" if tribes else "")


class Summaries:
    """Deck summaries, counted once per deck."""

    def __init__(self, library: CardLibrary) -> None:
        self.library = library
        self._found: dict[str, DeckSummary] = {}

    def __call__(self, deck: Deck) -> DeckSummary:
        key = deck.source or deck.name
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = summarize(deck, self.library)
        return found


def _card(library: CardLibrary, name: str) -> CardDef | None:
    if name not in library:
        return None
    return library[name]


def draw_random_thumb(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, (70, 52, 96), rect, border_radius=5)
    pygame.draw.rect(surface, (196, 160, 96), rect.inflate(-6, -6), width=1, border_radius=4)
    ui.blit_text(surface, "?", rect.center, max(14, rect.height // 2), (230, 210, 160), True,
                 anchor="center")


#: a deck row at least this tall shows the general and the spell on lines of their own,
#: the mana curve, and its arrows at the bottom
TALL_ROW = 100
SPELL = (196, 168, 240)


def arrow_rects(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """Where a deck row's previous and next arrows go: bottom right in a tall row, top
    right otherwise."""
    left = pygame.Rect(0, 0, 28, 24)
    right = pygame.Rect(0, 0, 28, 24)
    if rect.height >= TALL_ROW:
        right.bottomright = (rect.right - 6, rect.bottom - 6)
    else:
        right.topright = (rect.right - 6, rect.top + 5)
    left.topright = (right.left - 4, right.top)
    return left, right


def draw_deck_row(surface: pygame.Surface, rect: pygame.Rect, deck: Deck | None, *,
                  library: CardLibrary, faces: CardFaces, summaries: Summaries,
                  starters: int, lang: str, chosen: bool = False, hovered: bool = False,
                  arrows: bool = False, compact: bool = False) -> list[HoverArea]:
    """One deck in a row: the general's card small, the deck's name, the general and its
    bloodbound spell, what the deck holds, and in a tall row (``TALL_ROW``) its mana curve.
    With ``arrows``, room is kept for them (``arrow_rects``). Returns where hovering shows
    the general or the spell large."""
    fill = (92, 76, 40) if chosen else ui.PANEL_LIGHT
    ui.panel(surface, rect, fill, ui.ACCENT if chosen or hovered else ui.EDGE, radius=6)
    thumb_h = min(rect.height - 12, 92)
    thumb = pygame.Rect(rect.left + 6, rect.top + 6, round(thumb_h / 1.4), thumb_h)
    text_x = thumb.right + 10
    text_w = rect.right - text_x - 8
    tall = rect.height >= TALL_ROW and not compact
    slots = arrow_rects(rect) if arrows else None
    # the first line's room (beside top-right arrows) and the last line's (beside the
    # bottom-right arrows and the curve)
    first_w = text_w - (64 if slots and not tall else 0)
    if tall:
        sizes, tops = (15, 13, 12, 12, 12), (7, 28, 46, 63, rect.height - 24)
    elif compact:
        sizes, tops = (14, 12, 12, 12, 12), (4, 23, 40, 0, 0)
    else:
        sizes, tops = (15, 13, 12, 12, 12), (7, 30, 51, 0, 0)

    def line(index: int, content: str, width: int, colour: tuple[int, int, int] = ui.MUTED,
             x: int = text_x, bold: bool = False) -> pygame.Rect:
        return ui.blit_text(surface, fit_text(content, width, sizes[index], bold),
                            (x, rect.top + tops[index]), sizes[index], colour, bold)

    if deck is None:
        draw_random_thumb(surface, thumb)
        line(0, "Random", first_w, ui.TEXT, bold=True)
        line(1, "a starter deck drawn by the seed", text_w)
        if tall:
            line(2, f"one of the {starters} starter decks:", text_w)
            line(3, "the same seed, the same decks", text_w)
        else:
            line(2, f"one of {starters} starter decks: the same seed, the same decks", text_w)
        return []
    areas: list[HoverArea] = []
    general = _card(library, deck.general)
    if general is not None:
        face = faces.face(general, thumb.width)
        surface.blit(face, thumb.topleft, area=pygame.Rect(0, 0, thumb.width, thumb.height))
        areas.append((thumb, general))
    shown = line(0, deck.title(lang), first_w, ui.TEXT, bold=True)
    if deck.mod != CORE:
        note = f"mod {deck.mod}"
        if ui.font(11).size(note)[0] + 10 <= text_x + first_w - shown.right:
            ui.blit_text(surface, note, (shown.right + 8, shown.bottom - 2), 11, ui.ACCENT,
                         anchor="bottomleft")
    summary = summaries(deck)
    general_name = card_name(general, lang) if general is not None else deck.general
    spell = _card(library, summary.bloodbound) if summary.bloodbound else None
    if tall:
        line(1, general_name, text_w, ui.TEXT)
        if spell is not None:
            label = line(2, "bloodbound ", text_w)
            spot = line(2, card_name(spell, lang), text_x + text_w - label.right, SPELL,
                        x=label.right)
            areas.append((spot.inflate(4, 4), spell))
        line(3, summary_line(summary), text_w)
        curve = pygame.Rect(0, 0, 7 * len(CURVE_LABELS) + 6, 22)
        right = slots[0].left - 10 if slots else rect.right - 10
        curve.bottomright = (right, rect.bottom - 8)
        line(4, f"average cost {summary.average:.1f}", curve.left - 8 - text_x)
        draw_mini_curve(surface, curve, summary)
        return areas
    left = line(1, general_name, text_w * 11 // 20, ui.TEXT)
    if spell is not None:
        dot = line(1, " · ", 40, x=left.right)
        spot = line(1, card_name(spell, lang), text_x + text_w - dot.right, SPELL, x=dot.right)
        areas.append((spot.inflate(4, 4), spell))
    line(2, summary_line(summary), text_w)
    return areas


def draw_mini_curve(surface: pygame.Surface, rect: pygame.Rect, summary: DeckSummary) -> None:
    """The mana curve in a few pixels: one bar per column of ``CURVE_LABELS``."""
    columns = len(CURVE_LABELS)
    bar_w = max(2, rect.width // columns - 1)
    top = max(summary.curve) or 1
    for index, count in enumerate(summary.curve):
        height = max(1, round((rect.height - 1) * count / top)) if count else 0
        bar = pygame.Rect(rect.left + index * (bar_w + 1), rect.bottom - height, bar_w, height)
        pygame.draw.rect(surface, MANA, bar)
    pygame.draw.line(surface, ui.EDGE, (rect.left, rect.bottom), (rect.right, rect.bottom))


def draw_curve(surface: pygame.Surface, rect: pygame.Rect, summary: DeckSummary) -> None:
    """The mana curve as bars: how many cards cost 1 or less, 2, ..., 7 or more."""
    columns = len(CURVE_LABELS)
    gap = 6
    bar_w = max(8, (rect.width - gap * (columns - 1)) // columns)
    top = max(summary.curve) or 1
    room = rect.height - 36  # the count above a bar and its label below
    for index, (label, count) in enumerate(zip(CURVE_LABELS, summary.curve, strict=True)):
        x = rect.left + index * (bar_w + gap)
        height = round(room * count / top)
        bar = pygame.Rect(x, rect.bottom - 18 - height, bar_w, height)
        if height:
            pygame.draw.rect(surface, MANA, bar, border_radius=3)
        ui.blit_text(surface, str(count), (bar.centerx, bar.top - 2), 12,
                     ui.TEXT if count else ui.MUTED, anchor="midbottom")
        ui.blit_text(surface, label, (bar.centerx, rect.bottom - 15), 12, ui.MUTED,
                     anchor="midtop")
    pygame.draw.line(surface, ui.EDGE, (rect.left, rect.bottom - 18),
                     (rect.left + columns * (bar_w + gap) - gap, rect.bottom - 18))


class DeckChoiceScene(Scene):
    """Pick the deck of one seat; ``choose`` gets the deck (None: Random) on Choose."""

    ROW = 72

    def __init__(self, app: App, content: Content, seat: int, current: Deck | None,
                 choose: Callable[[Deck | None], None]) -> None:
        super().__init__(app)
        self.content = content
        self.seat = seat
        self.choose = choose
        self.entries: list[Deck | None] = [None, *content.decks]
        self.chosen = self.entries.index(current) if current in self.entries else 0
        self.scroll = 0
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.hovered_row = -1
        self.lang = app.settings.language
        self.faces = CardFaces(content.art, self.lang, content.library)
        self.summaries = Summaries(content.library)
        self.starters = sum(1 for deck in content.decks if deck.mod == CORE)
        self.zoom = Zoom()
        self.hot: list[HoverArea] = []
        self.back = ui.Button(pygame.Rect(0, 0, 160, 50), "Back", name="back")
        self.use = ui.Button(pygame.Rect(0, 0, 260, 50), "Choose", name="choose")
        self.buttons = ui.ButtonRow([self.back, self.use])
        self.reveal = True  # scroll the chosen deck into view at the next drawing

    @property
    def deck(self) -> Deck | None:
        return self.entries[self.chosen]

    def done(self) -> Transition:
        self.choose(self.deck)
        return pop()

    def _keep_visible(self, visible: int) -> None:
        self.reveal = False
        if self.chosen < self.scroll:
            self.scroll = self.chosen
        elif self.chosen >= self.scroll + visible:
            self.scroll = self.chosen - visible + 1

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return pop()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.done()
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key == pygame.K_UP else 1
                self.chosen = max(0, min(len(self.entries) - 1, self.chosen + step))
                self.reveal = True
                self.dirty = True
            return None
        if event.type == pygame.MOUSEWHEEL:
            rows = [r for _, r in self.rows]
            if rows and rows[0].unionall(rows[1:]).collidepoint(pygame.mouse.get_pos()):
                top = max(0, len(self.entries) - len(self.rows))
                self.scroll = max(0, min(top, self.scroll - event.y))
                self.dirty = True
            return None
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in self.rows:
                if rect.collidepoint(event.pos):
                    again = index == self.chosen and getattr(event, "clicks", 1) >= 2
                    self.chosen = index
                    self.zoom.set(None)
                    self.dirty = True
                    return self.done() if again else None
        redraw, _ = self.buttons.handle(event)
        self.dirty |= redraw
        if self.back.hit(event):
            return pop()
        if self.use.hit(event):
            return self.done()
        return None

    def _hover(self, pos: tuple[int, int]) -> None:
        row = next((i for i, rect in self.rows if rect.collidepoint(pos)), -1)
        card = next(((rect, c) for rect, c in self.hot if rect.collidepoint(pos)), None)
        before = (self.hovered_row, self.zoom.card)
        self.hovered_row = row
        if card is None:
            self.zoom.set(None)
        else:
            self.zoom.set(card[1], ("beside", card[0]), pos)
        if (self.hovered_row, self.zoom.card) != before:
            self.dirty = True

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(ui.BG)
        width, height = surface.get_size()
        title = ui.blit_text(surface, f"Deck for player {self.seat + 1}", (20, 18), 30,
                             ui.player_colour(self.seat), True)
        ui.blit_text(surface, "Click a deck to look at it; Choose takes it (or double-click). "
                     "Hover a card to read it.", (title.right + 20, title.bottom - 6), 15,
                     ui.MUTED, anchor="bottomleft")
        top, bottom = 72, height - 84
        list_w = max(300, min(440, width * 34 // 100))
        listing = pygame.Rect(16, top, list_w, bottom - top)
        details = pygame.Rect(listing.right + 16, top, width - listing.right - 32, bottom - top)
        self.hot = []
        self._draw_list(surface, listing)
        self._draw_details(surface, details)
        self.back.rect.topleft = (16, height - 66)
        self.use.rect.topright = (width - 16, height - 66)
        deck = self.deck
        self.use.label = "Choose Random" if deck is None else \
            fit_text(f"Choose {deck.title(self.lang)}", self.use.rect.width - 20, 18)
        self.buttons.draw(surface)
        ui.blit_text(surface, "↑ ↓ pick · Enter chooses · Esc goes back",
                     (width // 2, height - 42), 14, ui.MUTED, anchor="center")
        if self.zoom.card is not None:
            self.zoom.draw(surface, self.faces, Zoom.WIDTH)

    def _draw_list(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ui.panel(surface, area)
        ui.blit_text(surface, "Decks", (area.left + 14, area.top + 10), 18, ui.TEXT, True)
        first = area.top + 40
        visible = max(1, (area.bottom - first - 8) // self.ROW)
        if self.reveal:
            self._keep_visible(visible)
        self.scroll = max(0, min(self.scroll, max(0, len(self.entries) - visible)))
        if len(self.entries) > visible:
            ui.blit_text(surface, f"scroll: {len(self.entries)} decks",
                         (area.right - 10, area.top + 14), 12, ui.MUTED, anchor="topright")
        self.rows = []
        for slot, deck in enumerate(self.entries[self.scroll:self.scroll + visible]):
            index = self.scroll + slot
            rect = pygame.Rect(area.left + 8, first + slot * self.ROW, area.width - 16,
                               self.ROW - 6)
            self.rows.append((index, rect))
            self.hot += draw_deck_row(
                surface, rect, deck, library=self.content.library, faces=self.faces,
                summaries=self.summaries, starters=self.starters, lang=self.lang,
                chosen=index == self.chosen, hovered=index == self.hovered_row)

    def _draw_details(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ui.panel(surface, area)
        deck = self.deck
        x = area.left + 16
        if deck is None:
            self._draw_random(surface, area)
            return
        library = self.content.library
        summary = self.summaries(deck)
        face_w = max(100, min(170, (area.width - 48) // 4, int(area.height * 0.42 / 1.4)))
        y = area.top + 14
        cards = [c for c in (_card(library, deck.general), _card(library, summary.bloodbound))
                 if c is not None]
        for index, card in enumerate(cards):
            spot = pygame.Rect(x + index * (face_w + 12), y, face_w, round(face_w * 1.4))
            surface.blit(self.faces.face(card, face_w), spot)
            self.hot.append((spot, card))
        faces_bottom = y + round(face_w * 1.4)
        text_x = x + 2 * (face_w + 12) + 6
        text_w = area.right - 16 - text_x
        ui.blit_text(surface, fit_text(deck.title(self.lang), text_w, 22, True), (text_x, y),
                     22, ui.ACCENT, True)
        general = cards[0] if cards else None
        spell = cards[1] if len(cards) > 1 else None
        lines = [
            f"General: {card_name(general, self.lang) if general else deck.general}",
            f"Bloodbound spell: {card_name(spell, self.lang) if spell else 'none'}",
            "A starter deck" if deck.mod == CORE else f"From the mod {deck.mod}",
            summary_line(summary),
            f"Average mana cost {summary.average:.1f}",
        ]
        if len(summary.tribes) > 2:
            lines.append("Tribes: " + ", ".join(f"{tribe_name(t)} {n}"
                                                for t, n in summary.tribes))
        line_y = y + 32
        for line in lines:
            for part in ui.wrap(line, text_w, 14)[:2]:
                ui.blit_text(surface, part, (text_x, line_y), 14, ui.TEXT)
                line_y += 19
        curve = pygame.Rect(text_x, line_y + 6, min(text_w, 300), faces_bottom - line_y - 6)
        if curve.height >= 60:
            ui.blit_text(surface, "Mana curve", (curve.left, curve.top), 13, ui.MUTED)
            draw_curve(surface, curve.inflate(0, -18).move(0, 9), summary)
        self._draw_card_list(surface, deck, pygame.Rect(
            x, faces_bottom + 14, area.width - 32, area.bottom - faces_bottom - 22))

    def _draw_card_list(self, surface: pygame.Surface, deck: Deck, area: pygame.Rect) -> None:
        library = self.content.library
        ui.blit_text(surface, f"The {sum(n for _, n in deck.cards)} cards", area.topleft, 16,
                     ui.TEXT, True)
        entries = sorted(((library[name], count) for name, count in deck.cards
                          if name in library),
                         key=lambda item: (item[0].play or 0, item[0].name))
        pitch = 21
        per_column = max(1, (area.height - 26) // pitch)
        columns = max(1, -(-len(entries) // per_column))
        column_w = area.width // columns
        for index, (card, count) in enumerate(entries):
            column, row = divmod(index, per_column)
            spot = pygame.Rect(area.left + column * column_w, area.top + 26 + row * pitch,
                               column_w - 8, pitch - 2)
            pygame.draw.circle(surface, MANA, (spot.left + 9, spot.centery), 9)
            ui.blit_text(surface, str(card.play or 0), (spot.left + 9, spot.centery), 12,
                         ui.TEXT, True, anchor="center")
            label = fit_text(f"{count}× {card_name(card, self.lang)}", spot.width - 24, 14)
            ui.blit_text(surface, label, (spot.left + 24, spot.centery), 14, ui.TEXT,
                         anchor="midleft")
            self.hot.append((spot, card))

    def _draw_random(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        x, y = area.left + 16, area.top + 14
        ui.blit_text(surface, "Random", (x, y), 22, ui.ACCENT, True)
        y += 36
        text = ("The game's seed deals this seat one of the starter decks, the same one for "
                "the same seed (a replay or a second game with the seed gets the same decks). "
                "Two seats on Random get two different decks.")
        for line in ui.wrap(text, area.width - 32, 15):
            ui.blit_text(surface, line, (x, y), 15, ui.TEXT)
            y += 21
        y += 10
        ui.blit_text(surface, "The starter decks", (x, y), 16, ui.TEXT, True)
        y += 28
        starters: Sequence[Deck] = [d for d in self.content.decks if d.mod == CORE]
        for deck in starters:
            if y > area.bottom - 24:
                break
            general = _card(self.content.library, deck.general)
            who = card_name(general, self.lang) if general else deck.general
            line = f"{deck.title(self.lang)} · {who} · {summary_line(self.summaries(deck))}"
            ui.blit_text(surface, fit_text(line, area.width - 32, 14), (x, y), 14, ui.MUTED)
            y += 21
