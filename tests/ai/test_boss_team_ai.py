"""The computer players in the cooperative boss modes (RULES-NOTES "Bosses and cooperative
modes": the players win or lose together against the boss side in the last seat): they
count their fellow players as their own side, never aim at them, take the players' win
as their own and weigh the boss's health as the objective."""

from __future__ import annotations

import dataclasses

from game.ai import teams
from game.ai.easy import EasyPlayer
from game.ai.evaluate import WIN, evaluate
from game.ai.search import greedy_score
from game.content.cards import load_cards
from game.maps import find_map
from game.rules import Game, GameSetup, Phase, WinSpec, parse_grid
from game.rules.bosses import boss_standing
from game.rules.core.actions import Attack, Pass
from game.rules.mapmodel import Placement

LIBRARY = load_cards()[0]
TYRANT = "The Iron Tyrant"
#: players 1 and 2 are towns side by side, "3" is the Tyrant's keep far away
GRID = """\
1.2.......
..........
..........
.........3
"""


def _tyrant_game(seats: int = 3) -> Game:
    spec = parse_grid(GRID, players=3, income=0, start_deck=(("Coin", 2),),
                      win=WinSpec("tyrant", {}))
    spec = dataclasses.replace(spec, bosses=(Placement(TYRANT, (8, 3), -1),))
    return Game(GameSetup(spec, LIBRARY, seats, 1, sets=("base",),
                          stores=tuple(() for _ in range(seats))))


def _to_action_phase(game: Game) -> None:
    for _ in range(50):
        if game.phase is Phase.ACTION and game.actor == 0:
            return
        actor = game.actor
        assert actor is not None
        legal = game.legal_actions(actor)
        game.apply(next((a for a in legal if a.kind == "pay_upkeep"), None)
                   or next(a for a in legal if isinstance(a, Pass)))
    raise AssertionError("no action phase reached")


def test_boss_the_players_are_one_side_and_the_boss_another() -> None:
    game = _tyrant_game()
    assert teams.is_boss_game(game)
    assert teams.side(game, 0) == (0, 1)
    assert teams.side(game, 1) == (1, 0)
    assert teams.side(game, 2) == (2,)
    assert teams.friendly(game, 0, 1) and not teams.friendly(game, 0, 2)
    assert not teams.friendly(game, 0, -1)  # the map's own pieces are nobody's friend
    king_map = Game(GameSetup(find_map("2P-ring-street"), LIBRARY, 2, 1, sets=("base",)))
    assert not teams.is_boss_game(king_map)
    assert teams.side(king_map, 0) == (0,) and not teams.friendly(king_map, 0, 1)
    king_map.close()
    game.close()


def test_boss_a_player_never_attacks_a_fellow_player() -> None:
    game = _tyrant_game()
    _to_action_phase(game)
    soldier = game.add_permanent("Soldier", (1, 0), 0)
    fellow = game.add_permanent("Recruit", (1, 1), 1)
    game.apply(next(a for a in game.legal_actions(0)
                    if a.kind == "activate" and a.permanent == soldier))
    attack = next(a for a in game.legal_actions(0)
                  if isinstance(a, Attack) and a.target == fellow)
    staying = next(a for a in game.legal_actions(0) if isinstance(a, Pass))
    assert greedy_score(game, 0, attack) < greedy_score(game, 0, staying)
    assert EasyPlayer(1).rate(game, 0, attack) < EasyPlayer(1).rate(game, 0, staying)
    game.close()


def test_boss_a_fellow_players_units_count_as_the_players_own() -> None:
    game = _tyrant_game()
    _to_action_phase(game)
    before = evaluate(game, 0)
    game.add_permanent("Soldier", (2, 1), 1)  # a fellow player's new unit
    assert evaluate(game, 0) > before


def test_boss_a_blow_on_the_boss_raises_every_players_evaluation() -> None:
    game = _tyrant_game()
    _to_action_phase(game)
    tyrant = boss_standing(game)
    before = (evaluate(game, 0), evaluate(game, 1))
    game.deal_damage(0, tyrant, 2)
    assert evaluate(game, 0) > before[0] and evaluate(game, 1) > before[1]
    game.close()


def test_boss_the_players_win_is_a_win_for_each_of_them() -> None:
    game = _tyrant_game()
    _to_action_phase(game)
    tyrant = boss_standing(game)
    game.deal_damage(0, tyrant, game.health(tyrant) + 1)
    game.apply(Pass(0))
    assert game.phase is Phase.OVER and game.winners == (0, 1)
    assert evaluate(game, 0) == evaluate(game, 1) == WIN
    game.close()
