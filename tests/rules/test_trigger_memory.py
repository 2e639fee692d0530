"""Triggered actions of permanents that leave the map in the very step that triggers them."""

from __future__ import annotations

from scenario import resolve, scenario, to_action_phase

from game.rules.core.actions import Activate, Attack


def test_actions_4_a_unit_dying_in_its_own_attack_still_triggers() -> None:
    game = scenario(resource={1: 3})
    thief = game.add_permanent("Thief", (2, 1), 0)  # health 1, "whenever this attacks"
    guard = game.add_permanent("Soldier", (3, 1), 1)  # strikes back for 2
    to_action_phase(game)
    resolve(game, Activate(0, thief))
    resolve(game, Attack(0, thief, guard))
    assert not game.is_on_map(thief)  # it died in the fight...
    assert game.players[0].resource == 1  # ...and still stole on attacking
    assert game.players[1].resource == 2


def test_free_actions_3_a_card_in_hand_offers_its_free_action() -> None:
    from game.rules.core.actions import UseFreeAction

    game = scenario(hands={0: ["Field Notes", "Treasure Chest"]}, resource={0: 0})
    notes, chest = game.players[0].hand
    to_action_phase(game)
    legal = game.legal_actions(0)
    assert UseFreeAction(0, notes, 0, ()) in legal
    assert not [a for a in legal if isinstance(a, UseFreeAction) and a.source == chest]
    resolve(game, UseFreeAction(0, notes, 0, ()))
    assert notes in game.players[0].discard  # its cost: discard it
    assert game.players[0].resource == 1
