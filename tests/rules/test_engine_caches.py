"""The engine's caches never change an answer: at every step of random games, the legal
actions and every unit's reachable tiles come out the same with the caches dropped
(movement tables and their memoized walks, the trigger holders, the roster-only win
check, the legal-action list, the map's bodies the state-based actions read); and the
event bus, skipped while nobody listens, still tells every subscriber everything."""

from __future__ import annotations

import random

import pytest

from game.content.mods import load_content
from game.maps import find_map
from game.rules import Game, GameSetup
from game.rules.rulesets.skirmish import movement as skirmish_movement
from game.rules.systems import movement, state_based
from game.simulation import with_decks

LIBRARY = load_content([], include_user=False).library


def _drop_caches(game: Game) -> None:
    game.legal_cache = None
    game.movement_cache = None
    game.caches.clear()


@pytest.mark.parametrize(("map_name", "seed"), [("2P-ring-street", 3), ("2P-castle-siege", 4),
                                                ("the-tyrant", 5)])
def test_cached_answers_are_the_fresh_ones(map_name: str, seed: int) -> None:
    game = Game(GameSetup(find_map(map_name), LIBRARY, 2, seed, sets=("base", "exp1")))
    rng = random.Random(seed)
    try:
        while game.actor is not None and game.turn <= 20:
            actor = game.actor
            legal = list(game.legal_actions(actor))
            units = sorted(game.permanents())
            walks = {u: dict(movement.reachable(game, u)) for u in units}
            _drop_caches(game)
            assert game.legal_actions(actor) == legal, (game.turn, len(game.history))
            assert {u: movement.reachable(game, u) for u in units} == walks
            game.apply(legal[rng.randrange(len(legal))])
    finally:
        game.close()


def _fresh(game: Game, actor: int, units: list[int]) -> tuple[list[object], dict[int, object]]:
    """The legal actions and walks with every cache set aside, then the caches put back."""
    kept = game.legal_cache, game.movement_cache, dict(game.caches)
    _drop_caches(game)
    try:
        return (list(game.legal_actions(actor)),
                {u: dict(movement.reachable(game, u)) for u in units})
    finally:
        game.legal_cache, game.movement_cache = kept[0], kept[1]
        game.caches.clear()
        game.caches.update(kept[2])


@pytest.mark.parametrize(("map_name", "seed"), [("2P-ring-street", 6), ("2P-castle-siege", 7)])
def test_caches_kept_across_restores_answer_as_fresh_ones(map_name: str, seed: int) -> None:
    """As a search plays: lines of play taken back by ``restore``, the caches kept
    throughout (the legal actions a snapshot lists again, the movement tables and their
    walks where the occupied tiles are the same)."""
    game = Game(GameSetup(find_map(map_name), LIBRARY, 2, seed, sets=("base", "exp1")))
    rng = random.Random(seed)
    try:
        while game.actor is not None and game.turn <= 16:
            root = game.snapshot()
            for _ in range(3):  # three short lines of play from here, each taken back
                for _ in range(rng.randrange(1, 8)):
                    if game.actor is None:
                        break
                    actor = game.actor
                    units = sorted(game.permanents())
                    legal = list(game.legal_actions(actor))
                    walks = {u: dict(movement.reachable(game, u)) for u in units}
                    assert (legal, walks) == _fresh(game, actor, units)
                    game.apply(legal[rng.randrange(len(legal))])
                game.restore(root)
            legal = game.legal_actions(game.actor)
            game.apply(legal[rng.randrange(len(legal))])
    finally:
        game.close()


def test_the_bodies_of_a_restored_position_are_read_afresh() -> None:
    """Rule State-based actions 3.1 (a unit with more damage than health is destroyed)
    reads the map's bodies from a list kept while the roster stays the same; a restore
    makes every body anew, so damage dealt to a restored unit must still be seen."""
    game = Game(GameSetup(find_map("2P-ring-street"), LIBRARY, 2, 5, sets=("base", "exp1")))
    rng = random.Random(5)
    try:
        while game.actor is not None and not [u for u in game.units()
                                              if game.view(u).health > 0]:
            legal = game.legal_actions(game.actor)
            game.apply(legal[rng.randrange(len(legal))])
        unit = next(u for u in game.units() if game.view(u).health > 0)
        assert state_based.due(game) == []  # (the list of bodies is made here)
        game.restore(game.snapshot())
        game.edit(unit, damage=game.view(unit).health + 1)
        assert state_based.due(game) == [f"destroy {unit}: {game.ruleset.lethal_text}"]
        game.settle()
        assert not game.is_on_map(unit)
    finally:
        game.close()


@pytest.mark.parametrize("map_name", ["2P-ring-street", "2P-castle-siege",
                                      "2P-duel-standard"])
def test_damage_is_the_views_damage(map_name: str) -> None:
    """``Game.damage`` (what the evaluation reads without a whole view) is the damage the
    view shows, for every card, on the map or off it, at every step of a random game."""
    spec = find_map(map_name)
    game = Game(with_decks(GameSetup(spec, LIBRARY, spec.players, 2, sets=("base", "exp1"))))
    rng = random.Random(2)
    seen = 0
    try:
        while game.actor is not None and game.turn <= 30:
            for card in game.cards():
                assert game.damage(card) == game.view(card).damage
                seen += game.damage(card) > 0
            legal = game.legal_actions(game.actor)
            game.apply(legal[rng.randrange(len(legal))])
    finally:
        game.close()
    assert seen  # (some damage was dealt to compare)


SKIRMISH_MAPS = ["2P-skirmish-highlands", "2P-skirmish-marsh", "2P-skirmish-wastes"]


def _routes_fresh(game: Game, units: list[int]) -> dict[int, dict[object, object]]:
    """Every unit's skirmish routes with the caches (the routes', the vision's) set aside,
    then put back."""
    kept = game.legal_cache, game.vision_cache, dict(game.caches)
    game.legal_cache = game.vision_cache = None
    game.caches.clear()
    try:
        return {u: dict(skirmish_movement.routes(game, u)) for u in units}
    finally:
        game.legal_cache, game.vision_cache = kept[0], kept[1]
        game.caches.clear()
        game.caches.update(kept[2])


@pytest.mark.parametrize(("map_name", "seed"), [(m, s) for m in SKIRMISH_MAPS for s in (1, 2)])
def test_skirmish_routes_kept_for_a_position_are_the_fresh_ones(map_name: str,
                                                                 seed: int) -> None:
    """The skirmish's routes are found once per position and movement points left (the
    end of an action, the legal actions after it and a computer player ask the same):
    at every step of random skirmishes, lines of play taken back by ``restore`` among
    them, every unit's routes as kept are those found afresh, and so are the legal
    actions."""
    spec = find_map(map_name)
    game = Game(with_decks(GameSetup(spec, LIBRARY, spec.players, seed)))
    rng = random.Random(seed)
    checked = 0
    try:
        while game.actor is not None:
            root = game.snapshot()
            for line in range(2):  # a line of play taken back, then the one kept
                for _ in range(rng.randrange(1, 6)):
                    if game.actor is None:
                        break
                    actor = game.actor
                    units = [u for u in game.units() if game.view(u).tile is not None]
                    legal = list(game.legal_actions(actor))
                    kept = {u: dict(skirmish_movement.routes(game, u)) for u in units}
                    assert kept == _routes_fresh(game, units), (game.turn, len(game.history))
                    game.legal_cache = None
                    assert game.legal_actions(actor) == legal
                    checked += sum(map(len, kept.values()))
                    game.apply(legal[rng.randrange(len(legal))])
                if line == 0:
                    game.restore(root)
    finally:
        game.close()
    assert checked > 1000  # (many routes compared)


@pytest.mark.parametrize("map_name", SKIRMISH_MAPS)
def test_sees_all_is_whether_hide_unseen_takes_anything_off(map_name: str) -> None:
    """``Game.sees_all`` (a computer player's view needs no hiding) says exactly whether
    ``hide_unseen`` would take a permanent off the board, for each side at every step of
    a random skirmish and in the view it leaves (where nothing is left to hide); both
    answers come up."""
    spec = find_map(map_name)
    game = Game(with_decks(GameSetup(spec, LIBRARY, spec.players, 3)))
    rng = random.Random(3)
    answers = set()
    try:
        while game.actor is not None:
            for side in range(spec.players):
                snap = game.snapshot()
                for _ in range(2):  # the game, then the side's view (as a search has it)
                    before = game.permanents()
                    sees_all = game.sees_all(side)
                    game.hide_unseen(side)
                    assert sees_all == (game.permanents() == before), (game.turn, side)
                    answers.add(sees_all)
                assert sees_all  # (nothing was left to hide in the side's view)
                game.restore(snap)
            legal = game.legal_actions(game.actor)
            game.apply(legal[rng.randrange(len(legal))])
    finally:
        game.close()
    assert answers == {True, False}


def test_an_event_reaches_the_subscribers_in_order_and_none_after_they_leave() -> None:
    """``Game.emit`` skips publishing while nobody subscribed: the bus's subscribers still
    get every event, in the order they subscribed, from the first subscription on and
    until the last one leaves."""
    from game.rules.core.events import Event, PointsChanged

    game = Game(GameSetup(find_map("2P-ring-street"), LIBRARY, 2, 1, sets=("base",)))
    try:
        game.enter()
        heard: list[tuple[str, Event]] = []

        def first(event: Event) -> None:
            heard.append(("first", event))

        def second(event: Event) -> None:
            heard.append(("second", event))

        game.gain_points(0, 1)  # nobody listens yet
        game.bus.subscribe(first)
        game.bus.subscribe(second)
        game.gain_points(0, 2)
        game.bus.unsubscribe(first)
        game.gain_points(0, 3)
        game.bus.unsubscribe(second)
        game.gain_points(0, 4)  # nobody listens any more
        game.bus.subscribe(first)
        game.gain_points(0, 5)
        assert heard == [("first", PointsChanged(0, 2, 3)), ("second", PointsChanged(0, 2, 3)),
                         ("second", PointsChanged(0, 3, 6)), ("first", PointsChanged(0, 5, 15))]
        # the game's own list of the step's events holds them all, heard or not
        assert [e.amount for e in game.events if isinstance(e, PointsChanged)] == [1, 2, 3, 4, 5]
    finally:
        game.close()
