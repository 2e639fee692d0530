"""Small skirmishes to test rules with: a hex board drawn as rows of symbols (one per
Tiled cell, pointy-topped hexes, odd rows pushed right), units put on cells, and a few
plain test units. Cells are named as Tiled names them, (column, row); ``hexes`` turns
them into the engine's tiles."""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any

from game.rules import CardDef, CardLibrary, CardType, Game, GameSetup, MapSpec, WinSpec
from game.rules.core.actions import Action, Activate, EndTurn
from game.rules.geometry import Tile
from game.rules.mapmodel import Placement, Region, shared_geometry

SKIRMISH = frozenset({"skirmish"})
HEX = MappingProxyType({"tile_width": 64, "tile_height": 74, "stagger_axis": "y",
                        "stagger_index": "odd", "hex_side_length": 37})
SYMBOLS = {".": "neutral", "F": "forest", "n": "hill", "%": "swamp", "M": "mountain",
           "w": "deep water", "~": "water", "L": "lava", "R": "radioactive",
           "1": "spawn", "2": "spawn", "3": "spawn"}


def unit(name: str, attack: int = 2, health: int = 5, movement: int = 3, reach: int = 1,
         keywords: dict[str, Any] | None = None, **kwargs: Any) -> CardDef:
    return CardDef(name=name, type=CardType.UNIT, attack=attack, range=reach, health=health,
                   movement=movement, keywords=MappingProxyType(keywords or {}),
                   tags=SKIRMISH, **kwargs)


def card_library(*extra: CardDef) -> CardLibrary:
    cards = [unit("Soldier"), unit("Brute", 3, 8, 2, keywords={"skirmish:size": 3}),
             unit("Scout", 1, 3, 4, keywords={"skirmish:size": 1}),
             unit("Archer", 2, 3, 3, 3),
             unit("Hawk", 1, 3, 4, keywords={"skirmish:flying": True})]
    names = {c.name for c in extra}
    return CardLibrary([c for c in cards if c.name not in names] + list(extra))


def grid(rows: list[str]) -> tuple[int, int, tuple[str, ...]]:
    width = max(len(r) for r in rows)
    kinds = [SYMBOLS[row[c] if c < len(row) else "."] for row in rows for c in range(width)]
    return width, len(rows), tuple(kinds)


def hexes(width: int, height: int, *cells: tuple[int, int]) -> list[Tile]:
    geometry = shared_geometry("hex", width, height, HEX)
    return [geometry.grid_to_tile(c, r) for c, r in cells]


def board(rows: list[str], units: list[tuple[str, tuple[int, int], int]],
          regions: list[list[tuple[int, int]]] | None = None,
          win: WinSpec | None = None, players: int = 2,
          start_deck: tuple[tuple[str, int], ...] = ()) -> MapSpec:
    """The board of ``rows`` (digits: a player's spawn hexes), with ``units`` placed."""
    width, height, kinds = grid(rows)
    geometry = shared_geometry("hex", width, height, HEX)
    owners = {geometry.grid_to_tile(c, r): int(ch) - 1 for r, row in enumerate(rows)
              for c, ch in enumerate(row) if ch.isdigit()}
    pieces = tuple(Placement(name, geometry.grid_to_tile(*cell), player)
                   for name, cell, player in units)
    areas = tuple(Region(f"point {i + 1}", frozenset(hexes(width, height, *cells)))
                  for i, cells in enumerate(regions or []))
    return MapSpec(name="test skirmish", width=width, height=height, tiles=kinds,
                   owners=owners, players=players, income=0, start_deck=start_deck,
                   win=win or WinSpec("skirmish:elimination"), placements=pieces,
                   regions=areas, ruleset="skirmish", geometry="hex", geometry_params=HEX)


def seed_for(first: int, players: int = 2) -> int:
    """A seed whose first round starts with ``first`` (the set-up's first random draw)."""
    for seed in range(1, 1000):
        if random.Random(seed).randrange(players) == first:
            return seed
    raise AssertionError("no seed")


def new_game(rows: list[str], units: list[tuple[str, tuple[int, int], int]], *,
             first: int = 0, library: CardLibrary | None = None, **kwargs: Any) -> Game:
    spec = board(rows, units, **kwargs)
    return Game(GameSetup(map=spec, library=library or card_library(),
                          players=spec.players, seed=seed_for(first, spec.players)))


def at(game: Game, col: int, row: int) -> Tile:
    return game.geometry.grid_to_tile(col, row)


def unit_at(game: Game, col: int, row: int) -> int:
    return game.board.get(at(game, col, row), 0)


def activate(game: Game, col: int, row: int) -> int:
    entity = unit_at(game, col, row)
    game.apply(Activate(game.controller(entity), entity))
    return entity


def end(game: Game) -> None:
    game.apply(EndTurn(game.active))


def of(actions: list[Action], kind: type) -> list[Any]:
    return [a for a in actions if isinstance(a, kind)]


def next_round(game: Game) -> None:
    """Every remaining turn of the round: each player activates its first ready unit and
    ends its activation at once."""
    from game.rules.rulesets.skirmish.rounds import rounds

    number = rounds(game).number
    while rounds(game).number == number and game.actor is not None:
        player = game.actor
        if not game.activated:
            first = next(a for a in game.legal_actions(player) if isinstance(a, Activate))
            game.apply(first)
        if game.actor == player and game.activated:
            game.apply(EndTurn(player))
