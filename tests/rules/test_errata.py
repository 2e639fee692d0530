"""Errata: a card changed for balance plays in its new form in new games and in its old
form in games of an earlier rules version (a save replays as it was played). Rules
version 3 (``ERRATA_VERSION``): the King has protection from Die! (rule Protection from X
1: it cannot be targeted by Die!); from version 4, protection from enemy spells (no enemy
Fireball reaches it either). From version 5 a Bribe played is exiled (rule Exile 1)
instead of going back to its owner's discard pile to be bought with again. From version 6
Call the Wolves' wolf comes on a free tile where its caller may play permanents (its
spawn tiles) instead of any free tile, such as one next to the enemy King. From version 8
the duel's Whirling Sands summons a Wind Dervish that stays (anchored, not Ephemeral)."""

from __future__ import annotations

import pytest
from scenario import LIBRARY, resolve, scenario, to_action_phase

from game.content.cards import CardError, card_from_data
from game.rules.core.actions import PlayCard
from game.rules.core.state import ERRATA_VERSION, RULES_VERSION
from game.rules.core.view import Zone
from game.rules.mapmodel import Placement

KINGS = (Placement("King", (0, 0), 0), Placement("King", (7, 3), 1))


def _die_targets(version: int, spell: str = "Die!") -> tuple[set[str], int, int]:
    game = scenario(hands={0: [spell]}, resource={0: 9}, placements=KINGS,
                    rules_version=version)
    to_action_phase(game)
    die = next(c for c in game.players[0].hand if game.card(c).name == spell)
    plays = [a for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card == die]
    named = {game.card(t).name for a in plays for t in a.targets}
    kings = [e for e in game.permanents() if game.card(e).name == "King"]
    game.close()
    return named, len(plays), len(kings)


def test_in_rules_3_no_die_reaches_a_king() -> None:
    assert ERRATA_VERSION == 3 <= RULES_VERSION
    named, plays, kings = _die_targets(3)
    assert kings == 2
    assert "King" not in named


def test_from_rules_4_no_enemy_die_reaches_a_king() -> None:
    named, plays, kings = _die_targets(RULES_VERSION)
    assert kings == 2 and plays == 1  # its caster's own king only


def test_from_rules_4_no_enemy_fireball_reaches_a_king() -> None:
    """Rule Protection from X 1 with the King's erratum of rules version 4 (protection
    from enemy spells): of the two kings only its own caster's may be aimed at."""
    plays = _die_targets(RULES_VERSION, "Fireball")
    assert plays[2] == 2 and plays[0] == {"King"} and plays[1] == 1  # its own king only


def test_a_game_of_rules_3_lets_fireball_reach_both_kings() -> None:
    named, plays, kings = _die_targets(3, "Fireball")
    assert kings == 2 and plays == 2 and named == {"King"}


def test_a_game_of_rules_2_plays_the_king_as_it_was_then() -> None:
    named, plays, kings = _die_targets(2)
    assert kings == 2 and plays >= 2
    assert named == {"King"}  # both kings, the only units on the map


def test_the_library_gives_each_rules_version_its_form_of_a_card() -> None:
    king = LIBRARY["King"]
    assert dict(king.keywords["protection"]) == {"type": "spell", "controller": "enemy"}
    assert LIBRARY.as_of(3)["King"].keywords.get("protection") == "Die!"
    assert LIBRARY.as_of(2)["King"].keywords.get("protection") is None
    assert LIBRARY.as_of(1)["King"].keywords.get("loyal")
    assert LIBRARY.as_of(RULES_VERSION) is LIBRARY  # nothing older to swap in


@pytest.mark.parametrize(("before", "field", "words"), [
    ([{"keywords": ["loyal"]}], "before[0].rules", "rules"),
    ([{"rules": 0, "attack": 2}], "before[0].rules", "a rules version before"),
    ([{"rules": RULES_VERSION, "attack": 2}], "before[0].rules",
     f"at most {RULES_VERSION - 1}"),
    ([{"rules": 1, "name": {"en": "Queen"}}], "before[0].name", "card field"),
    ([{"rules": 1, "health": 0}], "before[0].health", "health of at least 1"),
])
def test_a_broken_earlier_form_is_named_with_its_field(before: list[dict[str, object]],
                                                      field: str, words: str) -> None:
    data = {"type": "unit", "name": {"en": "Pawn"}, "health": 2, "before": before}
    with pytest.raises(CardError) as caught:
        card_from_data(data, "pawn.yaml", "test")
    problems = caught.value.problems
    assert any(p.field == field and words in p.expected for p in problems), problems


def _bribe(version: int) -> tuple[int, int, int]:
    """Player 0 bribes the enemy soldier: (the soldier's controller, the Bribe's zone,
    the Bribe)."""
    game = scenario(hands={0: ["Bribe"]}, resource={0: 9}, rules_version=version)
    soldier = game.add_permanent("Soldier", (3, 1), 1)
    to_action_phase(game)
    bribe = next(c for c in game.players[0].hand if game.card(c).name == "Bribe")
    resolve(game, PlayCard(0, bribe, None, (soldier,)))
    return game.controller(soldier), game.zone(bribe), bribe


def test_from_rules_5_a_bribe_played_is_exiled() -> None:
    """Bribe's erratum (rules version 5; rule Exile 1: an exiled card has left the game):
    the unit changes sides and the Bribe goes to exile, not to the discard pile."""
    assert RULES_VERSION >= 5
    controller, zone, _ = _bribe(RULES_VERSION)
    assert controller == 0 and zone is Zone.EXILE


def test_a_game_of_rules_4_puts_a_bribe_played_in_the_discard_pile() -> None:
    controller, zone, _ = _bribe(4)
    assert controller == 0 and zone is Zone.DISCARD


def test_bribe_text_says_it_is_exiled_from_rules_5_only() -> None:
    from game.content.text import rules_text
    assert rules_text(LIBRARY["Bribe"])[-1].endswith(" Exile this card: it leaves the game.")
    assert rules_text(LIBRARY["Bribe"], "de")[-1].endswith(" Sie verlässt das Spiel.")
    assert rules_text(LIBRARY.as_of(4)["Bribe"]) == [
        "Gain control of target enemy unit that isn't loyal."]


WOLF_GRID = "11......\n........\n........\n......22"


def _wolf_tiles(version: int) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The tiles player 0 may call a wolf to, and the free tiles of the board (its King
    stands on one of its two spawn tiles, (0, 0); the enemy King on (7, 3))."""
    game = scenario(WOLF_GRID, hands={0: ["Call the Wolves"]}, resource={0: 9},
                    placements=KINGS, rules_version=version)
    to_action_phase(game)
    spell = next(c for c in game.players[0].hand if game.card(c).name == "Call the Wolves")
    tiles = {a.targets[0] for a in game.legal_actions(0)
             if isinstance(a, PlayCard) and a.card == spell}
    free = {t for t in game.map.all_tiles() if not game.permanent_at(t)}
    game.close()
    return tiles, free


def test_from_rules_6_a_wolf_comes_only_on_its_callers_free_spawn_tiles() -> None:
    """Call the Wolves' erratum (rules version 6): the Wolf token is created on a free
    tile where its caller may play permanents: its one free spawn tile, (1, 0)."""
    assert RULES_VERSION >= 6
    tiles, free = _wolf_tiles(RULES_VERSION)
    assert tiles == {(1, 0)}
    assert (6, 3) in free and (6, 2) in free  # the tiles by the enemy King stay free


def test_a_game_of_rules_5_calls_a_wolf_to_any_free_tile() -> None:
    tiles, free = _wolf_tiles(5)
    assert tiles == free and (6, 3) in tiles


def test_call_the_wolves_text_names_the_spawn_tiles_from_rules_6_only() -> None:
    from game.content.text import rules_text
    assert rules_text(LIBRARY["Call the Wolves"], "en", LIBRARY) == [
        "Create a Wolf token on target free tile where you may play permanents."]
    assert rules_text(LIBRARY.as_of(5)["Call the Wolves"], "en", LIBRARY) == [
        "Create a Wolf token on target free tile."]


def _whirling_sands(version: int) -> tuple[bool, bool]:
    """Sera Dunewalker casts Whirling Sands on her first turn, which then ends: (whether
    its Wind Dervish came anchored, whether it is still on the board afterwards)."""
    from game.maps import find_map
    from game.rules import Game, GameSetup
    from game.rules.core.actions import Bloodbound, EndTurn, Mulligan

    decks = (("Sera Dunewalker", *["Dust Dancer"] * 39),
             ("Dorrek Stoneheart", *["Pebble Golem"] * 39))
    game = Game(GameSetup(find_map("2P-duel-standard"), LIBRARY, 2, 1, decks=decks,
                          version=version))
    try:
        game.apply(Mulligan(0, ()))
        game.apply(Mulligan(1, ()))
        game.add_to_counter(0, "bloodbound_ready", 1)  # ready at once, not on turn 3
        assert Bloodbound(0) in game.legal_actions(0)
        game.apply(Bloodbound(0))
        dervishes = [u for u in game.units() if game.card(u).name == "Wind Dervish"]
        assert len(dervishes) == 1
        anchored = bool(game.marks(dervishes[0], "duel:anchored"))
        game.apply(EndTurn(0))
        return anchored, game.is_on_map(dervishes[0])
    finally:
        game.close()


def test_from_rules_8_whirling_sands_summons_a_wind_dervish_that_stays() -> None:
    """Whirling Sands' erratum (rules version 8): the Wind Dervish it summons next to
    Sera Dunewalker comes anchored, so it is not Ephemeral and outlasts the turn."""
    assert RULES_VERSION >= 8
    assert _whirling_sands(RULES_VERSION) == (True, True)


def test_a_game_of_rules_7_plays_whirling_sands_ephemeral() -> None:
    """Before the erratum the dervish was Ephemeral: gone when the turn ended."""
    assert _whirling_sands(7) == (False, False)


def test_whirling_sands_text_says_its_dervish_stays_from_rules_8_only() -> None:
    from game.content.text import rules_text
    assert rules_text(LIBRARY["Whirling Sands"])[-1].endswith(
        " The summoned unit stays: it is not Ephemeral.")
    assert rules_text(LIBRARY["Whirling Sands"], "de")[-1].endswith(
        " Die beschworene Einheit bleibt: sie ist nicht flüchtig.")
    assert "stays" not in " ".join(rules_text(LIBRARY.as_of(7)["Whirling Sands"]))
