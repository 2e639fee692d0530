"""The skirmish's statuses and unit properties (seed 004), each one registry entry: the
statuses are marks (``MARKS``, with their ticks and hooks), the properties keywords
(``KEYWORDS``), all named ``skirmish:<name>``. A status's count is its stacks; for the
statuses that last a while (rooted, broken, ephemeral, stun) the count is the number of
round starts it still sees, one taken at each.

- burn n: stacks add up; at the start of each round the unit takes n physical damage
  (armor, resistance and shield count, terrain protection doesn't: it is no attack), then
  one stack goes.
- poison n: stacks add up; at the start of each round the unit takes n pure damage.
- stun n: the unit is exhausted now (an activated unit's activation ends), and for
  n - 1 more round starts (n when it was exhausted already) it is exhausted again as the
  round starts.
- accelerate n: the unit is readied, and gets n accelerated stacks (n - 1 when it was
  exhausted); each time it would be exhausted a stack goes instead.
- rooted n: it can't move, and so can't melee.
- broken n: its passive abilities are off (``rules.ABILITIES``).
- shield n: each hit that would damage it takes a stack instead.
- stasis: it can't be targeted, damaged or given statuses; it ends when the unit is
  activated.
- ephemeral n: when it runs out the unit dies; no dispel takes it away.
- radiated n: the highest count stays; it comes lessened by half the unit's armor
  (rounded down); at the end of the round the unit takes n pure damage and it is gone.
- radioactive n (on a hex): a unit moving in, and each unit there at the end of a round,
  gets radiated n.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ...components import Mark
from ...keywords import KEYWORDS, Keyword
from ...marks import MARKS, MarkKind
from ...registry import Look
from .combat import hit
from .energy import toggled_off, upkeep
from .rounds import exhaust
from .rules import (
    ACCELERATED,
    AQUATIC,
    ARMOR,
    BROKEN,
    BURN,
    DETECTION,
    ENERGY,
    ENTERABLE,
    EPHEMERAL,
    EXITABLE,
    FLYING,
    INVISIBLE,
    MELEE,
    PHYSICAL,
    POISON,
    PURE,
    RADIATED,
    RADIOACTIVE,
    RESISTANCE,
    ROOTED,
    SENSE,
    SHIELD,
    SIGHT,
    SIZE,
    STASIS,
    STEALTH,
    STUNNED,
    TELEPORT,
    TOGGLE,
    TOGGLED,
    TRANSPORT,
    activity,
    armor,
    is_ready,
    set_ready,
    status,
)

if TYPE_CHECKING:
    from ...core.game import Game


def _mark(entity: int) -> Mark:
    return esper.component_for_entity(entity, Mark)


def _count_down(game: Game, entity: int) -> None:
    """A lasting status sees one more round start."""
    mark = _mark(entity)
    game.remove_marks(mark.bearer, mark.kind, 1)


def _burn(game: Game, entity: int) -> None:
    mark = _mark(entity)
    unit, stacks = mark.bearer, mark.count
    hit(game, 0, unit, stacks, "", PHYSICAL)
    if esper.entity_exists(entity):
        game.remove_marks(unit, BURN, 1)


def _poison(game: Game, entity: int) -> None:
    mark = _mark(entity)
    hit(game, 0, mark.bearer, mark.count, "", PURE)


def _stun_applied(game: Game, unit: int, count: int) -> int:
    if game.activated == unit:
        activity(unit).done = True
        return count - 1
    if is_ready(game, unit):
        exhaust(game, unit)
        return count - 1
    return count


def _stunned(game: Game, entity: int) -> None:
    mark = _mark(entity)
    exhaust(game, mark.bearer)
    game.remove_marks(mark.bearer, STUNNED, 1)


def _accelerate_applied(game: Game, unit: int, count: int) -> int:
    if is_ready(game, unit):
        return count
    set_ready(game, unit, True)
    return count - 1


def _shield(game: Game, source: int, target: int, amount: int, count: int) -> int:
    if not status(game, target, STASIS):
        game.remove_marks(target, SHIELD, 1)
    return 0


def _stasis(game: Game, source: int, target: int, amount: int, count: int) -> int:
    return 0


def _ephemeral(game: Game, entity: int) -> None:
    mark = _mark(entity)
    unit = mark.bearer
    if mark.count <= 1:
        game.destroy(unit, "ephemeral: its time ran out (it leaves nothing behind)")
    else:
        game.remove_marks(unit, EPHEMERAL, 1)


def _radiated_applied(game: Game, unit: int, count: int) -> int:
    return count - armor(game, unit) // 2


def _radiated(game: Game, entity: int) -> None:
    mark = _mark(entity)
    unit, stacks = mark.bearer, mark.count
    game.remove_marks(unit, RADIATED, stacks)
    hit(game, 0, unit, stacks, "", PURE)


def _radioactive(game: Game, entity: int) -> None:
    mark = _mark(entity)
    if mark.tile is None:
        return
    unit = game.board.get(mark.tile, 0)
    if unit and game.card(unit).is_unit and not game.keyword(unit, FLYING):
        game.add_marks(unit, RADIATED, mark.count)


def _look(glyph: str, colour: tuple[int, int, int]) -> Look:
    return Look(glyph, colour)


for entry in (
    MarkKind(BURN, "skirmish: burn n", _look("♨", (255, 130, 40)), harmful=True,
             tick="round_start", on_tick=_burn),
    MarkKind(POISON, "skirmish: poison n", _look("☠", (130, 210, 70)), harmful=True,
             tick="round_start", on_tick=_poison),
    MarkKind(STUNNED, "skirmish: stun n", _look("✦", (250, 230, 110)), harmful=True,
             tick="round_start", on_tick=_stunned, on_apply=_stun_applied),
    MarkKind(ACCELERATED, "skirmish: accelerate n", _look("»", (120, 220, 255)),
             on_apply=_accelerate_applied),
    MarkKind(ROOTED, "skirmish: rooted", _look("⚓", (150, 110, 70)), harmful=True,
             stacking="highest", tick="round_start", on_tick=_count_down),
    MarkKind(BROKEN, "skirmish: broken", _look("⊘", (190, 170, 200)), harmful=True,
             stacking="highest", tick="round_start", on_tick=_count_down),
    MarkKind(SHIELD, "skirmish: shield n", _look("◈", (150, 200, 255)), on_damage=_shield),
    MarkKind(STASIS, "skirmish: stasis", _look("⧗", (200, 220, 240)), stacking="single",
             on_damage=_stasis, wards_marks=True),
    MarkKind(EPHEMERAL, "skirmish: ephemeral", _look("⌛", (220, 200, 255)),
             stacking="highest", undispellable=True, tick="round_start",
             on_tick=_ephemeral),
    MarkKind(RADIATED, "skirmish: radiated n", _look("☢", (190, 240, 60)), harmful=True,
             stacking="highest", tick="round_end", on_tick=_radiated,
             on_apply=_radiated_applied, tick_order=1),
    MarkKind(RADIOACTIVE, "skirmish: radioactive n", _look("☢", (150, 200, 40)),
             harmful=True, bearers="tile", tick="round_end", on_tick=_radioactive),
    MarkKind(ENERGY, "skirmish: energy", _look("ϟ", (250, 220, 90))),
    MarkKind(TOGGLED, "skirmish: energy cost toggle n1/n2", _look("⏻", (140, 230, 250)),
             stacking="single", tick="round_start", on_tick=upkeep, tick_order=1,
             on_leave=toggled_off),
):
    MARKS.add(entry.name, entry)


for keyword in (
    Keyword(SIZE, "int", "skirmish: transport (sizes: small 1, medium 2, large 3, giga 4)"),
    Keyword(SIGHT, "int", "skirmish: LoS (how far it sees)"),
    Keyword(ARMOR, "int", "skirmish: armor"),
    Keyword(MELEE, "int", "skirmish: melee attack (beside a shot)"),
    Keyword(FLYING, "none", "skirmish: flying"),
    Keyword(AQUATIC, "none", "skirmish: aquatic"),
    Keyword(TELEPORT, "int", "skirmish: teleport"),
    Keyword(STEALTH, "none", "skirmish: stealth"),
    Keyword(INVISIBLE, "none", "skirmish: invisible"),
    Keyword(DETECTION, "none", "skirmish: detection vision"),
    Keyword(SENSE, "int", "skirmish: sense enemies n"),
    Keyword(RESISTANCE, "none", "skirmish: resistance (to physical damage)"),
    Keyword(ENERGY, "int", "skirmish: energy"),
    Keyword(TRANSPORT, "int", "skirmish: transport (its size capacity)"),
    Keyword(ENTERABLE, "none", "skirmish: transport (enterable)"),
    Keyword(EXITABLE, "none", "skirmish: transport (exitable)"),
    Keyword(TOGGLE, "fields", "skirmish: energy cost toggle n1/n2",
            fields=(("keyword", "keyword"), ("cost", "int"), ("upkeep", "int"))),
):
    KEYWORDS.add(keyword.name, keyword)
