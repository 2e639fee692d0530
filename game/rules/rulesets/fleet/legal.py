"""What a fleet player may do now: pick a strategy (or make the Redeploy move); on its
turn activate a system or pass; during its tactical action declare moves one ship at a
time, load units, take a declaration back and confirm; fire space cannon or hold; assign
hits; remove units over capacity or the fleet pool; land ground forces; build units; in
the status phase place new command tokens. Interchangeable units (same card, system,
damage and place) are offered once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.state import Phase
from .actions import (
    ActivateSystem,
    Confirm,
    DeclareMove,
    EndLanding,
    EndTactic,
    FireCannon,
    GainToken,
    HoldFire,
    Land,
    Load,
    PassRound,
    PickStrategy,
    Produce,
    Redeploy,
    RemoveUnit,
    TakeHit,
    Withdraw,
)
from .combat import cannon_targets, hit_options, removal_options
from .movement import declare_options, load_options, representatives
from .production import produce_options
from .redeploy import redeploy_options
from .rounds import free_strategies
from .rules import TACTIC, TOKENS_DUE, board_state, has_token, is_system
from .tactical import can_land, tactic_of

if TYPE_CHECKING:
    from ...core.game import Game
    from ...geometry import Tile
    from .state import Tactic


def legal_actions(game: Game, player: int) -> list[Action]:
    if game.phase is Phase.OVER or player != game.actor:
        return []
    board = board_state(game)
    if board.excess:
        return [RemoveUnit(player, u) for u in removal_options(game, player)]
    if board.waiting == "redeploy":
        return [Redeploy(player), *(Redeploy(player, ship, tile)
                                    for ship, tile in redeploy_options(game, player))]
    if game.phase is Phase.STRATEGY:
        return [PickStrategy(player, n) for n in free_strategies(game)]
    if game.phase is Phase.STATUS:
        if game.counter(player, TOKENS_DUE):
            return [GainToken(player, "tactic"), GainToken(player, "fleet")]
        return []
    tactic = tactic_of(game)
    if tactic is None:
        return [*activation_options(game, player), PassRound(player)]
    return tactic_actions(game, player, tactic)


def activation_options(game: Game, player: int) -> list[ActivateSystem]:
    """Rule 5: with a token in its tactic pool, any system without one of the player's
    tokens (other players' tokens don't stand in the way)."""
    if game.counter(player, TACTIC) <= 0:
        return []
    return [ActivateSystem(player, tile) for tile in systems(game)
            if not has_token(game, tile, player)]


def systems(game: Game) -> list[Tile]:
    return [t for t in game.geometry.cells() if is_system(game, t)]


def tactic_actions(game: Game, player: int, tactic: Tactic) -> list[Action]:
    step = tactic.step
    if step == "move":
        out: list[Action] = [DeclareMove(player, ship, path)
                             for ship, path in declare_options(game, tactic)]
        out.extend(Load(player, ship, unit) for ship, unit in load_options(game, tactic))
        out.extend(Withdraw(player, ship) for ship, _ in tactic.movers)
        out.append(Confirm(player))
        return out
    if step == "cannon":
        return [*(FireCannon(player, t) for t in cannon_targets(game, player, tactic)),
                HoldFire(player)]
    if step == "hits" and tactic.hits:
        who, _, zone = tactic.hits[0]
        return [TakeHit(player, u) for u in hit_options(game, tactic, who, zone)]
    if step == "land":
        return [*(Land(player, u) for u in representatives(game, can_land(game, tactic))),
                EndLanding(player)]
    if step == "produce":
        return [*(Produce(player, name) for name in produce_options(game, tactic)),
                EndTactic(player)]
    return []
