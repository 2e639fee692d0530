"""Movement: where a unit's move action can take it (rules Movement, Step, Crew X, and
the water, gate and street tiles).

A move is a chain of steps onto adjacent tiles; orthogonal steps cost 1 and every second
diagonal step costs 2, so the cost of a straight walk equals the range metric. Steps go
onto available tiles only, around occupied ones; the last step may end on a friendly unit
with a free crew place (crewing). Entering a gate, or water for a non-swimmer, ends the move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import Tile
from .tiles import TILE_TYPES

if TYPE_CHECKING:
    from .game import Game


def reachable(game: Game, unit: int, *, ignore: int = 0,
              movement: int | None = None) -> dict[Tile, int]:
    """Tiles the unit's move action can end on, with their cost (start excluded).

    ``ignore`` is a permanent treated as absent (an artifact being carried)."""
    start = game.tile_of(unit)
    if start is None:
        return {}
    budget = game.movement(unit) if movement is None else movement
    if budget <= 0:
        return {}
    swimming = bool(game.keyword(unit, "swimming"))
    can_crew = game.card(unit).is_unit
    controller = game.controller(unit)
    board = game.board
    width = game.map.width
    tiles = game.tiles
    neighbours = game.neighbours
    best: dict[tuple[Tile, int], int] = {(start, 0): 0}
    buckets: list[list[tuple[Tile, int]]] = [[] for _ in range(budget + 1)]
    buckets[0].append((start, 0))
    result: dict[Tile, int] = {}
    crew_cache: dict[int, bool] = {}
    for cost in range(budget + 1):
        for state in buckets[cost]:
            if best[state] != cost:
                continue
            tile, parity = state
            if tile != start:
                kind = TILE_TYPES[tiles[tile[1] * width + tile[0]]]
                if kind.stops_all or (kind.stops_walkers and not swimming):
                    continue  # tiles: gate, water — the move ends here
            tx, ty = tile
            for n in neighbours[tile]:
                diagonal = n[0] != tx and n[1] != ty
                step = 2 if (diagonal and parity) else 1
                total = cost + step
                if total > budget:
                    continue
                occupant = board.get(n, 0)
                if occupant and occupant != ignore:
                    if occupant == unit:
                        continue
                    if can_crew:
                        ok = crew_cache.get(occupant)
                        if ok is None:
                            ok = (game.controller(occupant) == controller
                                  and game.crew_slots(occupant) > 0
                                  and game.container_of(unit) != occupant)
                            crew_cache[occupant] = ok
                        if ok and result.get(n, 99) > total:
                            result[n] = total
                    continue
                kind = TILE_TYPES[tiles[n[1] * width + n[0]]]
                if not (kind.swimmers if swimming else kind.walkers):
                    continue
                key = (n, parity ^ 1 if diagonal else parity)
                if best.get(key, 99) <= total:
                    continue
                best[key] = total
                buckets[total].append(key)
                if result.get(n, 99) > total:
                    result[n] = total
    result.pop(start, None)
    return result


def street_reachable(game: Game, unit: int) -> dict[Tile, int]:
    """The street's extra move: along connected streets only, within the unit's movement."""
    start = game.tile_of(unit)
    if start is None or not game.tile_kind(start).street:
        return {}
    budget = game.movement(unit)
    swimming = bool(game.keyword(unit, "swimming"))
    best: dict[tuple[Tile, int], int] = {(start, 0): 0}
    frontier = [(start, 0)]
    result: dict[Tile, int] = {}
    while frontier:
        nxt = []
        for state in frontier:
            tile, parity = state
            cost = best[state]
            for n in game.neighbours[tile]:
                kind = game.tile_kind(n)
                if not kind.street or game.board.get(n, 0):
                    continue
                if not (kind.swimmers if swimming else kind.walkers):
                    continue
                diagonal = n[0] != tile[0] and n[1] != tile[1]
                total = cost + (2 if diagonal and parity else 1)
                if total > budget:
                    continue
                key = (n, parity ^ 1 if diagonal else parity)
                if best.get(key, 99) <= total:
                    continue
                best[key] = total
                nxt.append(key)
                if result.get(n, 99) > total:
                    result[n] = total
        frontier = nxt
    result.pop(start, None)
    return result


def transport_options(game: Game, unit: int, artifact: int) -> list[tuple[Tile, Tile]]:
    """Rule Artifacts 4: (where the unit goes, where the artifact is put down next to it)."""
    start = game.tile_of(unit)
    held = game.tile_of(artifact)
    if start is None or held is None:
        return []
    destinations = [start, *sorted(reachable(game, unit, ignore=artifact))]
    options = []
    for dest in destinations:
        if game.board.get(dest, 0) not in (0, unit, artifact):
            continue  # a crewing end tile: the carrier would vanish into a pile
        for drop in game.neighbours[dest]:
            occupant = game.board.get(drop, 0)
            if occupant and occupant not in (unit, artifact):
                continue
            if drop == dest:
                continue
            if not game.available(artifact, drop, ignore=occupant):
                continue
            options.append((dest, drop))
    return options


def path_towards(game: Game, unit: int, goal: Tile) -> Tile | None:
    """The reachable tile nearest to ``goal`` (used by unit behaviours)."""
    from .geometry import distance

    options = reachable(game, unit)
    if not options:
        return None
    return min(options, key=lambda t: (distance(t, goal), options[t], t))
