#!/usr/bin/env python3
"""Write the save/replay fixtures that pin the engine's behaviour while its shape changes.

Each fixture is an ordinary save (``game.rules.core.replay.save_game``): the setup, every action
taken, the state hash after every finished turn and the final hash. They were written by
the engine *before* a restructuring (see ``tests/fixtures/saves/README.md``); the test
``tests/rules/test_save_fixtures.py`` replays every one with ``verify=True``, so any change
of behaviour, however small, shows up as a differing hash at the first turn it touches.

Run from the repository root: ``python tools/make_save_fixtures.py [--out DIR]``. Running
it again on an unchanged engine writes byte-identical files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.maps import find_map  # noqa: E402
from game.rules.core.replay import save_game  # noqa: E402
from game.runner import library_or_exit  # noqa: E402
from game.simulation import play_random_game  # noqa: E402

#: (file stem, map, computer players per seat, seed, turn limit, sets)
GAMES: tuple[tuple[str, str, tuple[str, ...], int, int, tuple[str, ...]], ...] = (
    ("ring-street-random", "2P-ring-street", ("random",), 11, 200, ("base",)),
    ("ring-street-easy-midgame", "2P-ring-street", ("easy",), 12, 6, ("base", "exp1")),
    ("ring-street-normal-easy", "2P-ring-street", ("normal", "easy"), 13, 60, ("base",)),
    ("river-king-easy", "2P-river-king", ("easy",), 21, 200, ("base", "sea")),
    ("castle-siege-easy", "2P-castle-siege", ("easy",), 31, 200, ("base", "workshop")),
    ("stick-meadow-random", "2P-stick-meadow", ("random",), 41, 200, ("base", "dark")),
    ("3P-ring-street-easy", "3P-ring-street", ("easy",), 51, 200, ("base", "exp1")),
    ("4P-islands-easy", "4P-islands", ("easy",), 61, 200, ("base", "sea")),
    ("the-tyrant", "the-tyrant", ("easy", "easy", "tyrant"), 71, 200, ("base", "tyranny")),
    ("the-kraken", "the-kraken", ("easy", "easy", "kraken"), 81, 200, ("base",)),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "fixtures" / "saves",
                        help="folder to write the fixtures to")
    args = parser.parse_args(argv)
    library = library_or_exit()
    for stem, map_name, ai, seed, turns, sets in GAMES:
        spec = find_map(map_name)
        game = play_random_game(spec, library, seed, players=len(ai) if len(ai) > 1 else None,
                                max_turns=turns, sets=sets, ai=ai)
        path = args.out / f"{stem}.json"
        save_game(game, path)
        state = "over" if game.actor is None else f"stopped at turn {game.turn}"
        print(f"{path}: {len(game.history)} actions, "
              f"{len(game.turn_hashes)} turn hashes, {state}")
        game.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
