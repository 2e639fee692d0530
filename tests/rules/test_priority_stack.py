"""Rules tests: Priority, Action Phase, Action-Stack, Slow Actions and Fast Actions."""

from __future__ import annotations

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

from game.rules import Game, Phase
from game.rules.core.actions import (
    Activate,
    Attack,
    Move,
    Pass,
    PlayCard,
)
from game.rules.core.events import ActionResolved
from game.rules.core.view import Zone

GRID = "1.......\n........\n........\n.......2"
GRID3 = "1.......\n........\n...2....\n.......3"


def plays(game: Game, player: int, card: int) -> list[PlayCard]:
    return [a for a in game.legal_actions(player) if isinstance(a, PlayCard) and a.card == card]


def activations(game: Game, player: int) -> set[int]:
    return {a.permanent for a in game.legal_actions(player) if isinstance(a, Activate)}


# ---------------------------------------------------------------------------- Priority


def test_priority_1_only_the_player_holding_priority_may_declare() -> None:
    game = scenario(GRID, hands={0: ["Fireball"], 1: ["Fireball"]}, resource={0: 5, 1: 5})
    enemy = game.add_permanent("Ramm", (5, 3), 1)
    mine = game.add_permanent("Ramm", (2, 0), 0)
    to_action_phase(game)
    assert game.actor == 0 and game.has_priority(0) and not game.has_priority(1)
    assert game.legal_actions(1) == []
    assert_illegal(game, PlayCard(1, in_hand(game, 1, "Fireball"), None, (mine,)))
    assert_illegal(game, Pass(1))
    game.apply(Pass(0))
    assert game.actor == 1 and game.has_priority(1) and not game.has_priority(0)
    assert game.legal_actions(0) == []
    assert_illegal(game, PlayCard(0, in_hand(game, 0, "Fireball"), None, (enemy,)))
    assert PlayCard(1, in_hand(game, 1, "Fireball"), None, (mine,)) in game.legal_actions(1)


def test_priority_2_phase_ends_when_every_player_passes() -> None:
    game = scenario(GRID)
    to_action_phase(game)
    game.apply(Pass(0))
    assert game.phase is Phase.ACTION  # one player passing is not enough
    game.apply(Pass(1))
    assert game.phase is Phase.BUYING and game.actor == 0


def test_priority_2_a_declaration_restarts_the_round_of_passes() -> None:
    game = scenario(GRID, hands={1: ["Fireball"]}, resource={1: 5})
    mine = game.add_permanent("Ramm", (2, 0), 0)
    to_action_phase(game)
    game.apply(Pass(0))
    game.apply(PlayCard(1, in_hand(game, 1, "Fireball"), None, (mine,)))
    game.apply(Pass(0))
    game.apply(Pass(1))  # everyone passed, but with a non-empty stack: it resolves
    assert game.phase is Phase.ACTION and not game.stack
    assert game.view(mine).damage == 2
    assert game.actor == 0
    game.apply(Pass(0))
    assert game.phase is Phase.ACTION
    game.apply(Pass(1))
    assert game.phase is Phase.BUYING


def test_priority_3_priority_goes_in_turn_order_from_the_active_player() -> None:
    game = scenario(GRID3, players=3, hands={2: ["Fireball"]}, resource={2: 5})
    target = game.add_permanent("Ramm", (1, 1), 0)
    next_turn(game)
    to_action_phase(game)
    assert game.active == 1
    order = [game.actor]
    for _ in range(2):
        game.apply(Pass(game.actor))
        order.append(game.actor)
    assert order == [1, 2, 0]
    game.apply(Pass(0))
    assert game.phase is Phase.BUYING and game.actor == 1
    # after a declaration priority starts again with the active player
    game.apply(Pass(1))
    game.apply(PlayCard(2, in_hand(game, 2, "Fireball"), None, (target,)))
    assert game.actor == 1
    game.apply(Pass(1))
    assert game.actor == 2


# ---------------------------------------------------------------------------- Action Phase


def test_action_phase_1_slow_actions_in_your_own_action_phase() -> None:
    game = scenario(GRID, hands={0: ["Soldier"], 1: ["Soldier"]}, resource={0: 10, 1: 10})
    mine = in_hand(game, 0, "Soldier")
    scout = game.add_permanent("Scout", (2, 2), 0)
    assert game.phase is Phase.UPKEEP
    assert not plays(game, 0, mine) and scout not in activations(game, 0)
    to_action_phase(game)
    assert PlayCard(0, mine, (0, 0)) in game.legal_actions(0)
    assert scout in activations(game, 0)
    to_phase(game, Phase.BUYING)
    assert_illegal(game, PlayCard(0, mine, (0, 0)))
    assert_illegal(game, Activate(0, scout))
    next_turn(game)
    to_action_phase(game)  # player 2's action phase: player 2 plays, player 1 may not
    assert PlayCard(1, in_hand(game, 1, "Soldier"), (7, 3)) in game.legal_actions(1)
    game.apply(Pass(1))
    assert game.actor == 0
    assert_illegal(game, PlayCard(0, mine, (0, 0)))
    assert_illegal(game, Activate(0, scout))


def test_action_phase_2_unit_acts_until_its_actions_are_used_then_is_tapped() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    farmer = game.add_permanent("Farmer", (5, 2), 1)
    to_action_phase(game)
    game.apply(Activate(0, soldier))
    assert game.activated == soldier
    resolve(game, Move(0, soldier, (4, 2)))
    assert not tapped(game, soldier) and game.activated == soldier  # the attack is left
    assert Attack(0, soldier, farmer) in game.legal_actions(0)
    resolve(game, Attack(0, soldier, farmer))
    assert tapped(game, soldier) and game.activated == 0
    assert soldier not in activations(game, 0)
    assert_illegal(game, Activate(0, soldier))


def test_action_phase_2_turning_to_another_permanent_taps_the_first() -> None:
    game = scenario(GRID, resource={0: 5})
    first = game.add_permanent("Soldier", (2, 2), 0)
    second = game.add_permanent("Scout", (2, 0), 0)
    to_action_phase(game)
    game.apply(Activate(0, first))
    resolve(game, Move(0, first, (3, 2)))
    assert not tapped(game, first)
    game.apply(Activate(0, second))
    assert tapped(game, first) and game.activated == second
    assert game.view(first).attacks_left == 1  # tapped although its attack was never used
    assert_illegal(game, Activate(0, first))


def test_action_phase_2_playing_a_permanent_card_taps_the_activated_unit() -> None:
    game = scenario(GRID, hands={0: ["Scout"]}, resource={0: 5})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    to_action_phase(game)
    game.apply(Activate(0, soldier))
    resolve(game, Move(0, soldier, (3, 2)))
    game.apply(PlayCard(0, in_hand(game, 0, "Scout"), (0, 0)))
    assert tapped(game, soldier) and game.activated == 0


def test_action_phase_2_casting_a_spell_keeps_the_unit_activated() -> None:
    """Our reading: a spell is a fast action, allowed whenever one holds priority; casting
    it does not end the activated permanent's turn to act."""
    game = scenario(GRID, hands={0: ["Blessing"]}, resource={0: 5})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    to_action_phase(game)
    game.apply(Activate(0, soldier))
    resolve(game, PlayCard(0, in_hand(game, 0, "Blessing"), None, (soldier,)))
    assert not tapped(game, soldier) and game.activated == soldier
    resolve(game, Move(0, soldier, (3, 2)))
    assert game.tile_of(soldier) == (3, 2)


def test_action_phase_2_the_activated_unit_is_tapped_when_the_phase_ends() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    idle = game.add_permanent("Scout", (2, 0), 0)
    to_action_phase(game)
    game.apply(Activate(0, soldier))
    to_phase(game, Phase.BUYING)
    assert tapped(game, soldier)
    assert not tapped(game, idle)  # never picked: stays untapped


def test_action_phase_2_the_loop_offers_only_untapped_permanents_and_playable_cards() -> None:
    game = scenario(GRID, hands={0: ["Soldier"]}, resource={0: 1})
    scout = game.add_permanent("Scout", (2, 2), 0)
    to_action_phase(game)
    assert activations(game, 0) == {scout}
    assert not plays(game, 0, in_hand(game, 0, "Soldier"))  # not playable: costs 2
    game.apply(Activate(0, scout))
    resolve(game, Move(0, scout, (6, 2)))  # no enemy in range: it could still attack
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert tapped(game, scout) and game.phase is Phase.BUYING


# ---------------------------------------------------------------------------- Action-Stack


def test_action_stack_1_declared_actions_are_kept_on_a_stack() -> None:
    game = scenario(GRID, hands={0: ["Fireball"], 1: ["Blessing"]}, resource={0: 5, 1: 5})
    target = game.add_permanent("Ramm", (5, 3), 1)
    to_action_phase(game)
    assert game.stack == []
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (target,)))
    game.apply(Pass(0))
    game.apply(PlayCard(1, in_hand(game, 1, "Blessing"), None, (target,)))
    assert [(i.kind, i.controller, game.card(i.source).name) for i in game.stack] == [
        ("spell", 0, "Fireball"), ("spell", 1, "Blessing")]


@rules("Fast Actions 2")
def test_action_stack_2_a_spell_answering_a_spell_executes_first() -> None:
    game = scenario(GRID, hands={0: ["Fireball"], 1: ["Blessing"]}, resource={0: 5, 1: 5})
    target = game.add_permanent("Soldier", (5, 3), 1)
    to_action_phase(game)
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (target,)))
    game.apply(Pass(0))
    game.apply(PlayCard(1, in_hand(game, 1, "Blessing"), None, (target,)))
    events = pass_until(game, lambda g: not g.stack)
    resolved = [e.text for e in of_type(events, ActionResolved)]
    assert ["Blessing" in t for t in resolved] == [True, False]
    # the ward came first and prevented the Fireball's damage
    assert game.view(target).damage == 0
    assert game.marks(target, "ward") == 0


def test_action_stack_2_last_declared_first_executed_three_deep() -> None:
    game = scenario(GRID, hands={0: ["Fireball", "Poison Dart"], 1: ["Blessing"]},
                    resource={0: 10, 1: 5})
    target = game.add_permanent("Ramm", (5, 3), 1)
    to_action_phase(game)
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (target,)))
    game.apply(Pass(0))
    game.apply(PlayCard(1, in_hand(game, 1, "Blessing"), None, (target,)))
    game.apply(PlayCard(0, in_hand(game, 0, "Poison Dart"), None, (target,)))
    events = pass_until(game, lambda g: not g.stack)
    names = [t.split()[-1] for t in (e.text for e in of_type(events, ActionResolved))]
    assert names == ["Dart", "Blessing", "Fireball"]


def test_action_stack_3_a_declared_action_waits_on_the_stack() -> None:
    game = scenario(GRID, hands={0: ["Fireball"]}, resource={0: 5})
    target = game.add_permanent("Ramm", (5, 3), 1)
    fireball = in_hand(game, 0, "Fireball")
    to_action_phase(game)
    game.apply(PlayCard(0, fireball, None, (target,)))
    assert len(game.stack) == 1 and game.stack[0].source == fireball
    assert game.zone(fireball) is Zone.ASIDE  # between the hand and the discard pile
    assert game.view(target).damage == 0
    game.apply(Pass(0))
    assert game.view(target).damage == 0  # still waiting: player 2 may answer
    game.apply(Pass(1))
    assert not game.stack and game.view(target).damage == 2
    assert game.zone(fireball) is Zone.DISCARD


def test_action_stack_4_top_executes_when_nobody_declares() -> None:
    game = scenario(GRID, hands={0: ["Fireball", "Poison Dart"], 1: ["Blessing"]},
                    resource={0: 10, 1: 5})
    target = game.add_permanent("Ramm", (5, 3), 1)
    to_action_phase(game)
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (target,)))
    game.apply(PlayCard(0, in_hand(game, 0, "Poison Dart"), None, (target,)))
    game.apply(Pass(0))
    game.apply(Pass(1))
    # only the top (the Poison Dart) executed
    assert game.marks(target, "poison") == 1 and game.view(target).damage == 0
    assert [game.card(i.source).name for i in game.stack] == ["Fireball"]
    game.apply(Pass(0))
    game.apply(PlayCard(1, in_hand(game, 1, "Blessing"), None, (target,)))
    assert [game.card(i.source).name for i in game.stack] == ["Fireball", "Blessing"]
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert game.marks(target, "ward") == 2 and game.view(target).damage == 0


# ---------------------------------------------------------------------------- Slow Actions


@rules("Actions 11.1")
def test_slow_actions_1_nothing_slow_while_something_is_declared() -> None:
    game = scenario(GRID, hands={0: ["Soldier", "Fireball"]}, resource={0: 10})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    scout = game.add_permanent("Scout", (2, 0), 0)
    target = game.add_permanent("Ramm", (5, 3), 1)
    card = in_hand(game, 0, "Soldier")
    to_action_phase(game)
    game.apply(Activate(0, soldier))
    game.apply(PlayCard(0, in_hand(game, 0, "Fireball"), None, (target,)))
    assert game.actor == 0 and game.phase is Phase.ACTION and game.stack
    assert_illegal(game, PlayCard(0, card, (0, 0)))
    assert_illegal(game, Activate(0, scout))
    assert_illegal(game, Move(0, soldier, (3, 2)))
    pass_until(game, lambda g: not g.stack)
    offered = game.legal_actions(0)
    assert PlayCard(0, card, (0, 0)) in offered and Activate(0, scout) in offered
    assert Move(0, soldier, (3, 2)) in offered


def test_slow_actions_1_no_answer_to_a_move_with_a_move() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    to_action_phase(game)
    game.apply(Activate(0, soldier))
    game.apply(Move(0, soldier, (3, 2)))
    assert game.actor == 0 and game.stack
    assert not any(isinstance(a, (Move, Attack, Activate, PlayCard))
                   for a in game.legal_actions(0))


def test_slow_actions_2_permanent_cards_are_played_as_slow_actions() -> None:
    game = scenario(GRID, hands={0: ["Soldier", "Barricade", "Sword"],
                                 1: ["Soldier", "Barricade", "Sword"]},
                    resource={0: 10, 1: 10})
    assert game.phase is Phase.UPKEEP
    for card in game.players[0].hand:
        assert not plays(game, 0, card)
    to_action_phase(game)
    for card in game.players[0].hand:
        assert PlayCard(0, card, (0, 0)) in game.legal_actions(0)
    game.apply(Pass(0))
    for card in game.players[1].hand:  # player 2, in player 1's action phase
        assert not plays(game, 1, card)
    game.apply(Pass(1))
    barricade = in_hand(game, 0, "Barricade")
    to_phase(game, Phase.BUYING)
    assert not plays(game, 0, barricade)
    game2 = scenario(GRID, hands={0: ["Barricade"]}, resource={0: 10})
    to_action_phase(game2)
    barricade = in_hand(game2, 0, "Barricade")
    game2.apply(PlayCard(0, barricade, (0, 0)))
    assert [i.kind for i in game2.stack] == ["permanent"]
    pass_until(game2, lambda g: not g.stack)
    assert game2.permanent_at((0, 0)) == barricade


def test_slow_actions_3_a_unit_action_costs_only_that_action() -> None:
    game = scenario(GRID, resource={0: 3})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    farmer = game.add_permanent("Farmer", (5, 2), 1)
    to_action_phase(game)
    game.apply(Activate(0, soldier))
    game.apply(Move(0, soldier, (4, 2)))
    assert game.players[0].resource == 3 and game.view(soldier).moves_left == 0
    assert [i.kind for i in game.stack] == ["move"]  # a declared slow action
    pass_until(game, lambda g: not g.stack)
    assert not any(isinstance(a, Move) for a in game.legal_actions(0))  # the move is spent
    assert Attack(0, soldier, farmer) in game.legal_actions(0)
    resolve(game, Attack(0, soldier, farmer))
    assert game.players[0].resource == 3 and game.view(soldier).attacks_left == 0


# ---------------------------------------------------------------------------- Fast Actions


@rules("Actions 11.2")
def test_fast_actions_1_spells_are_fast_actions() -> None:
    game = scenario(GRID, hands={0: ["Fireball", "Poison Dart", "Terror"]},
                    resource={0: 10})
    target = game.add_permanent("Ramm", (5, 3), 1)
    fireball, dart, terror = (in_hand(game, 0, n) for n in ("Fireball", "Poison Dart", "Terror"))
    assert game.phase is Phase.UPKEEP
    resolve(game, PlayCard(0, fireball, None, (target,)))  # outside the action phase
    assert game.view(target).damage == 2
    to_action_phase(game)
    game.apply(PlayCard(0, dart, None, (target,)))
    game.apply(PlayCard(0, terror, None, (target,)))  # answering the own spell
    assert [game.card(i.source).name for i in game.stack] == ["Poison Dart", "Terror"]


@rules("Priority 1")
def test_fast_actions_2_the_non_active_player_answers_while_holding_priority() -> None:
    game = scenario(GRID, hands={1: ["Blessing"]}, resource={0: 5, 1: 5})
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    defender = game.add_permanent("Scout", (3, 2), 1)
    blessing = in_hand(game, 1, "Blessing")
    to_action_phase(game)
    game.apply(Activate(0, soldier))
    game.apply(Attack(0, soldier, defender))
    assert_illegal(game, PlayCard(1, blessing, None, (defender,)))  # player 1 holds it
    game.apply(Pass(0))
    game.apply(PlayCard(1, blessing, None, (defender,)))  # in player 1's action phase
    pass_until(game, lambda g: not g.stack)
    # the ward executed before the attack and absorbed its damage
    assert game.zone(defender) is Zone.MAP and game.view(defender).damage == 0


def test_fast_actions_2_in_any_phase_with_priority() -> None:
    game = scenario(GRID, hands={1: ["Blessing", "Blessing"]}, resource={1: 5})
    defender = game.add_permanent("Scout", (6, 3), 1)
    first, second = game.players[1].hand
    assert game.phase is Phase.UPKEEP
    game.apply(Pass(0))
    resolve(game, PlayCard(1, first, None, (defender,)))  # player 1's upkeep
    to_phase(game, Phase.BUYING)
    game.apply(Pass(0))
    resolve(game, PlayCard(1, second, None, (defender,)))  # player 1's buying phase
    assert game.marks(defender, "ward") == 4
