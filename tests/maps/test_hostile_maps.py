"""Broken and hostile Tiled maps (issue 17): sizes beyond the limits, numbers that are not
numbers, huge decks and drafts and maps that load but could not be played as meant are
reported (file, element, expected, found) before anything big is built, never with a
traceback, a MemoryError or an "internal error"."""

from __future__ import annotations

import base64
import re
import zlib
from pathlib import Path

import pytest

from game.cli import main
from game.maps import MapProblem, check_tmx, load_tmx
from game.rules import limits

REPO = Path(__file__).resolve().parents[2]


def shipped(name: str) -> str:
    """A shipped map's text, its tilesets named by absolute path (so it loads anywhere)."""
    text = (REPO / "maps" / f"{name}.tmx").read_text(encoding="utf-8")
    return text.replace('source="../assets/', f'source="{REPO.as_posix()}/assets/')


def problems_of(tmp_path: Path, text: str | bytes, name: str = "broken") -> list[MapProblem]:
    path = tmp_path / f"{name}.tmx"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    problems = check_tmx(path)
    assert problems, "the map was accepted"
    for problem in problems:
        assert problem.file == str(path) and problem.expected and problem.found
        assert "internal error" not in problem.found, problem
        assert len(str(problem)) < 600, problem
    return problems


def has(problems: list[MapProblem], element: str, expected: str, found: str = "") -> bool:
    return any(p.element == element and expected in p.expected and found in p.found
               for p in problems)


RING = "2P-ring-street"
SPAWN = 'x="64" y="256" width="64" height="64"'  # object 2 of 2P-ring-street
KING = 'x="32" y="288"'  # object 7, player 1's king


def ring(old: str, new: str) -> str:
    text = shipped(RING)
    assert old in text
    return text.replace(old, new, 1)


def with_property(text: str, name: str, value: str) -> str:
    """``text`` with the map property ``name`` set to ``value`` (added or replaced)."""
    pattern = rf'  <property name="{name}"[^>]*/>\n'
    text = re.sub(pattern, "", text)
    return text.replace(" <properties>\n", f' <properties>\n  <property name="{name}" '
                        f'value="{value}"/>\n', 1)


# ---------------------------------------------------------------------------- sizes


@pytest.mark.parametrize("size", ['width="15000" height="9000"', 'width="3000" height="3000"',
                                  'width="101" height="1"', 'width="80" height="80"'])
def test_a_map_of_millions_of_cells_is_refused_before_its_cells_are_made(
        tmp_path: Path, size: str) -> None:
    problems = problems_of(tmp_path, ring('width="15" height="9" tilewidth', size + " tilewidth"))
    assert has(problems, "map", f"at most {limits.MAX_MAP_SIDE} tiles each way and "
               f"{limits.MAX_MAP_CELLS} tiles in all")


def test_huge_tiles_are_refused(tmp_path: Path) -> None:
    problems = problems_of(tmp_path, ring('tilewidth="64" tileheight="64"',
                                          'tilewidth="100000000" tileheight="64"'))
    assert has(problems, "map", f"at most {limits.MAX_TILE_PIXELS} pixels", "100000000x64")


@pytest.mark.parametrize(("attrs", "key", "found"), [
    ('x="64" y="256" width="1000000000000" height="64"', "width", "'1000000000000'"),
    ('x="-1e12" y="256" width="2e12" height="64"', "x", "'-1e12'"),
    ('x="nan" y="256" width="64" height="64"', "x", "'nan'"),
    ('x="64" y="256" width="inf" height="64"', "width", "'inf'"),
    ('x="64" y="256" width="64" height="-Infinity"', "height", "'-Infinity'"),
    ('x="64" y="256" width="64" height="64" rotation="nan"', "rotation", "'nan'"),
    ('x="6_4" y="256" width="64" height="64"', "x", "'6_4'"),
])
def test_huge_or_not_a_number_object_extents_are_named(tmp_path: Path, attrs: str, key: str,
                                                       found: str) -> None:
    problems = problems_of(tmp_path, ring(SPAWN, attrs))
    assert has(problems, "object 2 (spawn)", f"from -{limits.MAX_MAP_PIXELS} to "
               f"{limits.MAX_MAP_PIXELS} for {key}", found)


@pytest.mark.parametrize("position", ['x="nan" y="288"', 'x="inf" y="-inf"', 'x="1e300" y="1"'])
def test_a_point_at_nan_or_infinity_is_named(tmp_path: Path, position: str) -> None:
    problems = problems_of(tmp_path, ring(KING, position))
    assert any(p.element == "object 7 (king)" and "for x" in p.expected for p in problems)


def test_a_polygon_of_too_many_or_unreadable_points_is_named(tmp_path: Path) -> None:
    many = " ".join(f"{i},0" for i in range(limits.MAX_POLYGON_POINTS + 1))
    problems = problems_of(tmp_path, ring(SPAWN + ">", f'x="64" y="256"><polygon points="'
                                          f'{many}"/>'))
    assert has(problems, "object 2 (spawn)", f"at most {limits.MAX_POLYGON_POINTS} points")
    problems = problems_of(tmp_path, ring(SPAWN + ">", 'x="64" y="256"><polygon points="0,0 '
                                          'nan,0 0,64"/>'))
    assert has(problems, "object 2 (spawn)", "the polygon's points", "nan")


def test_too_many_objects_are_one_problem(tmp_path: Path) -> None:
    extra = '<object id="99" x="1" y="1" width="1" height="1"/>\n' * (limits.MAX_MAP_OBJECTS + 5)
    problems = problems_of(tmp_path, ring(" </objectgroup>", extra + " </objectgroup>"))
    assert has(problems, "object layer 'objects'", f"at most {limits.MAX_MAP_OBJECTS} objects")


def test_group_layers_nested_thousands_deep_are_refused(tmp_path: Path) -> None:
    deep = "<group>" * 5000 + "</group>" * 5000
    problems = problems_of(tmp_path, ring(" <objectgroup", deep + " <objectgroup"))
    assert has(problems, "group layer ''", f"at most {limits.MAX_GROUP_DEPTH} deep")


def test_a_map_file_beyond_its_size_is_refused_unread(tmp_path: Path) -> None:
    text = with_property(shipped(RING), "title", "T" * 10_000_000)
    problems = problems_of(tmp_path, text)
    assert has(problems, "file", f"a file of at most {limits.MAX_MAP_FILE} bytes")


def test_a_long_title_is_refused(tmp_path: Path) -> None:
    problems = problems_of(tmp_path, with_property(shipped(RING), "title", "T" * 200))
    assert has(problems, "map property title", f"at most {limits.MAX_TITLE} characters",
               "200 characters")


def test_entity_declarations_are_refused(tmp_path: Path) -> None:
    text = shipped(RING).replace('<map ', '<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">]>\n<map ', 1)
    problems = problems_of(tmp_path, text.replace('value="Ring Street"', 'value="&a;"'))
    assert has(problems, "file", "without entity declarations")


def test_a_compressed_layer_that_unpacks_to_gigabytes_is_not_unpacked(tmp_path: Path) -> None:
    bomb = base64.b64encode(zlib.compress(b"\0" * 50_000_000, 9)).decode()
    text = re.sub(r'<data encoding="csv">.*?</data>',
                  f'<data encoding="base64" compression="zlib">{bomb}</data>',
                  shipped(RING), flags=re.DOTALL)
    problems = problems_of(tmp_path, text)
    assert has(problems, "layer 'terrain'", "135 tiles", "more than 135 tiles")


# ---------------------------------------------------------------------------- decks and drafts


def test_a_huge_start_deck_and_draft_are_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = with_property(with_property(shipped(RING), "start_deck", "1000000000 Coin"),
                         "draft", "1000x[1000;1000]")
    problems = problems_of(tmp_path, text, "huge-deck")
    assert has(problems, "map property start_deck",
               f"a start deck of at most {limits.MAX_START_DECK} cards", "1000000000 cards")
    assert has(problems, "map property draft", f"at most {limits.MAX_DRAFT_ROUNDS} rounds",
               "'1000x[1000;1000]'")
    assert main(["simulate", "--no-user-mods", "--map", str(tmp_path / "huge-deck.tmx"),
                 "--games", "1"]) == 1
    assert "a start deck of at most" in capsys.readouterr().err


# ---------------------------------------------------------------------------- accepted but wrong


@pytest.mark.parametrize(("name", "win_card", "kind"), [
    (RING, "Fireball", "a spell"), (RING, "Coin", "a spell"),
    ("2P-castle-siege", "Coin", "a spell"),
    ("2P-stick-meadow", "Archer", "a unit"), ("2P-stick-meadow", "Coin", "a spell"),
])
def test_a_win_card_of_a_type_its_win_condition_cannot_use_is_refused(
        tmp_path: Path, name: str, win_card: str, kind: str) -> None:
    problems = problems_of(tmp_path, with_property(shipped(name), "win_card", win_card))
    assert has(problems, "map property win_card", "card", f"'{win_card}', {kind}")
    assert len(problems) == 1, problems


def test_a_piece_holding_a_spell_is_refused(tmp_path: Path) -> None:
    piece = ('<object id="50" type="piece" x="480" y="288"><properties>'
             '<property name="card" value="Fireball"/><property name="player" type="int" '
             'value="1"/></properties><point/></object>\n')
    problems = problems_of(tmp_path, ring(" </objectgroup>", piece + " </objectgroup>"))
    assert has(problems, "object 50 (piece) card", "a permanent card", "'Fireball', a spell")


@pytest.mark.parametrize("name", ["the-tyrant", "the-kraken"])
def test_a_boss_win_condition_needs_a_boss(tmp_path: Path, name: str) -> None:
    text = re.sub(r'<object id="\d+" name="[^"]*" type="boss".*?</object>\n', "",
                  shipped(name), flags=re.DOTALL)
    assert 'type="boss"' not in text
    problems = problems_of(tmp_path, text)
    assert has(problems, "map", "a boss object", "none")


def test_two_tilesets_with_one_first_gid_are_refused(tmp_path: Path) -> None:
    line = f' <tileset firstgid="1" source="{REPO.as_posix()}/assets/tilesets/terrain.tsx"/>\n'
    problems = problems_of(tmp_path, ring(line, line + line.replace("terrain.tsx",
                                                                    "terrain-hex.tsx")))
    assert has(problems, "tileset terrain-hex.tsx", "a firstgid no other tileset", "1")


def test_overlapping_tilesets_are_refused(tmp_path: Path) -> None:
    line = f' <tileset firstgid="1" source="{REPO.as_posix()}/assets/tilesets/terrain.tsx"/>\n'
    other = line.replace('firstgid="1"', 'firstgid="3"').replace("terrain.tsx", "terrain-hex.tsx")
    problems = problems_of(tmp_path, ring(line, line + other))
    assert any(p.element == "tileset terrain-hex.tsx" and "a firstgid of at least" in p.expected
               for p in problems)


@pytest.mark.parametrize("gid", ["4294967297", "99999999999", "-1"])
def test_gids_beyond_32_bits_are_refused(tmp_path: Path, gid: str) -> None:
    problems = problems_of(tmp_path, ring('<data encoding="csv">\n5,',
                                          f'<data encoding="csv">\n{gid},'))
    assert any(p.element == "layer 'terrain'" and "tile numbers" in p.expected
               for p in problems)


@pytest.mark.parametrize(("old", "new", "element"), [
    ('<property name="player" type="int" value="1"/>', '<property name="player" value="١"/>',
     "object 1 (spawn) property player"),
    ('<property name="player" type="int" value="1"/>',
     '<property name="player" type="int" value="١"/>', "object 1 (spawn) property player"),
    ('<property name="players" type="int" value="2"/>', '<property name="players" value="٢"/>',
     "map property players"),
    ('<property name="income" type="int" value="3"/>', '<property name="income" value="３"/>',
     "map property income"),
])
def test_numbers_in_other_scripts_digits_are_refused(tmp_path: Path, old: str, new: str,
                                                     element: str) -> None:
    problems = problems_of(tmp_path, ring(old, new))
    assert any(p.element == element for p in problems), problems


def test_every_shipped_map_is_still_accepted() -> None:
    for path in sorted((REPO / "maps").glob("*.tmx")):
        assert check_tmx(path) == [], path
        assert load_tmx(path).name == path.stem
