"""Cards between zones (rule Zones, rule Deck 4, rule Tokens 3) and the players' resource,
victory points and named counters."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import esper

from ..cards import CardType
from ..components import ZONE_NAMES, Card, Zone
from .events import CardMoved, CounterChanged, PointsChanged, ResourceChanged
from .frozen import kept
from .state import NEUTRAL

if TYPE_CHECKING:
    from .game import Game


#: the events a game announces again and again, each value made once (events are values)
_CARD_MOVED = kept(CardMoved)
_RESOURCE_CHANGED = kept(ResourceChanged)


# The zone index: every card's zone and its place in it are held once, here. A player's
# zone lists (``PlayerState.zones``) give the order (the top of a deck is the end of its
# list); ``game.places`` answers "where is this card" for the same lists. ``place`` and
# ``arrange`` are the only writers of both.


def place(game: Game, entity: int, zone: Zone, holder: int, top: bool = True) -> None:
    """Put a card (new, or taken out with ``unplace``) on top or at the bottom of
    ``holder``'s ``zone``."""
    target = game.zones_of(holder).zones[zone]
    if top:
        target.append(entity)
    else:
        target.insert(0, entity)
    game.places[entity] = (zone, holder)


def unplace(game: Game, entity: int) -> tuple[Zone, int]:
    """Take a card out of its zone; returns the (zone, holder) it was in."""
    zone, holder = game.places.pop(entity)
    cards = game.zones_of(holder).zones[zone]
    if cards[-1] == entity:
        cards.pop()  # the top card (a draw): no search through the zone
    else:
        cards.remove(entity)
    return zone, holder


def arrange(game: Game, player: int, zone: Zone, cards: list[int]) -> None:
    """Replace the order of ``player``'s ``zone`` with ``cards``; each card must already be
    one of that player's cards in this zone or in another one given to ``arrange``
    together (determinization re-deals hand and deck this way)."""
    game.zones_of(player).zones[zone][:] = cards
    for entity in cards:
        game.places[entity] = (zone, player)


def change_owner(game: Game, entity: int, player: int) -> None:
    """The card becomes ``player``'s (a draft pick, a card bought at a map store). A
    ``Card`` never changes: the entity gets a new one."""
    card = esper.component_for_entity(entity, Card)
    esper.add_component(entity, dataclasses.replace(card, owner=player))


def move_card(game: Game, entity: int, zone: Zone, player: int | None = None,
              top: bool = True) -> None:
    """Move a card between zones; the owner's zone unless ``player`` is given."""
    card = esper.component_for_entity(entity, Card)
    old_zone, _old_holder = unplace(game, entity)
    holder = card.owner if player is None else player
    if (card.token or card.definition.type is CardType.BOSS) and zone is not Zone.MAP:
        # rule Tokens 3: a token leaving the map leaves the game; so does a boss,
        # which exists only on the map (rule Boss 4)
        esper.delete_entity(entity, immediate=True)
        game.emit(_CARD_MOVED(entity, card.definition.name, old_zone.value, "gone", holder))
        return
    if holder == NEUTRAL and zone not in (Zone.MAP, Zone.DRAFT):
        zone = Zone.EXILE  # neutral map pieces have no other zone to go to
    place(game, entity, zone, holder, top)
    game.emit(_CARD_MOVED(entity, card.definition.name, ZONE_NAMES[old_zone],
                          ZONE_NAMES[zone], holder))


def draw(game: Game, player: int, count: int) -> int:
    state = game.players[player]
    drawn = 0
    for _ in range(max(0, count)):
        if not state.deck:
            break
        move_card(game, state.deck[-1], Zone.HAND, player)
        drawn += 1
    return drawn


def shuffle_discard_into_deck(game: Game, player: int) -> None:
    state = game.players[player]
    for entity in list(state.discard):
        move_card(game, entity, Zone.DECK, player)
    game.rng.shuffle(state.deck)


def gain_resource(game: Game, player: int, amount: int) -> None:
    if amount == 0 or player == NEUTRAL:
        return
    state = game.players[player]
    state.resource = max(0, state.resource + amount)
    game.emit(_RESOURCE_CHANGED(player, amount, state.resource))


def gain_points(game: Game, player: int, amount: int) -> None:
    state = game.players[player]
    state.points += amount
    game.emit(PointsChanged(player, amount, state.points))


def add_to_counter(game: Game, player: int, name: str, amount: int) -> int:
    """Change one of ``player``'s named counters (mana, command tokens...); returns its
    new value. A counter back at zero is dropped."""
    state = game.players[player]
    total = state.counters.get(name, 0) + amount
    if total:
        state.counters[name] = total
    else:
        state.counters.pop(name, None)
    game.emit(CounterChanged(player, name, amount, total))
    return total


def pay(game: Game, player: int, amount: int) -> None:
    if amount:
        state = game.players[player]
        state.resource -= amount
        game.emit(_RESOURCE_CHANGED(player, -amount, state.resource))
