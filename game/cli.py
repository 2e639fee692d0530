"""Command line of Muhq's Game: ``python -m game [COMMAND] [OPTIONS]``.

``play`` is the default command. The headless commands (simulate, replay, validate, bench)
are implemented in ``game.runner``, imported only when one of them runs so that ``--help``
and ``play`` stay fast and work even while the runner is incomplete.
"""

import argparse
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence

from game import __version__

DEFAULT_COMMAND = "play"
RUNNER_MODULE = "game.runner"


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    """A seed as saves keep it: a whole number of at most 64 bits (``limits.MAX_SEED``)."""
    from game.rules.limits import SEED_EXPECTED, seed_problem

    value = int(text) if re.fullmatch(r"[+-]?[0-9]{1,19}", text) else None
    if value is None or seed_problem(value) is not None:
        raise argparse.ArgumentTypeError(f"expected {SEED_EXPECTED}, found {text[:40]!r}")
    return value


def _counts(text: str) -> tuple[int, ...]:
    """Comma-separated whole numbers of at least 1."""
    return tuple(_positive_int(part) for part in text.split(","))


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be greater than 0, got {text}")
    return value


def _play(args: argparse.Namespace) -> int:
    """Open the game window (pygame is imported only for this command)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.client.main import run

    return run(args)


def _add_mod_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mod",
        metavar="PATH",
        action="append",
        default=[],
        help="also load the mod folder at PATH (repeat the option for several mods)",
    )
    parser.add_argument(
        "--no-user-mods",
        action="store_true",
        help="do not load the mods in your mods folder (see `python -m game mods`)",
    )


def _add_max_turns_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-turns",
        metavar="T",
        type=_positive_int,
        default=200,
        help="stop a game that lasts longer than T turns (default: %(default)s)",
    )


def _add_jobs_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--jobs",
        metavar="N",
        type=_positive_int,
        help="play the games in N processes at once (default: one per core); the output "
        "is the same whatever N is, apart from the decision times",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play the games on the Dask cluster whose scheduler is at ADDRESS (such as "
        "tcp://scheduler:8786), or `local` for a cluster of --jobs workers on this machine; "
        "needs the cluster extra (pip install -e '.[cluster]')",
    )


def _mods(args: argparse.Namespace) -> int:
    from game.content.mods import USER_MODS_DIR, describe, load_content

    user_dir = None if args.no_user_mods else USER_MODS_DIR
    content = load_content(args.mod, user_dir=user_dir, include_user=user_dir is not None)
    for line in describe(content, user_dir):
        print(line)
    return 1 if content.problems else 0


def _runner_command(function_name: str) -> Callable[[argparse.Namespace], int]:
    """A handler that calls ``game.runner.<function_name>(args)``, imported on first use."""

    def handler(args: argparse.Namespace) -> int:
        try:
            runner = importlib.import_module(RUNNER_MODULE)
        except ModuleNotFoundError as exc:
            if exc.name != RUNNER_MODULE:
                raise  # the runner exists but one of its own imports is broken
            function = None
        else:
            function = getattr(runner, function_name, None)
        if function is None:
            print(
                f"`{args.command}` is not available yet "
                f"({RUNNER_MODULE}.{function_name} does not exist).",
                file=sys.stderr,
            )
            return 2
        result = function(args)
        return 0 if result is None else int(result)

    return handler


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game",
        description=(
            "Muhq's Game, digital edition: draft a store, build your deck during play "
            "and fight over a tile map."
        ),
        epilog=(
            "Without a command, `play` runs. "
            "Use `python -m game COMMAND --help` for the options of one command."
        ),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    play = commands.add_parser(
        "play",
        help="open the game window (the default command)",
        description="Open the game window for local play: hot-seat and against the computer.",
    )
    play.add_argument("--map", metavar="NAME", help="start directly on this map")
    play.add_argument(
        "--players",
        metavar="N",
        type=_positive_int,
        help="number of players (default: what the map is made for)",
    )
    play.add_argument(
        "--seed", metavar="S", type=_seed, help="seed of the game's random number generator"
    )
    play.add_argument(
        "--mod",
        metavar="PATH",
        action="append",
        default=[],
        help="also load the mod folder at PATH (repeat the option for several mods)",
    )
    play.add_argument(
        "--no-user-mods",
        action="store_true",
        help="do not load the mods in your mods folder (see `python -m game mods`)",
    )
    play.set_defaults(handler=_play)

    simulate = commands.add_parser(
        "simulate",
        help="play computer-only games without a window and report the results",
        description=(
            "Play headless games between computer players on one map and report "
            "the winners, game lengths and any errors."
        ),
    )
    simulate.add_argument(
        "--map", metavar="M", default="2P-ring-street", help="map to play (default: %(default)s)"
    )
    simulate.add_argument(
        "--games",
        metavar="N",
        type=_positive_int,
        default=10,
        help="number of games (default: %(default)s)",
    )
    simulate.add_argument(
        "--seed",
        metavar="S",
        type=_seed,
        default=1,
        help="random seed for the games (default: %(default)s)",
    )
    simulate.add_argument(
        "--json", action="store_true", help="print the results as JSON instead of text"
    )
    _add_max_turns_option(simulate)
    simulate.add_argument(
        "--ai",
        default="random",
        metavar="KIND[,KIND...]",
        help="computer player per seat, comma-separated (the last one fills the other seats): "
        "hard, normal, easy, eager or random (default: %(default)s)",
    )
    simulate.add_argument(
        "--swap",
        action="store_true",
        help="play each seed once per rotation of the seats (game N uses seed S + N // seats), "
        "so no player profits from its seat; win rates are then given per computer player",
    )
    simulate.add_argument(
        "--clock",
        action="store_true",
        help="let the hard player think for its time (0.5 s a decision, as in the window) "
        "instead of its fixed number of playouts; the games may then differ from run to run",
    )
    simulate.add_argument(
        "--timings",
        action="store_true",
        help="also print the win rates per computer player and the per-decision time "
        "percentiles (always shown with --swap or when different players meet)",
    )
    simulate.add_argument(
        "--players",
        metavar="N",
        type=_positive_int,
        help="seats to fill (default: the map's); on a boss map the last one is the boss "
        "side, so 2 is one player against the boss",
    )
    _add_jobs_option(simulate)
    _add_mod_options(simulate)
    simulate.set_defaults(handler=_runner_command("simulate_command"))

    balance = commands.add_parser(
        "balance",
        help="play many computer games per map and write a balance report with plots",
        description=(
            "Play computer-only games on each map and write a report of them into a folder: "
            "win rate by seat and by computer player with 95 %% intervals, game length, "
            "what decided the games, per card how often it was drafted, bought and played "
            "and how often its buyer won, and the boss maps' win rate by number of players "
            "(report.md with its figures, and report.json); a short summary is printed."
        ),
    )
    balance.add_argument(
        "--map",
        metavar="M",
        action="append",
        help="a map to play (repeat for several; default: the shipped Muhq maps for two "
        "players and the boss maps); with --merge, a map whose games to keep",
    )
    balance.add_argument(
        "--games",
        metavar="N",
        type=_positive_int,
        default=100,
        help="games per map and number of players (default: %(default)s)",
    )
    balance.add_argument(
        "--seed", metavar="S", type=_seed, default=1, help="seed of the first game (default: "
        "%(default)s)"
    )
    balance.add_argument(
        "--ai",
        default="normal",
        metavar="KIND[,KIND...]",
        help="computer player per seat, as for simulate (default: %(default)s); on a boss "
        "map the boss side is added in the last seat",
    )
    balance.add_argument(
        "--swap",
        action="store_true",
        help="play each seed once per rotation of the seats (not on boss maps)",
    )
    balance.add_argument(
        "--boss-players",
        metavar="N[,N...]",
        type=_counts,
        default=(1, 2, 3),
        help="on a boss map: how many players play against the boss (default: 1,2,3)",
    )
    _add_max_turns_option(balance)
    balance.add_argument(
        "--out",
        metavar="DIR",
        default="balance-report",
        help="folder to write the report into (default: %(default)s)",
    )
    balance.add_argument(
        "--resume",
        action="store_true",
        help="go on with the run whose games file is in --out (a run stopped or cut off "
        "writes the games it finished): the same options as when it began; the games "
        "already there are not played again",
    )
    balance.add_argument(
        "--merge",
        metavar="FOLDER",
        action="append",
        help="play nothing: write one report of the games of earlier runs, each FOLDER "
        "a report folder (its games.jsonl) or a games file; repeat the option for each "
        "run (runs of one rules version and the same map files, each game in one run "
        "only); with --map, only the games of those maps",
    )
    _add_jobs_option(balance)
    _add_mod_options(balance)
    balance.set_defaults(handler=_runner_command("balance_command"))

    replay = commands.add_parser(
        "replay",
        help="play back a saved game or replay file",
        description="Play back the actions recorded in FILE (a save or a replay) from its setup.",
    )
    replay.add_argument("file", metavar="FILE", help="the save or replay file")
    replay.add_argument(
        "--verify",
        action="store_true",
        help="check that the replay reproduces the recorded state hash; exit non-zero if not",
    )
    _add_mod_options(replay)
    replay.set_defaults(handler=_runner_command("replay_command"))

    validate = commands.add_parser(
        "validate",
        help="check card, set, deck, mod and map files and report every problem",
        description=(
            "Load each PATH (a card file, set, duel deck or folder of decks, mod folder or "
            ".tmx map) and print one line per "
            "problem: file, field, what was expected and what was found. "
            "Exits non-zero if anything is wrong."
        ),
    )
    validate.add_argument("paths", metavar="PATH", nargs="+", help="file or folder to check")
    _add_mod_options(validate)
    validate.set_defaults(handler=_runner_command("validate_command"))

    mods = commands.add_parser(
        "mods",
        help="show the mods folder and the loaded mods, with their problems",
        description=(
            "Print where your mods folder is, every mod that loads (built-in content first) "
            "with its version, and every problem found. Exits non-zero if anything is wrong."
        ),
    )
    _add_mod_options(mods)
    mods.set_defaults(handler=_mods)

    bench = commands.add_parser(
        "bench",
        help="measure how fast the rules engine plays games",
        description="Play headless games for a fixed time and report games and actions per second.",
    )
    bench.add_argument(
        "--seconds",
        metavar="S",
        type=_positive_float,
        default=3.0,
        help="how long each of the two random plays runs (default: %(default)s)",
    )
    bench.add_argument(
        "--seed", metavar="S", type=_seed, default=1, help="random seed (default: %(default)s)"
    )
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument("--client", action="store_true",
                       help="also measure the window: frame time of a 4-player map with 40 "
                       "units at 1280x720, idle redraws, and the time to open the window")
    bench.set_defaults(handler=_runner_command("bench_command"))

    return parser


def _with_default_command(argv: Sequence[str]) -> list[str]:
    """Insert ``play`` when no command is given (empty, or starting with a play option)."""
    args = list(argv)
    top_level_options = {"-h", "--help", "--version"}
    if not args or (args[0].startswith("-") and args[0] not in top_level_options):
        return [DEFAULT_COMMAND, *args]
    return args


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(_with_default_command(sys.argv[1:] if argv is None else argv))
    handler: Callable[[argparse.Namespace], int] = args.handler
    return handler(args)
