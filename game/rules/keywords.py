"""The keyword registry: named properties a card can have (crew X, solid X, shroud,
protection from X, swimming, push X, ...).

Each keyword is one ``Keyword`` entry: what parameter it takes and the rule that defines
it. Its printed name and reminder are the locale lines ``keyword.<name>.*``
(``game/content/locale``). Systems ask ``Game.keyword(entity, name)``; the checks that
several systems share (targeting, protection) live here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import CardDef
from .registry import Registry

if TYPE_CHECKING:
    from .core.game import Game


@dataclass(frozen=True, slots=True)
class Keyword:
    name: str
    #: "none" (a flag), "int" (X), "spec" (protection's X: a name, type or condition), or
    #: "fields" (a mapping of the named ``fields``: the skirmish's toggle)
    param: str
    rule: str
    #: for ``param`` "fields": (field, kind) with kind "int" (a whole number of at least 0)
    #: or "keyword" (the name of a registered keyword); every field is required
    fields: tuple[tuple[str, str], ...] = ()

    @property
    def name_key(self) -> str:
        """The locale line of its printed name (``{x}``: its value)."""
        return f"keyword.{self.name}.name"

    @property
    def reminder_key(self) -> str:
        """The locale line of its reminder text (a keyword may have none)."""
        return f"keyword.{self.name}.reminder"


KEYWORDS: Registry[Keyword] = Registry("keyword")


def describe_spec(spec: Any) -> str:
    """Plain English of a protection spec ("Die!", "spells", "units with buy cost > 7"),
    for logs and as the card text's last resort."""
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
    Keyword("shroud", "none", "Shroud 1"),
    Keyword("protection", "spec", "Protection from X 1"),
    Keyword("crew", "int", "Crew X 1"),
    Keyword("solid", "int", "Solid X 1"),
    Keyword("swimming", "none", "Available Tiles (permanents) 3.1"),
    Keyword("push", "int", "Push 1"),
    Keyword("spawn_point", "int", "Permanents 3.2"),
    Keyword("tyrant", "none", "Intentions marks 1"),
    Keyword("immovable", "none", "Push 2"),
    Keyword("loyal", "none", "Upkeep 3.2"),
    # the duel's keywords (seed 002; read in game/rules/rulesets/duel)
    Keyword("rush", "none", "duel: Rush"),
    Keyword("flying", "none", "duel: Flying"),
    Keyword("ranged", "none", "duel: Ranged"),
    Keyword("provoke", "none", "duel: Provoke"),
    Keyword("ephemeral", "none", "duel: Dervish (Ephemeral)"),
    Keyword("bond", "none", "duel: Arcanyst and Golem (Bond)"),
    Keyword("mech_progress", "int", "duel: Mech (MECHAZ0R! progress)"),
    # the fleet's keywords (seed 003; read in game/rules/rulesets/fleet)
    Keyword("capacity", "int", "fleet: 16 Capacity"),
    Keyword("combat", "int", "fleet: combat value (our space and ground combat)"),
    Keyword("space_cannon", "int", "fleet: 77 Space Cannon"),
    Keyword("deep_cannon", "none", "fleet: 77 Space Cannon (into adjacent systems)"),
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
