"""What each fleet action does when a player takes it. Nothing waits on a stack: each is
carried out at once, then ``rounds.advance`` moves the game on to the next decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.events import ActionDeclared
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
from .movement import FleetMoveIntent
from .production import produce
from .redeploy import redeploy
from .rounds import advance, gain_token, pass_round, pick
from .rules import TACTIC, board_state
from .tactical import (
    after_moves,
    assign_hit,
    begin,
    end_landing,
    fire_cannon,
    hold_fire,
    tactic_of,
)

if TYPE_CHECKING:
    from ...core.game import Game
    from .state import Tactic


def _tactic(game: Game) -> Tactic:
    tactic = tactic_of(game)
    if tactic is None:  # legal_actions offers these only during a tactical action
        raise ValueError("no tactical action under way")
    return tactic


def do_pick(game: Game, action: PickStrategy) -> None:
    pick(game, action.player, action.strategy)
    advance(game)


def do_redeploy(game: Game, action: Redeploy) -> None:
    board = board_state(game)
    board.waiting = ""
    board.waiter = -1
    if action.ship and action.tile is not None:
        redeploy(game, action.ship, action.tile)
        board.excess = (action.player,)  # a carrier may have left its fighters behind
    game.version += 1
    advance(game)


def do_activate(game: Game, action: ActivateSystem) -> None:
    """Rule 5: a token from the tactic pool goes into the system, which is active for the
    whole tactical action."""
    player = action.player
    game.add_to_counter(player, TACTIC, -1)
    board = board_state(game)
    board.tokens = tuple(sorted((*board.tokens, (action.tile, player))))
    game.emit(ActionDeclared(player, f"P{player + 1} activates the system at "
                                     f"{game.geometry.label(action.tile)}"))
    begin(game, player, action.tile)
    advance(game)


def do_pass(game: Game, action: PassRound) -> None:
    pass_round(game, action.player)
    advance(game)


def do_declare(game: Game, action: DeclareMove) -> None:
    tactic = _tactic(game)
    tactic.movers = (*tactic.movers, (action.ship, action.path))
    game.version += 1


def do_withdraw(game: Game, action: Withdraw) -> None:
    tactic = _tactic(game)
    tactic.movers = tuple(m for m in tactic.movers if m[0] != action.ship)
    tactic.cargo = tuple(c for c in tactic.cargo if c[1] != action.ship)
    game.version += 1


def do_load(game: Game, action: Load) -> None:
    tactic = _tactic(game)
    tactic.cargo = (*tactic.cargo, (action.unit, action.ship))
    game.version += 1


def do_confirm(game: Game, action: Confirm) -> None:
    """Rule 58.6: every declared ship moves now (the rifts' dice are rolled as each
    leaves one), and they arrive together; then capacity is checked (rule 16) and space
    cannon offense follows (58.7)."""
    tactic = _tactic(game)
    moving = len(tactic.movers)
    game.emit(ActionDeclared(action.player, f"P{action.player + 1} moves {moving} "
                                            f"ship{'s' if moving != 1 else ''}"))
    for order, (ship, path) in enumerate(tactic.movers):
        cargo = tuple((unit, where) for unit, carrier in tactic.cargo if carrier == ship
                      for where in [game.tile_of(unit)] if where is not None)
        game.add_intent(ship, FleetMoveIntent(path, cargo, order))
    game.process_intents()
    tactic.movers = ()
    tactic.cargo = ()
    after_moves(game, tactic)
    advance(game)


def do_fire(game: Game, action: FireCannon) -> None:
    fire_cannon(game, _tactic(game), action.player, action.target)
    advance(game)


def do_hold(game: Game, action: HoldFire) -> None:
    hold_fire(game, _tactic(game), action.player)
    advance(game)


def do_take_hit(game: Game, action: TakeHit) -> None:
    assign_hit(game, _tactic(game), action.unit)
    advance(game)


def do_remove(game: Game, action: RemoveUnit) -> None:
    game.destroy(action.unit, "over capacity or the fleet pool")
    game.version += 1
    advance(game)


def do_land(game: Game, action: Land) -> None:
    tactic = _tactic(game)
    tactic.landing = (*tactic.landing, action.unit)
    game.version += 1


def do_end_landing(game: Game, action: EndLanding) -> None:
    end_landing(game, _tactic(game))
    advance(game)


def do_produce(game: Game, action: Produce) -> None:
    produce(game, _tactic(game), action.card)
    advance(game)


def do_end_tactic(game: Game, action: EndTactic) -> None:
    tactic = _tactic(game)
    tactic.step = "done"
    game.version += 1
    advance(game)


def do_gain_token(game: Game, action: GainToken) -> None:
    gain_token(game, action.player, action.pool)
    advance(game)


HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    PickStrategy: do_pick,
    Redeploy: do_redeploy,
    ActivateSystem: do_activate,
    PassRound: do_pass,
    DeclareMove: do_declare,
    Withdraw: do_withdraw,
    Load: do_load,
    Confirm: do_confirm,
    FireCannon: do_fire,
    HoldFire: do_hold,
    TakeHit: do_take_hit,
    RemoveUnit: do_remove,
    Land: do_land,
    EndLanding: do_end_landing,
    Produce: do_produce,
    EndTactic: do_end_tactic,
    GainToken: do_gain_token,
}
