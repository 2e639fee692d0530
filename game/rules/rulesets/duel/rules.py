"""The duel's numbers and the questions every part of it asks (seed 002): who is a general,
a battle pet or a structure, what a unit's attack is, where a unit may move, whom it may
attack, and the mana globes. Each reading of the rulebook is written down in
``assets/docs/rules-duel.md``; the rule it serves is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from ...components import Body, OnMap
from ...geometry import Tile

if TYPE_CHECKING:
    from ...core.game import Game
    from ...geometry.square_grid import SquareGridGeometry

#: Mana capacity a seat starts with (the second seat one more: it moves second).
START_MANA = (2, 3)
MAX_MANA = 9
OPENING_HAND = 5
#: Cards a mulligan may put back.
MULLIGAN_MAX = 2
HAND_LIMIT = 6
#: Damage a player's general takes for each card it can't draw from an empty deck.
EMPTY_DECK_DAMAGE = 2
ARTIFACT_SLOTS = 3
#: The bloodbound spell's cost when its card names none.
BLOODBOUND_COST = 1
#: Progress that builds a MECHAZ0R!, and the card it gives.
MECH_BUILD = 5
MECHAZ0R = "MECHAZ0R!"
#: Deck format: a general and this many other cards, at most ``COPIES`` of each.
DECK_SIZE = 39
COPIES = 3

#: Marks: a dispelled unit; a dervish a Dunecaster made stay.
DISPELLED = "duel:dispelled"
ANCHORED = "duel:anchored"

GLOBE = "mana globe"
GROUND = "neutral"

#: Tribes (card tags) with rules of their own.
GENERAL = "general"
BATTLE_PET = "battle-pet"
STRUCTURE = "structure"
DERVISH = "dervish"
MECH = "mech"
BOND_TRIBES = ("arcanyst", "golem")

#: Per-player counters the duel keeps.
MANA = "mana"
CAPACITY = "mana_capacity"
OWN_TURNS = "own_turns"
BLOODBOUND_READY = "bloodbound_ready"
REPLACED = "replaced"
MECH_PROGRESS = "mech_progress"
MULLIGAN_DONE = "mulligan_done"


def grid(game: Game) -> SquareGridGeometry:
    """The duel board's geometry (the ruleset asks for ``square-grid``)."""
    return game.geometry  # type: ignore[return-value]


def keyword(game: Game, entity: int, name: str) -> Any:
    """A keyword of a duel unit: a dispelled unit has none but Ephemeral (which no dispel
    removes)."""
    if name != "ephemeral" and game.marks(entity, DISPELLED):
        return None
    return game.keyword(entity, name)


def has_tag(game: Game, entity: int, tag: str) -> bool:
    return tag in game.card(entity).tags


def general_of(game: Game, player: int) -> int:
    """The player's general on the battlefield (0 when it has fallen)."""
    for card, owner, entity in game.map_pieces:
        if owner == player and game.is_on_map(entity) and GENERAL in game.library[card].tags:
            return entity
    return 0


def power(game: Game, unit: int) -> int:
    """A unit's attack now. Structure: boosts to a structure's attack don't count (our
    cards have no Stone to Spears, the rulebook's one exception)."""
    base = game.card(unit).attack
    if has_tag(game, unit, STRUCTURE):
        return base
    return max(0, base + game.bonuses(unit, "attack"))


def health_left(game: Game, unit: int) -> int:
    return game.health(unit) - esper.component_for_entity(unit, Body).damage


def enemy_units(game: Game, player: int) -> list[int]:
    return [u for u in game.units() if game.controller(u) != player]


def is_free(game: Game, tile: Tile) -> bool:
    """No unit stands there and units can stand there (a map's deep water or wall tiles
    can't be entered, summoned onto or passed over; flying units pass over them but
    can't land there either)."""
    return not game.board.get(tile, 0) and game.tile_kind(tile).walkers


def provokers(game: Game, unit: int) -> list[int]:
    """Provoke: the enemy units with Provoke next to ``unit`` (it can't move, and may
    attack only them)."""
    here = game.tile_of(unit)
    if here is None:
        return []
    me = game.controller(unit)
    found = []
    for tile in game.neighbours[here]:
        other = game.board.get(tile, 0)
        if other and game.controller(other) != me and keyword(game, other, "provoke"):
            found.append(other)
    return found


def can_command(game: Game, unit: int) -> bool:
    """Battle pets act on their own and structures never move or attack."""
    return not (has_tag(game, unit, BATTLE_PET) or has_tag(game, unit, STRUCTURE))


def move_tiles(game: Game, unit: int) -> list[Tile]:
    """Movement: where ``unit`` may move now, ignoring whether it still may (its body).

    Up to two orthogonal tiles or one diagonal tile; every unit blocks, so a two-tile move
    needs the tile between free, and a unit with all eight tiles around it taken can't
    move. Flying: any free tile of the battlefield. Provoke: a provoked unit can't move."""
    here = game.tile_of(unit)
    if here is None or provokers(game, unit):
        return []
    if keyword(game, unit, "flying"):
        return [t for t in game.geometry.cells() if is_free(game, t)]
    return sorted(target for target, via in grid(game).two_or_diagonal(here)
                  if is_free(game, target) and (via is None or is_free(game, via)))


def can_reach(game: Game, attacker: int, target: int) -> bool:
    """Combat: a unit reaches the eight tiles around it; a Ranged unit the whole board."""
    a, b = game.tile_of(attacker), game.tile_of(target)
    if a is None or b is None:
        return False
    return bool(keyword(game, attacker, "ranged")) or game.geometry.distance(a, b) == 1


def attack_targets(game: Game, unit: int) -> list[int]:
    """Enemy units ``unit`` may attack now (one attack a turn; Provoke narrows it)."""
    if not game.is_on_map(unit) or not can_command(game, unit):
        return []
    body = esper.component_for_entity(unit, Body)
    if body.attacks <= 0 or power(game, unit) <= 0:
        return []
    return reachable_enemies(game, unit)


def reachable_enemies(game: Game, unit: int) -> list[int]:
    """The enemies ``unit`` reaches from where it stands, only its provokers when
    provoked."""
    forced = provokers(game, unit)
    if forced:
        return sorted(forced)
    me = game.controller(unit)
    return sorted(e for e in game.units()
                  if game.controller(e) != me and can_reach(game, unit, e))


def may_move(game: Game, unit: int) -> bool:
    """Movement: once a turn, and only before the unit attacked (an attack uses up its
    move)."""
    return (can_command(game, unit)
            and esper.component_for_entity(unit, Body).moves > 0)


def summon_tiles(game: Game, player: int) -> list[Tile]:
    """Minion: summoned onto a free tile next to (one of the eight around) a friendly
    unit."""
    found: set[Tile] = set()
    for entity, on_map in esper.get_component(OnMap):
        if on_map.controller != player or on_map.tile is None or not game.card(entity).is_unit:
            continue
        for tile in game.neighbours[on_map.tile]:
            if is_free(game, tile):
                found.add(tile)
    return sorted(found)


def collect_globe(game: Game, unit: int) -> None:
    """Mana globe: the first unit to stand on it uses it up; its controller gains one
    mana for this turn only (never above nine)."""
    tile = game.tile_of(unit)
    if tile is None:
        return
    index = game.cell_index[tile]
    if game.tiles[index] != GLOBE:
        return
    game.tiles[index] = GROUND
    game.terrain_version += 1
    game.version += 1
    player = game.controller(unit)
    if game.counter(player, MANA) < MAX_MANA:
        game.add_to_counter(player, MANA, 1)


def set_counter(game: Game, player: int, name: str, value: int) -> None:
    """Set one of the player's counters (through ``add_to_counter``, so it is announced)."""
    now = game.counter(player, name)
    if value != now:
        game.add_to_counter(player, name, value - now)
