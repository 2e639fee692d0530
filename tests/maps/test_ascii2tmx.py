"""The text-map converter (tools/ascii2tmx.py) and the shipped maps made with it.

Every ``tools/map-sources/<name>.yaml`` is the source of ``maps/<name>.tmx``: converting it
must give the committed file byte for byte. The maps themselves are checked for what makes
them play well: every tile type and win condition used, symmetric seats, and a way for every
player's units to walk to what wins the game.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import deque
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from game.maps import load_tmx
from game.rules.geometry import NEIGHBOUR_OFFSETS, Tile
from game.rules.mapmodel import DEFAULT_SYMBOLS as ENGINE_SYMBOLS
from game.rules.mapmodel import MapSpec
from game.rules.tiles import TILE_TYPES as ENGINE_TILE_TYPES
from game.rules.wincons import WIN_CONDITIONS

ROOT = Path(__file__).resolve().parent.parent.parent
TOOL = ROOT / "tools" / "ascii2tmx.py"
SOURCES_DIR = ROOT / "tools" / "map-sources"
MAPS_DIR = ROOT / "maps"
TILESET = ROOT / "assets" / "tilesets" / "terrain.tsx"


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ascii2tmx", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ascii2tmx"] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


a2t = _load_tool()
SOURCES = sorted(SOURCES_DIR.glob("*.yaml"))
SOURCE_IDS = [p.stem for p in SOURCES]

#: the boss modes' win conditions: their maps are named after the boss and are not
#: symmetric between seats (the boss side has a keep of its own)
BOSS_WINS = ("tyrant", "kraken")

#: the maps the issue asks for, with the win condition each is built around
EXPECTED_MAPS = {
    "2P-ring-street": "king",
    "2P-river-king": "king",
    "3P-ring-street": "resource",
    "4P-islands": "capture_points",
    "2P-castle-siege": "destroy_buildings",
    "2P-stick-meadow": "stick_of_victory",
}

#: the duel's maps (seed 002), all won by felling the enemy general; the standard board is
#: the rulebook's diagram, which is not symmetric between the seats (its middle globe sits
#: one column nearer the second general), so these are not in the symmetry test
DUEL_MAPS = {
    "2P-duel-standard": "general",
    "2P-duel-five-globes": "general",
    "2P-duel-river": "general",
}

#: the skirmish's maps (seed 004), hex maps the same for both sides turned half a circle
SKIRMISH_MAPS = {
    "2P-skirmish-highlands": "skirmish:control",
    "2P-skirmish-wastes": "skirmish:elimination",
    "2P-skirmish-marsh": "skirmish:control",
}

#: the fleet's maps (seed 003), won by holding objective systems; hex galaxies balanced
#: between the seats by distances, which the square symmetry test can't check
FLEET_MAPS = {
    "3P-fleet-triad": "objectives",
    "4P-fleet-crossroads": "objectives",
    "6P-fleet-six-suns": "objectives",
}

GOOD = """\
name: 2P-test
players: 2
map: |
  1..s..2
  1h.s.t2
symbols: {K: neutral}
start_deck_list: {Coin: 4, Recruit: 3}
win_condition: {type: king}
kings: [[1, 0], [5, 0]]
"""


def _convert(text: str, name: str = "test.yaml") -> str:
    return a2t.convert_text(text, name, default_name="test")[1]


def _problems(text: str) -> list[str]:
    with pytest.raises(a2t.SourceError) as caught:
        _convert(text)
    return [str(p) for p in caught.value.problems]


# ----------------------------------------------------------------------- the tool itself


def test_tool_tables_match_the_engine() -> None:
    assert tuple(ENGINE_TILE_TYPES) == a2t.TILE_TYPES
    assert a2t.DEFAULT_SYMBOLS == ENGINE_SYMBOLS
    assert set(a2t.WIN_PARAMS) == set(WIN_CONDITIONS.names())
    for kind, params in a2t.WIN_PARAMS.items():
        assert set(params) == set(WIN_CONDITIONS[kind].params), kind


def test_tool_tile_ids_match_the_tileset() -> None:
    if not TILESET.is_file():
        pytest.skip("the terrain tileset is not there yet")
    tiles = ET.parse(TILESET).getroot().findall("tile")
    types = {int(t.get("id", -1)): t.get("type") or t.get("class") for t in tiles}
    assert [types[i] for i in range(len(a2t.TILE_TYPES))] == list(a2t.TILE_TYPES)


def test_converted_map_is_a_tiled_map_with_the_terrain_layer_and_objects() -> None:
    root = ET.fromstring(_convert(GOOD))
    assert root.tag == "map"
    assert (root.get("orientation"), root.get("infinite")) == ("orthogonal", "0")
    assert (root.get("width"), root.get("height")) == ("7", "2")
    assert (root.get("tilewidth"), root.get("tileheight")) == ("64", "64")
    [tileset] = root.findall("tileset")
    assert (tileset.get("firstgid"), tileset.get("source")) == (
        "1", "../assets/tilesets/terrain.tsx")
    [layer] = root.findall("layer")
    assert (layer.get("name"), layer.get("width"), layer.get("height")) == ("terrain", "7", "2")
    data = layer.find("data")
    assert data is not None and data.get("encoding") == "csv" and data.text is not None
    gids = [int(g) for g in data.text.replace("\n", "").split(",")]
    named = [a2t.TILE_TYPES[g - 1] for g in gids]
    assert named == [
        "spawn", "neutral", "neutral", "street", "neutral", "neutral", "spawn",
        "spawn", "house", "neutral", "street", "neutral", "tower", "spawn",
    ]
    props = {p.get("name"): (p.get("type"), p.get("value"))
             for p in root.findall("properties/property")}
    assert props == {
        "income": ("int", "3"), "players": ("int", "2"),
        "start_deck": (None, "4 Coin, 3 Recruit"), "win_condition": (None, "king"),
    }
    [group] = root.findall("objectgroup")
    assert group.get("name") == "objects"
    objects = group.findall("object")
    assert [o.get("id") for o in objects] == [str(i) for i in range(1, len(objects) + 1)]
    assert root.get("nextobjectid") == str(len(objects) + 1)
    spawns = [o for o in objects if o.get("type") == "spawn"]
    assert [(o.get("x"), o.get("y"), o.get("width"), o.get("height")) for o in spawns] == [
        ("0", "0", "64", "128"), ("384", "0", "64", "128")]
    kings = [o for o in objects if o.get("type") == "king"]
    assert [(o.get("x"), o.get("y"), o.find("point") is not None) for o in kings] == [
        ("96", "32", True), ("352", "32", True)]
    players = [o.find("properties/property[@name='player']") for o in spawns + kings]
    assert [p.get("value") for p in players if p is not None] == ["1", "2", "1", "2"]


def test_converted_map_loads_with_the_game_loader(tmp_path: Path) -> None:
    text = GOOD.replace("kings: [[1, 0], [5, 0]]", """\
kings: [[1, 0], [5, 0]]
placements:
  - {card: Building, tile: [2, 1], player: 2}
  - {card: Stick of Victory, tile: [4, 0]}
  - {card: Recruit, tile: [2, 0]}
regions:
  - {name: Middle, points: 2, tiles: [[3, 0], [3, 1]]}
draft: 1x[2;8]
sets: [base]
title: A test
seat_bonus: 1
first_income: 1
""")
    out = tmp_path / "maps" / "2P-test.tmx"
    out.parent.mkdir()
    source = tmp_path / "2P-test.yaml"
    source.write_text(text, encoding="utf-8")
    assert a2t.main([str(source), str(out)]) == 0
    spec = load_tmx(out)
    assert (spec.width, spec.height, spec.players, spec.income) == (7, 2, 2, 3)
    assert spec.type_at((3, 1)) == "street" and spec.type_at((5, 1)) == "tower"
    assert dict(spec.owners) == {(0, 0): 0, (0, 1): 0, (6, 0): 1, (6, 1): 1}
    assert sorted((p.card, p.tile, p.player) for p in spec.placements) == [
        ("Building", (2, 1), 1), ("King", (1, 0), 0), ("King", (5, 0), 1),
        ("Recruit", (2, 0), -1), ("Stick of Victory", (4, 0), -1)]
    [region] = spec.regions
    assert (region.name, region.points, set(region.tiles)) == ("Middle", 2, {(3, 0), (3, 1)})
    assert spec.start_deck == (("Coin", 4), ("Recruit", 3))
    assert (spec.draft, spec.sets, spec.title) == ("1x[2;8]", ("base",), "A test")
    assert spec.seat_bonus == 1 and spec.first_income == 1


def test_rectangles_cover_exactly_the_given_tiles() -> None:
    tiles = {(0, 0), (1, 0), (0, 1), (1, 1), (3, 1), (0, 3)}
    boxes = a2t.rectangles(tiles)
    covered = [(x + dx, y + dy) for x, y, w, h in boxes for dy in range(h) for dx in range(w)]
    assert sorted(covered) == sorted(tiles)  # every tile exactly once
    assert boxes[0] == (0, 0, 2, 2)


def test_spawn_objects_cover_spawn_and_harbor_tiles_of_each_player_once() -> None:
    text = GOOD.replace("1..s..2\n  1h.s.t2", "1A.s.B2\n  1h.swt2\n  ...w...\n  A.....B")
    root = ET.fromstring(_convert(text))
    owners: dict[tuple[int, int], int] = {}
    for obj in root.iter("object"):
        if obj.get("type") != "spawn":
            continue
        x, y = int(obj.get("x", 0)) // 64, int(obj.get("y", 0)) // 64
        w, h = int(obj.get("width", 0)) // 64, int(obj.get("height", 0)) // 64
        player = obj.find("properties/property[@name='player']")
        assert player is not None
        for tile in ((x + dx, y + dy) for dy in range(h) for dx in range(w)):
            assert tile not in owners
            owners[tile] = int(player.get("value", 0))
    assert owners == {(0, 0): 1, (1, 0): 1, (0, 1): 1, (0, 3): 1,
                      (5, 0): 2, (6, 0): 2, (6, 1): 2, (6, 3): 2}


def test_tileset_path_is_relative_to_the_output_folder(tmp_path: Path) -> None:
    source = tmp_path / "in.yaml"
    source.write_text(GOOD, encoding="utf-8")
    out = tmp_path / "deep" / "er" / "map.tmx"
    assert a2t.main([str(source), str(out)]) == 0
    tileset = ET.parse(out).getroot().find("tileset")
    assert tileset is not None
    assert (out.parent / tileset.get("source", "")).resolve() == TILESET.resolve()


def test_check_option_tells_a_stale_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.yaml"
    source.write_text(GOOD, encoding="utf-8")
    out = tmp_path / "out.tmx"
    assert a2t.main(["--check", str(source), str(out)]) == 1  # missing
    assert a2t.main([str(source), str(out)]) == 0
    assert a2t.main(["--check", str(source), str(out)]) == 0
    source.write_text(GOOD.replace("players: 2", "players: 2\nincome: 5"), encoding="utf-8")
    assert a2t.main(["--check", str(source), str(out)]) == 1
    assert "out of date" in capsys.readouterr().err


def test_help_runs_without_the_game() -> None:
    result = subprocess.run([sys.executable, str(TOOL), "--help"], capture_output=True,
                            text=True, check=False, cwd=ROOT)
    assert result.returncode == 0
    assert "IN.yaml" in result.stdout and "OUT.tmx" in result.stdout


# ----------------------------------------------------------------------- bad input


BAD_INPUTS: dict[str, tuple[str, str]] = {
    "unknown symbol": (GOOD.replace("1h.s.t2", "1h.sXt2"),
                       "map row 2 column 5: expected a known symbol"),
    "missing map": (GOOD.replace("map: |\n  1..s..2\n  1h.s.t2\n", ""),
                    "map: expected the grid as a block of text"),
    "too few kings": (GOOD.replace("kings: [[1, 0], [5, 0]]", "kings: [[1, 0]]"),
                      "kings: expected one [x, y] tile for each of the 2 players, found 1 tiles"),
    "king off the map": (GOOD.replace("[5, 0]]", "[9, 0]]"),
                         "kings[1]: expected a tile inside the 7x2 map"),
    "king not a tile": (GOOD.replace("[5, 0]]", "five]"), "kings[1]: expected a tile as [x, y]"),
    "kings missing": (GOOD.replace("kings: [[1, 0], [5, 0]]\n", ""),
                      "kings: expected a king tile [x, y] for each of the 2 players"),
    "unknown win type": (GOOD.replace("{type: king}", "{type: checkmate}"),
                         "win_condition.type: expected one of none, king, resource"),
    "missing win parameter": (GOOD.replace("{type: king}", "{type: resource}"),
                              "win_condition.threshold: expected the threshold resource needs"),
    "not YAML": ("map: [unclosed\n  - :\n", "line 2: expected valid YAML, found a syntax error"),
    "not a mapping": ("- just\n- a list\n", "top level: expected a mapping"),
    "unknown tile type": (GOOD.replace("{K: neutral}", "{K: quicksand}"),
                          "symbols.K: expected a tile type"),
    "unknown field": (GOOD + "colour: red\n", "colour: expected one of the fields"),
    "player without spawn": (GOOD.replace("players: 2", "players: 3"),
                             "map: expected spawn tiles of player 3"),
    "no start deck": (GOOD.replace("start_deck_list: {Coin: 4, Recruit: 3}",
                                   "start_deck_list: {}"),
                      "start_deck_list: expected a mapping of card name to count"),
    "region not a rectangle": (GOOD + "regions: [{name: L, tiles: [[0, 0], [1, 0], [1, 1]]}]\n",
                               "regions[0].tiles: expected tiles filling one rectangle"),
    "stick region unknown": (
        GOOD.replace("{type: king}", "{type: stick_of_victory, points: 5, region: Hart}")
        + "placements: [{card: Stick of Victory, tile: [3, 0]}]\n"
        + "regions: [{name: Heart, rect: [2, 0, 3, 2]}]\n",
        "win_condition.region: expected the name of one of the map's regions (Heart), "
        "found 'Hart'"),
    "piece on a wall": (GOOD.replace("1h.s.t2", "1h.s#t2")
                        + "placements: [{card: Recruit, tile: [4, 1]}]\n",
                        "placements[0].tile: expected a tile a piece can stand on"),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS))
def test_bad_input_is_reported_with_field_expected_and_found(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, message = BAD_INPUTS[case]
    source = tmp_path / "bad.yaml"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "bad.tmx"
    assert a2t.main([str(source), str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{source}: {message}" in err
    assert ", found " in err and "Traceback" not in err
    assert not out.exists()


def test_every_problem_is_reported_at_once() -> None:
    text = GOOD.replace("1h.s.t2", "1h.sXt2").replace("{type: king}", "{type: chess}")
    problems = _problems(text)
    assert any("map row 2 column 5" in p for p in problems)
    assert any("win_condition.type" in p for p in problems)


@pytest.mark.parametrize("case", ["unknown symbol", "not YAML"])
def test_command_line_exits_1_without_a_traceback(case: str, tmp_path: Path) -> None:
    source = tmp_path / "bad.yaml"
    source.write_text(BAD_INPUTS[case][0], encoding="utf-8")
    result = subprocess.run([sys.executable, str(TOOL), str(source), str(tmp_path / "o.tmx")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert BAD_INPUTS[case][1] in result.stderr
    assert "Traceback" not in result.stderr


def test_a_missing_input_file_is_a_clear_error(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert a2t.main([str(tmp_path / "nope.yaml"), str(tmp_path / "o.tmx")]) == 1
    assert "file: expected a readable UTF-8 text file, found FileNotFoundError" in (
        capsys.readouterr().err)


# ----------------------------------------------------------------------- the shipped maps


def test_the_maps_of_the_issue_have_sources() -> None:
    assert set(EXPECTED_MAPS) | set(DUEL_MAPS) | set(SKIRMISH_MAPS) | set(FLEET_MAPS) <= set(
        SOURCE_IDS)


@pytest.mark.parametrize("source", SOURCES, ids=SOURCE_IDS)
def test_shipped_map_is_its_source_converted(source: Path) -> None:
    target = MAPS_DIR / f"{a2t.map_name(source)}.tmx"
    assert target.is_file(), f"run: python3 tools/ascii2tmx.py {source.relative_to(ROOT)}"
    tmx, warnings = a2t.convert_file(source, target)
    assert warnings == []
    assert tmx == target.read_text(encoding="utf-8"), (
        f"{target.name} is out of date: run python3 tools/ascii2tmx.py "
        f"{source.relative_to(ROOT)}")


def _shipped(name: str) -> MapSpec:
    return load_tmx(MAPS_DIR / f"{name}.tmx")


@pytest.mark.parametrize("source", SOURCES, ids=SOURCE_IDS)
def test_shipped_map_follows_the_naming_convention(source: Path) -> None:
    """Maps begin with their player count; boss maps are named after the boss."""
    spec = _shipped(a2t.map_name(source))
    if spec.win.kind in BOSS_WINS:
        assert spec.name == f"the-{spec.win.kind}" and spec.bosses
    else:
        assert spec.name.startswith(f"{spec.players}P-")
    assert spec.title and spec.description


def test_shipped_maps_use_every_tile_type_and_win_condition() -> None:
    expected = {**EXPECTED_MAPS, **DUEL_MAPS, **SKIRMISH_MAPS, **FLEET_MAPS}
    specs = [_shipped(name) for name in expected]
    assert {s.win.kind for s in specs} == set(WIN_CONDITIONS.names()) - {"none", *BOSS_WINS}
    assert {name: _shipped(name).win.kind for name in expected} == expected
    assert set().union(*(set(s.tiles) for s in specs)) == set(ENGINE_TILE_TYPES)


Symmetry = Callable[[Tile], Tile]


def _symmetry(spec: MapSpec) -> tuple[Symmetry, dict[int, int]]:
    """The map's symmetry: how it moves tiles and which seat it gives each player."""
    w, h = spec.width, spec.height
    if spec.players == 4:
        assert w == h
        return (lambda t: (w - 1 - t[1], t[0])), {0: 1, 1: 2, 2: 3, 3: 0}
    seats = {0: 1, 1: 0, 2: 2}
    return (lambda t: (w - 1 - t[0], t[1])), seats


@pytest.mark.parametrize("name", list(EXPECTED_MAPS))
def test_shipped_map_is_symmetric_between_the_seats(name: str) -> None:
    spec = _shipped(name)
    move, seat = _symmetry(spec)
    for tile in spec.all_tiles():
        assert spec.type_at(move(tile)) == spec.type_at(tile), tile
    assert {move(t): seat[p] for t, p in spec.owners.items()} == dict(spec.owners)

    def pieces(moved: bool) -> set[tuple[str, Tile, int]]:
        return {(p.card, move(p.tile) if moved else p.tile,
                 seat[p.player] if moved and p.player >= 0 else p.player)
                for p in spec.placements}

    assert pieces(moved=True) == pieces(moved=False)
    regions = {(r.points, r.tiles) for r in spec.regions}
    assert {(r.points, frozenset(map(move, r.tiles))) for r in spec.regions} == regions


def _walkable_from(spec: MapSpec, starts: list[Tile]) -> set[Tile]:
    """Tiles a walking unit can reach from ``starts`` (walls and deep water block)."""
    seen = set(starts)
    queue = deque(starts)
    while queue:
        x, y = queue.popleft()
        for dx, dy in NEIGHBOUR_OFFSETS:
            tile = (x + dx, y + dy)
            if (spec.on_map(tile) and tile not in seen
                    and ENGINE_TILE_TYPES[spec.type_at(tile)].walkers
                    and ENGINE_TILE_TYPES[spec.type_at(tile)].wall_solid == 0):
                seen.add(tile)
                queue.append(tile)
    return seen


def _next_to(spec: MapSpec, tile: Tile) -> set[Tile]:
    return {(tile[0] + dx, tile[1] + dy) for dx, dy in NEIGHBOUR_OFFSETS}


@pytest.mark.parametrize("name", list(SKIRMISH_MAPS))
def test_skirmish_map_is_the_same_for_both_sides_turned_half_a_circle(name: str) -> None:
    """Cell (c, r) matches cell (width - 1 - c, height - 1 - r): on a staggered hex map
    with an even number of rows that turn keeps every neighbour a neighbour."""
    spec = _shipped(name)
    geometry = spec.grid()
    w, h = spec.width, spec.height
    assert h % 2 == 0

    def turn(tile: Tile) -> Tile:
        col, row = geometry.tile_to_grid(tile)
        return geometry.grid_to_tile(w - 1 - col, h - 1 - row)

    for tile in spec.all_tiles():
        assert spec.type_at(turn(tile)) == spec.type_at(tile), tile
        assert {turn(n) for n in geometry.neighbours(tile)} == set(
            geometry.neighbours(turn(tile)))
    assert {turn(t): 1 - p for t, p in spec.owners.items()} == dict(spec.owners)
    pieces = {(p.card, p.tile, p.player) for p in spec.placements}
    assert {(card, turn(tile), 1 - player) for card, tile, player in pieces} == pieces
    for region in spec.regions:
        assert frozenset(turn(t) for t in region.tiles) in {r.tiles for r in spec.regions}


@pytest.mark.parametrize("name", list(EXPECTED_MAPS))
def test_every_player_can_walk_to_what_wins_the_game(name: str) -> None:
    spec = _shipped(name)
    kind = spec.win.kind
    for player in range(spec.players):
        reach = _walkable_from(spec, spec.spawn_tiles(player))
        enemy_pieces = [p.tile for p in spec.placements if p.player not in (player, -1)]
        if kind in ("king", "destroy_buildings"):
            assert enemy_pieces
            for tile in enemy_pieces:
                assert reach & _next_to(spec, tile), (player, tile)
        elif kind == "stick_of_victory":
            [stick] = [p.tile for p in spec.placements if p.card == "Stick of Victory"]
            assert reach & _next_to(spec, stick)
        elif kind == "capture_points":
            for region in spec.regions:
                assert reach & region.tiles, (player, region.name)
        elif kind == "resource":
            assert reach & set(spec.tiles_of_type("farm field"))


def test_an_unknown_card_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.yaml"
    source.write_text(GOOD.replace("Recruit: 3", "Recruut: 3"), encoding="utf-8")
    assert a2t.main([str(source), str(tmp_path / "out.tmx")]) == 0
    assert (f"warning: {source}: start_deck_list: expected a card of assets/cards, "
            "found 'Recruut'") in capsys.readouterr().err


def _tiled_version() -> str:
    """The installed Tiled editor's version ("" without one)."""
    if shutil.which("tiled") is None:
        return ""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    try:
        result = subprocess.run(["tiled", "--version"], env=env, capture_output=True,
                                text=True, check=False, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return result.stdout.strip().removeprefix("Tiled ").strip()


@pytest.mark.skipif(not _tiled_version().startswith("1.8."),
                    reason="needs the Tiled 1.8 editor, whose file layout the tool writes")
@pytest.mark.parametrize("source", SOURCES, ids=SOURCE_IDS)
def test_tiled_saves_a_converted_map_unchanged(source: Path, tmp_path: Path) -> None:
    original = MAPS_DIR / f"{a2t.map_name(source)}.tmx"
    saved = tmp_path / original.name
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    subprocess.run(["tiled", "--export-map", "tmx", str(original), str(saved)], env=env,
                   capture_output=True, check=True, timeout=120)
    tileset = re.compile(r' <tileset firstgid="1" source="([^"]*)"/>')

    def normal(text: str) -> str:
        return tileset.sub("", text.replace(' tiledversion="1.8.2"', ""))

    again = saved.read_text(encoding="utf-8")
    text = original.read_text(encoding="utf-8")
    assert normal(again) == normal(text)
    match, before = tileset.search(again), tileset.search(text)
    assert match is not None and before is not None
    assert (tmp_path / match.group(1)).resolve() == (MAPS_DIR / before.group(1)).resolve()


def test_the_example_in_the_tools_description_converts() -> None:
    doc = a2t.__doc__ or ""
    block = doc.split("one symbol per tile::\n\n", 1)[1].split("\n\nDefault symbols", 1)[0]
    example = "\n".join(line.removeprefix("    ") for line in block.splitlines())
    name, tmx, warnings = a2t.convert_text(example, "example.yaml", default_name="example",
                                           known_cards=a2t.card_names())
    assert name == "2P-ring-street" and warnings == []
    assert ET.fromstring(tmx).get("width") == "9"


# ----------------------------------------------------------------------- hex maps and links


#: the shipped hex maps, with their win condition and board geometry
HEX_MAPS = {"2P-hex-crossing": ("king", "hex"), "2P-hex-wormholes": ("king", "graph")}

HEX_GOOD = """\
name: 2P-hex-test
orientation: hexagonal
players: 2
map: |
  11..s..22
  1h..s.t.2
  A..www..B
  1...s...2
start_deck_list: {Coin: 4, Recruit: 3}
win_condition: {type: king}
kings: [[2, 1], [6, 1]]
placements:
  - {card: Recruit, tile: [4, 0], player: 1}
regions:
  - {name: Middle, points: 2, rect: [3, 1, 3, 3]}
  - {name: Corner, tiles: [[0, 2], [1, 2], [1, 3]]}
links:
  - {name: alpha, from: [0, 3], to: [8, 0]}
  - {from: [3, 0], to: [5, 3]}
"""
#: what HEX_GOOD puts where, in Tiled's (column, row) cells
HEX_OWNERS = {(0, 0): 1, (1, 0): 1, (0, 1): 1, (0, 2): 1, (0, 3): 1,
              (7, 0): 2, (8, 0): 2, (8, 1): 2, (8, 2): 2, (8, 3): 2}
HEX_REGIONS = {"Middle": {(c, r) for c in range(3, 6) for r in range(1, 4)},
               "Corner": {(0, 2), (1, 2), (1, 3)}}
HEX_LINKS = [("alpha", (0, 3), (8, 0)), ("", (3, 0), (5, 3))]
STAGGERS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]


def _hex_text(axis: str = "y", index: str = "odd") -> str:
    return HEX_GOOD.replace("orientation: hexagonal\n", f"orientation: hexagonal\n"
                            f"stagger_axis: {axis}\nstagger_index: {index}\n")


def _map_geometry(root: ET.Element):  # type: ignore[no-untyped-def]
    """The board geometry of a written map, from its ``<map>`` attributes only."""
    from game.rules.geometry import make_geometry

    width, height = int(root.get("width", 0)), int(root.get("height", 0))
    params: dict[str, object] = {"tile_width": int(root.get("tilewidth", 0)),
                                 "tile_height": int(root.get("tileheight", 0))}
    if root.get("orientation") != "hexagonal":
        return make_geometry("square-grid", width, height, params)
    params.update(stagger_axis=root.get("staggeraxis"), stagger_index=root.get("staggerindex"),
                  hex_side_length=int(root.get("hexsidelength", 0)))
    return make_geometry("hex", width, height, params)


def _inside(points: list[tuple[float, float]], x: float, y: float) -> bool:
    """Even-odd rule (the contract: a polygon covers the cells whose centre is inside)."""
    inside = False
    for i, (x1, y1) in enumerate(points):
        x2, y2 = points[i - 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _objects(root: ET.Element) -> list[tuple[str, str, dict[str, str], list[Tile]]]:
    """Every object as (class, name, properties, the (column, row) cells it covers under the
    contract); a link lists the cells of its two ends."""
    geometry = _map_geometry(root)
    centres = {geometry.tile_to_grid(t): geometry.cell_center(t) for t in geometry.cells()}

    def cell_at(x: float, y: float) -> Tile:
        tile = geometry.tile_at_pixel(x, y)
        assert tile is not None, (x, y)
        return geometry.tile_to_grid(tile)

    found = []
    for obj in root.iter("object"):
        x, y = float(obj.get("x", 0)), float(obj.get("y", 0))
        props = {p.get("name", ""): p.get("value", "") for p in obj.iter("property")}
        shape = next((c for c in obj if c.tag in ("point", "polygon", "polyline")), None)
        if shape is None:  # a rectangle
            w, h = float(obj.get("width", 0)), float(obj.get("height", 0))
            cells = [c for c, (cx, cy) in centres.items() if x <= cx < x + w and y <= cy < y + h]
        elif shape.tag == "point":
            cells = [cell_at(x, y)]
        else:
            points = [(x + float(a), y + float(b)) for a, b in
                      (p.split(",") for p in shape.get("points", "").split())]
            if shape.tag == "polyline":
                assert len(points) == 2
                cells = [cell_at(*points[0]), cell_at(*points[1])]
            else:
                cells = [c for c, (cx, cy) in centres.items() if _inside(points, cx, cy)]
        found.append((obj.get("type", ""), obj.get("name", ""), props, sorted(cells)))
    return found


def _grid_types(root: ET.Element) -> dict[Tile, str]:
    width = int(root.get("width", 0))
    data = root.find("layer/data")
    assert data is not None and data.text is not None
    gids = [int(g) for g in data.text.replace("\n", "").split(",")]
    return {(i % width, i // width): a2t.TILE_TYPES[g - 1] for i, g in enumerate(gids)}


def _owners(objects: list[tuple[str, str, dict[str, str], list[Tile]]]) -> dict[Tile, int]:
    owners: dict[Tile, int] = {}
    for cls, _name, props, cells in objects:
        if cls == "spawn":
            assert cells, "a spawn object covering no cell"
            for cell in cells:
                assert cell not in owners, f"{cell} under two spawn objects"
                owners[cell] = int(props["player"])
    return owners


@pytest.mark.parametrize(("axis", "index"), STAGGERS)
def test_hex_map_is_a_hexagonal_tiled_map_with_the_hex_tileset(axis: str, index: str) -> None:
    root = ET.fromstring(_convert(_hex_text(axis, index)))
    size = ("64", "74") if axis == "y" else ("74", "64")
    assert (root.get("orientation"), root.get("staggeraxis"), root.get("staggerindex"),
            root.get("hexsidelength")) == ("hexagonal", axis, index, "37")
    assert (root.get("tilewidth"), root.get("tileheight")) == size
    assert (root.get("width"), root.get("height")) == ("9", "4")
    [tileset] = root.findall("tileset")
    name = "terrain-hex.tsx" if axis == "y" else "terrain-hex-flat.tsx"
    assert tileset.get("source") == f"../assets/tilesets/{name}"
    tsx = ET.parse(TILESET.parent / name).getroot()
    assert (tsx.get("tilewidth"), tsx.get("tileheight")) == size
    types = _grid_types(root)
    assert [types[(c, 2)] for c in range(9)] == (
        ["harbor"] + ["neutral"] * 2 + ["deep water"] * 3 + ["neutral"] * 2 + ["harbor"])
    assert types[(1, 1)] == "house" and types[(6, 1)] == "tower" and types[(4, 3)] == "street"


@pytest.mark.parametrize(("axis", "index"), STAGGERS)
def test_hex_objects_cover_the_cells_the_source_names(axis: str, index: str) -> None:
    """Read back with the geometry alone: each object's centre, polygon or polyline ends
    fall in exactly the cells the YAML gave, whatever the stagger."""
    root = ET.fromstring(_convert(_hex_text(axis, index)))
    objects = _objects(root)
    assert {o[0] for o in objects} == {"spawn", "king", "piece", "region", "link"}
    assert all(o[0] != "spawn" or root.find(
        f"objectgroup/object[@id='{i + 1}']/polygon") is not None
        for i, o in enumerate(objects))
    assert _owners(objects) == HEX_OWNERS
    kings = [(props["player"], cells) for cls, _, props, cells in objects if cls == "king"]
    assert kings == [("1", [(2, 1)]), ("2", [(6, 1)])]
    pieces = [(name, props["player"], cells) for cls, name, props, cells in objects
              if cls == "piece"]
    assert pieces == [("Recruit", "1", [(4, 0)])]
    regions = {name: (props["points"], set(cells)) for cls, name, props, cells in objects
               if cls == "region"}
    assert regions == {"Middle": ("2", HEX_REGIONS["Middle"]),
                       "Corner": ("1", HEX_REGIONS["Corner"])}
    links = [(name, cells) for cls, name, _, cells in objects if cls == "link"]
    assert links == [(name, sorted([a, b])) for name, a, b in HEX_LINKS]
    # the link polylines run from centre to centre, the points sit on the centres
    geometry = _map_geometry(root)
    for obj in root.iter("object"):
        if obj.get("type") == "link":
            [(_, start, end)] = [link for link in HEX_LINKS if link[0] == obj.get("name", "")]
            x, y = float(obj.get("x", 0)), float(obj.get("y", 0))
            assert (x, y) == geometry.cell_center(geometry.grid_to_tile(*start))
            line = obj.find("polyline")
            assert line is not None
            dx, dy = (float(v) for v in line.get("points", "").split()[1].split(","))
            assert (x + dx, y + dy) == geometry.cell_center(geometry.grid_to_tile(*end))


def test_an_unnamed_link_is_written_without_a_name() -> None:
    root = ET.fromstring(_convert(HEX_GOOD))
    links = [o for o in root.iter("object") if o.get("type") == "link"]
    assert [o.get("name") for o in links] == ["alpha", None]


def test_a_hex_spawn_group_with_a_hole_is_covered_cell_by_cell() -> None:
    """Player 1's spawn tiles ring a neutral cell: one outline cannot hold them without the
    hole, so each of them gets its own polygon."""
    ring = """\
name: 2P-ring
orientation: hexagonal
players: 2
map: |
  .......
  11.....
  1.1...2
  11.....
start_deck_list: {Coin: 4}
win_condition: {type: none}
"""
    root = ET.fromstring(_convert(ring))
    objects = _objects(root)
    spawns = [cells for cls, _, props, cells in objects
              if cls == "spawn" and props["player"] == "1"]
    assert len(spawns) == 6 and all(len(cells) == 1 for cells in spawns)
    owners = _owners(objects)
    assert (1, 2) not in owners
    assert {c for c, p in owners.items() if p == 1} == {
        (0, 1), (1, 1), (0, 2), (2, 2), (0, 3), (1, 3)}


def test_links_work_on_a_square_map_too() -> None:
    text = GOOD + "links: [{name: gate, from: [0, 0], to: [6, 1]}]\n"
    root = ET.fromstring(_convert(text))
    assert root.get("orientation") == "orthogonal"
    [link] = [o for o in root.iter("object") if o.get("type") == "link"]
    line = link.find("polyline")
    assert line is not None
    assert (link.get("name"), link.get("x"), link.get("y"), line.get("points")) == (
        "gate", "32", "32", "0,0 384,64")


def test_ruleset_and_geometry_become_map_properties() -> None:
    text = GOOD + "ruleset: muhq\ngeometry: square-grid\n"
    root = ET.fromstring(_convert(text))
    props = {p.get("name"): p.get("value") for p in root.findall("properties/property")}
    assert (props["ruleset"], props["geometry"]) == ("muhq", "square-grid")


def test_tool_layout_tables_match_the_engine() -> None:
    from game.maps.tiled import SQUARE_GEOMETRIES
    from game.rules.rulesets import RULESETS

    assert set(a2t.RULESETS) == set(RULESETS)
    assert set(a2t.SQUARE_GEOMETRIES) == set(SQUARE_GEOMETRIES)
    assert a2t.read_hex_tileset(a2t.HEX_TILESETS["y"]) == (64, 74, 37)
    assert a2t.read_hex_tileset(a2t.HEX_TILESETS["x"]) == (74, 64, 37)


BAD_HEX_INPUTS: dict[str, tuple[str, str]] = {
    "unknown orientation": (HEX_GOOD.replace("orientation: hexagonal", "orientation: round"),
                            "orientation: expected orthogonal or hexagonal, found 'round'"),
    "bad stagger axis": (_hex_text("z", "odd"), "stagger_axis: expected x or y, found 'z'"),
    "bad stagger index": (_hex_text("y", "third"),
                          "stagger_index: expected odd or even, found 'third'"),
    "stagger on a square map": (GOOD + "stagger_axis: x\n",
                                "stagger_axis: expected no stagger on an orthogonal map"),
    "geometry on a hex map": (HEX_GOOD + "geometry: square-grid\n",
                              "geometry: expected no geometry on a hexagonal map"),
    "unknown geometry": (GOOD + "geometry: hex\n",
                         "geometry: expected one of square-muhq, square-grid, found 'hex'"),
    "unknown ruleset": (GOOD + "ruleset: chess\n", "ruleset: expected one of muhq"),
    "region in two pieces": (
        HEX_GOOD.replace("tiles: [[0, 2], [1, 2], [1, 3]]", "tiles: [[0, 2], [4, 2]]"),
        "regions[1].tiles: expected cells in one piece without holes (a region of a hex map "
        "is one polygon), found 2 pieces and 0 holes"),
    "region with a hole": (
        HEX_GOOD.replace("tiles: [[0, 2], [1, 2], [1, 3]]",
                         "tiles: [[0, 1], [1, 1], [0, 2], [2, 2], [0, 3], [1, 3]]"),
        "found 1 pieces and 1 holes"),
    "link to itself": (HEX_GOOD.replace("to: [8, 0]", "to: [0, 3]"),
                       "links[0].to: expected another cell than from, found [0, 3]"),
    "link off the map": (HEX_GOOD.replace("to: [8, 0]", "to: [9, 0]"),
                         "links[0].to: expected a tile inside the 9x4 map"),
    "link twice": (HEX_GOOD.replace("{from: [3, 0], to: [5, 3]}", "{from: [8, 0], to: [0, 3]}"),
                   "links[1]: expected two cells no other link joins, found [8, 0] and [0, 3] "
                   "again"),
    "link without ends": (HEX_GOOD.replace("{from: [3, 0], to: [5, 3]}", "{name: beta}"),
                          "links[1]: expected {name, from: [x, y], to: [x, y]}"),
    "link with a stray key": (HEX_GOOD.replace("{from: [3, 0], to: [5, 3]}",
                                               "{from: [3, 0], to: [5, 3], via: [4, 4]}"),
                              "links[1].via: expected one of name, from, to"),
}


@pytest.mark.parametrize("case", list(BAD_HEX_INPUTS))
def test_bad_hex_and_link_input_is_reported(case: str) -> None:
    text, message = BAD_HEX_INPUTS[case]
    problems = _problems(text)
    assert any(message in p for p in problems), problems


def test_converted_hex_map_loads_with_the_game_loader(tmp_path: Path) -> None:
    """Needs the loader's hexagonal maps (game/maps/tiled.py): cells, owners, pieces,
    regions and links arrive where the YAML put them, as axial hex tiles."""
    from game.rules.geometry import make_geometry

    out = tmp_path / "maps" / "2P-hex-test.tmx"
    out.parent.mkdir()
    source = tmp_path / "2P-hex-test.yaml"
    source.write_text(HEX_GOOD, encoding="utf-8")
    assert a2t.main([str(source), str(out)]) == 0
    spec = load_tmx(out)
    hexes = make_geometry("hex", 9, 4, {"tile_width": 64, "tile_height": 74,
                                        "hex_side_length": 37})

    def axial(cell: Tile) -> Tile:
        return hexes.grid_to_tile(*cell)

    assert (spec.width, spec.height, spec.players, spec.geometry) == (9, 4, 2, "graph")
    assert spec.geometry_params["base"] == "hex"
    assert spec.type_at(axial((6, 1))) == "tower" and spec.type_at(axial((4, 2))) == "deep water"
    assert dict(spec.owners) == {axial(c): p - 1 for c, p in HEX_OWNERS.items()}
    assert sorted((p.card, p.tile, p.player) for p in spec.placements) == sorted([
        ("King", axial((2, 1)), 0), ("King", axial((6, 1)), 1),
        ("Recruit", axial((4, 0)), 0)])
    assert {r.name: set(r.tiles) for r in spec.regions} == {
        name: {axial(c) for c in cells} for name, cells in HEX_REGIONS.items()}
    links = {frozenset((tuple(a), tuple(b))) for a, b, _name in spec.geometry_params["links"]}
    assert links == {frozenset((axial(a), axial(b))) for _, a, b in HEX_LINKS}
    grid = spec.grid()
    assert axial((8, 0)) in grid.neighbours(axial((0, 3)))  # the link joins them


def test_every_shipped_source_passes_the_command_line_check() -> None:
    for source in SOURCES:
        assert a2t.main(["--check", str(source)]) == 0, source


def test_the_shipped_hex_maps_have_sources() -> None:
    assert set(HEX_MAPS) <= set(SOURCE_IDS)
    for name, (win, geometry) in HEX_MAPS.items():
        root = ET.parse(MAPS_DIR / f"{name}.tmx").getroot()
        assert root.get("orientation") == "hexagonal"
        props = {p.get("name"): p.get("value") for p in root.findall("properties/property")}
        assert props["win_condition"] == win and props["title"] and props["description"]
        links = [o for o in root.iter("object") if o.get("type") == "link"]
        assert bool(links) == (geometry == "graph")


@pytest.mark.parametrize("name", list(HEX_MAPS))
def test_shipped_hex_map_is_symmetric_between_the_seats(name: str) -> None:
    """Turned half a circle, the map is itself with the seats swapped: cell (c, r) goes to
    (width - 1 - c, height - 1 - r), which on a staggered map with an even number of rows
    (columns) is a rotation of the hex grid."""
    root = ET.parse(MAPS_DIR / f"{name}.tmx").getroot()
    width, height = int(root.get("width", 0)), int(root.get("height", 0))
    axis = root.get("staggeraxis")
    assert (height if axis == "y" else width) % 2 == 0

    def turn(cell: Tile) -> Tile:
        return (width - 1 - cell[0], height - 1 - cell[1])

    geometry = _map_geometry(root)
    pixels = geometry.pixel_size()
    for cell in [(0, 0), (3, 1), (width - 1, 2)]:  # the turn is a turn of the picture
        x, y = geometry.cell_center(geometry.grid_to_tile(*cell))
        assert geometry.cell_center(geometry.grid_to_tile(*turn(cell))) == (
            pixels[0] - x, pixels[1] - y)
    types = _grid_types(root)
    assert all(types[turn(c)] == kind for c, kind in types.items())
    objects = _objects(root)
    owners = _owners(objects)
    assert {turn(c): 3 - p for c, p in owners.items()} == owners
    pieces = {(cls, props.get("player", "0"), tuple(cells)) for cls, _, props, cells in objects
              if cls != "spawn"}
    swapped = {(cls, {"1": "2", "2": "1"}.get(player, player), tuple(sorted(map(turn, cells))))
               for cls, player, cells in pieces}
    assert swapped == pieces


@pytest.mark.parametrize("name", list(HEX_MAPS))
def test_every_player_can_walk_to_the_enemy_king_on_a_hex_map(name: str) -> None:
    """Needs the loader's hexagonal maps: walking over hex neighbours (and links) from a
    player's spawn tiles reaches a cell next to every enemy piece."""
    spec = _shipped(name)
    assert (spec.win.kind, spec.geometry) == HEX_MAPS[name]
    neighbours = spec.neighbours()
    for player in range(spec.players):
        seen = set(spec.spawn_tiles(player))
        queue = deque(seen)
        while queue:
            for tile in neighbours[queue.popleft()]:
                kind = ENGINE_TILE_TYPES[spec.type_at(tile)]
                if tile not in seen and kind.walkers and kind.wall_solid == 0:
                    seen.add(tile)
                    queue.append(tile)
        enemies = [p.tile for p in spec.placements if p.player not in (player, -1)]
        assert enemies
        for tile in enemies:
            assert seen & set(neighbours[tile]), (player, tile)


@pytest.mark.skipif(not _tiled_version().startswith("1.8."),
                    reason="needs the Tiled 1.8 editor, whose file layout the tool writes")
@pytest.mark.parametrize(("axis", "index"), [("x", "even"), ("y", "odd")])
def test_tiled_saves_a_converted_hex_map_with_links_unchanged(
        axis: str, index: str, tmp_path: Path) -> None:
    source = tmp_path / "2P-hex-test.yaml"
    source.write_text(_hex_text(axis, index), encoding="utf-8")
    original, saved = tmp_path / "maps" / "2P-hex-test.tmx", tmp_path / "saved.tmx"
    original.parent.mkdir()
    assert a2t.main([str(source), str(original)]) == 0
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    subprocess.run(["tiled", "--export-map", "tmx", str(original), str(saved)], env=env,
                   capture_output=True, check=True, timeout=120)
    tileset = re.compile(r' <tileset firstgid="1" source="([^"]*)"/>')

    def normal(text: str) -> str:
        return tileset.sub("", text.replace(' tiledversion="1.8.2"', ""))

    assert normal(saved.read_text(encoding="utf-8")) == normal(
        original.read_text(encoding="utf-8"))
