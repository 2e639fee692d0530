"""A game as the window runs it: the engine, who sits in each seat, computer players,
automatic passing, the log and autosaves. Scenes talk to a ``Session``; the session talks
to the engine only through ``legal_actions`` and ``apply``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.ai import make_player
from game.ai.players import ComputerPlayer
from game.rules import Game, GameSetup, IllegalAction
from game.rules.core.actions import Action, DiscardForResource, Pass, PlayCard, UseFreeAction
from game.rules.core.events import (
    ActionDeclared,
    ActionResolved,
    Behaviour,
    Destroyed,
    Event,
    GameOver,
    PhaseStarted,
    PlayerEliminated,
    TurnStarted,
    seen_by,
)
from game.rules.core.replay import save_game
from game.rules.core.state import Phase

from .settings import saves_dir

#: Effects that only build a player's economy (see ``Session._economy``).
_ECONOMY = frozenset({"gain_resource", "draw", "gain_points"})


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays a seat: a person, or a computer player of a kind."""

    human: bool = True
    computer: str = "easy"

    def label(self) -> str:
        return "Human" if self.human else f"Computer ({self.computer})"


@dataclass
class Session:
    game: Game
    seats: list[Seat]
    autosave: Path | None = None
    log: list[str] = field(default_factory=list)
    computers: dict[int, ComputerPlayer] = field(default_factory=dict)
    #: the human whose secret cards the screen may show (None behind the curtain)
    viewer: int | None = None
    #: what the actions applied since the screen last looked did, as the viewer may see
    #: it (the board shows damage and moves from it; ``take_recent`` empties it)
    recent: list[Event] = field(default_factory=list)

    @classmethod
    def new(cls, setup: GameSetup, seats: list[Seat], *, autosave: bool = True) -> Session:
        game = Game(setup)
        session = cls(game, seats, saves_dir() / "autosave.json" if autosave else None)
        session._make_computers()
        session.viewer = session.first_human()
        return session

    @classmethod
    def resume(cls, game: Game, seats: list[Seat] | None = None) -> Session:
        seats = seats or [Seat() for _ in game.players]
        session = cls(game, seats, saves_dir() / "autosave.json")
        session._make_computers()
        session.viewer = session.first_human()
        return session

    def _make_computers(self) -> None:
        for index, seat in enumerate(self.seats):
            if not seat.human:
                self.computers[index] = make_player(seat.computer,
                                                    self.game.setup.seed * 31 + index)

    def first_human(self) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.human:
                return index
        return None

    @property
    def actor(self) -> int | None:
        return self.game.actor

    @property
    def over(self) -> bool:
        return self.game.phase is Phase.OVER

    def human_turn(self) -> bool:
        actor = self.actor
        return actor is not None and self.seats[actor].human

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def legal(self) -> list[Action]:
        actor = self.actor
        return [] if actor is None else self.game.legal_actions(actor)

    def apply(self, action: Action) -> list[Event]:
        """Apply a player's action (raises IllegalAction for anything not allowed)."""
        self.game.enter()
        turn = self.game.turn
        events = self.game.apply(action)
        self._record(events)
        if self.autosave is not None and (self.game.turn != turn or self.over):
            self.save(self.autosave)
        return events

    def step_computer(self) -> list[Event]:
        """Let the computer player to act choose one action; [] when a human is to act."""
        actor = self.actor
        if actor is None or actor not in self.computers:
            return []
        self.game.enter()
        player = self.computers[actor]
        action = player.choose(self.game, actor)
        before = len(self.log)
        events = self.apply(action)
        why = getattr(player, "last_reason", "")
        if why and len(self.log) > before and self.log[before].startswith(f"P{actor + 1} ") \
                and not self.log[before].endswith("out of sight"):
            self.log[before] += f" ({why})"  # the log says what it did, and why
        return events

    def auto_pass(self) -> bool:
        """Pass for the human to act when they could only pass (or only throw cards away
        for a resource) while answering someone else's action or during another's turn.
        Returns True if it passed."""
        actor = self.actor
        if actor is None or not self.human_turn():
            return False
        if self.game.phase in (Phase.DRAFT, Phase.DISCARD) or self.game.pending:
            return False
        answering = bool(self.game.stack) or actor != self.game.active
        if not answering:
            return False
        legal = self.game.legal_actions(actor)
        if all(isinstance(a, (Pass, DiscardForResource)) or self._economy(a) for a in legal):
            self.apply(Pass(actor))
            return True
        return False

    def _economy(self, action: Action) -> bool:
        """A card or free action that only gains resource, points or cards: never worth
        stopping a player for while they answer someone else (it can wait for their turn)."""
        if isinstance(action, PlayCard):
            ability = self.game.card(action.card).effect
        elif isinstance(action, UseFreeAction):
            ability = self.game.card(action.source).free_actions[action.index]
        else:
            return False
        return ability is not None and all(e.kind in _ECONOMY for e in ability.effects)

    def try_apply(self, action: Action) -> str | None:
        """Apply, returning an error message instead of raising."""
        try:
            self.apply(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def save(self, path: Path) -> None:
        self.game.enter()
        save_game(self.game, path)

    def take_recent(self) -> list[Event]:
        """The events since the last call (the board's damage numbers and move trails)."""
        recent, self.recent = self.recent, []
        return recent

    def _record(self, events: list[Event]) -> None:
        viewer = self.viewer if self.viewer is not None else -99
        for raw in events:
            event: Event | None = seen_by(raw, viewer)
            if event is not None and viewer >= 0:
                event = self.game.seen_event(event, viewer)  # what its side may know
            if event is None:
                continue
            self.recent.append(event)
            line = describe(event)
            if line:
                self.log.append(line)
        del self.log[:-500]
        del self.recent[:-200]


def describe(event: Event) -> str:
    """One log line for the events a player wants to read about."""
    if isinstance(event, TurnStarted):
        return f"— Turn {event.turn}: player {event.player + 1} —"
    if isinstance(event, ActionDeclared):
        return event.text
    if isinstance(event, ActionResolved):
        return ""
    if isinstance(event, Destroyed):
        return f"{event.name} is destroyed ({event.reason})"
    if isinstance(event, Behaviour):
        return f"  {event.behaviour}: {event.note}"
    if isinstance(event, PlayerEliminated):
        return f"Player {event.player + 1} is out"
    if isinstance(event, GameOver):
        who = ", ".join(f"player {w + 1}" for w in event.winners) or "nobody"
        return f"Game over: {who} won ({event.reason})"
    if isinstance(event, PhaseStarted) and event.phase in ("action", "buying"):
        return f"  {event.phase} phase"
    return ""
