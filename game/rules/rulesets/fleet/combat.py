"""Dice and fights: space cannon offense (rule 77) after the movement step, space combat
and invasion with ground combat (our simple design of rule 89's steps 3-4), hits assigned
by the owner of the units hit, and the capacity and fleet pool checks (rules 16, 76) that
follow movement, space cannon fire and combat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import ActionDeclared
from ...geometry import Tile
from .movement import representatives
from .rules import (
    FLEET_POOL,
    NEBULA,
    NEBULA_DEFENCE,
    anomalies,
    cannon_value,
    capacity,
    combat_value,
    counts_against_fleet,
    damage,
    index_units,
    is_cargo,
    is_ground,
    is_ship,
    landed,
    roll,
    units_at,
)

if TYPE_CHECKING:
    from ...core.game import Game
    from .state import Tactic


def fire(game: Game, player: int, units: list[int], value_of: str, bonus: int = 0,
         what: str = "fires") -> int:
    """Each unit rolls one die; a roll (plus ``bonus``) of at least its value hits.
    Returns the hits and logs the rolls."""
    hits = 0
    rolls = []
    for unit in sorted(units):
        value = cannon_value(game, unit) if value_of == "cannon" else combat_value(game, unit)
        if value <= 0:
            continue
        die = roll(game)
        hit = die + bonus >= value
        hits += hit
        rolls.append(f"{die}{'*' if hit else ''}")
    if rolls:
        game.emit(ActionDeclared(player, f"P{player + 1} {what}: {' '.join(rolls)} "
                                         f"({hits} hit{'s' if hits != 1 else ''})"))
    return hits


# ---------------------------------------------------------------------------- space cannon


def cannon_units(game: Game, player: int, active: Tile) -> list[int]:
    """Rule 77: the player's units with Space Cannon in the active system, and those in
    adjacent systems (over sides, wormholes and hyperlanes) with the ``deep_cannon``
    keyword (our counterpart of an upgrade that fires into adjacent systems)."""
    found = [u for u in units_at(game, active)
             if game.controller(u) == player and cannon_value(game, u) > 0]
    for tile in game.neighbours[active]:
        found.extend(u for u in units_at(game, tile) if game.controller(u) == player
                     and cannon_value(game, u) > 0 and game.keyword(u, "deep_cannon"))
    return sorted(found)


def cannon_targets(game: Game, player: int, tactic: Tactic) -> list[int]:
    """Rule 77: a player other than the active one may only fire at the active player's
    ships; the active player chooses among the players with ships there."""
    there = {game.controller(u) for u in units_at(game, tactic.system) if is_ship(game, u)}
    if player == tactic.player:
        return sorted(p for p in there if p != player)
    return [tactic.player] if tactic.player in there else []


def cannon_order(game: Game, tactic: Tactic) -> tuple[int, ...]:
    """Rule 77: the active player first, then the others clockwise (seat order), each
    with space cannon to fire and someone to fire at."""
    count = len(game.players)
    order = [(tactic.player + i) % count for i in range(count)]
    return tuple(p for p in order if not game.players[p].eliminated
                 and cannon_units(game, p, tactic.system)
                 and cannon_targets(game, p, tactic))


# ---------------------------------------------------------------------------- combat


def defender_in(game: Game, tactic: Tactic) -> int:
    """The other player with ships in the active system (-1: none); should there be
    several, the first after the active player clockwise."""
    there = {game.controller(u) for u in units_at(game, tactic.system) if is_ship(game, u)}
    count = len(game.players)
    for i in range(1, count):
        seat = (tactic.player + i) % count
        if seat in there:
            return seat
    return -1


def fighting_ships(game: Game, tile: Tile, player: int) -> list[int]:
    return [u for u in units_at(game, tile) if game.controller(u) == player
            and is_ship(game, u)]


def space_round(game: Game, tactic: Tactic, defender: int) -> tuple[int, int]:
    """One round of space combat: every ship of both sides rolls (the defender +1 in a
    nebula, rule 59). Returns (hits on the defender, hits on the attacker)."""
    tile = tactic.system
    bonus = NEBULA_DEFENCE if NEBULA in anomalies(game, tile) else 0
    by_attacker = fire(game, tactic.player, fighting_ships(game, tile, tactic.player),
                       "combat", what="fights")
    by_defender = fire(game, defender, fighting_ships(game, tile, defender), "combat",
                       bonus, what="fights back")
    return by_attacker, by_defender


def ground_forces(game: Game, tile: Tile, player: int) -> list[int]:
    """The player's ground forces on the system's planet."""
    return [u for u in units_at(game, tile) if game.controller(u) == player
            and landed(u) and is_ground(game, u)]


def planet_defenders(game: Game, tile: Tile, attacker: int) -> list[int]:
    """Every other player's ground forces on the planet."""
    return [u for u in units_at(game, tile) if game.controller(u) != attacker
            and landed(u) and is_ground(game, u)]


# ---------------------------------------------------------------------------- hits


def hit_options(game: Game, tactic: Tactic, player: int, zone: str) -> list[int]:
    """The units the player may assign the next hit to: its ships in the active system
    (space), or its ground forces fighting on the planet (ground)."""
    tile = tactic.system
    if zone == "space":
        units = fighting_ships(game, tile, player)
    elif player == tactic.player:
        units = [u for u in tactic.landing if game.is_on_map(u)]
    else:
        units = ground_forces(game, tile, player)
    return representatives(game, units)


def take_hit(game: Game, unit: int) -> None:
    """One hit: a unit with health beyond it is damaged, any other destroyed at once."""
    game.deal_damage(0, unit, 1)
    game.version += 1
    if game.is_on_map(unit) and game.ruleset.lethal(damage(unit), game.health(unit)):
        game.destroy(unit, "destroyed")


# ---------------------------------------------------------------------------- limits


def excess(game: Game, player: int) -> tuple[Tile, str] | None:
    """Rules 16 and 76: the first system (in board order) where the player has more
    fighters and ground forces in space than its ships' capacity, or more non-fighter
    ships than its fleet pool has tokens; with what is too much there."""
    pool = game.counter(player, FLEET_POOL)
    for tile, units in sorted(index_units(game).items(),
                              key=lambda item: game.cell_index[item[0]]):
        mine = [u for u in units if game.controller(u) == player]
        if not mine:
            continue
        room = sum(capacity(game, u) for u in mine if is_ship(game, u))
        cargo = sum(1 for u in mine if is_cargo(game, u) and not landed(u))
        if cargo > room:
            return tile, "capacity"
        if sum(1 for u in mine if counts_against_fleet(game, u)) > pool:
            return tile, "fleet"
    return None


def removal_options(game: Game, player: int) -> list[int]:
    """The units the player may remove to bring its first system over a limit back
    within it: fighters and ground forces in space (capacity), or non-fighter ships."""
    found = excess(game, player)
    if found is None:
        return []
    tile, kind = found
    units = [u for u in units_at(game, tile) if game.controller(u) == player]
    if kind == "capacity":
        units = [u for u in units if is_cargo(game, u) and not landed(u)]
    else:
        units = [u for u in units if counts_against_fleet(game, u)]
    return representatives(game, units)


__all__ = ["cannon_order", "cannon_targets", "cannon_units", "damage", "defender_in",
           "excess", "fire", "ground_forces", "hit_options", "planet_defenders",
           "removal_options", "space_round", "take_hit"]
