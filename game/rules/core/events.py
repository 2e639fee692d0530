"""Typed events: what happened, reported by ``Game.apply`` in the order it happened.

Events drive triggered abilities (through ``game.rules.triggers``) and tell the client
what to animate and log. The bus keeps strong references and calls subscribers in the
order they subscribed, unlike esper's weak, unordered handlers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..geometry import Tile
from .frozen import quick_init


@dataclass(frozen=True, slots=True)
class Event:
    #: whether the event may tell of a change the state-based actions must look at
    #: (``systems.state_based``); the few events that never do (announcements, zones
    #: off the map, players' numbers) say False, so that the permanents are not checked
    #: again after them. Board changes that come without an event grow ``game.version``.
    settles: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int
    turn: int
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """The player's turn is over (after its last step, before the next turn starts)."""

    player: int
    turn: int
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A new round begins (rulesets that play in rounds)."""

    round: int


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    player: int
    phase: str
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class ActionDeclared(Event):
    player: int
    text: str
    #: the permanent the action is about, when a ruleset hides some from some players
    #: (0: none named)
    subject: int = 0
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class ActionResolved(Event):
    player: int
    text: str
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Decided(Event):
    """A player answered a decision the rules left to them (``core.choices``)."""

    player: int
    text: str


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    card: int
    name: str
    from_zone: str
    to_zone: str
    player: int
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class PermanentPlaced(Event):
    permanent: int
    tile: Tile
    controller: int


@dataclass(frozen=True, slots=True)
class PermanentMoved(Event):
    permanent: int
    from_tile: Tile | None
    to_tile: Tile | None


@dataclass(frozen=True, slots=True)
class Activated(Event):
    permanent: int
    controller: int
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    attacker: int
    target: int


@dataclass(frozen=True, slots=True)
class DamageDealt(Event):
    source: int
    target: int
    amount: int


@dataclass(frozen=True, slots=True)
class DamagePrevented(Event):
    source: int
    target: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Destroyed(Event):
    permanent: int
    name: str
    controller: int
    tile: Tile | None
    reason: str


@dataclass(frozen=True, slots=True)
class MarksChanged(Event):
    """The number of marks of ``kind`` on ``bearer`` (0 for a tile's marks, then ``tile``
    says which) is now ``count``."""

    bearer: int
    kind: str
    count: int
    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class CounterChanged(Event):
    player: int
    name: str
    amount: int
    total: int
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class ResourceChanged(Event):
    player: int
    amount: int
    total: int
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class PointsChanged(Event):
    player: int
    amount: int
    total: int
    settles: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Behaviour(Event):
    permanent: int
    behaviour: str
    note: str


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    player: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[int, ...]
    reason: str


for _cls in [v for v in globals().values() if isinstance(v, type) and issubclass(v, Event)]:
    quick_init(_cls)


#: Zones whose cards only their player may know (rules Hand 1, Deck: the order is secret).
SECRET_ZONES = frozenset({"deck", "hand"})


def seen_by(event: Event, viewer: int) -> Event:
    """The event as ``viewer`` may know it: a card moving between secret zones of another
    player (a draw, a card put back) is shown without its name."""
    if (isinstance(event, CardMoved) and event.player != viewer
            and event.from_zone in SECRET_ZONES and event.to_zone in SECRET_ZONES):
        return CardMoved(0, "a card", event.from_zone, event.to_zone, event.player)
    return event


Handler = Callable[[Event], Any]


class EventBus:
    """Ordered publish/subscribe with strong references."""

    __slots__ = ("_handlers", "listening")

    def __init__(self) -> None:
        self._handlers: list[Handler] = []
        #: whether anyone subscribed (so that an event nobody listens to costs no call)
        self.listening = False

    def subscribe(self, handler: Handler) -> None:
        self._handlers.append(handler)
        self.listening = True

    def unsubscribe(self, handler: Handler) -> None:
        self._handlers.remove(handler)
        self.listening = bool(self._handlers)

    def publish(self, event: Event) -> None:
        for handler in self._handlers:
            handler(event)
