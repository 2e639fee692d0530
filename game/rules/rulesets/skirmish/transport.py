"""Transports in a skirmish (seed 004: "transport"): units that carry others.

- ``skirmish:transport`` n: it carries friendly units whose sizes add up to n at most
  ("if it is just a number, it denotes its total size capacity": small 1 ... giga 4).
  Flying units are not carried ("by default flying units can not be carried"), nor
  transports ("transports can never be nested").
- A carried unit stands where its transport stands, is seen only by its own side, can't
  be attacked and does nothing but get out (it lies in its transport's pile).
- ``skirmish:enterable``: a friendly unit that fits may move onto it to get in; its
  activation ends there.
- ``skirmish:exitable``: a carried unit may be activated; its only action is to move out
  (it walks from the transport's hex with its own points), which ends its activation.
- When a transport dies: a ground transport carrying one unit puts it on its hex, when it
  can stand there and the hex is free; else that unit dies, and so does every unit of a
  transport carrying more, or of a flying one. *Ours:* a transport killed by a melee
  attack has the attacker move in at once, so its passenger always dies ("might fail due
  to attacker moving in").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Destroyed, Event
from ...geometry import Tile
from .rules import (
    ENTERABLE,
    EXITABLE,
    TRANSPORT,
    can_stand,
    flying,
    size,
)

if TYPE_CHECKING:
    from ...core.game import Game


def capacity(game: Game, unit: int) -> int:
    value = game.keyword(unit, TRANSPORT)
    return 0 if value is None else int(value)


def carrier(game: Game, unit: int) -> int:
    """The transport carrying ``unit`` (0: none)."""
    return game.container_of(unit)


def passengers(game: Game, transport: int) -> list[int]:
    return [u for u in game.pile(transport) if game.card(u).is_unit]


def room(game: Game, transport: int) -> int:
    return capacity(game, transport) - sum(size(game, u) for u in passengers(game, transport))


def may_carry(game: Game, transport: int, unit: int) -> bool:
    """Could ``unit`` get into ``transport`` (friendly, enterable, room for its size, not
    a flier, not a transport itself)?"""
    return (transport != unit and capacity(game, transport) > 0
            and bool(game.keyword(transport, ENTERABLE))
            and game.controller(transport) == game.controller(unit)
            and not flying(game, unit) and capacity(game, unit) == 0
            and not carrier(game, transport) and room(game, transport) >= size(game, unit))


def entrances(game: Game, unit: int) -> dict[Tile, int]:
    """Hexes of friendly transports ``unit`` may get into: hex -> transport."""
    found = {}
    for other in game.controlled_permanents(game.controller(unit)):
        where = game.tile_of(other)
        if where is not None and game.board.get(where, 0) == other \
                and may_carry(game, other, unit):
            found[where] = other
    return found


def may_get_out(game: Game, unit: int) -> bool:
    """A carried unit may be activated when its transport lets it out."""
    ride = carrier(game, unit)
    return bool(ride) and bool(game.keyword(ride, EXITABLE))


def wreck(game: Game, transport: int, reason: str) -> None:
    """A transport killed by a melee attack: the attacker moves in, so every unit it
    carries dies with it."""
    for unit in passengers(game, transport):
        game.destroy(unit, "its transport was overrun")
    game.destroy(transport, reason)


def on_event(game: Game, event: Event) -> None:
    """A transport has died (its hex is free now, its pile not dropped yet): its lone
    passenger, of a ground transport, steps onto the hex if it can stand there; every
    other unit it carried dies."""
    if not isinstance(event, Destroyed) or event.tile is None:
        return
    riders = [u for u in game.pile(event.permanent) if game.is_on_map(u)
              and game.card(u).is_unit]
    if not riders:
        return
    ground = not game.card(event.permanent).keywords.get("skirmish:flying")
    if ground and len(riders) == 1 and not game.board.get(event.tile, 0) \
            and can_stand(game, riders[0], event.tile):
        game.move_permanent(riders[0], event.tile)
        return
    for unit in riders:
        game.destroy(unit, "it could not get out of its fallen transport")
