"""The fleet's normal player is stronger than its easy one: it weighs the rules of
thumb's likeliest actions by playing each to the end of the round (where objectives
score), so from every seat it wins more than its share against two easy players."""

from __future__ import annotations

from game.simulation import GameTask, Setting, play_task, seat_plan


def test_normal_wins_more_than_its_share_against_two_easy_players_from_every_seat() -> None:
    setting = Setting(map="3P-fleet-triad")
    plan = seat_plan(6, 1, ("normal", "easy", "easy"), swap=True)
    results = [play_task(GameTask(setting, index, seed, seats))
               for index, (seed, seats) in enumerate(plan)]
    assert all(r.winners for r in results), "every game is played to a winner"
    normal_wins = sum(1 for r in results if any(r.seats[w] == "normal" for w in r.winners))
    # a third is its fair share among three; the rules of thumb alone won 18 of 60
    assert normal_wins >= 4, [(r.seats, r.winners) for r in results]
