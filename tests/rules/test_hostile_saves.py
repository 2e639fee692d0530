"""Broken and hostile saves and replays (issue 17): every field is checked by the save
schema before any of it is used, so a string or null where a player belongs, a seed of
5,000 digits, 1e400 or Infinity, a rules version from a newer game, a deep nesting or a
huge file is one line naming the file and the field, never a TypeError, a ValueError or
an OverflowError; a map in a save must be one the game can play."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.content.cards import load_cards
from game.rules import limits
from game.rules.core.replay import SaveError, load_game, read_save, replay
from game.rules.core.save_schema import READABLE_VERSIONS
from game.rules.core.state import RULES_VERSION

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
LIBRARY, _ = load_cards()
#: a short save: a king map, its draft and its first turns
BASE: dict[str, Any] = json.loads((FIXTURES / "ring-street-random.json").read_text("utf-8"))
BASE["actions"] = BASE["actions"][:40]
TYRANT: dict[str, Any] = json.loads((FIXTURES / "the-tyrant.json").read_text("utf-8"))
TYRANT["actions"] = TYRANT["actions"][:10]


def refused(tmp_path: Path, text: str, field: str, *words: str) -> str:
    """The message of loading ``text`` as a save: names the file and ``field``."""
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load_game(path, LIBRARY)
    message = str(caught.value)
    assert message.startswith(f"{path}: {field}: expected "), message
    for word in words:
        assert word in message, message
    assert len(message) < 400
    return message


def edited(change: Callable[[dict[str, Any]], Any], base: dict[str, Any] = BASE) -> str:
    data = copy.deepcopy(base)
    change(data)
    return json.dumps(data)


def test_the_short_saves_used_here_load() -> None:
    for base in (BASE, TYRANT):
        replay(copy.deepcopy(base), LIBRARY, "base").close()


@pytest.mark.parametrize("player", ["x", None, 1.5, True, -1, 2, [0]])
def test_an_action_whose_player_is_not_a_seat_is_refused(tmp_path: Path, player: Any) -> None:
    text = edited(lambda d: d["actions"][0].__setitem__("player", player))
    refused(tmp_path, text, "actions[0].player", "a whole number from 0 to 1")


@pytest.mark.parametrize(("seed", "found"), [
    ("7" * 5000, "a number of 5000 digits"), ("1e400", "1e400"), ("Infinity", "Infinity"),
    ("-Infinity", "-Infinity"), ("NaN", "NaN"), ("1.5", "1.5"), ('"11"', "'11'"),
    (str(2**64), str(2**64)),
])
def test_a_seed_that_is_not_a_64_bit_whole_number_is_refused(tmp_path: Path, seed: str,
                                                             found: str) -> None:
    text = json.dumps(BASE).replace('"seed": 11', f'"seed": {seed}', 1)
    assert seed in text
    message = refused(tmp_path, text, "setup.seed", f"from {-limits.MAX_SEED} to")
    assert message.endswith(f"found {found}")


def test_a_rules_version_from_a_newer_game_says_which_this_build_reads(tmp_path: Path) -> None:
    message = refused(tmp_path, edited(lambda d: d.update(rules_version=99)), "rules_version",
                      "a rules version this build reads "
                      f"({', '.join(str(v) for v in range(1, RULES_VERSION + 1))};")
    assert message.endswith("found 99")


@pytest.mark.parametrize("version", [4, 0, "2", None])
def test_an_unknown_format_version_says_which_this_build_reads(tmp_path: Path,
                                                               version: Any) -> None:
    refused(tmp_path, edited(lambda d: d.update(version=version)), "version",
            "a save format this build reads (" + " or ".join(map(str, READABLE_VERSIONS)))


@pytest.mark.parametrize(("change", "field", "words"), [
    (lambda d: d.update(colour="red"), "colour", "one of the fields"),
    (lambda d: d["actions"].__setitem__(0, "end_turn"), "actions[0]", "an action kind"),
    (lambda d: d["actions"][0].update(kind="fly"), "actions[0].kind", "an action kind"),
    (lambda d: d["actions"][0].update(card="3"), "actions[0].card", "a whole number"),
    (lambda d: d["actions"][0].update(card=2**40), "actions[0].card", "a whole number"),
    (lambda d: d["actions"][0].update(extra=1), "actions[0].extra", "one of the fields"),
    (lambda d: d["actions"][0].pop("card"), "actions[0].card", "the field (it is required)"),
    (lambda d: d["actions"].__setitem__(0, {"kind": "move", "player": 0, "unit": 5,
                                            "tile": "a1"}), "actions[0].tile", "a tile"),
    (lambda d: d["actions"].__setitem__(0, {"kind": "play", "player": 0, "card": 5,
                                            "tile": None, "equip_next": False,
                                            "targets": [[[[[1]]]]]}),
     "actions[0].targets[0][0][0]", "a whole number"),
    (lambda d: d["setup"].update(players="2"), "setup.players", "from 1 to 6"),
    (lambda d: d["setup"].update(draft="1000x[1000;1000]"), "setup.draft", "at most 10 rounds"),
    (lambda d: d["setup"].update(stores=[["Archer"] * 1000]), "setup.stores[0]",
     "a list of at most"),
    (lambda d: d["setup"]["map"].update(width=10**6), "setup.map.width", "from 1 to 100"),
    (lambda d: d["setup"]["map"].update(title="T" * 10_000), "setup.map.title",
     "a text of at most 80 characters"),
    (lambda d: d["setup"]["map"]["tiles"].__setitem__(0, "tar pit"), "setup.map.tiles[0]",
     "one of"),
    (lambda d: d["setup"]["map"].update(start_deck=[["Coin", 10**9]]),
     "setup.map.start_deck[0][1]", "a whole number from 1 to 60"),
    (lambda d: d["setup"]["map"].update(start_deck=[["Coin", 40], ["Recruit", 40]]),
     "setup.map.start_deck", "a start deck of at most 60 cards"),
    (lambda d: d["setup"]["map"]["placements"].__setitem__(0, ["King", 99, 0, 0]),
     "setup.map.placements[0]", "a tile of the map's board"),
    (lambda d: d["setup"]["map"]["placements"].__setitem__(0, ["King", 0, 0, 3]),
     "setup.map.placements[0]", "a player below 2"),
    (lambda d: d["setup"]["map"]["placements"].__setitem__(0, ["Fireball", 0, 2, 0]),
     "setup.map.placements[0]", "a permanent card"),
    (lambda d: d["setup"]["map"]["win"].update(params={"card": "Coin"}),
     "setup.map.win.params.card", "a unit or boss card"),
    (lambda d: d["setup"]["map"]["win"].update(params={"threshold": 5}),
     "setup.map.win.params.threshold", "a parameter of win condition king"),
    (lambda d: d["setup"]["map"]["win"].update(kind="stick_of_victory",
                                                params={"points": 5, "region": "Nowhere"}),
     "setup.map.win.params.region", "the name of one of the map's regions"),
    (lambda d: d["setup"]["map"]["win"].update(kind="stick_of_victory",
                                                params={"points": 5, "region": 3}),
     "setup.map.win.params.region", "a region's name"),
    (lambda d: d["turn_hashes"].append(["a"]), "turn_hashes[16]", "a text"),
])
def test_a_field_of_the_wrong_shape_is_named(tmp_path: Path,
                                              change: Callable[[dict[str, Any]], Any],
                                              field: str, words: str) -> None:
    refused(tmp_path, edited(change), field, words)


def test_a_boss_map_in_a_save_needs_its_boss(tmp_path: Path) -> None:
    text = edited(lambda d: d["setup"]["map"].update(bosses=[]), TYRANT)
    refused(tmp_path, text, "setup.map.bosses", "a boss (win condition tyrant)")


def test_a_json_nesting_too_deep_to_read_is_refused(tmp_path: Path) -> None:
    text = json.dumps(BASE).replace('"stores": null', '"stores": ' + "[" * 100_000
                                    + "]" * 100_000)
    refused(tmp_path, text, "file", "nest a few levels deep")


def test_a_save_beyond_its_size_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as stream:
        stream.truncate(limits.MAX_SAVE_FILE + 1)
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert str(caught.value) == (f"{path}: file: expected a file of at most "
                                 f"{limits.MAX_SAVE_FILE} bytes, found "
                                 f"{limits.MAX_SAVE_FILE + 1} bytes")


def test_replay_command_and_the_load_screen_report_a_broken_save(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(BASE).replace('"seed": 11', '"seed": 1e400'), encoding="utf-8")
    assert main(["replay", "--no-user-mods", str(path)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"{path}: setup.seed: expected a whole number from {-limits.MAX_SEED} to "
        f"{limits.MAX_SEED}, found 1e400")
    from game.client.scenes.load_game import describe_save

    entry = describe_save(path)
    assert entry.problem.startswith(f"{path}: setup.seed: expected")
