"""Duel card faces (game.client.cardface): a duel card prints its mana cost in a gem, a
unit's attack and health in the bottom corners, its kind and tribes on the type line, a
general's bloodbound spell and an artifact's durability, and nothing of Muhq's Game
(upkeep, buy cost, range and movement); every shipped duel card draws in both languages."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.client.cardface import (  # noqa: E402
    DUEL_STATS,
    GEM,
    RATIO,
    layout_card_face,
    printed,
    render_card_face,
)
from game.content.cards import load_cards  # noqa: E402
from game.content.text import type_line  # noqa: E402
from game.rules.cards import CardDef  # noqa: E402

LIBRARY, _ = load_cards()
DUEL_CARDS = [c for c in LIBRARY if "duel" in c.tags]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def _words(card: CardDef, width: int = 250, lang: str = "en") -> str:
    layout = layout_card_face(card, width, lang, LIBRARY)
    return " ".join(run.text for block, _ in layout.blocks for _, runs in block.lines
                    for run in runs)


def _near(colour: tuple[int, int, int], other: tuple[int, ...], tolerance: int = 6) -> bool:
    return all(abs(colour[i] - other[i]) <= tolerance for i in range(3))


def _count(surface: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    return sum(1 for y in range(area.top, area.bottom) for x in range(area.left, area.right)
               if _near(colour, tuple(surface.get_at((x, y)))))


def test_a_duel_minion_prints_cost_attack_health_and_tribe_and_no_upkeep() -> None:
    golem = LIBRARY["Granite Golem"]
    shown = printed(golem)
    assert shown.style == "duel"
    assert shown.badges == (("mana", golem.play),)
    assert shown.stats == (("attack", golem.attack), ("health", golem.health))
    assert shown.upkeep is None
    assert shown.tribes == ("Golem",)
    assert shown.type_line == "Minion · Golem"
    assert printed(golem, "de").type_line == "Diener · Golem"
    names = {name for name, _ in shown.badges + shown.stats}
    assert not names & {"buy", "play", "upkeep", "range", "movement"}
    assert "Provoke" in _words(golem)


def test_a_muhq_card_keeps_its_costs_upkeep_and_stats() -> None:
    soldier = LIBRARY["Soldier"]
    shown = printed(soldier)
    assert shown.style == "muhq"
    assert dict(shown.badges) == {"buy": soldier.buy, "play": soldier.play}
    assert shown.upkeep == soldier.upkeep
    assert [name for name, _ in shown.stats] == ["attack", "range", "health", "movement"]


def test_a_general_prints_its_health_crown_and_bloodbound_spell() -> None:
    brannoc = LIBRARY["Brannoc Wildheart"]
    shown = printed(brannoc)
    assert shown.crest == "general" and shown.badges == ()
    assert shown.stats == (("attack", 2), ("health", 25))
    assert shown.type_line == "General"
    assert "Bloodbound · Feral Bond:" in _words(brannoc)
    assert "Blutbund · Wildes Band:" in _words(brannoc, 250, "de")
    # without a library the shipped cards stand in
    assert layout_card_face(brannoc, 250).blocks == layout_card_face(brannoc, 250, "en",
                                                                      LIBRARY).blocks


def test_artifacts_print_durability_and_spells_only_their_cost() -> None:
    blade = printed(LIBRARY["Sunforged Blade"])
    assert blade.badges == (("mana", 2),) and blade.stats == (("durability", 3),)
    dart = printed(LIBRARY["Ember Dart"])
    assert dart.badges == (("mana", 1),) and dart.stats == ()
    assert layout_card_face(LIBRARY["Ember Dart"]).stats is None
    assert type_line(LIBRARY["Feral Bond"]) == "Bloodbound spell"
    assert type_line(LIBRARY["Wind Dervish"], "de") == "Diener · Derwisch · Spielstein"


def test_the_gem_and_the_stat_discs_are_drawn_where_they_belong() -> None:
    face = render_card_face(LIBRARY["Granite Golem"], 250)
    layout = layout_card_face(LIBRARY["Granite Golem"], 250)
    name, band = layout.name, layout.stats
    assert band is not None
    assert _count(face, pygame.Rect(0, 0, name.height * 2, name.bottom), GEM) > 40
    half = band.width // 2
    bottom_left = pygame.Rect(0, band.top - 10, half, face.get_height() - band.top + 10)
    bottom_right = bottom_left.move(half + band.left, 0)
    assert _count(face, bottom_left, DUEL_STATS["attack"]) > 100
    assert _count(face, bottom_right, DUEL_STATS["health"]) > 100
    assert _count(face, bottom_left, DUEL_STATS["health"]) < 10


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [120, 250])
def test_every_shipped_duel_card_draws_and_its_text_fits(width: int, lang: str) -> None:
    assert len(DUEL_CARDS) > 100
    for card in DUEL_CARDS:
        face = render_card_face(card, width, lang, library=LIBRARY)
        assert face.get_size() == (width, round(width * RATIO)), card.name
        layout = layout_card_face(card, width, lang, LIBRARY)
        assert layout.rules_complete, card.name
        assert layout.text.contains(layout.text_bounds), card.name
