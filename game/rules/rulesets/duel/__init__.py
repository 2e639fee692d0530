"""The duel (seed 002): two generals on a 9 x 5 board (geometry ``square-grid``), mana that
grows each turn, mana globes, a bloodbound spell, replace and mulligan, minions summoned
next to a friendly unit, moves of two orthogonal or one diagonal tile, one attack with
strike back, artifacts on the general, the keywords Rush, Flying, Ranged and Provoke, and
the tribes' rules (Bond, battle pets, dervishes, mechs, structures).

Actions are carried out at once (no stack, no priority); triggered abilities resolve right
after the action that caused them. The readings of the rulebook, where it and the digital
game it comes from disagree, are in ``assets/docs/rules-duel.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import CardDef, CardType
from ..base import Ruleset
from ..muhq.legal import target_choices
from ..muhq.resolvers import RESOLVERS as MUHQ_RESOLVERS
from . import effects as _effects  # noqa: F401 - registers the duel's effects
from .handlers import HANDLERS
from .legal import legal_actions
from .rules import attack_targets, keyword, summon_tiles
from .setup import setup_game
from .status import attack_profile, exhausted, meters
from .systems import systems, wear_artifacts
from .turn import start_turn

if TYPE_CHECKING:
    import esper

    from ...core.game import Game
    from ...core.state import StackItem
    from ...geometry import Tile


def _systems(game: Game) -> list[tuple[esper.Processor, int]]:
    """Movement, then combat; and artifacts wear as their general is damaged."""
    game.bus.subscribe(lambda event: wear_artifacts(game, event))
    return list(systems(game))


def _nothing(game: Game, *args: object) -> None:
    """The duel has no phases to end by passing and no activated unit to tap."""


def _after_resolution(game: Game, item: StackItem) -> None:
    """Nothing to do after a triggered ability resolves."""


def _spawn_tiles(game: Game, player: int, definition: CardDef) -> list[Tile]:
    return summon_tiles(game, player) if definition.is_unit else []


DUEL = Ruleset(
    name="duel",
    geometry="square-grid",
    card_types=frozenset({CardType.UNIT, CardType.SPELL, CardType.ARTIFACT}),
    setup=setup_game,
    legal_actions=legal_actions,
    handlers=HANDLERS,
    resolvers={"trigger": MUHQ_RESOLVERS["trigger"]},
    start_turn=start_turn,
    end_phase=_nothing,
    after_resolution=_after_resolution,
    deactivate=_nothing,
    attack_targets=attack_targets,
    target_choices=target_choices,
    spawn_tiles=_spawn_tiles,
    systems=_systems,
    card_tags=frozenset({"duel"}),
    map_needs=frozenset(),
    priority=False,
    store=False,
    lethal=lambda damage, health: damage >= health,
    lethal_text="no health left",
    attack_profile=attack_profile,
    exhausted=exhausted,
    meters=meters,
    keyword=keyword,
)
