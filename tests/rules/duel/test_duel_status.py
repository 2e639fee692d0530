"""What a duel player reads off the game without changing it: the meters of the player bar
(mana and capacity, the bloodbound spell and its countdown, the replace, the general's
health, MECHAZ0R! progress), a unit's live attack and exhaustion in its view, and the
preview of an attack (damage dealt, strike back, deaths) that leaves the game untouched."""

from __future__ import annotations

from game.rules.core.actions import Attack, Replace
from game.rules.core.view import Meter

from .kit import end_turns, generals, of, put, started


def _meter(game, player: int, key: str) -> Meter:  # type: ignore[no-untyped-def]
    return next(m for m in game.meters(player) if m.key == key)


def test_duel_meters_mana_of_capacity_and_the_replace_of_the_turn() -> None:
    """Begin phase: mana refilled to the capacity (2 for the first seat, 3 for the second
    on their first turns, at most 9); Replace: once a turn."""
    game = started()
    mana = _meter(game, 0, "mana")
    assert (mana.value, mana.capacity, mana.limit) == (2, 2, 9)
    assert _meter(game, 0, "replace").value == 1
    game.apply(of(game.legal_actions(0), Replace)[0])
    assert _meter(game, 0, "replace").value == 0
    end_turns(game, 1)
    assert (_meter(game, 1, "mana").value, _meter(game, 1, "mana").capacity) == (3, 3)


def test_duel_meters_count_down_to_the_bloodbound_spell() -> None:
    """Bloodbound spell: ready on the player's 3rd turn, so on its 1st turn it is two of
    its turns away, on the 2nd one; held, it stays ready (wait 0)."""
    game = started()
    assert (_meter(game, 0, "bloodbound").value, _meter(game, 0, "bloodbound").wait) == (0, 2)
    assert game.view(_meter(game, 0, "bloodbound").card).name == "Test Bolt"
    end_turns(game, 2)
    assert _meter(game, 0, "bloodbound").wait == 1
    end_turns(game, 2)
    assert (_meter(game, 0, "bloodbound").value, _meter(game, 0, "bloodbound").wait) == (1, 0)
    end_turns(game, 2)  # held over the off turn: still ready
    assert _meter(game, 0, "bloodbound").value == 1


def test_duel_meters_show_the_generals_health() -> None:
    game = started()
    mine, theirs = generals(game)
    brute = put(game, "Brute", (7, 2), 0)
    game.apply(Attack(0, brute, theirs))
    general = _meter(game, 1, "general")
    assert (general.value, general.capacity) == (22, 25)


def test_duel_view_marks_a_minion_summoned_without_rush_as_exhausted() -> None:
    """Exhaust: a minion summoned this turn can neither move nor attack; a unit that
    attacked can't move any more either. Both look exhausted; a ready unit doesn't."""
    game = started()
    fresh = put(game, "Squire", (1, 2), 0, ready=False)
    brute = put(game, "Brute", (4, 2), 0)
    enemy = put(game, "Bulwark", (5, 2), 1)
    assert game.view(fresh).exhausted and not game.view(brute).exhausted
    game.apply(Attack(0, brute, enemy))
    assert game.view(brute).exhausted


def test_duel_view_attack_reaches_the_whole_board_only_when_ranged() -> None:
    """Combat: a unit reaches the eight tiles around it; Ranged: anyone on the board."""
    game = started()
    brute = put(game, "Brute", (4, 1), 0)
    archer = put(game, "Archer", (4, 3), 0)
    assert game.view(brute).attack == ((1, 3),)
    assert game.view(archer).attack_range == 8 and game.view(archer).attack_at(8) == 1


def test_duel_preview_of_an_attack_shows_the_strike_back_and_changes_nothing() -> None:
    """Resolving combat: the attacker deals its attack, a surviving defender strikes
    back; the preview says so without doing it."""
    game = started()
    brute = put(game, "Brute", (4, 2), 0)  # 3/3
    bulwark = put(game, "Bulwark", (5, 2), 1)  # 1/4
    before = game.state_hash()
    preview = game.preview(Attack(0, brute, bulwark))
    assert preview.damage_to(bulwark) == 3 and preview.damage_to(brute) == 1
    assert preview.destroyed == () and not preview.chance
    assert game.state_hash() == before
    assert Attack(0, brute, bulwark) in game.legal_actions(0)


def test_duel_preview_of_a_killing_attack_shows_no_strike_back() -> None:
    """Resolving combat 2: a defender that dies does not strike back."""
    game = started()
    brute = put(game, "Brute", (4, 2), 0)
    squire = put(game, "Squire", (5, 2), 1)  # 1/2
    preview = game.preview(Attack(0, brute, squire))
    assert preview.destroyed == (squire,) and preview.damage_to(brute) == 0


def test_a_preview_of_an_illegal_action_is_empty() -> None:
    game = started()
    brute = put(game, "Brute", (4, 2), 0)
    far = put(game, "Squire", (7, 0), 1)
    assert game.preview(Attack(0, brute, far)).damage == ()


def test_a_preview_that_draws_on_chance_tells_no_numbers() -> None:
    """A summoned token lands on a random free tile (Dervish): the preview of playing the
    card says chance took part and shows nothing, so hovering never tells the future."""
    from game.rules.cards import Ability, EffectSpec
    from game.rules.core.actions import PlayCard

    from .kit import card_library, minion

    caller = minion("Caller", 1, 1, 1, effect=Ability(effects=(
        EffectSpec("summon_nearby", {"card": "Squire", "target": "self"}),)))
    game = started(deck=("Caller",) * 20, library=card_library(caller))
    play = of(game.legal_actions(0), PlayCard)[0]
    assert game.preview(play).chance
    assert game.preview(of(game.legal_actions(0), Replace)[0]).chance  # a shuffle


def test_duel_keywords_now_leave_a_dispelled_unit_only_ephemeral() -> None:
    """Dispel: the unit keeps no keyword but Ephemeral; the window reads its badges
    through ``Game.keywords_now``, which asks the ruleset."""
    from game.rules.rulesets.duel.effects import dispel

    game = started()
    bulwark = put(game, "Bulwark", (4, 2), 0)  # Provoke
    assert game.keywords_now(bulwark, ("provoke", "rush")) == ("provoke",)
    dispel(game, bulwark)
    assert game.keywords_now(bulwark, ("provoke", "rush")) == ()
