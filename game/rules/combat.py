"""Combat (rule Combat): both participants deal their attack at the fight's range, each
only if the other stands within its own attack range; cover blocks damage from range > 1;
an attacker with push pushes the attacked permanent away afterwards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from .components import Body
from .events import Attacked
from .geometry import distance

if TYPE_CHECKING:
    from .game import Game


def fight(game: Game, attacker: int, target: int) -> None:
    origin = game.tile_of(attacker)
    where = game.tile_of(target)
    if origin is None or where is None or attacker == target:
        return
    reach = distance(origin, where)
    event = Attacked(attacker, target)
    game._emit(event)  # noqa: SLF001 - combat is part of the engine
    game._queue_trigger_event(event)  # noqa: SLF001
    dealt = game.attack_profile(attacker).get(reach, 0)
    if reach > 1 and game.tile_kind(where).cover and game.card(target).is_fighter:
        dealt = 0
    back = 0
    if game.card(target).is_fighter:
        back = game.attack_profile(target).get(reach, 0)
        if reach > 1 and game.tile_kind(origin).cover:
            back = 0
    game.deal_damage(attacker, target, dealt)
    game.deal_damage(target, attacker, back)
    push = game.keyword(attacker, "push")
    body = esper.try_component(attacker, Body)
    if body is not None and body.fight_push:
        push = max(int(push or 0), body.fight_push)
        body.fight_push = 0
    if push and game.is_on_map(target):
        game.push(target, origin, 1 if push is True else int(push), attacker)
