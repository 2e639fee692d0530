"""Rules tests of the card vocabulary through shipped cards.

Every keyword and every effect of the registries is played here through a real card of
the shipped sets (see tests/content/test_coverage.py for the table of which card uses
what), together with the marks, passives and triggers the new sets brought in. A test is
named after the rule it shows where one applies, else ``test_card_<card>_...``.
"""

from __future__ import annotations

import random

import pytest
from rulemarks import rules
from scenario import assert_illegal as _illegal
from scenario import library, next_turn, pass_until, resolve, scenario, to_action_phase

from game.content.cards import load_cards
from game.content.decks import with_decks
from game.maps import find_map, list_maps
from game.rules import Game, GameSetup, Placement, parse_grid
from game.rules.core.actions import (
    Action,
    Activate,
    Attack,
    Disband,
    DiscardToPay,
    Equip,
    FullAction,
    Move,
    Pass,
    PayUpkeep,
    PlayCard,
    StreetMove,
    UseFreeAction,
)
from game.rules.core.view import Zone
from game.rules.invariants import check
from game.rules.systems import movement

GRID = "1.......\n........\n........\n.......2"


# ---------------------------------------------------------------------------- helpers




def _ready(grid: str = GRID, **kwargs) -> Game:  # type: ignore[no-untyped-def]
    """A scenario in player 1's action phase (plenty of resource unless told)."""
    kwargs.setdefault("resource", {0: 20, 1: 20})
    game = scenario(grid, **kwargs)
    to_action_phase(game)
    return game


def _in_hand(game: Game, player: int, name: str) -> int:
    return next(c for c in game.players[player].hand if game.card(c).name == name)


def _cast(game: Game, player: int, name: str, *targets: object) -> None:
    resolve(game, PlayCard(player, _in_hand(game, player, name), None, tuple(targets)))


def _spell_targets(game: Game, player: int, name: str) -> set[object]:
    card = _in_hand(game, player, name)
    return {a.targets[0] for a in game.legal_actions(player)
            if isinstance(a, PlayCard) and a.card == card and a.targets}


def _activate(game: Game, unit: int) -> None:
    if game.activated != unit:
        resolve(game, Activate(game.controller(unit), unit))


def _do(game: Game, action: Action) -> None:
    """Declare a legal action and let it (and whatever it triggers) resolve."""
    assert action in game.legal_actions(action.player), action
    resolve(game, action)
    while game.pending:
        player = game.actor
        assert player is not None
        resolve(game, game.legal_actions(player)[0])


def _free(game: Game, player: int, source: int, *targets: object) -> None:
    _do(game, UseFreeAction(player, source, 0, tuple(targets)))


def _play_tiles(game: Game, player: int, name: str) -> set[tuple[int, int]]:
    card = _in_hand(game, player, name)
    return {a.tile for a in game.legal_actions(player)
            if isinstance(a, PlayCard) and a.card == card and a.tile is not None}


# ---------------------------------------------------------------------------- keywords


def test_shroud_1_a_ghost_cannot_be_chosen_by_a_fireball_nor_attacked() -> None:
    game = _ready(hands={0: ["Fireball"]})
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    ghost = game.add_permanent("Ghost", (3, 1), 1)
    scout = game.add_permanent("Scout", (3, 2), 1)
    targets = _spell_targets(game, 0, "Fireball")
    assert scout in targets and ghost not in targets
    _activate(game, soldier)
    _illegal(game, Attack(0, soldier, ghost))
    assert Attack(0, soldier, scout) in game.legal_actions(0)


def test_protection_from_x_1_the_lich_cannot_be_chosen_for_die() -> None:
    game = _ready(hands={0: ["Die!"]})
    lich = game.add_permanent("Lich", (3, 1), 1)
    soldier = game.add_permanent("Soldier", (4, 1), 1)
    targets = _spell_targets(game, 0, "Die!")
    assert soldier in targets and lich not in targets
    # other spells still reach it
    game.add_card("Fireball", 0)
    assert lich in _spell_targets(game, 0, "Fireball")


@rules("Boss 2")
def test_protection_from_x_3_the_iron_tyrant_is_safe_from_enemy_spells_only() -> None:
    game = _ready(hands={0: ["Fireball"]})
    tyrant = game.add_permanent("The Iron Tyrant", (3, 1), 1)
    soldier = game.add_permanent("Soldier", (5, 1), 1)
    assert _spell_targets(game, 0, "Fireball") == {soldier}
    # its own side's spells may choose it
    game.apply(Pass(0))
    game.add_card("Fireball", 1)
    assert tyrant in _spell_targets(game, 1, "Fireball")


def test_crew_x_2_a_soldier_crews_a_longboat_and_crosses_deep_water() -> None:
    game = _ready("1.wwww..\n..wwww..\n.......2")
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    boat = game.add_permanent("Longboat", (2, 1), 0)
    other = game.add_permanent("Recruit", (1, 2), 0)
    _activate(game, soldier)
    _do(game, Move(0, soldier, (2, 1)))
    assert game.pile(boat) == [soldier] and game.tile_of(soldier) == (2, 1)
    # crew 1: the longboat is full
    _activate(game, other)
    assert Move(0, other, (2, 1)) not in game.legal_actions(0)
    _activate(game, boat)
    _do(game, Move(0, boat, (5, 1)))
    assert game.tile_of(soldier) == (5, 1)
    # the crew lends its attack to the boat (rule Crew X 4)
    assert game.attack_profile(boat) == {1: 2}


@rules("Crew X 1", "Units 15")
def test_crew_x_1_a_war_saddle_gives_its_rider_room_for_one_crew() -> None:
    game = _ready()
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    saddle = game.add_permanent("War Saddle", (3, 1), 0)
    recruit = game.add_permanent("Recruit", (2, 2), 0)
    assert game.crew_slots(soldier) == 0
    _activate(game, soldier)
    _do(game, Move(0, soldier, (3, 2)))
    _do(game, Equip(0, soldier, saddle, "attack"))
    assert game.crew_slots(soldier) == 1
    _activate(game, recruit)
    _do(game, Move(0, recruit, (3, 2)))
    assert set(game.pile(soldier)) == {saddle, recruit}
    assert game.attack_profile(soldier) == {1: 3}


@rules("Crew X 1")
def test_crew_x_1_a_granted_crew_keyword_makes_room_as_a_printed_one() -> None:
    """A unit given crew 1 by a granted effect (a mod's card may grant any keyword)
    takes a friendly unit's move onto its tile; before the grant that tile is no end."""
    game = _ready()
    soldier = game.add_permanent("Soldier", (3, 2), 0)
    recruit = game.add_permanent("Recruit", (2, 2), 0)
    _activate(game, recruit)
    assert (3, 2) not in movement.reachable(game, recruit)
    game.grant(soldier, "keyword:crew", 1, "end_of_turn")
    assert (3, 2) in movement.reachable(game, recruit)
    assert game.crew_slots(soldier) == 1
    _do(game, Move(0, recruit, (3, 2)))
    assert game.pile(soldier) == [recruit]


@rules("Solid X 2")
def test_solid_x_3_a_blasting_charge_breaks_a_barricade_but_not_a_building() -> None:
    game = _ready(hands={0: ["Blasting Charge", "Blasting Charge"]})
    barricade = game.add_permanent("Barricade", (3, 1), 1)
    building = game.add_permanent("Building", (5, 1), 1)
    soldier = game.add_permanent("Soldier", (5, 2), 1)
    assert _spell_targets(game, 0, "Blasting Charge") == {barricade, building}
    assert soldier not in _spell_targets(game, 0, "Blasting Charge")
    _cast(game, 0, "Blasting Charge", barricade)
    assert not game.is_on_map(barricade) and game.zone(barricade) is Zone.DISCARD
    _cast(game, 0, "Blasting Charge", building)
    assert game.is_on_map(building) and game.view(building).damage == 4  # solid 6


@rules("Available Tiles (permanents) 3.1", "Permanents 3.2")
def test_tiles_common_6_a_floating_dock_goes_onto_deep_water_by_the_harbor() -> None:
    game = _ready("A.......\nww......\nww.....2", hands={0: ["Floating Dock", "Soldier"]})
    assert _play_tiles(game, 0, "Floating Dock") == {(0, 1), (1, 1)}
    _do(game, PlayCard(0, _in_hand(game, 0, "Floating Dock"), (1, 1)))
    dock = game.permanent_at((1, 1))
    assert game.card(dock).name == "Floating Dock"
    # its spawn point lands walkers on the land next to it
    assert _play_tiles(game, 0, "Soldier") == {(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)}


@rules("Push 3")
def test_push_4_1_a_lancer_pushes_the_unit_it_attacks_away_from_its_tile() -> None:
    game = _ready()
    lancer = game.add_permanent("Lancer", (1, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 1), 1)
    _activate(game, lancer)
    _do(game, Attack(0, lancer, soldier))
    assert game.tile_of(soldier) == (3, 1)
    assert game.view(soldier).damage == 2 and game.view(lancer).damage == 2


def test_push_2_a_siege_tower_is_immovable() -> None:
    game = _ready(hands={0: ["Shove"]})
    lancer = game.add_permanent("Lancer", (1, 1), 0)
    tower = game.add_permanent("Siege Tower", (2, 1), 1)
    _activate(game, lancer)
    _do(game, Attack(0, lancer, tower))
    assert game.tile_of(tower) == (2, 1) and game.view(tower).damage == 2
    _cast(game, 0, "Shove", tower, (1, 2))
    assert game.tile_of(tower) == (2, 1)


def test_permanents_3_2_a_mobile_forge_is_a_spawn_point_that_moves() -> None:
    game = _ready(hands={0: ["Soldier"]})
    forge = game.add_permanent("Mobile Forge", (4, 2), 0)
    tiles = _play_tiles(game, 0, "Soldier")
    assert (5, 2) in tiles and (3, 3) in tiles and (6, 2) not in tiles
    _activate(game, forge)
    _do(game, Move(0, forge, (5, 2)))
    assert (6, 2) in _play_tiles(game, 0, "Soldier")


@rules("Intentions 2", "Boss 1")
def test_intentions_marks_1_the_iron_tyrant_carries_out_crushing_decree() -> None:
    game = scenario(GRID)
    soldier = game.add_permanent("Soldier", (3, 1), 0)
    tyrant = game.add_permanent("The Iron Tyrant", (4, 1), 1)
    decree = game.add_card("Crushing Decree", 1)
    game.players[0].resource = 5
    to_action_phase(game)
    game.apply(Pass(0))
    resolve(game, PlayCard(1, decree, None, (soldier,)))
    assert game.marks(soldier, "intention") == 1 and game.zone(decree) is Zone.ASIDE
    next_turn(game)
    to_action_phase(game)
    _activate(game, tyrant)
    _do(game, FullAction(1, tyrant, f"mark:{decree}"))
    assert not game.is_on_map(soldier)  # 3 damage on health 2
    assert game.zone(decree) is Zone.DISCARD


def test_upkeep_3_2_an_enforcer_is_loyal_and_cannot_be_disbanded() -> None:
    game = scenario(GRID, resource={1: 5})
    enforcer = game.add_permanent("Enforcer", (6, 3), 1)
    soldier = game.add_permanent("Soldier", (5, 3), 1)
    next_turn(game)
    disbandable = {a.unit for a in game.legal_actions(1) if isinstance(a, Disband)}
    assert disbandable == {soldier}
    _illegal(game, Disband(1, enforcer))
    resolve(game, PayUpkeep(1))
    assert game.is_on_map(enforcer) and game.players[1].resource == 5 - 2


# ---------------------------------------------------------------------------- effects


@rules("Push 6.2", "Push 4.2")
def test_push_6_2_a_tidal_wave_sweeps_a_soldier_into_deep_water() -> None:
    game = _ready("1......ww\n........2", hands={0: ["Tidal Wave"]})
    soldier = game.add_permanent("Soldier", (4, 0), 1)
    _cast(game, 0, "Tidal Wave", soldier, (3, 0))
    assert not game.is_on_map(soldier) and game.zone(soldier) is Zone.DISCARD


def test_card_tidal_wave_deals_1_damage_and_pushes_3() -> None:
    game = _ready(hands={0: ["Tidal Wave"]})
    soldier = game.add_permanent("Soldier", (2, 1), 1)
    _cast(game, 0, "Tidal Wave", soldier, (1, 1))
    assert game.tile_of(soldier) == (5, 1) and game.view(soldier).damage == 1


@rules("Permanents 6")
def test_tiles_common_10_a_sapper_tears_down_a_wall() -> None:
    game = _ready("1.#.....\n..#....2")
    sapper = game.add_permanent("Sapper", (1, 0), 0)
    wall = game.permanent_at((2, 0))
    far_wall = game.permanent_at((2, 1))
    _activate(game, sapper)
    options = {a.targets for a in game.legal_actions(0)
               if isinstance(a, FullAction) and a.unit == sapper}
    assert options == {(wall,), (far_wall,)}
    _do(game, FullAction(0, sapper, "card", (wall,)))
    assert game.permanent_at((2, 0)) == 0
    assert game.tile_kind((2, 0)).name == "neutral"
    assert game.permanent_at((2, 1)) == far_wall


@rules("Permanents 7.1")
def test_permanents_7_blood_pact_sacrifices_your_unit_for_three_resource() -> None:
    game = _ready(hands={0: ["Blood Pact"]})
    recruit = game.add_permanent("Recruit", (1, 1), 0)
    enemy = game.add_permanent("Soldier", (3, 1), 1)
    assert _spell_targets(game, 0, "Blood Pact") == {recruit}
    before = game.players[0].resource
    _cast(game, 0, "Blood Pact", recruit)
    assert game.zone(recruit) is Zone.DISCARD and game.is_on_map(enemy)
    assert game.players[0].resource == before - 1 + 3


def test_card_pearl_diver_gains_a_resource_as_its_full_action() -> None:
    game = _ready("1.www...\n.......2")
    diver = game.add_permanent("Pearl Diver", (3, 0), 0)
    before = game.players[0].resource
    _activate(game, diver)
    _do(game, FullAction(0, diver, "card"))
    assert game.players[0].resource == before + 1
    assert game.view(diver).tapped


def test_card_corsair_leaves_two_resource_when_she_dies() -> None:
    game = _ready(hands={0: ["Fireball"]})
    corsair = game.add_permanent("Corsair", (3, 1), 1)
    before = game.players[1].resource
    _cast(game, 0, "Fireball", corsair)
    assert not game.is_on_map(corsair)
    assert game.players[1].resource == before + 2


def test_card_tribute_the_tyrant_takes_two_resource() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (3, 1), 0)
    tyrant = game.add_permanent("The Iron Tyrant", (4, 1), 1)
    tribute = game.add_card("Tribute", 1)
    to_action_phase(game)
    game.apply(Pass(0))
    resolve(game, PlayCard(1, tribute, None, (soldier,)))
    next_turn(game)
    to_action_phase(game)
    before = (game.players[0].resource, game.players[1].resource)
    _activate(game, tyrant)
    _do(game, FullAction(1, tyrant, f"mark:{tribute}"))
    assert (game.players[0].resource, game.players[1].resource) == (before[0] - 2,
                                                                    before[1] + 2)


def test_card_message_in_a_bottle_draws_two_cards() -> None:
    game = _ready(hands={0: ["Message in a Bottle"]}, decks={0: ["Coin", "Coin", "Coin"]})
    hand = len(game.players[0].hand)
    _cast(game, 0, "Message in a Bottle")
    assert len(game.players[0].hand) == hand - 1 + 2
    assert len(game.players[0].deck) == 1


def test_card_mechanic_pays_one_to_mend_a_damaged_permanent_next_to_her() -> None:
    game = _ready()
    mechanic = game.add_permanent("Mechanic", (2, 1), 0)
    barricade = game.add_permanent("Barricade", (3, 1), 0)
    sound = game.add_permanent("Soldier", (1, 1), 0)
    game.edit(barricade, damage=2)
    game.edit(mechanic, damage=1)
    game.enter()
    options = {a.targets for a in game.legal_actions(0)
               if isinstance(a, UseFreeAction) and a.source == mechanic}
    # damaged ones only, herself included; the sound soldier is not offered
    assert options == {(barricade,), (mechanic,)} and (sound,) not in options
    before = game.players[0].resource
    _free(game, 0, mechanic, barricade)
    assert game.view(barricade).damage == 1 and game.players[0].resource == before - 1


def test_card_vampire_heals_itself_when_it_attacks() -> None:
    game = _ready()
    vampire = game.add_permanent("Vampire", (1, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 1), 1)
    _activate(game, vampire)
    _do(game, Attack(0, vampire, soldier))
    assert game.view(soldier).damage == 2
    assert game.view(vampire).damage == 1  # struck back for 2, healed 1


def test_poison_1_a_hex_witch_puts_two_poison_marks_within_range_2() -> None:
    game = _ready()
    witch = game.add_permanent("Hex Witch", (1, 1), 0)
    near = game.add_permanent("Soldier", (3, 1), 1)
    far = game.add_permanent("Scout", (4, 1), 1)
    _activate(game, witch)
    options = {a.targets for a in game.legal_actions(0)
               if isinstance(a, FullAction) and a.unit == witch}
    assert options == {(near,)} and (far,) not in options
    _do(game, FullAction(0, witch, "card", (near,)))
    assert game.marks(near, "poison") == 2


def test_card_purify_removes_paralysis_panic_and_rage() -> None:
    game = _ready(hands={0: ["Purify"]})
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    for kind in ("paralysis", "panic", "rage", "poison"):
        game.add_marks(soldier, kind, 2)
    _cast(game, 0, "Purify", soldier)
    assert game.marks_on(soldier) == {"poison": 2}


@rules("Potions 3")
def test_card_antidote_draws_poison_and_burn_out_of_its_unit() -> None:
    game = _ready()
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    antidote = game.add_permanent("Antidote", (3, 1), 0)
    _activate(game, ramm)
    _do(game, Equip(0, ramm, antidote, "move"))
    game.add_marks(ramm, "poison", 4)
    game.add_marks(ramm, "burn", 1)
    _free(game, 0, antidote)
    assert game.marks_on(ramm) == {"poison": 1}
    assert game.zone(antidote) is Zone.DISCARD


@rules("Artifacts 3", "Push 4.1")
def test_card_steam_piston_pushes_a_neighbour_two_tiles_away_from_itself() -> None:
    game = _ready()
    piston = game.add_permanent("Steam Piston", (2, 1), 0)
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    _free(game, 0, piston, soldier)
    assert game.tile_of(soldier) == (5, 1)
    assert game.view(piston).tapped
    assert not [a for a in game.legal_actions(0) if isinstance(a, UseFreeAction)]


@rules("Turn Phases 3")
def test_card_smoke_bomb_hides_its_unit_until_the_end_of_the_turn() -> None:
    game = _ready(hands={1: ["Fireball", "Fireball"]})
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    bomb = game.add_permanent("Smoke Bomb", (3, 1), 0)
    _activate(game, soldier)
    _do(game, Equip(0, soldier, bomb, "move"))
    _free(game, 0, bomb)
    assert game.keyword(soldier, "shroud")
    game.apply(Pass(0))
    assert soldier not in _spell_targets(game, 1, "Fireball")
    game.apply(Pass(1))
    next_turn(game)
    assert not game.keyword(soldier, "shroud")
    assert soldier in _spell_targets(game, 1, "Fireball")


@rules("Tokens 1", "Tokens 2")
def test_card_assembly_line_builds_a_clockwork_drone_next_to_itself() -> None:
    game = _ready()
    line = game.add_permanent("Assembly Line", (3, 1), 0)
    before = game.players[0].resource
    options = {a.targets[0] for a in game.legal_actions(0)
               if isinstance(a, UseFreeAction) and a.source == line}
    assert options == {(x, y) for x in (2, 3, 4) for y in (0, 1, 2)} - {(3, 1)}
    _free(game, 0, line, (4, 1))
    drone = game.permanent_at((4, 1))
    assert game.card(drone).name == "Clockwork Drone" and game.card(drone).token
    assert game.players[0].resource == before - 2 and game.view(line).tapped


@rules("Cards 2.2.2", "Permanents 4")
def test_card_conscription_the_tyrant_takes_over_a_marked_unit() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (3, 1), 0)
    tyrant = game.add_permanent("The Iron Tyrant", (4, 2), 1)
    order = game.add_card("Conscription", 1)
    to_action_phase(game)
    game.apply(Pass(0))
    resolve(game, PlayCard(1, order, None, (soldier,)))
    next_turn(game)
    to_action_phase(game)
    _activate(game, tyrant)
    _do(game, FullAction(1, tyrant, f"mark:{order}"))
    assert game.controller(soldier) == 1 and game.owner(soldier) == 0


@rules("Win Conditions 2")
def test_card_herald_of_triumph_scores_a_point_as_its_full_action() -> None:
    game = _ready()
    herald = game.add_permanent("Herald of Triumph", (2, 1), 0)
    _activate(game, herald)
    _do(game, FullAction(0, herald, "card"))
    assert game.players[0].points == 1


def test_card_charger_charges_in_a_straight_line_and_pushes() -> None:
    game = _ready()
    charger = game.add_permanent("Charger", (0, 1), 0)
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    _activate(game, charger)
    _do(game, FullAction(0, charger, "card", (soldier,)))
    assert game.tile_of(charger) == (2, 1)
    assert game.tile_of(soldier) == (4, 1) and game.view(soldier).damage == 1


def test_card_rally_readies_a_unit_that_has_already_acted() -> None:
    game = _ready(hands={0: ["Rally"]})
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    enemy = game.add_permanent("Soldier", (5, 1), 1)
    assert _spell_targets(game, 0, "Rally") == {soldier} and enemy
    _activate(game, soldier)
    _do(game, Move(0, soldier, (3, 1)))
    _do(game, Activate(0, game.add_permanent("Recruit", (0, 3), 0)))
    assert game.view(soldier).tapped
    _cast(game, 0, "Rally", soldier)
    assert not game.view(soldier).tapped
    _activate(game, soldier)
    _do(game, Move(0, soldier, (4, 1)))
    _do(game, Attack(0, soldier, enemy))
    assert game.view(enemy).damage == 2


@rules("Potions 3")
def test_card_elixir_of_haste_readies_the_unit_that_drinks_it() -> None:
    game = _ready()
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    elixir = game.add_permanent("Elixir of Haste", (3, 1), 0)
    _activate(game, soldier)
    _do(game, Equip(0, soldier, elixir, "move"))
    assert game.view(soldier).moves_left == 0  # equipping used the move action
    _free(game, 0, elixir)
    assert game.view(soldier).moves_left == 1 and game.view(soldier).attacks_left == 1
    assert game.zone(elixir) is Zone.DISCARD


@rules("Equipments 2")
def test_card_workshop_repairs_the_equipment_of_a_unit_up_to_its_durability() -> None:
    game = _ready()
    workshop = game.add_permanent("Workshop", (3, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    sword = game.add_permanent("Sword", (1, 1), 0)
    _activate(game, soldier)
    _do(game, Equip(0, soldier, sword, "move"))
    game.edit(sword, durability=1)
    _free(game, 0, workshop, soldier)
    assert game.view(sword).durability == 2
    next_turn(game)
    next_turn(game)
    to_action_phase(game)
    _free(game, 0, workshop, soldier)
    assert game.view(sword).durability == 2  # never above the printed durability


# ------------------------------------------------------------- marks, passives, triggers


def test_card_firebrand_a_burning_unit_takes_1_damage_when_activated() -> None:
    game = _ready(hands={0: ["Firebrand"]})
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    _cast(game, 0, "Firebrand", soldier)
    assert game.marks(soldier, "burn") == 2
    _activate(game, soldier)
    assert game.marks(soldier, "burn") == 1 and game.view(soldier).damage == 1
    # ward prevents the burn like any damage (rule Ward 2)
    game.add_marks(soldier, "ward", 1)
    _do(game, Move(0, soldier, (2, 2)))
    _do(game, Activate(0, game.add_permanent("Recruit", (0, 3), 0)))
    next_turn(game)
    next_turn(game)
    to_action_phase(game)
    _activate(game, soldier)
    assert game.marks_on(soldier).get("burn", 0) == 0 and game.view(soldier).damage == 1


def test_card_messenger_gets_two_more_movement_on_a_street() -> None:
    game = _ready("1.ssssssss\n.........2")
    messenger = game.add_permanent("Messenger", (2, 0), 0)
    assert game.movement(messenger) == 5
    _activate(game, messenger)
    _do(game, Move(0, messenger, (2, 1)))
    assert game.movement(messenger) == 3


def test_card_messenger_runs_the_whole_street_with_its_extra_move() -> None:
    game = _ready("1.ssssssss\n.........2")
    messenger = game.add_permanent("Messenger", (2, 0), 0)
    _activate(game, messenger)
    streets = {a.tile for a in game.legal_actions(0) if isinstance(a, StreetMove)}
    assert max(x for x, _ in streets) == 7


@rules("State-based actions 3.4")
def test_card_gate_warden_is_tougher_on_a_gate_and_only_there() -> None:
    game = _ready("1.g.....\n.......2", hands={0: ["Fireball", "Fireball"]})
    warden = game.add_permanent("Gate Warden", (2, 0), 0)
    assert game.health(warden) == 4
    _cast(game, 0, "Fireball", warden)
    _cast(game, 0, "Fireball", warden)
    assert game.is_on_map(warden)  # 4 damage on health 4 does not destroy
    _activate(game, warden)
    _do(game, Move(0, warden, (3, 0)))
    assert game.zone(warden) is Zone.DISCARD  # off the gate its health is 2 again


def test_card_sentinel_hits_harder_from_a_house() -> None:
    game = _ready("1.h.....\n.......2")
    sentinel = game.add_permanent("Sentinel", (2, 0), 0)
    soldier = game.add_permanent("Soldier", (3, 0), 1)
    assert game.attack_profile(sentinel) == {1: 2}
    _activate(game, sentinel)
    _do(game, Attack(0, sentinel, soldier))
    assert game.view(soldier).damage == 2


@rules("Units 11")
def test_card_field_marshal_speeds_up_own_units_within_range_2() -> None:
    game = _ready()
    game.add_permanent("Field Marshal", (3, 1), 0)
    near = game.add_permanent("Soldier", (5, 1), 0)
    far = game.add_permanent("Soldier", (6, 1), 0)
    enemy = game.add_permanent("Soldier", (3, 3), 1)
    assert (game.movement(near), game.movement(far), game.movement(enemy)) == (3, 2, 2)


@rules("Artifacts 2")
def test_card_lighthouse_lengthens_the_reach_of_units_around_it() -> None:
    game = _ready()
    game.add_permanent("Lighthouse", (3, 1), 0)
    soldier = game.add_permanent("Soldier", (4, 1), 0)
    enemy = game.add_permanent("Soldier", (6, 1), 1)
    assert game.attack_profile(soldier) == {1: 2, 2: 2}
    _activate(game, soldier)
    _do(game, Attack(0, soldier, enemy))
    assert game.view(enemy).damage == 2 and game.view(soldier).damage == 0


def test_card_repeating_crossbow_makes_its_bearer_a_ranged_fighter() -> None:
    game = _ready()
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    crossbow = game.add_permanent("Repeating Crossbow", (1, 1), 0)
    _activate(game, soldier)
    _do(game, Equip(0, soldier, crossbow, "move"))
    assert game.attack_range(soldier) == 3


def test_card_warhorse_carries_its_rider_further() -> None:
    game = _ready()
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    horse = game.add_permanent("Warhorse", (1, 1), 0)
    _activate(game, soldier)
    _do(game, Equip(0, soldier, horse, "attack"))
    assert game.movement(soldier) == 4


def test_card_berserker_is_enraged_by_its_wounds() -> None:
    game = _ready(hands={0: ["Fireball"]})
    berserker = game.add_permanent("Berserker", (2, 1), 1)
    _cast(game, 0, "Fireball", berserker)
    assert game.marks(berserker, "rage") == 1


def test_card_banshee_panics_an_enemy_as_she_enters() -> None:
    game = _ready(hands={0: ["Banshee"]})
    soldier = game.add_permanent("Soldier", (2, 1), 1)
    game.add_permanent("Scout", (6, 2), 1)  # out of range 3
    _do(game, PlayCard(0, _in_hand(game, 0, "Banshee"), (0, 0)))
    assert game.marks(soldier, "panic") == 1


def test_card_ossuary_pays_for_fallen_enemies_only() -> None:
    game = _ready(hands={0: ["Die!", "Die!"]})
    game.add_permanent("Ossuary", (1, 1), 0)
    mine = game.add_permanent("Recruit", (2, 1), 0)
    theirs = game.add_permanent("Soldier", (4, 1), 1)
    before = game.players[0].resource
    _cast(game, 0, "Die!", theirs)
    pass_until(game, lambda g: not g.pending and not g.stack)
    assert game.players[0].resource == before - 4 + 1
    _cast(game, 0, "Die!", mine)
    assert game.players[0].resource == before - 8 + 1


def test_card_spiked_barricade_hurts_whoever_attacks_it() -> None:
    game = _ready()
    game.add_permanent("Spiked Barricade", (3, 1), 1)
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    _activate(game, soldier)
    _do(game, Attack(0, soldier, game.permanent_at((3, 1))))
    assert game.view(soldier).damage == 1


def test_card_flagellant_hurts_itself_for_fury_when_activated() -> None:
    game = _ready()
    flagellant = game.add_permanent("Flagellant", (2, 1), 0)
    ramm = game.add_permanent("Ramm", (3, 1), 1)
    _activate(game, flagellant)
    assert game.view(flagellant).damage == 1
    _do(game, Attack(0, flagellant, ramm))
    assert game.view(ramm).damage == 3


def test_card_plague_rat_poisons_what_it_bites() -> None:
    game = _ready()
    rat = game.add_permanent("Plague Rat", (2, 1), 0)
    scout = game.add_permanent("Scout", (3, 1), 1)
    _activate(game, rat)
    _do(game, Attack(0, rat, scout))
    assert game.marks(scout, "poison") == 1


def test_card_spirit_warden_wards_a_unit_in_each_upkeep() -> None:
    game = scenario(GRID, resource={0: 9})
    warden = game.add_permanent("Spirit Warden", (2, 1), 0)
    soldier = game.add_permanent("Soldier", (3, 1), 0)
    game.add_permanent("Scout", (5, 1), 1)
    next_turn(game)
    next_turn(game)
    # her only own unit but herself is chosen at once, and the ward comes first
    assert [item.kind for item in game.stack] == ["trigger"]
    pass_until(game, lambda g: not g.stack)
    assert game.marks(soldier, "ward") == 1 and not game.marks(warden, "ward")


def test_card_last_rites_only_for_the_poisoned() -> None:
    game = _ready(hands={0: ["Last Rites"]})
    sick = game.add_permanent("Soldier", (2, 1), 1)
    well = game.add_permanent("Soldier", (3, 1), 1)
    game.add_marks(sick, "poison", 1)
    assert _spell_targets(game, 0, "Last Rites") == {sick} and well
    _cast(game, 0, "Last Rites", sick)
    assert not game.is_on_map(sick)


def test_card_bear_trap_springs_on_an_adjacent_enemy_and_is_gone() -> None:
    game = _ready()
    trap = game.add_permanent("Bear Trap", (2, 1), 0)
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    _free(game, 0, trap, soldier)
    assert game.marks(soldier, "paralysis") == 2
    assert game.zone(trap) is Zone.DISCARD


def test_card_smugglers_cove_turns_one_card_into_one_resource() -> None:
    game = _ready(hands={0: ["Coin", "Soldier"]})
    cove = game.add_permanent("Smugglers' Cove", (2, 1), 0)
    coin, soldier = game.players[0].hand
    before = game.players[0].resource
    game.apply(UseFreeAction(0, cove, 0))
    _do(game, DiscardToPay(0, soldier))  # the player names the card to discard
    assert game.players[0].resource == before + 1
    assert game.players[0].hand == [coin] and game.view(cove).tapped


def test_card_oppression_paralyzes_and_tightens_the_tyrants_grip() -> None:
    game = scenario(GRID, resource={0: 5})
    soldier = game.add_permanent("Soldier", (3, 1), 0)
    tyrant = game.add_permanent("The Iron Tyrant", (4, 1), 1)
    order = game.add_card("Oppression", 1)
    to_action_phase(game)
    game.apply(Pass(0))
    resolve(game, PlayCard(1, order, None, (soldier,)))
    next_turn(game)
    to_action_phase(game)
    _activate(game, tyrant)
    _do(game, FullAction(1, tyrant, f"mark:{order}"))
    assert game.marks(soldier, "paralysis") == 2
    assert game.marks(tyrant, "repression") == 1


def test_card_sea_serpent_knocks_a_walker_off_a_spit_of_land_into_deep_water() -> None:
    game = _ready("1w.w....\n.......2")
    serpent = game.add_permanent("Sea Serpent", (1, 0), 0)
    soldier = game.add_permanent("Soldier", (2, 0), 1)
    _activate(game, serpent)
    _do(game, Attack(0, serpent, soldier))
    assert game.zone(soldier) is Zone.DISCARD
    assert game.tile_of(serpent) == (1, 0) and game.view(serpent).damage == 2


# ---------------------------------------------------------------------------- the sets in play

SETS = ("base", "exp1", "sea", "dark", "workshop")


def _play_randomly(game: Game, seed: int, turns: int) -> list[str]:
    """Random legal play (eager: it passes one time in five when it can do more), checking
    every invariant after each action; returns the first problems found."""
    chooser = random.Random(seed)
    found = check(game)
    while not found and game.actor is not None and game.turn <= turns:
        legal = game.legal_actions(game.actor)
        doing = [a for a in legal if a.kind not in ("pass", "end_turn", "disband")]
        pick = doing if doing and chooser.random() < 0.8 else legal
        game.apply(pick[chooser.randrange(len(pick))])
        found = check(game)
    return found


@pytest.mark.parametrize("map_name", [p.stem for p in list_maps()])
def test_card_sets_random_games_with_every_set_keep_every_invariant(map_name: str) -> None:
    """Random legal play with all drafted sets: no card breaks the engine."""
    cards, problems = load_cards()
    assert not problems
    spec = find_map(map_name)
    for seed in range(1, 5):
        game = Game(with_decks(GameSetup(spec, cards, spec.players, seed, sets=SETS,
                                         draft="3x[2;8]")))
        found = _play_randomly(game, seed, 60)
        assert not found, f"{map_name} seed {seed}: {found[0]}"
        game.close()


def test_card_tyranny_random_games_against_the_iron_tyrant_keep_every_invariant() -> None:
    """Player 2 holds the Tyrant and a deck of intentions and enforcers."""
    tyranny = [c.name for c in library().in_sets(("tyranny",)) if c.type.value != "boss"]
    grid = "1h......\n1..~~.t.\n1.s#.h..\n1.s.....\n.......2"
    spec = parse_grid(grid, income=3, start_deck=(("Coin", 3), ("Recruit", 2)),
                      placements=(Placement("The Iron Tyrant", (6, 3), 1),))
    for seed in range(1, 7):
        game = Game(GameSetup(spec, library(), 2, seed, sets=SETS,
                              stores=(("Soldier", "Archer", "Fireball", "Net", "Lancer"), ())))
        for name in tyranny:
            game.add_card(name, 1, Zone.DECK)
        found = _play_randomly(game, seed, 40)
        assert not found, f"seed {seed}: {found[0]}"
        game.close()


def test_card_library_holds_every_set() -> None:
    assert {c.set for c in library()} >= {*SETS, "tyranny"}
