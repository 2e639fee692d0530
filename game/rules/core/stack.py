"""The action stack and priority (rules Action-Stack, Priority, Actions 10).

A declared action goes on the stack and priority returns to the active player; when every
live player passes in a row, the top of the stack resolves, or, with an empty stack, the
phase ends. Resolving runs the action's resolver, which leaves intents on the entities it
concerns; the game's systems consume them (``Game.process_intents``) before the
resolution is announced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action, Pass
from .events import ActionDeclared, ActionResolved
from .frozen import kept
from .state import StackItem

if TYPE_CHECKING:
    from .game import Game


#: what the stack announces again and again, each value made once (events are values)
_DECLARED = kept(ActionDeclared)
_RESOLVED = kept(ActionResolved)


def declare(game: Game, kind: str, action: Action, source: int, data: tuple[Any, ...],
            text: str) -> None:
    """Rule Actions 10.1: announce, pay (already done), put on the action stack."""
    game.stack.append(StackItem(kind, action.player, source, data, text))
    game.emit(_DECLARED(action.player, text))
    priority_to_active(game)


def priority_to_active(game: Game) -> None:
    """After a declaration or a resolution the active player receives priority (or, when
    they are out of the game, the next live player)."""
    game.priority = game.active
    game.passes = 0
    if game.players[game.active].eliminated:
        game.priority = game.next_player(game.active)


def do_pass(game: Game, action: Pass) -> None:
    """Rule Priority: passing gives priority to the next player; when all live players
    passed in a row, the top of the stack resolves, or the phase ends."""
    passes = game.passes = game.passes + 1
    if passes < len(game.players) and passes < len(game.live()):
        game.priority = game.next_player(action.player)
        return
    if game.stack:
        resolve_top(game)
        priority_to_active(game)
    else:
        game.ruleset.end_phase(game)


def resolve_top(game: Game) -> None:
    """Rule Actions 10.2: the top of the stack executes."""
    item = game.stack.pop()
    game.dirty = True
    game.ruleset.resolvers[item.kind](game, item)
    game.process_intents()
    game.emit(_RESOLVED(item.controller, item.text))
    game.ruleset.after_resolution(game, item)
