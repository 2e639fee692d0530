"""The duel's card text (game.content.text): type lines with kind and tribes, targets by
tribe ("target golem you control") and minions (a unit that is not a general), the
general's bloodbound spell, "at the start of your turn", in English and German."""

from __future__ import annotations

import pytest

from game.content.cards import load_cards
from game.content.text import bloodbound_paragraph, rules_text, tribes, type_line
from game.rules.cards import CardDef

LIBRARY, _ = load_cards()
DUEL_CARDS = [c for c in LIBRARY if "duel" in c.tags]


def test_type_lines_name_kind_and_tribes() -> None:
    assert type_line(LIBRARY["Granite Golem"]) == "Minion · Golem"
    assert type_line(LIBRARY["Bristleback Boar"], "de") == "Diener · Kampftier"
    assert type_line(LIBRARY["Brannoc Wildheart"]) == "General"
    assert type_line(LIBRARY["Feral Bond"], "de") == "Blutbund-Zauber"
    assert type_line(LIBRARY["Wind Dervish"]) == "Minion · Dervish · Token"
    assert type_line(LIBRARY["Ember Dart"]) == "Spell"
    assert tribes(LIBRARY["Obelysk"]) == ["Structure"]
    assert type_line(LIBRARY["Soldier"]) == "Unit"  # Muhq's cards as before


def test_targets_by_tribe_and_minions_read_as_words() -> None:
    assert rules_text(LIBRARY["Ember Dart"], "en", LIBRARY) == [
        "Deal 2 damage to target enemy minion."]
    assert rules_text(LIBRARY["Ember Dart"], "de", LIBRARY) == [
        "Füge einem gegnerischen Diener deiner Wahl 2 Schaden zu."]
    assert rules_text(LIBRARY["Golem Shaper"], "en", LIBRARY)[1] == \
        "Give target golem you control +1/+1."
    assert rules_text(LIBRARY["Feral Growth"], "de", LIBRARY) == [
        "Gib einem eigenen Kampftier deiner Wahl +2/+3."]
    assert rules_text(LIBRARY["Glacial Choir"], "de", LIBRARY) == [
        "Gib dieser Einheit +1/+1 für jeden anderen eigenen Vespyr."]
    assert rules_text(LIBRARY["Dunecaster"], "de", LIBRARY)[0].endswith("Gib ihm +2/+2.")


def test_turn_start_and_the_generals_read_as_words() -> None:
    assert rules_text(LIBRARY["Signal Pyre"], "en", LIBRARY) == [
        "At the start of your turn: Deal 1 damage to the enemy general."]
    assert rules_text(LIBRARY["Signal Pyre"], "de", LIBRARY) == [
        "Zu Beginn deines Zuges: Füge dem gegnerischen General 1 Schaden zu."]
    assert rules_text(LIBRARY["Dawnkeeper Priest"], "de", LIBRARY) == [
        "Am Ende deines Zuges: Entferne 2 Schaden von deinem General."]


def test_a_generals_bloodbound_spell() -> None:
    found = bloodbound_paragraph(LIBRARY["Brannoc Wildheart"], "en", LIBRARY)
    assert found is not None
    assert found.text == "Bloodbound · Feral Bond: Give target minion you control +1/+1."
    alone = bloodbound_paragraph(LIBRARY["Brannoc Wildheart"])
    assert alone is not None and alone.text == "Bloodbound: Feral Bond"
    assert bloodbound_paragraph(LIBRARY["Granite Golem"]) is None


@pytest.mark.parametrize("card", DUEL_CARDS, ids=[c.name for c in DUEL_CARDS])
def test_no_duel_card_prints_a_raw_filter_or_english_in_german(card: CardDef) -> None:
    english = rules_text(card, "en", LIBRARY)
    german = rules_text(card, "de", LIBRARY)
    for line in english + german:
        assert "tag:" not in line and "turn start" not in line, line
    assert len(german) == len(english)
    assert not [de for en, de in zip(english, german, strict=True) if en == de]
