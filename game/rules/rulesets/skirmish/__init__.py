"""The skirmish (seed 004): hex tactics in rounds of alternating single activations,
movement points against terrain costs and penalties, melee and ranged attacks with line
of sight, terrain protection by size and high ground, damage types, armor and
resistance, timed statuses, and what each side can see. Maps are hexagonal (geometry
``hex``); armies are the map's pieces and spawn-hex units; control points and
elimination win.

Actions are carried out at once (no stack, no priority); triggered abilities resolve
right after the action that caused them. The readings of the rules list, where its
notes and the code it comes from disagree, are in ``assets/docs/rules-skirmish.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import CardDef, CardType
from ..base import Ruleset
from ..muhq.resolvers import RESOLVERS as MUHQ_RESOLVERS
from . import statuses as _statuses  # noqa: F401 - registers the statuses and properties
from .abilities import target_choices
from .combat import attack_targets
from .fog import conceal, sees, sensed, sight, sight_line_clear
from .handlers import HANDLERS
from .legal import legal_actions
from .movement import route_to
from .rounds import start_turn
from .setup import setup_game
from .status import attack_profile, exhausted, meters
from .transport import on_event as transport_event

if TYPE_CHECKING:
    import esper

    from ...core.game import Game
    from ...core.state import StackItem
    from ...geometry import Tile


def _systems(game: Game) -> list[tuple[esper.Processor, int]]:
    """No systems of its own (its actions are carried out at once); a fallen transport's
    passengers get out or die as the transport leaves the map."""
    game.bus.subscribe(lambda event: transport_event(game, event))
    return []


def _nothing(game: Game, *args: object) -> None:
    """The skirmish has no phases to end by passing and no stack to wait on."""


def _after_resolution(game: Game, item: StackItem) -> None:
    """Nothing to do after a triggered ability resolves."""


def _no_spawns(game: Game, player: int, definition: CardDef) -> list[Tile]:
    """Units take the field at set-up only."""
    return []


SKIRMISH = Ruleset(
    name="skirmish",
    geometry="hex",
    card_types=frozenset({CardType.UNIT}),
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
    spawn_tiles=_no_spawns,
    systems=_systems,
    card_tags=frozenset({"skirmish"}),
    map_needs=frozenset(),
    priority=False,
    store=False,
    lethal=lambda damage, health: damage >= health,
    lethal_text="no health left",
    attack_profile=attack_profile,
    exhausted=exhausted,
    meters=meters,
    sees=sees,
    conceal=conceal,
    sight=sight,
    sensed=sensed,
    route=route_to,
    line_of_sight=sight_line_clear,
    movement_points=True,
    hands=False,
)
