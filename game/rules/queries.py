"""Queries and edits outside the rules, for scenarios, tests and tools only.

Everything outside ``game/rules/`` reads a game through its public API (``game.view``,
``legal_actions``, events) and changes it through ``apply``. A few scenarios and tools need
a little more: see the zone record a card carries, add a registry entry for a while, or
tidy up the esper worlds games leave behind. Those live here, as free functions (taking
the game first when they read one), so that nothing outside the engine touches esper or a
private name of ``game.rules``. Play never calls them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

import esper

from .components import Zone

if TYPE_CHECKING:
    from .core.game import Game
    from .registry import Registry

__all__ = ["close_worlds", "live_worlds", "registered", "zone_record"]

T = TypeVar("T")


def zone_record(game: Game, entity: int) -> tuple[int, Zone]:
    """(player, zone): whose zone list the card's own record says it is in. The player is
    the zone's holder, which for the map and aside is the owner and for draft packs the
    neutral side; ``game.view(entity).zone`` gives the zone alone."""
    zone, holder = game.places[entity]
    return holder, zone


def live_worlds() -> set[str]:
    """The names of every esper world alive now (each ``Game`` has one)."""
    return set(esper.list_worlds())


def close_worlds(names: Iterable[str]) -> None:
    """Delete the named esper worlds (the default world is kept) and make the default
    world current: test hygiene for games that were never ``close()``d."""
    esper.switch_world("default")
    alive = set(esper.list_worlds())
    for name in names:
        if name != "default" and name in alive:
            esper.delete_world(name)


@contextmanager
def registered(registry: Registry[T], name: str, entry: T) -> Iterator[T]:
    """Add ``entry`` to a registry (effects, keywords, marks...) for the length of a
    ``with`` block, then take it out again: a test's or tool's own entry that must not
    outlive it. Fails like ``Registry.add`` when the name is taken."""
    registry.add(name, entry)
    try:
        yield entry
    finally:
        del registry._entries[name]  # noqa: SLF001
