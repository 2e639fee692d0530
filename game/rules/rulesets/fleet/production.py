"""Production (rule 89's step 5, our design): in its home system, when it controls the
home planet, the active player builds units from the fleet's card list, paying each
unit's cost (``play``) in resources, up to four units in one tactical action. Ships
appear in the space area (non-fighter ships within the fleet pool, fighters within
capacity: rules 76, 16), ground forces and structures on the planet (at most two
structures a planet)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import CardDef
from ...components import Zone
from ...core.events import ActionDeclared
from .rules import (
    FIGHTER,
    FLEET,
    FLEET_POOL,
    GROUND,
    PRODUCTION_LIMIT,
    SHIP,
    STRUCTURE,
    STRUCTURES_PER_PLANET,
    capacity,
    controller_of,
    counts_against_fleet,
    has_planet,
    home_of,
    is_cargo,
    is_structure,
    landed,
    set_landed,
    units_at,
)

if TYPE_CHECKING:
    from ...core.game import Game
    from .state import Tactic


def unit_cards(game: Game) -> list[CardDef]:
    """The units a player may build: every fleet card with a cost, in name order."""
    return sorted((c for c in game.library if FLEET in c.tags and c.play is not None
                   and c.tags & {SHIP, GROUND, STRUCTURE}), key=lambda c: c.name)


def where_produced(game: Game, tactic: Tactic) -> bool:
    """Is the active system the active player's home system, its planet still theirs?"""
    tile = tactic.system
    return home_of(game, tactic.player) == tile and controller_of(game, tile) == tactic.player


def produce_options(game: Game, tactic: Tactic) -> list[str]:
    """The names of the units the active player may build now."""
    if tactic.built >= PRODUCTION_LIMIT or not where_produced(game, tactic):
        return []
    player, tile = tactic.player, tactic.system
    money = game.players[player].resource
    mine = [u for u in units_at(game, tile) if game.controller(u) == player]
    fleet_left = game.counter(player, FLEET_POOL) - sum(
        1 for u in mine if counts_against_fleet(game, u))
    room = sum(capacity(game, u) for u in mine) - sum(
        1 for u in mine if is_cargo(game, u) and not landed(u))
    structures = sum(1 for u in mine if is_structure(game, u))
    out = []
    for card in unit_cards(game):
        if (card.play or 0) > money:
            continue
        if FIGHTER in card.tags:
            if room <= 0:
                continue
        elif SHIP in card.tags:
            if fleet_left <= 0:
                continue
        elif STRUCTURE in card.tags and structures >= STRUCTURES_PER_PLANET:
            continue
        out.append(card.name)
    return out


def produce(game: Game, tactic: Tactic, name: str) -> int:
    """Build one unit: pay, and put it where it belongs."""
    player, tile = tactic.player, tactic.system
    card = game.library[name]
    game.pay(player, card.play or 0)
    unit = make_unit(game, name, tile, player)
    tactic.built += 1
    game.emit(ActionDeclared(player, f"P{player + 1} builds {name} at "
                                     f"{game.geometry.label(tile)}"))
    return unit


def make_unit(game: Game, name: str, tile: tuple[int, int], player: int) -> int:
    """A new unit of ``player`` in the system: a ship in space, others on the planet
    (in space where the system has none). Units are pieces, not cards: one that leaves
    the board leaves the game."""
    card = game.library[name]
    unit = game.new_card(card, player, Zone.MAP, token=True)
    game.put_on_map(unit, tile, player)
    if SHIP not in card.tags and has_planet(game, tile):
        set_landed(game, unit, True)
    else:
        game.version += 1
    return unit


__all__ = ["counts_against_fleet", "make_unit", "produce", "produce_options", "unit_cards",
           "where_produced"]
