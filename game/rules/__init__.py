"""The headless rules engine of Muhq's Game. It never imports pygame or the client.

Start with ``Game(GameSetup(...))``, ask ``legal_actions(player)`` and ``apply(action)``.
"""

from .actions import Action, action_from_json
from .cards import CardDef, CardLibrary, CardType
from .game import Game, IllegalAction
from .mapmodel import MapSpec, Placement, Region, WinSpec, parse_grid
from .state import GameSetup, Phase

__all__ = [
    "Action", "CardDef", "CardLibrary", "CardType", "Game", "GameSetup", "IllegalAction",
    "MapSpec", "Phase", "Placement", "Region", "WinSpec", "action_from_json", "parse_grid",
]
