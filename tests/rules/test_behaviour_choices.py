"""The unit behaviours one legal action at a time (``Behaviour.choose``, used by the boss
turn scripts): each step is one of the unit's legal actions, and driving a unit with them
until it is done ends where running the behaviour (``run_behaviour``) ends when no tie is
broken on the way."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest
from scenario import resolve, scenario, to_action_phase

from game.rules import CardDef, CardType, Game
from game.rules.behaviour_choices import best_attack
from game.rules.behaviours import BEHAVIOURS, run_behaviour
from game.rules.cards import Ability, EffectSpec
from game.rules.core.actions import Action, Activate, Attack, FullAction, Move, StreetMove
from game.rules.geometry import Tile, distance

T = TypeVar("T")
GRID = "........\n........\n........\n1......."
HERMIT = CardDef(name="Hermit", type=CardType.UNIT, attack=1, health=2, movement=2,
                 upkeep=0, full_action=Ability(
                     effects=(EffectSpec("gain_resource", {"amount": 2}),)))


def _first(options: Sequence[T]) -> T:
    return options[0]


def _ready(game: Game, unit: int) -> None:
    to_action_phase(game)
    resolve(game, Activate(0, unit))


def drive(game: Game, unit: int, name: str, param: Any = None, seed: int = 1,
          limit: int = 10) -> list[Action]:
    """Activate ``unit`` and carry out the behaviour's choices until it is done."""
    _ready(game, unit)
    rng = random.Random(seed)

    def pick(options: Sequence[T]) -> T:
        return options[rng.randrange(len(options))]

    done: list[Action] = []
    for _ in range(limit):
        legal = game.legal_actions(0)
        action = BEHAVIOURS[name].choose(game, unit, legal, pick, param)
        if action is None:
            return done
        assert action in legal
        done.append(action)
        resolve(game, action)
    raise AssertionError(f"{name} never finished: {done}")


def test_every_behaviour_has_both_forms() -> None:
    for name in BEHAVIOURS:
        entry = BEHAVIOURS[name]
        assert entry.name == name and callable(entry.run) and callable(entry.choose)
        assert entry.name_key == f"behaviour.{name}.name"


@pytest.mark.parametrize("form", ["run", "choose"])
def test_aggressive_closes_in_and_attacks_in_either_form(form: str) -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)  # movement 2
    king = game.add_permanent("King", (4, 1), 1)
    if form == "run":
        run_behaviour(game, unit, "aggressive")
    else:
        kinds = [type(a) for a in drive(game, unit, "aggressive")]
        assert kinds == [Move, Attack]
    here = game.tile_of(unit)
    assert here is not None and distance(here, (4, 1)) == 1
    assert game.view(king).damage == 2


def test_aggressive_attacks_the_weakest_unless_the_key_prefers_another() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Archer", (3, 1), 0)  # range 3
    strong = game.add_permanent("King", (5, 1), 1)  # health 4
    weak = game.add_permanent("Soldier", (1, 1), 1)
    _ready(game, unit)
    legal = game.legal_actions(0)
    chosen = BEHAVIOURS["aggressive"].choose(game, unit, legal, _first)
    assert isinstance(chosen, Attack) and chosen.target == weak
    preferred = BEHAVIOURS["aggressive"].choose(game, unit, legal, _first,
                                                key=lambda t: (t == strong,))
    assert isinstance(preferred, Attack) and preferred.target == strong
    assert best_attack(game, unit, [a for a in legal if not isinstance(a, Attack)]) is None


def test_no_enemy_no_step() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    game.add_permanent("King", (5, 1), 0)  # a friend
    assert drive(game, unit, "aggressive") == []


def test_shy_uses_its_full_action_out_of_reach_and_flees_within_it() -> None:
    game = scenario(GRID)
    hermit = game.add_permanent(HERMIT, (1, 1), 0)
    game.add_permanent("Soldier", (5, 1), 1)  # range 1: out of reach
    steps = drive(game, hermit, "shy")
    assert steps and isinstance(steps[0], FullAction)
    assert game.players[0].resource == 2

    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (4, 1), 0)
    game.add_permanent("Soldier", (5, 1), 1)
    steps = drive(game, unit, "shy")
    assert isinstance(steps[0], (Move, StreetMove))
    here = game.tile_of(unit)
    assert here is not None and distance(here, (5, 1)) == 3


def test_wandering_moves_at_random_beyond_x_and_attacks_within_it() -> None:
    tiles: set[Tile | None] = set()
    for seed in range(1, 12):
        game = scenario(GRID)
        unit = game.add_permanent("Soldier", (1, 1), 0)
        game.add_permanent("King", (6, 1), 1)  # range 5: beyond X = 3
        steps = drive(game, unit, "wandering", 3, seed=seed)
        assert [type(a) for a in steps] == [Move]
        tiles.add(game.tile_of(unit))
    assert len(tiles) > 2
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    king = game.add_permanent("King", (4, 1), 1)
    assert [type(a) for a in drive(game, unit, "wandering", 3)] == [Attack]
    assert game.view(king).damage == 2


def test_target_oriented_walks_onto_its_target_tile_then_attacks() -> None:
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (1, 1), 0)
    king = game.add_permanent("King", (4, 2), 1)
    steps = drive(game, unit, "target_oriented", (3, 1))
    assert game.tile_of(unit) == (3, 1)
    assert [type(a) for a in steps] == [Move, Attack] and game.view(king).damage == 2
