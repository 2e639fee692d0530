"""How far apart two hexes of a skirmish map are for a unit that walks there: the
movement points the cheapest way takes (each step's cost and penalty, the +1 to climb,
round water and walls), not the straight count of hexes, which leads a unit into a
channel it cannot cross.

The terrain never changes during a game, so the distances between every pair of hexes
are worked out once per terrain and kind of mover (one that walks, one that also swims)
and kept for the rest of the process. Units are left out: they move, and a path through
a friend is only a little longer round it. A flying unit, or one that teleports, goes
straight (the hexes between, as ``geometry.distance`` counts them).

Only the map is read here, never a unit: nothing about what a side does not see.
"""

from __future__ import annotations

import heapq
from weakref import WeakKeyDictionary

from game.rules import Game
from game.rules.geometry import Tile
from game.rules.rulesets.skirmish.movement import ground_cost, ground_penalty
from game.rules.rulesets.skirmish.rules import AQUATIC, TELEPORT, flying, prop

#: what "cannot get there" counts as (more than any way on a shipped map)
FAR = 99

#: (terrain, swims) -> the distances from each hex (by index) to every hex (by index)
_TABLES: dict[tuple[tuple[str, ...], tuple[Tile, ...], bool], list[list[int]]] = {}
#: game -> (its terrain's version, swims -> its table): the table found without reading
#: the whole terrain again while the terrain stays the same (``game.terrain_version``)
_GAMES: WeakKeyDictionary[Game, tuple[int, dict[bool, list[list[int]]]]] = WeakKeyDictionary()


def _table(game: Game, swims: bool) -> list[list[int]]:
    held = _GAMES.get(game)
    if held is None or held[0] != game.terrain_version:
        held = _GAMES[game] = (game.terrain_version, {})
    found = held[1].get(swims)
    if found is None:
        found = held[1][swims] = _terrain_table(game, swims)
    return found


def _terrain_table(game: Game, swims: bool) -> list[list[int]]:
    cells = tuple(game.geometry.cells())
    key = (tuple(game.tiles), cells, swims)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _all_pairs(game, cells, swims)
    return found


def _all_pairs(game: Game, cells: tuple[Tile, ...], swims: bool) -> list[list[int]]:
    index = game.cell_index
    kinds = [game.tile_kind(t) for t in cells]
    stands = [k.walkers or (swims and k.swimmers) for k in kinds]
    table = []
    for source in range(len(cells)):
        best = [FAR] * len(cells)
        if stands[source]:
            best[source] = 0
            queue = [(0, source)]
            while queue:
                spent, at = heapq.heappop(queue)
                if spent > best[at]:
                    continue
                for tile in game.neighbours[cells[at]]:
                    nxt = index[tile]
                    if not stands[nxt]:
                        continue
                    total = spent + ground_cost(kinds[at], kinds[nxt]) \
                        + max(0, ground_penalty(kinds[at], kinds[nxt]))
                    if total < best[nxt]:
                        best[nxt] = total
                        heapq.heappush(queue, (total, nxt))
        table.append(best)
    return table


def mover(game: Game, unit: int) -> bool | None:
    """How the unit gets about: None straight (it flies or teleports), else whether it
    swims as well as walks."""
    if flying(game, unit) or prop(game, unit, TELEPORT):
        return None
    return bool(game.keyword(unit, AQUATIC))


def distance(game: Game, how: bool | None, a: Tile, b: Tile) -> int:
    """Movement points from ``a`` to ``b`` for a mover of kind ``how`` (see ``mover``)."""
    if how is None:
        return game.geometry.distance(a, b)
    index = game.cell_index
    return _table(game, how)[index[a]][index[b]]


def nearest(game: Game, how: bool | None, tile: Tile, goals: list[Tile]) -> int:
    """Movement points from ``tile`` to the nearest of ``goals`` (FAR when none can be
    reached, 0 without goals)."""
    if not goals:
        return 0
    if how is None:
        return min(game.geometry.distance(tile, g) for g in goals)
    index = game.cell_index
    row = _table(game, how)[index[tile]]
    return min(row[index[g]] for g in goals)
