"""The turn of Muhq's Game (rules Player Turns, Turn Phases, Upkeep 1-3, Action Phase 2):
shuffle, draw up to three, upkeep, action phase, buying phase, discard step; and the
activation policy: one activated unit at a time, tapped once it has no action left."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING

import esper

from ...cards import CardType
from ...components import Body, Granted, OnMap, Zone
from ...core.events import PhaseStarted, TurnEnded, TurnStarted
from ...core.frozen import kept
from ...core.state import HAND_SIZE, Phase, StackItem

if TYPE_CHECKING:
    from ...core.game import Game


#: a phase's start, announced every turn: each value made once (events are values)
_PHASE_STARTED = kept(PhaseStarted)


def start_turn(game: Game, player: int, first: bool = False) -> None:
    game.active = player
    if not first:
        game.turn += 1
    else:
        game.turn = 1
    state = game.players[player]
    state.bought = False
    state.disbanded = []
    game.activated = 0
    game.emit(TurnStarted(player, game.turn))
    # actions are refreshed at the start of their controller's turn (RULES-NOTES 2.5)
    for entity, (on_map, body) in esper.get_components(OnMap, Body):
        if on_map.controller == player:
            definition = game.card(entity)
            if definition.is_fighter:
                body.moves = 1
                body.attacks = 1
                body.street_moves = 1
                if definition.type is CardType.BOSS or definition.upkeep is None:
                    on_map.tapped = False
            else:
                on_map.tapped = False
    # step 1: shuffle the discard pile into an empty deck (rule Deck 4)
    if not state.deck and state.discard:
        game.shuffle_discard_into_deck(player)
    # step 2: draw up to three
    game.draw(player, HAND_SIZE - len(state.hand))
    # upkeep (rule Upkeep 1-3)
    upkeep = begin_phase(game, Phase.UPKEEP)
    game.gain_resource(player, upkeep_income(game, player))
    game.win.on_upkeep(game, player)
    game.queue_trigger_event(upkeep)
    state.upkeep_due = controls_a_unit(game, player)


def upkeep_income(game: Game, player: int) -> int:
    """Rule Upkeep 1: the map's income, with the map's turn-order compensation (ours) in
    a player's first upkeep: ``first_income`` replaces the first player's income, and
    ``seat_bonus`` adds that much per player before it in turn order. The first player's
    turn is turn 1, so a seat's first turn is its number plus one."""
    if game.turn != player + 1:
        return game.map.income
    return game.map.first_upkeep_income(player)


def begin_phase(game: Game, phase: Phase) -> PhaseStarted:
    """The active player's ``phase`` begins; returns the event announcing it."""
    game.phase = phase
    game.priority = game.active
    game.passes = 0
    started = _PHASE_STARTED(game.active, phase.value)
    game.emit(started)
    return started


def end_phase(game: Game) -> None:
    if game.phase is Phase.UPKEEP:
        game.queue_trigger_event(begin_phase(game, Phase.ACTION))
    elif game.phase is Phase.ACTION:
        deactivate(game)
        begin_phase(game, Phase.BUYING)
    elif game.phase is Phase.BUYING:
        game.phase = Phase.DISCARD
        game.priority = game.active
        game.emit(_PHASE_STARTED(game.active, Phase.DISCARD.value))


def end_turn(game: Game) -> None:
    """After the discard step: end-of-turn effects stop (rule Turn Phases 3)."""
    player = game.active
    # rule Equipments 6.1: equipment set aside and never equipped goes to the discard pile
    state = game.players[player]
    for entity in list(state.zones[Zone.ASIDE]):
        if game.card(entity).is_equipment:
            game.move_card(entity, Zone.DISCARD)
    for entity, granted in list(esper.get_component(Granted)):
        if granted.until == "end_of_turn":
            esper.delete_entity(entity, immediate=True)
            game.version += 1
    # lasting marks count this turn; "at the end of your turn" triggers go on the stack
    # once the next turn has begun, before anybody acts in it
    game.tick_marks("turn_end", player)
    ended = TurnEnded(player, game.turn)
    game.emit(ended)
    game.queue_trigger_event(ended)
    game.store_turn_hash()
    start_turn(game, game.next_player(player))




def after_resolution(game: Game, item: StackItem) -> None:
    """Rule Action Phase 2: a permanent without actions left is tapped."""
    unit = game.activated
    if not unit or not game.is_on_map(unit):
        return
    body = esper.component_for_entity(unit, Body)
    tile = game.tile_of(unit)
    street = body.street_moves and tile is not None and game.tile_kind(tile).street
    if not body.moves and not body.attacks and not street:
        deactivate(game)


def deactivate(game: Game) -> None:
    """The activated permanent is done for this turn: it is tapped."""
    if game.activated and game.is_on_map(game.activated):
        esper.component_for_entity(game.activated, OnMap).tapped = True
    game.activated = 0


def controls_a_unit(game: Game, player: int) -> bool:
    """Rule Upkeep 3.5: without units there is no upkeep action to declare."""
    return bool(game.controlled_printed(player, "units", _IS_UNIT))


#: is the printed card a unit (the permanents that are kept, see ``controlled_printed``)
_IS_UNIT = operator.attrgetter("is_unit")
