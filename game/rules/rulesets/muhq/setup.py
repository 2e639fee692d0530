"""Muhq's Game set-up (rule Game Preparations): the map's walls and pieces, the win
condition, start decks, and the stores: drafted (rule Drafting), given by the setup, or
dealt among the map's store tiles (tiles: store). Also where a player may play a
permanent (rule Permanents 3: spawn tiles, harbors, spawn points)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ... import effects as fx
from ...cards import CardDef
from ...components import AtStore, OnMap, Zone
from ...core import zones
from ...core.actions import DraftPick
from ...core.events import CardMoved
from ...core.state import NEUTRAL, Phase
from ...draft import fill_pool, parse_draft
from ...geometry import Tile
from ...tiles import TILE_TYPES
from .turn import start_turn

if TYPE_CHECKING:
    from ...core.game import Game


def setup_game(game: Game) -> None:
    """Rule Game Preparations: map, sets, draft, start decks, stores."""
    for tile, name in zip(game.geometry.cells(), game.tiles, strict=True):
        wall = TILE_TYPES[name].wall_solid
        if wall:
            place_map_piece(game, fx.wall_card(wall), tile, NEUTRAL)
    game.map_pieces = []  # (card name, player, entity)
    for placement in game.map.placements:
        if placement.player >= len(game.players):
            continue
        entity = place_map_piece(game, game.library[placement.card], placement.tile,
                                       placement.player)
        game.map_pieces.append((placement.card, placement.player, entity))
    game.win.setup(game)
    decks = game.setup.decks
    for player in game.players:
        if decks is not None:  # a deck of its own for each player
            for name in decks[player.index]:
                game.new_card(game.library[name], player.index, Zone.DECK)
        else:
            for name, count in game.map.start_deck:
                for _ in range(count):
                    game.new_card(game.library[name], player.index, Zone.DECK)
        game.rng.shuffle(player.deck)
    game.neutralized = set()
    if game.setup.store_mode:
        stock_map_stores(game)
        start_turn(game, 0, first=True)
    elif game.setup.stores is not None:
        for player, names in zip(game.players, game.setup.stores, strict=False):
            for name in names:
                game.new_card(game.library[name], player.index, Zone.STORE)
        start_turn(game, 0, first=True)
    else:
        start_draft(game)
    game.settle()


def place_map_piece(game: Game, definition: CardDef, tile: Tile, player: int) -> int:
    card = game.new_card(definition, player, Zone.MAP)
    game.put_on_map(card, tile, player)
    return card


def stock_map_stores(game: Game) -> None:
    """Tiles: store — every available card of the chosen sets is dealt face down among
    the map's store tiles."""
    tiles = game.map.tiles_of_type("store")
    if not tiles:
        return
    pool = sorted(c.name for c in game.library.in_sets(game.setup.sets) if c.buy is not None)
    game.rng.shuffle(pool)
    for index, name in enumerate(pool):
        card = game.new_card(game.library[name], NEUTRAL, Zone.STORE)
        esper.add_component(card, AtStore(tiles[index % len(tiles)]))


def reachable_store_cards(game: Game, player: int) -> list[int]:
    """Cards of map stores where ``player`` has a unit standing."""
    found: list[int] = []
    if not esper.get_component(AtStore):
        return found
    for unit in game.controlled_permanents(player):
        tile = esper.component_for_entity(unit, OnMap).tile
        if tile is not None and game.card(unit).is_unit and game.tile_kind(tile).store:
            found.extend(game.store_stock(tile))
    return sorted(set(found))


def start_draft(game: Game) -> None:
    fmt = parse_draft(game.setup.draft)
    fmt.check(len(game.players))
    game.draft_format = fmt
    game.phase = Phase.DRAFT
    pool_defs = [c for c in game.library.in_sets(game.setup.sets) if c.buy is not None]
    pool = fill_pool(sorted(c.name for c in pool_defs),
                     len(game.players) * fmt.rounds * fmt.pack_size)
    game.rng.shuffle(pool)
    # rule Drafting 2: players x rounds packs, made at the start of the draft
    game.packs = []
    for p in range(len(game.players) * fmt.rounds):
        names = pool[p * fmt.pack_size:(p + 1) * fmt.pack_size]
        pack = [game.new_card(game.library[n], NEUTRAL, Zone.DRAFT) for n in names]
        game.packs.append(pack)
    game.draft_round = 0
    deal_packs(game)


def deal_packs(game: Game) -> None:
    n = len(game.players)
    game.held = [game.draft_round * n + i for i in range(n)]
    game.draft_step = 0
    game.draft_steps = n * game.draft_format.picks
    game.priority = 0


def draft_pick(game: Game, action: DraftPick) -> None:
    pack = game.packs[game.held[action.player]]
    pack.remove(action.card)
    zones.unplace(game, action.card)
    zones.change_owner(game, action.card, action.player)
    zones.place(game, action.card, Zone.STORE, action.player)
    game.emit(CardMoved(action.card, game.card(action.card).name, "draft", "store",
                        action.player))
    n = len(game.players)
    if action.player < n - 1:
        game.priority = action.player + 1
        return
    # every player picked: pass the packs to the next player
    game.draft_step += 1
    game.held = [game.held[(i - 1) % n] for i in range(n)]
    game.priority = 0
    if game.draft_step < game.draft_steps:
        return
    for index in game.held:  # leftovers of the round leave the game
        for entity in game.packs[index]:
            zones.unplace(game, entity)
            esper.delete_entity(entity, immediate=True)
        game.packs[index] = []
    game.draft_round += 1
    if game.draft_round < game.draft_format.rounds:
        deal_packs(game)
    else:
        game.packs = []
        game.held = []
        start_turn(game, 0, first=True)


def spawn_tiles(game: Game, player: int, definition: CardDef) -> list[Tile]:
    """Available tiles the player may play this permanent onto (rule Permanents 3)."""
    swimming = bool(definition.keywords.get("swimming"))
    result: set[Tile] = set()
    owners = game.map.owners
    for tile, owner in owners.items():
        if owner != player:
            continue
        kind = game.tile_kind(tile)
        if kind.spawn and not swimming:
            result.add(tile)
        if kind.harbor and swimming:
            # tiles: harbor — swimming permanents on adjacent deep water
            for n in game.neighbours[tile]:
                if game.tile_kind(n).swimmers and not game.tile_kind(n).walkers:
                    result.add(n)
    for entity in game.controlled_permanents(player):
        reach = game.keyword(entity, "spawn_point")
        origin = game.tile_of(entity)
        if reach and origin is not None:
            result.update(game.geometry.within(origin, int(reach)))
    return sorted(t for t in result if game.available(definition, t, swimming=swimming))
