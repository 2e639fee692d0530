"""The duel's turn (seed 002, "Player's turn overview"): the begin phase (mana capacity,
the bloodbound spell's schedule, units readied, battle pets act), the main phase (the
player's actions, in ``legal``/``handlers``) and the end phase (Ephemeral units vanish,
one card drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ...components import Arrival, Body, Granted, OnMap, Zone
from ...core.events import TurnEnded, TurnStarted
from ...core.state import Phase
from .pets import battle_pets_act
from .rules import (
    ANCHORED,
    BLOODBOUND_READY,
    CAPACITY,
    EMPTY_DECK_DAMAGE,
    HAND_LIMIT,
    MANA,
    MAX_MANA,
    OWN_TURNS,
    REPLACED,
    START_MANA,
    general_of,
    set_counter,
)

if TYPE_CHECKING:
    from ...core.game import Game


def capacity_on(seat: int, own_turn: int) -> int:
    """Mana capacity on a player's ``own_turn``-th turn: the seat's start (2, the second
    seat 3), one more each turn after, at most nine."""
    return min(MAX_MANA, START_MANA[min(seat, len(START_MANA) - 1)] + own_turn - 1)


def bloodbound_comes(own_turn: int, capacity: int) -> bool:
    """Bloodbound spell: ready from the 3rd own turn, then every other turn until the
    mana capacity is full, then every turn."""
    return own_turn >= 3 and (own_turn % 2 == 1 or capacity >= MAX_MANA)


def start_turn(game: Game, player: int, first: bool = False) -> None:
    """Begin phase: +1 mana capacity (below nine), mana refilled, the bloodbound spell
    readied on its turns (an unused one stays ready), the replace renewed, the player's
    units readied; then its battle pets act, in the order they arrived."""
    game.active = player
    game.turn = 1 if first else game.turn + 1
    game.phase = Phase.ACTION
    game.priority = player
    game.passes = 0
    game.activated = 0
    own = game.add_to_counter(player, OWN_TURNS, 1)
    capacity = capacity_on(player, own)
    set_counter(game, player, CAPACITY, capacity)
    set_counter(game, player, MANA, capacity)
    set_counter(game, player, REPLACED, 0)
    if bloodbound_comes(own, capacity):
        set_counter(game, player, BLOODBOUND_READY, 1)
    for entity, (on_map, body) in esper.get_components(OnMap, Body):
        if on_map.controller == player and game.card(entity).is_unit:
            body.moves = 1
            body.attacks = 1
            on_map.tapped = False
    started = TurnStarted(player, game.turn)
    game.emit(started)
    game.queue_trigger_event(started)
    game.version += 1
    battle_pets_act(game, player)


def end_turn(game: Game) -> None:
    """End phase: Ephemeral units vanish (removed, not killed: nothing that watches deaths
    sees it), effects "until end of turn" end, and the player draws a card; then the next
    player's turn begins."""
    player = game.active
    for entity in sorted(e for e, _ in esper.get_component(OnMap)):
        if game.is_on_map(entity) and game.keyword(entity, "ephemeral") \
                and not game.marks(entity, ANCHORED):
            game.destroy(entity, "ephemeral: gone at the end of the turn", triggers=False)
    for entity, granted in list(esper.get_component(Granted)):
        if granted.until == "end_of_turn":
            esper.delete_entity(entity, immediate=True)
            game.version += 1
    draw_at_end(game, player)
    ended = TurnEnded(player, game.turn)
    game.emit(ended)
    game.queue_trigger_event(ended)
    game.store_turn_hash()
    if game.phase is not Phase.OVER:
        start_turn(game, game.next_player(player))


def draw_at_end(game: Game, player: int) -> None:
    """Draw one card. With six cards in hand the card drawn is burned (to the
    graveyard); with an empty deck the player's general takes two damage instead."""
    state = game.players[player]
    if not state.deck:
        general = general_of(game, player)
        if general:
            game.deal_damage(0, general, EMPTY_DECK_DAMAGE)
        return
    if len(state.hand) >= HAND_LIMIT:
        game.move_card(state.deck[-1], Zone.DISCARD)  # burned
        return
    game.draw(player, 1)


def next_arrival(game: Game) -> int:
    """The order number of the next unit to enter the battlefield."""
    return 1 + max((a.order for _, a in esper.get_component(Arrival)), default=0)


def mana(game: Game, player: int) -> int:
    return game.counter(player, MANA)
