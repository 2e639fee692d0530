"""The fleet (seed 003): rule 58, Movement, of a space-empire game's rules reference and
the rules it links to, inside a short game of our own design on a graph of hex star
systems (geometry ``graph``: board sides plus wormhole and hyperlane links). Many units
share a system; a tactical action activates a system with a command token, declares its
moving ships one at a time and moves them together, then space cannon, space combat,
invasion and production follow. Rounds of strategy, action and status phases; objectives
held score points.

Actions are carried out at once (no stack, no priority); ``rounds.advance`` moves the game
on to the next decision after each. The readings of the rules reference are in
``assets/docs/rules-fleet.md``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import CardDef, CardType
from ..base import Ruleset
from . import actions as _actions  # noqa: F401 - registers the fleet's actions
from .handlers import HANDLERS
from .legal import legal_actions
from .movement import FleetMoveSystem
from .setup import setup_game
from .status import attack_profile, exhausted, meters

if TYPE_CHECKING:
    import esper

    from ...core.game import Game
    from ...core.state import StackItem
    from ...geometry import Tile

#: as many units as a system may hold (in practice: no limit but the fleet pool and
#: capacity)
OCCUPANCY = 1_000


def _systems(game: Game) -> list[tuple[esper.Processor, int]]:
    """Movement: the declared ships move together (rule 58.6)."""
    return [(FleetMoveSystem(game), 50)]


def _nothing(game: Game, *args: object) -> None:
    """No phases end by passing priority and no unit is activated."""


def _after_resolution(game: Game, item: StackItem) -> None:
    """Nothing waits on a stack."""


def _no_targets(game: Game, *args: Any) -> list[Any]:
    return []


def _no_spawn(game: Game, player: int, definition: CardDef) -> list[Tile]:
    """Units are built in a home system, never played from a hand."""
    return []


def _start_turn(game: Game, player: int, first: bool = False) -> None:
    """A player's turn in the action phase (also when the player before was
    eliminated)."""
    from .rounds import advance, begin_turn

    begin_turn(game, player)
    advance(game)


FLEET = Ruleset(
    name="fleet",
    geometry="hex",
    card_types=frozenset({CardType.UNIT}),
    setup=setup_game,
    legal_actions=legal_actions,
    handlers=HANDLERS,
    resolvers={},
    start_turn=_start_turn,
    end_phase=_nothing,
    after_resolution=_after_resolution,
    deactivate=_nothing,
    attack_targets=_no_targets,
    target_choices=_no_targets,
    spawn_tiles=_no_spawn,
    systems=_systems,
    card_tags=frozenset({"fleet"}),
    occupancy=OCCUPANCY,
    seats=6,
    map_needs=frozenset({"start_deck"}),
    priority=False,
    store=False,
    lethal=lambda damage, health: damage >= health,
    lethal_text="no health left",
    attack_profile=attack_profile,
    exhausted=exhausted,
    meters=meters,
)
