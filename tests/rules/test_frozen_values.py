"""Actions and events get a quicker ``__init__`` (``core.frozen.quick_init``): the same
parameters and defaults as the one ``dataclasses`` writes, and still frozen values; and
the listings' actions are kept, one object a value (``core.frozen.kept``)."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from game.rules.core.actions import ACTION_TYPES, Move, PlayCard
from game.rules.core.events import CardMoved
from game.rules.core.frozen import quick_init


@dataclasses.dataclass(frozen=True, slots=True)
class _Sample:
    a: int
    b: tuple[int, ...] = ()
    c: str | None = None


def test_quick_init_keeps_the_signature_and_the_values() -> None:
    before = inspect.signature(_Sample)
    plain = [_Sample(1), _Sample(1, (2,)), _Sample(a=1, c="x"), _Sample(1, (), "y")]
    quick_init(_Sample)
    assert inspect.signature(_Sample) == before
    quick = [_Sample(1), _Sample(1, (2,)), _Sample(a=1, c="x"), _Sample(1, (), "y")]
    assert quick == plain and [hash(q) for q in quick] == [hash(p) for p in plain]
    assert [repr(q) for q in quick] == [repr(p) for p in plain]
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick[0].a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        _Sample()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Sample(1, d=2)  # type: ignore[call-arg]


def test_actions_and_events_are_made_by_the_quick_init() -> None:
    for cls in [*ACTION_TYPES.values(), CardMoved]:
        assert "_set0" in cls.__init__.__code__.co_names, cls.__name__
    assert Move(0, 5, (1, 2)) == Move(player=0, unit=5, tile=(1, 2))
    assert PlayCard(1, 7).targets == () and PlayCard(1, 7).tile is None


def test_quick_init_refuses_what_it_would_get_wrong() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        a: list[int] = dataclasses.field(default_factory=list)

    for cls in (NoSlots, Factory):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_kept_gives_one_object_for_each_value_and_starts_again_at_its_limit() -> None:
    """``kept`` hands out the object it made for equal fields (a listing's Move to a tile,
    a player's Pass), equal to a fresh one; past its limit it forgets what it made."""
    from game.rules.core.frozen import kept

    moves = kept(Move, limit=3)
    first = moves(0, 7, (2, 3))
    assert moves(0, 7, (2, 3)) is first and first == Move(0, 7, (2, 3))
    assert moves(1, 7, (2, 3)) is not first and moves(1, 7, (2, 3)) == Move(1, 7, (2, 3))
    moves(0, 8, (1, 1))  # the third value: at the limit
    again = moves(0, 9, (1, 1))  # a fourth: the table starts again
    assert again == Move(0, 9, (1, 1)) and moves(0, 7, (2, 3)) is not first
    assert moves(0, 7, (2, 3)) == first
