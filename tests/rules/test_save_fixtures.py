"""Behaviour is kept while the shape changes: saves written by the engine before its
restructuring (tests/fixtures/saves, format version 1, rules version 1) still load and
reproduce every per-turn state hash and the final hash; so do the games of rules version
2 (tests/fixtures/saves/rules-2), whose players answer the decisions the rules leave to
them, and a save made while such a decision waits, those of rules version 3
(rules-3: the errata, the King with protection from Die!) those of rules version 4
(rules-4: the boss grows with the number of players; Fireball's erratum) and those of rules
version 5 (rules-5: Bribe's erratum, a Bribe played is exiled), those of rules version 6
(rules-6: Call the Wolves' erratum, the wolf comes on the caller's spawn tiles), those of
rules version 7 (rules-7: the Tyrant's goal grows with the players; a duel saved before
Whirling Sands' erratum) and those of rules version 8 (rules-8: Whirling Sands' erratum,
its Wind Dervish stays)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.content.mods import load_content
from game.rules import Game, Phase
from game.rules.bosses import boss_standing, repression_goal
from game.rules.core.replay import game_to_json, load_game, read_save, replay
from game.rules.core.view import Zone
from game.rules.invariants import check

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
SAVES = sorted(FIXTURES.glob("*.json"))
RULES_2 = sorted((FIXTURES / "rules-2").glob("*.json"))
RULES_3 = sorted((FIXTURES / "rules-3").glob("*.json"))
RULES_4 = sorted((FIXTURES / "rules-4").glob("*.json"))
RULES_5 = sorted((FIXTURES / "rules-5").glob("*.json"))
RULES_6 = sorted((FIXTURES / "rules-6").glob("*.json"))
RULES_7 = sorted((FIXTURES / "rules-7").glob("*.json"))
RULES_8 = sorted((FIXTURES / "rules-8").glob("*.json"))
#: the answers to the decisions of rules version 2
ANSWERS = {"leave_unpaid", "place_dropped", "discard_to_pay", "declare_trigger_first"}


def _library():  # type: ignore[no-untyped-def]
    return load_content([], include_user=False).library


def test_fixtures_exist_and_are_version_1() -> None:
    assert len(SAVES) >= 10
    for path in SAVES:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["version"] == 1, path.name
        assert data.get("rules_version", 1) == 1, path.name


def test_rules_2_fixtures_ask_every_decision() -> None:
    asked: set[str] = set()
    for path in RULES_2:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["rules_version"] == 2, path.name
        asked |= {a["kind"] for a in data["actions"]} & ANSWERS
    assert asked == ANSWERS


def test_rules_3_fixtures_are_version_3_and_meet_kings_with_die() -> None:
    assert RULES_3
    for path in RULES_3:
        assert json.loads(path.read_text(encoding="utf-8"))["rules_version"] == 3, path.name
    assert any(path.stem.startswith("kings-die") for path in RULES_3)


def test_rules_4_fixtures_are_version_4_and_meet_fireball_and_both_bosses() -> None:
    assert RULES_4
    seats = {}
    for path in RULES_4:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["rules_version"] == 4, path.name
        seats[path.stem] = (data["setup"]["map"]["name"], data["setup"]["players"])
    assert any(stem.startswith("kings-fireball") for stem in seats)
    assert ("the-tyrant", 2) in seats.values()  # one player
    assert ("the-kraken", 4) in seats.values()  # three players


def _newer_version(before: list[Path], paths: list[Path], version: int, stem: str) -> Game:
    """Check that ``paths`` are saves of rules ``version`` holding the games of
    ``before`` again (and more), and load the game ``stem`` of them, verified."""
    assert paths
    for path in paths:
        assert json.loads(path.read_text(encoding="utf-8"))["rules_version"] == version, \
            path.name
    assert {p.stem for p in before} < {p.stem for p in paths}  # the older games again
    return load_game(FIXTURES / f"rules-{version}" / f"{stem}.json", _library(), verify=True)


def test_rules_5_fixtures_are_version_5_and_exile_every_bribe_played() -> None:
    """Rule Exile 1 with Bribe's erratum of rules version 5: the Bribes played in the
    fixture's game are in exile at its end, none back in a deck, hand or discard pile."""
    game = _newer_version(RULES_4, RULES_5, 5, "bribes-2P-easy-6")
    try:
        played = [a for a in game.history
                  if a.kind == "play" and game.card(a.to_json()["card"]).name == "Bribe"]
        assert len(played) >= 2
        exiled = [c for p in game.players for c in p.zones[Zone.EXILE]
                  if game.card(c).name == "Bribe"]
        assert sorted(exiled) == sorted({a.to_json()["card"] for a in played})
    finally:
        game.close()


def test_rules_6_fixtures_are_version_6_and_call_every_wolf_to_a_spawn_tile() -> None:
    """Call the Wolves' erratum of rules version 6: every wolf called in the fixture's
    game came on one of its caller's spawn tiles."""
    game = _newer_version(RULES_5, RULES_6, 6, "wolves-2P-easy-7")
    try:
        called = [a.to_json() for a in game.history if a.kind == "play"
                  and game.card(a.to_json()["card"]).name == "Call the Wolves"]
        assert len(called) >= 2
        for raw in called:
            tile = tuple(raw["targets"][0])
            assert tile in game.map.spawn_tiles(raw["player"]), raw
    finally:
        game.close()


def test_rules_7_fixtures_are_version_7_and_the_tyrant_needs_8_marks_against_three() -> None:
    """The Tyrant's goal of rules version 7 (six repression marks against one player, one
    more for each further one): in the fixture's game against three players the game went
    on while the Tyrant carried six and seven marks, and ended when it had eight."""
    game = _newer_version(RULES_6, RULES_7, 7, "the-tyrant-3P-easy-8")
    again = Game(game.setup)
    try:
        tyrant = boss_standing(again)
        assert repression_goal(again) == 8
        going_on = set()
        for action in game.history:
            if again.phase is not Phase.OVER:
                going_on.add(again.marks(tyrant, "repression"))
            again.apply(action)
        assert {6, 7} <= going_on and max(going_on) == 7
        assert again.marks(tyrant, "repression") >= 8
        assert again.winners == game.winners == (3,)
        assert again.state_hash() == game.state_hash()
    finally:
        again.close()
        game.close()


def _sands_dervishes(game: Game) -> list[bool]:
    """Replay ``game`` from its setup: for each Whirling Sands cast, whether the Wind
    Dervish it summoned came anchored (not Ephemeral)."""
    again = Game(game.setup)
    found = []
    try:
        for action in game.history:
            before = set(again.units())
            again.apply(action)
            if action.kind == "bloodbound":
                new = [u for u in again.units() if u not in before
                       and again.card(u).name == "Wind Dervish"]
                found += [bool(again.marks(u, "duel:anchored")) for u in new]
        assert again.state_hash() == game.state_hash()
    finally:
        again.close()
    return found


def test_rules_7_duel_saved_before_the_erratum_keeps_whirling_sands_ephemeral() -> None:
    """A duel of rules version 7 plays Whirling Sands as it was then: each Wind Dervish
    it summoned was Ephemeral (not anchored), and the save still verifies."""
    game = load_game(FIXTURES / "rules-7" / "sands-duel-easy-4.json", _library(), verify=True)
    try:
        assert game.setup.version == 7
        sands = _sands_dervishes(game)
        assert len(sands) >= 3 and not any(sands)
    finally:
        game.close()


def test_rules_8_fixtures_are_version_8_and_whirling_sands_dervishes_stay() -> None:
    """Whirling Sands' erratum of rules version 8: every Wind Dervish it summoned in the
    fixtures' duels came anchored, so it stays past the end of the turn."""
    found = []
    for stem in ("sands-duel-easy-4", "sands-duel-easy-19"):
        game = _newer_version(RULES_7, RULES_8, 8, stem)
        try:
            found += _sands_dervishes(game)
        finally:
            game.close()
    assert len(found) >= 3 and all(found)


ALL = SAVES + RULES_2 + RULES_3 + RULES_4 + RULES_5 + RULES_6 + RULES_7 + RULES_8


@pytest.mark.parametrize("path", ALL, ids=[f"{p.parent.name}/{p.stem}" for p in ALL])
def test_old_save_replays_hash_for_hash(path: Path) -> None:
    data = read_save(path)
    game = load_game(path, _library(), verify=True)
    try:
        assert len(game.history) == len(data["actions"])
        assert game.turn_hashes == data["turn_hashes"]
        assert game.state_hash() == data["final_hash"]
        assert list(game.winners) == data["winners"]
        assert game.setup.version == data.get("rules_version", 1)
    finally:
        game.close()


def test_a_save_made_while_a_decision_waits_loads_with_the_decision_waiting() -> None:
    path = FIXTURES / "rules-2" / "castle-siege-easy-6-waiting.json"
    game = load_game(path, _library(), verify=True)
    try:
        assert game.choices, "the decision waits again"
        head = game.choices[0]
        assert game.actor == head.controller
        legal = game.legal_actions(head.controller)
        assert len(legal) > 1 and {a.kind for a in legal} <= ANSWERS
        assert check(game) == []
    finally:
        game.close()


def test_a_game_of_rules_version_1_stays_one_when_saved_again(tmp_path: Path) -> None:
    """Loaded from an old save, a game is played on by the old rules and saved as such:
    its upkeep shortfalls, dropped piles and discard costs keep their automatic answers."""
    library = _library()
    game = load_game(FIXTURES / "ring-street-easy-midgame.json", library)
    try:
        assert game.setup.version == 1
        data = json.loads(json.dumps(game_to_json(game)))
        assert data["rules_version"] == 1
        again = replay(data, library, "again", verify=True)
        assert again.setup.version == 1 and again.state_hash() == game.state_hash()
        again.close()
    finally:
        game.close()


def test_the_replay_command_verifies_the_rules_2_fixtures(
        capsys: pytest.CaptureFixture[str]) -> None:
    for path in RULES_2:
        code = main(["replay", str(path), "--verify"])
        out, err = capsys.readouterr()
        assert code == 0, err
        assert "verified" in out, out
