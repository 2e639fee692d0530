"""Issue 14, point 10: boards with many players read well at every window size. The board
takes the largest tile size that fits its area, never below a readable one (a bigger map
scrolls, with a minimap in the corner that moves it); the capture regions carry their
names and points on the map; the win goal fits its box beside the board (the whole goal
on hover); six players' chips fit the top bar. Driven by posted events through
``App.step`` on real game screens at 1280x800, 1024x768 and 800x600.

Set ``SNAPSHOT_DIR`` to save the screens as PNG files there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import click, key, record_legal, snap  # noqa: E402

from game.client.app import App  # noqa: E402
from game.client.board_view import READABLE_CELL, READABLE_SLACK  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.maps.regions import name_unnamed, where_on_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.mapmodel import Region  # noqa: E402

CONTENT = load_content(user_dir=None)
SIZES = [(1280, 800), (1024, 768), (800, 600)]


#: saves and settings in a temporary folder, pygame shut down after (conftest.py)
pytestmark = pytest.mark.usefixtures("own_folders")


def board(map_name: str, size: tuple[int, int]) -> tuple[App, BoardScene, Session]:
    """A game on ``map_name`` (every seat but the first a computer) on the board screen
    of a window ``size`` big."""
    spec = find_map(map_name, library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, spec.players, 3, sets=spec.sets or ("base",),
                      draft=spec.draft or "1x[2;8]")
    seats = [Seat(True)] + [Seat(False, "easy") for _ in range(spec.players - 1)]
    session = Session.new(setup, seats, autosave=False)
    app = App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0), size=size)
    scene = BoardScene(app, session)
    app.start(scene)
    app.step([])
    return app, scene, session


def shown_map(scene: BoardScene) -> pygame.Rect:
    """The part of the board area the map's picture covers."""
    view = scene.view
    placed = pygame.Rect(view.rect.left + view.origin[0], view.rect.top + view.origin[1],
                         *view.layout.size)
    return placed.clip(scene.board_rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("map_name", ["4P-islands", "3P-ring-street", "the-kraken",
                                      "the-tyrant"])
def test_a_many_player_board_fills_its_area_at_a_readable_size(
        map_name: str, size: tuple[int, int]) -> None:
    app, scene, _ = board(map_name, size)
    snap(app, f"layout-{map_name}-{size[0]}")
    view = scene.view
    assert view.cell >= READABLE_CELL - READABLE_SLACK, (view.cell, size)
    covered = shown_map(scene)
    area = scene.board_rect
    assert covered.width >= 0.85 * area.width or covered.height >= 0.85 * area.height, \
        (covered, area)
    if view.whole_map_shown:
        assert not scene.minimap.shown
    else:  # scrolls: the minimap stands beside the map or in the corner
        assert scene.minimap.shown and area.contains(scene.minimap.rect)


def test_islands_at_1024_scrolls_from_the_players_own_corner_and_the_minimap_moves_it(
        ) -> None:
    app, scene, session = board("4P-islands", (1024, 768))
    sent = record_legal(session)
    view = scene.view
    assert view.cell >= READABLE_CELL and not view.whole_map_shown
    home = scene.view.home
    assert home is not None and view.is_visible(home), "the first seat's spawn shows"
    minimap = scene.minimap
    assert minimap.shown and not minimap.rect.colliderect(view.rect), \
        "beside the map, where it covers none of it"
    click(app, minimap.rect.center, press=False)
    assert scene.terrain_hint == "" and scene.hovered == 0, "the minimap hides what is under"
    before = view.origin
    click(app, (minimap.rect.centerx, minimap.rect.bottom - 3))  # the map's bottom edge
    assert view.origin != before and not sent
    bottom = max(view.geometry.cells(), key=lambda t: (t[1], t[0]))
    assert view.is_visible(bottom)
    for _ in range(12):  # zooming out all the way shows the whole map: no minimap
        key(app, pygame.K_MINUS)
    assert view.whole_map_shown and not scene.minimap.shown


@pytest.mark.parametrize("map_name", ["4P-islands", "6P-fleet-six-suns",
                                      "4P-fleet-crossroads", "2P-skirmish-highlands"])
def test_capture_regions_show_their_names_and_points_on_the_map(map_name: str) -> None:
    app, scene, _ = board(map_name, (1024, 768))
    view = scene.view
    key(app, pygame.K_MINUS)  # the whole map (a scrolling one zooms out to it)
    for _ in range(12):
        if view.whole_map_shown:
            break
        key(app, pygame.K_MINUS)
    snap(app, f"regions-{map_name}")
    regions = {(r.name, r.points) for r in scene.game.map.regions}
    drawn = view.region_labels
    assert {(label.name, label.points) for label, _ in drawn} == regions
    for label, rect in drawn:
        assert label.text == f"{label.name} ★{label.points}"
        assert view.rect.contains(rect), (label, rect)
    rects = [rect for _, rect in drawn]
    for i, rect in enumerate(rects):
        assert rect.collidelist(rects[i + 1:]) < 0, "two region names overlap"


def test_the_region_where_the_stick_scores_shows_its_name_alone() -> None:
    """2P-stick-meadow's heart scores nothing of its own (win_region: the stick scores
    there), so its plate names it without points."""
    app, scene, _ = board("2P-stick-meadow", (1024, 768))
    snap(app, "regions-2P-stick-meadow")
    drawn = scene.view.region_labels
    assert [label.text for label, _ in drawn] == ["Heart of the Meadow"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("map_name", ["4P-islands", "the-kraken", "6P-fleet-six-suns",
                                      "3P-fleet-triad"])
def test_the_win_goal_fits_its_box_and_reads_whole_on_hover(
        map_name: str, size: tuple[int, int]) -> None:
    app, scene, _ = board(map_name, size)
    goal = scene.goal
    assert goal.lines and goal.lines[0] == (scene.game.map.title or scene.game.map.name)
    for drawn in goal.line_rects:
        assert goal.rect.contains(drawn), (drawn, goal.rect, goal.lines)
    assert not goal.rect.colliderect(scene.stack.rect) and \
        not goal.rect.colliderect(scene.log.rect)
    click(app, goal.rect.center, press=False)
    prompt, _ = scene._prompt_text()  # noqa: SLF001 - the line above the board
    assert goal.goal and goal.goal in prompt
    assert scene.bar.rect.bottom <= goal.rect.top


@pytest.mark.parametrize("size", SIZES)
def test_six_players_fit_the_top_bar(size: tuple[int, int]) -> None:
    app, scene, _ = board("6P-fleet-six-suns", size)
    snap(app, f"bar-6P-{size[0]}")
    bar = scene.bar
    chips = [rect for rect, _ in bar.chips]
    assert [p for _, p in bar.chips] == list(range(6))
    for i, rect in enumerate(chips):
        assert bar.rect.contains(rect), (rect, bar.rect)
        assert rect.collidelist(chips[i + 1:]) < 0
    assert scene.board_rect.top >= bar.rect.bottom


def test_a_region_without_a_name_is_named_after_where_it_lies() -> None:
    assert [where_on_map(x, y) for x, y in ((0.1, 0.1), (0.5, 0.5), (0.9, 0.5), (0.5, 0.9))] \
        == ["North-west", "Centre", "East", "South"]
    tiles = frozenset({(0, 0)})
    named = name_unnamed([Region("", tiles), Region("East region", tiles),
                          Region("", tiles), Region("", tiles)],
                         {0: (0.1, 0.1), 2: (0.9, 0.4), 3: (0.95, 0.6)})
    assert [r.name for r in named] == ["North-west region", "East region",
                                       "East region 2", "East region 3"]
