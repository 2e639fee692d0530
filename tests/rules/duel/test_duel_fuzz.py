"""Random duels on every shipped duel map with the starter decks, checked after every
action (the engine's invariants and the duel's own); each game's replay must reproduce
it hash for hash. ``--fuzz-games N`` plays more."""

from __future__ import annotations

import json
import random

import pytest

from game.content.cards import load_cards
from game.content.decks import with_decks
from game.maps import find_map, list_maps
from game.rules import Game, GameSetup, Phase
from game.rules.core.replay import game_to_json, replay
from game.rules.invariants import check
from game.rules.rulesets.duel.rules import (
    ARTIFACT_SLOTS,
    BATTLE_PET,
    CAPACITY,
    MANA,
    MAX_MANA,
    STRUCTURE,
    general_of,
    health_left,
)

LIBRARY, _ = load_cards()
DUEL_MAPS = [p.stem for p in list_maps() if find_map(p.stem).ruleset == "duel"]
CI_GAMES = 4
MAX_TURNS = 80


def duel_problems(game: Game) -> list[str]:
    """The duel's invariants."""
    problems = []
    for player in game.players:
        mana, capacity = game.counter(player.index, MANA), game.counter(player.index, CAPACITY)
        if not 0 <= mana <= MAX_MANA or not 0 <= capacity <= MAX_MANA:
            problems.append(f"P{player.index + 1} mana {mana}/{capacity}")
        general = general_of(game, player.index)
        if general and len(game.pile(general)) > ARTIFACT_SLOTS:
            problems.append(f"P{player.index + 1}'s general carries {len(game.pile(general))}")
        if not general and game.phase is not Phase.OVER:
            problems.append(f"P{player.index + 1} has no general but the game goes on")
    for unit in game.units():
        if health_left(game, unit) <= 0 and game.phase is not Phase.OVER:
            problems.append(f"{game.card(unit).name} stands with no health left")
    if game.actor is not None and game.phase is Phase.ACTION:
        for action in game.legal_actions(game.actor):
            unit = getattr(action, "unit", 0)
            if unit and ({BATTLE_PET, STRUCTURE} & game.card(unit).tags):
                problems.append(f"{action}: a {game.card(unit).name} can't be commanded")
    return problems


def play_duel(map_name: str, seed: int) -> Game:
    spec = find_map(map_name)
    game = Game(with_decks(GameSetup(spec, LIBRARY, 2, seed)))
    chooser = random.Random(seed)
    problems = check(game) + duel_problems(game)
    while not problems and game.actor is not None and game.turn <= MAX_TURNS:
        legal = game.legal_actions(game.actor)
        doing = [a for a in legal if a.kind != "end_turn"]
        pick = doing if doing and chooser.random() < 0.85 else legal
        game.apply(pick[chooser.randrange(len(pick))])
        problems = check(game) + duel_problems(game)
    if problems:
        actions = json.dumps([a.to_json() for a in game.history])
        pytest.fail(f"{map_name} seed {seed}: {problems[0]}\nactions: {actions[:4000]}")
    return game


@pytest.mark.parametrize("map_name", DUEL_MAPS)
def test_duel_random_games_keep_every_invariant_and_replay(map_name: str,
                                                            fuzz_games: int) -> None:
    for seed in range(1, (fuzz_games or CI_GAMES) + 1):
        game = play_duel(map_name, seed)
        assert game.phase is Phase.OVER, f"seed {seed}: no winner by turn {MAX_TURNS}"
        data = json.loads(json.dumps(game_to_json(game)))
        again = replay(data, LIBRARY, f"{map_name} seed {seed}", verify=True)
        assert again.state_hash() == game.state_hash(), f"seed {seed}: replay differs"
        game.close()
        again.close()


def test_duel_maps_are_shipped() -> None:
    assert {"2P-duel-standard", "2P-duel-five-globes", "2P-duel-river"} <= set(DUEL_MAPS)
