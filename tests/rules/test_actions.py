"""Rules tests: Actions (player and triggered actions, playing costs, declaring and
executing, slow and fast timing) and Free Actions ("<cost>: <effect>", fast, on permanents
and cards, and every player's free action "discard 2 cards: gain 1 resource")."""

from __future__ import annotations

import pytest
from rulemarks import rules
from scenario import (
    assert_illegal,
    in_hand,
    next_turn,
    of_type,
    pass_until,
    resolve,
    scenario,
    tapped,
    to_action_phase,
    to_phase,
)

from game.content.cards import card_from_data
from game.rules import Game, IllegalAction, Phase
from game.rules.core.actions import (
    Action,
    Activate,
    Attack,
    Buy,
    DeclareTrigger,
    DiscardForResource,
    Equip,
    Move,
    Pass,
    PlayCard,
    UseFreeAction,
)
from game.rules.core.events import ActionDeclared, ActionResolved, Destroyed
from game.rules.core.view import Zone

GRID = "1.......\n........\n........\n.......2"
GRID3 = "1.......\n........\n...2....\n.......3"

#: Test-only cards whose triggers belong to the defending side, so that one event sets off
#: triggered actions of several players at once (rule Actions 5).
SENTRY = card_from_data({
    "type": "unit", "name": {"en": "Sentry"}, "attack": 0, "health": 3, "movement": 1,
    "play": 1, "upkeep": 0,
    "triggers": [{"when": "attacked", "do": [{"gain_resource": {"amount": 1}}]}],
}, "tests/rules/test_actions.py", "test")
CROW = card_from_data({
    "type": "unit", "name": {"en": "Crow"}, "attack": 0, "health": 1, "movement": 1,
    "play": 1, "upkeep": 0,
    "triggers": [{"when": "unit_dies", "do": [{"gain_resource": {"amount": 1}}]}],
}, "tests/rules/test_actions.py", "test")


def plays(game: Game, player: int, card: int) -> list[PlayCard]:
    return [a for a in game.legal_actions(player) if isinstance(a, PlayCard) and a.card == card]


# ---------------------------------------------------------------------------- Actions 1-4


def _skirmish() -> Game:
    game = scenario(GRID, hands={0: ["Fireball", "Soldier"], 1: ["Blessing"]},
                    resource={0: 10, 1: 10}, stores={0: ["Scout"]})
    game.add_permanent("Scout", (5, 3), 1)
    return game


def test_actions_1_every_change_of_the_game_is_an_action_and_replays() -> None:
    game = _skirmish()
    scout = game.permanent_at((5, 3))
    to_action_phase(game)
    resolve(game, PlayCard(0, in_hand(game, 0, "Soldier"), (0, 0)))
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (scout,)))
    game.apply(Pass(0))
    game.apply(PlayCard(1, in_hand(game, 1, "Blessing"), None, (scout,)))
    pass_until(game, lambda g: not g.stack)
    to_phase(game, Phase.BUYING)
    resolve(game, Buy(0, game.players[0].store[0]))
    next_turn(game)

    # the whole game so far is the list of actions applied to it: replaying them on the
    # same start position gives the very same position
    assert all(isinstance(a, Action) for a in game.history)
    replay = _skirmish()
    for action in game.history:
        replay.apply(action)
    assert replay.state_hash() == game.state_hash()
    # and nothing but an action changes a game
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply("pass")  # type: ignore[arg-type]
    assert game.state_hash() == before


def test_actions_2_actions_come_from_players_or_from_triggers() -> None:
    game = scenario(GRID, resource={0: 0, 1: 3})
    thief = game.add_permanent("Thief", (2, 2), 0)
    farmer = game.add_permanent("Farmer", (3, 2), 1)
    to_action_phase(game)
    game.apply(Activate(0, thief))
    declared = of_type(game.apply(Attack(0, thief, farmer)), ActionDeclared)
    assert [e.player for e in declared] == [0]  # the player declared the attack
    game.apply(Pass(0))
    events = game.apply(Pass(1))  # nobody declares anything: the attack executes ...
    # ... and its condition sets off the Thief's triggered action, declared by no one's move
    declared = of_type(events, ActionDeclared)
    assert len(declared) == 1 and "Thief" in declared[0].text
    assert [(i.kind, i.source) for i in game.stack] == [("trigger", thief)]
    assert not any(isinstance(a, DeclareTrigger) for a in game.history)


def test_actions_3_a_trigger_is_the_condition_that_sets_off_an_action() -> None:
    game = scenario(GRID, resource={0: 0, 1: 3})
    thief = game.add_permanent("Thief", (2, 2), 0)
    farmer = game.add_permanent("Farmer", (5, 2), 1)
    to_action_phase(game)
    game.apply(Activate(0, thief))
    resolve(game, Move(0, thief, (4, 2)))  # moving is not the Thief's condition
    assert not game.stack
    assert [p.resource for p in game.players] == [0, 3]
    game.apply(Attack(0, thief, farmer))
    game.apply(Pass(0))
    game.apply(Pass(1))  # the attack executes: the condition "this attacks" is met
    assert [(i.kind, i.source, i.controller) for i in game.stack] == [("trigger", thief, 0)]


def test_actions_4_triggered_action_goes_on_the_stack_and_executes() -> None:
    game = scenario(GRID, resource={0: 0, 1: 3})
    thief = game.add_permanent("Thief", (2, 2), 0)
    farmer = game.add_permanent("Farmer", (3, 2), 1)
    to_action_phase(game)
    game.apply(Activate(0, thief))
    game.apply(Attack(0, thief, farmer))
    pass_until(game, lambda g: bool(g.stack) and g.stack[-1].kind == "trigger")
    assert [p.resource for p in game.players] == [0, 3]  # declared, not executed yet
    events = pass_until(game, lambda g: not g.stack)
    assert any("Thief" in e.text for e in of_type(events, ActionResolved))
    assert [p.resource for p in game.players] == [1, 2]  # steals 1 from the opponent


def test_actions_4_1_whenever_the_equipped_unit_attacks_gain_1_resource() -> None:
    game = scenario(GRID, resource={0: 0, 1: 0})
    bare = game.add_permanent("Soldier", (1, 1), 0)
    game.add_permanent("Sword", (0, 1), 0)  # lying next to it, not equipped
    armed = game.add_permanent("Soldier", (5, 1), 0)
    sword = game.add_permanent("Sword", (6, 1), 0)
    left = game.add_permanent("Farmer", (2, 1), 1)
    right = game.add_permanent("Farmer", (4, 1), 1)
    to_action_phase(game)
    start = game.players[0].resource
    game.apply(Activate(0, bare))
    resolve(game, Attack(0, bare, left))  # no sword equipped: the condition is not met
    assert game.players[0].resource == start
    game.apply(Activate(0, armed))
    resolve(game, Equip(0, armed, sword, "move"))
    assert game.container_of(sword) == armed
    resolve(game, Attack(0, armed, right))  # the equipped unit attacks: gain 1 resource
    assert game.players[0].resource == start + 1


# ---------------------------------------------------------------------------- Actions 5


def test_actions_5_simultaneous_triggers_are_declared_in_turn_order() -> None:
    game = scenario(GRID, resource={0: 5, 1: 0})
    thief = game.add_permanent("Thief", (2, 2), 0)
    sentry = game.add_permanent(SENTRY, (3, 2), 1)
    to_action_phase(game)
    start = game.players[0].resource
    game.apply(Activate(0, thief))
    game.apply(Attack(0, thief, sentry))
    game.apply(Pass(0))
    game.apply(Pass(1))
    # the Thief's "attacks" and the Sentry's "is attacked" trigger at the same moment: the
    # active player 1 declares first, so player 2's triggered action lies on top of it
    assert [(i.controller, i.source) for i in game.stack] == [(0, thief), (1, sentry)]
    pass_until(game, lambda g: not g.stack)
    # the Sentry's gain executed first, then the Thief stole that resource
    assert [p.resource for p in game.players] == [start + 1, 0]


def test_actions_5_turn_order_starts_with_the_active_player() -> None:
    game = scenario(GRID, resource={0: 0, 1: 5})
    sentry = game.add_permanent(SENTRY, (3, 2), 0)
    thief = game.add_permanent("Thief", (2, 2), 1)
    next_turn(game)  # player 2's turn
    to_action_phase(game)
    assert game.active == 1
    game.apply(Activate(1, thief))
    game.apply(Attack(1, thief, sentry))
    pass_until(game, lambda g: len(g.stack) == 2)
    assert [(i.controller, i.source) for i in game.stack] == [(1, thief), (0, sentry)]
    before = [p.resource for p in game.players]
    pass_until(game, lambda g: not g.stack)
    assert [p.resource for p in game.players] == [before[0], before[1] + 1]


def test_actions_5_three_players_declare_in_turn_order_from_the_active_one() -> None:
    game = scenario(GRID3, players=3, resource={0: 0, 1: 5, 2: 0})
    crows = {p: game.add_permanent(CROW, tile, p)
             for p, tile in ((0, (0, 3)), (1, (7, 0)), (2, (4, 0)))}
    farmer = game.add_permanent("Farmer", (4, 2), 0)
    soldier = game.add_permanent("Soldier", (3, 2), 1)
    next_turn(game)
    to_action_phase(game)
    assert game.active == 1
    game.apply(Activate(1, soldier))
    game.apply(Attack(1, soldier, farmer))
    pass_until(game, lambda g: len(g.stack) == 3)
    assert game.zone(farmer) is Zone.DISCARD
    # one death, three "whenever a unit dies" triggers: players 2, 3, 1 declare in turn
    assert [(i.controller, i.source) for i in game.stack] == [
        (1, crows[1]), (2, crows[2]), (0, crows[0])]


# ---------------------------------------------------------------------------- Actions 6-9


def test_actions_6_buying_playing_and_moving_are_declared_actions() -> None:
    game = scenario(GRID, hands={0: ["Scout"]}, resource={0: 10}, stores={0: ["Soldier"]})
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    to_action_phase(game)
    kinds = []
    for make in (lambda: PlayCard(0, in_hand(game, 0, "Scout"), (0, 0)),
                 lambda: Activate(0, soldier), lambda: Move(0, soldier, (2, 2))):
        action = make()
        events = game.apply(action)
        if game.stack:
            kinds.append(game.stack[-1].kind)
            assert len(of_type(events, ActionDeclared)) == 1
            events = pass_until(game, lambda g: not g.stack)
            assert len(of_type(events, ActionResolved)) == 1
    to_phase(game, Phase.BUYING)
    game.apply(Buy(0, game.players[0].store[0]))
    kinds.append(game.stack[-1].kind)
    assert kinds == ["permanent", "move", "buy"]


def test_actions_7_playing_a_card_costs_its_playing_cost() -> None:
    game = scenario(GRID, hands={0: ["Soldier", "Scout"]}, resource={0: 1})
    soldier, scout = in_hand(game, 0, "Soldier"), in_hand(game, 0, "Scout")
    to_action_phase(game)
    assert not plays(game, 0, soldier)  # playing cost 2, only 1 resource
    assert_illegal(game, PlayCard(0, soldier, (0, 0)))
    assert PlayCard(0, scout, (0, 0)) in plays(game, 0, scout)  # playing cost 1
    game.apply(PlayCard(0, scout, (0, 0)))
    assert game.players[0].resource == 0  # paid as the action is declared
    pass_until(game, lambda g: not g.stack)
    assert game.permanent_at((0, 0)) == scout


def test_actions_8_a_card_without_playing_cost_cannot_be_played() -> None:
    game = scenario(GRID, hands={0: ["King", "Stick of Victory", "Coin"]}, resource={0: 0})
    king, stick, coin = (in_hand(game, 0, n) for n in ("King", "Stick of Victory", "Coin"))
    game.players[0].resource = 20
    to_action_phase(game)
    assert game.card(king).play is None and game.card(stick).play is None
    assert not plays(game, 0, king) and not plays(game, 0, stick)
    assert_illegal(game, PlayCard(0, king, (0, 0)))
    assert_illegal(game, PlayCard(0, stick, (0, 0)))


def test_actions_8_a_card_costing_0_can_be_played() -> None:
    game = scenario(GRID, hands={0: ["Coin"]}, resource={0: 0})
    coin = in_hand(game, 0, "Coin")
    to_action_phase(game)
    assert game.card(coin).play == 0
    resolve(game, PlayCard(0, coin, None, ()))
    assert game.players[0].resource == 2
    assert game.zone(coin) is Zone.DISCARD


def test_actions_9_permanents_are_used_through_their_actions() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    chest = game.add_permanent("Treasure Chest", (0, 2), 0)
    farmer = game.add_permanent("Farmer", (3, 2), 1)
    to_action_phase(game)
    assert UseFreeAction(0, chest, 0, ()) in game.legal_actions(0)
    assert_illegal(game, Activate(0, farmer))  # not a permanent player 1 controls
    game.apply(Activate(0, soldier))
    offered = game.legal_actions(0)
    assert Move(0, soldier, (1, 1)) in offered and Attack(0, soldier, farmer) in offered
    resolve(game, Move(0, soldier, (2, 3)))
    assert game.tile_of(soldier) == (2, 3)


# ---------------------------------------------------------------------------- Actions 10


def test_actions_10_declaring_then_executing() -> None:
    game = scenario(GRID, hands={0: ["Fireball"]}, resource={0: 5})
    target = game.add_permanent("Ramm", (5, 3), 1)
    fireball = in_hand(game, 0, "Fireball")
    to_action_phase(game)
    game.apply(PlayCard(0, fireball, None, (target,)))
    assert game.players[0].resource == 3 and game.view(target).damage == 0  # declared
    pass_until(game, lambda g: not g.stack)
    assert game.view(target).damage == 2  # executed


def test_actions_10_1_costs_and_targets_are_fixed_when_declared() -> None:
    game = scenario(GRID, hands={0: ["Fireball", "Die!"]}, resource={0: 10})
    first = game.add_permanent("Soldier", (5, 3), 1)
    second = game.add_permanent("Soldier", (6, 3), 1)
    to_action_phase(game)
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (first,)))
    assert game.players[0].resource == 8
    game.apply(PlayCard(0, in_hand(game, 0, "Die!"), None, (first,)))
    assert game.players[0].resource == 4
    pass_until(game, lambda g: not g.stack)
    # Die! executed first; the Fireball keeps its declared target and finds it gone
    assert game.zone(first) is Zone.DISCARD
    assert game.view(second).damage == 0
    assert game.players[0].resource == 4


@rules("Actions 5")
def test_actions_10_1_triggered_actions_pick_their_targets_when_declared() -> None:
    game = scenario(GRID, resource={0: 20, 1: 20})
    drum_a = game.add_permanent("War Drummer", (1, 1), 0)
    drum_b = game.add_permanent("War Drummer", (2, 1), 0)
    soldier = game.add_permanent("Soldier", (3, 1), 0)
    game.add_permanent("War Drummer", (6, 3), 1)  # not its controller's upkeep: no trigger
    next_turn(game)
    next_turn(game)  # player 1's second upkeep: both drummers trigger
    assert game.active == 0 and game.actor == 0
    assert [(t.controller, t.source) for t in game.pending] == [(0, drum_a), (0, drum_b)]
    assert set(game.legal_actions(0)) == {DeclareTrigger(0, (drum_b,)),
                                          DeclareTrigger(0, (soldier,))}
    assert game.legal_actions(1) == []
    game.apply(DeclareTrigger(0, (soldier,)))
    assert set(game.legal_actions(0)) == {DeclareTrigger(0, (drum_a,)),
                                          DeclareTrigger(0, (soldier,))}
    game.apply(DeclareTrigger(0, (soldier,)))
    assert [(i.source, i.data[1]) for i in game.stack] == [(drum_a, (soldier,)),
                                                         (drum_b, (soldier,))]
    pass_until(game, lambda g: not g.stack)
    assert game.attack_profile(soldier) == {1: 2 + 2}


@rules("Free Actions 1", "Potions 3")
def test_actions_10_1_a_used_up_potion_still_heals_the_unit_it_was_equipped_to() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    potion = game.add_card("Healing Potion", 0, Zone.HAND)
    game.put_in_pile(potion, soldier, 0)
    game.edit(soldier, damage=2)
    to_action_phase(game)
    resolve(game, UseFreeAction(0, potion, 0, ()))
    assert game.view(soldier).damage == 0


def test_actions_10_2_all_effects_of_an_action_apply_at_once() -> None:
    game = scenario(GRID, resource={0: 5})
    attacker = game.add_permanent("Soldier", (2, 2), 0)
    defender = game.add_permanent("Soldier", (3, 2), 1)
    game.edit(attacker, damage=1)
    game.edit(defender, damage=1)
    to_action_phase(game)
    game.apply(Activate(0, attacker))
    game.apply(Attack(0, attacker, defender))
    game.apply(Pass(0))
    events = game.apply(Pass(1))
    # the defender strikes back although the same execution deals it lethal damage
    assert {e.permanent for e in of_type(events, Destroyed)} == {attacker, defender}
    assert game.zone(attacker) is Zone.DISCARD and game.zone(defender) is Zone.DISCARD


# ---------------------------------------------------------------------------- Actions 11


def test_actions_11_slow_and_fast_actions_differ_in_when_they_may_be_declared() -> None:
    game = scenario(GRID, hands={0: ["Soldier", "Fireball"], 1: ["Soldier", "Fireball"]},
                    resource={0: 10, 1: 10})
    enemy = game.add_permanent("Ramm", (4, 1), 1)
    mine = game.add_permanent("Ramm", (3, 1), 0)
    to_action_phase(game)
    assert plays(game, 0, in_hand(game, 0, "Soldier"))
    assert PlayCard(0, in_hand(game, 0, "Fireball"), None, (enemy,)) in game.legal_actions(0)
    game.apply(Pass(0))  # player 2 holds priority in player 1's action phase
    assert not plays(game, 1, in_hand(game, 1, "Soldier"))
    assert PlayCard(1, in_hand(game, 1, "Fireball"), None, (mine,)) in game.legal_actions(1)


def test_actions_11_1_slow_action_needs_own_action_phase_and_empty_stack() -> None:
    game = scenario(GRID, hands={0: ["Soldier", "Fireball"]}, resource={0: 10})
    soldier = in_hand(game, 0, "Soldier")
    enemy = game.add_permanent("Ramm", (5, 3), 1)
    assert game.phase is Phase.UPKEEP and game.actor == 0
    assert_illegal(game, PlayCard(0, soldier, (0, 0)))
    to_action_phase(game)
    assert PlayCard(0, soldier, (0, 0)) in game.legal_actions(0)
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (enemy,)))
    assert game.actor == 0 and game.stack
    assert_illegal(game, PlayCard(0, soldier, (0, 0)))
    pass_until(game, lambda g: not g.stack)
    assert PlayCard(0, soldier, (0, 0)) in game.legal_actions(0)
    to_phase(game, Phase.BUYING)
    assert_illegal(game, PlayCard(0, soldier, (0, 0)))


def test_actions_11_1_no_slow_action_in_another_players_action_phase() -> None:
    game = scenario(GRID, hands={1: ["Soldier"]}, resource={1: 10})
    soldier = in_hand(game, 1, "Soldier")
    unit = game.add_permanent("Scout", (6, 3), 1)
    to_action_phase(game)
    game.apply(Pass(0))
    assert game.actor == 1 and game.phase is Phase.ACTION and not game.stack
    assert_illegal(game, PlayCard(1, soldier, (7, 3)))
    assert_illegal(game, Activate(1, unit))


def test_actions_11_2_fast_action_whenever_holding_priority() -> None:
    game = scenario(GRID, hands={0: ["Fireball", "Fireball"], 1: ["Fireball"]},
                    resource={0: 10, 1: 10})
    enemy = game.add_permanent("Ramm", (5, 3), 1)
    mine = game.add_permanent("Ramm", (2, 0), 0)
    first, second = game.players[0].hand
    answer = in_hand(game, 1, "Fireball")
    assert game.phase is Phase.UPKEEP
    assert PlayCard(0, first, None, (enemy,)) in game.legal_actions(0)
    game.apply(PlayCard(0, first, None, (enemy,)))
    assert PlayCard(0, second, None, (enemy,)) in game.legal_actions(0)  # stack not empty
    assert_illegal(game, PlayCard(1, answer, None, (mine,)))  # no priority
    game.apply(Pass(0))
    assert PlayCard(1, answer, None, (mine,)) in game.legal_actions(1)
    game.apply(PlayCard(1, answer, None, (mine,)))
    assert [i.controller for i in game.stack] == [0, 1]


# ---------------------------------------------------------------------------- Free Actions


def test_free_actions_1_cost_paid_when_declared_effect_when_executed() -> None:
    game = scenario(GRID, resource={0: 0})
    chest = game.add_permanent("Treasure Chest", (1, 1), 0)
    to_action_phase(game)
    game.apply(UseFreeAction(0, chest, 0, ()))
    assert tapped(game, chest)  # cost "tap" paid on declaration
    assert game.players[0].resource == 0
    pass_until(game, lambda g: not g.stack)
    assert game.players[0].resource == 1  # effect "gain 1 resource" on execution
    assert_illegal(game, UseFreeAction(0, chest, 0, ()))  # the cost can't be paid again


@rules("Cards 5")
def test_free_actions_1_discard_two_cards_gain_one_resource() -> None:
    game = scenario(GRID, hands={0: ["Scout", "Coin", "Fireball"]}, resource={0: 0})
    hand = list(game.players[0].hand)
    pairs = {(a.first, a.second) for a in game.legal_actions(0)
             if isinstance(a, DiscardForResource)}
    assert pairs == {(hand[0], hand[1]), (hand[0], hand[2]), (hand[1], hand[2])}
    game.apply(DiscardForResource(0, hand[0], hand[2]))
    assert game.players[0].hand == [hand[1]]  # the cost: both cards discarded at once
    assert game.players[0].discard == [hand[0], hand[2]]
    assert game.players[0].resource == 0 and game.stack
    pass_until(game, lambda g: not g.stack)
    assert game.players[0].resource == 1
    # with a single card left the cost can't be paid
    assert not any(isinstance(a, DiscardForResource) for a in game.legal_actions(0))


@rules("Cards 5", "Fast Actions 2")
def test_free_actions_2_every_player_may_discard_two_for_one_in_response() -> None:
    game = scenario(GRID, hands={0: ["Soldier"], 1: ["Scout", "Farmer"]},
                    resource={0: 10, 1: 0})
    soldier = in_hand(game, 0, "Soldier")
    scout, farmer = game.players[1].hand
    to_action_phase(game)
    game.apply(PlayCard(0, soldier, (0, 0)))
    assert_illegal(game, DiscardForResource(1, scout, farmer))  # no priority yet
    game.apply(Pass(0))
    assert DiscardForResource(1, scout, farmer) in game.legal_actions(1)
    game.apply(DiscardForResource(1, scout, farmer))  # answers a slow action of player 1
    assert [i.kind for i in game.stack] == ["permanent", "discard_for_resource"]
    pass_until(game, lambda g: not g.stack)
    assert game.players[1].resource == 1 and game.permanent_at((0, 0)) == soldier


def test_free_actions_2_a_permanents_free_action_is_fast() -> None:
    game = scenario(GRID, hands={0: ["Fireball"]}, resource={0: 5, 1: 0})
    chest = game.add_permanent("Treasure Chest", (6, 3), 1)
    target = game.add_permanent("Ramm", (2, 2), 1)
    to_action_phase(game)
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (target,)))
    game.apply(Pass(0))
    # player 2, in player 1's action phase and with an action on the stack
    assert UseFreeAction(1, chest, 0, ()) in game.legal_actions(1)
    game.apply(UseFreeAction(1, chest, 0, ()))
    assert [i.kind for i in game.stack] == ["spell", "free_action"]
    pass_until(game, lambda g: not g.stack)
    assert game.players[1].resource == 1


def test_free_actions_3_permanents_and_cards_have_free_actions() -> None:
    game = scenario(GRID, hands={0: ["Treasure Chest"]}, resource={0: 5})
    chest = game.add_permanent("Treasure Chest", (0, 2), 0)
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    potion = game.add_card("Healing Potion", 0, Zone.HAND)
    game.put_in_pile(potion, soldier, 0)
    in_hand_chest = in_hand(game, 0, "Treasure Chest")
    to_action_phase(game)
    free = {a.source for a in game.legal_actions(0) if isinstance(a, UseFreeAction)}
    # the artifact permanent and the potion card equipped to a unit offer theirs; a
    # permanent card still in the hand does not (its free action is the permanent's)
    assert free == {chest, potion}
    assert in_hand_chest not in free
