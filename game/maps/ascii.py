"""Maps in the original game's text format: YAML with the grid drawn in symbols.

    name: 2P-ring-street
    players: 2
    income: 3
    map: |
      1..s..
      ...s.2
    symbols: {X: wall}              # optional, on top of the default symbols
    start_deck_list: {Coin: 4, Recruit: 3}
    win_condition: {type: king}     # plus the kind's parameters
    kings: [[0, 1], [5, 1]]          # one tile per player, for the king win condition
    placements: [{card: Building, tile: [2, 0], player: 1}]
    regions: [{name: Centre, points: 1, tiles: [[2, 1], [3, 1]]}]

Every problem is reported with the file, the field, what was expected and what was found.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.content.yamlfile import read_yaml
from game.rules import limits
from game.rules.mapmodel import DEFAULT_SYMBOLS, MapSpec, Placement, Region, WinSpec, parse_grid
from game.rules.tiles import TILE_TYPES
from game.rules.wincons import WIN_CONDITIONS

from .errors import MapError, MapProblem
from .regions import name_unnamed

MAPS_DIR = Path(__file__).resolve().parent.parent.parent / "maps"


def _tile(value: Any, path: str, field: str) -> tuple[int, int]:
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (value[0], value[1])
    raise MapError(path, field, "a tile as [x, y]", value)


def load_ascii_map(path: Path | str) -> MapSpec:
    name = str(path)
    read = read_yaml(Path(path), limits.MAX_MAP_FILE)
    if read.problems:
        field, expected, found = read.problems[0]
        raise MapError([MapProblem(name, field or "file", expected, found)])
    data = read.data
    if not isinstance(data, dict):
        raise MapError(name, "top level", "a mapping", data)
    grid = data.get("map")
    if not isinstance(grid, str) or not grid.strip():
        raise MapError(name, "map", "the grid as a block of text", grid)
    rows = grid.strip("\n").split("\n")
    columns = max(len(row.rstrip()) for row in rows)
    if (len(rows) > limits.MAX_MAP_SIDE or columns > limits.MAX_MAP_SIDE
            or len(rows) * columns > limits.MAX_MAP_CELLS):
        raise MapError(name, "map", f"a grid of at most {limits.MAX_MAP_SIDE} tiles each way "
                       f"and {limits.MAX_MAP_CELLS} tiles in all", f"{columns}x{len(rows)}")
    symbols = dict(DEFAULT_SYMBOLS)
    extra = data.get("symbols") or {}
    if not isinstance(extra, dict):
        raise MapError(name, "symbols", "a mapping of symbol to tile type", extra)
    for symbol, kind in extra.items():
        if not isinstance(symbol, str) or len(symbol) != 1:
            raise MapError(name, f"symbols.{symbol}", "a single character", symbol)
        if kind not in TILE_TYPES:
            raise MapError(name, f"symbols.{symbol}", f"a tile type ({', '.join(TILE_TYPES)})",
                           kind)
        symbols[symbol] = kind
    players = data.get("players", 2)
    if not isinstance(players, int) or not 1 <= players <= 4:
        raise MapError(name, "players", "a player count from 1 to 4", players)
    income = data.get("income", 3)
    if not isinstance(income, int) or income < 0:
        raise MapError(name, "income", "a whole number of at least 0", income)
    deck_raw = data.get("start_deck_list") or {}
    if not isinstance(deck_raw, dict):
        raise MapError(name, "start_deck_list", "a mapping of card name to count", deck_raw)
    start_deck = []
    for card, count in deck_raw.items():
        if not isinstance(count, int) or count < 1:
            raise MapError(name, f"start_deck_list.{card}", "a count of at least 1", count)
        start_deck.append((str(card), count))
    if sum(count for _, count in start_deck) > limits.MAX_START_DECK:
        raise MapError(name, "start_deck_list", f"a start deck of at most "
                       f"{limits.MAX_START_DECK} cards", sum(c for _, c in start_deck))
    win_raw = data.get("win_condition")
    if not isinstance(win_raw, dict) or win_raw.get("type") not in WIN_CONDITIONS:
        raise MapError(name, "win_condition.type",
                       f"one of {', '.join(WIN_CONDITIONS.names())}", win_raw)
    params = {k: v for k, v in win_raw.items() if k != "type"}
    placements = []
    kings = data.get("kings") or []
    if win_raw["type"] == "king" and len(kings) < players:
        raise MapError(name, "kings", f"a king tile for each of the {players} players", kings)
    for player, spot in enumerate(kings):
        placements.append(Placement(str(params.get("card", "King")),
                                    _tile(spot, name, f"kings[{player}]"), player))
    for index, item in enumerate(data.get("placements") or []):
        if not isinstance(item, dict) or "card" not in item:
            raise MapError(name, f"placements[{index}]", "{card, tile, player}", item)
        player = item.get("player", -1)
        if not isinstance(player, int) or not -1 <= player <= limits.MAX_PLAYERS:
            raise MapError(name, f"placements[{index}].player", "a player number", player)
        placements.append(Placement(str(item["card"]), _tile(item.get("tile"), name,
                                    f"placements[{index}].tile"), player))
    regions: list[Region] = []
    unnamed: dict[int, tuple[float, float]] = {}
    for index, item in enumerate(data.get("regions") or []):
        if not isinstance(item, dict) or not isinstance(item.get("tiles"), list):
            raise MapError(name, f"regions[{index}]", "{name, points, tiles}", item)
        tiles = frozenset(_tile(t, name, f"regions[{index}].tiles") for t in item["tiles"])
        points = item.get("points", 1)
        if not isinstance(points, int) or not 1 <= points <= limits.MAX_CARD_NUMBER:
            raise MapError(name, f"regions[{index}].points",
                           f"a whole number from 1 to {limits.MAX_CARD_NUMBER}", points)
        if "name" not in item and tiles:  # named after where it lies, once all are read
            unnamed[len(regions)] = (
                (sum(t[0] for t in tiles) / len(tiles) + 0.5) / max(1, columns),
                (sum(t[1] for t in tiles) / len(tiles) + 0.5) / max(1, len(rows)))
        regions.append(Region(str(item.get("name", "")), tiles, points))
    try:
        spec = parse_grid(grid, name=str(data.get("name", Path(path).stem)), players=players,
                          income=income, start_deck=tuple(start_deck),
                          win=WinSpec(str(win_raw["type"]), MappingProxyType(params)),
                          placements=tuple(placements),
                          regions=tuple(name_unnamed(regions, unnamed)), symbols=symbols)
    except ValueError as exc:
        raise MapError(name, "map", "only known symbols", str(exc)) from None
    for placement in spec.placements:
        if not spec.on_map(placement.tile):
            raise MapError(name, "placements", "tiles inside the map", placement.tile)
    for player in range(players):
        if not spec.spawn_tiles(player):
            raise MapError(name, "map", f"spawn tiles for player {player + 1}", "none")
    return MapSpec(**{**{f: getattr(spec, f) for f in spec.__slots__}, "source": name})


def list_ascii_maps(folder: Path = MAPS_DIR) -> list[Path]:
    """The text-grid maps (``*.yaml``) in ``folder``."""
    return sorted(folder.glob("*.yaml"))
