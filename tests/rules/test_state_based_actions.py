"""Rules tests: State-based actions (destruction by damage, poison and lost durability,
granted effects ending with their condition, winners declared)."""

from __future__ import annotations

import pytest
from rulemarks import rules
from scenario import (
    in_hand,
    next_turn,
    of_type,
    pass_until,
    resolve,
    scenario,
    to_action_phase,
)

from game.rules import IllegalAction, Phase, Placement, WinSpec
from game.rules.core.actions import Activate, Attack, Pass, PlayCard, UseFreeAction
from game.rules.core.events import ActionDeclared, ActionResolved, Destroyed, GameOver
from game.rules.core.view import Zone

GRID = "1.......\n........\n........\n.......2"


# ---------------------------------------------------------------------------- 1 and 2


def test_state_based_actions_1_not_declared_and_never_on_the_stack() -> None:
    game = scenario(GRID, hands={0: ["Fireball"]}, resource={0: 5})
    scout = game.add_permanent("Scout", (5, 3), 1)
    to_action_phase(game)
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (scout,)))
    game.apply(Pass(0))
    events = game.apply(Pass(1))
    # the Fireball executed; the destruction followed without being declared
    assert [e.permanent for e in of_type(events, Destroyed)] == [scout]
    assert of_type(events, ActionDeclared) == []
    assert len(of_type(events, ActionResolved)) == 1
    assert game.stack == [] and game.zone(scout) is Zone.DISCARD


def test_state_based_actions_2_done_before_anyone_receives_priority() -> None:
    game = scenario(GRID, hands={0: ["Poison Dart"]}, resource={0: 5})
    scout = game.add_permanent("Scout", (2, 2), 0)
    to_action_phase(game)
    resolve(game, PlayCard(0, in_hand(game, 0, "Poison Dart"), None, (scout,)))
    assert game.marks(scout, "poison") == 1 and game.zone(scout) is Zone.MAP
    game.apply(Activate(0, scout))  # poison: one more mark when activated
    assert [i.kind for i in game.stack] == ["mark"]
    game.apply(Pass(0))
    game.apply(Pass(1))
    # by the time player 1 receives priority again, the scout is already gone
    assert game.actor == 0 and game.zone(scout) is Zone.DISCARD
    assert game.activated == 0
    assert not any(getattr(a, "unit", None) == scout for a in game.legal_actions(0))


# ---------------------------------------------------------------------------- 3


@rules("State-based actions 3.1", "State-based actions 3.4")
def test_state_based_actions_3_checks_repeat_until_nothing_changes() -> None:
    game = scenario(GRID, hands={1: ["Die!"]}, resource={1: 10})
    drummer = game.add_permanent("War Drummer", (1, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    # a granted effect that lasts while its source is on the map: +1 health
    game.grant(soldier, "stat:health", 1, "while_source_on_map", source=drummer)
    game.edit(soldier, damage=3)
    assert game.health(soldier) == 3
    game.apply(Pass(0))
    game.apply(PlayCard(1, in_hand(game, 1, "Die!"), None, (drummer,)))
    game.apply(Pass(0))
    events = game.apply(Pass(1))
    # Die! destroys the drummer; its grant ends; the soldier now has more damage than
    # health: all of it settles before anyone receives priority
    assert [e.permanent for e in of_type(events, Destroyed)] == [drummer, soldier]
    assert game.zone(soldier) is Zone.DISCARD


# ---------------------------------------------------------------------------- 3.1


def test_state_based_actions_3_1_more_damage_than_health_destroys() -> None:
    game = scenario(GRID, hands={0: ["Fireball", "Fireball", "Fireball"]}, resource={0: 10})
    soldier = game.add_permanent("Soldier", (5, 3), 1)
    scout = game.add_permanent("Scout", (6, 3), 1)
    first, second, third = game.players[0].hand
    to_action_phase(game)
    resolve(game, PlayCard(0, first, None, (soldier,)))
    assert game.view(soldier).damage == 2 == game.health(soldier)
    assert game.zone(soldier) is Zone.MAP  # damage equal to health: it survives
    resolve(game, PlayCard(0, second, None, (soldier,)))
    assert game.zone(soldier) is Zone.DISCARD  # 4 > 2
    resolve(game, PlayCard(0, third, None, (scout,)))
    assert game.zone(scout) is Zone.DISCARD  # 2 > 1


# ---------------------------------------------------------------------------- 3.2


def test_state_based_actions_3_2_more_poison_marks_than_health_destroys() -> None:
    game = scenario(GRID, hands={0: ["Poison Dart", "Poison Dart"]}, resource={0: 10})
    scout = game.add_permanent("Scout", (5, 3), 1)
    first, second = game.players[0].hand
    to_action_phase(game)
    resolve(game, PlayCard(0, first, None, (scout,)))
    assert game.marks(scout, "poison") == 1 == game.health(scout)
    assert game.zone(scout) is Zone.MAP and game.view(scout).damage == 0
    events = resolve(game, PlayCard(0, second, None, (scout,)))
    assert game.zone(scout) is Zone.DISCARD  # 2 poison marks > 1 health, no damage at all
    assert [e.reason for e in of_type(events, Destroyed)] == ["more poison marks than health"]


# ---------------------------------------------------------------------------- 3.3


def test_state_based_actions_3_3_equipment_without_durability_is_destroyed() -> None:
    game = scenario(GRID, hands={0: ["Fireball"]}, resource={0: 10})
    shield = game.add_permanent("Shield", (3, 2), 1)
    sword = game.add_permanent("Sword", (6, 3), 1)
    scout = game.add_permanent("Scout", (2, 2), 0)
    to_action_phase(game)
    game.apply(Activate(0, scout))
    resolve(game, Attack(0, scout, shield))
    assert game.view(shield).durability == 1 and game.zone(shield) is Zone.MAP
    resolve(game, PlayCard(0, in_hand(game, 0, "Fireball"), None, (sword,)))
    assert game.zone(sword) is Zone.DISCARD  # durability 2 - 2 = 0


def test_state_based_actions_3_3_a_potion_used_up_is_destroyed() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    potion = game.add_card("Healing Potion", 0, Zone.HAND)
    game.put_in_pile(potion, soldier, 0)
    game.edit(soldier, damage=2)
    to_action_phase(game)
    assert game.view(potion).durability == 1
    events = game.apply(UseFreeAction(0, potion, 0, ()))  # cost: 1 durability
    assert [e.reason for e in of_type(events, Destroyed)] == ["no durability left"]
    assert game.zone(potion) is Zone.DISCARD and game.pile(soldier) == []


# ---------------------------------------------------------------------------- 3.4


def test_state_based_actions_3_4_grant_ends_when_its_source_leaves_the_map() -> None:
    game = scenario(GRID, hands={1: ["Die!"]}, resource={1: 10})
    drummer = game.add_permanent("War Drummer", (1, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    game.grant(soldier, "stat:attack", 1, "while_source_on_map", source=drummer)
    assert game.attack_profile(soldier) == {1: 3}
    game.apply(Pass(0))
    resolve(game, PlayCard(1, in_hand(game, 1, "Die!"), None, (drummer,)))
    assert game.zone(drummer) is Zone.DISCARD
    assert game.attack_profile(soldier) == {1: 2}


def test_state_based_actions_3_4_war_drummers_bonus_ends_with_the_turn() -> None:
    game = scenario(GRID, resource={0: 10, 1: 10})
    game.add_permanent("War Drummer", (1, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    next_turn(game)
    next_turn(game)  # player 1's upkeep: the drummer's trigger (only target: the soldier)
    pass_until(game, lambda g: not g.stack and not g.pending)
    assert game.attack_profile(soldier) == {1: 3}
    next_turn(game)  # "until end of turn" no longer holds
    assert game.active == 1
    assert game.attack_profile(soldier) == {1: 2}


# ---------------------------------------------------------------------------- 3.5


def test_state_based_actions_3_5_winner_declared_when_the_win_condition_is_met() -> None:
    game = scenario(GRID, hands={0: ["Coin", "Fireball"]}, resource={0: 3, 1: 3},
                    win=WinSpec("resource", {"threshold": 5}))
    target = game.add_permanent("Ramm", (5, 3), 1)
    to_action_phase(game)
    game.apply(PlayCard(0, in_hand(game, 0, "Coin"), None, ()))
    assert game.phase is Phase.ACTION  # declared only: 3 resource
    game.apply(Pass(0))
    events = game.apply(Pass(1))
    assert [e.winners for e in of_type(events, GameOver)] == [(0,)]
    assert game.phase is Phase.OVER and game.winners == (0,)
    assert game.legal_actions(0) == [] and game.legal_actions(1) == []
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (target,)))
    assert game.state_hash() == before


def test_state_based_actions_3_5_no_winner_while_the_condition_is_unmet() -> None:
    game = scenario(GRID, hands={0: ["Coin"]}, resource={0: 3, 1: 4},
                    win=WinSpec("resource", {"threshold": 6}))
    to_action_phase(game)
    resolve(game, PlayCard(0, in_hand(game, 0, "Coin"), None, ()))
    assert game.players[0].resource == 5
    assert game.phase is Phase.ACTION and game.winners == ()


def test_state_based_actions_3_5_king_falls_and_the_other_player_wins() -> None:
    # rules version 2, where Die! still reaches a king (version 3's King is protected)
    game = scenario(GRID, hands={0: ["Die!"]}, resource={0: 10},
                    win=WinSpec("king"), rules_version=2,
                    placements=(Placement("King", (1, 0), 0), Placement("King", (6, 3), 1)))
    enemy_king = game.permanent_at((6, 3))
    assert game.card(enemy_king).name == "King"
    to_action_phase(game)
    game.apply(PlayCard(0, in_hand(game, 0, "Die!"), None, (enemy_king,)))
    assert game.phase is Phase.ACTION
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert game.players[1].eliminated
    assert game.phase is Phase.OVER and game.winners == (0,)
    assert game.actor is None
