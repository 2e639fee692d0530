"""Plain game-state records that are not ECS components: players, the stack, setup."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..cards import CardLibrary
from ..components import Zone
from ..mapmodel import MapSpec
from .frozen import quick_init

#: Version of the rules engine's save format and game semantics. A game keeps the version
#: it was started under (``GameSetup.version``, a save's ``rules_version``) and is played
#: by the rules of that version, so every save replays as it was played.
RULES_VERSION = 8

#: From this rules version on, players make the decisions the rulebook leaves to them
#: (which units stay unpaid, where a dropped pile's permanents go, which cards pay a
#: discard cost) as ``PendingChoice``s, and a paralyzed unit uses no free action of its
#: own. Games of an earlier version keep the engine's old automatic answers.
CHOICES_VERSION = 2

#: From this rules version on, cards play as their files describe them now; games of an
#: earlier version play each card as its ``before`` entry for that version says (errata:
#: a balance change never changes how an old save replays). Version 3: the King has
#: protection from Die!; version 4: from enemy spells; version 5: a Bribe played is exiled;
#: version 6: Call the Wolves' wolf comes on the caller's spawn tiles; version 8: the duel's
#: Whirling Sands summons a Wind Dervish that stays.
ERRATA_VERSION = 3

#: The controller of the map's own pieces (walls, neutral buildings, store stock).
NEUTRAL = -1


class IllegalAction(ValueError):
    """An action that is not allowed now; the game is left unchanged."""


#: Hand size players draw up to at the start of their turn (rule Player Turns 2).
HAND_SIZE = 3


class Phase(StrEnum):
    DRAFT = "draft"
    UPKEEP = "upkeep"
    ACTION = "action"
    BUYING = "buying"
    DISCARD = "discard"  # the discard step (not a phase: nobody has priority)
    MULLIGAN = "mulligan"  # the duel's opening hands: each player may replace cards
    STRATEGY = "strategy"  # the fleet: each player picks a strategy for the round
    STATUS = "status"  # the fleet: scoring, income and command tokens between rounds
    OVER = "over"


#: Zones a player owns a list of (the map and "aside" lists hold the owner's cards there).
PLAYER_ZONES = (Zone.DECK, Zone.HAND, Zone.DISCARD, Zone.STORE, Zone.MAP, Zone.EXILE,
                Zone.ASIDE, Zone.DRAFT)


@dataclass(slots=True)
class PlayerState:
    index: int
    resource: int = 0
    points: int = 0
    zones: dict[Zone, list[int]] = field(default_factory=lambda: {z: [] for z in PLAYER_ZONES})
    eliminated: bool = False
    bought: bool = False  # has bought a card this turn (rule Buying 3)
    upkeep_due: bool = False  # must still declare the upkeep action (rule Upkeep 3)
    disbanded: list[int] = field(default_factory=list)  # declared for disbanding
    #: named per-player counters a ruleset keeps (mana, command tokens...); a counter at
    #: zero is not stored
    counters: dict[str, int] = field(default_factory=dict)

    # the zones read most, the very lists of ``zones`` (set once: the zone index changes
    # those lists in place and never replaces one)
    deck: list[int] = field(init=False, repr=False, compare=False)
    hand: list[int] = field(init=False, repr=False, compare=False)
    discard: list[int] = field(init=False, repr=False, compare=False)
    store: list[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        zones = self.zones
        self.deck, self.hand = zones[Zone.DECK], zones[Zone.HAND]
        self.discard, self.store = zones[Zone.DISCARD], zones[Zone.STORE]

    def copy(self) -> PlayerState:
        return PlayerState(
            self.index, self.resource, self.points,
            {z: list(cards) for z, cards in self.zones.items()},
            self.eliminated, self.bought, self.upkeep_due, list(self.disbanded),
            dict(self.counters),
        )


class GameRandom(random.Random):
    """The game's one random generator: ``random.Random`` drawing the very same numbers,
    which also remembers its state between draws, so that snapshots and hashes taken
    while nothing was drawn do not copy the generator's 625 numbers again, and counts the
    32-bit words each draw takes, so that a hash knows the generator's key (its 624
    numbers, renewed all at once every 624 words) and its position in it without copying
    the state (``position``)."""

    _state: tuple[Any, ...] | None = None
    _key: tuple[int, ...] | None = None  # the key of the last state read, while it holds
    _index = 0  # the position in that key then
    _drawn = 0  # the words drawn since

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._state = self._key = None
        super().seed(*args, **kwargs)

    def random(self) -> float:
        self._state = None
        self._drawn += 2  # a float takes two words
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._state = None
        self._drawn += (k + 31) >> 5  # one word for each 32 bits begun (none for k = 0)
        return super().getrandbits(k)

    def _randbelow(self, n: int) -> int:
        """A whole number in [0, n): ``random.Random._randbelow_with_getrandbits`` (the
        same draws, so the same numbers), drawing from the generator itself rather than
        through ``getrandbits`` above (shuffles draw one number a card)."""
        self._state = None
        k = n.bit_length()
        words = (k + 31) >> 5
        drawn = words
        found = _getrandbits(self, k)
        while found >= n:
            found = _getrandbits(self, k)
            drawn += words
        self._drawn += drawn
        return found

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        self._state = None
        value = super().gauss(mu, sigma)  # (its draws are counted in ``random``)
        self._key = None  # a float may be left waiting in the state: read it whole
        return value

    def getstate(self) -> tuple[Any, ...]:
        state = self._state
        if state is None:
            state = self._state = super().getstate()
        return state

    def setstate(self, state: tuple[Any, ...]) -> None:
        if state is self._state:
            return  # nothing was drawn since this state
        super().setstate(state)
        self._state, self._key = state, None

    def position(self) -> tuple[tuple[int, ...], int] | None:
        """``(key, index)``: the state's 624 numbers and its position among them (the
        same key object while the key stays the same), or None for a state of another
        shape (a float waiting in ``gauss_next``)."""
        key = self._key
        if key is not None:
            index = self._index + self._drawn
            if index <= _MT_WORDS:  # the key is renewed only at the draw after the last
                return key, index
        state = self.getstate()
        numbers = state[1]
        if (len(state) != 3 or state[0] != 3 or state[2] is not None
                or type(numbers) is not tuple or len(numbers) != _MT_WORDS + 1):
            return None
        self._key, self._index, self._drawn = numbers[:-1], numbers[-1], 0
        return self._key, self._index


#: the Mersenne Twister's key: this many 32-bit words
_MT_WORDS = 624

#: the generator's own ``getrandbits`` (``GameRandom`` counts the words of its draws)
_getrandbits = random.Random.getrandbits


@dataclass(frozen=True, slots=True)
class StackItem:
    """A declared action waiting on the action stack (rule Action-Stack)."""

    kind: str
    controller: int
    source: int
    data: tuple[Any, ...]
    text: str


quick_init(StackItem)


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered action whose controller must still declare it (rule Actions 5)."""

    controller: int
    source: int
    ability: int  # index into the source card's triggers
    context: tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class PendingChoice:
    """A decision the rules give a player, waiting for their answer before anybody acts:
    ``kind`` names it (an entry of ``core.choices.CHOICES``), ``controller`` decides,
    ``source`` is what it is about (the container of a dropped pile, the card whose cost
    is paid; 0 for none) and ``data`` holds what the decision needs and what has been
    chosen so far (tuples only, so it hashes and copies as it is)."""

    kind: str
    controller: int
    source: int
    data: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything that, with the actions taken, fully describes a game."""

    map: MapSpec
    library: CardLibrary
    players: int
    seed: int
    sets: tuple[str, ...] = ()
    draft: str = "1x[2;8]"
    #: explicit stores (card names per player) instead of a draft, for tests and scenarios
    stores: tuple[tuple[str, ...], ...] | None = None
    #: player-vs-computer games: no draft; the sets' cards are dealt among the map's store
    #: tiles instead, and a unit standing on a store lets its controller buy from it
    store_mode: bool = False
    #: a deck per player (card names) instead of the map's start deck for everybody
    decks: tuple[tuple[str, ...], ...] | None = None
    version: int = RULES_VERSION
