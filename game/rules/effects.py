"""Registries of what cards do, composed by data: effects, targets, costs, triggers, and
the resolvers of every kind of action on the stack.

- ``EFFECTS``: what an ability does (damage, destroy, draw, add a mark, push, ...).
- ``TARGETS``: what an ability may target (a unit, a permanent, a free tile, ...).
- ``COSTS``: what a free action costs (resource, discarding cards, tapping, ...).
- ``TRIGGERS``: the conditions of triggered abilities ("whenever ... attacks", ...).
- ``RESOLVERS``: how each kind of declared action executes (rule Actions 10.2).

Adding an effect, target, cost or trigger is one entry here; cards name them in data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import esper

from . import combat
from .cards import Ability, CardDef, CardType, EffectSpec
from .components import Body, Mark, OnMap, Zone
from .events import (
    Activated,
    Attacked,
    DamageDealt,
    Destroyed,
    Event,
    PermanentPlaced,
    PhaseStarted,
)
from .geometry import Tile, direction, distance, range_offsets
from .registry import Registry
from .state import StackItem

if TYPE_CHECKING:
    from .game import Game

WALL_NAME = "Wall"


def wall_card(solid: int) -> CardDef:
    """The neutral artifact a wall tile holds (tiles: wall)."""
    return _WALLS.setdefault(solid, CardDef(
        name=WALL_NAME, type=CardType.ARTIFACT, keywords={"solid": solid, "immovable": True},
        token=False,
        texts={"en": f"Solid {solid}. A wall: nothing can be placed here while it stands."},
    ))


_WALLS: dict[int, CardDef] = {}


# ---------------------------------------------------------------------------- context


@dataclass(frozen=True, slots=True)
class Context:
    """What an effect is resolved with."""

    controller: int
    source: int
    targets: tuple[Any, ...]
    event: Mapping[str, Any]


def resolve_ref(game: Game, ctx: Context, ref: Any) -> list[Any]:
    """Turn an effect's ``target`` reference into the things it acts on now."""
    if isinstance(ref, int) and not isinstance(ref, bool):
        if ref < len(ctx.targets):
            return [_as_tile(ctx.targets[ref])]
        return []
    if ref in (None, "self"):
        return [ctx.source]
    if ref == "controller":
        return [ctx.controller]
    if ref in ctx.event:
        return [ctx.event[ref]] if ctx.event[ref] else []
    if ref == "equipped":
        container = game.container_of(ctx.source)
        return [container] if container else []
    if ref == "each_enemy_unit":
        return [u for u in game.units() if game.controller(u) != ctx.controller]
    if ref == "each_own_unit":
        return [u for u in game.units() if game.controller(u) == ctx.controller]
    if ref == "adjacent_enemy_units":
        here = game.tile_of(ctx.source)
        if here is None:
            return []
        return [u for u in game.units() if game.controller(u) != ctx.controller
                and (t := game.tile_of(u)) is not None and distance(here, t) == 1]
    if ref == "opponents":
        return [p.index for p in game.players if p.index != ctx.controller and not p.eliminated]
    raise KeyError(f"unknown target reference {ref!r}")


def _as_tile(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(value)
    return value


def _permanents(game: Game, refs: list[Any]) -> list[int]:
    return [r for r in refs if isinstance(r, int) and game.is_on_map(r)]


# ---------------------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class EffectKind:
    name: str
    run: Callable[[Game, Context, Mapping[str, Any]], None]
    text: Callable[[Mapping[str, Any]], str]
    params: Mapping[str, str]  # parameter name -> "int", "str", "target", "mark", ...


EFFECTS: Registry[EffectKind] = Registry("effect")


def effect(name: str, text: Callable[[Mapping[str, Any]], str], **params: str):  # type: ignore[no-untyped-def]
    def register(fn: Callable[[Game, Context, Mapping[str, Any]], None]):  # type: ignore[no-untyped-def]
        EFFECTS.add(name, EffectKind(name, fn, text, params))
        return fn
    return register


def _target_text(p: Mapping[str, Any], default: str = "it") -> str:
    ref = p.get("target")
    names = {None: "this", "self": "this", "controller": "you", "equipped": "the equipped unit",
             "each_enemy_unit": "each enemy unit", "each_own_unit": "each unit you control",
             "adjacent_enemy_units": "each adjacent enemy unit", "opponents": "each opponent",
             "attacker": "the attacker", "subject": "that unit"}
    if isinstance(ref, int) and not isinstance(ref, bool):
        return "the target" if ref == 0 else f"target {ref + 1}"
    return names.get(ref, default)


@effect("damage", lambda p: f"Deal {p.get('amount', 1)} damage to {_target_text(p)}.",
        amount="int", target="target")
def _damage(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        game.deal_damage(ctx.source, target, int(p.get("amount", 1)))


@effect("destroy", lambda p: f"Destroy {_target_text(p)}.", target="target")
def _destroy(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        game.destroy(target, f"destroyed by {game.card(ctx.source).name}")


@effect("sacrifice", lambda p: f"Sacrifice {_target_text(p)}.", target="target")
def _sacrifice(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Rule Permanents 7: its controller destroys it."""
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", "self"))):
        if game.controller(target) == ctx.controller:
            game.destroy(target, "sacrificed")


@effect("gain_resource", lambda p: f"Gain {p.get('amount', 1)} resource.", amount="int")
def _gain(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    game.gain_resource(ctx.controller, int(p.get("amount", 1)))


@effect("steal_resource",
        lambda p: f"Take up to {p.get('amount', 1)} resource from each opponent.", amount="int")
def _steal(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    for other in resolve_ref(game, ctx, "opponents"):
        taken = min(int(p.get("amount", 1)), game.players[other].resource)
        game.gain_resource(other, -taken)
        game.gain_resource(ctx.controller, taken)


@effect("draw", lambda p: f"Draw {p.get('amount', 1)} card(s).", amount="int")
def _draw(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    game.draw(ctx.controller, int(p.get("amount", 1)))


@effect("heal", lambda p: f"Remove {p.get('amount', 1)} damage from {_target_text(p)}.",
        amount="int", target="target")
def _heal(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        body = esper.component_for_entity(target, Body)
        body.damage = max(0, body.damage - int(p.get("amount", 1)))


@effect("add_mark",
        lambda p: f"Put {p.get('count', 1)} {p.get('mark')} mark(s) on {_target_text(p)}.",
        mark="mark", count="int", target="target")
def _add_mark(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        game.add_marks(target, str(p["mark"]), int(p.get("count", 1)))


@effect("remove_mark",
        lambda p: f"Remove {p.get('count', 1)} {p.get('mark')} mark(s) from {_target_text(p)}.",
        mark="mark", count="int", target="target")
def _remove_mark(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        game.remove_marks(target, str(p["mark"]), int(p.get("count", 1)))


@effect("push", lambda p: f"Push {_target_text(p)} {p.get('distance', 1)} tile(s) away.",
        distance="int", target="target")
def _push(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Rule Push 4: from the source permanent's tile, or from the chosen origin tile."""
    origin = game.tile_of(ctx.source) if game.is_on_map(ctx.source) else None
    if origin is None and len(ctx.targets) > 1:
        origin = _as_tile(ctx.targets[1])
    if origin is None:
        return
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        game.push(target, origin, int(p.get("distance", 1)), ctx.source)


@effect("grant",
        lambda p: (f"{_target_text(p).capitalize()} gets "
                   + (f"{p['keyword']}" if "keyword" in p else f"{int(p.get('amount', 1)):+d} "
                      f"{p.get('stat')}") + (" until end of turn." if p.get('until', 'end_of_turn')
                                             == 'end_of_turn' else ".")),
        keyword="str", stat="str", amount="int", until="str", target="target")
def _grant(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    until = str(p.get("until", "end_of_turn"))
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        if "keyword" in p:
            game.grant(target, "keyword:" + str(p["keyword"]), p.get("value", True), until,
                       ctx.source)
        else:
            game.grant(target, "stat:" + str(p["stat"]), int(p.get("amount", 1)), until,
                       ctx.source)


@effect("create_token", lambda p: f"Create a {p.get('card')} token on {_target_text(p)}.",
        card="card", target="target")
def _token(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Rule Tokens 1-2: a token is created on the map."""
    definition = game.library[str(p["card"])]
    for tile in resolve_ref(game, ctx, p.get("target", 0)):
        if isinstance(tile, tuple) and game.available(definition, tile):
            entity = game.new_card(definition, ctx.controller, Zone.MAP, token=True)
            game._put_on_map(entity, tile, ctx.controller)  # noqa: SLF001


@effect("take_control", lambda p: f"Gain control of {_target_text(p)}.", target="target")
def _take_control(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Rule Cards 2.2.2: a permanent's controller can be any player; its owner stays."""
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        if game.keyword(target, "loyal"):
            continue  # a loyal unit never changes sides
        on_map = esper.component_for_entity(target, OnMap)
        if on_map.controller != ctx.controller:
            on_map.controller = ctx.controller
            on_map.tapped = True
            game._version += 1  # noqa: SLF001


@effect("gain_points", lambda p: f"Gain {p.get('amount', 1)} victory point(s).", amount="int")
def _points(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    game.gain_points(ctx.controller, int(p.get("amount", 1)))


@effect("charge",
        lambda p: "Move in a straight line next to the target unit and attack it, with Push "
                  "for that fight.", target="target")
def _charge(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """The Charger's full action (RULES-NOTES, known cards)."""
    unit = ctx.source
    targets = _permanents(game, resolve_ref(game, ctx, p.get("target", 0)))
    start = game.tile_of(unit)
    if not targets or start is None:
        return
    target = targets[0]
    goal = game.tile_of(target)
    if goal is None:
        return
    stop = charge_stop(game, unit, goal)
    if stop is None:
        return
    if stop != start:
        game._move_permanent(unit, stop)  # noqa: SLF001
    esper.component_for_entity(unit, Body).fight_push = 1
    combat.fight(game, unit, target)


def charge_stop(game: Game, unit: int, goal: Tile) -> Tile | None:
    """The tile next to ``goal`` a straight charge from the unit's tile ends on."""
    start = game.tile_of(unit)
    if start is None:
        return None
    dx, dy = goal[0] - start[0], goal[1] - start[1]
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    step = direction(start, goal)
    tile = start
    spent = 0
    diagonals = 0
    budget = game.movement(unit)
    while (tile[0] + step[0], tile[1] + step[1]) != goal:
        nxt = (tile[0] + step[0], tile[1] + step[1])
        cost = 2 if (step[0] and step[1] and diagonals & 1) else 1
        if step[0] and step[1]:
            diagonals += 1
        spent += cost
        if spent > budget or not game.available(unit, nxt):
            return None
        tile = nxt
    return tile


@effect("intention", lambda p: "Put an intention mark on the target.", target="target")
def _intention(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Rule Intentions 2: the played intention marks its target."""
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        game.add_marks(target, "intention", 1, source=ctx.source)


@effect("ready",
        lambda p: f"Untap {_target_text(p)}; a unit gets its move and attack actions back.",
        target="target")
def _ready(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Ours: the permanent may act again this turn (rule Units 9 gives one of each)."""
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        esper.component_for_entity(target, OnMap).tapped = False
        if game.card(target).is_fighter:
            body = esper.component_for_entity(target, Body)
            body.moves = body.attacks = 1


@effect("repair",
        lambda p: (f"Give back up to {p.get('amount', 1)} durability to {_target_text(p)}, "
                   "or to each equipment it carries."),
        amount="int", target="target")
def _repair(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Ours: durability returns, never above the printed value (rule Equipments 2)."""
    amount = int(p.get("amount", 1))
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        items = [target] if game.card(target).is_equipment else [
            e for e in game.pile(target) if game.card(e).is_equipment]
        for item in items:
            body = esper.component_for_entity(item, Body)
            body.durability = max(body.durability,
                                   min(game.card(item).durability, body.durability + amount))


def run_effects(game: Game, ability: Ability, ctx: Context) -> None:
    for spec in ability.effects:
        EFFECTS[spec.kind].run(game, ctx, spec.params)


def effect_text(spec: EffectSpec) -> str:
    return EFFECTS[spec.kind].text(spec.params)


# ---------------------------------------------------------------------------- targets

TargetFn = Callable[["Game", int, int, Mapping[str, Any]], list[Any]]
TARGETS: Registry[TargetFn] = Registry("target kind")


def _source_tile(game: Game, source: int) -> Tile | None:
    return game.tile_of(source) if game.is_on_map(source) else None


def _filtered(game: Game, player: int, source: int, filters: Mapping[str, Any],
              candidates: list[int]) -> list[int]:
    origin = _source_tile(game, source)
    out = []
    for entity in candidates:
        if entity == source and not filters.get("self", False):
            continue
        tile = game.tile_of(entity)
        if tile is None:
            continue
        who = filters.get("controller")
        if who == "own" and game.controller(entity) != player:
            continue
        if who == "enemy" and game.controller(entity) == player:
            continue
        reach = filters.get("range")
        if reach is not None and origin is not None and distance(origin, tile) > int(reach):
            continue
        if "name" in filters and game.card(entity).name != filters["name"]:
            continue
        if filters.get("damaged") and esper.component_for_entity(entity, Body).damage <= 0:
            continue
        if "mark" in filters and not game.marks(entity, str(filters["mark"])):
            continue
        if filters.get("straight_line") and charge_stop(game, source, tile) is None:
            continue
        if "not_keyword" in filters and game.keyword(entity, str(filters["not_keyword"])):
            continue
        from .keywords import targetable

        if not targetable(game, entity, source, player):
            continue
        out.append(entity)
    return out


def _on_tiles(game: Game) -> list[int]:
    return sorted(game.board.values())


TARGETS.add("unit", lambda g, pl, s, f: _filtered(
    g, pl, s, f, [e for e in _on_tiles(g) if g.card(e).is_unit]))
TARGETS.add("fighter", lambda g, pl, s, f: _filtered(
    g, pl, s, f, [e for e in _on_tiles(g) if g.card(e).is_fighter]))
TARGETS.add("permanent", lambda g, pl, s, f: _filtered(g, pl, s, f, _on_tiles(g)))
TARGETS.add("artifact", lambda g, pl, s, f: _filtered(
    g, pl, s, f, [e for e in _on_tiles(g) if g.card(e).is_artifact
                  and g.card(e).name != WALL_NAME]))


def _tiles(game: Game, player: int, source: int, filters: Mapping[str, Any]) -> list[Any]:
    origin = _source_tile(game, source)
    reach = filters.get("range")
    if origin is not None and reach is not None:
        candidates = [(origin[0] + dx, origin[1] + dy) for dx, dy in range_offsets(int(reach))]
        candidates = [t for t in candidates if game.on_board(t)]
    else:
        candidates = game.map.all_tiles()
    if filters.get("free"):
        candidates = [t for t in candidates if not game.board.get(t, 0)]
    if "card" in filters:
        definition = game.library[str(filters["card"])]
        candidates = [t for t in candidates if game.available(definition, t)]
    return sorted(candidates)


TARGETS.add("tile", _tiles)


# ---------------------------------------------------------------------------- costs


@dataclass(frozen=True, slots=True)
class CostKind:
    name: str
    payable: Callable[[Game, int, int, int], bool]
    pay: Callable[[Game, int, int, int], None]
    text: Callable[[int], str]


COSTS: Registry[CostKind] = Registry("cost")


def _pay_resource(game: Game, player: int, source: int, amount: int) -> None:
    game._pay(player, amount)  # noqa: SLF001


def _pay_discard(game: Game, player: int, source: int, amount: int) -> None:
    hand = [c for c in game.players[player].hand if c != source]
    for card in hand[:amount]:
        game.move_card(card, Zone.DISCARD)


def _pay_tap(game: Game, player: int, source: int, amount: int) -> None:
    esper.component_for_entity(source, OnMap).tapped = True


def _pay_durability(game: Game, player: int, source: int, amount: int) -> None:
    esper.component_for_entity(source, Body).durability -= amount


COSTS.add("resource", CostKind(
    "resource", lambda g, pl, s, a: g.players[pl].resource >= a, _pay_resource,
    lambda a: f"{a} resource"))
COSTS.add("discard_self", CostKind(
    "discard_self", lambda g, pl, s, a: s in g.players[pl].hand,
    lambda g, pl, s, a: g.move_card(s, Zone.DISCARD), lambda a: "discard this card"))
COSTS.add("discard", CostKind(
    "discard", lambda g, pl, s, a: len([c for c in g.players[pl].hand if c != s]) >= a,
    _pay_discard, lambda a: f"discard {a} card(s)"))
COSTS.add("tap", CostKind(
    "tap", lambda g, pl, s, a: g.is_on_map(s) and not esper.component_for_entity(s, OnMap).tapped,
    _pay_tap, lambda a: "tap this"))
COSTS.add("sacrifice", CostKind(
    "sacrifice", lambda g, pl, s, a: g.is_on_map(s) and g.controller(s) == pl,
    lambda g, pl, s, a: g.destroy(s, "sacrificed"), lambda a: "sacrifice this"))
COSTS.add("durability", CostKind(
    "durability", lambda g, pl, s, a: g.is_on_map(s)
    and esper.component_for_entity(s, Body).durability >= a,
    _pay_durability, lambda a: f"remove {a} durability"))
COSTS.add("equipped", CostKind(
    "equipped", lambda g, pl, s, a: bool(g.container_of(s)), lambda g, pl, s, a: None,
    lambda a: "while equipped"))


# ---------------------------------------------------------------------------- triggers

TriggerFn = Callable[["Game", int, Ability, Event], "dict[str, Any] | None"]
TRIGGERS: Registry[TriggerFn] = Registry("trigger")


def _own_upkeep(game: Game, holder: int, ability: Ability, event: Event) -> dict[str, Any] | None:
    if isinstance(event, PhaseStarted) and event.phase == "upkeep" \
            and event.player == game.controller(holder):
        return {}
    return None


def _about_holder(kind: type, field: str,
                  context: Callable[[Any], dict[str, Any]]) -> TriggerFn:
    """A trigger for events of ``kind`` whose ``field`` names the holder itself."""
    def matches(game: Game, holder: int, ability: Ability, event: Event) -> dict[str, Any] | None:
        if isinstance(event, kind) and getattr(event, field) == holder:
            return context(event)
        return None
    return matches


_attacks = _about_holder(Attacked, "attacker",
                         lambda e: {"subject": e.target, "attacker": e.attacker})
_attacked = _about_holder(Attacked, "target",
                          lambda e: {"attacker": e.attacker, "subject": e.attacker})
_enters = _about_holder(PermanentPlaced, "permanent", lambda e: {})
_dies = _about_holder(Destroyed, "permanent", lambda e: {"tile": e.tile})
_damaged = _about_holder(DamageDealt, "target",
                         lambda e: {"attacker": e.source, "subject": e.source})
_activated = _about_holder(Activated, "permanent", lambda e: {})


def _equipped_attacks(game: Game, holder: int, ability: Ability,
                      event: Event) -> dict[str, Any] | None:
    if isinstance(event, Attacked) and event.attacker == game.container_of(holder) != 0:
        return {"subject": event.target, "attacker": event.attacker}
    return None


def _unit_dies(game: Game, holder: int, ability: Ability, event: Event) -> dict[str, Any] | None:
    if isinstance(event, Destroyed) and event.permanent != holder:
        definition = game.card(event.permanent)
        if definition.is_unit:
            who = ability.condition.get("controller")
            mine = event.controller == game.controller(holder)
            if who == "enemy" and mine or who == "own" and not mine:
                return None
            return {"subject": event.permanent}
    return None


for _name, _fn in (("upkeep", _own_upkeep), ("attacks", _attacks),
                   ("equipped_attacks", _equipped_attacks), ("attacked", _attacked),
                   ("enters", _enters), ("dies", _dies), ("unit_dies", _unit_dies),
                   ("damaged", _damaged), ("activated", _activated)):
    TRIGGERS.add(_name, _fn)


# ---------------------------------------------------------------------------- resolvers

Resolver = Callable[["Game", StackItem], None]
RESOLVERS: dict[str, Resolver] = {}


def resolver(kind: str) -> Callable[[Resolver], Resolver]:
    def register(fn: Resolver) -> Resolver:
        RESOLVERS[kind] = fn
        return fn
    return register


@resolver("upkeep")
def _resolve_upkeep(game: Game, item: StackItem) -> None:
    """Rule Upkeep 3.3: disbanded units go; each other unit is paid or destroyed."""
    player = item.controller
    state = game.players[player]
    disband = set(item.data)
    for unit in sorted(disband):
        if game.is_on_map(unit):
            game.destroy(unit, "disbanded")
    for unit in game.controlled_permanents(player):
        definition = game.card(unit)
        if not definition.is_unit:
            continue
        cost = definition.upkeep or 0
        if state.resource >= cost:
            game._pay(player, cost)  # noqa: SLF001
            esper.component_for_entity(unit, OnMap).tapped = False
        else:
            game.destroy(unit, "upkeep not paid")


@resolver("buy")
def _resolve_buy(game: Game, item: StackItem) -> None:
    """Rule Buying 4: the bought card goes onto the discard pile."""
    if game.zone(item.source) is Zone.STORE:
        game.move_card(item.source, Zone.DISCARD)


@resolver("permanent")
def _resolve_permanent(game: Game, item: StackItem) -> None:
    (tile,) = item.data
    card = item.source
    definition = game.card(card)
    if not game.available(definition, tile):
        game.move_card(card, Zone.DISCARD)  # the tile was taken meanwhile
        return
    game.place_permanent(card, tile, item.controller)
    if definition.is_unit:
        # rule Equipments 6: readied equipment is equipped by the next unit played
        state = game.players[item.controller]
        for waiting in list(state.zones[Zone.ASIDE]):
            if game.card(waiting).is_equipment:
                game.put_in_pile(waiting, card, item.controller)


@resolver("equip_next")
def _resolve_equip_next(game: Game, item: StackItem) -> None:
    """The equipment stays aside until the next unit is played (rule Equipments 6)."""


@resolver("spell")
def _resolve_spell(game: Game, item: StackItem) -> None:
    definition = game.card(item.source)
    if definition.effect is not None:
        if definition.type is CardType.INTENTION:
            ctx = Context(item.controller, item.source, item.data, {})
            _intention(game, ctx, {"target": 0})
            if not any(m.kind == "intention" and m.source == item.source
                       for _, m in esper.get_component(Mark)):
                game.move_card(item.source, Zone.DISCARD)
            return
        run_effects(game, definition.effect, Context(item.controller, item.source, item.data, {}))
    if game.zone(item.source) is Zone.ASIDE:
        game.move_card(item.source, Zone.DISCARD)


@resolver("move")
def _resolve_move(game: Game, item: StackItem) -> None:
    from .movement import reachable

    (tile,) = item.data
    unit = item.source
    if not game.is_on_map(unit) or tile not in reachable(game, unit):
        return
    occupant = game.board.get(tile, 0)
    if occupant:
        game._pile_onto(unit, occupant)  # noqa: SLF001 - rule Crew X 2
    else:
        game._move_permanent(unit, tile)  # noqa: SLF001


@resolver("street_move")
def _resolve_street(game: Game, item: StackItem) -> None:
    from .movement import street_reachable

    (tile,) = item.data
    if game.is_on_map(item.source) and tile in street_reachable(game, item.source):
        game._move_permanent(item.source, tile)  # noqa: SLF001


@resolver("attack")
def _resolve_attack(game: Game, item: StackItem) -> None:
    (target,) = item.data
    if game.is_on_map(item.source) and target in game.attack_targets(item.source):
        combat.fight(game, item.source, target)


@resolver("full_action")
def _resolve_full(game: Game, item: StackItem) -> None:
    source, targets = item.data
    unit = item.source
    if not game.is_on_map(unit):
        return
    if source == "card":
        ability = game.card(unit).full_action
        if ability is not None:
            run_effects(game, ability, Context(item.controller, unit, targets, {}))
    elif source == "tile":
        tile = game.tile_of(unit)
        if tile is not None:
            kind = game.tile_kind(tile)
            if kind.worker == game.card(unit).name:
                game.gain_resource(item.controller, kind.worker_gain)
    elif source.startswith("mark:"):
        intention = int(source.split(":", 1)[1])
        for mark_entity, mark in list(esper.get_component(Mark)):
            if mark.kind == "intention" and mark.source == intention:
                bearer = mark.bearer
                ability = game.card(intention).effect
                game._remove_mark_entity(mark_entity, mark)  # noqa: SLF001
                if ability is not None:
                    run_effects(game, ability, Context(item.controller, unit, (bearer,), {}))


@resolver("transport")
def _resolve_transport(game: Game, item: StackItem) -> None:
    from .movement import transport_options

    artifact, tile, drop = item.data
    unit = item.source
    if not (game.is_on_map(unit) and game.is_on_map(artifact)):
        return
    if (tile, drop) not in transport_options(game, unit, artifact):
        return
    if tile != game.tile_of(unit):
        game._move_permanent(unit, tile)  # noqa: SLF001
    game._move_permanent(artifact, drop)  # noqa: SLF001


@resolver("switch")
def _resolve_switch(game: Game, item: StackItem) -> None:
    (artifact,) = item.data
    unit = item.source
    a, b = game.tile_of(unit), game.tile_of(artifact)
    if a is None or b is None or distance(a, b) != 1:
        return
    game._move_permanent(unit, b)  # noqa: SLF001 - overwrites the artifact's board entry
    game._move_permanent(artifact, a)  # noqa: SLF001


@resolver("equip")
def _resolve_equip(game: Game, item: StackItem) -> None:
    """Rule Equipments 5: the equipment forms a pile on the unit."""
    (equipment,) = item.data
    unit = item.source
    a, b = game.tile_of(unit), game.tile_of(equipment)
    if a is None or b is None or distance(a, b) != 1 or game.container_of(equipment):
        return
    game._pile_onto(equipment, unit)  # noqa: SLF001
    esper.component_for_entity(equipment, OnMap).controller = item.controller


@resolver("shake_off")
def _resolve_shake(game: Game, item: StackItem) -> None:
    game.remove_marks(item.source, "paralysis", 1)


@resolver("free_action")
def _resolve_free(game: Game, item: StackItem) -> None:
    index, targets, context = item.data
    if not esper.entity_exists(item.source):
        return
    ability = game.card(item.source).free_actions[index]
    run_effects(game, ability, Context(item.controller, item.source, targets, dict(context)))


@resolver("discard_for_resource")
def _resolve_discard_for_resource(game: Game, item: StackItem) -> None:
    game.gain_resource(item.controller, 1)


@resolver("trigger")
def _resolve_trigger(game: Game, item: StackItem) -> None:
    index, targets, context = item.data
    if not esper.entity_exists(item.source):
        return
    ability = game.card(item.source).triggers[index]
    run_effects(game, ability, Context(item.controller, item.source, targets, dict(context)))


@resolver("mark")
def _resolve_mark(game: Game, item: StackItem) -> None:
    from .marks import MARKS

    (kind,) = item.data
    handler = MARKS[kind].on_activate
    if handler is not None and game.is_on_map(item.source) and game.marks(item.source, kind):
        handler(game, item.source)
