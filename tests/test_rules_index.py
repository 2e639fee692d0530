"""The rules index (assets/docs/rules.md) and its tool (tools/rules_index.py).

``test_every_rule_has_a_test`` fails until every rule of the index is checked by a test of
the engine: that is intended, the failure message is the to-do list.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

from toolmodules import load

ROOT = Path(__file__).resolve().parent.parent


rules_index = load("rules_index", ROOT / "tools" / "rules_index.py")
rulemarks = load("rulemarks", ROOT / "tests" / "rulemarks.py")

# Sections of the index that are not numbered rules of the rulebook: the common tiles and
# the unit behaviours of RULES-NOTES Part 1.
EXTRA_SECTIONS = {
    "Tiles (common)", "Unit behaviours", "Aggressive", "Shy", "Wandering X", "Target-oriented",
}

# Every numbered rule of the rulebook (seeds/000_58692751306f163e.txt), in its order, plus
# its unnumbered draft notation as "Notation 1". Placeholders are written X ("Crew X",
# "Protection from X", "Solid X"; "Push [X]" is "Push"); the second "Available Tiles"
# section (under Permanents) is "Available Tiles (permanents)".
RULEBOOK_IDS = [
    "Draft 1", "Draft 2", "Draft 3",
    "Notation 1",
    "Drafting 1", "Drafting 1.1", "Drafting 2", "Drafting 3",
    "Player Turns 1", "Player Turns 2",
    "Turn Phases 1", "Turn Phases 2", "Turn Phases 2.1", "Turn Phases 3",
    "Upkeep 1", "Upkeep 2", "Upkeep 3", "Upkeep 3.1", "Upkeep 3.2", "Upkeep 3.3", "Upkeep 3.4",
    "Upkeep 3.5",
    "Actions 1", "Actions 2", "Actions 3", "Actions 4", "Actions 4.1", "Actions 5", "Actions 6",
    "Actions 7", "Actions 8", "Actions 9", "Actions 10", "Actions 10.1", "Actions 10.2",
    "Actions 11", "Actions 11.1", "Actions 11.2",
    "Priority 1", "Priority 2", "Priority 3",
    "Action Phase 1", "Action Phase 2",
    "Action-Stack 1", "Action-Stack 2", "Action-Stack 3", "Action-Stack 4",
    "Slow Actions 1", "Slow Actions 2", "Slow Actions 3",
    "Fast Actions 1", "Fast Actions 2",
    "Free Actions 1", "Free Actions 2", "Free Actions 3",
    "State-based actions 1", "State-based actions 2", "State-based actions 3",
    "State-based actions 3.1", "State-based actions 3.2", "State-based actions 3.3",
    "State-based actions 3.4", "State-based actions 3.5",
    "Buying 1", "Buying 2", "Buying 3", "Buying 4", "Buying 5", "Buying 6",
    "Buying phase 1",
    "Zones 1",
    "Deck 1", "Deck 2", "Deck 3", "Deck 4", "Deck 5",
    "Discard Pile 1", "Discard Pile 2", "Discard Pile 3",
    "Store 1", "Store 2",
    "Hand 1", "Hand 2",
    "Exile 1",
    "Map 1", "Map 2",
    "Tiles 1", "Tiles 2", "Tiles 3", "Tiles 4", "Tiles 5",
    "Free Tiles 1",
    "Available Tiles 1", "Available Tiles 2",
    "Win Conditions 1", "Win Conditions 2",
    "Resource 1", "Resource 2", "Resource 3", "Resource 4",
    "Cards 1", "Cards 1.1", "Cards 1.2", "Cards 1.3", "Cards 2", "Cards 2.1", "Cards 2.2",
    "Cards 2.2.1", "Cards 2.2.2", "Cards 3", "Cards 3.1", "Cards 3.2", "Cards 4", "Cards 4.1",
    "Cards 4.2", "Cards 5", "Cards 6", "Cards 7",
    "Tokens 1", "Tokens 2", "Tokens 3",
    "Range 1", "Range 2", "Range 3", "Range 4", "Range 5", "Range 6",
    "Step 1",
    "Permanents 1", "Permanents 2", "Permanents 3", "Permanents 3.1", "Permanents 3.2",
    "Permanents 4", "Permanents 4.1", "Permanents 4.2", "Permanents 5", "Permanents 6",
    "Permanents 7", "Permanents 7.1",
    "Shroud 1",
    "Protection from X 1", "Protection from X 2", "Protection from X 3",
    "Permanent Piles 1", "Permanent Piles 2", "Permanent Piles 3", "Permanent Piles 4",
    "Permanent Piles 5",
    "Available Tiles (permanents) 1", "Available Tiles (permanents) 2",
    "Available Tiles (permanents) 3", "Available Tiles (permanents) 3.1",
    "Available Tiles (permanents) 3.2",
    "Units 1", "Units 2", "Units 3", "Units 4", "Units 5", "Units 6", "Units 7", "Units 8",
    "Units 9", "Units 10", "Units 10.1", "Units 10.1.1", "Units 10.1.2", "Units 10.2",
    "Units 11", "Units 12", "Units 13", "Units 13.1", "Units 13.2", "Units 13.3", "Units 14",
    "Units 15", "Units 15.1",
    "Movement 1", "Movement 2", "Movement 3", "Movement 4",
    "Crew X 1", "Crew X 2", "Crew X 3", "Crew X 4",
    "Paralysis 1", "Paralysis 2", "Paralysis 3",
    "Poison 1", "Poison 2", "Poison 3",
    "Panic 1", "Panic 2",
    "Rage 1", "Rage 2",
    "Ward 1", "Ward 2", "Ward 3",
    "Boss 1", "Boss 2", "Boss 3", "Boss 4",
    "Combat 1", "Combat 2", "Combat 3", "Combat 4", "Combat 5", "Combat 6", "Combat 7",
    "Combat 8", "Combat 8.1", "Combat 8.2", "Combat 9",
    "Artifacts 1", "Artifacts 2", "Artifacts 3", "Artifacts 4", "Artifacts 5",
    "Solid X 1", "Solid X 2", "Solid X 3",
    "Equipments 1", "Equipments 2", "Equipments 3", "Equipments 4", "Equipments 5",
    "Equipments 6", "Equipments 6.1", "Equipments 7", "Equipments 8",
    "Potions 1", "Potions 2", "Potions 3",
    "Intentions 1", "Intentions 2", "Intentions 3", "Intentions 4", "Intentions 5",
    "Intentions marks 1", "Intentions marks 2",
    "Push 1", "Push 2", "Push 3", "Push 4", "Push 4.1", "Push 4.2", "Push 5", "Push 6",
    "Push 6.1", "Push 6.2",
]

WELL_FORMED = re.compile(r"^[A-Z][A-Za-z() -]*[A-Za-z)] [1-9][0-9]*(\.[1-9][0-9]*)*$")


def _doc() -> Any:
    return rules_index.parse_rules((ROOT / "assets" / "docs" / "rules.md").read_text("utf-8"))


def test_rule_ids_are_well_formed_unique_and_complete() -> None:
    doc = _doc()
    ids: list[str] = doc.ids
    bad = [rule_id for rule_id in ids if not WELL_FORMED.match(rule_id)]
    assert not bad, f"malformed rule IDs: {bad}"
    duplicates = sorted({rule_id for rule_id in ids if ids.count(rule_id) > 1})
    assert not duplicates, f"duplicate rule IDs: {duplicates}"
    assert len(set(RULEBOOK_IDS)) == len(RULEBOOK_IDS)
    from_rulebook = [rule.rule_id for rule in doc.rules if rule.section not in EXTRA_SECTIONS]
    missing = [rule_id for rule_id in RULEBOOK_IDS if rule_id not in from_rulebook]
    unexpected = [rule_id for rule_id in from_rulebook if rule_id not in RULEBOOK_IDS]
    assert not missing, f"rules of the rulebook missing from rules.md: {missing}"
    assert not unexpected, f"rules.md has rules the rulebook does not: {unexpected}"
    assert from_rulebook == RULEBOOK_IDS, "rules.md lists the rules out of the rulebook's order"
    extras = {rule.section for rule in doc.rules if rule.section in EXTRA_SECTIONS}
    assert extras == EXTRA_SECTIONS, f"extra sections missing: {EXTRA_SECTIONS - extras}"


def test_rules_md_has_no_format_problems() -> None:
    problems = rules_index.build_report(ROOT).malformed
    assert not problems, "\n".join(problems)


def test_every_rule_has_a_test() -> None:
    untested = rules_index.build_report(ROOT).untested
    assert not untested, (
        f"{len(untested)} rules have no test (name a test test_<slug>_<n>_<m>_... or mark it "
        "with @rules(...) from tests/rulemarks.py):\n" + "\n".join(untested))


def test_rule_test_names_point_at_indexed_rules() -> None:
    unknown = rules_index.build_report(ROOT).unknown
    assert not unknown, "\n".join(unknown)


def test_tests_lines_are_up_to_date() -> None:
    stale = rules_index.build_report(ROOT).stale
    assert not stale, (
        "the Tests: lines of assets/docs/rules.md are out of date; "
        "run `python3 tools/rules_index.py --write` and commit the result:\n" + "\n".join(stale))


def test_slugify_examples() -> None:
    assert rules_index.slugify("Action-Stack") == "action_stack"
    assert rules_index.slugify("State-based actions") == "state_based_actions"
    assert rules_index.slugify("Available Tiles (permanents)") == "available_tiles_permanents"
    assert rules_index.slugify("Protection from X") == "protection_from_x"
    assert rules_index.slugify("Tiles (common)") == "tiles_common"


def test_rulemarks_decorator_records_ids_and_returns_the_function() -> None:
    def probe() -> int:
        return 7

    marked = rulemarks.rules("Upkeep 3.5")(rulemarks.rules("Upkeep 3.4")(probe))
    assert marked is probe
    assert getattr(marked, "__rules__", None) == ("Upkeep 3.4", "Upkeep 3.5")
    assert marked() == 7


FAKE_RULES = """\
# Fake rules

## Upkeep

- **Upkeep 1** — one
  Tests: none yet
- **Upkeep 3** — three
  Tests: stale
- **Upkeep 3.4** — three four
- **Upkeep 3.5** — three five
  Tests: none yet

## Range

- **Range 6** — six
  Tests: none yet

## Tiles (common)

- **Tiles (common) 2** — house
  Tests: none yet
"""

FAKE_TESTS = '''\
import rulemarks
from rulemarks import rules


def test_upkeep_3_4_unpaid_unit_dies():
    pass


def test_upkeep_3():
    pass


@rules("Upkeep 3.5", "Nope 1")
def test_something_else():
    pass


class TestRange:
    @rulemarks.rules("Tiles (common) 2")
    def test_range_6_8_neighbours(self):
        pass


def test_upkeep_3_9_missing():
    pass


def test_upkeep_7():
    pass


def test_upkeeping_1():
    pass


def helper_upkeep_1():
    pass
'''


def _fake_repo(tmp_path: Path) -> Path:
    (tmp_path / "assets" / "docs").mkdir(parents=True)
    (tmp_path / "assets" / "docs" / "rules.md").write_text(FAKE_RULES, encoding="utf-8")
    (tmp_path / "tests" / "engine").mkdir(parents=True)
    (tmp_path / "tests" / "engine" / "test_fake.py").write_text(
        textwrap.dedent(FAKE_TESTS), encoding="utf-8")
    return tmp_path


def test_tool_maps_names_and_decorators_to_rules(tmp_path: Path) -> None:
    report = rules_index.build_report(_fake_repo(tmp_path))
    path = "tests/engine/test_fake.py"
    assert report.coverage == {
        "Upkeep 1": [],
        "Upkeep 3": [f"{path}::test_upkeep_3"],
        "Upkeep 3.4": [f"{path}::test_upkeep_3_4_unpaid_unit_dies"],
        "Upkeep 3.5": [f"{path}::test_something_else"],
        "Range 6": [f"{path}::TestRange::test_range_6_8_neighbours"],
        "Tiles (common) 2": [f"{path}::TestRange::test_range_6_8_neighbours"],
    }
    assert report.untested == ["Upkeep 1"]
    unknown = "\n".join(report.unknown)
    assert "test_upkeep_3_9_missing looks like a test of rule Upkeep 3.9" in unknown
    assert "test_upkeep_7 looks like a test of rule Upkeep 7" in unknown
    assert "claims rule 'Nope 1'" in unknown
    assert len(report.unknown) == 3
    stale = "\n".join(report.stale)
    for rule_id in ("Upkeep 3", "Upkeep 3.4", "Upkeep 3.5", "Range 6", "Tiles (common) 2"):
        assert f"rule {rule_id} " in stale
    assert len(report.stale) == 5
    assert "rules.md:9: rule Upkeep 3.4 has no Tests: line" in stale
    assert report.malformed == []


def test_tool_write_then_check_round_trip(tmp_path: Path) -> None:
    root = _fake_repo(tmp_path)
    assert rules_index.main(["--check", "--root", str(root)]) == 1
    assert rules_index.main(["--write", "--root", str(root)]) == 0
    text = (root / "assets" / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "- **Upkeep 3.4** — three four\n  Tests: tests/engine/test_fake.py::" in text
    assert "- **Upkeep 1** — one\n  Tests: none yet\n" in text
    report = rules_index.build_report(root)
    assert report.stale == []
    assert rules_index.render(rules_index.parse_rules(text), report.coverage) == text


def test_tool_reports_malformed_and_misplaced_entries(tmp_path: Path) -> None:
    root = _fake_repo(tmp_path)
    rules_md = root / "assets" / "docs" / "rules.md"
    rules_md.write_text(
        FAKE_RULES + "- **upkeep 2** — bad\n- **Upkeep 1** — again\n- **Shy 1** — misplaced\n",
        encoding="utf-8")
    malformed = "\n".join(rules_index.build_report(root).malformed)
    assert "malformed rule ID 'upkeep 2'" in malformed
    assert "duplicate rule ID 'Upkeep 1'" in malformed
    assert "rule Shy 1 is under heading 'Tiles (common)'" in malformed
