"""Saves and replays: versioned JSON of the setup, the seed and every action taken.

A save is a replay: loading one re-applies its actions from the start, so it cannot
hold an impossible position. Each finished turn's state hash is recorded, and
``verify`` proves that the replay reproduces the game. Files are written atomically
(a temporary file renamed over the target), so a crash never leaves half a save.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .. import limits
from ..cards import CardLibrary
from ..files import remove_leftovers as remove_leftovers
from ..files import write_atomically as write_atomically
from ..geometry import GEOMETRIES
from ..mapmodel import MapSpec, Placement, Region, WinSpec, piece_card_problem, shared_geometry
from ..rulesets import RULESETS
from ..wincons import TEXT_WIN_PARAMS, WIN_CONDITIONS, unknown_region
from .actions import ActionFormatError, action_from_json
from .events import Event
from .game import Game
from .save_schema import FORMAT as FORMAT
from .save_schema import FORMAT_VERSION as FORMAT_VERSION
from .save_schema import READABLE_VERSIONS as READABLE_VERSIONS
from .save_schema import SaveError as SaveError
from .save_schema import check_save, read_json
from .save_schema import fail as _fail
from .state import GameSetup, IllegalAction

# ---------------------------------------------------------------------------- map as JSON


def map_to_json(spec: MapSpec) -> dict[str, Any]:
    return {
        "name": spec.name, "width": spec.width, "height": spec.height,
        "tiles": list(spec.tiles),
        "owners": [[x, y, p] for (x, y), p in sorted(spec.owners.items())],
        "players": spec.players, "income": spec.income,
        "start_deck": [[name, count] for name, count in spec.start_deck],
        "win": {"kind": spec.win.kind, "params": dict(spec.win.params)},
        "placements": [[p.card, p.tile[0], p.tile[1], p.player] for p in spec.placements],
        "regions": [{"name": r.name, "points": r.points, "tiles": sorted(map(list, r.tiles))}
                    for r in spec.regions],
        "source": spec.source,
        "bosses": [[p.card, p.tile[0], p.tile[1], p.player] for p in spec.bosses],
        "draft": spec.draft, "sets": list(spec.sets), "title": spec.title,
        "description": spec.description,
        "ruleset": spec.ruleset, "geometry": spec.geometry,
        # written only when the map has some, so square maps save as they always did
        **({"geometry_params": _params_to_json(spec.geometry_params)}
           if spec.geometry_params else {}),
        **({"seat_bonus": spec.seat_bonus} if spec.seat_bonus else {}),
        **({"first_income": spec.first_income} if spec.first_income is not None else {}),
    }


def _params_to_json(params: Mapping[str, Any]) -> dict[str, Any]:
    result = dict(params)
    if "links" in result:
        result["links"] = [[list(a), list(b), name] for a, b, name in result["links"]]
    return result


def _params_from_json(path: str, data: Any, geometry: str, width: int,
                      height: int) -> Mapping[str, Any]:
    """A map's geometry settings from a save, checked by building the geometry."""
    if not isinstance(data, dict):
        raise _fail(path, "setup.map.geometry_params", "an object", data)
    params = dict(data)
    links = params.get("links")
    if isinstance(links, list):
        try:
            params["links"] = tuple((tuple(a), tuple(b), name) for a, b, name in links)
        except (TypeError, ValueError):
            raise _fail(path, "setup.map.geometry_params.links",
                        "a list of [tile, tile, name]", links) from None
    try:
        shared_geometry(geometry, width, height, params)  # the one the game will use
    except ValueError as exc:
        raise _fail(path, "setup.map.geometry_params", f"settings of geometry {geometry}",
                    str(exc)) from None
    return MappingProxyType(params)


def _known(path: str, field: str, value: Any, known: Mapping[str, Any]) -> str:
    if not isinstance(value, str) or value not in known:
        raise _fail(path, field, "one of " + ", ".join(sorted(known)), value)
    return value


def map_from_json(data: Any, path: str = "save") -> MapSpec:
    if not isinstance(data, dict):
        raise _fail(path, "setup.map", "an object", data)
    try:
        width, height = int(data["width"]), int(data["height"])
        tiles = tuple(str(t) for t in data["tiles"])
        geometry = _known(path, "setup.map.geometry", data.get("geometry", "square-muhq"),
                          GEOMETRIES)
        if len(tiles) != width * height:
            raise _fail(path, "setup.map.tiles", f"{width * height} tiles", len(tiles))
        return MapSpec(
            name=str(data["name"]), width=width, height=height, tiles=tiles,
            owners=MappingProxyType({(int(x), int(y)): int(p) for x, y, p in data["owners"]}),
            players=int(data["players"]), income=int(data["income"]),
            start_deck=tuple((str(n), int(c)) for n, c in data["start_deck"]),
            win=WinSpec(str(data["win"]["kind"]), MappingProxyType(dict(data["win"]["params"]))),
            placements=tuple(Placement(str(c), (int(x), int(y)), int(p))
                             for c, x, y, p in data["placements"]),
            regions=tuple(Region(str(r["name"]), frozenset((int(x), int(y)) for x, y in r["tiles"]),
                                 int(r["points"])) for r in data["regions"]),
            source=str(data.get("source", "")),
            bosses=tuple(Placement(str(c), (int(x), int(y)), int(p))
                         for c, x, y, p in data.get("bosses", [])),
            draft=str(data.get("draft", "")),
            sets=tuple(str(s) for s in data.get("sets", [])),
            title=str(data.get("title", "")),
            description=str(data.get("description", "")),
            ruleset=_known(path, "setup.map.ruleset", data.get("ruleset", "muhq"), RULESETS),
            geometry=geometry,
            geometry_params=_params_from_json(path, data.get("geometry_params", {}), geometry,
                                              width, height),
            seat_bonus=int(data.get("seat_bonus", 0)),
            first_income=(int(data["first_income"]) if data.get("first_income") is not None
                          else None),
        )
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise _fail(path, "setup.map", "a complete map description", f"{type(exc).__name__}: {exc}"
                    ) from None


# ---------------------------------------------------------------------------- save


def game_to_json(game: Game, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The save of ``game``; ``seats`` (who sits in each seat, ``{"human": bool,
    "computer": kind}``, kept for the window) are written inside it when given."""
    setup = game.setup
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        # the rules the game is played by: a game loaded from an older save keeps them
        "rules_version": setup.version,
        "setup": {
            "map": map_to_json(setup.map),
            "players": setup.players,
            "seed": setup.seed,
            "sets": list(setup.sets),
            "draft": setup.draft,
            "stores": None if setup.stores is None else [list(s) for s in setup.stores],
            "store_mode": setup.store_mode,
            # written only when set, so a game without them saves as before
            **({} if setup.decks is None else {"decks": [list(d) for d in setup.decks]}),
        },
        "actions": [a.to_json() for a in game.history],
        "turn_hashes": list(game.turn_hashes),
        "final_hash": game.state_hash(),
        "winners": list(game.winners),
        **({} if seats is None else {"seats": seats}),
    }


def save_game(game: Game, path: Path | str, seats: list[dict[str, Any]] | None = None,
              ) -> None:
    """Write ``game`` (and its ``seats``, see ``game_to_json``) to ``path`` in one
    atomic write."""
    write_atomically(Path(path), json.dumps(game_to_json(game, seats), indent=1) + "\n")


# ---------------------------------------------------------------------------- load / replay


def read_save(path: Path | str) -> dict[str, Any]:
    """Parse a save file (numbers read safely, its size limited) and check every field
    against the schema (``save_schema``)."""
    return check_save(read_json(path), str(path))


def _check_board(spec: MapSpec, path: str) -> None:
    """What the schema cannot say about a save's map: every tile it names is a cell of
    its board, every player a seat of the map, no two pieces on one tile."""
    cells = frozenset(spec.grid().cells())
    field = "setup.map"

    def on_board(tile: tuple[int, int], where: str) -> None:
        if tile not in cells:
            raise _fail(path, f"{field}.{where}", "a tile of the map's board", list(tile))

    for tile, owner in spec.owners.items():
        on_board(tile, "owners")
        if owner >= spec.players:
            raise _fail(path, f"{field}.owners", f"a player below {spec.players}", owner)
    taken: set[tuple[int, int]] = set()
    for where, pieces in (("placements", spec.placements), ("bosses", spec.bosses)):
        for index, piece in enumerate(pieces):
            on_board(piece.tile, f"{where}[{index}]")
            if piece.player >= spec.players:
                raise _fail(path, f"{field}.{where}[{index}]",
                            f"a player below {spec.players}", piece.player)
            if piece.tile in taken:
                raise _fail(path, f"{field}.{where}[{index}]",
                            "a tile no other piece starts on", list(piece.tile))
            taken.add(piece.tile)
    for index, region in enumerate(spec.regions):
        for tile in region.tiles:
            on_board(tile, f"regions[{index}].tiles")
    if sum(count for _, count in spec.start_deck) > limits.MAX_START_DECK:
        raise _fail(path, f"{field}.start_deck",
                    f"a start deck of at most {limits.MAX_START_DECK} cards",
                    sum(count for _, count in spec.start_deck))


def _check_cards(spec: MapSpec, library: CardLibrary, path: str) -> None:
    """A save's map pieces and win condition name cards they can be (a spell never
    stands on the map, a king can fall, a boss map has its boss)."""
    field = "setup.map"
    for where, piece, pieces in (("placements", "piece", spec.placements),
                                 ("bosses", "boss", spec.bosses)):
        for index, placement in enumerate(pieces):
            wrong = piece_card_problem(piece, library[placement.card])
            if wrong is not None:
                raise _fail(path, f"{field}.{where}[{index}]", wrong, placement.card)
    entry = WIN_CONDITIONS[spec.win.kind]
    for name, value in spec.win.params.items():
        if name not in entry.params:
            raise _fail(path, f"{field}.win.params.{name}", "a parameter of win condition "
                        f"{spec.win.kind} ({', '.join(entry.params) or 'none'})", name)
        if (name in TEXT_WIN_PARAMS) != isinstance(value, str):
            raise _fail(path, f"{field}.win.params.{name}", TEXT_WIN_PARAMS.get(name)
                        or "a whole number", value)
    region = spec.win.params.get("region")
    expected = unknown_region(region, (r.name for r in spec.regions))
    if expected is not None:
        raise _fail(path, f"{field}.win.params.region", expected, region)
    card = spec.win.params.get("card")
    if isinstance(card, str):
        wrong = piece_card_problem(entry.card_piece, library[card]) if entry.card_piece \
            else None
        if wrong is not None:
            raise _fail(path, f"{field}.win.params.card", wrong, card)
    if entry.needs_boss and not spec.bosses:
        raise _fail(path, f"{field}.bosses", f"a boss (win condition {spec.win.kind})",
                    "none")


def setup_from_json(data: dict[str, Any], library: CardLibrary, path: str = "save") -> GameSetup:
    setup = data["setup"]
    spec = map_from_json(setup.get("map"), path)
    _check_board(spec, path)
    card = spec.win.params.get("card")
    wanted = ({n for n, _ in spec.start_deck} | {p.card for p in spec.placements}
              | {p.card for p in spec.bosses}
              | ({card} if isinstance(card, str) else set())
              | {str(n) for s in (setup.get("stores") or []) for n in s}
              | {str(n) for d in (setup.get("decks") or []) for n in d})
    missing = sorted(wanted - {c.name for c in library})
    if missing:
        raise _fail(path, "cards", "cards known to this game", ", ".join(missing))
    _check_cards(spec, library, path)
    try:
        return GameSetup(
            map=spec, library=library, players=int(setup["players"]), seed=int(setup["seed"]),
            sets=tuple(str(s) for s in setup.get("sets", [])), draft=str(setup["draft"]),
            stores=None if setup.get("stores") is None
            else tuple(tuple(str(n) for n in s) for s in setup["stores"]),
            store_mode=bool(setup.get("store_mode", False)),
            decks=None if setup.get("decks") is None
            else tuple(tuple(str(n) for n in d) for d in setup["decks"]),
            version=int(data.get("rules_version", 1)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise _fail(path, "setup", "players, seed, sets and draft", str(exc)) from None


def replay(data: dict[str, Any], library: CardLibrary, path: str = "save", *,
           verify: bool = False, on_turn: Callable[[int, str], None] | None = None,
           on_events: Callable[[list[Event]], None] | None = None) -> Game:
    """Rebuild a game from a save (every field checked by ``save_schema`` first); with
    ``verify``, check every recorded turn hash. ``on_events`` is given what each action
    did, in order (a window rebuilds its log from it)."""
    check_save(data, path)
    setup = setup_from_json(data, library, path)
    try:
        game = Game(setup)
    except (KeyError, ValueError) as exc:
        raise _fail(path, "setup", "a setup the rules accept", str(exc)) from None
    expected = [str(h) for h in data["turn_hashes"]]
    checked = 0
    for index, raw in enumerate(data["actions"]):
        try:
            action = action_from_json(raw)
        except ActionFormatError as exc:
            game.close()
            raise _fail(path, f"actions[{index}]", "a well-formed action", str(exc)) from None
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            game.close()
            raise _fail(path, f"actions[{index}]", "a legal action", str(exc)) from None
        if on_events is not None:
            on_events(list(events))
        while verify and checked < len(game.turn_hashes):
            got = game.turn_hashes[checked]
            if checked >= len(expected) or expected[checked] != got:
                game.close()
                want = expected[checked] if checked < len(expected) else "no more turns"
                raise _fail(path, f"turn_hashes[{checked}]", want, got)
            if on_turn is not None:
                on_turn(checked + 1, got)
            checked += 1
    if verify:
        try:
            _verify_end(data, game, path, checked, len(expected))
        except SaveError:
            game.close()
            raise
    return game


def _verify_end(data: Mapping[str, Any], game: Game, path: str, checked: int,
                expected: int) -> None:
    """What ``verify`` asks of a save once its actions are replayed: every turn hash it
    records reached, its final hash present and equal to the game's (a save cut short,
    its last actions or hashes dropped, fails here), and its winners the game's."""
    if checked != expected:
        raise _fail(path, "turn_hashes", f"{expected} turns", checked)
    final = data.get("final_hash")
    if final is None:
        raise _fail(path, "final_hash", "the hash of the final position (a save without it "
                    "cannot be verified)", "nothing")
    if final != game.state_hash():
        raise _fail(path, "final_hash", str(final), game.state_hash())
    winners = data.get("winners")
    if winners is not None and list(winners) != list(game.winners):
        raise _fail(path, "winners", f"the winners of the replayed game "
                    f"({list(game.winners)})", winners)


def load_game(path: Path | str, library: CardLibrary, *, verify: bool = False) -> Game:
    return replay(read_save(path), library, str(path), verify=verify)
