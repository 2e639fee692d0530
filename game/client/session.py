"""A game as the window runs it: the engine, who sits in each seat, computer players,
automatic passing, the log and autosaves. Scenes talk to a ``Session``; the session talks
to the engine only through ``legal_actions`` and ``apply``.

**Autosaves.** Every game has an autosave of its own (``autosave-<map>-<time>.json`` in
the saves folder), written with the seats inside in one atomic write: when the game
starts (so a game in its draft is saved like any other), after every draft pick, at the
end of every turn, when it ends, and when the window leaves or closes it. Starting a game
never writes another game's file; a game loaded from its autosave goes on writing it, a
game loaded from a save of its own gets a new autosave (the save stays as it was). A
save that fails (the saves folder not writable) is kept as ``save_problem`` for the
screen to show; the game goes on.

**Hot-seat privacy.** With more than one person at the screen, whether the window stops
for a person to answer (and so whether a curtain comes up) never depends on anyone's
hidden cards: a person is asked to answer when what everyone can see says they could
(``could_answer``); otherwise the window passes for them. With one person, who alone
sees the screen, the window passes whenever that person can only pass.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import make_player
from game.ai.players import ComputerPlayer
from game.rules import Game, GameSetup, IllegalAction
from game.rules.cards import Ability
from game.rules.core.actions import (
    Action,
    DiscardForResource,
    DraftPick,
    Pass,
    PayUpkeep,
    PlayCard,
    UseFreeAction,
)
from game.rules.core.events import (
    ActionDeclared,
    ActionResolved,
    Behaviour,
    DamageDealt,
    Decided,
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
from game.rules.core.undo import Checkpoint, checkpoint, revealed
from game.rules.core.undo import undo as take_back
from game.rules.mapmodel import MapSpec

from .settings import saves_dir

#: the rulesets whose turns go round the seats one at a time: the window counts their
#: rounds (the fleet and the skirmish count rounds of their own)
ROUNDED = ("muhq", "duel")
#: Effects that only build a player's economy (see ``Session._economy``).
_ECONOMY = frozenset({"gain_resource", "draw", "gain_points"})


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays a seat: a person, or a computer player of a kind."""

    human: bool = True
    computer: str = "easy"

    def label(self) -> str:
        return "Human" if self.human else f"Computer ({self.computer})"

    def to_json(self) -> dict[str, Any]:
        return {"human": self.human, "computer": self.computer}


#: an autosave's file name starts so (``autosave.json``: the one autosave of older builds)
AUTOSAVE_PREFIX = "autosave"


def is_autosave(path: Path) -> bool:
    return path.suffix == ".json" and path.name.startswith(AUTOSAVE_PREFIX)


def new_autosave(map_name: str, folder: Path | None = None) -> Path:
    """A file name for a new game's autosave that no file in the saves folder has."""
    folder = saves_dir() if folder is None else folder
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in map_name)[:40] or "game"
    stem = f"{AUTOSAVE_PREFIX}-{safe}-{time.strftime('%Y-%m-%d_%H-%M-%S')}"
    path = folder / f"{stem}.json"
    number = 1
    while path.exists() or path.is_symlink():
        number += 1
        path = folder / f"{stem}-{number}.json"
    return path


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
    #: why the last save failed ("" while saves succeed), for the screen to show
    save_problem: str = ""
    #: the round (every seat's turn once) and the seat whose turn started last, counted
    #: from the turns that start (``round_number``)
    rounds: tuple[int, int] = (0, -1)
    #: a computer's next action chosen ahead by ``think``: (seat, the game's history
    #: length when chosen, the action, why)
    planned: tuple[int, int, Action, str] | None = None
    #: the person's actions that may still be taken back, oldest first (``undo``)
    undoable: list[Undoable] = field(default_factory=list)
    #: why nothing can be taken back now ("" when something can, or nothing was done)
    undo_block: str = ""
    #: the action being applied is one the window takes for a person (``_apply_for``)
    automatic: bool = False

    @classmethod
    def new(cls, setup: GameSetup, seats: list[Seat], *, autosave: bool = True) -> Session:
        game = Game(setup)
        session = cls(game, seats, new_autosave(setup.map.name) if autosave else None)
        session._make_computers()
        session.viewer = session.first_human()
        session.autosave_now()  # the game exists on disk from its first moment (the draft)
        return session

    @classmethod
    def resume(cls, game: Game, seats: list[Seat] | None = None,
               path: Path | None = None) -> Session:
        """A loaded game; its autosave is ``path`` when that is an autosave (the game goes
        on in its own file), else a new one (a save of the player's stays untouched)."""
        seats = seats or [Seat() for _ in game.players]
        autosave = path if path is not None and is_autosave(path) else \
            new_autosave(game.map.name)
        session = cls(game, seats, autosave)
        session._make_computers()
        # in hot-seat, whoever acts first is handed the screen behind the curtain
        session.viewer = None if session.hot_seat else session.first_human()
        return session

    def _make_computers(self) -> None:
        for index, seat in enumerate(self.seats):
            if not seat.human:
                self.computers[index] = make_player(seat.computer,
                                                    self.game.setup.seed * 31 + index,
                                                    clock=True)

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

    @property
    def hot_seat(self) -> bool:
        """More than one person shares the screen."""
        return len(self.humans()) > 1

    def round_number(self) -> int:
        """The round: each seat still in the game has one turn a round (the game counts
        every seat's turn as a turn). Counted from the turns that start while the session
        runs; a loaded game starts from its turn count divided among the seats."""
        if not self.rounds[0]:
            seats = max(1, len(self.game.players))
            self.rounds = ((max(1, self.game.turn) - 1) // seats + 1, self.game.active)
        return self.rounds[0]

    def restore_log(self, batches: list[list[Event]]) -> None:
        """Write the log of a loaded game from what its actions did (``replay``'s
        ``on_events``), as the screen's viewer may see it, so the log reads as it did."""
        self.log.clear()
        self.rounds = (0, -1)
        for events in batches:
            self._record(events)
        self.take_recent()  # what happened before loading is not news on the board
        self.log.append("— Game loaded —")

    def legal(self) -> list[Action]:
        actor = self.actor
        return [] if actor is None else self.game.legal_actions(actor)

    def apply(self, action: Action) -> list[Event]:
        """Apply a player's action (raises IllegalAction for anything not allowed). A
        person's action can be taken back (``undo``) with what followed it, unless the
        window took it for them (``automatic``)."""
        chosen = not self.automatic
        self.game.enter()
        turn = self.game.turn
        seat = action.player
        point = None
        if chosen and 0 <= seat < len(self.seats) and self.seats[seat].human \
                and not self.over:
            point = checkpoint(self.game, seat)
        lines = len(self.log)
        events = self.game.apply(action)
        self._record(events)
        self._judge_undo(action, events, point, chosen, self.log[lines:])
        if self.game.turn != turn or self.over or isinstance(action, DraftPick):
            self.autosave_now()
        return events

    # ------------------------------------------------------------------ undo

    def _judge_undo(self, action: Action, events: list[Event], point: Checkpoint | None,
                    chosen: bool, lines: list[str]) -> None:
        """Keep the person's action as one that can be taken back, or forget every one
        when what happened told someone something (``game.rules.core.undo.revealed``) or
        another player acted. A computer's pass and the window's automatic passes never
        count as acting; a person's chosen pass does."""
        stack = self.undoable
        if point is not None:
            if stack and stack[-1].point.player != point.player:
                stack.clear()  # another person's turn at the screen
            stack.append(Undoable(point, _undo_text(self.game, action, lines), self.rounds))
            del stack[:-UNDO_DEPTH]
        elif stack and chosen and action.player != stack[-1].point.player \
                and self.seats[action.player].human:
            self._block(f"player {action.player + 1} acted")
            return
        if stack:
            why = "the game is over" if self.over else \
                revealed(self.game, stack[-1].point, events)
            if why:
                self._block(why)
            else:
                self.undo_block = ""

    def _block(self, why: str) -> None:
        self.undoable.clear()
        self.undo_block = why

    def can_undo(self, player: int | None) -> bool:
        """May ``player`` take back their last action now?"""
        return bool(self.undoable) and player is not None \
            and self.undoable[-1].point.player == player and not self.over

    def undo_hint(self, player: int | None) -> str:
        """What Undo would do now, or why it can't (the button's explanation)."""
        if self.can_undo(player):
            return f"Undo: take back “{self.undoable[-1].text}” (Ctrl+Z or U)"
        if self.undoable:  # another person's actions, at a shared screen
            owner = self.undoable[-1].point.player
            return f"Nothing to undo: player {owner + 1} acted since your last action"
        if self.undo_block:
            return f"Nothing to undo: {self.undo_block} since your last action"
        return "Nothing to undo: you have not acted yet (Ctrl+Z or U takes back your " \
            "last action until something hidden is shown or another player acts)"

    def undo(self, player: int | None) -> str:
        """Take back ``player``'s last action and whatever followed it (the window's
        passes, a computer's passes); the log says so and the autosave no longer holds
        it. Returns what was taken back ("" when nothing could be)."""
        if not self.can_undo(player):
            return ""
        entry = self.undoable.pop()
        take_back(self.game, entry.point)
        self.planned = None
        self.recent.clear()
        self.rounds = entry.rounds
        self.undo_block = ""
        self.log.append(f"Undone: {entry.text}")
        self.autosave_now()
        return entry.text

    def autosave_now(self) -> str:
        """Write the autosave (if the game has one); returns the problem ("" when it was
        written), kept in ``save_problem`` as well. Never raises: the game goes on."""
        if self.autosave is None:
            return ""
        try:
            self.save(self.autosave)
        except OSError as exc:
            self.save_problem = (f"{self.autosave}: file: expected a saves folder the game "
                                 f"can write to, found {exc.strerror or type(exc).__name__}")
        else:
            self.save_problem = ""
        return self.save_problem

    def think(self) -> None:
        """Let the computer player to act choose its next action now, to be taken by the
        next ``step_computer`` (the window lets it think while the last result is still
        on screen)."""
        actor = self.actor
        if actor is None or actor not in self.computers or self.planned is not None:
            return
        self.game.enter()
        player = self.computers[actor]
        action = player.choose(self.game, actor)
        self.planned = (actor, len(self.game.history), action,
                        getattr(player, "last_reason", ""))

    def step_computer(self) -> list[Event]:
        """Let the computer player to act take one action (the one ``think`` chose, if it
        chose one for this moment); [] when a human is to act."""
        actor = self.actor
        if actor is None or actor not in self.computers:
            return []
        self.game.enter()
        plan, self.planned = self.planned, None
        if plan is None or plan[:2] != (actor, len(self.game.history)) \
                or plan[2] not in self.game.legal_actions(actor):
            self.think()
            plan, self.planned = self.planned, None
        assert plan is not None
        _, _, action, why = plan
        before = len(self.log)
        events = self.apply(action)
        if why and len(self.log) > before and self.log[before].startswith(f"P{actor + 1} ") \
                and not self.log[before].endswith("out of sight"):
            self.log[before] += f" ({why})"  # the log says what it did, and why
        return events

    def auto_pass(self) -> bool:
        """Pass for the human to act when they could only pass (or only throw cards away
        for a resource) while answering someone else's action or during another's turn.
        In hot-seat the question is asked of what everyone can see (``could_answer``),
        never of the seat's hidden cards. Returns True if it passed."""
        actor = self.actor
        if actor is None or not self.human_turn():
            return False
        if self.game.phase in (Phase.DRAFT, Phase.DISCARD) or self.game.pending:
            return False
        answering = bool(self.game.stack) or actor != self.game.active
        if not answering:
            return False
        if self.hot_seat and self.could_answer(actor):
            return False
        legal = self.game.legal_actions(actor)
        # (in hot-seat this holds whenever could_answer is False: it is the safety net)
        if Pass(actor) in legal and all(isinstance(a, (Pass, DiscardForResource))
                                        or self._economy(a) for a in legal):
            self._apply_for(Pass(actor))
            return True
        return False

    def auto_upkeep(self, pass_too: bool = True) -> bool:
        """Spare the person to act the upkeep clicks that decide nothing: declare their
        upkeep action when it costs nothing (every unit's upkeep 0: disbanding one would
        save nothing, so none is disbanded); and, with ``pass_too`` (automatic passing on),
        pass their own upkeep once it is declared and resolved when they could only pass
        or build their economy (what they could play now waits for the action phase just
        as well). In hot-seat the pass asks ``could_answer``, never the hidden cards.
        Returns True if it acted."""
        actor = self.actor
        game = self.game
        if actor is None or not self.human_turn() or game.phase is not Phase.UPKEEP \
                or game.active != actor or game.stack or game.pending or game.choices:
            return False
        legal = game.legal_actions(actor)
        if PayUpkeep(actor) in legal:
            if upkeep_owed(game, actor) > 0:
                return False
            self._apply_for(PayUpkeep(actor))
            return True
        if not pass_too or Pass(actor) not in legal:
            return False
        if self.hot_seat and self.could_answer(actor):
            return False
        if all(isinstance(a, (Pass, DiscardForResource)) or self._economy(a) for a in legal):
            self._apply_for(Pass(actor))
            return True
        return False

    def _apply_for(self, action: Action) -> list[Event]:
        """Apply an action the window takes for a person (a pass, a free upkeep): it
        belongs with the action they chose before it, for ``undo``."""
        self.automatic = True
        try:
            return self.apply(action)
        finally:
            self.automatic = False

    def could_answer(self, player: int) -> bool:
        """Could ``player`` answer now, by what every player can see? True when a
        permanent of theirs has a free action they can use now, or when among the cards
        they hold or may draw (hand and deck together: the table can work out which
        cards those are from the start deck, the open store, the buys and the discards,
        though not which lie in the hand) is a spell they can afford now or a card with
        a free action; effects that only build the economy do not count. Never looks at
        which cards are in the hand."""
        game = self.game
        state = game.players[player]
        hidden = [*state.hand, *state.deck]
        for action in game.legal_actions(player):
            if (isinstance(action, UseFreeAction) and action.source not in hidden
                    and not self._economy(action)):
                return True
        for card in {game.card(entity).name: game.card(entity) for entity in hidden}.values():
            if (card.is_spell and card.play is not None and card.play <= state.resource
                    and not _economy_only(card.effect)):
                return True
            if any(not _economy_only(ability) for ability in card.free_actions):
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
        return ability is not None and _economy_only(ability)

    def try_apply(self, action: Action) -> str | None:
        """Apply, returning an error message instead of raising."""
        try:
            self.apply(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def save(self, path: Path) -> None:
        """The game and its seats, in one atomic write (raises OSError)."""
        self.game.enter()
        save_game(self.game, path, [seat.to_json() for seat in self.seats])

    def take_recent(self) -> list[Event]:
        """The events since the last call (the board's damage numbers and move trails)."""
        recent, self.recent = self.recent, []
        return recent

    def _record(self, events: list[Event]) -> None:
        viewer = self.viewer if self.viewer is not None else -99
        fallen = {e.permanent: e.name for e in events if isinstance(e, Destroyed)}
        fallen_sides = {e.permanent: e.controller for e in events if isinstance(e, Destroyed)}

        def whose(entity: int) -> str:
            """"P2's " for a permanent of player 2 ("" when unknown or neutral): a
            target's side, since one may hurt one's own pieces and names repeat."""
            side = fallen_sides.get(entity)
            if side is None:
                try:
                    side = self.game.controller(entity)
                except KeyError:
                    return ""
            return f"P{side + 1}'s " if side >= 0 else ""

        def name(entity: int) -> str:
            if entity in fallen:
                return fallen[entity]
            try:
                return self.game.card(entity).name
            except KeyError:
                return ""

        for raw in events:
            if isinstance(raw, TurnStarted):
                count, last = self.rounds
                if raw.turn <= 1 or not count:  # the first turn, or the first one seen
                    count = (max(1, raw.turn) - 1) // max(1, len(self.game.players)) + 1
                elif raw.player <= last:
                    count += 1  # the turn came round to the first seat again
                self.rounds = (count, raw.player)
            event: Event | None = seen_by(raw, viewer)
            if event is not None and viewer >= 0:
                event = self.game.seen_event(event, viewer)  # what its side may know
            if event is None:
                continue
            self.recent.append(event)
            line = describe(event, name, whose)
            if isinstance(raw, TurnStarted):
                count = self.round_number() if self.game.ruleset.name in ROUNDED else \
                    next((m.value for m in self.game.meters(raw.player) if m.key == "round"),
                         0)
                if count:
                    line = f"— Round {count}: player {raw.player + 1}'s turn —"
            if line:
                self.log.append(line)
            note = turn_order_note(self.game.map, raw.player) \
                if isinstance(raw, TurnStarted) and raw.turn == raw.player + 1 else ""
            if note:
                self.log.append(f"  {note} (the map makes up for the turn order)")
        del self.log[:-500]
        del self.recent[:-200]


#: how many of a person's actions in a row can be taken back
UNDO_DEPTH = 60


@dataclass(frozen=True, slots=True)
class Undoable:
    """A person's action that can be taken back: the position before it, what it was
    (for the log's "Undone: ..."), and the session's round count then."""

    point: Checkpoint
    text: str
    rounds: tuple[int, int]


def _undo_text(game: Game, action: Action, lines: list[str]) -> str:
    """The action in the log's words: the first line it wrote, else its kind and the
    card it was about."""
    for line in lines:
        if line.strip() and not line.startswith(("—", " ")):
            return line.strip()
    kind = type(action).__name__
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    for name in ("unit", "permanent", "card", "source"):
        entity = getattr(action, name, None)
        if isinstance(entity, int) and entity > 0:
            try:
                return f"P{action.player + 1} {words} {game.card(entity).name}"
            except KeyError:
                break
    return f"P{action.player + 1} {words}"


def upkeep_owed(game: Game, player: int) -> int:
    """What the player's upkeep action would cost now: the upkeep of every unit they
    control that is not declared for disbanding (rule Upkeep 3.3)."""
    disbanded = set(game.players[player].disbanded)
    return sum(game.card(unit).upkeep or 0 for unit in game.controlled_permanents(player)
               if game.card(unit).is_unit and unit not in disbanded)


def _economy_only(ability: Ability | None) -> bool:
    """An ability that only gains resource, points or cards (or none at all)."""
    return ability is None or all(e.kind in _ECONOMY for e in ability.effects)


def seats_of(data: dict[str, Any], players: int) -> list[Seat] | None:
    """The seats a save keeps (format 3), or None when it keeps none that fit."""
    raw = data.get("seats")
    if not isinstance(raw, list) or len(raw) != players:
        return None
    from game.ai import PLAYERS

    seats = [Seat(bool(s.get("human")), str(s.get("computer", "easy"))) for s in raw
             if isinstance(s, dict)]
    if len(seats) != players or any(not s.human and s.computer not in PLAYERS for s in seats):
        return None
    return seats


def turn_order_note(spec: MapSpec, player: int) -> str:
    """What the map's turn-order compensation (ours: ``first_income``, ``seat_bonus``)
    changes for ``player``: "" when its first upkeep brings the income."""
    gain = spec.first_upkeep_income(player)
    if spec.ruleset != "muhq" or gain == spec.income:
        return ""
    return f"player {player + 1}'s first upkeep brings {gain} resource, not {spec.income}"


def describe(event: Event, name: Callable[[int], str] = lambda entity: "",
             whose: Callable[[int], str] = lambda entity: "") -> str:
    """One log line for the events a player wants to read about (``name``: a permanent's
    name, "" when unknown; ``whose``: its side as "P2's ", "" when unknown)."""
    if isinstance(event, TurnStarted):
        return f"— Turn {event.turn}: player {event.player + 1} —"
    if isinstance(event, (ActionDeclared, Decided)):
        return event.text
    if isinstance(event, ActionResolved):
        return ""
    if isinstance(event, DamageDealt) and event.amount > 0:
        target, source = name(event.target), name(event.source) if event.source else ""
        if not target:
            return ""
        if source and event.source != event.target:
            return f"  {source} deals {event.amount} damage to {whose(event.target)}{target}"
        return f"  {whose(event.target)}{target} takes {event.amount} damage"
    if isinstance(event, Destroyed):
        side = f"P{event.controller + 1}'s " if event.controller >= 0 else "neutral "
        return f"{side}{event.name} is destroyed ({event.reason})"
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
