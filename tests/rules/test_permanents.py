"""Rules Permanents, Shroud, Protection from X and Permanent Piles."""

from __future__ import annotations

from types import MappingProxyType

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
    to_phase,
)

from game.rules import Game, IllegalAction, Phase
from game.rules.cards import Ability, CardDef, CardType, CostSpec, EffectSpec, TargetSpec
from game.rules.core.actions import (
    Activate,
    Attack,
    Buy,
    FullAction,
    Move,
    Pass,
    PlaceDropped,
    PlayCard,
    UseFreeAction,
)
from game.rules.core.events import DamagePrevented, Destroyed
from game.rules.core.view import Zone
from game.rules.geometry import distance

Tile = tuple[int, int]


def ready(grid: str = "1.....\n......\n......\n.....2", **kwargs) -> Game:  # type: ignore[no-untyped-def]
    game = scenario(grid, **kwargs)
    to_action_phase(game)
    return game


def activate(game: Game, unit: int) -> None:
    if game.activated != unit:
        resolve(game, Activate(game.controller(unit), unit))


def spell_targets(game: Game, player: int, name: str) -> set:
    card = in_hand(game, player, name)
    return {a.targets[0] for a in game.legal_actions(player)
            if isinstance(a, PlayCard) and a.card == card}


def attack_targets(game: Game, unit: int) -> set[int]:
    activate(game, unit)
    return {a.target for a in game.legal_actions(game.controller(unit))
            if isinstance(a, Attack) and a.unit == unit}



def templar(protection: object) -> CardDef:
    """A unit with the given protection (rule Protection from X 3)."""
    return CardDef(name="Templar", type=CardType.UNIT, attack=1, health=2, movement=2,
                   buy=6, play=2, upkeep=1,
                   keywords=MappingProxyType({"protection": protection}))


ALTAR = CardDef(
    name="Altar", type=CardType.ARTIFACT, buy=2, play=1,
    free_actions=(Ability(effects=(EffectSpec("gain_resource", MappingProxyType({"amount": 2})),),
                          costs=(CostSpec("sacrifice"),)),),
)

QUAKE = CardDef(
    name="Quake", type=CardType.SPELL, buy=2, play=0,
    effect=Ability(effects=(EffectSpec("damage", MappingProxyType(
        {"amount": 1, "target": "each_enemy_unit"})),)),
)

DOOM = CardDef(
    name="Doom", type=CardType.INTENTION, play=0,
    effect=Ability(effects=(EffectSpec("destroy", MappingProxyType({"target": 0})),),
                   targets=(TargetSpec("unit"),)),
)

OFFERING = CardDef(
    name="Offering", type=CardType.SPELL, buy=2, play=0,
    effect=Ability(effects=(EffectSpec("sacrifice", MappingProxyType({"target": 0})),),
                   targets=(TargetSpec("permanent"),)),
)


# ---------------------------------------------------------------------------- Permanents


def test_permanents_1_each_permanent_has_a_tile_to_itself() -> None:
    game = ready(hands={0: ["Soldier", "Barricade"]}, resource={0: 9})
    resolve(game, PlayCard(0, in_hand(game, 0, "Soldier"), (0, 0)))
    soldier = game.permanent_at((0, 0))
    assert game.card(soldier).name == "Soldier"
    assert game.zone(soldier) is Zone.MAP
    assert game.tile_of(soldier) == (0, 0)
    assert game.board == {(0, 0): soldier}
    barricade = in_hand(game, 0, "Barricade")
    assert not any(isinstance(a, PlayCard) and a.card == barricade
                   for a in game.legal_actions(0))  # the only spawn tile is taken


def test_permanents_2_never_placed_on_an_occupied_tile() -> None:
    game = ready("11...\n.....\n....2", hands={0: ["Soldier", "Soldier"]}, resource={0: 9})
    first, second = game.players[0].hand[:2]
    resolve(game, PlayCard(0, first, (0, 0)))
    assert {a.tile for a in game.legal_actions(0)
            if isinstance(a, PlayCard) and a.card == second} == {(1, 0)}
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, second, (0, 0)))
    assert game.state_hash() == before


def test_permanents_2_a_tile_taken_while_the_play_waits_on_the_stack() -> None:
    # Call the Wolves as before rules version 6, when a wolf could come on any free tile
    game = ready("1....\n.....\n....2", hands={0: ["Soldier"], 1: ["Call the Wolves"]},
                 resource={0: 9, 1: 9}, rules_version=5)
    soldier = in_hand(game, 0, "Soldier")
    game.apply(PlayCard(0, soldier, (0, 0)))
    game.apply(Pass(0))
    wolves = in_hand(game, 1, "Call the Wolves")
    assert PlayCard(1, wolves, None, ((0, 0),)) in game.legal_actions(1)
    game.apply(PlayCard(1, wolves, None, ((0, 0),)))
    pass_until(game, lambda g: not g.stack)
    wolf = game.permanent_at((0, 0))
    assert game.card(wolf).name == "Wolf" and game.controller(wolf) == 1
    assert not game.is_on_map(soldier)
    assert game.zone(soldier) is Zone.DISCARD  # the Soldier found its tile taken


def test_permanents_3_played_only_onto_available_spawn_tiles() -> None:
    grid = "11w.\n.A..\n..22"
    game = ready(grid, hands={0: ["Soldier", "Mermaid"]}, resource={0: 9})
    game.add_permanent("Scout", (1, 0), 0)
    soldier = in_hand(game, 0, "Soldier")
    tiles = {a.tile for a in game.legal_actions(0)
             if isinstance(a, PlayCard) and a.card == soldier}
    assert tiles == {(0, 0)}  # (1, 0) is taken; neutral and enemy spawn tiles never
    before = game.state_hash()
    for tile in ((1, 0), (3, 0), (2, 2), (1, 1)):
        with pytest.raises(IllegalAction):
            game.apply(PlayCard(0, soldier, tile))
        assert game.state_hash() == before
    mermaid = in_hand(game, 0, "Mermaid")
    assert {a.tile for a in game.legal_actions(0)
            if isinstance(a, PlayCard) and a.card == mermaid} == {(2, 0)}


def test_permanents_3_1_maps_give_players_spawn_tiles() -> None:
    game = scenario("1..3\n....\n2..4", players=4)
    assert game.map.spawn_tiles(0) == [(0, 0)]
    assert game.map.spawn_tiles(1) == [(0, 2)]
    assert game.map.spawn_tiles(2) == [(3, 0)]
    assert game.map.spawn_tiles(3) == [(3, 2)]
    assert game.spawn_tiles(2, game.library["Soldier"]) == [(3, 0)]


def test_permanents_3_2_effects_add_spawn_tiles_outpost() -> None:
    grid = "1.....\n......\n......\n.....2"
    game = ready(grid, hands={0: ["Soldier"], 1: ["Soldier"]}, resource={0: 9, 1: 9})
    outpost = game.add_permanent("Outpost", (3, 2), 0)  # spawn point 1
    game.add_permanent("Scout", (4, 2), 0)
    soldier = in_hand(game, 0, "Soldier")
    tiles = {a.tile for a in game.legal_actions(0)
             if isinstance(a, PlayCard) and a.card == soldier}
    ring = {(3 + dx, 2 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
    assert tiles == {(0, 0)} | (ring & {(x, y) for x in range(6) for y in range(4)}) - {(4, 2)}
    resolve(game, PlayCard(0, soldier, (2, 1)))
    assert game.tile_of(soldier) == (2, 1)
    assert game.keyword(outpost, "spawn_point") == 1
    next_turn(game)
    to_action_phase(game)
    # the opponent gets nothing from player 1's outpost
    theirs = in_hand(game, 1, "Soldier")
    assert {a.tile for a in game.legal_actions(1)
            if isinstance(a, PlayCard) and a.card == theirs} == {(5, 3)}


def test_permanents_4_owner_and_controller_may_differ() -> None:
    game = ready(hands={0: ["Die!"]}, resource={0: 9})
    borrowed = game.add_permanent("Soldier", (2, 1), 0, owner=1)
    assert game.owner(borrowed) == 1
    assert game.controller(borrowed) == 0
    assert Activate(0, borrowed) in game.legal_actions(0)
    resolve(game, PlayCard(0, in_hand(game, 0, "Die!"), None, (borrowed,)))
    assert borrowed in game.players[1].discard  # its owner's discard pile
    assert borrowed not in game.players[0].discard


def test_permanents_4_1_owner_is_the_player_whose_store_it_came_from() -> None:
    game = scenario("1....\n.....\n....2", stores={0: ["Soldier"]}, resource={0: 10})
    bought = game.players[0].store[0]
    assert game.owner(bought) == 0
    to_phase(game, Phase.BUYING)
    resolve(game, Buy(0, bought))
    assert bought in game.players[0].discard
    next_turn(game)
    next_turn(game)  # player 1's turn
    # player 1's next turn: the discard pile became the deck, and the Soldier was drawn
    assert game.active == 0 and bought in game.players[0].hand
    to_action_phase(game)
    resolve(game, PlayCard(0, bought, (0, 0)))
    assert game.permanent_at((0, 0)) == bought
    assert game.owner(bought) == 0 and game.controller(bought) == 0


def test_permanents_4_2_controller_is_who_controls_it_now() -> None:
    game = ready(resource={1: 5})
    lent = game.add_permanent("Scout", (2, 1), 1, owner=0)
    assert game.owner(lent) == 0 and game.controller(lent) == 1
    assert Activate(0, lent) not in game.legal_actions(0)
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(Activate(0, lent))
    assert game.state_hash() == before
    next_turn(game)
    to_action_phase(game)
    assert game.active == 1
    activate(game, lent)
    resolve(game, Move(1, lent, (3, 1)))
    assert game.tile_of(lent) == (3, 1)


def test_permanents_5_a_permanent_stays_until_destroyed() -> None:
    game = ready(resource={0: 20})
    soldier = game.add_permanent("Soldier", (2, 1), 0)
    barricade = game.add_permanent("Barricade", (3, 1), 0)
    for _ in range(4):
        next_turn(game)
    to_action_phase(game)
    assert game.turn == 5 and game.active == 0
    assert game.tile_of(soldier) == (2, 1) and game.tile_of(barricade) == (3, 1)
    assert game.zone(soldier) is Zone.MAP


@rules("Permanent Piles 4", "Permanents 4")
def test_permanents_6_destroyed_drops_pile_removes_marks_card_to_owners_discard() -> None:
    game = ready(hands={0: ["Die!", "Poison Dart"]}, resource={0: 9})
    ramm = game.add_permanent("Ramm", (2, 1), 0, owner=1)  # crew 3
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    activate(game, soldier)
    resolve(game, Move(0, soldier, (2, 1)))
    assert game.pile(ramm) == [soldier]
    resolve(game, PlayCard(0, in_hand(game, 0, "Poison Dart"), None, (ramm,)))
    assert game.marks_on(ramm) == {"poison": 1}
    events = resolve(game, PlayCard(0, in_hand(game, 0, "Die!"), None, (ramm,)))
    assert [e.permanent for e in of_type(events, Destroyed)] == [ramm]
    assert not game.is_on_map(ramm)
    assert ramm in game.players[1].discard  # owner's, not the controller's
    assert game.marks_on(ramm) == {}
    # the pile was dropped: its controller puts the Soldier on a tile within range 1
    assert {a.tile for a in game.legal_actions(0)} == {
        (x, y) for x in (1, 2, 3) for y in (0, 1, 2)}
    game.apply(PlaceDropped(0, soldier, (3, 2)))
    assert game.is_on_map(soldier) and game.container_of(soldier) == 0
    assert game.permanent_at((3, 2)) == soldier


def test_permanents_7_sacrifice_is_destroying_by_its_controller() -> None:
    game = ready(resource={0: 0, 1: 0})
    altar = game.add_permanent(ALTAR, (2, 1), 0, owner=1)
    theirs = game.add_permanent(ALTAR, (3, 1), 1)
    legal = game.legal_actions(0)
    assert UseFreeAction(0, altar, 0) in legal
    assert UseFreeAction(0, theirs, 0) not in legal  # only the controller sacrifices
    events = game.apply(UseFreeAction(0, altar, 0))
    # the sacrifice is the cost: done on declaration
    assert not game.is_on_map(altar)
    assert [(e.permanent, e.reason) for e in of_type(events, Destroyed)] == [(altar, "sacrificed")]
    assert altar in game.players[1].discard
    pass_until(game, lambda g: not g.stack)
    assert game.players[0].resource == 2
    assert game.is_on_map(theirs)


def test_permanents_7_1_sacrificing_works_exactly_like_destroying() -> None:
    game = ready(hands={0: ["Poison Dart"]}, resource={0: 9})
    game.add_card(OFFERING, 0, Zone.HAND)
    game.add_card(OFFERING, 0, Zone.HAND)
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    enemy = game.add_permanent("Soldier", (5, 1), 1)
    crew = game.add_permanent("Scout", (2, 2), 0)
    activate(game, crew)
    resolve(game, Move(0, crew, (2, 1)))
    resolve(game, PlayCard(0, in_hand(game, 0, "Poison Dart"), None, (ramm,)))
    offering, other = [c for c in game.players[0].hand if game.card(c).name == "Offering"]
    # an enemy's permanent can be targeted, but only its controller can sacrifice it
    resolve(game, PlayCard(0, other, None, (enemy,)))
    assert game.is_on_map(enemy)
    events = resolve(game, PlayCard(0, offering, None, (ramm,)))
    assert [(e.permanent, e.reason) for e in of_type(events, Destroyed)] == [(ramm, "sacrificed")]
    assert ramm in game.players[0].discard
    assert game.marks_on(ramm) == {}
    # its pile drops as a destroyed permanent's does (rule Permanents 6)
    assert PlaceDropped(0, crew, (1, 0)) in game.legal_actions(0)
    game.apply(PlaceDropped(0, crew, (1, 0)))
    assert game.is_on_map(crew) and game.container_of(crew) == 0
    assert game.tile_of(crew) == (1, 0)


# ---------------------------------------------------------------------------- Shroud


def test_shroud_1_nothing_can_target_a_permanent_with_shroud() -> None:
    game = ready(hands={0: ["Die!", "Fireball", "Blessing"]}, resource={0: 20})
    ghost = game.add_permanent("Ghost", (2, 1), 1)
    own_ghost = game.add_permanent("Ghost", (4, 1), 0)
    soldier = game.add_permanent("Soldier", (2, 2), 1)
    attacker = game.add_permanent("Soldier", (3, 1), 0)
    assert game.keyword(ghost, "shroud")
    assert spell_targets(game, 0, "Die!") == {soldier, attacker}
    assert ghost not in spell_targets(game, 0, "Fireball")
    assert own_ghost not in spell_targets(game, 0, "Blessing")
    # engine reading: declaring an attack targets the attacked permanent
    assert attack_targets(game, attacker) == {soldier}
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, in_hand(game, 0, "Die!"), None, (ghost,)))
    with pytest.raises(IllegalAction):
        game.apply(Attack(0, attacker, ghost))
    assert game.state_hash() == before


# ---------------------------------------------------------------------------- Protection


def test_protection_from_x_1_cannot_be_the_target_of_x() -> None:
    game = ready(hands={0: ["Die!", "Net", "Fireball"]}, resource={0: 20})
    paladin = game.add_permanent("Paladin", (2, 1), 1)  # protection from spells
    soldier = game.add_permanent("Soldier", (2, 2), 0)
    assert paladin not in spell_targets(game, 0, "Die!")
    assert paladin not in spell_targets(game, 0, "Net")
    assert paladin not in spell_targets(game, 0, "Fireball")
    assert soldier in spell_targets(game, 0, "Die!")
    assert paladin in attack_targets(game, soldier)  # a unit is not a spell
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, in_hand(game, 0, "Die!"), None, (paladin,)))
    assert game.state_hash() == before


def test_protection_from_x_1_nor_of_actions_that_come_from_x() -> None:
    game = ready(hands={0: ["Die!"]}, resource={0: 9})
    guarded = game.add_permanent(templar("units"), (3, 1), 1)
    plain = game.add_permanent("Soldier", (2, 3), 1)
    charger = game.add_permanent("Charger", (0, 1), 0)  # full action: charge in a line
    soldier = game.add_permanent("Soldier", (4, 1), 0)
    assert guarded in spell_targets(game, 0, "Die!")  # a spell is not a unit
    activate(game, charger)
    charges = {a.targets[0] for a in game.legal_actions(0)
               if isinstance(a, FullAction) and a.unit == charger}
    assert plain in charges and guarded not in charges
    assert guarded not in attack_targets(game, soldier)
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(Attack(0, soldier, guarded))
    assert game.state_hash() == before


def test_protection_from_x_2_damage_from_x_is_never_dealt() -> None:
    game = ready()
    guarded = game.add_permanent(templar("units"), (2, 1), 0)
    enemy = game.add_permanent("Soldier", (3, 1), 1)  # attack 2
    activate(game, guarded)
    events = resolve(game, Attack(0, guarded, enemy))
    assert game.view(enemy).damage == 1
    assert game.view(guarded).damage == 0  # the strike back comes from a unit
    prevented = of_type(events, DamagePrevented)
    assert [(e.source, e.target, e.amount, e.reason) for e in prevented] == [
        (enemy, guarded, 2, "protection")]


def test_protection_from_x_2_untargeted_spell_damage_is_not_dealt() -> None:
    game = ready(resource={0: 9})
    quake = game.add_card(QUAKE, 0, Zone.HAND)
    paladin = game.add_permanent("Paladin", (3, 1), 1)  # protection from spells
    soldier = game.add_permanent("Soldier", (1, 1), 1)
    events = resolve(game, PlayCard(0, quake, None, ()))
    assert game.view(soldier).damage == 1
    assert game.view(paladin).damage == 0
    assert [(e.target, e.reason) for e in of_type(events, DamagePrevented)] == [
        (paladin, "protection")]


def test_protection_from_x_2_collision_damage_from_a_unit_is_not_dealt() -> None:
    game = ready(hands={0: ["Shove", "Shove"]}, resource={0: 9})
    guarded = game.add_permanent(templar("units"), (2, 1), 1)
    plain = game.add_permanent("Scout", (2, 2), 1)
    wall_of_units = [game.add_permanent("Soldier", (3, t), 1) for t in (1, 2)]
    first, second = game.players[0].hand[:2]
    # each is shoved from the left into a Soldier: a unit deals the collision damage
    resolve(game, PlayCard(0, first, None, (guarded, (1, 1))))
    resolve(game, PlayCard(0, second, None, (plain, (1, 2))))
    assert game.tile_of(guarded) == (2, 1) and game.tile_of(plain) == (2, 2)
    assert game.view(guarded).damage == 0
    assert game.view(plain).damage == 1
    assert all(game.view(u).damage == 0 for u in wall_of_units)


def test_protection_from_x_3_x_may_be_a_card_a_type_or_a_condition() -> None:
    game = ready(hands={0: ["Die!", "Fireball"]}, resource={0: 20})
    from_die = game.add_permanent(templar("Die!"), (2, 1), 1)
    from_units = game.add_permanent(templar("units"), (4, 1), 1)
    from_big = game.add_permanent(templar({"type": "unit", "buy_above": 7}), (0, 3), 1)
    cheap = game.add_permanent("Soldier", (1, 3), 0)  # buy 4
    dear = game.add_permanent("Charger", (0, 2), 0)  # buy 8
    die_targets = spell_targets(game, 0, "Die!")
    fire_targets = spell_targets(game, 0, "Fireball")
    assert from_die not in die_targets and from_die in fire_targets  # a card
    assert from_units in die_targets  # a type: units, not spells
    assert from_big in die_targets
    assert from_big in attack_targets(game, cheap)  # a condition: buy cost > 7
    assert from_big not in attack_targets(game, dear)


def test_protection_from_x_3_protection_from_spells_covers_intentions() -> None:
    game = ready()
    doom = game.add_card(DOOM, 0, Zone.HAND)
    paladin = game.add_permanent("Paladin", (2, 1), 1)  # protection from spells
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    assert DOOM.is_spell
    choices = game.target_choices(0, doom, DOOM.effect)
    assert (soldier,) in choices
    assert (paladin,) not in choices


# ---------------------------------------------------------------------------- Permanent Piles


def test_permanent_piles_1_some_permanents_can_hold_a_pile() -> None:
    game = ready()
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    ramm = game.add_permanent("Ramm", (2, 1), 0)  # crew 3
    other = game.add_permanent("Scout", (1, 2), 0)  # no crew
    activate(game, soldier)
    tiles = {a.tile for a in game.legal_actions(0) if isinstance(a, Move)}
    assert (2, 1) in tiles and (1, 2) not in tiles
    assert game.crew_slots(ramm) == 3 and game.crew_slots(other) == 0


def test_permanent_piles_2_permanents_on_top_make_up_its_pile() -> None:
    game = ready()
    ramm = game.add_permanent("Ramm", (2, 1), 0)
    first = game.add_permanent("Soldier", (1, 1), 0)
    second = game.add_permanent("Scout", (3, 1), 0)
    for unit in (first, second):
        activate(game, unit)
        resolve(game, Move(0, unit, (2, 1)))
    assert game.pile(ramm) == [first, second]
    assert game.container_of(first) == game.container_of(second) == ramm
    assert game.crew_slots(ramm) == 1


def test_permanent_piles_3_a_pile_is_on_its_containers_tile() -> None:
    game = ready()
    ramm = game.add_permanent("Ramm", (2, 1), 0)  # movement 1
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    activate(game, soldier)
    resolve(game, Move(0, soldier, (2, 1)))
    assert game.tile_of(soldier) == (2, 1)
    assert game.board == {(2, 1): ramm}
    activate(game, ramm)
    resolve(game, Move(0, ramm, (3, 1)))
    assert game.tile_of(soldier) == (3, 1) == game.tile_of(ramm)
    assert game.permanent_at((2, 1)) == 0


def test_permanent_piles_4_pile_dropped_where_the_container_leaves_the_map() -> None:
    game = ready(hands={0: ["Die!"]}, resource={0: 9})
    ramm = game.add_permanent("Ramm", (3, 2), 0)
    crew = [game.add_permanent("Soldier", (2, 2), 0), game.add_permanent("Scout", (4, 2), 0)]
    for unit in crew:
        activate(game, unit)
        resolve(game, Move(0, unit, (3, 2)))
    resolve(game, PlayCard(0, in_hand(game, 0, "Die!"), None, (ramm,)))
    # the crew wait off the board to be placed around where the Ramm stood
    assert all(game.is_on_map(u) and game.tile_of(u) is None for u in crew)
    offered = game.legal_actions(0)
    assert offered and all(isinstance(a, PlaceDropped) and distance(a.tile, (3, 2)) <= 1
                           for a in offered)
    for unit, tile in zip(crew, ((2, 1), (4, 3)), strict=True):
        game.apply(PlaceDropped(0, unit, tile))
    assert all(game.container_of(u) == 0 for u in crew)
    assert [game.permanent_at(t) for t in ((2, 1), (4, 3))] == crew


def test_permanent_piles_5_a_permanent_with_no_room_is_destroyed() -> None:
    """As games of rules version 1 drop a pile: each permanent on a random available
    tile (the player's choice from version 2 on: ``test_choices.py``)."""
    game = ready("....\n....\n...2", hands={0: ["Die!"]}, resource={0: 9}, rules_version=1)
    ramm = game.add_permanent("Ramm", (0, 0), 0)
    crew = [game.add_permanent("Soldier", (1, 0), 0), game.add_permanent("Scout", (0, 1), 0)]
    for unit in crew:
        activate(game, unit)
        resolve(game, Move(0, unit, (0, 0)))
    for tile in ((1, 0), (0, 1), (1, 1)):  # every other tile in range 1 is taken
        game.add_permanent("Barricade", tile, 1)
    events = resolve(game, PlayCard(0, in_hand(game, 0, "Die!"), None, (ramm,)))
    placed = [u for u in crew if game.is_on_map(u)]
    lost = [u for u in crew if not game.is_on_map(u)]
    assert len(placed) == 1 and len(lost) == 1
    assert game.tile_of(placed[0]) == (0, 0)  # the container's own tile is in range 1
    assert lost[0] in game.players[0].discard
    destroyed = {e.permanent: e.reason for e in of_type(events, Destroyed)}
    assert destroyed[lost[0]] == "no room when its pile dropped"
    assert ramm in destroyed
