"""What a skirmish player may know (the issue's "vision": each side sees only what its
units see). ``sees`` is the ruleset's list of the permanents a player sees; ``conceal``
turns each event into what a player may learn of it:

- an event about a permanent the player sees (or its own) is shown as it is;
- an action of a unit it does not see reads "P2 acts out of sight";
- damage it sees done by an unseen unit names no source;
- a move, attack, placement or status change of an unseen unit is not shown; nor is the
  death of one, unless it died on a hex the player sees.

(What a side sees is reckoned after the action: a unit that walks out of sight is seen
arriving where it was last seen no more.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import (
    ActionDeclared,
    Activated,
    Attacked,
    DamageDealt,
    DamagePrevented,
    Destroyed,
    Event,
    MarksChanged,
    PermanentMoved,
    PermanentPlaced,
)
from ...geometry import Tile
from .combat import ranged_power
from .rules import sight as sight_of
from .sight import line_clear, vision

if TYPE_CHECKING:
    from ...core.game import Game


def sees(game: Game, player: int) -> frozenset[int]:
    return vision(game, player).seen


def sight(game: Game, player: int) -> frozenset[Tile]:
    return vision(game, player).hexes


def sensed(game: Game, player: int) -> frozenset[Tile]:
    return vision(game, player).sensed


def sight_line_clear(game: Game, unit: int, tile: Tile) -> bool | None:
    """The ruleset's ``line_of_sight``: the unit's own line to ``tile`` (what its shots
    and abilities need), for hexes within its sight or its reach only (None beyond: a
    line past what its side can see could tell of a unit it does not see)."""
    here = game.tile_of(unit)
    if here is None:
        return None
    reach = max(sight_of(game, unit), ranged_power(game, unit)[1])
    if game.geometry.distance(here, tile) > reach:
        return None
    return line_clear(game, unit, here, tile, game.controller(unit))


def conceal(game: Game, event: Event, viewer: int) -> Event | None:
    if viewer < 0 or viewer >= len(game.players):
        return event
    seen = vision(game, viewer).seen

    def known(entity: int) -> bool:
        return not entity or entity in seen or _own(game, entity, viewer)

    if isinstance(event, ActionDeclared):
        if known(event.subject):
            return event
        return ActionDeclared(event.player, f"P{event.player + 1} acts out of sight")
    if isinstance(event, (DamageDealt, DamagePrevented)):
        if not known(event.target):
            return None
        if known(event.source):
            return event
        if isinstance(event, DamageDealt):
            return DamageDealt(0, event.target, event.amount)
        return DamagePrevented(0, event.target, event.amount, event.reason)
    if isinstance(event, Attacked):
        return event if known(event.attacker) and known(event.target) else None
    if isinstance(event, (PermanentMoved, PermanentPlaced, Activated)):
        return event if known(event.permanent) else None
    if isinstance(event, MarksChanged):
        return event if event.tile is not None or known(event.bearer) else None
    if isinstance(event, Destroyed):
        if event.controller == viewer or event.tile in vision(game, viewer).hexes:
            return event
        return None
    return event


def _own(game: Game, entity: int, viewer: int) -> bool:
    return game.exists(entity) and game.controller(entity) == viewer
