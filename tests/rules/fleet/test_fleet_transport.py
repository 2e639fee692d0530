"""Capacity (16), transport (58.5, 95), the fleet pool (76) and the notes of rule 58 on
fighters that move themselves. The kit's strip: A-G on top, H-N below (H touches A, B
and I; I touches H, J, B and C)."""

from __future__ import annotations

from game.rules.rulesets.fleet.actions import (
    Confirm,
    DeclareMove,
    Load,
    RemoveUnit,
)
from game.rules.rulesets.fleet.rules import FLEET_POOL, landed

from .kit import activate, declare, of, paths_of, put, strip, tactic_game, token, units


def loads(game: object, ship: int) -> set[int]:
    return {a.unit for a in of(game.legal_actions(game.actor), Load)  # type: ignore[attr-defined]
            if a.ship == ship}


def test_95_pick_up_where_the_ship_starts_and_where_it_passes() -> None:
    """Rule 95: from the system it starts in and each it moves through."""
    board = strip()
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    (at_start,) = put(game, board, "Infantry", "A")
    (passed,) = put(game, board, "Fighter", "H")
    (elsewhere,) = put(game, board, "Infantry", "D")
    activate(game, board, "H")
    put(game, board, "Infantry", "H")
    declare(game, carrier, board.path("H"))
    assert at_start in loads(game, carrier)
    assert elsewhere not in loads(game, carrier)
    _ = passed


def test_95_pick_up_in_a_system_passed_through() -> None:
    board = strip({"B": "gravity rift"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    (on_way,) = put(game, board, "Infantry", "B")
    activate(game, board, "C")
    declare(game, carrier, board.path("BC"))
    assert loads(game, carrier) == {on_way}
    game.apply(Load(0, carrier, on_way))
    from .kit import rig

    rig(game, [9])
    game.apply(Confirm(0))
    assert units(game, board, "C") == ["Carrier", "Infantry"]
    assert units(game, board, "B") == []


def test_95_no_pick_up_from_a_system_holding_the_players_own_token() -> None:
    """Rule 95: never from a system with the player's command token but the active one
    (which the ship may still pass through, 58.4d)."""
    board = strip({"B": "gravity rift"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    put(game, board, "Infantry", "B")
    token(game, board, "B")
    activate(game, board, "C")
    assert board.path("BC") in paths_of(game, carrier)
    declare(game, carrier, board.path("BC"))
    assert loads(game, carrier) == set()


def test_95_ground_forces_are_picked_up_from_planets_too() -> None:
    board = strip({"A": "planet"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    (down,) = put(game, board, "Infantry", "A", on_planet=True)
    activate(game, board, "B")
    declare(game, carrier)
    game.apply(Load(0, carrier, down))
    game.apply(Confirm(0))
    assert game.tile_of(down) == board.tile("B") and not landed(down)


def test_16_capacity_limits_what_a_ship_transports() -> None:
    """Rule 16: a carrier (capacity 4) loads four units, no more; interchangeable units
    are offered once."""
    board = strip()
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    troops = put(game, board, "Infantry", "A", count=6)
    activate(game, board, "B")
    declare(game, carrier)
    assert loads(game, carrier) == {troops[0]}
    for _ in range(4):
        (choice,) = loads(game, carrier)
        game.apply(Load(0, carrier, choice))
    assert loads(game, carrier) == set()
    game.apply(Confirm(0))
    assert units(game, board, "B").count("Infantry") == 4


def test_16_units_left_without_capacity_are_removed_by_their_owners_choice() -> None:
    """Rule 16: after movement, fighters and ground forces in a system's space area beyond
    its ships' capacity are removed; the player chooses which."""
    board = strip()
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    put(game, board, "Fighter", "A")
    put(game, board, "Infantry", "A")
    activate(game, board, "B")
    declare(game, carrier)
    game.apply(Confirm(0))
    choices = of(game.legal_actions(0), RemoveUnit)
    assert {game.card(a.unit).name for a in choices} == {"Fighter", "Infantry"}
    game.apply(next(a for a in choices if game.card(a.unit).name == "Infantry"))
    # the last one is the only choice left: the rules remove it
    assert units(game, board, "A") == []


def test_16_ground_forces_on_a_planet_need_no_capacity() -> None:
    board = strip({"A": "planet"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    put(game, board, "Infantry", "A", count=3, on_planet=True)
    activate(game, board, "B")
    declare(game, carrier)
    game.apply(Confirm(0))
    assert units(game, board, "A") == ["Infantry"] * 3


def test_58_notes_a_fighter_moving_itself_cant_be_picked_up_on_the_way() -> None:
    """Rule 58 notes: a fighter that can move (our Interceptor) either moves or is
    transported, never both (all ships move at once, so none 'meets' a carrier)."""
    board = strip()
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    (interceptor,) = put(game, board, "Interceptor", "A")
    activate(game, board, "B")
    declare(game, interceptor)
    declare(game, carrier)
    assert interceptor not in loads(game, carrier)


def test_58_notes_a_fighter_transported_cant_move_itself() -> None:
    board = strip()
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    (interceptor,) = put(game, board, "Interceptor", "A")
    activate(game, board, "B")
    declare(game, carrier)
    game.apply(Load(0, carrier, interceptor))
    assert interceptor not in {a.ship for a in of(game.legal_actions(0), DeclareMove)}


def test_76_the_fleet_pool_limits_non_fighter_ships_in_the_active_system() -> None:
    """Rule 76: no more non-fighter ships than fleet pool tokens in one system; fighters
    don't count against it."""
    board = strip()
    game = tactic_game(board)
    game.add_to_counter(0, FLEET_POOL, 2 - game.counter(0, FLEET_POOL))
    ships = put(game, board, "Cruiser", "A", count=3)
    (fighter,) = put(game, board, "Interceptor", "A")
    activate(game, board, "B")
    declare(game, ships[0])
    declare(game, ships[1])
    assert {a.ship for a in of(game.legal_actions(0), DeclareMove)} == {fighter}


def test_76_fleet_pool_excess_is_removed_by_the_owners_choice() -> None:
    board = strip()
    game = tactic_game(board)
    put(game, board, "Cruiser", "B", count=2)
    put(game, board, "Destroyer", "B", count=2)
    game.add_to_counter(0, FLEET_POOL, 3 - game.counter(0, FLEET_POOL))
    activate(game, board, "B")
    game.apply(Confirm(0))
    choices = of(game.legal_actions(0), RemoveUnit)
    assert {game.card(a.unit).name for a in choices} == {"Cruiser", "Destroyer"}
    game.apply(choices[0])
    assert len(units(game, board, "B")) == 3


def test_16_capacity_is_not_enforced_during_combat_only_after_it() -> None:
    """Rule 16: a carrier lost in a fight leaves its fighters fighting on to the end of
    the combat; then, without capacity, they are removed."""
    from game.rules.rulesets.fleet.actions import TakeHit

    from .kit import rig

    board = strip()
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "B")
    fighters = put(game, board, "Fighter", "B", count=2)
    put(game, board, "Cruiser", "C", player=1)
    activate(game, board, "C")
    declare(game, carrier)
    for fighter in fighters:
        game.apply(Load(0, carrier, fighter))
    # round 1: the three attackers miss, the cruiser hits (the carrier takes it); round 2:
    # the fighters still fight (one hits), the cruiser misses
    dice = rig(game, [1, 1, 1, 7, 9, 1, 1])
    game.apply(Confirm(0))
    assert {game.card(a.unit).name for a in game.legal_actions(0)
            if isinstance(a, TakeHit)} == {"Carrier", "Fighter"}
    game.apply(TakeHit(0, carrier))
    assert dice.rolled == [1, 1, 1, 7, 9, 1, 1]  # both fighters rolled in round 2
    assert units(game, board, "C", player=1) == []
    assert units(game, board, "C", player=0) == []  # then, without a carrier, they went
