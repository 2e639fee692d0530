#!/usr/bin/env python3
"""Rules index: which rule of ``assets/docs/rules.md`` is checked by which test.

``assets/docs/rules.md`` lists every rule as an entry line
``- **Upkeep 3.4** — <text>`` followed by a line ``  Tests: <tests>``. This tool reads
the rule IDs from it, finds every test function in ``tests/**/*.py`` (by parsing the files
with :mod:`ast`, nothing is imported or run) and works out which tests cover which rule:

* a test named ``test_<slug>_<n>_<m>_...`` (or exactly ``test_<slug>_<n>_<m>``) covers
  rule ``<Section> <n>.<m>``, where ``<slug>`` is the section name in lower case with
  every run of non-alphanumeric characters replaced by one underscore (see :func:`slugify`).
  The longest rule number the name spells wins: ``test_upkeep_3_4_x`` covers Upkeep 3.4,
  not Upkeep 3. A digit group after a rule that has no sub-rules is just part of the
  description (``test_range_6_8_neighbours`` covers Range 6);
* a test decorated with ``@rules("Upkeep 3.4", ...)`` (see ``tests/rulemarks.py``) also
  covers the rules it names.

Usage::

    python3 tools/rules_index.py --write   # rewrite the Tests: lines of rules.md
    python3 tools/rules_index.py --check   # one line per problem; exit 1 if any

Standard library only.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_PATH = Path("assets/docs/rules.md")
TESTS_DIR = Path("tests")

#: An entry line: ``- **<rule id>** — <text>``.
ENTRY_RE = re.compile(r"^- \*\*(?P<id>[^*]+)\*\* — (?P<text>.*\S)\s*$")
#: The line under an entry that lists its tests.
TESTS_LINE_RE = re.compile(r"^  Tests:(?P<rest>.*)$")
#: A well-formed rule ID: a section name, a space, dot-separated positive numbers.
RULE_ID_RE = re.compile(
    r"^(?P<section>[A-Z][A-Za-z() -]*[A-Za-z)]) (?P<number>[1-9][0-9]*(?:\.[1-9][0-9]*)*)$"
)
HEADING_RE = re.compile(r"^(?P<level>#{1,6})\s+(?P<title>.*?)\s*#*\s*$")
FENCE_RE = re.compile(r"^\s*(```|~~~)")
NO_TESTS = "none yet"
WRITE_HINT = "run `python3 tools/rules_index.py --write`"


def slugify(section: str) -> str:
    """Test-name slug of a section: ``"Action-Stack"`` -> ``"action_stack"``."""
    return re.sub(r"[^a-z0-9]+", "_", section.lower()).strip("_")


@dataclass(frozen=True, slots=True)
class Rule:
    """One entry of the rules index."""

    rule_id: str
    section: str
    number: tuple[int, ...]
    heading: str | None
    line: int  # 0-based index of the entry line in rules.md
    tests_line: str | None  # the text after "Tests:", or None when the line is missing


@dataclass(slots=True)
class RulesDoc:
    """rules.md split into lines, with its entries and the problems found while parsing."""

    lines: list[str]
    rules: list[Rule]
    problems: list[str] = field(default_factory=list)

    @property
    def ids(self) -> list[str]:
        return [rule.rule_id for rule in self.rules]


@dataclass(frozen=True, slots=True)
class TestFunction:
    """A test function found in a test file."""

    node_id: str  # "tests/x.py::test_name" or "tests/x.py::Class::test_name"
    name: str
    claims: tuple[str, ...]  # rule IDs named in @rules(...) decorators


@dataclass(slots=True)
class Report:
    """Everything ``--check`` looks at; each list holds one message per problem."""

    rules: list[Rule]
    coverage: dict[str, list[str]]  # rule ID -> sorted node IDs of the tests covering it
    untested: list[str] = field(default_factory=list)  # rule IDs without any test
    unknown: list[str] = field(default_factory=list)  # tests naming rules not in the index
    stale: list[str] = field(default_factory=list)  # Tests: lines that are out of date
    malformed: list[str] = field(default_factory=list)  # problems with rules.md itself

    def problems(self) -> list[str]:
        lines = list(self.malformed)
        lines += [f"rule {rule_id} has no test" for rule_id in self.untested]
        lines += self.unknown
        lines += self.stale
        return lines


def split_rule_id(rule_id: str) -> tuple[str, tuple[int, ...]] | None:
    """``"Upkeep 3.4"`` -> ``("Upkeep", (3, 4))``; None when the ID is malformed."""
    match = RULE_ID_RE.match(rule_id)
    if match is None:
        return None
    return match["section"], tuple(int(part) for part in match["number"].split("."))


def parse_rules(text: str) -> RulesDoc:
    """Read the rule entries of rules.md; format problems end up in ``problems``."""
    lines = text.splitlines()
    doc = RulesDoc(lines=lines, rules=[])
    heading: str | None = None
    in_fence = False
    seen: set[str] = set()
    slugs: dict[str, str] = {}
    for index, line in enumerate(lines):
        if FENCE_RE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        heading_match = HEADING_RE.match(line)
        if heading_match:
            heading = heading_match["title"]
            continue
        entry = ENTRY_RE.match(line)
        if entry is None:
            if line.startswith("- **"):
                doc.problems.append(f"rules.md:{index + 1}: line looks like a rule entry "
                                    "but is not '- **<Section> <n>[.<m>]** — <text>'")
            continue
        rule_id = entry["id"]
        parts = split_rule_id(rule_id)
        where = f"rules.md:{index + 1}"
        if parts is None:
            doc.problems.append(f"{where}: malformed rule ID {rule_id!r}")
            continue
        section, number = parts
        if rule_id in seen:
            doc.problems.append(f"{where}: duplicate rule ID {rule_id!r}")
            continue
        seen.add(rule_id)
        if heading != section:
            doc.problems.append(f"{where}: rule {rule_id} is under heading {heading!r}, "
                                f"expected a heading named {section!r}")
        slug = slugify(section)
        if slugs.setdefault(slug, section) != section:
            doc.problems.append(f"{where}: sections {slugs[slug]!r} and {section!r} "
                                f"share the test-name slug {slug!r}")
        tests_line = None
        if index + 1 < len(lines):
            tests_match = TESTS_LINE_RE.match(lines[index + 1])
            if tests_match:
                tests_line = tests_match["rest"].strip()
        doc.rules.append(Rule(rule_id, section, number, heading, index, tests_line))
    return doc


def _rules_decorator_ids(decorators: Iterable[ast.expr]) -> tuple[str, ...]:
    """Rule IDs named by ``@rules("...")`` / ``@x.rules("...")`` decorators."""
    ids: list[str] = []
    for decorator in decorators:
        if not isinstance(decorator, ast.Call):
            continue
        func = decorator.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else None)
        if name != "rules":
            continue
        for arg in decorator.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                ids.append(arg.value)
    return tuple(ids)


def _test_functions(body: list[ast.stmt], prefix: str) -> Iterator[TestFunction]:
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name.startswith("test"):
                claims = _rules_decorator_ids(node.decorator_list)
                yield TestFunction(f"{prefix}::{node.name}", node.name, claims)
        elif isinstance(node, ast.ClassDef):
            yield from _test_functions(node.body, f"{prefix}::{node.name}")


def collect_tests(root: Path) -> tuple[list[TestFunction], list[str]]:
    """All test functions under ``root/tests`` and the files that could not be parsed."""
    tests: list[TestFunction] = []
    problems: list[str] = []
    tests_dir = root / TESTS_DIR
    if not tests_dir.is_dir():
        return tests, problems
    for path in sorted(tests_dir.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=relative)
        except (SyntaxError, UnicodeDecodeError, ValueError) as error:
            problems.append(f"{relative}: cannot be parsed ({error})")
            continue
        tests.extend(_test_functions(tree.body, relative))
    return tests, problems


@dataclass(frozen=True, slots=True)
class Section:
    """The rules of one section, for matching test names."""

    name: str
    numbers: dict[tuple[int, ...], str]  # rule number -> rule ID


def index_sections(rules: Iterable[Rule]) -> dict[str, Section]:
    """Slug -> section with its rule numbers."""
    sections: dict[str, Section] = {}
    for rule in rules:
        section = sections.setdefault(slugify(rule.section), Section(rule.section, {}))
        section.numbers[rule.number] = rule.rule_id
    return sections


def match_test_name(name: str, sections: dict[str, Section]) -> tuple[str, bool] | None:
    """The rule a test name points at, as ``(rule ID, known)``; None for other tests.

    A name points at a rule when it starts with ``test_<slug>_<digit>``. The longest rule
    number spelled by the digit groups that follow wins. The rule is unknown when no
    prefix of them is a rule, or when a further digit group follows a rule that has
    sub-rules (``test_upkeep_3_9_x`` points at the missing Upkeep 3.9, not at Upkeep 3).
    """
    if not name.startswith("test_"):
        return None
    rest = name[len("test_"):]
    for slug in sorted(sections, key=len, reverse=True):
        head = slug + "_"
        if not (rest.startswith(head) and rest[len(head):len(head) + 1].isdigit()):
            continue
        section = sections[slug]
        groups: list[int] = []
        for token in rest[len(head):].split("_"):
            if not (token.isascii() and token.isdigit()):
                break
            groups.append(int(token))
        best = next(
            (k for k in range(len(groups), 0, -1) if tuple(groups[:k]) in section.numbers), 0)
        if best == 0:
            return _format_id(section.name, groups[:1]), False
        matched = tuple(groups[:best])
        has_children = any(
            len(number) > best and number[:best] == matched for number in section.numbers)
        if best < len(groups) and has_children:
            return _format_id(section.name, groups[:best + 1]), False
        return section.numbers[matched], True
    return None


def _format_id(section: str, number: Iterable[int]) -> str:
    return f"{section} {'.'.join(str(part) for part in number)}"


def render(doc: RulesDoc, coverage: dict[str, list[str]]) -> str:
    """rules.md with every entry's Tests: line set from ``coverage``."""
    lines = list(doc.lines)
    # Work bottom-up so that inserted lines do not shift the entries still to do.
    for rule in sorted(doc.rules, key=lambda rule: rule.line, reverse=True):
        tests = coverage.get(rule.rule_id, [])
        new_line = "  Tests: " + (", ".join(tests) if tests else NO_TESTS)
        if rule.tests_line is None:
            lines.insert(rule.line + 1, new_line)
        else:
            lines[rule.line + 1] = new_line
    return "\n".join(lines) + "\n"


def build_report(root: Path = ROOT) -> Report:
    """Parse rules.md and the tests under ``root`` and compare them."""
    rules_file = root / RULES_PATH
    try:
        text = rules_file.read_text(encoding="utf-8")
    except OSError as error:
        report = Report(rules=[], coverage={})
        report.malformed.append(f"{RULES_PATH.as_posix()}: cannot be read ({error})")
        return report
    doc = parse_rules(text)
    report = Report(rules=doc.rules, coverage={rule.rule_id: [] for rule in doc.rules})
    report.malformed.extend(doc.problems)

    sections = index_sections(doc.rules)
    tests, unreadable = collect_tests(root)
    report.malformed.extend(unreadable)
    covered: dict[str, set[str]] = {rule.rule_id: set() for rule in doc.rules}
    for test in tests:
        match = match_test_name(test.name, sections)
        if match is not None:
            rule_id, known = match
            if known:
                covered[rule_id].add(test.node_id)
            else:
                report.unknown.append(f"{test.node_id} looks like a test of rule {rule_id}, "
                                      "which is not in the rules index")
        for claim in test.claims:
            if claim in covered:
                covered[claim].add(test.node_id)
            else:
                report.unknown.append(f"{test.node_id} claims rule {claim!r} in @rules(...), "
                                      "which is not in the rules index")
    report.coverage = {rule_id: sorted(node_ids) for rule_id, node_ids in covered.items()}
    report.untested = [rule.rule_id for rule in doc.rules if not covered[rule.rule_id]]

    for rule in doc.rules:
        expected = ", ".join(report.coverage[rule.rule_id]) or NO_TESTS
        if rule.tests_line is None:
            report.stale.append(f"rules.md:{rule.line + 1}: rule {rule.rule_id} has no "
                                f"Tests: line ({WRITE_HINT})")
        elif rule.tests_line != expected:
            report.stale.append(f"rules.md:{rule.line + 2}: Tests: line of rule "
                                f"{rule.rule_id} is out of date ({WRITE_HINT})")
    if not report.stale and render(doc, report.coverage) != text:
        report.stale.append(f"rules.md: not in canonical form ({WRITE_HINT})")
    return report


def check(root: Path = ROOT) -> list[str]:
    """All problems, one message each (what ``--check`` prints)."""
    return build_report(root).problems()


def write(root: Path = ROOT) -> Report:
    """Rewrite the Tests: lines of rules.md in place; returns the report it was built from."""
    rules_file = root / RULES_PATH
    report = build_report(root)
    if not rules_file.is_file():
        return report
    text = rules_file.read_text(encoding="utf-8")
    new_text = render(parse_rules(text), report.coverage)
    if new_text != text:
        rules_file.write_text(new_text, encoding="utf-8")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Map the rules of assets/docs/rules.md to the tests that check them.")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true",
                      help="rewrite the Tests: lines of rules.md in place")
    mode.add_argument("--check", action="store_true",
                      help="print one line per problem; exit 1 if there is any")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="repository root (default: the one holding this tool)")
    args = parser.parse_args(argv)
    root: Path = args.root
    if args.write:
        report = write(root)
        for message in report.malformed:
            print(message)
        covered = len(report.rules) - len(report.untested)
        print(f"{RULES_PATH.as_posix()}: {len(report.rules)} rules, {covered} with tests")
        return 1 if report.malformed else 0
    problems = check(root)
    for message in problems:
        print(message)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
