"""Decks for the duel: a general and 39 other cards, at most three copies of a card.

A deck file (``assets/decks/duel/<name>.yaml``, or a mod's ``decks/duel/``)::

    name: {en: Ember Vanguard, de: Glutvorhut}
    general: Lyra Sunforge          # a card tagged general
    cards: {Ash Hound: 3, Kiln Golem: 2, ...}

``load_decks`` reads a folder and reports every problem with the file, the field, what was
expected and what was found; a broken deck is left out, the others load. ``deck_problems``
checks a deck against a card library (the format's rules); ``default_decks`` picks decks
for a game whose players chose none.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.rules import GameSetup
from game.rules.cards import CardLibrary
from game.rules.rulesets.duel.rules import COPIES, DECK_SIZE, GENERAL, MECHAZ0R

from .cards import Problem, read_card_file

DECKS_DIR = Path(__file__).resolve().parent.parent.parent / "assets" / "decks"
#: largest deck file read (a deck is a few hundred bytes)
MAX_DECK_FILE = 64 * 1024


@dataclass(frozen=True)
class Deck:
    """A constructed duel deck: its general and its cards with their counts."""

    name: str
    general: str
    cards: tuple[tuple[str, int], ...]
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    source: str = ""

    def card_list(self) -> tuple[str, ...]:
        """The deck as a game takes it: the general first, then every card."""
        return (self.general, *(name for name, count in self.cards for _ in range(count)))

    def title(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.name


def _names(raw: Any) -> dict[str, str] | None:
    if isinstance(raw, str) and raw.strip():
        return {"en": raw.strip()}
    if isinstance(raw, Mapping) and isinstance(raw.get("en"), str) and raw["en"].strip():
        return {str(k): str(v) for k, v in raw.items() if isinstance(v, str)}
    return None


def read_deck(path: Path) -> tuple[Deck | None, list[Problem]]:
    """One deck file: the deck, or None and what is wrong with it."""
    where = str(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        return None, [Problem(where, "file", "a readable file", type(exc).__name__)]
    if size > MAX_DECK_FILE:
        return None, [Problem(where, "file", f"a deck file of at most {MAX_DECK_FILE} bytes",
                              f"{size} bytes")]
    data, problems = read_card_file(path)
    if problems:
        return None, problems
    if not isinstance(data, Mapping):
        return None, [Problem(where, "top level", "a mapping with name, general and cards",
                              type(data).__name__)]
    names = _names(data.get("name"))
    general = data.get("general")
    cards = data.get("cards")
    if names is None:
        problems.append(Problem(where, "name", "a name (text, or {en: ..., de: ...})",
                                repr(data.get("name"))))
    if not isinstance(general, str) or not general.strip():
        problems.append(Problem(where, "general", "the name of a general card", repr(general)))
    counted: list[tuple[str, int]] = []
    if not isinstance(cards, Mapping) or not cards:
        problems.append(Problem(where, "cards", "a mapping of card name to count",
                                repr(cards)))
    else:
        for name, count in cards.items():
            if (not isinstance(count, int) or isinstance(count, bool) or count < 1
                    or not isinstance(name, str)):
                problems.append(Problem(where, f"cards.{name}", "a count of at least 1",
                                        repr(count)))
            else:
                counted.append((name, count))
    for key in data:
        if key not in ("name", "general", "cards"):
            problems.append(Problem(where, str(key), "one of name, general, cards",
                                    "an unknown field"))
    if problems or names is None or not isinstance(general, str):
        return None, problems
    return Deck(names["en"], general.strip(), tuple(counted), MappingProxyType(names),
                where), []


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


def load_decks(library: CardLibrary, root: Path = DECKS_DIR / "duel",
               ) -> tuple[list[Deck], list[Problem]]:
    """Every deck file of ``root`` that is well-formed and fits the format, by name, and
    every problem found."""
    decks: list[Deck] = []
    problems: list[Problem] = []
    if not root.is_dir():
        return decks, problems
    for path in sorted(root.glob("*.yaml")):
        deck, found = read_deck(path)
        if deck is not None:
            found = deck_problems(deck, library)
        problems.extend(found)
        if deck is not None and not found:
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


def with_decks(setup: GameSetup) -> GameSetup:
    """``setup`` as given, or, for a duel map whose players chose no decks, with starter
    decks drawn by the game's seed."""
    if setup.decks is not None or setup.map.ruleset != "duel":
        return setup
    decks = default_decks(starter_decks(setup.library), setup.players, setup.seed)
    return dataclasses.replace(setup, decks=decks)
