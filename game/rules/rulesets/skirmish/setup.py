"""The skirmish's set-up (seed 004): the armies take the field, radioactive ground gets
its radioactivity, the control points are laid out, and the first round begins with a
starting player drawn by the game's random generator.

An army is the map's pieces of that player (``piece`` objects) and, when the map gives a
start deck (or the setup a deck per player), those units, each put on the player's
spawn hexes in the map's cell order (a hex the unit can't stand on is passed over)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ...components import Activity
from ...core.state import Phase
from .energy import fill_energy
from .objectives import setup_control_points
from .rounds import first_order, rounds, start_round
from .rules import RADIOACTIVE, can_stand, units_of

if TYPE_CHECKING:
    from ...core.game import Game


def army(game: Game, player: int) -> list[str]:
    """The units ``player`` deploys on its spawn hexes."""
    decks = game.setup.decks
    if decks is not None:
        return list(decks[player])
    return [name for name, count in game.map.start_deck for _ in range(count)]


def setup_game(game: Game) -> None:
    for placement in game.map.placements:
        if placement.player < len(game.players):
            entity = game.add_permanent(placement.card, placement.tile,
                                        max(placement.player, -1))
            game.map_pieces.append((placement.card, placement.player, entity))
    for player in game.players:
        deploy(game, player.index)
    for tile in game.geometry.cells():
        stacks = game.tile_kind(tile).radioactive
        if stacks:
            game.mark_tile(tile, RADIOACTIVE, stacks)
    for player in game.players:
        for unit in units_of(game, player.index):
            esper.add_component(unit, Activity())
            fill_energy(game, unit)
    setup_control_points(game)
    game.win.setup(game)
    game.phase = Phase.ACTION
    game.turn = 0
    rounds(game)
    start_round(game, first_order(game))


def deploy(game: Game, player: int) -> None:
    names = army(game, player)
    if not names:
        return
    spawns = [t for t in game.geometry.cells() if game.map.owners.get(t) == player
              and game.tile_kind(t).spawn and not game.board.get(t, 0)]
    for name in names:
        definition = game.library[name]
        entity = game.add_card(definition, player)
        spot = next((t for t in spawns if can_stand(game, entity, t)), None)
        if spot is None:
            raise ValueError(f"map {game.map.name}: player {player + 1}'s spawn hexes "
                             f"have no room left for {name} ({len(names)} units, "
                             f"{len(spawns)} free spawn hexes)")
        spawns.remove(spot)
        game.place_permanent(entity, spot, player)

