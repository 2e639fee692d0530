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
        # every part fits one frame, the whole does not
        monkeypatch.setattr(hashing, "_FRAME_TARGET", len(hashing.state_bytes(game)) - 20)
        assert hashing.state_bytes(game) == _whole(game)
        assert game.state_hash() == digest
        monkeypatch.setattr(hashing, "_FRAME_TARGET", 512)  # parts that do not fit either
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


def test_the_game_generator_knows_its_key_and_position_without_copying_its_state() -> None:
    """``GameRandom.position`` counts the 32-bit words each draw takes (one a 32 bits begun,
    two a float): across shuffles, wide and empty draws, the key's renewal every 624 words,
    a float left waiting by ``gauss``, a reseed and an older state set again, it is the
    state's key and position, and the hash's bytes of the generator are those of its
    state pickled whole."""
    from game.rules.core.state import GameRandom

    rng = GameRandom(11)
    kept = hashing.GeneratorBytes()
    states = []
    renewals = 0
    for step in range(3000):
        kind = step % 7
        if kind == 0:
            rng.shuffle(list(range(9)))
        elif kind == 1:
            rng.getrandbits(70)  # three words
        elif kind == 2:
            rng.getrandbits(0)  # none
        elif kind == 3:
            rng.random()
        elif kind == 4:
            rng.randrange(1000)
        elif kind == 5 and step % 300 == 5:
            rng.gauss()  # leaves a float waiting
        if step == 1700:
            rng.seed(12)
        if step == 2300:
            rng.setstate(states[400])
        state = random.Random.getstate(rng)  # read past the kept state
        found = rng.position()
        if state[2] is not None:
            assert found is None, step
        else:
            assert found is not None, step
            key, index = found
            assert key == state[1][:-1] and index == state[1][-1], step
            renewals += index < 20
        assert kept.of(rng) == _pickled(state), step
        assert kept.of(rng) == _pickled(state), step  # asked again
        states.append(state)
    assert renewals > 3  # the key was renewed along the way
