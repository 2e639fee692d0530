"""The rules reference as the in-game help reads it: the project's rules documents
(``assets/docs/rules.md``, ``rules-duel.md``, ``rules-fleet.md``,
``rules-skirmish.md``) cut into entries (a
heading, a rule, a paragraph), in plain text, and searched by words.

The documents are written for readers of the repository too: lines naming the tests
that check a rule, code blocks and tables of file names are left out here, and markdown
marks (bold, italics, code, links) become plain text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent.parent / "assets" / "docs"
#: the rules document of each ruleset (a ruleset without one gets Muhq's)
DOCUMENTS = {"muhq": "rules.md", "duel": "rules-duel.md", "fleet": "rules-fleet.md",
             "skirmish": "rules-skirmish.md"}

_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_MARKS = re.compile(r"(\*\*|__|\*|`)")


@dataclass(frozen=True, slots=True)
class Entry:
    """One piece of the reference: a heading (``level`` 1-4) or a block of text under
    the heading ``section`` (``level`` 0)."""

    section: str
    text: str
    level: int = 0

    def matches(self, words: list[str]) -> bool:
        """Every word (lower case) is in the entry or its section's title."""
        haystack = f"{self.section} {self.text}".lower()
        return all(word in haystack for word in words)


def plain(text: str) -> str:
    """Markdown marks out: ``**Upkeep 3** — `x` [a](b)`` -> ``Upkeep 3 — x a``."""
    return _MARKS.sub("", _LINK.sub(r"\1", text)).strip()


def parse(markdown: str) -> list[Entry]:
    """The entries of a rules document, in its order."""
    entries: list[Entry] = []
    section = ""
    block: list[str] = []
    fenced = False

    def flush() -> None:
        text = " ".join(line.strip() for line in block).strip()
        block.clear()
        if not text or text.startswith(("Tests:", "**Tests.**", "|")):
            return  # which tests check a rule, and tables: for the repository's readers
        if text.startswith(("- ", "* ")):
            text = "• " + text[2:]
        entries.append(Entry(section, plain(text)))

    for line in markdown.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            flush()
            fenced = not fenced
            continue
        if fenced:
            continue
        heading = re.match(r"^(#{1,4})\s+(.*)$", line)
        if heading:
            flush()
            section = plain(heading.group(2))
            entries.append(Entry(section, section, len(heading.group(1))))
            continue
        if not stripped:
            flush()
            continue
        if stripped.startswith("Tests:"):  # a rule's tests, on a line of their own
            flush()
            block.append(stripped)
            continue
        if stripped.startswith(("- ", "* ")) or re.match(r"^\d+\.\s", stripped):
            flush()
        elif block and block[0].startswith("Tests:"):
            block.append(stripped)
            continue
        block.append(stripped)
    flush()
    return entries


@lru_cache(maxsize=8)
def reference(ruleset: str) -> tuple[Entry, ...]:
    """The rules reference of ``ruleset`` (empty if its document can't be read)."""
    name = DOCUMENTS.get(ruleset, DOCUMENTS["muhq"])
    try:
        text = (DOCS / name).read_text(encoding="utf-8")
    except OSError:
        return ()
    return tuple(parse(text))


def search(entries: tuple[Entry, ...] | list[Entry], query: str) -> list[Entry]:
    """The entries holding every word of ``query``, each block after its section's
    heading (once); the whole reference for an empty query."""
    words = query.lower().split()
    if not words:
        return list(entries)
    found: list[Entry] = []
    headings = {e.section: e for e in entries if e.level}
    shown: set[str] = set()
    for entry in entries:
        if entry.level or not entry.matches(words):
            continue
        if entry.section not in shown and entry.section in headings:
            found.append(headings[entry.section])
            shown.add(entry.section)
        found.append(entry)
    return found
