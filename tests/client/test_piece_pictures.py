"""Pictures on the board pieces (game.client.pieces): a built-in card's token shows its
icon instead of its short name, the name joins it under the picture on a big token, and
the rest of the token (pips, badges, the duel's figures) stays as it was; the board view
gives every built-in card its picture."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.client.board_view import BoardView  # noqa: E402
from game.client.pieces import (  # noqa: E402
    ATTACK_FIGURE,
    DAMAGE_PIP,
    DAMAGED_FIGURE,
    DUEL_PICTURE_NAME,
    FIGURE_CELL,
    HEALTH_PIP,
    PICTURE_CELL,
    PICTURE_NAME_CELL,
    PieceLook,
    draw_piece,
    duel_plan,
)
from game.content.icons import token_icons  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import Game, GameSetup  # noqa: E402

PICTURES = {name: str(path) for name, path in token_icons().items()}
LIBRARY = load_content(user_dir=None).library


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def pixels(sprite: pygame.Surface) -> bytes:
    return pygame.image.tobytes(sprite, "RGBA")


def count(sprite: pygame.Surface, colour: tuple[int, int, int]) -> int:
    w, h = sprite.get_size()
    return sum(1 for x in range(w) for y in range(h)
               if tuple(sprite.get_at((x, y)))[:3] == colour)


def soldier(cell: int, **fields: object) -> PieceLook:
    look = PieceLook("Soldier", "unit", 0, cell, health=3, damage=1,
                     picture=PICTURES["Soldier"])
    return replace(look, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize("cell", [PICTURE_CELL, 24, 40, 56, PICTURE_NAME_CELL - 1])
def test_the_picture_stands_for_the_name_on_a_small_token(cell: int) -> None:
    pictured = draw_piece(soldier(cell))
    named = draw_piece(soldier(cell, picture=""))
    assert pixels(pictured) != pixels(named)
    # the name is not drawn: another name with the same picture looks the same
    assert pixels(draw_piece(soldier(cell, name="Paladin"))) == pixels(pictured)
    if cell < FIGURE_CELL:  # health and damage pips stay
        assert count(pictured, HEALTH_PIP) > 0 and count(pictured, DAMAGE_PIP) > 0
    else:  # from FIGURE_CELL on, figures instead: attack 0, health 2 of 3 in red
        assert count(pictured, HEALTH_PIP) == 0
        assert count(pictured, DAMAGED_FIGURE) > 0 and count(pictured, ATTACK_FIGURE) > 0


@pytest.mark.parametrize("cell", [PICTURE_NAME_CELL, 96, 160])
def test_a_big_token_shows_its_name_under_the_picture(cell: int) -> None:
    pictured = draw_piece(soldier(cell))
    assert pixels(draw_piece(soldier(cell, name="Paladin"))) != pixels(pictured)
    assert pixels(draw_piece(soldier(cell, picture=""))) != pixels(pictured)
    # attack and health as figures (health 2 of 3 in red), no pips
    assert count(pictured, HEALTH_PIP) == 0
    assert count(pictured, DAMAGED_FIGURE) > 0 and count(pictured, ATTACK_FIGURE) > 0


def test_a_token_too_small_or_without_a_readable_picture_shows_its_name(
        tmp_path: Path) -> None:
    small = PICTURE_CELL - 1
    assert pixels(draw_piece(soldier(small))) == pixels(draw_piece(soldier(small, picture="")))
    broken = soldier(56, picture=str(tmp_path / "missing.png"))
    assert pixels(draw_piece(broken)) == pixels(draw_piece(soldier(56, picture="")))


def test_artifacts_equipment_and_bosses_show_their_pictures() -> None:
    for name, shape, fields in (("Building", "artifact", {"health": 6}),
                                ("Sword", "equipment", {"durability": 3}),
                                ("The Kraken", "boss", {"health": 12, "damage": 2})):
        for cell in (40, 96):
            look = PieceLook(name, shape, 1, cell, picture=PICTURES[name],
                             **fields)  # type: ignore[arg-type]
            assert pixels(draw_piece(look)) != pixels(draw_piece(replace(look, picture="")))


@pytest.mark.parametrize("cell", [32, 56, DUEL_PICTURE_NAME - 1, DUEL_PICTURE_NAME, 160])
def test_a_duel_token_shows_its_picture_and_keeps_its_figures(cell: int) -> None:
    golem = PieceLook("Granite Golem", "unit", 1, cell, health=5, damage=2, style="duel",
                      attack=3, base_attack=3, base_health=5, keywords=("provoke",),
                      picture=PICTURES["Granite Golem"])
    plan = duel_plan(golem)
    assert plan.picture and plan.right == (("provoke",) if cell >= 44 else ())
    # the name under the picture on a big token, on two lines where one would be too small
    assert " ".join(plan.name) == ("Granite Golem" if cell >= DUEL_PICTURE_NAME else "")
    sprite = draw_piece(golem)
    assert pixels(sprite) != pixels(draw_piece(replace(golem, picture="")))
    assert count(sprite, DAMAGED_FIGURE) > 0  # the health figure, red: it is damaged


def test_the_board_gives_every_built_in_card_its_picture() -> None:
    spec = find_map("2P-ring-street", library=LIBRARY)
    game = Game(GameSetup(spec, LIBRARY, spec.players, 5, sets=("base",),
                          stores=((),) * spec.players))
    game.enter()
    view = BoardView(game, None)
    assert set(view.pictures) >= {card.name for card in LIBRARY}
    looks = [view.look(entity) for entity in game.permanents()]
    assert looks and all(look.picture == PICTURES[look.name] for look in looks)
    free = next(t for t in game.map.all_tiles() if not game.board.get(t))
    wolf = game.add_permanent("Wolf", free, 0)
    assert view.look(wolf).picture == PICTURES["Wolf"]
