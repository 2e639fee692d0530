"""The decisions the rulebook leaves to a player (rules version 2 on): which units stay
unpaid (Upkeep 3.3-3.4), where a dropped pile's permanents go (Permanent Piles 5), which
cards pay a discard cost (Free Actions 1, Actions 10.1), and the paralyzed unit that uses
no free action of its own (Paralysis 2). Each is asked through ``legal_actions`` while
nothing else is legal; games of rules version 1 keep the old automatic answers."""

from __future__ import annotations

import itertools
import random
from types import MappingProxyType

from rulemarks import rules
from scenario import (
    next_turn,
    resolve,
    scenario,
    tapped,
    to_action_phase,
)

from game.rules import Game, Phase
from game.rules.cards import Ability, CardDef, CardType, EffectSpec, TargetSpec
from game.rules.core.actions import (
    Activate,
    Attack,
    DeclareTrigger,
    DeclareTriggerFirst,
    DiscardForResource,
    DiscardToPay,
    Equip,
    LeaveUnpaid,
    Move,
    Pass,
    PayUpkeep,
    PlaceDropped,
    PlayCard,
    ShakeOff,
    UseFreeAction,
)
from game.rules.core.events import Destroyed
from game.rules.core.view import Zone
from game.rules.systems.upkeep import can_leave_unpaid

GRID = "1.......\n........\n........\n.......2"

#: destroys two units at once (two piles drop together)
COLLAPSE = CardDef(
    name="Collapse", type=CardType.SPELL, buy=2, play=0,
    effect=Ability(effects=(EffectSpec("destroy", MappingProxyType({"target": 0})),
                            EffectSpec("destroy", MappingProxyType({"target": 1}))),
                   targets=(TargetSpec("unit"), TargetSpec("unit"))),
)


def _nobody_else_acts(game: Game, player: int) -> None:
    """While a choice waits, only its player acts, and only by answering it."""
    assert game.actor == player
    for other in range(len(game.players)):
        if other != player:
            assert game.legal_actions(other) == []
    assert Pass(player) not in game.legal_actions(player)


def _upkeep_of_player_2(game: Game) -> None:
    """Player 2's upkeep action resolves (the units it pays for stay tapped until then)."""
    next_turn(game)
    assert game.active == 1 and game.phase is Phase.UPKEEP
    resolve(game, PayUpkeep(1))


def _tap_all(game: Game, *units: int) -> None:
    for unit in units:
        game.edit(unit, tapped=True)


# ---------------------------------------------------------------------------- Upkeep


@rules("Upkeep 3.3")
def test_upkeep_3_4_in_a_shortfall_the_player_names_the_unit_that_stays_unpaid() -> None:
    game = scenario(GRID, resource={1: 2})
    paladin = game.add_permanent("Paladin", (1, 0), 1)  # upkeep 2
    soldiers = [game.add_permanent("Soldier", (2, t), 1) for t in (0, 1)]  # upkeep 1 each
    _tap_all(game, paladin, *soldiers)
    _upkeep_of_player_2(game)
    assert [c.kind for c in game.choices] == ["unpaid"]
    _nobody_else_acts(game, 1)
    assert set(game.legal_actions(1)) == {LeaveUnpaid(1, u) for u in (paladin, *soldiers)}
    game.apply(LeaveUnpaid(1, paladin))
    # the two Soldiers are paid (and untapped); only the Paladin is lost
    assert not game.choices
    assert not game.is_on_map(paladin) and paladin in game.players[1].discard
    assert all(game.is_on_map(s) and not tapped(game, s) for s in soldiers)
    assert game.players[1].resource == 0


def test_upkeep_3_4_naming_a_soldier_leaves_the_other_soldier_unpaid_too() -> None:
    game = scenario(GRID, resource={1: 2})
    paladin = game.add_permanent("Paladin", (1, 0), 1)
    first, second = [game.add_permanent("Soldier", (2, t), 1) for t in (0, 1)]
    _upkeep_of_player_2(game)
    events = game.apply(LeaveUnpaid(1, first))
    # with the Paladin paid, 0 resource is left: the second Soldier can't be paid either,
    # and that is the only way to go on, so it is not asked
    assert not game.choices
    assert game.is_on_map(paladin)
    gone = {e.permanent: e.reason for e in events if isinstance(e, Destroyed)}
    assert gone == {first: "upkeep not paid", second: "upkeep not paid"}


def test_upkeep_3_4_a_unit_that_could_still_be_paid_is_never_offered() -> None:
    game = scenario(GRID, resource={1: 3})
    paladins = [game.add_permanent("Paladin", (1, t), 1) for t in (0, 1)]
    soldier = game.add_permanent("Soldier", (2, 0), 1)
    farmer = game.add_permanent("Farmer", (3, 0), 1)  # upkeep 0
    _upkeep_of_player_2(game)
    # leaving the Soldier unpaid would leave 1 resource over, enough to pay it
    assert set(game.legal_actions(1)) == {LeaveUnpaid(1, p) for p in paladins}
    game.apply(LeaveUnpaid(1, paladins[1]))
    assert game.is_on_map(paladins[0]) and game.is_on_map(soldier)
    assert game.is_on_map(farmer) and not game.is_on_map(paladins[1])


def test_upkeep_3_4_a_unit_too_dear_to_pay_at_all_stays_unpaid_without_asking() -> None:
    game = scenario(GRID, resource={1: 1})
    paladin = game.add_permanent("Paladin", (1, 0), 1)
    soldier = game.add_permanent("Soldier", (2, 0), 1)
    _upkeep_of_player_2(game)
    assert not game.choices
    assert not game.is_on_map(paladin) and game.is_on_map(soldier)
    assert game.players[1].resource == 0


def test_upkeep_3_4_no_choice_when_every_unit_can_be_paid() -> None:
    game = scenario(GRID, resource={1: 4})
    units = [game.add_permanent("Paladin", (1, 0), 1), game.add_permanent("Soldier", (2, 0), 1)]
    _upkeep_of_player_2(game)
    assert not game.choices and all(game.is_on_map(u) for u in units)
    assert game.players[1].resource == 1


def _brute_force(costs: dict[int, int], resource: int, unpaid: set[int]) -> bool:
    """Some set of the other units can be paid and leaves every unit it does not pay
    dearer than what is left over."""
    others = [u for u in costs if u not in unpaid]
    for size in range(len(others) + 1):
        for paid in itertools.combinations(others, size):
            spent = sum(costs[u] for u in paid)
            if spent > resource:
                continue
            if all(costs[u] > resource - spent for u in costs if u not in paid):
                return True
    return False


def test_upkeep_3_4_the_units_offered_are_those_some_payable_set_leaves_unpaid() -> None:
    rng = random.Random(15)
    for _ in range(400):
        count = rng.randrange(1, 7)
        costs = {u: rng.choice((0, 1, 1, 2, 2, 3, 4)) for u in range(1, count + 1)}
        resource = rng.randrange(0, sum(costs.values()) + 1)
        for size in range(1, count + 1):
            for unpaid in itertools.combinations(costs, size):
                assert can_leave_unpaid(costs, resource, set(unpaid)) == \
                    _brute_force(costs, resource, set(unpaid)), (costs, resource, unpaid)


def test_upkeep_3_4_rules_version_1_pays_in_entity_order() -> None:
    game = scenario(GRID, resource={1: 2}, rules_version=1)
    paladin = game.add_permanent("Paladin", (1, 0), 1)
    soldiers = [game.add_permanent("Soldier", (2, t), 1) for t in (0, 1)]
    _upkeep_of_player_2(game)
    assert not game.choices
    assert game.is_on_map(paladin)
    assert not any(game.is_on_map(s) for s in soldiers)


# ---------------------------------------------------------------------------- Permanent Piles


def _crew_by_moving(game: Game, ramm: int, crew: list[int]) -> None:
    tile = game.tile_of(ramm)
    assert tile is not None
    for unit in crew:
        resolve(game, Activate(game.controller(unit), unit))
        resolve(game, Move(game.controller(unit), unit, tile))
    assert game.pile(ramm) == crew


def _equipped(game: Game, name: str) -> tuple[int, int]:
    """Player 1's action phase: a Soldier of theirs at (1, 1) has equipped ``name``."""
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    equipment = game.add_permanent(name, (2, 1), 0)
    to_action_phase(game)
    resolve(game, Activate(0, soldier))
    resolve(game, Equip(0, soldier, equipment, "move"))
    return soldier, equipment


def test_permanent_piles_5_the_piles_controller_places_each_dropped_permanent() -> None:
    game = scenario(GRID, resource={0: 9})
    ramm = game.add_permanent("Ramm", (3, 1), 0)
    crew = [game.add_permanent("Soldier", (2, 1), 0), game.add_permanent("Scout", (4, 1), 0)]
    to_action_phase(game)
    _crew_by_moving(game, ramm, crew)
    die = game.add_card("Die!", 1, Zone.HAND)
    game.players[1].resource = 4
    game.apply(Pass(0))
    resolve(game, PlayCard(1, die, None, (ramm,)))
    # player 2 cast it, but the pile is player 1's: player 1 places its permanents
    assert not game.is_on_map(ramm)
    assert [c.kind for c in game.choices] == ["drop"]
    _nobody_else_acts(game, 0)
    around = {(x, y) for x in (2, 3, 4) for y in (0, 1, 2)}
    offered = game.legal_actions(0)
    assert set(offered) == {PlaceDropped(0, u, t) for u in crew for t in around}
    game.apply(PlaceDropped(0, crew[1], (4, 2)))
    assert game.tile_of(crew[1]) == (4, 2) and game.permanent_at((4, 2)) == crew[1]
    assert PlaceDropped(0, crew[0], (4, 2)) not in game.legal_actions(0)
    game.apply(PlaceDropped(0, crew[0], (3, 1)))  # the container's own tile is in range 1
    assert not game.choices
    assert game.tile_of(crew[0]) == (3, 1) and game.container_of(crew[0]) == 0
    assert game.actor is not None and Pass(game.actor) in game.legal_actions(game.actor)


def test_permanent_piles_5_with_room_for_one_the_player_chooses_who_stays() -> None:
    game = scenario("....\n....\n...2", resource={0: 9})
    ramm = game.add_permanent("Ramm", (0, 0), 0)
    crew = [game.add_permanent("Soldier", (1, 0), 0), game.add_permanent("Scout", (0, 1), 0)]
    to_action_phase(game)
    _crew_by_moving(game, ramm, crew)
    for tile in ((1, 0), (0, 1), (1, 1)):  # every other tile in range 1 is taken
        game.add_permanent("Barricade", tile, 1)
    resolve(game, PlayCard(0, game.add_card("Die!", 0, Zone.HAND), None, (ramm,)))
    assert set(game.legal_actions(0)) == {PlaceDropped(0, u, (0, 0)) for u in crew}
    events = game.apply(PlaceDropped(0, crew[1], (0, 0)))
    assert game.tile_of(crew[1]) == (0, 0)
    assert not game.is_on_map(crew[0]) and crew[0] in game.players[0].discard
    gone = {e.permanent: e.reason for e in events if isinstance(e, Destroyed)}
    assert gone == {crew[0]: "no room when its pile dropped"}
    assert not game.choices


def test_permanent_piles_5_piles_dropped_together_are_placed_in_turn_order() -> None:
    game = scenario("1.........\n..........\n..........\n2........3", players=3,
                    resource={0: 9, 1: 9, 2: 9})
    ramms = {p: game.add_permanent("Ramm", (2 + 3 * p, 1), p) for p in (1, 2)}
    crews = {p: game.add_permanent("Soldier", (2 + 3 * p, 2), p) for p in (1, 2)}
    for player in (1, 2):  # each crews its Ramm on its own turn
        next_turn(game)
        to_action_phase(game)
        _crew_by_moving(game, ramms[player], [crews[player]])
    next_turn(game)  # player 3's turn is over: player 1 acts
    to_action_phase(game)
    assert game.active == 0
    collapse = game.add_card(COLLAPSE, 0, Zone.HAND)
    resolve(game, PlayCard(0, collapse, None, (ramms[2], ramms[1])))
    assert [(c.kind, c.controller) for c in game.choices] == [("drop", 1), ("drop", 2)]
    _nobody_else_acts(game, 1)
    game.apply(PlaceDropped(1, crews[1], (5, 0)))
    _nobody_else_acts(game, 2)
    game.apply(PlaceDropped(2, crews[2], (8, 0)))
    assert not game.choices
    assert game.tile_of(crews[1]) == (5, 0) and game.tile_of(crews[2]) == (8, 0)


@rules("Equipments 7")
def test_permanent_piles_5_a_dropped_equipment_is_placed_with_one_durability_less() -> None:
    game = scenario(GRID, resource={0: 9})
    soldier, sword = _equipped(game, "Sword")
    resolve(game, PlayCard(0, game.add_card("Die!", 0, Zone.HAND), None, (soldier,)))
    assert game.view(sword).durability == 1
    assert PlaceDropped(0, sword, (0, 0)) in game.legal_actions(0)
    game.apply(PlaceDropped(0, sword, (0, 0)))
    assert game.tile_of(sword) == (0, 0) and game.view(sword).durability == 1


def test_permanent_piles_5_rules_version_1_places_at_random() -> None:
    game = scenario(GRID, resource={0: 9}, rules_version=1)
    ramm = game.add_permanent("Ramm", (3, 1), 0)
    crew = [game.add_permanent("Soldier", (2, 1), 0)]
    to_action_phase(game)
    _crew_by_moving(game, ramm, crew)
    resolve(game, PlayCard(0, game.add_card("Die!", 0, Zone.HAND), None, (ramm,)))
    assert not game.choices
    tile = game.tile_of(crew[0])
    assert tile is not None and max(abs(tile[0] - 3), abs(tile[1] - 1)) <= 1


# ---------------------------------------------------------------------------- discard costs


def _cove(game: Game) -> int:
    cove = game.add_permanent("Smugglers' Cove", (2, 1), 0)  # tap, discard 1: gain 1
    to_action_phase(game)
    return cove


@rules("Actions 10.1", "Free Actions 1")
def test_free_actions_1_the_player_names_the_card_a_discard_cost_takes() -> None:
    game = scenario(GRID, hands={0: ["Coin", "Soldier", "Farmer"]}, resource={0: 0})
    cove = _cove(game)
    coin, soldier, farmer = game.players[0].hand
    game.apply(UseFreeAction(0, cove, 0))
    assert [c.kind for c in game.choices] == ["discard"]
    assert game.stack == []  # declared only once the cost is paid in full
    _nobody_else_acts(game, 0)
    assert set(game.legal_actions(0)) == {DiscardToPay(0, c) for c in (coin, soldier, farmer)}
    game.apply(DiscardToPay(0, soldier))
    assert not game.choices
    assert game.players[0].hand == [coin, farmer]
    assert soldier in game.players[0].discard
    assert [item.kind for item in game.stack] == ["free_action"]
    resolve(game, Pass(0))
    assert game.players[0].resource == 1 and tapped(game, cove)


def test_free_actions_1_a_hand_of_exactly_the_cost_is_discarded_without_asking() -> None:
    game = scenario(GRID, hands={0: ["Coin"]}, resource={0: 0})
    cove = _cove(game)
    game.apply(UseFreeAction(0, cove, 0))
    assert not game.choices and game.players[0].hand == []
    assert [item.kind for item in game.stack] == ["free_action"]


def test_free_actions_1_rules_version_1_discards_the_first_card_of_the_hand() -> None:
    game = scenario(GRID, hands={0: ["Coin", "Soldier"]}, resource={0: 0}, rules_version=1)
    cove = _cove(game)
    first, second = game.players[0].hand
    game.apply(UseFreeAction(0, cove, 0))
    assert not game.choices and game.players[0].hand == [second]


def test_cards_5_the_player_names_both_cards_of_discard_two_for_one() -> None:
    game = scenario(GRID, hands={0: ["Coin", "Soldier", "Farmer"]}, resource={0: 0})
    to_action_phase(game)
    coin, soldier, farmer = game.players[0].hand
    pairs = {frozenset((a.first, a.second)) for a in game.legal_actions(0)
             if isinstance(a, DiscardForResource)}
    assert pairs == {frozenset(p) for p in itertools.combinations((coin, soldier, farmer), 2)}
    resolve(game, DiscardForResource(0, coin, farmer))
    assert game.players[0].hand == [soldier] and game.players[0].resource == 1


# ---------------------------------------------------------------------------- Paralysis


def test_paralysis_2_a_paralyzed_mechanic_cannot_heal_itself() -> None:
    game = scenario(GRID, resource={0: 5})
    mechanic = game.add_permanent("Mechanic", (1, 1), 0)
    game.edit(mechanic, damage=1)
    to_action_phase(game)
    heal = UseFreeAction(0, mechanic, 0, (mechanic,))
    assert heal in game.legal_actions(0)
    game.add_marks(mechanic, "paralysis", 1)
    game.legal_cache = None
    assert heal not in game.legal_actions(0)
    # its only action: spend one to remove a mark
    resolve(game, Activate(0, mechanic))
    unit_actions = [a for a in game.legal_actions(0) if getattr(a, "unit", 0) == mechanic]
    assert set(unit_actions) == {ShakeOff(0, mechanic, "move"), ShakeOff(0, mechanic, "attack")}
    resolve(game, ShakeOff(0, mechanic, "move"))
    assert heal in game.legal_actions(0)  # no paralysis mark left


@rules("Potions 3")
def test_paralysis_2_a_paralyzed_unit_cannot_drink_its_potion() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier, potion = _equipped(game, "Healing Potion")
    drink = UseFreeAction(0, potion, 0)
    assert drink in game.legal_actions(0)
    game.add_marks(soldier, "paralysis", 1)
    game.legal_cache = None
    assert drink not in game.legal_actions(0)


def test_paralysis_2_others_may_still_use_their_free_actions_on_it() -> None:
    game = scenario(GRID, resource={0: 5})
    mechanic = game.add_permanent("Mechanic", (1, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    game.edit(soldier, damage=1)
    game.add_marks(soldier, "paralysis", 1)
    to_action_phase(game)
    assert UseFreeAction(0, mechanic, 0, (soldier,)) in game.legal_actions(0)


def test_paralysis_2_rules_version_1_lets_a_paralyzed_mechanic_heal_itself() -> None:
    game = scenario(GRID, resource={0: 5}, rules_version=1)
    mechanic = game.add_permanent("Mechanic", (1, 1), 0)
    game.edit(mechanic, damage=1)
    game.add_marks(mechanic, "paralysis", 1)
    to_action_phase(game)
    assert UseFreeAction(0, mechanic, 0, (mechanic,)) in game.legal_actions(0)


# ---------------------------------------------------------------------------- Actions 5


def _thief_attacks(game: Game, *equipment: str) -> tuple[int, list[int]]:
    """Player 1's Thief, equipped with ``equipment``, attacks a Barricade of player 2 (no
    strike back); the attack resolves and sets off the triggered actions."""
    thief = game.add_permanent("Thief", (1, 1), 0)
    carried = []
    for name in equipment:
        item = game.add_permanent(name, (2, 2), 0)
        game.pile_onto(item, thief)
        carried.append(item)
    enemy = game.add_permanent("Barricade", (2, 1), 1)
    to_action_phase(game)
    resolve(game, Activate(0, thief))
    resolve(game, Attack(0, thief, enemy))
    return thief, carried


def test_actions_5_a_player_orders_their_own_triggered_actions_set_off_together() -> None:
    game = scenario(GRID, resource={0: 0, 1: 5})
    thief, (sword,) = _thief_attacks(game, "Sword")
    # the Thief's "whenever it attacks" and the Sword's "whenever the equipped unit attacks"
    assert [t.source for t in game.pending] == [thief, sword]
    _nobody_else_acts(game, 0)
    assert set(game.legal_actions(0)) == {DeclareTriggerFirst(0, 0), DeclareTriggerFirst(0, 1)}
    game.apply(DeclareTriggerFirst(0, 1))  # the Sword's first: it resolves last
    assert not game.pending  # the last one has nothing left to order
    assert [item.source for item in game.stack] == [sword, thief]
    resolve(game, Pass(0))
    assert game.players[0].resource == 1 + 1  # 1 stolen, then 1 gained
    assert game.players[1].resource == 4


def test_actions_5_triggered_actions_all_alike_are_declared_without_asking() -> None:
    game = scenario(GRID, resource={0: 0})
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    swords = [game.add_permanent("Sword", (2, 2), 0), game.add_permanent("Sword", (0, 0), 0)]
    for sword in swords:
        game.pile_onto(sword, soldier)
    enemy = game.add_permanent("Barricade", (2, 1), 1)
    to_action_phase(game)
    resolve(game, Activate(0, soldier))
    game.apply(Attack(0, soldier, enemy))
    resolve(game, Pass(0))
    assert not game.choices and not game.pending
    assert game.players[0].resource == 2  # both Swords' gains, in the order they came


def test_actions_5_rules_version_1_declares_them_in_a_fixed_order() -> None:
    game = scenario(GRID, resource={0: 0, 1: 5}, rules_version=1)
    thief, (sword,) = _thief_attacks(game, "Sword")
    assert not game.pending
    assert not any(isinstance(a, (DeclareTrigger, DeclareTriggerFirst))
                   for a in game.history)
