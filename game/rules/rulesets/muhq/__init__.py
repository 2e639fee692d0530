"""Muhq's Game (seed 000, the rulebook): draft or given stores, one resource with the map's
income, upkeep, one move and one attack per activated unit, the stack with priority in turn
order, one permanent per tile, the rulebook's range metric (geometry ``square-muhq``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import CardType
from ...systems.combat import CombatSystem
from ...systems.movement import MovementSystem
from ...systems.upkeep import UpkeepSystem
from ..base import Ruleset
from .handlers import HANDLERS
from .legal import attack_targets, legal_actions, target_choices
from .resolvers import RESOLVERS
from .setup import setup_game, spawn_tiles
from .turn import after_resolution, deactivate, end_phase, start_turn

if TYPE_CHECKING:
    import esper

    from ...core.game import Game


def _systems(game: Game) -> list[tuple[esper.Processor, int]]:
    """Movement, upkeep and combat intents, carried out in this order."""
    return [(MovementSystem(game), 50), (UpkeepSystem(game), 40), (CombatSystem(game), 30)]


MUHQ = Ruleset(
    name="muhq",
    geometry="square-muhq",
    card_types=frozenset(CardType),
    setup=setup_game,
    legal_actions=legal_actions,
    handlers=HANDLERS,
    resolvers=RESOLVERS,
    start_turn=start_turn,
    end_phase=end_phase,
    after_resolution=after_resolution,
    deactivate=deactivate,
    attack_targets=attack_targets,
    target_choices=target_choices,
    spawn_tiles=spawn_tiles,
    systems=_systems,
    choices=True,
)
