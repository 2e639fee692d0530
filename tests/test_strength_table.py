"""The README's table of the hard player's strength (tools/strength_table.py): made from
the committed strength reports, so it says what they say and no more."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from toolmodules import load

ROOT = Path(__file__).resolve().parent.parent


strength_table = load("strength_table", ROOT / "tools" / "strength_table.py")


def test_the_readme_table_is_the_one_the_committed_reports_make() -> None:
    assert strength_table.main(["--check"]) == 0, (
        "README.md's strength table differs from the reports: python3 "
        "tools/strength_table.py --write")


def _report(root: Path, folder: str, *maps: tuple[str, int, int]) -> Path:
    where = root / "assets" / "docs" / folder
    where.mkdir(parents=True)
    entries = [{"map": name, "kinds": {"hard": {"wins": wins, "games": games,
                                                "low": 0.5, "high": 0.75}}}
               for name, wins, games in maps]
    (where / "report.json").write_text(json.dumps({"maps": entries}), encoding="utf-8")
    return where


def test_each_map_shows_hards_figure_and_whether_it_meets_its_bar(tmp_path: Path) -> None:
    """At least 200 games; at least 70 % against normal and 90 % against easy; a map
    without a report says so; a report's note goes with its figure."""
    (tmp_path / "maps").mkdir()
    for name in ("2P-a", "2P-b", "2P-c", "3P-d"):
        (tmp_path / "maps" / f"{name}.tmx").write_text("", encoding="utf-8")
    _report(tmp_path, "strength-a-hard-normal", ("2P-a", 140, 200), ("2P-b", 139, 200))
    _report(tmp_path, "strength-a-hard-easy", ("2P-a", 180, 199))
    note = _report(tmp_path, "strength-b-hard-easy", ("2P-b", 180, 200))
    (note / "note.txt").write_text("played before a change\n", encoding="utf-8")
    _report(tmp_path, "strength-b-hard-easy-before", ("2P-b", 1, 200))  # not a strength report
    rows = strength_table.table(tmp_path).splitlines()[2:]
    assert [row.split(" | ")[0] for row in rows] == ["| 2P-a", "| 2P-b", "| 2P-c"]
    a, b, c = ([cell.strip() for cell in row.strip("| ").split(" | ")] for row in rows)
    assert a[1] == ("[70.0 %](assets/docs/strength-a-hard-normal/report.md) (50.0-75.0)")
    assert a[2:4] == ["200", "met"] and a[5:] == ["199", "1 game to go"]
    assert b[2:4] == ["200", "short of 70 %"]
    assert b[4].endswith("; played before a change") and b[5:] == ["200", "met"]
    assert c[1:] == ["not measured", "-", "-"] * 2


def test_two_reports_of_one_map_against_one_player_are_refused(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    _report(tmp_path, "strength-a-hard-normal", ("2P-a", 140, 200))
    _report(tmp_path, "strength-b-hard-normal", ("2P-a", 150, 200))
    with pytest.raises(SystemExit, match="2P-a against normal is also in "
                                         "strength-a-hard-normal: expected one report"):
        strength_table.figures(tmp_path)
