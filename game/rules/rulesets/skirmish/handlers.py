"""What each skirmish action does when a player takes it. Nothing waits on a stack: an
action is carried out at once, and what it triggers resolves right after
(``Ruleset.priority`` is off). An activation ends when its player ends it, when the unit
can do nothing more, or when something ends it (a stun, the unit's death)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.actions import Activate, Attack, DeclareTrigger, EndTurn, FullAction, Move
from ...core.events import ActionDeclared
from ...core.state import Phase
from ...systems.triggers import do_declare_trigger
from .abilities import use_ability
from .combat import attack
from .energy import toggle
from .legal import TOGGLE_SOURCE, has_options
from .movement import walk
from .rounds import activate, end_activation, rounds
from .rules import TOGGLED, activity, status

if TYPE_CHECKING:
    from ...core.game import Game


def announce(game: Game, player: int, text: str, subject: int) -> None:
    game.emit(ActionDeclared(player, f"P{player + 1} {text}", subject))


def do_activate(game: Game, action: Activate) -> None:
    announce(game, action.player, f"activates {game.card(action.permanent).name} at "
                                  f"{_where(game, action.permanent)}", action.permanent)
    activate(game, action.permanent)
    after(game)


def do_move(game: Game, action: Move) -> None:
    announce(game, action.player, f"{game.card(action.unit).name} moves to "
                                  f"{game.geometry.label(action.tile)}", action.unit)
    walk(game, action.unit, action.tile)
    after(game)


def do_attack(game: Game, action: Attack) -> None:
    announce(game, action.player, f"{game.card(action.unit).name} attacks "
                                  f"{game.card(action.target).name}", action.unit)
    attack(game, action.unit, action.target)
    after(game)


def do_ability(game: Game, action: FullAction) -> None:
    name = game.card(action.unit).name
    if action.source == TOGGLE_SOURCE:
        now = "off" if status(game, action.unit, TOGGLED) else "on"
        announce(game, action.player, f"{name} turns its toggle {now}", action.unit)
        toggle(game, action.unit)
    else:
        announce(game, action.player, f"{name} uses its ability", action.unit)
        use_ability(game, action.unit, action.targets)
    after(game)


def do_end_turn(game: Game, action: EndTurn) -> None:
    end_activation(game)


def do_trigger(game: Game, action: DeclareTrigger) -> None:
    do_declare_trigger(game, action)
    after(game)


def after(game: Game) -> None:
    """Once the action and what it set off are done: the activation ends when its unit is
    gone, stopped, or has nothing left to do."""
    game.settle()
    if game.phase is Phase.OVER or game.pending or game.stack:
        return
    unit = rounds(game).current
    if not unit:
        return
    if (game.activated != unit or not game.is_on_map(unit) or activity(unit).done
            or not has_options(game, unit)):
        end_activation(game)


def _where(game: Game, unit: int) -> str:
    tile = game.tile_of(unit)
    return game.geometry.label(tile) if tile is not None else "-"


HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    Activate: do_activate,
    Move: do_move,
    Attack: do_attack,
    FullAction: do_ability,
    EndTurn: do_end_turn,
    DeclareTrigger: do_trigger,
}
