"""What a skirmish player may do now (seed 004): with no unit activated, activate one of
its ready units (it must: a player with none is skipped); with one activated, move it to
any hex its points reach, attack once or use its ability, turn its toggle on or off, or
end its activation. A triggered
ability with a choice waits for its controller's declaration. Everything is offered from
what the player sees: hidden units are neither targets nor obstacles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action, Activate, Attack, DeclareTrigger, EndTurn, FullAction, Move
from ...core.state import Phase
from ...systems.triggers import pending_choices
from .abilities import ability_options
from .combat import attack_targets
from .energy import may_toggle
from .movement import routes
from .rounds import ready_units

if TYPE_CHECKING:
    from ...core.game import Game

#: the ``source`` of the full action that turns a unit's toggle on or off
TOGGLE_SOURCE = "toggle"


def legal_actions(game: Game, player: int) -> list[Action]:
    if game.phase is Phase.OVER or player != game.actor:
        return []
    if game.pending:
        return [DeclareTrigger(player, t) for t in pending_choices(game, game.pending[0])]
    unit = game.activated
    if not unit:
        return [Activate(player, u) for u in ready_units(game, player)]
    out: list[Action] = []
    out.extend(Move(player, unit, tile) for tile in sorted(routes(game, unit),
                                                           key=game.cell_index.__getitem__))
    out.extend(Attack(player, unit, target) for target in attack_targets(game, unit))
    out.extend(FullAction(player, unit, "card", targets)
               for targets in ability_options(game, unit))
    if may_toggle(game, unit):
        out.append(FullAction(player, unit, TOGGLE_SOURCE))
    out.append(EndTurn(player))
    return out


def has_options(game: Game, unit: int) -> bool:
    """Could the activated unit still do anything but end its activation?"""
    return (bool(routes(game, unit)) or bool(attack_targets(game, unit))
            or bool(ability_options(game, unit)) or may_toggle(game, unit))
