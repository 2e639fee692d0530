"""The headless rules engine. It never imports pygame, the client or the computer players.

Start with ``Game(GameSetup(...))``, ask ``legal_actions(player)`` and ``apply(action)``,
read with ``view(entity)``. The shape of the engine is described in game/rules/README.md.
"""

from . import enum_lookup  # noqa: F401 - first: quick enum member reads (see there)
from .cards import CardDef, CardLibrary, CardType
from .components import Zone
from .core.actions import Action, action_from_json
from .core.game import Game
from .core.state import NEUTRAL, GameSetup, IllegalAction, Phase
from .core.view import EntityView
from .mapmodel import MapSpec, Placement, Region, WinSpec, parse_grid

__all__ = [
    "NEUTRAL", "Action", "CardDef", "CardLibrary", "CardType", "EntityView", "Game", "GameSetup",
    "IllegalAction", "MapSpec", "Phase", "Placement", "Region", "WinSpec", "action_from_json",
    "parse_grid", "Zone",
]
