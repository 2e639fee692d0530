"""The fleet's set-up: every player's home system holds its start fleet (the map's
``start_deck``: ships in space, ground forces and structures on the home planet), its
home planet is its own, it has three command tokens in its tactic pool and three in its
fleet pool, and a few resources; then the first round begins."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from .production import make_unit
from .rounds import advance, start_round
from .rules import FLEET_POOL, START_FLEET, START_TACTIC, TACTIC, home_of, set_counter
from .state import FleetBoard

if TYPE_CHECKING:
    from ...core.game import Game

#: resources each player starts with
START_RESOURCES = 3


def setup_game(game: Game) -> None:
    homes: list[tuple[tuple[int, int], int]] = []
    for state in game.players:
        home = home_of(game, state.index)
        if home is None:
            raise ValueError(f"map {game.map.name}: no home system (spawn tile) for player "
                             f"{state.index + 1}")
        homes.append((home, state.index))
    esper.create_entity(FleetBoard(planets=tuple(sorted(homes))))
    game.map_pieces = []
    for home, player in homes:
        for name, count in game.map.start_deck:
            for _ in range(count):
                make_unit(game, name, home, player)
        set_counter(game, player, TACTIC, START_TACTIC)
        set_counter(game, player, FLEET_POOL, START_FLEET)
        game.gain_resource(player, START_RESOURCES)
    game.turn = 0
    start_round(game)
    advance(game)
    game.settle()
