"""Snapshots and the state hash.

``snapshot``/``restore`` copy the whole position (every entity's components, the players,
the stack, the indexes and the random generator) so that search can try a line of play and
come back. ``state_hash`` digests a canonical form of the same state: equal positions give
equal hashes on every machine, which is what proves a replay.

esper has no serialisation of its own and hands out entity ids from a per-world counter that
its public API cannot set; a restored position must keep every entity id (components,
indexes and saved actions name entities by id). So ``restore`` (and the walk in
``snapshot``) read and write the current world's tables directly: this module is the only
place in the project that does, and it touches nothing but the current game's own world.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import itertools
import operator
import pickle
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import esper

from ..components import Card, Mark

if TYPE_CHECKING:
    from .game import Game


def canonical(game: Game) -> tuple[Any, ...]:
    entities = []
    table = esper._entities  # noqa: SLF001 - read-only walk of our world
    # a piled permanent's pile is written as it was when piles were also a component
    # (``Piled``) of their members, so positions keep their hashes
    piled = {m: c for c, members in game.piles.items() for m in members}
    # likewise a card's zone, once a component (``InZone``) and now the zone index's
    places = game.places
    for entity in sorted(table):
        comps = table[entity]
        keyers = _ORDERS.get(tuple(comps))
        if keyers is None:
            keyers = _order(tuple(comps))
        keys = [key(comps[kind]) for kind, key in keyers]
        place = places.get(entity)
        pile = piled.get(entity)
        if place is not None:
            keys.append(("InZone", place[0].value, place[1]))
        if pile is not None:
            keys.append(("Piled", pile))
        if place is not None or pile is not None:
            keys.sort(key=operator.itemgetter(0))
        entities.append((entity, tuple(keys)))
    players = tuple(
        (p.resource, p.points, p.eliminated, p.bought, p.upkeep_due, tuple(p.disbanded),
         tuple((z.value, tuple(cards)) for z, cards in p.zones.items()))
        # counters came with rules version 2: only a player who has some adds them, so
        # the positions of earlier games hash as they always did
        + ((tuple(sorted(p.counters.items())),) if p.counters else ())
        for p in [*game.players, game.neutral]
    )
    return (
        game.turn, game.active, game.phase.value, game.priority, game.passes,
        game.activated, tuple(game.tiles), tuple(sorted(game.neutralized)), players,
        tuple(entities),
        tuple((s.kind, s.controller, s.source, s.data) for s in game.stack),
        tuple((t.controller, t.source, t.ability, t.context) for t in game.pending),
        tuple(tuple(p) for p in game.packs), tuple(game.held), game.draft_step,
        game.draft_round, game.winners,
        # choices came with rules version 2: only a position where one waits adds them
    ) + ((tuple((c.kind, c.controller, c.source, c.data) for c in game.choices),)
         if game.choices else ())


def state_hash(game: Game) -> str:
    """A stable hash of everything that matters about the position."""
    game.enter()
    digest = hashlib.blake2b(_flat_bytes((canonical(game), game.rng.getstate())),
                             digest_size=12)
    return digest.hexdigest()


def snapshot(game: Game) -> dict[str, Any]:
    """A copy of the whole position, cheap enough for search (see ``restore``)."""
    game.enter()
    entities = {
        entity: [_clone(c) for c in comps.values()]
        for entity, comps in esper._entities.items()  # noqa: SLF001
    }
    return {
        "entities": entities,
        "next_entity": _peek_counter(),
        "players": [p.copy() for p in game.players],
        "neutral": game.neutral.copy(),
        "scalars": (game.turn, game.active, game.phase, game.priority, game.passes,
                    game.activated, game.winners, game.over_reason, game.draft_round,
                    game.draft_step, game.draft_steps, game.version),
        "tiles": list(game.tiles),
        "neutralized": set(game.neutralized),
        "board": dict(game.board),
        "piles": {k: list(v) for k, v in game.piles.items()},
        "places": dict(game.places),
        "stack": list(game.stack),
        "pending": list(game.pending),
        "choices": list(game.choices),
        "packs": [list(p) for p in game.packs],
        "held": list(game.held),
        "rng": game.rng.getstate(),
        "history": len(game.history),
        "turn_hashes": len(game.turn_hashes),
        "trigger_queue": list(game.trigger_queue),
    }


def restore(game: Game, snap: dict[str, Any]) -> None:
    """Return to a position taken by ``snapshot`` (of this same game)."""
    game.enter()
    ents = esper._entities  # noqa: SLF001
    comps = esper._components  # noqa: SLF001
    ents.clear()
    comps.clear()
    for entity, components in snap["entities"].items():
        table = {}
        for component in components:
            copy = _clone(component)
            kind = type(copy)
            table[kind] = copy
            bucket = comps.get(kind)
            if bucket is None:
                comps[kind] = {entity}
            else:
                bucket.add(entity)
        ents[entity] = table
    esper._dead_entities.clear()  # noqa: SLF001
    esper.clear_cache()
    esper._entity_count = itertools.count(snap["next_entity"])  # noqa: SLF001
    game.players = [p.copy() for p in snap["players"]]
    game.neutral = snap["neutral"].copy()
    (game.turn, game.active, game.phase, game.priority, game.passes, game.activated,
     game.winners, game.over_reason, game.draft_round, game.draft_step, game.draft_steps,
     version) = snap["scalars"]
    game.tiles = list(snap["tiles"])
    game.terrain_version += 1
    game.neutralized = set(snap["neutralized"])
    game.board = dict(snap["board"])
    game.piles = {k: list(v) for k, v in snap["piles"].items()}
    game.places = dict(snap["places"])
    game.stack = list(snap["stack"])
    game.pending = list(snap["pending"])
    game.choices = list(snap["choices"])
    game.packs = [list(p) for p in snap["packs"]]
    game.held = list(snap["held"])
    game.rng.setstate(snap["rng"])
    del game.history[snap["history"]:]
    del game.turn_hashes[snap["turn_hashes"]:]
    game.trigger_queue = list(snap["trigger_queue"])
    game.legal_cache = None
    game.defs = {}
    game.dirty = True
    # caches are keyed by the version: a restored position must never reuse a number a
    # line of play explored since the snapshot has used, so versions only ever grow
    game.version = max(game.version, version) + 1
    game.roster_version = game.version




def _clone(component: Any) -> Any:
    """A shallow copy of a component (components hold no mutable objects)."""
    cloner = _CLONERS.get(component.__class__)
    if cloner is None:
        cloner = _cloner(component.__class__)
    return cloner(component)


#: component class -> its copier: the dataclass built again from its fields, in order
#: (about four times quicker than setting each slot of a bare instance)
_CLONERS: dict[type, Callable[[Any], Any]] = {}


def _cloner(cls: Any) -> Callable[[Any], Any]:
    names = cls.__slots__
    make: Callable[..., Any] = cls
    if not dataclasses.is_dataclass(cls) or [
            f.name for f in dataclasses.fields(cls)] != list(names):
        def clone(component: Any) -> Any:
            copy = cls.__new__(cls)
            for name in names:
                object.__setattr__(copy, name, getattr(component, name))
            return copy
    elif len(names) == 1:
        getter1 = operator.attrgetter(names[0])

        def clone(component: Any) -> Any:
            return make(getter1(component))
    else:
        getter = operator.attrgetter(*names)

        def clone(component: Any) -> Any:
            return make(*getter(component))
    _CLONERS[cls] = clone
    return clone


def _peek_counter() -> int:
    """The next entity id esper will hand out, without consuming it."""
    counter = esper._entity_count  # noqa: SLF001
    value = next(counter)
    esper._entity_count = itertools.count(value)  # noqa: SLF001
    return value


def _flat_bytes(value: Any) -> bytes:
    """Pickle without the memo, so equal values always give equal bytes, whether or not
    they share objects (a plain pickle writes a repeated object as a back-reference)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=4)
    pickler.fast = True  # no memo: deterministic bytes for trees of plain values
    pickler.dump(value)
    return buffer.getvalue()


def _mark_key(m: Mark) -> tuple[Any, ...]:
    """A mark as before tile marks and durations existed, plus those two fields only when
    they are set (so earlier positions keep their hashes)."""
    if m.tile is None and not m.left:
        return ("Mark", m.kind, m.bearer, m.count, m.source)
    return ("Mark", m.kind, m.bearer, m.count, m.source, m.tile, m.left)


_KEYS: dict[type, Callable[[Any], tuple[Any, ...]]] = {
    Card: lambda c: ("Card", c.definition.name, c.owner, c.token),
    Mark: _mark_key,
}


#: the component types of an entity (as esper holds them) -> (type, key function) in the
#: canonical order: by class name, which is the first item of every key
_ORDERS: dict[tuple[type, ...], tuple[tuple[type, Callable[[Any], tuple[Any, ...]]], ...]] = {}


def _order(kinds: tuple[type, ...]) -> tuple[tuple[type, Callable[[Any], tuple[Any, ...]]], ...]:
    for kind in kinds:
        if kind not in _KEYS:
            _component_key_fn(kind)
    found = tuple((kind, _KEYS[kind]) for kind in sorted(kinds, key=lambda k: k.__name__))
    _ORDERS[kinds] = found
    return found


def _component_key_fn(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    key = _KEYS.get(cls)
    if key is None:
        getter = operator.attrgetter(*cls.__slots__)  # type: ignore[attr-defined]
        name = cls.__name__
        if len(cls.__slots__) == 1:  # type: ignore[attr-defined]
            def key(c: Any, getter: Any = getter, name: str = name) -> tuple[Any, ...]:
                return (name, getter(c))
        else:
            def key(c: Any, getter: Any = getter, name: str = name) -> tuple[Any, ...]:
                return (name, *getter(c))
        _KEYS[cls] = key
    return key
