"""The save and replay format as a schema: every field is checked before any of it is used.

A save is read as JSON whose whole numbers are converted only when they are short (a
5,000-digit seed stays a mark of what it was, ``NaN`` and ``Infinity`` too), then checked
against the schema below: the format and its versions first (so a save of a newer game
says which versions this build reads), then the setup, the map, every action by the fields
of its kind, the turn hashes and the winners. The limits are those of
``game.rules.limits``. A mismatch is a ``SaveError`` naming the file, the field, what was
expected and what was found; ``game.rules.core.replay`` checks what only a game can tell
(cards known to the library, tiles on the board) and replays the actions.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .. import limits
from ..draft import DRAFT_EXPECTED, parse_draft
from ..files import read_bytes
from ..geometry import GEOMETRIES
from ..rulesets import RULESETS
from ..tiles import TILE_TYPES
from ..wincons import WIN_CONDITIONS
from .actions import ACTION_TYPES
from .state import RULES_VERSION

FORMAT = "muhq-game"
#: Version 2 names the map's ruleset and geometry in ``setup.map``; version 1 files (every
#: save and replay written before them) load as ``muhq`` on ``square-muhq``. Version 3
#: may say who sits in each seat (``seats``: a person, or a computer player of a kind),
#: so that a save and its seats are one file, written at once; the rules ignore it.
FORMAT_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)
#: the rules versions this build replays (``RULES_VERSION`` and every one before it)
READABLE_RULES = tuple(range(1, RULES_VERSION + 1))


class SaveError(ValueError):
    """A save or replay file that cannot be used; the message names file, field, expected
    and found."""


def fail(path: str, field: str, expected: str, found: Any) -> SaveError:
    shown = found.text if isinstance(found, Unreadable) else repr(found)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    return SaveError(f"{path}: {field}: expected {expected}, found {shown}")


# ---------------------------------------------------------------------------- reading JSON


@dataclasses.dataclass(frozen=True, slots=True, repr=False)
class Unreadable:
    """A JSON value kept as a note of what it was: a number too long to convert,
    ``NaN``, ``Infinity`` or a number beyond a float. No field accepts one."""

    text: str

    def __repr__(self) -> str:
        return self.text


def _whole(text: str) -> int | Unreadable:
    if len(text.lstrip("-")) > limits.MAX_NUMBER_DIGITS:
        return Unreadable(f"a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _float(text: str) -> float | Unreadable:
    value = float(text)
    return value if abs(value) < float("inf") else Unreadable(text[:40])


def read_json(path: Path | str) -> Any:
    """The JSON of a save file of at most ``MAX_SAVE_FILE`` bytes, numbers read safely."""
    name = str(path)
    raw = read_bytes(path, limits.MAX_SAVE_FILE)  # a regular file: never a FIFO or device
    if isinstance(raw, tuple):
        expected, found = raw
        if expected == "a readable file":
            expected = "a readable UTF-8 file"
        raise fail(name, "file", expected, Unreadable(found))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise fail(name, "file", "a readable UTF-8 file", type(exc).__name__) from None
    try:
        return json.loads(text, parse_int=_whole, parse_float=_float, parse_constant=Unreadable)
    except json.JSONDecodeError as exc:
        raise fail(name, f"line {exc.lineno}", "valid JSON", exc.msg) from None
    except RecursionError:
        raise fail(name, "file", "JSON whose lists and objects nest a few levels deep",
                   Unreadable("nesting too deep to read")) from None


# ---------------------------------------------------------------------------- checks

#: a check: raises ``Mismatch`` when the value at the field does not fit
Check = Callable[[Any, str], None]


class Mismatch(Exception):
    """A value that does not fit the schema: its field, what was expected, what was found."""

    def __init__(self, field: str, expected: str, found: Any) -> None:
        super().__init__(field)
        self.field = field
        self.expected = expected
        self.found = found


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(low: int, high: int) -> Check:
    def check(value: Any, field: str) -> None:
        if not _is_int(value) or not low <= value <= high:
            raise Mismatch(field, f"a whole number from {low} to {high}", value)
    return check


def text(longest: int, choices: tuple[str, ...] = ()) -> Check:
    def check(value: Any, field: str) -> None:
        if choices:
            if value not in choices:
                raise Mismatch(field, "one of " + ", ".join(choices), value)
        elif not isinstance(value, str) or len(value) > longest:
            raise Mismatch(field, f"a text of at most {longest} characters", value if not
                           isinstance(value, str) else Unreadable(f"{len(value)} characters"))
    return check


def flag(value: Any, field: str) -> None:
    if not isinstance(value, bool):
        raise Mismatch(field, "true or false", value)


def maybe(inner: Check) -> Check:
    def check(value: Any, field: str) -> None:
        if value is not None:
            inner(value, field)
    return check


def items(inner: Check, longest: int, what: str = "items") -> Check:
    def check(value: Any, field: str) -> None:
        if not isinstance(value, list) or len(value) > longest:
            found = Unreadable(f"{len(value)} {what}") if isinstance(value, list) else value
            raise Mismatch(field, f"a list of at most {longest} {what}", found)
        for index, item in enumerate(value):
            inner(item, f"{field}[{index}]")
    return check


def row(*parts: Check, words: str) -> Check:
    """A list of exactly ``len(parts)`` values, each checked by its part."""
    def check(value: Any, field: str) -> None:
        if not isinstance(value, list) or len(value) != len(parts):
            raise Mismatch(field, words, value)
        for index, (part, item) in enumerate(zip(parts, value, strict=True)):
            part(item, f"{field}[{index}]")
    return check


def record(required: Mapping[str, Check], optional: Mapping[str, Check] | None = None,
           words: str = "an object") -> Check:
    """An object with every ``required`` field, any of the ``optional`` ones, no other."""
    known = {**required, **(optional or {})}

    def check(value: Any, field: str) -> None:
        if not isinstance(value, dict):
            raise Mismatch(field, words, value)
        for key in value:
            if key not in known:
                raise Mismatch(f"{field}.{str(key)[:40]}", "one of the fields "
                               + ", ".join(known), key)
        for key, part in known.items():
            if key in value:
                part(value[key], f"{field}.{key}")
            elif key in required:
                raise Mismatch(f"{field}.{key}", "the field (it is required)",
                               Unreadable("nothing"))
    return check


def json_value(depth: int) -> Check:
    """A number, text, true/false, null, or a list of them nested at most ``depth`` deep
    (what an action's targets and choices hold)."""
    number = whole(-limits.MAX_ACTION_NUMBER, limits.MAX_ACTION_NUMBER)

    def check(value: Any, field: str) -> None:
        if value is None or isinstance(value, bool):
            return
        if isinstance(value, str):
            text(limits.MAX_NAME)(value, field)
        elif isinstance(value, list) and depth > 0:
            items(json_value(depth - 1), limits.MAX_ACTION_VALUES)(value, field)
        else:
            number(value, field)
    return check


# ---------------------------------------------------------------------------- the schema

NAME = text(limits.MAX_NAME)
COORD = whole(-2 * limits.MAX_MAP_SIDE, 2 * limits.MAX_MAP_SIDE)
CELL = row(COORD, COORD, words="a tile as [x, y]")
SEAT = whole(0, limits.MAX_PLAYERS - 1)
PIECE = row(NAME, COORD, COORD, whole(-1, limits.MAX_PLAYERS - 1),
            words="a piece as [card, x, y, player]")
CARDS = items(NAME, limits.MAX_DECK_CARDS, "cards")


def _draft(value: Any, field: str) -> None:
    text(40)(value, field)
    try:
        parse_draft(value)
    except ValueError:
        raise Mismatch(field, DRAFT_EXPECTED, value) from None


def _win_param(value: Any, field: str) -> None:
    if isinstance(value, str):
        NAME(value, field)
    else:
        whole(1, limits.MAX_CARD_NUMBER)(value, field)


def _win_params(value: Any, field: str) -> None:
    if not isinstance(value, dict) or len(value) > 8:
        raise Mismatch(field, "an object of at most 8 win parameters", value)
    for key, item in value.items():
        _win_param(item, f"{field}.{str(key)[:40]}")


GEOMETRY_PARAMS = record({}, {
    "tile_width": whole(1, limits.MAX_TILE_PIXELS),
    "tile_height": whole(1, limits.MAX_TILE_PIXELS),
    "stagger_axis": text(1, ("x", "y")),
    "stagger_index": text(4, ("odd", "even")),
    "hex_side_length": whole(1, limits.MAX_TILE_PIXELS),
    "base": text(40, tuple(sorted(GEOMETRIES))),
    "links": items(row(CELL, CELL, NAME, words="a link as [tile, tile, name]"),
                   limits.MAX_MAP_OBJECTS, "links"),
})

MAP = record({
    "name": text(limits.MAX_TEXT),
    "width": whole(1, limits.MAX_MAP_SIDE),
    "height": whole(1, limits.MAX_MAP_SIDE),
    "tiles": items(text(40, tuple(sorted(TILE_TYPES))), limits.MAX_MAP_CELLS, "tiles"),
    "owners": items(row(COORD, COORD, SEAT, words="an owner as [x, y, player]"),
                    limits.MAX_MAP_CELLS, "owners"),
    "players": whole(1, limits.MAX_PLAYERS),
    "income": whole(0, limits.MAX_CARD_NUMBER),
    "start_deck": items(row(NAME, whole(1, limits.MAX_START_DECK),
                            words="a start deck entry as [card, count]"),
                        limits.MAX_START_DECK, "entries"),
    "win": record({"kind": text(40, tuple(WIN_CONDITIONS.names())), "params": _win_params}),
    "placements": items(PIECE, limits.MAX_MAP_OBJECTS, "pieces"),
    "regions": items(record({"name": text(limits.MAX_NAME),
                             "points": whole(1, limits.MAX_CARD_NUMBER),
                             "tiles": items(CELL, limits.MAX_MAP_CELLS, "tiles")}),
                     limits.MAX_MAP_OBJECTS, "regions"),
}, {
    "source": text(4096),
    "bosses": items(PIECE, limits.MAX_MAP_OBJECTS, "pieces"),
    "draft": maybe(text(40)),
    "sets": items(NAME, limits.MAX_LIST_ITEMS, "sets"),
    "title": text(limits.MAX_TITLE),
    "description": text(limits.MAX_TEXT),
    "ruleset": text(40, tuple(sorted(RULESETS))),
    "geometry": text(40, tuple(sorted(GEOMETRIES))),
    "geometry_params": GEOMETRY_PARAMS,
    "seat_bonus": whole(0, limits.MAX_CARD_NUMBER),
    "first_income": whole(0, limits.MAX_CARD_NUMBER),
}, "a map description")

SETUP = record({
    "map": MAP,
    "players": whole(1, limits.MAX_PLAYERS),
    "seed": whole(-limits.MAX_SEED, limits.MAX_SEED),
    "draft": _draft,
}, {
    "sets": items(NAME, limits.MAX_LIST_ITEMS, "sets"),
    "stores": maybe(items(items(NAME, limits.MAX_DRAFT_ROUNDS * limits.MAX_PACK_SIZE,
                                "cards"), limits.MAX_PLAYERS, "stores")),
    "store_mode": flag,
    "decks": maybe(items(CARDS, limits.MAX_PLAYERS, "decks")),
}, "a game setup")


def _field_check(annotation: Any) -> Check:
    """The check of an action field by its type (``int``, ``bool``, ``str``, a tile...)."""
    if annotation is int:
        return whole(-limits.MAX_ACTION_NUMBER, limits.MAX_ACTION_NUMBER)
    if annotation is bool:
        return flag
    if annotation is str:
        return NAME
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if args and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return maybe(_field_check(rest[0]) if len(rest) == 1 else
                     json_value(limits.MAX_ACTION_DEPTH))
    if origin is tuple and args == (int, int):
        return CELL
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] is int:
        return items(_field_check(int), limits.MAX_ACTION_VALUES)
    return json_value(limits.MAX_ACTION_DEPTH)


@functools.lru_cache(maxsize=8)
def action_check(players: int) -> Check:
    """The check of one action of a game of ``players`` players: a kind this build knows
    and, by that kind, every field of the right type (the player a seat of the game)."""
    by_kind: dict[str, Check] = {}
    for kind, cls in ACTION_TYPES.items():
        hints = typing.get_type_hints(cls)
        fields = {f.name: _field_check(hints[f.name]) for f in dataclasses.fields(cls)}
        fields["player"] = whole(0, players - 1)
        fields["kind"] = text(40, (kind,))
        by_kind[kind] = record(fields, words=f"a {kind} action")

    def check(value: Any, field: str) -> None:
        kind = value.get("kind") if isinstance(value, dict) else None
        if not isinstance(kind, str) or kind not in by_kind:
            close = difflib.get_close_matches(kind, list(by_kind), 3) \
                if isinstance(kind, str) else []
            hint = f" (the nearest: {', '.join(close)})" if close else ""
            raise Mismatch(f"{field}.kind" if isinstance(value, dict) else field,
                           f"an action kind of this game, one of {len(by_kind)}{hint}",
                           kind if isinstance(value, dict) else value)
        by_kind[kind](value, field)
    return check


HASHES = items(text(64), limits.MAX_SAVE_ACTIONS, "hashes")
#: who sits in a seat: a person (``human``) or a computer player of a kind
SEATS = items(record({"human": flag}, {"computer": text(40)}, "a seat as {human, computer}"),
              limits.MAX_PLAYERS, "seats")


def check_save(data: Any, path: str) -> dict[str, Any]:
    """``data`` (a parsed save) if every field fits the schema; else ``SaveError`` naming
    the first field that does not."""
    if not isinstance(data, dict):
        raise fail(path, "top level", "a JSON object", type(data).__name__)
    if data.get("format") != FORMAT:
        raise fail(path, "format", repr(FORMAT), data.get("format"))
    if data.get("version") not in READABLE_VERSIONS or isinstance(data.get("version"), bool):
        raise fail(path, "version", "a save format this build reads ("
                   + " or ".join(map(str, READABLE_VERSIONS)) + ")", data.get("version"))
    rules = data.get("rules_version", 1)
    if not _is_int(rules) or rules not in READABLE_RULES:
        raise fail(path, "rules_version", "a rules version this build reads ("
                   + ", ".join(map(str, READABLE_RULES)) + "; a higher one was written by a "
                   "newer version of the game)", rules)
    try:
        record({
            "format": text(20), "version": whole(1, FORMAT_VERSION), "setup": SETUP,
            "actions": items(lambda value, field: None, limits.MAX_SAVE_ACTIONS, "actions"),
            "turn_hashes": HASHES,
        }, {
            "rules_version": whole(1, RULES_VERSION), "final_hash": maybe(text(64)),
            "winners": items(SEAT, limits.MAX_PLAYERS, "winners"), "seats": SEATS,
        }, "a save")(data, "")
        players = data["setup"]["players"]
        items(action_check(players), limits.MAX_SAVE_ACTIONS, "actions")(
            data["actions"], "actions")
    except Mismatch as exc:
        raise fail(path, exc.field.lstrip("."), exc.expected, exc.found) from None
    return data

