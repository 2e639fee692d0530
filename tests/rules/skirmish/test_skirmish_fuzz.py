"""Random skirmishes on every shipped skirmish map, checked after every action (the
engine's invariants and the skirmish's own: one unit a hex and every unit on ground it can
stand on, transports within their capacity and never nested, the activated unit its
player's, energy within its maximum, no round past the last; and that what a player may do
names only what its side sees); each game's replay must reproduce it hash for hash.
``--fuzz-games N`` plays more."""

from __future__ import annotations

import json
import random

import pytest

from game.content.cards import load_cards
from game.maps import find_map, list_maps
from game.rules import Game, GameSetup, Phase
from game.rules.core.replay import game_to_json, replay
from game.rules.invariants import check
from game.rules.rulesets.skirmish.objectives import ROUND_LIMIT
from game.rules.rulesets.skirmish.rules import can_stand, round_number, size
from game.rules.rulesets.skirmish.transport import capacity

LIBRARY, _ = load_cards()
SKIRMISH_MAPS = [p.stem for p in list_maps() if find_map(p.stem).ruleset == "skirmish"]
CI_GAMES = 3
MAX_TURNS = 220


def skirmish_problems(game: Game) -> list[str]:
    """The skirmish's invariants."""
    problems = []
    for unit in game.units():
        view = game.view(unit)
        if view.container:
            ride = view.container
            if capacity(game, ride) <= 0 or game.view(ride).container:
                problems.append(f"{view.name} rides {game.card(ride).name}, no transport")
        elif view.tile is not None and not can_stand(game, unit, view.tile):
            problems.append(f"{view.name} stands on {game.tile_kind(view.tile).name}")
        top = int(game.keyword(unit, "skirmish:energy") or 0)
        if view.mark("skirmish:energy") > top:
            problems.append(f"{view.name} has {view.mark('skirmish:energy')} energy of {top}")
    for ride in game.units():
        riders = game.pile(ride)
        if riders and sum(size(game, u) for u in riders) > capacity(game, ride):
            problems.append(f"{game.card(ride).name} carries more than it may")
    if game.activated and game.controller(game.activated) != game.active:
        problems.append("the activated unit is not the active player's")
    if round_number(game) > ROUND_LIMIT:
        problems.append(f"round {round_number(game)} after the last")
    actor = game.actor
    if actor is not None:
        seen = set(game.visible_permanents(actor))
        for action in game.legal_actions(actor):
            named = [getattr(action, "target", 0)] + [
                t for t in getattr(action, "targets", ()) if isinstance(t, int)]
            if any(entity and entity not in seen for entity in named):
                problems.append(f"{action} names a unit its side does not see")
    return problems


def play_skirmish(map_name: str, seed: int) -> Game:
    spec = find_map(map_name)
    game = Game(GameSetup(spec, LIBRARY, spec.players, seed))
    chooser = random.Random(seed)
    problems = check(game) + skirmish_problems(game)
    while not problems and game.actor is not None and game.turn <= MAX_TURNS:
        legal = game.legal_actions(game.actor)
        doing = [a for a in legal if a.kind != "end_turn"]
        pick = doing if doing and chooser.random() < 0.8 else legal
        game.apply(pick[chooser.randrange(len(pick))])
        problems = check(game) + skirmish_problems(game)
    if problems:
        actions = json.dumps([a.to_json() for a in game.history])
        pytest.fail(f"{map_name} seed {seed}: {problems[0]}\nactions: {actions[:4000]}")
    return game


@pytest.mark.parametrize("map_name", SKIRMISH_MAPS)
def test_skirmish_random_games_keep_every_invariant_and_replay(map_name: str,
                                                                fuzz_games: int) -> None:
    assert SKIRMISH_MAPS
    for seed in range(1, (fuzz_games or CI_GAMES) + 1):
        game = play_skirmish(map_name, seed)
        assert game.phase is Phase.OVER, f"seed {seed}: not over by turn {MAX_TURNS}"
        data = json.loads(json.dumps(game_to_json(game)))
        again = replay(data, LIBRARY, f"{map_name} seed {seed}", verify=True)
        assert again.state_hash() == game.state_hash(), f"seed {seed}: replay differs"
        game.close()
        again.close()
