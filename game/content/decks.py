"""Decks for the duel: a general and 39 other cards, at most three copies of a card.

A deck file (``assets/decks/duel/<name>.yaml``, or a mod's ``decks/duel/``)::

    name: {en: Ember Vanguard, de: Glutvorhut}
    general: Lyra Sunforge          # a card tagged general
    cards: {Ash Hound: 3, Kiln Golem: 2, ...}

``load_decks`` reads a folder and reports every problem with the file, the field, what was
expected and what was found; a broken deck is left out, the others load. ``deck_problems``
checks a deck against a card library (the format's rules); ``default_decks`` picks decks
for a game whose players chose none, and ``with_decks`` fills a duel setup's decks: the
ones the players chose, the seeded draw for the others. ``summarize`` counts what a deck
holds (card kinds, tribes, mana curve) for the New game screen.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.rules import GameSetup
from game.rules.cards import CardLibrary, CardType
from game.rules.limits import MAX_DECK_FILE, MAX_LIST_ITEMS, MAX_NAME
from game.rules.rulesets.duel.rules import COPIES, DECK_SIZE, GENERAL, MECHAZ0R

from .cards import Problem, read_card_file
from .schema import shorten

DECKS_DIR = Path(__file__).resolve().parent.parent.parent / "assets" / "decks"


@dataclass(frozen=True)
class Deck:
    """A constructed duel deck: its general and its cards with their counts."""

    name: str
    general: str
    cards: tuple[tuple[str, int], ...]
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    source: str = ""
    #: the mod the deck comes from (``core``: the shipped starter decks)
    mod: str = "core"

    def card_list(self) -> tuple[str, ...]:
        """The deck as a game takes it: the general first, then every card."""
        return (self.general, *(name for name, count in self.cards for _ in range(count)))

    def title(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.name


def _names(raw: Any) -> dict[str, str] | None:
    if isinstance(raw, str) and raw.strip() and len(raw) <= MAX_NAME:
        return {"en": raw.strip()}
    if (isinstance(raw, Mapping) and isinstance(raw.get("en"), str) and raw["en"].strip()
            and len(raw) <= MAX_LIST_ITEMS
            and all(isinstance(v, str) and len(v) <= MAX_NAME for v in raw.values())):
        return {str(k): str(v) for k, v in raw.items()}
    return None


def read_deck(path: Path, mod: str = "core") -> tuple[Deck | None, list[Problem]]:
    """One deck file (of the mod ``mod``): the deck, or None and what is wrong with it."""
    deck, problems = _parse_deck(path, mod)
    return (None, problems) if problems else (deck, [])


def check_deck_file(path: Path, library: CardLibrary, mod: str = "core",
                    root: Path | None = None) -> tuple[Deck | None, list[Problem]]:
    """One deck file read and checked against the format with ``library``: the deck, or
    None and every problem at once (the format is checked on whatever of the file could
    be read, so one bad count does not hide the other mistakes). ``root``: the folder the
    file must lie in, links followed."""
    deck, problems = _parse_deck(path, mod, root)
    if deck is None:
        return None, problems
    fields = {p.field for p in problems}
    counts_bad = any(f.startswith("cards") for f in fields)
    problems += [p for p in deck_problems(deck, library) if p.field not in fields
                 and not (p.field == "cards" and counts_bad)]
    return (None, problems) if problems else (deck, [])


def _parse_deck(path: Path, mod: str, root: Path | None = None,
                ) -> tuple[Deck | None, list[Problem]]:
    """The deck as far as its file could be read (None when it is not a mapping), and
    every problem of the file's fields."""
    where = str(path)
    data, problems = read_card_file(path, MAX_DECK_FILE, root)
    if problems:
        return None, problems
    if not isinstance(data, Mapping):
        return None, [Problem(where, "top level", "a mapping with name, general and cards",
                              type(data).__name__)]
    names = _names(data.get("name"))
    general = data.get("general")
    cards = data.get("cards")
    if names is None:
        problems.append(Problem(where, "name", "a name (text, or {en: ..., de: ...}) of at "
                                f"most {MAX_NAME} characters", shorten(data.get("name"))))
    if not isinstance(general, str) or not general.strip() or len(general) > MAX_NAME:
        problems.append(Problem(where, "general", "the name of a general card",
                                shorten(general)))
        general = None
    counted: list[tuple[str, int]] = []
    if not isinstance(cards, Mapping) or not cards or len(cards) > MAX_LIST_ITEMS:
        found = (f"{len(cards)} entries" if isinstance(cards, Mapping) and cards
                 else shorten(cards))
        problems.append(Problem(where, "cards", "a mapping of card name to count (at most "
                                f"{MAX_LIST_ITEMS} names)", found))
    else:
        for name, count in cards.items():
            if not isinstance(name, str) or len(name) > MAX_NAME:
                problems.append(Problem(where, f"cards.{shorten(name)}",
                                        f"a card name of at most {MAX_NAME} characters",
                                        shorten(name)))
            elif not isinstance(count, int) or isinstance(count, bool) or count < 1:
                problems.append(Problem(where, f"cards.{name}", "a count of at least 1",
                                        shorten(count)))
            else:
                counted.append((name, count))
    for key in data:
        if key not in ("name", "general", "cards"):
            problems.append(Problem(where, shorten(key), "one of name, general, cards",
                                    "an unknown field"))
    names = names or {"en": path.stem}
    general = general.strip() if isinstance(general, str) else ""
    return Deck(names["en"], general, tuple(counted), MappingProxyType(names), where,
                mod), problems


def deck_problems(deck: Deck, library: CardLibrary) -> list[Problem]:
    """The duel's deck format: a general, then exactly 39 duel cards, at most three of a
    card; no generals, bloodbound spells, tokens or MECHAZ0R! (the game makes those)."""
    where = deck.source or deck.name
    problems: list[Problem] = []
    if deck.general not in library:
        problems.append(Problem(where, "general", "a card of the card library", deck.general))
    elif GENERAL not in library[deck.general].tags:
        problems.append(Problem(where, "general", "a card tagged general", deck.general))
    total = sum(count for _, count in deck.cards)
    if total != DECK_SIZE:
        problems.append(Problem(where, "cards", f"{DECK_SIZE} cards besides the general",
                                f"{total}"))
    for name, count in deck.cards:
        field_name = f"cards.{name}"
        if name not in library:
            problems.append(Problem(where, field_name, "a card of the card library", name))
            continue
        card = library[name]
        if count > COPIES:
            problems.append(Problem(where, field_name, f"at most {COPIES} copies", str(count)))
        if "duel" not in card.tags:
            problems.append(Problem(where, field_name, "a duel card (tagged duel)", name))
        elif card.token or name == MECHAZ0R or {"general", "bloodbound"} & card.tags:
            problems.append(Problem(where, field_name, "a card a deck may hold (not a token, "
                                    "general, bloodbound spell or MECHAZ0R!)", name))
    return problems


def load_decks(library: CardLibrary, root: Path = DECKS_DIR / "duel", mod: str = "core",
               confine: Path | None = None) -> tuple[list[Deck], list[Problem]]:
    """Every deck file of ``root`` that is well-formed and fits the format, by name, and
    every problem found (``confine``: the folder every deck file must lie in, links
    followed; default ``root``)."""
    decks: list[Deck] = []
    problems: list[Problem] = []
    if not root.is_dir():
        return decks, problems
    for path in sorted(root.glob("*.yaml")):
        deck, found = check_deck_file(path, library, mod, confine or root)
        problems.extend(found)
        if deck is not None:
            decks.append(deck)
    return decks, problems


def default_decks(decks: list[Deck], players: int, seed: int) -> tuple[tuple[str, ...], ...]:
    """Decks for players who chose none: different starter decks, drawn with the game's
    seed (so the same seed gives the same decks)."""
    if not decks:
        raise ValueError("decks: no duel deck to choose from")
    rng = random.Random(f"decks:{seed}")
    order = list(decks)
    rng.shuffle(order)
    return tuple(order[i % len(order)].card_list() for i in range(players))


_STARTERS: dict[int, list[Deck]] = {}


def starter_decks(library: CardLibrary) -> list[Deck]:
    """The shipped duel starter decks that fit ``library`` (read once per library)."""
    key = id(library)
    if key not in _STARTERS:
        _STARTERS.clear()
        _STARTERS[key] = load_decks(library)[0]
    return _STARTERS[key]


def with_decks(setup: GameSetup, chosen: Sequence[Deck | None] = ()) -> GameSetup:
    """``setup`` as given, or, for a duel map whose setup names no decks, with a deck per
    player: the one ``chosen`` for that seat, else (None, or no choice given) the starter
    deck the game's seed draws for that seat, as ``default_decks`` deals them."""
    if setup.decks is not None or setup.map.ruleset != "duel":
        return setup
    picks = [chosen[i] if i < len(chosen) else None for i in range(setup.players)]
    drawn = (default_decks(starter_decks(setup.library), setup.players, setup.seed)
             if None in picks else ())
    decks = tuple(drawn[i] if deck is None else deck.card_list()
                  for i, deck in enumerate(picks))
    return dataclasses.replace(setup, decks=decks)


# ---------------------------------------------------------------------------- summaries

#: the mana curve's columns: cost 1 or less, 2, ..., 6, and 7 or more
CURVE_LABELS = ("≤1", "2", "3", "4", "5", "6", "7+")
#: tags every duel card or none of a deck's cards carry: not tribes
_NOT_TRIBES = frozenset({"duel", GENERAL, "bloodbound"})


@dataclass(frozen=True)
class DeckSummary:
    """What a deck holds, counted: enough to tell decks apart at a glance."""

    cards: int
    units: int
    spells: int
    artifacts: int
    #: (tribe tag, cards of it), most first
    tribes: tuple[tuple[str, int], ...]
    #: cards per column of ``CURVE_LABELS``
    curve: tuple[int, ...]
    #: the average mana cost of the cards
    average: float
    bloodbound: str = ""


def summarize(deck: Deck, library: CardLibrary) -> DeckSummary:
    """Count ``deck``'s cards by kind, tribe and mana cost (cards the library lacks are
    left out; a loaded deck has none)."""
    units = spells = artifacts = total = cost = 0
    tribes: dict[str, int] = {}
    curve = [0] * len(CURVE_LABELS)
    for name, count in deck.cards:
        if name not in library:
            continue
        card = library[name]
        total += count
        if card.type is CardType.UNIT:
            units += count
        elif card.is_artifact:
            artifacts += count
        elif card.is_spell:
            spells += count
        for tag in card.tags - _NOT_TRIBES:
            tribes[tag] = tribes.get(tag, 0) + count
        mana = card.play or 0
        cost += mana * count
        curve[min(max(mana, 1), len(CURVE_LABELS)) - 1] += count
    spell = (str(library[deck.general].extra.get("bloodbound", ""))
             if deck.general in library else "")
    ordered = tuple(sorted(tribes.items(), key=lambda item: (-item[1], item[0])))
    return DeckSummary(total, units, spells, artifacts, ordered, tuple(curve),
                       cost / total if total else 0.0, spell)
