"""A tiny named registry: the one pattern behind keywords, effects, marks, targets,
costs, triggers, passives and win conditions. Each entry is added in one place and found
by name; unknown names fail with the list of known ones."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Look:
    """How an entry is drawn: a one-character glyph and a colour (red, green, blue). The
    rules never read it; the window, the minimap and the text dumps do."""

    glyph: str
    colour: Colour


class Registry(Generic[T]):
    def __init__(self, what: str) -> None:
        self.what = what
        self._entries: dict[str, T] = {}
        #: grows with every entry added: lets callers cache what they derive from it
        self.generation = 0

    def add(self, name: str, entry: T) -> T:
        if name in self._entries:
            raise ValueError(f"{self.what} {name!r} is already registered")
        self._entries[name] = entry
        self.generation += 1
        return entry

    def __getitem__(self, name: str) -> T:
        try:
            return self._entries[name]
        except KeyError:
            known = ", ".join(sorted(self._entries))
            raise KeyError(f"unknown {self.what} {name!r} (known: {known})") from None

    def remove(self, name: str) -> T:
        """Take an entry out again (tests and tools that register one for a while)."""
        entry = self[name]
        del self._entries[name]
        self.generation += 1
        return entry

    def get(self, name: str) -> T | None:
        return self._entries.get(name)

    def resolve(self, name: str, namespace: str = "") -> T:
        """The entry ``namespace:name`` when a ruleset registered its own, else ``name``
        (``skirmish:burn`` is not Muhq's ``burn``)."""
        if namespace:
            own = self._entries.get(f"{namespace}:{name}")
            if own is not None:
                return own
        return self[name]

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._entries))

    def names(self) -> list[str]:
        return sorted(self._entries)
