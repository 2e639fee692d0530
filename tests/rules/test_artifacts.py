"""Rules tests: Artifacts and Effects Of Artifacts (Solid X)."""

from __future__ import annotations

from rulemarks import rules
from scenario import assert_illegal as _illegal
from scenario import resolve, scenario, to_action_phase

from game.rules import Game
from game.rules.core.actions import (
    Activate,
    Attack,
    Move,
    PlayCard,
    Switch,
    Transport,
    UseFreeAction,
)
from game.rules.core.view import Zone
from game.rules.geometry import distance

GRID = ".....\n.....\n.....\n1...2"


def _active(game: Game, unit: int) -> None:
    """Into player 1's action phase with ``unit`` activated."""
    to_action_phase(game)
    resolve(game, Activate(0, unit))



# ---------------------------------------------------------------------------- Artifacts


def test_artifacts_1_an_artifact_is_played_as_a_permanent_onto_a_spawn_tile() -> None:
    game = scenario(GRID, hands={0: ["Barricade"]}, resource={0: 1})
    to_action_phase(game)
    card = game.players[0].hand[0]
    assert game.card(card).is_permanent
    play = PlayCard(0, card, (0, 3))
    assert play in game.legal_actions(0)
    resolve(game, play)
    assert game.zone(card) is Zone.MAP
    assert game.permanent_at((0, 3)) == card
    assert game.controller(card) == 0
    assert game.players[0].resource == 0


def test_artifacts_2_passive_effect_of_an_outpost_lets_its_controller_play_next_to_it() -> None:
    game = scenario(GRID, hands={0: ["Soldier"]}, resource={0: 2})
    soldier = game.players[0].hand[0]
    to_action_phase(game)
    # without the outpost only the spawn tile (0, 3) takes the soldier
    assert {a.tile for a in game.legal_actions(0)
            if isinstance(a, PlayCard) and a.card == soldier} == {(0, 3)}
    game.add_permanent("Outpost", (2, 1), 0)  # spawn point 1: a passive effect
    tiles = {a.tile for a in game.legal_actions(0)
             if isinstance(a, PlayCard) and a.card == soldier}
    assert tiles == {(0, 3)} | {(x, y) for x in (1, 2, 3) for y in (0, 1, 2) if (x, y) != (2, 1)}


def test_artifacts_3_an_artifact_has_a_free_action() -> None:
    game = scenario(GRID)
    chest = game.add_permanent("Treasure Chest", (2, 1), 0)
    to_action_phase(game)
    use = UseFreeAction(0, chest, 0, ())
    assert use in game.legal_actions(0)
    resolve(game, use)
    assert game.players[0].resource == 1
    assert game.view(chest).tapped  # its cost: tap this
    _illegal(game, use)


@rules("Artifacts 4")
def test_artifacts_4_transport_carries_the_artifact_next_to_the_carrier() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)  # movement 2
    chest = game.add_permanent("Treasure Chest", (2, 1), 0)
    _active(game, soldier)
    carry = Transport(0, soldier, chest, (3, 1), (4, 0))
    assert carry in game.legal_actions(0)
    resolve(game, carry)
    assert game.tile_of(soldier) == (3, 1)
    assert game.tile_of(chest) == (4, 0)
    assert game.permanent_at((2, 1)) == 0 and game.permanent_at((1, 1)) == 0


def test_artifacts_4_transport_is_a_full_action() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    chest = game.add_permanent("Treasure Chest", (2, 1), 0)
    game.add_permanent("Soldier", (1, 0), 1)  # an enemy it could otherwise attack
    _active(game, soldier)
    resolve(game, Transport(0, soldier, chest, (1, 2), (2, 2)))
    view = game.view(soldier)
    assert view.moves_left == 0 and view.attacks_left == 0
    # nothing left to do: the unit is tapped and no unit action is offered
    assert view.tapped
    assert not [a for a in game.legal_actions(0) if isinstance(a, (Move, Attack, Transport))]


def test_artifacts_4_transport_needs_both_move_and_attack_actions() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    chest = game.add_permanent("Treasure Chest", (2, 1), 0)
    barricade = game.add_permanent("Barricade", (0, 1), 0)
    _active(game, soldier)
    resolve(game, Attack(0, soldier, barricade))  # the attack action is spent
    assert not [a for a in game.legal_actions(0) if isinstance(a, Transport)]
    _illegal(game, Transport(0, soldier, chest, (1, 1), (1, 2)))


def test_artifacts_4_transport_stays_within_the_carriers_movement_range() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)  # movement 2
    chest = game.add_permanent("Treasure Chest", (2, 1), 0)
    _active(game, soldier)
    options = [a for a in game.legal_actions(0) if isinstance(a, Transport)]
    assert options
    for option in options:
        assert option.artifact == chest
        assert distance((1, 1), option.tile) <= 2
        assert distance(option.tile, option.drop) == 1  # put down next to the carrier
    assert (4, 1) not in {o.tile for o in options}  # range 3 away
    _illegal(game, Transport(0, soldier, chest, (4, 1), (4, 2)))


def test_artifacts_4_the_artifact_is_put_down_next_to_the_carrier_only() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    chest = game.add_permanent("Treasure Chest", (2, 1), 0)
    game.add_permanent("Soldier", (3, 0), 1)
    _active(game, soldier)
    _illegal(game, Transport(0, soldier, chest, (1, 1), (3, 1)))  # not adjacent to (1, 1)
    _illegal(game, Transport(0, soldier, chest, (2, 1), (3, 0)))  # not an available tile


def test_artifacts_4_only_an_adjacent_artifact_can_be_carried() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (0, 1), 0)
    chest = game.add_permanent("Treasure Chest", (2, 1), 0)  # range 2 away
    _active(game, soldier)
    assert not [a for a in game.legal_actions(0) if isinstance(a, Transport)]
    _illegal(game, Transport(0, soldier, chest, (1, 1), (1, 0)))


def test_artifacts_5_a_unit_switches_tiles_with_an_adjacent_artifact() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    chest = game.add_permanent("Treasure Chest", (2, 2), 0)
    _active(game, soldier)
    switch = Switch(0, soldier, chest)
    assert switch in game.legal_actions(0)
    resolve(game, switch)
    assert game.tile_of(soldier) == (2, 2) and game.permanent_at((2, 2)) == soldier
    assert game.tile_of(chest) == (1, 1) and game.permanent_at((1, 1)) == chest


def test_artifacts_5_switching_uses_the_move_action() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    chest = game.add_permanent("Treasure Chest", (2, 1), 0)
    enemy = game.add_permanent("Soldier", (3, 1), 1)
    _active(game, soldier)
    resolve(game, Switch(0, soldier, chest))
    view = game.view(soldier)
    assert view.moves_left == 0 and view.attacks_left == 1
    legal = game.legal_actions(0)
    assert not [a for a in legal if isinstance(a, (Move, Switch))]
    assert Attack(0, soldier, enemy) in legal  # the attack action is still there
    _illegal(game, Switch(0, soldier, chest))


def test_artifacts_5_no_switch_with_an_artifact_that_is_not_adjacent() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (0, 1), 0)
    chest = game.add_permanent("Treasure Chest", (2, 1), 0)
    other = game.add_permanent("Soldier", (0, 2), 0)  # adjacent, but a unit
    _active(game, soldier)
    _illegal(game, Switch(0, soldier, chest))
    _illegal(game, Switch(0, soldier, other))


# ---------------------------------------------------------------------------- Solid X


def test_solid_x_1_enemy_units_can_not_transport_or_switch_with_a_solid_artifact() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    theirs = game.add_permanent("Barricade", (2, 1), 1)  # solid 3, the opponent's
    _active(game, soldier)
    legal = game.legal_actions(0)
    assert not [a for a in legal if isinstance(a, (Switch, Transport)) and a.artifact == theirs]
    _illegal(game, Switch(0, soldier, theirs))
    _illegal(game, Transport(0, soldier, theirs, (1, 1), (1, 2)))


def test_solid_x_1_the_controllers_units_may_transport_and_switch_their_solid_artifact() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    mine = game.add_permanent("Barricade", (2, 1), 0)
    _active(game, soldier)
    legal = game.legal_actions(0)
    assert Switch(0, soldier, mine) in legal
    assert Transport(0, soldier, mine, (1, 1), (1, 2)) in legal
    resolve(game, Switch(0, soldier, mine))
    assert game.tile_of(mine) == (1, 1) and game.tile_of(soldier) == (2, 1)


def test_solid_x_1_no_unit_can_switch_with_or_carry_a_wall() -> None:
    game = scenario(".#...\n.....\n.....\n1...2")
    wall = game.permanent_at((1, 0))
    assert game.card(wall).keywords["solid"] == 10 and game.controller(wall) == -1
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    _active(game, soldier)
    assert not [a for a in game.legal_actions(0)
                if isinstance(a, (Switch, Transport)) and a.artifact == wall]
    _illegal(game, Switch(0, soldier, wall))


def test_solid_x_2_enemy_units_can_attack_a_solid_artifact() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)  # attack 2
    theirs = game.add_permanent("Barricade", (2, 1), 1)
    _active(game, soldier)
    attack = Attack(0, soldier, theirs)
    assert attack in game.legal_actions(0)
    resolve(game, attack)
    assert game.view(theirs).damage == 2
    assert game.is_on_map(theirs)  # 2 damage is not more than solid 3
    assert game.view(soldier).damage == 0  # an artifact does not strike back


@rules("Solid X 2")
def test_solid_x_3_a_solid_artifact_is_destroyed_by_more_damage_than_x() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (1, 1), 0)  # attack 2
    scout = game.add_permanent("Scout", (1, 0), 0)  # attack 1
    other = game.add_permanent("Soldier", (1, 2), 0)
    theirs = game.add_permanent("Barricade", (2, 1), 1)  # solid 3
    _active(game, soldier)
    resolve(game, Attack(0, soldier, theirs))
    resolve(game, Activate(0, scout))
    resolve(game, Attack(0, scout, theirs))
    assert game.view(theirs).damage == 3
    assert game.is_on_map(theirs)  # exactly X damage: still standing
    resolve(game, Activate(0, other))
    resolve(game, Attack(0, other, theirs))
    assert not game.is_on_map(theirs)  # 5 > 3
    assert game.zone(theirs) is Zone.DISCARD and theirs in game.players[1].discard


def test_solid_x_3_a_breached_wall_turns_its_tile_neutral() -> None:
    game = scenario(".#...\n.....\n.....\n1...2")
    wall = game.permanent_at((1, 0))
    game.deal_damage(0, wall, 10)
    assert game.is_on_map(wall)  # 10 is not more than solid 10
    game.deal_damage(0, wall, 1)
    to_action_phase(game)  # state-based actions run before anyone gets priority
    assert not game.is_on_map(wall)
    assert game.tile_kind((1, 0)).name == "neutral"


def test_solid_x_3_without_solid_an_artifact_is_destroyed_by_any_damage() -> None:
    game = scenario(GRID)
    scout = game.add_permanent("Scout", (1, 1), 0)  # attack 1
    chest = game.add_permanent("Treasure Chest", (2, 1), 1)
    _active(game, scout)
    resolve(game, Attack(0, scout, chest))
    assert not game.is_on_map(chest)
    assert chest in game.players[1].discard


def test_artifacts_2_a_war_banner_aura_strengthens_adjacent_own_units_while_it_stands() -> None:
    from scenario import scenario as make

    game = make("1......\n.......\n......2", hands={0: ["Fireball"]}, resource={0: 2})
    banner = game.add_permanent("War Banner", (2, 1), 0)
    near = game.add_permanent("Soldier", (3, 1), 0)
    far = game.add_permanent("Soldier", (5, 1), 0)
    enemy = game.add_permanent("Soldier", (1, 1), 1)
    assert game.attack_profile(near) == {1: 3}  # 2 + 1 from the banner
    assert game.attack_profile(far) == {1: 2}  # out of its range
    assert game.attack_profile(enemy) == {1: 2}  # not for the enemy
    game.destroy(banner)
    assert game.attack_profile(near) == {1: 2}  # the aura ended with its source
