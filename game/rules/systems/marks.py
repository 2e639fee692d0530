"""The mark tick system: lasting marks count down and ticking marks act.

A mark kind with a ``tick`` (``turn_end``, ``round_start`` or ``activation``) runs its
``on_tick`` hook at that moment for each bearer, and, when the kind has a ``duration``,
one tick of its time passes; a mark whose time is up is removed (with its ``on_leave``).
The ruleset's turn machine says when a turn ends or a round starts (``tick``); the
``activation`` tick follows the ``Activated`` event.

Which marks a tick concerns:
- ``turn_end``: marks on the permanents the player whose turn ends controls, and every
  tile mark (a tile belongs to no one, so its marks count the turns of all players);
- ``round_start`` and ``round_end``: every mark;
- ``activation``: the marks on the activated permanent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from .. import marks as mk
from ..components import Mark
from ..core.events import MarksChanged

if TYPE_CHECKING:
    from ..core.game import Game


def tick(game: Game, when: str, player: int | None = None, permanent: int = 0) -> None:
    """One ``when`` tick (see the module's docstring for which marks it concerns)."""
    ticking = {name: kind for name, kind in mk.with_hook("tick").items() if kind.tick == when}
    if not ticking:
        return
    orders = sorted({kind.tick_order for kind in ticking.values()})
    for order in orders:
        _tick_kinds(game, when, player, permanent,
                    {n: k for n, k in ticking.items() if k.tick_order == order})


def _tick_kinds(game: Game, when: str, player: int | None, permanent: int,
                ticking: dict[str, mk.MarkKind]) -> None:
    due: list[tuple[int, Mark]] = []
    for entity, mark in esper.get_component(Mark):
        if mark.kind not in ticking:
            continue
        if when == "activation" and mark.bearer != permanent:
            continue
        if when == "turn_end" and mark.tile is None and (
                not game.is_on_map(mark.bearer) or game.controller(mark.bearer) != player):
            continue
        due.append((entity, mark))
    for entity, mark in sorted(due, key=lambda pair: pair[0]):
        if not esper.entity_exists(entity):
            continue  # an earlier tick removed it (its bearer died)
        kind = ticking[mark.kind]
        if kind.on_tick is not None:
            kind.on_tick(game, entity)
        if not esper.entity_exists(entity) or not kind.duration:
            continue
        mark.left -= 1
        game.version += 1
        if mark.left <= 0:
            game.remove_mark_entity(entity, mark)
        else:
            game.emit(MarksChanged(mark.bearer, mark.kind, mark.count, mark.tile))
