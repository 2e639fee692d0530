"""The state hash's bytes are those of one pickle (protocol 4, no memo) of the canonical
form and the generator's state, however they are built: ``hashing.state_bytes`` puts them
together from parts (the tiles' and the generator's bytes made once), and falls back to
the whole pickle when it would not fit one pickle frame."""

from __future__ import annotations

import io
import pickle
import random

import pytest

from game.content.mods import load_content
from game.maps import find_map
from game.rules import Game, GameSetup
from game.rules.core import hashing

LIBRARY = load_content([], include_user=False).library


def _whole(game: Game) -> bytes:
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=4)
    pickler.fast = True
    pickler.dump((hashing.canonical(game), game.rng.getstate()))
    return buffer.getvalue()


def _play(game: Game, rng: random.Random, steps: int, check: bool = False) -> None:
    for _ in range(steps):
        game.enter()
        if check:
            assert hashing.state_bytes(game) == _whole(game)
        if game.actor is None:
            break
        legal = game.legal_actions(game.actor)
        game.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("map_name", ["2P-ring-street", "the-kraken", "2P-castle-siege"])
def test_state_bytes_are_the_whole_pickle(map_name: str) -> None:
    game = Game(GameSetup(find_map(map_name), LIBRARY, 2, 5, sets=("base", "exp1")))
    try:
        _play(game, random.Random(5), 400, check=True)
    finally:
        game.close()


def test_state_bytes_past_one_frame_are_the_whole_pickle(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pickle over 64 KiB is cut into several frames: then the whole pickle is made (here
    with the frame made small enough for a game's position to need several)."""
    game = Game(GameSetup(find_map("2P-ring-street"), LIBRARY, 2, 2, sets=("base",)))
    try:
        _play(game, random.Random(2), 150)
        game.enter()
        digest = game.state_hash()
        monkeypatch.setattr(hashing, "_FRAME_TARGET", 512)
        assert hashing.state_bytes(game) == _whole(game)
        assert game.state_hash() == digest
    finally:
        game.close()
