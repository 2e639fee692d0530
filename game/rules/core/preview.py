"""``Game.preview``: an action tried on the game and taken back, to tell what the board
would show after it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Pass
from .view import Preview

if TYPE_CHECKING:
    from .game import Game


def preview_of(game: Game, action: Action) -> Preview:
    """What ``action`` would do now if every other player let it happen: it is applied
    (with passes for whoever holds priority until the stack is empty, when the ruleset
    has priority) and the game is put back as it was. Only what the board shows comes
    out: damage and destroyed permanents. When a random draw took part, ``chance`` is
    set and the numbers are left out, so a preview never tells the future."""
    game.enter()
    if action not in game.legal_actions(action.player):
        return Preview()
    before = {e: game.view(e) for e in game.permanents()}
    rng = game.rng.getstate()
    snap = game.snapshot()
    try:
        game.apply(action)
        for _ in range(4 * len(game.players) + 4):
            actor = game.actor
            if not game.stack or actor is None or Pass(actor) not in game.legal_actions(actor):
                break
            game.apply(Pass(actor))
        chance = game.rng.getstate() != rng
        damage, destroyed = [], []
        for entity, was in before.items():
            if not game.exists(entity) or not game.is_on_map(entity):
                destroyed.append(entity)
                continue
            change = game.view(entity).damage - was.damage
            if change:
                damage.append((entity, change))
    finally:
        game.restore(snap)
    if chance:
        return Preview(chance=True)
    return Preview(tuple(damage), tuple(destroyed))
