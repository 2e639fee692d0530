"""Store tiles (RULES-NOTES, tiles page): in player-vs-computer games the sets' cards are
dealt face down among the map's stores; a unit standing on a store lets its controller buy
from it; a neutralized store's remaining cards are exiled."""

from __future__ import annotations

import random

import pytest
from scenario import LIBRARY, to_phase

from game.rules import Game, GameSetup, IllegalAction, Phase, WinSpec, parse_grid
from game.rules.core.actions import Buy
from game.rules.core.view import Zone
from game.rules.invariants import check

GRID = "1..$....\n........\n....$..2"


def store_game(store_mode: bool = True, seed: int = 3) -> Game:
    spec = parse_grid(GRID, income=0, win=WinSpec("none"))
    return Game(GameSetup(spec, LIBRARY, 2, seed, sets=("base",), store_mode=store_mode))


def pool() -> list[str]:
    return sorted(c.name for c in LIBRARY.in_sets(("base",)) if c.buy is not None)


def test_tiles_common_12_every_available_card_is_dealt_among_the_stores() -> None:
    game = store_game()
    first, second = game.store_stock((3, 0)), game.store_stock((4, 2))
    names = sorted(game.card(c).name for c in first + second)
    assert names == pool()
    assert abs(len(first) - len(second)) <= 1  # dealt in turn
    assert game.phase is Phase.UPKEEP and not game.packs  # no draft in this mode
    assert all(not p.store for p in game.players)
    assert all(game.zone(c) is Zone.STORE and game.owner(c) == -1 for c in first)


def test_tiles_common_12_a_unit_on_a_store_lets_its_controller_buy_from_it() -> None:
    game = store_game()
    game.players[0].resource = 20
    unit = game.add_permanent("Soldier", (3, 0), 0)
    to_phase(game, Phase.BUYING)
    stock = game.store_stock((3, 0))
    offered = {a.card for a in game.legal_actions(0) if isinstance(a, Buy)}
    affordable = {c for c in stock if (game.card(c).buy or 99) <= 20}
    assert offered == affordable and offered
    assert not offered & set(game.store_stock((4, 2)))  # not the store without a unit
    card = min(offered)
    game.apply(Buy(0, card))
    to_phase(game, Phase.DISCARD)
    assert game.owner(card) == 0 and card in game.players[0].discard
    assert card not in game.store_stock((3, 0))
    assert game.is_on_map(unit)
    assert check(game) == []


def test_tiles_common_12_without_a_unit_there_nothing_can_be_bought() -> None:
    game = store_game()
    game.players[0].resource = 20
    game.add_permanent("Soldier", (2, 0), 0)  # next to the store, not on it
    to_phase(game, Phase.BUYING)
    card = game.store_stock((3, 0))[0]
    assert not [a for a in game.legal_actions(0) if isinstance(a, Buy)]
    with pytest.raises(IllegalAction):
        game.apply(Buy(0, card))


def test_tiles_common_12_a_neutralized_store_has_its_cards_exiled() -> None:
    game = store_game()
    stock = game.store_stock((4, 2))
    game.neutralize_store((4, 2))
    assert game.store_stock((4, 2)) == []
    assert all(game.zone(c) is Zone.EXILE for c in stock)
    assert check(game) == []


def test_tiles_common_12_stores_stay_empty_outside_store_mode() -> None:
    game = store_game(store_mode=False)
    assert game.store_stock((3, 0)) == [] and game.packs  # a normal game drafts


def test_tiles_common_12_random_store_mode_games_keep_every_invariant() -> None:
    for seed in range(1, 6):
        game = store_game(seed=seed)
        chooser = random.Random(seed)
        while game.actor is not None and game.turn < 25:
            legal = game.legal_actions(game.actor)
            game.apply(legal[chooser.randrange(len(legal))])
            assert check(game) == [], (seed, game.history[-1])
