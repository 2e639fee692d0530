"""The card schema: every kind of broken card file is reported with its file, field, what
was expected and what was found, all problems of a file at once, and the rest still load."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.content.cards import (
    CARDS_DIR,
    CardError,
    Problem,
    card_from_data,
    check_card_data,
    load_card_file,
    load_cards,
)
from game.content.schema import CardValidator, card_schema, card_validator, schema_findings
from game.rules.effects import EFFECTS, EffectKind
from game.rules.keywords import KEYWORDS, Keyword
from game.rules.queries import registered
from game.runner import validate_paths

GOOD = {
    "good.yaml": "type: spell\nname: {en: Good, de: Gut}\nplay: 1\neffect: {do: [draw]}\n",
    "pup.yaml": "type: unit\nname: Pup\nhealth: 1\ntoken: true\n",
    "pup-call.yaml": ("type: spell\nname: Call the Pup\nplay: 1\neffect:\n"
                      "  targets: [{tile: {free: true, card: Pup}}]\n"
                      "  do: [{create_token: {card: Pup, target: 0}}]\n"),
}

SPELL = "type: spell\nname: Broken\nplay: 1\n"
UNIT = "type: unit\nname: Broken\nhealth: 1\n"

#: (what is broken, file content, field, words in "expected", words in "found")
BROKEN: list[tuple[str, str | bytes, str, str, str]] = [
    # the file itself
    ("empty file", "", "", "a mapping of card fields", "an empty file"),
    ("only a comment", "# nothing here yet\n", "", "a mapping of card fields", "an empty file"),
    ("YAML syntax error", "type: [unclosed\n", "line 2", "valid YAML", "expected ','"),
    ("tab indentation", "type: unit\n\tname: X\n", "line 2", "valid YAML",
     "a syntax error (found character '\\t'"),
    ("two YAML documents", UNIT + "---\ntype: spell\n", "line 4", "valid YAML",
     "another document"),
    ("non-UTF-8 bytes", b"type: unit\nname: K\xf6nig\n", "", "a UTF-8 text file",
     "not UTF-8 (at byte 18)"),
    ("a list instead of a mapping", "- type: unit\n- name: X\n", "",
     "a mapping of card fields", "[{'type': 'unit'}"),
    ("plain text", "just some words\n", "", "a mapping of card fields", "'just some words'"),
    ("a field given twice", UNIT + "attack: 1\nattack: 2\n", "line 5",
     "each field once in a mapping", "'attack' a second time"),
    # fields
    ("unknown field", UNIT + "colour: red\n", "colour",
     "a card field (attack, before, bloodbound, buy,", "'colour'"),
    ("misspelt field", UNIT + "atack: 2\n", "atack", "a card field", "'atack'"),
    ("missing type", "name: Broken\nhealth: 1\n", "type", "one of the card types spell, unit",
     "nothing"),
    ("unknown type", "type: dragon\nname: Broken\n", "type", "one of the card types",
     "'dragon'"),
    ("missing English name", "type: unit\nhealth: 1\n", "name", "a name, or names by language",
     "nothing"),
    ("name in German only", "type: unit\nname: {de: Kaputt}\nhealth: 1\n", "name.en",
     "the English name under 'en'", "nothing"),
    ("name is a number", "type: unit\nname: 5\nhealth: 1\n", "name",
     "a name, or names by language like {en: ..., de: ...}", "5"),
    ("name is a date", "type: unit\nname: 2024-01-01\nhealth: 1\n", "name", "a name",
     "datetime.date(2024, 1, 1)"),
    ("empty name", "type: unit\nname: ''\nhealth: 1\n", "name", "a name that is not empty",
     "''"),
    ("bad language code", "type: unit\nname: {en: Broken, German: Kaputt}\nhealth: 1\n",
     "name.German", "a language code like en or de", "'German'"),
    ("flavour text in German only", UNIT + "text: {de: Nur Deutsch}\n", "text.en",
     "the English text under 'en'", "nothing"),
    ("stat of the wrong type", UNIT + "attack: two\n", "attack",
     "a whole number of at least 0", "'two'"),
    ("negative cost", UNIT + "buy: -3\n", "buy", "a whole number of at least 0", "-3"),
    ("fractional movement", UNIT + "movement: 1.5\n", "movement",
     "a whole number of at least 0", "1.5"),
    ("yes as a number", UNIT + "upkeep: yes\n", "upkeep", "a whole number of at least 0",
     "True"),
    ("token not true or false", UNIT + "token: maybe\n", "token", "true or false", "'maybe'"),
    # what a card type needs
    ("unit without health", "type: unit\nname: Broken\nattack: 1\n", "health",
     "health of at least 1 for a unit", "nothing"),
    ("boss with health 0", "type: boss\nname: Broken\nhealth: 0\n", "health",
     "health of at least 1 for a boss", "0"),
    ("equipment without durability", "type: equipment\nname: Broken\nplay: 1\n", "durability",
     "durability of at least 1 for an equipment", "nothing"),
    ("spell without effect", SPELL, "effect", "an effect for a spell", "nothing"),
    ("intention without effect", "type: intention\nname: Broken\n", "effect",
     "an effect for an intention", "nothing"),
    # keywords
    ("keywords not a list", UNIT + "keywords: shroud\n", "keywords", "a list of keywords",
     "'shroud'"),
    ("unknown keyword", UNIT + "keywords: [levitating]\n", "keywords[0]",
     "one of the keywords bond, capacity,", "'levitating'"),
    ("unknown keyword with a value", UNIT + "keywords: [{levitating: 2}]\n", "keywords[0]",
     "one of the keywords bond, capacity,", "'levitating'"),
    ("keyword number below 1", UNIT + "keywords: [{crew: 0}]\n", "keywords[0].crew",
     "crew with a whole number of at least 1", "0"),
    ("keyword number of the wrong type", UNIT + "keywords: [{solid: lots}]\n",
     "keywords[0].solid", "solid with a whole number of at least 1", "'lots'"),
    ("flag keyword with a value", UNIT + "keywords: [{shroud: 2}]\n", "keywords[0].shroud",
     "shroud without a value", "2"),
    ("two keywords in one entry", UNIT + "keywords: [{crew: 1, solid: 2}]\n", "keywords[0]",
     "a keyword name or a one-key mapping", "{'crew': 1, 'solid': 2}"),
    ("protection without what from", UNIT + "keywords: [protection]\n", "keywords[0]",
     "protection needs what it protects from", "'protection'"),
    ("protection spec with an unknown part", UNIT + "keywords: [{protection: {colour: red}}]\n",
     "keywords[0].protection.colour", "a part of a protection spec", "'colour'"),
    ("protection from an unknown card type", UNIT + "keywords: [{protection: {type: wizard}}]\n",
     "keywords[0].protection.type", "one of the card types", "'wizard'"),
    # effects
    ("effect not a mapping", SPELL + "effect: draw\n", "effect", "a mapping with do",
     "'draw'"),
    ("effect without do", SPELL + "effect: {targets: [unit]}\n", "effect.do",
     "a non-empty list of effects", "nothing"),
    ("empty do", SPELL + "effect: {do: []}\n", "effect.do", "a non-empty list of effects",
     "[]"),
    ("unknown effect", SPELL + "effect: {do: [explode]}\n", "effect.do[0]",
     "one of the effects", "'explode'"),
    ("unknown effect with parameters", SPELL + "effect: {do: [{explode: {size: 3}}]}\n",
     "effect.do[0]", "one of the effects", "'explode'"),
    ("unknown effect parameter", SPELL + "effect: {do: [{damage: {amout: 2}}]}\n",
     "effect.do[0].damage.amout", "a parameter of damage (amount, target)", "'amout'"),
    ("effect parameter of the wrong type", SPELL + "effect: {do: [{draw: {amount: lots}}]}\n",
     "effect.do[0].draw.amount", "a whole number of at least 0", "'lots'"),
    ("negative damage", SPELL + "effect: {targets: [unit], do: [{damage: {amount: -2}}]}\n",
     "effect.do[0].damage.amount", "a whole number of at least 0", "-2"),
    ("parameters not a mapping", SPELL + "effect: {do: [{draw: 2}]}\n", "effect.do[0].draw",
     "the parameters of draw as a mapping", "2"),
    ("unknown target reference", SPELL + "effect: {do: [{destroy: {target: slef}}]}\n",
     "effect.do[0].destroy.target", "a target number (0 for the first declared target)",
     "'slef'"),
    ("granted keyword unknown", SPELL + "effect: {do: [{grant: {keyword: levitating}}]}\n",
     "effect.do[0].grant.keyword", "one of bond, capacity,", "'levitating'"),
    ("a part an ability does not have", SPELL + "effect: {do: [draw], cost: [tap]}\n",
     "effect.cost", "a part of the ability (do, targets, text)", "'cost'"),
    # targets
    ("unknown target kind", SPELL + "effect: {targets: [moon], do: [draw]}\n",
     "effect.targets[0]", "one of the target kinds", "'moon'"),
    ("unknown target filter", SPELL + "effect: {targets: [{unit: {colour: red}}], do: [draw]}\n",
     "effect.targets[0].unit.colour", "a target filter (adjacent_to,", "'colour'"),
    ("bad target filter value",
     SPELL + "effect: {targets: [{unit: {controller: friend}}], do: [draw]}\n",
     "effect.targets[0].unit.controller", "own or enemy", "'friend'"),
    # costs
    ("unknown cost", "type: artifact\nname: Broken\nfree_actions: [{cost: [gold], do: [draw]}]\n",
     "free_actions[0].cost[0]", "one of the costs", "'gold'"),
    ("negative cost amount",
     "type: artifact\nname: Broken\nfree_actions: [{cost: [{resource: -1}], do: [draw]}]\n",
     "free_actions[0].cost[0].resource", "a whole number of at least 0", "-1"),
    ("free actions not a list", "type: artifact\nname: Broken\nfree_actions: {do: [draw]}\n",
     "free_actions", "a list of free actions", "{'do': ['draw']}"),
    # triggers
    ("bad trigger when", UNIT + "triggers: [{when: sunrise, do: [draw]}]\n", "triggers[0].when",
     "one of the triggers", "'sunrise'"),
    ("trigger without when", UNIT + "triggers: [{do: [draw]}]\n", "triggers[0].when",
     "one of the triggers", "nothing"),
    ("bad trigger condition", UNIT + "triggers: [{when: unit_dies, if: {owner: me}, do: [draw]}]\n",
     "triggers[0].if.owner", "a condition (controller)", "'owner'"),
    # marks
    ("unknown mark", SPELL + "effect: {targets: [unit], do: [{add_mark: {mark: fear}}]}\n",
     "effect.do[0].add_mark.mark", "one of the marks", "'fear'"),
    ("unknown mark removed",
     SPELL + "effect: {targets: [unit], do: [{remove_mark: {mark: gloom}}]}\n",
     "effect.do[0].remove_mark.mark", "one of the marks", "'gloom'"),
    ("add_mark without a mark", SPELL + "effect: {targets: [unit], do: [{add_mark: {count: 2}}]}\n",
     "effect.do[0].add_mark.mark", "one of the marks", "nothing"),
    ("unknown mark as a target filter",
     SPELL + "effect: {targets: [{unit: {mark: fear}}], do: [draw]}\n",
     "effect.targets[0].unit.mark", "one of the marks", "'fear'"),
    # passives
    ("unknown passive", "type: equipment\nname: Broken\ndurability: 1\npassives: [{glow: {}}]\n",
     "passives[0]", "one of the passive effects", "'glow'"),
    ("passive without parameters", "type: artifact\nname: Broken\npassives: [aura]\n",
     "passives[0]", "a passive effect as a one-key mapping", "'aura'"),
    ("bad passive parameter", "type: artifact\nname: Broken\npassives: [{aura: {to: friends}}]\n",
     "passives[0].aura.to", "one of own, enemy, all", "'friends'"),
    # other cards
    ("token card that does not exist",
     SPELL + "effect: {targets: [tile], do: [{create_token: {card: Dragon, target: 0}}]}\n",
     "effect.do[0].create_token.card", "the name of a card in the loaded sets", "'Dragon'"),
    ("create_token without a card", SPELL + "effect: {targets: [tile], do: [create_token]}\n",
     "effect.do[0]",
     "create_token, remove_mark, skirmish:summon, summon_nearby need their parameters",
     "'create_token'"),
    ("tile filter naming a missing card",
     SPELL + "effect: {targets: [{tile: {card: Dragon}}], do: [draw]}\n",
     "effect.targets[0].tile.card", "the name of a card in the loaded sets", "'Dragon'"),
    ("card name used in another set", "type: spell\nname: Good\neffect: {do: [draw]}\n", "name",
     "a card name not used by another card (already used in", "'Good'"),
]


def _write(folder: Path, files: dict[str, str | bytes]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        if isinstance(content, bytes):
            (folder / name).write_bytes(content)
        else:
            (folder / name).write_text(content, encoding="utf-8")


@pytest.mark.parametrize("what, content, field, expected, found", BROKEN,
                         ids=[case[0] for case in BROKEN])
def test_a_broken_card_file_is_reported_and_the_rest_still_load(
        tmp_path: Path, what: str, content: str | bytes, field: str, expected: str,
        found: str) -> None:
    _write(tmp_path / "base", dict(GOOD))
    broken = tmp_path / "zzz" / "broken.yaml"  # a second set, loaded after the good cards
    _write(broken.parent, {broken.name: content})
    library, problems = load_cards(tmp_path)
    assert sorted(c.name for c in library) == ["Call the Pup", "Good", "Pup"]
    assert problems, what
    assert {p.file for p in problems} == {str(broken)}
    problem = next((p for p in problems if p.field == field), None)
    assert problem is not None, [str(p) for p in problems]
    assert expected in problem.expected
    assert found in problem.found
    line = str(problem)
    assert line.startswith(str(broken))
    assert f"expected {problem.expected}, found {problem.found}" in line
    assert f": {field}: " in line if field else line.startswith(f"{broken}: expected")
    assert not problem.expected.startswith("a value that meets")  # our words, not jsonschema's


def test_there_are_at_least_thirty_kinds_of_broken_card_file() -> None:
    assert len({case[0] for case in BROKEN}) == len(BROKEN) >= 30


def test_the_schema_accepts_every_shipped_card() -> None:
    files = sorted(CARDS_DIR.glob("**/*.yaml"))
    assert files
    validator = card_validator()
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        errors = [e.message for e in validator.iter_errors(data)]
        assert errors == [], path
        assert schema_findings(data) == []
        assert check_card_data(data, str(path)) == []


def test_the_schema_is_a_valid_draft_2020_12_schema_and_plain_json() -> None:
    schema = card_schema()
    CardValidator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert json.loads(json.dumps(schema)) == schema


def test_the_schema_names_come_from_the_registries() -> None:
    schema = card_schema()
    effect = schema["$defs"]["effect"]["else"]["properties"]
    assert sorted(effect) == EFFECTS.names()
    for name in EFFECTS.names():
        assert set(EFFECTS[name].params) <= set(effect[name]["properties"])
    keyword = schema["$defs"]["keyword"]["else"]["properties"]
    assert sorted(keyword) == KEYWORDS.names()


def test_check_card_data_reports_every_problem_of_a_file_in_one_pass() -> None:
    data: dict[str, Any] = {
        "type": "unit",
        "name": {"de": "Kaputt"},
        "attack": -1,
        "colour": "red",
        "keywords": ["levitating", {"crew": 0}],
        "full_action": {"targets": ["moon"], "do": [{"damage": {"amout": 1}}]},
        "triggers": [{"when": "sunrise", "do": []}],
        "token": "yes",
    }
    problems = check_card_data(data, "cards/x/broken.yaml")
    assert [p.field for p in problems] == [
        "name.en", "attack", "colour", "keywords[0]", "keywords[1].crew",
        "full_action.targets[0]", "full_action.do[0].damage.amout", "triggers[0].when",
        "triggers[0].do", "token", "health",
    ]
    assert all(p.file == "cards/x/broken.yaml" and p.expected and p.found for p in problems)
    with pytest.raises(CardError) as info:
        card_from_data(data, "cards/x/broken.yaml", "x")
    assert info.value.problem == problems[0]
    assert list(info.value.problems) == problems


def test_load_card_file_raises_the_first_problem_and_holds_them_all(tmp_path: Path) -> None:
    path = tmp_path / "set" / "broken.yaml"
    _write(path.parent, {path.name: "type: unit\nname: X\nhealth: 0\nattack: -1\nbuy: x\n"})
    with pytest.raises(CardError) as info:
        load_card_file(path, "set")
    assert [p.field for p in info.value.problems] == ["attack", "buy", "health"]
    assert info.value.problem.field == "attack"
    assert str(info.value) == str(info.value.problem)
    _, problems = load_cards(tmp_path)
    assert problems == list(info.value.problems)


def test_a_field_reported_by_the_schema_is_not_reported_again() -> None:
    problems = check_card_data({"type": "unit", "name": "X", "health": -1}, "x.yaml")
    assert [(p.field, p.expected) for p in problems] == [
        ("health", "a whole number of at least 0")]


def test_found_values_are_shortened() -> None:
    problems = check_card_data({"type": "unit", "name": "X", "health": 1,
                                "token": "red" * 50}, "x.yaml")
    assert len(problems) == 1
    assert len(problems[0].found) <= 60 and problems[0].found.endswith("...")


def test_a_card_naming_a_removed_card_is_removed_too(tmp_path: Path) -> None:
    _write(tmp_path / "set", {
        "pup.yaml": "type: unit\nname: Pup\nhealth: 0\ntoken: true\n",  # broken
        "call.yaml": GOOD["pup-call.yaml"],
        "good.yaml": GOOD["good.yaml"],
    })
    library, problems = load_cards(tmp_path)
    assert [c.name for c in library] == ["Good"]
    assert sorted((Path(p.file).name, p.field) for p in problems) == [
        ("call.yaml", "effect.targets[0].tile.card"), ("pup.yaml", "health")]


def test_references_can_be_left_to_the_caller(tmp_path: Path) -> None:
    _write(tmp_path / "set", {"call.yaml": GOOD["pup-call.yaml"]})
    library, problems = load_cards(tmp_path, check_references=False)
    assert [c.name for c in library] == ["Call the Pup"] and problems == []


def test_a_new_registry_entry_is_accepted_without_touching_the_schema() -> None:
    zap = EffectKind("zap", lambda g, c, p: None, lambda p: "Zap.",
                     {"power": "int", "target": "target"})
    glow = Keyword("glow", "int", "test")
    data = {"type": "unit", "name": "Zapper", "health": 1, "keywords": [{"glow": 2}],
            "full_action": {"targets": ["unit"], "do": [{"zap": {"power": 3, "target": 0}}]}}
    with registered(EFFECTS, "zap", zap), registered(KEYWORDS, "glow", glow):  # test-only
        assert check_card_data(data, "x.yaml") == []
        card = card_from_data(data, "x.yaml", "test")
        assert card.keywords["glow"] == 2 and card.full_action is not None
        data["full_action"]["do"] = [{"zap": {"watts": 3}}]
        assert [p.field for p in check_card_data(data, "x.yaml")] == [
            "full_action.do[0].zap.watts"]
    assert [p.field for p in check_card_data(data, "x.yaml")] == [
        "keywords[0]", "full_action.do[0]"]


def test_shipped_card_data_keeps_its_meaning() -> None:
    library, problems = load_cards()
    assert problems == []
    call = library["Call the Wolves"]
    assert call.effect is not None
    assert call.effect.targets[0].kind == "tile"
    assert dict(call.effect.targets[0].filters) == {"free": True, "card": "Wolf",
                                                    "spawn": True}
    assert [(e.kind, dict(e.params)) for e in call.effect.effects] == [
        ("create_token", {"card": "Wolf", "target": 0})]
    assert library["Archer"].range == 3 and library["Soldier"].range == 1
    assert library["Healing Potion"].durability == 1
    potion = library["Healing Potion"].free_actions[0]
    assert [(c.kind, c.amount) for c in potion.costs] == [("equipped", 1), ("durability", 1)]
    assert dict(library["Paladin"].keywords) == {"protection": "spells"}
    assert library["Ghost"].keywords["shroud"] is True


def test_validate_prints_every_problem_of_every_file(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    _write(cards / "set", {
        "one.yaml": "type: unit\nname: One\nhealth: 0\nattack: -1\n",
        "two.yaml": "type: spell\nname: Two\ncolour: red\n",
        "three.yaml": "type: spell\nname: Three\neffect: {do: [{create_token: {card: Nope}}]}\n",
        "fine.yaml": "type: unit\nname: Fine\nhealth: 1\n",
    })
    expected = {
        (str(cards / "set" / "one.yaml"), "attack"), (str(cards / "set" / "one.yaml"), "health"),
        (str(cards / "set" / "two.yaml"), "colour"), (str(cards / "set" / "two.yaml"), "effect"),
        (str(cards / "set" / "three.yaml"), "effect.do[0].create_token.card"),
    }
    for target in (cards, cards / "set"):
        lines = validate_paths([str(target)])
        assert len(lines) == len(expected), lines
        assert {(p.split(": ")[0], p.split(": ")[1]) for p in lines} == expected
    one = validate_paths([str(cards / "set" / "one.yaml")])
    assert [line.split(": ")[1] for line in one] == ["attack", "health"]
    three = validate_paths([str(cards / "set" / "three.yaml")])
    assert len(three) == 1 and "'Nope'" in three[0]
    assert validate_paths([str(cards / "set" / "fine.yaml")]) == []


def test_a_single_file_may_name_built_in_cards_and_cards_of_its_own_sets(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    _write(cards / "one", {"pup.yaml": GOOD["pup.yaml"]})
    _write(cards / "two", {"call.yaml": GOOD["pup-call.yaml"],
                           "wolves.yaml": ("type: spell\nname: More Wolves\neffect:\n"
                                           "  do: [{create_token: {card: Wolf}}]\n")})
    assert validate_paths([str(cards / "two" / "call.yaml")]) == []
    assert validate_paths([str(cards / "two" / "wolves.yaml")]) == []
    assert validate_paths([str(cards / "two")]) == []


def test_problems_print_as_one_line_each() -> None:
    problem = Problem("cards/x/x.yaml", "effect.do[0].damage.amount",
                      "a whole number of at least 0", "-2")
    assert str(problem) == ("cards/x/x.yaml: effect.do[0].damage.amount: expected a whole "
                            "number of at least 0, found -2")
