"""Fighting in a skirmish (seed 004: melee attack, terrain protection, elevated, damage
types, resistance, armor, shield, stasis).

- A unit attacks once per activation. Next to its target it makes a melee attack when it
  has one and may: it must be able to move into the target's hex (a hex it can stand
  on, with the points for the step: move costs count, penalties don't), it pays those
  points as for the step, and a ground unit can't melee a flying one; a rooted unit
  can't melee at all. When the hex is empty after the attack the attacker moves in
  (paying that hex's penalties). A unit with a range above 1 shoots: any enemy it sees
  within range to which its own line is clear; a shot takes no points but, once the
  unit moved or acted, needs it not to be below zero.
- Damage (``hit``): pure damage is dealt as it is. Physical damage is first lessened by
  terrain protection (none for a flying target; melee, ranged or aoe by the target's
  size, +1 on an elevated hex against an attacker on low ground), never below 1; then by
  armor (which may take it to 0); then resistance halves it, rounded up. A unit in
  stasis takes none; a shield takes the whole hit and loses one stack.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.events import Attacked
from ...geometry import Tile
from .movement import step_cost, step_into, step_penalty
from .rules import (
    AOE_HIT,
    MELEE,
    MELEE_HIT,
    PHYSICAL,
    PURE,
    RANGED_HIT,
    RESISTANCE,
    ROOTED,
    STASIS,
    activity,
    armor,
    body,
    can_stand,
    flying,
    high_ground,
    kind_at,
    prop,
    size,
    status,
)
from .sight import line_clear, vision
from .transport import carrier, wreck

if TYPE_CHECKING:
    from ...core.game import Game

_DELIVERY = {MELEE_HIT: 2, RANGED_HIT: 3, AOE_HIT: 4}


def melee_power(game: Game, unit: int) -> int:
    """A unit's melee damage: its attack when it fights next to its foes (range 1), its
    ``skirmish:melee`` when it also has one beside its shot."""
    definition = game.card(unit)
    if definition.range <= 1:
        return max(0, definition.attack + game.bonuses(unit, "attack"))
    extra = game.keyword(unit, MELEE)
    return 0 if extra is None else int(extra)


def ranged_power(game: Game, unit: int) -> tuple[int, int]:
    """(damage, range) of a unit's shot; (0, 0) without one."""
    definition = game.card(unit)
    reach = definition.range + game.bonuses(unit, "range")
    if definition.range <= 1 or reach <= 1:
        return 0, 0
    return max(0, definition.attack + game.bonuses(unit, "attack")), reach


def targetable(game: Game, player: int, target: int) -> bool:
    """An enemy ``player`` sees, standing on the map (not carried), not in stasis."""
    where = game.tile_of(target)
    return (where is not None and game.board.get(where, 0) == target
            and game.controller(target) != player and game.card(target).is_unit
            and not status(game, target, STASIS) and target in vision(game, player).seen)


def may_melee(game: Game, unit: int, target: int) -> bool:
    here, there = game.tile_of(unit), game.tile_of(target)
    if here is None or there is None or not game.geometry.adjacent(here, there):
        return False
    if melee_power(game, unit) <= 0 or status(game, unit, ROOTED):
        return False
    if flying(game, target) and not flying(game, unit):
        return False
    if not can_stand(game, unit, there):
        return False
    return step_cost(game, unit, here, there) <= body(unit).moves


def may_shoot(game: Game, unit: int, target: int) -> bool:
    here, there = game.tile_of(unit), game.tile_of(target)
    damage, reach = ranged_power(game, unit)
    if here is None or there is None or damage <= 0:
        return False
    if game.geometry.distance(here, there) > reach:
        return False
    if activity(unit).acted and body(unit).moves < 0:
        return False
    return line_clear(game, unit, here, there, game.controller(unit))


def attack_targets(game: Game, unit: int) -> list[int]:
    """The enemies ``unit`` may attack now (none from inside a transport)."""
    if body(unit).attacks <= 0 or game.activated != unit or carrier(game, unit):
        return []
    player = game.controller(unit)
    return [e for e in sorted(vision(game, player).seen) if targetable(game, player, e)
            and (may_melee(game, unit, e) or may_shoot(game, unit, e))]


def attack(game: Game, unit: int, target: int) -> None:
    """The attack: melee when it may, else a shot."""
    here, there = game.tile_of(unit), game.tile_of(target)
    if here is None or there is None:
        return
    b = body(unit)
    b.attacks = 0
    activity(unit).acted = True
    game.emit(Attacked(unit, target))
    game.queue_trigger_event(Attacked(unit, target))
    if may_melee(game, unit, target):
        b.moves -= step_cost(game, unit, here, there)
        hit(game, unit, target, melee_power(game, unit), MELEE_HIT)
        fall_if_dead(game, target, overrun=True)
        if game.is_on_map(unit) and not game.board.get(there, 0):
            b.moves -= step_penalty(game, unit, here, there)
            step_into(game, unit, there)
        return
    hit(game, unit, target, ranged_power(game, unit)[0], RANGED_HIT)


def fall_if_dead(game: Game, unit: int, overrun: bool = False) -> None:
    """A unit with no health left dies at once (so that a melee attacker sees its hex
    freed); otherwise the state-based actions would take it a moment later. ``overrun``:
    a melee attacker moves in at once, so a transport's passengers die with it."""
    if game.is_on_map(unit) and game.ruleset.lethal(body(unit).damage, game.health(unit)):
        if overrun:
            wreck(game, unit, game.ruleset.lethal_text)
        else:
            game.destroy(unit, game.ruleset.lethal_text)


def protection(game: Game, target: int, delivery: str, source_tile: Tile | None,
               source: int = 0) -> int:
    """Terrain protection of ``target`` against a ``delivery`` hit."""
    if flying(game, target):
        return 0
    where = game.tile_of(target)
    if where is None:
        return 0
    kind = kind_at(game, where)
    big = size(game, target)
    found = 0
    for low, high, *values in kind.protection:
        if low <= big <= high:
            found = values[_DELIVERY[delivery] - 2]
            break
    if kind.elevated and delivery != AOE_HIT and source and source_tile is not None \
            and not high_ground(game, source, source_tile):
        found += 1
    return found


def damage_after(game: Game, source: int, target: int, amount: int, delivery: str = "",
                 damage_type: str = PHYSICAL) -> int:
    """What ``amount`` damage of ``damage_type`` comes to after the target's defences:
    protection (by ``delivery``: melee, ranged, aoe, or "" for damage that is no
    attack, such as burn), armor and resistance; 0 for a unit in stasis. (A shield then
    takes a whole hit: see ``hit``.)"""
    if amount <= 0 or not game.is_on_map(target) or status(game, target, STASIS):
        return 0
    if damage_type != PURE:
        if delivery:
            origin = game.tile_of(source) if source and game.is_on_map(source) else None
            guard = protection(game, target, delivery, origin, source)
            amount = max(min(amount, 1), amount - guard)
        amount = max(0, amount - armor(game, target))
        if prop(game, target, RESISTANCE):
            amount = math.ceil(amount / 2)
    return amount


def hit(game: Game, source: int, target: int, amount: int, delivery: str = "",
        damage_type: str = PHYSICAL) -> int:
    """Deal ``amount`` damage of ``damage_type`` through the skirmish's damage pipeline
    (``damage_after``, then the shield); returns the damage dealt."""
    amount = damage_after(game, source, target, amount, delivery, damage_type)
    return game.deal_damage(source, target, amount)


def attack_damage(game: Game, unit: int, target: int) -> int:
    """The damage ``unit``'s attack on ``target`` would deal now (before a shield)."""
    if may_melee(game, unit, target):
        return damage_after(game, unit, target, melee_power(game, unit), MELEE_HIT)
    return damage_after(game, unit, target, ranged_power(game, unit)[0], RANGED_HIT)
