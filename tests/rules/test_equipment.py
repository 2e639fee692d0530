"""Rules tests: Equipments and Potions (and the Sword's triggered action)."""

from __future__ import annotations

from rulemarks import rules
from scenario import assert_illegal as _illegal
from scenario import next_turn, resolve, scenario, to_action_phase, to_phase

from game.rules import Game, Phase
from game.rules.core.actions import (
    Activate,
    Attack,
    Equip,
    Move,
    Pass,
    PlaceDropped,
    PlayCard,
    Switch,
    Transport,
    UseFreeAction,
)
from game.rules.core.view import Zone

GRID = ".....\n.....\n.....\n1...2"


def _active(game: Game, unit: int) -> None:
    to_action_phase(game)
    resolve(game, Activate(0, unit))



def _hand(game: Game, player: int, name: str) -> int:
    return next(c for c in game.players[player].hand if game.card(c).name == name)


# ---------------------------------------------------------------------------- Equipments


def test_equipments_1_an_equipment_is_an_artifact_units_can_switch_with_and_carry() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    sword = game.add_permanent("Sword", (2, 1), 0)
    assert game.card(sword).is_artifact
    _active(game, soldier)
    legal = game.legal_actions(0)
    assert Switch(0, soldier, sword) in legal
    assert Transport(0, soldier, sword, (1, 1), (1, 2)) in legal
    resolve(game, Switch(0, soldier, sword))
    assert game.tile_of(sword) == (1, 1) and game.tile_of(soldier) == (2, 1)


def test_equipments_2_an_equipment_has_its_cards_durability() -> None:
    game = scenario(GRID)
    sword = game.add_permanent("Sword", (2, 1), 0)
    shield = game.add_permanent("Shield", (3, 1), 0)
    assert game.card(sword).durability == 2
    assert game.view(sword).durability == 2 and game.view(shield).durability == 2


def test_equipments_2_damage_to_an_equipment_reduces_its_durability() -> None:
    game = scenario(GRID)
    scout = game.add_permanent("Scout", (1, 1), 0)  # attack 1
    sword = game.add_permanent("Sword", (2, 1), 1)  # durability 2
    _active(game, scout)
    resolve(game, Attack(0, scout, sword))
    assert game.view(sword).durability == 1 and game.view(sword).damage == 0
    assert game.is_on_map(sword)  # durability 1 is not below 1
    assert game.view(scout).damage == 0  # an equipment does not strike back


@rules("State-based actions 3.3")
def test_equipments_3_an_equipment_with_durability_below_1_is_destroyed() -> None:
    game = scenario(GRID)
    scout = game.add_permanent("Scout", (1, 1), 0)  # attack 1
    other = game.add_permanent("Scout", (1, 2), 0)
    sword = game.add_permanent("Sword", (2, 1), 1)  # durability 2
    _active(game, scout)
    resolve(game, Attack(0, scout, sword))
    assert game.is_on_map(sword) and game.view(sword).durability == 1
    resolve(game, Activate(0, other))
    resolve(game, Attack(0, other, sword))
    assert not game.is_on_map(sword)
    assert game.zone(sword) is Zone.DISCARD and sword in game.players[1].discard


def test_equipments_4_a_unit_equips_an_adjacent_equipment() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    sword = game.add_permanent("Sword", (2, 2), 0)
    _active(game, soldier)
    equip = Equip(0, soldier, sword, "move")
    assert equip in game.legal_actions(0)
    resolve(game, equip)
    assert game.container_of(sword) == soldier
    assert game.attack_profile(soldier) == {1: 3}  # Soldier 2 + Sword 1


@rules("Permanent Piles 3")
def test_equipments_5_the_equipment_forms_a_pile_on_the_equipped_unit() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    shield = game.add_permanent("Shield", (2, 1), 0)
    _active(game, soldier)
    resolve(game, Equip(0, soldier, shield, "attack"))
    assert game.pile(soldier) == [shield]
    assert game.permanent_at((2, 1)) == 0  # it left its tile
    assert game.permanent_at((1, 1)) == soldier
    assert game.tile_of(shield) == (1, 1)
    assert game.health(soldier) == 4  # Soldier 2 + Shield 2
    resolve(game, Move(0, soldier, (3, 1)))  # the pile goes along with its unit
    assert game.tile_of(shield) == (3, 1) and game.pile(soldier) == [shield]


def test_equipments_6_an_equipment_can_be_played_normally_onto_a_spawn_tile() -> None:
    game = scenario(GRID, hands={0: ["Sword"]}, resource={0: 1})
    sword = _hand(game, 0, "Sword")
    to_action_phase(game)
    resolve(game, PlayCard(0, sword, (0, 3)))
    assert game.permanent_at((0, 3)) == sword
    assert game.container_of(sword) == 0 and game.view(sword).durability == 2


def test_equipments_6_a_readied_equipment_is_equipped_to_the_next_unit_played() -> None:
    game = scenario(GRID, hands={0: ["Sword", "Soldier"]}, resource={0: 3})
    sword, soldier = _hand(game, 0, "Sword"), _hand(game, 0, "Soldier")
    to_action_phase(game)
    ready = PlayCard(0, sword, None, (), True)
    assert ready in game.legal_actions(0)
    resolve(game, ready)
    assert game.zone(sword) is Zone.ASIDE and not game.is_on_map(sword)
    assert game.players[0].resource == 2  # the playing cost is paid
    resolve(game, PlayCard(0, soldier, (0, 3)))
    assert game.pile(soldier) == [sword]
    assert game.tile_of(sword) == (0, 3) and game.zone(sword) is Zone.MAP
    assert game.attack_profile(soldier) == {1: 3}


def test_equipments_6_only_the_next_unit_played_gets_the_readied_equipment() -> None:
    game = scenario(GRID, hands={0: ["Sword", "Soldier", "Scout"]}, resource={0: 4})
    sword = _hand(game, 0, "Sword")
    soldier, scout = _hand(game, 0, "Soldier"), _hand(game, 0, "Scout")
    to_action_phase(game)
    resolve(game, PlayCard(0, sword, None, (), True))
    resolve(game, PlayCard(0, scout, (0, 3)))
    resolve(game, Activate(0, scout))
    resolve(game, Move(0, scout, (2, 1)))
    resolve(game, PlayCard(0, soldier, (0, 3)))
    assert game.pile(scout) == [sword]
    assert game.pile(soldier) == []


def test_equipments_6_1_a_readied_equipment_never_equipped_is_discarded_at_end_of_turn() -> None:
    game = scenario(GRID, hands={0: ["Sword"]}, resource={0: 1})
    sword = _hand(game, 0, "Sword")
    to_action_phase(game)
    resolve(game, PlayCard(0, sword, None, (), True))
    to_phase(game, Phase.DISCARD)
    assert game.zone(sword) is Zone.ASIDE  # still waiting during the turn
    next_turn(game)
    assert game.zone(sword) is Zone.DISCARD and sword in game.players[0].discard


def test_equipments_6_1_played_or_equipped_equipment_stays_at_end_of_turn() -> None:
    game = scenario(".....\n.....\n.....\n11..2", hands={0: ["Sword", "Shield", "Soldier"]},
                    resource={0: 4})
    sword, shield = _hand(game, 0, "Sword"), _hand(game, 0, "Shield")
    soldier = _hand(game, 0, "Soldier")
    to_action_phase(game)
    resolve(game, PlayCard(0, sword, (0, 3)))  # played onto a spawn tile
    resolve(game, PlayCard(0, shield, None, (), True))
    resolve(game, PlayCard(0, soldier, (1, 3)))
    next_turn(game)
    assert game.tile_of(sword) == (0, 3) and game.zone(sword) is Zone.MAP
    assert game.pile(soldier) == [shield] and game.zone(shield) is Zone.MAP


def _equip_soldier(game: Game, name: str) -> tuple[int, int]:
    """A Soldier of player 1 at (1, 1) equipped with ``name``; player 1 still has priority."""
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    equipment = game.add_permanent(name, (2, 1), 0)
    _active(game, soldier)
    resolve(game, Equip(0, soldier, equipment, "move"))
    assert game.container_of(equipment) == soldier
    return soldier, equipment


def _die(game: Game, unit: int) -> None:
    """Player 2 casts Die! on ``unit`` once player 1 passes priority."""
    die = game.add_card("Die!", 1, Zone.HAND)
    game.players[1].resource = 4
    game.apply(Pass(0))
    resolve(game, PlayCard(1, die, None, (unit,)))
    assert not game.is_on_map(unit)


@rules("Permanent Piles 4", "Permanent Piles 5")
def test_equipments_7_a_dropped_pile_costs_each_equipment_one_durability() -> None:
    game = scenario(GRID)
    soldier, sword = _equip_soldier(game, "Sword")
    assert game.view(sword).durability == 2
    _die(game, soldier)
    assert game.view(sword).durability == 1
    game.apply(PlaceDropped(0, sword, (2, 2)))  # a tile in range 1 of the Soldier's
    assert game.is_on_map(sword) and game.container_of(sword) == 0
    assert game.permanent_at((2, 2)) == sword


def test_equipments_7_an_equipment_with_durability_1_is_destroyed_when_its_pile_drops() -> None:
    game = scenario(GRID)
    soldier, sword = _equip_soldier(game, "Sword")
    game.edit(sword, durability=1)
    _die(game, soldier)
    assert not game.is_on_map(sword)
    assert sword in game.players[0].discard


def test_equipments_8_equipping_with_the_move_action_leaves_the_attack_action() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    sword = game.add_permanent("Sword", (2, 1), 0)
    shield = game.add_permanent("Shield", (0, 1), 0)
    enemy = game.add_permanent("Soldier", (1, 0), 1)
    _active(game, soldier)
    resolve(game, Equip(0, soldier, sword, "move"))
    assert game.view(soldier).moves_left == 0 and game.view(soldier).attacks_left == 1
    legal = game.legal_actions(0)
    assert not [a for a in legal if isinstance(a, Move)]
    assert Equip(0, soldier, shield, "move") not in legal
    assert Equip(0, soldier, shield, "attack") in legal
    assert Attack(0, soldier, enemy) in legal
    _illegal(game, Equip(0, soldier, shield, "move"))


def test_equipments_8_equipping_with_the_attack_action_leaves_the_move_action() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    sword = game.add_permanent("Sword", (2, 1), 0)
    game.add_permanent("Soldier", (1, 0), 1)
    _active(game, soldier)
    resolve(game, Equip(0, soldier, sword, "attack"))
    assert game.view(soldier).moves_left == 1 and game.view(soldier).attacks_left == 0
    legal = game.legal_actions(0)
    assert not [a for a in legal if isinstance(a, Attack)]
    assert Move(0, soldier, (3, 1)) in legal


def test_equipments_8_a_unit_with_both_actions_used_can_not_equip() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    sword = game.add_permanent("Sword", (2, 1), 0)
    shield = game.add_permanent("Shield", (0, 1), 0)
    _active(game, soldier)
    resolve(game, Equip(0, soldier, sword, "move"))
    resolve(game, Equip(0, soldier, shield, "attack"))
    assert game.pile(soldier) == [sword, shield]
    assert game.activated == 0  # no actions left: it was tapped
    _illegal(game, Equip(0, soldier, shield, "attack"))


def test_equipments_8_only_an_adjacent_equipment_can_be_equipped() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (0, 1), 0)
    sword = game.add_permanent("Sword", (2, 1), 0)  # range 2 away
    _active(game, soldier)
    assert not [a for a in game.legal_actions(0) if isinstance(a, Equip)]
    _illegal(game, Equip(0, soldier, sword, "move"))
    _illegal(game, Equip(0, soldier, sword, "attack"))


@rules("Actions 4.1", "Actions 4")
def test_equipments_5_sword_whenever_the_equipped_unit_attacks_gain_1_resource() -> None:
    game = scenario(GRID)
    soldier, sword = _equip_soldier(game, "Sword")
    enemy = game.add_permanent("King", (1, 0), 1)  # health 4: survives the fight
    before = game.players[0].resource
    resolve(game, Attack(0, soldier, enemy))
    assert game.view(enemy).damage == 3  # Soldier 2 + Sword 1
    assert game.players[0].resource == before + 1


def test_equipments_5_sword_does_not_trigger_unequipped_or_when_the_unit_is_attacked() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    game.add_permanent("Sword", (2, 1), 0)  # lying next to it, not equipped
    enemy = game.add_permanent("King", (1, 0), 1)
    _active(game, soldier)
    resolve(game, Attack(0, soldier, enemy))
    assert game.players[0].resource == 0
    game2 = scenario(GRID)
    mine, _sword = _equip_soldier(game2, "Sword")
    attacker = game2.add_permanent("King", (1, 0), 1)
    next_turn(game2)
    to_action_phase(game2)
    resolve(game2, Activate(1, attacker))
    resolve(game2, Attack(1, attacker, mine))  # the equipped unit is attacked
    assert game2.view(mine).damage == 1
    assert game2.players[0].resource == 0


# ---------------------------------------------------------------------------- Potions


def test_potions_1_a_potion_is_an_equipment_that_units_equip() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    potion = game.add_permanent("Healing Potion", (2, 1), 0)
    assert game.card(potion).is_equipment and game.card(potion).is_artifact
    _active(game, soldier)
    resolve(game, Equip(0, soldier, potion, "attack"))
    assert game.pile(soldier) == [potion]


def test_potions_2_a_potion_has_durability_1_and_breaks_when_its_pile_drops() -> None:
    game = scenario(GRID)
    assert game.library["Healing Potion"].durability == 1
    soldier, potion = _equip_soldier(game, "Healing Potion")
    assert game.view(potion).durability == 1
    _die(game, soldier)
    assert not game.is_on_map(potion)
    assert potion in game.players[0].discard


def test_potions_3_an_unequipped_potion_offers_no_free_action() -> None:
    game = scenario(GRID)
    potion = game.add_permanent("Healing Potion", (2, 1), 0)
    to_action_phase(game)
    assert not [a for a in game.legal_actions(0) if isinstance(a, UseFreeAction)]
    _illegal(game, UseFreeAction(0, potion, 0, ()))


def test_potions_3_an_equipped_potion_is_a_free_action_usable_at_any_priority() -> None:
    game = scenario(GRID)
    soldier, potion = _equip_soldier(game, "Healing Potion")
    next_turn(game)
    to_action_phase(game)  # player 2's action phase
    game.apply(Pass(1))
    assert game.actor == 0
    use = UseFreeAction(0, potion, 0, ())
    assert use in game.legal_actions(0)
    game.apply(use)
    assert game.stack and game.stack[-1].kind == "free_action"


def test_potions_3_using_an_equipped_healing_potion_heals_the_equipped_unit() -> None:
    game = scenario(GRID)
    soldier, potion = _equip_soldier(game, "Healing Potion")
    game.edit(soldier, damage=2)
    resolve(game, UseFreeAction(0, potion, 0, ()))
    assert potion in game.players[0].discard  # used up: durability 0
    assert game.view(soldier).damage == 0
