"""Random games that keep running into the decisions the rules leave to a player (rules
version 2): low income against dear units (upkeep shortfalls), Ramms to crew and
equipment to carry, Die! to bring them down (dropped piles), Smugglers' Cove (a discard
cost), Thieves with Swords (two triggered actions of one player at once). Every action
is checked against the invariants, every waiting decision against who may answer it, and
each game must replay hash for hash from its save; over the seeds every kind of decision
is asked at least once.

CI plays ``CI_GAMES`` games; ``pytest tests/rules/test_choices_fuzz.py --fuzz-games 200``
plays more."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.content.cards import load_cards
from game.rules import Game, GameSetup, WinSpec, parse_grid
from game.rules.core.actions import Action
from game.rules.core.replay import game_to_json, replay
from game.rules.core.state import RULES_VERSION
from game.rules.invariants import check

LIBRARY, _ = load_cards()
CI_GAMES = 6
MAX_TURNS = 30
DECK = (("Soldier", 3), ("Paladin", 1), ("Ramm", 2), ("Sword", 2), ("Healing Potion", 1),
        ("Smugglers' Cove", 1), ("Mechanic", 1), ("Net", 1), ("Die!", 2), ("Coin", 1),
        ("Thief", 2))
STORE = ("Soldier", "Ramm", "Sword", "Mechanic", "Net", "Die!", "Smugglers' Cove",
         "Healing Potion")
#: the answers to each kind of decision
ANSWERS = {"unpaid": "leave_unpaid", "drop": "place_dropped", "discard": "discard_to_pay"}
#: what a keen random player goes for
KEEN = ("attack", "equip", "play", "free_action", "buy", "full_action")


def _choose(game: Game, legal: list[Action], rng: random.Random) -> Action:
    """Random, but keen: it fights, plays, equips and crews (a move onto a friendly unit)
    rather than wanders, and never disbands (so upkeep runs short)."""
    if rng.random() < 0.7:
        keen = [a for a in legal if a.kind in KEEN
                or (a.kind == "move" and game.permanent_at(a.tile))]  # type: ignore[attr-defined]
        if keen:
            return keen[rng.randrange(len(keen))]
    calm = [a for a in legal if a.kind != "disband"] or legal
    if rng.random() < 0.6:
        busy = [a for a in calm if a.kind not in ("pass", "end_turn")]
        if busy:
            return busy[rng.randrange(len(busy))]
    return calm[rng.randrange(len(calm))]


def _waiting_problems(game: Game) -> list[str]:
    """A waiting decision: its player alone acts, and only by answering it."""
    if not game.choices or game.actor is None:
        return []
    head = game.choices[0]
    if game.actor != head.controller:
        return [f"a {head.kind} choice of player {head.controller + 1} waits, but player "
                f"{game.actor} acts"]
    kinds = {a.kind for a in game.legal_actions(head.controller)}
    if kinds != {ANSWERS[head.kind]}:
        return [f"a {head.kind} choice waits, but the legal actions are {sorted(kinds)}"]
    others = [p for p in range(len(game.players))
              if p != head.controller and game.legal_actions(p)]
    return [f"players {others} may act while a choice waits"] if others else []


def play(seed: int) -> Game:
    """One game: every third seed three players (piles of several players may drop at
    once), else two."""
    players = 3 if seed % 3 == 0 else 2
    rows = "11..33..22" if players == 3 else "11....22"
    spec = parse_grid("\n".join([rows] * 4), players=players, income=1, start_deck=DECK,
                      win=WinSpec("none"))
    game = Game(GameSetup(spec, LIBRARY, players, seed, sets=("base",),
                          stores=(STORE,) * players))
    rng = random.Random(seed)
    problems = check(game)
    while not problems and game.actor is not None and game.turn <= MAX_TURNS:
        game.apply(_choose(game, game.legal_actions(game.actor), rng))
        problems = check(game) + _waiting_problems(game)
    if problems:
        actions = json.dumps([a.to_json() for a in game.history])
        pytest.fail(f"seed {seed}: {problems[0]}\nafter {len(game.history)} actions; last: "
                    f"{game.history[-1:]}\nreproduce with actions: {actions[:4000]}")
    return game


def test_random_games_with_decisions_keep_every_invariant_and_replay(fuzz_games: int) -> None:
    asked: Counter[str] = Counter()
    kinds = {*ANSWERS.values(), "declare_trigger_first"}
    for seed in range(1, (fuzz_games or CI_GAMES) + 1):
        game = play(seed)
        asked.update(a.kind for a in game.history if a.kind in kinds)
        data = json.loads(json.dumps(game_to_json(game)))
        assert data["rules_version"] == RULES_VERSION
        again = replay(data, LIBRARY, f"seed {seed}", verify=True)
        assert again.state_hash() == game.state_hash(), f"seed {seed}: the replay differs"
        game.close()
        again.close()
    assert set(asked) == kinds, f"decisions asked: {dict(asked)}"
