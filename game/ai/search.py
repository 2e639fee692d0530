"""The normal and hard computer players: search over the engine's legal actions.

Both look at a *determinized* copy of the position (``game.ai.determinize``): before
reading anything they re-deal the cards their player cannot know, inside a snapshot that
is restored before they answer, so they never see the opponents' real hands or deck order.

- ``normal`` is a one-ply greedy player: it tries each legal action (at most ``width``,
  sampled, passes always among them), lets the stack settle by having everyone pass,
  scores the result with ``evaluate`` and takes the best. Activating a unit is judged by
  the best thing the unit can then do.
- ``hard`` runs a determinized Monte Carlo search at the root: the greedy scores rank the
  actions (scored in the order the easy player's rules of thumb suggest, so that a
  deadline that strikes early still leaves a sensible choice); the best ``top`` of them
  are searched, each starting with its greedy score as three virtual visits (measured:
  one visit made hard weaker than normal). Then, until its deadline (or a fixed number
  of playouts, ``nodes``), it picks an action by UCB1, re-deals the hidden cards afresh,
  plays the action and a fast playout with the easy player's rules of thumb for both
  sides until the opponents' next turn is over, and scores the end with ``evaluate``.
  It answers with the action of the best average.

Time: ``hard`` spends at most ``budget`` seconds per decision and keeps a whole turn's
decisions under ``turn_budget`` by shrinking the budget as the turn's time runs out. With
``nodes`` set it ignores the clock and is fully reproducible from its seed.
"""

from __future__ import annotations

import math
import random
import time

from game.rules import Game
from game.rules.core.actions import (
    Action,
    Activate,
    DeclareTrigger,
    Disband,
    DraftPick,
    EndTurn,
    Pass,
    PayUpkeep,
)
from game.rules.core.state import Phase

from . import skirmish
from .determinize import determinize
from .easy import EasyPlayer
from .evaluate import evaluate

#: Actions that keep things as they are; a sample of the legal actions always holds them.
_KEEP = (Pass, EndTurn)
#: How many passes and trigger declarations settling the stack may take.
SETTLE_STEPS = 16
#: Evaluation units for which the playout value reaches tanh(1) (about 0.76).
SCALE = 40.0


def sample_actions(legal: list[Action], rng: random.Random, width: int) -> list[Action]:
    """At most ``width`` of the legal actions, passes always included, in legal order."""
    if len(legal) <= width:
        return list(legal)
    keep = [i for i, a in enumerate(legal) if isinstance(a, _KEEP)]
    rest = [i for i, a in enumerate(legal) if not isinstance(a, _KEEP)]
    chosen = set(keep) | set(rng.sample(rest, max(0, width - len(keep))))
    return [a for i, a in enumerate(legal) if i in chosen]


def settle(game: Game, steps: int = SETTLE_STEPS) -> None:
    """Let what is on the stack resolve: everyone passes, waiting triggers take their
    first choice; stops once the stack is empty or someone must decide something else."""
    for _ in range(steps):
        actor = game.actor
        if actor is None or (not game.stack and not game.pending):
            return
        legal = game.legal_actions(actor)
        answer: Action | None = next((a for a in legal if isinstance(a, Pass)), None)
        if answer is None:
            answer = next((a for a in legal if isinstance(a, DeclareTrigger)), None)
        if answer is None:
            return
        game.apply(answer)


def greedy_score(game: Game, player: int, action: Action, follow_width: int = 24) -> float:
    """The evaluation after ``action`` and a settled stack (the game is restored after).
    An activation is worth the best follow-up of the activated unit; a unit declared for
    disbanding is judged with the upkeep action declared right after."""
    inner = game.snapshot()
    try:
        game.apply(action)
        if isinstance(action, Disband) and game.actor == player:
            pay = next((a for a in game.legal_actions(player) if isinstance(a, PayUpkeep)),
                       None)
            if pay is not None:
                game.apply(pay)
        settle(game)
        value = evaluate(game, player)
        if (isinstance(action, Activate) and game.actor == player
                and game.phase is Phase.ACTION and not game.stack):
            follow = [a for a in game.legal_actions(player)
                      if getattr(a, "unit", None) == action.permanent][:follow_width]
            here = game.snapshot()
            for step in follow:
                game.apply(step)
                settle(game)
                value = max(value, evaluate(game, player))
                game.restore(here)
        return value
    finally:
        game.restore(inner)


class _TurnClock:
    """Time a player spent on the current turn's decisions."""

    def __init__(self) -> None:
        self.key: tuple[str, int] = ("", -1)
        self.spent = 0.0

    def start(self, game: Game) -> float:
        key = (game.world, game.turn)
        if key != self.key:
            self.key, self.spent = key, 0.0
        return self.spent


class NormalPlayer:
    name = "normal"

    def __init__(self, seed: int, width: int = 40) -> None:
        self.rng = random.Random(seed)
        self.width = width
        self.easy = EasyPlayer(seed)
        self.easy.rng = self.rng
        self.last_reason = ""

    def choose(self, game: Game, player: int) -> Action:
        self.last_reason = ""
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], DraftPick):
            return self.easy.choose(game, player)
        pool = sample_actions(legal, self.rng, self.width)
        root = game.snapshot()
        try:
            determinize(game, player, self.rng)
            scores = [greedy_score(game, player, action) for action in pool]
        finally:
            game.restore(root)
        best = max(scores)
        top = [a for s, a in zip(scores, pool, strict=True) if s == best]
        self.last_reason = f"the best of {len(pool)} moves it looked one step ahead at"
        return top[self.rng.randrange(len(top))]


class HardPlayer:
    name = "hard"

    def __init__(self, seed: int, budget: float = 0.5, nodes: int | None = None,
                 turn_budget: float = 4.0, width: int = 40, top: int = 8,
                 horizon: int = 2, exploration: float = 0.6, prior_visits: int = 3) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.nodes = nodes
        self.turn_budget = turn_budget
        self.width = width
        self.top = top
        self.horizon = horizon
        self.exploration = exploration
        self.prior_visits = prior_visits
        self.playout = EasyPlayer(seed)
        self.playout.rng = self.rng
        self.clock = _TurnClock()
        #: playouts run by the last decision (for tests and measurements)
        self.last_playouts = 0
        #: why the last decision was taken, in a few words (for the game log)
        self.last_reason = ""

    def allowed(self, game: Game) -> float:
        """Seconds this decision may take: the budget, shrunk as the turn's time runs out
        (each decision may use a third of what is left of the turn's budget)."""
        spent = self.clock.start(game)
        return max(0.01, min(self.budget, (self.turn_budget - spent) / 3.0))

    def choose(self, game: Game, player: int) -> Action:
        started = time.perf_counter()
        self.last_playouts = 0
        self.last_reason = ""
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], DraftPick):
            return self.playout.choose(game, player)
        deadline = started + self.allowed(game)
        try:
            return self._search(game, player, legal, deadline)
        finally:
            self.clock.spent += time.perf_counter() - started

    def _out_of_time(self, deadline: float) -> bool:
        return self.nodes is None and time.perf_counter() >= deadline

    def _search(self, game: Game, player: int, legal: list[Action], deadline: float) -> Action:
        rng = self.rng
        pool = sample_actions(legal, rng, self.width)
        # the rules of thumb decide which actions get scored first: when the time runs
        # out before all are scored, the choice is still at least a sensible one
        if skirmish.is_skirmish(game):
            hints = self.playout.rates(game, player, pool)  # what its side sees only
        else:
            hints = [self.playout.score(game, player, action) for action in pool]
        pool = [pool[i] for i in sorted(range(len(pool)), key=lambda i: -hints[i])]
        root = game.snapshot()
        try:
            determinize(game, player, rng)
            priors: list[tuple[float, int]] = []
            for index, action in enumerate(pool):
                if priors and self._out_of_time(deadline):
                    break
                priors.append((greedy_score(game, player, action), index))
            priors.sort(key=lambda p: (-p[0], p[1]))
            ranked = priors[:self.top]
            arms = [pool[i] for _, i in ranked]
            # the greedy score counts as ``prior_visits`` visits of each arm
            totals = [self.prior_visits * math.tanh(score / SCALE) for score, _ in ranked]
            visits = [self.prior_visits] * len(arms)
            playouts = 0
            while len(arms) > 1:
                if self.nodes is not None and playouts >= self.nodes:
                    break
                if self._out_of_time(deadline):
                    break
                arm = self._pick(totals, visits)
                game.restore(root)
                determinize(game, player, rng)
                totals[arm] += self._playout(game, player, arms[arm], deadline)
                visits[arm] += 1
                playouts += 1
            self.last_playouts = playouts
        finally:
            game.restore(root)
        means = [t / v for t, v in zip(totals, visits, strict=True)]
        best = max(range(len(arms)), key=lambda i: (means[i], -i))
        self.last_reason = (f"the best of {len(arms)} candidates over {self.last_playouts} "
                            f"imagined continuations")
        return arms[best]

    def _pick(self, totals: list[float], visits: list[int]) -> int:
        count = sum(visits)
        log = math.log(count)
        return max(range(len(totals)), key=lambda i: (
            totals[i] / visits[i] + self.exploration * math.sqrt(log / visits[i]), -i))

    def _playout(self, game: Game, player: int, action: Action, deadline: float) -> float:
        """Play ``action``, then both sides by rules of thumb until the opponents' next
        turn is over (or the game ends); the end position's value in (-1, 1)."""
        game.apply(action)
        stop = game.turn + self.horizon
        if game.active != player:
            stop -= 1
        for steps in range(400):
            actor = game.actor
            if actor is None or game.turn >= stop:
                break
            if steps % 16 == 15 and self._out_of_time(deadline + 0.05):
                break
            game.apply(self.playout.choose(game, actor))
        return math.tanh(evaluate(game, player) / SCALE)
