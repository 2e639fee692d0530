"""The keyword registry: named properties a card can have (crew X, solid X, shroud,
protection from X, swimming, push X, ...).

Each keyword is one ``Keyword`` entry: what parameter it takes and how its rules text
reads. Systems ask ``Game.keyword(entity, name)``; the checks that several systems share
(targeting, protection) live here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import CardDef
from .registry import Registry

if TYPE_CHECKING:
    from .core.game import Game


@dataclass(frozen=True, slots=True)
class Keyword:
    name: str
    #: "none" (a flag), "int" (X), or "spec" (protection's X: a name, type or condition)
    param: str
    text: Callable[[Any], str]
    rule: str


KEYWORDS: Registry[Keyword] = Registry("keyword")


def _flag(label: str) -> Callable[[Any], str]:
    return lambda _value: label


def _numbered(label: str, omit_one: bool = False) -> Callable[[Any], str]:
    def text(value: Any) -> str:
        if value is True or (omit_one and int(value) == 1):
            return label
        return f"{label} {int(value)}"
    return text


def describe_spec(spec: Any) -> str:
    """Human text of a protection spec ("Die!", "spells", "units with buy cost > 7")."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, Mapping):
        parts = []
        if "type" in spec:
            parts.append(f"{spec['type']}s")
        if "name" in spec:
            parts.append(str(spec["name"]))
        if "controller" in spec:
            parts.insert(0, f"{spec['controller']}")
        if "buy_above" in spec:
            parts.append(f"with buy cost > {spec['buy_above']}")
        return " ".join(parts) or "everything"
    return str(spec)


for entry in (
    Keyword("shroud", "none", _flag("Shroud"), "Shroud 1"),
    Keyword("protection", "spec", lambda v: f"Protection from {describe_spec(v)}",
            "Protection from X 1"),
    Keyword("crew", "int", _numbered("Crew"), "Crew X 1"),
    Keyword("solid", "int", _numbered("Solid"), "Solid X 1"),
    Keyword("swimming", "none", _flag("Swimming"), "Available Tiles (permanents) 3.1"),
    Keyword("push", "int", _numbered("Push", omit_one=True), "Push 1"),
    Keyword("spawn_point", "int",
            lambda v: f"Spawn point: you may play permanents within range {int(v)} of it",
            "Permanents 3.2"),
    Keyword("tyrant", "none", _flag("The Tyrant"), "Intentions marks 1"),
    Keyword("immovable", "none", _flag("Immovable (it can't be pushed)"), "Push 2"),
    Keyword("loyal", "none",
            _flag("Loyal (it can't be disbanded, and nobody else can gain control of it)"),
            "Upkeep 3.2"),
):
    KEYWORDS.add(entry.name, entry)


def spec_matches(spec: Any, source: CardDef, source_controller: int, holder: int) -> bool:
    """Does a protection spec name this source? (rule Protection from X 3)"""
    if isinstance(spec, str):
        plural = spec.lower().rstrip("s")
        if plural == "spell":
            return source.is_spell  # intentions are spells too (rule Intentions 1)
        return spec == source.name or plural == source.type.value
    if isinstance(spec, Mapping):
        if "name" in spec and spec["name"] != source.name:
            return False
        if "type" in spec and spec["type"] != source.type.value:
            return False
        if "buy_above" in spec and (source.buy is None or source.buy <= int(spec["buy_above"])):
            return False
        return not (spec.get("controller") == "enemy" and source_controller == holder)
    return False


def protected_from(game: Game, target: int, source: int) -> bool:
    spec = game.keyword(target, "protection")
    if spec is None:
        return False
    specs = spec if isinstance(spec, (list, tuple)) else (spec,)
    definition = game.card(source)
    controller = game.controller(source)
    holder = game.controller(target)
    return any(spec_matches(s, definition, controller, holder) for s in specs)


def targetable(game: Game, target: int, source: int, player: int) -> bool:
    """Rules Shroud 1 and Protection from X 1: may ``source`` target ``target``?"""
    if game.keyword(target, "shroud"):
        return False
    return not (source and protected_from(game, target, source))
