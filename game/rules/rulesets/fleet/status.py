"""What a fleet player sees at a glance (``Game.meters``): command tokens in the tactic
and fleet pools, resources, points against the goal, the strategy picked; and a unit's
combat as its view shows it (``EntityView.attack``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.view import Meter
from .rounds import win_points
from .rules import (
    FLEET_POOL,
    STRATEGY,
    TACTIC,
    TOKEN_LIMIT,
    board_state,
    combat_value,
    tokens_owned,
)

if TYPE_CHECKING:
    from ...core.game import Game


def meters(game: Game, player: int) -> tuple[Meter, ...]:
    """Tactic tokens (of the sixteen a player owns), fleet tokens, resources, points (of
    the goal), the strategy picked this round (0: none yet), and the round."""
    state = game.players[player]
    owned = tokens_owned(game, player)
    return (
        Meter("tactic_tokens", game.counter(player, TACTIC), owned, TOKEN_LIMIT),
        Meter("fleet_tokens", game.counter(player, FLEET_POOL), owned, TOKEN_LIMIT),
        Meter("resource", state.resource),
        Meter("fleet_points", state.points, win_points(game)),
        Meter("strategy", game.counter(player, STRATEGY)),
        Meter("round", board_state(game).round),
    )


def attack_profile(game: Game, unit: int) -> dict[int, int]:
    """A unit's combat value (a roll of at least it hits), shown at reach 1."""
    value = combat_value(game, unit)
    return {1: value} if value else {}


def exhausted(game: Game, unit: int) -> bool:
    """Fleet units are never exhausted: what may move is the tactical action's business."""
    return False
