"""Every registry entry is complete outside the rules: locale lines in every shipped
language (en, de), a card-text writer for each effect, a look for marks and tile types
(``game.content.entries``). The checks take the entries as an argument, so the tests
below hand them entries that are not registered and see them reported."""

from __future__ import annotations

from typing import Any

import pytest

from game.content import entries, locale
from game.rules.effects import EFFECTS, EffectKind
from game.rules.keywords import Keyword
from game.rules.marks import MarkKind
from game.rules.registry import Look
from game.rules.tiles import TileType
from game.rules.wincons import WinCondition

REGISTERED = entries.registered()


def _with(kind: str, name: str, entry: Any) -> dict[str, dict[str, Any]]:
    """The registries' entries plus one more of ``kind`` (not registered anywhere)."""
    found = {k: dict(v) for k, v in REGISTERED.items()}
    found[kind][name] = entry
    return found


def _about(found: list[str], name: str) -> list[str]:
    return [line for line in found if repr(name) in line]


def test_every_registry_is_checked() -> None:
    assert set(REGISTERED) == {*entries.REQUIRED, "effect"}
    assert all(REGISTERED[kind] for kind in REGISTERED)
    assert locale.SHIPPED == ("en", "de")


@pytest.mark.parametrize("kind", sorted(REGISTERED))
def test_every_entry_has_its_lines_and_look(kind: str) -> None:
    found = entries.problems({kind: REGISTERED[kind]})
    assert not found, "\n".join(found)


def test_no_locale_line_names_an_entry_that_does_not_exist() -> None:
    found = entries.stale_lines(REGISTERED)
    assert not found, "\n".join(found)


# ---------------------------------------------------------------------------- the check fails


def test_a_mark_without_lines_or_look_is_reported() -> None:
    gloom = MarkKind("test gloom", "test", Look("", (300, 0, 0)))
    found = _about(entries.problems(_with("mark", gloom.name, gloom)), gloom.name)
    assert "mark 'test gloom': no en line 'mark.test gloom.name'" in found
    assert "mark 'test gloom': no de line 'mark.test gloom.plural'" in found
    assert "mark 'test gloom': glyph '' is not one character" in found
    assert any("colour (300, 0, 0)" in line for line in found)


def test_a_tile_type_without_a_look_is_reported() -> None:
    mire = TileType("test mire", stops_all=True)  # the default look: none of its own
    found = _about(entries.problems(_with("tile", mire.name, mire)), mire.name)
    assert "tile 'test mire': no look" in found
    assert "tile 'test mire': no de line 'tile.test mire.noun'" in found


@pytest.mark.parametrize(("kind", "entry", "line"), [
    ("keyword", Keyword("test glow", "int", "test"), "keyword.test glow.name"),
    ("wincon", WinCondition("test siege", {}, lambda g: ((), ()), lambda g: ""),
     "wincon.test siege.goal"),
])
def test_an_entry_without_lines_is_reported(kind: str, entry: Any, line: str) -> None:
    found = _about(entries.problems(_with(kind, entry.name, entry)), entry.name)
    assert f"{kind} {entry.name!r}: no en line {line!r}" in found
    assert f"{kind} {entry.name!r}: no de line {line!r}" in found


def test_a_behaviour_without_lines_is_reported() -> None:
    found = _about(entries.problems({"behaviour": {"test lurk": object()}}), "test lurk")
    assert found == [f"behaviour 'test lurk': no {lang} line 'behaviour.test lurk.{what}'"
                     for lang in ("en", "de") for what in ("name", "reminder")]


def test_an_effect_without_a_writer_is_reported() -> None:
    zap = EffectKind("test zap", lambda g, c, p: None, lambda p: "Zap.", {"target": "target"})
    found = _about(entries.problems(_with("effect", zap.name, zap)), zap.name)
    assert found == ["effect 'test zap': no en writer in game/content/text.py",
                     "effect 'test zap': no de writer in game/content/text.py"]
    assert "test zap" not in EFFECTS


def test_a_language_without_an_entrys_lines_is_reported() -> None:
    """A line English has and another language lacks: here every line of "xx"."""
    found = entries.problems({"mark": {"poison": REGISTERED["mark"]["poison"]}},
                             languages=("en", "xx"))
    assert found == [f"mark 'poison': no xx line 'mark.poison.{what}'"
                     for what in ("name", "plural", "reminder")]


def test_a_line_with_a_placeholder_english_lacks_is_reported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = locale.lines
    german = {**shipped("de"), "keyword.crew.name": "Besatzung {n}"}
    monkeypatch.setattr(locale, "lines", lambda lang: german if lang == "de" else shipped(lang))
    found = entries.problems({"keyword": {"crew": REGISTERED["keyword"]["crew"]}})
    assert found == ["keyword 'crew': the de line 'keyword.crew.name' names a placeholder "
                     "the English one does not"]
