"""Energy and toggles in a skirmish (seed 004: "energy", "energy cost toggle n1/n2").

- A unit with ``skirmish:energy`` n holds up to n energy (the mark ``skirmish:energy``,
  its count); it starts full and gets 1 back at the start of each round.
- ``skirmish:toggle`` {keyword, cost, upkeep}: two combinable abilities, one turning on the
  buff (the unit has ``keyword`` while it lasts: the mark ``skirmish:toggled``), one
  turning it off. Turning it on costs ``cost`` energy; at the start of each round, after
  the energy came back, a unit with the buff on pays ``upkeep`` energy if it has it, and
  else the buff goes. *Ours:* both are used during the unit's activation, besides its
  move and its attack, at no movement cost; the buff can't be turned off where the unit
  could not stand without it, but a buff that ends for want of energy ends there, and a
  unit that then can't stand where it is falls (it dies).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import esper

from ...components import Granted, Mark
from .rules import ENERGY, TOGGLE, TOGGLED, can_stand, status

if TYPE_CHECKING:
    from ...core.game import Game

#: the ``until`` of the keyword a toggle grants (it goes with the toggled mark)
TOGGLED_UNTIL = "skirmish:toggled"


def toggle_of(game: Game, unit: int) -> Mapping[str, Any] | None:
    """The unit's toggle (keyword, cost, upkeep), or None."""
    found = game.card(unit).keywords.get(TOGGLE)
    return found if isinstance(found, Mapping) else None


def energy(game: Game, unit: int) -> int:
    return status(game, unit, ENERGY)


def fill_energy(game: Game, unit: int) -> None:
    """A unit takes the field with all its energy."""
    top = game.keyword(unit, ENERGY)
    if top:
        game.add_marks(unit, ENERGY, int(top))


def recharge(game: Game) -> None:
    """The start of a round: every unit with energy gets 1 back, never above its
    maximum (before the toggles' upkeep)."""
    for unit in game.units():
        top = int(game.keyword(unit, ENERGY) or 0)
        if top and energy(game, unit) < top:
            game.add_marks(unit, ENERGY, 1)


def upkeep(game: Game, entity: int) -> None:
    """The toggled mark's round-start tick: pay the upkeep, or the buff goes."""
    mark = esper.component_for_entity(entity, Mark)
    unit = mark.bearer
    toggle = toggle_of(game, unit)
    cost = int(toggle["upkeep"]) if toggle is not None else 0
    if cost and energy(game, unit) >= cost:
        game.remove_marks(unit, ENERGY, cost)
    elif cost:
        game.remove_marks(unit, TOGGLED, 1)


def toggled_off(game: Game, mark: Mark) -> None:
    """The buff goes: the keyword it gave goes with it; a unit that can no longer stand
    where it is falls."""
    unit = mark.bearer
    for entity, granted in list(esper.get_component(Granted)):
        if granted.target == unit and granted.until == TOGGLED_UNTIL:
            esper.delete_entity(entity, immediate=True)
            game.version += 1
    where = game.tile_of(unit) if game.is_on_map(unit) else None
    if where is not None and game.board.get(where, 0) == unit \
            and not can_stand(game, unit, where):
        game.destroy(unit, "its toggle ended where it could not stand")


def may_toggle(game: Game, unit: int) -> bool:
    """Can the activated unit turn its buff on (enough energy) or off (it could stand
    where it is without it) now?"""
    toggle = toggle_of(game, unit)
    if toggle is None or game.activated != unit or game.container_of(unit):
        return False
    if not status(game, unit, TOGGLED):
        return energy(game, unit) >= int(toggle["cost"])
    where = game.tile_of(unit)
    return where is not None and can_stand(game, unit, where, str(toggle["keyword"]))


def toggle(game: Game, unit: int) -> None:
    """Turn the unit's buff on (paying its energy) or off."""
    found = toggle_of(game, unit)
    if found is None:
        return
    if status(game, unit, TOGGLED):
        game.remove_marks(unit, TOGGLED, 1)
        return
    game.remove_marks(unit, ENERGY, int(found["cost"]))
    game.add_marks(unit, TOGGLED, 1)
    game.grant(unit, "keyword:" + str(found["keyword"]), True, TOGGLED_UNTIL, unit)
