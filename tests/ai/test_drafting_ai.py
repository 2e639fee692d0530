"""The hard player's draft (rule Drafting 3: each player takes cards from the pack they
hold): it takes the card whose buyers won most in the balance runs, not the dearest, and
its figures are the shipped reports' own."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))

from scenario import scenario  # noqa: E402

from game.ai import drafting  # noqa: E402
from game.ai.players import make_player  # noqa: E402
from game.rules import Game, WinSpec  # noqa: E402
from game.rules.core.actions import DraftPick  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "assets" / "docs"


def _first_pick(seed: int, win: WinSpec, kind: str, sets: tuple[str, ...] = ("base",)
                ) -> tuple[list[str], str]:
    """The first pack of the game of ``seed`` (a draft of 1x[2;8]) and the card the
    computer player ``kind`` takes from it."""
    game = scenario(draft="1x[2;8]", seed=seed, win=win, sets=sets)
    try:
        assert game.phase is Phase.DRAFT
        player = game.actor
        assert player is not None
        pack = [game.card(a.card).name for a in game.legal_actions(player)
                if isinstance(a, DraftPick)]
        action = make_player(kind, 7).choose(game, player)
        assert isinstance(action, DraftPick)
        return pack, game.card(action.card).name
    finally:
        game.close()


def test_drafting_3_hard_takes_what_buyers_win_with_and_normal_the_dearest() -> None:
    pack, hard = _first_pick(5, WinSpec("king"), "hard")
    assert {"Bribe", "Fireball"} <= set(pack)
    assert hard == "Fireball"  # its buyers won 64 % on the king maps; Bribe's 45 %
    assert _first_pick(5, WinSpec("king"), "normal")[1] == "Bribe"  # buy 8, the dearest


def test_drafting_3_the_table_follows_the_map_s_win_condition() -> None:
    """The same pack: on a king map Archer (59 % there), elsewhere Paladin (56 % against
    Archer's 50 %)."""
    pack, king = _first_pick(2, WinSpec("king"), "hard")
    assert {"Archer", "Paladin"} <= set(pack)
    assert king == "Archer"
    assert _first_pick(2, WinSpec("stick_of_victory", {"points": 8}), "hard")[1] == "Paladin"


def test_drafting_3_a_card_the_runs_never_measured_counts_as_an_even_one() -> None:
    """A mod's card (here the sea set's) counts ``UNMEASURED``; equal figures go to the
    dearer card."""
    for seed in range(1, 40):
        game = scenario(draft="1x[2;8]", seed=seed, win=WinSpec("king"), sets=("base", "sea"))
        try:
            player = game.actor
            assert player is not None
            picks = [a for a in game.legal_actions(player) if isinstance(a, DraftPick)]
            names = {game.card(a.card).name for a in picks}
            if not names - set(drafting.KING_MAPS):
                continue
            chosen = make_player("hard", 7).choose(game, player)
            assert isinstance(chosen, DraftPick)
            best = max(_worth(game, a.card) for a in picks)
            assert _worth(game, chosen.card) == best
            return
        finally:
            game.close()
    pytest.fail("no pack of the base and sea sets held a card the runs never measured")


def _worth(game: Game, card: int) -> tuple[int, int]:
    definition = game.card(card)
    return drafting.KING_MAPS.get(definition.name, drafting.UNMEASURED), definition.buy or 0


@pytest.mark.parametrize(("report", "table"), [
    ("balance-2p-kings-rules7", drafting.KING_MAPS),
    ("balance-2p-siege-meadow-rules7", drafting.OTHER_MAPS),
])
def test_the_pick_rates_are_the_shipped_reports_figures(report: str,
                                                        table: dict[str, int]) -> None:
    """Each card's figure is its buyers' wins in the report, drawn towards 50 % by
    ``PRIOR_GAMES`` half-won games, in whole percent; every card the report measured is
    in the table."""
    cards = json.loads((DOCS / report / "report.json").read_text(encoding="utf-8"))["cards"]
    prior = drafting.PRIOR_GAMES
    expected = {c["card"]: round(100 * (c["won_when_bought"]["wins"] + prior / 2)
                                 / (c["won_when_bought"]["games"] + prior)) for c in cards}
    assert table == expected
