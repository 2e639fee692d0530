"""Skirmish rules (seed 004) of "transport": size capacity, "enterable" (a unit that fits
moves onto it and gets in; its turn ends), "exitable" (a carried unit may be activated and
its only action is to move out), carried units can't be attacked, "transports can never be
nested", "by default flying units can not be carried", and what happens to the units a
transport carries when it dies."""

from __future__ import annotations

from game.rules.core.actions import Activate, Attack, Move

from .kit import activate, at, card_library, end, new_game, next_round, of, unit, unit_at

WAGON = unit("Wagon", attack=1, health=6, movement=3,
             keywords={"skirmish:transport": 3, "skirmish:enterable": True,
                       "skirmish:exitable": True, "skirmish:size": 3})
CAGE = unit("Cage", attack=0, health=4, movement=2,
            keywords={"skirmish:transport": 2, "skirmish:enterable": True})
LIBRARY = card_library(WAGON, CAGE)
ROWS = ["......", "......", "......"]


def moves(game, entity: int) -> set[object]:  # type: ignore[no-untyped-def]
    return {a.tile for a in of(game.legal_actions(game.actor), Move) if a.unit == entity}


def test_skirmish_transport_enterable_a_unit_moves_in_and_its_activation_ends() -> None:
    game = new_game(ROWS, [("Wagon", (2, 0), 0), ("Soldier", (0, 0), 0),
                           ("Soldier", (5, 2), 1)], library=LIBRARY, first=0)
    wagon, soldier = unit_at(game, 2, 0), activate(game, 0, 0)
    assert at(game, 2, 0) in moves(game, soldier)
    game.apply(Move(0, soldier, at(game, 2, 0)))
    assert game.view(soldier).container == wagon and game.tile_of(soldier) == at(game, 2, 0)
    assert game.actor == 1 and game.view(soldier).exhausted


def test_skirmish_transport_capacity_counts_sizes_and_no_fliers_nor_transports() -> None:
    """"Small: 1, medium: 2, large: 3, giga: 4": a transport of 3 holding a medium unit
    takes a small one, not another medium one; "by default flying units can not be
    carried"; "transports can never be nested"."""
    from game.rules.rulesets.skirmish.transport import entrances

    game = new_game(ROWS, [("Wagon", (2, 0), 0), ("Soldier", (1, 0), 0), ("Soldier", (3, 0), 0),
                           ("Scout", (2, 1), 0), ("Hawk", (1, 1), 0), ("Cage", (3, 1), 0),
                           ("Soldier", (5, 2), 1)], library=LIBRARY, first=0)
    wagon = unit_at(game, 2, 0)
    game.pile_onto(unit_at(game, 1, 0), wagon)  # a medium soldier already in (scenario)
    door = at(game, 2, 0)
    assert door not in entrances(game, unit_at(game, 3, 0))  # 2 + 2 > 3
    assert entrances(game, unit_at(game, 2, 1))[door] == wagon  # 2 + 1 = 3
    assert door not in entrances(game, unit_at(game, 1, 1))  # a flier
    assert door not in entrances(game, unit_at(game, 3, 1))  # a transport


def test_skirmish_transport_carried_units_can_not_be_attacked() -> None:
    game = new_game(ROWS, [("Wagon", (2, 0), 0), ("Soldier", (1, 0), 0),
                           ("Archer", (4, 0), 1)], library=LIBRARY, first=0)
    soldier = activate(game, 1, 0)
    game.apply(Move(0, soldier, at(game, 2, 0)))
    archer = activate(game, 4, 0)
    targets = {a.target for a in of(game.legal_actions(1), Attack)}
    assert targets == {unit_at(game, 2, 0)} and soldier not in targets
    assert soldier not in game.visible_permanents(1)
    assert archer


def test_skirmish_transport_exitable_a_carried_unit_is_activated_to_move_out() -> None:
    game = new_game(ROWS, [("Wagon", (2, 0), 0), ("Soldier", (1, 0), 0),
                           ("Soldier", (5, 2), 1)], library=LIBRARY, first=0)
    soldier = activate(game, 1, 0)
    game.apply(Move(0, soldier, at(game, 2, 0)))
    next_round(game)  # it got in this round; it may get out from the next
    if game.actor == 1:
        game.apply(Activate(1, unit_at(game, 5, 2)))
        end(game)
    assert Activate(0, soldier) in game.legal_actions(0)
    game.apply(Activate(0, soldier))
    legal = game.legal_actions(0)
    assert not of(legal, Attack) and at(game, 3, 0) in moves(game, soldier)
    game.apply(Move(0, soldier, at(game, 3, 0)))
    assert game.tile_of(soldier) == at(game, 3, 0) and not game.view(soldier).container
    assert game.activated != soldier and game.view(soldier).exhausted  # that was all


def test_skirmish_transport_not_exitable_keeps_its_passengers() -> None:
    game = new_game(ROWS, [("Cage", (2, 0), 0), ("Scout", (1, 0), 0), ("Soldier", (5, 2), 1)],
                    library=LIBRARY, first=0)
    scout = activate(game, 1, 0)
    game.apply(Move(0, scout, at(game, 2, 0)))
    next_round(game)
    assert Activate(0, scout) not in game.legal_actions(game.actor or 0)
    assert Activate(0, scout) not in game.legal_actions(0)


def test_skirmish_transport_dies_its_lone_passenger_steps_onto_the_hex() -> None:
    """"When a transport dies, if it is a ground unit containing a single other unit, it
    will attempt to place that unit on the hex of the dead transport.\""""
    game = new_game(ROWS, [("Wagon", (2, 0), 0), ("Soldier", (1, 0), 0),
                           ("Archer", (4, 0), 1)], library=LIBRARY, first=0)
    wagon = unit_at(game, 2, 0)
    soldier = activate(game, 1, 0)
    game.apply(Move(0, soldier, at(game, 2, 0)))
    game.edit(wagon, damage=5)
    archer = activate(game, 4, 0)
    game.apply(Attack(1, archer, wagon))  # a shot: nobody moves in
    assert not game.is_on_map(wagon)
    assert game.tile_of(soldier) == at(game, 2, 0) and not game.view(soldier).container


def test_skirmish_transport_dies_to_a_melee_attack_its_passenger_dies() -> None:
    """Ours: the attacker moves in at once ("might fail due to attacker moving in")."""
    game = new_game(ROWS, [("Wagon", (2, 0), 0), ("Soldier", (1, 0), 0),
                           ("Brute", (3, 0), 1)], library=LIBRARY, first=0)
    wagon = unit_at(game, 2, 0)
    soldier = activate(game, 1, 0)
    game.apply(Move(0, soldier, at(game, 2, 0)))
    game.edit(wagon, damage=4)
    brute = activate(game, 3, 0)
    game.apply(Attack(1, brute, wagon))
    assert not game.is_on_map(wagon) and not game.is_on_map(soldier)
    assert game.tile_of(brute) == at(game, 2, 0)


def test_skirmish_transport_dies_with_several_passengers_they_all_die() -> None:
    game = new_game(ROWS, [("Wagon", (2, 0), 0), ("Soldier", (1, 0), 0), ("Scout", (3, 0), 0),
                           ("Archer", (5, 0), 1), ("Soldier", (5, 2), 1)],
                    library=LIBRARY, first=0)
    wagon = unit_at(game, 2, 0)
    soldier = activate(game, 1, 0)
    game.apply(Move(0, soldier, at(game, 2, 0)))
    game.apply(Activate(1, unit_at(game, 5, 2)))
    end(game)
    scout = activate(game, 3, 0)
    game.apply(Move(0, scout, at(game, 2, 0)))
    game.edit(wagon, damage=5)
    archer = activate(game, 5, 0)
    game.apply(Attack(1, archer, wagon))
    assert not any(game.is_on_map(u) for u in (wagon, soldier, scout))
