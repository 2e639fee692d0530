"""Skirmish rules (seed 004) of "energy" ("units have a max energy, and regenerate 1 at
the start of each round") and "energy cost toggle n1/n2" ("toggle on costs n1 energy; at
the beginning of each round, if the unit has the buff, it loses n2 energy if available;
if it isn't, the buff is lost")."""

from __future__ import annotations

from types import MappingProxyType

from game.rules.core.actions import FullAction, Move

from .kit import activate, at, card_library, end, new_game, next_round, of, unit, unit_at

TOGGLE = MappingProxyType({"keyword": "skirmish:flying", "cost": 2, "upkeep": 1})
WALKER = unit("Walker", keywords={"skirmish:energy": 3, "skirmish:toggle": TOGGLE})
LIBRARY = card_library(WALKER)
ROWS = [".w.....", ".......", "......."]


def energy(game, entity: int) -> int:  # type: ignore[no-untyped-def]
    return game.view(entity).mark("skirmish:energy")


def test_skirmish_energy_starts_full_and_comes_back_one_a_round_up_to_the_maximum() -> None:
    game = new_game(ROWS, [("Walker", (0, 0), 0), ("Soldier", (6, 2), 1)], library=LIBRARY)
    walker = unit_at(game, 0, 0)
    assert energy(game, walker) == 3
    game.remove_marks(walker, "skirmish:energy", 2)
    next_round(game)
    assert energy(game, walker) == 2
    next_round(game)
    next_round(game)
    assert energy(game, walker) == 3


def test_skirmish_toggle_on_costs_its_energy_and_gives_the_buff() -> None:
    game = new_game(ROWS, [("Walker", (0, 0), 0), ("Soldier", (6, 2), 1)], library=LIBRARY)
    walker = activate(game, 0, 0)
    assert at(game, 1, 0) not in {a.tile for a in of(game.legal_actions(0), Move)}
    game.apply(FullAction(0, walker, "toggle"))
    assert energy(game, walker) == 1 and game.view(walker).mark("skirmish:toggled")
    assert game.keyword(walker, "skirmish:flying")
    assert at(game, 1, 0) in {a.tile for a in of(game.legal_actions(0), Move)}


def test_skirmish_toggle_upkeep_is_paid_each_round_or_the_buff_is_lost() -> None:
    game = new_game(ROWS, [("Walker", (0, 0), 0), ("Soldier", (6, 2), 1)], library=LIBRARY)
    walker = activate(game, 0, 0)
    game.apply(FullAction(0, walker, "toggle"))  # 3 - 2 = 1
    end(game)
    next_round(game)  # +1 back (2), then the upkeep (1)
    assert energy(game, walker) == 1 and game.keyword(walker, "skirmish:flying")
    dear = unit("Dear", keywords={"skirmish:energy": 2, "skirmish:toggle": MappingProxyType(
        {"keyword": "skirmish:flying", "cost": 2, "upkeep": 2})})
    game = new_game(ROWS, [("Dear", (0, 0), 0), ("Soldier", (6, 2), 1)],
                    library=card_library(dear))
    flier = activate(game, 0, 0)
    game.apply(FullAction(0, flier, "toggle"))  # 2 - 2 = 0
    end(game)
    next_round(game)  # +1 back (1): the upkeep of 2 can't be paid
    assert not game.keyword(flier, "skirmish:flying")
    assert energy(game, flier) == 1 and not game.view(flier).mark("skirmish:toggled")


def test_skirmish_toggle_lost_for_want_of_energy_drops_a_flier_over_water() -> None:
    cheap = unit("Gull", keywords={"skirmish:energy": 1, "skirmish:toggle": MappingProxyType(
        {"keyword": "skirmish:flying", "cost": 1, "upkeep": 2})})
    game = new_game(ROWS, [("Gull", (0, 0), 0), ("Soldier", (6, 2), 1)],
                    library=card_library(cheap))
    gull = activate(game, 0, 0)
    game.apply(FullAction(0, gull, "toggle"))
    game.apply(Move(0, gull, at(game, 1, 0)))  # over the water
    assert FullAction(0, gull, "toggle") not in game.legal_actions(0)  # it would fall
    end(game)
    next_round(game)  # 0 + 1 energy: the upkeep of 2 can't be paid, the buff goes
    assert not game.is_on_map(gull)


def test_skirmish_toggle_off_where_it_can_stand() -> None:
    game = new_game(ROWS, [("Walker", (0, 0), 0), ("Soldier", (6, 2), 1)], library=LIBRARY)
    walker = activate(game, 0, 0)
    game.apply(FullAction(0, walker, "toggle"))
    game.apply(FullAction(0, walker, "toggle"))
    assert not game.keyword(walker, "skirmish:flying")
    assert not game.view(walker).mark("skirmish:toggled") and energy(game, walker) == 1
