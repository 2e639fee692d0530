"""The combat system (rule Combat): both participants deal their attack at the fight's
range, each only if the other stands within its own attack range; cover blocks damage from
range > 1; an attacker with push pushes the attacked permanent away afterwards. Damage
goes through ``deal_damage`` (rules Protection 2, Ward 2-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from .. import keywords as kw
from .. import marks as mk
from ..components import Body
from ..core.events import Attacked, DamageDealt, DamagePrevented
from .intents import AttackIntent, IntentSystem

if TYPE_CHECKING:
    from ..core.game import Game


def fight(game: Game, attacker: int, target: int) -> None:
    origin = game.tile_of(attacker)
    where = game.tile_of(target)
    if origin is None or where is None or attacker == target:
        return
    reach = game.geometry.distance(origin, where)
    event = Attacked(attacker, target)
    game.emit(event)
    game.queue_trigger_event(event)
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


def deal_damage(game: Game, source: int, target: int, amount: int) -> int:
    """Deal damage; protection and marks such as ward may prevent it (rules Protection 2,
    Ward 2-3: the mark's ``on_damage`` hook)."""
    if amount <= 0 or not game.is_on_map(target):
        return 0
    if source and esper.entity_exists(source) and kw.protected_from(game, target, source):
        game.emit(DamagePrevented(source, target, amount, "protection"))
        return 0
    preventing = mk.with_hook("on_damage")
    if preventing:
        held = game.marks_on(target)
        for name, kind in preventing.items():
            count = held.get(name, 0)
            if count and kind.on_damage is not None:
                amount = kind.on_damage(game, source, target, amount, count)
                if amount <= 0:
                    return 0
    body = esper.component_for_entity(target, Body)
    if game.card(target).is_equipment and not game.keyword(target, "solid"):
        body.durability -= amount
    else:
        body.damage += amount
    game.emit(DamageDealt(source, target, amount))
    game.queue_trigger_event(DamageDealt(source, target, amount))
    return amount


def _attack(game: Game, entity: int, intent: AttackIntent) -> None:
    fight(game, entity, intent.target)


class CombatSystem(IntentSystem[AttackIntent]):
    """Carries out attack intents: the attacker fights its target."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, AttackIntent, _attack)
