"""Rounds of a skirmish (seed 004: "round starting player"; the reference's part C for
the round's steps).

A round: every unit is readied and gets back 1 energy; the statuses that act at the start of
a round do (stun exhausts, burn and poison hurt, durations run down). Then the players
take turns in the round's order: in a turn a player activates one ready unit, which acts
until its activation ends; then the next player in the order who has a ready unit takes
a turn. A player without a ready unit is skipped; when every player is skipped in a row,
the round ends: what acts at the end of a round does (lava, radiation), control points
are taken and score, and the next round begins (or, after the last one, the game ends).

The first round's order starts with a player drawn by the game's random generator;
after that the players who did not activate a unit in the round come first, then the
others in the order they last activated one: the player who took the last turn goes
last (with two players: the one who did not take the last turn starts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ...components import Activity, OnMap, Rounds
from ...core.events import Activated, RoundStarted, TurnEnded, TurnStarted
from ...core.state import Phase
from .energy import recharge
from .objectives import last_round_over, score_control_points
from .rules import (
    ACCELERATED,
    BURN,
    STASIS,
    body,
    flying,
    kind_at,
    over,
    set_ready,
    speed,
    status,
)
from .transport import may_get_out

if TYPE_CHECKING:
    from ...core.game import Game


def rounds(game: Game) -> Rounds:
    """The round's record (one per game)."""
    found = esper.get_component(Rounds)
    if found:
        return found[0][1]
    record = Rounds(0, tuple(range(len(game.players))))
    esper.create_entity(record)
    return record


def first_order(game: Game) -> tuple[int, ...]:
    """Round 1: the seeded generator draws the starting player; the rest follow in
    seat order."""
    count = len(game.players)
    first = game.rng.randrange(count)
    return tuple((first + i) % count for i in range(count))


def next_order(game: Game, record: Rounds) -> tuple[int, ...]:
    """Who did not act first (in this round's order), then by their last activation."""
    live = set(game.live())
    idle = [p for p in record.order if p not in record.acted]
    return tuple(p for p in (*idle, *record.acted) if p in live)


def ready_units(game: Game, player: int) -> list[int]:
    """The player's units that may be activated now."""
    return [u for u, on_map in sorted(esper.get_component(OnMap))
            if on_map.controller == player and not on_map.tapped and game.card(u).is_unit
            and _may_act(game, u, on_map)]


def _may_act(game: Game, unit: int, on_map: OnMap) -> bool:
    """Standing on the map, or carried by a transport that lets it out."""
    return on_map.tile is not None or may_get_out(game, unit)


def start_round(game: Game, order: tuple[int, ...]) -> None:
    record = rounds(game)
    record.number += 1
    record.order = order
    record.acted = ()
    game.version += 1
    started = RoundStarted(record.number)
    game.emit(started)
    game.queue_trigger_event(started)
    for unit, on_map in sorted(esper.get_component(OnMap)):
        if game.card(unit).is_unit:
            on_map.tapped = False
    recharge(game)
    game.tick_marks("round_start")
    game.settle()
    if game.phase is not Phase.OVER:
        next_turn(game, None)


def next_turn(game: Game, after: int | None) -> None:
    """Give the turn to the next player in the round's order (after ``after``, or the
    first) who has a ready unit; end the round when nobody has."""
    if game.phase is Phase.OVER:
        return
    order = rounds(game).order
    live = set(game.live())
    start = 0 if after is None or after not in order else order.index(after) + 1
    for step in range(len(order)):
        player = order[(start + step) % len(order)]
        if player in live and ready_units(game, player):
            give_turn(game, player)
            return
    end_round(game)


def give_turn(game: Game, player: int) -> None:
    game.active = player
    game.priority = player
    game.activated = 0
    game.phase = Phase.ACTION
    game.turn += 1
    game.version += 1
    started = TurnStarted(player, game.turn)
    game.emit(started)
    game.queue_trigger_event(started)


def start_turn(game: Game, player: int, first: bool = False) -> None:
    """The ruleset's ``start_turn``: a player left the game during its turn; the next
    one in the round's order goes on."""
    game.activated = 0
    next_turn(game, player)


def activate(game: Game, unit: int) -> None:
    """The player's unit acts: it gets its speed in movement points and its attack, and
    stasis ends (seed: stasis, "removed when unit is activated")."""
    game.activated = unit
    rounds(game).current = unit
    if status(game, unit, STASIS):
        game.remove_marks(unit, STASIS, status(game, unit, STASIS))
    b = body(unit)
    b.moves = speed(game, unit)
    b.attacks = 1
    act = esper.try_component(unit, Activity)
    if act is None:
        esper.add_component(unit, Activity())
    else:
        act.acted = False
        act.blocked = ()
        act.done = False
    game.version += 1
    player = game.controller(unit)
    event = Activated(unit, player)
    game.emit(event)
    game.queue_trigger_event(event)


def exhaust(game: Game, unit: int) -> None:
    """The unit is exhausted, unless it is accelerated: then it loses a stack of that
    instead and stays ready (seed: accelerate)."""
    if not game.is_on_map(unit):
        return
    if status(game, unit, ACCELERATED):
        game.remove_marks(unit, ACCELERATED, 1)
        return
    set_ready(game, unit, False)


def end_activation(game: Game) -> None:
    """The activated unit is done: it is exhausted, the turn ends, the next begins."""
    record = rounds(game)
    unit, player = record.current, game.active
    if unit:
        exhaust(game, unit)
    game.activated = 0
    record.current = 0
    record.acted = (*(p for p in record.acted if p != player), player)
    game.version += 1
    ended = TurnEnded(player, game.turn)
    game.emit(ended)
    game.queue_trigger_event(ended)
    game.settle()
    game.store_turn_hash()
    next_turn(game, player)


def end_round(game: Game) -> None:
    """Lava burns what stands in it, the statuses that act at the end of a round do,
    control points are taken and score; then the next round."""
    for unit, on_map in sorted(esper.get_component(OnMap)):
        if on_map.tile is None or not game.card(unit).is_unit or flying(game, unit):
            continue
        burns = kind_at(game, on_map.tile).burns
        if burns:
            game.add_marks(unit, BURN, burns)
    game.tick_marks("round_end")
    game.settle()
    if over(game):
        return
    score_control_points(game)
    game.settle()
    if not over(game):
        last_round_over(game)
    if not over(game):
        start_round(game, next_order(game, rounds(game)))
