"""The texts of the registry entries, per language: ``game/content/locale/<lang>.yaml``.

Each file is a flat mapping of key to text; a key is ``<kind>.<entry name>.<what>``
(``mark.poison.reminder``, ``keyword.crew.name``, ``wincon.king.goal``). The rules engine
names its entries and never words them; the card text (``game.content.text``), the
window and the tools ask here.

- ``text(key, lang, **values)``: the text in ``lang`` (English when ``lang`` lacks the
  key), its ``{placeholders}`` filled from ``values``; a key English lacks is a KeyError.
- ``has(key, lang)``: does ``lang`` itself have the key (no fallback)?

English is complete by definition; ``SHIPPED`` are the languages the game ships, and
tests/content/test_registry_entries.py checks each has the lines of every entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

import yaml

#: the languages the game ships a locale file for; English first (the fallback)
SHIPPED = ("en", "de")
FALLBACK = "en"


class LocaleError(ValueError):
    """A locale file that is not a flat mapping of text keys to texts."""


@cache
def lines(lang: str) -> Mapping[str, str]:
    """Every line of ``lang`` (empty for a language without a locale file); read once."""
    source = resources.files("game.content").joinpath("locale", f"{lang}.yaml")
    if not source.is_file():
        return MappingProxyType({})
    data = yaml.safe_load(source.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise LocaleError(f"locale/{lang}.yaml: expected a mapping of key to text")
    for key, value in data.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise LocaleError(f"locale/{lang}.yaml: {key!r}: expected a text, found {value!r}")
    return MappingProxyType(data)


def has(key: str, lang: str = FALLBACK) -> bool:
    """Does ``lang`` itself have a line for ``key``?"""
    return key in lines(lang)


def text(key: str, lang: str = FALLBACK, **values: Any) -> str:
    """The line ``key`` in ``lang`` (else in English) with its placeholders filled."""
    found = lines(lang).get(key)
    if found is None:
        found = lines(FALLBACK).get(key)
        if found is None:
            raise KeyError(f"no text for {key!r} (not in locale/{FALLBACK}.yaml)")
    return found.format(**values)


def keys(prefix: str = "", lang: str = FALLBACK) -> list[str]:
    """The keys of ``lang`` that start with ``prefix``, sorted."""
    return sorted(k for k in lines(lang) if k.startswith(prefix))
