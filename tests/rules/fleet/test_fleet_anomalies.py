"""Anomalies (rule 9): asteroid field (11), gravity rift (41), nebula (59), supernova (86),
and a system that is two anomalies at once. The kit's strip: A-G on top, H-N below
(H touches A, B and I; I touches H, J, B and C)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.rules.rulesets.fleet.actions import Confirm, Load
from game.rules.tiles import TILE_TYPES, TileType

from .kit import activate, declare, of, paths_of, put, rig, strip, tactic_game, units

# (case, anomalies by system, the ship and where, the active system, paths offered)
CASES = [
    ("11: no moving through an asteroid field", {"B": "asteroid field",
                                                 "H": "asteroid field"},
     ("Cruiser", "A"), "C", set()),
    ("11: no moving into an asteroid field", {"B": "asteroid field"}, ("Cruiser", "A"),
     "B", set()),
    ("86: no moving through a supernova", {"B": "supernova", "H": "supernova"},
     ("Cruiser", "A"), "C", set()),
    ("86: no moving into a supernova", {"B": "supernova"}, ("Cruiser", "A"), "B", set()),
    ("86: a ship inside a supernova may leave it", {"B": "supernova"}, ("Cruiser", "B"),
     "C", {"C"}),
    ("59: no moving through a nebula", {"B": "nebula", "H": "nebula"}, ("Cruiser", "A"),
     "C", set()),
    ("59: a nebula may be entered when it is the active system", {"B": "nebula"},
     ("Cruiser", "A"), "B", {"B"}),
    ("59: a ship starting in a nebula has a move of 1", {"B": "nebula"},
     ("Cruiser", "B"), "D", set()),
    ("59: a ship starting in a nebula moves one system", {"B": "nebula"},
     ("Cruiser", "B"), "C", {"C"}),
    ("41: leaving a gravity rift gives one more move", {"B": "gravity rift"},
     ("Carrier", "A"), "C", {"BC"}),
    ("41: starting in a gravity rift gives one more move", {"B": "gravity rift"},
     ("Carrier", "B"), "D", {"CD"}),
    ("41: each rift passed adds one", {"B": "gravity rift", "C": "gravity rift"},
     ("Carrier", "A"), "D", {"BCD"}),
    ("41: moving into a rift gives nothing", {"C": "gravity rift"}, ("Carrier", "A"), "C",
     set()),
]


@pytest.mark.parametrize("case, kinds, ship, active, expected", CASES,
                         ids=[c[0] for c in CASES])
def test_anomalies_and_paths(case: str, kinds: dict[str, str], ship: tuple[str, str],
                             active: str, expected: set[str]) -> None:
    board = strip(kinds)
    game = tactic_game(board)
    (mover,) = put(game, board, *ship)
    activate(game, board, active)
    assert paths_of(game, mover) == {board.path(p) for p in expected}, case


def test_41_moving_into_the_active_rift_rolls_nothing() -> None:
    board = strip({"B": "gravity rift"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    activate(game, board, "B")
    declare(game, carrier)
    dice = rig(game, [1])
    game.apply(Confirm(0))
    assert dice.rolled == []
    assert units(game, board, "B") == ["Carrier"]


@pytest.mark.parametrize("die, survives", [(1, False), (3, False), (4, True), (10, True)])
def test_41_a_roll_of_1_to_3_removes_the_ship_leaving_a_rift(die: int,
                                                              survives: bool) -> None:
    board = strip({"B": "gravity rift"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    activate(game, board, "C")
    declare(game, carrier, board.path("BC"))
    dice = rig(game, [die])
    game.apply(Confirm(0))
    assert dice.rolled == [die]
    assert units(game, board, "C") == (["Carrier"] if survives else [])
    assert game.is_on_map(carrier) is survives


def _rift_run(rolls: list[int]) -> tuple[object, object, list[int], dict[str, list[str]]]:
    """A carrier from A through rifts B and C into D, loading an infantry at A and one at
    C (picked up on the way, where a dreadnought gives it room until then)."""
    board = strip({"B": "gravity rift", "C": "gravity rift"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    (first,) = put(game, board, "Infantry", "A")
    (later,) = put(game, board, "Infantry", "C")
    put(game, board, "Dreadnought", "C")
    activate(game, board, "D")
    declare(game, carrier, board.path("BCD"))
    game.apply(Load(0, carrier, first))
    game.apply(Load(0, carrier, later))
    dice = rig(game, rolls)
    game.apply(Confirm(0))
    where = {name: units(game, board, name) for name in "ABCD"}
    return game, board, dice.rolled, where


def test_41_a_carrier_lost_in_the_first_rift_takes_its_cargo_but_not_what_comes_later(
) -> None:
    """Rule 41: transported units don't roll and go with their carrier; the units it
    would have picked up later stay where they are."""
    _, _, rolled, where = _rift_run([2])
    assert rolled == [2]
    assert where == {"A": [], "B": [], "C": ["Dreadnought", "Infantry"], "D": []}


def test_41_every_rift_left_rolls_and_cargo_picked_up_before_it_is_lost_with_it() -> None:
    _, _, rolled, where = _rift_run([7, 1])
    assert rolled == [7, 1]
    assert where == {"A": [], "B": [], "C": ["Dreadnought"], "D": []}


def test_41_surviving_every_rift_the_carrier_arrives_with_its_cargo() -> None:
    _, _, rolled, where = _rift_run([7, 9])
    assert rolled == [7, 9]
    assert where["D"] == ["Carrier", "Infantry", "Infantry"]


def test_41_58_6_the_dice_are_rolled_only_once_every_move_is_declared() -> None:
    board = strip({"B": "gravity rift"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    activate(game, board, "C")
    dice = rig(game, [9])
    declare(game, carrier, board.path("BC"))
    assert dice.rolled == []
    game.apply(Confirm(0))
    assert dice.rolled == [9]


@pytest.fixture
def rift_nebula() -> Iterator[str]:
    """A system that is a nebula and a gravity rift at once (rule 9: an ability can make
    a system two anomalies), registered for the test only."""
    name = "rift nebula"
    TILE_TYPES[name] = TileType(name, anomalies=frozenset({"nebula", "gravity rift"}))
    yield name
    del TILE_TYPES[name]


def test_9_a_system_that_is_two_anomalies_has_both_sets_of_rules(rift_nebula: str) -> None:
    """Starting there: a nebula's move of 1, plus one for leaving the rift; passing
    through it: a nebula forbids it."""
    board = strip({"B": rift_nebula})
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "B")
    (other,) = put(game, board, "Carrier", "A")
    activate(game, board, "D")
    assert paths_of(game, cruiser) == {board.path("CD")}
    assert not [a for a in of(game.legal_actions(0), Load)]
    assert paths_of(game, other) == set()


def test_41_58_6_the_ships_leave_the_rifts_in_the_order_they_were_declared() -> None:
    """Our reading of 58.6: once confirmed, the declared ships move one after another in
    the order they were declared (no rule can tell it from moving together); so the
    rifts' dice fall in that order too."""
    board = strip({"B": "gravity rift", "H": "gravity rift"})
    game = tactic_game(board)
    (first,) = put(game, board, "Carrier", "A")
    (second,) = put(game, board, "Dreadnought", "A")
    activate(game, board, "C")
    declare(game, second, board.path("BC"))
    declare(game, first, board.path("BC"))
    rig(game, [1, 9])
    game.apply(Confirm(0))
    assert not game.is_on_map(second) and game.is_on_map(first)
