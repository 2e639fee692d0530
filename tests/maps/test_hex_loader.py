"""Hexagonal and linked Tiled maps: the loader reads Tiled's staggered hex maps (either
stagger axis, either stagger index, any hex side length and tile size) and ``link``
objects, places every object on the cell Tiled draws it on, and answers every broken
layout or link with a problem naming the element, what was expected and what was found."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.content.cards import load_cards
from game.maps import MapError, check_tmx, load_tmx
from game.rules.core.replay import game_to_json, replay
from game.rules.geometry import Geometry, Tile, make_geometry
from game.rules.mapmodel import DEFAULT_SYMBOLS
from game.simulation import play_random_game

TYPES = ("neutral", "house", "tower", "farm field", "spawn", "harbor", "street",
         "deep water", "water", "wall", "gate", "store")

#: 9 x 6 cells: players' spawns and kings at the two ends, a store in the middle
GRID = """\
11.h..h22
1.......2
..~~.~~..
..s.$.s..
1...t...2
11.....22
"""

VARIANTS = [("y", "odd", 64, 74, 37), ("y", "even", 64, 74, 37),
            ("x", "odd", 74, 64, 37), ("x", "even", 74, 64, 37)]


def tileset(folder: Path, width: int, height: int) -> Path:
    tiles = "\n".join(f' <tile id="{i}" type="{name}"/>' for i, name in enumerate(TYPES))
    path = folder / f"hex-{width}x{height}.tsx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.10" name="hex" tilewidth="{width}" tileheight="{height}" '
        f'tilecount="{len(TYPES)}" columns="4">\n{tiles}\n</tileset>\n', encoding="utf-8")
    return path


def board(axis: str, index: str, width: int, height: int, side: int,
          grid: str = GRID) -> Geometry:
    rows = grid.strip("\n").split("\n")
    return make_geometry("hex", len(rows[0]), len(rows), {
        "tile_width": width, "tile_height": height, "stagger_axis": axis,
        "stagger_index": index, "hex_side_length": side})


def point_at(geo: Geometry, col: int, row: int, cls: str, dx: float = 0, dy: float = 0,
             **props: Any) -> str:
    x, y = geo.cell_center(geo.grid_to_tile(col, row))
    return _object(cls, f'x="{x + dx}" y="{y + dy}"', "<point/>", props)


def polygon_over(geo: Geometry, cells: list[tuple[int, int]], cls: str, **props: Any) -> str:
    """A polygon around the given cells' centres (a little beyond each)."""
    centres = [geo.cell_center(geo.grid_to_tile(c, r)) for c, r in cells]
    left = min(x for x, _ in centres) - 8
    right = max(x for x, _ in centres) + 8
    top = min(y for _, y in centres) - 8
    bottom = max(y for _, y in centres) + 8
    points = f"0,0 {right - left},0 {right - left},{bottom - top} 0,{bottom - top}"
    return _object(cls, f'x="{left}" y="{top}"', f'<polygon points="{points}"/>', props)


def link_between(geo: Geometry, a: tuple[int, int], b: tuple[int, int], name: str = "",
                 extra: str = "") -> str:
    ax, ay = geo.cell_center(geo.grid_to_tile(*a))
    bx, by = geo.cell_center(geo.grid_to_tile(*b))
    named = f' name="{name}"' if name else ""
    return (f'  <object id="{{id}}"{named} type="link" x="{ax}" y="{ay}">'
            f'<polyline points="0,0 {bx - ax},{by - ay}{extra}"/></object>')


def _object(cls: str, position: str, shape: str, props: dict[str, Any]) -> str:
    inner = "".join(
        f'<property name="{k}" type="int" value="{v}"/>' if isinstance(v, int)
        else f'<property name="{k}" value="{v}"/>' for k, v in props.items())
    properties = f"<properties>{inner}</properties>" if inner else ""
    return f'  <object id="{{id}}" type="{cls}" {position}>{properties}{shape}</object>'


def standard_objects(geo: Geometry) -> list[str]:
    return [
        polygon_over(geo, [(0, 0), (1, 0), (0, 1)], "spawn", player=1),
        polygon_over(geo, [(0, 4), (0, 5), (1, 5)], "spawn", player=1),
        polygon_over(geo, [(7, 0), (8, 0), (8, 1)], "spawn", player=2),
        polygon_over(geo, [(8, 4), (7, 5), (8, 5)], "spawn", player=2),
        point_at(geo, 1, 2, "king", player=1),
        point_at(geo, 7, 2, "king", player=2),
        point_at(geo, 4, 3, "store", sets="base"),
    ]


def write_hex_map(folder: Path, variant: tuple[str, str, int, int, int], *,
                  objects: list[str] | None = None, attrs: dict[str, str] | None = None,
                  props: dict[str, str] | None = None, grid: str = GRID) -> Path:
    axis, index, width, height, side = variant
    geo = board(axis, index, width, height, side, grid)
    tsx = tileset(folder, width, height)
    rows = grid.strip("\n").split("\n")
    data = ",\n".join(",".join(str(TYPES.index(DEFAULT_SYMBOLS[ch]) + 1) for ch in row)
                      for row in rows)
    map_attrs = {"version": "1.10", "orientation": "hexagonal", "renderorder": "right-down",
                 "width": str(len(rows[0])), "height": str(len(rows)),
                 "tilewidth": str(width), "tileheight": str(height), "infinite": "0",
                 "hexsidelength": str(side), "staggeraxis": axis, "staggerindex": index,
                 **(attrs or {})}
    head = " ".join(f'{k}="{v}"' for k, v in map_attrs.items())
    merged = {"players": "2", "income": "3", "start_deck": "4 Coin, 3 Recruit",
              "win_condition": "king", **(props or {})}
    properties = "".join(
        f'<property name="{k}" type="int" value="{v}"/>' if k in ("players", "income")
        else f'<property name="{k}" value="{v}"/>' for k, v in merged.items())
    body = "\n".join(o.replace("{id}", str(i + 1))
                     for i, o in enumerate(standard_objects(geo) if objects is None
                                           else objects))
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n<map {head}>\n'
            f" <properties>{properties}</properties>\n"
            f' <tileset firstgid="1" source="{tsx.name}"/>\n'
            f' <layer id="1" name="terrain" width="{len(rows[0])}" height="{len(rows)}">\n'
            f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n'
            f' <objectgroup id="2" name="objects">\n{body}\n </objectgroup>\n</map>\n')
    path = folder / "hex-map.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path) -> list[tuple[str, str, str]]:
    return [(p.element, p.expected, p.found) for p in check_tmx(path)]


def has(problems: list[tuple[str, str, str]], element: str, expected: str, found: str) -> bool:
    return any(element in e and expected in x and found in f for e, x, f in problems)


# ---------------------------------------------------------------------------- valid maps


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"stagger-{v[0]}-{v[1]}")
def test_a_hex_map_loads_with_its_layout_and_objects_on_their_cells(
        tmp_path: Path, variant: tuple[str, str, int, int, int]) -> None:
    path = write_hex_map(tmp_path, variant)
    assert problems_of(path) == []
    spec = load_tmx(path)
    axis, index, width, height, side = variant
    assert spec.geometry == "hex"
    assert dict(spec.geometry_params) == {
        "tile_width": width, "tile_height": height, "stagger_axis": axis,
        "stagger_index": index, "hex_side_length": side}
    geo = spec.grid()
    cell = geo.grid_to_tile
    # the terrain is read cell by cell in Tiled's row-major order
    assert spec.type_at(cell(3, 0)) == "house" and spec.type_at(cell(4, 3)) == "store"
    assert spec.type_at(cell(2, 2)) == "water" and spec.type_at(cell(4, 4)) == "tower"
    # interior cells have six neighbours, and they are the cells drawn next to it
    for col in range(1, 8):
        for row in range(1, 5):
            assert len(geo.neighbours(cell(col, row))) == 6
    # points, polygons: on the cells Tiled draws them on
    kings = {p.player: p.tile for p in spec.placements}
    assert kings == {0: cell(1, 2), 1: cell(7, 2)}
    assert {t for t, p in spec.owners.items() if p == 0} == {
        cell(0, 0), cell(1, 0), cell(0, 1), cell(0, 4), cell(0, 5), cell(1, 5)}
    assert {t for t, p in spec.owners.items() if p == 1} == {
        cell(7, 0), cell(8, 0), cell(8, 1), cell(8, 4), cell(7, 5), cell(8, 5)}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"stagger-{v[0]}-{v[1]}")
def test_a_point_near_a_corner_belongs_to_the_hex_drawn_there(
        tmp_path: Path, variant: tuple[str, str, int, int, int]) -> None:
    """Neighbouring rows (columns) of hexes overlap in their bounding boxes: a point in
    the overlap belongs to the hexagon that holds it, not to the box it falls in first."""
    axis, index, width, height, side = variant
    geo = board(*variant)
    target = geo.grid_to_tile(4, 2)
    cx, cy = geo.cell_center(target)
    # just inside the hexagon, towards the vertex that points into the other rows (columns)
    dx, dy = ((width / 2 - 3, 0) if axis == "x" else (0, height / 2 - 3))
    objects = standard_objects(geo)[:4] + [
        point_at(geo, 4, 2, "king", dx=-dx, dy=-dy, player=1),
        point_at(geo, 7, 2, "king", player=2)]
    spec = load_tmx(write_hex_map(tmp_path, variant, objects=objects))
    assert {p.player: p.tile for p in spec.placements}[0] == target
    # and a point in the bounding box's corner outside the hexagon is on the neighbour
    x, y, w, h = geo.cell_bounds(target)
    corner = geo.tile_at_pixel(x + 1, y + 1)
    assert corner != target and corner is not None and geo.adjacent(corner, target)
    assert corner != target


def test_a_tile_object_stands_on_the_cell_under_the_centre_of_its_picture(
        tmp_path: Path) -> None:
    variant = VARIANTS[0]
    geo = board(*variant)
    x, y, w, h = geo.cell_bounds(geo.grid_to_tile(2, 3))
    # Tiled keeps a tile object's bottom-left corner in x, y
    tile_king = (f'  <object id="{{id}}" type="king" gid="1" x="{x}" y="{y + h}" '
                 f'width="{w}" height="{h}"><properties><property name="player" type="int" '
                 f'value="1"/></properties></object>')
    objects = standard_objects(geo)[:4] + [tile_king, point_at(geo, 7, 2, "king", player=2)]
    spec = load_tmx(write_hex_map(tmp_path, variant, objects=objects))
    assert {p.player: p.tile for p in spec.placements}[0] == geo.grid_to_tile(2, 3)


def test_links_make_a_graph_over_the_hexes(tmp_path: Path) -> None:
    variant = VARIANTS[0]
    geo = board(*variant)
    objects = standard_objects(geo) + [link_between(geo, (2, 0), (6, 5), "alpha"),
                                       link_between(geo, (3, 3), (5, 1))]
    path = write_hex_map(tmp_path, variant, objects=objects)
    assert problems_of(path) == []
    spec = load_tmx(path)
    assert spec.geometry == "graph" and spec.geometry_params["base"] == "hex"
    a, b = geo.grid_to_tile(2, 0), geo.grid_to_tile(6, 5)
    graph = spec.grid()
    assert graph.adjacent(a, b) and graph.distance(a, b) == 1
    assert [name for *_ends, name in graph.links()] == ["alpha", f"link {len(objects)}"]
    # the graph is drawn exactly like its hexes
    assert graph.cell_center(a) == geo.cell_center(a)


def test_a_square_map_may_carry_links_too(tmp_path: Path) -> None:
    """A link is not tied to hexes: over a square board it makes a square-based graph."""
    geo = make_geometry("square-grid", 9, 6, {})
    variant_objects = [
        _object("spawn", 'x="0" y="0" width="128" height="128"', "", {"player": 1}),
        _object("spawn", 'x="448" y="0" width="128" height="128"', "", {"player": 2}),
        point_at(geo, 1, 2, "king", player=1), point_at(geo, 7, 2, "king", player=2),
        link_between(geo, (0, 5), (8, 5), "tunnel"),
    ]
    grid = "11.....22\n11.....22\n.........\n.........\n.........\n.........\n"
    tsx = tileset(tmp_path, 64, 64)
    rows = grid.strip().split("\n")
    data = ",\n".join(",".join(str(TYPES.index(DEFAULT_SYMBOLS[ch]) + 1) for ch in row)
                      for row in rows)
    body = "\n".join(o.replace("{id}", str(i + 1)) for i, o in enumerate(variant_objects))
    path = tmp_path / "square-links.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
        'width="9" height="6" tilewidth="64" tileheight="64" infinite="0">\n'
        '<properties><property name="players" type="int" value="2"/>'
        '<property name="income" type="int" value="3"/>'
        '<property name="start_deck" value="4 Coin"/>'
        '<property name="win_condition" value="king"/>'
        '<property name="geometry" value="square-grid"/></properties>\n'
        f'<tileset firstgid="1" source="{tsx.name}"/>\n'
        f'<layer id="1" name="t" width="9" height="6"><data encoding="csv">\n{data}\n'
        f'</data></layer>\n<objectgroup id="2" name="o">\n{body}\n</objectgroup>\n</map>\n',
        encoding="utf-8")
    assert problems_of(path) == []
    spec = load_tmx(path)
    assert spec.geometry == "graph"
    assert spec.geometry_params["base"] == "square-grid"
    assert spec.grid().adjacent((0, 5), (8, 5))


def test_a_hex_map_is_played_to_a_winner_and_its_save_keeps_the_layout(
        tmp_path: Path) -> None:
    """Muhq's Game on hexes: computer players finish a game, and the save written from it
    loads back onto the same hex layout and replays to the same hashes."""
    library, _ = load_cards()
    spec = load_tmx(write_hex_map(tmp_path, VARIANTS[2]))
    game = play_random_game(spec, library, 5, max_turns=200, ai=("easy",))
    assert game.winners
    saved = json.loads(json.dumps(game_to_json(game)))
    again = replay(saved, library, verify=True)
    assert again.map.geometry == "hex"
    assert dict(again.map.geometry_params) == dict(spec.geometry_params)
    assert again.state_hash() == game.state_hash()
    game.close()
    again.close()


# ---------------------------------------------------------------------------- broken maps


def _links(tmp_path: Path, *links: str) -> list[tuple[str, str, str]]:
    geo = board(*VARIANTS[0])
    return problems_of(write_hex_map(tmp_path, VARIANTS[0],
                                     objects=standard_objects(geo) + list(links)))


@pytest.mark.parametrize(("attrs", "element", "expected", "found"), [
    ({"staggeraxis": "z"}, "map staggeraxis", "'x' (flat-topped hexes)", "'z'"),
    ({"staggerindex": "first"}, "map staggerindex", "'odd' or 'even'", "'first'"),
    ({"hexsidelength": "80"}, "map hexsidelength", "from 1 to 72", "80"),
    ({"hexsidelength": "wide"}, "map hexsidelength", "whole number", "'wide'"),
    ({"tilewidth": "2"}, "map", "at least 4 pixels", "2x74"),
    ({"orientation": "isometric"}, "map", "'orthogonal' or 'hexagonal'", "'isometric'"),
    ({"tilewidth": "70"}, "tileset hex-64x74.tsx", "the map's size 70x74", "64x74"),
])
def test_a_broken_hex_layout_is_named(tmp_path: Path, attrs: dict[str, str], element: str,
                                      expected: str, found: str) -> None:
    path = write_hex_map(tmp_path, VARIANTS[0], attrs=attrs)
    problems = problems_of(path)
    assert has(problems, element, expected, found), problems
    with pytest.raises(MapError):
        load_tmx(path)


def test_broken_links_are_named(tmp_path: Path) -> None:
    geo = board(*VARIANTS[0])
    problems = _links(
        tmp_path,
        link_between(geo, (2, 0), (6, 5), extra=" 10,10"),
        link_between(geo, (2, 0), (2, 0), "loop"),
        link_between(geo, (2, 2), (3, 2), "short"),
        link_between(geo, (1, 1), (6, 4), "one"),
        link_between(geo, (6, 4), (1, 1), "again"),
        link_between(geo, (1, 1), (30, 30), "far"),
        '  <object id="{id}" type="link" x="10" y="10" width="30" height="30"/>',
    )
    assert has(problems, "(link)", "exactly two points", "a polyline of 3 points"), problems
    assert has(problems, "(link)", "two different cells", "both ends on cell (2, 0)")
    assert has(problems, "(link)", "not already neighbours", "cells (2, 2) and (3, 2)")
    assert has(problems, "(link)", "each pair of cells linked once", "already linked by 'one'")
    assert has(problems, "(link)", "both ends of the link on cells", "on no cell")
    assert has(problems, "(link)", "exactly two points", "a rectangle")


def test_a_link_takes_no_properties(tmp_path: Path) -> None:
    geo = board(*VARIANTS[0])
    link = link_between(geo, (2, 0), (6, 5), "alpha").replace(
        "><polyline", '><properties><property name="kind" value="wormhole"/></properties>'
        "<polyline")
    assert has(_links(tmp_path, link), "(link) property kind", "no properties",
               "an unknown property")


def test_a_hex_object_beyond_the_map_is_named_with_its_pixels(tmp_path: Path) -> None:
    geo = board(*VARIANTS[0])
    objects = standard_objects(geo) + [
        point_at(geo, 8, 5, "piece", dx=200, card="Recruit"),
        _object("region", 'x="-100" y="0" width="200" height="50"', "", {"points": 1}),
    ]
    problems = problems_of(write_hex_map(tmp_path, VARIANTS[0], objects=objects))
    assert has(problems, "(piece)", "a position inside the 9x6 map", "on no cell"), problems
    assert has(problems, "(region)", "a shape inside the 9x6 map", "x=-100..100"), problems


@pytest.mark.parametrize(("props", "element", "expected", "found"), [
    ({"ruleset": "chess"}, "map property ruleset", "one of duel, fleet, muhq", "'chess'"),
    ({"geometry": "square-grid"}, "map property geometry", "'hex' on a hexagonal map",
     "'square-grid'"),
])
def test_bad_ruleset_and_geometry_properties_are_named(
        tmp_path: Path, props: dict[str, str], element: str, expected: str,
        found: str) -> None:
    problems = problems_of(write_hex_map(tmp_path, VARIANTS[0], props=props))
    assert has(problems, element, expected, found), problems


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"stagger-{v[0]}-{v[1]}")
def test_neighbours_of_a_loaded_hex_map_are_the_cells_tiled_draws_touching(
        tmp_path: Path, variant: tuple[str, str, int, int, int]) -> None:
    """Two cells are neighbours exactly when their hexagons share a side (to within the
    pixel Tiled's renderer loses when the cell size minus the side length is odd)."""
    spec = load_tmx(write_hex_map(tmp_path, variant))
    geo = spec.grid()

    def sides(tile: Tile) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        corners = geo.cell_polygon(tile)
        return [(corners[i - 1], corners[i]) for i in range(len(corners))]

    def close(p: tuple[float, float], q: tuple[float, float]) -> bool:
        return abs(p[0] - q[0]) <= 1.01 and abs(p[1] - q[1]) <= 1.01

    def share_a_side(a: Tile, b: Tile) -> bool:
        return any((close(p, s) and close(q, t)) or (close(p, t) and close(q, s))
                   for p, q in sides(a) for s, t in sides(b))

    for tile in geo.cells():
        touching = {other for other in geo.cells() if other != tile and share_a_side(tile, other)}
        assert touching == set(geo.neighbours(tile)), tile
