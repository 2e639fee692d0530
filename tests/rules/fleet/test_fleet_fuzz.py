"""Random fleet games on every shipped fleet map, checked after every action (the engine's
invariants and the fleet's own); each game's replay must reproduce it hash for hash.
``--fuzz-games N`` plays more."""

from __future__ import annotations

import json
import random

import pytest

from game.content.cards import load_cards
from game.maps import find_map, list_maps
from game.rules import Game, GameSetup
from game.rules.core.replay import game_to_json, replay
from game.rules.core.state import Phase
from game.rules.invariants import check
from game.rules.rulesets.fleet.combat import excess
from game.rules.rulesets.fleet.movement import can_enter
from game.rules.rulesets.fleet.rules import (
    FLEET_POOL,
    TACTIC,
    TOKEN_LIMIT,
    board_state,
    has_planet,
    index_units,
    is_ship,
    is_structure,
    is_system,
    landed,
    tokens_owned,
)
from game.rules.rulesets.fleet.tactical import tactic_of

LIBRARY, _ = load_cards()
FLEET_MAPS = [p.stem for p in list_maps() if find_map(p.stem).ruleset == "fleet"]
CI_GAMES = 3
MAX_TURNS = 60
MAX_ACTIONS = 5000
#: steps of a tactical action after which every limit must hold (not while hits are
#: being assigned in a fight, where capacity is not enforced)
SETTLED = ("move", "cannon", "land", "produce")


def fleet_problems(game: Game) -> list[str]:
    """The fleet's invariants."""
    problems = []
    board = board_state(game)
    for player in game.players:
        p = player.index
        if tokens_owned(game, p) > TOKEN_LIMIT:
            problems.append(f"P{p + 1} owns {tokens_owned(game, p)} command tokens")
        if game.counter(p, TACTIC) < 0 or game.counter(p, FLEET_POOL) < 0:
            problems.append(f"P{p + 1} has a negative pool")
    for tile, player in board.planets:
        if not has_planet(game, tile) or not 0 <= player < len(game.players):
            problems.append(f"planet control {tile} by {player}")
    for tile, units in index_units(game).items():
        if not is_system(game, tile):
            problems.append(f"units in the void at {tile}")
        for unit in units:
            if is_ship(game, unit) and not can_enter(game, tile):
                problems.append(f"{game.card(unit).name} in an anomaly it can't enter: {tile}")
            if landed(unit) and (is_ship(game, unit) or not has_planet(game, tile)):
                problems.append(f"{game.card(unit).name} landed where it can't be: {tile}")
            if is_structure(game, unit) and not landed(unit):
                problems.append(f"{game.card(unit).name} (a structure) in space at {tile}")
            if game.view(unit).damage >= game.health(unit):
                problems.append(f"{game.card(unit).name} stands with no health left")
    tactic = tactic_of(game)
    settled = not board.excess and (tactic is None or tactic.step in SETTLED)
    if settled and game.phase is not Phase.OVER:
        for player in game.live():
            over = excess(game, player)
            if over is not None:
                problems.append(f"P{player + 1} over its {over[1]} at {over[0]}")
    return problems


def choose(legal: list, chooser: random.Random):  # type: ignore[no-untyped-def]
    """Mostly doing something rather than passing or ending a step; rarely taking a
    declaration back."""
    calm = ("pass_round", "confirm_moves", "hold_fire", "end_landing", "end_tactic")
    doing = [a for a in legal if a.kind not in calm and a.kind != "withdraw"]
    if doing and chooser.random() < 0.75:
        return doing[chooser.randrange(len(doing))]
    rest = [a for a in legal if a.kind != "withdraw"] or legal
    if len(rest) < len(legal) and chooser.random() < 0.05:
        rest = legal
    return rest[chooser.randrange(len(rest))]


def play_fleet(map_name: str, seed: int) -> Game:
    spec = find_map(map_name)
    game = Game(GameSetup(spec, LIBRARY, spec.players, seed))
    chooser = random.Random(seed)
    problems = check(game) + fleet_problems(game)
    steps = 0
    while (not problems and game.actor is not None and game.turn <= MAX_TURNS
           and steps < MAX_ACTIONS):
        legal = game.legal_actions(game.actor)
        game.apply(choose(legal, chooser))
        steps += 1
        problems = check(game) + fleet_problems(game)
    if problems:
        actions = json.dumps([a.to_json() for a in game.history])
        pytest.fail(f"{map_name} seed {seed}: {problems[0]}\nactions: {actions[:4000]}")
    return game


@pytest.mark.parametrize("map_name", FLEET_MAPS)
def test_fleet_random_games_keep_every_invariant_and_replay(map_name: str,
                                                             fuzz_games: int) -> None:
    for seed in range(1, (fuzz_games or CI_GAMES) + 1):
        game = play_fleet(map_name, seed)
        data = json.loads(json.dumps(game_to_json(game)))
        again = replay(data, LIBRARY, f"{map_name} seed {seed}", verify=True)
        assert again.state_hash() == game.state_hash(), f"seed {seed}: replay differs"
        game.close()
        again.close()


def test_fleet_maps_are_shipped() -> None:
    assert {"3P-fleet-triad", "4P-fleet-crossroads", "6P-fleet-six-suns"} <= set(FLEET_MAPS)
