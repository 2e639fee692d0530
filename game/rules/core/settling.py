"""Settling: after every step, before any player receives priority, the state-based
actions run and the triggers are collected until nothing changes; triggers without a
choice are declared, and a ruleset without priority resolves what was declared at once
(``Game.settle`` is this function)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ..systems.triggers import auto_declare_triggers
from .choices import settle_choices
from .stack import resolve_top
from .state import Phase

if TYPE_CHECKING:
    from .game import Game


def settle(game: Game) -> None:
    """Run state-based actions and collect triggers until nothing changes
    (rule State-based actions 2: before any player receives priority)."""
    if (not game.dirty and not game.trigger_queue and not game.choices and not game.pending
            and game.phase is not Phase.OVER and (game.ruleset.priority or not game.stack)):
        esper.clear_dead_entities()  # nothing changed, nothing waits: the loop's one pass
        return
    for _ in range(1000):
        for _ in range(1000):
            if game.dirty or game.trigger_queue:
                esper.process()  # state-based actions, then triggers
            else:
                esper.clear_dead_entities()  # both processors would find nothing to do
            if game.phase is Phase.OVER:
                game.stack.clear()
                game.pending.clear()
                game.choices.clear()
                return
            if not game.dirty and not game.trigger_queue:
                break
        if game.choices:
            # a decision waits: triggers are declared once it is made
            if settle_choices(game):
                continue
            return
        if game.pending:
            auto_declare_triggers(game)
        # a ruleset without priority resolves what was declared at once, one item at
        # a time, each settling before the next (a waiting choice stops it)
        if game.ruleset.priority or not game.stack or game.pending:
            return
        resolve_top(game)
