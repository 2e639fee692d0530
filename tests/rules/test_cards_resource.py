"""Rules tests: Map, Resource, Cards, Tokens."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml
from rulemarks import rules
from scenario import library, next_turn, pass_until, resolve, scenario, to_action_phase, to_phase

from game.content.cards import CARDS_DIR, load_cards
from game.rules import (
    CardDef,
    CardLibrary,
    CardType,
    Game,
    GameSetup,
    IllegalAction,
    Phase,
    WinSpec,
    parse_grid,
)
from game.rules.core.actions import (
    Activate,
    Attack,
    Buy,
    DiscardForResource,
    Equip,
    FullAction,
    Pass,
    PayUpkeep,
    PlayCard,
    UseFreeAction,
)
from game.rules.core.events import CardMoved, ResourceChanged
from game.rules.core.view import Zone
from game.rules.tiles import TILE_TYPES

NO_BUY_COST = {c.name for c in library() if c.buy is None}


def draft_all(game: Game) -> None:
    while game.phase is Phase.DRAFT:
        game.apply(game.legal_actions(game.actor)[0])


# ---------------------------------------------------------------- Map


def test_map_1_the_map_sets_win_condition_income_and_start_deck() -> None:
    race = scenario(income=4, start_deck=(("Coin", 2), ("Recruit", 1)),
                    win=WinSpec("resource", {"threshold": 50}))
    assert race.win.name == "resource"
    for player in race.players:
        cards = player.deck + player.hand
        assert Counter(race.card(c).name for c in cards) == {"Coin": 2, "Recruit": 1}
    assert race.players[0].resource == 4  # income of the first upkeep
    next_turn(race)
    assert race.players[1].resource == 4
    other = scenario(income=1, start_deck=(("Coin", 5),), win=WinSpec("king"))
    assert other.win.name == "king"
    assert other.players[0].resource == 1
    assert Counter(other.card(c).name for c in other.players[1].deck) == {"Coin": 5}


def test_map_2_a_map_is_made_of_typed_tiles() -> None:
    game = scenario("1h.t\n~w#2")
    assert (game.map.width, game.map.height) == (4, 2)
    assert len(game.tiles) == 8 and all(name in TILE_TYPES for name in game.tiles)
    assert game.tile_kind((1, 0)).name == "house"
    assert game.tile_kind((3, 0)).name == "tower"
    assert game.tile_kind((0, 1)).name == "water"
    assert game.tile_kind((1, 1)).name == "deep water"
    assert game.tile_kind((2, 0)).name == "neutral"
    assert game.on_board((3, 1)) and not game.on_board((4, 0))


# ---------------------------------------------------------------- Resource


def test_resource_1_one_resource_pays_for_everything() -> None:
    game = scenario(income=3, hands={0: ["Soldier"]}, stores={0: ["Scout"]}, resource={0: 3})
    soldier = game.players[0].hand[0]
    assert game.players[0].resource == 3  # the starting amount set by the test
    to_action_phase(game)
    resolve(game, PlayCard(0, soldier, (0, 0)))  # play cost 2
    assert game.players[0].resource == 1
    to_phase(game, Phase.BUYING)
    assert not [a for a in game.legal_actions(0) if isinstance(a, Buy)]  # buy cost 3 > 1
    next_turn(game)
    next_turn(game)  # player 1's next upkeep: income +3, then the soldier's upkeep -1
    to_phase(game, Phase.BUYING)
    assert game.players[0].resource == 1 + 3 - 1
    resolve(game, Buy(0, game.players[0].store[0]))
    assert game.players[0].resource == 0
    assert isinstance(game.players[0].resource, int)


def test_resource_2_resource_is_saved_from_turn_to_turn() -> None:
    game = scenario(income=2)
    amounts = []
    for _ in range(6):
        amounts.append(game.players[game.active].resource)
        next_turn(game)
    assert amounts == [2, 2, 4, 4, 6, 6]


def test_resource_3_cards_and_the_map_change_resource_each_round() -> None:
    game = scenario("1f......\n........\n........\n.......2", income=1)
    chest = game.add_permanent("Treasure Chest", (2, 0), 0)
    farmer = game.add_permanent("Farmer", (1, 0), 0)
    to_action_phase(game)
    assert game.players[0].resource == 1  # the map's income
    resolve(game, UseFreeAction(0, chest, 0, ()))
    assert game.players[0].resource == 2  # a card
    resolve(game, Activate(0, farmer))
    resolve(game, FullAction(0, farmer, "tile"))
    assert game.players[0].resource == 5  # a tile (farm field worked by the farmer)


def test_resource_4_the_map_sets_the_upkeep_income() -> None:
    for income in (0, 2, 7):
        game = scenario(income=income, resource={0: 1, 1: 1})
        events = next_turn(game)
        assert game.players[1].resource == 1 + income
        gained = [e for e in events if isinstance(e, ResourceChanged) and e.player == 1]
        assert gained == ([ResourceChanged(1, income, 1 + income)] if income else [])


# ---------------------------------------------------------------- Cards


def test_cards_1_every_card_has_set_name_and_type() -> None:
    for card in library():
        assert card.set and card.name and isinstance(card.type, CardType)


def test_cards_1_1_cards_belong_to_a_set_and_only_chosen_sets_are_drafted() -> None:
    assert {c.set for c in library().in_sets(("base",))} == {"base"}
    extra = CardDef("Extra Recruit", CardType.UNIT, set="extra", attack=1, health=1,
                    movement=1, buy=1, play=1, upkeep=1)
    cards = CardLibrary([*library(), extra])
    spec = parse_grid("1..2")
    only_extra = Game(GameSetup(spec, cards, 2, 1, sets=("extra",), draft="1x[2;4]"))
    draft_all(only_extra)
    assert {only_extra.card(c).name for p in only_extra.players for c in p.store} == {
        "Extra Recruit"}
    only_base = Game(GameSetup(spec, cards, 2, 1, sets=("base",), draft="2x[7;14]"))
    draft_all(only_base)
    assert all(only_base.card(c).set == "base" for p in only_base.players for c in p.store)


def test_cards_1_2_card_names_are_unique(tmp_path: Path) -> None:
    names = [c.name for c in library()]
    assert len(names) == len(set(names))
    with pytest.raises(ValueError):
        CardLibrary([library()["Soldier"], library()["Soldier"]])
    # two card files with one name: the second is reported and skipped
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "card.yaml").write_text(
            "type: unit\nname: {en: Twin}\nhealth: 1\n", encoding="utf-8")
    loaded, problems = load_cards(tmp_path)
    assert [c.name for c in loaded] == ["Twin"]
    assert len(problems) == 1 and problems[0].field == "name"


def test_cards_1_3_every_card_has_one_of_the_seven_types(tmp_path: Path) -> None:
    assert {t.value for t in CardType} == {
        "spell", "unit", "boss", "artifact", "equipment", "potion", "intention"}
    assert {c.type for c in library()} <= set(CardType)
    (tmp_path / "set").mkdir()
    (tmp_path / "set" / "odd.yaml").write_text("type: vehicle\nname: {en: Cart}\n",
                                               encoding="utf-8")
    loaded, problems = load_cards(tmp_path)
    assert len(loaded) == 0 and [p.field for p in problems] == ["type"]


@rules("Cards 2.2", "Cards 2.2.2")
def test_cards_2_owner_and_controller_are_tracked_on_every_card() -> None:
    game = scenario(hands={0: ["Sword"]}, resource={0: 3, 1: 3})
    sword = game.players[0].hand[0]
    enemy = game.add_permanent("Soldier", (1, 1), 1)
    to_action_phase(game)
    resolve(game, PlayCard(0, sword, (0, 0)))
    assert (game.owner(sword), game.controller(sword)) == (0, 0)
    next_turn(game)
    to_action_phase(game)
    # the enemy soldier picks the sword up: it now controls a card player 1 owns
    resolve(game, Activate(1, enemy))
    resolve(game, Equip(1, enemy, sword, "move"))
    assert game.container_of(sword) == enemy
    assert (game.owner(sword), game.controller(sword)) == (0, 1)
    assert game.view(sword).owner == 0


def test_cards_2_1_the_owner_is_the_player_whose_store_the_card_came_from() -> None:
    game = scenario(stores={1: ["Scout"]}, resource={1: 5})
    scout = game.players[1].store[0]
    next_turn(game)
    to_phase(game, Phase.BUYING)
    resolve(game, Buy(1, scout))
    assert game.owner(scout) == 1
    # destroyed while another player controls it, the card returns to its owner
    game2 = scenario(hands={0: ["Die!"]}, resource={0: 5})
    borrowed = game2.add_permanent("Scout", (2, 2), 0, owner=1)
    to_action_phase(game2)
    resolve(game2, PlayCard(0, game2.players[0].hand[0], None, (borrowed,)))
    assert borrowed in game2.players[1].discard


def test_cards_2_2_1_a_spell_is_controlled_by_its_owner() -> None:
    game = scenario(hands={0: ["Fireball"]}, resource={0: 5})
    fireball = game.players[0].hand[0]
    target = game.add_permanent("Charger", (3, 3), 1)
    to_action_phase(game)
    game.apply(PlayCard(0, fireball, None, (target,)))
    assert [(item.source, item.controller) for item in game.stack] == [(fireball, 0)]
    assert game.controller(fireball) == game.owner(fireball) == 0
    pass_until(game, lambda g: not g.stack)
    assert game.view(target).damage == 2
    assert game.zone(fireball) is Zone.DISCARD and fireball in game.players[0].discard


@rules("Cards 3")
def test_cards_3_1_a_card_may_have_a_buy_cost() -> None:
    assert library()["Soldier"].buy == 4
    assert library()["Coin"].buy is None and library()["King"].buy is None
    game = scenario(stores={0: ["Soldier"]}, resource={0: 4})
    to_phase(game, Phase.BUYING)
    events = resolve(game, Buy(0, game.players[0].store[0]))
    assert ResourceChanged(0, -4, 0) in events


def test_cards_3_2_a_card_may_have_a_play_cost_and_an_upkeep_cost() -> None:
    soldier = library()["Soldier"]
    assert (soldier.play, soldier.upkeep) == (2, 1)
    assert library()["King"].play is None
    game = scenario(hands={1: ["Soldier", "King"]}, resource={1: 5})
    card, king = game.players[1].hand
    next_turn(game)
    to_action_phase(game)
    assert not [a for a in game.legal_actions(1) if getattr(a, "card", None) == king
                and isinstance(a, PlayCard)]  # no play cost: cannot be played
    resolve(game, PlayCard(1, card, (7, 3)))
    assert game.players[1].resource == 3
    next_turn(game)
    next_turn(game)
    resolve(game, PayUpkeep(1))
    assert game.players[1].resource == 2


@rules("Cards 4")
def test_cards_4_1_cards_without_buy_cost_never_reach_a_store() -> None:
    game = scenario(draft="2x[14;28]", start_deck=(("Coin", 2), ("Recruit", 1)))
    draft_all(game)
    stored = {game.card(c).name for p in game.players for c in p.store}
    assert stored and not stored & NO_BUY_COST
    assert all(game.card(c).buy is not None for p in game.players for c in p.store)


def test_cards_4_2_cards_without_buy_cost_never_take_part_in_a_draft() -> None:
    assert {"King", "Coin", "Recruit", "Building", "Stick of Victory", "Wolf"} <= NO_BUY_COST
    game = scenario(draft="3x[14;28]")
    offered = {game.card(c).name for pack in game.packs for c in pack}
    assert offered and not offered & NO_BUY_COST
    # the packs hold every card with a buy cost of the base set
    assert offered == {c.name for c in library().in_sets(("base",)) if c.buy is not None}


def test_cards_5_any_player_may_discard_two_cards_to_gain_one_resource() -> None:
    game = scenario(hands={0: ["Scout", "Archer"], 1: ["Ghost", "Net", "Coin"]})
    first, second = game.players[0].hand
    to_action_phase(game)
    game.apply(DiscardForResource(0, first, second))
    assert [item.kind for item in game.stack] == ["discard_for_resource"]
    assert game.zone(first) is Zone.DISCARD and game.zone(second) is Zone.DISCARD  # the cost
    # it is a fast action: the other player may answer with their own
    game.apply(Pass(0))
    a, b, _ = game.players[1].hand
    game.apply(DiscardForResource(1, a, b))
    pass_until(game, lambda g: not g.stack)
    assert (game.players[0].resource, game.players[1].resource) == (1, 1)
    # with fewer than two cards in hand it is not possible
    assert not [x for x in game.legal_actions(0) if isinstance(x, DiscardForResource)]
    game.apply(Pass(0))
    remaining = game.players[1].hand[0]
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(DiscardForResource(1, remaining, remaining))
    assert game.state_hash() == before


def test_cards_6_card_files_give_every_printed_characteristic() -> None:
    for path in sorted((CARDS_DIR / "base").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        card = library()[data["name"]["en"]]
        assert card.set == "base" and card.type.value == data["type"]
        assert dict(card.names) == data["name"]
        for field in ("attack", "health", "movement", "upkeep", "durability"):
            if field in data:
                assert getattr(card, field) == data[field], (path.name, field)
        for field in ("buy", "play"):
            assert getattr(card, field) == data.get(field), (path.name, field)
        assert card.range == data.get("range", 1)


def test_cards_7_the_state_of_a_permanent_is_tracked_on_it() -> None:
    game = scenario(hands={1: ["Net"]}, resource={1: 5})
    soldier = game.add_permanent("Soldier", (0, 0), 0)
    paladin = game.add_permanent("Paladin", (1, 1), 1)
    to_action_phase(game)
    resolve(game, Activate(0, soldier))
    resolve(game, Attack(0, soldier, paladin))
    assert game.view(paladin).damage == 2
    assert game.view(soldier).damage == 2
    assert game.view(soldier).attacks_left == 0
    game.apply(Pass(0))
    game.apply(Pass(1))  # the action phase ends; the activated soldier is tapped
    assert game.view(soldier).tapped
    next_turn(game)
    to_action_phase(game)
    resolve(game, PlayCard(1, game.players[1].hand[0], None, (soldier,)))
    assert game.marks_on(soldier) == {"paralysis": 2}


# ---------------------------------------------------------------- Tokens


def test_tokens_1_a_token_is_a_card_made_during_the_game() -> None:
    game = scenario(hands={0: ["Call the Wolves"]}, resource={0: 5},
                    rules_version=5)  # Call the Wolves before rules 6: any free tile
    before = set(game.cards())
    to_action_phase(game)
    resolve(game, PlayCard(0, game.players[0].hand[0], None, ((3, 2),)))
    wolf = game.permanent_at((3, 2))
    assert wolf and wolf not in before
    card = game.view(wolf)
    assert card.token and card.card.name == "Wolf" and card.owner == 0
    assert game.controller(wolf) == 0 and game.zone(wolf) is Zone.MAP


def test_tokens_2_tokens_exist_only_on_the_map() -> None:
    game = scenario(hands={0: ["Call the Wolves"]}, resource={0: 5},
                    rules_version=5)  # Call the Wolves before rules 6: any free tile
    to_action_phase(game)
    events = resolve(game, PlayCard(0, game.players[0].hand[0], None, ((3, 2),)))
    wolf = game.permanent_at((3, 2))
    # created straight onto the map, never passing through another zone
    assert not [e for e in events if isinstance(e, CardMoved) and e.card == wolf]
    holders = [(s.index, z) for s in [*game.players, game.neutral]
               for z, cards in s.zones.items() if wolf in cards]
    assert holders == [(0, Zone.MAP)]


def test_tokens_3_a_token_leaving_the_map_leaves_the_game() -> None:
    game = scenario(hands={0: ["Call the Wolves", "Fireball"]}, resource={0: 5},
                    rules_version=5)  # Call the Wolves before rules 6: any free tile
    call, fireball = game.players[0].hand
    to_action_phase(game)
    resolve(game, PlayCard(0, call, None, ((3, 2),)))
    wolf = game.permanent_at((3, 2))
    events = resolve(game, PlayCard(0, fireball, None, (wolf,)))
    assert not game.is_on_map(wolf) and not game.exists(wolf)
    assert [e.to_zone for e in events if isinstance(e, CardMoved) and e.card == wolf] == ["gone"]
    assert all(wolf not in cards for s in [*game.players, game.neutral]
               for cards in s.zones.values())


def test_hand_1_other_players_see_a_draw_without_the_card() -> None:
    from game.rules.core.events import CardMoved, Event, seen_by

    game = scenario(decks={0: ["Fireball", "Coin"]})
    events: list[Event] = []  # the draw's own events, as the event bus publishes them
    game.bus.subscribe(events.append)
    game.draw(0, 1)
    game.bus.unsubscribe(events.append)
    drawn = [e for e in events if isinstance(e, CardMoved) and e.to_zone == "hand"][-1]
    assert drawn.name in ("Fireball", "Coin")
    assert seen_by(drawn, 0) == drawn
    hidden = seen_by(drawn, 1)
    assert hidden.name == "a card" and hidden.card == 0
    public = CardMoved(drawn.card, drawn.name, "hand", "discard", 0)
    assert seen_by(public, 1) == public
