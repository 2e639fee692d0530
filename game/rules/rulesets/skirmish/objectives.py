"""Winning a skirmish: control points and elimination (seed 004: "cannot capture points";
the reference's part C: "objective capture and points, 1 point per captured objective").

- A control point is a region of the map (one or more hexes). At the end of each round a
  point is taken by the one player whose units stand on it, when only one player's do;
  flying units can't take points, carried ones don't count. A point stays with its
  holder until another player takes it. Then every player scores the points of each
  control point it holds (the region's ``points``, 1 unless the map says more).
- ``skirmish:control``: the first player with ``points`` points (default 5) wins (when
  several reach it at the same end of round, the one with most).
- ``skirmish:elimination``: no points; a player whose last unit falls is out.
- Under both, a player without any unit left is out, and the last player left wins.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

import esper

from ...components import ControlPoint
from ...wincons import WIN_CONDITIONS, WinCondition
from .rules import flying, units_of

if TYPE_CHECKING:
    from ...core.game import Game

CONTROL = "skirmish:control"
ELIMINATION = "skirmish:elimination"
DEFAULT_POINTS = 5


def setup_control_points(game: Game) -> None:
    for index in range(len(game.map.regions)):
        esper.create_entity(ControlPoint(index))


def control_points(game: Game) -> list[ControlPoint]:
    """Every control point, in the map's order."""
    return [point for _, point in sorted(esper.get_component(ControlPoint),
                                         key=lambda pair: pair[1].region)]


def standing_on(game: Game, point: ControlPoint) -> set[int]:
    """The players whose units could take ``point`` now."""
    region = game.map.regions[point.region]
    found = set()
    for tile in region.tiles:
        unit = game.board.get(tile, 0)
        if unit and game.card(unit).is_unit and not flying(game, unit):
            found.add(game.controller(unit))
    return found


def score_control_points(game: Game) -> None:
    """End of round: points are taken, then each holder scores."""
    for point in control_points(game):
        there = standing_on(game, point)
        if len(there) == 1:
            holder = next(iter(there))
            if holder != point.holder:
                point.holder = holder
                game.version += 1
    for point in control_points(game):
        if point.holder >= 0 and not game.players[point.holder].eliminated:
            game.gain_points(point.holder, game.map.regions[point.region].points)


def goal(game: Game) -> int:
    return int(game.map.win.params.get("points", DEFAULT_POINTS))


def _armyless(game: Game) -> tuple[int, ...]:
    return tuple(p for p in game.live() if not units_of(game, p))


def _control_check(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ours: when several players pass the goal at the same end of round, the most points
    win (all of them, on a tie)."""
    target = goal(game)
    reached = [p for p in game.players if not p.eliminated and p.points >= target]
    top = max((p.points for p in reached), default=0)
    return _armyless(game), tuple(p.index for p in reached if p.points == top)


def _control_text(game: Game) -> str:
    if any(p.points >= goal(game) for p in game.players if not p.eliminated):
        return f"held the control points for {goal(game)} points"
    return "destroyed the enemy army"


for entry in (
    WinCondition(CONTROL, {"points": "points needed to win (1 per control point held "
                                     "at each end of round)"},
                 _control_check, _control_text,
                 defaults=MappingProxyType({"points": DEFAULT_POINTS})),
    WinCondition(ELIMINATION, {}, lambda g: (_armyless(g), ()),
                 lambda g: "destroyed the enemy army"),
):
    WIN_CONDITIONS.add(entry.name, entry)
