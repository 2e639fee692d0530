"""The engine's caches never change an answer: at every step of random games, the legal
actions and every unit's reachable tiles come out the same with the caches dropped
(movement tables and their memoized walks, the trigger holders, the roster-only win
check, the legal-action list)."""

from __future__ import annotations

import random

import pytest

from game.content.mods import load_content
from game.maps import find_map
from game.rules import Game, GameSetup
from game.rules.systems import movement

LIBRARY = load_content([], include_user=False).library


def _drop_caches(game: Game) -> None:
    game.legal_cache = None
    game.movement_cache = None
    game.caches.clear()


@pytest.mark.parametrize(("map_name", "seed"), [("2P-ring-street", 3), ("2P-castle-siege", 4),
                                                ("the-tyrant", 5)])
def test_cached_answers_are_the_fresh_ones(map_name: str, seed: int) -> None:
    game = Game(GameSetup(find_map(map_name), LIBRARY, 2, seed, sets=("base", "exp1")))
    rng = random.Random(seed)
    try:
        while game.actor is not None and game.turn <= 20:
            actor = game.actor
            legal = list(game.legal_actions(actor))
            units = sorted(game.permanents())
            walks = {u: dict(movement.reachable(game, u)) for u in units}
            _drop_caches(game)
            assert game.legal_actions(actor) == legal, (game.turn, len(game.history))
            assert {u: movement.reachable(game, u) for u in units} == walks
            game.apply(legal[rng.randrange(len(legal))])
    finally:
        game.close()
