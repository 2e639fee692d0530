"""The win-condition registry (rule Win Conditions 2): each map names one kind and gives
its parameters in ``MapSpec.win.params``.

- ``king``: a player whose king (``card``, default "King") is destroyed is out; the last
  player standing wins.
- ``resource``: the first player with at least ``threshold`` resource wins.
- ``capture_points``: at the start of each upkeep the active player scores the points of
  every region they hold (they control more units in it than anyone else); ``points`` wins.
- ``destroy_buildings``: a player whose buildings (``card``, default "Building") are all
  destroyed is out; the last player standing wins.
- ``stick_of_victory``: at the start of each upkeep the active player scores 1 point if a
  unit they control has the stick (``card``, default "Stick of Victory") equipped;
  ``points`` wins.
- ``none``: the game only ends by elimination (tests, sandbox maps).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from .components import Card, OnMap
from .registry import Registry

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class WinCondition:
    name: str
    #: parameter name -> description, checked by map validation
    params: dict[str, str]
    check: Callable[[Game], tuple[tuple[int, ...], tuple[int, ...]]]  # (losers, winners)
    describe: Callable[[Game], str]
    setup: Callable[[Game], None] = lambda game: None
    on_upkeep: Callable[[Game, int], None] = lambda game, player: None


WIN_CONDITIONS: Registry[WinCondition] = Registry("win condition")


def _param(game: Game, name: str, default: object) -> object:
    return game.map.win.params.get(name, default)


def _pieces_lost(game: Game, default_card: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Players who had map pieces of the named card and have none left on the map."""
    name = str(_param(game, "card", default_card))
    had: set[int] = set()
    standing: set[int] = set()
    for card, player, entity in game.map_pieces:
        if card == name:
            had.add(player)
            if game.is_on_map(entity):
                standing.add(player)
    return tuple(sorted(had - standing)), ()


def _threshold(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    goal = int(_param(game, "threshold", 30))  # type: ignore[arg-type]
    return (), tuple(p.index for p in game.players if not p.eliminated and p.resource >= goal)


def _points(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    goal = int(_param(game, "points", 10))  # type: ignore[arg-type]
    return (), tuple(p.index for p in game.players if not p.eliminated and p.points >= goal)


def held_regions(game: Game, player: int) -> list[str]:
    """Regions where ``player`` controls more units than any other player."""
    held = []
    for region in game.map.regions:
        counts: dict[int, int] = {}
        for tile in region.tiles:
            unit = game.board.get(tile, 0)
            if unit and game.card(unit).is_unit:
                who = game.controller(unit)
                counts[who] = counts.get(who, 0) + 1
        mine = counts.get(player, 0)
        if mine and all(mine > n for p, n in counts.items() if p != player):
            held.append(region.name)
    return held


def _score_regions(game: Game, player: int) -> None:
    points = {r.name: r.points for r in game.map.regions}
    total = sum(points[name] for name in held_regions(game, player))
    if total:
        game.gain_points(player, total)


def _score_stick(game: Game, player: int) -> None:
    name = str(_param(game, "card", "Stick of Victory"))
    for entity, card in esper.get_component(Card):
        if card.definition.name != name or not esper.has_component(entity, OnMap):
            continue
        bearer = game.container_of(entity)
        if bearer and game.controller(bearer) == player and game.card(bearer).is_unit:
            game.gain_points(player, int(_param(game, "per_upkeep", 1)))  # type: ignore[arg-type]


for entry in (
    WinCondition("none", {}, lambda g: ((), ()), lambda g: "last player standing"),
    WinCondition("king", {"card": "name of the king card (default King)"},
                 lambda g: _pieces_lost(g, "King"), lambda g: "the enemy king fell"),
    WinCondition("resource", {"threshold": "resource needed to win"}, _threshold,
                 lambda g: f"reached {_param(g, 'threshold', 30)} resource"),
    WinCondition("capture_points", {"points": "points needed to win"}, _points,
                 lambda g: f"scored {_param(g, 'points', 10)} points by holding regions",
                 on_upkeep=_score_regions),
    WinCondition("destroy_buildings", {"card": "name of the building card (default Building)"},
                 lambda g: _pieces_lost(g, "Building"),
                 lambda g: "destroyed the enemy buildings"),
    WinCondition("stick_of_victory",
                 {"points": "points needed to win", "card": "the stick's card name",
                  "per_upkeep": "points per upkeep with the stick equipped"},
                 _points,
                 lambda g: f"held the stick of victory for {_param(g, 'points', 10)} points",
                 on_upkeep=_score_stick),
):
    WIN_CONDITIONS.add(entry.name, entry)
