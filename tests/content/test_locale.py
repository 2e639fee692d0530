"""The locale files (game/content/locale/<lang>.yaml) and their loader."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest

from game.content import locale

ROOT = Path(__file__).resolve().parents[2]


def test_a_line_is_filled_in_from_its_values() -> None:
    assert locale.text("keyword.crew.name", "en", x=2) == "Crew 2"
    assert locale.text("keyword.crew.name", "de", x=2) == "Besatzung 2"
    assert locale.text("wincon.king.goal") == "destroy the enemy king"


def test_a_language_without_the_line_falls_back_to_english() -> None:
    assert not locale.has("mark.poison.reminder", "fr")
    assert locale.text("mark.poison.reminder", "fr") == locale.text("mark.poison.reminder")
    assert locale.has("mark.poison.reminder", "de")


def test_a_line_english_lacks_is_an_error_naming_it() -> None:
    with pytest.raises(KeyError, match="mark.nothing.name"):
        locale.text("mark.nothing.name", "de")


def test_the_files_are_flat_mappings_of_text_read_once() -> None:
    for lang in locale.SHIPPED:
        lines = locale.lines(lang)
        assert lines and all(isinstance(v, str) and v for v in lines.values())
        assert locale.lines(lang) is lines  # cached


def test_the_files_ship_with_the_package() -> None:
    folder = resources.files("game.content").joinpath("locale")
    assert {f"{lang}.yaml" for lang in locale.SHIPPED} <= {p.name for p in folder.iterdir()}
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "locale/*.yaml" in config["tool"]["setuptools"]["package-data"]["game.content"]
