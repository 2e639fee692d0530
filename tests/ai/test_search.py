"""The normal and hard computer players: legal choices, reproducible per seed, their
deadline, no peeking at hidden cards, and the evaluation they maximise."""

from __future__ import annotations

import random
import time

import pytest

from game.ai import PLAYERS, make_player
from game.ai.determinize import determinize
from game.ai.evaluate import WIN, evaluate
from game.ai.search import HardPlayer, NormalPlayer, sample_actions
from game.content.cards import load_cards
from game.maps import find_map
from game.rules import Game, GameSetup
from game.rules.core.actions import Action, EndTurn, Pass
from game.rules.core.view import Zone
from game.rules.invariants import check
from game.simulation import DEFAULT_DRAFT, DEFAULT_SETS, play_random_game

LIBRARY = load_cards()[0]
SPEC = find_map("2P-ring-street")


def new_game(seed: int = 3) -> Game:
    return Game(GameSetup(SPEC, LIBRARY, 2, seed, sets=DEFAULT_SETS, draft=DEFAULT_DRAFT))


def mid_game(seed: int = 3, turn: int = 3) -> Game:
    """A position in player 1's action phase with a choice to make, reached by easy play."""
    game = new_game(seed)
    seats = [make_player("easy", seed + i) for i in range(2)]
    while game.actor is not None:
        actor = game.actor
        if (game.turn >= turn and actor == 0 and game.phase.value == "action"
                and len(game.legal_actions(0)) > 2 and game.players[1].deck
                and game.players[1].hand):
            return game
        game.apply(seats[actor].choose(game, actor))
    raise AssertionError("the game ended before the wanted position")


def test_the_levels_are_offered_strongest_first() -> None:
    assert list(PLAYERS)[:5] == ["hard", "normal", "easy", "eager", "random"]
    assert make_player("hard", 1).name == "hard"
    assert make_player("normal", 1).name == "normal"


def test_determinize_redeals_hidden_cards_and_restores_the_real_game() -> None:
    game = mid_game()
    digest = game.state_hash()
    mine = list(game.players[0].hand)
    theirs = (len(game.players[1].hand), len(game.players[1].deck))
    owned = sorted([*game.players[1].hand, *game.players[1].deck])
    snap = game.snapshot()
    determinize(game, 0, random.Random(5))
    assert check(game) == []
    assert game.players[0].hand == mine  # the viewer's own hand is known
    assert (len(game.players[1].hand), len(game.players[1].deck)) == theirs
    assert sorted([*game.players[1].hand, *game.players[1].deck]) == owned
    for entity in game.players[1].hand:
        assert game.view(entity).zone is Zone.HAND
    game.restore(snap)
    assert game.state_hash() == digest
    assert check(game) == []
    game.close()


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_a_decision_leaves_the_real_game_unchanged(kind: str) -> None:
    game = mid_game()
    digest = game.state_hash()
    player = HardPlayer(1, nodes=6) if kind == "hard" else NormalPlayer(1)
    action = player.choose(game, 0)
    assert action in game.legal_actions(0)
    assert game.state_hash() == digest
    game.close()


def _other_hidden_deal(game: Game) -> None:
    """Swap a card of player 2's hand with one of its deck: what player 1 sees is the
    same, only the hidden cards differ."""
    state = game.players[1]
    hand, deck = list(state.hand), list(state.deck)
    names = {game.card(c).name for c in hand}
    other = next((i for i, c in enumerate(deck) if game.card(c).name not in names), 0)
    hand[0], deck[other] = deck[other], hand[0]
    deck.reverse()
    game.arrange_hidden(1, hand, deck)


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_no_peeking_the_search_only_sees_a_redeal_of_the_hidden_cards(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games that differ only in player 2's hidden cards: every position the search
    of player 1 scores is the same in both, and so is its choice."""
    import game.ai.search as search

    seen: list[tuple] = []

    def spying(game: Game, player: int) -> float:
        seen.append((tuple(game.players[1].hand), tuple(game.players[1].deck),
                     tuple(game.players[0].deck), game.state_hash()))
        return evaluate(game, player)

    monkeypatch.setattr(search, "evaluate", spying)
    real, other = mid_game(), mid_game()
    _other_hidden_deal(other)
    other.restore(other.snapshot())  # drop cached legal actions
    assert check(other) == []
    assert real.state_hash() != other.state_hash()
    for seed in range(3):
        def player(seed: int = seed) -> NormalPlayer | HardPlayer:
            return HardPlayer(seed, nodes=8) if kind == "hard" else NormalPlayer(seed)
        seen.clear()
        first = player().choose(real, 0)
        in_real = list(seen)
        seen.clear()
        assert player().choose(other, 0) == first
        assert seen == in_real and seen
    real.close()
    other.close()


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_same_seed_same_choices(kind: str) -> None:
    def run() -> list[Action]:
        game = new_game(7)
        seats = [HardPlayer(11, nodes=4) if kind == "hard" else NormalPlayer(11),
                 make_player("easy", 12)]
        chosen = []
        while game.actor is not None and game.turn <= 3:
            actor = game.actor
            action = seats[actor].choose(game, actor)
            assert action in game.legal_actions(actor)  # legal choices only
            game.apply(action)
            chosen.append(action)
        game.close()
        return chosen

    assert run() == run()


def test_hard_stops_by_its_node_counter() -> None:
    game = mid_game()
    player = HardPlayer(2, nodes=5)
    player.choose(game, 0)
    assert player.last_playouts == 5
    game.close()


def test_hard_respects_a_small_time_budget() -> None:
    game = mid_game()
    player = HardPlayer(2, budget=0.05)
    started = time.perf_counter()
    action = player.choose(game, 0)
    assert time.perf_counter() - started < 0.3
    assert action in game.legal_actions(0)
    game.close()


def test_hard_shrinks_its_budget_as_the_turn_time_runs_out() -> None:
    game = mid_game()
    player = HardPlayer(2, budget=0.5, turn_budget=1.0)
    assert player.allowed(game) == pytest.approx(1.0 / 3.0)
    player.clock.spent = 0.97
    assert player.allowed(game) == pytest.approx(0.01)
    game.close()


def test_sampling_keeps_the_passes() -> None:
    legal: list[Action] = [EndTurn(0), Pass(0), *[Action(0) for _ in range(60)]]
    sample = sample_actions(legal, random.Random(1), 10)
    assert len(sample) == 10 and sample[0] == EndTurn(0) and Pass(0) in sample


def test_evaluate_a_decided_game_is_plus_or_minus_win() -> None:
    game = new_game()
    game.finish((0,), "test")
    assert evaluate(game, 0) == WIN
    assert evaluate(game, 1) == -WIN
    game.close()


def test_evaluate_is_antisymmetric_between_two_players() -> None:
    game = mid_game()
    assert evaluate(game, 0) == pytest.approx(-evaluate(game, 1))
    game.close()


def test_normal_beats_random_from_either_seat() -> None:
    for seats in (("normal", "random"), ("random", "normal")):
        game = play_random_game(SPEC, LIBRARY, 1, max_turns=20, ai=seats)
        assert game.winners == (seats.index("normal"),)
        game.close()


def test_the_easy_player_takes_a_lone_action_unweighed_and_draws_as_if_it_weighed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With one legal action the rules of thumb have nothing to weigh (two choices in
    three of the hard player's practice games): it is taken without scoring, and the draw
    among the best actions is still made, so every later choice is the one the player
    would have made after weighing it; the practice games' player gives no reasons."""
    from game.ai.easy import EasyPlayer

    game = new_game()
    while len(game.legal_actions(game.actor)) != 1:  # play on to a lone action
        game.apply(game.legal_actions(game.actor)[-1])
    actor = game.actor
    assert actor is not None
    (only,) = game.legal_actions(actor)
    player = EasyPlayer(9)
    weighed: list[Action] = []
    monkeypatch.setattr(player, "rates", lambda _g, _p, actions: weighed.extend(actions))
    assert player.choose(game, actor) is only and weighed == []
    drawn = random.Random(9)
    drawn.randrange(1)  # the draw among one best action
    assert player.rng.getstate() == drawn.getstate()
    assert player.last_reason == "nothing better to do"
    silent = EasyPlayer(9, explain=False)
    assert silent.choose(game, actor) is only and silent.last_reason == ""
    assert HardPlayer(1, nodes=8).playout.explain is False
