"""A round of the fleet (our design around rule 58): the strategy phase (each player picks
a strategy, speaker first), the action phase (in the strategies' order, each player takes
a tactical action or passes, until everyone has passed), the status phase (objectives
scored, income, command tokens back, ships repaired, two new command tokens each).

``advance`` moves the game on after every action until a player must decide something,
and sets who that is (``game.priority``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from ...components import Body, OnMap
from ...core.events import ActionDeclared, RoundStarted, TurnEnded, TurnStarted
from ...core.state import Phase
from .combat import removal_options
from .redeploy import redeploy_options
from .rules import (
    DEFAULT_POINTS,
    DEFAULT_ROUNDS,
    FLEET_POOL,
    PASSED,
    STATUS_TOKENS,
    STRATEGY,
    TACTIC,
    TOKEN_LIMIT,
    TOKENS_DUE,
    board_state,
    index_units,
    planets_of,
    resources,
    set_counter,
    tokens_owned,
)
from .tactical import DONE, WAIT, finish_tactic, step, tactic_of

if TYPE_CHECKING:
    from ...core.game import Game


@dataclass(frozen=True, slots=True)
class Strategy:
    """One of the strategies a player picks each round: its number sets the order of
    play in the action phase (lowest first); what it gives comes at once."""

    number: int
    key: str
    tactic: int = 0
    fleet: int = 0
    resources: int = 0
    points: int = 0
    redeploy: bool = False


STRATEGIES: tuple[Strategy, ...] = (
    Strategy(1, "initiative", tactic=1),
    Strategy(2, "mobilize", tactic=2),
    Strategy(3, "commerce", resources=3),
    Strategy(4, "redeploy", tactic=1, redeploy=True),
    Strategy(5, "expansion", fleet=1, resources=1),
    Strategy(6, "imperium", points=1),
)


def strategy(number: int) -> Strategy:
    return STRATEGIES[number - 1]


def win_points(game: Game) -> int:
    return int(game.map.win.params.get("points", DEFAULT_POINTS))


def win_rounds(game: Game) -> int:
    return int(game.map.win.params.get("rounds", DEFAULT_ROUNDS))


def seats_from(game: Game, first: int) -> list[int]:
    """The live players clockwise from ``first``."""
    count = len(game.players)
    return [(first + i) % count for i in range(count)
            if not game.players[(first + i) % count].eliminated]


def changed(game: Game) -> None:
    game.version += 1
    game.legal_cache = None


# ---------------------------------------------------------------------------- strategy


def start_round(game: Game) -> None:
    """A new round: the speaker moves on one seat (the first round: seat 1), strategies
    and passes are cleared, and the strategy phase begins."""
    board = board_state(game)
    board.round += 1
    if board.round > 1:
        board.speaker = seats_from(game, board.speaker + 1)[0]
    for player in game.live():
        set_counter(game, player, STRATEGY, 0)
        set_counter(game, player, PASSED, 0)
    game.phase = Phase.STRATEGY
    game.active = board.speaker
    game.priority = board.speaker
    event = RoundStarted(board.round)
    game.emit(event)
    game.queue_trigger_event(event)
    changed(game)


def free_strategies(game: Game) -> list[int]:
    taken = {game.counter(p, STRATEGY) for p in game.live()}
    return [s.number for s in STRATEGIES if s.number not in taken]


def next_picker(game: Game) -> int | None:
    for player in seats_from(game, board_state(game).speaker):
        if not game.counter(player, STRATEGY):
            return player
    return None


def pick(game: Game, player: int, number: int) -> None:
    """The strategy's gifts come at once (command tokens only as far as the player's
    sixteen go); Redeploy then waits for its move."""
    chosen = strategy(number)
    set_counter(game, player, STRATEGY, number)
    game.emit(ActionDeclared(player, f"P{player + 1} takes strategy {number} "
                                     f"({chosen.key})"))
    for pool, amount in ((TACTIC, chosen.tactic), (FLEET_POOL, chosen.fleet)):
        amount = min(amount, TOKEN_LIMIT - tokens_owned(game, player))
        if amount > 0:
            game.add_to_counter(player, pool, amount)
    if chosen.resources:
        game.gain_resource(player, chosen.resources)
    if chosen.points:
        game.gain_points(player, chosen.points)
    if chosen.redeploy and redeploy_options(game, player):
        board = board_state(game)
        board.waiting = "redeploy"
        board.waiter = player
    changed(game)


# ---------------------------------------------------------------------------- action phase


def initiative(game: Game) -> list[int]:
    """The live players in the order of their strategies' numbers."""
    return sorted(game.live(), key=lambda p: (game.counter(p, STRATEGY) or 99, p))


def begin_turn(game: Game, player: int) -> None:
    game.phase = Phase.ACTION
    game.active = player
    game.priority = player
    game.turn += 1
    event = TurnStarted(player, game.turn)
    game.emit(event)
    game.queue_trigger_event(event)
    changed(game)


def end_turn(game: Game) -> None:
    """The active player's turn is over: the next player in order who has not passed
    takes the next; when everyone has passed, the status phase begins."""
    player = game.active
    ended = TurnEnded(player, game.turn)
    game.emit(ended)
    game.queue_trigger_event(ended)
    game.store_turn_hash()
    if game.phase is Phase.OVER:
        return
    order = initiative(game)
    at = order.index(player) if player in order else -1
    for i in range(1, len(order) + 1):
        candidate = order[(at + i) % len(order)]
        if not game.counter(candidate, PASSED):
            begin_turn(game, candidate)
            return
    start_status(game)


def pass_round(game: Game, player: int) -> None:
    set_counter(game, player, PASSED, 1)
    game.emit(ActionDeclared(player, f"P{player + 1} passes for the round"))
    end_turn(game)


# ---------------------------------------------------------------------------- status


def held_objectives(game: Game, player: int) -> list[str]:
    """The objectives (map regions) the player holds: every system of it is held, a
    system with a planet by the planet's controller, one without by the only player with
    ships there."""
    from .rules import controller_of, has_planet, is_ship

    units = index_units(game)
    held = []
    for region in game.map.regions:
        ok = bool(region.tiles)
        for tile in region.tiles:
            if has_planet(game, tile):
                ok = ok and controller_of(game, tile) == player
            else:
                there = {game.controller(u) for u in units.get(tile, ()) if is_ship(game, u)}
                ok = ok and there == {player}
        if ok:
            held.append(region.name)
    return held


def score(game: Game) -> None:
    points = {r.name: r.points for r in game.map.regions}
    for player in game.live():
        total = sum(points[name] for name in held_objectives(game, player))
        if total:
            game.gain_points(player, total)


def start_status(game: Game) -> None:
    """The status phase: score the objectives held (the game ends when someone has the
    points, or after the last round), gain the planets' resources, take the command
    tokens off the board, repair every unit; then each player places two new command
    tokens (as far as its sixteen go)."""
    board = board_state(game)
    game.phase = Phase.STATUS
    game.emit(ActionDeclared(game.active, f"Status phase of round {board.round}"))
    score(game)
    goal = win_points(game)
    leaders = [p for p in game.live() if game.players[p].points >= goal]
    if not leaders and board.round >= win_rounds(game):
        best = max(game.players[p].points for p in game.live())
        leaders = [p for p in game.live() if game.players[p].points == best]
    if leaders:
        top = max(game.players[p].points for p in leaders)
        game.finish(tuple(p for p in leaders if game.players[p].points == top),
                    game.win.describe(game))
        return
    for player in game.live():
        income = sum(resources(game, t) for t in planets_of(game, player))
        if income:
            game.gain_resource(player, income)
    board.tokens = ()
    for _, (_on_map, body) in esper.get_components(OnMap, Body):
        if body.damage:
            body.damage = 0
    eliminate_the_beaten(game)
    for player in game.live():
        set_counter(game, player, TOKENS_DUE,
                    max(0, min(STATUS_TOKENS, TOKEN_LIMIT - tokens_owned(game, player))))
    changed(game)


def eliminate_the_beaten(game: Game) -> None:
    """A player with no planet and no unit left is out."""
    units = index_units(game)
    standing = {game.controller(u) for us in units.values() for u in us}
    for player in list(game.live()):
        if player not in standing and not planets_of(game, player) and len(game.live()) > 1:
            game.active = next(p for p in game.live() if p != player)
            game.priority = game.active
            game.eliminate(player)


def next_token_taker(game: Game) -> int | None:
    for player in seats_from(game, board_state(game).speaker):
        if game.counter(player, TOKENS_DUE):
            return player
    return None


def gain_token(game: Game, player: int, pool: str) -> None:
    game.add_to_counter(player, TACTIC if pool == "tactic" else FLEET_POOL, 1)
    game.add_to_counter(player, TOKENS_DUE, -1)


# ---------------------------------------------------------------------------- moving on


def advance(game: Game) -> None:
    """Go on until a player must decide: first any player who must remove units over
    capacity or the fleet pool, then the phase's own decisions."""
    for _ in range(10_000):
        if game.phase is Phase.OVER:
            return
        board = board_state(game)
        if board.excess:
            player = board.excess[0]
            options = removal_options(game, player)
            if len(options) > 1:
                game.priority = player
                return
            if options:
                game.destroy(options[0], "over capacity or the fleet pool")
                changed(game)
            else:
                board.excess = board.excess[1:]
                changed(game)
            continue
        if board.waiting:
            game.priority = board.waiter
            return
        if game.phase is Phase.STRATEGY:
            picker = next_picker(game)
            if picker is not None:
                game.priority = picker
                return
            begin_turn(game, initiative(game)[0])
            continue
        if game.phase is Phase.ACTION:
            tactic = tactic_of(game)
            if tactic is None:
                game.priority = game.active
                return
            outcome = step(game, tactic)
            if outcome == WAIT:
                return
            if outcome == DONE:
                finish_tactic(game)
                end_turn(game)
            continue
        if game.phase is Phase.STATUS:
            taker = next_token_taker(game)
            if taker is not None:
                game.priority = taker
                return
            start_round(game)
            continue
        return
    raise RuntimeError("the fleet's turn machine did not come to a decision")


__all__ = ["STRATEGIES", "Strategy", "advance", "begin_turn", "end_turn", "free_strategies",
           "gain_token", "held_objectives", "initiative", "next_picker", "pass_round",
           "pick", "start_round", "start_status", "strategy", "win_points", "win_rounds"]
