"""Behaviour is kept while the shape changes: saves written by the engine before its
restructuring (tests/fixtures/saves, format version 1) still load and reproduce every
per-turn state hash and the final hash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.content.mods import load_content
from game.rules.core.replay import load_game, read_save

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
SAVES = sorted(FIXTURES.glob("*.json"))


def test_fixtures_exist_and_are_version_1() -> None:
    assert len(SAVES) >= 10
    for path in SAVES:
        assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1, path.name


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_old_save_replays_hash_for_hash(path: Path) -> None:
    library = load_content([], include_user=False).library
    data = read_save(path)
    game = load_game(path, library, verify=True)
    try:
        assert len(game.history) == len(data["actions"])
        assert game.turn_hashes == data["turn_hashes"]
        assert game.state_hash() == data["final_hash"]
        assert list(game.winners) == data["winners"]
    finally:
        game.close()
