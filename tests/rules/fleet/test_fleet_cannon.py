"""Space cannon offense after the movement step (58.7, 77) and movement by an ability
(58.8-58.9, through our Redeploy strategy). The kit's strip: A-G on top, H-N below."""

from __future__ import annotations

import random

from game.rules.rulesets.fleet.actions import (
    Confirm,
    FireCannon,
    HoldFire,
    Load,
    PickStrategy,
    Redeploy,
    TakeHit,
)
from game.rules.rulesets.fleet.rules import roll

from .kit import (
    activate,
    clear,
    declare,
    new_game,
    of,
    put,
    rig,
    strip,
    tactic_game,
    token,
    units,
)


def test_58_7_77_space_cannon_fires_after_the_ships_moved() -> None:
    board = strip({"C": "planet"})
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "A")
    put(game, board, "Ion Battery", "C", player=1, on_planet=True)
    activate(game, board, "C")
    declare(game, cruiser)
    game.apply(Confirm(0))
    assert game.actor == 1
    assert game.legal_actions(1) == [FireCannon(1, 0), HoldFire(1)]
    rig(game, [6])
    game.apply(FireCannon(1, 0))
    assert units(game, board, "C", player=0) == []  # the only ship: the rules assign it


def test_77_a_miss_is_a_miss() -> None:
    board = strip({"C": "planet"})
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "A")
    put(game, board, "Ion Battery", "C", player=1, on_planet=True)
    activate(game, board, "C")
    declare(game, cruiser)
    game.apply(Confirm(0))
    rig(game, [5])
    game.apply(FireCannon(1, 0))
    assert units(game, board, "C", player=0) == ["Cruiser"]


def test_77_the_active_player_first_then_clockwise() -> None:
    board = strip({"C": "planet"}, players=3, homes="GNM")
    game = tactic_game(board, players=3)
    put(game, board, "Cruiser", "C", player=0)
    for player in (0, 1, 2):
        put(game, board, "Ion Battery", "C", player=player, on_planet=True)
    put(game, board, "Destroyer", "C", player=1)
    activate(game, board, "C")
    game.apply(Confirm(0))
    seen = []
    for _ in range(3):
        seen.append(game.actor)
        game.apply(HoldFire(game.actor))  # type: ignore[arg-type]
    assert seen == [0, 1, 2]


def test_77_targets_the_active_player_chooses_and_the_others_must_take() -> None:
    """Rule 77: the active player picks a player with ships there; the others may only
    fire at the active player."""
    board = strip({"C": "planet"}, players=3, homes="GNM")
    game = tactic_game(board, players=3)
    put(game, board, "Cruiser", "C", player=0)
    put(game, board, "Ion Battery", "C", player=0, on_planet=True)
    put(game, board, "Destroyer", "C", player=1)
    put(game, board, "Destroyer", "C", player=2)
    put(game, board, "Ion Battery", "C", player=2, on_planet=True)
    activate(game, board, "C")
    game.apply(Confirm(0))
    assert {a.target for a in of(game.legal_actions(0), FireCannon)} == {1, 2}
    game.apply(HoldFire(0))
    assert game.actor == 2
    assert {a.target for a in of(game.legal_actions(2), FireCannon)} == {0}


def test_77_fires_even_when_no_ship_moved_and_from_next_door_with_deep_cannon() -> None:
    """Rule 77: space cannon offense happens though nothing moved; units with our
    deep_cannon keyword fire from adjacent systems, a wormhole's far end included."""
    board = strip({"D": "planet", "F": "planet"}, links=[("C", "F", "alpha wormhole")])
    game = tactic_game(board)
    put(game, board, "Cruiser", "C")
    put(game, board, "Lance Battery", "D", player=1, on_planet=True)
    put(game, board, "Lance Battery", "F", player=1, on_planet=True)
    activate(game, board, "C")
    game.apply(Confirm(0))
    assert game.actor == 1
    dice = rig(game, [1, 1])
    game.apply(FireCannon(1, 0))
    assert len(dice.rolled) == 2  # all or nothing: both batteries fire


def test_77_an_ordinary_battery_next_door_does_not_fire() -> None:
    board = strip({"D": "planet"})
    game = tactic_game(board)
    put(game, board, "Cruiser", "C")
    put(game, board, "Ion Battery", "D", player=1, on_planet=True)
    activate(game, board, "C")
    game.apply(Confirm(0))
    assert game.actor == 1 and game.active == 1  # no cannon: the turn passed on


def test_77_a_die_reads_1_to_10() -> None:
    """A ten-sided die's 0 is a 10: our dice roll 1 to 10 through the game's generator."""
    board = strip()
    game = tactic_game(board)
    game.rng = random.Random(5)
    found = {roll(game) for _ in range(400)}
    assert found == set(range(1, 11))


def test_16_77_capacity_is_checked_again_when_space_cannon_kills_a_carrier() -> None:
    board = strip({"C": "planet"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "B")
    fighters = put(game, board, "Fighter", "B", count=2)
    put(game, board, "Ion Battery", "C", player=1, on_planet=True)
    activate(game, board, "C")
    declare(game, carrier)
    game.apply(Load(0, carrier, fighters[0]))
    game.apply(Load(0, carrier, fighters[1]))
    game.apply(Confirm(0))
    rig(game, [9])
    game.apply(FireCannon(1, 0))
    assert game.actor == 0
    assert {game.card(a.unit).name for a in of(game.legal_actions(0), TakeHit)} == {
        "Carrier", "Fighter"}
    game.apply(TakeHit(0, carrier))
    assert units(game, board, "C", player=0) == []  # the fighters had no room left


# ---------------------------------------------------------------------------- 58.8-58.9


def redeploy_game(kinds: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    board = strip(kinds)
    game = new_game(board)
    clear(game)
    return board, game


def redeploys(game, ship: int) -> set[object]:  # type: ignore[no-untyped-def]
    return {a.tile for a in of(game.legal_actions(game.actor), Redeploy) if a.ship == ship}


def test_58_9_ability_movement_ignores_the_move_value_and_own_tokens() -> None:
    """Rules 58.8-58.9: Redeploy moves a ship to an adjacent system by its own text:
    a fighter without a move value may go, and a ship may leave a system holding its own
    command token (58.4c does not apply)."""
    board, game = redeploy_game()
    (fighter,) = put(game, board, "Fighter", "B")
    put(game, board, "Carrier", "C")  # room for the fighter there (rule 16)
    token(game, board, "B")
    game.apply(PickStrategy(0, 4))
    assert redeploys(game, fighter) == {board.tile(t) for t in "ACHI"}
    game.apply(Redeploy(0, fighter, board.tile("C")))
    assert game.tile_of(fighter) == board.tile("C")


def test_58_9_the_anomalies_still_hold_and_no_move_into_other_players_ships() -> None:
    """Our reading: the anomalies' own rules are not rule 58 and still apply (no asteroid
    field or supernova; a nebula only as the active system, and there is none); the
    ability's text keeps out of systems with other players' ships."""
    board, game = redeploy_game({"A": "asteroid field", "C": "supernova", "H": "nebula"})
    (cruiser,) = put(game, board, "Cruiser", "B")
    put(game, board, "Fighter", "I", player=1)
    game.apply(PickStrategy(0, 4))
    assert redeploys(game, cruiser) == set()
    assert game.actor == 1  # nowhere to go: nothing to decide


def test_58_9_ability_movement_transports_nothing() -> None:
    """Notes of rule 58: transport needs the ability to say so; Redeploy doesn't, so the
    fighters stay and, without their carrier, are over capacity (rule 16)."""
    board, game = redeploy_game()
    (carrier,) = put(game, board, "Carrier", "B")
    put(game, board, "Fighter", "B", count=2)
    game.apply(PickStrategy(0, 4))
    game.apply(Redeploy(0, carrier, board.tile("C")))
    assert units(game, board, "C") == ["Carrier"]
    assert units(game, board, "B") == []


def test_58_8_declining_the_ability() -> None:
    board, game = redeploy_game()
    (cruiser,) = put(game, board, "Cruiser", "B")
    game.apply(PickStrategy(0, 4))
    game.apply(Redeploy(0))
    assert game.tile_of(cruiser) == board.tile("B")
    assert game.actor == 1
