"""``TARGETS``: what an ability may target (a unit, a permanent, a free tile, ...), with
the filters card data may add (range, owner, keyword, a straight line, ...)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import esper

from .components import Body
from .effects import WALL_NAME
from .geometry import Tile
from .keywords import targetable
from .registry import Registry
from .systems.movement import charge_stop

if TYPE_CHECKING:
    from .core.game import Game


TargetFn = Callable[["Game", int, int, Mapping[str, Any]], list[Any]]
TARGETS: Registry[TargetFn] = Registry("target kind")


def _source_tile(game: Game, source: int) -> Tile | None:
    return game.tile_of(source) if game.is_on_map(source) else None


def _filtered(game: Game, player: int, source: int, filters: Mapping[str, Any],
              candidates: list[int]) -> list[int]:
    origin = _source_tile(game, source)
    with_self = filters.get("self", False)
    who = filters.get("controller")
    reach = filters.get("range")
    within = int(reach) if reach is not None else 0
    has_name, name = "name" in filters, filters.get("name")
    damaged = filters.get("damaged")
    mark = str(filters["mark"]) if "mark" in filters else None
    straight = filters.get("straight_line")
    not_keyword = str(filters["not_keyword"]) if "not_keyword" in filters else None
    tag, not_tag = filters.get("tag"), filters.get("not_tag")
    has_tag, has_not_tag = "tag" in filters, "not_tag" in filters
    out = []
    for entity in candidates:
        if entity == source and not with_self:
            continue
        tile = game.tile_of(entity)
        if tile is None:
            continue
        if who == "own" and game.controller(entity) != player:
            continue
        if who == "enemy" and game.controller(entity) == player:
            continue
        if (reach is not None and origin is not None
                and game.geometry.distance(origin, tile) > within):
            continue
        if has_name and game.card(entity).name != name:
            continue
        if damaged and esper.component_for_entity(entity, Body).damage <= 0:
            continue
        if mark is not None and not game.marks(entity, mark):
            continue
        if straight and charge_stop(game, source, tile) is None:
            continue
        if not_keyword is not None and game.keyword(entity, not_keyword):
            continue
        if has_tag or has_not_tag:
            tags = game.card(entity).tags
            if has_tag and tag not in tags:
                continue
            if has_not_tag and not_tag in tags:
                continue
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
        candidates = list(game.geometry.within(origin, int(reach)))
    else:
        candidates = game.map.all_tiles()
    if filters.get("free"):
        candidates = [t for t in candidates if not game.board.get(t, 0)]
    if "card" in filters:
        definition = game.library[str(filters["card"])]
        candidates = [t for t in candidates if game.available(definition, t)]
        if filters.get("spawn"):  # where the player may play that card (its spawn tiles)
            where = set(game.spawn_tiles(player, definition))
            candidates = [t for t in candidates if t in where]
    return sorted(candidates)


TARGETS.add("tile", _tiles)


