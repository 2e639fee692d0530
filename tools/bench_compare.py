#!/usr/bin/env python3
"""Side-by-side speed check: ``python -m game bench`` on an older commit against this tree.

Checks the older commit out into a temporary git worktree, then runs the two benches in
turns (old, new, old, new, ...) with the same Python, so both see the same machine load, and
prints each figure with the ratio new / old. A ratio above 1 is faster for rates (actions
per second) and slower for times (milliseconds).

    python tools/bench_compare.py 84ec65a            # the commit before a restructuring
    python tools/bench_compare.py HEAD~3 --rounds 5 --seconds 4
"""

from __future__ import annotations

import argparse
import json
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
    args = parser.parse_args(argv)
    old_rev = subprocess.run(["git", "rev-parse", "--short", args.old], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="bench-old-") as tmp:
        old_tree = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(old_tree), old_rev], cwd=ROOT,
                       check=True, capture_output=True)
        try:
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
