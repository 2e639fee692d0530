"""Snapshots: ``snapshot``/``restore`` copy the whole position (every entity's components,
the players, the stack, the indexes and the random generator) so that search can try a
line of play and come back. (The state hash of a position is ``hashing``'s.)

esper has no serialisation of its own and hands out entity ids from a per-world counter that
its public API cannot set; a restored position must keep every entity id (components,
indexes and saved actions name entities by id). So ``restore`` (and the walk in
``snapshot``) read and write the current world's tables directly: this module is the only
place in the project that writes them (``hashing`` reads them), and it touches nothing but
the current game's own world.
"""

from __future__ import annotations

import dataclasses
import itertools
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import esper

if TYPE_CHECKING:
    from .game import Game


def snapshot(game: Game) -> dict[str, Any]:
    """A copy of the whole position, cheap enough for search (see ``restore``).

    Compact: an entity's components are kept as one dict per entity in which immutable
    components (frozen dataclasses: ``Card``, ``AtStore``...) are the live objects
    themselves, shared, and the others are written down as their field values, grouped
    by class, to be built anew at each ``restore``."""
    game.enter()
    ents = esper._entities  # noqa: SLF001
    mutable: dict[type, list[tuple[int, Any]]] = {}
    for kind, members in esper._components.items():  # noqa: SLF001
        if kind in _SHARED:
            continue
        values = _VALUES.get(kind)
        if values is None:
            if _describe(kind):
                continue
            values = _VALUES[kind]
        mutable[kind] = [(entity, values(ents[entity][kind])) for entity in members]
    entities = {entity: table.copy() for entity, table in ents.items()}
    return {
        "entities": entities,
        "mutable": mutable,
        "kinds": {kind: tuple(members)
                  for kind, members in esper._components.items()},  # noqa: SLF001
        "next_entity": _peek_counter(),
        "players": [p.copy() for p in game.players],
        "neutral": game.neutral.copy(),
        "scalars": (game.turn, game.active, game.phase, game.priority, game.passes,
                    game.activated, game.winners, game.over_reason, game.draft_round,
                    game.draft_step, game.draft_steps, game.version),
        "tiles": list(game.tiles),
        "neutralized": frozenset(game.neutralized),
        "board": game.board.copy(),
        "piles": {k: tuple(v) for k, v in game.piles.items()},
        "places": game.places.copy(),
        "stack": tuple(game.stack),
        "pending": tuple(game.pending),
        "choices": tuple(game.choices),
        "packs": tuple(tuple(p) for p in game.packs),
        "held": tuple(game.held),
        "rng": game.rng.getstate(),
        "history": len(game.history),
        "turn_hashes": len(game.turn_hashes),
        "trigger_queue": tuple(game.trigger_queue),
        "legal": game.legal_cache,
        "board_caches": board_caches(game),
    }


def restore(game: Game, snap: dict[str, Any]) -> None:
    """Return to a position taken by ``snapshot`` (of this same game)."""
    game.enter()
    ents = esper._entities  # noqa: SLF001
    comps = esper._components  # noqa: SLF001
    ents.clear()
    ents.update({entity: table.copy() for entity, table in snap["entities"].items()})
    for kind, found in snap["mutable"].items():
        make = _MAKERS[kind]
        for entity, values in found:
            ents[entity][kind] = make(values)
    comps.clear()
    comps.update({kind: set(members) for kind, members in snap["kinds"].items()})
    esper._dead_entities.clear()  # noqa: SLF001
    esper.clear_cache()
    next_entity = snap["next_entity"]
    esper._entity_count = itertools.count(next_entity)  # noqa: SLF001
    game.players = [p.copy() for p in snap["players"]]
    game.neutral = snap["neutral"].copy()
    (game.turn, game.active, game.phase, game.priority, game.passes, game.activated,
     game.winners, game.over_reason, game.draft_round, game.draft_step, game.draft_steps,
     version) = snap["scalars"]
    if game.tiles != snap["tiles"]:
        game.tiles = list(snap["tiles"])
        game.terrain_version += 1
    game.neutralized = set(snap["neutralized"])
    game.board = snap["board"].copy()
    game.piles = {k: list(v) for k, v in snap["piles"].items()}
    game.places = snap["places"].copy()
    game.stack = list(snap["stack"])
    game.pending = list(snap["pending"])
    game.choices = list(snap["choices"])
    game.packs = [list(p) for p in snap["packs"]]
    game.held = list(snap["held"])
    game.rng.setstate(snap["rng"])
    del game.history[snap["history"]:]
    del game.turn_hashes[snap["turn_hashes"]:]
    game.trigger_queue = list(snap["trigger_queue"])
    # the legal actions are a value of the position: those listed when the snapshot was
    # taken hold again
    game.legal_cache = snap["legal"]
    # an entity id from before the snapshot names the same card again (a card's
    # definition never changes); ids handed out since may come back as other cards
    if max(game.defs, default=0) >= next_entity:
        game.defs = {e: d for e, d in game.defs.items() if e < next_entity}
    game.dirty = True
    # caches are keyed by the version: a restored position must never reuse a number a
    # line of play explored since the snapshot has used, so versions only ever grow
    game.version = max(game.version, version) + 1
    game.roster_version = game.version
    # and what was worked out about the board when the snapshot was taken holds again
    keep_board_caches(game, snap["board_caches"])


#: the names in ``game.caches`` of what the board alone decides (not the turn, the phase,
#: the actions taken nor the version): kept by a snapshot and carried on through an
#: action's own step (``board_caches``)
BOARD_CACHE = "board:"
#: every such name in use (``board_cache``): an action's step looks these up instead of
#: walking through every cache the game keeps
BOARD_CACHE_NAMES: list[str] = []


def board_cache(name: str) -> str:
    """The ``game.caches`` name of a cache of what the board alone decides (``name``
    given the ``board:`` prefix), known from now on to the snapshots and actions' steps."""
    full = f"{BOARD_CACHE}{name}"
    if full not in BOARD_CACHE_NAMES:
        BOARD_CACHE_NAMES.append(full)
    return full


def board_caches(game: Game) -> tuple[Any, dict[str, Any]]:
    """What has been worked out about the board as it stands (at ``game.version``): the
    players' vision and the caches named by ``board_cache``. A cache of the version is filled
    only while the version stands, and every change of the board moves the version on,
    so these hold for this board alone and may be handed on (``keep_board_caches``) to
    the same board at a later version."""
    version = game.version
    vision = game.vision_cache
    return (vision[1] if vision is not None and vision[0] == version else None,
            {name: held[1] for name in BOARD_CACHE_NAMES
             if (held := game.caches.get(name)) is not None and held[0] == version})


def keep_board_caches(game: Game, known: tuple[Any, dict[str, Any]]) -> None:
    """Key what ``board_caches`` found to the current version: the board is the same."""
    vision, named = known
    if vision is not None:
        game.vision_cache = (game.version, vision)
    for name, cache in named.items():
        game.caches[name] = (game.version, cache)


def carry_board_caches(game: Game, since: int) -> None:
    """Key to the current version what ``board_caches`` would have found at version
    ``since``: the board has not changed since (an action's own step)."""
    version = game.version
    vision = game.vision_cache
    if vision is not None and vision[0] == since:
        game.vision_cache = (version, vision[1])
    caches = game.caches
    for name in BOARD_CACHE_NAMES:
        held = caches.get(name)
        if held is not None and held[0] == since:
            caches[name] = (version, held[1])


#: component classes whose instances never change (frozen dataclasses): a snapshot shares
#: them with the live world instead of copying them
_SHARED: set[type] = set()
#: component class -> its field values (a tuple, or the value of a one-field class)
_VALUES: dict[type, Callable[[Any], Any]] = {}
#: component class -> a new instance from what ``_VALUES`` gave
_MAKERS: dict[type, Callable[[Any], Any]] = {}


def _describe(cls: type) -> bool:
    """Fill ``_SHARED``, ``_VALUES`` and ``_MAKERS`` for a component class; True when its
    instances are shared."""
    names: tuple[str, ...] = tuple(getattr(cls, "__slots__", ()))
    params = getattr(cls, "__dataclass_params__", None)
    if params is not None and params.frozen:
        _SHARED.add(cls)
        return True
    make: Callable[..., Any] = cls
    _VALUES[cls] = operator.attrgetter(*names)
    if params is None or [f.name for f in dataclasses.fields(cast(Any, cls))] != list(names):
        def build(values: Any) -> Any:
            copy: Any = object.__new__(cls)
            for name, value in zip(names, (values,) if len(names) == 1 else values,
                                   strict=True):
                object.__setattr__(copy, name, value)
            return copy
        _MAKERS[cls] = build
    elif len(names) == 1:
        _MAKERS[cls] = make
    else:
        _MAKERS[cls] = lambda values: make(*values)
    return False


def _peek_counter() -> int:
    """The next entity id esper will hand out, without consuming it."""
    counter = esper._entity_count  # noqa: SLF001
    value = next(counter)
    esper._entity_count = itertools.count(value)  # noqa: SLF001
    return value
