"""The engine's shared capabilities for the rulesets to come, each checked through Muhq's
Game or a small test ruleset: marks on tiles; mark stacking, duration and ticks; turn-end
and round-start events with triggers; per-player counters; card tags; per-player decks;
several permanents per tile."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from scenario import LIBRARY, next_turn, pass_until, resolve, scenario, to_action_phase

from game.content.cards import card_from_data
from game.rules import Game, GameSetup, Phase, WinSpec, parse_grid
from game.rules.cards import CardDef, CardLibrary, CardType
from game.rules.core.actions import Activate, EndTurn
from game.rules.core.events import CounterChanged, MarksChanged, RoundStarted, TurnEnded
from game.rules.marks import MARKS, MarkKind
from game.rules.registry import Look
from game.rules.rulesets import RULESETS
from game.rules.rulesets.muhq import MUHQ
from game.rules.rulesets.muhq import turn as muhq_turn

GRID = "1.......\n........\n........\n.......2"


@pytest.fixture
def kinds() -> Iterator[list[str]]:
    """Mark kinds a test registers for itself; they leave the registry afterwards."""
    added: list[str] = []
    yield added
    for name in added:
        MARKS.remove(name)


def _register(kinds: list[str], name: str, **fields: object) -> MarkKind:
    entry = MarkKind(name, "test", Look("?", (1, 2, 3)), **fields)  # type: ignore[arg-type]
    MARKS.add(name, entry)
    kinds.append(name)
    return entry


# ---------------------------------------------------------------------------- tile marks


def test_marks_on_tiles_are_held_by_the_tile_not_by_a_permanent(kinds: list[str]) -> None:
    _register(kinds, "test-beacon", bearers="tile")
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (2, 1), 0)
    before = game.state_hash()
    game.mark_tile((2, 1), "test-beacon", 2)
    assert game.tile_marks((2, 1)) == {"test-beacon": 2}
    assert game.marks_on(unit) == {}  # the unit standing there carries none
    assert game.marks_by_tile() == {(2, 1): (("test-beacon", 2),)}
    assert unit not in game.marks_by_bearer()
    assert game.state_hash() != before  # tile marks are part of the position
    snap = game.snapshot()
    assert game.unmark_tile((2, 1), "test-beacon", 1) == 1
    assert game.tile_marks((2, 1)) == {"test-beacon": 1}
    game.restore(snap)
    assert game.tile_marks((2, 1)) == {"test-beacon": 2}
    game.destroy(unit, "test")
    assert game.tile_marks((2, 1)) == {"test-beacon": 2}  # the tile keeps its marks


def test_a_mark_kind_says_what_may_bear_it(kinds: list[str]) -> None:
    _register(kinds, "test-beacon", bearers="tile")
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (2, 1), 0)
    with pytest.raises(ValueError, match="test-beacon"):
        game.add_marks(unit, "test-beacon", 1)
    with pytest.raises(ValueError, match="poison"):
        game.mark_tile((3, 1), "poison", 1)  # Muhq's marks are for permanents


# ---------------------------------------------------------------------------- stacking


@pytest.mark.parametrize("stacking, expected", [
    ("add", 5), ("highest", 3), ("replace", 2), ("single", 1),
])
def test_mark_stacking_policy_decides_how_new_marks_meet_old_ones(
        kinds: list[str], stacking: str, expected: int) -> None:
    _register(kinds, f"test-{stacking}", stacking=stacking)
    game = scenario(GRID)
    unit = game.add_permanent("Soldier", (2, 1), 0)
    game.add_marks(unit, f"test-{stacking}", 3)
    game.add_marks(unit, f"test-{stacking}", 2)
    assert game.marks(unit, f"test-{stacking}") == expected


def test_an_unknown_stacking_policy_is_refused_when_the_kind_is_made() -> None:
    with pytest.raises(ValueError, match="stacking"):
        MarkKind("test-odd", "test", Look("?", (0, 0, 0)), stacking="sometimes")


# ---------------------------------------------------------------------------- duration, ticks


def test_a_lasting_mark_counts_its_controllers_turn_ends_and_then_goes(
        kinds: list[str]) -> None:
    ticked: list[int] = []
    _register(kinds, "test-haste", duration=2, tick="turn_end",
              on_tick=lambda game, entity: ticked.append(entity))
    game = scenario(GRID, income=5)  # upkeep is paid: the units stay
    mine = game.add_permanent("Soldier", (2, 1), 0)
    theirs = game.add_permanent("Soldier", (5, 2), 1)
    game.add_marks(mine, "test-haste", 1)
    game.add_marks(theirs, "test-haste", 1)
    events = next_turn(game)  # player 1's turn ends: only player 1's marks count it
    assert len(ticked) == 1
    assert game.marks(mine, "test-haste") == 1 and game.marks(theirs, "test-haste") == 1
    assert any(isinstance(e, TurnEnded) and e.player == 0 for e in events)
    next_turn(game)  # player 2's turn
    assert game.marks(mine, "test-haste") == 1
    events = next_turn(game)  # player 1's second turn end: time is up
    assert game.marks(mine, "test-haste") == 0
    assert game.marks(theirs, "test-haste") == 1
    assert MarksChanged(mine, "test-haste", 0) in events


def test_a_new_mark_of_a_lasting_kind_starts_its_time_again(kinds: list[str]) -> None:
    _register(kinds, "test-haste", duration=2, tick="turn_end", stacking="highest")
    game = scenario(GRID, income=5)
    mine = game.add_permanent("Soldier", (2, 1), 0)
    game.add_marks(mine, "test-haste", 1)
    next_turn(game)
    next_turn(game)
    game.add_marks(mine, "test-haste", 1)
    next_turn(game)
    assert game.marks(mine, "test-haste") == 1  # one tick of two has passed since


def test_an_activation_tick_runs_when_its_unit_is_activated(kinds: list[str]) -> None:
    seen: list[int] = []
    _register(kinds, "test-fuse", duration=1, tick="activation",
              on_tick=lambda game, entity: seen.append(entity))
    game = scenario(GRID)
    mine = game.add_permanent("Soldier", (2, 1), 0)
    other = game.add_permanent("Soldier", (3, 1), 0)
    game.add_marks(mine, "test-fuse", 1)
    game.add_marks(other, "test-fuse", 1)
    to_action_phase(game)
    resolve(game, Activate(0, mine))
    assert len(seen) == 1
    assert game.marks(mine, "test-fuse") == 0
    assert game.marks(other, "test-fuse") == 1


def test_tile_marks_count_every_players_turn_end(kinds: list[str]) -> None:
    _register(kinds, "test-smoke", bearers="tile", duration=3, tick="turn_end")
    game = scenario(GRID)
    game.mark_tile((4, 2), "test-smoke", 1)
    next_turn(game)
    next_turn(game)
    assert game.tile_marks((4, 2)) == {"test-smoke": 1}
    next_turn(game)
    assert game.tile_marks((4, 2)) == {}


# ---------------------------------------------------------------------------- rounds


def _end_turn_in_rounds(game: Game, action: EndTurn) -> None:
    """Muhq's end of turn; then, when the first seat is next to play, a new round starts:
    round ticks, the ``RoundStarted`` event and its triggers."""
    muhq_turn.end_turn(game)
    if game.active == 0 and game.phase is not Phase.OVER:
        game.tick_marks("round_start")
        started = RoundStarted(game.turn)
        game.emit(started)
        game.queue_trigger_event(started)


@pytest.fixture
def rounds() -> Iterator[str]:
    """A test ruleset: Muhq's Game played in rounds."""
    handlers = {**MUHQ.handlers, EndTurn: _end_turn_in_rounds}
    RULESETS["test-rounds"] = dataclasses.replace(MUHQ, name="test-rounds", handlers=handlers)
    yield "test-rounds"
    del RULESETS["test-rounds"]


def _game(ruleset: str = "muhq", *, library: CardLibrary = LIBRARY, players: int = 2,
          decks: tuple[tuple[str, ...], ...] | None = None,
          start_deck: tuple[tuple[str, int], ...] = ()) -> Game:
    spec = dataclasses.replace(
        parse_grid(GRID, players=players, win=WinSpec("none"), start_deck=start_deck,
                   income=0),
        ruleset=ruleset)
    return Game(GameSetup(spec, library, players, 1, sets=("base",),
                          stores=tuple(() for _ in range(players)), decks=decks))


def _card(data: dict[str, object]) -> CardDef:
    return card_from_data(data, "test.yaml", "test")


def test_round_start_events_ticks_and_triggers_in_a_ruleset_with_rounds(
        rounds: str, kinds: list[str]) -> None:
    _register(kinds, "test-glow", duration=2, tick="round_start")
    beacon = _card({"type": "unit", "name": {"en": "Round Keeper"}, "health": 3,
                    "movement": 1, "triggers": [{"when": "round_start",
                                                 "do": [{"gain_resource": {"amount": 1}}]}]})
    game = _game(rounds, library=CardLibrary([*LIBRARY, beacon]))
    keeper = game.add_permanent("Round Keeper", (2, 1), 0)
    game.add_marks(keeper, "test-glow", 1)
    game.settle()
    before = game.players[0].resource
    next_turn(game)  # player 1 ends: no new round yet
    assert game.marks(keeper, "test-glow") == 1
    events = next_turn(game)  # player 2 ends: round 2 starts
    assert any(isinstance(e, RoundStarted) for e in events)
    assert game.marks(keeper, "test-glow") == 1  # one of its two rounds has passed
    # the keeper's round-start trigger went on the stack and resolves once all pass
    pass_until(game, lambda g: not g.stack and not g.pending)
    assert game.players[0].resource == before + 1
    next_turn(game)
    next_turn(game)
    assert game.marks(keeper, "test-glow") == 0


def test_muhq_has_no_rounds_so_round_start_never_happens() -> None:
    game = _game()
    events = []
    for _ in range(4):
        events += next_turn(game)
    assert not any(isinstance(e, RoundStarted) for e in events)


def test_turn_end_trigger_answers_its_controllers_turn_end() -> None:
    sentry = _card({"type": "unit", "name": {"en": "Night Sentry"}, "health": 2,
                    "movement": 1, "triggers": [{"when": "turn_end",
                                                 "do": [{"gain_resource": {"amount": 2}}]}]})
    game = _game(library=CardLibrary([*LIBRARY, sentry]))
    game.add_permanent("Night Sentry", (2, 1), 1)  # player 2's
    game.settle()
    next_turn(game)  # player 1's turn end: not the sentry's controller
    pass_until(game, lambda g: not g.stack and not g.pending)
    assert game.players[1].resource == 0
    next_turn(game)  # player 2's turn end
    pass_until(game, lambda g: not g.stack and not g.pending)
    assert game.players[1].resource == 2


# ---------------------------------------------------------------------------- counters


def test_per_player_counters_start_at_zero_change_and_are_part_of_the_position() -> None:
    game = _game()
    assert game.counter(0, "mana") == 0
    before = game.state_hash()
    snap = game.snapshot()
    assert game.add_to_counter(0, "mana", 3) == 3
    assert game.counter(0, "mana") == 3 and game.counter(1, "mana") == 0
    assert game.events[-1] == CounterChanged(0, "mana", 3, 3)
    changed = game.state_hash()
    assert changed != before
    game.restore(snap)
    assert game.counter(0, "mana") == 0
    assert game.state_hash() == before
    game.add_to_counter(0, "mana", 3)
    assert game.state_hash() == changed
    game.add_to_counter(0, "mana", -3)
    assert game.state_hash() == before  # a counter back at zero is no counter at all


# ---------------------------------------------------------------------------- tags


def test_cards_carry_tags_from_their_data() -> None:
    tagged = _card({"type": "unit", "name": {"en": "Tagged"}, "health": 1,
                    "tags": ["duel", "minion"]})
    assert tagged.tags == frozenset({"duel", "minion"})
    assert LIBRARY["Soldier"].tags == frozenset()


def test_card_tags_are_checked_by_the_schema() -> None:
    from game.content.cards import CardError

    with pytest.raises(CardError, match="tags"):
        _card({"type": "unit", "name": {"en": "Odd"}, "health": 1, "tags": ["Not A Tag"]})
    with pytest.raises(CardError, match="tags"):
        _card({"type": "unit", "name": {"en": "Odd"}, "health": 1, "tags": ["a", "a"]})


def test_a_ruleset_with_card_tags_refuses_untagged_cards() -> None:
    tagged = _card({"type": "unit", "name": {"en": "Tagged"}, "health": 1, "tags": ["duel"]})
    library = CardLibrary([*LIBRARY, tagged])
    RULESETS["test-tagged"] = dataclasses.replace(MUHQ, name="test-tagged",
                                                  card_tags=frozenset({"duel"}))
    try:
        _game("test-tagged", library=library, decks=(("Tagged",), ("Tagged",)))
        with pytest.raises(ValueError, match="Soldier: the test-tagged ruleset takes cards "
                                             "tagged duel"):
            _game("test-tagged", library=library, decks=(("Tagged",), ("Soldier",)))
    finally:
        del RULESETS["test-tagged"]


def test_a_ruleset_refuses_card_types_it_does_not_have() -> None:
    RULESETS["test-no-spells"] = dataclasses.replace(
        MUHQ, name="test-no-spells", card_types=MUHQ.card_types - {CardType.SPELL})
    try:
        with pytest.raises(ValueError, match="Fireball: the test-no-spells ruleset has no "
                                             "spell cards"):
            _game("test-no-spells", decks=(("Fireball",), ("Soldier",)))
    finally:
        del RULESETS["test-no-spells"]


# ---------------------------------------------------------------------------- decks


def test_each_player_may_start_with_a_deck_of_their_own() -> None:
    game = _game(decks=(("Soldier", "Soldier", "Coin"), ("Fireball",)),
                 start_deck=(("Recruit", 5),))
    def names(player: int) -> list[str]:
        cards = game.players[player].deck + game.players[player].hand
        return sorted(game.card(c).name for c in cards)
    assert names(0) == ["Coin", "Soldier", "Soldier"]
    assert names(1) == ["Fireball"]


def test_player_decks_must_match_the_number_of_players() -> None:
    with pytest.raises(ValueError, match="one deck per player"):
        _game(decks=(("Soldier",),))


def test_player_decks_are_saved_and_replayed() -> None:
    from game.rules.core.replay import game_to_json, replay

    game = _game(decks=(("Soldier", "Coin"), ("Fireball", "Coin")))
    next_turn(game)
    data = game_to_json(game)
    assert data["setup"]["decks"] == [["Soldier", "Coin"], ["Fireball", "Coin"]]
    again = replay(data, LIBRARY, verify=True)
    assert again.state_hash() == game.state_hash()
    again.close()
    plain = game_to_json(_game())
    assert "decks" not in plain["setup"]  # a game without them saves as before


# ---------------------------------------------------------------------------- occupancy


@pytest.fixture
def crowded() -> Iterator[str]:
    RULESETS["test-crowded"] = dataclasses.replace(MUHQ, name="test-crowded", occupancy=3)
    yield "test-crowded"
    del RULESETS["test-crowded"]


def test_several_permanents_share_a_tile_where_the_ruleset_allows_it(crowded: str) -> None:
    game = _game(crowded)
    a = game.add_permanent("Soldier", (2, 1), 0)
    b = game.add_permanent("Soldier", (2, 1), 0)
    assert game.available(LIBRARY["Soldier"], (2, 1))  # one of three places taken
    assert game.available(LIBRARY["Soldier"], (2, 1))
    c = game.add_permanent("Scout", (2, 1), 0)
    assert game.occupants((2, 1)) == sorted([a, b, c])
    assert not game.available(LIBRARY["Soldier"], (2, 1))  # three is the limit
    game.move_permanent(a, (3, 1))
    assert game.occupants((2, 1)) == sorted([b, c])
    assert game.occupants((3, 1)) == [a]
    assert game.tile_of(b) == (2, 1)
    game.destroy(b, "test")
    assert game.occupants((2, 1)) == [c]
    assert game.available(LIBRARY["Soldier"], (2, 1))


def test_muhq_keeps_one_permanent_per_tile() -> None:
    game = _game()
    a = game.add_permanent("Soldier", (2, 1), 0)
    assert game.occupants((2, 1)) == [a]
    assert not game.available(LIBRARY["Soldier"], (2, 1))
