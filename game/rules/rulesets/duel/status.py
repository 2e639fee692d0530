"""What a duel player sees of the game's state at a glance: mana and its capacity, whether
the bloodbound spell is ready (and, if not, in how many of the player's turns it will be),
the turn's replace, MECHAZ0R! progress and the general's health (``Game.meters``); a
unit's attack as the duel counts it and whether it is exhausted (``Game.view``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ...components import Body
from ...core.view import Meter
from .legal import bloodbound_spell
from .rules import (
    BLOODBOUND_READY,
    CAPACITY,
    MANA,
    MAX_MANA,
    MECH_BUILD,
    MECH_PROGRESS,
    OWN_TURNS,
    REPLACED,
    can_command,
    general_of,
    health_left,
    keyword,
    power,
)
from .turn import bloodbound_comes, capacity_on

if TYPE_CHECKING:
    from ...core.game import Game


def bloodbound_wait(game: Game, player: int) -> int:
    """Own turns until the player's bloodbound spell is ready: 0 when it is ready now,
    else the number of the player's turns to come until the one that readies it."""
    if game.counter(player, BLOODBOUND_READY):
        return 0
    own = game.counter(player, OWN_TURNS)
    later = own + 1
    while not bloodbound_comes(later, capacity_on(player, later)):
        later += 1
    return later - own


def meters(game: Game, player: int) -> tuple[Meter, ...]:
    """Mana (of its capacity, at most nine), the bloodbound spell (1: ready; else its
    wait), the replace left this turn, the general's health, MECHAZ0R! progress once
    begun."""
    state = game.players[player]
    found = [
        Meter("mana", game.counter(player, MANA), game.counter(player, CAPACITY), MAX_MANA),
        Meter("bloodbound", game.counter(player, BLOODBOUND_READY), 1,
              wait=bloodbound_wait(game, player), card=bloodbound_spell(game, player)),
        Meter("replace", 0 if game.counter(player, REPLACED) or not state.deck else 1, 1),
    ]
    general = general_of(game, player)
    if general:
        found.append(Meter("general", health_left(game, general), game.health(general)))
    progress = game.counter(player, MECH_PROGRESS)
    if progress:
        found.append(Meter("mech_progress", progress, MECH_BUILD))
    return tuple(found)


def attack_profile(game: Game, unit: int) -> dict[int, int]:
    """A unit's attack at each reach: the eight tiles around it, the whole board when it is
    Ranged; nothing for a unit with no attack."""
    if not game.card(unit).is_unit:
        return {}
    amount = power(game, unit)
    if amount <= 0:
        return {}
    if keyword(game, unit, "ranged"):  # the board's width: corner to corner
        cells = game.geometry.cells()
        reach = max(1, game.geometry.distance(cells[0], cells[-1])) if cells else 1
        return {r: amount for r in range(1, reach + 1)}
    return {1: amount}


def exhausted(game: Game, unit: int) -> bool:
    """Exhaust: a unit its player commands that can neither move nor attack until its
    player's next turn (summoned this turn without Rush, or done attacking). Battle pets
    and structures are never commanded, so they never look exhausted."""
    if not game.card(unit).is_unit or not can_command(game, unit):
        return False
    body = esper.component_for_entity(unit, Body)
    return body.moves <= 0 and body.attacks <= 0
