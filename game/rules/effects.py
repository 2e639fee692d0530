"""``EFFECTS``: what an ability does (damage, destroy, draw, add a mark, push, ...), and
running an ability's effects. What an ability may target, what it costs and when it
triggers are the registries of ``targets``, ``costs`` and ``triggers``.

Adding an effect is one entry here (plus its locale lines); cards name it in data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import esper

from .cards import Ability, CardDef, CardType, EffectSpec
from .components import Body, OnMap, Zone
from .registry import Registry
from .systems import combat
from .systems.movement import charge_stop

if TYPE_CHECKING:
    from typing import TypeAlias

    from .core.game import Game

    #: what an effect does: ``run(game, context, params)``
    EffectRun: TypeAlias = Callable[[Game, "Context", Mapping[str, Any]], None]

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
                and (t := game.tile_of(u)) is not None and game.geometry.distance(here, t) == 1]
    if ref in ("own_general", "enemy_general"):
        mine = ref == "own_general"
        return [u for u in game.units() if "general" in game.card(u).tags
                and (game.controller(u) == ctx.controller) == mine]
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
    params: Mapping[str, str]  # parameter name -> "int", "str", "flag", "target", "mark", ...


EFFECTS: Registry[EffectKind] = Registry("effect")


def effect(name: str, text: Callable[[Mapping[str, Any]], str], **params: str
           ) -> Callable[[EffectRun], EffectRun]:
    def register(fn: EffectRun) -> EffectRun:
        EFFECTS.add(name, EffectKind(name, fn, text, params))
        return fn
    return register


def _target_text(p: Mapping[str, Any], default: str = "it") -> str:
    ref = p.get("target")
    names: dict[object, str] = {
        None: "this", "self": "this", "controller": "you", "equipped": "the equipped unit",
        "each_enemy_unit": "each enemy unit", "each_own_unit": "each unit you control",
        "adjacent_enemy_units": "each adjacent enemy unit", "opponents": "each opponent",
        "attacker": "the attacker", "subject": "that unit", "own_general": "your general",
        "enemy_general": "the enemy general"}
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
            game.put_on_map(entity, tile, ctx.controller)


@effect("take_control", lambda p: f"Gain control of {_target_text(p)}.", target="target")
def _take_control(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Rule Cards 2.2.2: a permanent's controller can be any player; its owner stays."""
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        if game.keyword(target, "loyal"):
            continue  # a loyal unit never changes sides
        if game.controller(target) != ctx.controller:
            game.change_controller(target, ctx.controller)


@effect("exile_self", lambda p: "Exile this card.")
def _exile_self(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Rule Exile 1: the spell being resolved leaves the game for good instead of going to
    its owner's discard pile (Bribe from rules version 5)."""
    if game.zone(ctx.source) is Zone.ASIDE:
        game.move_card(ctx.source, Zone.EXILE)


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
        game.move_permanent(unit, stop)
    esper.component_for_entity(unit, Body).fight_push = 1
    combat.fight(game, unit, target)


@effect("intention", lambda p: "Put an intention mark on the target.", target="target")
def place_intention(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
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
