"""The built-in cards' pictures (assets/icons): the table names an icon for every built-in
card, the manifest the tool wrote agrees with the table, every picture it names is there
and loads, and the credits and the licence name every icon used and its author. None of
this needs npm or the icon package: it reads the committed files."""

from __future__ import annotations

import hashlib
import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

from game.content.icons import (  # noqa: E402
    CREDITS,
    ICONS_DIR,
    MANIFEST,
    TABLE,
    builtin_card_names,
    card_icons,
    file_stem,
    icon_credits,
)

TABLE_DATA = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
MANIFEST_DATA = json.loads(MANIFEST.read_text(encoding="utf-8"))


def test_the_table_names_an_icon_for_every_built_in_card() -> None:
    cards = TABLE_DATA["cards"]
    assert sorted(cards) == builtin_card_names()
    assert "Tentacle" in cards  # a token the rules make, not a card file
    for card, row in cards.items():
        assert set(row) == {"icon", "by"}, card
        assert row["by"] in TABLE_DATA["authors"], card


def test_the_manifest_is_what_the_tool_made_from_the_table() -> None:
    rows = MANIFEST_DATA["cards"]
    assert sorted(rows) == sorted(TABLE_DATA["cards"])
    for card, row in rows.items():
        wanted = TABLE_DATA["cards"][card]
        assert (row["icon"], row["by"]) == (wanted["icon"], wanted["by"]), card
        assert row["face"] == f"faces/{file_stem(card)}.png"
        assert row["token"] == f"tokens/{file_stem(card)}.png"
    assert MANIFEST_DATA["package"] == TABLE_DATA["package"]
    assert MANIFEST_DATA["version"] == TABLE_DATA["version"]
    assert MANIFEST_DATA["authors"] == TABLE_DATA["authors"]


@pytest.fixture(scope="module")
def _pygame() -> None:
    pygame.init()


def test_every_card_picture_is_there_and_loads(_pygame: None) -> None:
    for row in MANIFEST_DATA["cards"].values():
        for kind, size in (("face", 256), ("token", 96)):
            path = ICONS_DIR / row[kind]
            data = path.read_bytes()
            assert hashlib.sha256(data).hexdigest() == row[f"{kind}_sha256"], path
            picture = pygame.image.load(str(path))
            assert picture.get_size() == (size, size), path
            assert picture.get_flags() & pygame.SRCALPHA, path
            # not blank: part of it is drawn, part of it is the transparent ground
            alphas = {picture.get_at((x, y))[3] for x in range(0, size, 4)
                      for y in range(0, size, 4)}
            assert 0 in alphas and 255 in alphas, path
    used = {row[kind] for row in MANIFEST_DATA["cards"].values() for kind in ("face", "token")}
    on_disk = {f"{p.parent.name}/{p.name}" for folder in ("faces", "tokens")
               for p in (ICONS_DIR / folder).iterdir()}
    assert on_disk == used  # no picture left over from an earlier table


def test_the_game_reads_every_card_icon() -> None:
    icons = card_icons()
    assert sorted(icons) == builtin_card_names()
    assert icons["Wolf"].icon == "wolf-head" and icons["Wolf"].author == "Lorc"
    assert icons["Sword"].face.is_file() and icons["Sword"].token.is_file()


def test_the_credits_name_every_icon_its_author_and_the_licence() -> None:
    text = CREDITS.read_text(encoding="utf-8")
    assert "CC BY 3.0" in text and "game-icons.net" in text
    for card, row in MANIFEST_DATA["cards"].items():
        author = MANIFEST_DATA["authors"][row["by"]]
        assert f"| {card} | [{row['icon']}](https://game-icons.net/1x1/{row['by']}/" \
               f"{row['icon']}.html) | {author} |" in text
        assert f"**{author}**" in text
    licence = (ICONS_DIR / MANIFEST_DATA["licence_file"]).read_text(encoding="utf-8")
    assert "Attribution 3.0 Unported" in licence
    credits = icon_credits()
    assert credits is not None and credits.licence == "CC BY 3.0"
    named = {(author, icon) for author, icons in credits.authors for icon, _ in icons}
    assert named == {(MANIFEST_DATA["authors"][row["by"]], row["icon"])
                     for row in MANIFEST_DATA["cards"].values()}
