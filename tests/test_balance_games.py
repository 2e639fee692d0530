"""The games file of a balance run (``games.jsonl``) and ``balance --merge``: runs played
at different times make one report, the same as one run of all their games; a games file
that is broken, or runs that must not be counted together, are refused with a message
naming the file, the line, the field, what was expected and what was found."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.balance_games import (
    GAMES_FILE,
    GamesFileError,
    merge,
    read_games,
    write_games,
)
from game.cli import main
from game.rules.core.state import RULES_VERSION
from game.simulation import GameResult, SeatCards


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], folder: str, seed: int,
         games: int) -> Path:
    out = tmp_path / folder
    code = main(["balance", "--map", "2P-ring-street", "--map", "the-tyrant", "--games",
                 str(games), "--seed", str(seed), "--ai", "random", "--boss-players", "1",
                 "--max-turns", "12", "--out", str(out), "--jobs", "1", "--no-user-mods"])
    capsys.readouterr()
    assert code == 0
    return out


def _figures(folder: Path) -> dict[str, object]:
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return {k: v for k, v in report.items() if k != "run"}


def test_two_runs_merged_make_the_report_of_one_run_of_all_their_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = _run(tmp_path, capsys, "whole", 1, 4)
    first = _run(tmp_path, capsys, "first", 1, 2)
    then = _run(tmp_path, capsys, "then", 3, 2)
    merged = tmp_path / "merged"
    code = main(["balance", "--merge", str(first), "--merge", str(then), "--out",
                 str(merged), "--no-user-mods"])
    printed = capsys.readouterr().out
    assert code == 0
    assert _figures(merged) == _figures(whole)
    assert _figures(merged)["games"] == 8  # 4 on the ring street, 4 against the Tyrant
    run = json.loads((merged / "report.json").read_text(encoding="utf-8"))["run"]
    assert run["merged from"] == f"{first / GAMES_FILE}, {then / GAMES_FILE}"
    assert run["games per map"] == 4 and run["seed"] == "1 + 3"
    assert "2P-ring-street (4 games)" in printed
    # the merged folder holds the games too, so a merged report merges again
    assert len(read_games(merged).results) == 8


def test_a_games_file_reads_back_the_games_written(tmp_path: Path) -> None:
    games = [GameResult(1, 7, (1,), "the King fell", 30, 900, "abc", ("normal", "easy"),
                        "2P-a", False, (SeatCards(("Soldier",), ("Soldier",), ()),
                                        SeatCards((), (), ("Die!", "Die!")))),
             GameResult(2, 8, (), "stopped at the turn limit of 200", 200, 5000, "def",
                        ("normal", "tyrant"), "the-tyrant", True, ())]
    write_games(tmp_path, games, {"seed": 7}, {"2P-a": ["Soldier", "Die!"]}, RULES_VERSION)
    back = read_games(tmp_path)
    assert back.results == games
    assert back.run == {"seed": 7} and back.offered == {"2P-a": ["Die!", "Soldier"]}
    assert back.rules_version == RULES_VERSION


def _write(tmp_path: Path, name: str, version: int = RULES_VERSION,
           seed: int = 1) -> Path:
    folder = tmp_path / name
    write_games(folder, [GameResult(1, seed, (0,), "r", 5, 50, "h", ("normal", "normal"),
                                    "2P-a")], {"seed": seed}, {}, version)
    return folder


def test_the_same_game_in_two_runs_is_refused_not_counted_twice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two = _write(tmp_path, "one"), _write(tmp_path, "two")
    with pytest.raises(GamesFileError, match="seed 1 and seats normal,normal is also in"):
        merge([read_games(one), read_games(two)])
    code = main(["balance", "--merge", str(one), "--merge", str(two), "--out",
                 str(tmp_path / "out"), "--no-user-mods"])
    error = capsys.readouterr().err
    assert code == 1
    assert str(two / GAMES_FILE) in error and str(one / GAMES_FILE) in error
    assert not (tmp_path / "out").exists()
    results, run, _ = merge([read_games(one), read_games(_write(tmp_path, "three", seed=2))])
    assert [r.seed for r in results] == [1, 2]
    assert run["games per map"] == 2 and run["seed"] == "1 + 2"  # counted, not planned


def test_runs_of_different_rules_versions_are_not_merged(tmp_path: Path) -> None:
    old, new = _write(tmp_path, "old", RULES_VERSION - 1, 1), _write(tmp_path, "new", seed=2)
    with pytest.raises(GamesFileError, match="different rules versions: expected one "
                                             "version, found .* under 6, .* under 7"):
        merge([read_games(old), read_games(new)])


@pytest.mark.parametrize(("line", "message"), [
    ("not json", "line 2: expected a JSON object, found text that is not JSON"),
    ("[1, 2]", "line 2: expected a JSON object, found list"),
    ('{"index": 1}', "line 2: field 'seats': expected a list of texts, found null"),
])
def test_a_broken_game_line_is_named(tmp_path: Path, line: str, message: str) -> None:
    folder = _write(tmp_path, "run")
    path = folder / GAMES_FILE
    header = path.read_text(encoding="utf-8").splitlines()[0]
    path.write_text(f"{header}\n{line}\n", encoding="utf-8")
    with pytest.raises(GamesFileError) as caught:
        read_games(folder)
    assert str(caught.value).startswith(f"{path}, {message}")


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("turns", "many", "field 'turns': expected a whole number, 0 or more, found \"many\""),
    ("seed", -3, "field 'seed': expected a whole number, 0 or more, found -3"),
    ("winners", [2], "field 'winners': expected seat numbers from 0 to 1, found [2]"),
    ("boss", "yes", "field 'boss': expected true or false, found \"yes\""),
    ("cards", [{"drafted": [1]}, {}],
     "field 'cards[0].drafted': expected a list of texts, found [1]"),
    ("cards", [{}], "field 'cards': expected the cards of the 2 seats, found [{}]"),
])
def test_a_wrong_field_of_a_game_is_named_with_what_was_expected_and_found(
        tmp_path: Path, field: str, value: object, expected: str) -> None:
    folder = _write(tmp_path, "run")
    path = folder / GAMES_FILE
    header, game = path.read_text(encoding="utf-8").splitlines()
    data = json.loads(game)
    data[field] = value
    path.write_text(f"{header}\n{json.dumps(data)}\n", encoding="utf-8")
    with pytest.raises(GamesFileError) as caught:
        read_games(folder)
    assert str(caught.value) == f"{path}, line 2: {expected}"


def test_a_file_that_is_no_games_file_is_refused(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    with pytest.raises(GamesFileError, match="nowhere: cannot read the games of a "
                                             "balance run"):
        read_games(missing)
    report = tmp_path / "report.json"
    report.write_text('{"run": {}, "games": 3}\n', encoding="utf-8")
    with pytest.raises(GamesFileError) as caught:
        read_games(report)
    assert str(caught.value) == (f"{report}, line 1: field 'format': expected 1 (the games "
                                 "file of a balance run), found null")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(GamesFileError, match="expected a header line and a line per game, "
                                             "found an empty file"):
        read_games(empty)
