"""Every shipped card loads cleanly; broken card files are reported, never fatal."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.cards import CARDS_DIR, CardError, card_from_data, load_card_file, load_cards
from game.rules.cards import CardType


def test_every_shipped_card_loads_without_problems() -> None:
    library, problems = load_cards()
    assert problems == []
    files = sorted(CARDS_DIR.glob("*/*.yaml"))
    assert len(library) == len(files)
    for path in files:
        card = load_card_file(path, path.parent.name)
        assert card.name in library
        assert card.names["en"] == card.name


def test_shipped_cards_cover_every_card_type_but_intentions() -> None:
    library, _ = load_cards()
    kinds = {card.type for card in library}
    assert kinds >= {CardType.SPELL, CardType.UNIT, CardType.ARTIFACT, CardType.EQUIPMENT,
                     CardType.POTION}


@pytest.mark.parametrize("data, field", [
    ("just text", ""),
    ({"type": "dragon", "name": "X"}, "type"),
    ({"type": "unit", "name": "X", "health": 0}, "health"),
    ({"type": "unit", "name": "X", "health": 2, "attack": -1}, "attack"),
    ({"type": "unit", "name": "X", "health": 2, "attack": "two"}, "attack"),
    ({"type": "unit", "name": {"de": "X"}, "health": 2}, "name.en"),
    ({"type": "unit", "name": 5, "health": 2}, "name"),
    ({"type": "unit", "name": "X", "health": 2, "colour": "red"}, "colour"),
    ({"type": "unit", "name": "X", "health": 2, "keywords": ["levitating"]}, "keywords[0]"),
    ({"type": "unit", "name": "X", "health": 2, "keywords": [{"crew": 0}]}, "keywords[0].crew"),
    ({"type": "unit", "name": "X", "health": 2, "keywords": "shroud"}, "keywords"),
    ({"type": "spell", "name": "X", "play": 1}, "effect"),
    ({"type": "spell", "name": "X", "effect": {"do": []}}, "effect.do"),
    ({"type": "spell", "name": "X", "effect": {"do": [{"explode": {}}]}}, "effect.do[0]"),
    ({"type": "spell", "name": "X", "effect": {"do": [{"damage": {"amout": 2}}]}},
     "effect.do[0].damage.amout"),
    ({"type": "spell", "name": "X", "effect": {"targets": ["moon"], "do": ["draw"]}},
     "effect.targets[0]"),
    ({"type": "equipment", "name": "X"}, "durability"),
    ({"type": "artifact", "name": "X", "free_actions": [{"cost": ["gold"], "do": ["draw"]}]},
     "free_actions[0].cost[0]"),
    ({"type": "unit", "name": "X", "health": 1, "triggers": [{"when": "sunrise", "do": ["draw"]}]},
     "triggers[0].when"),
    ({"type": "unit", "name": "X", "health": 1, "token": "yes"}, "token"),
])
def test_broken_card_data_names_file_field_and_found(data: object, field: str) -> None:
    with pytest.raises(CardError) as info:
        card_from_data(data, "cards/x/x.yaml", "x")
    problem = info.value.problem
    assert problem.file == "cards/x/x.yaml"
    assert problem.field == field
    assert problem.expected and problem.found


def test_a_broken_file_is_skipped_and_the_rest_still_load(tmp_path: Path) -> None:
    good = tmp_path / "set" / "good.yaml"
    good.parent.mkdir()
    good.write_text("type: spell\nname: Good\nplay: 1\neffect: {do: [draw]}\n")
    (tmp_path / "set" / "bad-yaml.yaml").write_text("type: [unclosed\n")
    (tmp_path / "set" / "twin.yaml").write_text("type: spell\nname: Good\neffect: {do: [draw]}\n")
    (tmp_path / "set" / "binary.yaml").write_bytes(b"\xff\xfe\x00\x00")
    library, problems = load_cards(tmp_path)
    assert [c.name for c in library] == ["Good"]
    assert sorted(Path(p.file).name for p in problems) == ["bad-yaml.yaml", "binary.yaml",
                                                          "twin.yaml"]
    assert all(str(p) for p in problems)
