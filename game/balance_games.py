"""The games of a balance run, one per line, kept beside its report (``games.jsonl``), so
that runs played at different times (seeds 1-200 today, 201-400 tomorrow) make one report
together: ``python -m game balance --merge FOLDER --merge FOLDER``. The file is written game
by game while the run plays, so a run cut off (its process killed, the machine stopped)
keeps the games it finished and goes on with ``balance ... --resume``
(``games_to_go_on_from``).

The file's first line says what the run was (``header``): the rules version it was
played under, how it was played (the report's ``run``), per map the cards its drafts
could deal and the fingerprint of its map file (``map_fingerprint``: a map changed
between two runs makes their games two different experiments, which are not merged).
Each further line is one game's ``GameResult`` without its timings (they vary from run
to run and the report does not use them). A file that is not such a file raises
``GamesFileError`` naming the file, the line, the field, what was expected and what was
found.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.simulation import GameResult, SeatCards

GAMES_FILE = "games.jsonl"
#: the layout of ``games.jsonl``; a file of another layout is refused
GAMES_FORMAT = 1


class GamesFileError(ValueError):
    """A games file that cannot be read or merged; the message says where and why."""


@dataclass(frozen=True)
class Games:
    """One run's games read back: its header's fields and its results."""

    path: Path
    rules_version: int
    run: dict[str, Any]
    offered: dict[str, list[str]]
    results: list[GameResult]
    #: per map the fingerprint of its file when the run was played (none in the files of
    #: runs played before fingerprints were written)
    maps: dict[str, str]


def map_fingerprint(path: Path) -> str:
    """The fingerprint of a map file: the start of the SHA-256 of its bytes ("" when it
    cannot be read; the map was loaded from it a moment before, so that is rare)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return ""


def write_games(folder: Path, results: Sequence[GameResult], run: Mapping[str, Any],
                offered: Mapping[str, Iterable[str]], rules_version: int,
                maps: Mapping[str, str] | None = None) -> Path:
    """Write ``results`` with their header into ``folder``'s games file (``maps``: per
    map the fingerprint of its file)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / GAMES_FILE
    header = {"format": GAMES_FORMAT, "rules_version": rules_version, "run": dict(run),
              "offered": {name: sorted(cards) for name, cards in sorted(offered.items())},
              "maps": dict(sorted((maps or {}).items()))}
    lines = [json.dumps(header, sort_keys=True)]
    lines += [json.dumps(_game_json(r), sort_keys=True) for r in results]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def append_game(path: Path, result: GameResult) -> None:
    """Add one finished game to the games file at ``path`` (a run writes its file game
    by game: the header and the games so far first, with ``write_games``)."""
    with path.open("a", encoding="utf-8") as file:
        file.write(json.dumps(_game_json(result), sort_keys=True) + "\n")


def cut_off(planned: int) -> str:
    """What the header of a games file says of its run while the run is under way: a run
    cut off (the machine stopped, the process killed) leaves the games it finished."""
    return f"cut off after the games in this file, of its {planned} games"


#: a game's place in a run: its map, number, seed and seats (the number tells apart the
#: two games of a seed when swapping the seats gives the same seats: ``--ai easy --swap``)
GameKey = tuple[str, int, int, tuple[str, ...]]


def key_of(result: GameResult) -> GameKey:
    return result.map, result.index, result.seed, result.seats


def games_to_go_on_from(folder: Path, run: Mapping[str, Any],
                        offered: Mapping[str, Iterable[str]], rules_version: int,
                        maps: Mapping[str, str], planned: Collection[GameKey]
                        ) -> list[GameResult]:
    """The games a run with the same settings left in ``folder`` (``balance --resume``),
    none when it holds no games file yet. A file of another run is refused
    (``GamesFileError``): another rules version, other settings (``run``), other cards on
    offer, another map file, or a game this run does not plan (``planned``)."""
    path = folder / GAMES_FILE
    if not path.exists():
        return []
    games = read_games(folder)
    if games.rules_version != rules_version:
        raise GamesFileError(f"{path}: field 'rules_version': expected {rules_version} "
                             f"(this game's), found {games.rules_version}")
    wanted = {name: json.loads(json.dumps(value)) for name, value in run.items()
              if name != "stopped"}
    for name in sorted(set(wanted) | set(games.run) - {"stopped"}):
        if games.run.get(name) != wanted.get(name):
            raise GamesFileError(
                f"{path}: field 'run.{name}': expected {json.dumps(wanted.get(name))} (this "
                f"run's), found {json.dumps(games.run.get(name))}: a run goes on only with "
                "the settings it was started with")
    for name, cards in sorted(offered.items()):
        if games.offered.get(name) != sorted(cards):
            raise GamesFileError(
                f"{path}: field 'offered.{name}': expected the cards on offer now, found "
                "other cards (the cards or mods changed since the run began)")
    for name, fingerprint in sorted(maps.items()):
        if games.maps.get(name, fingerprint) != fingerprint:
            raise GamesFileError(
                f"{path}: field 'maps.{name}': expected {fingerprint} (the map file now), "
                f"found {games.maps[name]} (the map changed since the run began)")
    kept: dict[GameKey, GameResult] = {}
    for result in games.results:
        if key_of(result) not in planned:
            raise GamesFileError(
                f"{path}: game {result.index} of {result.map}, with seed {result.seed} and "
                f"seats {','.join(result.seats)}: expected a game this run plays, found one "
                "it does not")
        kept.setdefault(key_of(result), result)
    return list(kept.values())


def _game_json(result: GameResult) -> dict[str, Any]:
    return {"index": result.index, "seed": result.seed, "winners": list(result.winners),
            "reason": result.reason, "turns": result.turns, "actions": result.actions,
            "state_hash": result.state_hash, "seats": list(result.seats), "map": result.map,
            "boss": result.boss,
            "cards": [{"drafted": list(c.drafted), "bought": list(c.bought),
                       "played": list(c.played)} for c in result.cards],
            # only where seats bring decks, so that other runs' files stay as they were
            **({"generals": list(result.generals)} if result.generals else {})}


class _Line:
    """Reads the fields of one line, and says where a field is not what it should be."""

    def __init__(self, path: Path, number: int, data: object) -> None:
        self.where = f"{path}, line {number}"
        if not isinstance(data, dict):
            raise GamesFileError(f"{self.where}: expected a JSON object, found "
                                 f"{type(data).__name__}")
        self.data: dict[str, Any] = data

    def wrong(self, field: str, expected: str, found: object) -> GamesFileError:
        shown = json.dumps(found)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        return GamesFileError(f"{self.where}: field '{field}': expected {expected}, "
                              f"found {shown}")

    def get(self, field: str, kind: type, expected: str) -> Any:
        if field not in self.data:
            raise GamesFileError(f"{self.where}: field '{field}' is missing ({expected})")
        value = self.data[field]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.wrong(field, expected, value)
        return value

    def whole(self, field: str, low: int = 0) -> int:
        value: int = self.get(field, int, f"a whole number, {low} or more")
        if value < low:
            raise self.wrong(field, f"a whole number, {low} or more", value)
        return value

    def texts(self, field: str, value: object | None = None) -> tuple[str, ...]:
        value = self.data.get(field) if value is None else value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.wrong(field, "a list of texts", value)
        return tuple(value)


def _game(line: _Line) -> GameResult:
    seats = line.texts("seats")
    winners = line.get("winners", list, "a list of seat numbers")
    if not all(isinstance(w, int) and not isinstance(w, bool) and 0 <= w < len(seats)
               for w in winners):
        raise line.wrong("winners", f"seat numbers from 0 to {len(seats) - 1}", winners)
    cards = line.get("cards", list, "a list with each seat's cards")
    if len(cards) not in (0, len(seats)):
        raise line.wrong("cards", f"the cards of the {len(seats)} seats", cards)
    seat_cards = []
    for index, seat in enumerate(cards):
        if not isinstance(seat, dict):
            raise line.wrong(f"cards[{index}]", "an object of drafted, bought and played",
                             seat)
        seat_cards.append(SeatCards(*(line.texts(f"cards[{index}].{kind}", seat.get(kind))
                                      for kind in ("drafted", "bought", "played"))))
    generals = line.texts("generals", line.data.get("generals", []))
    if len(generals) not in (0, len(seats)):
        raise line.wrong("generals", f"the general of each of the {len(seats)} seats",
                         generals)
    return GameResult(index=line.whole("index", 1), seed=line.whole("seed"),
                      winners=tuple(winners), reason=line.get("reason", str, "a text"),
                      turns=line.whole("turns"), actions=line.whole("actions"),
                      state_hash=line.get("state_hash", str, "a text"), seats=seats,
                      map=line.get("map", str, "a map's name"),
                      boss=line.get("boss", bool, "true or false"), cards=tuple(seat_cards),
                      generals=generals)


def read_games(folder: Path) -> Games:
    """The games of the run whose report is in ``folder`` (or of the games file
    ``folder`` names)."""
    path = folder / GAMES_FILE if folder.is_dir() else folder
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GamesFileError(f"{path}: cannot read the games of a balance run: "
                             f"{exc.strerror if isinstance(exc, OSError) else exc}") from exc
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            lines.append(_Line(path, number, json.loads(raw)))
        except json.JSONDecodeError as exc:
            raise GamesFileError(f"{path}, line {number}: expected a JSON object, found "
                                 f"text that is not JSON ({exc.msg})") from exc
    if not lines:
        raise GamesFileError(f"{path}: expected a header line and a line per game, found "
                             "an empty file")
    head = lines[0]
    if head.data.get("format") != GAMES_FORMAT:
        raise head.wrong("format", f"{GAMES_FORMAT} (the games file of a balance run)",
                         head.data.get("format"))
    offered = head.get("offered", dict, "per map the cards its drafts could deal")
    for name, cards in offered.items():
        head.texts(f"offered.{name}", cards)
    maps = head.data.get("maps", {})  # absent in the files of earlier runs
    if not isinstance(maps, dict) or not all(isinstance(v, str) for v in maps.values()):
        raise head.wrong("maps", "per map the fingerprint of its file", maps)
    return Games(path, head.whole("rules_version", 1),
                 head.get("run", dict, "how the run was played"),
                 {name: list(cards) for name, cards in offered.items()},
                 [_game(line) for line in lines[1:]], dict(maps))


#: what a merge says of itself in the run's description (not taken over from its runs)
_MERGE_OWN = ("merged from", "maps", "games played twice, counted once")


def merge(runs: Sequence[Games], only: Collection[str] = ()) -> tuple[
        list[GameResult], dict[str, Any], set[str], dict[str, str]]:
    """The games of ``runs`` (of the maps named in ``only``, or all) as one run: the
    results, the run's description, the cards the drafts of the maps drafted on could
    deal and per map the fingerprint of its file. Runs of different rules versions do
    not mix, nor games of a map whose file changed between runs. A game played in two
    runs (the same map, seed and seats; a run gone on with from the seed where the one
    before stopped plays that seed's first game again) counts once when it came out the
    same (its state hash, winners, turns and actions), and is refused when it did not:
    then the runs' players were not the same."""
    versions = sorted({r.rules_version for r in runs})
    if len(versions) > 1:
        played = ", ".join(f"{r.path} under {r.rules_version}" for r in runs)
        raise GamesFileError(f"cannot merge runs of different rules versions: expected one "
                             f"version, found {played}")
    kept = [[r for r in run.results if not only or r.map in only] for run in runs]
    fingerprints = _same_maps(runs, {r.map for games in kept for r in games})
    seen: dict[tuple[str, int, tuple[str, ...]], tuple[Path, GameResult]] = {}
    results: list[GameResult] = []
    twice = 0
    for run, games in zip(runs, kept, strict=True):
        earlier = dict(seen)  # the games of the runs before this one
        for r in games:
            key = (r.map, r.seed, r.seats)
            found = earlier.get(key)
            if found is None:
                seen.setdefault(key, (run.path, r))
                results.append(r)
                continue
            where, first = found
            if _outcome(first) != _outcome(r):
                raise GamesFileError(
                    f"{run.path}: the game of {r.map} with seed {r.seed} and seats "
                    f"{','.join(r.seats)} is also in {where}, played otherwise: expected "
                    f"the same game (state hash {first.state_hash}, {first.turns} turns), "
                    f"found state hash {r.state_hash}, {r.turns} turns (were the computer "
                    "players the same? merge runs of one version of them)")
            twice += 1
    # a merged run's sources stand for it, so that merges chain to the files played
    sources = [r.run["merged from"] if "merged from" in r.run else str(r.path) for r in runs]
    description: dict[str, Any] = {"merged from": ", ".join(sources)}
    for name in dict.fromkeys(k for r in runs for k in r.run if k not in _MERGE_OWN):
        shown = list(dict.fromkeys(str(r.run.get(name, "-")) for r in runs))
        description[name] = shown[0] if len(shown) == 1 else " + ".join(shown)
    # the games each map and number of players got, counted (a run may have been stopped)
    counts = Counter((r.map, len(r.seats)) for r in results)
    fewest, most = min(counts.values(), default=0), max(counts.values(), default=0)
    description["games per map"] = fewest if fewest == most else f"{fewest}-{most}"
    if twice:
        description["games played twice, counted once"] = twice
    if only:
        description["maps"] = ", ".join(sorted(only))
    offered: dict[str, set[str]] = {}
    for run in runs:
        for name, cards in run.offered.items():
            offered.setdefault(name, set()).update(cards)
    return results, description, draft_pool(results, offered), fingerprints


def _outcome(result: GameResult) -> tuple[str, tuple[int, ...], int, int]:
    """What tells one play of a game from another: its end position's hash, winners,
    turns and actions."""
    return result.state_hash, result.winners, result.turns, result.actions


def _same_maps(runs: Sequence[Games], played: Collection[str]) -> dict[str, str]:
    """Per map of ``played`` its file's fingerprint, the same in every run that wrote
    one; a map whose file differs between two runs is refused."""
    found: dict[str, tuple[str, Path]] = {}
    for run in runs:
        for name, fingerprint in run.maps.items():
            if name not in played or not fingerprint:
                continue
            first = found.setdefault(name, (fingerprint, run.path))
            if first[0] != fingerprint:
                raise GamesFileError(
                    f"{run.path}: the map {name} was played from a file with fingerprint "
                    f"{fingerprint}, and in {first[1]} from one with {first[0]}: expected "
                    "the same map file in every run (the map changed between the runs; "
                    "merge each map's games of one file with --map)")
    return {name: fingerprint for name, (fingerprint, _) in sorted(found.items())}


def draft_pool(results: Iterable[GameResult], offered: Mapping[str, Iterable[str]]) -> set[str]:
    """The cards the drafts could deal on the maps of ``results`` where someone drafted
    (``offered``: per map its cards), so that a card nobody bought is listed."""
    drafting = {r.map for r in results if any(seat.drafted for seat in r.cards)}
    return {card for name in drafting for card in offered.get(name, ())}
