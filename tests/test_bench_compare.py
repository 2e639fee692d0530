"""tools/bench_compare.py's instruction count: the fixed work it counts is the bench's
random play, the same games each run, and only the play is counted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from toolmodules import load

ROOT = Path(__file__).resolve().parent.parent

bench_compare = load("bench_compare", ROOT / "tools" / "bench_compare.py")


@pytest.mark.parametrize("hashed", ["1", "0"])
def test_the_counted_play_is_the_same_games_each_time(hashed: str) -> None:
    """Two runs of the fixed work play the same number of actions (the same games: the
    count of one tree can be set against another's), hashed or not."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    counts = [subprocess.run([sys.executable, "-c", bench_compare.FIXED_PLAY, "2", hashed],
                             cwd=ROOT, env=env, capture_output=True, text=True, check=True)
              .stdout.split()[-1] for _ in range(2)]
    assert counts[0] == counts[1]
    assert int(counts[0]) > 100  # two whole games of Muhq's Game


def test_the_count_is_of_the_play_alone() -> None:
    """callgrind counts only inside the C function the play runs in: the fixed work
    calls it once a game, around the game's play and nothing else."""
    assert bench_compare.COUNTED == "functools_reduce"
    assert bench_compare.FIXED_PLAY.count("functools.reduce(") == 1
    assert "actions = functools.reduce(play, [game], actions)" in bench_compare.FIXED_PLAY


def test_an_actions_instructions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_compare, "_callgrind",
                        lambda tree, games, hashed: (4_000, 4_000 * 150_000))
    assert bench_compare.count_instructions(ROOT, 5, True) == (4_000, 150_000)


def test_this_tree_plays_without_turn_hashes() -> None:
    assert bench_compare.has_unhashed(ROOT)
