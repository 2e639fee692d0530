"""Every shipped map plays to a winner under its own win condition (``simulate``)."""

from __future__ import annotations

import pytest

from game.content.cards import load_cards
from game.maps import find_map, list_maps
from game.runner import DEFAULT_DRAFT, DEFAULT_SETS, play_random_game

LIBRARY, _ = load_cards()


@pytest.mark.parametrize("name", [p.stem for p in list_maps()])
def test_each_shipped_map_is_won_under_its_own_win_condition(name: str) -> None:
    spec = find_map(name)
    for seed in (7, 8):
        game = play_random_game(spec, LIBRARY, seed, max_turns=200, ai=("easy",),
                                sets=spec.sets or DEFAULT_SETS, draft=spec.draft or DEFAULT_DRAFT)
        assert game.winners, f"{name} seed {seed}: no winner after {game.turn} turns"
        assert game.over_reason == game.win.describe(game)
        game.close()
