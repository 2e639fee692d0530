"""Every shipped map plays to a winner under its own win condition (``simulate``)."""

from __future__ import annotations

import pytest

from game.content.cards import load_cards
from game.maps import find_map, list_maps
from game.simulation import DEFAULT_DRAFT, DEFAULT_SETS, play_random_game

LIBRARY, _ = load_cards()


@pytest.mark.parametrize("name", [p.stem for p in list_maps()])
def test_each_shipped_map_is_won_under_its_own_win_condition(name: str) -> None:
    """Each game ends before the turn limit; a game may end in a draw (two kings falling in
    one fight eliminate both players at once), but most are won by the map's condition."""
    spec = find_map(name)
    won = 0
    for seed in (7, 8, 9):
        game = play_random_game(spec, LIBRARY, seed, max_turns=200, ai=("easy",),
                                sets=spec.sets or DEFAULT_SETS, draft=spec.draft or DEFAULT_DRAFT)
        assert game.actor is None, f"{name} seed {seed}: still going after {game.turn} turns"
        if game.winners:
            assert game.over_reason == game.win.describe(game)
            won += 1
        game.close()
    assert won >= 2, f"{name}: only {won} of 3 games had a winner"
