"""Rules text generated from card data (game.content.text): every shipped card, a few
cards word for word, every registry entry, and the German fallback line by line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from game.content import locale, text
from game.content.cards import load_cards
from game.content.text import (
    cost_line,
    paragraphs,
    reminders,
    rules_text,
    stat_line,
    type_line,
)
from game.rules.cards import (
    Ability,
    CardDef,
    CardLibrary,
    CardType,
    CostSpec,
    EffectSpec,
    TargetSpec,
)
from game.rules.costs import COSTS
from game.rules.effects import EFFECTS
from game.rules.keywords import KEYWORDS
from game.rules.marks import MARKS
from game.rules.passives import PASSIVES, STATS
from game.rules.triggers import TRIGGERS

LIBRARY, PROBLEMS = load_cards()
CARDS = list(LIBRARY)


def _has_rules(card: CardDef) -> bool:
    return bool(card.keywords or card.effect or card.full_action or card.free_actions
                or card.triggers or card.passives)


def _clean(line: str) -> None:
    """A generated line reads as words: no Python values or template leftovers."""
    assert line.strip() == line and line
    for leftover in ("None", "{", "}", "_", "True", "False", "  "):
        assert leftover not in line, f"{leftover!r} in {line!r}"
    assert line[0].isupper() or line[0].isdigit(), line


def test_shipped_cards_load() -> None:
    assert CARDS and not PROBLEMS


@pytest.mark.parametrize("card", CARDS, ids=[c.name for c in CARDS])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_shipped_card_has_rules_text_if_it_has_rules(card: CardDef, lang: str) -> None:
    lines = rules_text(card, lang, LIBRARY)
    assert bool(lines) == _has_rules(card)
    for line in lines:
        _clean(line)


@pytest.mark.parametrize("card", CARDS, ids=[c.name for c in CARDS])
def test_every_shipped_card_has_type_cost_and_stat_lines(card: CardDef) -> None:
    assert type_line(card)
    if card.is_fighter:
        assert stat_line(card).startswith(f"Attack {card.attack} · Range {card.range}")
    if card.buy is not None:
        assert f"Buy {card.buy}" in cost_line(card)
    for reminder in reminders(card):
        _clean(reminder)


def test_die_destroys_target_unit() -> None:
    assert rules_text(LIBRARY["Die!"]) == ["Destroy target unit."]
    assert rules_text(LIBRARY["Die!"], "de") == ["Zerstöre eine Einheit deiner Wahl."]


def test_archer_lines() -> None:
    archer = LIBRARY["Archer"]
    assert stat_line(archer) == "Attack 1 · Range 3 · Health 1 · Move 2"
    assert stat_line(archer, "de") == "Angriff 1 · Reichweite 3 · Leben 1 · Bewegung 2"
    assert cost_line(archer) == "Buy 5 · Play 2 · Upkeep 1"
    assert cost_line(archer, "de") == "Kauf 5 · Ausspielen 2 · Unterhalt 1"
    assert rules_text(archer) == []
    assert type_line(archer) == "Unit"


@pytest.mark.parametrize(("name", "expected"), [
    ("Fireball", ["Deal 2 damage to target permanent."]),
    ("Blessing", ["Put 2 ward marks on target unit."]),
    ("Battle Cry", ["Put a rage mark on target unit."]),
    ("Bribe", ["Gain control of target enemy unit that isn't loyal. Exile this card: it "
               "leaves the game."]),
    ("Coin", ["Gain 2 resource."]),
    ("Call the Wolves", ["Create a Wolf token on target free tile where you may play "
                         "permanents."]),
    ("Ghost", ["Shroud"]),
    ("Ship", ["Swimming, Crew 2"]),
    ("Paladin", ["Protection from spells"]),
    ("Shield", ["The equipped unit gets +2 health."]),
    ("Treasure Chest", ["Tap: Gain 1 resource."]),
    ("Thief", ["Whenever this unit attacks: Take up to 1 resource from each opponent."]),
    ("War Banner", ["Solid 2", "Your other units within range 1 get +1 attack."]),
    ("War Drummer", ["At the start of your upkeep: Target unit you control gets +1 attack "
                     "until end of turn."]),
    ("Healing Potion", ["1 durability: Remove 3 damage from the equipped unit. Only while "
                        "equipped."]),
    ("Outpost", ["Solid 2", "Spawn point 1: You may play permanents on tiles within range 1 "
                            "of this artifact."]),
    ("Shove", ["Push target permanent two tiles straight away from a tile you choose next "
               "to it."]),
])
def test_base_cards_read_as_expected(name: str, expected: list[str]) -> None:
    assert rules_text(LIBRARY[name]) == expected


def test_german_lines() -> None:
    assert rules_text(LIBRARY["Fireball"], "de") == [
        "Füge einer bleibenden Karte deiner Wahl 2 Schaden zu."]
    assert rules_text(LIBRARY["Call the Wolves"], "de", LIBRARY) == [
        "Erschaffe einen Spielstein „Wolf“ auf einem freien Feld deiner Wahl, auf das du "
        "bleibende Karten ausspielen darfst."]
    assert rules_text(LIBRARY["Thief"], "de") == [
        "Immer wenn diese Einheit angreift: Nimm jedem Gegner bis zu 1 Ressource weg."]
    assert rules_text(LIBRARY["Treasure Chest"], "de") == ["Tappen: Erhalte 1 Ressource."]
    assert type_line(LIBRARY["Wolf"], "de") == "Einheit · Spielstein"


def test_german_reminders_are_german() -> None:
    assert reminders(LIBRARY["Ghost"], "de") == [
        "Tarnung: Diese Karte kann nicht als Ziel gewählt werden."]
    assert reminders(LIBRARY["Ship"], "de")[1].startswith("Besatzung 2: Bis zu 2 andere")
    assert reminders(LIBRARY["Paladin"], "de") == [
        "Schutz vor Zaubern: Diese Karte kann von Zaubern weder als Ziel gewählt noch "
        "beschädigt werden."]
    assert reminders(LIBRARY["Net"], "de")[0].startswith("Lähmung: ")


def _card(**fields: Any) -> CardDef:
    fields.setdefault("name", "Test Card")
    fields.setdefault("type", CardType.UNIT)
    fields.setdefault("health", 1)
    return CardDef(**fields)


def _unit_target() -> tuple[TargetSpec, ...]:
    return (TargetSpec("unit", {"controller": "enemy"}),)


def test_text_follows_the_data() -> None:
    for amount in (1, 3, 7):
        card = _card(type=CardType.SPELL, effect=Ability(
            effects=(EffectSpec("damage", {"amount": amount, "target": 0}),),
            targets=_unit_target()))
        assert rules_text(card) == [f"Deal {amount} damage to target enemy unit."]
    card = _card(type=CardType.SPELL, effect=Ability(
        effects=(EffectSpec("draw", {"amount": 1}),)))
    assert rules_text(card) == ["Draw a card."]


def test_later_mentions_of_a_target_read_it() -> None:
    card = _card(type=CardType.SPELL, effect=Ability(
        effects=(EffectSpec("damage", {"amount": 1, "target": 0}),
                 EffectSpec("add_mark", {"mark": "poison", "count": 2, "target": 0})),
        targets=_unit_target()))
    assert rules_text(card) == ["Deal 1 damage to target enemy unit. Put 2 poison marks on it."]
    assert rules_text(card, "de") == [
        "Füge einer gegnerischen Einheit deiner Wahl 1 Schaden zu. Lege 2 Giftmarken auf sie."]


def test_marks_on_one_target_read_as_one_sentence() -> None:
    card = _card(type=CardType.SPELL, effect=Ability(
        effects=(EffectSpec("remove_mark", {"mark": "panic", "count": 1, "target": 0}),
                 EffectSpec("remove_mark", {"mark": "rage", "count": 2, "target": 0})),
        targets=(TargetSpec("unit"),)))
    assert rules_text(card) == ["Remove a panic mark and 2 rage marks from target unit."]


def test_untranslated_piece_falls_back_to_english_for_that_line_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    card = _card(keywords={"shroud": True}, full_action=Ability(
        effects=(EffectSpec("destroy", {"target": 0}),), targets=_unit_target()))
    assert rules_text(card, "de") == ["Tarnung",
                                      "Volle Aktion: Zerstöre eine gegnerische Einheit deiner "
                                      "Wahl."]
    monkeypatch.delitem(text.DE_EFFECTS, "destroy")
    assert rules_text(card, "de") == ["Tarnung", "Full action: Destroy target enemy unit."]
    assert rules_text(card, "fr") == rules_text(card, "en")


def test_paragraph_labels() -> None:
    found = paragraphs(LIBRARY["Thief"])
    assert [(p.label, p.kind) for p in found] == [("Whenever this unit attacks", "trigger")]
    assert found[0].text == rules_text(LIBRARY["Thief"])[0]


def test_intention_is_carried_out_by_the_tyrant() -> None:
    card = _card(type=CardType.INTENTION, play=0, effect=Ability(
        effects=(EffectSpec("damage", {"amount": 3, "target": 0}),
                 EffectSpec("add_mark", {"mark": "repression", "count": 1, "target": "self"})),
        targets=_unit_target()))
    assert rules_text(card) == [
        "Put an intention mark on target enemy unit.",
        "When carried out: Deal 3 damage to the marked unit. Put a repression mark on the "
        "Tyrant."]
    assert rules_text(card, "de")[1] == (
        "Bei Ausführung: Füge der markierten Einheit 3 Schaden zu. Lege eine "
        "Unterdrückungsmarke auf den Tyrannen.")


# ---------------------------------------------------------------------------- registries


def _typical(name: str, kind: str) -> Any:
    """A typical value for a registry parameter, from its declared type and name."""
    if kind == "int":
        return 2
    if kind == "target":
        return 0
    if kind == "mark":
        return MARKS.names()[0]
    if kind == "card":
        return "Wolf"
    return {"keyword": "shroud", "stat": "attack", "until": "end_of_turn", "to": "own",
            "tile": "street"}.get(name, "x")


def _params(declared: Mapping[str, str], entry: str) -> dict[str, Any]:
    params = {p: _typical(p, kind) for p, kind in declared.items() if kind != "any"}
    if "keyword" in params and "stat" in params:
        del params["keyword"]  # grant takes one or the other
    if entry == "equipped_keyword":
        params = {"keyword": "crew", "value": 2}
    return params


def _lines_for(card: CardDef) -> list[str]:
    lines = rules_text(card) + rules_text(card, "de") + reminders(card) + reminders(card, "de")
    assert rules_text(card) and rules_text(card, "de")
    for line in lines:
        _clean(line)
    return lines


@pytest.mark.parametrize("name", EFFECTS.names())
@pytest.mark.parametrize("holder", [CardType.SPELL, CardType.UNIT])
def test_every_effect_has_text(name: str, holder: CardType) -> None:
    params = _params(EFFECTS[name].params, name)
    ability = Ability(effects=(EffectSpec(name, params),), targets=_unit_target())
    if holder is CardType.SPELL:
        card = _card(type=CardType.SPELL, effect=ability)
    else:
        card = _card(full_action=ability)
    _lines_for(card)


@pytest.mark.parametrize("name", KEYWORDS.names())
def test_every_keyword_has_text(name: str) -> None:
    fields = {field: ("skirmish:flying" if kind == "keyword" else 2)
              for field, kind in KEYWORDS[name].fields}
    value = {"none": True, "int": 2, "spec": "spells", "fields": fields}[KEYWORDS[name].param]
    card = _card(keywords={name: value})
    _lines_for(card)
    if reminders(card):
        assert reminders(card, "de") != reminders(card), "German reminder fell back"


@pytest.mark.parametrize("name", COSTS.names())
def test_every_cost_has_text(name: str) -> None:
    card = _card(type=CardType.ARTIFACT, health=0, free_actions=(Ability(
        effects=(EffectSpec("gain_resource", {"amount": 1}),), costs=(CostSpec(name, 2),)),))
    _lines_for(card)


@pytest.mark.parametrize("name", TRIGGERS.names())
def test_every_trigger_has_text(name: str) -> None:
    card = _card(triggers=(Ability(effects=(EffectSpec("draw", {"amount": 1}),),
                                   trigger=name),))
    (line,) = rules_text(card)
    assert line.endswith(": Draw a card.")


@pytest.mark.parametrize("name", PASSIVES.names())
def test_every_passive_has_text(name: str) -> None:
    params = _params(PASSIVES[name].params, name)
    if name != "equipped_keyword":
        params = {**{s: 1 for s in STATS[:1]},
                  **{k: v for k, v in params.items() if k not in STATS and k != "keyword"}}
    _lines_for(_card(passives=(EffectSpec(name, params),)))


@pytest.mark.parametrize("name", MARKS.names())
def test_every_mark_can_be_put_on_a_unit(name: str) -> None:
    card = _card(type=CardType.SPELL, effect=Ability(
        effects=(EffectSpec("add_mark", {"mark": name, "count": 2, "target": 0}),),
        targets=(TargetSpec("unit"),)))
    (line,) = rules_text(card)
    if name.startswith("skirmish:"):  # a status is given, as the seed applies it
        words = locale.text(f"mark.{name}.name")
        if MARKS[name].stacking != "single":
            words += " 2"
        assert line == f"Give target unit {words}."
    else:
        plural = locale.text(f"mark.{name}.plural") if ":" in name else f"{name} marks"
        assert line == f"Put 2 {plural} on target unit."
    _lines_for(card)


def test_tokens_and_protection_use_the_library_for_german_names() -> None:
    library = CardLibrary([_card(name="Wolf", names={"en": "Wolf", "de": "Wölfin"},
                                 token=True)])
    card = _card(type=CardType.SPELL, effect=Ability(
        effects=(EffectSpec("create_token", {"card": "Wolf", "target": 0}),),
        targets=(TargetSpec("tile", {"free": True, "card": "Wolf"}),)))
    assert rules_text(card, "de", library) == [
        "Erschaffe einen Spielstein „Wölfin“ auf einem freien Feld deiner Wahl."]
