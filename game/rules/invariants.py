"""Checks that must hold after every action; the fuzz test runs them, and so can anyone
debugging a position. Each returns a list of problems (empty when all is well)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from .components import Body, Card, OnMap, Zone
from .core.board import dropped
from .core.state import Phase
from .systems.state_based import due

if TYPE_CHECKING:
    from .core.game import Game


def check(game: Game) -> list[str]:
    game.enter()
    problems: list[str] = []
    # every card in exactly one zone, and the zone lists agree with the components
    listed: dict[int, tuple[Zone, int]] = {}
    for state in [*game.players, game.neutral]:
        for zone, cards in state.zones.items():
            for card in cards:
                if card in listed:
                    problems.append(f"card {card} is listed in two zones")
                listed[card] = (zone, state.index)
    if listed != game.places:
        problems.append("the zone lists and the card lookup of the zone index disagree: "
                        f"{sorted(set(listed.items()) ^ set(game.places.items()))[:4]}")
    for entity, card_component in esper.get_component(Card):
        where = listed.get(entity)
        if where is None:
            problems.append(f"card {entity} ({card_component.definition.name}) is in no zone")
            continue
        is_on_map = esper.has_component(entity, OnMap)
        if is_on_map != (where[0] is Zone.MAP):
            problems.append(f"card {entity} zone {where[0]} but on the map: {is_on_map}")
    for card in listed:
        if not esper.entity_exists(card) or not esper.has_component(card, Card):
            problems.append(f"listed card {card} does not exist")
    # at most one permanent per tile outside piles (or the ruleset's occupancy); the board
    # index agrees (where several share a tile, it holds one of them)
    seen: dict[tuple[int, int], list[int]] = {}
    occupancy = game.ruleset.occupancy
    waiting = set(dropped(game))
    for entity, on_map in esper.get_component(OnMap):
        if on_map.tile is None:
            if not game.container_of(entity) and entity not in waiting:
                problems.append(f"permanent {entity} has no tile, is in no pile and is "
                                "not waiting to be placed")
            continue
        if occupancy == 1 and on_map.tile in seen:
            problems.append(f"tile {on_map.tile} holds {seen[on_map.tile][0]} and {entity}")
        seen.setdefault(on_map.tile, []).append(entity)
        if occupancy == 1 and game.board.get(on_map.tile) != entity:
            problems.append(f"board index at {on_map.tile} is {game.board.get(on_map.tile)}, "
                            f"not {entity}")
        if not esper.has_component(entity, Body):
            problems.append(f"permanent {entity} has no body")
    for tile, standing in seen.items():
        if len(standing) > occupancy:
            problems.append(f"tile {tile} holds {len(standing)} permanents, more than "
                            f"{occupancy}")
        if occupancy > 1 and game.board.get(tile) not in standing:
            problems.append(f"board index at {tile} is {game.board.get(tile)}, not one of "
                            f"{sorted(standing)}")
    if len(game.board) != len(seen):
        problems.append(f"board index has {len(game.board)} entries for {len(seen)} "
                        "occupied tiles")
    for player in game.players:
        if player.resource < 0:
            problems.append(f"player {player.index + 1} has negative resource {player.resource}")
    if game.phase is Phase.DISCARD and game.stack:
        problems.append("the stack is not empty in the discard step")
    if game.phase is not Phase.OVER:
        # the state-based actions left nothing to do (they skip the permanents when no
        # change since they last looked can have made one due: this checks that skip)
        problems.extend(f"state-based action due after the step: {what}" for what in due(game))
        actor = game.actor
        if actor is None or not game.legal_actions(actor):
            problems.append(f"no legal action for the player to act ({actor}) in {game.phase}")
    return problems
