"""Duel rules (seed 002) of the game's set-up and turn: the board, the opening hand and
the mulligan, the mana curve, mana globes, the bloodbound spell's schedule, replace, and
the end-of-turn draw. Each test names the rule and the reading it checks
(assets/docs/rules-duel.md)."""

from __future__ import annotations

from game.maps import find_map
from game.rules import Phase, Zone
from game.rules.core.actions import Bloodbound, EndTurn, Move, Mulligan, PlayCard, Replace
from game.rules.rulesets.duel.rules import (
    BLOODBOUND_READY,
    CAPACITY,
    MANA,
    REPLACED,
    health_left,
)

from .kit import GLOBES, end_turns, generals, new_game, of, put, started


def test_duel_board_setup_uses_the_diagram_not_the_mistyped_coordinates() -> None:
    """Board setup: generals at the two ends of the middle row; globes at column 5 of
    rows 1 and 5 and column 6 of row 3 (1-based), as the diagram draws them."""
    spec = find_map("2P-duel-standard")
    assert (spec.width, spec.height, spec.ruleset, spec.geometry) == (9, 5, "duel",
                                                                      "square-grid")
    globes = {(i % 9, i // 9) for i, kind in enumerate(spec.tiles) if kind == "mana globe"}
    assert globes == set(GLOBES) == {(4, 0), (5, 2), (4, 4)}
    assert dict(spec.owners) == {(0, 2): 0, (8, 2): 1}
    game = new_game()
    first, second = generals(game)
    assert game.tile_of(first) == (0, 2) and game.tile_of(second) == (8, 2)
    assert health_left(game, first) == 25 and game.card(first).attack == 2
    # on the shipped map the start tiles are spawns; plain ground once the generals stand
    # there
    assert spec.type_at((0, 2)) == spec.type_at((8, 2)) == "spawn"
    from game.content.decks import with_decks
    from game.content.mods import load_content
    from game.rules import Game, GameSetup

    library = load_content(include_user=False).library
    shipped = Game(with_decks(GameSetup(find_map("2P-duel-standard", library=library),
                                        library, 2, 1)))
    assert shipped.tile_kind((0, 2)).name == shipped.tile_kind((8, 2)).name == "neutral"


def test_duel_beginning_draw_five_then_each_player_may_mulligan_up_to_two() -> None:
    """The beginning of the game: five cards; a mulligan puts back none, one or two of
    them (the digital game's cap) and draws others from the rest of the deck."""
    game = new_game()
    assert game.phase is Phase.MULLIGAN and game.actor == 0
    hand = list(game.players[0].hand)
    assert len(hand) == 5
    options = game.legal_actions(0)
    assert len(options) == 1 + 5 + 10 and all(isinstance(a, Mulligan) for a in options)
    back = (hand[0], hand[1])
    game.apply(Mulligan(0, back))
    new_hand = game.players[0].hand
    assert len(new_hand) == 5 and not set(back) & set(new_hand)
    assert set(back) <= set(game.players[0].deck)
    assert game.actor == 1 and game.phase is Phase.MULLIGAN
    game.apply(Mulligan(1, ()))
    assert game.phase is Phase.ACTION and game.active == 0 and game.turn == 1


def test_duel_mana_capacity_grows_by_one_to_nine_and_is_refilled_each_turn() -> None:
    """Begin phase: +1 capacity below nine, refilled; our reading: seat 1 starts at 2,
    seat 2 at 3 (it moves second)."""
    game = started()
    seen: dict[int, list[int]] = {0: [], 1: []}
    for _ in range(20):
        player = game.active
        seen[player].append(game.counter(player, MANA))
        assert game.counter(player, MANA) == game.counter(player, CAPACITY)
        game.apply(EndTurn(player))
    assert seen[0] == [2, 3, 4, 5, 6, 7, 8, 9, 9, 9]
    assert seen[1] == [3, 4, 5, 6, 7, 8, 9, 9, 9, 9]


def test_duel_mana_globe_gives_one_mana_this_turn_only_and_is_used_up() -> None:
    """Mana globe: the first unit to stand on it (moving or summoned) takes it: +1 mana
    that turn only; the tile is then plain ground."""
    game = started()
    squire = put(game, "Squire", (3, 0), 0)
    before = game.counter(0, MANA)
    game.apply(Move(0, squire, (4, 0)))
    assert game.counter(0, MANA) == before + 1
    assert game.tile_kind((4, 0)).name == "neutral"
    end_turns(game, 2)
    assert game.counter(0, MANA) == game.counter(0, CAPACITY) == 3
    # a summon onto a globe takes it too
    put(game, "Squire", (4, 1), 0)
    card = next(c for c in game.players[0].hand if game.card(c).name == "Squire")
    play = PlayCard(0, card, (5, 2))
    assert play in game.legal_actions(0)
    game.apply(play)
    assert game.counter(0, MANA) == 3 - 1 + 1
    assert game.tile_kind((5, 2)).name == "neutral"


def test_duel_mana_globe_never_lifts_mana_above_nine() -> None:
    game = started()
    end_turns(game, 16)  # player 1's ninth turn: nine mana
    assert game.counter(0, MANA) == 9
    squire = put(game, "Squire", (3, 0), 0)
    game.apply(Move(0, squire, (4, 0)))
    assert game.counter(0, MANA) == 9


def test_duel_bloodbound_schedule_turn_three_then_every_other_until_full_then_every_turn() -> None:
    """Bloodbound spell: ready on own turns 3, 5, 7, then every turn from full mana (9,
    reached on own turn 8 by seat 1 and 7 by seat 2): 3, 5, 7, 8, 9..."""
    game = started()
    ready: dict[int, list[int]] = {0: [], 1: []}
    own = {0: 0, 1: 0}
    for _ in range(22):
        player = game.active
        own[player] += 1
        if any(isinstance(a, Bloodbound) for a in game.legal_actions(player)):
            ready[player].append(own[player])
            game.apply(next(a for a in game.legal_actions(player)
                            if isinstance(a, Bloodbound)))
            assert not of(game.legal_actions(player), Bloodbound)  # once a turn
        game.apply(EndTurn(player))
    assert ready[0] == [3, 5, 7, 8, 9, 10, 11]
    assert ready[1] == [3, 5, 7, 8, 9, 10, 11]


def test_duel_bloodbound_spell_may_be_held_for_an_off_turn_and_costs_one() -> None:
    game = started()
    end_turns(game, 4)  # player 1's third turn
    assert game.counter(0, BLOODBOUND_READY) == 1
    end_turns(game, 2)  # held: still ready on the fourth
    casts = of(game.legal_actions(0), Bloodbound)
    assert casts
    mana = game.counter(0, MANA)
    enemy = generals(game)[1]
    game.apply(Bloodbound(0, (enemy,)))
    assert game.counter(0, MANA) == mana - 1
    assert health_left(game, enemy) == 24
    end_turns(game, 2)  # own turn 5: ready again
    assert of(game.legal_actions(0), Bloodbound)


def test_duel_replace_once_a_turn_draws_a_card_of_another_name() -> None:
    """Replace: once a turn; the card goes back into the deck and one of another name
    comes (our reading of the digital game's rule); not with an empty deck."""
    game = started(deck=("Squire",) * 10 + ("Brute",) * 10)
    hand = game.players[0].hand
    card = hand[0]
    name = game.card(card).name
    game.apply(Replace(0, card))
    assert card in game.players[0].deck and card not in game.players[0].hand
    assert game.card(game.players[0].hand[-1]).name != name
    assert game.counter(0, REPLACED) == 1
    assert not of(game.legal_actions(0), Replace)
    end_turns(game, 2)
    assert of(game.legal_actions(0), Replace)


def test_duel_replace_keeps_the_card_secret_from_the_other_player() -> None:
    """Replace: the card goes from the hand (secret) to the deck (secret), so what the
    other player reads of it names no card."""
    from game.rules.core.events import ActionDeclared, CardMoved, seen_by

    game = started(deck=("Squire",) * 10 + ("Brute",) * 10)
    card = game.players[0].hand[0]
    events = [seen_by(e, 1) for e in game.apply(Replace(0, card))]
    said = [e.text for e in events if isinstance(e, ActionDeclared)]
    assert said == ["P1 replaces a card"]
    moved = [e for e in events if isinstance(e, CardMoved)]
    assert moved and all(e.name == "a card" and e.card == 0 for e in moved)


def test_duel_replace_needs_a_deck_to_draw_from() -> None:
    game = started(deck=("Squire",) * 5)
    assert not game.players[0].deck
    assert not of(game.legal_actions(0), Replace)


def test_duel_end_phase_draws_one_burns_over_six_and_an_empty_deck_hurts_for_two() -> None:
    """End phase: draw one; with six cards in hand the drawn card is burned; with no
    card left the general takes 2 damage instead (the digital game's reading)."""
    game = started(deck=("Squire",) * 7)
    assert len(game.players[0].hand) == 5 and len(game.players[0].deck) == 2
    end_turns(game, 2)
    assert len(game.players[0].hand) == 6 and len(game.players[0].deck) == 1
    end_turns(game, 2)
    assert len(game.players[0].hand) == 6 and not game.players[0].deck
    assert len(game.players[0].discard) == 1  # burned
    first = generals(game)[0]
    end_turns(game, 1)
    assert health_left(game, first) == 23
    assert game.players[0].zones[Zone.HAND] and game.phase is Phase.ACTION
