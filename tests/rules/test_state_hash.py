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


def _pickled(value: object) -> bytes:
    """``value`` pickled as inside a larger pickle: without the protocol, frame and stop."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=4)
    pickler.fast = True
    pickler.dump(value)
    data = buffer.getvalue()
    return data[11:-1] if data[2] == 0x95 else data[2:-1]


def test_generator_bytes_are_its_state_pickled() -> None:
    """The generator's state is pickled from its kept key and its position: the same bytes
    as pickling it whole, across draws, the key's renewal every 624 draws, a reseed, a
    float waiting in ``gauss_next`` and an older state set again."""
    kept = hashing.GeneratorBytes()
    rng = random.Random(7)
    states = []
    for step in range(2000):
        if step % 5:
            rng.random()
        else:
            rng.getrandbits(40)  # two numbers of the key at once
        if step == 900:
            rng.seed(8)
        if step == 1500:
            rng.gauss()  # leaves a float in gauss_next
        state = rng.getstate()
        states.append(state)
        assert kept.get(state) == _pickled(state), step
        assert kept.get(state) == _pickled(state), step  # asked again
    for state in states[::97]:
        assert kept.get(state) == _pickled(state)
    odd = ("dice", (4, 6))  # a stand-in generator's state of another shape: pickled whole
    assert kept.get(odd) == _pickled(odd)
