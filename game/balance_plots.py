"""The balance report's figures, drawn with matplotlib's Agg canvas into PNG files (no
window, no pyplot state): win rate by seat, game length, what decided the games, the boss
maps by number of players, and the cards. Each is drawn only when the report has its
data. matplotlib comes with the ``report`` extra (``pip install -e .[report]``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from game.balance import who_plays

Report = Mapping[str, Any]

WIDTH = 9.0  # inches, at 100 dots per inch
SEAT_COLOURS = ("#3b6fb6", "#c8553d", "#4d9a52", "#a66cc1", "#d9a03f", "#6b6b6b")


def _errors(rows: Sequence[Mapping[str, Any]]) -> list[list[float]]:
    """The distances from each rate down to its interval's low end and up to its high."""
    return [[100 * (r["rate"] - r["low"]) for r in rows],
            [100 * (r["high"] - r["rate"]) for r in rows]]


def _legend_below(ax: Axes, columns: int) -> None:
    """The legend under the plot and its axis label, whatever the figure's height (the
    figure's constrained layout makes room for it)."""
    handles, labels = ax.get_legend_handles_labels()
    figure = ax.get_figure()
    assert figure is not None  # every axes here is drawn on a figure of its own
    figure.legend(handles, labels, loc="outside lower center", ncol=columns, fontsize="small")


def _save(figure: Figure, path: Path) -> Path:
    FigureCanvasAgg(figure)
    figure.savefig(path, dpi=100)
    return path


def seats(report: Report, ax: Axes) -> None:
    rows = report["maps"]
    most = max(r["seats"] for r in rows)
    width = 0.8 / most
    for seat in range(most):
        placed = [(i, r["seat_wins"][seat]) for i, r in enumerate(rows) if seat < r["seats"]]
        ax.barh([i - 0.4 + width * (seat + 0.5) for i, _ in placed],
                [100 * s["rate"] for _, s in placed], height=width * 0.9,
                xerr=_errors([s for _, s in placed]), capsize=3,
                color=SEAT_COLOURS[seat % len(SEAT_COLOURS)], label=f"P{seat + 1}")
    for i, r in enumerate(rows):  # a fair seat wins 1 / seats of the games
        ax.plot([100 / r["seats"]] * 2, [i - 0.45, i + 0.45], color="black",
                linestyle="--", linewidth=1)
    ax.set_yticks(range(len(rows)), [f"{r['map']}\n{r['games']} games" for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("games won (%), with 95 % interval; dashed: a fair share")
    ax.set_title("Win rate by seat")
    ax.legend(loc="lower right")


def length(report: Report, ax: Axes) -> None:
    rows = [*report["maps"], *report["boss_games"]]
    labels = [_label(r) for r in rows]
    ax.barh(range(len(rows)), [r["turns"]["median"] for r in rows], color="#8fb3d9",
            label="median")
    ax.errorbar([r["turns"]["median"] for r in rows], range(len(rows)),
                xerr=[[r["turns"]["median"] - r["turns"]["p10"] for r in rows],
                      [r["turns"]["p90"] - r["turns"]["median"] for r in rows]],
                fmt="none", ecolor="black", capsize=3, label="10th-90th percentile")
    ax.scatter([r["turns"]["max"] for r in rows], range(len(rows)), marker="x",
               color="#c8553d", label="longest", zorder=3)
    ax.set_yticks(range(len(rows)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1.08 * max(r["turns"]["max"] for r in rows))
    ax.set_xlabel("turns")
    ax.set_title("Game length")
    _legend_below(ax, 3)


def decided(report: Report, ax: Axes) -> None:
    rows = [*report["maps"], *report["boss_games"]]
    reasons = list(dict.fromkeys(reason for r in rows for reason in r["decided_by"]))
    left = [0.0] * len(rows)
    palette = [*SEAT_COLOURS, "#2f4f4f", "#b0b0b0"]
    for index, reason in enumerate(reasons):
        widths = [100 * r["decided_by"].get(reason, 0) / r["games"] for r in rows]
        ax.barh(range(len(rows)), widths, left=left, color=palette[index % len(palette)],
                label=reason)
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.set_yticks(range(len(rows)), [_label(r) for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("games (%)")
    ax.set_title("What decided the games")
    _legend_below(ax, 2)


def bosses(report: Report, ax: Axes) -> None:
    for index, boss in enumerate(report["bosses"]):
        rows = boss["by_players"]
        ax.errorbar([r["players"] + 0.08 * index for r in rows], [100 * r["rate"] for r in rows],
                    yerr=_errors(rows), marker="o", capsize=4, label=boss["map"],
                    color=SEAT_COLOURS[index % len(SEAT_COLOURS)])
    ax.axhspan(30, 70, color="#4d9a52", alpha=0.12, label="30-70 %")
    players = sorted({r["players"] for b in report["bosses"] for r in b["by_players"]})
    ax.set_xticks(players)
    ax.set_xlim(players[0] - 0.5, players[-1] + 0.5)
    ax.set_ylim(0, 100)
    ax.set_xlabel("players against the boss")
    ax.set_ylabel("games the players won (%)")
    ax.set_title("Boss maps: the players' win rate, with 95 % interval")
    ax.legend()


def _card_panels(rows: Sequence[Mapping[str, Any]], baseline: Mapping[str, Any],
                 axes: Sequence[Axes], count: str, won_key: str, verb: str) -> None:
    """Two panels of cards: how often each was ``count`` (and played), and the win rate
    of the seats that did (``won_key``) beside the ``baseline`` of every seat."""
    names = [f"{c['card']} ({c['set']})" if c["set"] else c["card"] for c in rows]
    times, won = axes
    if count != "played":
        times.barh(range(len(rows)), [c[count] for c in rows], color="#8fb3d9", label=count)
        times.barh(range(len(rows)), [c["played"] for c in rows], color="none",
                   edgecolor="#3b6fb6", label="played")
        times.set_title(f"{count.capitalize()} and played")
    else:
        times.barh(range(len(rows)), [c["played"] for c in rows], color="#8fb3d9",
                   label="played")
        times.set_title("Played")
    times.set_yticks(range(len(rows)), names, fontsize="small")
    times.set_ylim(len(rows) - 0.5, -0.5)  # the most bought (or played) on top
    times.set_xlabel("times, over all games")
    times.legend(loc="lower right")
    shown = [(i, c[won_key]) for i, c in enumerate(rows) if c[won_key]["games"]]
    won.errorbar([100 * s["rate"] for _, s in shown], [i for i, _ in shown],
                 xerr=_errors([s for _, s in shown]), fmt="o", color="#c8553d", capsize=2)
    won.axvline(100 * baseline["rate"], color="black", linestyle="--",
                linewidth=1, label="every seat")
    won.set_xlim(0, 100)
    won.set_xlabel(f"won when {verb} (%), with 95 % interval")
    won.set_title(f"Win rate of the seats that {verb} it")
    won.legend(loc="lower right")


def cards(report: Report, axes: Sequence[Axes]) -> None:
    _card_panels(report["cards"], report["card_baseline"], axes, "bought", "won_when_bought",
                 "bought")


def deck_cards(report: Report, axes: Sequence[Axes]) -> None:
    _card_panels(report["deck_cards"], report["deck_baseline"], axes, "played",
                 "won_when_played", "played")


def generals(report: Report, ax: Axes) -> None:
    rows = report["generals"]
    ax.barh(range(len(rows)), [100 * r["rate"] for r in rows], xerr=_errors(rows),
            capsize=3, color="#8fb3d9")
    ax.axvline(50, color="black", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(rows)), [f"{r['general']}\n{r['games']} seats" for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("games won (%), with 95 % interval; dashed: an even share")
    ax.set_title("Win rate by general (its deck)")


def _label(row: Mapping[str, Any]) -> str:
    return f"{row['map']}\n{who_plays(row)}, {row['games']} games"


def draw_figures(report: Report, folder: Path) -> list[Path]:
    """Draw every figure the report has data for into ``folder``; returns their paths."""
    maps = len(report["maps"])
    both = maps + len(report["boss_games"])
    cards_shown = len(report["cards"])
    decks_shown = len(report.get("deck_cards", ()))
    generals_shown = len(report.get("generals", ()))
    # file name, height in inches (0: no data), panels side by side, how to draw it
    plans: list[tuple[str, float, int, Callable[..., None]]] = [
        ("seats.png", 2.0 + 0.7 * maps if maps else 0, 1, seats),
        ("length.png", 3.0 + 0.7 * both if both else 0, 1, length),
        ("decided.png", 3.0 + 0.7 * both if both else 0, 1, decided),
        ("bosses.png", 5.0 if report["bosses"] else 0, 1, bosses),
        ("cards.png", 1.5 + 0.22 * cards_shown if cards_shown else 0, 2, cards),
        ("deck-cards.png", 1.5 + 0.22 * decks_shown if decks_shown else 0, 2, deck_cards),
        ("generals.png", 1.5 + 0.5 * generals_shown if generals_shown else 0, 1, generals),
    ]
    written = []
    for name, height, panels, draw in plans:
        if not height:
            continue
        figure = Figure(figsize=(WIDTH + 2 * (panels - 1), height), layout="constrained")
        draw(report, figure.subplots(1, panels, sharey=True) if panels > 1 else
             figure.subplots())
        written.append(_save(figure, folder / name))
    return written
