#!/usr/bin/env python3
"""The hard computer player's strength on each shipped two-player map, as the committed
balance reports measured it: one table in README.md, made from the reports themselves so
that it never says more (or other) than they do.

A report counts when its folder is ``assets/docs/strength-<name>-hard-normal`` or
``...-hard-easy`` (a balance run of hard against that player with seats swapped, or runs
merged with ``balance --merge``); each map in its ``report.json`` gives hard's wins, games
and 95 % interval. A ``note.txt`` in the folder adds its one line to the row (what the
figure must be read with: played before a change, a lopsided map). The issue's bars: at
least 200 games, hard winning at least 70 % of them against normal and 90 % against easy.

Usage::

    python3 tools/strength_table.py            # print the table
    python3 tools/strength_table.py --write    # put it into README.md between its markers
    python3 tools/strength_table.py --check    # exit 1 when README.md's table is not it

Standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORTS = Path("assets/docs")
MAPS = Path("maps")
README = Path("README.md")
START = "<!-- the strength table: made by tools/strength_table.py --write -->"
END = "<!-- end of the strength table -->"
#: the other computer player -> the share of games hard is to win against it
BARS = {"normal": 0.70, "easy": 0.90}
#: the fewest games a figure is judged on
FEWEST = 200
FOLDER = re.compile(r"strength-.+-hard-(normal|easy)")


@dataclass(frozen=True)
class Figure:
    """Hard's wins against one computer player on one map, from one report."""

    folder: str
    wins: int
    games: int
    low: float
    high: float
    note: str

    def verdict(self, bar: float) -> str:
        if self.games < FEWEST:
            left = FEWEST - self.games
            return f"{left} game{'s' if left != 1 else ''} to go"
        return "met" if self.wins >= bar * self.games else f"short of {round(bar * 100)} %"


def two_player_maps(root: Path = ROOT) -> list[str]:
    """The shipped maps for two players (their files are named ``2P-...``)."""
    return sorted(path.stem for path in (root / MAPS).glob("2P-*.tmx"))


def figures(root: Path = ROOT) -> dict[tuple[str, str], Figure]:
    """(map, other player) -> hard's figure, from every strength report."""
    found: dict[tuple[str, str], Figure] = {}
    for folder in sorted((root / REPORTS).iterdir()):
        match = FOLDER.fullmatch(folder.name)
        if match is None or not (folder / "report.json").is_file():
            continue
        report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
        note_file = folder / "note.txt"
        note = note_file.read_text(encoding="utf-8").strip() if note_file.is_file() else ""
        for entry in report["maps"]:
            hard = entry["kinds"].get("hard")
            if hard is None:
                continue
            key = (entry["map"], match[1])
            if key in found:
                raise SystemExit(f"{folder}: {entry['map']} against {match[1]} is also in "
                                 f"{found[key].folder}: expected one report of it")
            found[key] = Figure(folder.name, hard["wins"], hard["games"], hard["low"],
                                hard["high"], note)
    return found


def table(root: Path = ROOT) -> str:
    """The table, as markdown."""
    known = figures(root)
    head = "".join(f" hard against {other} | games | bar ({round(bar * 100)} %) |"
                   for other, bar in BARS.items())
    lines = [f"| map |{head}", "| --- |" + " --- | --- | --- |" * len(BARS)]
    for name in two_player_maps(root):
        cells = [name]
        for other, bar in BARS.items():
            figure = known.get((name, other))
            if figure is None:
                cells += ["not measured", "-", "-"]
                continue
            rate = (f"[{100 * figure.wins / figure.games:.1f} %]({REPORTS}/{figure.folder}/"
                    f"report.md) ({100 * figure.low:.1f}-{100 * figure.high:.1f})")
            cells += [rate + (f"; {figure.note}" if figure.note else ""),
                      str(figure.games), figure.verdict(bar)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def with_table(readme: str, made: str) -> str:
    """``readme`` with ``made`` between the markers."""
    start, end = readme.find(START), readme.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"{README}: expected the markers {START!r} and {END!r}, in "
                         "that order")
    return readme[:start + len(START)] + "\n" + made + readme[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help="write it into README.md")
    group.add_argument("--check", action="store_true",
                       help="exit 1 when README.md's table is not the one the reports make")
    args = parser.parse_args(argv)
    made = table()
    if not (args.write or args.check):
        print(made, end="")
        return 0
    path = ROOT / README
    readme = path.read_text(encoding="utf-8")
    wanted = with_table(readme, made)
    if args.check:
        if wanted != readme:
            print(f"{README}: the strength table is not the one the reports make: run "
                  "python3 tools/strength_table.py --write")
            return 1
        return 0
    path.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
