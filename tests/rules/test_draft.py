"""Rules tests: Draft, Notation, Drafting."""

from __future__ import annotations

from collections import Counter

import pytest
from rulemarks import rules
from scenario import library, scenario

from game.rules import Game, IllegalAction, Phase
from game.rules.core.actions import DraftPick
from game.rules.core.view import Zone
from game.rules.draft import DraftFormat, fill_pool, parse_draft

#: the cards of the base set a draft can offer (those with a buy cost)
DRAFTABLE = sorted(c.name for c in library().in_sets(("base",)) if c.buy is not None)


def pick_first(game: Game) -> DraftPick:
    """The player to pick takes the first card of the pack they hold."""
    player = game.actor
    assert player is not None
    action = game.legal_actions(player)[0]
    assert isinstance(action, DraftPick)
    game.apply(action)
    return action


def finish_draft(game: Game) -> None:
    for _ in range(10_000):
        if game.phase is not Phase.DRAFT:
            return
        pick_first(game)
    raise AssertionError("the draft never ended")


def store_names(game: Game, player: int) -> list[str]:
    return [game.card(c).name for c in game.players[player].store]


# ---------------------------------------------------------------- Draft


def test_draft_1_stores_are_built_one_pick_at_a_time_from_passed_packs() -> None:
    game = scenario(draft="1x[2;4]")
    assert game.phase is Phase.DRAFT
    assert all(p.store == [] for p in game.players)
    held_before = list(game.held)
    first = pick_first(game)
    assert game.players[0].store == [first.card]
    assert first.card not in game.packs[held_before[0]]
    second = pick_first(game)
    assert second.player == 1 and game.players[1].store == [second.card]
    # both picked: the packs went around the table
    assert game.held == [held_before[1], held_before[0]]
    finish_draft(game)
    # two picks from each of the two packs
    assert [len(p.store) for p in game.players] == [4, 4]
    assert game.phase is Phase.UPKEEP and game.turn == 1


def test_draft_2_the_draft_format_is_chosen_per_game() -> None:
    small = scenario(draft="1x[1;2]")
    large = scenario(draft="2x[3;6]")
    finish_draft(small)
    finish_draft(large)
    assert [len(p.store) for p in small.players] == [2, 2]
    assert [len(p.store) for p in large.players] == [12, 12]


@rules("Notation 1")
def test_draft_3_rounds_picks_and_pack_size_set_cards_kept_and_seen() -> None:
    game = scenario("1.2.3", players=3, draft="2x[1;5]")
    seen: dict[int, set[int]] = {0: set(), 1: set(), 2: set()}
    while game.phase is Phase.DRAFT:
        player = game.actor
        assert player is not None
        seen[player].update(game.packs[game.held[player]])
        pick_first(game)
    # kept: rounds * players * picks; seen: every pack of each round passed by each player
    assert [len(p.store) for p in game.players] == [2 * 3 * 1] * 3
    # each player meets every pack of a round once, one card smaller after each pass:
    # 5 + 4 + 3 different cards per round
    assert [len(seen[p]) for p in range(3)] == [2 * (5 + 4 + 3)] * 3


# ---------------------------------------------------------------- Notation


def test_notation_1_parse_rounds_picks_and_pack_size() -> None:
    fmt = parse_draft("3x[2;8]")
    assert fmt == DraftFormat(rounds=3, picks=2, pack_size=8)
    assert str(fmt) == "3x[2;8]"
    assert parse_draft(" 1 x [ 4 ; 10 ] ") == DraftFormat(1, 4, 10)
    # after the draft every player holds rounds * players * picks cards
    assert fmt.cards_per_player(2) == 12
    assert fmt.cards_per_player(4) == 24


@pytest.mark.parametrize("text", ["3x2;8", "3[2;8]", "x[2;8]", "3x[2,8]", "3x[2;8;1]",
                                  "0x[2;8]", "3x[0;8]", "3x[2;0]", "three x[2;8]", ""])
def test_notation_1_malformed_or_empty_formats_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_draft(text)


def test_notation_1_example_3x2_8_gives_each_player_twelve_cards() -> None:
    game = scenario(draft="3x[2;8]")
    assert len(game.packs) == 2 * 3
    assert all(len(pack) == 8 for pack in game.packs)
    finish_draft(game)
    assert [len(p.store) for p in game.players] == [3 * 2 * 2, 3 * 2 * 2]


def test_notation_1_a_pack_must_hold_a_pick_for_every_player() -> None:
    # 3 players taking 2 cards each need packs of at least 6 cards
    with pytest.raises(ValueError):
        scenario("1.2.3", players=3, draft="1x[2;5]")


# ---------------------------------------------------------------- Drafting


def test_drafting_1_every_pack_is_filled_to_the_pack_size() -> None:
    game = scenario("1.2.3.4", players=4, draft="2x[2;8]")
    assert len(game.packs) == 4 * 2
    assert [len(pack) for pack in game.packs] == [8] * 8
    names = Counter(game.card(c).name for pack in game.packs for c in pack)
    assert set(names) <= set(DRAFTABLE)


def test_drafting_1_1_a_small_pool_gets_one_more_copy_of_every_card() -> None:
    assert Counter(fill_pool(["a", "b", "c"], 7)) == Counter({"a": 3, "b": 3, "c": 3})
    assert fill_pool(["a", "b", "c"], 3) == ["a", "b", "c"]
    with pytest.raises(ValueError):
        fill_pool([], 1)
    # in a game: 2 players x 1 round x 20 cards need 40 of the base set's draftable cards
    game = scenario(draft="1x[10;20]")
    needed = 2 * 20
    assert len(DRAFTABLE) < needed <= 2 * len(DRAFTABLE)
    names = Counter(game.card(c).name for pack in game.packs for c in pack)
    assert sum(names.values()) == needed
    assert max(names.values()) == 2  # a second copy was added, not a third


def test_drafting_2_players_times_rounds_random_packs_made_at_the_start() -> None:
    game = scenario("1.2.3", players=3, draft="2x[1;4]")
    assert len(game.packs) == 3 * 2
    # the packs of the second round exist before the first pick
    later = [list(pack) for pack in game.packs[3:]]
    assert all(len(pack) == 4 for pack in later)
    for cards in later:
        for entity in cards:
            assert game.zone(entity) is Zone.DRAFT

    def contents(seed: int) -> list[list[str]]:
        g = scenario("1.2.3", players=3, draft="2x[1;4]", seed=seed)
        return [[g.card(c).name for c in pack] for pack in g.packs]

    assert contents(1) != contents(2)  # the packs are random (seeded)
    assert contents(1) == contents(1)  # and reproducible from the seed


def test_drafting_3_each_player_picks_then_passes_to_the_next_player() -> None:
    game = scenario("1.2.3", players=3, draft="1x[2;6]")
    start = list(game.held)
    assert sorted(start) == [0, 1, 2]
    for step in range(3 * 2):
        for player in range(3):
            assert game.actor == player
            pack = game.packs[game.held[player]]
            before = len(pack)
            # only the cards of the pack the player holds can be picked, by them only
            assert {a.card for a in game.legal_actions(player)} == set(pack)
            for other in range(3):
                if other != player:
                    assert game.legal_actions(other) == []
            pick_first(game)
            if game.phase is Phase.DRAFT:
                assert len(pack) == before - 1
        if game.phase is not Phase.DRAFT:
            break
        # after every player picked, player i holds the pack player i-1 held
        shift = (step + 1) % 3
        assert game.held == [start[(i - shift) % 3] for i in range(3)]
    assert game.phase is Phase.UPKEEP
    assert [len(p.store) for p in game.players] == [6, 6, 6]


def test_drafting_3_a_player_cannot_pick_out_of_turn_or_from_another_pack() -> None:
    game = scenario(draft="1x[1;2]")
    mine = game.packs[game.held[0]]
    theirs = game.packs[game.held[1]]
    for action in (DraftPick(1, theirs[0]), DraftPick(0, theirs[0])):
        before = game.state_hash()
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.state_hash() == before
    card = mine[0]
    game.apply(DraftPick(0, card))
    assert game.players[0].store == [card]


def test_drafting_3_each_round_starts_with_new_packs_and_leftovers_leave_the_game() -> None:
    game = scenario(draft="2x[1;3]")
    first_round = [list(pack) for pack in game.packs[:2]]
    second_round = [list(pack) for pack in game.packs[2:]]
    for _ in range(2 * 2):  # two picks per player from the two packs of round one
        pick_first(game)
    leftovers = [c for pack in first_round for c in pack
                 if c not in game.players[0].store and c not in game.players[1].store]
    assert len(leftovers) == 2 * (3 - 2)
    for card in leftovers:
        assert not game.exists(card)
        assert all(card not in cards for p in game.players for cards in p.zones.values())
    assert sorted(game.held) == [2, 3]
    assert [list(game.packs[i]) for i in (2, 3)] == second_round
    finish_draft(game)
    # drafted cards are owned by their picker and sit in their store
    for player in game.players:
        for card in player.store:
            assert game.view(card).owner == player.index
            assert game.view(card).zone is Zone.STORE
    assert game.neutral.zones[Zone.DRAFT] == []
