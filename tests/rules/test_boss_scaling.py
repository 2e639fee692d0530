"""Rules tests: from rules version 4 (``SCALED_BOSSES_VERSION``) the boss side grows with
the number of players it faces (RULES-NOTES "Bosses and cooperative modes"; README "Boss
modes"): a boss has 6 health per player, the Tyrant wins at six repression marks however
many play (from rules version 7: six against one player and one more for each further
one), the Kraken needs 4 more points for each of the map's seats nobody plays and
its tentacles rise one per player. A game of rules version 3 keeps the old numbers."""

from __future__ import annotations

import dataclasses

import pytest
from scenario import LIBRARY, next_turn, to_action_phase, tyrant_repressed

from game.client.scenes.board import goal_text
from game.maps import find_map
from game.rules import Game, GameSetup, Phase, WinSpec, parse_grid
from game.rules.bosses import (
    BOSS_HEALTH_PER_PLAYER,
    GROWING_REPRESSION_VERSION,
    REPRESSION_GOAL,
    REPRESSION_PER_MORE_PLAYER,
    SCALED_BOSSES_VERSION,
    boss_standing,
    kraken_goal,
    repression_goal,
    tentacle_limit,
    tentacles,
)
from game.rules.core.actions import Pass
from game.rules.core.state import RULES_VERSION
from game.rules.mapmodel import Placement

TYRANT = "The Iron Tyrant"
KRAKEN = "The Kraken"
#: four seats: players 1 to 3 and the Tyrant's keep ("4")
TYRANT_GRID = """\
1...2...3.
..........
.........4
"""
#: four seats: players 1 to 3 with a harbor each round a bay, "4" is the reef
KRAKEN_GRID = """\
1A..2B..3C
wwwwwwwwww
wwwwwwwww4
"""


def _game(grid: str, mode: str, boss: str, tile: tuple[int, int], seats: int,
          version: int, params: dict[str, object] | None = None) -> Game:
    spec = parse_grid(grid, players=4, income=0, start_deck=(("Coin", 2),),
                      win=WinSpec(mode, params or {}))
    spec = dataclasses.replace(spec, bosses=(Placement(boss, tile, -1),))
    return Game(GameSetup(spec, LIBRARY, seats, 1, sets=("base",),
                          stores=tuple(() for _ in range(seats)), version=version))


def _tyrant(players: int, version: int = RULES_VERSION) -> Game:
    return _game(TYRANT_GRID, "tyrant", TYRANT, (8, 2), players + 1, version)


def _kraken(players: int, version: int = RULES_VERSION, points: int = 12) -> Game:
    return _game(KRAKEN_GRID, "kraken", KRAKEN, (4, 2), players + 1, version,
                 {"points": points})


def test_boss_scaling_is_the_rules_of_version_4() -> None:
    assert SCALED_BOSSES_VERSION == 4 <= RULES_VERSION


@pytest.mark.parametrize("players", [1, 2, 3])
def test_boss_scaling_a_boss_has_6_health_per_player(players: int) -> None:
    for make in (_tyrant, _kraken):
        game = make(players)
        boss = boss_standing(game)
        assert game.health(boss) == BOSS_HEALTH_PER_PLAYER * players == 6 * players
        assert game.view(boss).health == 6 * players  # what the board shows
        game.close()


def test_boss_scaling_the_boss_falls_with_more_damage_than_its_health() -> None:
    game = _tyrant(1)
    to_action_phase(game)
    tyrant = boss_standing(game)
    game.deal_damage(0, tyrant, 6)
    game.apply(Pass(0))
    assert game.is_on_map(tyrant) and game.phase is not Phase.OVER
    game.deal_damage(0, tyrant, 1)  # 7 damage on 6 health
    game.apply(Pass(1))
    assert game.phase is Phase.OVER and game.winners == (0,)
    assert game.over_reason == "the Tyrant fell"


@pytest.mark.parametrize("players", [1, 3])
def test_boss_scaling_rules_4_to_6_the_tyrant_wins_at_six_repression_marks(
        players: int) -> None:
    game = _tyrant(players, version=GROWING_REPRESSION_VERSION - 1)
    assert repression_goal(game) == REPRESSION_GOAL == 6
    tyrant_repressed(game, boss_standing(game), 6)
    assert game.phase is Phase.OVER and game.winners == (players,)
    assert "6 repression marks" in goal_text(game, "en")


def test_boss_scaling_the_growing_repression_goal_is_the_rules_of_version_7() -> None:
    assert GROWING_REPRESSION_VERSION == 7 <= RULES_VERSION
    assert REPRESSION_PER_MORE_PLAYER == 1


@pytest.mark.parametrize(("players", "goal"), [(1, 6), (2, 7), (3, 8)])
def test_boss_scaling_rules_7_the_tyrant_wins_at_six_marks_and_one_more_per_further_player(
        players: int, goal: int) -> None:
    """Rules version 7: six repression marks against one player, one more for each
    further player; one mark short the game goes on (``tyrant_repressed``)."""
    game = _tyrant(players)
    assert repression_goal(game) == goal
    assert f"{goal} repression marks" in goal_text(game, "en")
    tyrant_repressed(game, boss_standing(game), goal)
    assert game.phase is Phase.OVER and game.winners == (players,)
    game.close()


@pytest.mark.parametrize(("players", "goal"), [(1, 20), (2, 16), (3, 12)])
def test_boss_scaling_the_kraken_needs_4_more_points_per_empty_seat(players: int,
                                                                    goal: int) -> None:
    game = _kraken(players)
    assert kraken_goal(game) == goal
    assert f"{goal} points" in goal_text(game, "en")
    to_action_phase(game)
    game.gain_points(players, goal - 1)
    game.apply(Pass(0))
    assert game.phase is not Phase.OVER
    game.gain_points(players, 1)
    game.apply(Pass(game.actor or 0))
    assert game.phase is Phase.OVER and game.winners == (players,)


@pytest.mark.parametrize("players", [1, 3])
def test_boss_scaling_tentacles_rise_one_per_player(players: int) -> None:
    game = _kraken(players, points=99)  # no win by points meanwhile
    assert tentacle_limit(game) == players
    for _ in range(6 * (players + 1)):
        next_turn(game)
    assert len(tentacles(game)) == players


def test_boss_scaling_a_game_of_rules_3_keeps_the_old_numbers() -> None:
    for players in (1, 3):
        tyrant, kraken = _tyrant(players, version=3), _kraken(players, version=3)
        assert tyrant.health(boss_standing(tyrant)) == LIBRARY[TYRANT].health == 12
        assert kraken.health(boss_standing(kraken)) == LIBRARY[KRAKEN].health == 12
        assert repression_goal(tyrant) == 2 * players
        assert kraken_goal(kraken) == 12
        assert tentacle_limit(kraken) == players + 1
        tyrant.close()
        kraken.close()


def test_boss_scaling_the_shipped_maps_say_what_wins() -> None:
    for name in ("the-tyrant", "the-kraken"):
        spec = find_map(name)
        game = Game(GameSetup(spec, LIBRARY, 2, 1, sets=spec.sets, draft=spec.draft))
        boss = boss_standing(game)
        assert game.health(boss) == 6  # one player
        game.close()
    assert "six repression marks, one more for each player after the first" in \
        find_map("the-tyrant").description
