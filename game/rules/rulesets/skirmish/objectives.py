"""Winning a skirmish: control points and elimination (seed 004: "cannot capture points";
the reference's part C: "objective capture and points, 1 point per captured objective").

- A control point is a region of the map (one or more hexes). At the end of each round a
  point is taken by the one player whose units stand on it, when only one player's do;
  flying units can't take points, carried ones don't count. A point stays with its
  holder until another player takes it. Then every player scores the points of each
  control point it holds (the region's ``points``, 1 unless the map says more).
- ``skirmish:control``: the first player with ``points`` points (default 5) wins (when
  several reach it at the same end of round, the one with most; on a tie for the most
  the game goes on until one leads).
- ``skirmish:elimination``: no points; a player whose last unit falls is out.
- Under both, a player without any unit left is out, and the last player left wins.
- Ours: a skirmish lasts at most ``ROUND_LIMIT`` rounds (the seed sets no limit, and two
  units that can't hurt each other would fight for ever). When the last round ends
  undecided, the player with the most points wins; then the one with the most units
  left; then the most health left; a tie on all three is a draw.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

import esper

from ...components import ControlPoint
from ...wincons import WIN_CONDITIONS, WinCondition
from .rules import flying, health_left, round_number, units_of

if TYPE_CHECKING:
    from ...core.game import Game

CONTROL = "skirmish:control"
ELIMINATION = "skirmish:elimination"
DEFAULT_POINTS = 5
#: the last round of a skirmish (ours)
ROUND_LIMIT = 12


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
    """Ours: when several players pass the goal at the same end of round, the one with
    the most points wins; on a tie for the most nobody has won yet, and the game goes on
    until one leads."""
    target = goal(game)
    live = [p for p in game.players if not p.eliminated]
    top = max((p.points for p in live), default=0)
    leaders = [p.index for p in live if p.points == top]
    if top >= target and len(leaders) == 1:
        return _armyless(game), (leaders[0],)
    return _armyless(game), ()


def _control_text(game: Game) -> str:
    if _control_check(game)[1]:
        return f"held the control points for {goal(game)} points"
    return _elimination_text(game)


def _elimination_text(game: Game) -> str:
    if round_number(game) >= ROUND_LIMIT and len(game.live()) > 1:
        return f"ahead when the last round ({ROUND_LIMIT}) ended"
    return "destroyed the enemy army"


def standing(game: Game, player: int) -> tuple[int, int, int]:
    """How a player stands when the last round ends: points, units, health left."""
    units = units_of(game, player)
    return (game.players[player].points, len(units),
            sum(health_left(game, u) for u in units))


def last_round_over(game: Game) -> None:
    """The end of the last round: the player who stands best wins (a tie: a draw)."""
    if round_number(game) < ROUND_LIMIT or game.winners:
        return
    live = game.live()
    best = max(standing(game, p) for p in live)
    leaders = tuple(p for p in live if standing(game, p) == best)
    if len(leaders) == 1:
        game.finish(leaders, game.win.describe(game))
    else:
        game.finish((), f"a draw: the last round ({ROUND_LIMIT}) ended even")


for entry in (
    WinCondition(CONTROL, {"points": "points needed to win (1 per control point held "
                                     "at each end of round)"},
                 _control_check, _control_text,
                 defaults=MappingProxyType({"points": DEFAULT_POINTS})),
    WinCondition(ELIMINATION, {}, lambda g: (_armyless(g), ()), _elimination_text),
):
    WIN_CONDITIONS.add(entry.name, entry)
