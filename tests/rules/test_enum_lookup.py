"""game.rules.enum_lookup: with 3.11's redundant EnumType.__getattr__ gone, enum classes
still answer exactly as before (members by attribute, name and value; a missing name is an
AttributeError), for the engine's enums and the standard library's."""

from __future__ import annotations

import enum
import http
import re

import pytest

from game.rules import CardType, Phase, Zone
from game.rules.enum_lookup import quicken


def test_the_fallback_is_gone_once_the_engine_is_imported() -> None:
    assert "__getattr__" not in vars(enum.EnumType)
    assert quicken() is False  # nothing left to remove


@pytest.mark.parametrize("kind", [Phase, Zone, CardType, http.HTTPStatus, re.RegexFlag])
def test_members_read_by_attribute_name_and_value(kind: type[enum.Enum]) -> None:
    for member in kind:
        assert getattr(kind, member.name) is member
        assert kind[member.name] is member
        assert kind(member.value) is member


def test_a_missing_member_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        _ = Phase.NOT_A_PHASE  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        _ = Phase.__not_a_dunder__  # type: ignore[attr-defined]


def test_an_enum_made_afterwards_and_a_member_shadowing_a_str_method() -> None:
    class Shade(enum.StrEnum):
        TITLE = "title"
        title = "lower"  # the name of a str method: 3.11 redirects it through a property

    assert Shade.TITLE.value == "title"
    assert Shade.title.value == "lower"
    assert Shade["title"] is Shade.title
