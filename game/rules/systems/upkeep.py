"""The upkeep system (rules Upkeep 3.3-3.4): when a player's upkeep action resolves, the
units they declared for disbanding leave the map; every other unit they control is paid
for, and a unit is destroyed unpaid only when the total can't be paid.

Which units stay unpaid is the player's decision (rules version ``CHOICES_VERSION`` on):
the rulebook pays "each not declared unit" in an order it does not fix, destroying a unit
when its cost can't be paid any more, so the units left unpaid are any set that leaves
the rest payable and none of them payable with what is left over. The player names them
one at a time (``LeaveUnpaid``), each time among the units that still lead to such a set
(``unpaid_options``); units that can't be paid at all are left unpaid without asking.
Games of earlier versions pay in entity order while the resource lasts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ..components import OnMap
from ..core.actions import Action, LeaveUnpaid
from ..core.choices import CHOICES, ChoiceKind, offer, players_choose, update
from ..core.events import Decided
from ..core.state import PendingChoice
from .intents import UpkeepIntent

if TYPE_CHECKING:
    from ..core.game import Game
    from ..core.state import StackItem


def resolve_upkeep(game: Game, item: StackItem) -> None:
    """The upkeep action resolves: every unit of its controller gets an upkeep intent."""
    disband = set(item.data)
    for unit in game.controlled_permanents(item.controller):
        if game.card(unit).is_unit:
            game.add_intent(unit, UpkeepIntent(unit in disband))
    for unit in sorted(disband):  # declared, then taken over by another player meanwhile
        if game.is_on_map(unit) and not esper.has_component(unit, UpkeepIntent):
            game.add_intent(unit, UpkeepIntent(True))


class UpkeepSystem(esper.Processor):
    """Carries out upkeep intents: disbanding first, then paying or destroying."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def process(self) -> None:
        pending = esper.get_component(UpkeepIntent)
        if not pending:
            return
        game = self.game
        units = sorted(pending, key=lambda item: item[0])
        for entity, _intent in units:
            esper.remove_component(entity, UpkeepIntent)
        for entity, intent in units:
            if intent.disband and game.is_on_map(entity):
                game.destroy(entity, "disbanded")
        due = [entity for entity, intent in units
               if not intent.disband and game.is_on_map(entity)]
        if players_choose(game):
            for player in sorted({game.controller(e) for e in due}):
                mine = tuple(e for e in due if game.controller(e) == player)
                if sum(_cost(game, e) for e in mine) <= game.players[player].resource:
                    _pay(game, mine)
                else:  # a shortfall: the player names the units that stay unpaid
                    offer(game, PendingChoice("unpaid", player, 0, (mine, ())))
            return
        for entity in due:
            player = game.controller(entity)
            cost = _cost(game, entity)
            if game.players[player].resource >= cost:
                game.pay(player, cost)
                esper.component_for_entity(entity, OnMap).tapped = False
            else:
                game.destroy(entity, "upkeep not paid")


def _cost(game: Game, unit: int) -> int:
    return game.card(unit).upkeep or 0


def _pay(game: Game, units: tuple[int, ...]) -> None:
    """Rule Upkeep 3.3: each unit is paid for, and so untapped (RULES-NOTES 2.5)."""
    for unit in units:
        game.pay(game.controller(unit), _cost(game, unit))
        esper.component_for_entity(unit, OnMap).tapped = False


# ---------------------------------------------------------------------------- the choice


def can_leave_unpaid(costs: dict[int, int], resource: int, unpaid: set[int]) -> bool:
    """Can the units ``unpaid`` (not empty) all stay unpaid, with the others of ``costs``
    (unit -> upkeep cost) paid as far as the rules demand? That is: is there a set of
    the others to pay, costing at most ``resource``, that leaves every unit it does not
    pay (``unpaid`` among them) dearer than what is left over (rule Upkeep 3.4)?

    The cheapest unit left unpaid costs some ``m``: every cheaper unit is paid, at
    least one unit of cost ``m`` is not, and what is paid must come to more than
    ``resource - m``; a subset sum over the units of cost ``m`` or more settles it."""
    held = [costs[u] for u in unpaid]
    low = min(held)
    free = [c for u, c in costs.items() if u not in unpaid]
    for m in sorted({c for c in costs.values() if 0 < c <= low}):
        base = sum(c for c in free if c < m)
        if base > resource:
            break  # a dearer cheapest unit only adds to what must be paid
        optional = [c for c in free if c >= m]
        if low != m:  # no named unit costs m: one of the others of cost m stays unpaid
            if m not in optional:
                continue
            optional.remove(m)
        room = resource - base
        sums = 1  # bit s: the optional units can come to s
        for cost in optional:
            sums = (sums | (sums << cost)) & ((1 << (room + 1)) - 1)
        lowest = max(0, room - m + 1)
        if sums >> lowest:
            return True
    return False


def unpaid_options(game: Game, choice: PendingChoice) -> list[Action]:
    """The units that may be named next: each leaves a way to finish the choice."""
    units, named = choice.data
    player = choice.controller
    costs = {u: _cost(game, u) for u in units if game.is_on_map(u)}
    resource = game.players[player].resource
    left = set(named)
    if sum(c for u, c in costs.items() if u not in left) <= resource:
        return []
    return [LeaveUnpaid(player, u) for u in sorted(costs) if u not in left
            and can_leave_unpaid(costs, resource, left | {u})]


def _settle_unpaid(game: Game, choice: PendingChoice) -> bool:
    """Units gone or too dear to pay at all stay unpaid without asking; once the rest can
    be paid, it is, and the units left unpaid are destroyed."""
    units, named = choice.data
    resource = game.players[choice.controller].resource
    here = tuple(u for u in units if game.is_on_map(u))
    named = tuple(u for u in named if u in here)
    forced = tuple(u for u in here if u not in named and _cost(game, u) > resource)
    if forced or len(here) != len(units):
        update(game, choice, PendingChoice("unpaid", choice.controller, 0,
                                           (here, named + forced)))
        return True
    rest = tuple(u for u in here if u not in named)
    if sum(_cost(game, u) for u in rest) > resource:
        return False
    update(game, choice, None)
    _pay(game, rest)
    for unit in named:
        if game.is_on_map(unit):
            game.destroy(unit, "upkeep not paid")
    return True


def leave_unpaid(game: Game, action: LeaveUnpaid) -> None:
    """The player names one more unit that stays unpaid."""
    choice = game.choices[0]
    units, named = choice.data
    update(game, choice, PendingChoice("unpaid", choice.controller, 0,
                                       (units, (*named, action.unit))))
    game.emit(Decided(action.player, f"P{action.player + 1} leaves "
                      f"{game.card(action.unit).name} unpaid"))


CHOICES.add("unpaid", ChoiceKind("unpaid", unpaid_options, _settle_unpaid))
