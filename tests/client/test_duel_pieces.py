"""Duel pieces on the board (game.client.pieces, game.client.board_view): a duel unit shows
its live attack and health as figures (health red when damaged), the general wears a crown
and shows its health at every zoom, an exhausted unit is dimmed with a badge, battle pets
and structures carry their badge, keywords and artifacts show; all read through the public
view of the game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from dataclasses import replace  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.client.board_view import FAR_CELL, MAX_CELL, MIN_CELL, BoardView  # noqa: E402
from game.client.pieces import (  # noqa: E402
    DAMAGED_FIGURE,
    DUEL_DETAIL,
    HEALTH_FIGURE,
    PieceLook,
    draw_piece,
    duel_plan,
)
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import Game, GameSetup  # noqa: E402

LIBRARY = load_content(user_dir=None).library
WINDOW = pygame.Rect(0, 0, 1280, 720)


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(WINDOW.size)


def duel() -> Game:
    """The standard duel board with Brannoc against Mirel, in its mulligan phase."""
    spec = find_map("2P-duel-standard", library=LIBRARY)
    decks = (("Brannoc Wildheart", *["Ashen Warlord"] * 39),
             ("Mirel Frostmantle", *["Ashen Warlord"] * 39))
    game = Game(GameSetup(spec, LIBRARY, 2, 1, decks=decks))
    game.enter()
    return game


def general_of(game: Game, player: int) -> int:
    return next(e for e in game.permanents() if game.view(e).controller == player
                and "general" in game.view(e).card.tags)


def look(**fields: object) -> PieceLook:
    base = PieceLook("Ashen Warlord", "unit", 0, 86, health=5, style="duel", attack=5,
                     base_attack=5, base_health=5)
    return replace(base, **fields)  # type: ignore[arg-type]


def colour_count(sprite: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int],
                 tolerance: int = 40) -> int:
    found = 0
    for y in range(area.top, area.bottom):
        for x in range(area.left, area.right):
            pixel = sprite.get_at((x, y))
            if pixel[3] > 200 and all(abs(pixel[i] - colour[i]) <= tolerance
                                      for i in range(3)):
                found += 1
    return found


def bottom_right(cell: int) -> pygame.Rect:
    return pygame.Rect(cell // 2, cell * 2 // 3, cell - cell // 2, cell - cell * 2 // 3)


def test_an_exhausted_unit_is_dimmed_and_badged() -> None:
    ready, tired = look(), look(exhausted=True)
    assert duel_plan(tired).dimmed and "exhausted" in duel_plan(tired).left
    assert not duel_plan(ready).dimmed and "exhausted" not in duel_plan(ready).left
    for cell in (FAR_CELL, DUEL_DETAIL, 96):
        a = draw_piece(replace(ready, cell=cell))
        b = draw_piece(replace(tired, cell=cell))
        assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA"), cell


def test_damaged_health_is_drawn_in_red_and_boosts_in_green() -> None:
    hurt = look(damage=3)
    plan = duel_plan(hurt)
    assert (plan.attack, plan.health) == ("5", "2")
    assert plan.health_colour == DAMAGED_FIGURE
    assert duel_plan(look()).health_colour == HEALTH_FIGURE
    boosted = duel_plan(look(attack=7, health=6))
    assert boosted.attack_colour == boosted.health_colour != HEALTH_FIGURE
    cell = 86
    assert colour_count(draw_piece(hurt), bottom_right(cell), DAMAGED_FIGURE) > 10
    assert colour_count(draw_piece(look()), bottom_right(cell), DAMAGED_FIGURE) == 0


@pytest.mark.parametrize("cell", [MIN_CELL, FAR_CELL, 32, DUEL_DETAIL, 64, 96, MAX_CELL])
def test_the_generals_crown_and_health_show_at_every_zoom(cell: int) -> None:
    general = look(name="Brannoc Wildheart", general=True, attack=2, base_attack=2,
                   health=25, base_health=25, damage=4, cell=cell, artifacts=(3, 2),
                   keywords=("provoke",), exhausted=True)
    plan = duel_plan(general)
    assert plan.crown and plan.health == "21"
    sprite = draw_piece(general)
    assert sprite.get_size() == (cell, cell)
    assert colour_count(sprite, bottom_right(cell), DAMAGED_FIGURE) > 0
    if cell >= DUEL_DETAIL:
        assert "artifact:3" in plan.left or "artifacts:2" in plan.left
        assert plan.right == ("provoke",)


def test_pets_structures_and_keywords_get_badges() -> None:
    assert "battle-pet" in duel_plan(look(kind="battle-pet")).left
    assert "structure" in duel_plan(look(kind="structure")).left
    many = duel_plan(look(keywords=("provoke", "flying", "ranged", "rush"), cell=MAX_CELL))
    assert many.right == ("provoke", "flying", "ranged", "rush")
    assert duel_plan(look(keywords=("rush",), cell=FAR_CELL)).right == ()  # too small


def test_the_board_reads_duel_units_from_the_public_view(screen: pygame.Surface) -> None:
    game = duel()
    view = BoardView(game, None)
    brannoc = general_of(game, 0)
    first = view.look(brannoc)
    assert (first.style, first.general, first.health, first.attack) == ("duel", True, 25, 2)
    assert first.kind == "" and first.artifacts == ()
    blade = game.add_card("Sunforged Blade", 0)
    game.put_in_pile(blade, brannoc, 0)
    game.edit(brannoc, damage=5)
    armed = view.look(brannoc)
    assert armed.artifacts == (3,) and armed.attack == 4 and armed.damage == 5
    free = [t for t in game.map.all_tiles() if not game.board.get(t)]
    golem = game.add_permanent("Granite Golem", free[0], 1)
    boar = game.add_permanent("Bristleback Boar", free[1], 1)
    game.edit(golem, moves=1, attacks=1)
    assert view.look(golem).keywords == ("provoke",)
    assert not view.look(golem).exhausted
    view.draw(screen, WINDOW)
    box = view.tile_rect(game.tile_of(golem))
    ready = screen.subsurface(box).copy()
    game.edit(golem, moves=0, attacks=0)
    assert view.look(golem).exhausted == game.view(golem).exhausted is True
    view.draw(screen, WINDOW)
    tired = screen.subsurface(box).copy()
    assert pygame.image.tobytes(ready, "RGB") != pygame.image.tobytes(tired, "RGB")
    assert view.look(boar).kind == "battle-pet"
