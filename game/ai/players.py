"""Simple computer players, each choosing among the engine's legal actions with its own
seeded random generator (so a game stays reproducible from its seed).

- ``random``: every legal action equally likely (what the fuzz test and ``simulate`` use
  to explore the rules).
- ``eager``: plays like a keen beginner: it rather acts than passes, never disbands a unit
  it can pay for, attacks when it can, and otherwise picks at random. It finishes games
  that uniform random play drags out.
- ``easy`` (``game.ai.easy``): rules of thumb; ``normal`` and ``hard``
  (``game.ai.search``): search over the legal actions, scored by ``game.ai.evaluate``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from game.rules import Game
from game.rules.core.actions import Action, Attack, Buy, Disband, FullAction, PlayCard

#: Action kinds an eager player only chooses when there is nothing else to do.
_IDLE = frozenset({"pass", "end_turn", "disband", "discard", "discard_for_resource"})


class ComputerPlayer(Protocol):
    name: str

    def choose(self, game: Game, player: int) -> Action: ...


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, player: int) -> Action:
        legal = game.legal_actions(player)
        return legal[self.rng.randrange(len(legal))]


class EagerPlayer:
    name = "eager"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, player: int) -> Action:
        legal = game.legal_actions(player)
        rng = self.rng
        for preferred in (Attack, FullAction):
            options = [a for a in legal if isinstance(a, preferred)]
            if options and rng.random() < 0.9:
                return options[rng.randrange(len(options))]
        buys = [a for a in legal if isinstance(a, Buy)]
        if buys:
            return max(buys, key=lambda a: (game.card(a.card).buy or 0, a.card))
        plays = [a for a in legal if isinstance(a, PlayCard)]
        if plays and rng.random() < 0.7:
            return plays[rng.randrange(len(plays))]
        doing = [a for a in legal if a.kind not in _IDLE]
        if doing and rng.random() < 0.85:
            return doing[rng.randrange(len(doing))]
        calm = [a for a in legal if not isinstance(a, Disband)]
        pool = calm or legal
        return pool[rng.randrange(len(pool))]


def _easy(seed: int) -> ComputerPlayer:
    from .easy import EasyPlayer

    return EasyPlayer(seed)


def _normal(seed: int) -> ComputerPlayer:
    from .search import NormalPlayer

    return NormalPlayer(seed)


#: Playouts the hard player runs per decision when it does not watch the clock (in
#: ``simulate``, so that a run is reproducible): about what it manages in its half second
#: on this project's reference machine (measured: median 46 on 2P-ring-street, 118 on
#: 2P-duel-standard, over the first twelve turns of two games against normal).
HARD_PLAYOUTS = 64


def _hard(seed: int) -> ComputerPlayer:
    from .search import HardPlayer

    return HardPlayer(seed, nodes=HARD_PLAYOUTS)


#: seconds the window's hard player may think in a whole turn: with the pace of its
#: visible results, a turn stays under 5 s of waiting (measured with ``bench --client``'s
#: computer_turn_wait: at 2.5 s a turn on 2P-castle-siege reached 5.3 s)
WINDOW_TURN_BUDGET = 2.0


def _hard_on_the_clock(seed: int) -> ComputerPlayer:
    from .search import HardPlayer

    return HardPlayer(seed, turn_budget=WINDOW_TURN_BUDGET)


def _boss(mode: str) -> Callable[[int], ComputerPlayer]:
    def make(seed: int) -> ComputerPlayer:
        from .boss import BossPlayer

        return BossPlayer(seed, mode)

    return make


#: The computer players, the strongest first (the window offers them in this order).
PLAYERS: dict[str, Callable[[int], ComputerPlayer]] = {
    "hard": _hard,
    "normal": _normal,
    "easy": _easy,
    "eager": EagerPlayer,
    "random": RandomPlayer,
    # the boss sides of the boss modes (on any other seat or map they play like easy)
    "tyrant": _boss("tyrant"),
    "kraken": _boss("kraken"),
}


#: The players that think for a time instead of a fixed amount of work when asked to
#: (``make_player(..., clock=True)``): the window does, so that a turn never drags.
ON_THE_CLOCK: dict[str, Callable[[int], ComputerPlayer]] = {"hard": _hard_on_the_clock}


def make_player(name: str, seed: int, *, clock: bool = False) -> ComputerPlayer:
    """The computer player ``name``, seeded. Every player is reproducible from its seed
    unless ``clock`` is set: then the players that search (``hard``) stop on the wall
    clock (their time budget) rather than after a fixed number of playouts, and the same
    position may get a different answer on a faster or busier machine."""
    if clock and name in ON_THE_CLOCK:
        return ON_THE_CLOCK[name](seed)
    try:
        return PLAYERS[name](seed)
    except KeyError:
        raise ValueError(f"unknown computer player {name!r} (known: {', '.join(PLAYERS)})") \
            from None
