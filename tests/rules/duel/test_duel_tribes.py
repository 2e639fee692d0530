"""Duel tribe rules (seed 002, "Tribes"): Bond (Arcanyst, Golem), Battle Pet rules 1-7
with seeded ties, Dervish (Ephemeral, Dunecaster, Obelysk), Mech (MECHAZ0R!), Vespyr."""

from __future__ import annotations

from game.rules import CardDef, CardType, Zone
from game.rules.cards import Ability, EffectSpec, TargetSpec
from game.rules.core.actions import EndTurn, PlayCard
from game.rules.rulesets.duel.effects import dispel
from game.rules.rulesets.duel.rules import MECH_PROGRESS, health_left, power

from .kit import DUEL, card_library, end_turns, generals, minion, put, started


def _gambit(*effects: EffectSpec, targets: tuple[TargetSpec, ...] = ()) -> Ability:
    return Ability(effects=effects, targets=targets)


SCHOLAR = minion("Scholar", 1, 1, 1, {"bond": True}, frozenset({"arcanyst"}),
                 effect=_gambit(EffectSpec("draw", {"amount": 1})))
ADEPT = minion("Adept", 1, 1, 1, tags=frozenset({"arcanyst"}))
PET = minion("Pup", 1, 2, 3, tags=frozenset({"battle-pet"}))
RANGED_PET = minion("Spitter", 1, 1, 3, {"ranged": True}, frozenset({"battle-pet"}))
DERVISH = CardDef(name="Wind Dervish", type=CardType.UNIT, play=0, attack=2, health=2,
                  keywords={"rush": True, "ephemeral": True}, tags=DUEL | {"dervish"},
                  token=True, triggers=(Ability(effects=(EffectSpec("draw", {}),),
                                                trigger="dies"),))
DUNECASTER = minion("Dunecaster", 2, 2, 2, tags=frozenset({"dervish"}), effect=_gambit(
    EffectSpec("anchor", {"target": 0}), EffectSpec("buff", {"attack": 1, "target": 0}),
    targets=(TargetSpec("unit", {"controller": "own", "tag": "dervish"}),)))
OBELYSK = CardDef(name="Obelysk", type=CardType.UNIT, play=2, attack=0, health=6,
                  tags=DUEL | {"structure"},
                  triggers=(Ability(effects=(EffectSpec("summon_nearby",
                                                        {"card": "Wind Dervish"}),),
                                    trigger="turn_start"),))
GEAR = minion("Gearling", 1, 1, 1, {"mech_progress": 1}, frozenset({"mech"}))
BIG_GEAR = minion("Cogwork", 1, 1, 1, {"mech_progress": 2}, frozenset({"mech"}))
MECHAZ0R = CardDef(name="MECHAZ0R!", type=CardType.UNIT, play=0, attack=8, health=8,
                   tags=DUEL | {"mech"}, token=True)
SPRITE = CardDef(name="Frost Sprite", type=CardType.UNIT, play=0, attack=1, health=1,
                 tags=DUEL | {"vespyr"}, token=True)
CALLER = minion("Snowcaller", 2, 1, 1, tags=frozenset({"vespyr"}), effect=_gambit(
    EffectSpec("buff", {"attack": 1, "health": 1, "per_tag": "vespyr", "target": "self"})))
TRIBES = card_library(SCHOLAR, ADEPT, PET, RANGED_PET, DERVISH, DUNECASTER, OBELYSK, GEAR,
                      BIG_GEAR, MECHAZ0R, SPRITE, CALLER)


def _play(game, name: str, tile, targets=()) -> int:  # type: ignore[no-untyped-def]
    card = game.add_card(name, game.active, Zone.HAND)
    game.apply(PlayCard(game.active, card, tile, targets))
    return card


def test_duel_arcanyst_bond_needs_another_friendly_arcanyst_already_there() -> None:
    game = started(library=TRIBES)
    hand = len(game.players[0].hand)
    _play(game, "Scholar", (1, 2))
    assert len(game.players[0].hand) == hand  # played one, drew none: no bond
    put(game, "Adept", (1, 1), 0)
    _play(game, "Scholar", (1, 3))
    assert len(game.players[0].hand) == hand + 1 - 1 + 1 - 1 + 1


def test_duel_battle_pets_cannot_be_commanded() -> None:
    game = started(library=TRIBES)
    pup = put(game, "Pup", (4, 2), 0)
    put(game, "Squire", (5, 2), 1)
    assert all(getattr(a, "unit", None) != pup for a in game.legal_actions(0))


def test_duel_battle_pet_rule_1_attacks_the_closest_enemy_in_reach_without_moving() -> None:
    """Rule 1: an enemy on the same row or column is taken before a diagonal one."""
    game = started(library=TRIBES)
    pup = put(game, "Pup", (4, 2), 0)
    diagonal = put(game, "Bulwark", (5, 3), 1)
    straight = put(game, "Bulwark", (4, 1), 1)
    game.apply(EndTurn(0))
    game.apply(EndTurn(1))  # player 1's turn begins: the pet acts
    assert game.tile_of(pup) == (4, 2)
    assert health_left(game, straight) == 2 and health_left(game, diagonal) == 4


def test_duel_battle_pet_rule_1_ties_are_random_from_the_game_seed() -> None:
    hits = set()
    for seed in range(1, 12):
        game = started(library=TRIBES, seed=seed)
        put(game, "Pup", (4, 2), 0)
        left = put(game, "Bulwark", (3, 2), 1)
        right = put(game, "Bulwark", (5, 2), 1)
        game.apply(EndTurn(0))
        game.apply(EndTurn(1))
        hits.add("left" if health_left(game, left) < 4 else "right")
        assert (health_left(game, left) < 4) != (health_left(game, right) < 4)
    assert hits == {"left", "right"}


def test_duel_battle_pet_rule_3_moves_to_the_enemy_it_reaches_in_fewest_tiles() -> None:
    """Rule 3: the diagonal enemy two rows away is reached with a one-tile diagonal
    move... the fewest tiles to reach, not the closest enemy."""
    game = started(library=TRIBES)
    pup = put(game, "Pup", (2, 2), 0)
    target = put(game, "Bulwark", (4, 2), 1)  # reached by moving to (3, 2): one tile
    game.apply(EndTurn(0))
    game.apply(EndTurn(1))
    assert game.tile_of(pup) == (3, 2)
    assert health_left(game, target) == 2


def test_duel_battle_pet_rule_2_moves_towards_the_closest_enemy_when_none_is_reachable() -> None:
    game = started(library=TRIBES)
    pup = put(game, "Pup", (1, 0), 0)
    game.apply(EndTurn(0))
    game.apply(EndTurn(1))
    here = game.tile_of(pup)
    assert here is not None and game.geometry.distance(here, (8, 2)) < 7


def test_duel_battle_pet_rule_5_a_ranged_pet_moves_like_the_others_then_shoots() -> None:
    game = started(library=TRIBES)
    spitter = put(game, "Spitter", (1, 0), 0)
    far = put(game, "Bulwark", (7, 4), 1)
    game.apply(EndTurn(0))
    game.apply(EndTurn(1))
    assert game.tile_of(spitter) == (2, 1)  # it closed in on the enemy general (9 steps
    # away against the Bulwark's 10), keeping no distance, then shot the closest enemy
    assert health_left(game, generals(game)[1]) == 24 and health_left(game, far) == 4


def test_duel_battle_pet_provoked_does_not_move_and_attacks_the_provoker() -> None:
    game = started(library=TRIBES)
    pup = put(game, "Pup", (4, 2), 0)
    bulwark = put(game, "Bulwark", (5, 3), 1)
    squire = put(game, "Squire", (4, 1), 1)
    game.apply(EndTurn(0))
    game.apply(EndTurn(1))
    assert game.tile_of(pup) == (4, 2)
    assert health_left(game, bulwark) == 2 and health_left(game, squire) == 2


def test_duel_battle_pet_rule_7_pets_act_in_the_order_they_arrived() -> None:
    """Rule 7: the first to arrive acts first: here it kills the only enemy in reach,
    so the second one has to walk."""
    game = started(library=TRIBES)
    first = put(game, "Pup", (4, 1), 0)
    second = put(game, "Pup", (4, 3), 0)
    prey = put(game, "Squire", (4, 2), 1)  # 1/2: the first pet's 2 kills it
    game.apply(EndTurn(0))
    game.apply(EndTurn(1))
    assert not game.is_on_map(prey)
    assert game.tile_of(first) == (4, 1) and game.tile_of(second) != (4, 3)


def test_duel_wind_dervish_vanishes_at_end_of_turn_without_dying() -> None:
    """Ephemeral: removed at the end of the turn; nothing that watches deaths sees it
    (its own dying wish, here a draw, does not happen)."""
    game = started(library=TRIBES)
    dervish = put(game, "Wind Dervish", (1, 2), 0)
    hand = len(game.players[0].hand)
    game.apply(EndTurn(0))
    assert not game.is_on_map(dervish)
    assert len(game.players[0].hand) == hand + 1  # only the end-of-turn draw


def test_duel_dunecaster_keeps_a_dervish_and_a_dispel_does_not_bring_ephemeral_back() -> None:
    game = started(library=TRIBES)
    dervish = put(game, "Wind Dervish", (1, 2), 0)
    end = game.players[0].hand
    assert end is not None
    game.edit(dervish, moves=0)
    _play(game, "Dunecaster", (1, 1), (dervish,))
    assert power(game, dervish) == 3
    dispel(game, dervish)
    assert power(game, dervish) == 2  # the boost goes, the anchoring stays
    game.apply(EndTurn(0))
    assert game.is_on_map(dervish)


def test_duel_dispel_does_not_take_ephemeral_away() -> None:
    game = started(library=TRIBES)
    dervish = put(game, "Wind Dervish", (1, 2), 0)
    dispel(game, dervish)
    game.apply(EndTurn(0))
    assert not game.is_on_map(dervish)


def test_duel_obelysk_summons_a_dervish_each_turn_but_not_when_surrounded() -> None:
    game = started(library=TRIBES)
    put(game, "Obelysk", (4, 2), 0)
    game.apply(EndTurn(0))
    game.apply(EndTurn(1))
    dervishes = [u for u in game.units() if game.card(u).name == "Wind Dervish"]
    assert len(dervishes) == 1
    game.apply(EndTurn(0))  # it vanishes at the end of the turn
    for tile in [(3, 1), (4, 1), (5, 1), (3, 2), (5, 2), (3, 3), (4, 3), (5, 3)]:
        put(game, "Bulwark", tile, 1)
    game.apply(EndTurn(1))
    assert not [u for u in game.units() if game.card(u).name == "Wind Dervish"]


def test_duel_mechazor_after_five_progress_kept_per_player_and_reset_after() -> None:
    game = started(library=TRIBES)
    end_turns(game, 6)  # player 1's fourth turn: five mana
    for tile in [(1, 1), (1, 2), (1, 3)]:
        _play(game, "Gearling", tile)
    assert game.counter(0, MECH_PROGRESS) == 3
    assert game.counter(1, MECH_PROGRESS) == 0
    put(game, "Gearling", (0, 1), 0)  # put, not played: no progress
    _play(game, "Cogwork", (0, 3))  # two at once: five
    assert game.counter(0, MECH_PROGRESS) == 0
    mechs = [c for c in game.players[0].hand if game.card(c).name == "MECHAZ0R!"]
    assert len(mechs) == 1 and game.card(mechs[0]).play == 0


def test_duel_mech_progress_survives_a_dispel() -> None:
    game = started(library=TRIBES)
    gear = _play(game, "Gearling", (1, 2))
    dispel(game, gear)
    assert game.counter(0, MECH_PROGRESS) == 1


def test_duel_vespyr_tokens_count_for_vespyr_effects() -> None:
    game = started(library=TRIBES)
    put(game, "Frost Sprite", (1, 1), 0)
    put(game, "Frost Sprite", (1, 3), 0)
    caller = _play(game, "Snowcaller", (1, 2))
    assert power(game, caller) == 3 and health_left(game, caller) == 3
    assert generals(game)


def test_duel_battle_pets_say_what_they_do_for_the_log() -> None:
    """Battle Pet: it acts on its own at the start of its player's turn, so nobody declares
    its move or attack; each is announced (a Behaviour event the window's log shows)."""
    from game.rules.core.events import Behaviour

    game = started(library=TRIBES)
    put(game, "Pup", (2, 2), 0)
    put(game, "Bulwark", (4, 2), 1)
    game.apply(EndTurn(0))
    events = game.apply(EndTurn(1))
    said = [(e.behaviour, e.note) for e in events if isinstance(e, Behaviour)]
    assert said == [("battle pet Pup", "moves to (3, 2)"),
                    ("battle pet Pup", "attacks Bulwark (the closest it reaches)")]
