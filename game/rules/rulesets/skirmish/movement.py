"""Moving in a skirmish (seed 004: movement points, terrain "+n movement cost" and "n
movement penalty", elevated, flying, aquatic, teleport, rooted, invisible).

A unit starts each activation with its speed in movement points. A move goes from hex to
neighbouring hex; each step needs, and costs, 1 point plus the move-out cost of the hex
left and the move-in cost of the hex entered, plus 1 when the hex entered is elevated and
the unit stands on low ground. After the step the terrain's penalties (out of the hex
left, into the hex entered) are taken too, and may leave the unit below zero; a unit
below zero moves no more. Flying units pay no terrain costs and no penalties (ours: the
seed's "no terrain movement penalties" covers both). No unit passes through another.

A player plans moves with what it knows: hexes holding a unit it cannot see look free.
A move whose next hex holds such a unit stops in front of it; that step costs nothing
(seed: invisible, "will not consume a movement point"), and the unit remembers the hex
as taken for the rest of its activation.

Teleport n: instead of walking, a move straight to an unoccupied hex within n that the
unit can stand on, costing one point per hex of distance and no terrain costs.

A move may end in a friendly enterable transport with room for the unit (its last step
onto the transport's hex), and a unit carried by an exitable transport moves out from the
transport's hex (see ``transport``).
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, NamedTuple
from weakref import WeakKeyDictionary

from ...core.events import ActionDeclared
from ...core.snapshot import board_cache
from ...geometry import Tile
from ...tiles import TileType
from .rules import (
    BURN,
    RADIATED,
    RADIOACTIVE,
    ROOTED,
    TELEPORT,
    activity,
    body,
    can_stand,
    flying,
    footing,
    kind_at,
    prop,
    status,
)
from .sight import vision
from .transport import entrances, may_get_out

if TYPE_CHECKING:
    from ...core.game import Game


def step_cost(game: Game, unit: int, a: Tile, b: Tile) -> int:
    """Points a step from ``a`` to ``b`` needs and costs."""
    if flying(game, unit):
        return 1
    return ground_cost(kind_at(game, a), kind_at(game, b))


def ground_cost(out: TileType, into: TileType) -> int:
    """Points a step out of a hex of kind ``out`` into one of kind ``into`` needs and
    costs a unit on the ground (elevated: +1 when climbing from low ground)."""
    return 1 + out.move_out + into.move_in + (1 if into.elevated and not out.elevated else 0)


def step_penalty(game: Game, unit: int, a: Tile, b: Tile) -> int:
    """Points taken after a step from ``a`` to ``b``."""
    if flying(game, unit):
        return 0
    return ground_penalty(kind_at(game, a), kind_at(game, b))


def ground_penalty(out: TileType, into: TileType) -> int:
    """Points taken after a step out of ``out`` into ``into`` on the ground."""
    return out.penalty_out + into.penalty_in


def known_taken(game: Game, unit: int) -> set[Tile]:
    """Hexes the unit's player knows to be taken: where a unit it sees stands, where it
    senses an enemy, and the hexes this unit's moves found taken."""
    player = game.controller(unit)
    sight = vision(game, player)
    taken = {t for e in sight.seen
             if (t := game.tile_of(e)) is not None and game.board.get(t, 0) == e}
    taken.update(sight.sensed)
    taken.update(activity(unit).blocked)
    return taken


class _Step(NamedTuple):
    """A step to a neighbouring hex as the terrain makes it: the points it needs and costs
    on the ground (``ground_cost``), the penalty taken after it on the ground
    (``ground_penalty``), and who may stand on the hex (walkers, swimmers)."""

    tile: Tile
    cost: int
    penalty: int
    walkers: bool
    swimmers: bool


#: game -> (its terrain's version, hex -> the steps out of it in the order of
#: ``game.neighbours``): the terrain changes seldom, a unit's routes are sought often
_STEPS: WeakKeyDictionary[Game, tuple[int, dict[Tile, tuple[_Step, ...]]]] = \
    WeakKeyDictionary()


def _steps(game: Game) -> dict[Tile, tuple[_Step, ...]]:
    held = _STEPS.get(game)
    if held is None or held[0] != game.terrain_version:
        kinds = {tile: kind_at(game, tile) for tile in game.geometry.cells()}
        table = {tile: tuple(_Step(nxt, ground_cost(kind, kinds[nxt]),
                                   ground_penalty(kind, kinds[nxt]),
                                   kinds[nxt].walkers, kinds[nxt].swimmers)
                             for nxt in game.neighbours[tile])
                 for tile, kind in kinds.items()}
        held = _STEPS[game] = (game.terrain_version, table)
    return held[1]


class Route(NamedTuple):
    """The cheapest way to a hex: the points it takes (costs and penalties), the hexes
    stepped on (the last one the goal), and whether it is a teleport."""

    spent: int
    path: tuple[Tile, ...]
    jump: bool = False


def routes(game: Game, unit: int) -> dict[Tile, Route]:
    """Every hex the unit may move to now, with the points the cheapest way there takes
    (costs and penalties) and that way (the hexes stepped on, the last one the goal).
    Empty for a rooted unit, a carried one, or one without points left. Found once per
    position (``game.version``) and movement points left: the end of an action, the
    legal actions after it and a computer player's reading of them ask the same; the
    caller only reads what it gets."""
    key = (unit, body(unit).moves)
    held = game.caches.get(ROUTES_CACHE)
    if held is None or held[0] != game.version:
        held = (game.version, {})
        game.caches[ROUTES_CACHE] = held
    found = held[1].get(key)
    if found is None:
        found = held[1][key] = _routes(game, unit)
    return found


#: the name of ``routes``' cache in ``game.caches``: the board's alone (``board_cache``)
ROUTES_CACHE = board_cache("skirmish-routes")


def _routes(game: Game, unit: int) -> dict[Tile, Route]:
    here = game.tile_of(unit)
    points = body(unit).moves
    if here is None or points <= 0 or status(game, unit, ROOTED):
        return {}
    inside = game.board.get(here, 0) != unit
    if inside and not may_get_out(game, unit):
        return {}  # carried, and its transport does not let it out
    taken = known_taken(game, unit)
    doors = {} if inside else entrances(game, unit)
    found: dict[Tile, Route] = {}
    index = game.cell_index
    table = _steps(game)
    fly = flying(game, unit)  # (no terrain costs nor penalties)
    anywhere, swims = footing(game, unit)  # (where it may stand: ``can_stand``)
    best = {here: 0}
    queue: list[tuple[int, int, Tile, tuple[Tile, ...]]] = [(0, index[here], here, ())]
    while queue:
        spent, _, tile, path = heapq.heappop(queue)
        if best.get(tile, spent) < spent:
            continue
        left = points - spent
        for step in table[tile]:
            nxt = step.tile
            cost, penalty = (1, 0) if fly else (step.cost, step.penalty)
            if nxt in doors:  # a friendly transport: a move may end in it
                total = spent + cost + penalty
                if cost <= left and (nxt not in found or found[nxt].spent > total):
                    found[nxt] = Route(total, (*path, nxt))
                continue
            if nxt in taken or not (anywhere or step.walkers or (step.swimmers and swims)):
                continue
            if cost > left:
                continue
            total = spent + cost + penalty
            if best.get(nxt, total + 1) <= total:
                continue
            best[nxt] = total
            route = (*path, nxt)
            found[nxt] = Route(total, route)
            heapq.heappush(queue, (total, index[nxt], nxt, route))
    jump = prop(game, unit, TELEPORT)
    if jump and not inside:
        for tile in game.geometry.within(here, int(jump)):
            distance = game.geometry.distance(here, tile)
            if (distance <= points and tile not in taken and can_stand(game, unit, tile)
                    and (tile not in found or found[tile].spent > distance)):
                found[tile] = Route(distance, (tile,), True)
    found.pop(here, None)
    return found


def route_to(game: Game, unit: int, goal: Tile) -> tuple[int, tuple[Tile, ...]] | None:
    """The ruleset's ``route``: the points a move to ``goal`` takes and the hexes it
    steps on (a teleport: the goal alone)."""
    found = routes(game, unit).get(goal)
    return None if found is None else (found.spent, found.path)


def walk(game: Game, unit: int, goal: Tile) -> bool:
    """Carry out the move to ``goal`` along its route: step by step, paying each step,
    stopping in front of a hex found taken. Returns whether the unit reached ``goal``."""
    route = routes(game, unit).get(goal)
    if route is None:
        return False
    here = game.tile_of(unit)
    assert here is not None
    player = game.controller(unit)
    leaving = game.board.get(here, 0) != unit  # a carried unit getting out
    doors = {} if leaving else entrances(game, unit)
    for nxt in route.path:
        blocker = game.board.get(nxt, 0)
        if blocker and nxt == goal and doors.get(nxt) == blocker:
            body(unit).moves -= step_cost(game, unit, here, nxt) + step_penalty(
                game, unit, here, nxt)
            game.pile_onto(unit, blocker)  # in: its activation ends there
            act = activity(unit)
            act.acted = act.done = True
            return True
        if blocker:
            # a unit the player could not see: the move ends here, at no cost
            act = activity(unit)
            act.blocked = (*act.blocked, nxt)
            game.version += 1
            game.emit(ActionDeclared(player, f"P{player + 1} {game.card(unit).name} finds "
                                             f"{game.geometry.label(nxt)} taken", unit))
            return False
        if route.jump:
            cost, penalty = game.geometry.distance(here, nxt), 0
        else:
            cost, penalty = step_cost(game, unit, here, nxt), step_penalty(game, unit, here, nxt)
        body(unit).moves -= cost + penalty
        activity(unit).acted = True
        step_into(game, unit, nxt)
        if not game.is_on_map(unit):
            return False
        here = nxt
    if leaving:
        activity(unit).done = True  # getting out was all it could do
    return True


def step_into(game: Game, unit: int, tile: Tile) -> None:
    """The unit moves onto ``tile`` (a step, a teleport, or following up a melee attack)
    and what the hex does to those who enter it happens."""
    game.move_permanent(unit, tile)
    entered(game, unit, tile)


def entered(game: Game, unit: int, tile: Tile) -> None:
    """Terrain that acts on a unit moving in: radioactive hexes irradiate it (seed:
    radioactive, "when unit moves in"); lava sets it on fire (ours). Fliers are above
    the ground and untouched."""
    if flying(game, unit):
        return
    stacks = game.tile_marks(tile).get(RADIOACTIVE, 0)
    if stacks:
        game.add_marks(unit, RADIATED, stacks)
    burns = kind_at(game, tile).burns
    if burns and game.is_on_map(unit):
        game.add_marks(unit, BURN, burns)
