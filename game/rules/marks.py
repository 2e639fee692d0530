"""The mark registry: paralysis, poison, panic, rage, ward, intention marks and more.

A mark kind is one ``MarkKind`` entry. Marks that react when their unit is activated
(poison, panic, rage) put a triggered action on the stack; paralysis and ward are checked
where actions and damage happen (``rulesets/muhq/legal.unit_actions``,
``systems/combat.deal_damage``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from .components import Mark, OnMap
from .core.events import Activated, Event
from .core.state import StackItem
from .registry import Registry

if TYPE_CHECKING:
    from .cards import Ability
    from .core.game import Game


@dataclass(frozen=True, slots=True)
class MarkKind:
    name: str
    rule: str
    #: resolves the mark's triggered action when its unit is activated
    on_activate: Callable[[Game, int], None] | None = None
    #: called when marks of this kind leave their bearer
    on_leave: Callable[[Game, Mark], None] = lambda game, mark: None


MARKS: Registry[MarkKind] = Registry("mark")


def _poison(game: Game, unit: int) -> None:
    """Rule Poison 2: one more poison mark whenever the unit is activated."""
    game.add_marks(unit, "poison", 1)


def _panic(game: Game, unit: int) -> None:
    """Rule Panic 2: run the shy behaviour, then remove one panic mark."""
    from .behaviours import run_behaviour

    run_behaviour(game, unit, "shy")
    game.remove_marks(unit, "panic", 1)
    game.deactivate()


def _rage(game: Game, unit: int) -> None:
    """Rule Rage 2: run the aggressive behaviour, then remove one rage mark."""
    from .behaviours import run_behaviour

    run_behaviour(game, unit, "aggressive")
    game.remove_marks(unit, "rage", 1)
    game.deactivate()


def _intention_left(game: Game, mark: Mark) -> None:
    """Rule Intentions 5: the intention goes to the discard pile once its mark is gone."""
    from .components import Zone

    if mark.source and esper.entity_exists(mark.source) and game.zone(mark.source) is Zone.ASIDE:
        game.move_card(mark.source, Zone.DISCARD)


for entry in (
    MarkKind("paralysis", "Paralysis 1"),
    MarkKind("poison", "Poison 1", on_activate=_poison),
    MarkKind("panic", "Panic 1", on_activate=_panic),
    MarkKind("rage", "Rage 1", on_activate=_rage),
    MarkKind("ward", "Ward 1"),
    MarkKind("intention", "Intentions 2", on_leave=_intention_left),
    MarkKind("repression", "Boss (the Tyrant)"),
):
    MARKS.add(entry.name, entry)


def _burn(game: Game, unit: int) -> None:
    """Ours (not in the rulebook): a burning unit is dealt 1 damage each time it is
    activated, and one burn mark goes out."""
    game.remove_marks(unit, "burn", 1)
    game.deal_damage(0, unit, 1)


MARKS.add("burn", MarkKind("burn", "Burn (ours)", on_activate=_burn))


def on_event(game: Game, event: Event) -> bool:
    """Marks that trigger on activation put their action on the stack (in registry order).
    Returns whether anything was put on the stack."""
    if not isinstance(event, Activated):
        return False
    pushed = False
    held = game.marks_on(event.permanent)
    for name in MARKS:
        kind = MARKS[name]
        if kind.on_activate is not None and held.get(name):
            text = f"{game.card(event.permanent).name}: {name} mark"
            game.stack.append(StackItem("mark", event.controller, event.permanent, (name,), text))
            pushed = True
    return pushed


def granted_full_actions(game: Game, unit: int) -> Iterator[tuple[int, Ability]]:
    """Rule Intentions marks 1: an intention mark gives an adjacent Tyrant the full action
    "remove this mark and resolve the intention's effect"."""
    if not game.keyword(unit, "tyrant"):
        return
    here = game.tile_of(unit)
    if here is None:
        return
    for _, mark in esper.get_component(Mark):
        if mark.kind != "intention" or not mark.source:
            continue
        if not esper.has_component(mark.bearer, OnMap):
            continue
        where = game.tile_of(mark.bearer)
        if where is not None and (where == here or game.geometry.adjacent(here, where)):
            ability = game.card(mark.source).effect
            if ability is not None:
                yield mark.source, ability
