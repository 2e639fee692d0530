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


def _fresh(game: Game, actor: int, units: list[int]) -> tuple[list[object], dict[int, object]]:
    """The legal actions and walks with every cache set aside, then the caches put back."""
    kept = game.legal_cache, game.movement_cache, dict(game.caches)
    _drop_caches(game)
    try:
        return (list(game.legal_actions(actor)),
                {u: dict(movement.reachable(game, u)) for u in units})
    finally:
        game.legal_cache, game.movement_cache = kept[0], kept[1]
        game.caches.clear()
        game.caches.update(kept[2])


@pytest.mark.parametrize(("map_name", "seed"), [("2P-ring-street", 6), ("2P-castle-siege", 7)])
def test_caches_kept_across_restores_answer_as_fresh_ones(map_name: str, seed: int) -> None:
    """As a search plays: lines of play taken back by ``restore``, the caches kept
    throughout (the legal actions a snapshot lists again, the movement tables and their
    walks where the occupied tiles are the same)."""
    game = Game(GameSetup(find_map(map_name), LIBRARY, 2, seed, sets=("base", "exp1")))
    rng = random.Random(seed)
    try:
        while game.actor is not None and game.turn <= 16:
            root = game.snapshot()
            for _ in range(3):  # three short lines of play from here, each taken back
                for _ in range(rng.randrange(1, 8)):
                    if game.actor is None:
                        break
                    actor = game.actor
                    units = sorted(game.permanents())
                    legal = list(game.legal_actions(actor))
                    walks = {u: dict(movement.reachable(game, u)) for u in units}
                    assert (legal, walks) == _fresh(game, actor, units)
                    game.apply(legal[rng.randrange(len(legal))])
                game.restore(root)
            legal = game.legal_actions(game.actor)
            game.apply(legal[rng.randrange(len(legal))])
    finally:
        game.close()
