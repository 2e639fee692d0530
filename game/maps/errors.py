"""Problems found in map files, and the error that carries them.

A ``MapProblem`` names the file, the element (``object 7 (king)``, ``map property
win_points``, ``layer 'terrain' cell (3, 4)``...), what was expected and what was found.
``MapError`` carries one or more problems; its message has one line per problem.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class MapProblem:
    file: str
    element: str
    expected: str
    found: str

    def __str__(self) -> str:
        return f"{self.file}: {self.element}: expected {self.expected}, found {self.found}"


def shown(value: Any, limit: int = 80) -> str:
    """A found value as the author will recognise it, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class MapError(ValueError):
    """A map that cannot be loaded.

    Either ``MapError(file, field, expected, found)`` for one problem (``found`` is shown
    with ``repr``), or ``MapError(problems)`` with a list of ``MapProblem``.
    """

    problems: tuple[MapProblem, ...]

    def __init__(self, file: str | Sequence[MapProblem], field: str = "", expected: str = "",
                 found: Any = None) -> None:
        if isinstance(file, str):
            problems: tuple[MapProblem, ...] = (MapProblem(file, field, expected, shown(found)),)
        else:
            problems = tuple(file)
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems) or "unknown map problem")
