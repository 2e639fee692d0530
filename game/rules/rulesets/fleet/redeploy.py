"""Rules 58.8-58.9, movement by an ability: the Redeploy strategy moves one ship to an
adjacent system, the move value and the rules of 58.4 set aside."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import ActionDeclared
from ...geometry import Tile
from .movement import blocks, can_enter, representatives
from .rules import FLEET_POOL, NEBULA, anomalies, counts_against_fleet, is_ship, units_at

if TYPE_CHECKING:
    from ...core.game import Game


def redeploy_options(game: Game, player: int) -> list[tuple[int, Tile]]:
    """Rules 58.8-58.9, through our Redeploy strategy: one of the player's ships moves to
    an adjacent system, its move value and the rules of 58.4 set aside (a system holding
    the player's token may be left; a ship without a move value may go). The anomalies'
    own rules still hold (no asteroid field or supernova; a nebula only as the active
    system, and outside a tactical action there is none), and the ability's text adds: not
    into a system holding another player's ships, transporting nothing, and not past the
    fleet pool."""
    out = []
    ships = [u for u in game.controlled_permanents(player) if is_ship(game, u)]
    for ship in representatives(game, ships):
        here = game.tile_of(ship)
        if here is None:
            continue
        for step in game.neighbours[here]:
            if not can_enter(game, step) or NEBULA in anomalies(game, step):
                continue
            if blocks(game, step, player):
                continue
            if counts_against_fleet(game, ship) and sum(
                    1 for u in units_at(game, step) if game.controller(u) == player
                    and counts_against_fleet(game, u)) >= game.counter(player, FLEET_POOL):
                continue
            out.append((ship, step))
    return out


def redeploy(game: Game, ship: int, tile: Tile) -> None:
    """Carry out the Redeploy strategy's move (no rift roll: it is no movement step)."""
    player = game.controller(ship)
    game.emit(ActionDeclared(player, f"P{player + 1} redeploys {game.card(ship).name} to "
                                     f"{game.geometry.label(tile)}"))
    game.move_permanent(ship, tile)


__all__ = ["redeploy", "redeploy_options"]
