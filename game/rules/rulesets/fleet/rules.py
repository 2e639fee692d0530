"""The fleet's numbers and the questions every part of it asks (seed 003, rule 58 of a
space-empire game's rules reference, and the rules it links to; our own small game around
it). What a unit is (ship, fighter, ground force, structure), its move, capacity, combat
and space cannon, what a system is (a planet, its resources, its anomalies), and who is
where. Rule numbers are the reference's (5 Active System, 6 Adjacency, 9 Anomalies, 11
Asteroid Field, 16 Capacity, 41 Gravity Rift, 44 Hyperlanes, 57 Move, 58 Movement, 59
Nebula, 76 Ships, 77 Space Cannon, 86 Supernova, 89 Tactical Action, 95 Transport, 101
Wormholes); our readings are written down in ``assets/docs/rules-fleet.md``."""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

import esper

from ...components import Body, OnMap
from ...geometry import Tile
from .state import FleetBoard, Landed

if TYPE_CHECKING:
    from ...core.game import Game

#: The tag every fleet card carries, and the tags of the kinds of units (rule 76).
FLEET = "fleet"
SHIP = "ship"
FIGHTER = "fighter"
GROUND = "ground"
STRUCTURE = "structure"

#: Anomalies (rule 9) as tile types name them.
ASTEROID_FIELD = "asteroid field"
NEBULA = "nebula"
SUPERNOVA = "supernova"
GRAVITY_RIFT = "gravity rift"
ANOMALIES = (ASTEROID_FIELD, NEBULA, SUPERNOVA, GRAVITY_RIFT)

#: Per-player counters: the command tokens in the tactic and fleet pools (rules 89, 76),
#: the strategy picked this round (its number; 0: none yet) and whether the player has
#: passed in this round's action phase.
TACTIC = "tactic_tokens"
FLEET_POOL = "fleet_tokens"
STRATEGY = "strategy"
PASSED = "passed"
#: Status phase: token gains still to place.
TOKENS_DUE = "tokens_due"

#: Our game's numbers.
START_TACTIC = 3
START_FLEET = 3
#: command tokens a player owns in all (pools and board together)
TOKEN_LIMIT = 16
#: command tokens gained in each status phase
STATUS_TOKENS = 2
#: units a home system may produce in one tactical action
PRODUCTION_LIMIT = 4
#: structures one planet may hold
STRUCTURES_PER_PLANET = 2
#: the die: ten sides, "0" read as 10 (rule 77)
DIE = 10
#: a gravity rift removes a ship on a roll of this or less (rule 41)
RIFT_LOSS = 3
#: the nebula's bonus to the defender's combat rolls (rule 59)
NEBULA_DEFENCE = 1
#: combat rounds fought at most before a fight is called off (our safety net: every
#: combat value of our units hits on some roll, so fights end long before)
MAX_COMBAT_ROUNDS = 40
#: the game ends after this many rounds unless a map says otherwise (win_rounds)
DEFAULT_ROUNDS = 8
DEFAULT_POINTS = 10


# ---------------------------------------------------------------------------- units


def tags(game: Game, unit: int) -> frozenset[str]:
    return game.card(unit).tags


def is_ship(game: Game, unit: int) -> bool:
    """Rule 76: ships (fighters included) are always in space."""
    return SHIP in game.card(unit).tags


def is_fighter(game: Game, unit: int) -> bool:
    return FIGHTER in game.card(unit).tags


def is_ground(game: Game, unit: int) -> bool:
    """A ground force: transported in space, fights on planets."""
    return GROUND in game.card(unit).tags


def is_structure(game: Game, unit: int) -> bool:
    """A structure stands on a planet and never moves."""
    return STRUCTURE in game.card(unit).tags


def is_cargo(game: Game, unit: int) -> bool:
    """Rule 16: what counts against capacity (fighters and ground forces)."""
    found = game.card(unit).tags
    return FIGHTER in found or GROUND in found


def counts_against_fleet(game: Game, unit: int) -> bool:
    """Rule 76: non-fighter ships count against the fleet pool."""
    found = game.card(unit).tags
    return SHIP in found and FIGHTER not in found


def keyword_value(game: Game, unit: int, name: str) -> int:
    value = game.keyword(unit, name)
    if value is None or value is False:
        return 0
    return 1 if value is True else int(value)


def capacity(game: Game, unit: int) -> int:
    """Rule 16: fighters and ground forces the unit can transport."""
    return keyword_value(game, unit, "capacity")


def combat_value(game: Game, unit: int) -> int:
    """A combat roll of at least this hits (0: the unit does not fight)."""
    return keyword_value(game, unit, "combat")


def cannon_value(game: Game, unit: int) -> int:
    """Rule 77: Space Cannon X hits on a roll of X or more (0: no space cannon)."""
    return keyword_value(game, unit, "space_cannon")


def move_value(game: Game, unit: int) -> int:
    """Rule 57: how many systems the unit may enter in the movement step."""
    return game.movement(unit)


def landed(unit: int) -> bool:
    """Is the unit on its system's planet (not in the space area)?"""
    return esper.has_component(unit, Landed)


# ---------------------------------------------------------------------------- systems


def is_system(game: Game, tile: Tile) -> bool:
    """A tile that is a system (not void between systems)."""
    return game.tile_kind(tile).walkers


def anomalies(game: Game, tile: Tile) -> frozenset[str]:
    return game.tile_kind(tile).anomalies


def has_planet(game: Game, tile: Tile) -> bool:
    return game.tile_kind(tile).resources > 0


def resources(game: Game, tile: Tile) -> int:
    return game.tile_kind(tile).resources


def home_of(game: Game, player: int) -> Tile | None:
    """The player's home system (the map's spawn tile of that player)."""
    for tile, owner in sorted(game.map.owners.items()):
        if owner == player and game.tile_kind(tile).spawn:
            return tile
    return None


# ---------------------------------------------------------------------------- the board


def board_state(game: Game) -> FleetBoard:
    """The fleet's own record of the board: command tokens, planets' controllers, the
    round."""
    found = esper.get_component(FleetBoard)
    return found[0][1]


def board_entity(game: Game) -> int:
    return esper.get_component(FleetBoard)[0][0]


def has_token(game: Game, tile: Tile, player: int) -> bool:
    """Does the system hold one of ``player``'s command tokens?"""
    return (tile, player) in board_state(game).tokens


def tokens_of(game: Game, player: int) -> list[Tile]:
    return [t for t, p in board_state(game).tokens if p == player]


def controller_of(game: Game, tile: Tile) -> int:
    """Who controls the system's planet (-1: nobody)."""
    for where, player in board_state(game).planets:
        if where == tile:
            return player
    return -1


def planets_of(game: Game, player: int) -> list[Tile]:
    return [t for t, p in board_state(game).planets if p == player]


#: game -> (its version, every system's units): the board walked once per position
_INDEX: WeakKeyDictionary[Game, tuple[str, int, dict[Tile, list[int]]]] = WeakKeyDictionary()


def index_units(game: Game) -> dict[Tile, list[int]]:
    """Every system's units (space area and planet), in entity order, walked once per
    position (``game.version`` grows with every change of the board)."""
    cached = _INDEX.get(game)
    if cached is not None and cached[0] == game.world and cached[1] == game.version:
        return cached[2]
    found: dict[Tile, list[int]] = {}
    for entity, on_map in sorted(esper.get_component(OnMap), key=lambda item: item[0]):
        if on_map.tile is not None:
            found.setdefault(on_map.tile, []).append(entity)
    _INDEX[game] = (game.world, game.version, found)
    return found


_EMPTY: list[int] = []


def units_at(game: Game, tile: Tile) -> list[int]:
    """Every unit in the system (space area and planet), in entity order."""
    return index_units(game).get(tile, _EMPTY)


def ships_of(game: Game, tile: Tile, player: int) -> list[int]:
    return [u for u in units_at(game, tile)
            if game.controller(u) == player and is_ship(game, u)]


def others_ships(game: Game, tile: Tile, player: int) -> list[int]:
    """Rule 58.4b: ships another player controls there (fighters alone count too)."""
    return [u for u in units_at(game, tile)
            if game.controller(u) != player and is_ship(game, u)]


def players_with_ships(game: Game, tile: Tile) -> list[int]:
    return sorted({game.controller(u) for u in units_at(game, tile) if is_ship(game, u)})


def in_space(game: Game, unit: int) -> bool:
    return not landed(unit)


def space_cargo(game: Game, tile: Tile, player: int) -> list[int]:
    """The player's fighters and ground forces in the space area of the system."""
    return [u for u in units_at(game, tile) if game.controller(u) == player
            and is_cargo(game, u) and not landed(u)]


def capacity_at(game: Game, tile: Tile, player: int) -> int:
    """Rule 16: the total capacity of the player's ships in the system."""
    return sum(capacity(game, u) for u in ships_of(game, tile, player))


def planet_forces(game: Game, tile: Tile, player: int | None = None) -> list[int]:
    """Ground forces on the system's planet (of ``player``, or of anybody)."""
    return [u for u in units_at(game, tile) if landed(u) and is_ground(game, u)
            and (player is None or game.controller(u) == player)]


def roll(game: Game) -> int:
    """One ten-sided die through the game's generator: 1 to 10 ("0" reads as 10)."""
    return game.rng.randint(1, DIE)


def set_counter(game: Game, player: int, name: str, value: int) -> None:
    now = game.counter(player, name)
    if value != now:
        game.add_to_counter(player, name, value - now)


def tokens_owned(game: Game, player: int) -> int:
    """Command tokens the player owns: its pools and its tokens on the board."""
    return (game.counter(player, TACTIC) + game.counter(player, FLEET_POOL)
            + len(tokens_of(game, player)))


def damage(unit: int) -> int:
    """Hits the unit has taken (and lived through)."""
    return esper.component_for_entity(unit, Body).damage


def set_landed(game: Game, unit: int, on_planet: bool) -> None:
    """Put the unit on its system's planet, or in the space area."""
    if on_planet == landed(unit):
        return
    if on_planet:
        esper.add_component(unit, Landed(0))
    else:
        esper.remove_component(unit, Landed)
    game.version += 1
    game.legal_cache = None
