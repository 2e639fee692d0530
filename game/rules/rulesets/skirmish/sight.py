"""What each side of a skirmish sees (seed 004: "LoS", flying, stealth, invisible,
detection vision, elevated; the reference's part C for how lines are read).

- A unit sees the hexes next to it always, and the hexes within its sight whose line
  from its own hex is clear. Lines come from the geometry (``sight_line``): a step is one
  hex, or two where the line runs along the border between them.
- What stands in the way: terrain that blocks sight, high ground, and units. Each
  obstructs *fully* or only *for low ground* (a viewer on high ground, or flying, looks
  over it): blocking terrain on an elevated hex fully, blocking terrain otherwise and a
  plain elevated hex for low ground; a blocking unit as the hex it stands on. A large or
  giga unit blocks everyone's sight, a medium one its enemies', a small one nobody's;
  flying, stealthy and invisible units never block (ours: they are above, or slip aside).
- A step of two hexes blocks only when both sides are blocked somewhere along the line
  (the two sides' blocks add up along it); the end hexes never block.
- A flying viewer's sight is never blocked; a flying unit is seen by every enemy within
  sight of it, whatever lies between.
- Stealth: seen only by adjacent enemies. Invisible: not seen at all. Detection: its
  unit sees stealthy and invisible units it would see without those properties.
- Sense enemies n: its side knows that an enemy unit stands on each hex within n of it
  that holds one it does not see, through anything (stealthy and invisible ones too),
  but not which: an "unknown enemy".
- A carried unit (in a transport) is seen only by its own side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ...geometry import Tile
from .rules import (
    DETECTION,
    FLYING,
    INVISIBLE,
    LARGE,
    MEDIUM,
    SENSE,
    STEALTH,
    flying,
    high_ground,
    kind_at,
    prop,
    sight,
    size,
    units_of,
)

if TYPE_CHECKING:
    from ...core.game import Game

CLEAR, LOW, FULL = 0, 1, 2


def hides(game: Game, unit: int) -> bool:
    """Stealthy or invisible: it never blocks sight, and may be unseen in plain view."""
    return bool(prop(game, unit, STEALTH) or prop(game, unit, INVISIBLE))


def blocks_for(game: Game, unit: int, player: int) -> bool:
    """Does ``unit`` block the sight of ``player``'s units?"""
    if game.keyword(unit, FLYING) or hides(game, unit):
        return False
    big = size(game, unit)
    if big >= LARGE:
        return True
    return big >= MEDIUM and game.controller(unit) != player


def obstruction(game: Game, tile: Tile, player: int) -> int:
    """How ``tile`` stands in the way of ``player``'s sight: CLEAR, LOW (only viewers on
    low ground are blocked) or FULL."""
    kind = kind_at(game, tile)
    level = CLEAR
    if kind.blocks_sight:
        level = FULL if kind.elevated else LOW
    elif kind.elevated:
        level = LOW
    if level == FULL:
        return level
    unit = game.board.get(tile, 0)
    if unit and blocks_for(game, unit, player):
        level = FULL if kind.elevated else max(level, LOW)
    return level


def line_clear(game: Game, viewer: int, origin: Tile, target: Tile, player: int) -> bool:
    """Is the line from ``origin`` (where ``viewer`` stands or would stand) to
    ``target`` open for ``player``'s unit ``viewer``?"""
    if game.geometry.distance(origin, target) <= 1:
        return True
    if game.keyword(viewer, FLYING):
        return True
    low = not high_ground(game, viewer, origin)
    side_a = side_b = False
    for step in game.geometry.sight_line(origin, target):
        if len(step) == 1:
            level = obstruction(game, step[0], player)
            if level == FULL or (level == LOW and low):
                return False
        elif len(step) == 2:
            for index, tile in enumerate(step):
                level = obstruction(game, tile, player)
                if level == FULL or (level == LOW and low):
                    if index == 0:
                        side_a = True
                    else:
                        side_b = True
            if side_a and side_b:
                return False
    return True


#: game -> (the terrain it was worked out on, what a viewer sees by everything its
#: lines depend on): the same view is asked for again and again while the units that
#: stand in the way stay where they are
_VIEWS: WeakKeyDictionary[Game, tuple[list[str], dict[tuple[object, ...], frozenset[Tile]]]] \
    = WeakKeyDictionary()


def blocking(game: Game, player: int) -> frozenset[Tile]:
    """The hexes of the units that block the sight of ``player``'s units."""
    return frozenset(tile for tile, other in game.board.items()
                     if blocks_for(game, other, player))


def unit_view(game: Game, unit: int, blocked: frozenset[Tile] | None = None) -> frozenset[Tile]:
    """The hexes ``unit`` sees: its own, those next to it, and those within its sight
    with a clear line. ``blocked``: ``blocking`` for its player, when already known."""
    here = game.tile_of(unit)
    if here is None or game.board.get(here, 0) != unit:
        return frozenset()
    player = game.controller(unit)
    radius = sight(game, unit)
    flies = bool(game.keyword(unit, FLYING))
    # a line depends on the terrain, the viewer's hex, sight and footing, and the hexes
    # of the units that block its side's sight
    distance = game.geometry.distance
    if blocked is None and not flies:
        blocked = blocking(game, player)
    blockers = () if flies or blocked is None else tuple(sorted(
        tile for tile in blocked if tile != here and distance(here, tile) <= radius))
    key = (here, player, radius, flies, high_ground(game, unit, here), blockers)
    held = _VIEWS.get(game)
    if held is None or held[0] != game.tiles:
        held = _VIEWS[game] = (list(game.tiles), {})
    found = held[1].get(key)
    if found is None:
        seen = {here, *game.neighbours[here]}
        for tile in game.geometry.within(here, radius):
            if tile not in seen and line_clear(game, unit, here, tile, player):
                seen.add(tile)
        found = held[1][key] = frozenset(seen)
    return found


class Vision:
    """One player's sight at one position: the hexes its units see, the permanents it
    sees (its own always), and the hexes where it senses an enemy it does not see."""

    __slots__ = ("hexes", "seen", "sensed")

    def __init__(self, hexes: frozenset[Tile], seen: frozenset[int],
                 sensed: frozenset[Tile] = frozenset()) -> None:
        self.hexes = hexes
        self.seen = seen
        self.sensed = sensed


def vision(game: Game, player: int) -> Vision:
    """``player``'s vision now (cached per position)."""
    cache: dict[int, Vision] | None = None
    key = game.version
    held = getattr(game, "vision_cache", None)
    if held is not None and held[0] == key:
        cache = held[1]
    else:
        cache = {}
        game.vision_cache = (key, cache)
    found = cache.get(player)
    if found is None:
        found = cache[player] = _compute(game, player)
    return found


def _compute(game: Game, player: int) -> Vision:
    mine = [u for u in units_of(game, player)]
    blocked = blocking(game, player)
    views: dict[int, frozenset[Tile]] = {u: unit_view(game, u, blocked) for u in mine}
    hexes: frozenset[Tile] = frozenset().union(*views.values()) if views else frozenset()
    detecting = [views[u] for u in mine if prop(game, u, DETECTION)]
    seen: set[int] = set(game.controlled_permanents(player))
    for other in game.permanents():
        if other in seen or game.controller(other) == player:
            continue
        where = game.tile_of(other)
        if where is None or game.board.get(where, 0) != other:
            continue  # carried: seen only by its own side
        if _sees(game, other, where, mine, views, hexes, detecting):
            seen.add(other)
    return Vision(hexes, frozenset(seen), _sensed(game, player, mine, seen))


def _sensed(game: Game, player: int, mine: list[int], seen: set[int]) -> frozenset[Tile]:
    """Hexes within a sensing unit's reach holding an enemy unit the side does not see."""
    reaches = [(here, int(n)) for u in mine if (n := prop(game, u, SENSE))
               and (here := game.tile_of(u)) is not None]
    if not reaches:
        return frozenset()
    found = set()
    for other in game.units():
        if other in seen or game.controller(other) == player:
            continue
        where = game.tile_of(other)
        if where is None or game.board.get(where, 0) != other:
            continue
        if any(game.geometry.distance(here, where) <= n for here, n in reaches):
            found.add(where)
    return frozenset(found)


def _sees(game: Game, other: int, where: Tile, mine: list[int],
          views: dict[int, frozenset[Tile]], hexes: frozenset[Tile],
          detecting: list[frozenset[Tile]]) -> bool:
    plain = where in hexes or (flying(game, other) and _in_sight_range(game, where, mine))
    if not plain:
        return False
    if any(where in view for view in detecting):
        return True
    if prop(game, other, INVISIBLE):
        return False
    if prop(game, other, STEALTH):
        return any((t := game.tile_of(u)) is not None and game.geometry.adjacent(t, where)
                   for u in mine)
    return True


def _in_sight_range(game: Game, where: Tile, mine: list[int]) -> bool:
    for unit in mine:
        here = game.tile_of(unit)
        if here is not None and game.board.get(here, 0) == unit \
                and game.geometry.distance(here, where) <= sight(game, unit):
            return True
    return False


def sees(game: Game, player: int, entity: int) -> bool:
    return entity in vision(game, player).seen
