"""Snapshot and restore (used by the computer players' search): after trying any line of
play and restoring, the game is exactly where it was — same hash, same legal actions —
and plays on as if nothing had been tried."""

from __future__ import annotations

import random

from game.content.mods import load_content
from game.maps import find_map
from game.rules import Game, GameSetup

LIBRARY = load_content([], include_user=False).library


def _random_line(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.actor is None:
            return
        legal = game.legal_actions(game.actor)
        game.apply(legal[rng.randrange(len(legal))])


def test_restore_gives_back_the_same_position_and_legal_actions_after_any_line() -> None:
    for map_name, seed in (("2P-ring-street", 3), ("the-tyrant", 5), ("2P-castle-siege", 8)):
        spec = find_map(map_name)
        game = Game(GameSetup(spec, LIBRARY, 2, seed, sets=("base", "exp1")))
        rng = random.Random(seed)
        try:
            checked = 0
            while game.actor is not None and game.turn <= 25:
                actor = game.actor
                before = list(game.legal_actions(actor))
                digest = game.state_hash()
                snap = game.snapshot()
                for tries in range(3):  # several lines from the same position
                    _random_line(game, rng, 1 + tries * 3)
                    game.restore(snap)
                    assert game.state_hash() == digest
                    assert game.actor == actor
                    assert game.legal_actions(actor) == before, (map_name, game.turn)
                    checked += 1
                game.apply(before[rng.randrange(len(before))])
            assert checked > 100
        finally:
            game.close()


def test_a_game_played_with_searches_in_between_replays_to_the_same_hashes() -> None:
    spec = find_map("2P-ring-street")
    searched = Game(GameSetup(spec, LIBRARY, 2, 11, sets=("base",)))
    rng = random.Random(11)
    try:
        while searched.actor is not None and searched.turn <= 12:
            legal = searched.legal_actions(searched.actor)
            choice = legal[rng.randrange(len(legal))]
            snap = searched.snapshot()
            _random_line(searched, random.Random(len(searched.history)), 5)
            searched.restore(snap)
            searched.apply(choice)
        straight = Game(GameSetup(spec, LIBRARY, 2, 11, sets=("base",)))
        try:
            for action in searched.history:
                straight.apply(action)
            assert straight.turn_hashes == searched.turn_hashes
            assert straight.state_hash() == searched.state_hash()
        finally:
            straight.close()
    finally:
        searched.close()


def test_search_never_sees_tables_of_a_line_it_took_back() -> None:
    """Caches are keyed by the position's version; restore must never hand out a version
    that a line tried since the snapshot has used (it did once: the normal player's search
    then saw the movement tables of another line and chose an illegal move)."""
    from game.simulation import play_random_game

    game = play_random_game(find_map("the-tyrant"), LIBRARY, 2, ai=("normal", "tyrant"),
                            max_turns=40, players=2)
    try:
        assert game.winners or game.turn > 40
    finally:
        game.close()


def test_restore_undoes_a_change_of_owner() -> None:
    """A card's ``Card`` component never changes (snapshots share it): a draft pick gives
    the card a new one, and a restore brings the old one back."""
    spec = find_map("2P-ring-street")
    game = Game(GameSetup(spec, LIBRARY, 2, 4, sets=("base",)))
    try:
        pick = game.legal_actions(0)[0]
        card = pick.card  # type: ignore[attr-defined]
        before = game.owner(card)
        snap = game.snapshot()
        game.apply(pick)
        assert game.owner(card) == 0 != before
        game.restore(snap)
        assert game.owner(card) == before
        game.apply(pick)
        assert game.owner(card) == 0
    finally:
        game.close()


def test_the_game_random_generator_draws_what_random_random_draws() -> None:
    """Snapshots keep the generator's state without copying it while nothing was drawn;
    the numbers drawn are those of ``random.Random`` with the same seed."""
    from game.rules.core.state import GameRandom

    plain, ours = random.Random(7), GameRandom(7)
    for rng in (plain, ours):
        deck = list(range(30))
        rng.shuffle(deck)
        rng.randrange(5)
        rng.randint(1, 6)
        rng.random()
        rng.gauss()
        rng.choice(deck)
    assert ours.getstate() == plain.getstate()
    state = ours.getstate()
    assert ours.getstate() is state  # nothing drawn: the same state, not a copy
    first = [ours.randrange(100) for _ in range(5)]
    assert ours.getstate() != state
    ours.setstate(state)
    assert [ours.randrange(100) for _ in range(5)] == first
    ours.seed(3)
    assert ours.getstate() == random.Random(3).getstate()


def test_unhashed_play_ends_turns_without_hashes_and_a_restore_takes_it_back() -> None:
    """A search's playouts run inside ``game.unhashed()``: turns ended there keep an empty
    hash, the restore drops them, and the game then hashes its turns as if nothing had
    been tried."""
    spec = find_map("2P-ring-street")

    def game_at_turn_3(seed: int) -> Game:
        game = Game(GameSetup(spec, LIBRARY, 2, seed, sets=("base", "exp1")))
        rng = random.Random(seed)
        while game.turn < 3:
            _random_line(game, rng, 1)
        return game

    tried, plain = game_at_turn_3(4), game_at_turn_3(4)
    try:
        snap, hashes, turn = tried.snapshot(), list(tried.turn_hashes), tried.turn
        with tried.unhashed():
            rng = random.Random(9)
            while tried.actor is not None and tried.turn < turn + 3:
                _random_line(tried, rng, 1)
        assert tried.hash_turns
        assert tried.turn_hashes[:len(hashes)] == hashes
        assert set(tried.turn_hashes[len(hashes):]) == {""}
        tried.restore(snap)
        assert tried.turn_hashes == hashes
        for game in (tried, plain):
            _random_line(game, random.Random(2), 200)
        assert tried.turn_hashes == plain.turn_hashes and "" not in plain.turn_hashes
        assert len(plain.turn_hashes) > len(hashes)
    finally:
        tried.close()
        plain.close()
