"""The engine's interfaces: actions as values, the one door (apply), state hash,
snapshots, saves and replays, and the bad input they must survive."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from scenario import LIBRARY, resolve, scenario, to_action_phase

from game.maps import find_map
from game.rules import Game, GameSetup, IllegalAction
from game.rules.core.actions import (
    ACTION_TYPES,
    ActionFormatError,
    Activate,
    Move,
    Pass,
    PlayCard,
    action_from_json,
)
from game.rules.core.replay import SaveError, game_to_json, load_game, read_save, replay, save_game


def random_game(seed: int, turns: int = 8) -> Game:
    spec = find_map("2P-ring-street")
    game = Game(GameSetup(spec, LIBRARY, 2, seed, sets=("base",), draft="1x[2;8]"))
    chooser = random.Random(seed)
    while game.actor is not None and game.turn < turns:
        legal = game.legal_actions(game.actor)
        game.apply(legal[chooser.randrange(len(legal))])
    return game


def test_actions_are_small_values_with_text_and_json_forms() -> None:
    game = random_game(3, turns=4)
    for action in game.history:
        again = action_from_json(json.loads(json.dumps(action.to_json())))
        assert again == action
        assert hash(again) == hash(action)
        assert str(action).startswith(f"P{action.player + 1} {action.kind}")
    assert set(ACTION_TYPES) >= {"pass", "play", "move", "attack", "buy", "draft_pick"}


@pytest.mark.parametrize("raw", [
    None, 3, "pass", [], {}, {"kind": "teleport", "player": 0}, {"kind": "pass"},
    {"kind": "pass", "player": 0, "extra": 1}, {"kind": "move", "player": 0, "unit": 3},
    {"kind": "move", "player": 0, "unit": {"x": 1}, "tile": [1, 2]},
])
def test_malformed_actions_are_refused_with_a_message(raw: object) -> None:
    with pytest.raises(ActionFormatError):
        action_from_json(raw)


def test_illegal_actions_raise_and_leave_the_game_unchanged() -> None:
    game = scenario(hands={0: ["Soldier"]}, resource={0: 5})
    to_action_phase(game)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    before = game.state_hash()
    history = len(game.history)
    for bad in (Pass(1), Move(0, unit, (3, 2)), PlayCard(0, 9999, (0, 0)),
                Activate(0, 9999), Move(0, unit, (7, 3))):
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert game.state_hash() == before
        assert len(game.history) == history
    with pytest.raises(IllegalAction):
        game.apply("pass")  # type: ignore[arg-type]


def test_state_hash_is_stable_and_sees_changes() -> None:
    game = scenario()
    to_action_phase(game)
    unit = game.add_permanent("Soldier", (3, 1), 0)
    first = game.state_hash()
    assert game.state_hash() == first
    resolve(game, Activate(0, unit))
    resolve(game, Move(0, unit, (4, 1)))
    assert game.state_hash() != first


def test_snapshot_and_restore_return_to_the_same_position() -> None:
    game = random_game(5, turns=5)
    snap = game.snapshot()
    digest = game.state_hash()
    legal = [str(a) for a in game.legal_actions(game.actor)]
    chooser = random.Random(1)
    for _ in range(200):
        if game.actor is None:
            break
        options = game.legal_actions(game.actor)
        game.apply(options[chooser.randrange(len(options))])
    assert game.state_hash() != digest
    game.restore(snap)
    assert game.state_hash() == digest
    assert [str(a) for a in game.legal_actions(game.actor)] == legal
    # the restored game plays on exactly like the original would
    twin = random_game(5, turns=5)
    for _ in range(50):
        if game.actor is None:
            break
        action = game.legal_actions(game.actor)[0]
        game.apply(action)
        twin.apply(action)
        assert game.state_hash() == twin.state_hash()


def test_two_games_live_side_by_side_in_their_own_worlds() -> None:
    a = random_game(7, turns=3)
    b = random_game(8, turns=3)
    a_hash, b_hash = a.state_hash(), b.state_hash()
    a.apply(a.legal_actions(a.actor)[0])
    assert b.state_hash() == b_hash
    assert a.state_hash() != a_hash
    assert a.world != b.world


def test_save_then_load_reproduces_every_turn(tmp_path: Path) -> None:
    game = random_game(11, turns=10)
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path, LIBRARY, verify=True)
    assert loaded.state_hash() == game.state_hash()
    assert loaded.turn_hashes == game.turn_hashes
    assert [a.to_json() for a in loaded.history] == [a.to_json() for a in game.history]
    assert not list(tmp_path.glob(".game.json.*"))  # no temporary file left behind


def test_same_seed_same_game() -> None:
    assert random_game(21).state_hash() == random_game(21).state_hash()
    assert random_game(21).state_hash() != random_game(22).state_hash()


def _corrupt(tmp_path: Path, name: str, mutate) -> Path:  # type: ignore[no-untyped-def]
    data = game_to_json(random_game(13, turns=4))
    mutate(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d.update(format="chess"), "format"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.pop("actions"), "actions"),
    (lambda d: d["actions"].__setitem__(3, {"kind": "fly", "player": 0}), "actions[3]"),
    (lambda d: d["actions"].insert(2, {"kind": "end_turn", "player": 1}), "actions[2]"),
    (lambda d: d["turn_hashes"].__setitem__(0, "0" * 24), "turn_hashes[0]"),
    (lambda d: d["setup"]["map"].update(width=3), "setup.map"),
    (lambda d: d["setup"]["map"]["start_deck"].append(["Dragon", 1]), "cards"),
    (lambda d: d.update(final_hash="f" * 24), "final_hash"),
])
def test_corrupt_saves_are_refused_with_file_field_and_found(tmp_path: Path, mutate,  # type: ignore[no-untyped-def]
                                                             field: str) -> None:
    path = _corrupt(tmp_path, "bad.json", mutate)
    with pytest.raises(SaveError) as info:
        load_game(path, LIBRARY, verify=True)
    message = str(info.value)
    assert str(path) in message and field in message and "expected" in message


@pytest.mark.parametrize("content", [b"", b"{not json", b"[1, 2]", b"\xff\xfe\x00garbage"])
def test_unreadable_save_files_are_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert str(path) in str(info.value)


def test_missing_save_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError):
        read_save(tmp_path / "nope.json")


def test_replay_without_verify_accepts_unfinished_hash_lists() -> None:
    data = game_to_json(random_game(17, turns=3))
    data["turn_hashes"] = []
    game = replay(json.loads(json.dumps(data)), LIBRARY)
    assert len(game.history) == len(data["actions"])
