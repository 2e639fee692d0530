"""Playing many games between computer players: one game (``play_random_game``), a game
described by a picklable task (``play_task``), and many tasks on this process, on a pool
of worker processes or on a Dask cluster (``play_all``), the results always in the order
of the tasks.

A game is reproducible from its task alone (map, content, seats, seed), so where it is
played never changes its result: the worker processes (and a cluster's workers) load the
same content and map once each and play the tasks they are handed. Every result carries
what the balance report needs: who drafted, bought and played which cards (read from the
events ``Game.apply`` returns) and, when asked for, the time each decision took.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from game.ai import make_player
from game.content.decks import with_decks
from game.content.mods import load_content
from game.maps import find_map
from game.rules import Action, CardLibrary, Game, GameSetup, MapSpec, Zone
from game.rules.core.actions import PlayCard
from game.rules.core.events import CardMoved, Event
from game.rules.wincons import WIN_CONDITIONS

DEFAULT_SETS = ("base",)
DEFAULT_DRAFT = "1x[2;8]"

Times = dict[str, list[float]]


def seat_kinds(ai: tuple[str, ...], count: int) -> list[str]:
    """The computer player of each of ``count`` seats (the last kind fills the rest)."""
    return [ai[i] if i < len(ai) else ai[-1] for i in range(count)]


def seat_plan(games: int, seed: int, base: Sequence[str],
              swap: bool) -> list[tuple[int, tuple[str, ...]]]:
    """The seed and the seats of each of ``games`` games: seed after seed, or with
    ``swap`` each seed once per rotation of the seats (so no player profits from its
    seat)."""
    count = len(base)
    plan = []
    for index in range(games):
        turn = index % count if swap else 0
        plan.append((seed + (index // count if swap else index),
                     tuple(base[turn:]) + tuple(base[:turn])))
    return plan


def is_boss_map(spec: MapSpec) -> bool:
    """A cooperative boss map: its last seat is the boss side."""
    entry = WIN_CONDITIONS.get(spec.win.kind)
    return entry is not None and entry.needs_boss


def play_random_game(spec: MapSpec, library: CardLibrary, seed: int, *, players: int | None = None,
                     max_turns: int = 200, draft: str = DEFAULT_DRAFT,
                     sets: tuple[str, ...] = DEFAULT_SETS,
                     ai: tuple[str, ...] = ("random",),
                     decision_times: Times | None = None,
                     turn_times: Times | None = None,
                     observe: Callable[[Action, list[Event]], None] | None = None,
                     clock: bool = False) -> Game:
    """A whole game between computer players (``ai``: one kind per seat, or one for all),
    seeded; play stops (the game unfinished) once it passes ``max_turns``. The game is the
    same on every run unless ``clock`` lets the searching players stop on the wall clock
    (see ``make_player``). With
    ``decision_times``, the seconds of every decision are added to its kind's list; with
    ``turn_times``, the seconds each seat spent deciding during each turn; ``observe`` is
    given every action with the events it caused."""
    count = players or spec.players
    game = Game(with_decks(GameSetup(spec, library, count, seed, sets=sets, draft=draft)))
    kinds = seat_kinds(ai, count)
    seats = [make_player(kind, seed * 7919 + 17 + i, clock=clock)
             for i, kind in enumerate(kinds)]
    timed = decision_times is not None or turn_times is not None
    per_turn: dict[tuple[int, int], float] = {}
    while game.actor is not None and game.turn <= max_turns:
        actor = game.actor
        started = time.perf_counter() if timed else 0.0
        action = seats[actor].choose(game, actor)
        if timed:
            spent = time.perf_counter() - started
            if decision_times is not None:
                decision_times.setdefault(kinds[actor], []).append(spent)
            per_turn[(game.turn, actor)] = per_turn.get((game.turn, actor), 0.0) + spent
        events = game.apply(action)
        if observe is not None:
            observe(action, events)
    if turn_times is not None:
        for (_turn, seat), spent in per_turn.items():
            turn_times.setdefault(kinds[seat], []).append(spent)
    return game


# ---------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class SeatCards:
    """The cards one seat drafted into its store, bought from it and played from its hand,
    in the order it did so (a name once per time)."""

    drafted: tuple[str, ...] = ()
    bought: tuple[str, ...] = ()
    played: tuple[str, ...] = ()


class CardTally:
    """Counts the cards each seat drafts, buys and plays from the events of the actions
    really played (the computer players' trial moves never reach it)."""

    def __init__(self, seats: int) -> None:
        self.drafted: list[list[str]] = [[] for _ in range(seats)]
        self.bought: list[list[str]] = [[] for _ in range(seats)]
        self.played: list[list[str]] = [[] for _ in range(seats)]

    def __call__(self, action: Action, events: list[Event]) -> None:
        for event in events:
            if not isinstance(event, CardMoved) or not 0 <= event.player < len(self.drafted):
                continue
            if event.from_zone == Zone.DRAFT and event.to_zone == Zone.STORE:
                self.drafted[event.player].append(event.name)
            elif event.from_zone == Zone.STORE and event.to_zone != Zone.DRAFT:
                self.bought[event.player].append(event.name)
            elif (isinstance(action, PlayCard) and event.card == action.card
                  and event.from_zone == Zone.HAND):
                self.played[event.player].append(event.name)

    def seats(self) -> tuple[SeatCards, ...]:
        return tuple(SeatCards(tuple(d), tuple(b), tuple(p))
                     for d, b, p in zip(self.drafted, self.bought, self.played, strict=True))


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    seed: int
    winners: tuple[int, ...]
    reason: str
    turns: int
    actions: int
    state_hash: str
    seats: tuple[str, ...] = ()  # the computer player of each seat
    map: str = ""
    boss: bool = False  # the last seat is the boss side of a boss map
    cards: tuple[SeatCards, ...] = ()
    #: per computer kind, the seconds of each decision and of each seat's turn (only when
    #: the task asked for them; they vary from run to run)
    decision_times: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    turn_times: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    #: the general each seat brought (the duel, where a seat's deck starts with its
    #: general); empty where players bring no deck
    generals: tuple[str, ...] = ()

    def text(self, with_seats: bool = False) -> str:
        who = ", ".join(f"P{w + 1}" for w in self.winners) or "nobody"
        seats = f" seats {','.join(self.seats)}" if with_seats and self.seats else ""
        return (f"game {self.index}: seed {self.seed}{seats} winner {who} ({self.reason}) "
                f"turns {self.turns} actions {self.actions} hash {self.state_hash}")


# ---------------------------------------------------------------------------- tasks


@dataclass(frozen=True, slots=True)
class Setting:
    """What the games of one run share: the map (a shipped map's name or a map file's
    path), the content (the ``--mod`` folders and whether the user's mods folder loads),
    the draft and the turn limit, whether decisions are timed and whether the searching
    players stop on the wall clock (then a game is no longer the same on every run)."""

    map: str
    mods: tuple[str, ...] = ()
    user_mods: bool = False
    sets: tuple[str, ...] = DEFAULT_SETS
    draft: str = DEFAULT_DRAFT
    max_turns: int = 200
    timed: bool = False
    clock: bool = False


@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: its number in the run, its seed and the computer player of each
    seat (as many seats as players)."""

    setting: Setting
    index: int
    seed: int
    seats: tuple[str, ...]


#: per process: the content of each (mods, user mods) and the map of each setting
_LIBRARIES: dict[tuple[tuple[str, ...], bool], CardLibrary] = {}
_MAPS: dict[Setting, MapSpec] = {}
#: esper keeps the current world in module globals: a process plays one game at a time,
#: even when it runs tasks in several threads
_ONE_GAME_AT_A_TIME = threading.Lock()


def prime(setting: Setting, library: CardLibrary, spec: MapSpec) -> None:
    """Hand this process the content and map ``setting`` names, already loaded."""
    _LIBRARIES[(setting.mods, setting.user_mods)] = library
    _MAPS[setting] = spec


def _loaded(setting: Setting) -> tuple[CardLibrary, MapSpec]:
    key = (setting.mods, setting.user_mods)
    if key not in _LIBRARIES:
        _LIBRARIES[key] = load_content(list(setting.mods), include_user=setting.user_mods).library
    library = _LIBRARIES[key]
    if setting not in _MAPS:
        _MAPS[setting] = find_map(setting.map, library=library)
    return library, _MAPS[setting]


def play_task(task: GameTask) -> GameResult:
    """Play the game ``task`` describes and tell how it went."""
    with _ONE_GAME_AT_A_TIME:
        setting = task.setting
        library, spec = _loaded(setting)
        times: Times | None = {} if setting.timed else None
        turns: Times | None = {} if setting.timed else None
        tally = CardTally(len(task.seats))
        game = play_random_game(spec, library, task.seed, players=len(task.seats),
                                max_turns=setting.max_turns, sets=setting.sets,
                                draft=setting.draft, ai=task.seats, decision_times=times,
                                turn_times=turns, observe=tally, clock=setting.clock)
        reason = game.over_reason or f"stopped at the turn limit of {setting.max_turns}"
        result = GameResult(
            task.index, task.seed, game.winners, reason, game.turn, len(game.history),
            game.state_hash(), task.seats, spec.name, is_boss_map(spec), tally.seats(),
            {kind: tuple(values) for kind, values in (times or {}).items()},
            {kind: tuple(values) for kind, values in (turns or {}).items()},
            tuple(deck[0] for deck in game.setup.decks or () if deck))
        game.close()
        return result


# ---------------------------------------------------------------------------- running


def all_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


#: how worker processes start: never by forking this process, whose other threads (a Dask
#: client's, say) may hold a lock the copy would wait on for ever; a fresh interpreter
#: (from the fork server where there is one) loads the content once instead
_WORKERS = multiprocessing.get_context(
    "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn")


def _ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ClusterUnavailable(RuntimeError):
    """``--cluster`` cannot be used: Dask is missing, or no scheduler answers."""


def play_all(tasks: Sequence[GameTask], jobs: int = 1,
             cluster: str | None = None) -> Iterator[GameResult]:
    """The result of every task, in the order of the tasks: played here (``jobs`` 1), on
    ``jobs`` worker processes, or on the Dask cluster whose scheduler is at ``cluster``
    (``local``: a cluster of ``jobs`` workers started on this machine for the run; see
    ``game.cluster``). Raises ``ClusterUnavailable``."""
    if cluster is not None:
        from game.cluster import play_on_cluster

        yield from play_on_cluster(tasks, cluster, jobs)
    elif jobs <= 1 or len(tasks) <= 1:
        yield from map(play_task, tasks)
    else:
        # leaving the block (the run done, an error, Ctrl-C) terminates the workers
        with _WORKERS.Pool(min(jobs, len(tasks)), _ignore_interrupts) as pool:
            yield from pool.imap(play_task, tasks)
