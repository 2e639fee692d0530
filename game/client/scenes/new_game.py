"""New game: choose a map (with a preview), who sits in each seat, the card sets, the draft
format and the seed, then start. On a duel map, each seat chooses a deck instead of the
sets and the draft: a deck of the starter decks or the mods' decks, or Random (the starter
deck the seed draws); the deck list with every deck's cards is ``deck_choice``.

Every map the content knows is listed; a map that cannot be loaded is listed greyed with
its problem. Starting builds a ``GameSetup`` and a ``Session`` and replaces this screen with
the draft screen (or the board, when the game starts without a draft).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame

from game.ai import PLAYERS
from game.client import ui
from game.client.app import App, Scene, Transition, pop, push, replace
from game.client.minimap import render_minimap
from game.client.panels import CardFaces, Zoom
from game.client.session import Seat, Session, turn_order_note
from game.client.ui import fit_text
from game.content import locale
from game.content.decks import Deck, starter_decks, with_decks
from game.content.mods import Content
from game.maps import MapError, load_map
from game.rules import GameSetup
from game.rules.draft import parse_draft
from game.rules.mapmodel import MapSpec, WinSpec
from game.rules.rulesets import ruleset
from game.rules.tiles import TILE_TYPES
from game.rules.wincons import WIN_CONDITIONS, map_goal_values

from .deck_choice import DeckChoiceScene, HoverArea, Summaries, arrow_rects, draw_deck_row

DEFAULT_SETS = ("base",)
DEFAULT_DRAFT = "1x[2;8]"
DRAFT_PRESETS = ("1x[2;8]", "2x[2;8]", "3x[2;8]", "1x[3;10]")
#: the draft choice for "no draft: the sets' cards are dealt among the map's store tiles"
STORE_TILES = "store tiles"
#: seat kinds in the order a click cycles through them
#: what a seat can be, in the order a click cycles through (boss sides are not seats
#: one picks: the boss modes seat them)
SEAT_KINDS = ("human", *(k for k in ("easy", "normal", "hard", "eager", "random")
                         if k in PLAYERS))
SEED_LIMIT = 10**9
#: the most seats a map may have (the fleet's; other rulesets stop at four)
MOST_SEATS = 6


# --------------------------------------------------------------------- maps


@dataclass(slots=True)
class MapEntry:
    name: str
    path: Path
    spec: MapSpec | None
    problem: str = ""

    @property
    def label(self) -> str:
        return (self.spec.title or self.name) if self.spec is not None else self.name


_entries: dict[tuple[Path, float], MapEntry] = {}


def map_entry(name: str, path: Path, content: Content) -> MapEntry:
    """The map at ``path`` loaded (cached while the file is unchanged), or its problem."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        stamp = -1.0
    key = (path, stamp)
    found = _entries.get(key)
    if found is None or found.name != name:
        try:
            found = MapEntry(name, path, load_map(path, content.library))
        except MapError as exc:
            found = MapEntry(name, path, None, str(exc.problems[0]) if exc.problems else str(exc))
        except (OSError, ValueError, KeyError) as exc:
            found = MapEntry(name, path, None, f"{path}: {exc}")
        _entries[key] = found
    return found


def map_entries(content: Content) -> list[MapEntry]:
    return [map_entry(name, path, content) for name, path in sorted(content.maps.items())]


def win_text(win: WinSpec, lang: str = "en", values: dict[str, object] | None = None) -> str:
    """What it takes to win, in a few words: the win condition's short line
    (``wincon.<name>.brief``, else its goal line) filled with ``values`` (a game's own,
    ``WinCondition.values``) or, before any game exists, the map's parameters, and then
    how the goal grows with empty seats (``wincon.<name>.seats``, when there is one)."""
    entry = WIN_CONDITIONS.get(win.kind)
    key = f"wincon.{win.kind}.brief"
    if not locale.has(key):
        key = f"wincon.{win.kind}.goal"
    if entry is None or not locale.has(key):
        return win.kind.replace("_", " ")
    try:
        text = locale.text(key, lang, **(map_goal_values(entry, win) if values is None
                                         else values))
    except (KeyError, IndexError, ValueError):  # a mod's goal line naming other values
        return win.kind.replace("_", " ")
    seats = f"wincon.{win.kind}.seats"
    if values is None and locale.has(seats):
        text = f"{text} ({locale.text(seats, lang)})"
    text += region_note(win, lang)
    return text[:1].upper() + text[1:]


def region_note(win: WinSpec, lang: str = "en") -> str:
    """Where the win condition counts, when the map names a region for it ("it scores
    only in Heart of the Meadow", locale ``wincon.<name>.region``), in brackets; else
    nothing."""
    region = win.params.get("region")
    key = f"wincon.{win.kind}.region"
    if region is None or not locale.has(key):
        return ""
    return f" ({locale.text(key, lang, region=region)})"


def has_store_tiles(spec: MapSpec) -> bool:
    return any(TILE_TYPES[t].store for t in set(spec.tiles) if t in TILE_TYPES)


def suggested_sets(spec: MapSpec, available: list[str]) -> tuple[str, ...]:
    chosen = tuple(s for s in spec.sets if s in available)
    return chosen or tuple(s for s in DEFAULT_SETS if s in available) or tuple(available[:1])


def draft_problem(draft: str, players: int) -> str:
    """Why ``draft`` does not work for ``players`` players ('' when it does)."""
    if draft == STORE_TILES:
        return ""
    try:
        parse_draft(draft).check(players)
    except ValueError as exc:
        return str(exc)
    return ""


def draftable_sets(content: Content) -> dict[str, int]:
    """Card set -> how many of its cards can be drafted (have a buy cost)."""
    counts: dict[str, int] = {}
    for card in content.library:
        if card.buy is not None and not card.token:
            counts[card.set] = counts.get(card.set, 0) + 1
    return dict(sorted(counts.items()))


def start_game(app: App, setup: GameSetup, seats: list[Seat]) -> Session:
    """A new session for ``setup`` (raises ValueError when the rules refuse the setup).
    It autosaves into a file of its own: no file of an earlier game is touched."""
    try:
        return Session.new(setup, seats)
    except KeyError as exc:
        raise ValueError(f"the map needs a card that is not loaded: {exc}") from None


def quick_setup(content: Content, seed: int | None = None) -> tuple[GameSetup, list[Seat]] | None:
    """The game the menu's Play starts: the first shipped two-player map, you against the
    easy computer, the map's suggested sets and draft (or the defaults)."""
    from game.maps import list_maps

    shipped = {p.resolve() for p in list_maps()}
    entries = map_entries(content)
    candidates = [e for e in entries if e.spec is not None and e.spec.players == 2]
    candidates.sort(key=lambda e: (e.path.resolve() not in shipped, e.name))
    if not candidates:
        candidates = [e for e in entries if e.spec is not None and e.spec.players >= 2]
    seed = random.randrange(1, SEED_LIMIT) if seed is None else seed
    for entry in candidates:
        spec = entry.spec
        assert spec is not None
        sets = suggested_sets(spec, list(draftable_sets(content)))
        draft = spec.draft if spec.draft and not draft_problem(spec.draft, 2) \
            else DEFAULT_DRAFT
        try:
            setup = with_decks(GameSetup(map=spec, library=content.library, players=2,
                                         seed=seed, sets=sets, draft=draft))
        except ValueError:  # a duel map without starter decks to draw: the next map
            continue
        return setup, [Seat(True), Seat(False, "easy")]
    return None


def seat_label(seat: Seat) -> str:
    return "Human" if seat.human else f"Computer ({seat.computer})"


# --------------------------------------------------------------------- the screen


def map_name_lines(name: str, width: int) -> list[tuple[str, int]]:
    """A map's name in its list row: one line at 16 px where it fits, else two lines at
    14 px (the second cut short only if even that is too little room)."""
    if ui.font(16, True).size(name)[0] <= width:
        return [(name, 16)]
    lines = ui.wrap(name, width, 14, True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [(fit_text(line, width, 14, True), 14) for line in lines]


class NewGameScene(Scene):
    ENTRY_H = 66

    def __init__(self, app: App, content: Content) -> None:
        super().__init__(app)
        self.content = content
        self.entries = map_entries(content)
        self.set_counts = draftable_sets(content)
        self.available_sets = list(self.set_counts)
        self.map_index = self._first_playable()
        self.count = 2
        self.seats: list[Seat] = [Seat(True)] + [Seat(False, "easy")
                                                 for _ in range(MOST_SEATS - 1)]
        self.sets: set[str] = set(DEFAULT_SETS)
        self.draft = DEFAULT_DRAFT
        self.seed = random.randrange(1, SEED_LIMIT)
        self.seed_text = str(self.seed)
        self.editing_seed = False
        self.error = ""
        self.map_scroll = 0
        self.map_rows: list[tuple[int, pygame.Rect]] = []
        self.session: Session | None = None  # the game started from here
        self.buttons = ui.ButtonRow()
        # duel maps: each seat's deck (None: Random, the seeded draw)
        self.deck_choices: list[Deck | None] = [None] * MOST_SEATS
        self.deck_rows: list[tuple[int, pygame.Rect]] = []
        self.hovered_deck = -1
        self.deck_compact = False
        # where the right column's headings go (a section not shown: None)
        self.decks_top: int | None = None
        self.sets_top: int | None = None
        self.draft_top: int | None = None
        lang = app.settings.language
        self.faces = CardFaces(content.art, lang, content.library)
        self.summaries = Summaries(content.library)
        self.zoom = Zoom()
        self.hot: list[HoverArea] = []
        self._choose_map(self.map_index)

    # ------------------------------------------------------------------ state

    def _first_playable(self) -> int:
        for index, entry in enumerate(self.entries):
            if entry.spec is not None and entry.spec.players >= 2:
                return index
        return 0

    @property
    def entry(self) -> MapEntry | None:
        return self.entries[self.map_index] if self.entries else None

    @property
    def spec(self) -> MapSpec | None:
        entry = self.entry
        return entry.spec if entry is not None else None

    @property
    def duel(self) -> bool:
        """Does the chosen map play the duel (decks instead of sets and a draft)?"""
        spec = self.spec
        return spec is not None and spec.ruleset == "duel"

    @property
    def fleet(self) -> bool:
        """Does the chosen map play the fleet (up to six seats, no cards to choose)?"""
        spec = self.spec
        return spec is not None and spec.ruleset == "fleet"

    @property
    def cardless(self) -> bool:
        """Does the chosen map's ruleset have no card sets or draft to choose (the fleet and
        the skirmish: no store; their units come from the map or are built in play)?"""
        spec = self.spec
        return spec is not None and not self.duel and not ruleset(spec.ruleset).store

    def deck_entries(self) -> list[Deck | None]:
        """What a seat's deck can be: Random, then every deck that loaded."""
        return [None, *self.content.decks]

    def seat_counts(self) -> list[int]:
        spec = self.spec
        if spec is None:
            return []
        most = MOST_SEATS if self.fleet else 4
        top = min(most, spec.players or 4)
        return list(range(min(2, top), top + 1))

    def draft_choices(self) -> list[str]:
        choices = list(DRAFT_PRESETS)
        spec = self.spec
        if spec is not None and spec.draft and spec.draft not in choices:
            try:
                parse_draft(spec.draft)
                choices.insert(0, spec.draft)
            except ValueError:
                pass
        if spec is not None and has_store_tiles(spec):
            choices.append(STORE_TILES)
        return choices

    def _choose_map(self, index: int) -> None:
        if not self.entries:
            return
        self.map_index = max(0, min(index, len(self.entries) - 1))
        spec = self.spec
        if spec is not None:
            counts = self.seat_counts()
            self.count = counts[-1] if counts else 2
            if spec.sets or not self.sets:
                self.sets = set(suggested_sets(spec, self.available_sets))
            if spec.draft and not draft_problem(spec.draft, self.count):
                self.draft = spec.draft
            if self.draft not in self.draft_choices():
                self.draft = DEFAULT_DRAFT
        self.error = ""
        self._keep_map_visible()
        self.dirty = True

    def _keep_map_visible(self) -> None:
        visible = max(1, len(self.map_rows)) if self.map_rows else 6
        if self.map_index < self.map_scroll:
            self.map_scroll = self.map_index
        elif self.map_index >= self.map_scroll + visible:
            self.map_scroll = self.map_index - visible + 1

    def problem(self) -> str:
        """Why the game cannot start as chosen ('' when it can)."""
        entry = self.entry
        if entry is None:
            return "There is no map to play on."
        if entry.spec is None:
            return f"This map cannot be played: {entry.problem}"
        if self.count not in self.seat_counts():
            return f"{entry.label} is for {entry.spec.players} players."
        if self.duel:
            starters = starter_decks(self.content.library)
            if not starters and None in self.deck_choices[:self.count]:
                return "There is no starter deck to draw from: choose a deck for every seat."
            return ""
        if self.cardless:  # its units come from the map or are built in play
            return ""
        if not self.sets:
            return "Choose at least one card set."
        if self.draft == STORE_TILES:
            return ""
        return draft_problem(self.draft, self.count)

    def setup(self) -> GameSetup:
        spec = self.spec
        assert spec is not None
        store = self.draft == STORE_TILES
        return with_decks(GameSetup(
            map=spec, library=self.content.library, players=self.count, seed=self.seed,
            sets=tuple(s for s in self.available_sets if s in self.sets),
            draft=DEFAULT_DRAFT if store else self.draft, store_mode=store),
            self.deck_choices[:self.count])

    def start(self) -> Transition | None:
        self._finish_seed()
        problem = self.problem()
        if problem:
            self.error = problem
            self.dirty = True
            return None
        try:
            self.session = start_game(self.app, self.setup(), self.chosen_seats())
        except ValueError as exc:
            self.error = f"The rules refuse this game: {exc}"
            self.dirty = True
            return None
        from . import game_scene

        return replace(game_scene(self.app, self.session))

    def chosen_seats(self) -> list[Seat]:
        """The seats as chosen; on a boss map the last seat is the boss side, played by
        the boss's computer script."""
        from game.ai.boss import BOSS_MODES

        seats = list(self.seats[:self.count])
        spec = self.spec
        if spec is not None and spec.win.kind in BOSS_MODES and seats:
            seats[-1] = Seat(False, spec.win.kind)
        return seats

    # ------------------------------------------------------------------ actions

    def _cycle_seat(self, index: int) -> None:
        seat = self.seats[index]
        kind = "human" if seat.human else seat.computer
        following = SEAT_KINDS[(SEAT_KINDS.index(kind) + 1) % len(SEAT_KINDS)] \
            if kind in SEAT_KINDS else "human"
        self.seats[index] = Seat(True) if following == "human" else Seat(False, following)

    def _set_count(self, count: int) -> None:
        if count in self.seat_counts():
            self.count = count
            if draft_problem(self.draft, count):  # too few cards in a pack for them all
                valid = [d for d in self.draft_choices() if not draft_problem(d, count)]
                self.draft = valid[0] if valid else self.draft

    def _cycle_deck(self, seat: int, step: int) -> None:
        entries = self.deck_entries()
        current = self.deck_choices[seat]
        index = entries.index(current) if current in entries else 0
        self.deck_choices[seat] = entries[(index + step) % len(entries)]

    def _set_deck(self, seat: int, deck: Deck | None) -> None:
        self.deck_choices[seat] = deck
        self._changed()

    def open_decks(self, seat: int) -> Transition:
        """The deck list for ``seat``; its choice comes back through ``_set_deck``."""
        self.zoom.set(None)
        return push(DeckChoiceScene(self.app, self.content, seat, self.deck_choices[seat],
                                    partial(self._set_deck, seat)))

    def _toggle_set(self, name: str) -> None:
        if name in self.sets:
            self.sets.discard(name)
        else:
            self.sets.add(name)

    def _new_seed(self) -> None:
        self.seed = random.randrange(1, SEED_LIMIT)
        self.seed_text = str(self.seed)
        self.editing_seed = False

    def _finish_seed(self) -> None:
        if self.editing_seed:
            self.editing_seed = False
        self.seed = int(self.seed_text) if self.seed_text else self.seed
        self.seed_text = str(self.seed)

    def _changed(self) -> None:
        self.error = ""
        self.dirty = True

    # ------------------------------------------------------------------ layout

    def _columns(self, width: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        top, bottom = 72, self.app.screen.get_height() - 84
        left_w = max(230, min(320, width * 24 // 100))
        right_w = max(320, min(420, width * 31 // 100))
        if self.duel:  # the deck rows want the room the small duel board does not
            right_w = max(360, min(460, width * 36 // 100))
        left = pygame.Rect(16, top, left_w, bottom - top)
        right = pygame.Rect(width - 16 - right_w, top, right_w, bottom - top)
        middle = pygame.Rect(left.right + 16, top, right.left - left.right - 32, bottom - top)
        return left, middle, right

    def _build(self, surface: pygame.Surface) -> None:
        """Lay out the buttons for the current state (cheap; done on every redraw)."""
        width, height = surface.get_size()
        _, _, right = self._columns(width)
        compact = height < 700  # small windows: tighter rows, only the seats in use
        pitch, tall, head, size = (32, 28, 34, 13) if compact else (38, 32, 40, 15)
        self.pitch = pitch
        self.seat_slots = self.count if compact or self.duel or self.cardless else 4
        buttons: list[ui.Button] = []
        x, y = right.left + 16, right.top + 44
        counts = self.seat_counts()
        most = MOST_SEATS if self.fleet else 4
        for n in range(2, most + 1):
            rect = pygame.Rect(right.right - 16 - (most + 1 - n) * 56 + 6, right.top + 8, 50,
                               30)
            buttons.append(ui.Button(rect, str(n), partial(self._set_count, n),
                                     enabled=n in counts, selected=n == self.count, size=16,
                                     name=f"players-{n}"))
        shown = self.chosen_seats()
        for index in range(self.count):
            boss = shown[index] != self.seats[index]  # the boss side: not for choosing
            button = ui.Button(pygame.Rect(x + 130, y + index * pitch, right.width - 162, tall),
                               f"Boss ({shown[index].computer})" if boss
                               else seat_label(self.seats[index]),
                               partial(self._cycle_seat, index), size=size,
                               name=f"seat-{index + 1}", enabled=not boss)
            buttons.append(button)
        y += self.seat_slots * pitch + head
        if self.duel:  # the rows take the room above the seed, within bounds
            room = right.bottom - y - (head + tall + 12)
            y = self._build_decks(buttons, pygame.Rect(x, y, right.width - 32, room),
                                  compact, head)
        elif self.cardless:  # no card sets, no draft: the units come from the map or play
            self.decks_top = self.sets_top = self.draft_top = None
        else:
            y = self._build_cards(buttons, pygame.Rect(x, y, right.width - 32, 0), pitch,
                                  tall, head, size)
        self.seed_top = y - 30
        self.seed_rect = pygame.Rect(x, y, right.width - 32 - 140, tall + 2)
        buttons.append(ui.Button(pygame.Rect(self.seed_rect.right + 8, y, 132, tall + 2),
                                 "New seed", self._new_seed, size=size, name="new-seed"))
        self.back_button = ui.Button(pygame.Rect(16, height - 66, 160, 50), "Back", None,
                                     name="back")
        problem = self.problem()
        self.start_button = ui.Button(pygame.Rect(width - 16 - 220, height - 66, 220, 50),
                                      "Start", None, enabled=not problem, name="start")
        buttons += [self.back_button, self.start_button]
        hovered = {b.name for b in self.buttons.buttons if b.hovered}
        for button in buttons:
            button.hovered = button.name in hovered and button.enabled
        self.buttons = ui.ButtonRow(buttons)

    #: a deck row's least height (normal, compact) and its greatest
    DECK_ROW = (76, 62)
    DECK_ROW_MAX = 112

    def _build_decks(self, buttons: list[ui.Button], area: pygame.Rect, compact: bool,
                     head: int) -> int:
        """A row per seat showing its deck, with arrows that step through the decks;
        returns where the next section starts."""
        self.decks_top = area.top - 30
        self.sets_top = self.draft_top = None
        self.deck_compact = compact
        row_h = self.DECK_ROW[compact] if compact else max(
            self.DECK_ROW[compact], min(self.DECK_ROW_MAX, area.height // max(1, self.count) - 6))
        self.deck_rows = []
        for index in range(self.count):
            rect = pygame.Rect(area.left, area.top + index * (row_h + 6), area.width, row_h)
            self.deck_rows.append((index, rect))
            for step, label, arrow in zip((-1, 1), "◀▶", arrow_rects(rect), strict=True):
                kind = "prev" if step < 0 else "next"
                buttons.append(ui.Button(arrow, label, partial(self._cycle_deck, index, step),
                                         size=12, name=f"deck-{kind}-{index + 1}",
                                         tooltip="the previous deck" if step < 0
                                         else "the next deck"))
        return area.top + self.count * (row_h + 6) - 6 + head

    def _build_cards(self, buttons: list[ui.Button], area: pygame.Rect, pitch: int, tall: int,
                     head: int, size: int) -> int:
        """The card sets and draft buttons; returns where the next section starts."""
        x, y = area.left, area.top
        self.decks_top = None
        self.deck_rows = []
        self.sets_top = y - 30
        column_w = (area.width - 16) // 3
        for index, name in enumerate(self.available_sets):
            rect = pygame.Rect(x + (index % 3) * (column_w + 8), y + (index // 3) * pitch,
                               column_w, tall)
            label = f"{name} ({self.set_counts[name]})"
            if ui.font(size).size(label)[0] > column_w - 10:
                label = fit_text(name, column_w - 10, size)
            buttons.append(ui.Button(rect, label,
                                     partial(self._toggle_set, name),
                                     selected=name in self.sets, size=size, name=f"set-{name}"))
        y += ((len(self.available_sets) + 2) // 3) * pitch + head
        self.draft_top = y - 30
        choices = self.draft_choices()
        for index, choice in enumerate(choices):
            rect = pygame.Rect(x + (index % 3) * (column_w + 8), y + (index // 3) * pitch,
                               column_w, tall)
            problem = draft_problem(choice, self.count)
            buttons.append(ui.Button(rect, choice, partial(setattr, self, "draft", choice),
                                     enabled=not problem, selected=choice == self.draft,
                                     tooltip=problem, size=size, name=f"draft-{choice}"))
        return y + ((len(choices) + 2) // 3) * pitch + head

    def resized(self) -> None:
        self.dirty = True
        self.buttons = ui.ButtonRow()

    def enter(self) -> None:
        super().enter()
        self._build(self.app.screen)

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            rows = [r for _, r in self.map_rows]
            if rows and rows[0].unionall(rows[1:]).collidepoint(pygame.mouse.get_pos()):
                top = max(0, len(self.entries) - len(self.map_rows))
                self.map_scroll = max(0, min(top, self.map_scroll - event.y))
                self.dirty = True
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in self.map_rows:
                if rect.collidepoint(event.pos):
                    self._finish_seed()
                    self._choose_map(index)
                    self._build(self.app.screen)
                    return None
            if getattr(self, "seed_rect", None) and self.seed_rect.collidepoint(event.pos):
                self.editing_seed = True
                self.seed_text = ""
                self.dirty = True
                return None
        if event.type == pygame.MOUSEBUTTONUP and self.editing_seed and not (
                self.seed_rect.collidepoint(event.pos)):
            self._finish_seed()
            self.dirty = True
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            on_button = any(b.enabled and b.rect.collidepoint(event.pos)
                            for b in self.buttons.buttons)
            for index, rect in self.deck_rows:
                if rect.collidepoint(event.pos) and not on_button:
                    return self.open_decks(index)
        redraw, _ = self.buttons.handle(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.back_button.hit(event):
                return pop()
            if self.start_button.rect.collidepoint(event.pos):
                return self.start()
            if redraw:
                self._changed()
                self._build(self.app.screen)
        elif redraw:
            self.dirty = True
        return None

    def _hover(self, pos: tuple[int, int]) -> None:
        """A deck row under the mouse lights up; its general or spell shows large."""
        row = next((i for i, rect in self.deck_rows if rect.collidepoint(pos)), -1)
        card = next(((rect, c) for rect, c in self.hot if rect.collidepoint(pos)), None)
        before = (self.hovered_deck, self.zoom.card)
        self.hovered_deck = row
        if card is None:
            self.zoom.set(None)
        else:
            self.zoom.set(card[1], ("beside", card[0]), pos)
        if (self.hovered_deck, self.zoom.card) != before:
            self.dirty = True

    def _key(self, event: pygame.event.Event) -> Transition | None:
        key = event.key
        if self.editing_seed:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self._finish_seed()
            elif key == pygame.K_BACKSPACE:
                self.seed_text = self.seed_text[:-1]
            elif event.unicode and event.unicode in "0123456789" and len(self.seed_text) < 9:
                self.seed_text += event.unicode
            self.dirty = True
            return None
        if key == pygame.K_ESCAPE:
            return pop()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.start()
        if key in (pygame.K_UP, pygame.K_DOWN) and self.entries:
            self._choose_map(self.map_index + (-1 if key == pygame.K_UP else 1))
            self._build(self.app.screen)
        return None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self._build(surface)
        surface.fill(ui.BG)
        width, height = surface.get_size()
        left, middle, right = self._columns(width)
        title = ui.blit_text(surface, "New game", (20, 18), 30, ui.ACCENT, True)
        about = ("Choose a map, the players and their decks." if self.duel
                 else "Choose a map and the players." if self.cardless
                 else "Choose a map, the players, the cards and the draft.")
        ui.blit_text(surface, about,
                     (title.right + 20, title.bottom - 6), 15, ui.MUTED, anchor="bottomleft")
        self._draw_maps(surface, left)
        self._draw_map_info(surface, middle)
        self._draw_options(surface, right)
        self.buttons.draw(surface)
        if self.zoom.card is not None:
            self.zoom.draw(surface, self.faces, Zoom.WIDTH)
        message = self.error or self.problem()
        if message:
            area_w = self.start_button.rect.left - self.back_button.rect.right - 40
            lines = ui.wrap(message, area_w, 15)[:2]
            for i, line in enumerate(lines):
                ui.blit_text(surface, line, (self.back_button.rect.right + 20,
                                             height - 62 + 22 * i), 15, ui.BAD)
        else:
            ui.blit_text(surface, "Enter starts · Esc goes back", (width // 2, height - 42), 14,
                         ui.MUTED, anchor="center")

    def _draw_maps(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ui.panel(surface, area)
        ui.blit_text(surface, "Maps", (area.left + 14, area.top + 10), 18, ui.TEXT, True)
        top = area.top + 40
        visible = max(1, (area.bottom - top - 8) // self.ENTRY_H)
        self.map_scroll = max(0, min(self.map_scroll, max(0, len(self.entries) - visible)))
        self.map_rows = []
        for slot, entry in enumerate(self.entries[self.map_scroll:self.map_scroll + visible]):
            index = self.map_scroll + slot
            rect = pygame.Rect(area.left + 8, top + slot * self.ENTRY_H, area.width - 16,
                               self.ENTRY_H - 6)
            self.map_rows.append((index, rect))
            chosen = index == self.map_index
            fill = (92, 76, 40) if chosen else ui.PANEL_LIGHT
            ui.panel(surface, rect, fill, ui.ACCENT if chosen else ui.EDGE, radius=6)
            thumb = pygame.Rect(rect.left + 6, rect.top + 6, 84, rect.height - 12)
            text_x = thumb.right + 10
            text_w = rect.right - text_x - 6
            if entry.spec is not None:
                surface.blit(render_minimap(entry.spec, thumb.size), thumb)
                spec = entry.spec
                about = f"{spec.players} players · {spec.width}×{spec.height}"
                name_lines = map_name_lines(entry.label, text_w)
                y = rect.top + (8 if len(name_lines) == 1 else 3)
                for line, size in name_lines:
                    ui.blit_text(surface, line, (text_x, y), size, ui.TEXT, True)
                    y += ui.font(size, True).get_linesize()
                ui.blit_text(surface, fit_text(about, text_w, 13), (text_x, max(
                    y + 2, rect.top + 32)), 13, ui.MUTED)
            else:
                pygame.draw.rect(surface, ui.PANEL, thumb)
                ui.blit_text(surface, "?", thumb.center, 22, ui.MUTED, anchor="center")
                ui.blit_text(surface, fit_text(entry.label, text_w, 16, True),
                             (text_x, rect.top + 6), 16, ui.MUTED, True)
                short = entry.problem.split(": ", 1)[-1]
                for i, line in enumerate(ui.wrap(short, text_w, 12)[:2]):
                    ui.blit_text(surface, line, (text_x, rect.top + 27 + 14 * i), 12, ui.BAD)
        if len(self.entries) > visible:
            ui.blit_text(surface, f"scroll: {len(self.entries)} maps", (area.right - 10,
                         area.top + 14), 12, ui.MUTED, anchor="topright")

    def _draw_map_info(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ui.panel(surface, area)
        entry = self.entry
        if entry is None:
            ui.blit_text(surface, "No maps found.", (area.left + 16, area.top + 16), 18)
            return
        preview = pygame.Rect(area.left + 12, area.top + 12, area.width - 24,
                              min(area.height * 55 // 100, (area.width - 24) * 3 // 4))
        if entry.spec is None:
            pygame.draw.rect(surface, ui.BG, preview, border_radius=6)
            ui.blit_text(surface, "This map cannot be loaded", preview.center, 20, ui.BAD,
                         anchor="center")
            y = preview.bottom + 14
            ui.blit_text(surface, entry.label, (area.left + 16, y), 22, ui.MUTED, True)
            y += 34
            for line in ui.wrap(entry.problem, area.width - 32, 14)[:10]:
                ui.blit_text(surface, line, (area.left + 16, y), 14, ui.BAD)
                y += 19
            return
        spec = entry.spec
        surface.blit(render_minimap(spec, preview.size), preview)
        y = preview.bottom + 12
        size = 22  # smaller, rather than cut, until it would be hard to read
        while size > 15 and ui.font(size, True).size(entry.label)[0] > area.width - 32:
            size -= 1
        ui.blit_text(surface, fit_text(entry.label, area.width - 32, size, True),
                     (area.left + 16, y + (22 - size) // 2), size, ui.ACCENT, True)
        y += 32
        if spec.ruleset == "duel":
            about = "the duel: each player brings a deck"
        elif spec.ruleset == "skirmish":
            army = sum(1 for p in spec.placements if p.player == 0) + sum(
                count for _, count in spec.start_deck)
            about = f"the skirmish: {army} units a side, no cards"
        elif spec.ruleset == "fleet":
            about = "the fleet: star systems, ships and planets"
        else:
            about = f"income {spec.income} per upkeep"
        lines = [
            (f"{spec.players} players · {spec.width}×{spec.height} tiles · {about}", ui.TEXT),
            (f"To win: {win_text(spec.win, self.app.settings.language)}", ui.TEXT),
        ]
        deck = ", ".join(f"{name} ×{count}" for name, count in spec.start_deck)
        if deck:
            start = "Start fleet, in each home system" if spec.ruleset == "fleet" \
                else "Start deck"
            lines.append((f"{start}: {deck}", ui.MUTED))
        if spec.sets or spec.draft:
            suggested = ", ".join(spec.sets) or "any"
            lines.append((f"The map suggests: sets {suggested}"
                          + (f", draft {spec.draft}" if spec.draft else ""), ui.MUTED))
        for player in range(spec.players):
            if note := turn_order_note(spec, player):
                lines.append(("Turn order: " + note, ui.MUTED))
        if spec.description:
            lines.append((spec.description, ui.MUTED))
        for content, colour in lines:
            for line in ui.wrap(content, area.width - 32, 15):
                if y > area.bottom - 22:
                    return
                ui.blit_text(surface, line, (area.left + 16, y), 15, colour)
                y += 21

    def _draw_decks(self, surface: pygame.Surface, area: pygame.Rect, top: int) -> None:
        x = area.left + 16
        ui.blit_text(surface, "Decks", (x, top), 18, ui.TEXT, True)
        ui.blit_text(surface, fit_text("click a deck for the list of decks",
                                       area.right - 8 - (x + 72), 13),
                     (x + 72, top + 3), 13, ui.MUTED)
        self.hot = []
        starters = sum(1 for deck in self.content.decks if deck.mod == "core")
        for index, rect in self.deck_rows:
            pygame.draw.rect(surface, ui.player_colour(index),
                             pygame.Rect(rect.left - 8, rect.top + 6, 4, rect.height - 12),
                             border_radius=2)
            self.hot += draw_deck_row(
                surface, rect, self.deck_choices[index], library=self.content.library,
                faces=self.faces, summaries=self.summaries, starters=starters,
                lang=self.app.settings.language, hovered=index == self.hovered_deck,
                arrows=True, compact=self.deck_compact)

    def _draw_options(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ui.panel(surface, area)
        x = area.left + 16
        ui.blit_text(surface, "Players", (x, area.top + 12), 18, ui.TEXT, True)
        for index in range(self.count):
            y = area.top + 44 + index * self.pitch
            colour = ui.player_colour(index)
            pygame.draw.circle(surface, colour, (x + 10, y + 15), 8)
            ui.blit_text(surface, f"Player {index + 1}", (x + 26, y + 5), 16, colour, True)
        for index in range(self.count, self.seat_slots):
            y = area.top + 44 + index * self.pitch
            ui.blit_text(surface, f"Player {index + 1}: no seat", (x + 26, y + 6), 15,
                         ui.EDGE)
        room = area.right - 8 - (x + 64)
        if self.sets_top is not None and self.draft_top is not None:
            ui.blit_text(surface, "Card sets", (x, self.sets_top), 18, ui.TEXT, True)
            ui.blit_text(surface, "Draft", (x, self.draft_top), 18, ui.TEXT, True)
            note = "no draft: cards lie in the stores" if self.draft == STORE_TILES \
                else "rounds x [picks; pack size]"
            ui.blit_text(surface, fit_text(note, room, 13), (x + 64, self.draft_top + 3), 13,
                         ui.MUTED)
        if self.decks_top is not None:
            self._draw_decks(surface, area, self.decks_top)
        ui.blit_text(surface, "Seed", (x, self.seed_top), 18, ui.TEXT, True)
        ui.blit_text(surface, fit_text("the same seed deals the same game", room, 13),
                     (x + 64, self.seed_top + 3), 13, ui.MUTED)
        rect = self.seed_rect
        ui.panel(surface, rect, ui.BG, ui.ACCENT if self.editing_seed else ui.EDGE, radius=6)
        shown = self.seed_text + ("|" if self.editing_seed else "")
        if self.editing_seed and not self.seed_text:
            shown = "type a number|"
        ui.blit_text(surface, shown, (rect.left + 10, rect.centery), 16,
                     ui.TEXT if self.seed_text else ui.MUTED, anchor="midleft")
