"""Rules tests: Combat."""

from __future__ import annotations

from rulemarks import rules
from scenario import assert_illegal as _illegal
from scenario import of_type, pass_until, resolve, scenario, to_action_phase

from game.rules import Game
from game.rules.core.actions import Activate, Attack, Equip, FullAction, Move
from game.rules.core.events import Attacked

GRID = "1.......\n........\n........\n.......2"



def _activate(game: Game, unit: int) -> None:
    resolve(game, Activate(game.controller(unit), unit))


def _targets(game: Game, player: int) -> set[int]:
    return {a.target for a in game.legal_actions(player) if isinstance(a, Attack)}


def test_combat_1_an_attack_action_begins_combat_when_it_resolves() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _activate(game, soldier)
    events = game.apply(Attack(0, soldier, ramm))
    assert not of_type(events, Attacked) and game.view(ramm).damage == 0  # declared only
    assert len(game.stack) == 1
    events = pass_until(game, lambda g: not g.stack)
    assert [(e.attacker, e.target) for e in of_type(events, Attacked)] == [(soldier, ramm)]
    assert game.view(ramm).damage == 2


def test_combat_1_an_effect_can_begin_combat() -> None:
    game = scenario(GRID)
    charger = game.add_permanent("Charger", (0, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _activate(game, charger)
    events = resolve(game, FullAction(0, charger, "card", (ramm,)))  # the charge effect
    assert [(e.attacker, e.target) for e in of_type(events, Attacked)] == [(charger, ramm)]
    assert game.view(ramm).damage == 1


def test_combat_2_the_unit_that_starts_the_combat_is_its_attacker() -> None:
    game = scenario(GRID, resource={1: 3})
    thief = game.add_permanent("Thief", (2, 1), 0)  # whenever it attacks: steal 1
    scout = game.add_permanent("Scout", (3, 1), 1)
    to_action_phase(game)
    _activate(game, thief)
    events = resolve(game, Attack(0, thief, scout))
    (fight,) = of_type(events, Attacked)
    assert (fight.attacker, fight.target) == (thief, scout)
    assert game.players[0].resource == 1  # the thief's attack trigger fired for the attacker
    assert game.players[1].resource == 2


def test_combat_3_the_attackers_controller_names_the_attacked_permanent() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    left = game.add_permanent("Ramm", (1, 1), 1)
    right = game.add_permanent("Ramm", (3, 1), 1)
    barricade = game.add_permanent("Barricade", (2, 2), 1)
    to_action_phase(game)
    _activate(game, soldier)
    assert _targets(game, 0) == {left, right, barricade}  # any permanent in range
    resolve(game, Attack(0, soldier, right))
    assert game.view(right).damage == 2 and game.view(left).damage == 0


def test_combat_4_a_unit_cannot_attack_itself() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    to_action_phase(game)
    _activate(game, soldier)
    assert soldier not in _targets(game, 0)
    _illegal(game, Attack(0, soldier, soldier))


def test_combat_4_a_crew_member_cannot_attack_the_unit_it_crews() -> None:
    """Our engine's reading: a piled unit and its container are one side of a fight."""
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    scout = game.add_permanent("Scout", (1, 1), 0)
    to_action_phase(game)
    _activate(game, scout)
    resolve(game, Move(0, scout, (2, 1)))
    _illegal(game, Attack(0, scout, ramm))


def test_combat_5_the_attacked_permanent_must_be_in_the_attackers_range() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    near = game.add_permanent("Ramm", (3, 2), 1)  # range 1
    far = game.add_permanent("Ramm", (4, 1), 1)  # range 2
    to_action_phase(game)
    _activate(game, soldier)
    assert _targets(game, 0) == {near}
    _illegal(game, Attack(0, soldier, far))


def test_combat_6_both_sides_deal_their_attack_to_each_other() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _activate(game, soldier)
    resolve(game, Attack(0, soldier, ramm))
    assert game.view(ramm).damage == 2
    assert game.view(soldier).damage == 1


def test_combat_6_no_strike_back_from_outside_the_defenders_range() -> None:
    game = scenario(GRID)
    archer = game.add_permanent("Archer", (1, 1), 0)
    soldier = game.add_permanent("Soldier", (3, 1), 1)  # range 2: out of the soldier's reach
    to_action_phase(game)
    _activate(game, archer)
    resolve(game, Attack(0, archer, soldier))
    assert game.view(soldier).damage == 1
    assert game.view(archer).damage == 0


def test_combat_6_a_defender_with_the_reach_strikes_back_at_range() -> None:
    game = scenario(GRID)
    archer = game.add_permanent("Archer", (1, 1), 0)
    other = game.add_permanent("Archer", (4, 1), 1)  # range 3 both ways
    to_action_phase(game)
    _activate(game, archer)
    resolve(game, Attack(0, archer, other))
    assert game.view(other).damage == 1
    assert game.view(archer).damage == 1


def test_combat_7_effects_can_change_the_damage_dealt() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    sword = game.add_permanent("Sword", (2, 0), 0)  # equipped: +1 attack
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _activate(game, soldier)
    resolve(game, Equip(0, soldier, sword, "move"))
    assert game.container_of(sword) == soldier
    resolve(game, Attack(0, soldier, ramm))
    assert game.view(ramm).damage == 3


def test_combat_7_ward_marks_prevent_the_damage_of_a_fight() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    game.add_marks(ramm, "ward", 2)
    to_action_phase(game)
    _activate(game, soldier)
    resolve(game, Attack(0, soldier, ramm))
    assert game.view(ramm).damage == 0
    assert game.view(soldier).damage == 1


@rules("Units 15.1")
def test_combat_8_a_pile_deals_only_the_attacks_that_reach_the_fights_range() -> None:
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (2, 1), 0)  # 1 at range 1
    archer = game.add_permanent("Archer", (1, 1), 0)  # 1 at range 3
    far = game.add_permanent("Ramm", (5, 1), 1)  # range 3
    to_action_phase(game)
    _activate(game, archer)
    resolve(game, Move(0, archer, (2, 1)))  # the archer crews the ramm
    assert game.attack_profile(ramm) == {1: 2, 2: 1, 3: 1}
    _activate(game, ramm)
    resolve(game, Attack(0, ramm, far))
    assert game.view(far).damage == 1  # the ramm's own attack does not reach range 3


def test_combat_8_the_same_pile_deals_everything_in_melee() -> None:
    game = scenario(GRID)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    archer = game.add_permanent("Archer", (1, 1), 0)
    near = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _activate(game, archer)
    resolve(game, Move(0, archer, (2, 1)))
    _activate(game, ramm)
    resolve(game, Attack(0, ramm, near))
    assert game.view(near).damage == 2


def test_combat_8_1_melee_is_an_attack_at_range_1() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    ramm = game.add_permanent("Ramm", (1, 0), 1)  # diagonal neighbour: range 1
    assert game.attack_profile(soldier) == {1: 2}
    to_action_phase(game)
    _activate(game, soldier)
    resolve(game, Attack(0, soldier, ramm))
    assert game.view(ramm).damage == 2


def test_combat_8_2_ranged_combat_is_an_attack_at_range_greater_than_1() -> None:
    game = scenario(GRID)
    archer = game.add_permanent("Archer", (0, 1), 0)
    at_two = game.add_permanent("Ramm", (2, 1), 1)
    at_three = game.add_permanent("Ramm", (3, 2), 1)  # offset (3, 1): range 3
    assert game.attack_profile(archer) == {1: 1, 2: 1, 3: 1}
    to_action_phase(game)
    _activate(game, archer)
    assert _targets(game, 0) == {at_two, at_three}
    resolve(game, Attack(0, archer, at_three))
    assert game.view(at_three).damage == 1


@rules("Tiles (common) 3")
def test_combat_9_high_ground_lengthens_ranged_attacks() -> None:
    game = scenario("1.......\n.t......\n.......2")
    archer = game.add_permanent("Archer", (1, 1), 0)  # on the tower
    soldier = game.add_permanent("Soldier", (1, 0), 0)
    target = game.add_permanent("Ramm", (5, 1), 1)  # range 4
    assert game.attack_profile(archer) == {1: 1, 2: 1, 3: 1, 4: 1}
    to_action_phase(game)
    _activate(game, archer)
    assert target in _targets(game, 0)
    resolve(game, Attack(0, archer, target))
    assert game.view(target).damage == 1
    assert game.attack_profile(soldier) == {1: 2}  # melee is not lengthened


@rules("Tiles (common) 2")
def test_combat_9_cover_blocks_ranged_attacks_but_not_melee() -> None:
    game = scenario("1.......\n.....h..\n.......2")
    archer = game.add_permanent("Archer", (2, 1), 0)
    soldier = game.add_permanent("Soldier", (4, 0), 0)
    covered = game.add_permanent("Ramm", (5, 1), 1)  # on the house, range 3 from the archer
    to_action_phase(game)
    _activate(game, archer)
    assert covered not in _targets(game, 0)
    _illegal(game, Attack(0, archer, covered))
    _activate(game, soldier)
    assert covered in _targets(game, 0)
    resolve(game, Attack(0, soldier, covered))
    assert game.view(covered).damage == 2


def test_combat_9_cover_also_blocks_the_strike_back_at_range() -> None:
    game = scenario("1.......\n.h......\n.......2")
    archer = game.add_permanent("Archer", (1, 1), 0)  # on the house
    other = game.add_permanent("Archer", (3, 1), 1)  # range 2, would strike back
    to_action_phase(game)
    _activate(game, archer)
    resolve(game, Attack(0, archer, other))
    assert game.view(other).damage == 1
    assert game.view(archer).damage == 0


def test_preview_of_an_attack_resolves_it_past_the_stack_and_puts_everything_back() -> None:
    """Combat 1: the attack resolves once every player passed; the preview (what the
    window shows on hover) passes for them, reports the damage, and leaves the game as it
    was: the attack still on offer, the stack empty, the same hash."""
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    to_action_phase(game)
    _activate(game, soldier)
    before = game.state_hash()
    preview = game.preview(Attack(0, soldier, ramm))
    assert preview.damage_to(ramm) == 2 and not preview.chance
    assert game.state_hash() == before and not game.stack
    assert Attack(0, soldier, ramm) in game.legal_actions(0)
    assert game.view(ramm).exhausted is False and game.view(soldier).damage == 0
