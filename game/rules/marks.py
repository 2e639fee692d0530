"""The mark registry: paralysis, poison, panic, rage, ward, intention marks and more.

A mark kind is one ``MarkKind`` entry, and the entry is the one place of its mark: its
rules hooks (what happens when its unit is activated, when damage comes, when it makes a
unit perish, whether it stops a unit's actions, how it stacks, how long it lasts), its
look (glyph and colour) and its AI hint. Its name and reminder text are the locale lines
``mark.<name>.*`` (``game/content/locale``). The rest of the engine asks the entry and
never tests for a mark's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from .components import Mark, OnMap
from .core.events import Activated, DamagePrevented, Event
from .core.state import StackItem
from .registry import Look, Registry

if TYPE_CHECKING:
    from .cards import Ability
    from .core.game import Game

#: how a new mark of a kind meets marks of the same kind already there
STACKING = ("add", "highest", "replace", "single")
#: when a lasting mark counts down (its ``duration``) and runs its ``on_tick``
TICKS = ("", "turn_end", "round_start", "round_end", "activation")


@dataclass(frozen=True, slots=True)
class MarkKind:
    name: str
    rule: str
    look: Look
    #: AI hint: a mark to give to enemies, never to friends
    harmful: bool = False
    #: resolves the mark's triggered action when its unit is activated
    on_activate: Callable[[Game, int], None] | None = None
    #: when its unit is activated, it acts as this unit behaviour, then loses one mark
    #: and is done for the turn (rules Panic 2, Rage 2)
    behaviour: str = ""
    #: called when marks of this kind leave their bearer
    on_leave: Callable[[Game, Mark], None] = lambda game, mark: None
    #: ``(game, source, target, amount, count)`` -> the damage that still gets through,
    #: for a mark that prevents damage (ward); runs before damage is dealt
    on_damage: Callable[[Game, int, int, int, int], int] | None = None
    #: ``(game, bearer, count)`` -> why the bearer is destroyed by its marks (a
    #: state-based action), or None
    lethal: Callable[[Game, int, int], str | None] | None = None
    #: a unit with such a mark can't use actions, except to spend one to remove a mark
    stops_actions: bool = False
    #: its bearer has lost its printed abilities: no keywords (but Ephemeral), triggers
    #: or passives (the duel's dispel)
    silences: bool = False
    #: a dispel leaves it where it is (the duel: what a Dunecaster did stays done)
    undispellable: bool = False
    #: what may carry it: "permanent", "tile" or "both"
    bearers: str = "permanent"
    #: one of ``STACKING``: add the counts, keep the highest, replace, or only one at most
    stacking: str = "add"
    #: a lasting mark goes away after this many ticks (0: stays until removed)
    duration: int = 0
    #: one of ``TICKS``: when ``duration`` counts down and ``on_tick`` runs
    tick: str = ""
    #: runs on each tick for each bearer: ``(game, mark entity)``
    on_tick: Callable[[Game, int], None] | None = None
    #: ``(game, bearer, count)`` -> how many marks really come, when marks of this kind
    #: are put on a permanent (0 or less: none); it may act on the bearer as they come
    #: (the skirmish's stun exhausts, radiated is lessened by armor)
    on_apply: Callable[[Game, int, int], int] | None = None
    #: while its bearer has such a mark, no mark of another kind can be put on it (the
    #: skirmish's stasis)
    wards_marks: bool = False
    #: within one tick, kinds of a lower order tick first (the skirmish: radioactive hexes
    #: irradiate before radiation hurts); marks a tick puts on come in time for the kinds
    #: that tick after them
    tick_order: int = 0

    def __post_init__(self) -> None:
        if self.stacking not in STACKING:
            raise ValueError(f"mark {self.name!r}: stacking {self.stacking!r} is not one of "
                             f"{', '.join(STACKING)}")
        if self.tick not in TICKS:
            raise ValueError(f"mark {self.name!r}: tick {self.tick!r} is not one of "
                             f"{', '.join(t or '(none)' for t in TICKS)}")
        if self.bearers not in ("permanent", "tile", "both"):
            raise ValueError(f"mark {self.name!r}: bearers {self.bearers!r} is not "
                             "permanent, tile or both")


MARKS: Registry[MarkKind] = Registry("mark")


def silenced() -> set[int]:
    """Permanents whose marks took away their abilities (the duel's dispel)."""
    marks = esper.get_component(Mark)
    if not marks:
        return set()
    silencing = with_hook("silences")
    return {mark.bearer for _, mark in marks if mark.bearer and mark.kind in silencing}


def _poison(game: Game, unit: int) -> None:
    """Rule Poison 2: one more poison mark whenever the unit is activated."""
    game.add_marks(unit, "poison", 1)


def _intention_left(game: Game, mark: Mark) -> None:
    """Rule Intentions 5: the intention goes to the discard pile once its mark is gone."""
    from .components import Zone

    if mark.source and esper.entity_exists(mark.source) and game.zone(mark.source) is Zone.ASIDE:
        game.move_card(mark.source, Zone.DISCARD)


def _poisoned(game: Game, unit: int, count: int) -> str | None:
    """Rule Poison 3: a unit with more poison marks than health is destroyed."""
    if game.card(unit).is_fighter and count > game.health(unit):
        return "more poison marks than health"
    return None


def _ward(game: Game, source: int, target: int, amount: int, count: int) -> int:
    """Rule Ward 2-3: all damage dealt to the unit is prevented; then one ward mark per
    point of damage is removed."""
    game.remove_marks(target, "ward", amount)
    game.emit(DamagePrevented(source, target, amount, "ward"))
    return 0


for entry in (
    MarkKind("paralysis", "Paralysis 1", Look("❄", (196, 232, 255)), harmful=True,
             stops_actions=True),
    MarkKind("poison", "Poison 1", Look("☠", (120, 214, 80)), harmful=True,
             on_activate=_poison, lethal=_poisoned),
    MarkKind("panic", "Panic 1", Look("!", (190, 140, 255)), harmful=True, behaviour="shy"),
    MarkKind("rage", "Rage 1", Look("⚡", (255, 84, 60)), behaviour="aggressive"),
    MarkKind("ward", "Ward 1", Look("◈", (255, 222, 120)), on_damage=_ward),
    MarkKind("intention", "Intentions 2", Look("⚐", (255, 120, 210)),
             on_leave=_intention_left),
    MarkKind("repression", "Boss (the Tyrant)", Look("♜", (214, 184, 144)), harmful=True),
):
    MARKS.add(entry.name, entry)


def _burn(game: Game, unit: int) -> None:
    """Ours (not in the rulebook): a burning unit is dealt 1 damage each time it is
    activated, and one burn mark goes out."""
    game.remove_marks(unit, "burn", 1)
    game.deal_damage(0, unit, 1)


MARKS.add("burn", MarkKind("burn", "Burn (ours)", Look("♨", (255, 150, 40)), harmful=True,
                           on_activate=_burn))


def may_bear(kind: MarkKind, on_tile: bool) -> bool:
    """Whether marks of ``kind`` may be put on a tile (``on_tile``) or on a permanent."""
    return kind.bearers == "both" or kind.bearers == ("tile" if on_tile else "permanent")


def stacked(stacking: str, old: int, new: int) -> int:
    """How many marks there are after ``new`` more meet ``old`` (rule of ``stacking``)."""
    if stacking == "highest":
        return max(old, new)
    if stacking == "replace":
        return new
    if stacking == "single":
        return 1
    return old + new


_HOOKS: dict[str, tuple[int, dict[str, MarkKind]]] = {}


def with_hook(*hooks: str) -> dict[str, MarkKind]:
    """The mark kinds with any of the ``hooks`` fields set (truthy), by name, in registry
    order."""
    key = " ".join(hooks)
    cached = _HOOKS.get(key)
    if cached is None or cached[0] != MARKS.generation:
        kinds = {name: MARKS[name] for name in MARKS
                 if any(getattr(MARKS[name], hook) for hook in hooks)}
        cached = _HOOKS[key] = (MARKS.generation, kinds)
    return cached[1]


def refuses_marks(game: Game, bearer: int, kind: str) -> bool:
    """Does a mark on ``bearer`` keep marks of ``kind`` off it (``wards_marks``)?"""
    warding = with_hook("wards_marks")
    if not warding:
        return False
    held = game.marks_on(bearer)
    return any(held.get(name) and name != kind for name in warding)


def stopping_mark(game: Game, unit: int) -> str:
    """The kind of the first mark on ``unit`` that stops its actions (rule Paralysis 2:
    its only action is to spend one to remove such a mark), or "" when it can act."""
    stopping = with_hook("stops_actions")
    if stopping:
        held = game.marks_on(unit)
        for name in stopping:
            if held.get(name):
                return name
    return ""


def on_event(game: Game, event: Event) -> bool:
    """Marks that trigger on activation put their action on the stack (in registry order).
    Returns whether anything was put on the stack."""
    if not isinstance(event, Activated) or not esper.get_component(Mark):
        return False
    pushed = False
    held = game.marks_on(event.permanent)
    for name in with_hook("on_activate", "behaviour"):
        if held.get(name):
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


# the duel's marks (seed 002; read in game/rules/rulesets/duel)
for entry in (
    MarkKind("duel:dispelled", "duel: Dervish (dispel)", Look("∅", (170, 170, 190)),
             harmful=True, silences=True, stacking="single", undispellable=True),
    MarkKind("duel:anchored", "duel: Dervish (Dunecaster)", Look("⚓", (230, 200, 120)),
             stacking="single", undispellable=True),
):
    MARKS.add(entry.name, entry)
