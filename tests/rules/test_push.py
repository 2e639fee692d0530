"""Rule Push (experimental): straight-line pushes by actions and combat."""

from __future__ import annotations

import pytest
from rulemarks import rules
from scenario import of_type, resolve, scenario, to_action_phase

from game.content.text import keyword_text
from game.rules import Game, IllegalAction
from game.rules.core.actions import Activate, Attack, FullAction, PlayCard
from game.rules.core.events import DamageDealt, Destroyed, PermanentMoved
from game.rules.core.view import Zone
from game.rules.geometry import direction

OPEN = "\n".join(["......."] * 7)  # 7x7, centre (3, 3)


def ready(grid: str = OPEN, **kwargs) -> Game:  # type: ignore[no-untyped-def]
    game = scenario(grid, **kwargs)
    to_action_phase(game)
    return game


def activate(game: Game, unit: int) -> None:
    if game.activated != unit:
        resolve(game, Activate(game.controller(unit), unit))



def shoves(game: Game, count: int = 1) -> list[int]:
    for _ in range(count):
        game.add_card("Shove", 0, Zone.HAND)
    game.players[0].resource = 20
    return [c for c in game.players[0].hand if game.card(c).name == "Shove"]


def shove(game: Game, card: int, target: int, origin: tuple[int, int]) -> list:
    return resolve(game, PlayCard(0, card, None, (target, origin)))


# ---------------------------------------------------------------------------- Push


def test_push_1_push_without_a_number_means_push_1() -> None:
    game = ready()
    ramm = game.add_permanent("Ramm", (2, 3), 0)  # keyword "push", no number
    target = game.add_permanent("Soldier", (3, 3), 1)
    assert game.keyword(ramm, "push") == 1  # the card file says just "push"
    assert keyword_text("push", True) == keyword_text("push", 1) == "Push"
    assert keyword_text("push", 2) == "Push 2"
    activate(game, ramm)
    resolve(game, Attack(0, ramm, target))
    assert game.tile_of(target) == (4, 3)  # exactly one step


def test_push_2_pushed_x_steps_in_one_straight_line() -> None:
    game = ready()
    card, diagonal_card = shoves(game, 2)  # Shove: push 2
    soldier = game.add_permanent("Soldier", (2, 3), 1)
    events = shove(game, card, soldier, (1, 3))
    assert game.tile_of(soldier) == (4, 3)
    steps = [(e.from_tile, e.to_tile) for e in of_type(events, PermanentMoved)
             if e.permanent == soldier]
    assert steps == [((2, 3), (3, 3)), ((3, 3), (4, 3))]
    scout = game.add_permanent("Scout", (2, 2), 1)
    shove(game, diagonal_card, scout, (1, 1))
    assert game.tile_of(scout) == (4, 4)  # two diagonal steps
    assert game.view(soldier).damage == 0 and game.view(scout).damage == 0


@rules("Push 4.1")
def test_push_3_actions_and_combat_can_push() -> None:
    game = ready()
    (card,) = shoves(game)
    by_action = game.add_permanent("Soldier", (1, 1), 1)
    shove(game, card, by_action, (0, 1))
    assert game.tile_of(by_action) == (3, 1)
    ramm = game.add_permanent("Ramm", (2, 4), 0)
    by_combat = game.add_permanent("Soldier", (3, 5), 1)
    activate(game, ramm)
    resolve(game, Attack(0, ramm, by_combat))
    assert game.tile_of(by_combat) == (4, 6)  # away from the Ramm, diagonally
    assert game.view(by_combat).damage == 1  # the attack itself


def test_push_3_the_chargers_full_action_pushes_in_its_fight() -> None:
    game = ready()
    charger = game.add_permanent("Charger", (0, 3), 0)  # movement 3
    target = game.add_permanent("Scout", (3, 3), 1)
    assert game.keyword(charger, "push") is None
    activate(game, charger)
    assert FullAction(0, charger, "card", (target,)) in game.legal_actions(0)
    resolve(game, FullAction(0, charger, "card", (target,)))
    assert game.tile_of(charger) == (2, 3)
    assert game.tile_of(target) == (4, 3)
    # the push was for that fight only
    assert game.view(charger).fight_push == 0


def test_push_4_every_push_needs_a_tile_it_starts_from() -> None:
    game = ready()
    (card,) = shoves(game)
    soldier = game.add_permanent("Soldier", (3, 3), 1)
    plays = [a for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card == card]
    assert plays and all(len(a.targets) == 2 for a in plays)
    assert all(isinstance(a.targets[1], tuple) for a in plays)
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, card, None, (soldier,)))
    assert game.state_hash() == before
    # a push starting from the pushed permanent's own tile has no line: nothing moves
    game.push(soldier, (3, 3), 2)
    assert game.tile_of(soldier) == (3, 3)


def test_push_4_1_a_pushing_permanent_pushes_from_its_own_tile() -> None:
    for ramm_tile, expected in (((3, 2), (3, 4)), ((4, 3), (2, 3)), ((2, 2), (4, 4)),
                                ((4, 2), (2, 4))):
        game = ready()
        ramm = game.add_permanent("Ramm", ramm_tile, 0)
        target = game.add_permanent("Soldier", (3, 3), 1)
        activate(game, ramm)
        resolve(game, Attack(0, ramm, target))
        assert game.tile_of(target) == expected, ramm_tile
        assert game.tile_of(ramm) == ramm_tile
        game.close()


def test_push_4_2_the_controller_chooses_the_origin_when_no_permanent_pushes() -> None:
    game = ready()
    cards = shoves(game, 2)
    soldier = game.add_permanent("Soldier", (3, 3), 1)
    origins = {a.targets[1] for a in game.legal_actions(0)
               if isinstance(a, PlayCard) and a.card == cards[0] and a.targets[0] == soldier}
    assert origins == {(3 + dx, 3 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
    shove(game, cards[0], soldier, (3, 4))
    assert game.tile_of(soldier) == (3, 1)
    shove(game, cards[1], soldier, (2, 1))
    assert game.tile_of(soldier) == (5, 1)


def test_push_5_every_step_follows_the_line_through_origin_and_pushed_tile() -> None:
    # the direction is fixed by the origin and the pushed tile and kept for every step
    game = ready()
    (card,) = shoves(game)
    soldier = game.add_permanent("Soldier", (3, 3), 1)
    shove(game, card, soldier, (4, 2))
    assert game.tile_of(soldier) == (1, 5)
    # our reading for origins further away: the line snaps to the nearest of 8 directions
    assert direction((0, 0), (3, 0)) == (1, 0)
    assert direction((0, 0), (3, 1)) == (1, 0)
    assert direction((0, 0), (2, 1)) == (1, 1)
    assert direction((0, 0), (-1, -3)) == (0, -1)
    assert direction((5, 5), (3, 3)) == (-1, -1)
    other = game.add_permanent("Scout", (3, 3), 1)
    game.push(other, (0, 2), 2)  # offset (3, 1): along the row
    assert game.tile_of(other) == (5, 3)


def test_push_6_a_pushed_permanent_stops_before_an_unavailable_tile() -> None:
    game = ready(".....\n.....")
    cards = shoves(game, 2)
    soldier = game.add_permanent("Soldier", (1, 0), 1)
    barricade = game.add_permanent("Barricade", (3, 0), 1)
    shove(game, cards[0], soldier, (0, 0))
    assert game.tile_of(soldier) == (2, 0)  # one step, then the Barricade's tile
    # the map's edge: no further tile; engine reading: it just stops, undamaged
    edge = game.add_permanent("Scout", (3, 1), 1)
    shove(game, cards[1], edge, (2, 1))
    assert game.tile_of(edge) == (4, 1)
    assert game.view(edge).damage == 0
    assert game.tile_of(barricade) == (3, 0)


def test_push_6_1_a_unit_running_into_a_permanent_takes_1_damage_from_it() -> None:
    game = ready()
    cards = shoves(game, 3)
    soldier = game.add_permanent("Soldier", (1, 1), 1)
    barricade = game.add_permanent("Barricade", (2, 1), 0)
    events = shove(game, cards[0], soldier, (0, 1))
    assert game.tile_of(soldier) == (1, 1)
    assert game.view(soldier).damage == 1
    assert game.view(barricade).damage == 0
    hits = [(e.source, e.target, e.amount) for e in of_type(events, DamageDealt)]
    assert hits == [(barricade, soldier, 1)]
    # into another unit: only the pushed unit takes damage
    scout = game.add_permanent("Scout", (4, 4), 1)
    blocker = game.add_permanent("Soldier", (5, 5), 0)
    shove(game, cards[1], scout, (3, 3))
    assert game.view(scout).damage == 1 and game.view(blocker).damage == 0
    # an artifact pushed into a unit is not a unit: no damage either way
    crate = game.add_permanent("Barricade", (1, 4), 1)
    wall_unit = game.add_permanent("Soldier", (1, 5), 0)
    shove(game, cards[2], crate, (1, 3))
    assert game.tile_of(crate) == (1, 4)
    assert game.view(crate).damage == 0 and game.view(wall_unit).damage == 0


def test_push_6_1_a_wall_is_a_permanent_to_run_into() -> None:
    game = ready("...#\n....")
    (card,) = shoves(game)
    soldier = game.add_permanent("Soldier", (1, 0), 1)
    shove(game, card, soldier, (0, 0))
    assert game.tile_of(soldier) == (2, 0)
    assert game.view(soldier).damage == 1
    assert game.is_on_map(soldier)


@rules("Tiles (common) 8")
def test_push_6_2_pushed_onto_a_free_but_unavailable_tile_is_destroyed() -> None:
    game = ready("..w..\n.....\n~~~..")
    cards = shoves(game, 2)
    soldier = game.add_permanent("Soldier", (1, 0), 1)
    events = shove(game, cards[0], soldier, (0, 0))  # (2, 0) is deep water
    assert not game.is_on_map(soldier)
    assert soldier in game.players[1].discard
    assert [e.permanent for e in of_type(events, Destroyed)] == [soldier]
    # and vice versa: a swimmer pushed out of the water onto land
    mermaid = game.add_permanent("Mermaid", (2, 2), 1)
    shove(game, cards[1], mermaid, (1, 2))  # (3, 2) is neutral ground
    assert not game.is_on_map(mermaid)
    assert mermaid in game.players[1].discard


def test_push_6_2_combat_push_into_deep_water_destroys() -> None:
    game = ready(".....\n...w.")
    ramm = game.add_permanent("Ramm", (1, 0), 0)
    target = game.add_permanent("Soldier", (2, 0), 1)
    activate(game, ramm)
    resolve(game, Attack(0, ramm, target))
    assert game.tile_of(target) == (3, 0)  # onto neutral ground: fine
    game.close()
    game = ready("......\n......\n...w..")
    ramm = game.add_permanent("Ramm", (1, 0), 0)
    target = game.add_permanent("Soldier", (2, 1), 1)
    activate(game, ramm)
    resolve(game, Attack(0, ramm, target))
    assert not game.is_on_map(target)  # pushed diagonally onto the deep water at (3, 2)
    assert target in game.players[1].discard
