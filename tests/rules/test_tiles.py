"""Rules Tiles, Free Tiles, Available Tiles (both sections) and Tiles (common)."""

from __future__ import annotations

import pytest
from rulemarks import rules
from scenario import library, next_turn, resolve, scenario, to_action_phase

from game.rules import NEUTRAL, Game, IllegalAction, parse_grid
from game.rules.cards import CardType
from game.rules.core.actions import (
    Activate,
    Attack,
    FullAction,
    Move,
    PlayCard,
    StreetMove,
    Switch,
    Transport,
)
from game.rules.core.view import Zone
from game.rules.mapmodel import DEFAULT_SYMBOLS
from game.rules.registry import Look
from game.rules.tiles import NEUTRAL as NEUTRAL_TILE
from game.rules.tiles import TILE_TYPES, TileType, tile_type

Tile = tuple[int, int]


def ready(grid: str, **kwargs) -> Game:  # type: ignore[no-untyped-def]
    game = scenario(grid, **kwargs)
    to_action_phase(game)
    return game


def activate(game: Game, unit: int) -> None:
    if game.activated != unit:
        resolve(game, Activate(game.controller(unit), unit))


def move_tiles(game: Game, unit: int) -> set[Tile]:
    activate(game, unit)
    return {a.tile for a in game.legal_actions(game.controller(unit))
            if isinstance(a, Move) and a.unit == unit}


def street_tiles(game: Game, unit: int) -> set[Tile]:
    activate(game, unit)
    return {a.tile for a in game.legal_actions(game.controller(unit))
            if isinstance(a, StreetMove) and a.unit == unit}


def attack_targets(game: Game, unit: int) -> set[int]:
    activate(game, unit)
    return {a.target for a in game.legal_actions(game.controller(unit))
            if isinstance(a, Attack) and a.unit == unit}


def play_tiles(game: Game, player: int, name: str) -> set[Tile]:
    return {a.tile for a in game.legal_actions(player)
            if isinstance(a, PlayCard) and a.tile is not None and game.card(a.card).name == name}


def card_in_hand(game: Game, player: int, name: str) -> int:
    return next(c for c in game.players[player].hand if game.card(c).name == name)


def wolf_tiles(game: Game, player: int) -> set[Tile]:
    """The tiles Call the Wolves may target: free tiles available to a Wolf."""
    spell = card_in_hand(game, player, "Call the Wolves")
    return {a.targets[0] for a in game.legal_actions(player)
            if isinstance(a, PlayCard) and a.card == spell}


def every_tile(game: Game) -> list[Tile]:
    return game.map.all_tiles()



# ---------------------------------------------------------------------------- Tiles


def test_tiles_1_a_tile_holds_at_most_one_permanent() -> None:
    game = ready("11.\n...\n..2", hands={0: ["Soldier"]}, resource={0: 9})
    game.add_permanent("Soldier", (0, 0), 0)
    soldier = card_in_hand(game, 0, "Soldier")
    assert play_tiles(game, 0, "Soldier") == {(1, 0)}
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, soldier, (0, 0)))
    assert game.state_hash() == before
    resolve(game, PlayCard(0, soldier, (1, 0)))
    assert game.permanent_at((1, 0)) == soldier
    # the board maps each tile to one permanent: no two permanents share a tile
    tiles = [game.tile_of(e) for e in game.controlled_permanents(0)]
    assert len(tiles) == len(set(tiles)) == 2


def test_tiles_2_every_tile_has_a_type() -> None:
    grid = "1.ht\nfsw~\n#g$2\nA..."
    game = scenario(grid)
    kinds = {t: game.tile_kind(t).name for t in every_tile(game)}
    assert all(name in TILE_TYPES for name in kinds.values())
    assert kinds[(2, 0)] == "house" and kinds[(3, 0)] == "tower"
    assert kinds[(0, 1)] == "farm field" and kinds[(1, 1)] == "street"
    assert kinds[(2, 1)] == "deep water" and kinds[(3, 1)] == "water"
    assert kinds[(0, 2)] == "wall" and kinds[(1, 2)] == "gate" and kinds[(2, 2)] == "store"
    assert kinds[(0, 0)] == kinds[(3, 2)] == "spawn" and kinds[(0, 3)] == "harbor"
    with pytest.raises(ValueError, match="unknown map symbol"):
        parse_grid("1.?\n..2")
    with pytest.raises(KeyError):
        tile_type("quicksand")


def test_tiles_3_a_tile_without_a_type_is_neutral() -> None:
    spec = parse_grid("1 .\n.\n  2")  # a blank, a short row padded with blanks
    assert spec.width == 3
    assert spec.type_at((1, 0)) == "neutral"
    assert spec.type_at((2, 0)) == "neutral"
    assert spec.type_at((1, 1)) == spec.type_at((2, 1)) == "neutral"
    assert spec.type_at((0, 2)) == "neutral"
    assert spec.type_at((0, 0)) == "spawn"


def test_tiles_4_a_map_can_define_tiles_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # a map-defined tile: a mire that ends every move that enters it, like a gate
    mire = TileType("test mire", stops_all=True, look=Look("m", (90, 70, 40)))
    monkeypatch.setitem(TILE_TYPES, mire.name, mire)
    monkeypatch.setitem(DEFAULT_SYMBOLS, "m", mire.name)
    game = ready(".....\n..m..\n.....")
    scout = game.add_permanent("Scout", (0, 1), 0)  # movement 4
    tiles = move_tiles(game, scout)
    assert game.tile_kind((2, 1)) is mire
    assert (2, 1) in tiles
    assert (3, 0) in tiles  # around the mire
    assert (4, 1) not in tiles  # 4 steps through the mire, which ends the move; 5 around
    resolve(game, Move(0, scout, (2, 1)))
    assert game.tile_of(scout) == (2, 1)


def test_tiles_4_common_tile_effects_come_from_the_registry() -> None:
    common = {"neutral", "house", "tower", "farm field", "spawn", "harbor", "street",
              "deep water", "water", "wall", "gate", "store"}
    assert common <= set(TILE_TYPES)
    assert tile_type("house").cover and not tile_type("neutral").cover
    assert tile_type("tower").high_ground
    assert tile_type("gate").stops_all and tile_type("water").stops_walkers


@rules("Tiles (common) 4", "Tiles (common) 7")
def test_tiles_5_tiles_can_give_actions_to_permanents() -> None:
    game = ready("fss\n...\n..2")
    farmer = game.add_permanent("Farmer", (0, 0), 0)
    runner = game.add_permanent("Scout", (1, 0), 0)
    elsewhere = game.add_permanent("Scout", (1, 1), 0)
    activate(game, farmer)
    assert FullAction(0, farmer, "tile") in game.legal_actions(0)  # the farm field's
    assert street_tiles(game, runner) == {(2, 0)}  # the street's extra move
    assert street_tiles(game, elsewhere) == set()
    assert not any(isinstance(a, FullAction) for a in game.legal_actions(0))


# ---------------------------------------------------------------------------- Free Tiles


def test_free_tiles_1_a_tile_without_a_permanent_is_free() -> None:
    # Call the Wolves as it was before rules version 6: a wolf on any free tile
    game = ready("1....\n.....\n....2", hands={0: ["Call the Wolves"]}, resource={0: 9},
                 rules_version=5)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    free = {t for t in every_tile(game) if not game.permanent_at(t)}
    assert (1, 1) not in free and len(free) == 14
    assert wolf_tiles(game, 0) == free
    resolve(game, Activate(0, soldier))
    resolve(game, Move(0, soldier, (3, 1)))
    assert game.permanent_at((1, 1)) == 0
    assert (1, 1) in wolf_tiles(game, 0)
    assert (3, 1) not in wolf_tiles(game, 0)


# ---------------------------------------------------------------------------- Available Tiles


def test_available_tiles_1_available_means_the_permanent_may_be_placed_there() -> None:
    game = ready("11w\n.Aw\n..2", hands={0: ["Soldier", "Mermaid"]}, resource={0: 9})
    soldier_def = game.library["Soldier"]
    mermaid_def = game.library["Mermaid"]
    spawn = [(0, 0), (1, 0)]
    assert play_tiles(game, 0, "Soldier") == {t for t in spawn
                                              if game.available(soldier_def, t)}
    assert play_tiles(game, 0, "Mermaid") == {(2, 0), (2, 1)}  # deep water next to the harbor
    assert all(game.available(mermaid_def, t) for t in play_tiles(game, 0, "Mermaid"))
    assert not game.available(soldier_def, (2, 0))
    assert not game.available(mermaid_def, (0, 0))


def test_available_tiles_2_an_available_tile_is_always_free() -> None:
    game = ready("11w\n.Aw\n#.2", hands={0: ["Soldier", "Mermaid"]}, resource={0: 9})
    game.add_permanent("Soldier", (0, 0), 0)
    game.add_permanent("Ship", (2, 0), 0)
    defs = [game.library[n] for n in ("Soldier", "Mermaid", "Barricade", "Ramm", "Ship")]
    for tile in every_tile(game):
        for definition in defs:
            if game.available(definition, tile):
                assert game.permanent_at(tile) == 0, (tile, definition.name)
    assert play_tiles(game, 0, "Soldier") == {(1, 0)}
    assert play_tiles(game, 0, "Mermaid") == {(2, 1)}


# ------------------------------------------------------------ Available Tiles (permanents)


def test_available_tiles_permanents_1_depends_on_tile_and_permanent() -> None:
    game = ready("..w\n..w\n..2")
    soldier = game.add_permanent("Soldier", (0, 0), 0)
    mermaid = game.add_permanent("Mermaid", (2, 0), 0)
    assert game.available(soldier, (1, 1)) and not game.available(soldier, (2, 1))
    assert game.available(mermaid, (2, 1)) and not game.available(mermaid, (1, 1))
    assert move_tiles(game, mermaid) == {(2, 1)}
    assert (2, 1) not in move_tiles(game, soldier)


def test_available_tiles_permanents_2_occupied_tiles_only_by_pile_containers() -> None:
    game = ready("....\n....\n...2")
    soldier = game.add_permanent("Soldier", (0, 0), 0)
    other = game.add_permanent("Soldier", (1, 0), 0)  # cannot contain a pile
    ramm = game.add_permanent("Ramm", (0, 1), 0)  # crew 3: contains a pile
    tiles = move_tiles(game, soldier)
    assert (1, 0) not in tiles
    assert (0, 1) in tiles
    assert not game.available(soldier, (1, 0))
    resolve(game, Move(0, soldier, (0, 1)))
    assert game.pile(ramm) == [soldier]
    assert game.tile_of(other) == (1, 0)


def test_available_tiles_permanents_3_the_usual_limits_are_swimming_and_forbidding() -> None:
    walker = library()["Soldier"]
    swimmer = library()["Mermaid"]
    for name in ("neutral", "house", "tower", "farm field", "spawn", "harbor", "street",
                 "water", "gate", "store"):
        assert TILE_TYPES[name].walkers, name
    assert not TILE_TYPES["deep water"].walkers and not TILE_TYPES["wall"].walkers
    assert {n for n, t in TILE_TYPES.items() if t.swimmers} >= {"deep water", "water"}
    game = scenario("w~.")
    assert [game.available(walker, t) for t in every_tile(game)] == [False, True, True]
    assert [game.available(swimmer, t) for t in every_tile(game)] == [True, True, False]


def test_available_tiles_permanents_3_1_swimmers_only_where_a_tile_allows_it() -> None:
    grid = "ht.s\nfgw~\n$A12"
    game = ready(grid)
    mermaid = game.add_permanent("Mermaid", (2, 1), 0)  # movement 3
    for tile in every_tile(game):
        kind = game.tile_kind(tile)
        if tile != (2, 1):
            assert game.available(mermaid, tile) == kind.swimmers, kind.name
    assert move_tiles(game, mermaid) == {(3, 1)}


def test_available_tiles_permanents_3_2_walkers_anywhere_not_forbidden() -> None:
    grid = "ht.s\nfgw~\n$A#2"
    game = ready(grid)
    soldier = game.library["Soldier"]
    for tile in every_tile(game):
        name = game.tile_kind(tile).name
        expected = name not in ("deep water", "wall")
        assert game.available(soldier, tile) == expected, name


# ---------------------------------------------------------------------------- Tiles (common)


def test_tiles_common_1_neutral_has_no_effect() -> None:
    assert TileType("neutral") == NEUTRAL_TILE
    game = ready("........\n........")
    archer = game.add_permanent("Archer", (0, 0), 0)  # range 3
    far = game.add_permanent("Soldier", (3, 0), 1)
    too_far = game.add_permanent("Soldier", (4, 0), 1)
    assert attack_targets(game, archer) == {far}
    assert too_far not in attack_targets(game, archer)
    scout = game.add_permanent("Scout", (0, 1), 0)
    assert (4, 1) in move_tiles(game, scout)  # neutral tiles don't stop a move


def test_tiles_common_2_house_gives_cover_from_range_over_1() -> None:
    game = ready("....h\n.....\n.....")
    archer = game.add_permanent("Archer", (1, 0), 0)  # range 3
    housed = game.add_permanent("Soldier", (4, 0), 1)
    beside = game.add_permanent("Soldier", (3, 1), 1)  # not on the house
    assert beside in attack_targets(game, archer)
    assert housed not in attack_targets(game, archer)
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(Attack(0, archer, housed))
    assert game.state_hash() == before
    melee = game.add_permanent("Soldier", (4, 1), 0)
    assert housed in attack_targets(game, melee)  # range 1 is not blocked
    resolve(game, Attack(0, melee, housed))
    assert game.view(housed).damage == 2
    assert game.view(melee).damage == 2


def test_tiles_common_2_cover_blocks_strike_back_from_range_over_1() -> None:
    # engine reading: cover blocks damage at range > 1 in both directions
    game = ready("h....\n.....")
    archer = game.add_permanent("Archer", (0, 0), 0)
    enemy = game.add_permanent("Archer", (3, 0), 1)
    resolve(game, Activate(0, archer))
    resolve(game, Attack(0, archer, enemy))
    assert game.is_on_map(enemy)
    assert game.view(enemy).damage == 1
    assert game.view(archer).damage == 0  # the strike back at range 3 hits the house's cover
    # on neutral ground the same fight costs the attacker 1 damage
    plain = ready(".....\n.....")
    a2 = plain.add_permanent("Archer", (0, 0), 0)
    e2 = plain.add_permanent("Archer", (3, 0), 1)
    resolve(plain, Activate(0, a2))
    resolve(plain, Attack(0, a2, e2))
    assert plain.view(a2).damage == 1


def test_tiles_common_2_cover_is_for_units_an_artifact_on_a_house_can_be_shot() -> None:
    game = ready("h....\n.....")
    barricade = game.add_permanent("Barricade", (0, 0), 1)  # solid 3: survives 1 damage
    archer = game.add_permanent("Archer", (3, 0), 0)
    assert barricade in attack_targets(game, archer)
    resolve(game, Attack(0, archer, barricade))
    assert game.view(barricade).damage == 1


def test_tiles_common_3_tower_lifts_ranges_over_1_by_one() -> None:
    game = ready("t....\n.t...\n.....")
    archer = game.add_permanent("Archer", (0, 0), 0)  # range 3 -> 4 on the tower
    soldier = game.add_permanent("Soldier", (1, 1), 0)  # range 1 stays 1
    far = game.add_permanent("Scout", (4, 0), 1)  # distance 4
    near = game.add_permanent("Scout", (3, 1), 1)  # distance 2 from the soldier
    assert game.attack_range(archer) == 4
    assert game.attack_range(soldier) == 1
    assert near not in attack_targets(game, soldier)
    assert far in attack_targets(game, archer)
    resolve(game, Attack(0, archer, far))
    assert game.view(far).damage == 1
    assert game.view(archer).damage == 0
    game.close()
    plain = ready("A....\n.....")
    archer = plain.add_permanent("Archer", (0, 0), 0)
    far = plain.add_permanent("Scout", (4, 0), 1)
    assert plain.attack_range(archer) == 3
    assert far not in attack_targets(plain, archer)


def test_tiles_common_4_farm_field_gives_a_farmer_a_full_action_gaining_3() -> None:
    game = ready("f.f\n...\n..2", resource={0: 1})
    farmer = game.add_permanent("Farmer", (0, 0), 0)
    soldier = game.add_permanent("Soldier", (2, 0), 0)
    walker = game.add_permanent("Farmer", (1, 1), 0)
    activate(game, soldier)
    assert not any(isinstance(a, FullAction) for a in game.legal_actions(0))
    activate(game, walker)
    assert not any(isinstance(a, FullAction) for a in game.legal_actions(0))
    activate(game, farmer)
    assert FullAction(0, farmer, "tile") in game.legal_actions(0)
    resolve(game, FullAction(0, farmer, "tile"))
    assert game.players[0].resource == 4
    assert game.activated == 0  # the full action used up its move and attack


def test_tiles_common_5_spawn_belongs_to_one_player_who_plays_onto_it() -> None:
    grid = "11.\n...\n.22"
    game = ready(grid, hands={0: ["Soldier", "Barricade"], 1: ["Soldier"]},
                 resource={0: 9, 1: 9})
    assert game.map.owners[(0, 0)] == 0 and game.map.owners[(2, 2)] == 1
    assert play_tiles(game, 0, "Soldier") == {(0, 0), (1, 0)}
    assert play_tiles(game, 0, "Barricade") == {(0, 0), (1, 0)}
    soldier = card_in_hand(game, 0, "Soldier")
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, soldier, (1, 2)))
    assert game.state_hash() == before
    next_turn(game)
    to_action_phase(game)
    assert game.active == 1
    assert play_tiles(game, 1, "Soldier") == {(1, 2), (2, 2)}


def test_tiles_common_6_harbor_lets_its_owner_play_swimmers_on_adjacent_deep_water() -> None:
    grid = "1A.w\nwww.\n....\nB..2"
    game = ready(grid, hands={0: ["Mermaid", "Soldier", "Ship"], 1: ["Mermaid"]},
                 resource={0: 9, 1: 9})
    assert play_tiles(game, 0, "Mermaid") == {(0, 1), (1, 1), (2, 1)}
    assert play_tiles(game, 0, "Ship") == {(0, 1), (1, 1), (2, 1)}
    assert (3, 0) not in play_tiles(game, 0, "Mermaid")  # deep water, not next to it
    assert play_tiles(game, 0, "Soldier") == {(0, 0)}  # walkers: not the harbor's water
    resolve(game, PlayCard(0, card_in_hand(game, 0, "Mermaid"), (1, 1)))
    assert game.tile_of(game.controlled_permanents(0)[0]) == (1, 1)
    next_turn(game)
    to_action_phase(game)
    # player 2's harbor has no deep water next to it; player 1's harbor is not theirs
    assert play_tiles(game, 1, "Mermaid") == set()


@rules("Tiles 5")
def test_tiles_common_7_street_gives_an_extra_move_along_connected_streets() -> None:
    grid = (
        "ssss.ss\n"
        "....s..\n"
        "......."
    )
    game = ready(grid)
    soldier = game.add_permanent("Soldier", (0, 0), 0)  # movement 2
    # within movement 2 and along connected streets only
    assert street_tiles(game, soldier) == {(1, 0), (2, 0)}
    resolve(game, StreetMove(0, soldier, (2, 0)))
    assert game.tile_of(soldier) == (2, 0)
    assert game.activated == soldier
    # the regular move is still there, and there is only one street move
    assert street_tiles(game, soldier) == set()
    assert (4, 0) in move_tiles(game, soldier)
    resolve(game, Move(0, soldier, (3, 0)))
    assert game.tile_of(soldier) == (3, 0)
    game.close()
    # a regular move ending on a street keeps the street move; off the street there is none
    game = ready(grid)
    unit = game.add_permanent("Scout", (1, 2), 0)  # movement 4
    assert street_tiles(game, unit) == set()
    resolve(game, Move(0, unit, (4, 1)))
    # (4,1) connects diagonally to (3,0) and (5,0): the streets left and right of the gap
    assert street_tiles(game, unit) == {(0, 0), (1, 0), (2, 0), (3, 0), (5, 0), (6, 0)}
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(StreetMove(0, unit, (4, 2)))  # not a street
    assert game.state_hash() == before


def test_tiles_common_7_street_move_stays_within_movement_and_connection() -> None:
    grid = "ssssss.s\n........"
    game = ready(grid)
    unit = game.add_permanent("Scout", (0, 0), 0)  # movement 4
    assert street_tiles(game, unit) == {(1, 0), (2, 0), (3, 0), (4, 0)}
    assert (5, 0) not in street_tiles(game, unit)  # five street steps
    assert (7, 0) not in street_tiles(game, unit)  # not connected
    game.close()
    game = ready(grid)
    unit = game.add_permanent("Scout", (0, 0), 0)
    game.add_permanent("Soldier", (2, 0), 1)  # blocks the street
    assert street_tiles(game, unit) == {(1, 0)}


def test_tiles_common_8_deep_water_only_for_swimming_permanents() -> None:
    grid = "..w\n..w\n..w"
    game = ready(grid, hands={0: ["Call the Wolves", "Soldier"]}, resource={0: 9},
                 rules_version=5)  # Call the Wolves before rules 6: any free tile
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    mermaid = game.add_permanent("Mermaid", (2, 0), 0)
    assert not any(t[0] == 2 for t in move_tiles(game, soldier))
    snapshot = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(Move(0, soldier, (2, 1)))
    assert game.state_hash() == snapshot
    assert not any(t[0] == 2 for t in wolf_tiles(game, 0))  # no Wolf token there either
    assert move_tiles(game, mermaid) == {(2, 1), (2, 2)}
    resolve(game, Move(0, mermaid, (2, 2)))
    assert game.tile_of(mermaid) == (2, 2)


@rules("Movement 3")
def test_tiles_common_9_water_ends_a_walkers_move_on_the_first_water_tile() -> None:
    grid = "..~..\n..~..\n..~.."
    game = ready(grid)
    scout = game.add_permanent("Scout", (0, 1), 0)  # movement 4
    tiles = move_tiles(game, scout)
    assert {(2, 0), (2, 1), (2, 2)} <= tiles
    assert not any(t[0] > 2 for t in tiles)
    resolve(game, Move(0, scout, (2, 1)))
    assert game.tile_of(scout) == (2, 1)
    game.close()
    dry = ready(grid.replace("~", "."))
    scout = dry.add_permanent("Scout", (0, 1), 0)
    assert (4, 1) in move_tiles(dry, scout)
    dry.close()
    # a swimmer is not stopped by water; a walker starting on water walks off it
    wet = ready("~~~~~\n.....")
    mermaid = wet.add_permanent("Mermaid", (0, 0), 0)  # movement 3
    assert move_tiles(wet, mermaid) == {(1, 0), (2, 0), (3, 0)}
    wet_scout = wet.add_permanent("Scout", (4, 0), 0)
    tiles = move_tiles(wet, wet_scout)
    assert {(4, 1), (0, 1), (3, 0)} <= tiles


@rules("Tiles 4")
def test_tiles_common_10_wall_is_a_neutral_solid_10_artifact() -> None:
    grid = "..#..\n.....\n....2"
    game = ready(grid)
    wall = game.permanent_at((2, 0))
    assert wall
    assert game.card(wall).name == "Wall"
    assert game.card(wall).type is CardType.ARTIFACT
    assert game.keyword(wall, "solid") == 10
    assert game.controller(wall) == NEUTRAL and game.owner(wall) == NEUTRAL
    scout = game.add_permanent("Scout", (1, 0), 0)
    assert (2, 0) not in move_tiles(game, scout)
    assert (3, 0) in move_tiles(game, scout)  # around it


def test_tiles_common_10_no_unit_switches_with_or_carries_a_wall() -> None:
    game = ready("#.B\n...\n..2")
    soldier = game.add_permanent("Soldier", (1, 0), 0)
    barricade = game.add_permanent("Barricade", (2, 1), 0)
    activate(game, soldier)
    legal = game.legal_actions(0)
    wall = game.permanent_at((0, 0))
    assert Switch(0, soldier, barricade) in legal  # an own solid artifact: allowed
    assert Switch(0, soldier, wall) not in legal
    assert not any(isinstance(a, Transport) and a.artifact == wall for a in legal)
    assert any(isinstance(a, Transport) and a.artifact == barricade for a in legal)
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(Switch(0, soldier, wall))
    assert game.state_hash() == before


def test_tiles_common_10_wall_falls_to_more_than_10_damage_and_the_tile_turns_neutral() -> None:
    game = ready("...\n.#.\n...")
    wall = game.permanent_at((1, 1))
    first = game.add_permanent("Soldier", (0, 1), 0)  # attack 2
    second = game.add_permanent("Soldier", (2, 1), 0)
    game.deal_damage(0, wall, 8)
    resolve(game, Activate(0, first))
    resolve(game, Attack(0, first, wall))
    assert game.is_on_map(wall)  # 10 damage: not more than solid 10
    resolve(game, Activate(0, second))
    resolve(game, Attack(0, second, wall))
    assert not game.is_on_map(wall)
    assert game.zone(wall) is Zone.EXILE  # a neutral card has no discard pile
    assert game.tile_kind((1, 1)).name == "neutral"
    assert game.permanent_at((1, 1)) == 0
    assert game.available(first, (1, 1))


def test_tiles_common_10_a_wall_cannot_be_pushed_off_its_tile() -> None:
    game = ready("......\n..#...\n......", hands={0: ["Shove"]}, resource={0: 9})
    wall = game.permanent_at((2, 1))
    shove = card_in_hand(game, 0, "Shove")
    play = PlayCard(0, shove, None, (wall, (1, 1)))
    if play in game.legal_actions(0):
        resolve(game, play)
    assert game.tile_of(wall) == (2, 1)
    ramm = game.add_permanent("Ramm", (1, 0), 0)  # push: the attacked permanent is pushed
    activate(game, ramm)
    resolve(game, Attack(0, ramm, wall))
    assert game.tile_of(wall) == (2, 1)
    assert game.permanent_at((2, 1)) == wall


@rules("Movement 3")
def test_tiles_common_11_gate_ends_every_move_on_the_first_gate_entered() -> None:
    grid = "..g..\n..g..\n..g.."
    game = ready(grid)
    scout = game.add_permanent("Scout", (0, 1), 0)
    tiles = move_tiles(game, scout)
    assert {(2, 0), (2, 1), (2, 2)} <= tiles
    assert not any(t[0] > 2 for t in tiles)
    resolve(game, Move(0, scout, (2, 1)))
    assert game.tile_of(scout) == (2, 1)
    # a unit standing on a gate walks off it freely
    on_gate = game.add_permanent("Scout", (2, 0), 0)
    assert {(0, 0), (4, 0), (4, 2)} <= move_tiles(game, on_gate)


def test_tiles_common_12_store_tile_type_is_registered() -> None:
    kind = tile_type("store")
    assert kind.store
    assert kind.walkers and not kind.swimmers
    assert DEFAULT_SYMBOLS["$"] == "store"
    game = ready("$..\n...\n..2")
    scout = game.add_permanent("Scout", (2, 1), 0)
    assert game.tile_kind((0, 0)) is kind
    assert (0, 0) in move_tiles(game, scout)  # a unit may stand on a store
    resolve(game, Move(0, scout, (0, 0)))
    assert game.tile_of(scout) == (0, 0)
