"""The board view: the camera mapping (tile_at is the inverse of tile_rect at every zoom and
scroll), pieces in their controller's colour, highlights, the pre-rendered map that is only
rebuilt when the zoom or a tile type changes, and drawing that never changes the game.

Set ``SNAPSHOT_DIR`` to save the frames as PNG files there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from dataclasses import replace  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.client import ui  # noqa: E402
from game.client.board_view import HIGHLIGHT_COLOURS, BoardView  # noqa: E402
from game.client.live import live_lines  # noqa: E402
from game.client.panels import CardFaces, Zoom  # noqa: E402
from game.client.pieces import (  # noqa: E402
    BOOSTED_FIGURE,
    DAMAGED_FIGURE,
    FIGURE_CELL,
    HEALTH_FIGURE,
    PieceLook,
    draw_piece,
    figures,
    short_name,
)
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import Game, GameSetup  # noqa: E402
from game.rules.effects import WALL_NAME  # noqa: E402

LIBRARY = load_content(user_dir=None).library
SNAPSHOTS = os.environ.get("SNAPSHOT_DIR", "")
WINDOW = pygame.Rect(0, 0, 1280, 720)


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(WINDOW.size)


def new_game(map_name: str) -> Game:
    spec = find_map(map_name, library=LIBRARY)
    game = Game(GameSetup(spec, LIBRARY, spec.players, 1, sets=("base",),
                          stores=((),) * spec.players))
    game.enter()
    return game


def free_tiles(game: Game) -> list[tuple[int, int]]:
    return [t for t in game.map.all_tiles() if game.available(LIBRARY["Soldier"], t)]


def snapshot(surface: pygame.Surface, name: str) -> None:
    if SNAPSHOTS:
        os.makedirs(SNAPSHOTS, exist_ok=True)
        pygame.image.save(surface, os.path.join(SNAPSHOTS, f"board_view_{name}.png"))


def count_colour(surface: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int],
                 tolerance: int = 12) -> int:
    """Pixels of ``area`` within ``tolerance`` of ``colour`` (each channel)."""
    found = 0
    for y in range(area.top, area.bottom):
        for x in range(area.left, area.right):
            pixel = surface.get_at((x, y))
            if all(abs(pixel[i] - colour[i]) <= tolerance for i in range(3)):
                found += 1
    return found


def army(game: Game, count: int) -> list[int]:
    """``count`` units spread over the map, controllers taking turns."""
    tiles = free_tiles(game)
    names = ["Soldier", "Archer", "Scout", "Recruit", "Paladin"]
    step = max(1, len(tiles) // count)
    return [game.add_permanent(names[i % len(names)], tile, i % len(game.players))
            for i, tile in enumerate(tiles[::step][:count])]


# ------------------------------------------------------------------ camera


@pytest.mark.parametrize("rect", [WINDOW, pygame.Rect(30, 50, 700, 420)])
def test_tile_at_is_the_inverse_of_tile_rect_at_every_zoom_and_scroll(
        screen: pygame.Surface, rect: pygame.Rect) -> None:
    game = new_game("4P-islands")
    view = BoardView(game, None)
    view.draw(screen, rect)
    for factor, scroll in [(1, (0, 0)), (2.0, (-130, -75)), (1.7, (55, 20)), (3.1, (-999, 999)),
                           (0.3, (7, -7)), (4.0, (-10_000, -10_000))]:
        view.zoom(factor, (rect.left + 123, rect.top + 77))
        view.scroll(*scroll)
        view.draw(screen, rect)
        seen = 0
        for tile in game.map.all_tiles():
            box = view.tile_rect(tile)
            for point in (box.topleft, box.center, (box.right - 1, box.bottom - 1)):
                if rect.collidepoint(point):
                    assert view.tile_at(point) == tile, (factor, scroll, tile, point)
                    seen += 1
            outside = (box.left - 1, box.top)
            if rect.collidepoint(outside) and tile[0] == 0:
                assert view.tile_at(outside) is None
        assert seen > 0
    assert view.tile_at((rect.left - 1, rect.top)) is None


def test_zoom_keeps_the_tile_under_the_cursor_and_stays_in_range(
        screen: pygame.Surface) -> None:
    game = new_game("4P-islands")
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    cursor = (700, 300)
    under = view.tile_at(cursor)
    for factor in (1.15, 1.15, 1.5, 2.0):
        view.zoom(factor, cursor)
        assert view.tile_at(cursor) == under
    for _ in range(40):
        view.zoom(1.5, cursor)
    assert view.cell == 160
    for _ in range(60):
        view.zoom(1 / 1.5, cursor)
    assert view.cell == view.min_cell()
    assert 12 <= view.cell <= view.fit_cell(WINDOW.size)


def test_a_small_map_is_centred_and_a_big_one_scrolls_within_its_edges(
        screen: pygame.Surface) -> None:
    game = new_game("2P-ring-street")
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    spec = game.map
    width, height = spec.width * view.cell, spec.height * view.cell
    assert width <= WINDOW.width and height <= WINDOW.height
    view.scroll(300, -300)  # a map that fits doesn't move
    assert view.tile_rect((0, 0)).left == (WINDOW.width - width) // 2
    assert view.tile_rect((0, 0)).top == (WINDOW.height - height) // 2
    view.zoom(3.0, WINDOW.center)
    view.scroll(10_000, 10_000)
    assert view.tile_rect((0, 0)).topleft == (0, 0)  # the top-left corner, no further
    view.scroll(-10_000, -10_000)
    corner = view.tile_rect((spec.width - 1, spec.height - 1))
    assert corner.bottomright == WINDOW.bottomright
    view.center_on((7, 4))
    assert view.tile_at(WINDOW.center) == (7, 4)


def test_a_resized_window_keeps_the_players_zoom(screen: pygame.Surface) -> None:
    game = new_game("4P-islands")
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    fitted = view.cell
    view.zoom(2.0, WINDOW.center)
    zoomed = view.cell
    view.draw(screen, pygame.Rect(0, 0, 1000, 600))
    assert view.cell == zoomed != fitted
    view.fit()
    assert view.cell == view.fit_cell((1000, 600))


# ------------------------------------------------------------------ what is drawn


def test_a_units_tile_is_drawn_in_its_controllers_colour(screen: pygame.Surface) -> None:
    game = new_game("4P-islands")
    view = BoardView(game, None)
    tiles = free_tiles(game)
    chosen = tiles[10], tiles[40], tiles[70], tiles[100], tiles[130]
    view.draw(screen, WINDOW)
    before = [count_colour(screen, view.tile_rect(t), ui.player_colour(p))
              for p, t in enumerate(chosen[:4])]
    for player, tile in enumerate(chosen[:4]):
        game.add_permanent("Soldier", tile, player)
    game.add_permanent("Soldier", chosen[4], -1)
    view.draw(screen, WINDOW)
    snapshot(screen, "owners")
    for player, tile in enumerate(chosen[:4]):
        colour = ui.player_colour(player)
        drawn = count_colour(screen, view.tile_rect(tile), colour)
        assert drawn > before[player] + 40, (player, drawn)
        others = [count_colour(screen, view.tile_rect(tile), ui.player_colour(p))
                  for p in range(4) if p != player]
        assert drawn > 3 * max(others)
    neutral = count_colour(screen, view.tile_rect(chosen[4]), ui.NEUTRAL_COLOUR)
    assert neutral > 40


def test_each_highlight_kind_is_drawn_on_its_tile(screen: pygame.Surface) -> None:
    game = new_game("4P-islands")
    view = BoardView(game, None)
    tiles = free_tiles(game)
    view.draw(screen, WINDOW)
    plain = screen.copy()
    kinds = list(HIGHLIGHT_COLOURS)
    view.highlights = {tiles[i * 7]: kind for i, kind in enumerate(kinds)}
    view.draw(screen, WINDOW)
    snapshot(screen, "highlights")
    for tile, kind in view.highlights.items():
        box = view.tile_rect(tile)
        edge = pygame.Rect(box.left + 1, box.centery, 1, 1)  # the frame, inside the edge
        colour = HIGHLIGHT_COLOURS[kind][:3]
        if kind == "own":  # striped: the frame's colour along part of its side only
            side = pygame.Rect(box.left + 1, box.top + 6, 1, box.height - 12)
            assert 0 < count_colour(screen, side, colour, 30) < side.height - 4, kind
        else:
            assert count_colour(screen, edge, colour, 30) == 1, kind
        assert screen.get_at(box.center) != plain.get_at(box.center), kind
    untouched = view.tile_rect(tiles[1])
    assert screen.get_at(untouched.center) == plain.get_at(untouched.center)


def test_hurt_tapped_marked_and_selected_pieces_look_different(screen: pygame.Surface) -> None:
    game = new_game("4P-islands")
    view = BoardView(game, None)
    unit = game.add_permanent("Paladin", free_tiles(game)[20], 0)
    box_of = view.tile_rect
    view.draw(screen, WINDOW)
    box = box_of(game.tile_of(unit))
    pictures = [screen.subsurface(box).copy()]

    def again() -> None:
        view.draw(screen, WINDOW)
        pictures.append(screen.subsurface(box).copy())

    game.edit(unit, damage=2)
    again()
    game.add_marks(unit, "poison", 2)
    again()
    game.edit(unit, tapped=True)
    again()
    view.selected = unit
    again()
    raw = [pygame.image.tobytes(p, "RGB") for p in pictures]
    assert len(set(raw)) == len(raw)  # every change shows
    assert view.look(unit).damage == 2 and view.look(unit).health == 3
    assert view.look(unit).marks == (("poison", 2),)


def test_a_pile_shows_its_crew_and_equipment(screen: pygame.Surface) -> None:
    game = new_game("4P-islands")
    view = BoardView(game, None)
    water = [t for t in game.map.all_tiles() if game.available(LIBRARY["Ship"], t)
             and not game.available(LIBRARY["Soldier"], t)]
    ship = game.add_permanent("Ship", water[0], 1)
    sword = game.add_card("Sword", 1)
    game.put_in_pile(sword, ship, 1)
    look = view.look(ship)
    assert (look.crew, look.equipment) == (0, 1)
    sailor = game.add_card("Soldier", 1)
    game.put_in_pile(sailor, ship, 1)
    assert (view.look(ship).crew, view.look(ship).equipment) == (1, 1)


def test_walls_are_drawn_by_their_tile_and_a_damaged_wall_shows_what_is_left(
        screen: pygame.Surface) -> None:
    game = new_game("2P-castle-siege")
    view = BoardView(game, None)
    walls = [e for _, e in sorted(game.board.items()) if game.card(e).name == WALL_NAME]
    assert walls
    view.draw(screen, WINDOW)
    tile = game.tile_of(walls[0])
    box = view.tile_rect(tile)
    whole = screen.subsurface(box).copy()
    pieces = [e for e in game.board.values() if e not in walls]
    assert view.sprite_renders == len({view.look(e) for e in pieces})  # walls get no token
    game.edit(walls[0], damage=4)
    view.draw(screen, WINDOW)
    assert pygame.image.tobytes(screen.subsurface(box), "RGB") != \
        pygame.image.tobytes(whole, "RGB")


# ------------------------------------------------------------------ caches


def test_the_map_is_prerendered_once_until_the_zoom_changes(screen: pygame.Surface) -> None:
    game = new_game("4P-islands")
    army(game, 40)
    view = BoardView(game, None)
    for _ in range(10):
        view.draw(screen, WINDOW)
    assert view.map_renders == 1
    sprites = view.sprite_renders
    view.scroll(-50, -50)
    view.highlights = {(3, 3): "move", (4, 4): "attack"}
    view.draw(screen, WINDOW)
    view.draw(screen, WINDOW)
    assert view.map_renders == 1  # scrolling and highlights blit the same picture
    assert view.sprite_renders == sprites  # and the same piece sprites
    view.zoom(1.5, WINDOW.center)
    view.draw(screen, WINDOW)
    view.draw(screen, WINDOW)
    assert view.map_renders == 2
    assert view.sprite_renders > sprites  # new sizes, drawn once
    again = view.sprite_renders
    view.draw(screen, WINDOW)
    assert view.sprite_renders == again


def test_a_breached_wall_rebuilds_the_map_picture(screen: pygame.Surface) -> None:
    game = new_game("2P-castle-siege")
    view = BoardView(game, None)
    wall = next(e for _, e in sorted(game.board.items()) if game.card(e).name == WALL_NAME)
    tile = game.tile_of(wall)
    view.draw(screen, WINDOW)
    view.draw(screen, WINDOW)
    assert view.map_renders == 1
    box = view.tile_rect(tile)
    before = screen.subsurface(box).copy()
    game.destroy(wall)
    assert game.tiles[tile[1] * game.map.width + tile[0]] == "neutral"
    view.draw(screen, WINDOW)
    assert view.map_renders == 2
    snapshot(screen, "breached")
    assert pygame.image.tobytes(screen.subsurface(box), "RGB") != \
        pygame.image.tobytes(before, "RGB")
    view.draw(screen, WINDOW)
    assert view.map_renders == 2


def test_drawing_never_changes_the_game(screen: pygame.Surface) -> None:
    game = new_game("4P-islands")
    units = army(game, 40)
    view = BoardView(game, None)
    view.selected = units[3]
    view.highlights = {game.tile_of(units[4]): "attack"}
    before = game.state_hash()
    for factor in (1, 1.5, 0.5):
        view.zoom(factor, WINDOW.center)
        view.draw(screen, WINDOW)
    assert game.state_hash() == before


def test_tile_pictures_given_by_type_are_used_before_the_tileset(
        screen: pygame.Surface) -> None:
    game = new_game("2P-ring-street")
    red = pygame.Surface((64, 64))
    red.fill((255, 0, 0))
    view = BoardView(game, {"tower": red})
    view.draw(screen, WINDOW)
    tower = game.map.tiles_of_type("tower")[0]
    house = game.map.tiles_of_type("house")[0]
    assert screen.get_at(view.tile_rect(tower).center)[:3] == (255, 0, 0)
    assert screen.get_at(view.tile_rect(house).center)[:3] != (255, 0, 0)


def test_a_map_file_without_pictures_still_draws(screen: pygame.Surface) -> None:
    class Broken:
        layers: list[Any] = [object()]

    game = new_game("2P-ring-street")
    view = BoardView(game, Broken())
    view.draw(screen, WINDOW)
    assert view.map_renders == 1


# ------------------------------------------------------------------ piece sprites


def test_short_names_fit_a_token() -> None:
    assert short_name("Soldier", 40) == ["Sol"]
    assert short_name("King", 40) == ["King"]
    assert short_name("War Drummer", 40) == ["WD"]
    assert short_name("Die!", 40) == ["Die"]
    assert short_name("War Drummer", 96) == ["War", "Drummer"]


@pytest.mark.parametrize("cell", [12, 24, 40, 64, 96, 160])
def test_every_piece_shape_draws_at_every_zoom(screen: pygame.Surface, cell: int) -> None:
    for shape in ("unit", "boss", "artifact", "equipment"):
        look = PieceLook("Siege Tower", shape, 2, cell, health=12 if shape == "boss" else 3,
                         damage=1, durability=2 if shape == "equipment" else -1,
                         marks=(("poison", 2), ("rage", 1), ("ward", 1), ("odd", 1)),
                         crew=2, equipment=1, tapped=shape == "unit", selected=True)
        sprite = draw_piece(look)
        assert sprite.get_width() >= cell and sprite.get_height() >= cell


def test_the_four_player_board_with_forty_units(screen: pygame.Surface) -> None:
    """The bench's picture, saved for looking at (SNAPSHOT_DIR)."""
    game = new_game("4P-islands")
    units = army(game, 40)
    for i, unit in enumerate(units):
        if i % 3 == 0:
            game.edit(unit, damage=1)
        if i % 4 == 1:
            game.edit(unit, tapped=True)
        if i % 5 == 2:
            game.add_marks(unit, "paralysis", 1)
    view = BoardView(game, None)
    view.selected = units[0]
    view.highlights = {game.tile_of(units[1]): "attack", game.tile_of(units[2]): "target"}
    view.draw(screen, WINDOW)
    snapshot(screen, "4p_40_units")
    view.zoom(2.0, view.tile_rect(game.tile_of(units[0])).center)
    view.draw(screen, WINDOW)
    snapshot(screen, "4p_40_units_zoomed")
    assert view.sprite_renders >= 40


# ------------------------------------------------------------------ live state


def test_a_muhq_unit_shows_its_live_attack_and_health_as_figures(
        screen: pygame.Surface) -> None:
    """Issue 14, point 4: a Soldier carrying a Sword shows attack 3 (2 + 1, rule Units
    15.1), in gold as above the printed 2; once damaged its health figure is what it can
    still take, in red."""
    game = new_game("4P-islands")
    view = BoardView(game, None)
    soldier = game.add_permanent("Soldier", free_tiles(game)[20], 0)
    look = view.look(soldier)
    assert (look.attack, look.base_attack) == (2, 2)
    sword = game.add_card("Sword", 0)
    game.put_in_pile(sword, soldier, 0)
    look = view.look(soldier)
    assert (look.attack, look.base_attack, look.equipment) == (3, 2, 1)
    attack, attack_colour, health, health_colour = figures(look)
    assert attack == "3" and attack_colour == BOOSTED_FIGURE
    assert health == str(LIBRARY["Soldier"].health) and health_colour == HEALTH_FIGURE
    game.edit(soldier, damage=1)
    _, _, health, health_colour = figures(view.look(soldier))
    assert health == str(LIBRARY["Soldier"].health - 1) and health_colour == DAMAGED_FIGURE
    # the figure plates fill the bottom corners, outside the disc; a small token has pips
    big = draw_piece(replace(view.look(soldier), cell=64))
    assert big.get_at((3, 60)).a > 0 and big.get_at((60, 60)).a > 0
    small = draw_piece(replace(view.look(soldier), cell=FIGURE_CELL - 1))
    assert small.get_at((2, FIGURE_CELL - 4)).a == 0


def test_the_hover_zoom_says_what_a_piece_is_like_now(screen: pygame.Surface) -> None:
    """Issue 14, point 4: the hover shows live values, not only the printed card: attack
    with the pile's equipment, health with the damage taken, marks with their counts, the
    pile's contents with the uses left, and that a tapped unit is done."""
    game = new_game("4P-islands")
    soldier = game.add_permanent("Soldier", free_tiles(game)[20], 0)
    sword = game.add_card("Sword", 0)
    game.put_in_pile(sword, soldier, 0)
    assert live_lines(game, soldier, 0)[:2] == [("Attack 3 next to it", "up"),
                                                (f"Health {LIBRARY['Soldier'].health}", "plain")]
    game.edit(soldier, damage=1, tapped=True)
    game.add_marks(soldier, "poison", 2)
    text = [line for line, _ in live_lines(game, soldier, 0)]
    health = LIBRARY["Soldier"].health
    assert f"Health {health}, 1 damage taken: it can take {health - 1} more" in text
    assert "Carries Sword (2 uses)" in text
    assert "2 × poison mark" in text
    assert "Tapped: done until your next turn" in text
    assert live_lines(game, game.add_card("Sword", 1), 1) == []  # not on the map: nothing
    plain = Zoom()
    plain.set(LIBRARY["Soldier"], ("corner", WINDOW), (0, 0))
    faces = CardFaces()
    screen.fill((0, 0, 0))
    plain.draw(screen, faces, 260)
    without = pygame.mask.from_threshold(screen, (0, 0, 0), (1, 1, 1, 255)).count()
    screen.fill((0, 0, 0))
    plain.draw(screen, faces, 260, live_lines(game, soldier, 0))
    assert pygame.mask.from_threshold(screen, (0, 0, 0), (1, 1, 1, 255)).count() < without


def test_a_lit_neighbour_never_covers_a_pieces_badges(screen: pygame.Surface) -> None:
    """The frames of tiles to move to and of one's own ready pieces are drawn under the
    pieces: on the skirmish's packed start, lighting every hex round a unit leaves every
    opaque pixel of that unit (its token and the badges that reach into the next hexes) as
    it was (before, the neighbours' frames cut the badges)."""
    game = new_game("2P-skirmish-highlands")
    view = BoardView(game, None)
    view.draw(screen, WINDOW)
    unit = next(e for e in view.drawn if game.tile_of(e) is not None
                and len(game.geometry.neighbours(game.tile_of(e))) == 6)
    sprite = view.last_sprites[unit]
    rect = sprite.get_rect(center=view.drawn_at[unit])
    opaque = [(x, y) for x in range(sprite.get_width()) for y in range(sprite.get_height())
              if sprite.get_at((x, y)).a == 255
              and WINDOW.collidepoint(rect.left + x, rect.top + y)]
    before = [screen.get_at((rect.left + x, rect.top + y)) for x, y in opaque]
    tile = game.tile_of(unit)
    assert tile is not None
    for kind in ("move", "select"):
        view.highlights = {n: kind for n in game.geometry.neighbours(tile)
                           if n not in game.board}
        view.draw(screen, WINDOW)
        after = [screen.get_at((rect.left + x, rect.top + y)) for x, y in opaque]
        assert after == before, kind
