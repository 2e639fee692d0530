"""The board view, the minimap and the game screen on every board geometry: hex maps of
the four Tiled staggers, a graph map with links, and the square maps as before.

Every cell's centre picks back its tile at every zoom and scroll, clicks and hovers on a
cell reach that tile, highlights, region edges and links land where the geometry puts
them, the fitted view shows the whole map, and a whole game on a hex map is played through
the window with the mouse. The hex and graph maps are shipped square maps with their
cells re-addressed (``geometry_maps``).

Set ``SNAPSHOT_DIR`` to save the frames as PNG files there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import math  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from geometry_maps import HEX_VARIANTS, graph_map, hex_map  # noqa: E402
from window_driver import draft_first_cards, record_legal, upkeep_button  # noqa: E402

from game.client import settings as client_settings  # noqa: E402
from game.client import ui  # noqa: E402
from game.client.app import App  # noqa: E402
from game.client.board_view import (  # noqa: E402
    HAZARD_STRIPE,
    HIGHLIGHT_COLOURS,
    LINK_COLOUR,
    REGION_EDGE,
    BoardView,
    terrain_tiles,
)
from game.client.cells import border_sides, side_owners  # noqa: E402
from game.client.minimap import LINK_COLOUR as MINIMAP_LINK  # noqa: E402
from game.client.minimap import render_minimap  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import Game, GameSetup  # noqa: E402
from game.rules.core.actions import Action, Activate, Move  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402
from game.rules.mapmodel import MapSpec  # noqa: E402

CONTENT = load_content(include_user=False)
LIBRARY = CONTENT.library
SNAPSHOTS = os.environ.get("SNAPSHOT_DIR", "")
WINDOW = pygame.Rect(0, 0, 1280, 720)

#: every non-square board the tests draw: the four hex staggers and a graph over hexes
BOARDS = [*HEX_VARIANTS, "graph-y", "graph-x"]


def board_spec(name: str, map_name: str = "2P-ring-street") -> MapSpec:
    if name.startswith("graph-"):
        return graph_map(map_name, "y-odd" if name == "graph-y" else "x-even",
                         library=LIBRARY)
    return hex_map(map_name, name, LIBRARY)


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    ui.forget_fonts()  # fonts cached before another test's pygame.quit() are dead
    yield pygame.display.set_mode(WINDOW.size)


def new_game(spec: MapSpec) -> Game:
    game = Game(GameSetup(spec, LIBRARY, spec.players, 1, sets=("base",),
                          stores=((),) * spec.players))
    game.enter()
    return game


def snapshot(surface: pygame.Surface, name: str) -> None:
    if SNAPSHOTS:
        os.makedirs(SNAPSHOTS, exist_ok=True)
        pygame.image.save(surface, os.path.join(SNAPSHOTS, f"geometries_{name}.png"))


def near(colour: Any, wanted: tuple[int, ...], tolerance: int = 30) -> bool:
    return all(abs(colour[i] - wanted[i]) <= tolerance for i in range(3))


def empty_tiles(game: Game) -> list[tuple[int, int]]:
    """Tiles with no piece and no spawn frame (their centres show the plain terrain)."""
    return [t for t in game.map.all_tiles()
            if t not in game.board and t not in game.map.owners]


# ------------------------------------------------------------------ picking


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("rect", [WINDOW, pygame.Rect(30, 50, 700, 420)])
def test_every_cell_centre_picks_its_tile_at_every_zoom_and_scroll(
        screen: pygame.Surface, board: str, rect: pygame.Rect) -> None:
    game = new_game(board_spec(board))
    view = BoardView(game, None)
    view.draw(screen, rect)
    geometry = game.geometry
    for factor, scroll in [(1, (0, 0)), (2.0, (-130, -75)), (1.7, (55, 20)),
                           (3.1, (-999, 999)), (0.3, (7, -7)), (4.0, (-10_000, -10_000))]:
        view.zoom(factor, (rect.left + 123, rect.top + 77))
        view.scroll(*scroll)
        view.draw(screen, rect)
        seen = 0
        for tile in geometry.cells():
            centre = view.tile_center(tile)
            if rect.collidepoint(centre):
                assert view.tile_at(centre) == tile, (board, factor, scroll, tile)
                seen += 1
                # a little way towards each corner is still the same cell
                for corner in view.tile_polygon(tile):
                    point = (round(centre[0] + (corner[0] - centre[0]) * 0.6),
                             round(centre[1] + (corner[1] - centre[1]) * 0.6))
                    if rect.collidepoint(point):
                        assert view.tile_at(point) == tile, (board, factor, tile, point)
        assert seen > 0
    assert view.tile_at((rect.left - 1, rect.top)) is None


@pytest.mark.parametrize("board", ["y-odd", "x-even"])
def test_outside_the_hexes_is_no_tile(screen: pygame.Surface, board: str) -> None:
    game = new_game(board_spec(board))
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    box = view.tile_rect(game.geometry.cells()[0])
    # the corner of the first cell's box lies outside its hexagon and off the map
    assert view.tile_at((box.left, box.top)) is None
    assert view.tile_at(view.tile_center(game.geometry.cells()[0])) == game.geometry.cells()[0]


@pytest.mark.parametrize("board", BOARDS)
def test_zoom_keeps_the_cell_under_the_cursor_and_center_on_shows_a_tile(
        screen: pygame.Surface, board: str) -> None:
    game = new_game(board_spec(board, "4P-islands"))
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    geometry = game.geometry
    tile = geometry.grid_to_tile(geometry.width // 2, geometry.height // 2)  # mid-map
    cursor = view.tile_center(tile)
    for factor in (1.15, 1.5, 2.0, 1.3):
        view.zoom(factor, cursor)
        view.draw(screen, WINDOW)
        assert view.tile_at(cursor) == tile
    for target in (game.geometry.cells()[-1], game.geometry.cells()[0], tile):
        view.center_on(target)
        view.draw(screen, WINDOW)
        assert WINDOW.collidepoint(view.tile_center(target))
    assert view.tile_at(WINDOW.center) == tile  # a tile away from the edges: centred


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("size", [(1280, 720), (700, 420), (400, 900)])
def test_fit_shows_the_whole_map(screen: pygame.Surface, board: str,
                                 size: tuple[int, int]) -> None:
    game = new_game(board_spec(board, "4P-islands"))
    view = BoardView(game, None)
    rect = pygame.Rect((10, 0), size).clip(WINDOW)
    view.draw(screen, rect)
    view.zoom(2.5, rect.center)
    view.fit()
    view.draw(screen, rect)
    snapshot(screen, f"fit_{board}_{size[0]}")
    for tile in game.geometry.cells():
        assert rect.contains(view.tile_rect(tile)), (tile, view.tile_rect(tile), rect)
    width, height = game.geometry.pixel_size(view.cell / game.geometry.tile_width)
    # fitted: one more pixel per tile would not fit
    bigger = game.geometry.pixel_size((view.cell + 1) / game.geometry.tile_width)
    assert width <= rect.width and height <= rect.height
    assert bigger[0] > rect.width or bigger[1] > rect.height or view.cell == 96


# ------------------------------------------------------------------ what is drawn


@pytest.mark.parametrize("board", BOARDS)
def test_highlights_land_on_their_cells(screen: pygame.Surface, board: str) -> None:
    game = new_game(board_spec(board))
    view = BoardView(game, None)
    tiles = empty_tiles(game)
    view.draw(screen, WINDOW)
    plain = screen.copy()
    kinds = list(HIGHLIGHT_COLOURS)
    chosen = {tiles[5 + i * 9]: kind for i, kind in enumerate(kinds)}
    view.highlights = dict(chosen)
    view.draw(screen, WINDOW)
    snapshot(screen, f"highlights_{board}")
    geometry = game.geometry
    frame = max(2, view.cell // 16)
    for tile, kind in chosen.items():
        centre = view.tile_center(tile)
        assert screen.get_at(centre) != plain.get_at(centre), (board, kind)
        # the frame, just inside each side of the cell
        corners = view.tile_polygon(tile)
        for i in range(len(corners)):
            (ax, ay), (bx, by) = corners[i], corners[(i + 1) % len(corners)]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            length = math.hypot(centre[0] - mx, centre[1] - my)
            inside = 1 + frame / 2
            point = (round(mx + (centre[0] - mx) * inside / length),
                     round(my + (centre[1] - my) * inside / length))
            colours = [HIGHLIGHT_COLOURS[kind]]
            if kind == "own":  # hazard stripes: the frame's colour or its dark stripe
                colours.append(tuple(c * d // 255 for c, d in
                                     zip(HIGHLIGHT_COLOURS[kind][:3], HAZARD_STRIPE,
                                         strict=True)))
            assert any(near(screen.get_at(point), c, 40) for c in colours), (kind, i, point)
        # neighbours without a highlight are untouched at their centres
        for other in geometry.neighbours(tile):
            if other not in chosen and other not in game.board:
                spot = view.tile_center(other)
                assert screen.get_at(spot) == plain.get_at(spot), (kind, other)


@pytest.mark.parametrize("board", ["y-odd", "x-odd", "graph-y"])
def test_pieces_sit_on_their_cells_centre(screen: pygame.Surface, board: str) -> None:
    game = new_game(board_spec(board))
    view = BoardView(game, None)
    tile = empty_tiles(game)[12]
    view.draw(screen, WINDOW)
    before = screen.copy()
    game.add_permanent("Soldier", tile, 1)
    view.draw(screen, WINDOW)
    colour = ui.player_colour(1)
    box = view.tile_rect(tile)
    centre = view.tile_center(tile)
    changed = [(x, y) for y in range(box.top, box.bottom) for x in range(box.left, box.right)
               if near(screen.get_at((x, y)), colour, 12)
               and not near(before.get_at((x, y)), colour, 12)]
    assert len(changed) > 100
    # the disc's ring: as wide as it is high, its top half never covered (the attack and
    # health figures sit over the lower corners)
    left, right = min(p[0] for p in changed), max(p[0] for p in changed)
    top = min(p[1] for p in changed)
    middle_x, middle_y = (left + right) / 2, top + (right - left) / 2
    assert abs(middle_x - centre[0]) <= 3 and abs(middle_y - centre[1]) <= 3
    # the token stays inside the cell: nothing of it lands on a neighbour's centre
    for other in game.geometry.neighbours(tile):
        spot = view.tile_center(other)
        assert screen.get_at(spot) == before.get_at(spot)


def test_hex_cells_are_cut_to_their_polygon_and_outlined(screen: pygame.Surface) -> None:
    game = new_game(board_spec("y-odd"))
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    snapshot(screen, "hex_board")
    geometry = game.geometry
    first = geometry.cells()[0]
    box = view.tile_rect(first)
    # the top-left corner of the first cell's box is outside every hexagon: background
    assert screen.get_at((box.left + 1, box.top + 1))[:3] == ui.BG
    # along a side shared by two cells the outline darkens the terrain
    tile = empty_tiles(game)[20]
    neighbour = next(n for n in geometry.neighbours(tile) if n not in game.board)
    shared = set(view.tile_polygon(tile)) & set(view.tile_polygon(neighbour))
    assert len(shared) == 2
    (ax, ay), (bx, by) = sorted(shared)
    middle = (round((ax + bx) / 2), round((ay + by) / 2))
    inside = view.tile_center(tile)
    assert sum(screen.get_at(middle)[:3]) < sum(screen.get_at(inside)[:3]) + 60


def test_the_square_board_draws_square_tiles_as_before(screen: pygame.Surface) -> None:
    game = new_game(find_map("2P-ring-street", library=LIBRARY))
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    cell = view.cell
    assert view.layout.rectangular and view.layout.piece_cell == cell
    origin = view.tile_rect((0, 0)).topleft
    pictures = terrain_tiles()
    for tile in empty_tiles(game)[:30]:
        box = view.tile_rect(tile)
        assert box == pygame.Rect(origin[0] + tile[0] * cell, origin[1] + tile[1] * cell,
                                  cell, cell)
        assert view.tile_polygon(tile) == [box.topleft, (box.right, box.top),
                                           box.bottomright, (box.left, box.bottom)]
        assert view.tile_center(tile) == (box.left + cell // 2, box.top + cell // 2)
        # the tile is exactly the terrain picture, scaled: no outline, no cut
        kind = game.map.type_at(tile)
        expected = pygame.transform.smoothscale(pictures[kind].convert_alpha(), (cell, cell))
        drawn = screen.subsurface(box)
        assert pygame.image.tobytes(drawn, "RGB") == \
            pygame.image.tobytes(expected.convert(), "RGB"), tile


def test_region_edges_run_along_the_sides_that_face_out(screen: pygame.Surface) -> None:
    game = new_game(board_spec("y-even", "4P-islands"))
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    view.zoom(2.0, WINDOW.center)
    view.draw(screen, WINDOW)
    snapshot(screen, "regions")
    geometry = game.geometry
    width = max(2, view.cell // 20)
    border = inner = 0
    for region in game.map.regions:
        outside = set(border_sides(geometry, region.tiles))
        for tile in region.tiles:
            corners = view.tile_polygon(tile)
            centre = view.tile_center(tile)
            if not WINDOW.collidepoint(centre):
                continue
            for i in range(len(corners)):
                (ax, ay), (bx, by) = corners[i], corners[(i + 1) % len(corners)]
                found = 0
                for step in range(1, 20):  # along the side, half a line inside the cell
                    t = step / 20
                    px, py = ax + (bx - ax) * t, ay + (by - ay) * t
                    gap = math.hypot(centre[0] - px, centre[1] - py)
                    point = (round(px + (centre[0] - px) * (width / 2) / gap),
                             round(py + (centre[1] - py) * (width / 2) / gap))
                    if WINDOW.collidepoint(point) and near(screen.get_at(point), REGION_EDGE, 8):
                        found += 1
                if (tile, i) in outside:
                    border += 1
                    assert found >= 3, (region.name, tile, i)
                elif found:
                    inner += 1
    assert border > 10
    assert inner <= border // 10  # labels may sit on a few inner sides


def test_sides_are_shared_by_neighbouring_cells_only() -> None:
    for board in BOARDS:
        spec = board_spec(board)
        geometry = spec.grid()
        for side, tiles in side_owners(geometry).items():
            assert 1 <= len(tiles) <= 2
            if len(tiles) == 2:
                assert geometry.adjacent(*tiles), (board, side, tiles)


@pytest.mark.parametrize("board", ["graph-y", "graph-x"])
def test_links_are_drawn_between_the_linked_cells(screen: pygame.Surface, board: str) -> None:
    spec = board_spec(board)
    game = new_game(spec)
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    snapshot(screen, f"links_{board}")
    links = game.geometry.links()
    assert links
    for a, b, name in links:
        start, end = view.tile_center(a), view.tile_center(b)
        for t in (0.5, 0.3, 0.7):
            point = (round(start[0] + (end[0] - start[0]) * t),
                     round(start[1] + (end[1] - start[1]) * t))
            if view.tile_at(point) in game.board:
                continue  # a piece on the line hides it
            assert near(screen.get_at(point), LINK_COLOUR, 40), (name, t, point)
            assert view.link_at(point) == name
    # a cell far from every link has no link under it
    quiet = [t for t in empty_tiles(game)
             if all(view.link_at((x, y)) is None
                    for x, y in [view.tile_center(t)])]
    assert quiet
    plain = BoardView(new_game(hex_map("2P-ring-street", "y-odd", LIBRARY)), None)
    plain.draw(screen, WINDOW)
    assert plain.link_at(WINDOW.center) is None


# ------------------------------------------------------------------ minimap


@pytest.mark.parametrize("board", ["square", *BOARDS])
@pytest.mark.parametrize("size", [(200, 120), (60, 40), (400, 300)])
def test_minimap_draws_every_geometry(board: str, size: tuple[int, int]) -> None:
    pygame.display.init()
    spec = find_map("4P-islands", library=LIBRARY) if board == "square" \
        else board_spec(board, "4P-islands")
    picture = render_minimap(spec, size)
    assert picture.get_size() == size
    assert render_minimap(spec, size) is picture  # cached
    geometry = spec.grid()
    native = geometry.tile_width
    w, h = geometry.pixel_size(1.0)
    cell = max(1, min(math.floor(size[0] * native / w), math.floor(size[1] * native / h)))
    scale = cell / native
    mw, mh = geometry.pixel_size(scale)
    left, top = (size[0] - math.ceil(mw)) // 2, (size[1] - math.ceil(mh)) // 2
    background = 0
    for tile in geometry.cells():
        cx, cy = geometry.cell_center(tile, scale)
        if picture.get_at((left + math.floor(cx), top + math.floor(cy)))[:3] == ui.BG:
            background += 1
    assert background == 0  # every cell is drawn where the geometry puts it
    if board.startswith("graph"):
        colours = {picture.get_at((x, y))[:3] for x in range(size[0]) for y in range(size[1])}
        assert any(near(c, MINIMAP_LINK, 10) for c in colours)
    if board == "y-odd" and size == (200, 120):
        square = render_minimap(find_map("4P-islands", library=LIBRARY), size)
        assert pygame.image.tobytes(square, "RGB") != pygame.image.tobytes(picture, "RGB")
        if SNAPSHOTS:
            pygame.image.save(picture, os.path.join(SNAPSHOTS, "geometries_minimap.png"))


# ------------------------------------------------------------------ the game screen


def scene_on(spec: MapSpec, seed: int = 5) -> tuple[App, Session, list[Action]]:
    app = App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0,
                       ask_idle_units=False, ask_skipped_buy=False),
              size=(1280, 720))
    setup = GameSetup(spec, LIBRARY, spec.players, seed, ("base",), "1x[2;8]",
                      stores=(("Archer", "Paladin", "Fireball", "Healing Potion"),) * 2)
    session = Session.new(setup, [Seat(), Seat(False)], autosave=False)
    sent: list[Action] = []
    apply = session.apply

    def checked(action: Action) -> Any:
        assert action in session.legal(), f"illegal action sent: {action}"
        sent.append(action)
        return apply(action)

    session.apply = checked  # type: ignore[method-assign]
    app.start(BoardScene(app, session))
    app.step([])
    return app, session, sent


def mouse(app: App, pos: tuple[int, int], press: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    if press:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setattr(client_settings, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(client_settings, "data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(client_settings, "saves_dir", lambda: tmp_path / "saves")
    yield
    pygame.quit()
    ui.forget_fonts()


@pytest.mark.parametrize("board", ["y-odd", "x-even", "graph-y"])
def test_hover_and_click_on_a_cell_reach_its_tile(saves: None, board: str) -> None:
    app, session, sent = scene_on(board_spec(board))
    game = session.game
    spawn = game.map.spawn_tiles(0)[0]
    unit = game.add_permanent("Recruit", spawn, 0)
    for _ in range(400):  # pay the upkeep with its button, pass the rest with Space
        if game.phase is Phase.ACTION and game.actor == 0:
            break
        upkeep = getattr(app.scene, "upkeep", None)
        if game.actor != 0:
            app.step([])
        elif game.phase is Phase.UPKEEP and game.players[0].upkeep_due \
                and upkeep is not None and upkeep.pay.enabled and upkeep.pay.rect.width > 1:
            mouse(app, upkeep.pay.rect.center)
        else:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                                 unicode=" ", scancode=0))
            app.step()
    assert game.phase is Phase.ACTION and game.actor == 0
    scene = app.scene
    assert isinstance(scene, BoardScene)
    view = scene.view
    centre = view.tile_center(spawn)
    mouse(app, centre, press=False)
    assert scene.hovered == unit  # the card under the mouse shows
    mouse(app, centre)
    assert Activate(0, unit) in sent and view.selected == unit
    moves = [t for t, kind in view.highlights.items() if kind == "move"]
    assert moves and all(Move(0, unit, t) in session.legal() for t in moves)
    target = max(moves, key=lambda t: game.geometry.distance(spawn, t))
    app.step([])
    snapshot(app.screen, f"scene_{board}")
    mouse(app, view.tile_center(target))
    assert Move(0, unit, target) in sent


def test_a_whole_hex_game_through_the_window_with_the_mouse(
        saves: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.client.scenes import new_game as new_game_screen
    from game.client.scenes.draft import DraftScene
    from game.client.scenes.game_over import GameOverScene
    from game.client.scenes.menu import MenuScene
    from game.client.scenes.new_game import MapEntry, NewGameScene

    spec = find_map("2P-hex-crossing", library=LIBRARY)  # the shipped hex map
    entry = MapEntry("2P-hex-crossing", Path(spec.source), spec)
    monkeypatch.setattr(new_game_screen, "map_entries", lambda content: [entry])
    app = App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0,
                       ask_idle_units=False, ask_skipped_buy=False),
              size=(1280, 720))
    app.start(MenuScene(app, CONTENT))
    app.step([])

    def button(scene: Any, name: str) -> Any:
        for each in scene.buttons.buttons:
            if each.name == name or each.label == name:
                return each
        raise AssertionError(f"no button {name!r}")

    def key(code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="",
                                             scancode=0))
        app.step()

    mouse(app, button(app.scene, "new").rect.center)
    screen_ = app.scene
    assert isinstance(screen_, NewGameScene)
    row = next(rect for index, rect in screen_.map_rows
               if screen_.entries[index].name == entry.name)
    mouse(app, row.center)
    mouse(app, screen_.seed_rect.center)
    for digit in "2026":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, f"K_{digit}"),
                                             mod=0, unicode=digit, scancode=0))
    key(pygame.K_RETURN)
    mouse(app, button(screen_, "start").rect.center)
    assert isinstance(app.scene, DraftScene)
    session = app.scene.session
    game = session.game
    assert game.map.geometry == "hex"
    sent = record_legal(session)
    draft_first_cards(app, game, mouse)
    assert isinstance(app.scene, BoardScene)

    # the game: on each of the first turns the person activates a unit by clicking its
    # cell and walks it to the farthest blue cell; otherwise upkeep, Enter and Space
    walked = 0
    tried: set[int] = set()
    for _ in range(6000):
        scene = app.scene
        if not isinstance(scene, BoardScene):
            break
        if game.actor != 0 or game.phase is Phase.OVER:
            app.step([])
            continue
        pay = upkeep_button(scene, game)
        if pay is not None:
            mouse(app, pay.center)
            continue
        if game.phase is Phase.ACTION and game.active == 0 and not game.stack \
                and walked < 3 and game.turn not in tried:
            tried.add(game.turn)
            view = scene.view
            mine = [u for t, u in sorted(game.board.items()) if game.controller(u) == 0
                    and any(isinstance(a, Activate) and a.permanent == u for a in session.legal())]
            for unit in mine:
                here = game.tile_of(unit)
                assert here is not None
                view.center_on(here)
                app.step([])
                mouse(app, view.tile_center(here))
                moves = [t for t, kind in view.highlights.items() if kind == "move"]
                if game.activated != unit or not moves:
                    continue
                target = max(moves, key=lambda t: (game.geometry.distance(here, t), t))
                view.center_on(target)
                app.step([])
                mouse(app, view.tile_center(target))
                assert Move(0, unit, target) in sent
                walked += 1
                break
            continue
        # Space passes (the upkeep, the action and buying phases, an answer); Enter ends
        # the turn in the discard phase. (Enter before that passes on and leaves the
        # screen passing until the turn is over, which can reach into the next turn.)
        if game.phase is Phase.DISCARD:
            key(pygame.K_RETURN)
        else:
            key(pygame.K_SPACE)
    over = app.scene
    assert isinstance(over, GameOverScene), f"still {type(over).__name__} at turn {game.turn}"
    assert game.phase is Phase.OVER and game.winners
    assert walked >= 2
    kinds = {a.kind for a in sent}
    assert {"draft_pick", "activate", "move", "pass", "end_turn"} <= kinds, kinds
    mouse(app, button(over, "Back to menu").rect.center)
    assert isinstance(app.scene, MenuScene)


@pytest.mark.skipif(shutil.which("xvfb-run") is None,
                    reason="Xvfb is not installed: `apt-get install xvfb xauth` to run the "
                    "real window")
def test_the_real_window_draws_a_hex_and_a_graph_board(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent.parent
    result = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", sys.executable,
         str(root / "tools" / "screenshots.py"), str(tmp_path), "--turns", "4"],
        capture_output=True, text=True, timeout=240, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    for name in ("board-hex.png", "board-graph.png"):
        picture = pygame.image.load(str(tmp_path / name))
        assert picture.get_size() == (1280, 720)
        colours = {picture.get_at((x, y))[:3] for x in range(0, 1280, 37)
                   for y in range(0, 720, 29)}
        assert len(colours) > 40, f"{name} looks blank"


def prompt_shows_link(app: App, scene: BoardScene) -> bool:
    """Whether the prompt bar above the board is written in the links' colour."""
    strip = scene.prompt_rect
    return sum(near(app.screen.get_at((x, y)), LINK_COLOUR, 12)
               for x in range(strip.left, strip.centerx) for y in range(strip.top, strip.bottom)
               ) > 30


def test_hovering_a_link_names_it_and_its_cells_in_the_prompt_bar(saves: None) -> None:
    app, session, _ = scene_on(board_spec("graph-y"))
    game = session.game
    scene = app.scene
    assert isinstance(scene, BoardScene)
    scene.overlay = None  # the store may be open: it covers the board
    app.step([])
    view = scene.view
    geometry = game.geometry
    width, height = game.map.width, game.map.height
    # geometry_maps' wormhole and bridge, in Tiled's (column, row)
    assert [(geometry.tile_to_grid(a), geometry.tile_to_grid(b), name)
            for a, b, name in geometry.links()] == [
        ((1, 1), (width - 3, height - 2), "wormhole"),
        ((2, height - 2), (5, height - 3), "bridge")]
    wanted = {"wormhole": f"wormhole: (1, 1) ↔ ({width - 3}, {height - 2})",
              "bridge": f"bridge: (2, {height - 2}) ↔ (5, {height - 3})"}
    for a, b, name in geometry.links():
        start, end = view.tile_center(a), view.tile_center(b)
        points = [(round(start[0] + (end[0] - start[0]) * t),
                   round(start[1] + (end[1] - start[1]) * t)) for t in (0.5, 0.4, 0.6)]
        # the midpoint, or near it if a piece stands there (its card would show instead)
        point = next(p for p in points if view.tile_at(p) not in game.board)
        mouse(app, point, press=False)
        assert scene.hovered == 0
        assert scene.link_hint == wanted[name]
        assert prompt_shows_link(app, scene), name  # the prompt bar writes it
    a, b, _ = geometry.links()[0]
    # off every link (a cell's centre far from them) the usual prompt comes back
    quiet = next(t for t in empty_tiles(game)
                 if view.link_at(view.tile_center(t)) is None)
    mouse(app, view.tile_center(quiet), press=False)
    assert scene.link_hint == ""
    assert not prompt_shows_link(app, scene)
    # a piece on the line under the mouse comes first: its card shows, the link is unnamed
    start, end = view.tile_center(a), view.tile_center(b)
    point = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    tile = view.tile_at(point)
    assert tile is not None and view.link_at(point) == "wormhole"
    unit = game.board.get(tile) or game.add_permanent("Recruit", tile, 0)
    app.step([])
    mouse(app, point, press=False)
    assert scene.hovered == unit and scene.link_hint == ""
