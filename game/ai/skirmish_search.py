"""How the normal and hard players choose in the skirmish: the rules of thumb's likeliest
actions (``skirmish.rates``: distances by the ways' movement points), each played on,
and their favourite unless another ends clearly better (``search.overrule``).

An action is played on by the rules of thumb (``skirmish.Sharp``) to the end of the
activation it belongs to; then the opponent's next activation is played, and the
position after it is judged (``skirmish.evaluate``). The normal player lets the rules of
thumb choose the opponent's activation; the hard player weighs more actions and, on
maps won by points, plays out several of the opponent's activations (its likeliest units
to activate) and counts the worst for it, as if the opponent saw what hurts most. The
hard player adds to the judgement the best blow each side could strike next
(``skirmish.strikes``), what each unit's statuses and the ground under it will take from
it (``skirmish.toll``), and on maps won by points, the control points each side would
take at the end of the round (``skirmish.claims``). It plays each reply on to the end of
the round, both sides by the rules of thumb: on maps won by points since the points go to
whoever stands on them when the round ends, where the last army standing wins so that
the exchange the reply starts is played out. On maps won by points its rules of thumb
send one unit to each point and the others on (``spread``).
Nothing in a skirmish is left to chance and nothing hidden is re-dealt (what a side does
not see is taken off the board first, ``determinize``), so one playout of each tells
what more would.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from game.rules import Action, Game
from game.rules.core.actions import FullAction, Move
from game.rules.rulesets.skirmish.rules import round_number

from . import skirmish
from .determinize import determinize
from .evaluate import CLIP, clip

#: how much better than the rules of thumb's favourite another action must end to be taken
MARGIN = 1.0
#: the most actions one activation's playout takes (a guard; a real one takes a handful)
STEPS = 60


class Judgement(NamedTuple):
    """What the hard player adds to ``skirmish.evaluate`` when it judges where a playout
    ended (the normal player adds nothing): the best blows each side could strike next,
    weighed so (``skirmish.strikes``), the control points each side would take at the end
    of the round, each worth ``claims`` (``skirmish.claims``), with ``tolls``, what
    the units' statuses and ground will take from them (``skirmish.toll``); with
    ``round_end``, each reply is played on to the end of the round before the position
    is judged; with ``spread``, the rules of thumb (its own and those it expects of the
    opponent) send a unit to a control point only when none of its side stands there
    yet (``skirmish.Reading.goals_of``); with ``threats``, what it cannot see that could
    take its control points, each point it holds unguarded within their reach counts as
    much as a claim against it (``skirmish.exposed``)."""

    strikes: tuple[float, float] | None = None
    claims: float = 0.0
    tolls: bool = False
    round_end: bool = False
    spread: bool = False
    threats: skirmish.Threats = skirmish.Threats()


#: the normal player's judgement: ``skirmish.evaluate`` alone
PLAIN = Judgement()


def choose(game: Game, player: int, legal: list[Action], rng: random.Random,
           shortlist: int, replies: int,
           out_of_time: Callable[[], bool] = lambda: False,
           judgement: Judgement = PLAIN) -> tuple[Action, int]:
    """The action to take among ``legal`` and how many were played on: the rules of
    thumb's ``shortlist`` likeliest, each judged after the opponent's reply (the worst of
    its ``replies`` likeliest); the game is left as it was."""
    from .search import overrule  # search imports this module

    rates = skirmish.rates(game, player, legal, judgement.spread)
    liked = likeliest(player, legal, rates, shortlist)
    pool = [legal[i] for i in liked]
    if len(pool) == 1:
        return pool[0], 0
    policy = skirmish.Sharp(rng, judgement.spread)
    root = game.snapshot()
    values: list[float] = []
    try:
        determinize(game, player, rng)
        base = game.snapshot()
        for action in pool:
            if values and out_of_time():
                break
            game.restore(base)
            values.append(play_on(game, player, action, policy, replies, judgement))
    finally:
        game.restore(root)
    return overrule(pool, [rates[i] for i in liked], values, MARGIN), len(values)


def likeliest(player: int, legal: list[Action], rates: list[float], count: int) -> list[int]:
    """The indices of the ``count`` highest ``rates``, the highest first; equal ones in
    the legal actions' order, except that the second player takes its moves and its full
    actions (listed in the board's order of their hexes and targets) in reverse: the
    shipped maps are the same for both sides turned half a circle, and that turn reverses
    the board's order, so both sides break such ties the same way. The order of its
    activations and attacks is kept (reversed too, it gave the second seat 86 % of the
    marsh's games)."""
    place = list(range(len(legal)))
    if player % 2:
        for kind in (Move, FullAction):
            group = [i for i, a in enumerate(legal) if isinstance(a, kind)]
            for i, j in zip(group, reversed(group), strict=True):
                place[i] = j
    return sorted(range(len(legal)), key=lambda i: (-rates[i], place[i]))[:count]


def _finish(game: Game, actor: int, policy: skirmish.Sharp) -> None:
    """The rules of thumb play ``actor``'s activation under way to its end."""
    turn = game.turn
    for _ in range(STEPS):
        if game.actor != actor or game.turn != turn:
            return
        game.apply(policy.choose(game, actor))


#: the most actions a playout to the end of the round takes (a guard)
ROUND_STEPS = 400


def _to_round_end(game: Game, policy: skirmish.Sharp) -> None:
    """The rules of thumb play both sides on to the end of the round under way."""
    started = round_number(game)
    for _ in range(ROUND_STEPS):
        actor = game.actor
        if actor is None or round_number(game) != started:
            return
        game.apply(policy.choose(game, actor))


def play_on(game: Game, player: int, action: Action, policy: skirmish.Sharp,
            replies: int, judgement: Judgement = PLAIN) -> float:
    """The worth for ``player`` of ``action`` played, its activation finished by the
    rules of thumb, and the opponent's next activation (the worst of its ``replies``
    likeliest first steps, each finished by the rules of thumb, and with
    ``judgement.round_end`` the rest of the round played on by them)."""
    game.apply(action)
    _finish(game, player, policy)
    opponent = game.actor
    strikes, claims, tolls, round_end, spread, threats = judgement
    if opponent is None or opponent == player:
        # no activation of the opponent's to play on: in the searched view
        # (``determinize``) an enemy with every unit out of sight has no unit and is out
        # of the game at once (most of the opening's playouts), or the round has no other
        # activation left. Judged by the position alone; with the blows and the claims
        # added here too, 200 swapped games a report moved within luck on the points
        # maps and lost 92.0 -> 83.5 % against easy on the wastes; putting the enemy units
        # believed out of sight into the view instead lost more there (92.0 -> 77.5 %,
        # against normal 66.5 -> 45.0 %; assets/docs/strength.md, "The skirmish")
        return clip(skirmish.evaluate(game, player, tolls))
    legal = game.legal_actions(opponent)
    if replies > 1 and len(legal) > 1:
        rates = skirmish.rates(game, opponent, legal, spread)
        firsts = [legal[i] for i in likeliest(opponent, legal, rates, replies)]
    else:
        firsts = [policy.choose(game, opponent)]
    here = game.snapshot()
    worst = CLIP
    for first in firsts:
        game.restore(here)
        game.apply(first)
        _finish(game, opponent, policy)
        if round_end:
            _to_round_end(game, policy)
        value = skirmish.evaluate(game, player, tolls)
        if strikes is not None and game.actor is not None:
            value += skirmish.strikes(game, player, strikes)
        if claims and game.actor is not None:
            value += skirmish.claims(game, player, claims)
            value -= skirmish.exposed(game, player, threats, claims)
        worst = min(worst, clip(value))
    return worst
