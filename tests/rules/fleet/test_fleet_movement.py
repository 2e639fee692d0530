"""Rule 58 (Movement) of seed 003, with Active System (5), Adjacency (6), Hyperlanes (44),
Move (57), Tactical Action (89) and Wormholes (101): each case names its rule.

The board is the kit's strip: A-G on top, H-N below and pushed right (H touches A, B and
I; I touches H, J, B and C...). Player 1 (index 0) is active."""

from __future__ import annotations

import pytest

from game.rules.core.state import IllegalAction
from game.rules.rulesets.fleet.actions import (
    ActivateSystem,
    Confirm,
    DeclareMove,
    PassRound,
    Withdraw,
)
from game.rules.rulesets.fleet.rules import TACTIC, has_token

from .kit import (
    activate,
    declare,
    of,
    paths_of,
    put,
    strip,
    tactic_game,
    token,
    units,
)

# (case, the active player's ship and where, other units (card, system, player), own
# tokens besides the active one, the active system, the paths offered as strings of
# systems entered, "?" for any one system). Every case is one rule.
MOVES = [
    ("58.4a: a path ends in the active system",
     ("Cruiser", "A"), [], "", "C", {"BC"}),
    ("58.4a: out of reach, no path at all", ("Cruiser", "A"), [], "", "D", set()),
    ("58.4b: another player's ships block the way", ("Cruiser", "A"),
     [("Destroyer", "B", 1), ("Destroyer", "H", 1)], "", "C", set()),
    ("58.4b: the way round a blocked system", ("Courier", "A"),
     [("Destroyer", "B", 1)], "", "C", {"HIC"}),
    ("58.4b (notes): fighters alone block too", ("Cruiser", "A"),
     [("Fighter", "B", 1), ("Fighter", "H", 1)], "", "C", set()),
    ("58.4b: the player's own ships never block", ("Cruiser", "A"),
     [("Destroyer", "B", 0)], "", "C", {"BC"}),
    ("58.4b: ground forces alone don't block", ("Cruiser", "A"),
     [("Infantry", "B", 1)], "", "C", {"BC"}),
    ("58.4b: other players' ships in the active system don't stop the ship entering it",
     ("Cruiser", "A"), [("Destroyer", "C", 1)], "", "C", {"BC"}),
    ("58.4c: no move out of another system holding the player's own token",
     ("Cruiser", "A"), [], "A", "C", set()),
    ("58.4c: other players' tokens where the ship starts don't matter", ("Cruiser", "A"),
     [], "", "C", {"BC"}),
    ("58.4d: the ship may pass systems holding its own tokens", ("Cruiser", "A"), [],
     "BH", "C", {"BC"}),
    ("58.4e: out of the active system and back in", ("Cruiser", "C"), [], "", "C",
     {"?C"}),
    ("58.4e: a move of 1 can't leave and come back", ("Carrier", "C"), [], "", "C", set()),
    ("58.4f: systems entered no more than the move value", ("Carrier", "A"), [], "",
     "B", {"B"}),
    ("58.4f: one system too far", ("Carrier", "A"), [], "", "C", set()),
    ("57: a ship without a move value stays", ("Fighter", "B"), [], "", "C", set()),
]


@pytest.mark.parametrize("case, ship, others, tokens, active, expected", MOVES,
                         ids=[m[0] for m in MOVES])
def test_58_4_paths(case: str, ship: tuple[str, str], others: list[tuple[str, str, int]],
                    tokens: str, active: str, expected: set[str]) -> None:
    board = strip()
    game = tactic_game(board)
    (mover,) = put(game, board, ship[0], ship[1])
    for name, where, player in others:
        put(game, board, name, where, player)
    for where in tokens:
        token(game, board, where)
    if case.startswith("58.4c: other"):
        token(game, board, ship[1], player=1)
    activate(game, board, active)
    found = paths_of(game, mover)
    assert len(found) == len(expected), case
    for pattern in expected:
        assert any(len(p) == len(pattern) and all(
            c == "?" or board.tile(c) == t for c, t in zip(pattern, p, strict=True))
            for p in found), case
    assert all(p[-1] == board.tile(active) for p in found)


def test_6_101_a_wormhole_makes_far_systems_adjacent() -> None:
    """Rules 6 and 101: systems joined by a wormhole are adjacent: entering the other end
    is one system entered."""
    board = strip(links=[("A", "F", "alpha wormhole")])
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "A")
    activate(game, board, "F")
    assert paths_of(game, carrier) == {board.path("F")}


def test_101_back_and_forth_through_a_wormhole() -> None:
    """Rule 101: a ship may go through a wormhole and back if its move allows (58.4e)."""
    board = strip(links=[("A", "F", "alpha wormhole")])
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "A")
    activate(game, board, "A")
    assert board.path("FA") in paths_of(game, cruiser) or paths_of(game, cruiser)
    assert all(len(p) == 2 and p[-1] == board.tile("A") for p in paths_of(game, cruiser))


def test_44_hyperlanes_cross_empty_space() -> None:
    """Rule 44: a hyperlane joins two systems across cells that are no systems; the void
    itself can't be entered."""
    from .kit import Board, clear, new_game, to_action_phase

    board = Board(["A..B", "C..D"], links=[("A", "B", "hyperlane")], homes="CD")
    game = new_game(board)
    to_action_phase(game)
    clear(game)
    (carrier,) = put(game, board, "Carrier", "A")
    activate(game, board, "B")
    assert paths_of(game, carrier) == {board.path("B")}


def test_6_a_system_is_never_adjacent_to_itself() -> None:
    """Rule 6: no path steps from a system into itself; a ship in the active system with
    a move of 1 has nowhere to go."""
    board = strip()
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "C")
    activate(game, board, "C")
    assert board.tile("C") not in game.geometry.neighbours(board.tile("C"))
    assert paths_of(game, carrier) == set()


def test_5_activation_places_a_tactic_token() -> None:
    """Rule 5: activating takes a token from the tactic pool into the system."""
    board = strip()
    game = tactic_game(board)
    before = game.counter(0, TACTIC)
    activate(game, board, "C")
    assert game.counter(0, TACTIC) == before - 1
    assert has_token(game, board.tile("C"), 0)


def test_5_no_activation_of_a_system_holding_an_own_token() -> None:
    """Rule 5: a system already holding the player's token can't be activated; another
    player's token is no obstacle."""
    board = strip()
    game = tactic_game(board)
    token(game, board, "C", player=0)
    token(game, board, "D", player=1)
    tiles = {a.tile for a in of(game.legal_actions(0), ActivateSystem)}
    assert board.tile("C") not in tiles
    assert board.tile("D") in tiles
    with pytest.raises(IllegalAction):
        game.apply(ActivateSystem(0, board.tile("C")))


def test_89_without_tactic_tokens_only_passing() -> None:
    """Rule 89: a tactical action needs a token from the tactic pool."""
    board = strip()
    game = tactic_game(board)
    game.add_to_counter(0, TACTIC, -game.counter(0, TACTIC))
    game.legal_cache = None
    assert game.legal_actions(0) == [PassRound(0)]


def test_58_6_ships_are_declared_then_arrive_together() -> None:
    """Rule 58.6: declared ships stay where they are until the moves are confirmed;
    then all arrive in the active system."""
    board = strip()
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "A")
    (destroyer,) = put(game, board, "Destroyer", "E")
    activate(game, board, "C")
    declare(game, cruiser)
    assert game.tile_of(cruiser) == board.tile("A")
    assert cruiser not in {a.ship for a in of(game.legal_actions(0), DeclareMove)}
    declare(game, destroyer)
    assert game.tile_of(destroyer) == board.tile("E")
    game.apply(Confirm(0))
    assert units(game, board, "C") == ["Cruiser", "Destroyer"]


def test_58_6_a_declaration_may_be_taken_back() -> None:
    board = strip()
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "A")
    activate(game, board, "C")
    declare(game, cruiser)
    game.apply(Withdraw(0, cruiser))
    assert paths_of(game, cruiser) == {board.path("BC")}
    game.apply(Confirm(0))
    assert game.tile_of(cruiser) == board.tile("A")


def test_89_moving_nothing_is_fine() -> None:
    """Rule 89: the movement step may move no ship at all."""
    board = strip()
    game = tactic_game(board)
    put(game, board, "Cruiser", "A")
    activate(game, board, "C")
    game.apply(Confirm(0))
    assert game.active == 1 or game.actor is not None
    assert units(game, board, "A") == ["Cruiser"]


def test_58_the_player_picks_the_path_where_it_matters() -> None:
    """Rule 101 notes: the player picks the path. Paths that differ in what the ship may
    pick up on the way are offered apart; a carrier passing an infantry gets both."""
    board = strip()
    game = tactic_game(board)
    (courier,) = put(game, board, "Courier", "A")
    put(game, board, "Infantry", "H")
    activate(game, board, "C")
    found = paths_of(game, courier)
    assert board.path("BC") in found
    assert any(board.tile("H") in p for p in found)
