#!/usr/bin/env python3
"""Write the save/replay fixtures that pin the engine's behaviour while its shape changes.

Each fixture is an ordinary save (``game.rules.core.replay.save_game``): the setup, every action
taken, the state hash after every finished turn and the final hash. The test
``tests/rules/test_save_fixtures.py`` replays every one with ``verify=True``, so any change
of behaviour, however small, shows up as a differing hash at the first turn it touches.

Two sets (see ``tests/fixtures/saves/README.md``):

- ``tests/fixtures/saves/*.json``, rules version 1: written on commit ``84ec65a``, before
  the engine was restructured. This tool no longer writes them (``RULES_1`` keeps the
  record of how they were made; the computer players of today play those seeds
  differently): they are never to be made again.
- ``tests/fixtures/saves/rules-2/*.json``, rules version 2: games whose players answer
  the decisions the rules leave to them (units left unpaid, dropped piles placed, cards
  discarded to pay a cost, the order of a player's triggered actions set off together),
  and one save made while such a decision waits. Written by this tool while version 2 was
  the newest (``RULES_2``); like the version 1 saves they are not to be made again.
- ``tests/fixtures/saves/rules-3/*.json``, rules version 3 (errata: the King has
  protection from Die!): the games of ``RULES_2`` again, and kings facing Die! on a small
  map. Written by this tool while version 3 was the newest (``RULES_3``); not to be made
  again.
- ``tests/fixtures/saves/rules-4/*.json``, rules version 4 (the boss grows with the
  number of players; Fireball's erratum): the games of ``RULES_3`` again, kings facing
  Fireball on a small map, and each boss map with one player and with three. Written by
  this tool while version 4 was the newest (``RULES_4``); not to be made again.
- ``tests/fixtures/saves/rules-5/*.json``, rules version 5 (Bribe's erratum: a Bribe
  played is exiled): the games of ``RULES_4`` again, and Bribes on a small map. Written
  by this tool while version 5 was the newest (``RULES_5``); not to be made again.
- ``tests/fixtures/saves/rules-6/*.json``, rules version 6 (Call the Wolves' erratum: the
  wolf comes on the caller's spawn tiles): the games of ``RULES_5`` again, and wolves
  called where kings stand on a small map. Written by this tool while version 6 was the
  newest (``RULES_6``); not to be made again.
- ``tests/fixtures/saves/rules-7/*.json``, rules version 7 (the Tyrant's goal grows with
  the players: 6 repression marks against one, one more for each further player): the
  games of ``RULES_6`` again, and three players against the Tyrant. Written by this tool
  while version 7 was the newest (``RULES_7``), and ``sands-duel-easy-4`` (a duel in which
  Sera Dunewalker casts Whirling Sands) by this tool on commit ``d3c4353`` with that game
  added to ``RULES_7``, before Whirling Sands' erratum; not to be made again.
- ``tests/fixtures/saves/rules-8/*.json``, rules version 8 (Whirling Sands' erratum: its
  Wind Dervish stays): the games of ``RULES_7`` again, and a second duel of Sera
  Dunewalker's. This tool writes these.

Run from the repository root: ``python tools/make_save_fixtures.py [--out DIR]``. Running
it again on an unchanged engine and computer players writes byte-identical files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.maps import find_map  # noqa: E402
from game.rules import Game, WinSpec, parse_grid  # noqa: E402
from game.rules.core.actions import action_from_json  # noqa: E402
from game.rules.core.replay import game_to_json, save_game  # noqa: E402
from game.rules.mapmodel import MapSpec, Placement  # noqa: E402
from game.runner import library_or_exit  # noqa: E402
from game.simulation import play_random_game  # noqa: E402

#: rules version 1, written on commit 84ec65a: (file stem, map, computer players per seat,
#: seed, turn limit, sets)
RULES_1: tuple[tuple[str, str, tuple[str, ...], int, int, tuple[str, ...]], ...] = (
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

#: a map made to run into the decisions: little income, dear units, Ramms to crew and
#: equipment to carry, Die! to bring them down, Smugglers' Cove to pay with cards
DECISIONS_DECK = (("Soldier", 3), ("Paladin", 1), ("Ramm", 2), ("Sword", 2),
                  ("Healing Potion", 1), ("Smugglers' Cove", 1), ("Mechanic", 1), ("Net", 1),
                  ("Die!", 2), ("Coin", 1))
DECISIONS_MAP = "3P-decisions"
#: Thieves with Swords: two triggered actions of one player at once (rule Actions 5)
THIEVES_DECK = (("Thief", 3), ("Sword", 3), ("Soldier", 2), ("Coin", 2))
THIEVES_MAP = "2P-thieves"
#: kings and Die! (rules version 3: no Die! reaches a king)
KINGS_DECK = (("Soldier", 2), ("Die!", 3), ("Coin", 3))
KINGS_MAP = "2P-kings"
#: kings and Fireball (rules version 4: Fireball's erratum)
FIREBALL_DECK = (("Soldier", 2), ("Fireball", 3), ("Coin", 3))
FIREBALL_MAP = "2P-fireball"
#: Bribes and soldiers to steal (rules version 5: a Bribe played is exiled)
BRIBE_DECK = (("Soldier", 3), ("Bribe", 3), ("Coin", 4))
BRIBE_MAP = "2P-bribes"
#: kings and Call the Wolves (rules version 6: the wolf comes on the caller's spawn tiles)
WOLVES_DECK = (("Soldier", 2), ("Call the Wolves", 3), ("Coin", 4))
WOLVES_MAP = "2P-wolves"

#: rules version 2: (file stem, map, computer players per seat, seed, turn limit, sets);
#: the comment says which decisions the game asks
RULES_2: tuple[tuple[str, str, tuple[str, ...], int, int, tuple[str, ...]], ...] = (
    # leave_unpaid, place_dropped
    ("castle-siege-easy-6", "2P-castle-siege", ("easy",), 6, 200, ("base", "exp1", "workshop")),
    # place_dropped
    ("river-king-easy-7", "2P-river-king", ("easy",), 7, 200, ("base", "sea")),
    # discard_to_pay
    ("river-king-eager-1", "2P-river-king", ("eager",), 1, 200, ("base", "sea")),
    # discard_to_pay, place_dropped (three players)
    ("decisions-3P-easy-1", DECISIONS_MAP, ("easy",), 1, 24,
     ("base", "exp1", "sea", "workshop")),
    # leave_unpaid, discard_to_pay (three players)
    ("decisions-3P-eager-8", DECISIONS_MAP, ("eager",), 8, 24,
     ("base", "exp1", "sea", "workshop")),
    # declare_trigger_first, leave_unpaid, place_dropped
    ("thieves-2P-easy-3", THIEVES_MAP, ("easy",), 3, 16, ("base",)),
)
#: rules version 3: the games of version 2, and Die! where kings stand
RULES_3 = RULES_2 + (
    ("kings-die-2P-easy-4", KINGS_MAP, ("easy",), 4, 40, ("base",)),
)
#: rules version 4: the games of version 3, Fireball where kings stand, and each boss map
#: with one player and with three (the boss grows with the players: ``SEATS``)
RULES_4 = RULES_3 + (
    ("kings-fireball-2P-easy-5", FIREBALL_MAP, ("easy",), 5, 40, ("base",)),
    ("the-tyrant-1P-easy-2", "the-tyrant", ("easy", "tyrant"), 2, 200, ("base", "exp1")),
    ("the-kraken-3P-easy-3", "the-kraken", ("easy", "easy", "easy", "kraken"), 3, 200,
     ("base", "sea")),
)
#: rules version 5: the games of version 4, and Bribes that are exiled once played
RULES_5 = RULES_4 + (
    ("bribes-2P-easy-6", BRIBE_MAP, ("easy",), 6, 40, ("base",)),
)
#: rules version 6: the games of version 5, and wolves called where kings stand
RULES_6 = RULES_5 + (
    ("wolves-2P-easy-7", WOLVES_MAP, ("easy",), 7, 40, ("base",)),
)
#: rules version 7: the games of version 6, and three players against the Tyrant
RULES_7 = RULES_6 + (
    ("the-tyrant-3P-easy-8", "the-tyrant", ("easy", "easy", "easy", "tyrant"), 8, 200,
     ("base", "exp1")),
    # written on commit d3c4353, before Whirling Sands' erratum
    ("sands-duel-easy-4", "2P-duel-standard", ("easy",), 4, 200, ("base",)),
)
#: rules version 8: the games of version 7, and another duel of Sera Dunewalker's (the
#: duel's decks are drawn with the seed: seed 19 deals hers to the first seat)
RULES_8 = RULES_7 + (
    ("sands-duel-easy-19", "2P-duel-standard", ("easy",), 19, 200, ("base",)),
)
#: the seats of the games that fill fewer than their map's (a boss map's players and boss)
SEATS = {"the-tyrant-1P-easy-2": 2, "the-kraken-3P-easy-3": 4, "the-tyrant-3P-easy-8": 4}
#: the answers to the decisions the rules leave to a player
DECISIONS = ("leave_unpaid", "place_dropped", "discard_to_pay", "declare_trigger_first")
#: a save made while a decision waits: (file stem, the game of RULES_2 it is cut from)
WAITING = ("castle-siege-easy-6-waiting", "castle-siege-easy-6")


def own_map(name: str) -> MapSpec:
    """One of the maps made for these fixtures."""
    if name in (KINGS_MAP, FIREBALL_MAP, WOLVES_MAP):
        kings = (Placement("King", (0, 1), 0), Placement("King", (7, 2), 1))
        deck = {KINGS_MAP: KINGS_DECK, FIREBALL_MAP: FIREBALL_DECK}.get(name, WOLVES_DECK)
        return parse_grid("\n".join(["11....22"] * 4), name=name, players=2,
                          income=3, start_deck=deck, win=WinSpec("king"),
                          placements=kings)
    if name == BRIBE_MAP:
        return parse_grid("\n".join(["11....22"] * 4), name=BRIBE_MAP, players=2,
                          income=4, start_deck=BRIBE_DECK, win=WinSpec("none"))
    if name == THIEVES_MAP:
        return parse_grid("\n".join(["11....22"] * 4), name=THIEVES_MAP, players=2,
                          income=2, start_deck=THIEVES_DECK, win=WinSpec("none"))
    return parse_grid("\n".join(["11..33..22"] * 4), name=DECISIONS_MAP, players=3,
                      income=1, start_deck=DECISIONS_DECK, win=WinSpec("none"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path,
                        default=ROOT / "tests" / "fixtures" / "saves" / "rules-8",
                        help="folder to write the rules version 8 fixtures to")
    args = parser.parse_args(argv)
    library = library_or_exit()
    args.out.mkdir(parents=True, exist_ok=True)
    for stem, map_name, ai, seed, turns, sets in RULES_8:
        spec = own_map(map_name) if map_name in (DECISIONS_MAP, THIEVES_MAP, KINGS_MAP,
                                                 FIREBALL_MAP, BRIBE_MAP, WOLVES_MAP) \
            else find_map(map_name)
        game = play_random_game(spec, library, seed, players=SEATS.get(stem),
                                max_turns=turns, sets=sets, ai=ai)
        path = args.out / f"{stem}.json"
        save_game(game, path)
        state = "over" if game.actor is None else f"stopped at turn {game.turn}"
        asked = sorted({a.kind for a in game.history if a.kind in DECISIONS})
        print(f"{path}: {len(game.history)} actions, {len(game.turn_hashes)} turn hashes, "
              f"{state}; decisions: {', '.join(asked) or 'none'}")
        if stem == WAITING[1]:
            waiting(game, args.out / f"{WAITING[0]}.json")
        game.close()
    return 0


def waiting(played: Game, path: Path) -> None:
    """Replay ``played`` up to the first moment a decision waits, and save it there."""
    actions = [a.to_json() for a in played.history]
    game = Game(played.setup)
    try:
        for raw in actions:
            game.apply(action_from_json(raw))
            if game.choices:
                break
        assert game.choices, "no decision ever waited"
        save_game(game, path)
        kind = game.choices[0].kind
        print(f"{path}: {len(game.history)} actions, a {kind} decision waiting "
              f"(final hash {game_to_json(game)['final_hash']})")
    finally:
        game.close()


if __name__ == "__main__":
    raise SystemExit(main())
