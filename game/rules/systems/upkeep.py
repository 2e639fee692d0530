"""The upkeep system (rule Upkeep 3.3): when a player's upkeep action resolves, the units
they declared for disbanding leave the map; every other unit they control is paid for, in
entity order, while the resource lasts, and destroyed when it does not."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ..components import OnMap
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
        for entity, intent in units:
            if intent.disband or not game.is_on_map(entity):
                continue
            player = game.controller(entity)
            cost = game.card(entity).upkeep or 0
            if game.players[player].resource >= cost:
                game.pay(player, cost)
                esper.component_for_entity(entity, OnMap).tapped = False
            else:
                game.destroy(entity, "upkeep not paid")
