"""Rules tests: State Marks (Paralysis, Poison, Panic, Rage, Ward)."""

from __future__ import annotations

from rulemarks import rules
from scenario import assert_illegal as _illegal
from scenario import next_turn, pass_until, resolve, scenario, to_action_phase

from game.rules import Game
from game.rules.core.actions import (
    Activate,
    Attack,
    FullAction,
    Move,
    PlayCard,
    ShakeOff,
)

GRID = "1.......\n........\n........\n.......2"
ROW = "1......2"




def _activate(game: Game, unit: int) -> None:
    """Activate the unit and let every mark's triggered action resolve."""
    resolve(game, Activate(game.controller(unit), unit))


def _cast(game: Game, player: int, name: str, *targets: int) -> None:
    card = next(c for c in game.players[player].hand if game.card(c).name == name)
    resolve(game, PlayCard(player, card, None, targets))


def _kinds(game: Game, player: int) -> set[type]:
    return {type(a) for a in game.legal_actions(player)}


# ---------------------------------------------------------------------------- Paralysis


def test_paralysis_1_a_unit_with_paralysis_marks_is_paralyzed() -> None:
    game = scenario(GRID, hands={0: ["Net"]}, resource={0: 2})
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    game.add_permanent("Scout", (3, 1), 1)
    to_action_phase(game)
    _cast(game, 0, "Net", soldier)
    assert game.marks(soldier, "paralysis") == 2
    _activate(game, soldier)
    assert not {Move, Attack} & _kinds(game, 0)
    assert ShakeOff in _kinds(game, 0)


def test_paralysis_2_a_paralyzed_unit_cannot_use_its_actions() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (0, 1), 0)
    scout = game.add_permanent("Scout", (1, 1), 1)
    soldier = game.add_permanent("Soldier", (4, 2), 1)
    game.add_marks(charger, "paralysis", 1)
    to_action_phase(game)
    _activate(game, charger)
    _illegal(game, Move(0, charger, (0, 2)))
    _illegal(game, Attack(0, charger, scout))
    _illegal(game, FullAction(0, charger, "card", (soldier,)))
    assert game.tile_of(charger) == (0, 1) and game.view(scout).damage == 0


def test_paralysis_3_spending_the_move_action_removes_one_mark() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    game.add_marks(soldier, "paralysis", 1)
    to_action_phase(game)
    _activate(game, soldier)
    resolve(game, ShakeOff(0, soldier, "move"))
    assert game.marks(soldier, "paralysis") == 0
    assert game.view(soldier).moves_left == 0
    # no longer paralyzed, it may use the action it kept
    assert not [a for a in game.legal_actions(0) if isinstance(a, Move)]
    resolve(game, Attack(0, soldier, ramm))
    assert game.view(ramm).damage == 2


def test_paralysis_3_one_action_removes_only_one_mark() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    game.add_permanent("Ramm", (3, 1), 1)
    game.add_marks(soldier, "paralysis", 2)
    to_action_phase(game)
    _activate(game, soldier)
    resolve(game, ShakeOff(0, soldier, "attack"))
    assert game.marks(soldier, "paralysis") == 1
    assert game.view(soldier).attacks_left == 0
    # still paralyzed: only the remaining move can shake off the last mark
    assert _kinds(game, 0) & {Move, Attack, ShakeOff} == {ShakeOff}
    _illegal(game, ShakeOff(0, soldier, "attack"))
    resolve(game, ShakeOff(0, soldier, "move"))
    assert game.marks(soldier, "paralysis") == 0
    assert game.view(soldier).tapped  # no actions left


# ---------------------------------------------------------------------------- Poison


def test_poison_1_a_unit_with_poison_marks_is_poisoned() -> None:
    game = scenario(GRID, hands={0: ["Poison Dart"]}, resource={0: 1})
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _cast(game, 0, "Poison Dart", ramm)
    assert game.marks_on(ramm) == {"poison": 1}


def test_poison_2_each_activation_adds_a_poison_mark() -> None:
    game = scenario(GRID, resource={0: 10})
    ramm = game.add_permanent("Ramm", (3, 1), 0)
    game.add_marks(ramm, "poison", 1)
    to_action_phase(game)
    game.apply(Activate(0, ramm))
    assert len(game.stack) == 1  # the poison mark's triggered action
    pass_until(game, lambda g: not g.stack)
    assert game.marks(ramm, "poison") == 2
    next_turn(game)
    next_turn(game)
    to_action_phase(game)
    assert game.marks(ramm, "poison") == 2  # turns alone add nothing
    _activate(game, ramm)
    assert game.marks(ramm, "poison") == 3


@rules("State-based actions 3.2")
def test_poison_3_more_poison_marks_than_health_destroys_the_unit() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (3, 1), 0)  # health 2
    game.add_marks(soldier, "poison", 2)
    to_action_phase(game)
    assert game.is_on_map(soldier)  # as many marks as health: it lives
    _activate(game, soldier)
    assert not game.is_on_map(soldier)  # 3 > 2
    assert soldier in game.players[0].discard
    assert game.marks_on(soldier) == {}


# ---------------------------------------------------------------------------- Panic


def test_panic_1_a_unit_with_panic_marks_is_panicked() -> None:
    game = scenario(GRID, hands={0: ["Terror"]}, resource={0: 1})
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    to_action_phase(game)
    _cast(game, 0, "Terror", soldier)
    assert game.marks_on(soldier) == {"panic": 1}


@rules("Shy 2")
def test_panic_2_a_panicked_unit_flees_by_the_shy_behaviour_and_loses_a_mark() -> None:
    game = scenario(ROW)
    soldier = game.add_permanent("Soldier", (2, 0), 0)  # movement 2
    enemy = game.add_permanent("Soldier", (1, 0), 1)
    game.add_marks(soldier, "panic", 2)
    to_action_phase(game)
    _activate(game, soldier)
    assert game.tile_of(soldier) == (4, 0)  # the reachable tile farthest from the enemy
    assert game.view(enemy).damage == 0  # out of reach after fleeing: no attack
    assert game.marks(soldier, "panic") == 1
    assert game.view(soldier).tapped and game.activated == 0
    assert not {Move, Attack} & _kinds(game, 0)  # its controller chose nothing


def test_panic_2_the_last_panic_mark_goes_and_the_unit_obeys_again() -> None:
    game = scenario(ROW, resource={0: 10, 1: 10})
    soldier = game.add_permanent("Soldier", (2, 0), 0)
    game.add_permanent("Soldier", (1, 0), 1)
    game.add_marks(soldier, "panic", 1)
    to_action_phase(game)
    _activate(game, soldier)
    assert game.marks_on(soldier) == {}
    next_turn(game)
    next_turn(game)
    to_action_phase(game)
    _activate(game, soldier)
    assert Move in _kinds(game, 0)


# ---------------------------------------------------------------------------- Rage


def test_rage_1_a_unit_with_rage_marks_is_enraged() -> None:
    game = scenario(GRID, hands={0: ["Battle Cry"]}, resource={0: 1})
    soldier = game.add_permanent("Soldier", (3, 1), 0)
    to_action_phase(game)
    _cast(game, 0, "Battle Cry", soldier)
    assert game.marks_on(soldier) == {"rage": 1}


@rules("Aggressive 1", "Aggressive 2")
def test_rage_2_an_enraged_unit_charges_by_the_aggressive_behaviour_and_loses_a_mark() -> None:
    game = scenario(ROW)
    soldier = game.add_permanent("Soldier", (1, 0), 0)  # movement 2, attack 2
    scout = game.add_permanent("Scout", (4, 0), 1)  # health 1
    game.add_marks(soldier, "rage", 1)
    to_action_phase(game)
    _activate(game, soldier)
    assert game.tile_of(soldier) == (3, 0)  # moved towards the nearest enemy
    assert not game.is_on_map(scout)  # and attacked it
    assert game.view(soldier).damage == 1  # the scout struck back
    assert game.marks_on(soldier) == {}
    assert game.view(soldier).tapped and game.activated == 0


# ---------------------------------------------------------------------------- Ward


def test_ward_1_a_unit_with_ward_marks_is_warded() -> None:
    game = scenario(GRID, hands={0: ["Blessing"]}, resource={0: 1})
    soldier = game.add_permanent("Soldier", (3, 1), 0)
    to_action_phase(game)
    _cast(game, 0, "Blessing", soldier)
    assert game.marks_on(soldier) == {"ward": 2}


def test_ward_2_damage_is_prevented_and_as_many_ward_marks_removed() -> None:
    game = scenario(GRID, hands={0: ["Fireball"]}, resource={0: 2})
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    game.add_marks(ramm, "ward", 3)
    to_action_phase(game)
    _cast(game, 0, "Fireball", ramm)
    assert game.view(ramm).damage == 0
    assert game.marks(ramm, "ward") == 1


def test_ward_2_ward_prevents_damage_in_combat() -> None:
    game = scenario(GRID)
    scout = game.add_permanent("Scout", (2, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    game.add_marks(ramm, "ward", 2)
    to_action_phase(game)
    resolve(game, Activate(0, scout))
    resolve(game, Attack(0, scout, ramm))
    assert game.view(ramm).damage == 0
    assert game.marks(ramm, "ward") == 1


def test_ward_3_damage_is_prevented_in_full_by_fewer_ward_marks() -> None:
    game = scenario(GRID, hands={0: ["Fireball", "Fireball"]}, resource={0: 4})
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    game.add_marks(ramm, "ward", 1)
    to_action_phase(game)
    _cast(game, 0, "Fireball", ramm)  # 2 damage against 1 ward mark
    assert game.view(ramm).damage == 0
    assert game.marks_on(ramm) == {}
    _cast(game, 0, "Fireball", ramm)  # no longer warded
    assert game.view(ramm).damage == 2
