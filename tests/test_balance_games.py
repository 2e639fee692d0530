"""The games file of a balance run (``games.jsonl``) and ``balance --merge``: runs played
at different times make one report, the same as one run of all their games; a games file
that is broken, or runs that must not be counted together, are refused with a message
naming the file, the line, the field, what was expected and what was found."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
    # each run names the file of each map it played by its fingerprint, and so does the
    # merged one
    shipped = read_games(first).maps
    assert sorted(shipped) == ["2P-ring-street", "the-tyrant"]
    assert all(len(f) == 16 and int(f, 16) >= 0 for f in shipped.values())
    assert read_games(then).maps == shipped == read_games(merged).maps


def test_a_games_file_reads_back_the_games_written(tmp_path: Path) -> None:
    games = [GameResult(1, 7, (1,), "the King fell", 30, 900, "abc", ("normal", "easy"),
                        "2P-a", False, (SeatCards(("Soldier",), ("Soldier",), ()),
                                        SeatCards((), (), ("Die!", "Die!")))),
             GameResult(2, 8, (), "stopped at the turn limit of 200", 200, 5000, "def",
                        ("normal", "tyrant"), "the-tyrant", True, ()),
             GameResult(3, 9, (0,), "the enemy general fell", 20, 120, "0a1",
                        ("normal", "normal"), "2P-duel", False, (),
                        generals=("Sera Dunewalker", "Dorrek Stoneheart"))]
    write_games(tmp_path, games, {"seed": 7}, {"2P-a": ["Soldier", "Die!"]}, RULES_VERSION)
    lines = (tmp_path / GAMES_FILE).read_text(encoding="utf-8").splitlines()
    assert "generals" not in json.loads(lines[1])  # only where seats bring decks
    assert json.loads(lines[3])["generals"] == ["Sera Dunewalker", "Dorrek Stoneheart"]
    back = read_games(tmp_path)
    assert back.results == games
    assert back.run == {"seed": 7} and back.offered == {"2P-a": ["Die!", "Soldier"]}
    assert back.rules_version == RULES_VERSION


def _write(tmp_path: Path, name: str, version: int = RULES_VERSION, seed: int = 1,
           maps: dict[str, str] | None = None, end: str = "h") -> Path:
    """A run of one game on each of ``maps`` (map -> fingerprint; default: 2P-a), each
    ending with the state hash ``end``."""
    folder = tmp_path / name
    maps = {"2P-a": ""} if maps is None else maps
    write_games(folder, [GameResult(i, seed, (0,), "r", 5, 50, end, ("normal", "normal"),
                                    name_) for i, name_ in enumerate(maps, 1)],
                {"seed": seed}, {}, version, {k: v for k, v in maps.items() if v})
    return folder


def test_the_games_of_a_map_whose_file_changed_between_runs_are_not_merged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = _write(tmp_path, "before", maps={"2P-a": "aaaa", "2P-b": "bbbb"})
    after = _write(tmp_path, "after", seed=2, maps={"2P-a": "cccc", "2P-b": "bbbb"})
    with pytest.raises(GamesFileError) as caught:
        merge([read_games(before), read_games(after)])
    assert str(caught.value) == (
        f"{after / GAMES_FILE}: the map 2P-a was played from a file with fingerprint cccc, "
        f"and in {before / GAMES_FILE} from one with aaaa: expected the same map file in "
        "every run (the map changed between the runs; merge each map's games of one file "
        "with --map)")
    # the map that stayed the same merges, named with --map
    results, run, _, fingerprints = merge([read_games(before), read_games(after)], ["2P-b"])
    assert [(r.map, r.seed) for r in results] == [("2P-b", 1), ("2P-b", 2)]
    assert fingerprints == {"2P-b": "bbbb"} and run["maps"] == "2P-b"
    out = tmp_path / "out"
    code = main(["balance", "--merge", str(before), "--merge", str(after), "--map", "2P-b",
                 "--out", str(out), "--no-user-mods"])
    capsys.readouterr()
    assert code == 0
    merged = read_games(out)
    assert {r.map for r in merged.results} == {"2P-b"} and merged.maps == {"2P-b": "bbbb"}
    # merged again with a later run, the merged run stands for the runs it came from
    later = _write(tmp_path, "later", seed=3, maps={"2P-b": "bbbb"})
    _, chained, _, _ = merge([merged, read_games(later)])
    assert chained["merged from"] == ", ".join(
        str(folder / GAMES_FILE) for folder in (before, after, later))
    assert "maps" not in chained and chained["seed"] == "1 + 2 + 3"
    # a run written before fingerprints (no "maps" in its header) merges with either
    path = _write(tmp_path, "older", seed=3) / GAMES_FILE
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["maps"]
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    assert read_games(path).maps == {}
    assert len(merge([read_games(before), read_games(path)])[0]) == 3


def test_merging_a_map_that_no_run_played_is_refused_with_the_maps_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _write(tmp_path, "run", maps={"2P-a": "aaaa", "2P-b": "bbbb"})
    code = main(["balance", "--merge", str(run), "--map", "2P-c", "--out",
                 str(tmp_path / "out"), "--no-user-mods"])
    assert code == 1
    assert capsys.readouterr().err == ("balance --merge: --map 2P-c: expected a map played "
                                       "in the runs, found only 2P-a, 2P-b\n")
    assert not (tmp_path / "out").exists()


def test_the_same_game_in_two_runs_counts_once_and_another_play_of_it_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A run gone on with from the seed where the one before stopped plays that seed's
    first game again: the same game (the same end) counts once; a game of the same map,
    seed and seats that ended otherwise means the runs' players differed: refused."""
    one, two = _write(tmp_path, "one"), _write(tmp_path, "two")
    results, run, _, _ = merge([read_games(one), read_games(two)])
    assert len(results) == 1
    assert run["games played twice, counted once"] == 1 and run["games per map"] == 1
    other = _write(tmp_path, "other", end="h2")
    with pytest.raises(GamesFileError, match="seed 1 and seats normal,normal is also in"):
        merge([read_games(one), read_games(other)])
    code = main(["balance", "--merge", str(one), "--merge", str(other), "--out",
                 str(tmp_path / "out"), "--no-user-mods"])
    error = capsys.readouterr().err
    assert code == 1
    assert str(other / GAMES_FILE) in error and str(one / GAMES_FILE) in error
    assert "expected the same game (state hash h, 5 turns), found state hash h2" in error
    assert not (tmp_path / "out").exists()
    results, run, _, _ = merge([read_games(one),
                                read_games(_write(tmp_path, "three", seed=2))])
    assert [r.seed for r in results] == [1, 2]
    assert run["games per map"] == 2 and run["seed"] == "1 + 2"  # counted, not planned
    assert "games played twice, counted once" not in run


def test_runs_of_different_rules_versions_are_not_merged(tmp_path: Path) -> None:
    old, new = _write(tmp_path, "old", RULES_VERSION - 1, 1), _write(tmp_path, "new", seed=2)
    with pytest.raises(GamesFileError, match="different rules versions: expected one "
                                             f"version, found .* under {RULES_VERSION - 1}, "
                                             f".* under {RULES_VERSION}"):
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
    ("generals", ["Sera Dunewalker"],
     "field 'generals': expected the general of each of the 2 seats, found "
     "[\"Sera Dunewalker\"]"),
    ("generals", [3, 4], "field 'generals': expected a list of texts, found [3, 4]"),
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


def test_a_header_with_broken_map_fingerprints_is_named(tmp_path: Path) -> None:
    path = _write(tmp_path, "run") / GAMES_FILE
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["maps"] = {"2P-a": 7}
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(GamesFileError) as caught:
        read_games(path)
    assert str(caught.value) == (f"{path}, line 1: field 'maps': expected per map the "
                                 'fingerprint of its file, found {"2P-a": 7}')


def _resume(tmp_path: Path, capsys: pytest.CaptureFixture[str], folder: str,
            *more: str) -> tuple[int, str, str]:
    code = main(["balance", "--map", "2P-ring-street", "--map", "the-tyrant", "--games", "2",
                 "--seed", "1", "--ai", "random", "--boss-players", "1", "--max-turns", "12",
                 "--out", str(tmp_path / folder), "--jobs", "1", "--no-user-mods",
                 "--resume", *more])
    printed = capsys.readouterr()
    return code, printed.out, printed.err


def test_a_run_writes_its_games_file_game_by_game_and_goes_on_where_it_was_cut_off(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """While a run plays, its games file holds every game finished so far, its header
    saying the run was cut off there (what a killed process or a stopped machine leaves);
    ``--resume`` with the same options plays only the games the file lacks, and ends
    with the games file and report of one whole run."""
    import shutil

    import game.runner as runner

    whole = _run(tmp_path, capsys, "whole", 1, 2)
    real = runner.play_all
    seen: list[int] = []

    def killed_after_two(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for count, result in enumerate(real(*args, **kwargs), 1):
            yield result
            # the game yielded is on disk before the next one is played
            games = read_games(tmp_path / "playing")
            seen.append(len(games.results))
            assert games.run["stopped"] == "cut off after the games in this file, of its 4 games"
            if count == 2:
                shutil.copytree(tmp_path / "playing", tmp_path / "cut")  # killed here
                raise KeyboardInterrupt

    monkeypatch.setattr(runner, "play_all", killed_after_two)
    assert _run_code(tmp_path, capsys, "playing") == 0
    assert seen == [1, 2]
    monkeypatch.undo()
    assert [r.seed for r in read_games(tmp_path / "cut").results] == [1, 1]
    code, out, _ = _resume(tmp_path, capsys, "cut")
    assert code == 0
    assert f"going on from the 2 games in {tmp_path / 'cut' / GAMES_FILE}: 2 of 4 to play" in out
    assert "played 2 of 2 games in " in out
    assert (tmp_path / "cut" / GAMES_FILE).read_text() == (whole / GAMES_FILE).read_text()
    assert _figures(tmp_path / "cut") == _figures(whole)
    # a whole run goes on with nothing to play; a folder without games starts afresh
    code, out, _ = _resume(tmp_path, capsys, "cut")
    assert code == 0 and "2 games in" not in out and "0 of 4 to play" in out
    assert (tmp_path / "cut" / GAMES_FILE).read_text() == (whole / GAMES_FILE).read_text()
    code, out, _ = _resume(tmp_path, capsys, "fresh")
    assert code == 0 and "going on from the 0 games" in out and "4 of 4 to play" in out
    assert _figures(tmp_path / "fresh") == _figures(whole)


def _run_code(tmp_path: Path, capsys: pytest.CaptureFixture[str], folder: str) -> int:
    code = main(["balance", "--map", "2P-ring-street", "--map", "the-tyrant", "--games", "2",
                 "--seed", "1", "--ai", "random", "--boss-players", "1", "--max-turns", "12",
                 "--out", str(tmp_path / folder), "--jobs", "1", "--no-user-mods"])
    capsys.readouterr()
    return code


def test_going_on_with_another_runs_games_is_refused_naming_the_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--resume`` goes on only with the run's own settings, cards, map files and games:
    otherwise the games would be two experiments counted as one."""
    run = _run(tmp_path, capsys, "run", 1, 1)
    path = run / GAMES_FILE
    before = path.read_text(encoding="utf-8")
    code, _, err = _resume(tmp_path, capsys, "run")  # planned 2 games a map, found 1
    assert code == 1
    assert err == (f"balance --resume: {path}: field 'run.games per map': expected 2 (this "
                   "run's), found 1: a run goes on only with the settings it was started "
                   "with\n")
    assert path.read_text(encoding="utf-8") == before  # nothing played, nothing written
    header, *games = before.splitlines()
    data = json.loads(header)
    data["run"]["games per map"] = 2
    odd = json.loads(games[0])
    odd["seed"] = 9
    for name, lines, message in [
            ("turns", [json.dumps({**data, "run": {**data["run"], "turn limit": 30}})],
             "field 'run.turn limit': expected 12 (this run's), found 30: a run goes on "
             "only with the settings it was started with"),
            ("version", [json.dumps({**data, "rules_version": RULES_VERSION - 1})],
             f"field 'rules_version': expected {RULES_VERSION} (this game's), found "
             f"{RULES_VERSION - 1}"),
            ("cards", [json.dumps({**data, "offered": {**data["offered"],
                                                         "2P-ring-street": ["Ghost"]}})],
             "field 'offered.2P-ring-street': expected the cards on offer now, found other "
             "cards (the cards or mods changed since the run began)"),
            ("map", [json.dumps({**data, "maps": {**data["maps"],
                                                  "the-tyrant": "0123456789abcdef"}})],
             f"field 'maps.the-tyrant': expected {data['maps']['the-tyrant']} (the map "
             "file now), found 0123456789abcdef (the map changed since the run began)"),
            ("game", [json.dumps(data), json.dumps(odd)],
             "game 1 of 2P-ring-street, with seed 9 and seats random,random: expected a "
             "game this run plays, found one it does not")]:
        folder = tmp_path / name
        folder.mkdir()
        (folder / GAMES_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")
        code, _, err = _resume(tmp_path, capsys, name)
        assert code == 1
        assert err == f"balance --resume: {folder / GAMES_FILE}: {message}\n"


def test_going_on_tells_apart_the_two_games_of_a_seed_with_the_same_player_at_both_seats(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``--swap`` and one kind of player at every seat, both games of a seed have the
    same seed and seats: their numbers in the run tell them apart, so a run cut off after
    the first goes on with the second, and a whole run has nothing left to play."""
    import game.runner as runner

    def mirror(folder: str, *more: str) -> str:
        code = main(["balance", "--map", "2P-ring-street", "--games", "4", "--swap",
                     "--ai", "random", "--max-turns", "12", "--out", str(tmp_path / folder),
                     "--jobs", "1", "--no-user-mods", *more])
        assert code == 0
        return capsys.readouterr().out

    mirror("whole")
    whole = (tmp_path / "whole" / GAMES_FILE).read_text(encoding="utf-8")
    assert [r.seed for r in read_games(tmp_path / "whole").results] == [1, 1, 2, 2]
    assert "0 of 4 to play" in mirror("whole", "--resume")
    assert (tmp_path / "whole" / GAMES_FILE).read_text(encoding="utf-8") == whole
    real = runner.play_all

    def stopped_after_one(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for result in real(*args, **kwargs):
            yield result
            raise KeyboardInterrupt

    monkeypatch.setattr(runner, "play_all", stopped_after_one)
    mirror("cut")
    monkeypatch.undo()
    assert "going on from the one game in" in mirror("cut", "--resume")
    assert (tmp_path / "cut" / GAMES_FILE).read_text(encoding="utf-8") == whole
