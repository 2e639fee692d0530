"""The map's permanents: entering, moving, piles, marks, granted effects and destruction.

Rules: Permanents 3 and 6, Available Tiles, Permanent Piles 1-5, Crew X, Equipments 7,
and the bookkeeping of marks (their rules live in ``game.rules.marks``). The board index
(``game.board``: tile -> permanent) and the pile index (``game.piles``: container -> its
piled permanents, in order) are kept here and nowhere else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from .. import effects as fx
from .. import marks as mk
from ..components import Body, Granted, Mark, OnMap, Piled, Zone
from ..geometry import Tile
from .events import Destroyed, MarksChanged, PermanentMoved, PermanentPlaced

if TYPE_CHECKING:
    from .game import Game


def put_on_map(game: Game, entity: int, tile: Tile, controller: int) -> None:
    definition = game.card(entity)
    esper.add_component(entity, OnMap(tile, controller, False))
    fresh = 1 if definition.is_fighter else 0
    esper.add_component(entity, Body(0, fresh, fresh, fresh, definition.durability))
    game.board[tile] = entity
    game.version += 1
    game.emit(PermanentPlaced(entity, tile, controller))


def place_permanent(game: Game, entity: int, tile: Tile, controller: int) -> None:
    """A card enters the map on ``tile`` (which must be available to it)."""
    if game.zone(entity) is not Zone.MAP:
        game.move_card(entity, Zone.MAP)
    put_on_map(game, entity, tile, controller)
    game.queue_trigger_event(PermanentPlaced(entity, tile, controller))


def move_permanent(game: Game, entity: int, tile: Tile) -> None:
    on_map = esper.component_for_entity(entity, OnMap)
    old = game.tile_of(entity)
    if on_map.tile is not None:
        if game.board.get(on_map.tile) == entity:
            del game.board[on_map.tile]
    else:
        unpile(game, entity)
    on_map.tile = tile
    game.board[tile] = entity
    game.version += 1
    game.emit(PermanentMoved(entity, old, tile))


def put_in_pile(game: Game, entity: int, container: int, controller: int) -> None:
    """A card from outside the map enters straight into a pile (readied equipment)."""
    if game.zone(entity) is not Zone.MAP:
        game.move_card(entity, Zone.MAP)
    definition = game.card(entity)
    esper.add_component(entity, OnMap(None, controller, False))
    esper.add_component(entity, Body(0, 0, 0, 0, definition.durability))
    esper.add_component(entity, Piled(container))
    game.piles.setdefault(container, []).append(entity)
    game.version += 1


def pile_onto(game: Game, entity: int, container: int) -> None:
    on_map = esper.component_for_entity(entity, OnMap)
    old = game.tile_of(entity)
    if on_map.tile is not None and game.board.get(on_map.tile) == entity:
        del game.board[on_map.tile]
    elif on_map.tile is None:
        unpile(game, entity)
    on_map.tile = None
    esper.add_component(entity, Piled(container))
    game.piles.setdefault(container, []).append(entity)
    game.version += 1
    game.emit(PermanentMoved(entity, old, None))


def unpile(game: Game, entity: int) -> None:
    piled = esper.try_component(entity, Piled)
    if piled is None:
        return
    members = game.piles.get(piled.container)
    if members is not None:
        members.remove(entity)
        if not members:
            del game.piles[piled.container]
    esper.remove_component(entity, Piled)


def destroy(game: Game, entity: int, reason: str = "destroyed") -> None:
    """Rule Permanents 6: drop the pile, remove marks, card to its owner's discard pile."""
    if not game.is_on_map(entity):
        return
    definition = game.card(entity)
    controller = game.controller(entity)
    tile = game.tile_of(entity)
    game.left_map[entity] = controller  # its triggers may still answer this step's events
    if game.activated == entity:
        game.activated = 0
    on_map = esper.component_for_entity(entity, OnMap)
    if on_map.tile is not None and game.board.get(on_map.tile) == entity:
        del game.board[on_map.tile]
    unpile(game, entity)
    esper.remove_component(entity, OnMap)
    esper.remove_component(entity, Body)
    game.version += 1
    event = Destroyed(entity, definition.name, controller, tile, reason)
    game.emit(event)
    game.queue_trigger_event(event)
    if tile is not None:
        drop_pile(game, entity, tile, controller)
    for mark_entity, mark in list(esper.get_component(Mark)):
        if mark.bearer == entity:
            remove_mark_entity(game, mark_entity, mark)
    for granted_entity, granted in list(esper.get_component(Granted)):
        if granted.target == entity:
            esper.delete_entity(granted_entity, immediate=True)
    if tile is not None and definition.name == fx.WALL_NAME:
        game.tiles[game.geometry.index(tile)] = "neutral"
        game.terrain_version += 1
    game.move_card(entity, Zone.DISCARD)


def drop_pile(game: Game, container: int, tile: Tile, controller: int) -> None:
    """Rule Permanent Piles 5 (and Equipments 7: durability loss when dropped)."""
    members = list(game.piles.pop(container, []))
    for entity in members:
        esper.remove_component(entity, Piled)
        on_map = esper.component_for_entity(entity, OnMap)
        choices = [t for t in [tile, *game.neighbours[tile]] if game.available(entity, t)]
        definition = game.card(entity)
        if definition.is_equipment:
            esper.component_for_entity(entity, Body).durability -= 1
        if choices:
            spot = choices[game.rng.randrange(len(choices))]
            on_map.tile = spot
            game.board[spot] = entity
            game.emit(PermanentMoved(entity, None, spot))
        else:
            on_map.tile = None
            esper.add_component(entity, Piled(0))
            destroy(game, entity, "no room when its pile dropped")
    game.version += 1


def add_marks(game: Game, bearer: int, kind: str, count: int = 1, source: int = 0) -> None:
    if count <= 0:
        return
    for _, mark in esper.get_component(Mark):
        if mark.bearer == bearer and mark.kind == kind:
            mark.count += count
            game.version += 1
            game.emit(MarksChanged(bearer, kind, mark.count))
            return
    esper.create_entity(Mark(kind, bearer, count, source))
    game.version += 1
    game.emit(MarksChanged(bearer, kind, count))


def remove_marks(game: Game, bearer: int, kind: str, count: int = 1) -> int:
    for entity, mark in esper.get_component(Mark):
        if mark.bearer == bearer and mark.kind == kind:
            removed = min(count, mark.count)
            mark.count -= removed
            if mark.count <= 0:
                remove_mark_entity(game, entity, mark)
            else:
                game.emit(MarksChanged(bearer, kind, mark.count))
            return removed
    return 0


def remove_mark_entity(game: Game, entity: int, mark: Mark) -> None:
    esper.delete_entity(entity, immediate=True)
    game.emit(MarksChanged(mark.bearer, mark.kind, 0))
    mk.MARKS[mark.kind].on_leave(game, mark)


def grant(game: Game, target: int, what: str, value: Any, until: str, source: int = 0) -> None:
    esper.create_entity(Granted(target, what, value, until, source))
    game.version += 1


def change_controller(game: Game, entity: int, player: int) -> None:
    """Rule Cards 2.2.2: a permanent changes controller (its owner stays); it comes
    tapped, as a permanent newly under its controller's command."""
    on_map = esper.component_for_entity(entity, OnMap)
    on_map.controller = player
    on_map.tapped = True
    game.version += 1
