"""What a skirmish player sees at a glance: the round, the points and the units each side
has left (``Game.meters``); a unit's attack at each range and whether it is exhausted
(``Game.view``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.view import Meter
from .combat import melee_power, ranged_power
from .objectives import CONTROL, goal
from .rounds import rounds
from .rules import is_ready, units_of

if TYPE_CHECKING:
    from ...core.game import Game


def meters(game: Game, player: int) -> tuple[Meter, ...]:
    """The round, the player's points (of the goal, on control maps) and its units."""
    found = [Meter("round", rounds(game).number),
             Meter("units", len(units_of(game, player)))]
    if game.win.name == CONTROL:
        found.insert(1, Meter("points", game.players[player].points, goal(game)))
    return tuple(found)


def attack_profile(game: Game, unit: int) -> dict[int, int]:
    """Its melee damage next to it, its shot's damage out to its range."""
    if not game.card(unit).is_unit:
        return {}
    profile: dict[int, int] = {}
    damage, reach = ranged_power(game, unit)
    for r in range(1, reach + 1):
        profile[r] = damage
    melee = melee_power(game, unit)
    if melee > 0:
        profile[1] = melee
    return profile


def exhausted(game: Game, unit: int) -> bool:
    """A unit that has had its activation this round (or was stunned)."""
    return game.card(unit).is_unit and not is_ready(game, unit)
