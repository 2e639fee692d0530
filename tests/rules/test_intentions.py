"""Rules tests: Intentions and Intentions marks (the Tyrant's spells)."""

from __future__ import annotations

from scenario import LIBRARY, next_turn, resolve, to_action_phase
from scenario import assert_illegal as _illegal

from game.rules import (
    CardDef,
    CardLibrary,
    CardType,
    Game,
    GameSetup,
    Placement,
    WinSpec,
    parse_grid,
)
from game.rules.cards import Ability, EffectSpec, TargetSpec
from game.rules.core.actions import Activate, Attack, FullAction, Pass, PlayCard
from game.rules.core.view import Zone
from game.rules.marks import granted_full_actions

INTENT = CardDef(
    name="Crushing Intent", type=CardType.INTENTION, play=0,
    effect=Ability(targets=(TargetSpec("unit"),),
                   effects=(EffectSpec("damage", {"amount": 2, "target": 0}),)),
)
TYRANT = CardDef(name="The Tyrant", type=CardType.BOSS, attack=2, health=10, movement=2,
                 keywords={"tyrant": True})
CARDS = CardLibrary([*LIBRARY, INTENT, TYRANT])

GRID = "......\n......\n......\n1....."
TYRANT_TILE = (3, 1)


def _game(intentions: int = 1) -> Game:
    """Player 2 plays the Tyrant's side: the Tyrant at (3, 1), intentions in hand."""
    spec = parse_grid(GRID, players=2, income=0, start_deck=(), win=WinSpec("none"),
                      placements=(Placement("The Tyrant", TYRANT_TILE, 1),))
    game = Game(GameSetup(spec, CARDS, 2, 1, sets=("base",), draft="1x[1;2]",
                          stores=((), ())))
    for _ in range(intentions):
        game.add_card("Crushing Intent", 1, Zone.HAND)
    return game


def _tyrant(game: Game) -> int:
    tyrant = game.permanent_at(TYRANT_TILE)
    assert game.card(tyrant).name == "The Tyrant"
    return tyrant


def _intentions_in_hand(game: Game) -> list[int]:
    return [c for c in game.players[1].hand if game.card(c).name == "Crushing Intent"]



def _play_intention(game: Game, target: int) -> int:
    """In player 1's action phase, player 1 passes and player 2 plays an intention."""
    to_action_phase(game)
    game.apply(Pass(0))
    card = _intentions_in_hand(game)[0]
    resolve(game, PlayCard(1, card, None, (target,)))
    return card


# ---------------------------------------------------------------------------- Intentions


def test_intentions_1_an_intention_is_a_spell_the_tyrants_side_plays() -> None:
    game = _game()
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    card = _intentions_in_hand(game)[0]
    assert game.card(card).is_spell and not game.card(card).is_permanent
    to_action_phase(game)
    game.apply(Pass(0))
    play = PlayCard(1, card, None, (soldier,))
    assert play in game.legal_actions(1)  # a spell: declared whenever they hold priority
    game.apply(play)
    assert game.stack[-1].kind == "spell" and game.stack[-1].source == card


def test_intentions_1_an_intention_targets_units_not_the_tyrant_itself() -> None:
    game = _game()
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    tyrant = _tyrant(game)
    to_action_phase(game)
    game.apply(Pass(0))
    card = _intentions_in_hand(game)[0]
    targets = {a.targets for a in game.legal_actions(1)
               if isinstance(a, PlayCard) and a.card == card}
    assert targets == {(soldier,)}
    _illegal(game, PlayCard(1, card, None, (tyrant,)))


def test_intentions_2_playing_an_intention_puts_an_intention_mark_on_its_target() -> None:
    game = _game()
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    _play_intention(game, soldier)
    assert game.marks(soldier, "intention") == 1
    assert game.view(soldier).damage == 0  # the effect waits for the Tyrant


def test_intentions_3_no_intention_while_an_intention_mark_is_on_the_map() -> None:
    game = _game(intentions=2)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    other = game.add_permanent("Soldier", (0, 1), 0)
    _play_intention(game, soldier)
    assert game.actor == 0
    game.apply(Pass(0))
    second = _intentions_in_hand(game)[0]
    assert not [a for a in game.legal_actions(1) if isinstance(a, PlayCard)]
    _illegal(game, PlayCard(1, second, None, (other,)))


def test_intentions_3_intentions_are_playable_again_once_the_mark_is_gone() -> None:
    game = _game(intentions=2)
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    other = game.add_permanent("Soldier", (0, 1), 0)
    first = _play_intention(game, soldier)
    die = game.add_card("Die!", 1, Zone.HAND)
    game.players[1].resource = 4
    game.apply(Pass(0))
    resolve(game, PlayCard(1, die, None, (soldier,)))
    assert game.zone(first) is Zone.DISCARD
    game.apply(Pass(0))
    second = _intentions_in_hand(game)[0]
    assert PlayCard(1, second, None, (other,)) in game.legal_actions(1)


def test_intentions_4_a_played_intention_is_set_aside_while_its_mark_is_on_the_map() -> None:
    game = _game()
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    card = _play_intention(game, soldier)
    assert game.zone(card) is Zone.ASIDE
    assert card not in game.players[1].discard and card not in game.players[1].hand
    next_turn(game)  # unlike readied equipment, it stays aside past the end of the turn
    assert game.zone(card) is Zone.ASIDE
    assert game.marks(soldier, "intention") == 1


def test_intentions_5_the_intention_goes_to_the_discard_pile_when_its_mark_leaves() -> None:
    game = _game()
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    card = _play_intention(game, soldier)
    die = game.add_card("Die!", 0, Zone.HAND)
    game.players[0].resource = 4
    resolve(game, PlayCard(0, die, None, (soldier,)))
    assert game.zone(card) is Zone.DISCARD
    assert card in game.players[1].discard


# ---------------------------------------------------------------------------- Intentions marks


def test_intentions_marks_1_the_mark_grants_the_adjacent_tyrant_the_full_action() -> None:
    game = _game()
    near = game.add_permanent("Soldier", (2, 1), 0)  # next to the Tyrant
    card = _play_intention(game, near)
    assert [source for source, _ in granted_full_actions(game, _tyrant(game))] == [card]


def test_intentions_marks_1_a_tyrant_that_is_not_adjacent_gets_no_full_action() -> None:
    game = _game()
    far = game.add_permanent("Soldier", (0, 1), 0)  # range 3 from the Tyrant
    card = _play_intention(game, far)
    tyrant = _tyrant(game)
    assert list(granted_full_actions(game, tyrant)) == []
    next_turn(game)
    to_action_phase(game)
    resolve(game, Activate(1, tyrant))
    assert not [a for a in game.legal_actions(1) if isinstance(a, FullAction)]
    _illegal(game, FullAction(1, tyrant, f"mark:{card}"))


def test_intentions_marks_1_only_the_tyrant_gets_the_full_action() -> None:
    game = _game()
    marked = game.add_permanent("Soldier", (1, 1), 0)
    helper = game.add_permanent("Soldier", (2, 1), 1)  # the Tyrant side's unit, adjacent
    card = _play_intention(game, marked)
    assert list(granted_full_actions(game, helper)) == []
    game.players[1].resource = 1  # the helper's upkeep
    next_turn(game)
    to_action_phase(game)
    resolve(game, Activate(1, helper))
    assert FullAction(1, helper, f"mark:{card}") not in game.legal_actions(1)
    assert Attack(1, helper, marked) in game.legal_actions(1)


def test_intentions_marks_1_the_tyrant_removes_the_mark_and_resolves_the_effect() -> None:
    game = _game()
    marked = game.add_permanent("Soldier", (2, 1), 0)  # health 2, next to the Tyrant
    card = _play_intention(game, marked)
    tyrant = _tyrant(game)
    next_turn(game)
    to_action_phase(game)
    assert Activate(1, tyrant) in game.legal_actions(1)
    resolve(game, Activate(1, tyrant))
    full = FullAction(1, tyrant, f"mark:{card}")
    assert full in game.legal_actions(1)
    resolve(game, full)
    assert game.marks(marked, "intention") == 0
    assert game.view(marked).damage == 2  # Crushing Intent: 2 damage to its target
    assert game.zone(card) is Zone.DISCARD


def test_intentions_marks_2_the_mark_leaves_with_the_unit_that_carries_it() -> None:
    game = _game()
    soldier = game.add_permanent("Soldier", (1, 1), 0)
    card = _play_intention(game, soldier)
    die = game.add_card("Die!", 0, Zone.HAND)
    game.players[0].resource = 4
    resolve(game, PlayCard(0, die, None, (soldier,)))
    assert not game.is_on_map(soldier)
    assert game.marks(soldier, "intention") == 0
    assert game.marks_on(soldier) == {}
    assert game.zone(card) is Zone.DISCARD


def test_intentions_1_only_the_side_controlling_the_tyrant_may_play_intentions() -> None:
    game = _game()
    game.add_card("Crushing Intent", 0, Zone.HAND)  # player 1 holds one but has no Tyrant
    soldier = game.add_permanent("Soldier", (1, 1), 1)
    to_action_phase(game)
    mine = [c for c in game.players[0].hand if game.card(c).name == "Crushing Intent"][0]
    assert not [a for a in game.legal_actions(0) if getattr(a, "card", None) == mine]
    _illegal(game, PlayCard(0, mine, None, (soldier,)))
