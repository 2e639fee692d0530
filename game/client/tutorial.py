"""Your first game: the guided tutorial.

A short game of Muhq's Game on a small map of its own (``maps/2P-tutorial.tmx``), with a
fixed seed and fixed stores, so the first hand is always two Coins and a Recruit and the
enemy Recruit always stands three steps from your Soldier. A panel beside the board says
what to do next and why, and points at the thing to click; it moves on when the player
actually does it (pays the upkeep, plays a card, moves, attacks, buys, ends the turn),
read from the game's own history of actions, never from the clicks.

Nothing is forced: every legal move stays legal. A step done out of order counts when it
is done; a step left behind when its phase ends is let go with a friendly word; a few
wrong turns get a gentle remark (a unit ticked for disbanding, another unit activated,
an enemy out of reach, the store closed). The texts are locale lines
(``tutorial.<step>.title``/``.text``, and the remarks), in every shipped language.

``hint(game, screen)`` is a pure function of the game and of what the screen shows, so a
test can ask it without a window; ``TutorialPanel`` draws it and remembers the end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.client import ui
from game.client.session import Seat
from game.content import locale
from game.content.text import card_name
from game.maps import TUTORIAL_MAP, load_map
from game.rules import GameSetup, Phase
from game.rules.core.actions import Activate, Attack, Buy, Move, PayUpkeep, PlayCard, StreetMove
from game.rules.core.state import NEUTRAL

if TYPE_CHECKING:
    from game.content.mods import Content
    from game.rules import Game

#: the tutorial's map, seed and stores: together they fix the first hand (Coin, Coin,
#: Recruit) and the board the hints speak of (tests/client/test_tutorial.py checks it)
MAP = TUTORIAL_MAP
SEED = 1
STORE = ("Soldier", "Archer", "Sword", "Healing Potion")
#: the person's seat, and the gentle computer player in the other
PLAYER = 0
OPPONENT = "easy"
#: the steps, in the order a turn goes; "done" is the end
STEPS = ("upkeep", "coin", "unit", "move", "attack", "pass", "buy", "end", "done")
#: in which phase of the first turn each step can be done (it is let go once that is over)
_PHASE = {"upkeep": Phase.UPKEEP, "coin": Phase.ACTION, "unit": Phase.ACTION,
          "move": Phase.ACTION, "attack": Phase.ACTION, "pass": Phase.ACTION,
          "buy": Phase.BUYING, "end": Phase.DISCARD}
_ORDER = (Phase.UPKEEP, Phase.ACTION, Phase.BUYING, Phase.DISCARD)
#: the steps a player may leave undone (each has a friendly ``.missed`` line)
MAY_SKIP = ("coin", "unit", "move", "attack", "buy")


def tutorial_setup(content: Content) -> tuple[GameSetup, list[Seat]] | None:
    """The tutorial's game: you against the easy computer, no draft (None when the
    tutorial's map did not load)."""
    path = content.maps.get(MAP)  # the maps that loaded, checked against the cards
    if path is None:
        return None
    spec = load_map(path, content.library)
    setup = GameSetup(spec, content.library, 2, SEED, spec.sets or ("base",),
                      stores=(STORE, STORE))
    return setup, [Seat(True), Seat(False, OPPONENT)]


@dataclass(frozen=True, slots=True)
class Screen:
    """What the window shows that a hint reacts to."""

    #: units ticked for disbanding in the upkeep checklist
    ticked: frozenset[int] = frozenset()
    #: the hand card being played (0: none)
    building: int = 0
    #: the unit activated now (0: none)
    activated: int = 0
    store_open: bool = False
    #: a question (before a pass, say) waits for an answer
    asking: bool = False


@dataclass(frozen=True, slots=True)
class Hint:
    """What the panel says: the step (its number of ``count``), its title and text, a
    remark on what the player just did ("" for none), and what it points at:
    ``("upkeep",)`` the Pay upkeep button, ``("button", name)``, ``("hand", card)``,
    ``("tile", tile)`` or ``("store", card)``; None for nothing."""

    step: str
    number: int
    count: int
    title: str
    text: str
    note: str = ""
    focus: tuple[Any, ...] | None = None


def said(key: str, lang: str = "en", **values: Any) -> str:
    """A tutorial line; an amount and its ◆ stay on one line."""
    return _AMOUNT.sub("\\1\u00a0◆", locale.text(f"tutorial.{key}", lang, **values))


_AMOUNT = re.compile(r"(\d) ◆")


def steps_done(game: Game) -> set[str]:
    """The steps the player has done, from the actions they took in the game."""
    done: set[str] = set()
    for action in game.history:
        if action.player != PLAYER:
            continue
        if isinstance(action, PayUpkeep):
            done.add("upkeep")
        elif isinstance(action, PlayCard) and game.card(action.card).is_unit:
            done.add("unit")
        elif isinstance(action, PlayCard) and not _coins_left(game):
            done.add("coin")  # every Coin played: the resource to buy with
        elif isinstance(action, (Move, StreetMove)):
            done.add("move")
        elif isinstance(action, Attack):
            done.add("attack")
        elif isinstance(action, Buy):
            done.add("buy")
    if _past(game, Phase.ACTION):
        done.add("pass")
    if game.turn > 1 or game.active != PLAYER or game.over_reason:
        done.add("end")
    return done


def _coins_left(game: Game) -> list[int]:
    """The cards in the player's hand that are not units (the Coins)."""
    return [c for c in game.players[PLAYER].hand if not game.card(c).is_unit]


def _past(game: Game, phase: Phase) -> bool:
    """Is the player's first turn beyond ``phase``?"""
    if game.turn > 1 or game.active != PLAYER or game.phase not in _ORDER:
        return True
    return _ORDER.index(game.phase) > _ORDER.index(phase)


def current(game: Game) -> tuple[str, str]:
    """The step to show now and the step let go just before it ("" for none)."""
    done = steps_done(game)
    missed = ""
    for step in STEPS[:-1]:
        if step in done:
            continue
        if _past(game, _PHASE[step]):
            missed = step
            continue
        return step, missed
    return "done", missed


def hint(game: Game, screen: Screen, lang: str = "en") -> Hint:
    """What the panel says now."""
    step, missed = current(game)
    note = said(f"{missed}.missed", lang) if missed in MAY_SKIP and step != "done" else ""
    text = said(f"{step}.text", lang)
    reaction, focus = _react(game, screen, step)
    if reaction:
        note = said(reaction, lang, name=_name(game, screen.activated, lang))
    return Hint(step, STEPS.index(step) + 1, len(STEPS), said(f"{step}.title", lang),
                text, note, focus)


def _name(game: Game, entity: int, lang: str) -> str:
    return card_name(game.card(entity), lang) if entity and game.exists(entity) else ""


def _react(game: Game, screen: Screen, step: str) -> tuple[str, tuple[Any, ...] | None]:
    """The remark on what the screen shows (a locale key after ``tutorial.``, "" for
    none) and what the hint points at."""
    me = PLAYER
    if game.stack and game.actor == me and step != "done":
        return "waiting", ("button", "pass")
    if game.phase is Phase.UPKEEP and game.actor == me and step not in ("upkeep", "coin"):
        if PayUpkeep(me) in game.legal_actions(me):  # a later turn's, still to pay
            return "", ("upkeep",)
        return "upkeep.paid", ("button", "pass")  # automatic passing is off
    if step == "upkeep":
        soldier = _own(game, "Soldier")
        if soldier in screen.ticked:  # point at it, to tick it off again
            return "upkeep.ticked", _tile(game, soldier)
        return "", ("upkeep",)
    if step in ("coin", "unit"):
        wanted = (lambda c: not c.is_unit) if step == "coin" else (lambda c: c.is_unit)
        if screen.building and wanted(game.card(screen.building)):
            return f"{step}.chosen", None
        card = next((c for c in game.players[me].hand if wanted(game.card(c))), 0)
        again = step == "coin" and any(isinstance(a, PlayCard) and a.player == me
                                       and not game.card(a.card).is_unit
                                       for a in game.history)
        return ("coin.again" if again else ""), ("hand", card) if card else None
    if step in ("move", "attack") and not _own(game, "Soldier"):
        return "soldier.gone", ("button", "pass")
    if step == "move":
        soldier = _own(game, "Soldier")
        if screen.activated and screen.activated == soldier:
            return "move.chosen", _beside_enemy(game, soldier)
        if screen.activated:
            return "move.other", _tile(game, soldier)
        return "", _tile(game, soldier)
    if step == "attack":
        target = next((a.target for a in game.legal_actions(me) if isinstance(a, Attack)
                       and a.unit == screen.activated and game.controller(a.target) != me),
                      0)
        if target:
            return "", _tile(game, target)
        soldier = _own(game, "Soldier")
        if screen.activated != soldier and Activate(me, soldier) in game.legal_actions(me):
            return "attack.again", _tile(game, soldier)
        return "attack.far", ("button", "pass")
    if step == "pass":  # while the game asks, the question is what to look at
        return ("pass.asking", None) if screen.asking else ("", ("button", "pass"))
    if step == "buy" and game.actor == me:
        wanted_buy = next((a.card for a in game.legal_actions(me) if isinstance(a, Buy)
                           and game.card(a.card).name == STORE[0]), 0)
        if not wanted_buy and not any(isinstance(a, Buy) for a in game.legal_actions(me)):
            return "buy.poor", ("button", "end")
        if not screen.store_open:
            return "buy.closed", ("button", "store")
        return "", ("store", wanted_buy) if wanted_buy else None
    if step == "end":
        return "", ("button", "end")
    return "", None


def _own(game: Game, name: str) -> int:
    """The player's first permanent of that name on the map (0 for none)."""
    return next((e for e in game.controlled_permanents(PLAYER)
                 if game.card(e).name == name), 0)


def _tile(game: Game, entity: int) -> tuple[Any, ...] | None:
    tile = game.tile_of(entity) if entity and game.is_on_map(entity) else None
    return None if tile is None else ("tile", tile)


def _beside_enemy(game: Game, unit: int) -> tuple[Any, ...] | None:
    """The tile the unit may move to that lies right beside an enemy unit (other than
    the King): straight beside it rather than across a corner, where there is a choice."""
    moves = {a.tile for a in game.legal_actions(PLAYER)
             if isinstance(a, (Move, StreetMove)) and a.unit == unit}
    enemies = [game.tile_of(e) for e in game.permanents()
               if game.is_on_map(e) and game.controller(e) not in (PLAYER, NEUTRAL)
               and game.card(e).is_unit and game.card(e).name != "King"]
    beside = [(_across(game, tile, other), tile) for tile in moves for other in enemies
              if other is not None and game.geometry.distance(tile, other) <= 1]
    return ("tile", min(beside)[1]) if beside else None


def _across(game: Game, tile: Any, other: Any) -> bool:
    """Do the two tiles touch across a corner (neither their column nor their row in
    common, as the map's grid numbers them)?"""
    col, row = game.geometry.tile_to_grid(tile)
    other_col, other_row = game.geometry.tile_to_grid(other)
    return col != other_col and row != other_row


class TutorialPanel:
    """The hint panel beside the board: the step, what to do and why, and a remark on
    what the player just did; at the end a *Got it* button that puts it away. It
    notes the tutorial as finished in the settings the first time the end is reached."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.shown: Hint | None = None
        self.seen: list[str] = []  # the steps shown so far, in order (tests read it)
        self.complete = False
        self.closed = False
        self.close = ui.Button(pygame.Rect(0, 0, 0, 0), "", name="got-it")

    def update(self, game: Game, screen: Screen, lang: str) -> bool:
        """Take the hint of the moment; True when the tutorial was finished just now."""
        self.shown = hint(game, screen, lang)
        if not self.seen or self.seen[-1] != self.shown.step:
            self.seen.append(self.shown.step)
        if self.shown.step == "done" and not self.complete:
            self.complete = True
            return True
        return False

    @property
    def visible(self) -> bool:
        return self.shown is not None and not self.closed

    def draw(self, surface: pygame.Surface, lang: str) -> None:
        shown = self.shown
        if shown is None or self.closed:
            return
        rect = self.rect
        s = self.scale
        ui.panel(surface, rect, (44, 50, 40), ui.ACCENT)
        pad = round(12 * s)
        size = max(13, round(15 * s))
        width = rect.width - 2 * pad
        x, y = rect.left + pad, rect.top + round(8 * s)
        count = said("count", lang, number=shown.number, count=shown.count)
        right = ui.blit_text(surface, count, (rect.right - pad, y + 2), size - 2, ui.MUTED,
                             anchor="topright")
        title = ui.wrap(shown.title, right.left - x - 8, size + 2, True)[0]
        y = ui.blit_text(surface, title, (x, y), size + 2, ui.ACCENT, True).bottom + 6
        button_h = round(32 * s) if shown.step == "done" else 0
        bottom = rect.bottom - pad - (button_h + 6 if button_h else 0)
        line_h = size + 4
        for content, colour in ((shown.note, HINT_COLOUR), (shown.text, ui.TEXT)):
            if not content:
                continue
            for line in ui.wrap(content, width, size):
                if y + line_h > bottom:
                    break
                ui.blit_text(surface, line, (x, y), size, colour)
                y += line_h
            y += 4
        if button_h:
            self.close.label = said("close", lang)
            self.close.size = size
            label_w = ui.font(size).size(self.close.label)[0] + 28
            self.close.rect = pygame.Rect(rect.right - pad - label_w, rect.bottom - pad
                                          - button_h, label_w, button_h)
            self.close.draw(surface)
        else:
            self.close.rect = pygame.Rect(0, 0, 0, 0)

    def needed_height(self, lang: str) -> int:
        """How tall the panel is for its longest hint at the panel's width."""
        s = self.scale
        size = max(13, round(15 * s))
        width = self.rect.width - 2 * round(12 * s)
        # a remark (the longest of them) comes on top of the text, then a gap
        remark = max(len(ui.wrap(said(key[len("tutorial."):], lang, name="Soldier"), width,
                                 size))
                     for key in locale.keys("tutorial.", lang)
                     if not key.endswith((".title", ".text", ".count", ".close")))
        longest = 0
        for step in STEPS:
            lines = len(ui.wrap(said(f"{step}.text", lang), width, size))
            # the last step's text has the Got it button under it
            button = round(32 * s) + 6 if step == "done" else 0
            longest = max(longest, (lines + remark) * (size + 4) + 8 + button)
        return round(8 * s) + size + 8 + longest + 8 + round(12 * s)


#: the colour of the panel's remarks and of the frame round what a hint points at: apart
#: from the board's highlights (blue, red, gold, teal, amber) and the glow of cards
HINT_COLOUR = (130, 232, 150)


def focus_outline(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A green frame round what the hint points at (a little outside it)."""
    outer = rect.inflate(8, 8)
    pygame.draw.rect(surface, (16, 30, 20), outer.inflate(4, 4), width=2, border_radius=10)
    pygame.draw.rect(surface, HINT_COLOUR, outer, width=4, border_radius=9)
