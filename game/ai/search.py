"""The normal and hard computer players: search over the engine's legal actions.

Both look at a *determinized* copy of the position (``game.ai.determinize``): before
reading anything they re-deal the cards their player cannot know, inside a snapshot that
is restored before they answer, so they never see the opponents' real hands or deck order.

- ``normal`` is a one-ply greedy player: it tries each legal action (at most ``width``:
  passes always among them; elsewhere a random sample, in the duel the best of every card
  and unit by the easy player's rules of thumb, see ``candidates``), lets the stack settle
  by having everyone pass, scores the result with ``evaluate`` and takes the best.
  Activating a unit, or moving a duel unit, is judged by the best thing the unit can then
  do. The mulligan follows the easy player's rules of thumb. In the fleet, where a
  tactical action pays off only at the round's status phase, it weighs the rules of
  thumb's three likeliest actions, each played on to the end of the round by the rules of
  thumb for every seat, and takes another than the rules of thumb's own choice only when
  that one is clearly better (``fleet.shortlist``, ``fleet.overrule``; measured: 43 of 60
  games against two easy players on 3P-fleet-triad, where a one-action look ahead won 10
  to 18 of 60 and the rules of thumb alone 18).
  In the skirmish it plays the rules of thumb's six likeliest actions on to the end of
  the enemy's next activation and keeps their favourite unless another ends clearly
  better (``skirmish_search``).
- ``hard`` runs a determinized Monte Carlo search at the root (``challenge``). The greedy
  scores (taken in the order the easy player's rules of thumb suggest, so that a deadline
  that strikes early still leaves a sensible choice) pick a favourite and the ``top - 1``
  next best, its challengers. Round after round, one deal of the hidden cards and dice is
  made, and from it the favourite and each challenger still in the race are played out
  with the easy player's rules of thumb for both sides until the opponents' next turn is
  over (in the duel: until they are about to end it), the end scored with ``evaluate``;
  every second round the weaker half of the challengers drops out. The favourite is kept
  unless a challenger did clearly better, round for round, until the deadline (or a
  fixed number of playouts, ``nodes``). An action that wins at once is taken without
  more search. (It replaced a UCB1 bandit over the same playouts that took the best
  average: that one won 4 of 10 swapped games against normal on 2P-ring-street and 13 of
  20 on 2P-duel-standard, the race 6 of the same 10 and 16 of the same 20.)
  In the skirmish, where nothing is left to chance, it is the normal player's way with
  the enemy's likeliest replies weighed too (on maps won by points) or more actions and
  the best blow each side can strike next counted (where the last army standing wins),
  and what the units' statuses and ground will take from them counted everywhere:
  a fixed amount of work, whatever ``nodes`` says.

A decision the rules leave to the player (which units stay unpaid, where a dropped
permanent goes, which cards pay a discard cost) is answered by both alike: each answer
judged one step ahead, equal ones told apart by the rules of thumb (``answer_by_search``).

Time: ``hard`` spends at most ``budget`` seconds per decision and keeps a whole turn's
decisions under ``turn_budget`` by shrinking the budget as the turn's time runs out; a
playout the clock cuts short is dropped. With ``nodes`` set it ignores the clock and is
fully reproducible from its seed.
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.rules import Game
from game.rules.core.actions import (
    Action,
    Activate,
    DeclareTrigger,
    DeclareTriggerFirst,
    Disband,
    DraftPick,
    EndTurn,
    Move,
    Mulligan,
    Pass,
    PayUpkeep,
    PlayCard,
    Replace,
)
from game.rules.core.state import Phase

from . import challenge, choices, drafting, duel, fleet, skirmish, skirmish_search
from .determinize import determinize
from .easy import EasyPlayer
from .evaluate import WIN, clip, evaluate

#: Actions that keep things as they are; a sample of the legal actions always holds them.
_KEEP = (Pass, EndTurn)
#: How many passes and trigger declarations settling the stack may take.
SETTLE_STEPS = 16
#: What an activation (a duel move) costs in the judgement of its best follow-up, so that
#: the same result reached without it is preferred.
FOLLOW_UP_COST = 0.01
#: Seconds the hard player's deadline lies before its budget runs out: the step it is in
#: when the deadline strikes still has to finish.
OVERRUN = 0.03


#: the skirmish: how many of the rules of thumb's likeliest actions the normal and hard
#: players weigh, and against how many of the opponent's likeliest replies the hard one
#: weighs each (``skirmish_search``): on maps won by points 6 against 3 replies (10
#: swapped games against normal: 10 of 10 on 2P-skirmish-highlands, 7 of 10 on -marsh);
#: where the last army standing wins, 10 against the one reply of the rules of thumb
#: (2P-skirmish-wastes: 6 against 3 won 3 of 10, 6 against 2 won 2, 10 against 1 won 7)
SKIRMISH_SHORTLIST = 6
SKIRMISH_HARD_SHORTLIST = 6
SKIRMISH_HARD_REPLIES = 3
SKIRMISH_HARD_SHORTLIST_ARMIES = 10
#: the hard player's evaluation in the skirmish also counts the best blow each side can
#: strike next (``skirmish.strikes``): this much of the blow of the side to act next, and
#: of the other side's. Where the last army standing wins, 40 swapped games against
#: normal on 2P-skirmish-wastes: 29 won with it, 23 without (200 more, seeds 101-200:
#: 61.0 % with it, 50.5 % without). On maps won by points, half as much, with the
#: control points each side would take at the end of the round (``skirmish.claims``,
#: as much as a point held counts in ``skirmish.evaluate``): without the claims the
#: blows lost it the hills of 2P-skirmish-highlands (4 of 40; 24 of 40 without either),
#: with them 38 of 40 there and 31 of 40 on 2P-skirmish-marsh (18 of 40 without either;
#: 15 for each point: 38 and 32); 200 more, seeds 101-200: 96.5 % and 81.5 %
SKIRMISH_HARD_STRIKES_ARMIES = (0.6, 0.3)
SKIRMISH_HARD_STRIKES_POINTS = (0.3, 0.15)
SKIRMISH_HARD_CLAIMS = 6.0
#: the hard player's evaluation in the skirmish also takes off each unit's worth what its
#: statuses and its ground will take from it (``skirmish.toll``, weighed by
#: ``skirmish.TOLL_WEIGHT``): 200 swapped games on 2P-skirmish-wastes (seeds 101-200),
#: against easy 65.0 % without it, 92.0 % with it (the other figures: assets/docs/strength.md, "The
#: skirmish")
SKIRMISH_HARD_TOLLS = True
#: the hard player plays each of the opponent's replies on to the end of the round (both
#: sides by the rules of thumb) before it judges the position. On maps won by points, the
#: points are taken when the round ends, by whoever stands there then: against easy on
#: 2P-skirmish-highlands (seeds 101-164 from both seats, 127 games) 74.8 % won without
#: it, 90.6 % with it. Where the last army standing wins, the exchange a reply starts is
#: played out: on 2P-skirmish-wastes (seeds 1-200 from both seats, 400 games) against
#: normal 68.8 % without it, 72.8 % (68.2-76.9) with it (assets/docs/strength.md, "The skirmish")
SKIRMISH_HARD_ROUND_END = True
#: and its rules of thumb send one unit to each control point: a unit heads for the
#: points none of its side stands on yet (``skirmish.Reading.goals_of``). With both, on
#: the same 127 games 94.5 %; on all 200 (seeds 101-200) 95.5 % (91.7-97.6), where
#: without either 76.5 % (assets/docs/strength.md, "The skirmish")
SKIRMISH_HARD_SPREAD = True
#: on maps won by points it remembers where it last saw each enemy unit and counts a
#: point it holds unguarded within an unseen enemy's reach as lost (``skirmish.exposed``).
#: 200 swapped games each (seeds 101-200), without it and with it: 2P-skirmish-marsh
#: against easy 88.0 % and 92.5 %, against normal 79.5 % and 74.5 %; the highlands
#: against easy 95.5 % and 94.5 %, against normal 88.5 % and 84.0 % (assets/docs/strength.md,
#: "The skirmish": the trade, and why it is made)
SKIRMISH_HARD_MEMORY = True


def overrule(pool: list[Action], rates: list[float], values: list[float],
             margin: float) -> Action:
    """The rules of thumb's choice among ``pool`` (the highest of ``rates``), unless
    another action's ``values`` (what a look ahead found, as far as it got) is better by
    more than ``margin``."""
    pool = pool[:len(values)]
    liked = max(range(len(pool)), key=lambda i: (rates[i], -i))
    best = max(range(len(pool)), key=lambda i: (values[i], rates[i], -i))
    return pool[best] if values[best] > values[liked] + margin else pool[liked]


def sample_actions(legal: list[Action], rng: random.Random, width: int) -> list[Action]:
    """At most ``width`` of the legal actions, passes always included, in legal order."""
    if len(legal) <= width:
        return list(legal)
    keep = [i for i, a in enumerate(legal) if isinstance(a, _KEEP)]
    rest = [i for i, a in enumerate(legal) if not isinstance(a, _KEEP)]
    chosen = set(keep) | set(rng.sample(rest, max(0, width - len(keep))))
    return [a for i, a in enumerate(legal) if i in chosen]


def candidates(game: Game, player: int, legal: list[Action], rng: random.Random, width: int,
               easy: EasyPlayer) -> list[Action]:
    """At most ``width`` of the legal actions to look at. In the duel, where a turn offers
    many summoning tiles and moves, every unit and card gets its turn: the actions are
    grouped by what they use (a card, a unit), each group ordered by the easy player's
    rules of thumb, and the groups' best are taken first, then their second best, and so
    on; ending the turn is always among them. Elsewhere a random sample
    (``sample_actions``)."""
    if fleet.is_fleet(game):
        return fleet.shortlist(game, player, legal)
    if not duel.is_duel(game):
        return sample_actions(legal, rng, width)
    if len(legal) <= width:
        return list(legal)
    groups: dict[tuple[str, int], list[tuple[float, int]]] = {}
    for index, action in enumerate(legal):
        if isinstance(action, _KEEP):
            continue
        used = 0 if isinstance(action, Replace) else \
            int(getattr(action, "card", 0) or getattr(action, "unit", 0))
        groups.setdefault((action.kind, used), []).append(
            (-easy.rate(game, player, action), index))
    ordered = [sorted(group) for group in groups.values()]
    chosen = {i for i, a in enumerate(legal) if isinstance(a, _KEEP)}
    rank = 0
    while len(chosen) < width:
        row = sorted(group[rank] for group in ordered if rank < len(group))
        if not row:
            break
        chosen.update(index for _, index in row[:width - len(chosen)])
        rank += 1
    return [a for i, a in enumerate(legal) if i in chosen]


def settle(game: Game, steps: int = SETTLE_STEPS) -> None:
    """Let what is on the stack resolve: everyone passes, waiting triggers take their
    first choice, waiting decisions (a shortfall's unpaid units, dropped permanents,
    discarded cards) the rules of thumb's answer (``game.ai.choices``); stops once the
    stack is empty or someone must decide something else."""
    taken = 0
    for _ in range(4 * steps):
        actor = game.actor
        if actor is None or (not game.stack and not game.pending and not game.choices):
            return
        legal = game.legal_actions(actor)
        if game.choices:
            game.apply(choices.answer(game, actor, legal))
            continue
        if taken >= steps:
            return
        taken += 1
        answer: Action | None = next((a for a in legal if isinstance(a, Pass)), None)
        if answer is None:
            answer = next((a for a in legal
                           if isinstance(a, (DeclareTrigger, DeclareTriggerFirst))), None)
        if answer is None:
            return
        game.apply(answer)


def greedy_score(game: Game, player: int, action: Action, follow_width: int = 24) -> float:
    """The evaluation after ``action`` and a settled stack (the game is restored after).
    An activation (a duel unit's move) is worth the best follow-up of the activated
    (moved) unit; a unit declared for disbanding is judged with the upkeep action declared
    right after; ending a duel turn is worth the position as it stands."""
    scorer = GreedyScorer(game, player, follow_width)
    try:
        return scorer.score(action)
    finally:
        scorer.close()


class GreedyScorer:
    """``greedy_score`` for many actions from one position: the position is copied once,
    and its legal actions, which every ``apply`` from it checks against, are worked out
    once (a restore forgets them; the position they belong to is the same)."""

    def __init__(self, game: Game, player: int, follow_width: int = 24) -> None:
        self.game = game
        self.player = player
        self.follow_width = follow_width
        self.base = game.snapshot()
        self.legal = game.legal_actions(player) if game.actor == player else None

    def _back(self) -> None:
        game = self.game
        game.restore(self.base)
        if self.legal is not None:
            game.legal_cache = (self.player, self.legal)

    def close(self) -> None:
        self._back()

    def score(self, action: Action) -> float:
        game, player = self.game, self.player
        if isinstance(action, EndTurn) and duel.is_duel(game):
            # the duel's evaluation reads every position as at the end of the active
            # player's turn: ending it is worth the position as it stands, its Ephemeral
            # units gone
            return duel.evaluate(game, player, ending=True)
        try:
            game.apply(action)
            if isinstance(action, Disband) and game.actor == player:
                pay = next((a for a in game.legal_actions(player)
                            if isinstance(a, PayUpkeep)), None)
                if pay is not None:
                    game.apply(pay)
            settle(game)
            if fleet.is_fleet(game):
                fleet.to_round_end(game)
            value = evaluate(game, player)
            unit = action.permanent if isinstance(action, Activate) else \
                action.unit if isinstance(action, Move) and duel.is_duel(game) else 0
            if (unit and game.actor == player
                    and game.phase is Phase.ACTION and not game.stack):
                follow = [a for a in game.legal_actions(player)
                          if getattr(a, "unit", None) == unit
                          and (isinstance(action, Activate) or not isinstance(a, Move))
                          ][:self.follow_width]
                if follow:
                    here = game.snapshot()
                    for step in follow:
                        game.apply(step)
                        settle(game)
                        # a hair less than the same done without the activation (move)
                        value = max(value, evaluate(game, player) - FOLLOW_UP_COST)
                        game.restore(here)
            return value
        finally:
            self._back()


def answer_by_search(game: Game, player: int, legal: list[Action],
                     rng: random.Random) -> Action:
    """A decision the rules leave to the player (``game.choices``): every answer is
    judged one step ahead (a decision of several steps finished by the rules of thumb,
    see ``settle``); answers of equal worth (which card to discard changes little of the
    evaluation) are told apart by the rules of thumb (``game.ai.choices``). Both search
    players answer this way: the choice is about the position as it stands, which the
    greedy look reads, and a playout adds only noise to it."""
    root = game.snapshot()
    try:
        determinize(game, player, rng)
        scorer = GreedyScorer(game, player)
        scores = [scorer.score(action) for action in legal]
    finally:
        game.restore(root)
    ranked = [(score, choices.rate(game, player, action), -index)
              for index, (score, action) in enumerate(zip(scores, legal, strict=True))]
    return legal[-max(ranked)[2]]


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
        legal = fleet.searchable(game, game.legal_actions(player))
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], (DraftPick, Mulligan)):
            return self.easy.choose(game, player)
        if choices.is_answer(legal[0]):
            self.last_reason = "the best answer it looked one step ahead at"
            return answer_by_search(game, player, legal, self.rng)
        if skirmish.is_skirmish(game):
            action, played = skirmish_search.choose(game, player, legal, self.rng,
                                                    SKIRMISH_SHORTLIST, 1)
            self.last_reason = (f"its rules of thumb, checked against {played - 1} others "
                                "played on to the enemy's next move" if played > 1
                                else "its rules of thumb")
            return action
        pool = candidates(game, player, legal, self.rng, self.width, self.easy)
        rates: list[float] = []
        root = game.snapshot()
        try:
            determinize(game, player, self.rng)
            scorer = GreedyScorer(game, player)
            scores = [scorer.score(action) for action in pool]
        finally:
            game.restore(root)
        best = max(scores)
        if fleet.is_fleet(game):
            self.last_reason = "its rules of thumb, checked against others played to the end"
            return fleet.overrule(game, player, pool, scores)
        top = [a for s, a in zip(scores, pool, strict=True) if s == best]
        self.last_reason = f"the best of the {len(pool)} moves it weighed"
        if len(top) > 1 and duel.is_duel(game):
            # equal worth: a card that costs nothing in the end (Ley Surge: its mana back
            # and a card drawn for it) is played, to see one more card; else rather end
            # the turn than wander about; else the rules of thumb
            ending: list[Action] = [a for a in top if isinstance(a, EndTurn)]
            free: list[Action] = [a for a in top if isinstance(a, PlayCard)] if ending else []
            if ending and not free:
                top = ending
            else:
                among = free or top
                rates = [self.easy.rate(game, player, a) for a in among]
                top = [a for r, a in zip(rates, among, strict=True) if r == max(rates)]
        return top[self.rng.randrange(len(top))]


class HardPlayer:
    name = "hard"

    def __init__(self, seed: int, budget: float = 0.5, nodes: int | None = None,
                 turn_budget: float = 2.5, width: int = 40, top: int = 8,
                 horizon: int = 2) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.nodes = nodes
        self.turn_budget = turn_budget
        self.width = width
        self.top = top
        self.horizon = horizon
        self.playout = EasyPlayer(seed, explain=False)  # practice games: no words
        self.playout.rng = self.rng
        self.clock = _TurnClock()
        #: where the skirmish's enemy units were last seen (``skirmish.Memory``)
        self.memory = skirmish.Memory()
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
        legal = fleet.searchable(game, game.legal_actions(player))
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], DraftPick):
            return drafting.pick(game, legal)
        if isinstance(legal[0], Mulligan):
            return self.playout.choose(game, player)
        if choices.is_answer(legal[0]):
            self.last_reason = "the best answer it looked one step ahead at"
            return answer_by_search(game, player, legal, self.rng)
        # the last playout or greedy score may run a little past the deadline
        deadline = started + max(0.005, self.allowed(game) - OVERRUN)
        try:
            return self._search(game, player, legal, deadline)
        finally:
            self.clock.spent += time.perf_counter() - started

    def _out_of_time(self, deadline: float) -> bool:
        return self.nodes is None and time.perf_counter() >= deadline

    def _search(self, game: Game, player: int, legal: list[Action], deadline: float) -> Action:
        rng = self.rng
        if fleet.is_fleet(game):
            return self._fleet(game, player, legal, deadline)
        if skirmish.is_skirmish(game):
            return self._skirmish(game, player, legal, deadline)
        pool = candidates(game, player, legal, rng, self.width, self.playout)
        # the rules of thumb decide which actions get scored first: when the time runs
        # out before all are scored, the choice is still at least a sensible one
        hints = self.playout.rates(game, player, pool)
        pool = [pool[i] for i in sorted(range(len(pool)), key=lambda i: -hints[i])]
        root = game.snapshot()
        try:
            determinize(game, player, rng)
            scorer = GreedyScorer(game, player)
            priors: list[tuple[float, int]] = []
            for index, action in enumerate(pool):
                if priors and self._out_of_time(deadline):
                    break
                priors.append((scorer.score(action), index))
            priors.sort(key=lambda p: (-p[0], p[1]))
            ranked = priors[:self.top]
            if ranked[0][0] >= WIN / 2:
                ranked = ranked[:1]  # it wins at once
            arms = [pool[i] for _, i in ranked]
            return self._challenge(game, player, root, arms, deadline)
        finally:
            game.restore(root)

    def _challenge(self, game: Game, player: int, root: dict[str, Any],
                   arms: list[Action], deadline: float) -> Action:
        """Muhq's Game and the duel: the greedy favourite (``arms[0]``) against the
        others, played out on the same deals, kept unless one is clearly better
        (``challenge``)."""

        def play(arm: int, seed: int) -> float | None:
            game.restore(root)
            deal = random.Random(seed)
            determinize(game, player, deal)
            self.playout.rng = deal  # the rules of thumb's dice are dealt alike too
            with game.unhashed():  # the next restore drops what it plays
                return self._playout(game, player, arms[arm], deadline)

        try:
            found = challenge.race(len(arms), play, self.rng, self.nodes)
        finally:
            self.playout.rng = self.rng
        self.last_playouts = found.played
        best = found.winner()
        if not found.played:
            self.last_reason = "it looked like the best move"
        elif best:
            self.last_reason = (f"it beat its first choice clearly in {found.played} quick "
                                "practice games")
        else:
            self.last_reason = (f"its first choice held against {len(arms) - 1} others in "
                                f"{found.played} quick practice games")
        return arms[best]

    def _fleet(self, game: Game, player: int, legal: list[Action], deadline: float) -> Action:
        """In the fleet, the normal player's way with more actions weighed (the rules of
        thumb's likeliest first, until the clock runs out): a playout by the rules of
        thumb to the end of the round is what each is judged by already, and with no
        hidden cards to re-deal, more of them would only repeat it (measured: 45 of 60
        games against two easy players on 3P-fleet-triad, the normal player 43)."""
        pool = fleet.shortlist(game, player, legal, fleet.HARD_SHORTLIST)
        pool.sort(key=lambda a: -fleet.score(game, player, a))
        scorer = GreedyScorer(game, player)
        try:
            values: list[float] = []
            for action in pool:
                if values and self._out_of_time(deadline):
                    break
                values.append(scorer.score(action))
        finally:
            scorer.close()
        self.last_reason = (f"its rules of thumb, checked against {len(values) - 1} others "
                            "played to the end of the round")
        return fleet.overrule(game, player, pool, values)

    def _skirmish(self, game: Game, player: int, legal: list[Action],
                  deadline: float) -> Action:
        """In the skirmish: the normal player's way (``skirmish_search``), on maps won
        by points with each action weighed against the opponent's likeliest replies (the
        worst counts), elsewhere with more actions weighed; as many as the clock allows."""
        points = skirmish.on_points(game)
        shortlist, replies, strikes = (
            (SKIRMISH_HARD_SHORTLIST, SKIRMISH_HARD_REPLIES, SKIRMISH_HARD_STRIKES_POINTS)
            if points else
            (SKIRMISH_HARD_SHORTLIST_ARMIES, 1, SKIRMISH_HARD_STRIKES_ARMIES))
        threats = (self.memory.look(game, player) if points and SKIRMISH_HARD_MEMORY
                   else skirmish.Threats())
        judgement = skirmish_search.Judgement(
            strikes, SKIRMISH_HARD_CLAIMS if points else 0.0, SKIRMISH_HARD_TOLLS,
            SKIRMISH_HARD_ROUND_END, points and SKIRMISH_HARD_SPREAD, threats)
        action, played = skirmish_search.choose(
            game, player, legal, self.rng, shortlist, replies,
            lambda: self._out_of_time(deadline), judgement)
        self.last_playouts = played
        self.last_reason = (f"its rules of thumb, checked against {played - 1} others and "
                            "the enemy's answers" if played > 1 else "its rules of thumb")
        return action

    def _playout(self, game: Game, player: int, action: Action,
                 deadline: float) -> float | None:
        """Play ``action``, then both sides by rules of thumb until the opponents' next
        turn is over (or the game ends); the end position's value (clipped), or None when
        the clock ran out first. In the duel the opponents' turn is judged just before
        they end it, as the duel's evaluation reads every position (at the end of the
        active player's turn)."""
        game.apply(action)
        stop = game.turn + self.horizon
        if game.active != player:
            stop -= 1
        in_duel = duel.is_duel(game)
        for steps in range(400):
            actor = game.actor
            if actor is None or game.turn >= stop:
                break
            if steps % 8 == 7 and self._out_of_time(deadline):
                return None
            choice = self.playout.choose(game, actor)
            if in_duel and isinstance(choice, EndTurn) and game.turn + 1 >= stop:
                break
            game.apply(choice)
        return clip(evaluate(game, player))
