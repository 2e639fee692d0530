"""The hard player's race in Muhq's Game (game.ai.challenge): the favourite is kept unless a
challenger is clearly better, every round deals alike for all, the weaker half drops out
every second round, and the practice games counted are the budget exactly."""

from __future__ import annotations

import random

from game.ai.challenge import HALVING, Race, clearly_better, race


def test_a_clearly_better_challenger_replaces_the_favourite() -> None:
    # arm 3 is worth 10 more than the favourite on every deal; the deal's luck is shared
    def play(arm: int, seed: int) -> float:
        luck = random.Random(seed).uniform(-50, 50)
        return luck + (10.0 if arm == 3 else 0.0)

    found = race(6, play, random.Random(1), 64)
    assert found.winner() == 3
    assert found.played == 64


def test_noise_alone_seldom_overrules_the_favourite() -> None:
    # all arms alike, each game's result pure noise (no luck shared by a deal, the worst
    # case): the favourite is replaced in few races (about 3 %), never in most
    replaced = 0
    for seed in range(200):
        noise = random.Random(seed)
        found = race(8, lambda arm, deal, noise=noise: noise.uniform(-40, 40),
                     random.Random(seed), 64)
        replaced += found.winner() != 0
    assert replaced <= 10


def test_every_arm_of_a_round_is_played_from_the_same_deal() -> None:
    deals: dict[int, set[int]] = {}

    def play(arm: int, seed: int) -> float:
        deals.setdefault(seed, set()).add(arm)
        return 0.0

    found = race(4, play, random.Random(2), 12)
    # two rounds of all four, then the favourite and the better two of the three
    assert found.played == 11 and found.rounds == len(deals) == 3
    assert [len(arms) for arms in deals.values()] == [4, 4, 3]
    assert all(0 in arms for arms in deals.values())


def test_the_weaker_half_drops_out_every_second_round() -> None:
    played: list[int] = []

    def play(arm: int, seed: int) -> float:
        played.append(arm)
        return float(arm)  # the later arms do better, by their number

    found = race(8, play, random.Random(3), 8 * HALVING + 5 * HALVING)
    # two rounds of all eight, then the favourite and the four best challengers
    assert sorted(set(played[-5:])) == [0, 4, 5, 6, 7]
    assert found.alive == [6, 7]
    assert found.winner() == 7


def test_the_clock_ends_the_race_with_what_was_played() -> None:
    calls = iter([1.0, 2.0, 3.0, None])
    found = race(3, lambda arm, seed: next(calls), random.Random(4), None)
    assert found.played == 3 and found.gains == {1: [1.0], 2: [2.0]}
    assert found.winner() == 0  # one game each proves nothing


def test_clearly_better_needs_a_gain_above_the_noise() -> None:
    assert clearly_better([5.0, 6.0, 4.0, 5.0])
    assert not clearly_better([40.0, -30.0, 35.0, -25.0])  # a mean of 5, noise of 38
    assert not clearly_better([1.0, 1.0, 1.0, 1.0])  # steady, but too small to matter
    assert not clearly_better([50.0])
    assert Race(1).winner() == 0
