"""The computer players' decisions, pinned: each game of ``tests/fixtures/ai-decisions.json``
(written by ``tools/make_ai_fixtures.py``) is played again from its seed and must end on
the same state hash, so work meant only to make a player faster (its practice games, its
rules of thumb, the engine under them) is shown to choose exactly as before. A change
meant to make a player choose differently writes the fixture again in the same commit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.content.mods import load_content
from game.maps import find_map
from game.rules import CardLibrary
from game.simulation import play_random_game

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ai-decisions.json"
GAMES: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))["games"]


@pytest.fixture(scope="module")
def library() -> CardLibrary:
    return load_content([], include_user=False).library


def test_the_pinned_games_cover_every_ruleset_and_the_searching_players(
        library: CardLibrary) -> None:
    rulesets = {find_map(g["map"], library=library).ruleset for g in GAMES}
    assert rulesets == {"muhq", "duel", "skirmish", "fleet"}
    assert {"hard", "normal", "easy"} <= {kind for g in GAMES for kind in g["seats"]}


@pytest.mark.parametrize("pinned", GAMES, ids=lambda g: f"{g['map']}-{g['seed']}")
def test_the_computer_players_choose_as_when_pinned(pinned: dict[str, Any],
                                                   library: CardLibrary) -> None:
    spec = find_map(pinned["map"], library=library)
    game = play_random_game(spec, library, pinned["seed"], ai=tuple(pinned["seats"]),
                            max_turns=pinned["max_turns"])
    try:
        played = (game.turn, len(game.history), game.state_hash())
    finally:
        game.close()
    assert played == (pinned["turn"], pinned["actions"], pinned["state_hash"]), (
        f"{pinned['map']} seed {pinned['seed']} ({','.join(pinned['seats'])}): the "
        "computer players chose differently; if that is meant, run "
        "tools/make_ai_fixtures.py in the same commit")
