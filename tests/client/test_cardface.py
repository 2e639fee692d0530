"""Card faces (game.client.cardface): every shipped card draws at several sizes without a
window, faces are the right size and not blank, and long rules text shrinks to fit."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.client.cardface import (  # noqa: E402
    RATIO,
    layout_card_face,
    render_card_face,
)
from game.content.cards import load_cards  # noqa: E402
from game.rules.cards import Ability, CardDef, CardType, CostSpec, EffectSpec, TargetSpec  # noqa: E402

LIBRARY, _ = load_cards()
CARDS = list(LIBRARY)
WIDTHS = (180, 250, 400)


def _colours(surface: pygame.Surface, step: int = 5) -> set[tuple[int, int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)}


def _long_card() -> CardDef:
    """A unit with far more abilities than a face has room for."""
    free = tuple(
        Ability(effects=(EffectSpec("damage", {"amount": n, "target": 0}),
                         EffectSpec("add_mark", {"mark": "poison", "count": n, "target": 0}),
                         EffectSpec("draw", {"amount": n})),
                targets=(TargetSpec("unit", {"controller": "enemy", "range": n}),),
                costs=(CostSpec("tap", 1), CostSpec("resource", n), CostSpec("discard", n)))
        for n in range(1, 9))
    return CardDef(name="Overlong Test Card With A Name Far Too Long For Its Bar",
                   type=CardType.UNIT, attack=12, range=3, health=15, movement=4, buy=99, play=42,
                   upkeep=11, keywords={"shroud": True, "crew": 3, "swimming": True},
                   free_actions=free, texts={"en": "Nobody reads this far. " * 10})


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("card", CARDS, ids=[c.name for c in CARDS])
def test_every_shipped_card_renders(card: CardDef, width: int) -> None:
    face = render_card_face(card, width)
    assert face.get_size() == (width, round(width * RATIO))
    assert face.get_flags() & pygame.SRCALPHA
    assert len(_colours(face)) > 20  # frame, art, text: not a blank or single-colour face
    layout = layout_card_face(card, width)
    assert layout.rules_complete
    assert layout.text.contains(layout.text_bounds)


@pytest.mark.parametrize("card", CARDS[:6], ids=[c.name for c in CARDS[:6]])
def test_german_faces_render(card: CardDef) -> None:
    face = render_card_face(card, 250, "de")
    assert face.get_size() == (250, 350)


def test_same_card_same_face() -> None:
    card = LIBRARY["Archer"]
    a = pygame.image.tobytes(render_card_face(card, 200), "RGBA")
    b = pygame.image.tobytes(render_card_face(card, 200), "RGBA")
    assert a == b
    other = pygame.image.tobytes(render_card_face(LIBRARY["Soldier"], 200), "RGBA")
    assert other != a  # the generated emblem follows the name


@pytest.mark.parametrize("width", WIDTHS)
def test_long_text_shrinks_to_fit_inside_the_text_box(width: int) -> None:
    card = _long_card()
    layout = layout_card_face(card, width)
    short = layout_card_face(LIBRARY["Die!"], width)
    assert layout.rules_size < layout.base_size == short.rules_size
    assert layout.art.height < short.art.height  # the art gave up room first
    assert layout.text.contains(layout.text_bounds)
    assert layout.text_bounds.bottom <= layout.text.bottom
    face = render_card_face(card, width)
    assert face.get_size() == (width, round(width * RATIO))
    # below the text box only the stats band is drawn: no text ink leaks into the gap
    assert layout.stats is not None
    gap = pygame.Rect(layout.text.left, layout.text.bottom + 1, layout.text.width,
                      layout.stats.top - layout.text.bottom - 1)
    if gap.height > 0:
        assert len({tuple(face.get_at(p)) for p in
                    ((x, y) for x in range(gap.left, gap.right) for y in range(gap.top,
                                                                            gap.bottom))}) <= 3


def test_rules_text_fits_without_cutting_for_a_busy_real_card() -> None:
    for name in ("Charger", "Oppression", "Workshop", "Assembly Line"):
        if name in LIBRARY:
            layout = layout_card_face(LIBRARY[name], 180)
            assert layout.rules_complete
            assert layout.text.contains(layout.text_bounds)


def test_art_is_scaled_into_the_art_box(tmp_path: Path) -> None:
    picture = pygame.Surface((40, 20))
    picture.fill((0, 200, 0))
    card = LIBRARY["Archer"]
    layout = layout_card_face(card, 250)
    for art in (picture, tmp_path / "archer.png"):
        if isinstance(art, Path):
            pygame.image.save(picture, str(art))
        face = render_card_face(card, 250, art=art)
        centre = face.get_at(layout.art.center)
        assert tuple(centre)[:3] == (0, 200, 0)
        corner = face.get_at((layout.art.left + 3, layout.art.top + 3))
        assert tuple(corner)[:3] == (0, 200, 0)


def test_missing_art_falls_back_to_the_illustration(tmp_path: Path) -> None:
    card = LIBRARY["Archer"]
    plain = pygame.image.tobytes(render_card_face(card, 200), "RGBA")
    missing = render_card_face(card, 200, art=tmp_path / "no-such-file.png")
    assert pygame.image.tobytes(missing, "RGBA") == plain


def test_faces_convert_once_a_window_exists() -> None:
    pygame.display.set_mode((64, 64))
    try:
        face = render_card_face(LIBRARY["Die!"], 180)
        assert face.get_size() == (180, 252)
        assert face.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()


def test_faces_survive_pygame_quit_and_init() -> None:
    render_card_face(LIBRARY["Ghost"], 180)
    pygame.quit()
    pygame.init()
    assert render_card_face(LIBRARY["Ghost"], 180).get_size() == (180, 252)


def test_a_card_icon_shows_in_the_art_box_and_its_own_picture_comes_first(
        tmp_path: Path) -> None:
    from game.client.panels import CardFaces
    from game.content.icons import face_icons

    card = LIBRARY["Wolf"]
    icon = face_icons()["Wolf"]
    layout = layout_card_face(card, 250)
    plain = render_card_face(card, 250)
    pictured = render_card_face(card, 250, icon=icon)

    def art_box(face: pygame.Surface) -> bytes:
        return pygame.image.tobytes(face.subsurface(layout.art), "RGBA")

    assert art_box(pictured) != art_box(plain)  # the icon, not the coat of arms
    # only the art box changes: name, type line, text and stats stay as they were
    below = pygame.Rect(0, layout.art.bottom + 1, 250, 350 - layout.art.bottom - 1)
    assert pygame.image.tobytes(pictured.subsurface(below), "RGBA") == \
        pygame.image.tobytes(plain.subsurface(below), "RGBA")
    # the icon's ivory covers a good part of the box (the coat of arms has none)
    box = pictured.subsurface(layout.art)
    ivory = sum(1 for x in range(0, box.get_width(), 2) for y in range(0, box.get_height(), 2)
                if all(abs(c - w) < 12 for c, w in zip(box.get_at((x, y))[:3],
                                                      (246, 238, 218), strict=True)))
    assert ivory > 300
    # an unreadable icon falls back to the generated illustration
    broken = render_card_face(card, 250, icon=tmp_path / "missing.png")
    assert art_box(broken) == art_box(plain)
    # a card's own picture (a mod's art/<card>.png) comes before its icon
    picture = pygame.Surface((40, 20))
    picture.fill((0, 200, 0))
    own = tmp_path / "wolf.png"
    pygame.image.save(picture, str(own))
    faces = CardFaces({"Wolf": own})
    assert tuple(faces.face(card, 250).get_at(layout.art.center))[:3] == (0, 200, 0)
    assert art_box(CardFaces().face(card, 250)) == art_box(pictured)
    assert art_box(CardFaces(icons={}).face(card, 250)) == art_box(plain)
