"""The geometry registry: square-muhq, square-grid, hex (all four Tiled stagger variants)
and graph boards, checked against the old square functions and against each other."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from game.rules.geometry import (
    GEOMETRIES,
    HEX_DIRECTIONS,
    Geometry,
    GraphGeometry,
    HexGeometry,
    SquareGridGeometry,
    SquareMuhqGeometry,
    Tile,
    make_geometry,
)

# -- reference copies of the code before the registry ------------------------------------
# The old game/rules/geometry.py and the search loop of game/rules/movement.py, with the
# game lookups replaced by sets of tiles. They are copied here so that later changes to the
# package cannot move both sides of the comparison at once.

OLD_OFFSETS: tuple[Tile, ...] = (
    (0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1),
)


def old_offset_distance(dx: int, dy: int) -> int:
    ax, ay = abs(dx), abs(dy)
    if ax > ay:
        return ax + (ay >> 1)
    return ay + (ax >> 1)


def old_distance(a: Tile, b: Tile) -> int:
    return old_offset_distance(b[0] - a[0], b[1] - a[1])


def old_range_offsets(radius: int) -> list[Tile]:
    found = [(dx, dy) for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)
             if (dx or dy) and old_offset_distance(dx, dy) <= radius]
    found.sort(key=lambda o: (old_offset_distance(*o), o[1], o[0]))
    return found


def old_direction(origin: Tile, tile: Tile) -> Tile:
    dx, dy = tile[0] - origin[0], tile[1] - origin[1]
    ax, ay = abs(dx), abs(dy)
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if ay * 2414 < ax * 1000:
        return (sx, 0)
    if ax * 2414 < ay * 1000:
        return (0, sy)
    return (sx, sy)


def old_reachable(width: int, height: int, start: Tile, budget: int, passable: set[Tile],
                  stops: set[Tile], ends: set[Tile]) -> dict[Tile, int]:
    """movement.reachable's loop: occupied-by-self = start, crewable = ends, blocked = not
    passable, gate/water = stops."""
    if budget <= 0:
        return {}
    neighbours = {
        (x, y): [(x + dx, y + dy) for dx, dy in OLD_OFFSETS
                 if 0 <= x + dx < width and 0 <= y + dy < height]
        for y in range(height) for x in range(width)
    }
    best: dict[tuple[Tile, int], int] = {(start, 0): 0}
    buckets: list[list[tuple[Tile, int]]] = [[] for _ in range(budget + 1)]
    buckets[0].append((start, 0))
    result: dict[Tile, int] = {}
    for cost in range(budget + 1):
        for state in buckets[cost]:
            if best[state] != cost:
                continue
            tile, parity = state
            if tile != start and tile in stops:
                continue
            tx, ty = tile
            for n in neighbours[tile]:
                diagonal = n[0] != tx and n[1] != ty
                step = 2 if (diagonal and parity) else 1
                total = cost + step
                if total > budget:
                    continue
                if n == start:
                    continue
                if n in ends:
                    if result.get(n, 99) > total:
                        result[n] = total
                    continue
                if n not in passable:
                    continue
                key = (n, parity ^ 1 if diagonal else parity)
                if best.get(key, 99) <= total:
                    continue
                best[key] = total
                buckets[total].append(key)
                if result.get(n, 99) > total:
                    result[n] = total
    result.pop(start, None)
    return result


# -- the boards under test ---------------------------------------------------------------

HEX_VARIANTS = [
    {"stagger_axis": axis, "stagger_index": index}
    for axis in ("x", "y") for index in ("odd", "even")
]
HEX_CELLS = [
    {},  # 64 x 64, side 32
    {"tile_width": 56, "tile_height": 64, "hex_side_length": 30},
    {"tile_width": 71, "tile_height": 61, "hex_side_length": 21},  # odd: rounded like Tiled
]
SIZES = [(5, 4), (6, 5), (4, 7), (1, 3), (3, 1)]


def _graph_links(width: int, height: int, base: str,
                 params: dict[str, object]) -> list[tuple[Tile, Tile, str]]:
    """A far link and a middle link between tiles of the base board."""
    probe = make_geometry(base, width, height, params)
    cells = probe.cells()
    if len(cells) < 4:
        return []
    return [(cells[0], cells[-1], "wormhole"), (cells[1], cells[len(cells) // 2], "lane")]


def _all_cases() -> list[tuple[str, dict[str, object], int, int]]:
    cases: list[tuple[str, dict[str, object], int, int]] = []
    for width, height in SIZES:
        cases.append(("square-muhq", {}, width, height))
        cases.append(("square-grid", {"tile_width": 48, "tile_height": 32}, width, height))
        for variant in HEX_VARIANTS:
            for cell in HEX_CELLS:
                cases.append(("hex", {**variant, **cell}, width, height))
        hex_base: dict[str, object] = {"stagger_axis": "x", "stagger_index": "even"}
        cases.append(("graph", {**hex_base,
                                "links": _graph_links(width, height, "hex", hex_base)},
                      width, height))
        cases.append(("graph", {"base": "square-grid",
                                "links": _graph_links(width, height, "square-grid", {})},
                      width, height))
    return cases


CASES = _all_cases()
CASE_IDS = [f"{name}-{w}x{h}-" + "-".join(f"{v}" for k, v in sorted(p.items()) if k != "links")
            for name, p, w, h in CASES]


@pytest.fixture(params=CASES, ids=CASE_IDS)
def geo(request: pytest.FixtureRequest) -> Geometry:
    name, params, width, height = request.param
    return make_geometry(name, width, height, params)


def hexes(width: int = 6, height: int = 5) -> list[HexGeometry]:
    """Hex boards of every stagger variant and a few cell sizes."""
    return [HexGeometry.from_params(width, height, {**variant, **cell})
            for variant in HEX_VARIANTS for cell in HEX_CELLS]


# -- the registry ------------------------------------------------------------------------


def test_registry_names_every_geometry_module() -> None:
    assert set(GEOMETRIES) == {"square-muhq", "square-grid", "hex", "graph"}
    for name, cls in GEOMETRIES.items():
        assert cls.name == name
        assert isinstance(make_geometry(name, 4, 3), cls)


def test_unknown_geometry_names_itself_and_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"'octagon'.*'square-muhq'.*'hex'"):
        make_geometry("octagon", 4, 4)


@pytest.mark.parametrize(("name", "params", "culprit"), [
    ("square-muhq", {"tile_width": 0}, "tile_width"),
    ("square-grid", {"tile_height": "64"}, "tile_height"),
    ("square-grid", {"tile_width": True}, "tile_width"),
    ("hex", {"stagger_axis": "z"}, "stagger_axis"),
    ("hex", {"stagger_index": 1}, "stagger_index"),
    ("hex", {"hex_side_length": 64}, "hex_side_length"),
    ("hex", {"hex_side_length": 0}, "hex_side_length"),
    ("hex", {"hex_side_length": "32"}, "hex_side_length"),
    ("hex", {"tile_width": 2}, "tile_width"),
    ("graph", {"base": "graph"}, "base"),
    ("graph", {"base": "triangle"}, "base"),
    ("graph", {"links": "wormhole"}, "links"),
    ("graph", {"links": [((0, 0), (1, 1))]}, "links"),
    ("graph", {"links": [((0, 0), (99, 99), "far")]}, "links"),
    ("graph", {"links": [((0, 0), (0, 0), "loop")]}, "links"),
    ("graph", {"links": [((0, 0), (2, 2), "a"), ((2, 2), (0, 0), "b")]}, "links"),
    ("graph", {"links": [((0, 0), (2, 2), "")]}, "links"),
    ("graph", {"base": "square-grid", "tile_width": -3}, "tile_width"),
])
def test_bad_params_raise_value_error_naming_the_param(
        name: str, params: dict[str, object], culprit: str) -> None:
    with pytest.raises(ValueError, match=culprit):
        make_geometry(name, 5, 5, params)


def test_bad_map_size_raises_value_error() -> None:
    with pytest.raises(ValueError, match="width"):
        make_geometry("hex", 0, 5)
    with pytest.raises(ValueError, match="height"):
        make_geometry("square-muhq", 3, -1)


def test_unused_params_are_ignored() -> None:
    geo = make_geometry("square-muhq", 3, 3, {"stagger_axis": "x", "title": "x"})
    assert geo.tile_width == 64 and geo.tile_height == 64


# -- every geometry ----------------------------------------------------------------------


def test_index_is_the_position_in_cells(geo: Geometry) -> None:
    cells = geo.cells()
    assert len(cells) == geo.width * geo.height == len(set(cells))
    for i, tile in enumerate(cells):
        assert geo.index(tile) == i
        assert geo.contains(tile)
    with pytest.raises(ValueError):
        geo.index((999, 999))
    assert not geo.contains((999, 999))


def test_grid_and_tile_round_trip_in_row_major_order(geo: Geometry) -> None:
    cells = geo.cells()
    for row in range(geo.height):
        for col in range(geo.width):
            tile = geo.grid_to_tile(col, row)
            assert cells[row * geo.width + col] == tile
            assert geo.tile_to_grid(tile) == (col, row)


def test_square_tiles_are_column_row_pairs() -> None:
    for name in ("square-muhq", "square-grid"):
        geo = make_geometry(name, 4, 3)
        assert geo.cells() == tuple((x, y) for y in range(3) for x in range(4))


@pytest.mark.parametrize("scale", [1.0, 0.75, 2.0])
def test_cell_centre_maps_back_to_its_tile(geo: Geometry, scale: float) -> None:
    for tile in geo.cells():
        assert geo.tile_at_pixel(*geo.cell_center(tile, scale), scale) == tile


def test_points_just_outside_the_map_hit_no_tile(geo: Geometry) -> None:
    width, height = geo.pixel_size()
    for tile in geo.cells():
        cx, cy = geo.cell_center(tile)
        for x, y in ((-0.5, cy), (cx, -0.5), (width + 0.5, cy), (cx, height + 0.5)):
            assert geo.tile_at_pixel(x, y) is None
    assert geo.tile_at_pixel(-1.0, -1.0, 2.0) is None
    assert geo.tile_at_pixel(width * 2 + 1, height * 2 + 1, 2.0) is None


def test_cells_lie_inside_the_map_and_touch_its_edges(geo: Geometry) -> None:
    width, height = geo.pixel_size(1.5)
    xs: list[float] = []
    ys: list[float] = []
    for tile in geo.cells():
        x, y, w, h = geo.cell_bounds(tile, 1.5)
        corners = geo.cell_polygon(tile, 1.5)
        assert len(corners) == (6 if isinstance(geo, HexGeometry)
                                or isinstance(getattr(geo, "base", None), HexGeometry) else 4)
        for px, py in corners:
            assert x - 1e-9 <= px <= x + w + 1e-9 and y - 1e-9 <= py <= y + h + 1e-9
            xs.append(px)
            ys.append(py)
    assert min(xs) >= 0 and min(ys) >= 0
    assert max(xs) == pytest.approx(width) and max(ys) == pytest.approx(height)
    if geo.width > 1 and geo.height > 1:  # a lone pushed hex row leaves a gap above it
        assert min(xs) == 0 and min(ys) == 0


def test_sampled_points_fall_in_the_polygon_of_the_tile_found(geo: Geometry) -> None:
    rng = random.Random(7)
    width, height = geo.pixel_size()
    hits = 0
    for _ in range(300):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        tile = geo.tile_at_pixel(x, y)
        if tile is None:
            continue
        hits += 1
        corners = geo.cell_polygon(tile)
        # Inside a convex polygon: the point is on the same side of every edge.
        sides = {math.copysign(1, (bx - ax) * (y - ay) - (by - ay) * (x - ax))
                 for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True)}
        assert len(sides) == 1
    assert hits > 150


def test_distance_is_a_metric_whose_unit_is_adjacency(geo: Geometry) -> None:
    cells = geo.cells()
    for a in cells:
        for b in cells:
            d = geo.distance(a, b)
            assert d == geo.distance(b, a)
            assert (d == 0) == (a == b)
            assert (d == 1) == geo.adjacent(a, b) == (b in geo.neighbours(a))
    if isinstance(geo, SquareMuhqGeometry):
        return  # the rulebook's range breaks the triangle inequality: see the next test
    rng = random.Random(3)
    for _ in range(400):
        a, b, c = rng.choice(cells), rng.choice(cells), rng.choice(cells)
        assert geo.distance(a, c) <= geo.distance(a, b) + geo.distance(b, c)


def test_square_muhq_range_is_not_a_triangle_metric() -> None:
    # Range 4 from (4, 0) to (2, 3), yet 1 + 2 through (3, 1): the saved diagonal step
    # is paid for only when two diagonal steps are counted together.
    geo = SquareMuhqGeometry(5, 4)
    assert geo.distance((4, 0), (2, 3)) == 4
    assert geo.distance((4, 0), (3, 1)) + geo.distance((3, 1), (2, 3)) == 3


def test_neighbours_are_on_board_and_unique(geo: Geometry) -> None:
    for tile in geo.cells():
        around = geo.neighbours(tile)
        assert len(set(around)) == len(around)
        assert tile not in around
        assert all(geo.contains(n) for n in around)


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 5])
def test_within_is_the_ball_sorted_nearest_first(geo: Geometry, radius: int) -> None:
    for origin in geo.cells():
        found = geo.within(origin, radius)
        expected = {t for t in geo.cells() if 0 < geo.distance(origin, t) <= radius}
        assert set(found) == expected and len(found) == len(expected)
        distances = [geo.distance(origin, t) for t in found]
        assert distances == sorted(distances)
        assert geo.within(origin, radius) is found  # cached


@pytest.mark.parametrize("budget", [1, 2, 3, 4])
def test_reachable_on_an_open_board_is_the_ball_at_metric_cost(
        geo: Geometry, budget: int) -> None:
    if isinstance(geo, SquareGridGeometry) or (
            isinstance(geo, GraphGeometry) and isinstance(geo.base, SquareGridGeometry)):
        pytest.skip("square-grid walks orthogonally: see its own test")
    everything = frozenset(geo.cells())
    for origin in geo.cells():
        found = geo.reachable(origin, budget, everything)
        assert found == {t: geo.distance(origin, t) for t in geo.within(origin, budget)}


def test_line_between_lists_the_tiles_on_a_straight_line(geo: Geometry) -> None:
    cells = geo.cells()
    for a in cells:
        for b in cells:
            line = geo.line_between(a, b)
            if a == b:
                assert line is None
                continue
            if line is None:
                continue
            path = [a, *line, b]
            heading = geo.direction(a, b)
            assert heading is not None
            for here, there in itertools.pairwise(path):
                assert geo.step(here, heading) == there


def test_step_leaves_the_board_as_none(geo: Geometry) -> None:
    corner = geo.cells()[0]
    heading = geo.direction(corner, geo.cells()[-1])
    if heading is None:
        return
    back = geo.direction(geo.cells()[-1], corner)
    assert back is not None
    assert geo.step(corner, back) is None
    assert geo.direction(corner, corner) is None


# -- square-muhq against the old functions -----------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(11, 11), (7, 4), (3, 9), (1, 1)])
def test_square_muhq_matches_the_old_metric_within_and_direction(
        width: int, height: int) -> None:
    geo = SquareMuhqGeometry(width, height)
    for a in geo.cells():
        for b in geo.cells():
            assert geo.distance(a, b) == old_distance(a, b)
            assert geo.direction(a, b) == (None if a == b else old_direction(a, b))
            if a != b:
                step = geo.step(a, old_direction(a, b))
                d = old_direction(a, b)
                assert step == (a[0] + d[0], a[1] + d[1])
        for radius in range(0, 6):
            expected = [(a[0] + dx, a[1] + dy) for dx, dy in old_range_offsets(radius)
                        if 0 <= a[0] + dx < width and 0 <= a[1] + dy < height]
            assert list(geo.within(a, radius)) == expected


def _random_board(rng: random.Random, width: int, height: int,
                  walls: float) -> tuple[set[Tile], set[Tile], set[Tile]]:
    cells = [(x, y) for y in range(height) for x in range(width)]
    passable = {t for t in cells if rng.random() > walls}
    stops = {t for t in passable if rng.random() < 0.15}
    ends = {t for t in cells if t not in passable and rng.random() < 0.3}
    return passable, stops, ends


def test_square_muhq_reachable_matches_the_old_movement_search() -> None:
    rng = random.Random(11)
    compared = 0
    for width, height in ((9, 9), (12, 7), (5, 13)):
        geo = SquareMuhqGeometry(width, height)
        for _ in range(150):
            passable, stops, ends = _random_board(rng, width, height, rng.choice((0, .2, .4)))
            start = rng.choice(geo.cells())
            budget = rng.randint(0, 7)
            expected = old_reachable(width, height, start, budget, passable, stops, ends)
            found = geo.reachable(start, budget, passable, stops, ends)
            assert found == expected
            # An empty terrain map changes nothing (and takes the general walk, which a
            # budget of 1 skips: same tiles, same costs, in the same order)
            walked = geo.reachable(start, budget, passable, stops, ends, {})
            assert list(walked.items()) == list(found.items())
            compared += bool(expected)
    assert compared > 300


def test_square_muhq_reachable_respects_stops_and_ends() -> None:
    geo = SquareMuhqGeometry(7, 1)
    row = {(x, 0) for x in range(7)}
    # A gate at (2, 0) ends the walk; a friendly unit at (4, 0) can be crewed, not crossed.
    assert geo.reachable((0, 0), 6, row, stops={(2, 0)}) == {(1, 0): 1, (2, 0): 2}
    assert geo.reachable((0, 0), 6, row - {(4, 0)}, ends={(4, 0)}) == {
        (1, 0): 1, (2, 0): 2, (3, 0): 3, (4, 0): 4}
    # The start is left even when it is a stop; terrain costs add to the steps.
    assert geo.reachable((0, 0), 3, row, stops={(0, 0)}, extra_cost={(2, 0): 1}) == {
        (1, 0): 1, (2, 0): 3}


def test_square_muhq_every_second_diagonal_costs_two() -> None:
    geo = SquareMuhqGeometry(5, 5)
    found = geo.reachable((0, 0), 4, frozenset(geo.cells()))
    assert found[(1, 1)] == 1 and found[(2, 2)] == 3 and found[(3, 3)] == 4
    assert found[(4, 1)] == 4 and (4, 2) not in found and (4, 4) not in found
    # Through a corridor of diagonals only, the parity carries across orthogonal steps.
    corridor = {(1, 1), (1, 2), (2, 3)}
    assert geo.reachable((0, 0), 5, corridor) == {(1, 1): 1, (1, 2): 2, (2, 3): 4}


# -- square-grid -------------------------------------------------------------------------


def test_square_grid_reach_is_chebyshev_and_walks_are_orthogonal() -> None:
    geo = SquareGridGeometry(9, 5)
    assert geo.distance((0, 0), (3, 2)) == 3
    assert set(geo.neighbours((4, 2))) == {(4 + dx, 2 + dy) for dx in (-1, 0, 1)
                                           for dy in (-1, 0, 1) if dx or dy}
    assert geo.neighbours((4, 2))[:4] == geo.orthogonal_neighbours((4, 2))
    assert geo.orthogonal_neighbours((0, 0)) == ((1, 0), (0, 1))
    everything = frozenset(geo.cells())
    for origin in geo.cells():
        found = geo.reachable(origin, 3, everything)
        manhattan = {t: abs(t[0] - origin[0]) + abs(t[1] - origin[1]) for t in geo.cells()}
        assert found == {t: d for t, d in manhattan.items() if 0 < d <= 3}


def test_square_grid_diagonal_needs_a_free_orthogonal_tile() -> None:
    geo = SquareGridGeometry(9, 5)
    start = (4, 2)
    blocked = frozenset(geo.cells()) - {(5, 2), (4, 1)}
    assert (5, 1) not in geo.reachable(start, 2, blocked)
    assert geo.reachable(start, 2, blocked | {(4, 1)})[(5, 1)] == 2
    assert geo.reachable(start, 1, frozenset(geo.cells()), extra_cost={(5, 2): 1}) == {
        (4, 1): 1, (4, 3): 1, (3, 2): 1}


# -- hex ---------------------------------------------------------------------------------


def _layout(geo: HexGeometry) -> tuple[float, float]:
    """Tiled's column width and row height for the map, recomputed from its settings."""
    tw, th = geo.tile_width & ~1, geo.tile_height & ~1
    side = geo.hex_side_length
    if geo.stagger_axis == "x":
        return ((tw - side) // 2 + side, th // 2)
    return (tw // 2, (th - side) // 2 + side)


def test_hex_cells_sit_where_tiled_draws_them() -> None:
    # Hand-worked from Tiled's HexagonalRenderer::tileToScreenCoords for 64 x 64 cells
    # with 32-pixel sides: stagger "y" rows are 48 apart, a pushed row moves 32 right;
    # stagger "x" columns are 48 apart, a pushed column moves 32 down.
    y_odd = HexGeometry(3, 3, stagger_axis="y", stagger_index="odd")
    assert y_odd.cell_bounds(y_odd.grid_to_tile(1, 1)) == (96, 48, 64, 64)
    assert y_odd.cell_bounds(y_odd.grid_to_tile(1, 2)) == (64, 96, 64, 64)
    assert y_odd.pixel_size() == (3 * 64 + 32, 3 * 48 + 16)
    y_even = HexGeometry(3, 3, stagger_axis="y", stagger_index="even")
    assert y_even.cell_bounds(y_even.grid_to_tile(0, 0)) == (32, 0, 64, 64)
    assert y_even.cell_bounds(y_even.grid_to_tile(0, 1)) == (0, 48, 64, 64)
    x_even = HexGeometry(3, 2, stagger_axis="x", stagger_index="even")
    assert x_even.cell_bounds(x_even.grid_to_tile(0, 0)) == (0, 32, 64, 64)
    assert x_even.cell_bounds(x_even.grid_to_tile(1, 1)) == (48, 64, 64, 64)
    assert x_even.pixel_size() == (3 * 48 + 16, 2 * 64 + 32)
    assert x_even.cell_polygon(x_even.grid_to_tile(1, 0)) == (
        (48, 32), (64, 0), (96, 0), (112, 32), (96, 64), (64, 64))
    # Odd sizes are rounded down to even numbers, as Tiled does.
    odd = HexGeometry(2, 2, tile_width=71, tile_height=61, hex_side_length=21)
    assert odd.cell_bounds(odd.grid_to_tile(1, 1))[2:] == (70, 60)


def test_hex_neighbour_centres_are_equidistant_from_the_centre() -> None:
    # Whole pixels cannot make a hexagon exactly regular (its height over width is
    # irrational), so distances are measured after scaling the axes by Tiled's column
    # width and row height to the unit lattice of a regular hex grid.
    for geo in hexes(7, 6):
        column, row = _layout(geo)
        sx, sy = ((math.sqrt(3) / column, 1 / row) if geo.stagger_axis == "x"
                  else (1 / column, math.sqrt(3) / row))
        for tile in geo.cells():
            cx, cy = geo.cell_center(tile)
            lengths = [math.hypot((x - cx) * sx, (y - cy) * sy)
                       for x, y in (geo.cell_center(n) for n in geo.neighbours(tile))]
            assert max(lengths) - min(lengths) <= 1e-6 * max(lengths)
            assert lengths[0] == pytest.approx(2.0)


def test_nearly_regular_hex_cells_give_nearly_equal_pixel_distances() -> None:
    for params in ({"tile_width": 222, "tile_height": 256, "hex_side_length": 128},
                   {"stagger_axis": "x", "tile_width": 256, "tile_height": 222,
                    "hex_side_length": 128}):
        geo = HexGeometry.from_params(5, 5, params)
        centre = geo.grid_to_tile(2, 2)
        cx, cy = geo.cell_center(centre)
        lengths = [math.hypot(x - cx, y - cy)
                   for x, y in (geo.cell_center(n) for n in geo.neighbours(centre))]
        assert len(lengths) == 6
        assert max(lengths) - min(lengths) < 0.005 * max(lengths)


def test_hex_neighbours_share_a_side() -> None:
    # Only when the cell size minus the side length is even: otherwise Tiled's integer
    # rounding makes neighbouring hexagons overlap by a pixel.
    even = [geo for geo in hexes()
            if (((geo.tile_width if geo.stagger_axis == "x" else geo.tile_height) & ~1)
                - geo.hex_side_length) % 2 == 0]
    assert len(even) == 8
    for geo in even:
        for tile in geo.cells():
            corners = set(geo.cell_polygon(tile))
            for n in geo.neighbours(tile):
                assert len(corners & set(geo.cell_polygon(n))) == 2


def test_hex_steps_in_one_direction_make_a_straight_pixel_line() -> None:
    for geo in hexes(9, 9):
        middle = geo.grid_to_tile(4, 4)
        for heading in HEX_DIRECTIONS:
            path = [middle]
            while (nxt := geo.step(path[-1], heading)) is not None:
                path.append(nxt)
            assert len(path) >= 4
            (x0, y0), (x1, y1) = geo.cell_center(path[0]), geo.cell_center(path[1])
            for tile in path[2:]:
                x, y = geo.cell_center(tile)
                assert abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) < 1e-6
            assert [geo.distance(middle, t) for t in path] == list(range(len(path)))


def test_hex_direction_snaps_to_the_nearest_of_six() -> None:
    geo = HexGeometry(9, 9)
    origin = geo.grid_to_tile(4, 4)
    for heading in HEX_DIRECTIONS:
        far = (origin[0] + 3 * heading[0], origin[1] + 3 * heading[1])
        assert geo.direction(origin, far) == heading
        assert geo.line_between(origin, far) == tuple(
            (origin[0] + k * heading[0], origin[1] + k * heading[1]) for k in (1, 2))
    # Two steps east and one north-east is nearer to east than to anything else.
    assert geo.direction(origin, (origin[0] + 3, origin[1] - 1)) == (1, 0)
    assert geo.line_between(origin, (origin[0] + 3, origin[1] - 1)) is None
    assert geo.direction(origin, origin) is None
    with pytest.raises(ValueError):
        geo.step(origin, (1, 1))


def test_hex_reachable_honours_passable_stops_ends_and_terrain() -> None:
    geo = HexGeometry(7, 7)
    start = geo.grid_to_tile(3, 3)
    everything = frozenset(geo.cells())
    ring = set(geo.neighbours(start))
    # Walled in: only the walls that are ends can be reached.
    friend = next(iter(ring))
    assert geo.reachable(start, 3, everything - ring, ends={friend}) == {friend: 1}
    # A stop is entered but not left.
    assert geo.reachable(start, 3, ring, stops=ring) == dict.fromkeys(ring, 1)
    # Terrain: an extra cost of 1 on every tile makes each step cost 2.
    heavy = dict.fromkeys(geo.cells(), 1)
    assert geo.reachable(start, 4, everything, extra_cost=heavy) == {
        t: 2 * geo.distance(start, t) for t in geo.within(start, 2)}
    with pytest.raises(ValueError, match="negative"):
        geo.reachable(start, 3, everything, extra_cost={friend: -1})


# -- graph -------------------------------------------------------------------------------


def _wormhole_board() -> tuple[GraphGeometry, Tile, Tile]:
    plain = HexGeometry(8, 6)
    a, b = plain.grid_to_tile(0, 0), plain.grid_to_tile(7, 5)
    geo = make_geometry("graph", 8, 6, {"links": [(list(a), list(b), "wormhole")]})
    assert isinstance(geo, GraphGeometry)
    return geo, a, b


def test_graph_wormhole_makes_far_hexes_adjacent() -> None:
    geo, a, b = _wormhole_board()
    assert geo.base.distance(a, b) > 5
    assert geo.distance(a, b) == 1 and geo.adjacent(a, b) and geo.adjacent(b, a)
    assert b in geo.neighbours(a) and geo.neighbours(a)[:-1] == geo.base.neighbours(a)
    assert geo.linked(a) == ((b, "wormhole"),) and geo.linked(b) == ((a, "wormhole"),)
    assert geo.links() == ((a, b, "wormhole"),)
    # A neighbour of one end is two steps from the other end.
    assert all(geo.distance(n, b) == 2 for n in geo.base.neighbours(a))
    assert b in geo.within(a, 1)


def test_graph_reachable_crosses_the_wormhole() -> None:
    geo, a, b = _wormhole_board()
    everything = frozenset(geo.cells())
    found = geo.reachable(a, 2, everything)
    assert found[b] == 1
    assert all(found[n] == 2 for n in geo.base.neighbours(b))
    # The far end as a stop: reached, not passed.
    stopped = geo.reachable(a, 2, everything, stops={b})
    assert stopped[b] == 1
    assert not any(n in stopped for n in geo.base.neighbours(b))


def test_graph_direction_and_lines_never_follow_a_link() -> None:
    geo, a, b = _wormhole_board()
    assert geo.direction(a, b) == geo.base.direction(a, b)
    heading = geo.direction(a, b)
    assert heading is not None and geo.step(a, heading) != b
    assert geo.line_between(a, b) == geo.base.line_between(a, b)
    assert geo.cell_center(b) == geo.base.cell_center(b)
    assert geo.tile_at_pixel(*geo.cell_center(b)) == b


def test_graph_over_a_square_base_keeps_column_row_tiles() -> None:
    geo = make_geometry("graph", 5, 5, {"base": "square-muhq",
                                        "links": [((0, 0), (4, 4), "lane")]})
    assert isinstance(geo, GraphGeometry) and isinstance(geo.base, SquareMuhqGeometry)
    assert geo.cells()[6] == (1, 1)
    assert geo.distance((0, 0), (4, 4)) == 1
    assert geo.distance((0, 0), (2, 2)) == 2  # steps, not the base's metric
    with pytest.raises(ValueError):
        geo.distance((0, 0), (99, 99))


def test_a_tile_is_named_by_its_tiled_column_and_row_on_every_board() -> None:
    """Texts (the log, the stack, messages) name a tile as Tiled shows it: on a square
    board its id, on a hex board its column and row, never the axial id."""
    square = make_geometry("square-muhq", 6, 4)
    assert square.label((3, 2)) == str((3, 2)) == "(3, 2)"
    hexes = make_geometry("hex", 6, 4, {"stagger_axis": "y", "stagger_index": "odd"})
    tile = hexes.grid_to_tile(1, 3)
    assert tile != (1, 3)
    assert hexes.label(tile) == "(1, 3)"
