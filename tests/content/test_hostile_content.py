"""Broken and hostile card, deck and mod files (issue 17): alias bombs, NUL bytes, deep
nesting, huge numbers and texts are refused before they cost memory or time, each with
the file, the field (or line), what was expected and what was found; a card whose effect
names a target it does not declare is refused too."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from game.cli import main
from game.content.cards import CardError, Problem, load_card_file
from game.content.decks import read_deck
from game.content.mods import load_content, read_manifest
from game.rules import limits

UNIT = "type: unit\nname: Pup\nhealth: 1\n"


def alias_bomb(levels: int = 9) -> str:
    """The "billion laughs": each anchor repeats the one before nine times."""
    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def problems_of_card(tmp_path: Path, text: str | bytes) -> list[Problem]:
    path = tmp_path / "cards" / "set" / "broken.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(CardError) as caught:
        load_card_file(path, "set")
    problems = list(caught.value.problems)
    assert problems and all(p.file == str(path) and p.expected and p.found for p in problems)
    return problems


def only(problems: list[Problem]) -> Problem:
    assert len(problems) == 1, [str(p) for p in problems]
    return problems[0]


# ---------------------------------------------------------------------------- YAML


@pytest.mark.parametrize("field", ["name", "text", "keywords"])
def test_an_alias_bomb_in_a_card_is_refused_before_it_is_walked(tmp_path: Path,
                                                                field: str) -> None:
    text = alias_bomb() + f"type: unit\nhealth: 1\n{field}: *l8\n"
    if field != "name":
        text += "name: Bomb\n"
    problem = only(problems_of_card(tmp_path, text))
    assert problem.field.startswith("line ")
    assert f"at most {limits.MAX_YAML_NODES} values" in problem.expected


def test_an_alias_holding_itself_is_refused(tmp_path: Path) -> None:
    problem = only(problems_of_card(tmp_path, UNIT + "keywords: &loop [*loop]\n"))
    assert "does not hold the alias itself" in problem.expected
    assert problem.field == "line 4"


def test_a_nul_byte_in_a_card_is_reported_with_its_line(tmp_path: Path) -> None:
    problem = only(problems_of_card(tmp_path, b"type: unit\nname: P\x00up\nhealth: 1\n"))
    assert (problem.field, problem.found) == ("line 2", "the character U+0000")


@pytest.mark.parametrize("shape", ["flow", "block"])
def test_deep_nesting_in_a_card_is_refused_not_a_recursion_error(tmp_path: Path,
                                                                 shape: str) -> None:
    if shape == "flow":
        text = UNIT + "text: " + "[" * 2000 + "]" * 2000 + "\n"
    else:
        text = UNIT + "text:\n" + "".join(" " * depth + "-\n" for depth in range(1, 100))
    problem = only(problems_of_card(tmp_path, text))
    assert f"nested at most {limits.MAX_YAML_DEPTH} deep" in problem.expected


def test_a_5000_digit_number_in_a_card_is_refused_before_it_is_converted(
        tmp_path: Path) -> None:
    problem = only(problems_of_card(tmp_path, "type: unit\nname: Pup\nhealth: "
                                    + "9" * 5000 + "\n"))
    assert (problem.field, problem.found) == ("line 3", "a number of 5000 characters")


def test_a_date_that_does_not_exist_is_a_problem_not_a_value_error(tmp_path: Path) -> None:
    problem = only(problems_of_card(tmp_path, UNIT + "text: 2001-13-45\n"))
    assert problem.field == "line 4" and "month must be in 1..12" in problem.found


def test_a_card_file_beyond_its_size_is_refused_unread(tmp_path: Path) -> None:
    problem = only(problems_of_card(tmp_path, UNIT + "#" * limits.MAX_CARD_FILE + "\n"))
    assert problem.expected == f"a file of at most {limits.MAX_CARD_FILE} bytes"


@pytest.mark.parametrize(("line", "field", "expected", "found"), [
    ("attack: 1000000000000", "attack", f"a whole number of at most {limits.MAX_CARD_NUMBER}",
     "1000000000000"),
    ("effect: {do: [{draw: {amount: 1000000}}]}", "effect.do[0].draw.amount",
     f"a whole number of at most {limits.MAX_CARD_NUMBER}", "1000000"),
    ("passives: [{aura: {attack: -5000}}]", "passives[0].aura.attack",
     f"a whole number of at least {-limits.MAX_CARD_NUMBER}", "-5000"),
    ("text: " + "x" * 2000, "text", f"a text of at most {limits.MAX_TEXT} characters",
     "2000 characters"),
    ("tags: [" + ", ".join(f"t{i}" for i in range(60)) + "]", "tags",
     f"a list of at most {limits.MAX_LIST_ITEMS} items", "60 items"),
])
def test_numbers_texts_and_lists_of_a_card_have_limits(tmp_path: Path, line: str, field: str,
                                                      expected: str, found: str) -> None:
    problems = problems_of_card(tmp_path, UNIT + line + "\n")
    assert (field, expected, found) in {(p.field, p.expected, p.found) for p in problems}


def test_a_card_name_has_a_limit(tmp_path: Path) -> None:
    problem = only(problems_of_card(tmp_path, "type: unit\nhealth: 1\nname: " + "N" * 500))
    assert (problem.field, problem.found) == ("name", "500 characters")


# ---------------------------------------------------------------------------- target numbers


@pytest.mark.parametrize(("ability", "field", "expected"), [
    ("effect: {targets: [unit], do: [{damage: {amount: 1, target: 3}}]}",
     "effect.do[0].damage.target", "from 0 to 0 (the ability declares 1 target)"),
    ("effect: {targets: [unit, unit], do: [draw, {destroy: {target: 2}}]}",
     "effect.do[1].destroy.target", "from 0 to 1 (the ability declares 2 targets)"),
    ("effect: {do: [{damage: {amount: 1, target: 0}}]}", "effect.do[0].damage.target",
     "the ability declares no targets"),
    ("effect: {targets: [unit, {tile: {adjacent_to: 1}}], do: [{push: {target: 0}}]}",
     "effect.targets[1].tile.adjacent_to", "earlier target from 0 to 0"),
    # spawn tiles depend on the card played there: a spawn filter needs a card named
    ("effect: {targets: [{tile: {spawn: true}}], do: [{create_token: {card: Wolf}}]}",
     "effect.targets[0].tile.spawn", "a tile target that also names the card"),
    ("effect: {targets: [{unit: {spawn: true}}], do: [{damage: {amount: 1}}]}",
     "effect.targets[0].unit.spawn", "a tile target that also names the card"),
])
def test_an_effect_naming_a_target_the_ability_does_not_declare_is_refused(
        tmp_path: Path, ability: str, field: str, expected: str) -> None:
    problem = only(problems_of_card(tmp_path, "type: spell\nname: Odd\nplay: 1\n"
                                    + ability + "\n"))
    assert problem.field == field and expected in problem.expected


def test_every_declared_target_number_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "fine.yaml"
    path.write_text("type: spell\nname: Fine\nplay: 1\neffect:\n  targets: [unit, unit]\n"
                    "  do: [{damage: {amount: 1, target: 0}}, {damage: {amount: 1, "
                    "target: 1}}, {gain_resource: {amount: 1}}]\n", encoding="utf-8")
    assert load_card_file(path, "set").name == "Fine"


# ---------------------------------------------------------------------------- decks


def test_an_alias_bomb_in_a_deck_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(alias_bomb() + "name: Bomb\ngeneral: Brannoc Wildheart\ncards: *l8\n",
                    encoding="utf-8")
    deck, problems = read_deck(path)
    assert deck is None
    assert f"at most {limits.MAX_YAML_NODES} values" in only(problems).expected


def test_a_deck_with_a_huge_name_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.yaml"
    path.write_text("name: " + "D" * 300 + "\ngeneral: Brannoc Wildheart\n"
                    "cards: {Scrapper Pup: 3}\n", encoding="utf-8")
    deck, problems = read_deck(path)
    assert deck is None and only(problems).field == "name"


# ---------------------------------------------------------------------------- mods


@pytest.mark.parametrize(("what", "manifest", "field", "expected"), [
    ("alias bomb", alias_bomb().replace("l0:", "x0:") + "name: bomb\nversion: 1.0.0\n"
     "description: *l8\n", "line 4", "values"),
    ("deep nesting", "name: deep\nversion: 1.0.0\ndescription: " + "[" * 3000 + "]" * 3000,
     "line 3", "nested at most"),
    ("NUL byte", b"name: nul\nversion: 1.0\x00.0\n", "line 2", "without control characters"),
    ("5000-digit version", "name: big\nversion: " + "9" * 5000 + "\n", "version",
     "at most 6 digits"),
    ("long description", "name: long\nversion: 1.0.0\ndescription: " + "d" * 5000 + "\n",
     "description", f"at most {limits.MAX_TEXT} characters"),
    ("too large", "name: large\nversion: 1.0.0\n" + "#" * limits.MAX_MANIFEST_FILE + "\n",
     "file", f"a file of at most {limits.MAX_MANIFEST_FILE} bytes"),
])
def test_a_hostile_manifest_skips_its_mod_with_a_problem(tmp_path: Path, what: str,
                                                         manifest: str | bytes, field: str,
                                                         expected: str) -> None:
    folder = tmp_path / "mod"
    folder.mkdir()
    if isinstance(manifest, bytes):
        (folder / "mod.yaml").write_bytes(manifest)
    else:
        (folder / "mod.yaml").write_text(manifest, encoding="utf-8")
    problems = read_manifest(folder)
    assert isinstance(problems, list), what
    problem = next(p for p in problems if p.field == field)
    assert problem.file == str(folder / "mod.yaml") and expected in problem.expected
    content = load_content([folder], include_user=False)
    assert [m.name for m in content.mods] == ["core"]


def test_a_huge_picture_is_refused_from_its_header(tmp_path: Path) -> None:
    mod = tmp_path / "art-mod"
    (mod / "cards" / "extra").mkdir(parents=True)
    (mod / "mod.yaml").write_text("name: art-mod\nversion: 1.0.0\n", encoding="utf-8")
    (mod / "cards" / "extra" / "pup.yaml").write_text("type: unit\nname: Mod Pup\n"
                                                       "health: 1\n", encoding="utf-8")
    (mod / "art").mkdir()
    header = struct.pack(">II", 100_000, 100_000) + bytes([8, 6, 0, 0, 0])
    chunk = b"IHDR" + header
    png = (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(header)) + chunk
           + struct.pack(">I", zlib.crc32(chunk)))
    (mod / "art" / "pup.png").write_bytes(png)
    content = load_content([mod], include_user=False)
    problem = next(p for p in content.problems if p.file.endswith("pup.png"))
    assert problem.found == "100000 x 100000" and "Mod Pup" not in content.art


def test_validate_and_mods_report_a_hostile_mod_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = tmp_path / "hostile"
    (mod / "cards" / "extra").mkdir(parents=True)
    (mod / "mod.yaml").write_text("name: hostile\nversion: 1.0.0\n", encoding="utf-8")
    (mod / "cards" / "extra" / "bomb.yaml").write_text(
        alias_bomb() + "type: unit\nhealth: 1\nname: *l8\n", encoding="utf-8")
    (mod / "cards" / "extra" / "nul.yaml").write_bytes(b"type: unit\x00\n")
    assert main(["validate", "--no-user-mods", str(mod)]) == 1
    out = capsys.readouterr().out
    assert f"{mod / 'cards' / 'extra' / 'bomb.yaml'}: line 4: expected a file of at most" in out
    assert f"{mod / 'cards' / 'extra' / 'nul.yaml'}: line 1: expected text without" in out
    assert main(["mods", "--no-user-mods", "--mod", str(mod)]) == 1
    assert "bomb.yaml: line 4" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["validate"], ["mods"], ["simulate", "--games", "1",
                                                               "--max-turns", "2"]])
def test_a_manifest_alias_bomb_is_a_line_in_every_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    mod = tmp_path / "bomb-mod"
    mod.mkdir()
    (mod / "mod.yaml").write_text(alias_bomb().replace("l0:", "x0:")
                                  + "name: bomb-mod\nversion: 1.0.0\ndescription: *l8\n",
                                  encoding="utf-8")
    paths = [str(mod)] if command == ["validate"] else ["--mod", str(mod)]
    status = main([*command, "--no-user-mods", *paths])
    out = capsys.readouterr()
    line = f"{mod / 'mod.yaml'}: line 4: expected a file of at most {limits.MAX_YAML_NODES}"
    assert line in out.out + out.err
    assert status == (0 if command[0] == "simulate" else 1)
