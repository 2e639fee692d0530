"""Rules tests: Zones, Deck, Discard Pile, Store, Hand, Exile."""

from __future__ import annotations

from collections import Counter

import pytest
from rulemarks import rules
from scenario import next_turn, resolve, scenario, to_action_phase, to_phase

from game.rules import Game, IllegalAction, Phase
from game.rules.core.actions import (
    Action,
    Activate,
    Attack,
    Buy,
    Discard,
    DiscardForResource,
    DraftPick,
    EndTurn,
    Pass,
    PlayCard,
)
from game.rules.core.events import CardMoved
from game.rules.core.view import Zone
from game.rules.queries import zone_record

#: the six zones of rule Zones 1
SIX_ZONES = {Zone.DECK, Zone.HAND, Zone.DISCARD, Zone.STORE, Zone.MAP, Zone.EXILE}


def where(game: Game, card: int) -> list[tuple[int, Zone]]:
    """Every (player, zone) list that holds ``card``."""
    found = []
    for state in [*game.players, game.neutral]:
        for zone, cards in state.zones.items():
            found.extend((state.index, zone) for c in cards if c == card)
    return found


def assert_one_zone_each(game: Game) -> None:
    """Every card is in exactly one zone list, the one its own zone record names."""
    cards = game.cards()
    assert cards
    for entity in cards:
        assert where(game, entity) == [zone_record(game, entity)], game.card(entity).name
    listed = sum(len(c) for s in [*game.players, game.neutral] for c in s.zones.values())
    assert listed == len(cards)


def entities_in(action: Action) -> set[int]:
    values: set[int] = set()
    for name in ("card", "first", "second", "unit", "permanent", "target", "source",
                 "artifact", "equipment"):
        value = getattr(action, name, None)
        if isinstance(value, int):
            values.add(value)
    for value in getattr(action, "targets", ()):
        if isinstance(value, int):
            values.add(value)
    return values


# ---------------------------------------------------------------- Zones


def test_zones_1_every_card_is_always_in_exactly_one_zone() -> None:
    game = scenario(
        "1..2", draft="1x[2;4]", start_deck=(("Coin", 2), ("Recruit", 2)), income=10,
    )
    assert_one_zone_each(game)
    while game.phase is Phase.DRAFT:
        game.apply(next(a for a in game.legal_actions(game.actor) if isinstance(a, DraftPick)))
        assert_one_zone_each(game)
    soldier = game.add_card("Soldier", 0, Zone.HAND)
    fireball = game.add_card("Fireball", 0, Zone.HAND)
    enemy = game.add_permanent("Scout", (2, 0), 1)
    to_action_phase(game)
    resolve(game, PlayCard(0, soldier, (0, 0)))
    assert_one_zone_each(game)
    resolve(game, PlayCard(0, fireball, None, (enemy,)))  # the scout is destroyed
    assert game.zone(enemy) is Zone.DISCARD and game.zone(fireball) is Zone.DISCARD
    assert_one_zone_each(game)
    to_phase(game, Phase.BUYING)
    buy = next(a for a in game.legal_actions(0) if isinstance(a, Buy))
    resolve(game, buy)
    assert_one_zone_each(game)
    for _ in range(4):
        next_turn(game)
        assert_one_zone_each(game)
    # apart from the engine's "aside" and draft-pack bookkeeping, the zones are the six
    assert {z for s in game.players for z in s.zones} - {Zone.ASIDE, Zone.DRAFT} == SIX_ZONES


# ---------------------------------------------------------------- Deck


def test_deck_1_every_player_has_their_own_deck() -> None:
    game = scenario(start_deck=(("Coin", 4),))
    first, second = game.players
    assert not set(first.deck + first.hand) & set(second.deck + second.hand)
    assert all(game.owner(c) == 0 for c in first.deck + first.hand)
    assert all(game.owner(c) == 1 for c in second.deck)
    # player 1 drew from their own deck only
    assert (len(first.deck), len(first.hand)) == (1, 3)
    assert (len(second.deck), len(second.hand)) == (4, 0)


def test_deck_2_a_deck_starts_with_only_the_map_start_cards() -> None:
    start = (("Coin", 3), ("Recruit", 2))
    game = scenario(draft="1x[2;4]", start_deck=start)
    for player in game.players:
        assert Counter(game.card(c).name for c in player.deck) == {"Coin": 3, "Recruit": 2}
        assert player.hand == [] and player.store == []
    while game.phase is Phase.DRAFT:
        game.apply(game.legal_actions(game.actor)[0])
    # the drafted cards went to the store, not into the deck
    for player in game.players:
        owned = [game.card(c).name for c in player.deck + player.hand]
        assert Counter(owned) == {"Coin": 3, "Recruit": 2}
        assert len(player.store) == 4


def test_deck_3_buying_adds_a_card_that_later_joins_the_deck() -> None:
    game = scenario(stores={0: ["Scout"]}, resource={0: 3})
    scout = game.players[0].store[0]
    to_phase(game, Phase.BUYING)
    resolve(game, Buy(0, scout))
    assert game.zone(scout) is Zone.DISCARD
    next_turn(game)  # player 2's turn
    next_turn(game)  # player 1's deck is empty: the discard pile becomes the deck
    assert game.zone(scout) is Zone.HAND  # shuffled in and drawn
    assert scout in game.players[0].hand


def test_deck_4_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    game = scenario()
    used = [game.add_card(name, 1, Zone.DISCARD) for name in ("Scout", "Archer", "Coin", "Die!")]
    events = next_turn(game)
    moved = [e for e in events if isinstance(e, CardMoved) and e.from_zone == "discard"]
    assert sorted(e.card for e in moved) == sorted(used)
    assert game.players[1].discard == []
    assert len(game.players[1].hand) == 3 and len(game.players[1].deck) == 1
    assert set(game.players[1].hand + game.players[1].deck) == set(used)


def test_deck_4_a_deck_with_cards_is_not_refilled() -> None:
    game = scenario(decks={1: ["Coin", "Coin", "Coin", "Coin"]})
    old = game.add_card("Scout", 1, Zone.DISCARD)
    next_turn(game)
    assert game.zone(old) is Zone.DISCARD
    assert len(game.players[1].deck) == 1


def test_deck_4_a_deck_emptied_by_the_draw_is_refilled_at_the_next_turn() -> None:
    # our reading: the shuffle is step 1 of the turn (rule Player Turns 2), before the draw
    game = scenario(decks={1: ["Coin"]})
    old = game.add_card("Scout", 1, Zone.DISCARD)
    next_turn(game)
    assert game.phase is Phase.UPKEEP and game.players[1].deck == []
    assert game.zone(old) is Zone.DISCARD
    to_phase(game, Phase.DISCARD)
    game.apply(EndTurn(1))
    next_turn(game)  # player 2's next turn: the deck is empty at its start
    assert game.zone(old) is Zone.HAND


def test_deck_5_a_deck_may_stay_empty() -> None:
    game = scenario(resource={0: 2, 1: 2})
    for _ in range(6):
        next_turn(game)
        state = game.players[game.active]
        assert state.deck == [] and state.hand == [] and state.discard == []
        assert game.phase is Phase.UPKEEP
    assert game.turn == 7 and game.phase is not Phase.OVER


# ---------------------------------------------------------------- Discard Pile


def test_discard_pile_1_used_cards_end_on_the_discard_pile() -> None:
    game = scenario(hands={0: ["Coin", "Scout", "Archer", "Fireball", "Die!"]}, resource={0: 9})
    coin, scout, archer, fireball, die = game.players[0].hand
    theirs = game.add_permanent("Soldier", (3, 3), 1, owner=0)  # owned by player 1
    to_action_phase(game)
    resolve(game, PlayCard(0, coin))  # a spell, once resolved
    assert game.zone(coin) is Zone.DISCARD
    resolve(game, DiscardForResource(0, scout, archer))  # the discard cost
    assert game.zone(scout) is Zone.DISCARD and game.zone(archer) is Zone.DISCARD
    resolve(game, PlayCard(0, die, None, (theirs,)))  # a destroyed permanent: owner's pile
    assert theirs in game.players[0].discard
    to_phase(game, Phase.DISCARD)
    game.apply(Discard(0, fireball))  # the discard step
    assert set(game.players[0].discard) == {coin, scout, archer, die, theirs, fireball}


def test_discard_pile_2_every_card_put_on_a_discard_pile_is_announced_by_name() -> None:
    game = scenario(hands={0: ["Coin", "Fireball"], 1: ["Scout", "Archer"]}, resource={0: 5})
    coin, fireball = game.players[0].hand
    target = game.add_permanent("Soldier", (3, 3), 1)
    seen: dict[int, Counter] = {0: Counter(), 1: Counter()}

    def watch(events: list) -> None:
        for event in events:
            if isinstance(event, CardMoved) and event.to_zone == "discard":
                seen[event.player][event.name] += 1
            elif isinstance(event, CardMoved) and event.from_zone == "discard":
                seen[event.player][event.name] -= 1

    watch(to_action_phase(game))
    watch(resolve(game, PlayCard(0, coin)))
    watch(resolve(game, PlayCard(0, fireball, None, (target,))))
    watch(next_turn(game))
    watch(to_action_phase(game))
    scout, archer = game.players[1].hand
    watch(resolve(game, DiscardForResource(1, scout, archer)))
    for player in (0, 1):
        actual = Counter(game.card(c).name for c in game.players[player].discard)
        assert +seen[player] == actual
    assert Counter(game.card(c).name for c in game.players[1].discard) == {
        "Soldier": 1, "Scout": 1, "Archer": 1}


def test_discard_pile_3_the_discard_pile_order_does_not_matter() -> None:
    def run(reverse: bool) -> tuple[list[str], set[str]]:
        game = scenario(hands={0: ["Coin"]})
        pile = [game.add_card(n, 0, Zone.DISCARD) for n in ("Scout", "Archer", "Ghost", "Net")]
        if reverse:
            game.players[0].discard.reverse()
        legal = {str(a) for a in game.legal_actions(0)}
        # no action ever picks a card out of the discard pile by its position
        assert not any(entities_in(a) & set(pile) for a in game.legal_actions(0))
        names = sorted(game.card(c).name for c in game.players[0].discard)
        return names, legal

    assert run(False) == run(True)
    # the pile only ever becomes a deck by being shuffled
    game = scenario()
    pile = [game.add_card(n, 1, Zone.DISCARD) for n in ("Scout", "Archer", "Ghost", "Net", "Die!")]
    next_turn(game)
    assert sorted(game.players[1].deck + game.players[1].hand) == sorted(pile)


# ---------------------------------------------------------------- Store


def test_store_1_every_player_has_their_own_store() -> None:
    game = scenario(stores={0: ["Scout", "Archer"], 1: ["Scout"]}, resource={0: 5, 1: 5})
    first, second = game.players[0].store, game.players[1].store
    assert len(first) == 2 and len(second) == 1 and not set(first) & set(second)
    assert all(game.owner(c) == 0 for c in first) and game.owner(second[0]) == 1
    to_phase(game, Phase.BUYING)
    resolve(game, Buy(0, first[0]))
    assert len(game.players[0].store) == 1 and game.players[1].store == second


@rules("Cards 2.1")
def test_store_2_the_drafted_cards_form_the_store_and_buying_takes_from_it() -> None:
    game = scenario(draft="1x[3;6]", income=20)
    picked: dict[int, list[int]] = {0: [], 1: []}
    while game.phase is Phase.DRAFT:
        action = game.legal_actions(game.actor)[0]
        assert isinstance(action, DraftPick)
        picked[action.player].append(action.card)
        game.apply(action)
    for player in (0, 1):
        assert game.players[player].store == picked[player]
        assert all(game.owner(c) == player for c in picked[player])
    to_phase(game, Phase.BUYING)
    buy = next(a for a in game.legal_actions(0) if isinstance(a, Buy))
    resolve(game, buy)
    assert buy.card not in game.players[0].store
    assert buy.card in game.players[0].discard
    assert sorted(game.players[0].store + [buy.card]) == sorted(picked[0])


# ---------------------------------------------------------------- Hand


def test_hand_1_only_its_owner_can_use_the_cards_of_a_hand() -> None:
    game = scenario(hands={0: ["Coin", "Fireball", "Scout"], 1: ["Coin", "Net"]},
                    resource={0: 5, 1: 5})
    soldier = game.add_permanent("Soldier", (0, 0), 0)
    game.add_permanent("Soldier", (1, 1), 1)
    to_action_phase(game)
    resolve(game, Activate(0, soldier))
    game.apply(next(a for a in game.legal_actions(0) if isinstance(a, Attack)))
    game.apply(Pass(0))  # the opponent gets priority to answer the attack
    assert game.actor == 1
    other_hand = set(game.players[0].hand)
    answers = game.legal_actions(1)
    assert answers
    assert not any(entities_in(a) & other_hand for a in answers)
    card = game.players[0].hand[0]
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(1, card))
    assert game.state_hash() == before


def test_hand_2_there_is_no_hand_limit() -> None:
    game = scenario(hands={1: ["Coin"] * 9}, decks={1: ["Scout"] * 3})
    next_turn(game)
    assert len(game.players[1].hand) == 9  # nothing drawn above three, nothing lost
    resolve(game, DiscardForResource(1, *game.players[1].hand[:2]))
    assert len(game.players[1].hand) == 7
    for _ in range(3):
        game.add_card("Archer", 1, Zone.HAND)
    to_phase(game, Phase.DISCARD)
    game.apply(EndTurn(1))  # keep all ten at the end of the turn
    assert len(game.players[1].hand) == 10


# ---------------------------------------------------------------- Exile


def test_exile_1_a_neutral_card_leaving_the_map_is_exiled_for_good() -> None:
    game = scenario(hands={0: ["Fireball"]}, resource={0: 5})
    chest = game.add_permanent("Treasure Chest", (3, 1), -1)  # a neutral map piece
    fireball = game.players[0].hand[0]
    to_action_phase(game)
    resolve(game, PlayCard(0, fireball, None, (chest,)))
    assert not game.is_on_map(chest)
    assert game.zone(chest) is Zone.EXILE and where(game, chest) == [(-1, Zone.EXILE)]
    for _ in range(4):
        for player in (0, 1):
            if game.actor == player:
                assert not any(chest in entities_in(a) for a in game.legal_actions(player))
        next_turn(game)
        assert game.zone(chest) is Zone.EXILE
