"""The headless commands behind ``python -m game simulate | replay | bench | validate``."""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import signal
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.ai import PLAYERS, make_player
from game.balance import build_report, share, summary, write_report
from game.balance_games import (
    GAMES_FILE,
    GamesFileError,
    append_game,
    cut_off,
    draft_pool,
    games_to_go_on_from,
    key_of,
    map_fingerprint,
    merge,
    read_games,
    write_games,
)
from game.content.cards import CARDS_DIR, card_files, load_cards, visible
from game.content.decks import DECKS_DIR
from game.content.mods import (
    CORE_MAPS_DIR,
    MANIFEST,
    Content,
    Loose,
    is_mod_folder,
    load_content,
    problems_in,
)
from game.maps import (
    TUTORIAL_MAP,
    MapError,
    check_tmx,
    find_map,
    list_maps,
    load_ascii_map,
    load_map,
)
from game.rules import Game, GameSetup
from game.rules.cards import CardLibrary
from game.rules.core.replay import SaveError, read_save, replay
from game.rules.core.state import RULES_VERSION
from game.rules.files import is_inside, read_bytes
from game.rules.limits import MAX_DECK_FILE
from game.rules.mapmodel import MapSpec
from game.simulation import (
    DEFAULT_DRAFT,
    DEFAULT_SETS,
    ClusterUnavailable,
    GameResult,
    GameTask,
    Setting,
    Times,
    all_cores,
    is_boss_map,
    play_all,
    prime,
    seat_kinds,
    seat_plan,
)


def content_or_warn(args: argparse.Namespace | None = None) -> Content:
    """The built-in content plus the mods the command line asks for (``--mod``, and the
    user's mods folder unless ``--no-user-mods``; without ``args`` the built-in content
    only). Problems are printed as warnings: a broken mod never stops a command."""
    mods = list(getattr(args, "mod", None) or [])
    user = args is not None and not getattr(args, "no_user_mods", False)
    content = load_content(mods, include_user=user)
    for problem in content.problems:
        print(f"warning: {problem}", file=sys.stderr)
    return content


def library_or_exit(args: argparse.Namespace | None = None) -> CardLibrary:
    return content_or_warn(args).library


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def kind_win_rates(results: list[GameResult]) -> dict[str, dict[str, float]]:
    """Per computer kind: games it played, games it won (a seat of that kind is the sole
    winner), the share won and its 95 % Wilson interval (``low``, ``high``)."""
    counts: dict[str, list[int]] = {}
    for r in results:
        winner = r.seats[r.winners[0]] if len(r.winners) == 1 else None
        for kind in dict.fromkeys(r.seats):
            row = counts.setdefault(kind, [0, 0])
            row[0] += kind == winner
            row[1] += 1
    return {kind: share(wins, games) for kind, (wins, games) in sorted(counts.items())}


def first_seat_rate(results: list[GameResult]) -> dict[str, float]:
    """How often the first seat was the sole winner, with its 95 % Wilson interval."""
    return share(sum(r.winners == (0,) for r in results), len(results))


def rate_text(row: dict[str, float]) -> str:
    """'12 of 20 games (60.0 %, 95 % interval 38.7-78.1 %)'."""
    return (f"{int(row['wins'])} of {int(row['games'])} games ({100 * row['rate']:.1f} %, "
            f"95 % interval {100 * row['low']:.1f}-{100 * row['high']:.1f} %)")


def timing_table(times: Times, turns: Times | None = None) -> dict[str, dict[str, float]]:
    """Per kind: decisions made, their p50, p95 and maximum in milliseconds, and the
    longest time one seat of that kind spent deciding in one turn."""
    turns = turns or {}
    return {kind: {"decisions": len(values),
                   "p50_ms": percentile(values, 0.5) * 1000,
                   "p95_ms": percentile(values, 0.95) * 1000,
                   "max_ms": max(values) * 1000,
                   "turn_max_ms": max(turns.get(kind) or [0.0]) * 1000}
            for kind, values in sorted(times.items()) if values}


def _map_setting(args: argparse.Namespace, content: Content, name: str,
                 timed: bool = False) -> tuple[MapSpec, Setting]:
    """The map ``name`` (a mod's map, a shipped map or a map file) and the setting its
    games are played in: the map's suggested sets (or the defaults) and the mods' card
    sets join the draft. Raises ``MapError``."""
    mod_map = content.maps.get(name)
    path = str(mod_map if mod_map and mod_map.parent != CORE_MAPS_DIR else name)
    spec = find_map(path, library=content.library)
    sets = tuple(dict.fromkeys((*(spec.sets or DEFAULT_SETS), *content.mod_sets())))
    setting = Setting(path, tuple(getattr(args, "mod", None) or ()),
                      not getattr(args, "no_user_mods", False), sets,
                      spec.draft or DEFAULT_DRAFT, args.max_turns, timed,
                      bool(getattr(args, "clock", False)))
    prime(setting, content.library, spec)
    return spec, setting


def _computer_players(args: argparse.Namespace) -> tuple[str, ...]:
    """The ``--ai`` kinds; raises ``ValueError`` naming an unknown one."""
    ai = tuple(kind.strip() for kind in str(getattr(args, "ai", "random")).split(","))
    for kind in ai:
        make_player(kind, 0)
    return ai


def _play_tasks(args: argparse.Namespace, tasks: list[GameTask],
                done: Callable[[GameResult], None]) -> list[GameResult] | None:
    """Play ``tasks`` as ``--jobs`` and ``--cluster`` ask, handing each result to ``done``
    in the order of the tasks; Ctrl-C or a SIGTERM (``kill``, a job scheduler's stop;
    a run started in the background of a script ignores Ctrl-C) stops the run and keeps
    the games finished so far. None (the reason printed) when the cluster cannot be used."""
    results: list[GameResult] = []
    try:
        with _terminate_stops():
            for result in play_all(tasks, getattr(args, "jobs", None) or all_cores(),
                                   getattr(args, "cluster", None)):
                results.append(result)
                done(result)
    except KeyboardInterrupt:
        print(f"interrupted after {len(results)} of {len(tasks)} games", file=sys.stderr)
    except ClusterUnavailable as exc:
        print(exc, file=sys.stderr)
        return None
    return results


@contextmanager
def _terminate_stops() -> Iterator[None]:
    """Within the block a SIGTERM stops the run as Ctrl-C does (signal handlers can only
    be set in the main thread: elsewhere the block changes nothing)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def simulate_command(args: argparse.Namespace) -> int:
    content = content_or_warn(args)
    try:
        spec, setting = _map_setting(args, content, args.map)
    except MapError as exc:
        print(exc, file=sys.stderr)
        return 1
    try:
        ai = _computer_players(args)
    except ValueError as exc:
        print(f"--ai: {exc}", file=sys.stderr)
        return 2
    swap = bool(getattr(args, "swap", False))
    count = getattr(args, "players", None) or spec.players
    if count > spec.players:
        print(f"--players: expected at most {spec.players} (the map's seats), found {count}",
              file=sys.stderr)
        return 2
    base = seat_kinds(ai, count)
    # the per-kind summary and the timings: when kinds meet, seats swap, or asked for
    by_kind = swap or len(set(base)) > 1 or bool(getattr(args, "timings", False))
    setting = replace(setting, timed=by_kind)
    prime(setting, content.library, spec)
    tasks = [GameTask(setting, index + 1, seed, seats) for index, (seed, seats)
             in enumerate(seat_plan(args.games, args.seed, base, swap))]
    times: Times = {}
    turns: Times = {}

    def done(result: GameResult) -> None:
        for kind, values in result.decision_times.items():
            times.setdefault(kind, []).extend(values)
        for kind, values in result.turn_times.items():
            turns.setdefault(kind, []).extend(values)
        if not args.json:
            print(result.text(with_seats=by_kind), flush=True)

    results = _play_tasks(args, tasks, done)
    if results is None:
        return 1
    rates = kind_win_rates(results)
    timings = timing_table(times, turns)
    if args.json:
        games = [{
            "game": r.index, "seed": r.seed, "winners": [w + 1 for w in r.winners],
            "reason": r.reason, "turns": r.turns, "actions": r.actions, "hash": r.state_hash,
            **({"seats": list(r.seats)} if by_kind else {}),
        } for r in results]
        if by_kind:
            print(json.dumps({"map": spec.name, "games": games, "win_rates": rates,
                              "first_seat": first_seat_rate(results),
                              "decision_times": timings}, indent=1))
        else:
            print(json.dumps(games, indent=1))
        return 0
    wins: dict[str, int] = {}
    for r in results:
        key = ", ".join(f"P{w + 1}" for w in r.winners) or "no winner"
        wins[key] = wins.get(key, 0) + 1
    summary = ", ".join(f"{k}: {v}" for k, v in sorted(wins.items()))
    print(f"{len(results)} games on {spec.name}: {summary}")
    if by_kind:
        print("wins per computer player" + (" (seats swapped)" if swap else "") + ":")
        for kind, row in rates.items():
            print(f"  {kind}: {rate_text(row)}")
        print(f"  first seat: {rate_text(first_seat_rate(results))}")
        print("decision times (vary from run to run):")
        for kind, row in timings.items():
            print(f"  {kind}: {int(row['decisions'])} decisions, p50 {row['p50_ms']:.1f} ms, "
                  f"p95 {row['p95_ms']:.1f} ms, max {row['max_ms']:.1f} ms; "
                  f"longest turn {row['turn_max_ms']:.0f} ms")
    return 0


def balance_maps() -> list[str]:
    """The maps ``balance`` plays by default: the shipped Muhq maps for two players (the
    tutorial's lopsided map aside) and the boss maps."""
    names = []
    for path in list_maps():
        if path.stem == TUTORIAL_MAP:
            continue
        try:
            spec = load_map(path)
        except MapError:
            continue  # broken maps are for validate to report
        if spec.ruleset == "muhq" and (spec.players == 2 or is_boss_map(spec)):
            names.append(path.stem)
    return names


def balance_command(args: argparse.Namespace) -> int:
    content = content_or_warn(args)
    card_sets = {card.name: card.set for card in content.library}
    if args.merge:
        return _merge_reports(args, card_sets)
    try:
        ai = _computer_players(args)
    except ValueError as exc:
        print(f"--ai: {exc}", file=sys.stderr)
        return 2
    plans_of: list[tuple[Setting, list[tuple[int, tuple[str, ...]]]]] = []
    offered: dict[str, set[str]] = {}  # map -> the cards its drafts may deal
    fingerprints: dict[str, str] = {}  # map -> its file's fingerprint
    name_of: dict[Setting, str] = {}  # the setting of a map -> the map's name
    for name in args.map or balance_maps():
        try:
            spec, setting = _map_setting(args, content, name)
        except MapError as exc:
            print(exc, file=sys.stderr)
            return 1
        name_of[setting] = spec.name
        offered[spec.name] = {c.name for c in content.library.in_sets(setting.sets)
                              if c.buy is not None}
        fingerprints[spec.name] = map_fingerprint(Path(spec.source))
        if is_boss_map(spec):  # the players' seats, then the boss side
            boss = spec.win.kind if spec.win.kind in PLAYERS else ai[-1]
            plans = [seat_plan(args.games, args.seed, [*seat_kinds(ai, n), boss], False)
                     for n in args.boss_players if n < spec.players]
        else:
            plans = [seat_plan(args.games, args.seed, seat_kinds(ai, spec.players), args.swap)]
        plans_of.extend([(setting, plan) for plan in plans])
    # game 1 of every map, then game 2...: a run cut short still covers every map
    tasks = [GameTask(setting, index + 1, *plan[index])
             for index in range(args.games) for setting, plan in plans_of]
    run: dict[str, Any] = {
        "computer players": ",".join(ai), "games per map": args.games, "seed": args.seed,
        "seats swapped": args.swap, "players against a boss": ",".join(
            str(n) for n in args.boss_players), "turn limit": args.max_turns}
    out = Path(args.out)
    keys = [(name_of[t.setting], t.index, t.seed, t.seats) for t in tasks]
    order = {key: place for place, key in enumerate(keys)}
    earlier: list[GameResult] = []
    if args.resume:
        try:
            earlier = games_to_go_on_from(out, run, offered, RULES_VERSION, fingerprints,
                                          order)
        except GamesFileError as exc:
            print(f"balance --resume: {exc}", file=sys.stderr)
            return 1
        played = {key_of(r) for r in earlier}
        to_play = [t for t, key in zip(tasks, keys, strict=True) if key not in played]
        kept = f"the {len(earlier)} games" if len(earlier) != 1 else "the one game"
        print(f"going on from {kept} in {out / GAMES_FILE}: {len(to_play)} of {len(tasks)} "
              "to play", flush=True)
    else:
        to_play = tasks

    def in_order(results: list[GameResult]) -> list[GameResult]:
        return sorted(results, key=lambda r: order[key_of(r)])

    step = max(1, len(to_play) // 20)
    counter = itertools.count(1)
    started = time.monotonic()
    games_file: list[Path] = []  # written at the first game finished, then game by game

    def done(result: GameResult) -> None:
        if not games_file:
            games_file.append(write_games(out, in_order(earlier),
                                          {**run, "stopped": cut_off(len(tasks))}, offered,
                                          RULES_VERSION, fingerprints))
        append_game(games_file[0], result)
        played = next(counter)
        if played % step == 0 or played == len(to_play):
            print(progress(played, len(to_play), time.monotonic() - started), flush=True)

    new = _play_tasks(args, to_play, done)
    if new is None:
        return 1
    results = in_order(earlier + new)
    if len(results) < len(tasks):  # Ctrl-C: the report says so instead of passing as whole
        run["stopped"] = f"after {len(results)} of its {len(tasks)} games"
    report = build_report(results, run, draft_pool(results, offered), card_sets)
    write_games(out, results, run, offered, RULES_VERSION, fingerprints)
    return _report(report, out)


def progress(played: int, planned: int, seconds: float) -> str:
    """A long run's line of progress: the games played, the time so far and, at the pace
    so far, the time left."""
    line = f"played {played} of {planned} games in {span(seconds)}"
    if 0 < played < planned:
        line += f", about {span(seconds / played * (planned - played))} to go"
    return line


def span(seconds: float) -> str:
    """A length of time in words: 40 s, 12 min, 3 h 5 min."""
    if round(seconds) < 60:
        return f"{max(0, round(seconds))} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


def _report(report: dict[str, Any], folder: Path) -> int:
    written = write_report(report, folder)
    for line in summary(report):
        print(line)
    print(f"report: {written[-1]}")
    return 0


def _merge_reports(args: argparse.Namespace, card_sets: dict[str, str]) -> int:
    """``balance --merge``: one report of the games of earlier runs, nothing played."""
    only = tuple(args.map or ())
    try:
        runs = [read_games(Path(folder)) for folder in args.merge]
        results, run, pool, fingerprints = merge(runs, only)
    except GamesFileError as exc:
        print(f"balance --merge: {exc}", file=sys.stderr)
        return 1
    played = {r.map for r in results}
    missing = sorted(set(only) - played)
    if missing:
        found = sorted({r.map for games in runs for r in games.results})
        print(f"balance --merge: --map {', '.join(missing)}: expected a map played in the "
              f"runs, found only {', '.join(found) or 'no games'}", file=sys.stderr)
        return 1
    report = build_report(results, run, pool, card_sets)
    offered = {name: cards for games in runs for name, cards in games.offered.items()
               if name in played}
    write_games(Path(args.out), results, run, offered, runs[0].rules_version, fingerprints)
    return _report(report, Path(args.out))


def replay_command(args: argparse.Namespace) -> int:
    library = library_or_exit(args)
    try:
        data = read_save(args.file)

        def report(turn: int, digest: str) -> None:
            print(f"turn {turn}: {digest} ok")

        game = replay(data, library, str(args.file), verify=args.verify,
                      on_turn=report if args.verify else None)
    except SaveError as exc:
        print(exc, file=sys.stderr)
        return 1
    who = ", ".join(f"P{w + 1}" for w in game.winners) or "nobody yet"
    print(f"{args.file}: {len(game.history)} actions, {game.turn} turns, winner {who}, "
          f"hash {game.state_hash()}" + (" (verified)" if args.verify else ""))
    game.close()
    return 0


# ---------------------------------------------------------------------------- bench


def bench(seconds: float = 3.0, seed: int = 1, map_name: str = "2P-ring-street") -> dict[str, Any]:
    """Random legal play on a standard setup (as a recorded game plays, each turn ending
    with its state hash, and as a search's playouts play, without), and snapshot/restore
    of a mid-game state."""
    spec = find_map(map_name)
    library = library_or_exit()
    actions, games, loop_time, elapsed = _random_play(spec, library, seconds, seed, True)
    playout = _random_play(spec, library, seconds, seed, False)
    # a mid-game position: play until turn 6 (or as far as the game goes)
    game = Game(GameSetup(spec, library, spec.players, seed, sets=DEFAULT_SETS,
                          draft=DEFAULT_DRAFT))
    chooser = random.Random(seed)
    while game.actor is not None and game.turn < 6:
        legal = game.legal_actions(game.actor)
        game.apply(legal[chooser.randrange(len(legal))])
    snap_times = []
    digest = game.state_hash()
    for _ in range(300):
        t0 = time.perf_counter()
        snap = game.snapshot()
        game.restore(snap)
        snap_times.append(time.perf_counter() - t0)
    assert game.state_hash() == digest, "restore changed the position"
    entities = len(snap["entities"])
    game.close()
    load_map_name, load_ms = map_load_time()
    return {
        "map": map_name,
        "actions_per_second": actions / loop_time if loop_time else 0.0,
        "games_per_second": games / elapsed if elapsed else 0.0,
        "actions": actions,
        "games": games,
        "playout_actions_per_second": playout[0] / playout[2] if playout[2] else 0.0,
        "playout_actions": playout[0],
        "snapshot_restore_ms_median": statistics.median(snap_times) * 1000,
        "snapshot_restore_ms_p95": sorted(snap_times)[int(len(snap_times) * 0.95)] * 1000,
        "snapshot_entities": entities,
        "map_load_map": load_map_name,
        "map_load_ms": load_ms,
    }


def _random_play(spec: MapSpec, library: CardLibrary, seconds: float, seed: int,
                 hashed: bool) -> tuple[int, int, float, float]:
    """Whole games of random legal play for ``seconds``: (actions, games, seconds spent in
    the actions, seconds in all). ``hashed``: each turn ends with its state hash, as in a
    recorded game; without, as in a search's playouts (``Game.unhashed``). The same seeds
    and choices either way: both play the same games, as far as each gets in its time."""
    actions = 0
    games = 0
    chooser = random.Random(seed)
    loop_time = 0.0
    start = time.perf_counter()
    game_seed = seed
    while time.perf_counter() - start < seconds:
        game = Game(GameSetup(spec, library, spec.players, game_seed, sets=DEFAULT_SETS,
                              draft=DEFAULT_DRAFT))
        game_seed += 1
        t0 = time.perf_counter()
        with nullcontext() if hashed else game.unhashed():
            while game.actor is not None and game.turn <= 200:
                legal = game.legal_actions(game.actor)
                game.apply(legal[chooser.randrange(len(legal))])
                actions += 1
        loop_time += time.perf_counter() - t0
        games += 1
        game.close()
    return actions, games, loop_time, time.perf_counter() - start


#: the crowded fleet position of ``fleet_bench``: the active player's units round the
#: active system (the six-player map's middle), and other players' ships in between
FLEET_BENCH_MAP = "6P-fleet-six-suns"
FLEET_CROWD = (("Carrier", 4), ("Cruiser", 6), ("Destroyer", 6), ("Dreadnought", 2),
               ("Courier", 3), ("Interceptor", 4), ("Fighter", 8), ("Infantry", 12))


def fleet_bench(repeats: int = 30, seed: int = 1) -> dict[str, Any]:
    """The time to list the legal actions in a crowded fleet position, where legal actions
    cost the most: the movement step of a tactical action with the active player's ships
    spread over every system within three of the active one (their paths through and
    round the other players' ships, gravity rifts and nebulae) and units to load on the
    way; then again with half the ships declared. The median of ``repeats`` fresh
    computations each (the game's cache dropped between them)."""
    from game.rules.rulesets.fleet.actions import (
        ActivateSystem,
        DeclareMove,
        PickStrategy,
        Redeploy,
    )
    from game.rules.rulesets.fleet.production import make_unit
    from game.rules.rulesets.fleet.rules import FLEET_POOL
    from game.rules.rulesets.fleet.rules import units_at as fleet_units

    spec = find_map(FLEET_BENCH_MAP)
    game = Game(GameSetup(spec, library_or_exit(), spec.players, seed))
    while game.actor is not None and not any(isinstance(a, ActivateSystem)
                                             for a in game.legal_actions(game.actor)):
        actor = game.actor  # the strategies, lowest first; no Redeploy moves
        legal = game.legal_actions(actor)
        picks = [a for a in legal if isinstance(a, PickStrategy)]
        if picks:
            game.apply(min(picks, key=lambda a: (a.strategy == 4, a.strategy)))
        else:
            game.apply(next(a for a in legal if isinstance(a, Redeploy) and not a.ship))
    player = game.actor
    assert player is not None
    centre = spec.grid().cells()[len(spec.grid().cells()) // 2]
    near = [t for t in game.geometry.within(centre, 3) if game.tile_kind(t).walkers
            and not game.tile_kind(t).anomalies]
    placed = 0
    for name, count in FLEET_CROWD:
        for _ in range(count):
            make_unit(game, name, near[placed % len(near)], player)
            placed += 1
    for index, tile in enumerate(near[1::5]):
        make_unit(game, "Destroyer", tile, (player + 1 + index) % len(game.players))
    game.add_to_counter(player, FLEET_POOL, 40)
    game.apply(ActivateSystem(player, centre))

    def timed() -> tuple[float, int]:
        times = []
        count = 0
        for _ in range(repeats):
            game.legal_cache = None
            t0 = time.perf_counter()
            count = len(game.legal_actions(player))
            times.append(time.perf_counter() - t0)
        return statistics.median(times) * 1000, count

    first_ms, first = timed()
    declares = [a for a in game.legal_actions(player) if isinstance(a, DeclareMove)]
    for action in declares[: len(declares) // 2]:
        if action in game.legal_actions(player):
            game.apply(action)
    later_ms, later = timed()
    units = sum(len(fleet_units(game, t)) for t in game.geometry.cells())
    game.close()
    return {"map": FLEET_BENCH_MAP, "units": units, "legal_ms_median": first_ms,
            "legal_actions": first, "declared_legal_ms_median": later_ms,
            "declared_legal_actions": later}


def map_load_time(repeats: int = 20) -> tuple[str, float | None]:
    """The largest shipped map (most tiles) and the median milliseconds of loading it
    ``repeats`` times, checks included (the bar: under 100 ms). The card library the
    check reads is loaded once beforehand, as in a running game."""
    sized: list[tuple[int, str, Path]] = []
    for path in list_maps():
        try:
            spec = load_map(path)
        except MapError:
            continue  # broken maps are for validate to report
        sized.append((spec.width * spec.height, path.name, path))
    if not sized:
        return "", None
    _, _, largest = max(sized)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        load_map(largest)
        times.append(time.perf_counter() - t0)
    return largest.stem, statistics.median(times) * 1000


def bench_command(args: argparse.Namespace) -> int:
    result = bench(args.seconds, args.seed)
    result["fleet"] = fleet_bench(seed=args.seed)
    client = None
    if getattr(args, "client", False):
        from game.client.bench import bench_client, print_client

        client = bench_client()
    if args.json:
        print(json.dumps({**result, "client": client}, indent=1))
        return 0
    print(f"standard setup: {result['map']}, random legal play, one core")
    print(f"  legal random actions per second: {result['actions_per_second']:,.0f} "
          f"({result['actions']:,} actions, each turn ending with its state hash)")
    print(f"  the same without turn hashes:    {result['playout_actions_per_second']:,.0f} "
          f"({result['playout_actions']:,} actions, as a search's playouts play)")
    print(f"  games per second:                {result['games_per_second']:,.2f} "
          f"({result['games']} games)")
    print(f"  snapshot + restore (mid-game, {result['snapshot_entities']} entities): "
          f"median {result['snapshot_restore_ms_median']:.3f} ms, "
          f"p95 {result['snapshot_restore_ms_p95']:.3f} ms")
    if result["map_load_ms"] is not None:
        print(f"  loading the largest map ({result['map_load_map']}): "
              f"median {result['map_load_ms']:.1f} ms of 20 loads")
    fleet = result["fleet"]
    print(f"crowded fleet position ({fleet['map']}, {fleet['units']} units), movement step:")
    print(f"  legal actions: median {fleet['legal_ms_median']:.2f} ms "
          f"({fleet['legal_actions']} actions); with half the ships declared: median "
          f"{fleet['declared_legal_ms_median']:.2f} ms ({fleet['declared_legal_actions']} "
          "actions)")
    if client is not None:
        print_client(client)
    return 0


# ---------------------------------------------------------------------------- validate
#
# validate checks files through the code that loads them: mods, cards, decks and pictures
# are loaded by ``load_content`` (a file outside any mod as ``Loose`` files, loaded after
# every mod), and the problems shown are those loading reports for the files asked
# about; maps are checked by ``check_tmx``, as loading a mod checks its maps.

_MOD_DEPTH = 3  # <mod>/cards/<set>/<card>.yaml lies three folders below its mod


def _enclosing_mod(path: Path) -> Path | None:
    """The mod folder (the nearest folder with a manifest) a file or folder lies in."""
    for folder in list(Path(os.path.abspath(path)).parents)[:_MOD_DEPTH]:
        if os.path.lexists(folder / MANIFEST):
            return folder
    return None


def _head(path: Path) -> str:
    """The start of a file, read with the checks of ``game.rules.files`` ("" when it
    cannot be read: the loader then says why)."""
    raw = read_bytes(path, MAX_DECK_FILE, head=MAX_DECK_FILE)
    return "" if isinstance(raw, tuple) else raw.decode("utf-8", errors="replace")


def _is_deck_file(path: Path) -> bool:
    """A duel deck names its general at the top level."""
    return any(line.startswith("general:") for line in _head(path).splitlines())


def _is_map_file(path: Path) -> bool:
    return any(line.startswith("map:") for line in _head(path).splitlines())


def _yaml_files(folder: Path) -> list[Path]:
    return [p for p in visible(folder) if p.suffix == ".yaml"]


def _validate_map(path: Path) -> list[str]:
    try:
        spec = load_ascii_map(path)
    except MapError as exc:
        return [str(exc)]
    library, _ = load_cards()
    wanted = {n for n, _ in spec.start_deck} | {p.card for p in spec.placements}
    return [f"{path}: start_deck_list/placements: expected a known card, found {name!r}"
            for name in sorted(wanted) if name not in library]


def _loose_cards(path: Path) -> Loose:
    """The card files ``path`` (a card file, a set folder or a folder of sets outside any
    mod) belongs with: its whole ``cards/`` folder when it lies in one (cards may name
    each other), else only its own."""
    if path.is_dir():
        sets = path if any(p.is_dir() for p in visible(path)) else \
            path.parent if path.parent.name == "cards" else None
    else:
        sets = path.parent.parent if path.parent.parent.name == "cards" else None
    if sets is not None:
        return Loose(sets.parent, tuple(card_files(sets, sets.parent)[0]))
    if path.is_dir():
        return Loose(path, tuple((path.name, p) for p in _yaml_files(path)))
    return Loose(path.parent, ((path.parent.name, path),))


@dataclass(slots=True)
class _Request:
    """What validate was asked for: mods and loose files to load, and per path either
    the lines found directly (maps, a missing path) or None: the problems loading
    reports for it."""

    mods: list[Path]
    loose: list[Loose]
    lines: list[tuple[str, list[str] | None]]


def _plan(paths: list[str]) -> _Request:
    request = _Request([], [], [])
    for raw in paths:
        path = Path(raw)
        direct: list[str] | None = None
        mod = path if path.is_dir() and is_mod_folder(path) else _enclosing_mod(path)
        core = any(is_inside(path, folder) for folder in (CARDS_DIR, DECKS_DIR))
        if not os.path.lexists(path):
            direct = [f"{raw}: file: expected an existing file or folder, found nothing"]
        elif mod is not None:
            request.mods.append(mod)
        elif core:
            pass  # the built-in content always loads
        elif path.is_dir():
            tiled = sorted(p for p in visible(path) if p.suffix == ".tmx")
            grids = [p for p in _yaml_files(path) if _is_map_file(p)]
            decks = [p for p in _yaml_files(path) if _is_deck_file(p)]
            if tiled or grids:
                direct = [str(p) for m in tiled for p in check_tmx(m)]
                direct += [line for m in grids for line in _validate_map(m)]
            elif decks:
                request.loose.append(Loose(path, decks=tuple(_yaml_files(path))))
            else:
                request.loose.append(_loose_cards(path))
        elif path.suffix.lower() == ".tmx":
            direct = [str(p) for p in check_tmx(path)]
        elif _is_map_file(path):
            direct = _validate_map(path)
        elif _is_deck_file(path):
            request.loose.append(Loose(path.parent, decks=(path,)))
        else:
            request.loose.append(_loose_cards(path))
        request.lines.append((raw, direct))
    return request


def validate_paths(paths: list[str], include_user: bool = True,
                   mods: Sequence[str] = ()) -> list[str]:
    """Every problem in the given maps, cards, decks, pictures and folders, one line
    each, as loading them reports it: a mod (or a file of one) is loaded after the
    built-in content, the user's mods (unless not ``include_user``) and ``mods``; a file
    outside any mod after all of them (see ``Loose``)."""
    request = _plan([*paths, *mods])
    content = load_content([*mods, *request.mods], include_user=include_user,
                           loose=request.loose)
    lines: dict[str, None] = {}
    for raw, direct in request.lines:
        found = direct if direct is not None else \
            [str(p) for p in problems_in(content, [raw])]
        lines.update(dict.fromkeys(found))
    return list(lines)


def validate_command(args: argparse.Namespace) -> int:
    # every path (and --mod folder) is checked whole, loaded after the content it may
    # build on: the built-in content, the user's mods folder, then the --mod folders
    problems = validate_paths(list(args.paths),
                              include_user=not getattr(args, "no_user_mods", False),
                              mods=list(getattr(args, "mod", None) or []))
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} problem(s) found", file=sys.stderr)
        return 1
    print(f"no problems in {', '.join([*args.paths, *getattr(args, 'mod', [])])}")
    return 0
