"""The balance report: its figures from known results, and `python -m game balance` on a
tiny run (files, JSON keys, pictures)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.balance import build_report, page, summary, wilson
from game.cli import main
from game.runner import progress, span
from game.simulation import GameResult, SeatCards

PNG = b"\x89PNG\r\n\x1a\n"


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)
    for games in range(1, 60):  # the rate lies inside, however the rounding falls
        for wins in range(games + 1):
            low, high = wilson(wins, games)
            assert low <= wins / games <= high
    assert wilson(0, 0) == (0.0, 1.0)


def _result(index: int, winners: tuple[int, ...], reason: str, turns: int,
            seats: tuple[str, ...] = ("normal", "normal"), game_map: str = "2P-a",
            boss: bool = False, cards: tuple[SeatCards, ...] = ()) -> GameResult:
    return GameResult(index, index, winners, reason, turns, 10 * turns, "h", seats, game_map,
                      boss, cards)


def test_report_counts_seats_kinds_lengths_and_reasons() -> None:
    results = [
        _result(1, (0,), "the enemy king fell", 10),
        _result(2, (0,), "the enemy king fell", 12),
        _result(3, (1,), "the enemy king fell", 14),
        _result(4, (), "stopped at the turn limit of 200", 201),
        _result(1, (0,), "won", 8, ("hard", "easy"), "2P-b"),
        _result(2, (0,), "won", 9, ("easy", "hard"), "2P-b"),
    ]
    report = build_report(results, {"seed": 1})
    first, second = report["maps"]
    assert (first["map"], first["games"], first["no_winner"]) == ("2P-a", 4, 1)
    assert [s["wins"] for s in first["seat_wins"]] == [2, 1]
    assert first["seat_wins"][0]["rate"] == 0.5
    assert first["decided_by"] == {"the enemy king fell": 3,
                                   "stopped at the turn limit of 200": 1}
    assert first["turns"]["median"] == 13 and first["turns"]["max"] == 201
    assert first["kinds"] == {}  # no game between different computer players
    assert second["kinds"]["hard"]["wins"] == 1 and second["kinds"]["easy"]["wins"] == 1
    assert second["kinds"]["hard"]["games"] == 2
    assert report["bosses"] == [] and report["cards"] == []


def test_report_on_boss_maps_counts_the_players_wins_by_how_many_play() -> None:
    solo = ("normal", "tyrant")
    trio = ("normal", "normal", "normal", "tyrant")
    results = [
        _result(1, (1,), "repressed", 20, solo, "the-tyrant", True),
        _result(2, (0,), "the Tyrant fell", 20, solo, "the-tyrant", True),
        _result(3, (1,), "repressed", 20, solo, "the-tyrant", True),
        _result(1, (0, 1, 2), "the Tyrant fell", 30, trio, "the-tyrant", True),
    ]
    report = build_report(results, {})
    assert report["maps"] == []
    (boss,) = report["bosses"]
    assert boss["map"] == "the-tyrant"
    assert [(r["players"], r["wins"], r["games"]) for r in boss["by_players"]] == [
        (1, 1, 3), (3, 1, 1)]
    assert any("the-tyrant, 1 player(s) (3 games): players win 33.3 %" in line
               for line in summary(report))


def test_report_counts_cards_drafted_bought_played_and_won_when_bought() -> None:
    buyer = SeatCards(("Archer", "Farmer"), ("Archer", "Archer"), ("Archer",))
    other = SeatCards(("Farmer", "Ship"), ("Farmer",), ())
    boss = SeatCards((), (), ("Raze",))
    results = [
        _result(1, (0,), "won", 10, cards=(buyer, other)),
        _result(2, (1,), "won", 10, cards=(other, buyer)),
        _result(3, (1,), "lost", 10, ("normal", "tyrant"), "the-tyrant", True, (other, boss)),
    ]
    report = build_report(results, {}, pool=["Archer", "Farmer", "Ship", "Sword"],
                          card_sets={"Archer": "base"})
    cards = {c["card"]: c for c in report["cards"]}
    assert "Raze" not in cards  # the boss side's cards do not count
    assert (cards["Archer"]["drafted"], cards["Archer"]["bought"],
            cards["Archer"]["played"]) == (2, 4, 2)
    assert cards["Archer"]["won_when_bought"]["wins"] == 2
    assert cards["Archer"]["won_when_bought"]["games"] == 2  # seats, not buys
    assert cards["Farmer"]["won_when_bought"]["wins"] == 0
    assert cards["Farmer"]["won_when_bought"]["games"] == 3
    assert cards["Archer"]["set"] == "base"
    assert report["never_bought"] == ["Ship", "Sword"]
    assert report["card_baseline"]["games"] == 5 and report["card_baseline"]["wins"] == 2
    assert [c["card"] for c in report["cards"]][:2] == ["Archer", "Farmer"]  # most bought
    assert "Never bought: Ship, Sword." in page(report)


def test_report_counts_the_cards_of_fixed_decks_played_and_won_when_played() -> None:
    """The duel's players bring decks: nothing drafted or bought, so its cards are counted
    as played, with the win rate of the seats that played each, apart from drafted cards."""
    strike = SeatCards((), (), ("Strike", "Strike", "Ward"))
    ward = SeatCards((), (), ("Ward",))
    idle = SeatCards((), (), ())
    drafter = SeatCards(("Archer",), ("Archer",), ("Archer",))
    results = [
        _result(1, (0,), "the enemy general fell", 20, game_map="2P-duel", cards=(strike, ward)),
        _result(2, (0,), "the enemy general fell", 20, game_map="2P-duel", cards=(ward, strike)),
        _result(3, (1,), "the enemy general fell", 20, game_map="2P-duel", cards=(idle, strike)),
        _result(4, (0,), "won", 10, cards=(drafter, idle)),
    ]
    report = build_report(results, {}, pool=["Archer"], card_sets={"Strike": "duel"})
    decks = {c["card"]: c for c in report["deck_cards"]}
    assert set(decks) == {"Strike", "Ward"}  # the drafted Archer is counted with its kind
    assert [c["card"] for c in report["deck_cards"]] == ["Strike", "Ward"]  # most played
    assert decks["Strike"]["played"] == 6 and decks["Strike"]["set"] == "duel"
    assert (decks["Strike"]["won_when_played"]["wins"],
            decks["Strike"]["won_when_played"]["games"]) == (2, 3)
    assert (decks["Ward"]["won_when_played"]["wins"],
            decks["Ward"]["won_when_played"]["games"]) == (3, 5)  # every Strike seat too
    # five seats played cards from a deck (the idle seat played none), three of them won
    assert (report["deck_baseline"]["wins"], report["deck_baseline"]["games"]) == (3, 5)
    assert report["never_bought"] == []  # a deck's cards are never for sale
    assert "## Cards of fixed decks" in page(report)
    assert "| Strike | duel | 6 | 66.7 % (20.8-93.9) of 3 |" in page(report)


def test_report_counts_each_generals_wins_over_all_and_against_each_other() -> None:
    """Where seats bring decks led by generals (the duel), the report gives each general's
    win rate, best first, and its share of the games against each other general; a
    mirror match counts for neither's matchups, and games without generals for nobody."""
    def duel(index: int, winners: tuple[int, ...], generals: tuple[str, str]) -> GameResult:
        return dataclasses.replace(_result(index, winners, "the enemy general fell", 20,
                                           game_map="2P-duel"), generals=generals)

    results = [duel(1, (0,), ("Ava", "Bo")), duel(2, (1,), ("Bo", "Ava")),
               duel(3, (1,), ("Ava", "Cy")), duel(4, (0,), ("Cy", "Cy")),
               duel(5, (), ("Bo", "Cy")), _result(6, (0,), "won", 10)]
    report = build_report(results, {})
    rows = {g["general"]: g for g in report["generals"]}
    assert [g["general"] for g in report["generals"]] == ["Ava", "Cy", "Bo"]  # 2/3, 2/4, 0/3
    assert (rows["Ava"]["wins"], rows["Ava"]["games"]) == (2, 3)
    assert (rows["Cy"]["wins"], rows["Cy"]["games"]) == (2, 4)  # its mirror: one win, two seats
    assert (rows["Bo"]["wins"], rows["Bo"]["games"]) == (0, 3)
    assert {k: (v["wins"], v["games"]) for k, v in rows["Ava"]["against"].items()} == {
        "Bo": (2, 2), "Cy": (0, 1)}
    assert {k: (v["wins"], v["games"]) for k, v in rows["Cy"]["against"].items()} == {
        "Ava": (1, 1), "Bo": (0, 1)}  # the mirror match is not a matchup
    text = page(report)
    assert "## Generals" in text
    assert "| Ava | 3 | 66.7 % (20.8-93.9) |" in text
    assert "| Ava | - | 0 % (1) | 100 % (2) |" in text  # Ava's row: against Ava, Cy, Bo
    # the printed summary names generals only with enough seats behind the figure
    assert not any(line.startswith("generals") for line in summary(report))
    many = build_report(results * 4, {})
    assert ("generals (their decks), win rate (10 seats or more): highest Ava 66.7 % "
            "(39.1-86.2), lowest Bo 0.0 % (0.0-24.2)") in summary(many)
    assert build_report([_result(1, (0,), "won", 10)], {})["generals"] == []


def _balance(tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str,
             folder: str) -> tuple[Path, str]:
    out = tmp_path / folder
    code = main(["balance", "--map", "2P-ring-street", "--map", "the-tyrant", "--games", "2",
                 "--ai", "random", "--boss-players", "1", "--max-turns", "12", "--out",
                 str(out), "--jobs", jobs, "--no-user-mods"])
    printed = capsys.readouterr().out
    assert code == 0
    return out, printed


def test_balance_command_writes_the_page_json_and_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, printed = _balance(tmp_path, capsys, "1", "one")
    report = json.loads((out / "report.json").read_text())
    assert {"run", "games", "maps", "bosses", "boss_games", "cards", "card_baseline",
            "never_bought", "figures"} <= set(report)
    assert report["games"] == 4
    (ring,) = report["maps"]
    assert ring["map"] == "2P-ring-street" and ring["games"] == 2
    assert sum(ring["decided_by"].values()) == 2
    assert {"seat", "kinds", "wins", "games", "rate", "low", "high"} <= set(ring["seat_wins"][0])
    assert report["bosses"][0]["by_players"][0]["players"] == 1
    assert sum(c["bought"] for c in report["cards"]) > 0
    assert set(report["figures"]) == {"seats.png", "length.png", "decided.png", "bosses.png",
                                      "cards.png"}
    markdown = (out / "report.md").read_text()
    for name in report["figures"]:
        assert (out / name).read_bytes().startswith(PNG)
        assert f"]({name})" in markdown
    assert "2P-ring-street (2 games): P1 " in printed
    assert f"report: {out / 'report.md'}" in printed
    assert "played 4 of 4 games in " in printed  # the progress, with the time it took


def test_a_balance_run_stopped_early_says_so_in_its_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C keeps the games played so far; the report's header then says the run was
    stopped and after how many games, instead of passing for the whole run."""
    import game.runner as runner

    real = runner.play_all

    def stopped_after_three(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for count, result in enumerate(real(*args, **kwargs), 1):
            yield result
            if count == 3:
                raise KeyboardInterrupt

    monkeypatch.setattr(runner, "play_all", stopped_after_three)
    out, printed = _balance(tmp_path, capsys, "1", "stopped")
    report = json.loads((out / "report.json").read_text())
    assert report["games"] == 3
    assert report["run"]["stopped"] == "after 3 of its 4 games"
    assert "stopped: after 3 of its 4 games" in (out / "report.md").read_text()
    monkeypatch.undo()
    whole, _ = _balance(tmp_path, capsys, "1", "whole")
    assert "stopped" not in json.loads((whole / "report.json").read_text())["run"]


def test_a_balance_run_stopped_by_sigterm_keeps_its_games_as_ctrl_c_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``kill PID`` (what a job scheduler or ``timeout`` sends; a run started in the
    background of a script ignores Ctrl-C) stops the run and keeps the games played, and
    the handler is the one before once the run is over."""
    import os
    import signal

    import game.runner as runner

    real = runner.play_all

    def terminated_after_two(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for count, result in enumerate(real(*args, **kwargs), 1):
            yield result
            if count == 2:
                os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(runner, "play_all", terminated_after_two)
    before = signal.getsignal(signal.SIGTERM)
    out, _ = _balance(tmp_path, capsys, "1", "terminated")
    report = json.loads((out / "report.json").read_text())
    assert report["games"] == 2
    assert report["run"]["stopped"] == "after 2 of its 4 games"
    assert (out / "games.jsonl").read_text().count("\n") == 3  # the header and two games
    assert signal.getsignal(signal.SIGTERM) is before


def test_balance_report_is_the_same_from_worker_processes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, _ = _balance(tmp_path, capsys, "1", "one")
    two, _ = _balance(tmp_path, capsys, "2", "two")
    assert (one / "report.json").read_text() == (two / "report.json").read_text()
    assert (one / "report.md").read_text() == (two / "report.md").read_text()


def test_a_long_runs_progress_says_the_time_so_far_and_about_how_long_is_left() -> None:
    assert progress(20, 200, 27 * 60) == "played 20 of 200 games in 27 min, about 4 h 3 min to go"
    assert progress(1, 4, 10.2) == "played 1 of 4 games in 10 s, about 31 s to go"
    assert progress(4, 4, 3600) == "played 4 of 4 games in 1 h 0 min"
    assert [span(s) for s in (0.4, 59.4, 59.6, 90, 3599, 7260)] == [
        "0 s", "59 s", "1 min", "2 min", "1 h 0 min", "2 h 1 min"]
