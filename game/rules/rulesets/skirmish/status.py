"""What a skirmish player sees at a glance: the round and the points (``Game.meters``); a
unit's attack at each range and whether it is exhausted (``Game.view``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.view import Meter
from .combat import melee_power, ranged_power
from .objectives import CONTROL, goal
from .rounds import rounds
from .rules import is_ready

if TYPE_CHECKING:
    from ...core.game import Game


def meters(game: Game, player: int) -> tuple[Meter, ...]:
    """The round and the player's points (of the goal, on control maps): what every side
    may know. (Not its units left: the player bar shows every side's meters, and how many
    units a side has left is not for the others to know when some are out of sight.)"""
    found = [Meter("round", rounds(game).number)]
    if game.win.name == CONTROL:
        found.append(Meter("points", game.players[player].points, goal(game)))
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
