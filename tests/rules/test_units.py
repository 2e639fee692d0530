"""Rules tests: Units, Effects Of Units (Crew X) and Boss."""

from __future__ import annotations

from rulemarks import rules
from scenario import assert_illegal as _illegal
from scenario import next_turn, of_type, resolve, scenario, to_action_phase

from game.rules import Game, Phase
from game.rules.cards import Ability, CardDef, CardType, CostSpec, EffectSpec
from game.rules.core.actions import (
    Activate,
    Attack,
    FullAction,
    Move,
    Pass,
    PayUpkeep,
    PlayCard,
    UseFreeAction,
)
from game.rules.core.events import Destroyed
from game.rules.core.view import Zone
from game.rules.geometry import distance

GRID = "1.......\n........\n........\n.......2"
ROW = "1......2"

# Cards made for these tests where the base set has no unit with the needed figures.
SLINGER = CardDef(name="Slinger", type=CardType.UNIT, attack=1, range=2, health=1,
                  movement=2, upkeep=1)
CATAPULT = CardDef(name="Catapult", type=CardType.UNIT, attack=1, range=3, health=3,
                   movement=1, upkeep=1, keywords={"crew": 2})
TINKER = CardDef(name="Tinker", type=CardType.UNIT, attack=1, health=1, movement=2, upkeep=1,
                 free_actions=(Ability(effects=(EffectSpec("gain_resource", {"amount": 2}),),
                                       costs=(CostSpec("discard", 1),)),))
BOSS = CardDef(name="Test Boss", type=CardType.BOSS, attack=2, health=6, movement=1,
               upkeep=2)
WEAK_BOSS = CardDef(name="Weak Boss", type=CardType.BOSS, attack=1, health=1, movement=1)




def _activate(game: Game, unit: int) -> None:
    resolve(game, Activate(game.controller(unit), unit))


def _of(game: Game, player: int, kind: type) -> list:
    return [a for a in game.legal_actions(player) if isinstance(a, kind)]


def _crew(game: Game, unit: int, container: int) -> None:
    """``unit`` crews ``container`` by ending its move on the container's tile."""
    _activate(game, unit)
    resolve(game, Move(game.controller(unit), unit, game.tile_of(container)))
    assert game.container_of(unit) == container


def _cast(game: Game, player: int, name: str, *targets: int) -> None:
    card = next(c for c in game.players[player].hand if game.card(c).name == name)
    resolve(game, PlayCard(player, card, None, targets))


# ---------------------------------------------------------------------------- Units


def test_units_1_a_unit_is_a_permanent_with_a_tile_to_itself() -> None:
    game = scenario(GRID, hands={0: ["Soldier", "Scout"]}, resource={0: 3})
    to_action_phase(game)
    soldier, scout = game.players[0].hand
    assert game.card(soldier).is_unit and game.card(soldier).is_permanent
    resolve(game, PlayCard(0, soldier, (0, 0)))
    assert game.zone(soldier) is Zone.MAP
    assert game.permanent_at((0, 0)) == soldier
    assert soldier in game.units()
    # the spawn tile is taken now: the scout cannot be played onto it
    assert not [a for a in _of(game, 0, PlayCard) if a.card == scout]


def test_units_2_a_unit_has_health_movement_attack_and_upkeep() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (3, 1), 0)
    definition = game.card(soldier)
    assert (definition.health, definition.movement, definition.attack, definition.upkeep) \
        == (2, 2, 2, 1)
    assert game.health(soldier) == 2
    assert game.attack_profile(soldier) == {1: 2}
    to_action_phase(game)
    _activate(game, soldier)
    reach = {a.tile for a in _of(game, 0, Move)}
    assert max(distance((3, 1), t) for t in reach) == 2
    assert (5, 1) in reach and (6, 1) not in reach
    next_turn(game)
    next_turn(game)
    assert game.active == 0 and game.phase is Phase.UPKEEP
    to_action_phase(game)
    assert game.players[0].resource == 4  # its upkeep cost of 1 was paid
    assert game.is_on_map(soldier)


@rules("State-based actions 3.1")
def test_units_3_a_unit_dies_only_once_its_damage_is_more_than_its_health() -> None:
    game = scenario(GRID, hands={0: ["Fireball", "Fireball"]}, resource={0: 4})
    soldier = game.add_permanent("Soldier", (3, 1), 1)  # health 2
    to_action_phase(game)
    _cast(game, 0, "Fireball", soldier)
    assert game.view(soldier).damage == 2
    assert game.is_on_map(soldier)  # damage equal to its health: it survives
    _cast(game, 0, "Fireball", soldier)
    assert not game.is_on_map(soldier)
    assert soldier in game.players[1].discard


def test_units_3_an_effect_can_destroy_an_undamaged_unit() -> None:
    game = scenario(GRID, hands={0: ["Die!"]}, resource={0: 4})
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    assert game.view(ramm).damage == 0
    _cast(game, 0, "Die!", ramm)
    assert not game.is_on_map(ramm)
    assert ramm in game.players[1].discard


def test_units_4_damage_stays_on_a_unit_across_turns() -> None:
    game = scenario(GRID, hands={0: ["Fireball"]}, resource={0: 10, 1: 10})
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    to_action_phase(game)
    _cast(game, 0, "Fireball", soldier)
    assert game.view(soldier).damage == 2
    next_turn(game)  # player 2's turn, with its upkeep
    next_turn(game)  # back to player 1
    to_action_phase(game)
    assert game.turn == 3
    assert game.view(soldier).damage == 2  # still there two turns later
    _activate(game, ramm)
    resolve(game, Attack(0, ramm, soldier))  # one more damage: 3 > 2
    assert not game.is_on_map(soldier)


def test_units_5_a_destroyed_unit_dies_and_goes_to_its_owners_discard_pile() -> None:
    game = scenario(GRID, hands={0: ["Die!"]}, resource={0: 4})
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    to_action_phase(game)
    card = game.players[0].hand[0]
    events = resolve(game, PlayCard(0, card, None, (soldier,)))
    died = of_type(events, Destroyed)
    assert [e.permanent for e in died] == [soldier]
    assert not game.is_on_map(soldier)
    assert game.permanent_at((3, 1)) == 0
    assert game.zone(soldier) is Zone.DISCARD and soldier in game.players[1].discard


@rules("Action Phase 2")
def test_units_6_an_activated_unit_acts_until_its_controller_turns_elsewhere() -> None:
    game = scenario(GRID, hands={0: ["Scout"]}, resource={0: 5})
    first = game.add_permanent("Soldier", (2, 1), 0)
    second = game.add_permanent("Soldier", (2, 2), 0)
    to_action_phase(game)
    assert not _of(game, 0, Move)  # nothing acts before it is activated
    _activate(game, first)
    assert game.activated == first
    assert {a.unit for a in _of(game, 0, Move)} == {first}
    resolve(game, Move(0, first, (3, 1)))
    assert game.activated == first and not game.view(first).tapped  # its attack is still left
    _activate(game, second)
    assert game.activated == second
    assert game.view(first).tapped  # turning to another unit taps the first one
    _illegal(game, Activate(0, first))
    scout = game.players[0].hand[0]
    resolve(game, PlayCard(0, scout, (0, 0)))
    assert game.view(second).tapped and game.activated == 0  # playing a card taps it too


@rules("Slow Actions 2")
def test_units_7_a_unit_card_is_played_only_as_a_slow_action() -> None:
    game = scenario(GRID, hands={0: ["Soldier", "Scout"], 1: ["Scout"]},
                    resource={0: 5, 1: 5})
    soldier, scout = game.players[0].hand
    assert game.phase is Phase.UPKEEP
    assert not _of(game, 0, PlayCard)  # not in the upkeep
    to_action_phase(game)
    play = PlayCard(0, soldier, (0, 0))
    assert play in game.legal_actions(0)
    game.apply(play)
    assert len(game.stack) == 1
    # something is declared: no second unit may be played now, by either player
    assert not [a for a in _of(game, 0, PlayCard) if a.card == scout]
    game.apply(Pass(0))
    assert game.actor == 1
    assert not _of(game, 1, PlayCard)


def test_units_8_units_are_played_only_onto_spawn_tiles() -> None:
    game = scenario("11..\n....\n...2", hands={0: ["Soldier"]}, resource={0: 2})
    soldier = game.players[0].hand[0]
    to_action_phase(game)
    assert {a.tile for a in _of(game, 0, PlayCard)} == {(0, 0), (1, 0)}
    _illegal(game, PlayCard(0, soldier, (2, 0)))  # neutral tile
    _illegal(game, PlayCard(0, soldier, (3, 2)))  # the opponent's spawn


def test_units_8_an_effect_can_provide_further_spawn_tiles() -> None:
    game = scenario("1......\n.......\n......2", hands={0: ["Soldier"]}, resource={0: 2})
    game.add_permanent("Outpost", (4, 1), 0)  # spawn point 1
    soldier = game.players[0].hand[0]
    to_action_phase(game)
    tiles = {a.tile for a in _of(game, 0, PlayCard) if a.card == soldier}
    assert (0, 0) in tiles and (3, 1) in tiles and (5, 2) in tiles
    assert (2, 1) not in tiles


def test_units_9_one_move_and_one_attack_per_turn_even_when_just_played() -> None:
    game = scenario(ROW, hands={0: ["Soldier"]}, resource={0: 10, 1: 10})
    ramm = game.add_permanent("Ramm", (3, 0), 1)
    to_action_phase(game)
    soldier = game.players[0].hand[0]
    resolve(game, PlayCard(0, soldier, (0, 0)))
    _activate(game, soldier)  # played this turn, it may act at once
    resolve(game, Move(0, soldier, (2, 0)))
    assert not _of(game, 0, Move)  # its one move is used
    resolve(game, Attack(0, soldier, ramm))
    assert game.view(ramm).damage == 2
    assert not _of(game, 0, Attack)  # its one attack is used
    _illegal(game, Attack(0, soldier, ramm))
    assert game.view(soldier).tapped
    next_turn(game)
    next_turn(game)
    to_action_phase(game)
    _activate(game, soldier)  # refreshed at the start of its controller's turn
    assert _of(game, 0, Move) and Attack(0, soldier, ramm) in game.legal_actions(0)


def test_units_10_a_unit_may_come_with_a_full_action() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (0, 1), 0)
    soldier = game.add_permanent("Soldier", (0, 2), 0)
    game.add_permanent("Scout", (4, 1), 1)
    to_action_phase(game)
    _activate(game, charger)
    assert _of(game, 0, FullAction)
    _activate(game, soldier)
    assert not _of(game, 0, FullAction)  # the soldier has none


@rules("Push 2", "Push 4.1")
def test_units_10_1_charger_full_action_charges_in_a_straight_line_and_pushes() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (0, 1), 0)
    soldier = game.add_permanent("Soldier", (4, 1), 1)
    to_action_phase(game)
    _activate(game, charger)
    charge = FullAction(0, charger, "card", (soldier,))
    assert charge in game.legal_actions(0)
    resolve(game, charge)
    assert game.tile_of(charger) == (3, 1)  # next to the target, on the straight line
    assert game.view(soldier).damage == 1
    assert game.view(charger).damage == 2  # the soldier struck back
    assert game.tile_of(soldier) == (5, 1)  # pushed one step on, for that fight


def test_units_10_1_charger_cannot_charge_a_target_off_the_straight_lines() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (0, 1), 0)
    soldier = game.add_permanent("Soldier", (3, 2), 1)  # offset (3, 1): no straight line
    to_action_phase(game)
    _activate(game, charger)
    _illegal(game, FullAction(0, charger, "card", (soldier,)))


def test_units_10_1_charger_cannot_charge_beyond_its_movement() -> None:
    game = scenario("1.........\n..........\n.........2")
    charger = game.add_permanent("Charger", (0, 1), 0)  # movement 3
    far = game.add_permanent("Soldier", (5, 1), 1)  # 4 steps to (4, 1)
    to_action_phase(game)
    _activate(game, charger)
    _illegal(game, FullAction(0, charger, "card", (far,)))


def test_units_10_1_charger_cannot_charge_through_a_permanent() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (0, 1), 0)
    game.add_permanent("Barricade", (1, 1), 0)
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    to_action_phase(game)
    _activate(game, charger)
    _illegal(game, FullAction(0, charger, "card", (soldier,)))


def test_units_10_1_1_full_action_needs_the_move_action_left() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (0, 1), 0)
    soldier = game.add_permanent("Soldier", (4, 1), 1)
    to_action_phase(game)
    _activate(game, charger)
    assert FullAction(0, charger, "card", (soldier,)) in game.legal_actions(0)
    resolve(game, Move(0, charger, (1, 1)))
    assert game.activated == charger  # its attack is left
    _illegal(game, FullAction(0, charger, "card", (soldier,)))


def test_units_10_1_1_full_action_needs_the_attack_action_left() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (0, 1), 0)
    scout = game.add_permanent("Scout", (1, 0), 1)
    soldier = game.add_permanent("Soldier", (4, 1), 1)
    to_action_phase(game)
    _activate(game, charger)
    assert FullAction(0, charger, "card", (soldier,)) in game.legal_actions(0)
    resolve(game, Attack(0, charger, scout))
    assert game.view(scout).damage == 1
    assert game.activated == charger  # its move is left
    _illegal(game, FullAction(0, charger, "card", (soldier,)))


def test_units_10_1_2_a_full_action_uses_up_every_action_left() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (0, 1), 0)
    ramm = game.add_permanent("Ramm", (4, 1), 1)
    to_action_phase(game)
    _activate(game, charger)
    resolve(game, FullAction(0, charger, "card", (ramm,)))
    view = game.view(charger)
    assert (view.moves_left, view.attacks_left) == (0, 0)
    assert not _of(game, 0, Move) and not _of(game, 0, Attack)
    assert game.view(charger).tapped and game.activated == 0
    _illegal(game, Activate(0, charger))


@rules("Free Actions 3")
def test_units_10_2_a_units_free_action_needs_no_activation_and_spends_no_action() -> None:
    game = scenario(GRID, hands={0: ["Coin"]})
    tinker = game.add_permanent(TINKER, (2, 1), 0)
    to_action_phase(game)
    use = UseFreeAction(0, tinker, 0, ())
    assert use in game.legal_actions(0)  # not activated, and yet usable
    resolve(game, use)
    assert game.players[0].resource == 2
    assert not game.players[0].hand  # its cost: discard a card
    assert (game.view(tinker).moves_left, game.view(tinker).attacks_left) == (1, 1)
    assert Activate(0, tinker) in game.legal_actions(0)


@rules("Push 1", "Push 4.1")
def test_units_11_ramms_push_is_a_passive_effect_that_pushes_the_attacked_unit() -> None:
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    to_action_phase(game)
    _activate(game, ramm)
    resolve(game, Attack(0, ramm, soldier))
    assert game.view(soldier).damage == 1
    assert game.view(ramm).damage == 2
    assert game.tile_of(soldier) == (4, 1)  # one step away from the Ramm
    assert game.tile_of(ramm) == (2, 1)


def test_units_11_shroud_is_a_passive_effect_of_a_unit() -> None:
    game = scenario(GRID, hands={0: ["Die!"]}, resource={0: 4})
    ghost = game.add_permanent("Ghost", (3, 1), 1)
    soldier = game.add_permanent("Soldier", (4, 1), 1)
    to_action_phase(game)
    die = game.players[0].hand[0]
    targets = {a.targets for a in _of(game, 0, PlayCard)}
    assert (soldier,) in targets and (ghost,) not in targets
    _illegal(game, PlayCard(0, die, None, (ghost,)))


def test_units_12_state_effects_are_shown_by_marks_on_the_unit() -> None:
    game = scenario(GRID, hands={0: ["Net", "Poison Dart"]}, resource={0: 3})
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    to_action_phase(game)
    assert game.marks_on(soldier) == {}
    _cast(game, 0, "Net", soldier)
    _cast(game, 0, "Poison Dart", soldier)
    assert game.marks_on(soldier) == {"paralysis": 2, "poison": 1}


def test_units_13_units_fight_in_melee_or_at_range() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (0, 0), 0)
    archer = game.add_permanent("Archer", (0, 2), 0)
    assert max(game.attack_profile(soldier)) == 1  # melee only
    assert max(game.attack_profile(archer)) == 3  # ranged
    assert game.attack_range(soldier) == 1 and game.attack_range(archer) == 3


@rules("Combat 8.1")
def test_units_13_1_melee_is_an_attack_at_range_1() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    near = game.add_permanent("Scout", (3, 2), 1)  # diagonal: range 1
    far = game.add_permanent("Scout", (4, 1), 1)  # range 2
    to_action_phase(game)
    _activate(game, soldier)
    assert {a.target for a in _of(game, 0, Attack)} == {near}
    _illegal(game, Attack(0, soldier, far))
    resolve(game, Attack(0, soldier, near))
    assert not game.is_on_map(near)


@rules("Combat 8.2")
def test_units_13_2_ranged_combat_is_an_attack_at_range_greater_than_1() -> None:
    game = scenario(GRID)
    archer = game.add_permanent("Archer", (0, 1), 0)
    in_reach = game.add_permanent("Ramm", (3, 1), 1)  # range 3
    beyond = game.add_permanent("Ramm", (4, 2), 1)  # range 4 + 0 = 4
    to_action_phase(game)
    _activate(game, archer)
    assert {a.target for a in _of(game, 0, Attack)} == {in_reach}
    _illegal(game, Attack(0, archer, beyond))
    resolve(game, Attack(0, archer, in_reach))
    assert game.view(in_reach).damage == 1
    assert game.view(archer).damage == 0


def test_units_13_3_a_ranged_unit_can_fight_in_melee_too() -> None:
    game = scenario(GRID)
    archer = game.add_permanent("Archer", (2, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _activate(game, archer)
    assert Attack(0, archer, ramm) in game.legal_actions(0)
    resolve(game, Attack(0, archer, ramm))
    assert game.view(ramm).damage == 1


@rules("Available Tiles (permanents) 3.1", "Available Tiles (permanents) 3.2")
def test_units_14_movement_can_be_limited_to_some_kinds_of_tiles() -> None:
    game = scenario("1.www..\n..www..\n......2")
    mermaid = game.add_permanent("Mermaid", (3, 0), 0)  # swimming
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    water = {(x, y) for x in (2, 3, 4) for y in (0, 1)}
    to_action_phase(game)
    _activate(game, mermaid)
    swims = {a.tile for a in _of(game, 0, Move)}
    assert swims and swims <= water
    _activate(game, soldier)
    walks = {a.tile for a in _of(game, 0, Move)}
    assert walks and not walks & water


@rules("Crew X 4")
def test_units_15_crew_lend_their_attack_to_the_unit_they_crew() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (2, 1), 0)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _crew(game, soldier, charger)
    _activate(game, charger)
    resolve(game, Attack(0, charger, ramm))
    assert game.view(ramm).damage == 3  # 1 of the charger + 2 of its crew


def test_units_15_1_example_1_same_range_attacks_add_up() -> None:
    """X=1 range 1 + pile {1 range 1} -> 2 at range 1."""
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    scout = game.add_permanent("Scout", (1, 1), 0)
    to_action_phase(game)
    _crew(game, scout, ramm)
    assert game.attack_profile(ramm) == {1: 2}


def test_units_15_1_example_2_a_longer_reach_in_the_pile_lends_its_range() -> None:
    """X=1 range 1 + pile {1 range 2} -> 1 at range 2; 2 at range 1."""
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    slinger = game.add_permanent(SLINGER, (1, 1), 0)
    to_action_phase(game)
    _crew(game, slinger, ramm)
    assert game.attack_profile(ramm) == {1: 2, 2: 1}


def test_units_15_1_example_3_a_ranged_container_with_melee_crew() -> None:
    """X=1 range 2 + pile {1 range 1} -> 1 at range 2; 2 at range 1."""
    game = scenario("1.w.....\n..w.....\n.......2")
    ship = game.add_permanent("Ship", (2, 0), 0)  # attack 1 range 2, crew 2
    scout = game.add_permanent("Scout", (1, 0), 0)
    to_action_phase(game)
    _crew(game, scout, ship)  # the scout boards the ship
    assert game.attack_profile(ship) == {1: 2, 2: 1}


def test_units_15_1_example_4_two_melee_crew_add_to_the_container() -> None:
    """X=1 range 1 + pile {2 range 1, 1 range 1} -> 4 at range 1."""
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    scout = game.add_permanent("Scout", (2, 2), 0)
    enemy = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _crew(game, soldier, ramm)
    _crew(game, scout, ramm)
    assert game.attack_profile(ramm) == {1: 4}
    _activate(game, ramm)
    resolve(game, Attack(0, ramm, enemy))
    assert game.view(enemy).damage == 4


def test_units_15_1_example_5_every_range_sums_the_attacks_reaching_it() -> None:
    """X=1 range 3 + pile {1 range 2, 1 range 1} -> 1 at range 3; 2 at range 2; 3 at 1."""
    game = scenario(GRID)
    catapult = game.add_permanent(CATAPULT, (2, 1), 0)
    slinger = game.add_permanent(SLINGER, (1, 1), 0)
    scout = game.add_permanent("Scout", (2, 2), 0)
    far = game.add_permanent("Ramm", (5, 1), 1)  # range 3
    to_action_phase(game)
    _crew(game, slinger, catapult)
    _crew(game, scout, catapult)
    assert game.attack_profile(catapult) == {1: 3, 2: 2, 3: 1}
    _activate(game, catapult)
    resolve(game, Attack(0, catapult, far))
    assert game.view(far).damage == 1  # only the catapult's own attack reaches range 3


# ---------------------------------------------------------------------------- Crew X


def test_crew_x_1_at_most_x_units_can_crew_a_unit() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (2, 1), 0)  # crew 1
    first = game.add_permanent("Scout", (1, 1), 0)
    second = game.add_permanent("Scout", (3, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 3), 0)  # no crew at all
    to_action_phase(game)
    _crew(game, first, charger)
    assert game.crew_slots(charger) == 0
    _activate(game, second)
    _illegal(game, Move(0, second, (2, 1)))
    assert Move(0, second, (2, 3)) not in game.legal_actions(0)  # a soldier takes no crew
    assert game.tile_of(soldier) == (2, 3)


def test_crew_x_1_a_ramm_takes_three_crew_but_not_a_fourth() -> None:
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (3, 1), 0)  # crew 3
    crew = [game.add_permanent("Scout", tile, 0) for tile in ((2, 0), (2, 1), (2, 2))]
    fourth = game.add_permanent("Scout", (4, 1), 0)
    to_action_phase(game)
    for scout in crew:
        _crew(game, scout, ramm)
    assert game.pile(ramm) == crew
    _activate(game, fourth)
    _illegal(game, Move(0, fourth, (3, 1)))


def test_crew_x_2_a_unit_crews_another_by_ending_its_move_on_it() -> None:
    game = scenario(ROW)
    ramm = game.add_permanent("Ramm", (2, 0), 0)
    scout = game.add_permanent("Scout", (1, 0), 0)  # movement 4
    to_action_phase(game)
    _activate(game, scout)
    moves = {a.tile for a in _of(game, 0, Move)}
    assert (2, 0) in moves
    # the move ends on the crewed unit: nothing beyond it can be reached through it
    assert not {(3, 0), (4, 0), (5, 0)} & moves
    resolve(game, Move(0, scout, (2, 0)))
    assert game.container_of(scout) == ramm
    assert game.tile_of(scout) == (2, 0)
    assert game.permanent_at((2, 0)) == ramm


def test_crew_x_2_only_a_friendly_unit_can_crew() -> None:
    """Our engine's reading: crewing is for units of the crewed unit's controller."""
    game = scenario(GRID)
    game.add_permanent("Ramm", (2, 1), 1)
    scout = game.add_permanent("Scout", (1, 1), 0)
    to_action_phase(game)
    _activate(game, scout)
    _illegal(game, Move(0, scout, (2, 1)))


@rules("Permanent Piles 3")
def test_crew_x_3_the_crew_forms_a_pile_that_travels_with_the_crewed_unit() -> None:
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    scout = game.add_permanent("Scout", (1, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    to_action_phase(game)
    _crew(game, scout, ramm)
    _crew(game, soldier, ramm)
    assert game.pile(ramm) == [scout, soldier]
    _activate(game, ramm)
    resolve(game, Move(0, ramm, (3, 1)))
    assert game.tile_of(scout) == game.tile_of(soldier) == (3, 1)
    assert game.permanent_at((2, 1)) == 0


def test_crew_x_4_crew_attack_counts_in_the_crewed_units_fight() -> None:
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    enemy = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    assert game.attack_profile(ramm) == {1: 1}
    _crew(game, soldier, ramm)
    assert game.attack_profile(ramm) == {1: 3}
    _activate(game, ramm)
    resolve(game, Attack(0, ramm, enemy))
    assert game.view(enemy).damage == 3


# ---------------------------------------------------------------------------- Boss


def test_boss_1_a_boss_is_a_permanent_but_not_a_unit() -> None:
    game = scenario(GRID)
    boss = game.add_permanent(BOSS, (4, 1), 1)
    assert game.card(boss).is_permanent and not game.card(boss).is_unit
    assert game.permanent_at((4, 1)) == boss
    assert boss not in game.units()
    assert game.health(boss) == 6 and game.attack_profile(boss) == {1: 2}


def test_boss_2_effects_that_target_units_cannot_target_a_boss() -> None:
    game = scenario(GRID, hands={0: ["Die!", "Fireball"]}, resource={0: 6})
    boss = game.add_permanent(BOSS, (4, 1), 1)
    soldier = game.add_permanent("Soldier", (5, 1), 1)
    to_action_phase(game)
    die, fireball = game.players[0].hand
    die_targets = {a.targets for a in _of(game, 0, PlayCard) if a.card == die}
    assert (soldier,) in die_targets and (boss,) not in die_targets
    _illegal(game, PlayCard(0, die, None, (boss,)))
    # an effect that targets any permanent can pick it
    assert PlayCard(0, fireball, None, (boss,)) in game.legal_actions(0)
    resolve(game, PlayCard(0, fireball, None, (boss,)))
    assert game.view(boss).damage == 2


def test_boss_2_a_boss_fights_like_a_unit() -> None:
    game = scenario(GRID)
    boss = game.add_permanent(BOSS, (3, 1), 1)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    to_action_phase(game)
    _activate(game, ramm)
    assert Attack(0, ramm, boss) in game.legal_actions(0)
    resolve(game, Attack(0, ramm, boss))
    assert game.view(boss).damage == 1
    assert game.view(ramm).damage == 2  # the boss strikes back


def test_boss_2_its_controller_moves_and_attacks_with_a_boss_like_a_unit() -> None:
    game = scenario(GRID)
    boss = game.add_permanent(BOSS, (4, 1), 0)  # movement 1, attack 2
    ramm = game.add_permanent("Ramm", (2, 1), 1)
    to_action_phase(game)
    _activate(game, boss)
    assert Move(0, boss, (3, 1)) in game.legal_actions(0)
    resolve(game, Move(0, boss, (3, 1)))
    resolve(game, Attack(0, boss, ramm))
    assert game.view(ramm).damage == 2
    assert game.view(boss).damage == 1
    assert game.view(boss).tapped


def test_boss_3_a_boss_has_no_upkeep_cost() -> None:
    game = scenario(GRID, resource={0: 1})
    boss = game.add_permanent(BOSS, (4, 1), 0)  # even with an upkeep figure on the card
    next_turn(game)
    next_turn(game)
    assert game.active == 0 and game.phase is Phase.UPKEEP
    assert not game.players[0].upkeep_due
    assert PayUpkeep(0) not in game.legal_actions(0)
    to_action_phase(game)
    assert game.players[0].resource == 1
    assert game.is_on_map(boss) and not game.view(boss).tapped


def test_boss_3_upkeep_pays_for_units_only_and_skips_the_boss() -> None:
    game = scenario(GRID, resource={0: 1})
    boss = game.add_permanent(BOSS, (4, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    next_turn(game)
    next_turn(game)
    assert game.players[0].upkeep_due
    to_action_phase(game)
    assert game.players[0].resource == 0  # the soldier's 1, nothing for the boss
    assert game.is_on_map(boss) and game.is_on_map(soldier)


def test_boss_4_a_boss_card_cannot_be_played_from_a_hand() -> None:
    game = scenario(GRID, resource={0: 10})
    card = game.add_card(BOSS, 0, Zone.HAND)
    to_action_phase(game)
    assert not [a for a in _of(game, 0, PlayCard) if a.card == card]


def test_boss_4_a_destroyed_boss_leaves_the_game_instead_of_a_discard_pile() -> None:
    game = scenario(GRID, hands={0: ["Fireball"]}, resource={0: 2})
    boss = game.add_permanent(WEAK_BOSS, (3, 1), 1)
    to_action_phase(game)
    _cast(game, 0, "Fireball", boss)
    assert not game.is_on_map(boss)
    held = [zone for state in [*game.players, game.neutral]
            for zone in state.zones.values() if boss in zone]
    assert held == []  # no deck, hand, discard pile, store or exile holds it
