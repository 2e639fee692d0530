"""What each action of Muhq's Game does when a player takes it: most pay their cost and
are declared onto the stack (rule Actions 10.1); upkeep declarations, draft picks, the
discard step and activation act at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import esper

from ... import marks as mk
from ...components import AtStore, Body, Zone
from ...core.actions import (
    Action,
    Activate,
    Attack,
    Buy,
    DeclareTrigger,
    DeclareTriggerFirst,
    Disband,
    Discard,
    DiscardForResource,
    DiscardToPay,
    DraftPick,
    EndTurn,
    Equip,
    FullAction,
    LeaveUnpaid,
    Move,
    Pass,
    PayUpkeep,
    PlaceDropped,
    PlayCard,
    ShakeOff,
    StreetMove,
    Switch,
    Transport,
    UseFreeAction,
)
from ...core.board import place_dropped
from ...core.choices import CHOICES, ChoiceKind, offer, players_choose, update
from ...core.events import Activated, Decided, ResourceChanged
from ...core.stack import declare, do_pass
from ...core.state import PendingChoice
from ...costs import COSTS
from ...systems.triggers import do_declare_trigger
from ...systems.upkeep import leave_unpaid
from .setup import draft_pick
from .turn import deactivate, end_turn

if TYPE_CHECKING:
    from ...core.game import Game


def do_draft_pick(game: Game, action: DraftPick) -> None:
    draft_pick(game, action)


def do_disband(game: Game, action: Disband) -> None:
    game.players[action.player].disbanded.append(action.unit)


def do_pay_upkeep(game: Game, action: PayUpkeep) -> None:
    state = game.players[action.player]
    state.upkeep_due = False
    disband = tuple(u for u in state.disbanded if game.is_on_map(u))
    names = ", ".join(game.card(u).name for u in disband) or "none"
    declare(game, "upkeep", action, 0, disband,
                  f"P{action.player + 1} upkeep action (disbanding: {names})")


def do_buy(game: Game, action: Buy) -> None:
    state = game.players[action.player]
    definition = game.card(action.card)
    state.resource -= definition.buy or 0
    state.bought = True
    game.emit(ResourceChanged(action.player, -(definition.buy or 0), state.resource))
    if esper.has_component(action.card, AtStore):
        # bought at a map store: the card becomes the buyer's, on its way to their pile
        esper.remove_component(action.card, AtStore)
        game.change_owner(action.card, action.player)
        game.move_card(action.card, Zone.STORE, action.player)
    text = f"P{action.player + 1} buys {definition.name}"
    declare(game, "buy", action, action.card, (), text)


def do_discard(game: Game, action: Discard) -> None:
    game.move_card(action.card, Zone.DISCARD)


def do_end_turn(game: Game, action: EndTurn) -> None:
    end_turn(game)


def do_play(game: Game, action: PlayCard) -> None:
    definition = game.card(action.card)
    game.pay(action.player, definition.play or 0)
    if definition.is_permanent:
        deactivate(game)
        game.move_card(action.card, Zone.ASIDE)
        if action.equip_next:
            text = f"P{action.player + 1} readies {definition.name} for the next unit"
            declare(game, "equip_next", action, action.card, (), text)
        else:
            where = game.geometry.label(action.tile) if action.tile is not None else "?"
            text = f"P{action.player + 1} plays {definition.name} at {where}"
            declare(game, "permanent", action, action.card, (action.tile,), text)
    else:
        game.move_card(action.card, Zone.ASIDE)
        text = f"P{action.player + 1} casts {definition.name}"
        declare(game, "spell", action, action.card, action.targets, text)


def do_activate(game: Game, action: Activate) -> None:
    deactivate(game)
    game.activated = action.permanent
    game.emit(Activated(action.permanent, action.player))
    game.queue_trigger_event(Activated(action.permanent, action.player))
    game.tick_marks("activation", permanent=action.permanent)


def use(game: Game, unit: int, *which: str) -> None:
    body = esper.component_for_entity(unit, Body)
    for name in which:
        setattr(body, name, 0)


def unit_text(game: Game,
              action: Move | StreetMove | Attack | FullAction | Transport | Switch | Equip
              | ShakeOff, verb: str) -> str:
    unit = action.unit
    return f"P{action.player + 1} {game.card(unit).name} {verb}"


def do_move(game: Game, action: Move) -> None:
    use(game, action.unit, "moves")
    declare(game, "move", action, action.unit, (action.tile,),
                  unit_text(game, action, f"moves to {game.geometry.label(action.tile)}"))


def do_street_move(game: Game, action: StreetMove) -> None:
    use(game, action.unit, "street_moves")
    declare(game, "street_move", action, action.unit, (action.tile,),
                  unit_text(game, action,
                            f"moves along the street to {game.geometry.label(action.tile)}"))


def do_attack(game: Game, action: Attack) -> None:
    use(game, action.unit, "attacks")
    target = game.card(action.target).name
    declare(game, "attack", action, action.unit, (action.target,),
                  unit_text(game, action, f"attacks {target}"))


def do_full_action(game: Game, action: FullAction) -> None:
    use(game, action.unit, "moves", "attacks")
    declare(game, "full_action", action, action.unit, (action.source, action.targets),
                  unit_text(game, action, "uses its full action"))


def do_transport(game: Game, action: Transport) -> None:
    use(game, action.unit, "moves", "attacks")
    declare(game, "transport", action, action.unit,
                  (action.artifact, action.tile, action.drop),
                  unit_text(game, action, f"carries {game.card(action.artifact).name}"))


def do_switch(game: Game, action: Switch) -> None:
    use(game, action.unit, "moves")
    declare(game, "switch", action, action.unit, (action.artifact,),
                  unit_text(game, action, f"switches with {game.card(action.artifact).name}"))


def do_equip(game: Game, action: Equip) -> None:
    use(game, action.unit, "moves" if action.using == "move" else "attacks")
    declare(game, "equip", action, action.unit, (action.equipment,),
                  unit_text(game, action, f"equips {game.card(action.equipment).name}"))


def do_shake_off(game: Game, action: ShakeOff) -> None:
    use(game, action.unit, "moves" if action.using == "move" else "attacks")
    declare(game, "shake_off", action, action.unit, (),
                  unit_text(game, action,
                            f"shakes off a {mk.stopping_mark(game, action.unit)} mark"))


def do_free_action(game: Game, action: UseFreeAction) -> None:
    """Rule Actions 10.1: the costs are paid as the free action is declared. Cards a cost
    discards are the player's choice (a ``discard`` choice, rules version
    ``CHOICES_VERSION`` on) when the hand holds more than it takes; the action is declared
    once they are named. Earlier games discard the first cards of the hand."""
    ability = game.card(action.source).free_actions[action.index]
    discard = sum(c.amount for c in ability.costs if c.kind == "discard")
    hand = [c for c in game.players[action.player].hand if c != action.source]
    choose = players_choose(game) and 0 < discard < len(hand)
    for cost in ability.costs:
        if not (choose and cost.kind == "discard"):
            COSTS[cost.kind].pay(game, action.player, action.source, cost.amount)
    # what "the equipped unit" means is fixed when the action is declared: paying a
    # potion's durability may destroy it before the effect resolves
    context = (("equipped", game.container_of(action.source)),)
    if choose:
        offer(game, PendingChoice("discard", action.player, action.source,
                                  (action.index, action.targets, context, discard, ())))
        return
    _declare_free_action(game, action, context)


def _declare_free_action(game: Game, action: UseFreeAction,
                         context: tuple[tuple[str, int], ...]) -> None:
    text = f"P{action.player + 1} {game.card(action.source).name}: free action"
    declare(game, "free_action", action, action.source,
                  (action.index, action.targets, context), text)


def _discard_options(game: Game, choice: PendingChoice) -> list[Action]:
    chosen = choice.data[4]
    return [DiscardToPay(choice.controller, card) for card in game.players[choice.controller].hand
            if card != choice.source and card not in chosen]


def _settle_discard(game: Game, choice: PendingChoice) -> bool:
    """Once as many cards are named as the cost takes, they are discarded and the free
    action is declared."""
    index, targets, context, amount, chosen = choice.data
    if len(chosen) < amount:
        return False
    update(game, choice, None)
    for card in chosen:
        game.move_card(card, Zone.DISCARD)
    _declare_free_action(game, UseFreeAction(choice.controller, choice.source, index, targets),
                         context)
    return True


def do_discard_to_pay(game: Game, action: DiscardToPay) -> None:
    choice = game.choices[0]
    index, targets, context, amount, chosen = choice.data
    update(game, choice, PendingChoice("discard", choice.controller, choice.source,
                                       (index, targets, context, amount, (*chosen, action.card))))
    game.emit(Decided(action.player, f"P{action.player + 1} discards "
                      f"{game.card(action.card).name} for {game.card(choice.source).name}"))


CHOICES.add("discard", ChoiceKind("discard", _discard_options, _settle_discard))


def do_discard_for_resource(game: Game, action: DiscardForResource) -> None:
    game.move_card(action.first, Zone.DISCARD)
    game.move_card(action.second, Zone.DISCARD)
    declare(game, "discard_for_resource", action, 0, (),
                  f"P{action.player + 1} discards 2 cards for 1 resource")


HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    Pass: do_pass,
    DraftPick: do_draft_pick,
    Disband: do_disband,
    PayUpkeep: do_pay_upkeep,
    Buy: do_buy,
    Discard: do_discard,
    EndTurn: do_end_turn,
    PlayCard: do_play,
    Activate: do_activate,
    Move: do_move,
    StreetMove: do_street_move,
    Attack: do_attack,
    FullAction: do_full_action,
    Transport: do_transport,
    Switch: do_switch,
    Equip: do_equip,
    ShakeOff: do_shake_off,
    UseFreeAction: do_free_action,
    DiscardForResource: do_discard_for_resource,
    DeclareTrigger: do_declare_trigger,
    DeclareTriggerFirst: do_declare_trigger,
    LeaveUnpaid: leave_unpaid,
    PlaceDropped: place_dropped,
    DiscardToPay: do_discard_to_pay,
}
