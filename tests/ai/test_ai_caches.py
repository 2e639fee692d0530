"""What the computer players keep between questions never changes an answer: the easy
player's rules of thumb (goals and distances worked out once per position and side, which
the search players' practice games lean on) rate every action as a player without that
memory does, and the evaluation's short reading of a permanent (``evaluate.piece``) is
what the permanent's whole view shows."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai.easy import EasyPlayer
from game.ai.evaluate import piece
from game.content.mods import load_content
from game.maps import find_map
from game.rules import Game, GameSetup, WinSpec
from game.rules.core.actions import Action, Move
from game.simulation import with_decks

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))
from scenario import scenario, to_action_phase  # noqa: E402

LIBRARY = load_content([], include_user=False).library

#: one map of each of Muhq's Game's ways to win: the king, buildings, the stick of
#: victory, resource (where a Farmer heads for the farm fields), regions, a boss
MAPS = ["2P-ring-street", "2P-castle-siege", "2P-stick-meadow", "3P-ring-street",
        "4P-islands", "the-tyrant"]


def _positions(map_name: str, seed: int) -> Iterator[tuple[Game, EasyPlayer, int]]:
    """Each position of a game the easy player plays for every seat, to turn 40: the
    game, the player (its memory kept from one question to the next) and who acts."""
    spec = find_map(map_name)
    game = Game(with_decks(GameSetup(spec, LIBRARY, spec.players, seed,
                                     sets=("base", "exp1"))))
    player = EasyPlayer(seed, explain=False)
    try:
        while game.actor is not None and game.turn <= 40:
            actor = game.actor
            yield game, player, actor
            game.apply(player.choose(game, actor))
    finally:
        game.close()


@pytest.mark.parametrize("map_name", MAPS)
def test_the_easy_players_memory_changes_no_rate(map_name: str) -> None:
    rated = 0
    for game, player, actor in _positions(map_name, 3):
        legal = game.legal_actions(actor)
        if len(legal) > 1:
            kept = player.rates(game, actor, legal)
            assert kept == EasyPlayer(0, explain=False).rates(game, actor, legal), \
                (game.turn, len(game.history))
            rated += 1
    assert rated > 50


@pytest.mark.parametrize("map_name", MAPS)
def test_a_pieces_fields_are_its_views(map_name: str) -> None:
    seen = 0
    for game, _player, _actor in _positions(map_name, 4):
        for entity in game.permanents():
            view = game.view(entity)
            assert piece(game, entity) == (view.card, view.controller, view.tile,
                                           view.health, view.damage)
            assert piece(game, entity).health_left == view.health_left
            seen += 1
    assert seen


def test_a_farmer_and_a_soldier_rated_together_keep_their_own_goals() -> None:
    """On a map won by resource a Farmer heads for the farm fields (and a move onto one
    is worth the most), every other unit for the enemy's fighters: rated in one call, as
    the practice games rate them, each move is worth what it is worth rated alone."""
    game = scenario("1....f..\n........\n........\n.......2", win=WinSpec("resource"))
    farmer = game.add_permanent("Farmer", (3, 0), 0)
    soldier = game.add_permanent("Soldier", (1, 2), 0)
    game.add_permanent("Soldier", (6, 3), 1)
    to_action_phase(game)
    moves: list[Action] = [Move(0, farmer, (4, 0)), Move(0, farmer, (3, 1)),
                           Move(0, soldier, (2, 2)), Move(0, soldier, (1, 1))]
    try:
        together = EasyPlayer(0, explain=False).rates(game, 0, moves)
        alone = [EasyPlayer(0, explain=False).rates(game, 0, [m])[0] for m in moves]
        assert together == alone
        assert together[0] > together[1]  # the Farmer: towards the field
        assert together[2] > together[3]  # the Soldier: towards the enemy
    finally:
        game.close()
