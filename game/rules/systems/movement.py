"""The movement system: where a unit's move action can take it, moving it there, and
pushes (rules Movement, Step, Crew X, Push, and the water, gate and street tiles).

A move is a chain of steps onto adjacent tiles; orthogonal steps cost 1 and every second
diagonal step costs 2, so the cost of a straight walk equals the range metric. Steps go
onto available tiles only, around occupied ones; the last step may end on a friendly unit
with a free crew place (crewing). Entering a gate, or water for a non-swimmer, ends the move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.frozen import quick_init
from ..geometry import Direction, Tile
from ..tiles import TILE_TYPES
from .intents import IntentSystem, MoveIntent

if TYPE_CHECKING:
    from ..cards import CardDef
    from ..core.game import Game


@dataclass(frozen=True, slots=True)
class _Terrain:
    """Where walkers and swimmers may step, and where their move must end, for one board
    position: the tables the geometry's search reads instead of asking per step."""

    #: ``game.terrain_version`` and ``game.version`` these tables were made for
    terrain_version: int
    version: int
    #: (walkers, swimmers): tiles of a type they may enter that no permanent occupies
    free: tuple[frozenset[Tile], frozenset[Tile]]
    #: (walkers, swimmers): tiles of a type they may enter at all
    enterable: tuple[frozenset[Tile], frozenset[Tile]]
    #: (walkers, swimmers): tiles that end a move (tiles: gate; water for walkers)
    stops: tuple[frozenset[Tile], frozenset[Tile]]
    #: street tiles (the street's extra move)
    streets: frozenset[Tile]
    #: controller -> {tile: unit} of their units with a free crew place (rule Crew X 1)
    crews: dict[int, dict[Tile, int]]
    #: the tiles permanents stand on (what ``free`` leaves out)
    occupied: frozenset[Tile]
    #: the walks found on these tables: (start, budget, swimming, tile of a carried
    #: artifact, end tiles) -> the geometry's ``reachable``, and ("street", start,
    #: budget, swimming) -> the street's extra move; kept while the terrain and the
    #: occupied tiles stay the same, whatever else changes
    walks: dict[tuple[object, ...], dict[Tile, int]]


quick_init(_Terrain)  # made anew after every change of the board


def _terrain(game: Game) -> _Terrain:
    cached: _Terrain | None = game.movement_cache
    if cached is not None and cached.version == game.version:
        return cached
    occupied = frozenset(game.board)
    if cached is not None and cached.terrain_version == game.terrain_version:
        if cached.occupied == occupied:
            free, walks = cached.free, cached.walks
        else:
            walkers, swimmers = cached.enterable
            free, walks = (walkers - occupied, swimmers - occupied), {}
        found = _Terrain(game.terrain_version, game.version, free, cached.enterable,
                         cached.stops, cached.streets, {}, occupied, walks)
        game.movement_cache = found
        return found
    enterable: list[list[Tile]] = [[], []]
    stops: list[list[Tile]] = [[], []]
    streets: list[Tile] = []
    for tile, name in zip(game.geometry.cells(), game.tiles, strict=True):
        kind = TILE_TYPES[name]
        if kind.walkers:
            enterable[0].append(tile)
        if kind.swimmers:
            enterable[1].append(tile)
        if kind.stops_all or kind.stops_walkers:
            stops[0].append(tile)
        if kind.stops_all:
            stops[1].append(tile)
        if kind.street:
            streets.append(tile)
    walkers, swimmers = frozenset(enterable[0]), frozenset(enterable[1])
    found = _Terrain(game.terrain_version, game.version, (walkers - occupied, swimmers - occupied),
                     (walkers, swimmers), (frozenset(stops[0]), frozenset(stops[1])),
                     frozenset(streets), {}, occupied, {})
    game.movement_cache = found
    return found


def _crews(game: Game, terrain: _Terrain, controller: int) -> dict[Tile, int]:
    found = terrain.crews.get(controller)
    if found is None:
        found = terrain.crews[controller] = {}
        for entity in _may_crew(game, controller):
            tile = game.tile_of(entity)
            if tile is not None and game.board.get(tile) == entity and game.crew_slots(entity) > 0:
                found[tile] = entity
    return found


def _may_crew(game: Game, controller: int) -> list[int]:
    """The permanents of ``controller`` that may have the crew keyword: those printed
    with it, unless a granted effect or a passive on the map gives the keyword (then
    every one of theirs). Kept while ``game.roster_version`` is unchanged."""
    if game.keyword_given("crew"):
        return game.controlled_permanents(controller)
    return game.controlled_printed(controller, "printed_crews", _printed_crew)


def _printed_crew(card: CardDef) -> bool:
    return card.keywords.get("crew") is not None


def reachable(game: Game, unit: int, *, ignore: int = 0,
              movement: int | None = None) -> dict[Tile, int]:
    """Tiles the unit's move action can end on, with their cost (start excluded). The
    answer may be shared with other callers: read it, never change it.

    ``ignore`` is a permanent treated as absent (an artifact being carried)."""
    start = game.tile_of(unit)
    if start is None:
        return {}
    budget = game.movement(unit) if movement is None else movement
    if budget <= 0:
        return {}
    swimming = int(bool(game.keyword(unit, "swimming")))
    terrain = _terrain(game)
    held = game.tile_of(ignore) if ignore else None
    ends: dict[Tile, int] | set[Tile] = {}
    if game.card(unit).is_unit:
        ends = _crews(game, terrain, game.controller(unit))
        container = game.container_of(unit)
        if container or held is not None:
            ends = {t for t, e in ends.items() if e != container and t != held}
    ending = frozenset(ends)
    key = (start, budget, swimming, held, ending)
    found = terrain.walks.get(key)
    if found is None:
        passable: frozenset[Tile] | set[Tile] = terrain.free[swimming]
        if held is not None and held in terrain.enterable[swimming]:
            passable = passable | {held}
        found = terrain.walks[key] = game.geometry.reachable(
            start, budget, passable, terrain.stops[swimming], ending)
    return found


def street_reachable(game: Game, unit: int) -> dict[Tile, int]:
    """The street's extra move: along connected streets only, within the unit's movement
    (memoized with the move walks, ``_Terrain.walks``: read the answer, never change it)."""
    start = game.tile_of(unit)
    if start is None or not game.tile_kind(start).street:
        return {}
    swimming = int(bool(game.keyword(unit, "swimming")))
    terrain = _terrain(game)
    budget = game.movement(unit)
    key = ("street", start, budget, swimming)
    found = terrain.walks.get(key)
    if found is None:
        found = terrain.walks[key] = game.geometry.reachable(
            start, budget, terrain.free[swimming] & terrain.streets)
    return found


def transport_options(game: Game, unit: int, artifact: int) -> list[tuple[Tile, Tile]]:
    """Rule Artifacts 4: (where the unit goes, where the artifact is put down next to it)."""
    start = game.tile_of(unit)
    held = game.tile_of(artifact)
    if start is None or held is None:
        return []
    destinations = [start, *sorted(reachable(game, unit, ignore=artifact))]
    swimming = bool(game.keyword(artifact, "swimming"))
    board, neighbours = game.board, game.neighbours
    # the tiles the artifact may be put down on, as far as the tile and what stands there
    # go (rule Available Tiles): the carrier and the artifact leave theirs
    fitting: frozenset[Tile] | set[Tile]
    if game.ruleset.occupancy == 1:
        # a drop tile's one occupant is none, the carrier or the artifact: only its type
        # counts (the table the walks read)
        fitting = _terrain(game).enterable[int(swimming)]
    else:
        fitting = {drop for dest in destinations for drop in neighbours[dest]
                   if game.available(artifact, drop, swimming=swimming,
                                     ignore=board.get(drop, 0))}
    options = []
    for dest in destinations:
        if board.get(dest, 0) not in (0, unit, artifact):
            continue  # a crewing end tile: the carrier would vanish into a pile
        for drop in neighbours[dest]:
            occupant = board.get(drop, 0)
            if occupant and occupant not in (unit, artifact):
                continue
            if drop != dest and drop in fitting:
                options.append((dest, drop))
    return options


def path_towards(game: Game, unit: int, goal: Tile) -> Tile | None:
    """The reachable tile nearest to ``goal`` (used by unit behaviours)."""
    options = reachable(game, unit)
    if not options:
        return None
    return min(options, key=lambda t: (game.geometry.distance(t, goal), options[t], t))


def charge_stop(game: Game, unit: int, goal: Tile) -> Tile | None:
    """The tile next to ``goal`` a straight charge from the unit's tile ends on: every tile
    on the way must be available, and reaching it must fit the unit's movement (a straight
    walk costs exactly its distance)."""
    start = game.tile_of(unit)
    if start is None:
        return None
    if start == goal:
        return start
    between = game.geometry.line_between(start, goal)
    if between is None:
        return None
    budget = game.movement(unit)
    tile = start
    for nxt in between:
        if game.geometry.distance(start, nxt) > budget or not game.available(unit, nxt):
            return None
        tile = nxt
    return tile


def push(game: Game, entity: int, origin: Tile, steps: int, source: int = 0) -> None:
    """Rule Push: the permanent is pushed ``steps`` tiles along the line from ``origin``
    through its tile."""
    start = game.tile_of(entity)
    if start is None or start == origin:
        return
    push_along(game, entity, game.geometry.direction(origin, start), steps, source)


def push_along(game: Game, entity: int, way: Direction | None, steps: int,
               source: int = 0) -> None:
    """Push the permanent ``steps`` tiles in the direction ``way``: a blocked push hurts a
    unit (rule Push 6.1), a tile it cannot stand on destroys it (6.2)."""
    start = game.tile_of(entity)
    if start is None or way is None or steps <= 0 or game.keyword(entity, "immovable"):
        return
    current = start
    for _ in range(steps):
        nxt = game.geometry.step(current, way)
        if nxt is None:
            break
        if game.available(entity, nxt):
            game.move_permanent(entity, nxt)
            current = nxt
            continue
        blocker = game.board.get(nxt, 0)
        if blocker:
            # rule Push 6.1: a unit colliding is dealt 1 damage by the other permanent
            if game.card(entity).is_fighter:
                game.deal_damage(blocker, entity, 1)
        else:
            # rule Push 6.2: free but not available -> destroyed
            game.destroy(entity, "pushed onto a tile it cannot stand on")
        break


def _move(game: Game, entity: int, intent: MoveIntent) -> None:
    if not game.is_on_map(entity):
        return
    occupant = game.board.get(intent.tile, 0)
    if occupant:
        game.pile_onto(entity, occupant)
    else:
        game.move_permanent(entity, intent.tile)


class MovementSystem(IntentSystem[MoveIntent]):
    """Carries out move intents: the permanent steps onto its tile, or joins the crew of
    the friendly unit standing there (rule Crew X 2)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, MoveIntent, _move)
