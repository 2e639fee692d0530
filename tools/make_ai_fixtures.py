#!/usr/bin/env python3
"""Write ``tests/fixtures/ai-decisions.json``: the computer players' decisions, pinned.

The save fixtures (``make_save_fixtures.py``) pin the engine: they replay recorded actions.
This pins the players: each entry is a game the computer players play from its seed on a
shipped map, up to a turn limit, and the state hash it ends on. ``tests/ai/
test_decisions_kept.py`` plays each again and asks for the same hash, so work that should
only make a player faster (its practice games, its rules of thumb, the engine under them)
is shown to choose exactly as before, action for action.

A change that is meant to make a player choose differently changes these hashes: run this
tool again in the same commit and say so in its message. Run from the repository root:
``python tools/make_ai_fixtures.py [--out FILE]``; on an unchanged tree it writes the same
file byte for byte.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import CardLibrary  # noqa: E402
from game.simulation import play_random_game  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "ai-decisions.json"

#: (map, computer players per seat, seed, turn limit): every ruleset; in Muhq's Game
#: whole games of the rules-of-thumb players and the openings of the searching one (a
#: whole game of it takes minutes), in the others a searching player against a
#: rules-of-thumb one; a few seconds each
GAMES: tuple[tuple[str, tuple[str, ...], int, int], ...] = (
    # walls, buildings and artifacts to carry: the most actions a position in Muhq's Game
    ("2P-castle-siege", ("hard", "normal"), 4, 4),
    ("2P-river-king", ("normal", "hard"), 4, 4),
    ("2P-castle-siege", ("normal", "easy"), 3, 200),
    ("2P-ring-street", ("easy", "normal"), 2, 200),
    ("2P-river-king", ("easy", "normal"), 5, 200),
    ("2P-stick-meadow", ("normal", "easy"), 2, 200),
    ("2P-duel-standard", ("hard", "normal"), 1, 10),
    ("2P-skirmish-highlands", ("hard", "normal"), 1, 24),
    ("3P-fleet-triad", ("hard", "normal", "easy"), 1, 12),
)


def play(library: CardLibrary, map_name: str, seats: tuple[str, ...], seed: int,
         turns: int) -> dict[str, object]:
    spec = find_map(map_name, library=library)
    game = play_random_game(spec, library, seed, ai=seats, max_turns=turns)
    try:
        return {"map": map_name, "seats": list(seats), "seed": seed, "max_turns": turns,
                "turn": game.turn, "winners": list(game.winners),
                "actions": len(game.history), "state_hash": game.state_hash()}
    finally:
        game.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FIXTURE)
    args = parser.parse_args()
    library = load_content([], include_user=False).library
    games = [play(library, *entry) for entry in GAMES]
    args.out.write_text(json.dumps({"games": games}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(games)} games to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
