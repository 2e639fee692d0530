"""The computer players in the duel (seed 002): what the evaluation values, which actions
the search looks at, the mulligan, no peeking at the opponent's hand or the deck order,
and hard beating easy in a few seeded games."""

from __future__ import annotations

import random

import pytest

from game.ai import make_player
from game.ai.duel import Board, evaluate
from game.ai.easy import EasyPlayer
from game.ai.evaluate import evaluate as full_evaluate
from game.ai.search import HardPlayer, NormalPlayer, candidates
from game.content.cards import load_cards
from game.content.decks import with_decks
from game.maps import find_map
from game.rules import Game, GameSetup, Zone
from game.rules.core.actions import Action, Attack, EndTurn, Mulligan, PlayCard
from game.rules.invariants import check
from game.rules.rulesets.duel.handlers import summon
from game.rules.rulesets.duel.rules import general_of
from game.simulation import DEFAULT_DRAFT, DEFAULT_SETS

LIBRARY = load_cards()[0]
STANDARD = find_map("2P-duel-standard")


def new_duel(seed: int = 3) -> Game:
    """A duel on the standard board with two starter decks, in its mulligan phase."""
    return Game(with_decks(GameSetup(STANDARD, LIBRARY, 2, seed, sets=DEFAULT_SETS,
                                     draft=DEFAULT_DRAFT)))


def started(seed: int = 3) -> Game:
    """Past both mulligans (hands kept): player 1's first turn."""
    game = new_duel(seed)
    game.apply(Mulligan(0, ()))
    game.apply(Mulligan(1, ()))
    return game


def put(game: Game, name: str, tile: tuple[int, int], player: int) -> int:
    """A minion straight onto ``tile`` (no mana, no opening gambit), ready to act."""
    card = game.add_card(name, player, Zone.HAND)
    summon(game, card, tile, player, gambit=False)
    game.edit(card, moves=1, attacks=1)
    game.settle()
    game.legal_cache = None
    return card


def wound(game: Game, entity: int, damage: int) -> None:
    game.edit(entity, damage=damage)
    game.legal_cache = None


def test_duel_evaluation_values_the_enemy_generals_health() -> None:
    game = started()
    before = evaluate(game, 0)
    wound(game, general_of(game, 1), 3)
    assert evaluate(game, 0) > before + 3 * 3.0 - 0.01


def test_duel_evaluation_reads_only_the_size_of_the_enemy_hand() -> None:
    """No peeking: the enemy's hand counts by its size, whatever the cards are."""
    game = started()
    before = evaluate(game, 0)
    state = game.players[1]
    hand, deck = list(state.hand), list(state.deck)
    costs = {game.card(c).play for c in hand}
    other = next(i for i, c in enumerate(deck) if game.card(c).play not in costs)
    hand[0], deck[other] = deck[other], hand[0]
    game.arrange_hidden(1, hand, deck)
    assert evaluate(game, 0) == before
    game.close()


def test_duel_evaluation_values_the_last_points_of_a_generals_health_more() -> None:
    game = started()
    enemy = general_of(game, 1)
    wound(game, enemy, 5)
    early = evaluate(game, 0)
    wound(game, enemy, 10)
    middle = evaluate(game, 0)
    wound(game, enemy, 20)
    late = evaluate(game, 0)
    assert late - middle > middle - early


def test_duel_evaluation_exposes_the_active_sides_units_to_enemies_in_reach() -> None:
    """Read as at the end of the active player's turn: a unit of the active side that
    the enemy can kill next turn counts for less than the same unit out of reach."""
    safe, exposed = started(), started()
    # (away from the mana globes, equally far from the enemy general)
    for game, tile in ((safe, (1, 0)), (exposed, (1, 2))):
        put(game, "Hillside Lancer", (1, 4), 1)  # 4 attack
        put(game, "Clay Golem", tile, 0)  # 3 health
    assert Board(exposed, 0).active == 0
    assert evaluate(exposed, 0) < evaluate(safe, 0)
    safe.close()
    exposed.close()


def test_duel_evaluation_fears_a_killing_blow_on_the_own_general() -> None:
    game = started()
    wound(game, general_of(game, 0), 21)  # 4 health left
    calm = evaluate(game, 0)
    put(game, "Hillside Lancer", (2, 2), 1)  # 4 attack, two tiles from player 1's general
    assert evaluate(game, 0) < calm - 60


def test_duel_evaluation_counts_provoke_that_holds_an_attacker_back() -> None:
    """A Provoke unit next to an enemy keeps it from reaching the general behind."""
    game = started()
    wound(game, general_of(game, 0), 21)
    put(game, "Hillside Lancer", (2, 2), 1)
    open_door = evaluate(game, 0)
    put(game, "Icebound Sentinel", (2, 1), 0)  # Provoke, next to the lancer
    assert evaluate(game, 0) > open_door + 30


def test_duel_candidates_give_every_card_and_unit_a_turn_and_keep_end_turn() -> None:
    game = started()
    for _ in range(6):
        game.apply(EndTurn(game.active))
    legal = game.legal_actions(game.active)
    pool = candidates(game, game.active, legal, random.Random(1), 8, EasyPlayer(1))
    assert len(pool) == min(8, len(legal)) and EndTurn(game.active) in pool
    cards = {a.card for a in legal if isinstance(a, PlayCard)}
    if len(cards) <= 7:
        assert cards <= {a.card for a in pool if isinstance(a, PlayCard)}
    game.close()


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_duel_search_players_take_the_killing_blow(kind: str) -> None:
    game = started()
    enemy = general_of(game, 1)
    wound(game, enemy, 23)  # 2 health left
    lancer = put(game, "Hillside Lancer", (7, 2), 0)
    player = HardPlayer(1, nodes=6) if kind == "hard" else NormalPlayer(1)
    assert player.choose(game, 0) == Attack(0, lancer, enemy)
    game.close()


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_duel_search_players_mulligan_by_the_rules_of_thumb(kind: str) -> None:
    game = new_duel()
    player = HardPlayer(1, nodes=6) if kind == "hard" else NormalPlayer(1)
    choice = player.choose(game, 0)
    assert isinstance(choice, Mulligan)
    assert choice == EasyPlayer(1).choose(game, 0)
    game.close()


def _other_hidden_deal(game: Game) -> None:
    """Swap a card of player 2's hand with one of its deck and reverse the deck: what
    player 1 sees is the same, only the hidden cards differ."""
    state = game.players[1]
    hand, deck = list(state.hand), list(state.deck)
    names = {game.card(c).name for c in hand}
    other = next((i for i, c in enumerate(deck) if game.card(c).name not in names), 0)
    hand[0], deck[other] = deck[other], hand[0]
    deck.reverse()
    game.arrange_hidden(1, hand, deck)


def mid_duel(seed: int = 3) -> Game:
    """Player 1's third turn, reached by easy play."""
    game = new_duel(seed)
    seats = [make_player("easy", seed + i) for i in range(2)]
    while game.actor is not None:
        actor = game.actor
        if game.turn >= 5 and actor == 0 and len(game.legal_actions(0)) > 3:
            return game
        game.apply(seats[actor].choose(game, actor))
    raise AssertionError("the duel ended before the wanted position")


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_duel_no_peeking_the_search_only_sees_a_redeal_of_the_hidden_cards(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two duels that differ only in player 2's hand and deck order: every position the
    search of player 1 scores is the same in both, and so is its choice."""
    import game.ai.search as search

    seen: list[tuple[object, ...]] = []

    def spying(game: Game, player: int) -> float:
        seen.append((tuple(game.players[1].hand), tuple(game.players[1].deck),
                     tuple(game.players[0].deck), game.state_hash()))
        return full_evaluate(game, player)

    monkeypatch.setattr(search, "evaluate", spying)
    real, other = mid_duel(), mid_duel()
    _other_hidden_deal(other)
    other.restore(other.snapshot())  # drop cached legal actions
    assert check(other) == []
    assert real.state_hash() != other.state_hash()
    for seed in range(2):
        def player(seed: int = seed) -> NormalPlayer | HardPlayer:
            return HardPlayer(seed, nodes=6) if kind == "hard" else NormalPlayer(seed)
        seen.clear()
        first = player().choose(real, 0)
        in_real = list(seen)
        seen.clear()
        assert player().choose(other, 0) == first
        assert seen == in_real and seen
    real.close()
    other.close()


def _play(seats: list[object], seed: int) -> Game:
    game = new_duel(seed)
    while game.actor is not None and game.turn <= 60:
        actor = game.actor
        action: Action = seats[actor].choose(game, actor)  # type: ignore[attr-defined]
        game.apply(action)
    return game


def test_duel_hard_beats_easy_from_either_seat() -> None:
    """Two seeded duels from each seat, with a fixed number of playouts (no clock: the
    games are the same every run). The win rates over many games are measured with
    ``python -m game simulate --map 2P-duel-standard --ai hard,easy --swap``; with this
    test's small budget hard won 16 of the 20 duels of seeds 1-10 from both seats (the
    starter decks of rules version 8; with the decks before, seed 2 was one of these
    games: it now deals Sera Dunewalker's deck to the easy player, which won it)."""
    for seed, hard_seat in ((3, 0), (3, 1), (4, 0), (4, 1)):
        seats: list[object] = [EasyPlayer(seed), EasyPlayer(seed + 1)]
        seats[hard_seat] = HardPlayer(seed, nodes=10, width=16, top=4)
        game = _play(seats, seed)
        assert game.winners == (hard_seat,), (seed, hard_seat)
        game.close()


def test_duel_evaluation_counts_an_ephemeral_unit_for_the_blow_it_can_still_strike() -> None:
    """Dervish (Ephemeral): a Wind Dervish is gone at the end of its turn, so until then
    the evaluation counts it for the blow it can still strike (its attack), and for
    nothing when the turn is being ended or when no enemy is within a move of it."""
    game = started()
    far = put(game, "Wind Dervish", (1, 0), 0)  # the enemy general stands at (8, 2)
    assert game.marks(far, "duel:anchored") == 0
    assert evaluate(game, 0) == evaluate(game, 0, ending=True)
    near = put(game, "Wind Dervish", (6, 2), 0)  # a move to (7, 2) reaches the general
    # its attack, 2, whether or not the enemy could strike it next turn (it will be gone)
    assert evaluate(game, 0) == pytest.approx(evaluate(game, 0, ending=True) + 2.0)
    game.edit(near, moves=0, attacks=0)  # its blow struck
    game.legal_cache = None
    assert evaluate(game, 0) == evaluate(game, 0, ending=True)
    game.close()


def _only_in_hand(game: Game, name: str, mana: int) -> int:
    """Player 1's hand made of one new ``name`` card, with ``mana`` to spend."""
    card = game.add_card(name, 0, Zone.HAND)
    state = game.players[0]
    game.arrange_hidden(0, [card], [c for c in [*state.hand, *state.deck] if c != card])
    game.add_to_counter(0, "mana", mana - game.counter(0, "mana"))
    game.legal_cache = None
    return card


@pytest.mark.parametrize(("name", "mana"), [("Longshot Bracer", 5), ("Featherstep Boots", 2),
                                            ("Ley Surge", 1)])
def test_duel_normal_player_plays_what_its_evaluation_once_left_in_hand(name: str,
                                                                        mana: int) -> None:
    """Cards the normal player never played over 1,200 duels: an artifact that makes the
    general Ranged or Flying (the evaluation now values a Ranged or Flying general) and
    Ley Surge (its mana back and a card drawn: worth as much as keeping it, and a card
    that costs nothing in the end is played rather than the turn ended): played in the
    turn, when it is the only card in hand."""
    game = started()
    card = _only_in_hand(game, name, mana)
    player, played = NormalPlayer(1), []
    while game.actor == 0 and game.active == 0 and len(played) < 20:
        action = player.choose(game, 0)
        game.apply(action)
        played.append(action)
    assert isinstance(played[-1], EndTurn)  # the turn played to its end
    assert any(isinstance(a, PlayCard) and a.card == card for a in played), played
    game.close()
