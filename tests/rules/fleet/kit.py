"""Small fleet games to test rules with: a board drawn as rows of letters, each letter a
system named by it (pointy-topped hexes, odd rows pushed half a hex right, as in Tiled),
its kind given apart; links join named systems (wormholes, hyperlanes). Units are put
straight into systems; the game is then in the active player's tactical action or
wherever the test takes it."""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType
from typing import Any

from game.content.cards import load_cards
from game.rules import Game, GameSetup, MapSpec, WinSpec
from game.rules.core.actions import Action
from game.rules.geometry import Tile, make_geometry
from game.rules.mapmodel import Region
from game.rules.rulesets.fleet.actions import ActivateSystem, PickStrategy
from game.rules.rulesets.fleet.production import make_unit
from game.rules.rulesets.fleet.rules import board_state, set_landed

LIBRARY, _PROBLEMS = load_cards()
HEX = {"tile_width": 64, "tile_height": 74, "stagger_axis": "y", "stagger_index": "odd",
       "hex_side_length": 37}


class Board:
    """A drawn board: ``tile("A")`` is system A's tile id."""

    def __init__(self, rows: Iterable[str], kinds: dict[str, str] | None = None,
                 links: Iterable[tuple[str, str, str]] = (), homes: str = "",
                 objectives: dict[str, int] | None = None, players: int = 2,
                 start: dict[str, int] | None = None,
                 win: dict[str, Any] | None = None) -> None:
        lines = [r for r in rows]
        self.width = max(len(r) for r in lines)
        self.height = len(lines)
        base = make_geometry("hex", self.width, self.height, HEX)
        self.tiles: dict[str, Tile] = {}
        kinds = kinds or {}
        types = []
        for row, line in enumerate(lines):
            for col in range(self.width):
                char = line[col] if col < len(line) else " "
                tile = base.grid_to_tile(col, row)
                if char in (" ", "."):
                    types.append("void")
                    continue
                self.tiles[char] = tile
                types.append(kinds.get(char, "empty space"))
        owners = {}
        for player, char in enumerate(homes):
            owners[self.tiles[char]] = player
            index = list(self.tiles).index(char)
            _ = index
        for char in homes:
            col, row = base.tile_to_grid(self.tiles[char])
            types[row * self.width + col] = "home system"
        params: dict[str, Any] = dict(HEX)
        geometry = "hex"
        found_links = tuple((self.tiles[a], self.tiles[b], name) for a, b, name in links)
        if found_links:
            params = {**params, "base": "hex", "links": found_links}
            geometry = "graph"
        regions = tuple(Region(char, frozenset({self.tiles[char]}), points)
                        for char, points in (objectives or {}).items())
        self.spec = MapSpec(
            name="test fleet", width=self.width, height=self.height, tiles=tuple(types),
            owners=MappingProxyType(owners), players=players, income=0,
            start_deck=tuple((start or {"Carrier": 1}).items()),
            win=WinSpec("objectives", MappingProxyType(win or {"points": 10, "rounds": 8})),
            regions=regions, ruleset="fleet", geometry=geometry,
            geometry_params=MappingProxyType(params))

    def tile(self, name: str) -> Tile:
        return self.tiles[name]

    def name(self, tile: Tile) -> str:
        return next(n for n, t in self.tiles.items() if t == tile)

    def path(self, names: str) -> tuple[Tile, ...]:
        return tuple(self.tiles[n] for n in names)


def new_game(board: Board, players: int = 2, seed: int = 1) -> Game:
    """A fleet game in its first strategy phase."""
    return Game(GameSetup(board.spec, LIBRARY, players, seed))


def clear(game: Game) -> None:
    """Take every unit off the board (tests put their own)."""
    for unit in list(game.permanents()):
        game.destroy(unit, "cleared for a test", triggers=False)
    game.legal_cache = None


def put(game: Game, board: Board, name: str, where: str, player: int = 0,
        count: int = 1, on_planet: bool = False) -> list[int]:
    """``count`` units of card ``name`` for ``player`` in system ``where``."""
    game.enter()
    made = []
    for _ in range(count):
        unit = make_unit(game, name, board.tile(where), player)
        set_landed(game, unit, on_planet)
        made.append(unit)
    game.legal_cache = None
    return made


def token(game: Game, board: Board, where: str, player: int = 0) -> None:
    """A command token of ``player`` in system ``where``."""
    game.enter()
    state = board_state(game)
    state.tokens = tuple(sorted((*state.tokens, (board.tile(where), player))))
    game.version += 1
    game.legal_cache = None


def to_action_phase(game: Game) -> None:
    """Every player picks the lowest strategy left but Redeploy (4), so player 1 acts
    first."""
    for _ in range(len(game.players)):
        actor = game.actor
        assert actor is not None
        picks = [a for a in game.legal_actions(actor) if isinstance(a, PickStrategy)
                 and a.strategy != 4]
        game.apply(picks[0])


def activate(game: Game, board: Board, where: str, player: int = 0) -> None:
    game.apply(ActivateSystem(player, board.tile(where)))


def of(actions: list[Action], kind: type) -> list[Any]:
    return [a for a in actions if isinstance(a, kind)]


def units(game: Game, board: Board, where: str, player: int | None = None) -> list[str]:
    """The card names of the units in the system (of ``player``), sorted."""
    from game.rules.rulesets.fleet.rules import units_at

    return sorted(game.card(u).name for u in units_at(game, board.tile(where))
                  if player is None or game.controller(u) == player)


#: A two-row strip of systems: A-G on top, H-N below (pushed right), so H touches A, B
#: and I; I touches H, J, B and C; and so on.
STRIP = ("ABCDEFG", "HIJKLMN")


def strip(kinds: dict[str, str] | None = None, links: Iterable[tuple[str, str, str]] = (),
          players: int = 2, homes: str = "GN", **kwargs: Any) -> Board:
    return Board(STRIP, kinds, links, homes=homes, players=players, **kwargs)


def tactic_game(board: Board, players: int = 2, seed: int = 1) -> Game:
    """A game in player 1's first turn of the action phase, the board emptied."""
    game = new_game(board, players, seed)
    to_action_phase(game)
    clear(game)
    return game


class Dice:
    """A stand-in for the game's generator whose dice come from a list (then 10s)."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self.rolls = list(rolls)
        self.rolled: list[int] = []

    def randint(self, low: int, high: int) -> int:
        value = self.rolls.pop(0) if self.rolls else high
        self.rolled.append(value)
        return value

    def getstate(self) -> object:
        return ("dice", tuple(self.rolls))

    def setstate(self, state: object) -> None:
        pass


def rig(game: Game, rolls: Iterable[int]) -> Dice:
    dice = Dice(rolls)
    game.rng = dice  # type: ignore[assignment]
    return dice


def paths_of(game: Game, ship: int) -> set[tuple[Tile, ...]]:
    from game.rules.rulesets.fleet.actions import DeclareMove

    return {a.path for a in of(game.legal_actions(game.actor), DeclareMove)
            if a.ship == ship}


def declare(game: Game, ship: int, path: tuple[Tile, ...] | None = None) -> None:
    """Declare ``ship`` (on the given path, or the first offered)."""
    from game.rules.rulesets.fleet.actions import DeclareMove

    offered = [a for a in of(game.legal_actions(game.actor), DeclareMove) if a.ship == ship
               and (path is None or a.path == path)]
    assert offered, f"ship {ship} may not be declared on {path}"
    game.apply(offered[0])
