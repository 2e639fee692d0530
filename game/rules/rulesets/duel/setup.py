"""The duel's set-up (seed 002, "Board setup" and "The beginning of the game"): each
player's general onto its start tile, the decks shuffled, five cards drawn, then each
player in turn may take a mulligan before the first turn begins."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import esper

from ...components import Arrival, Zone
from ...core.actions import Mulligan
from ...core.state import Phase
from .rules import (
    ARTIFACT_SLOTS,
    GENERAL,
    GROUND,
    MULLIGAN_DONE,
    MULLIGAN_MAX,
    OPENING_HAND,
    set_counter,
)
from .turn import start_turn

if TYPE_CHECKING:
    from ...core.game import Game

__all__ = ["ARTIFACT_SLOTS", "do_mulligan", "mulligan_options", "setup_game"]


def setup_game(game: Game) -> None:
    """Generals on the map's start tiles (a player's spawn tile: the map's general
    object), decks shuffled, five cards each, then the mulligans."""
    decks = game.setup.decks
    if decks is None:
        raise ValueError("decks: a duel needs a deck per player (its general first)")
    starts = {owner: tile for tile, owner in sorted(game.map.owners.items())}
    game.map_pieces = []
    for player in game.players:
        names = decks[player.index]
        if not names or GENERAL not in game.library[names[0]].tags:
            found = names[0] if names else "an empty deck"
            raise ValueError(f"decks: player {player.index + 1}'s deck must start with a "
                             f"general, found {found}")
        tile = starts.get(player.index)
        if tile is None:
            raise ValueError(f"map {game.map.name}: no start tile for player "
                             f"{player.index + 1}'s general")
        general = game.new_card(game.library[names[0]], player.index, Zone.MAP)
        game.put_on_map(general, tile, player.index)
        # the start tile is plain ground once its general stands there: minions come next
        # to friendly units, never onto a spawn, so it means nothing more (and the board
        # shows no flag where the general is no longer)
        game.tiles[game.cell_index[tile]] = GROUND
        esper.add_component(general, Arrival(0))
        game.map_pieces.append((names[0], player.index, general))
        spell = game.library[names[0]].extra.get("bloodbound")
        if spell:  # the bloodbound spell waits aside, cast from there all game
            game.new_card(game.library[str(spell)], player.index, Zone.ASIDE)
        for name in names[1:]:
            game.new_card(game.library[name], player.index, Zone.DECK)
        game.rng.shuffle(player.deck)
    game.win.setup(game)
    for player in game.players:
        game.draw(player.index, OPENING_HAND)
    game.phase = Phase.MULLIGAN
    game.turn = 0
    game.active = 0
    game.priority = 0
    game.settle()


def mulligan_options(game: Game, player: int) -> list[Mulligan]:
    """The beginning of the game: keep the hand, or put back one or two of its cards."""
    hand = game.players[player].hand
    out = [Mulligan(player, ())]
    for size in range(1, MULLIGAN_MAX + 1):
        out.extend(Mulligan(player, tuple(chosen)) for chosen in combinations(hand, size))
    return out


def do_mulligan(game: Game, action: Mulligan) -> None:
    """The replacements come from the rest of the deck; then the cards put back are
    shuffled in. When every player has decided, the first turn begins."""
    player = action.player
    state = game.players[player]
    for card in action.cards:
        game.move_card(card, Zone.ASIDE)
    game.draw(player, len(action.cards))
    for card in action.cards:
        game.move_card(card, Zone.DECK)
    if action.cards:
        game.rng.shuffle(state.deck)
    set_counter(game, player, MULLIGAN_DONE, 1)
    waiting = [p.index for p in game.players if not game.counter(p.index, MULLIGAN_DONE)]
    if waiting:
        game.priority = waiting[0]
        return
    for p in game.players:
        set_counter(game, p.index, MULLIGAN_DONE, 0)
    start_turn(game, 0, first=True)
