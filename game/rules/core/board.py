"""The map's permanents: entering, moving, piles, marks, granted effects and destruction.

Rules: Permanents 3 and 6, Available Tiles, Permanent Piles 1-5, Crew X, Equipments 7,
and the bookkeeping of marks (their rules live in ``game.rules.marks``). The board index
(``game.board``: tile -> permanent) and the pile index (``game.piles``: container -> its
piled permanents, in order; the one record of piles) are kept here and nowhere else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from .. import effects as fx
from .. import marks as mk
from ..components import AtStore, Body, Granted, Mark, OnMap, Zone
from ..geometry import Tile
from . import zones
from .actions import Action, PlaceDropped
from .choices import CHOICES, ChoiceKind, offer, players_choose, update
from .events import Decided, Destroyed, MarksChanged, PermanentMoved, PermanentPlaced
from .state import PendingChoice

if TYPE_CHECKING:
    from .game import Game


def roster_changed(game: Game) -> None:
    """Who is on the map, or under whose control, changed: the caches of controlled
    permanents and passive sources start again (``game.roster_version``)."""
    game.version += 1
    game.roster_version = game.version


def occupy(game: Game, tile: Tile, entity: int) -> None:
    """``entity`` now stands on ``tile``. The board index holds one permanent per tile:
    the one there, or, where the ruleset lets several share a tile, the first to come."""
    if game.ruleset.occupancy == 1 or tile not in game.board:
        game.board[tile] = entity


def vacate(game: Game, tile: Tile, entity: int) -> None:
    """``entity`` leaves ``tile`` (call before its ``OnMap.tile`` changes)."""
    if game.board.get(tile) != entity:
        return
    del game.board[tile]
    if game.ruleset.occupancy > 1:
        rest = [e for e in game.occupants(tile) if e != entity]
        if rest:
            game.board[tile] = rest[0]


def lift(game: Game, entity: int, on_map: OnMap) -> None:
    """The permanent leaves the tile it stands on, or the pile it is in."""
    if on_map.tile is not None:
        vacate(game, on_map.tile, entity)
    else:
        unpile(game, entity)


def put_on_map(game: Game, entity: int, tile: Tile, controller: int) -> None:
    definition = game.card(entity)
    esper.add_component(entity, OnMap(tile, controller, False))
    fresh = 1 if definition.is_fighter else 0
    esper.add_component(entity, Body(0, fresh, fresh, fresh, definition.durability))
    occupy(game, tile, entity)
    roster_changed(game)
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
    lift(game, entity, on_map)
    on_map.tile = tile
    occupy(game, tile, entity)
    game.version += 1
    game.emit(PermanentMoved(entity, old, tile))


def put_in_pile(game: Game, entity: int, container: int, controller: int) -> None:
    """A card from outside the map enters straight into a pile (readied equipment)."""
    if game.zone(entity) is not Zone.MAP:
        game.move_card(entity, Zone.MAP)
    definition = game.card(entity)
    esper.add_component(entity, OnMap(None, controller, False))
    esper.add_component(entity, Body(0, 0, 0, 0, definition.durability))
    game.piles.setdefault(container, []).append(entity)
    roster_changed(game)


def pile_onto(game: Game, entity: int, container: int) -> None:
    on_map = esper.component_for_entity(entity, OnMap)
    old = game.tile_of(entity)
    lift(game, entity, on_map)
    on_map.tile = None
    game.piles.setdefault(container, []).append(entity)
    game.version += 1
    game.emit(PermanentMoved(entity, old, None))


def unpile(game: Game, entity: int) -> None:
    container = game.container_of(entity)
    if not container:
        return
    members = game.piles[container]
    members.remove(entity)
    if not members:
        del game.piles[container]


def destroy(game: Game, entity: int, reason: str = "destroyed", triggers: bool = True) -> None:
    """Rule Permanents 6: drop the pile, remove marks, card to its owner's discard pile.
    ``triggers=False``: it leaves unseen by what watches deaths (the duel's Ephemeral)."""
    if not game.is_on_map(entity):
        return
    definition = game.card(entity)
    controller = game.controller(entity)
    tile = game.tile_of(entity)
    if tile is None and not game.container_of(entity):
        tile = _dropped_from(game, entity)  # waiting to be placed: its pile drops there
    game.left_map[entity] = controller  # its triggers may still answer this step's events
    if game.activated == entity:
        game.activated = 0
    on_map = esper.component_for_entity(entity, OnMap)
    if on_map.tile is not None:
        vacate(game, on_map.tile, entity)
    unpile(game, entity)
    esper.remove_component(entity, OnMap)
    esper.remove_component(entity, Body)
    roster_changed(game)
    event = Destroyed(entity, definition.name, controller, tile, reason)
    game.emit(event)
    if triggers:
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


def vanish(game: Game, entity: int) -> None:
    """The permanent (and what is piled on it) is taken out of the game without a trace:
    no event, no discard pile, its marks and granted effects gone (``Game.hide_unseen``)."""
    for member in list(game.piles.get(entity, ())):
        vanish(game, member)
    on_map = esper.component_for_entity(entity, OnMap)
    if on_map.tile is not None:
        vacate(game, on_map.tile, entity)
    unpile(game, entity)
    game.piles.pop(entity, None)
    for mark_entity, mark in list(esper.get_component(Mark)):
        if mark.bearer == entity:
            esper.delete_entity(mark_entity, immediate=True)
    for granted_entity, granted in list(esper.get_component(Granted)):
        if granted.target == entity:
            esper.delete_entity(granted_entity, immediate=True)
    if game.activated == entity:
        game.activated = 0
    zones.unplace(game, entity)
    game.defs.pop(entity, None)
    esper.delete_entity(entity, immediate=True)
    roster_changed(game)


def drop_pile(game: Game, container: int, tile: Tile, controller: int) -> None:
    """Rule Permanent Piles 5 (and Equipments 7: durability loss when dropped). The pile's
    controller places its permanents (``drop`` choices); games of rules versions before
    ``CHOICES_VERSION`` put each on a random available tile in range 1."""
    members = list(game.piles.pop(container, []))
    if not members:
        return
    if players_choose(game):
        # the permanents wait off the board (no tile, no pile) until they are placed
        for entity in members:
            if game.card(entity).is_equipment:
                esper.component_for_entity(entity, Body).durability -= 1
        game.version += 1
        offer(game, PendingChoice("drop", controller, container, (tile, tuple(members))))
        return
    for entity in members:
        on_map = esper.component_for_entity(entity, OnMap)
        choices = [t for t in [tile, *game.neighbours[tile]] if game.available(entity, t)]
        definition = game.card(entity)
        if definition.is_equipment:
            esper.component_for_entity(entity, Body).durability -= 1
        if choices:
            spot = choices[game.rng.randrange(len(choices))]
            on_map.tile = spot
            occupy(game, spot, entity)
            game.emit(PermanentMoved(entity, None, spot))
        else:
            on_map.tile = None
            destroy(game, entity, "no room when its pile dropped")
    game.version += 1


def _dropped_from(game: Game, entity: int) -> Tile | None:
    """Where the pile that ``entity`` waits to be placed from was dropped."""
    for choice in game.choices:
        if choice.kind == "drop" and entity in choice.data[1]:
            tile: Tile = choice.data[0]
            return tile
    return None


def dropped(game: Game) -> list[int]:
    """The permanents of dropped piles waiting to be placed (off the board meanwhile)."""
    return [e for c in game.choices if c.kind == "drop" for e in c.data[1]]


def drop_tiles(game: Game, entity: int, tile: Tile) -> list[Tile]:
    """Where a dropped permanent may go: an available tile in range 1 of ``tile``."""
    return [t for t in [tile, *game.neighbours[tile]] if game.available(entity, t)]


def _drop_options(game: Game, choice: PendingChoice) -> list[Action]:
    tile, members = choice.data
    return [PlaceDropped(choice.controller, entity, spot) for entity in members
            for spot in drop_tiles(game, entity, tile)]


def _settle_drop(game: Game, choice: PendingChoice) -> bool:
    """A permanent gone meanwhile (an equipment out of durability) is struck off; one
    without an available tile is destroyed (rule Permanent Piles 5)."""
    tile, members = choice.data
    here = tuple(e for e in members if game.is_on_map(e))
    stuck = [e for e in here if not drop_tiles(game, e, tile)]
    if not stuck and len(here) == len(members) and here:
        return False
    rest = tuple(e for e in here if e not in stuck)
    update(game, choice, PendingChoice("drop", choice.controller, choice.source, (tile, rest))
           if rest else None)
    for entity in stuck:
        destroy(game, entity, "no room when its pile dropped")
    return True


def place_dropped(game: Game, action: PlaceDropped) -> None:
    """The pile's controller puts one dropped permanent on its tile."""
    choice = game.choices[0]
    tile, members = choice.data
    rest = tuple(e for e in members if e != action.permanent)
    update(game, choice, PendingChoice("drop", choice.controller, choice.source, (tile, rest))
           if rest else None)
    esper.component_for_entity(action.permanent, OnMap).tile = action.tile
    occupy(game, action.tile, action.permanent)
    game.version += 1
    game.emit(Decided(action.player, f"P{action.player + 1} places "
                      f"{game.card(action.permanent).name} at {game.geometry.label(action.tile)}"))
    game.emit(PermanentMoved(action.permanent, None, action.tile))


CHOICES.add("drop", ChoiceKind("drop", _drop_options, _settle_drop))


def find_mark(bearer: int, kind: str, tile: Tile | None = None) -> tuple[int, Mark] | None:
    """The mark entity of ``kind`` on ``bearer`` (or on ``tile`` when bearer is 0)."""
    for entity, mark in esper.get_component(Mark):
        if mark.bearer == bearer and mark.kind == kind and mark.tile == tile:
            return entity, mark
    return None


def add_marks(game: Game, bearer: int, kind: str, count: int = 1, source: int = 0,
              tile: Tile | None = None) -> None:
    """Put ``count`` marks of ``kind`` on a permanent (or, with ``bearer`` 0, on ``tile``).
    The kind's entry says how they meet marks already there (``stacking``) and how long
    they last (``duration``, counted down by ``systems.marks.tick``)."""
    if count <= 0:
        return
    entry = mk.MARKS.get(kind)
    if entry is not None and not mk.may_bear(entry, tile is not None):
        where = f"tile {game.geometry.label(tile)}" if tile is not None else "a permanent"
        raise ValueError(f"a {kind} mark can't be put on {where} (bearers: {entry.bearers})")
    if tile is None and entry is not None and mk.refuses_marks(game, bearer, kind):
        return
    if tile is None and entry is not None and entry.on_apply is not None:
        count = entry.on_apply(game, bearer, count)
        if count <= 0:
            return
    stacking = entry.stacking if entry is not None else "add"
    duration = entry.duration if entry is not None else 0
    found = find_mark(bearer, kind, tile)
    if found is not None:
        mark = found[1]
        mark.count = mk.stacked(stacking, mark.count, count)
        if duration:
            mark.left = duration  # a new mark of a lasting kind starts its time again
    else:
        mark = Mark(kind, bearer, 1 if stacking == "single" else count, source, tile, duration)
        esper.create_entity(mark)
    game.version += 1
    game.emit(MarksChanged(bearer, kind, mark.count, tile))


def remove_marks(game: Game, bearer: int, kind: str, count: int = 1,
                 tile: Tile | None = None) -> int:
    found = find_mark(bearer, kind, tile)
    if found is None:
        return 0
    entity, mark = found
    removed = min(count, mark.count)
    mark.count -= removed
    if mark.count <= 0:
        remove_mark_entity(game, entity, mark)
    else:
        game.version += 1
        game.emit(MarksChanged(bearer, kind, mark.count, tile))
    return removed


def remove_mark_entity(game: Game, entity: int, mark: Mark) -> None:
    esper.delete_entity(entity, immediate=True)
    game.version += 1
    game.emit(MarksChanged(mark.bearer, mark.kind, 0, mark.tile))
    entry = mk.MARKS.get(mark.kind)
    if entry is not None:
        entry.on_leave(game, mark)


def grant(game: Game, target: int, what: str, value: Any, until: str, source: int = 0) -> None:
    esper.create_entity(Granted(target, what, value, until, source))
    game.version += 1


def change_controller(game: Game, entity: int, player: int) -> None:
    """Rule Cards 2.2.2: a permanent changes controller (its owner stays); it comes
    tapped, as a permanent newly under its controller's command."""
    on_map = esper.component_for_entity(entity, OnMap)
    on_map.controller = player
    on_map.tapped = True
    roster_changed(game)


def neutralize_store(game: Game, tile: Tile) -> None:
    """Tiles: store — a neutralized store's remaining cards are exiled."""
    game.neutralized.add(tile)
    for card in game.store_stock(tile):
        esper.remove_component(card, AtStore)
        game.move_card(card, Zone.EXILE)
