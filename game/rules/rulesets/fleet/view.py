"""What the window (and any tool) reads of a fleet game: frozen records of every system
that has something to show — its units stacked by owner and kind, command tokens, the
planet's controller, capacity in use, objectives — and of the tactical action under way
(the active system, the declared moves and what they transport). Nothing outside
``game/rules`` reads the fleet's components; it reads these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...geometry import Tile
from .movement import budget
from .rules import (
    board_state,
    capacity,
    controller_of,
    damage,
    has_planet,
    index_units,
    is_cargo,
    is_ship,
    landed,
    resources,
)
from .tactical import tactic_of

if TYPE_CHECKING:
    from ...core.game import Game


@dataclass(frozen=True, slots=True)
class Stack:
    """Units of one card of one player in one place of a system (its space area or its
    planet)."""

    player: int
    card: str
    count: int
    #: on the planet (ground forces and structures), not in the space area
    landed: bool
    #: how many of them are damaged
    damaged: int
    #: the units, in entity order
    units: tuple[int, ...]
    #: what a ship of them is: "ship", "fighter", "ground", "structure"
    kind: str


@dataclass(frozen=True, slots=True)
class SystemView:
    tile: Tile
    stacks: tuple[Stack, ...]
    #: players whose command tokens lie here
    tokens: tuple[int, ...]
    #: who controls the planet (-1: nobody, or no planet)
    controller: int
    planet: bool
    resources: int
    anomalies: tuple[str, ...]
    #: (player, fighters and ground forces in space, capacity of its ships there)
    capacity: tuple[tuple[int, int, int], ...]
    #: points of the objectives the system is part of
    objective: int
    active: bool


@dataclass(frozen=True, slots=True)
class TacticView:
    """The tactical action under way."""

    player: int
    system: Tile
    #: "move", "cannon", "hits", "land", "produce"
    step: str
    #: declared ships and their paths, in declaration order
    moves: tuple[tuple[int, tuple[Tile, ...]], ...]
    #: (unit, the ship that transports it)
    cargo: tuple[tuple[int, int], ...]
    #: ground forces committed to the planet
    landing: tuple[int, ...]


def _kind(game: Game, unit: int) -> str:
    tags = game.card(unit).tags
    for kind in ("fighter", "ship", "ground", "structure"):
        if kind in tags:
            return kind
    return "unit"


def tactic(game: Game) -> TacticView | None:
    game.enter()
    found = tactic_of(game)
    if found is None:
        return None
    return TacticView(found.player, found.system, found.step, found.movers, found.cargo,
                      found.landing)


def system(game: Game, tile: Tile) -> SystemView:
    """The record of one system (empty stacks where nothing is there)."""
    return systems(game, only=(tile,)).get(tile) or _empty(game, tile)


def _empty(game: Game, tile: Tile) -> SystemView:
    kind = game.tile_kind(tile)
    return SystemView(tile, (), (), controller_of(game, tile), has_planet(game, tile),
                      resources(game, tile), tuple(sorted(kind.anomalies)), (), 0, False)


def systems(game: Game, only: tuple[Tile, ...] | None = None) -> dict[Tile, SystemView]:
    """Every system with units, tokens, a controlled planet or the active action (or the
    systems named in ``only``)."""
    game.enter()
    board = board_state(game)
    units = index_units(game)
    active = tactic_of(game)
    objectives: dict[Tile, int] = {}
    for region in game.map.regions:
        for tile in region.tiles:
            objectives[tile] = objectives.get(tile, 0) + region.points
    tokens: dict[Tile, list[int]] = {}
    for tile, player in board.tokens:
        tokens.setdefault(tile, []).append(player)
    wanted = set(units) | set(tokens) | {t for t, _ in board.planets}
    if active is not None:
        wanted.add(active.system)
    if only is not None:
        wanted = set(only)
    found = {}
    for tile in wanted:
        kind = game.tile_kind(tile)
        groups: dict[tuple[int, str, bool], list[int]] = {}
        for unit in units.get(tile, ()):
            key = (game.controller(unit), game.card(unit).name, landed(unit))
            groups.setdefault(key, []).append(unit)
        stacks = tuple(
            Stack(player, name, len(members), on_planet,
                  sum(1 for u in members if damage(u)), tuple(members), _kind(game, members[0]))
            for (player, name, on_planet), members in sorted(groups.items()))
        loads: dict[int, list[int]] = {}
        for unit in units.get(tile, ()):
            owner = game.controller(unit)
            row = loads.setdefault(owner, [0, 0])
            if is_ship(game, unit):
                row[1] += capacity(game, unit)
            if is_cargo(game, unit) and not landed(unit):
                row[0] += 1
        found[tile] = SystemView(
            tile, stacks, tuple(sorted(tokens.get(tile, ()))), controller_of(game, tile),
            has_planet(game, tile), resources(game, tile), tuple(sorted(kind.anomalies)),
            tuple((p, used, room) for p, (used, room) in sorted(loads.items())
                  if used or room),
            objectives.get(tile, 0), active is not None and active.system == tile)
    return found


def move_value(game: Game, ship: int) -> int:
    """The systems the ship may enter in a movement step now (a nebula where it starts
    makes it 1)."""
    game.enter()
    return budget(game, ship)


__all__ = ["Stack", "SystemView", "TacticView", "move_value", "system", "systems", "tactic"]
