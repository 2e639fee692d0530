"""Rules tests: Player Turns, Turn Phases, Upkeep, Buying, Buying phase."""

from __future__ import annotations

from rulemarks import rules
from scenario import (
    assert_illegal,
    next_turn,
    pass_until,
    resolve,
    scenario,
    tapped,
    to_action_phase,
    to_phase,
)

from game.rules import Game, Phase
from game.rules.core.actions import (
    Buy,
    Disband,
    Discard,
    DiscardForResource,
    EndTurn,
    LeaveUnpaid,
    Pass,
    PayUpkeep,
    PlayCard,
)
from game.rules.core.events import (
    ActionDeclared,
    CardMoved,
    PhaseStarted,
    ResourceChanged,
    TurnStarted,
)
from game.rules.core.view import Zone


def to_turn_of(game: Game, player: int) -> list:
    """Finish turns until ``player``'s turn has begun (their upkeep)."""
    events: list = []
    events.extend(next_turn(game))
    while game.active != player:
        events.extend(next_turn(game))
    return events


def tap(game: Game, entity: int) -> None:
    game.edit(entity, tapped=True)


# ---------------------------------------------------------------- Player Turns


def test_player_turns_1_players_take_turns_in_turn_order() -> None:
    game = scenario("1.2.3", players=3)
    seen = [(game.turn, game.active)]
    for _ in range(5):
        next_turn(game)
        seen.append((game.turn, game.active))
    assert seen == [(1, 0), (2, 1), (3, 2), (4, 0), (5, 1), (6, 2)]


def test_player_turns_2_steps_run_shuffle_draw_upkeep_action_buying_discard() -> None:
    game = scenario(income=1)
    # player 2 has an empty deck, one card in hand and two cards in the discard pile
    kept = game.add_card("Coin", 1, Zone.HAND)
    used = [game.add_card("Scout", 1, Zone.DISCARD), game.add_card("Archer", 1, Zone.DISCARD)]
    events = next_turn(game)  # player 1's turn ends, player 2's turn begins
    start = next(i for i, e in enumerate(events) if isinstance(e, TurnStarted))
    order = []
    for event in events[start:]:
        if isinstance(event, CardMoved) and event.player == 1:
            order.append(f"{event.from_zone}->{event.to_zone}")
        elif isinstance(event, PhaseStarted):
            order.append(event.phase)
    # (1) shuffle the discard pile into the empty deck, (2) draw up to three, (3) upkeep
    assert order == ["discard->deck", "discard->deck", "deck->hand", "deck->hand", "upkeep"]
    hand = game.players[1].hand
    assert sorted(hand) == sorted([kept, *used]) and len(hand) == 3
    # (4) action phase, (5) buying phase, (6) discard step, in this order
    events = []
    while game.phase is not Phase.DISCARD:
        events.extend(game.apply(Pass(game.actor)))
    phases = [e.phase for e in events if isinstance(e, PhaseStarted)]
    assert phases == ["action", "buying", "discard"]
    # in the discard step any number of cards may go to the discard pile; the rest stay
    game.apply(Discard(1, used[0]))
    game.apply(EndTurn(1))
    assert game.zone(used[0]) is Zone.DISCARD
    assert game.zone(kept) is Zone.HAND and game.zone(used[1]) is Zone.HAND


def test_player_turns_2_draw_only_up_to_three_cards() -> None:
    game = scenario(decks={1: ["Scout"] * 5})
    game.add_card("Coin", 1, Zone.HAND)
    next_turn(game)
    assert len(game.players[1].hand) == 3
    assert len(game.players[1].deck) == 3
    # with three or more cards in hand nothing is drawn
    for _ in range(2):
        game.add_card("Coin", 1, Zone.HAND)
    to_turn_of(game, 1)
    assert len(game.players[1].hand) == 5 and len(game.players[1].deck) == 3


# ---------------------------------------------------------------- Turn Phases


def test_turn_phases_1_every_turn_has_upkeep_action_and_buying_phase() -> None:
    game = scenario()
    for _ in range(3):
        events = next_turn(game)
        events.extend(to_phase(game, Phase.ACTION))
        phases = [e.phase for e in events if isinstance(e, PhaseStarted)]
        for phase in ("upkeep", "action"):
            assert phase in phases
        events = next_turn(game)
        phases = [e.phase for e in events if isinstance(e, PhaseStarted)]
        assert phases[:2] == ["buying", "discard"]


def test_turn_phases_1_phase_ends_only_when_every_player_passes() -> None:
    game = scenario()
    to_action_phase(game)
    game.apply(Pass(0))
    assert game.phase is Phase.ACTION and game.actor == 1
    game.apply(Pass(1))
    assert game.phase is Phase.BUYING and game.actor == 0


def test_turn_phases_2_discard_step_is_not_a_phase_nobody_has_priority() -> None:
    game = scenario(hands={0: ["Coin", "Scout"]})
    to_phase(game, Phase.DISCARD)
    assert not game.has_priority(0) and not game.has_priority(1)
    legal = game.legal_actions(0)
    assert {type(a) for a in legal} == {Discard, EndTurn}
    assert game.legal_actions(1) == []


def test_turn_phases_2_shuffle_and_draw_happen_without_a_chance_to_act() -> None:
    game = scenario()
    game.add_card("Scout", 1, Zone.DISCARD)
    to_phase(game, Phase.DISCARD)
    events = game.apply(EndTurn(0))
    # the whole step sequence is atomic: the next thing anyone can do is in the upkeep
    kinds = [type(e) for e in events]
    assert kinds.index(TurnStarted) < kinds.index(CardMoved) < kinds.index(PhaseStarted)
    assert game.phase is Phase.UPKEEP and game.actor == 1


def test_turn_phases_2_1_no_action_can_be_declared_in_the_discard_step() -> None:
    game = scenario(hands={0: ["Coin", "Scout"], 1: ["Coin", "Scout"]}, resource={0: 5, 1: 5})
    to_phase(game, Phase.DISCARD)
    coin = game.players[0].hand[0]
    first, second = game.players[0].hand
    assert_illegal(game, PlayCard(0, coin))
    assert_illegal(game, DiscardForResource(0, first, second))
    assert_illegal(game, Pass(0))
    other_first, other_second = game.players[1].hand
    assert_illegal(game, PlayCard(1, other_first))
    assert_illegal(game, DiscardForResource(1, other_first, other_second))


def test_turn_phases_3_until_end_of_turn_effects_stop_after_the_discard_step() -> None:
    game = scenario()
    game.add_permanent("War Drummer", (1, 0), 1)
    soldier = game.add_permanent("Soldier", (2, 0), 1)
    game.players[1].resource = 5
    next_turn(game)  # player 2's upkeep: the drummer grants +1 attack until end of turn
    pass_until(game, lambda g: not g.stack and not g.pending)
    assert game.attack_profile(soldier) == {1: 3}
    to_phase(game, Phase.DISCARD)
    assert game.attack_profile(soldier) == {1: 3}  # still there during the discard step
    game.apply(EndTurn(1))
    assert game.attack_profile(soldier) == {1: 2}


# ---------------------------------------------------------------- Upkeep


def test_upkeep_1_gain_the_map_income_at_the_start_of_the_upkeep() -> None:
    game = scenario(income=3, resource={1: 2})
    events = next_turn(game)
    start = next(i for i, e in enumerate(events)
                 if isinstance(e, PhaseStarted) and e.phase == "upkeep")
    gains = [e for e in events[start:] if isinstance(e, ResourceChanged)]
    assert gains == [ResourceChanged(1, 3, 5)]
    assert game.players[1].resource == 5 and game.phase is Phase.UPKEEP


def upkeep_gains_of_next_turns(game: Game, turns: int) -> list[tuple[int, int]]:
    """(player, resource gained) over the next ``turns`` turns of a three-player game: the
    second and third players' first turns, then the next round."""
    gains: list[tuple[int, int]] = []
    for _ in range(turns):
        events = next_turn(game)
        gains += [(e.player, e.amount) for e in events if isinstance(e, ResourceChanged)
                  and e.amount > 0]
    return gains


def test_upkeep_1_a_map_seat_bonus_pays_later_seats_more_in_their_first_upkeep() -> None:
    """Ours: with the map's seat_bonus, a player's first upkeep brings that much more
    resource per player before it in turn order; later upkeeps bring the income alone."""
    game = scenario("1.......\n........\n...3....\n.......2", players=3, income=3,
                    seat_bonus=2)
    assert game.players[0].resource == 3  # the first player: no one before it
    assert upkeep_gains_of_next_turns(game, 5) == [(1, 3 + 2), (2, 3 + 4), (0, 3), (1, 3), (2, 3)]


def test_upkeep_1_a_map_first_income_replaces_the_first_players_first_income() -> None:
    """Ours: the map's first_income is what the first player gains in its very first
    upkeep instead of the income; every other upkeep, its own later ones and the other
    players' first ones, brings the income (and a seat bonus still adds to later seats)."""
    game = scenario("1.......\n........\n...3....\n.......2", players=3, income=3,
                    first_income=0, seat_bonus=1)
    assert game.players[0].resource == 0  # gained nothing in the first upkeep
    assert upkeep_gains_of_next_turns(game, 5) == [(1, 3 + 1), (2, 3 + 2), (0, 3), (1, 3), (2, 3)]


def test_upkeep_1_without_a_seat_bonus_every_first_upkeep_brings_the_income() -> None:
    game = scenario(income=3)
    events = next_turn(game)
    assert [(e.player, e.amount) for e in events if isinstance(e, ResourceChanged)] == [(1, 3)]


def test_upkeep_2_triggered_effects_are_processed_before_the_upkeep_action() -> None:
    game = scenario()
    drummer = game.add_permanent("War Drummer", (1, 0), 1)
    soldier = game.add_permanent("Soldier", (2, 0), 1)
    game.players[1].resource = 5
    next_turn(game)
    # the drummer's upkeep trigger is on the stack; the upkeep action must wait for it
    assert [item.source for item in game.stack] == [drummer]
    assert PayUpkeep(1) not in game.legal_actions(1)
    pass_until(game, lambda g: not g.stack)
    assert game.phase is Phase.UPKEEP
    assert game.attack_profile(soldier) == {1: 3}
    assert PayUpkeep(1) in game.legal_actions(1)


@rules("Upkeep 3.1")
def test_upkeep_3_units_must_be_paid_for_with_the_upkeep_action() -> None:
    game = scenario(resource={1: 4}, hands={0: ["Fireball"]})
    game.players[0].resource = 5
    soldier = game.add_permanent("Soldier", (1, 0), 1)
    next_turn(game)
    # the upkeep action is due: the phase cannot be passed before it is declared
    assert game.legal_actions(1) == [Disband(1, soldier), PayUpkeep(1)]
    assert_illegal(game, Pass(1))
    events = game.apply(PayUpkeep(1))
    # it is an action: declared onto the stack, and the other player may answer it
    assert [e for e in events if isinstance(e, ActionDeclared)]
    assert [item.kind for item in game.stack] == ["upkeep"]
    game.apply(Pass(1))
    fireball = game.players[0].hand[0]
    assert PlayCard(0, fireball, None, (soldier,)) in game.legal_actions(0)
    game.apply(Pass(0))
    assert game.stack == [] and game.players[1].resource == 3 + game.map.income
    assert game.phase is Phase.UPKEEP
    pass_until(game, lambda g: g.phase is Phase.ACTION)


def test_upkeep_3_2_declared_units_are_disbanded_and_not_paid_for() -> None:
    game = scenario(resource={1: 5})
    kept = game.add_permanent("Soldier", (1, 0), 1)
    dropped = game.add_permanent("Paladin", (2, 0), 1)
    next_turn(game)
    game.apply(Disband(1, dropped))
    assert Disband(1, dropped) not in game.legal_actions(1)  # declared once
    assert dropped in game.players[1].disbanded
    resolve(game, PayUpkeep(1))
    assert not game.is_on_map(dropped) and game.zone(dropped) is Zone.DISCARD
    assert game.is_on_map(kept)
    assert game.players[1].resource == 5 - 1  # only the soldier's upkeep was paid


def test_upkeep_3_3_each_unit_is_paid_in_turn_or_destroyed() -> None:
    game = scenario(resource={1: 1})
    first = game.add_permanent("Soldier", (1, 0), 1)
    second = game.add_permanent("Soldier", (2, 0), 1)
    tap(game, first)
    tap(game, second)
    next_turn(game)
    resolve(game, PayUpkeep(1))
    game.apply(LeaveUnpaid(1, second))  # 1 resource for two: the player names the unpaid one
    assert game.is_on_map(first) and not tapped(game, first)  # paid and untapped
    assert not game.is_on_map(second) and game.zone(second) is Zone.DISCARD
    assert game.players[1].resource == 0


def test_upkeep_3_3_a_unit_with_upkeep_0_is_paid_and_untapped() -> None:
    game = scenario(resource={1: 0})
    farmer = game.add_permanent("Farmer", (1, 0), 1)  # upkeep 0
    tap(game, farmer)
    next_turn(game)
    assert tapped(game, farmer)  # still tapped until its upkeep is paid
    resolve(game, PayUpkeep(1))
    assert game.is_on_map(farmer) and not tapped(game, farmer)


def test_upkeep_3_4_may_not_let_a_unit_die_when_able_to_pay() -> None:
    game = scenario(resource={1: 3})
    units = [game.add_permanent("Soldier", (x, 0), 1) for x in (1, 2, 3)]
    next_turn(game)
    # the only ways to leave a unit unpaid are explicit disband declarations
    assert set(game.legal_actions(1)) == {*(Disband(1, u) for u in units), PayUpkeep(1)}
    resolve(game, PayUpkeep(1))
    assert all(game.is_on_map(u) for u in units)
    assert game.players[1].resource == 0


def test_upkeep_3_5_no_upkeep_action_without_units() -> None:
    game = scenario(resource={1: 3})
    game.add_permanent("Treasure Chest", (1, 0), 1)  # an artifact is not a unit
    next_turn(game)
    assert game.phase is Phase.UPKEEP and game.active == 1
    assert not game.players[1].upkeep_due
    assert Pass(1) in game.legal_actions(1)
    assert_illegal(game, PayUpkeep(1))
    game.apply(Pass(1))
    game.apply(Pass(0))
    assert game.phase is Phase.ACTION
    assert game.players[1].resource == 3


def test_upkeep_3_5_no_upkeep_action_once_the_last_unit_is_gone() -> None:
    game = scenario(hands={1: ["Die!"]}, resource={1: 10})
    scout = game.add_permanent("Scout", (7, 2), 1)
    next_turn(game)
    assert PayUpkeep(1) in game.legal_actions(1)
    die = game.players[1].hand[0]
    resolve(game, PlayCard(1, die, None, (scout,)))  # a fast action before the upkeep action
    assert not game.is_on_map(scout)
    assert game.controlled_permanents(1) == []
    # the player controls no units now: there is no upkeep action to declare
    assert PayUpkeep(1) not in game.legal_actions(1)
    assert Pass(1) in game.legal_actions(1)


# ---------------------------------------------------------------- Buying


def buying_game(**kwargs) -> Game:  # type: ignore[no-untyped-def]
    game = scenario(**kwargs)
    to_phase(game, Phase.BUYING)
    return game


def test_buying_1_only_from_your_own_store() -> None:
    game = buying_game(stores={0: ["Scout"], 1: ["Soldier"]}, resource={0: 10})
    own = game.players[0].store[0]
    theirs = game.players[1].store[0]
    assert Buy(0, own) in game.legal_actions(0)
    assert_illegal(game, Buy(0, theirs))


def test_buying_2_pay_the_buy_cost() -> None:
    game = buying_game(stores={0: ["Soldier", "Paladin"]}, resource={0: 5})
    soldier, paladin = game.players[0].store
    assert_illegal(game, Buy(0, paladin))  # buy 7 > 5
    events = resolve(game, Buy(0, soldier))
    assert ResourceChanged(0, -4, 1) in events
    assert game.players[0].resource == 1


def test_buying_3_only_one_card_per_turn() -> None:
    game = buying_game(stores={0: ["Scout", "Scout"]}, resource={0: 10})
    first, second = game.players[0].store
    resolve(game, Buy(0, first))
    assert game.phase is Phase.BUYING and game.actor == 0
    assert_illegal(game, Buy(0, second))
    # the next turn of the player allows one purchase again
    to_turn_of(game, 0)
    to_phase(game, Phase.BUYING)
    assert Buy(0, second) in game.legal_actions(0)


def test_buying_4_bought_card_goes_to_the_discard_pile() -> None:
    game = buying_game(stores={0: ["Scout"]}, resource={0: 3})
    scout = game.players[0].store[0]
    game.apply(Buy(0, scout))
    assert [item.kind for item in game.stack] == ["buy"]
    pass_until(game, lambda g: not g.stack)
    assert game.zone(scout) is Zone.DISCARD
    assert scout in game.players[0].discard and scout not in game.players[0].store
    assert game.owner(scout) == 0


def test_buying_5_cards_without_buy_cost_cannot_be_bought() -> None:
    game = buying_game(stores={0: ["King", "Coin", "Scout"]}, resource={0: 20})
    king, coin, scout = game.players[0].store
    assert_illegal(game, Buy(0, king))
    assert_illegal(game, Buy(0, coin))
    assert [a for a in game.legal_actions(0) if isinstance(a, Buy)] == [Buy(0, scout)]


def test_buying_6_only_during_your_own_buying_phase() -> None:
    game = scenario(stores={0: ["Scout"], 1: ["Scout"]}, resource={0: 10, 1: 10})
    mine = game.players[0].store[0]
    theirs = game.players[1].store[0]
    assert_illegal(game, Buy(0, mine))  # upkeep
    to_phase(game, Phase.ACTION)
    assert_illegal(game, Buy(0, mine))
    game.apply(Pass(0))
    assert_illegal(game, Buy(1, theirs))  # the opponent's action phase
    game.apply(Pass(1))
    assert game.phase is Phase.BUYING
    game.apply(Pass(0))
    assert game.actor == 1
    assert_illegal(game, Buy(1, theirs))  # the opponent's buying phase
    game.apply(Pass(1))
    assert game.phase is Phase.DISCARD
    assert_illegal(game, Buy(0, mine))


def test_buying_phase_1_the_active_player_may_buy_in_the_buying_phase() -> None:
    game = scenario(stores={0: ["Scout"]}, resource={0: 3})
    scout = game.players[0].store[0]
    events = to_phase(game, Phase.BUYING)
    assert PhaseStarted(0, "buying") in events
    assert game.actor == 0 and Buy(0, scout) in game.legal_actions(0)
    resolve(game, Buy(0, scout))
    assert game.zone(scout) is Zone.DISCARD
    # the phase goes on until every player passes
    assert game.phase is Phase.BUYING
    game.apply(Pass(0))
    game.apply(Pass(1))
    assert game.phase is Phase.DISCARD
