#!/usr/bin/env python3
"""Side-by-side speed check: ``python -m game bench`` on an older commit against this tree.

Checks the older commit out into a temporary git worktree, then runs the two benches in
turns (old, new, old, new, ...) with the same Python, so both see the same machine load, and
prints each figure with the ratio new / old. A ratio above 1 is faster for rates (actions
per second) and slower for times (milliseconds).

    python tools/bench_compare.py 84ec65a            # the commit before a restructuring
    python tools/bench_compare.py HEAD~3 --rounds 5 --seconds 4
    python tools/bench_compare.py HEAD~3 --instructions 8

A second (virtual) machine's speed moves by a third from one day to the next, and two runs
of the same tree on one of them differ by up to a tenth: ``--instructions GAMES`` counts
instead the processor instructions an action takes (valgrind's callgrind, address
randomization off, a fixed hash seed): the same random games on 2P-ring-street in both
trees, the play alone counted (not the loading, nor each game's setup). The count does not
move with the machine's load.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (key in bench --json, label, True when bigger is better)
FIGURES = (
    ("actions_per_second", "legal random actions per second", True),
    ("playout_actions_per_second", "the same without turn hashes (playouts)", True),
    ("games_per_second", "games per second", True),
    ("snapshot_restore_ms_median", "snapshot + restore, median ms", False),
    ("map_load_ms", "loading the largest map, median ms", False),
)


def run_bench(tree: Path, seconds: float, seed: int) -> dict[str, float]:
    """One ``python -m game bench --json`` run with ``tree`` first on the import path."""
    command = [sys.executable, "-m", "game", "bench", "--json", "--seconds", str(seconds),
               "--seed", str(seed)]
    env_path = str(tree)
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=False,
                          env={**_base_env(), "PYTHONPATH": env_path})
    if done.returncode != 0:
        raise SystemExit(f"bench failed in {tree}:\n{done.stderr}")
    data = json.loads(done.stdout)
    return {key: float(data[key]) for key, _, _ in FIGURES if data.get(key) is not None}


#: the fixed work of ``--instructions``: games seeded 1.. of random legal play on the bench's
#: map, as the bench plays them; argv: games, 1 to hash each turn's end (0: as a playout
#: plays, on trees that have ``Game.unhashed``); prints the actions played. The collector is
#: set as ``python -m game`` sets it, on trees that do (``game.tune_collector``). Each game's play
#: runs inside ``functools.reduce``, the one C function callgrind counts in
#: (``--toggle-collect``): the loading and each game's setup are not counted.
FIXED_PLAY = """
import functools, random, sys
from contextlib import nullcontext
from game.rules import Game, GameSetup
from game.runner import DEFAULT_DRAFT, DEFAULT_SETS, find_map, library_or_exit
games, hashed = int(sys.argv[1]), sys.argv[2] == "1"
try:
    from game import tune_collector  # as ``python -m game`` sets the collector
except ImportError:
    pass
else:
    tune_collector()
spec, library = find_map("2P-ring-street"), library_or_exit()
chooser, actions = random.Random(1), 0

def play(done, game):
    with nullcontext() if hashed else game.unhashed():
        while game.actor is not None and game.turn <= 200:
            legal = game.legal_actions(game.actor)
            game.apply(legal[chooser.randrange(len(legal))])
            done += 1
    return done

for seed in range(1, games + 1):
    game = Game(GameSetup(spec, library, spec.players, seed, sets=DEFAULT_SETS,
                          draft=DEFAULT_DRAFT))
    actions = functools.reduce(play, [game], actions)
    game.close()
print(actions)
"""

#: the C function (of CPython's ``_functools``) inside which callgrind counts
COUNTED = "functools_reduce"


def count_instructions(tree: Path, games: int, hashed: bool) -> tuple[int, float]:
    """(actions, instructions an action) of ``FIXED_PLAY`` in ``tree``."""
    actions, instructions = _callgrind(tree, games, hashed)
    return actions, instructions / max(1, actions)


def _callgrind(tree: Path, games: int, hashed: bool) -> tuple[int, int]:
    """(actions, instructions counted) of one run of ``FIXED_PLAY`` under callgrind."""
    env = {**_base_env(), "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    subprocess.run([sys.executable, "-c", "import game.runner"], cwd=tree, env=env,
                   check=True)  # the bytecode caches written before counting
    with tempfile.TemporaryDirectory(prefix="callgrind-") as tmp:
        done = subprocess.run(
            ["setarch", "-R", "valgrind", "--tool=callgrind", "--collect-atstart=no",
             f"--toggle-collect={COUNTED}", f"--callgrind-out-file={tmp}/out",
             sys.executable, "-c", FIXED_PLAY, str(games), "1" if hashed else "0"],
            cwd=tree, env=env, capture_output=True, text=True, check=False)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or collected is None:
        raise SystemExit(f"counting instructions failed in {tree}:\n{done.stderr[-2000:]}")
    if int(collected.group(1)) == 0:
        raise SystemExit(f"callgrind counted nothing: {sys.executable} has no symbol "
                         f"{COUNTED} that valgrind can see (a stripped build)")
    return int(done.stdout.split()[-1]), int(collected.group(1))


def compare_instructions(old_tree: Path, old_rev: str, games: int) -> None:
    """Print instructions an action, old and new, with their ratio: each turn hashed, and
    (where the old tree plays without turn hashes too) as a playout plays."""
    print(f"instructions an action, {games} random games on 2P-ring-street (valgrind "
          f"callgrind, the play alone); old = {old_rev}, new = this tree")
    print(f"  {'figure':38} {'old':>12} {'new':>12} {'new/old':>8}")
    playouts = has_unhashed(old_tree)
    for hashed, label in ((True, "each turn hashed"), (False, "without turn hashes")):
        if not hashed and not playouts:
            print(f"  {label:38} (the old tree has no Game.unhashed)")
            continue
        (old_actions, o), (new_actions, n) = (count_instructions(t, games, hashed)
                                              for t in (old_tree, ROOT))
        print(f"  {label:38} {o:12,.0f} {n:12,.0f} {n / o:8.3f}  "
              f"({'fewer' if n <= o else 'more'}; {old_actions:,} and {new_actions:,} actions)")


def has_unhashed(tree: Path) -> bool:
    return "def unhashed" in (tree / "game/rules/core/game.py").read_text(encoding="utf-8")


def _base_env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", help="the older commit (any git revision)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each side (default 3)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per run (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--instructions", type=int, metavar="GAMES",
                        help="count instructions an action over GAMES random games "
                             "instead of timing (needs valgrind and setarch)")
    args = parser.parse_args(argv)
    if args.instructions is not None and not (shutil.which("valgrind")
                                              and shutil.which("setarch")):
        raise SystemExit("--instructions needs valgrind and setarch "
                         "(Debian: apt-get install valgrind util-linux)")
    old_rev = subprocess.run(["git", "rev-parse", "--short", args.old], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="bench-old-") as tmp:
        old_tree = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(old_tree), old_rev], cwd=ROOT,
                       check=True, capture_output=True)
        try:
            if args.instructions is not None:
                compare_instructions(old_tree, old_rev, args.instructions)
                return 0
            old: list[dict[str, float]] = []
            new: list[dict[str, float]] = []
            for round_ in range(args.rounds):
                old.append(run_bench(old_tree, args.seconds, args.seed))
                new.append(run_bench(ROOT, args.seconds, args.seed))
                print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old_tree)], cwd=ROOT,
                           check=False, capture_output=True)
    print(f"bench, {args.rounds} rounds of {args.seconds:g} s each, interleaved; "
          f"old = {old_rev}, new = this tree (median of the rounds)")
    print(f"  {'figure':38} {'old':>12} {'new':>12} {'new/old':>8}")
    for key, label, bigger_better in FIGURES:
        olds = [r[key] for r in old if key in r]
        news = [r[key] for r in new if key in r]
        if not olds or not news:
            continue
        o, n = statistics.median(olds), statistics.median(news)
        ratio = n / o if o else float("nan")
        verdict = "faster" if (ratio >= 1) == bigger_better else "slower"
        print(f"  {label:38} {o:12,.3f} {n:12,.3f} {ratio:8.3f}  ({verdict})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
