"""How each kind of declared action of Muhq's Game executes when it resolves (rule
Actions 10.2). A resolver checks that the action is still possible, then acts or leaves an
intent for a system (movement, combat, upkeep) to carry out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import esper

from ... import marks as mk
from ...behaviours import run_behaviour
from ...cards import CardType
from ...components import Mark, OnMap, Zone
from ...core.state import StackItem
from ...effects import Context, place_intention, run_effects
from ...marks import MARKS
from ...systems import movement
from ...systems.intents import AttackIntent, MoveIntent
from ...systems.upkeep import resolve_upkeep

if TYPE_CHECKING:
    from ...core.game import Game


Resolver = Callable[["Game", StackItem], None]
RESOLVERS: dict[str, Resolver] = {}


def resolver(kind: str) -> Callable[[Resolver], Resolver]:
    def register(fn: Resolver) -> Resolver:
        RESOLVERS[kind] = fn
        return fn
    return register


@resolver("upkeep")
def _resolve_upkeep(game: Game, item: StackItem) -> None:
    """Rule Upkeep 3.3: carried out by the upkeep system."""
    resolve_upkeep(game, item)


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
            place_intention(game, ctx, {"target": 0})
            if not any(m.kind == "intention" and m.source == item.source
                       for _, m in esper.get_component(Mark)):
                game.move_card(item.source, Zone.DISCARD)
            return
        run_effects(game, definition.effect, Context(item.controller, item.source, item.data, {}))
    if game.zone(item.source) is Zone.ASIDE:
        game.move_card(item.source, Zone.DISCARD)


@resolver("move")
def _resolve_move(game: Game, item: StackItem) -> None:
    """The move still has to be possible; the movement system carries it out."""
    (tile,) = item.data
    unit = item.source
    if game.is_on_map(unit) and tile in movement.reachable(game, unit):
        game.add_intent(unit, MoveIntent(tile))


@resolver("street_move")
def _resolve_street(game: Game, item: StackItem) -> None:
    (tile,) = item.data
    if game.is_on_map(item.source) and tile in movement.street_reachable(game, item.source):
        game.add_intent(item.source, MoveIntent(tile))


@resolver("attack")
def _resolve_attack(game: Game, item: StackItem) -> None:
    (target,) = item.data
    if game.is_on_map(item.source) and target in game.attack_targets(item.source):
        game.add_intent(item.source, AttackIntent(target))


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
                game.remove_mark_entity(mark_entity, mark)
                if ability is not None:
                    run_effects(game, ability, Context(item.controller, unit, (bearer,), {}))


@resolver("transport")
def _resolve_transport(game: Game, item: StackItem) -> None:
    artifact, tile, drop = item.data
    unit = item.source
    if not (game.is_on_map(unit) and game.is_on_map(artifact)):
        return
    if (tile, drop) not in movement.transport_options(game, unit, artifact):
        return
    if tile != game.tile_of(unit):
        game.move_permanent(unit, tile)
    game.move_permanent(artifact, drop)


@resolver("switch")
def _resolve_switch(game: Game, item: StackItem) -> None:
    (artifact,) = item.data
    unit = item.source
    a, b = game.tile_of(unit), game.tile_of(artifact)
    if a is None or b is None or not game.geometry.adjacent(a, b):
        return
    game.move_permanent(unit, b)  # overwrites the artifact's board entry
    game.move_permanent(artifact, a)


@resolver("equip")
def _resolve_equip(game: Game, item: StackItem) -> None:
    """Rule Equipments 5: the equipment forms a pile on the unit."""
    (equipment,) = item.data
    unit = item.source
    a, b = game.tile_of(unit), game.tile_of(equipment)
    if a is None or b is None or not game.geometry.adjacent(a, b) or game.container_of(equipment):
        return
    game.pile_onto(equipment, unit)
    esper.component_for_entity(equipment, OnMap).controller = item.controller
    game.roster_changed()


@resolver("shake_off")
def _resolve_shake(game: Game, item: StackItem) -> None:
    kind = mk.stopping_mark(game, item.source)
    if kind:
        game.remove_marks(item.source, kind, 1)


def _run_ability(game: Game, item: StackItem, kind: str) -> None:
    """A declared free action or trigger: its source's ability number ``index`` of that
    kind runs with the declared targets and context (if the card still exists)."""
    index, targets, context = item.data
    if not esper.entity_exists(item.source):
        return
    ability = getattr(game.card(item.source), kind)[index]
    run_effects(game, ability, Context(item.controller, item.source, targets, dict(context)))


@resolver("free_action")
def _resolve_free(game: Game, item: StackItem) -> None:
    _run_ability(game, item, "free_actions")


@resolver("discard_for_resource")
def _resolve_discard_for_resource(game: Game, item: StackItem) -> None:
    game.gain_resource(item.controller, 1)


@resolver("trigger")
def _resolve_trigger(game: Game, item: StackItem) -> None:
    _run_ability(game, item, "triggers")


@resolver("mark")
def _resolve_mark(game: Game, item: StackItem) -> None:
    (kind,) = item.data
    entry = MARKS[kind]
    if not game.is_on_map(item.source) or not game.marks(item.source, kind):
        return
    if entry.on_activate is not None:
        entry.on_activate(game, item.source)
    if entry.behaviour:
        run_behaviour(game, item.source, entry.behaviour)
        game.remove_marks(item.source, kind, 1)
        game.deactivate()
