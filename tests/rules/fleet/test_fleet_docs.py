"""The fleet's rules reference (assets/docs/rules-fleet.md) names the tests of each rule:
every test it names exists, and every rule test of tests/rules/fleet is named there."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent.parent
DOC = ROOT / "assets" / "docs" / "rules-fleet.md"
TESTS = ROOT / "tests" / "rules" / "fleet"


def _tests() -> set[str]:
    found = set()
    for path in TESTS.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found |= {node.name for node in ast.walk(tree)
                  if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}
    return found


def test_every_test_the_reference_names_exists() -> None:
    named = set(re.findall(r"`(test_[a-z0-9_]*[a-z0-9])[`[]", DOC.read_text(encoding="utf-8")))
    missing = sorted(named - _tests())
    assert not missing, f"rules-fleet.md names tests that do not exist: {missing}"


def test_every_rule_test_is_named_in_the_reference() -> None:
    named = set(re.findall(r"`(test_[a-z0-9_]*[a-z0-9])[`[]", DOC.read_text(encoding="utf-8")))
    rule_tests = {t for t in _tests() if re.match(r"test_\d", t) or t.startswith(
        ("test_anomalies", "test_strategy", "test_action_phase", "test_status",
         "test_the_game", "test_after", "test_a_", "test_no_"))}
    unnamed = sorted(rule_tests - named)
    assert not unnamed, f"rule tests missing from rules-fleet.md: {unnamed}"
