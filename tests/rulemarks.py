"""Mark a test with the rules it checks, beyond the one its name already says.

A test named ``test_upkeep_3_4_...`` covers rule "Upkeep 3.4" of ``assets/docs/rules.md``
by its name alone. To claim more rules, decorate it::

    from rulemarks import rules   # or: from tests.rulemarks import rules

    @rules("Upkeep 3.5", "State-based actions 3.1")
    def test_upkeep_3_4_unpaid_unit_is_destroyed() -> None:
        ...

``tools/rules_index.py`` finds the decorator by reading the source (a call named ``rules``
or ``<something>.rules`` with string arguments), so write the rule IDs as string literals.
At run time the decorator only records the IDs on the function as ``__rules__``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def rules(*rule_ids: str) -> Callable[[F], F]:
    """Record ``rule_ids`` on the decorated test as ``__rules__`` and return it unchanged."""

    def mark(function: F) -> F:
        previous: tuple[str, ...] = getattr(function, "__rules__", ())
        function.__rules__ = previous + rule_ids  # type: ignore[attr-defined]
        return function

    return mark
