"""Rule 58, Movement: which ships may move into the active system, along which paths
(58.3-58.4 a-f, with anomalies 9, 11, 41, 59, 86 and adjacency 6, 44, 101 through the
board's links), what they may transport (58.5, 16, 95), their declaration before anything
moves (58.6), the move itself with the gravity rifts' rolls (an esper processor on the
move intents), and movement by an ability (58.8-58.9) in ``redeploy``.

A path is the tuple of systems a ship enters, the active system last. Two paths that
enter the same systems where the ship could pick units up, and leave as many gravity
rifts, are the same move for every rule here, so the declaration offers one path per such
kind of move (the shortest, found first)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from ...core.events import ActionDeclared
from ...geometry import Tile
from .rules import (
    ASTEROID_FIELD,
    FLEET_POOL,
    GRAVITY_RIFT,
    NEBULA,
    RIFT_LOSS,
    SUPERNOVA,
    anomalies,
    capacity,
    counts_against_fleet,
    damage,
    has_token,
    index_units,
    is_cargo,
    is_fighter,
    is_ship,
    is_system,
    landed,
    move_value,
    roll,
    set_landed,
    units_at,
)

if TYPE_CHECKING:
    from ...core.game import Game
    from .state import Tactic

Path = tuple[Tile, ...]


# ---------------------------------------------------------------------------- systems


def can_enter(game: Game, tile: Tile) -> bool:
    """A ship may move into the system: it is one, and neither an asteroid field (rule
    11) nor a supernova (rule 86)."""
    if not is_system(game, tile):
        return False
    found = anomalies(game, tile)
    return ASTEROID_FIELD not in found and SUPERNOVA not in found


def blocks(game: Game, tile: Tile, player: int) -> bool:
    """Rule 58.4b: another player's ships are there (fighters alone count: the notes)."""
    return any(game.controller(u) != player and is_ship(game, u)
               for u in units_at(game, tile))


def can_pass(game: Game, tile: Tile, player: int) -> bool:
    """A ship may move through the system: it may enter it, it is no nebula (rule 59: no
    moving through), and no other player's ships are there (58.4b)."""
    return (can_enter(game, tile) and NEBULA not in anomalies(game, tile)
            and not blocks(game, tile, player))


def is_rift(game: Game, tile: Tile) -> bool:
    """Rule 41 (a system that is several rifts counts as one)."""
    return GRAVITY_RIFT in anomalies(game, tile)


# ---------------------------------------------------------------------------- ships


def budget(game: Game, ship: int) -> int:
    """Rule 58.3 with rule 59: the ship's move value; 1 when it starts in a nebula (a ship
    with no move value keeps none)."""
    move = move_value(game, ship)
    tile = game.tile_of(ship)
    if move > 0 and tile is not None and NEBULA in anomalies(game, tile):
        return 1
    return move


def why_not_move(game: Game, ship: int, player: int, active: Tile) -> str:
    """Why the ship may not move in this tactical action ("" when it may)."""
    if not game.is_on_map(ship) or game.controller(ship) != player:
        return "not a ship of the active player"
    if not is_ship(game, ship):
        return "not a ship"
    tile = game.tile_of(ship)
    if tile is None:
        return "not in a system"
    if tile != active and has_token(game, tile, player):
        return "rule 58.4c: it starts in a system holding its own command token"
    if budget(game, ship) <= 0:
        return "rule 57: it has no move value"
    return ""


def pickup_places(game: Game, player: int, active: Tile) -> frozenset[Tile]:
    """Rule 95: systems a moving ship of ``player`` may pick units up from (its own
    units to carry are there), leaving out any holding the player's command token and the
    active system (picking a unit up there changes nothing: each system has one planet at
    most)."""
    found = set()
    for tile, units in _cargo_by_system(game, player).items():
        if units and tile != active and not has_token(game, tile, player):
            found.add(tile)
    return frozenset(found)


def _cargo_by_system(game: Game, player: int) -> dict[Tile, list[int]]:
    found: dict[Tile, list[int]] = {}
    for tile, units in index_units(game).items():
        mine = [u for u in units if game.controller(u) == player and is_cargo(game, u)]
        if mine:
            found[tile] = mine
    return found


def paths(game: Game, ship: int, active: Tile,
          places: frozenset[Tile] | None = None) -> list[Path]:
    """Rule 58.4 a-f: the kinds of paths the ship may take into the active system.

    A path enters systems one after another along adjacent ones (board sides, wormholes,
    hyperlanes: rules 6, 44, 101); the systems entered may not exceed the move value
    (58.4f) plus one for each gravity rift left on the way (rule 41); every system but
    the last is passed through, so none may hold another player's ships (58.4b) or be a
    nebula (59); no asteroid field or supernova is entered (11, 86); the last is the active
    system (58.4a), which a ship there may leave and enter again (58.4e). Systems holding
    the player's own command tokens may be passed (58.4d). One path is given for each set
    of pick-up places passed and number of rifts left, and none that another beats (more
    places, no more rifts)."""
    start = game.tile_of(ship)
    player = game.controller(ship)
    if start is None:
        return []
    move = budget(game, ship)
    table = game.neighbours
    if not capacity(game, ship):
        places = frozenset()
    elif places is None:
        places = pickup_places(game, player, active)
    if start in places:
        places = places - {start}
    found: dict[tuple[frozenset[Tile], int], Path] = {}
    # a walk is known by where it is, what it may pick up, and the systems it may still
    # enter: going back and forth between two rifts gains as much move as it costs, so a
    # walk that comes back to a known state (with more rifts behind it) is no better
    seen: set[tuple[Tile, frozenset[Tile], int]] = {(start, frozenset(), move)}
    frontier: list[tuple[Tile, int, frozenset[Tile], Path]] = [(start, 0, frozenset(), ())]
    entered = 0
    while frontier:
        entered += 1
        following = []
        for tile, rifts, picks, path in frontier:
            leaving = rifts + (1 if is_rift(game, tile) else 0)
            if entered > move + leaving:
                continue
            for step in table[tile]:
                if not can_enter(game, step):
                    continue
                walked = (*path, step)
                if step == active:
                    key = (picks, leaving)
                    if key not in found:
                        found[key] = walked
                if not can_pass(game, step, player):
                    continue
                more = picks | {step} if step in places else picks
                state = (step, more, move + leaving - entered)
                if state in seen:
                    continue
                seen.add(state)
                following.append((step, leaving, more, walked))
        frontier = following
    kinds = sorted(found.items(), key=lambda item: (item[0][1], len(item[1]), item[1]))
    offered: list[tuple[frozenset[Tile], int, Path]] = []
    for (picks, rifts), path in kinds:
        if any(picks <= other and other_rifts <= rifts for other, other_rifts, _ in offered):
            continue
        offered.append((picks, rifts, path))
    return [path for _, _, path in offered]


def class_key(game: Game, unit: int) -> tuple[object, ...]:
    """Units that no rule here tells apart: same card, system, damage and place."""
    return (game.card(unit).name, game.tile_of(unit), damage(unit), landed(unit))


def representatives(game: Game, units: list[int]) -> list[int]:
    """The first unit of each class of interchangeable ones (in entity order)."""
    seen: set[tuple[object, ...]] = set()
    found = []
    for unit in sorted(units):
        key = class_key(game, unit)
        if key not in seen:
            seen.add(key)
            found.append(unit)
    return found


# ---------------------------------------------------------------------------- declaring


def declared(tactic: Tactic) -> dict[int, Path]:
    return dict(tactic.movers)


def loaded(tactic: Tactic) -> dict[int, int]:
    """unit -> the ship transporting it."""
    return dict(tactic.cargo)


def fleet_room(game: Game, tactic: Tactic) -> int:
    """Rule 76: non-fighter ships the active system may still receive: the fleet pool
    less the player's non-fighter ships that will be there (those there now, and the
    declared ones)."""
    player, active = tactic.player, tactic.system
    there = {u for u in units_at(game, active)
             if game.controller(u) == player and counts_against_fleet(game, u)}
    coming = {s for s, _ in tactic.movers if counts_against_fleet(game, s)}
    return game.counter(player, FLEET_POOL) - len(there | coming)


def declare_options(game: Game, tactic: Tactic) -> list[tuple[int, Path]]:
    """Every (ship, path) the active player may still declare (rule 58.6), one ship of
    each class of interchangeable ones."""
    player, active = tactic.player, tactic.system
    moving = declared(tactic)
    carried = loaded(tactic)
    room = fleet_room(game, tactic)
    candidates = [u for u in game.controlled_permanents(player)
                  if u not in moving and u not in carried and is_ship(game, u)
                  and not why_not_move(game, u, player, active)]
    places = pickup_places(game, player, active)
    out: list[tuple[int, Path]] = []
    for ship in representatives(game, candidates):
        arriving = counts_against_fleet(game, ship) and game.tile_of(ship) != active
        if arriving and room <= 0:
            continue
        out.extend((ship, path) for path in paths(game, ship, active, places))
    return out


def load_places(game: Game, tactic: Tactic, ship: int) -> list[Tile]:
    """Rule 95: where the declared ship may pick units up: the system it starts in and
    each it moves through, but never one holding the player's own command token, nor
    the active system."""
    path = declared(tactic).get(ship)
    start = game.tile_of(ship)
    if path is None or start is None:
        return []
    player, active = tactic.player, tactic.system
    out = []
    for tile in (start, *path[:-1]):
        if tile != active and not has_token(game, tile, player) and tile not in out:
            out.append(tile)
    return out


def room_on(game: Game, tactic: Tactic, ship: int) -> int:
    """Rule 16: what the declared ship may still transport."""
    return capacity(game, ship) - sum(1 for _, s in tactic.cargo if s == ship)


def load_options(game: Game, tactic: Tactic) -> list[tuple[int, int]]:
    """Every (ship, unit) the active player may still load: the player's fighters and
    ground forces at the ship's pick-up places, neither moving on their own (a fighter
    can't both move and be transported: the notes) nor loaded already; one unit of each
    class of interchangeable ones."""
    player = tactic.player
    moving = declared(tactic)
    carried = loaded(tactic)
    out: list[tuple[int, int]] = []
    for ship, _ in tactic.movers:
        if room_on(game, tactic, ship) <= 0:
            continue
        for tile in load_places(game, tactic, ship):
            units = [u for u in units_at(game, tile) if game.controller(u) == player
                     and is_cargo(game, u) and u not in moving and u not in carried]
            out.extend((ship, unit) for unit in representatives(game, units))
    return out


# ---------------------------------------------------------------------------- moving


@dataclass(slots=True)
class FleetMoveIntent:
    """The ship moves along ``path``; ``cargo`` lists what it picks up, and where;
    ``order`` is its place among the declarations."""

    path: tuple[Tile, ...]
    cargo: tuple[tuple[int, Tile], ...] = ()
    order: int = 0


class FleetMoveSystem(esper.Processor):
    """The movement system: carries out every move intent, in the order the ships were
    declared (each as ``move_ship`` says)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def process(self) -> None:
        pending = esper.get_component(FleetMoveIntent)
        if not pending:
            return
        for entity, intent in sorted(pending, key=lambda item: (item[1].order, item[0])):
            esper.remove_component(entity, FleetMoveIntent)
            move_ship(self.game, entity, intent)


def move_ship(game: Game, ship: int, intent: FleetMoveIntent) -> None:
    """The declared move (rule 58.4), with transport (rule 95) and gravity rifts (rule
    41): right before the ship leaves a rift (where it starts, or one it passes through)
    a die is rolled for it; on 1-3 it is removed, with whatever it has picked up so far
    (units it would pick up later stay where they are). A ship moving into a rift rolls
    nothing. The survivors arrive in the active system with their cargo, in its space
    area."""
    if not game.is_on_map(ship):
        return
    player = game.controller(ship)
    name = game.card(ship).name
    here = game.tile_of(ship)
    if here is None:
        return
    aboard: list[int] = []
    for step in intent.path:
        aboard.extend(u for u, where in intent.cargo if where == here and game.is_on_map(u))
        if is_rift(game, here):
            die = roll(game)
            lost = die <= RIFT_LOSS
            game.emit(ActionDeclared(player, f"P{player + 1}'s {name} leaves the gravity rift "
                                             f"at {game.geometry.label(here)}: rolls {die}"
                                             + (", lost" if lost else "")))
            if lost:
                for unit in [ship, *aboard]:
                    game.destroy(unit, "lost in a gravity rift", triggers=False)
                return
        here = step
    for unit in [ship, *aboard]:
        put_in_space(game, unit, here)


def put_in_space(game: Game, unit: int, tile: Tile) -> None:
    """The unit goes to the space area of ``tile``."""
    set_landed(game, unit, False)
    if game.tile_of(unit) != tile:
        game.move_permanent(unit, tile)


__all__ = ["FleetMoveIntent", "FleetMoveSystem", "Path", "budget", "can_enter", "can_pass",
           "declare_options", "is_fighter", "load_options", "move_ship", "paths", "why_not_move"]
