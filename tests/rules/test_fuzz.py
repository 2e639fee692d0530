"""Random legal games, checked after every action; their replays must reproduce them.

CI plays a few games per map; ``pytest tests/rules/test_fuzz.py --fuzz-games 500`` plays
many more. A failure prints the seed and the actions that reproduce it."""

from __future__ import annotations

import json
import random

import pytest

from game.content.cards import load_cards
from game.content.decks import with_decks
from game.maps import find_map, list_maps
from game.rules import Game, GameSetup
from game.rules.core.replay import game_to_json, replay
from game.rules.invariants import check

LIBRARY, _ = load_cards()
CI_GAMES = 6
MAX_TURNS = 60


def choose(legal: list, chooser: random.Random, eager: bool):  # type: ignore[no-untyped-def]
    """Uniform choice; an eager player passes only one time in five when it can do more,
    which reaches fights, marks and piles far more often."""
    if eager and len(legal) > 1 and chooser.random() < 0.8:
        doing = [a for a in legal if a.kind not in ("pass", "end_turn", "disband")]
        if doing:
            return doing[chooser.randrange(len(doing))]
    return legal[chooser.randrange(len(legal))]


def play_checked(map_name: str, seed: int, eager: bool = False) -> Game:
    spec = find_map(map_name)
    game = Game(with_decks(GameSetup(spec, LIBRARY, spec.players, seed, sets=("base",),
                                     draft="1x[2;8]")))
    chooser = random.Random(seed)
    problems = check(game)
    while not problems and game.actor is not None and game.turn <= MAX_TURNS:
        legal = game.legal_actions(game.actor)
        game.apply(choose(legal, chooser, eager))
        problems = check(game)
    if problems:
        actions = json.dumps([a.to_json() for a in game.history])
        pytest.fail(f"map {map_name} seed {seed}: {problems[0]}\n"
                    f"after {len(game.history)} actions; last: {game.history[-1:]}\n"
                    f"reproduce with actions: {actions[:4000]}")
    return game


@pytest.mark.parametrize("map_name", [p.stem for p in list_maps()])
def test_random_games_keep_every_invariant_and_replay(map_name: str, fuzz_games: int) -> None:
    games = fuzz_games or CI_GAMES
    for seed in range(1, games + 1):
        game = play_checked(map_name, seed, eager=seed % 2 == 0)
        data = json.loads(json.dumps(game_to_json(game)))
        again = replay(data, LIBRARY, f"{map_name} seed {seed}", verify=True)
        assert again.state_hash() == game.state_hash(), f"seed {seed}: replay differs"
        game.close()
        again.close()
