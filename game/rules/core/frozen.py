"""Quicker making of the engine's small frozen values (actions, events).

``dataclasses`` writes the ``__init__`` of a frozen class as one
``object.__setattr__(self, name, value)`` per field, which looks the slot up by name each
time; actions and events are made by the thousand for every second of search, and
setting each slot through its descriptor, found once, takes about a third less time.
``quick_init`` gives a frozen, slotted dataclass that ``__init__``: the same parameters,
in the same order, with the same defaults; nothing else about the class changes (it stays
frozen, compares, hashes and prints as before). ``kept`` goes further for the values a
listing hands out again and again: each is made once."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

#: a kept value's class
V = TypeVar("V")


def quick_init(cls: type) -> None:
    """Replace the ``__init__`` that ``dataclasses`` wrote for ``cls`` (a frozen dataclass
    with slots and no ``__post_init__``, defaults but no default factories)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init takes frozen dataclasses with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init does not call __post_init__")
    names: list[str] = []
    scope: dict[str, Any] = {}
    lines = []
    for index, field in enumerate(dataclasses.fields(cls)):
        if field.default_factory is not dataclasses.MISSING or not field.init or field.kw_only:
            raise TypeError(f"{cls.__name__}.{field.name}: quick_init takes plain fields")
        name = field.name
        if field.default is dataclasses.MISSING:
            names.append(name)
        else:
            scope[f"_default{index}"] = field.default
            names.append(f"{name}=_default{index}")
        scope[f"_set{index}"] = _slot(cls, name).__set__
        lines.append(f"    _set{index}(self, {name})")
    source = f"def __init__(self, {', '.join(names)}):\n" + "\n".join(lines or ["    pass"])
    exec(source, scope)  # noqa: S102 - code made here from the class's own field names
    init = scope["__init__"]
    init.__annotations__ = dict(cls.__init__.__annotations__)  # type: ignore[misc]
    init.__doc__ = cls.__init__.__doc__  # type: ignore[misc]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]


def _slot(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        found = klass.__dict__.get(name)
        if found is not None:
            return found
    raise TypeError(f"{cls.__name__}: no slot {name!r}")


def kept(make: Callable[..., V], limit: int = 4096) -> Callable[..., V]:
    """One object for each value of a frozen class (an action a listing hands out again
    and again: a player's pass, a unit's move to a tile), or one answer of a function of
    plain values: ``kept(cls)(*fields)`` is the object ``cls(*fields)`` made the first
    time and given back since, so a listing spends a lookup instead of making it anew.
    Holds at most ``limit`` of them (then starts again). A plain function, not an object
    with ``__call__``: calling it is the cheaper call."""
    made: dict[tuple[Any, ...], V] = {}

    def get(*fields: Any) -> V:
        found = made.get(fields)
        if found is None:
            if len(made) >= limit:
                made.clear()
            found = made[fields] = make(*fields)
        return found

    return get
