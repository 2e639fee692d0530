"""The computer players answer the decisions the rules leave to a player: they keep their
most valuable units in an upkeep shortfall, place dropped permanents where they are of
use, and discard the least useful cards."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))

from scenario import next_turn, resolve, scenario, to_action_phase  # noqa: E402

from game.ai import make_player  # noqa: E402
from game.ai.search import settle  # noqa: E402
from game.rules import Game, WinSpec  # noqa: E402
from game.rules.core.actions import (  # noqa: E402
    Activate,
    DiscardToPay,
    Move,
    Pass,
    PayUpkeep,
    PlaceDropped,
    PlayCard,
    UseFreeAction,
)
from game.rules.core.view import Zone  # noqa: E402
from game.rules.mapmodel import Placement  # noqa: E402

GRID = "1.......\n........\n........\n.......2"
LEVELS = ["easy", "normal", "hard"]


def _answer(game: Game, kind: str, seed: int = 1) -> None:
    """The computer player of kind ``kind`` answers every decision waiting for it."""
    player = make_player(kind, seed)
    if kind == "hard":
        player.nodes = 6  # type: ignore[attr-defined]
    while game.choices:
        actor = game.actor
        assert actor is not None
        game.apply(player.choose(game, actor))


def _shortfall(game: Game) -> None:
    next_turn(game)
    resolve(game, PayUpkeep(1))
    assert [c.kind for c in game.choices] == ["unpaid"]


@pytest.mark.parametrize("kind", LEVELS)
def test_a_computer_player_leaves_the_wounded_soldier_unpaid(kind: str) -> None:
    game = scenario(GRID, resource={1: 1})
    healthy = game.add_permanent("Soldier", (1, 0), 1)
    wounded = game.add_permanent("Soldier", (2, 0), 1)
    game.edit(wounded, damage=2)  # one more point and it dies
    _shortfall(game)
    _answer(game, kind)
    assert game.is_on_map(healthy) and not game.is_on_map(wounded)


@pytest.mark.parametrize("kind", LEVELS)
def test_a_computer_player_keeps_its_king_whatever_it_costs(kind: str) -> None:
    king = Placement("King", (7, 0), 1)
    game = scenario(GRID, resource={1: 2}, win=WinSpec("king"), placements=(king,))
    crowned = game.permanent_at((7, 0))
    paladin = game.add_permanent("Paladin", (1, 0), 1)
    soldiers = [game.add_permanent("Soldier", (2, t), 1) for t in (0, 1)]
    _shortfall(game)
    _answer(game, kind)
    assert game.is_on_map(crowned)  # upkeep 0: always paid, never offered
    # two Soldiers (attack 2 each) are worth more than one Paladin: the Paladin goes
    kept = [u for u in (paladin, *soldiers) if game.is_on_map(u)]
    assert kept == soldiers


@pytest.mark.parametrize("kind", LEVELS)
def test_a_computer_player_places_a_dropped_soldier_next_to_the_enemy(kind: str) -> None:
    game = scenario(GRID, resource={0: 9})
    ramm = game.add_permanent("Ramm", (3, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    enemy = game.add_permanent("Soldier", (5, 1), 1)
    to_action_phase(game)
    resolve(game, Activate(0, soldier))
    resolve(game, Move(0, soldier, (3, 1)))
    resolve(game, PlayCard(0, game.add_card("Die!", 0, Zone.HAND), None, (ramm,)))
    assert game.legal_actions(0) and all(isinstance(a, PlaceDropped)
                                         for a in game.legal_actions(0))
    _answer(game, kind)
    tile = game.tile_of(soldier)
    assert tile is not None and tile[0] == 4  # the column next to the enemy
    assert game.is_on_map(enemy)


@pytest.mark.parametrize("kind", LEVELS)
def test_a_computer_player_discards_its_least_useful_card(kind: str) -> None:
    game = scenario(GRID, hands={0: ["Paladin", "Coin", "Sword"]}, resource={0: 0})
    cove = game.add_permanent("Smugglers' Cove", (2, 1), 0)
    to_action_phase(game)
    paladin, coin, sword = game.players[0].hand
    game.apply(UseFreeAction(0, cove, 0))
    assert DiscardToPay(0, coin) in game.legal_actions(0)
    _answer(game, kind)
    assert game.players[0].hand == [paladin, sword]


def test_search_settles_a_waiting_decision_by_the_rules_of_thumb() -> None:
    game = scenario(GRID, resource={1: 1})
    healthy = game.add_permanent("Soldier", (1, 0), 1)
    wounded = game.add_permanent("Soldier", (2, 0), 1)
    game.edit(wounded, damage=2)
    next_turn(game)
    game.apply(PayUpkeep(1))
    game.apply(Pass(1))
    game.apply(Pass(0))  # the upkeep action resolves: the shortfall waits
    assert game.choices
    settle(game)
    assert not game.choices and not game.stack
    assert game.is_on_map(healthy) and not game.is_on_map(wounded)
