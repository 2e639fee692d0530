"""Rules tests: Win Conditions (each registered kind of game/rules/wincons.py)."""

from __future__ import annotations

import pytest
from rulemarks import rules
from scenario import next_turn, resolve, scenario, to_action_phase

from game.rules import Game, IllegalAction, Phase, WinSpec
from game.rules.core.actions import Activate, Equip, Pass, PlayCard
from game.rules.core.events import GameOver, PlayerEliminated, PointsChanged
from game.rules.mapmodel import Placement, Region
from game.rules.wincons import WIN_CONDITIONS, held_regions

GRID = "1.......\n........\n........\n.......2"


def assert_over(game: Game, winners: tuple[int, ...]) -> None:
    assert game.phase is Phase.OVER
    assert game.winners == winners
    assert game.actor is None
    for player in range(len(game.players)):
        assert game.legal_actions(player) == []
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(Pass(0))
    assert game.state_hash() == before


def cast(game: Game, name: str, *targets: object) -> list:
    """The active player casts the first card called ``name`` from their hand."""
    player = game.active
    card = next(c for c in game.players[player].hand if game.card(c).name == name)
    return resolve(game, PlayCard(player, card, None, tuple(targets)))


# ---------------------------------------------------------------- Win Conditions 1


def test_win_conditions_1_the_map_chooses_the_win_condition() -> None:
    assert set(WIN_CONDITIONS.names()) >= {
        "king", "resource", "capture_points", "destroy_buildings", "stick_of_victory", "none"}
    # the same position: only the map whose win condition it meets ends the game
    plain = scenario(GRID, income=10)
    next_turn(plain)
    next_turn(plain)
    assert plain.players[0].resource == 20
    assert plain.phase is not Phase.OVER and plain.win.name == "none"
    race = scenario(GRID, income=10, win=WinSpec("resource", {"threshold": 20}))
    assert race.win.name == "resource" and race.phase is not Phase.OVER
    next_turn(race)
    next_turn(race)
    assert_over(race, (0,))


def test_win_conditions_1_an_unknown_win_condition_is_refused() -> None:
    with pytest.raises(KeyError):
        scenario(GRID, win=WinSpec("checkmate"))


# ---------------------------------------------------------------- king


KINGS = (Placement("King", (0, 1), 0), Placement("King", (7, 2), 1))


def test_win_conditions_2_king_destroying_the_enemy_king_wins() -> None:
    # rules version 2, where Die! still reaches a king (version 3's King is protected)
    game = scenario(GRID, win=WinSpec("king"), placements=KINGS, rules_version=2,
                    hands={0: ["Die!", "Die!"]}, resource={0: 10})
    king = game.permanent_at((7, 2))
    assert game.card(king).name == "King" and game.controller(king) == 1
    guard = game.add_permanent("Soldier", (6, 3), 1)
    to_action_phase(game)
    cast(game, "Die!", guard)  # any other unit: the game goes on
    assert game.phase is Phase.ACTION and not game.players[1].eliminated
    events = cast(game, "Die!", king)
    assert PlayerEliminated(1) in events
    assert [e.winners for e in events if isinstance(e, GameOver)] == [(0,)]
    assert_over(game, (0,))


def test_win_conditions_2_king_a_fallen_king_puts_only_its_player_out() -> None:
    kings = (*KINGS, Placement("King", (4, 0), 2))
    game = scenario("1...3...\n........\n........\n.......2", players=3, win=WinSpec("king"),
                    placements=kings, hands={0: ["Die!"]}, resource={0: 10},
                    rules_version=2)  # Die! still reaches a king
    third = game.permanent_at((4, 0))
    to_action_phase(game)
    cast(game, "Die!", third)
    assert game.players[2].eliminated and game.phase is Phase.ACTION
    assert not game.players[0].eliminated and not game.players[1].eliminated
    next_turn(game)
    assert game.active == 1
    next_turn(game)
    assert game.active == 0  # the eliminated player's turn is skipped


def test_win_conditions_2_king_the_card_name_is_a_map_parameter() -> None:
    crowns = (Placement("Scout", (0, 1), 0), Placement("Scout", (7, 2), 1))
    game = scenario(GRID, win=WinSpec("king", {"card": "Scout"}), placements=crowns,
                    hands={0: ["Die!"]}, resource={0: 10})
    to_action_phase(game)
    cast(game, "Die!", game.permanent_at((7, 2)))
    assert_over(game, (0,))


# ---------------------------------------------------------------- resource


def test_win_conditions_2_resource_reaching_the_threshold_wins() -> None:
    game = scenario(GRID, income=3, win=WinSpec("resource", {"threshold": 6}))
    assert game.players[0].resource == 3 and game.phase is Phase.UPKEEP
    next_turn(game)
    assert game.phase is Phase.UPKEEP and game.players[1].resource == 3
    next_turn(game)  # player 1's second income: 6
    assert_over(game, (0,))


def test_win_conditions_2_resource_gained_by_a_card_wins_at_once() -> None:
    game = scenario(GRID, win=WinSpec("resource", {"threshold": 5}), hands={1: ["Coin"]},
                    resource={1: 3})
    to_action_phase(game)
    game.apply(Pass(0))
    assert game.actor == 1
    coin = game.players[1].hand[0]
    events = resolve(game, PlayCard(1, coin))
    assert [e.winners for e in events if isinstance(e, GameOver)] == [(1,)]
    assert_over(game, (1,))


def test_win_conditions_2_resource_below_the_threshold_does_not_win() -> None:
    game = scenario(GRID, income=2, win=WinSpec("resource", {"threshold": 7}))
    for _ in range(4):
        next_turn(game)
    assert game.phase is not Phase.OVER
    assert [p.resource for p in game.players] == [6, 4]


# ---------------------------------------------------------------- capture points


HILL = Region("hill", frozenset({(3, 1), (4, 1), (3, 2), (4, 2)}), points=2)


def test_win_conditions_2_capture_points_held_regions_score_each_upkeep() -> None:
    game = scenario(GRID, win=WinSpec("capture_points", {"points": 4}), regions=(HILL,))
    game.add_permanent("Recruit", (3, 1), 0)
    assert held_regions(game, 0) == ["hill"] and held_regions(game, 1) == []
    events = next_turn(game)  # player 2's upkeep: they hold nothing
    assert not [e for e in events if isinstance(e, PointsChanged)]
    events = next_turn(game)  # player 1's upkeep: the hill is theirs
    assert PointsChanged(0, 2, 2) in events and game.phase is Phase.UPKEEP
    next_turn(game)
    next_turn(game)
    assert game.players[0].points == 4
    assert_over(game, (0,))


def test_win_conditions_2_capture_points_the_most_units_hold_a_region() -> None:
    game = scenario(GRID, win=WinSpec("capture_points", {"points": 10}), regions=(HILL,))
    game.add_permanent("Recruit", (3, 1), 0)
    game.add_permanent("Recruit", (4, 1), 1)
    game.add_permanent("Treasure Chest", (3, 2), 0)  # artifacts are not units
    # a tie holds nothing
    assert held_regions(game, 0) == [] and held_regions(game, 1) == []
    for _ in range(2):
        next_turn(game)
    assert [p.points for p in game.players] == [0, 0]
    game.add_permanent("Recruit", (4, 2), 1)
    assert held_regions(game, 1) == ["hill"] and held_regions(game, 0) == []
    next_turn(game)  # player 2's upkeep
    assert [p.points for p in game.players] == [0, 2]
    next_turn(game)  # player 1's upkeep: only the active player scores
    assert [p.points for p in game.players] == [0, 2]


def test_win_conditions_2_capture_points_units_outside_the_region_do_not_count() -> None:
    game = scenario(GRID, win=WinSpec("capture_points", {"points": 10}), regions=(HILL,))
    game.add_permanent("Recruit", (2, 1), 0)  # next to the hill, not on it
    game.add_permanent("Recruit", (5, 2), 0)
    assert held_regions(game, 0) == []
    next_turn(game)
    next_turn(game)
    assert game.players[0].points == 0


# ---------------------------------------------------------------- destroy buildings


def test_win_conditions_2_destroy_buildings_losing_every_building_loses() -> None:
    buildings = (Placement("Building", (0, 1), 0), Placement("Building", (7, 2), 1),
                 Placement("Building", (6, 0), 1))
    game = scenario(GRID, win=WinSpec("destroy_buildings"), placements=buildings,
                    hands={0: ["Fireball"] * 8}, resource={0: 16})
    first, second = game.permanent_at((7, 2)), game.permanent_at((6, 0))
    to_action_phase(game)
    for _ in range(3):
        cast(game, "Fireball", first)
    assert game.is_on_map(first)  # 6 damage is not more than solid 6
    cast(game, "Fireball", first)
    assert not game.is_on_map(first)
    assert not game.players[1].eliminated and game.phase is Phase.ACTION  # one still stands
    for _ in range(4):
        cast(game, "Fireball", second)
    assert game.players[1].eliminated
    assert_over(game, (0,))


def test_win_conditions_2_destroy_buildings_other_permanents_do_not_count() -> None:
    buildings = (Placement("Building", (0, 1), 0), Placement("Building", (7, 2), 1))
    game = scenario(GRID, win=WinSpec("destroy_buildings"), placements=buildings,
                    hands={0: ["Die!"]}, resource={0: 10})
    soldier = game.add_permanent("Soldier", (5, 2), 1)
    to_action_phase(game)
    cast(game, "Die!", soldier)
    assert game.phase is Phase.ACTION and not game.players[1].eliminated


# ---------------------------------------------------------------- stick of victory


STICK = (Placement("Stick of Victory", (2, 1), -1),)


def pick_up_stick(game: Game, unit: int) -> int:
    stick = game.permanent_at((2, 1))
    to_action_phase(game)
    resolve(game, Activate(game.active, unit))
    resolve(game, Equip(game.active, unit, stick, "move"))
    assert game.container_of(stick) == unit
    return stick


def test_win_conditions_2_stick_of_victory_holding_it_scores_each_upkeep() -> None:
    game = scenario(GRID, win=WinSpec("stick_of_victory", {"points": 2}), placements=STICK)
    stick = game.permanent_at((2, 1))
    assert game.card(stick).name == "Stick of Victory" and game.controller(stick) == -1
    events = next_turn(game)
    next_turn(game)
    assert not [e for e in events if isinstance(e, PointsChanged)]  # lying on the map: none
    recruit = game.add_permanent("Recruit", (1, 1), 0)
    pick_up_stick(game, recruit)
    assert game.controller(stick) == 0
    next_turn(game)
    events = next_turn(game)
    assert PointsChanged(0, 1, 1) in events and game.phase is Phase.UPKEEP
    next_turn(game)
    next_turn(game)
    assert_over(game, (0,))


def test_win_conditions_2_stick_of_victory_only_its_holder_scores() -> None:
    game = scenario(GRID, win=WinSpec("stick_of_victory", {"points": 5, "per_upkeep": 2}),
                    placements=STICK)
    holder = game.add_permanent("Recruit", (1, 1), 0)
    pick_up_stick(game, holder)
    next_turn(game)  # player 2's upkeep: they do not hold it
    assert [p.points for p in game.players] == [0, 0]
    next_turn(game)  # player 1's upkeep: per_upkeep points
    assert [p.points for p in game.players] == [2, 0]


@rules("Win Conditions 2")
def test_win_conditions_2_stick_of_victory_an_enemy_unit_can_take_it() -> None:
    game = scenario(GRID, win=WinSpec("stick_of_victory", {"points": 1}), placements=STICK)
    game.add_permanent("Recruit", (3, 1), 1)  # player 2's recruit next to the stick
    next_turn(game)
    assert game.active == 1
    stick = pick_up_stick(game, game.permanent_at((3, 1)))
    assert game.controller(stick) == 1
    next_turn(game)
    assert game.phase is not Phase.OVER  # player 1's upkeep: not theirs
    next_turn(game)
    assert_over(game, (1,))


def _heart(*columns: int) -> tuple[Region, ...]:
    return (Region("Heart", frozenset((x, y) for x in columns for y in range(4))),)


@rules("Win Conditions 2")
def test_win_conditions_2_stick_of_victory_with_a_region_its_holder_scores_only_inside() -> None:
    """Our map parameter ``region``: the stick scores only while its holder stands in the
    named region (2P-stick-meadow: the heart of the meadow)."""
    win = WinSpec("stick_of_victory", {"points": 1, "region": "Heart"})
    outside = scenario(GRID, win=win, placements=STICK, regions=_heart(5, 6))
    holder = outside.add_permanent("Recruit", (1, 1), 0)
    pick_up_stick(outside, holder)
    for _ in range(4):  # two upkeeps of the holder's player, the holder at (1, 1)
        events = next_turn(outside)
        assert not [e for e in events if isinstance(e, PointsChanged)]
    assert outside.phase is not Phase.OVER and outside.players[0].points == 0
    inside = scenario(GRID, win=win, placements=STICK, regions=_heart(0, 1))
    holder = inside.add_permanent("Recruit", (1, 1), 0)
    pick_up_stick(inside, holder)
    next_turn(inside)
    next_turn(inside)
    assert_over(inside, (0,))
