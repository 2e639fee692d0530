"""What every registry entry of ``game.rules`` needs outside the rules: its locale lines in
every shipped language, its card-text writer (effects), its look (marks, tile types).

The rules engine registers an entry by name and never words or draws it; this module
says what the rest of the game expects to find for it, and lists what is missing.
``problems()`` checks the registries as they are and ``stale_lines()`` the locale lines
that name no entry (tests/content/test_registry_entries.py runs both); each check takes
the entries as an argument, so a test can hand it an entry that is not registered.

Locale lines, by kind (key ``<kind>.<entry name>.<what>``):

- every language: ``REQUIRED[kind]``, and every other line the entry has in English;
- a language's own grammar: ``GRAMMAR[(kind, language)]`` (German declines a tile
  type's noun, ``tile.<name>.noun``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from string import Formatter
from typing import Any

from game.rules.behaviours import BEHAVIOURS
from game.rules.effects import EFFECTS
from game.rules.keywords import KEYWORDS
from game.rules.marks import MARKS
from game.rules.registry import Look, Registry
from game.rules.tiles import TILE_TYPES, UNKNOWN_LOOK
from game.rules.wincons import WIN_CONDITIONS

from . import locale
from .text import EFFECT_WRITERS

#: the lines each kind of entry has in every language
REQUIRED: dict[str, tuple[str, ...]] = {
    "mark": ("name", "plural"),
    "keyword": ("name",),
    "tile": ("name", "reminder"),
    "wincon": ("goal",),
    "behaviour": ("name", "reminder"),
}
#: further lines a language needs for its grammar
GRAMMAR: dict[tuple[str, str], tuple[str, ...]] = {("tile", "de"): ("noun",)}
#: the kinds whose entries are drawn: they need a look of their own
DRAWN = ("mark", "tile")


def registered() -> dict[str, Mapping[str, Any]]:
    """The entries of every registry, by kind (the locale keys' first part)."""
    def entries(registry: Registry[Any]) -> dict[str, Any]:
        return {name: registry[name] for name in registry}

    return {"mark": entries(MARKS), "keyword": entries(KEYWORDS), "tile": dict(TILE_TYPES),
            "wincon": entries(WIN_CONDITIONS), "behaviour": entries(BEHAVIOURS),
            "effect": entries(EFFECTS)}


def _placeholders(line: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(line) if field}


def locale_problems(kind: str, names: Iterable[str],
                    languages: Iterable[str] = locale.SHIPPED) -> list[str]:
    """The locale lines entries of ``kind`` lack: a required line, a line its English has,
    a grammar line; and a line that names a placeholder its English line does not."""
    found = []
    languages = tuple(languages)
    for name in names:
        own = locale.keys(f"{kind}.{name}.", locale.FALLBACK)
        for lang in languages:
            needed = [f"{kind}.{name}.{what}"
                      for what in (*REQUIRED.get(kind, ()), *GRAMMAR.get((kind, lang), ()))]
            for key in dict.fromkeys([*needed, *own]):
                if not locale.has(key, lang):
                    found.append(f"{kind} {name!r}: no {lang} line {key!r}")
                elif key in own and not _placeholders(locale.lines(lang)[key]) <= \
                        _placeholders(locale.lines(locale.FALLBACK)[key]):
                    found.append(f"{kind} {name!r}: the {lang} line {key!r} names a "
                                 "placeholder the English one does not")
    return found


def writer_problems(names: Iterable[str],
                    languages: Iterable[str] = locale.SHIPPED) -> list[str]:
    """Effects without a card-text writer in a language (``text.EFFECT_WRITERS``)."""
    return [f"effect {name!r}: no {lang} writer in game/content/text.py"
            for name in names for lang in languages
            if name not in EFFECT_WRITERS.get(lang, {})]


def _colour_ok(colour: Any) -> bool:
    return isinstance(colour, tuple) and len(colour) == 3 and all(
        isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in colour)


def look_problems(kind: str, entries: Mapping[str, Any]) -> list[str]:
    """Entries without a look of their own: a one-character glyph and an RGB colour."""
    found = []
    for name, entry in entries.items():
        look = getattr(entry, "look", None)
        if not isinstance(look, Look) or look == UNKNOWN_LOOK:
            found.append(f"{kind} {name!r}: no look")
            continue
        if not isinstance(look.glyph, str) or len(look.glyph) != 1:
            found.append(f"{kind} {name!r}: glyph {look.glyph!r} is not one character")
        if not _colour_ok(look.colour):
            found.append(f"{kind} {name!r}: colour {look.colour!r} is not (red, green, blue) "
                         "in 0-255")
    return found


def stale_lines(entries: Mapping[str, Mapping[str, Any]],
                languages: Iterable[str] = locale.SHIPPED) -> list[str]:
    """Locale lines of an entry kind that name no entry (a renamed or removed one)."""
    found = []
    for lang in languages:
        for key in locale.keys("", lang):
            kind, _, rest = key.partition(".")
            name = rest.rpartition(".")[0]
            if kind in entries and name not in entries[kind]:
                found.append(f"{lang} line {key!r}: no {kind} {name!r}")
    return found


def problems(entries: Mapping[str, Mapping[str, Any]] | None = None,
             languages: Iterable[str] = locale.SHIPPED) -> list[str]:
    """Everything the entries (by kind; default: the registries) lack, one line each
    (lines that name no entry: ``stale_lines``)."""
    entries = registered() if entries is None else entries
    languages = tuple(languages)
    found = []
    for kind, named in entries.items():
        if kind == "effect":
            found += writer_problems(named, languages)
        else:
            found += locale_problems(kind, named, languages)
        if kind in DRAWN:
            found += look_problems(kind, named)
    return found
