"""The balance report: what many games between computer players say about the maps, the
seats, the computer players, the cards and the boss modes.

``build_report`` turns the results of a run (``game.simulation.GameResult``) into plain
data, the content of ``report.json``; ``write_report`` writes that file, the figures
(``game.balance_plots``, matplotlib) and a Markdown page showing both; ``summary`` is
the few lines ``python -m game balance`` prints. Every rate comes with its 95 % Wilson
score interval, which stays inside 0-100 % and is honest for few games and rates near
the ends.
"""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.simulation import GameResult, SeatCards

#: z of a two-sided 95 % interval
Z95 = 1.959964

REPORT_JSON = "report.json"
REPORT_PAGE = "report.md"


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``games`` trials."""
    if games <= 0:
        return 0.0, 1.0
    rate = wins / games
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    middle = rate + z * z / (2 * games)
    scale = 1 + z * z / games
    # the rate always lies inside, also where rounding would put an end a hair past it
    return min(rate, max(0.0, (middle - spread) / scale)), \
        max(rate, min(1.0, (middle + spread) / scale))


def share(wins: int, games: int) -> dict[str, Any]:
    """``wins`` of ``games`` with their rate and its 95 % interval."""
    low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0,
            "low": low, "high": high}


def _spread(values: Sequence[int]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {}

    def at(part: float) -> float:
        return float(ordered[min(len(ordered) - 1, int(part * len(ordered)))])

    return {"mean": statistics.fmean(ordered), "median": float(statistics.median(ordered)),
            "p10": at(0.1), "p90": at(0.9), "min": float(ordered[0]),
            "max": float(ordered[-1])}


def who_plays(row: Mapping[str, Any]) -> str:
    """``2 seats``, or on a boss map ``1 player(s)`` (against the boss)."""
    return f"{row['players']} player(s)" if row["boss"] else f"{row['seats']} seats"


def players_won(result: GameResult) -> bool:
    """On a boss map: the players (every seat but the last) beat the boss side."""
    return bool(result.winners) and len(result.seats) - 1 not in result.winners


def _kind_shares(games: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    """Per computer player, in the games where it met another one: how often the winners
    were all of its kind."""
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for r in games:
        kinds = set(r.seats)
        if len(kinds) < 2:
            continue
        winner_kinds = {r.seats[w] for w in r.winners}
        for kind in kinds:
            played[kind] += 1
            wins[kind] += winner_kinds == {kind}
    return {kind: share(wins[kind], played[kind]) for kind in sorted(played)}


def _configuration(name: str, games: Sequence[GameResult]) -> dict[str, Any]:
    """The figures of one map played with one number of seats."""
    seats = len(games[0].seats)
    boss = games[0].boss
    row: dict[str, Any] = {
        "map": name, "seats": seats, "boss": boss, "games": len(games),
        "no_winner": sum(not r.winners for r in games),
        "seat_wins": [{"seat": s + 1, "kinds": sorted({r.seats[s] for r in games}),
                       **share(sum(s in r.winners for r in games), len(games))}
                      for s in range(seats)],
        "kinds": _kind_shares(games),
        "turns": _spread([r.turns for r in games]),
        "actions": _spread([r.actions for r in games]),
        "decided_by": dict(Counter(r.reason for r in games).most_common()),
    }
    if boss:
        row["players"] = seats - 1
        row["players_win"] = share(sum(players_won(r) for r in games), len(games))
    return row


def _player_seats(results: Sequence[GameResult]) -> Iterator[tuple[SeatCards, bool]]:
    """Every seat's cards and whether it won, boss sides left out (they neither draft nor
    buy, and play a script of their own)."""
    for r in results:
        for seat, cards in enumerate(r.cards):
            if not (r.boss and seat == len(r.seats) - 1):
                yield cards, seat in r.winners


def _cards(results: Sequence[GameResult], pool: Iterable[str],
           card_sets: Mapping[str, str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Per card: how often drafted, bought and played, and how often a seat that bought
    it won; with the win rate of every seat that drafted (the baseline). Boss sides do not
    count: they neither draft nor buy."""
    drafted: Counter[str] = Counter()
    bought: Counter[str] = Counter()
    played: Counter[str] = Counter()
    seats_bought: Counter[str] = Counter()
    wins_bought: Counter[str] = Counter()
    seats = wins = 0
    for cards, won in _player_seats(results):
        drafted.update(cards.drafted)
        bought.update(cards.bought)
        played.update(cards.played)
        if cards.drafted:
            seats += 1
            wins += won
        for name in set(cards.bought):
            seats_bought[name] += 1
            wins_bought[name] += won
    names = sorted(set(pool) | set(drafted) | set(bought), key=lambda n: (-bought[n], n))
    rows = [{"card": name, "set": card_sets.get(name, ""), "drafted": drafted[name],
             "bought": bought[name], "played": played[name],
             "won_when_bought": share(wins_bought[name], seats_bought[name])}
            for name in names]
    return rows, share(wins, seats)


def _deck_cards(results: Sequence[GameResult],
                card_sets: Mapping[str, str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Per card of the seats that drafted and bought nothing but played cards (the duel's
    decks): how often played, and how often a seat that played it at least once won; with
    the win rate of every such seat (the baseline)."""
    played: Counter[str] = Counter()
    seats_played: Counter[str] = Counter()
    wins_played: Counter[str] = Counter()
    seats = wins = 0
    for cards, won in _player_seats(results):
        if cards.drafted or cards.bought or not cards.played:
            continue
        seats += 1
        wins += won
        played.update(cards.played)
        for name in set(cards.played):
            seats_played[name] += 1
            wins_played[name] += won
    rows = [{"card": name, "set": card_sets.get(name, ""), "played": played[name],
             "won_when_played": share(wins_played[name], seats_played[name])}
            for name in sorted(played, key=lambda n: (-played[n], n))]
    return rows, share(wins, seats)


def _generals(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """Per general (where seats bring a deck led by a general: the duel), how often its
    seats won, over all and against each other general met; the best first. A game
    between two seats of the same general counts for neither's matchups."""
    seats: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    met: Counter[tuple[str, str]] = Counter()
    beat: Counter[tuple[str, str]] = Counter()
    for r in results:
        if len(r.generals) != len(r.seats):
            continue
        for seat, general in enumerate(r.generals):
            won = seat in r.winners
            seats[general] += 1
            wins[general] += won
            for other_seat, other in enumerate(r.generals):
                if other_seat != seat and other != general:
                    met[(general, other)] += 1
                    beat[(general, other)] += won
    rows = [{"general": name, **share(wins[name], seats[name]),
             "against": {other: share(beat[(name, other)], met[(name, other)])
                         for other in sorted(seats) if met[(name, other)]}}
            for name in seats]
    return sorted(rows, key=lambda row: (-row["rate"], row["general"]))


def build_report(results: Sequence[GameResult], run: Mapping[str, Any],
                 pool: Iterable[str] = (),
                 card_sets: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The report of ``results`` (in any order): ``run`` says how they were played,
    ``pool`` names the cards the drafts could deal (so that a card nobody bought is
    listed), ``card_sets`` the set of each card."""
    groups: dict[tuple[str, int], list[GameResult]] = {}
    for r in results:
        groups.setdefault((r.map, len(r.seats)), []).append(r)
    configurations = [_configuration(name, groups[(name, seats)])
                      for name, seats in sorted(groups)]
    cards, baseline = _cards(results, pool, card_sets or {})
    deck_cards, deck_baseline = _deck_cards(results, card_sets or {})
    bosses: dict[str, list[dict[str, Any]]] = {}
    for row in configurations:
        if row["boss"]:
            bosses.setdefault(row["map"], []).append(
                {"players": row["players"], **row["players_win"]})
    return {
        "run": dict(run),
        "games": len(results),
        "maps": [row for row in configurations if not row["boss"]],
        "bosses": [{"map": name, "by_players": rows} for name, rows in sorted(bosses.items())],
        "boss_games": [row for row in configurations if row["boss"]],
        "cards": cards,
        "card_baseline": baseline,
        "never_bought": sorted(c["card"] for c in cards if not c["bought"]),
        "deck_cards": deck_cards,
        "deck_baseline": deck_baseline,
        "generals": _generals(results),
        "figures": [],
    }


# ---------------------------------------------------------------------------- text


def percent(row: Mapping[str, Any]) -> str:
    """A share as ``47.5 % (38.1-57.1)``."""
    return (f"{100 * row['rate']:.1f} % ({100 * row['low']:.1f}-{100 * row['high']:.1f})")


#: the summary names a card's win rate only when at least this many seats had it
SUMMARY_SEATS = 10


def _counted(cards: Iterable[Mapping[str, Any]], field: str) -> list[Mapping[str, Any]]:
    """The cards with ``SUMMARY_SEATS`` or more seats counted in ``field``."""
    return [c for c in cards if c[field]["games"] >= SUMMARY_SEATS]


def summary(report: Mapping[str, Any]) -> list[str]:
    """The few lines printed after a run."""
    lines = []
    for row in report["maps"]:
        seats = ", ".join(f"P{s['seat']} {percent(s)}" for s in row["seat_wins"])
        lines.append(f"{row['map']} ({row['games']} games): {seats}; no winner "
                     f"{row['no_winner']}; median {row['turns']['median']:.0f} turns")
    for boss in report["bosses"]:
        for row in boss["by_players"]:
            lines.append(f"{boss['map']}, {row['players']} player(s) ({row['games']} games): "
                         f"players win {percent(row)}")
    if report["cards"]:
        lines.append(f"cards never bought: {', '.join(report['never_bought']) or 'none'}")
        ranked = _counted(report["cards"], "won_when_bought")
        if ranked:
            best = max(ranked, key=lambda c: c["won_when_bought"]["rate"])
            lines.append(f"highest win rate when bought ({SUMMARY_SEATS} buying seats or "
                         f"more): {best['card']} {percent(best['won_when_bought'])}, against "
                         f"{percent(report['card_baseline'])} for every seat")
    ranked = _counted(report.get("deck_cards", ()), "won_when_played")
    if ranked:
        best = max(ranked, key=lambda c: c["won_when_played"]["rate"])
        worst = min(ranked, key=lambda c: c["won_when_played"]["rate"])
        lines.append(f"cards of fixed decks, win rate when played ({SUMMARY_SEATS} seats or "
                     f"more): highest "
                     f"{best['card']} {percent(best['won_when_played'])}, lowest "
                     f"{worst['card']} {percent(worst['won_when_played'])}")
    generals = [g for g in report.get("generals", ()) if g["games"] >= SUMMARY_SEATS]
    if len(generals) > 1:
        lines.append(f"generals (their decks), win rate ({SUMMARY_SEATS} seats or more): "
                     f"highest {generals[0]['general']} {percent(generals[0])}, lowest "
                     f"{generals[-1]['general']} {percent(generals[-1])}")
    return lines


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines + [""]


def page(report: Mapping[str, Any]) -> str:
    """The Markdown page of a report, its figures beside it."""
    run = report["run"]
    out = ["# Balance report", "",
           f"{report['games']} games; " + "; ".join(f"{k}: {v}" for k, v in run.items()), "",
           "Rates are given with their 95 % Wilson score interval in brackets.", ""]
    figures = set(report["figures"])

    def figure(name: str, caption: str) -> None:
        if name in figures:
            out.extend([f"![{caption}]({name})", ""])

    if report["maps"]:
        out += ["## Maps and seats", ""]
        figure("seats.png", "win rate by seat per map")
        most = max(r["seats"] for r in report["maps"])
        out += _table(
            ["map", "games", *[f"P{seat + 1} wins" for seat in range(most)], "no winner",
             "turns (median, p10-p90)"],
            ([r["map"], r["games"], *[percent(s) for s in r["seat_wins"]],
              *[""] * (most - r["seats"]), r["no_winner"],
              f"{r['turns']['median']:.0f} ({r['turns']['p10']:.0f}-{r['turns']['p90']:.0f})"]
             for r in report["maps"]))
        kinds = [(r["map"], kind, row) for r in report["maps"] for kind, row in r["kinds"].items()]
        if kinds:
            out += ["### Computer players", "",
                    "In the games where different computer players met: how often the "
                    "winners were of that kind.", ""]
            out += _table(["map", "computer player", "games", "wins"],
                          ([m, k, row["games"], percent(row)] for m, k, row in kinds))
    configurations = report["maps"] + report["boss_games"]
    if configurations:
        out += ["## Game length and what decided the games", ""]
        figure("length.png", "game length per map")
        figure("decided.png", "what decided the games")
        out += _table(["map", "seats", "what decided", "games"],
                      ([r["map"], who_plays(r), reason, count] for r in configurations
                       for reason, count in r["decided_by"].items()))
    if report["bosses"]:
        out += ["## Boss maps", "", "How often the players beat the boss, by how many play.",
                ""]
        figure("bosses.png", "boss maps: players' win rate by number of players")
        out += _table(["map", "players", "games", "players win"],
                      ([b["map"], row["players"], row["games"], percent(row)]
                       for b in report["bosses"] for row in b["by_players"]))
    if report["cards"]:
        out += ["## Cards", "",
                "Drafted, bought and played: times over all games (boss sides left out). "
                "Won when bought: of the seats that bought the card at least once, how many "
                f"won; every seat that drafted won {percent(report['card_baseline'])}.", "",
                f"Never bought: {', '.join(report['never_bought']) or 'none'}.", ""]
        figure("cards.png", "cards: bought and won when bought")
        out += _table(["card", "set", "drafted", "bought", "played", "won when bought"],
                      ([c["card"], c["set"], c["drafted"], c["bought"], c["played"],
                        f"{percent(c['won_when_bought'])} of {c['won_when_bought']['games']}"
                        if c["won_when_bought"]["games"] else "-"]
                       for c in report["cards"]))
    if report.get("deck_cards"):
        out += ["## Cards of fixed decks", "",
                "Where players bring a deck instead of drafting and buying (the duel): "
                "played counts the times over all games; won when played: of the seats that "
                "played the card at least once, how many won. Every such seat won "
                f"{percent(report['deck_baseline'])}; a seat that lasts longer plays more of "
                "its deck, so compare the cards with each other rather than with that.", ""]
        figure("deck-cards.png", "cards of fixed decks: played and won when played")
        out += _table(["card", "set", "played", "won when played"],
                      ([c["card"], c["set"], c["played"],
                        f"{percent(c['won_when_played'])} of {c['won_when_played']['games']}"]
                       for c in report["deck_cards"]))
    if report.get("generals"):
        out += _generals_section(report["generals"], figure)
    return "\n".join(out)


def _generals_section(generals: Sequence[Mapping[str, Any]],
                      figure: Callable[[str, str], None]) -> list[str]:
    """The generals' part of the page: each general's win rate, then the row general's
    win rate against each column general."""
    out = ["## Generals", "",
           "Where each seat brings a deck led by a general (the duel): how often the seats "
           "of each general won, over all and against each other general. A general's "
           "figure is its whole deck's, played the way the computer players play it.", ""]
    figure("generals.png", "win rate by general")
    names = [g["general"] for g in generals]
    out += _table(["general", "seats", "won"],
                  ([g["general"], g["games"], percent(g)] for g in generals))
    out += ["Against each other: the row's general won this share of its games against "
            "the column's (games in brackets).", ""]

    def cell(row: Mapping[str, Any], other: str) -> str:
        against = row["against"].get(other)
        if row["general"] == other or against is None:
            return "-"
        return f"{100 * against['rate']:.0f} % ({against['games']})"

    out += _table(["general", *names], ([g["general"], *(cell(g, n) for n in names)]
                                        for g in generals))
    return out


def write_report(report: dict[str, Any], folder: Path) -> list[Path]:
    """Write the figures, ``report.json`` and ``report.md`` into ``folder`` (made if
    needed); returns the files written, the page last."""
    from game.balance_plots import draw_figures

    folder.mkdir(parents=True, exist_ok=True)
    data = folder / REPORT_JSON
    data.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")  # figures or not
    figures = draw_figures(report, folder)
    report["figures"] = [path.name for path in figures]
    data.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    markdown = folder / REPORT_PAGE
    markdown.write_text(page(report) + "\n", encoding="utf-8")
    return [*figures, data, markdown]
