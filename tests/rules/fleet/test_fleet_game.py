"""The game around rule 58 (our design, assets/docs/rules-fleet.md): the steps of the
tactical action (89) after movement (space combat, invasion, production), the strategy,
action and status phases, objectives and the end of the game."""

from __future__ import annotations

from game.rules.core.state import Phase
from game.rules.rulesets.fleet.actions import (
    ActivateSystem,
    Confirm,
    EndLanding,
    EndTactic,
    GainToken,
    Land,
    Load,
    PassRound,
    PickStrategy,
    Produce,
    TakeHit,
)
from game.rules.rulesets.fleet.rules import (
    FLEET_POOL,
    PASSED,
    STRATEGY,
    TACTIC,
    board_state,
    controller_of,
    damage,
    tokens_owned,
)

from .kit import (
    Board,
    activate,
    clear,
    declare,
    new_game,
    of,
    put,
    rig,
    strip,
    tactic_game,
    units,
)

# ---------------------------------------------------------------------------- combat


def test_89_space_combat_when_two_players_have_ships_in_the_active_system() -> None:
    """Every ship rolls its combat value (a roll of at least it hits); the side hit
    assigns its hits; the fight goes on until one side has no ships."""
    board = strip()
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "A")
    put(game, board, "Destroyer", "C", player=1)
    activate(game, board, "C")
    declare(game, cruiser)
    rig(game, [7, 3])  # the cruiser (7) hits, the destroyer (9) misses
    game.apply(Confirm(0))
    assert units(game, board, "C") == ["Cruiser"]


def test_89_combat_goes_on_round_after_round() -> None:
    board = strip()
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "A")
    put(game, board, "Destroyer", "C", player=1)
    activate(game, board, "C")
    declare(game, cruiser)
    dice = rig(game, [2, 2, 1, 1, 6, 9])
    game.apply(Confirm(0))
    assert dice.rolled == [2, 2, 1, 1, 6, 9]
    # the destroyer's 9 hit as the cruiser's 6 missed
    assert units(game, board, "C") == ["Destroyer"]


def test_59_the_defender_in_a_nebula_rolls_one_higher() -> None:
    board = strip({"C": "nebula"})
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "B")
    put(game, board, "Destroyer", "C", player=1)
    activate(game, board, "C")
    declare(game, cruiser)
    rig(game, [1, 8])  # 8 + 1 reaches the destroyer's 9
    game.apply(Confirm(0))
    assert units(game, board, "C") == ["Destroyer"]


def test_89_the_owner_chooses_which_unit_takes_a_hit() -> None:
    board = strip()
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "A")
    (destroyer,) = put(game, board, "Destroyer", "B")
    put(game, board, "Destroyer", "C", player=1)
    activate(game, board, "C")
    declare(game, cruiser)
    declare(game, destroyer)
    rig(game, [1, 1, 9, 7, 1])  # the attackers miss, the defender hits; then the reverse
    game.apply(Confirm(0))
    assert game.actor == 0
    assert {a.unit for a in of(game.legal_actions(0), TakeHit)} == {cruiser, destroyer}
    game.apply(TakeHit(0, destroyer))
    assert game.is_on_map(cruiser) and not game.is_on_map(destroyer)


def test_a_unit_with_two_health_lives_through_one_hit_and_is_repaired_at_status() -> None:
    board = strip()
    game = tactic_game(board)
    (dreadnought,) = put(game, board, "Dreadnought", "B")
    put(game, board, "Destroyer", "C", player=1)
    activate(game, board, "C")
    declare(game, dreadnought)
    rig(game, [1, 9, 5, 1])
    game.apply(Confirm(0))
    assert game.is_on_map(dreadnought) and damage(dreadnought) == 1
    for player in (1, 0):
        game.apply(PassRound(game.actor))  # type: ignore[arg-type]
        _ = player
    assert game.phase is Phase.STATUS and damage(dreadnought) == 0


# ---------------------------------------------------------------------------- invasion


def test_89_invasion_takes_an_empty_planet() -> None:
    board = strip({"C": "planet"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "B")
    troops = put(game, board, "Infantry", "B", count=2)
    activate(game, board, "C")
    declare(game, carrier)
    for unit in troops:
        game.apply(Load(0, carrier, unit))
    game.apply(Confirm(0))
    assert game.actor == 0
    game.apply(Land(0, troops[0]))
    game.apply(EndLanding(0))
    assert controller_of(game, board.tile("C")) == 0


def test_89_no_landing_while_another_players_ships_are_there() -> None:
    board = strip({"C": "planet"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "C")
    put(game, board, "Infantry", "C")
    put(game, board, "Destroyer", "C", player=1)
    token = board.tile("C")
    game.apply(ActivateSystem(0, token))
    rig(game, [1, 1] * 40)  # nobody hits: the fight is called off after forty rounds
    game.apply(Confirm(0))
    assert not of(game.legal_actions(game.actor), Land)  # type: ignore[arg-type]
    _ = carrier


def test_89_ground_combat_and_space_cannon_defense() -> None:
    """The planet's battery fires at the landing ground forces first; then the ground
    forces fight; the winner of the planet destroys the loser's structures there."""
    board = strip({"C": "planet"})
    game = tactic_game(board)
    (carrier,) = put(game, board, "Carrier", "B")
    troops = put(game, board, "Infantry", "B", count=3)
    put(game, board, "Infantry", "C", player=1, on_planet=True)
    put(game, board, "Ion Battery", "C", player=1, on_planet=True)
    board_state(game).planets = ((board.tile("C"), 1),)
    activate(game, board, "C")
    declare(game, carrier)
    for unit in troops:
        game.apply(Load(0, carrier, unit))
    rig(game, [1])  # the battery misses the carrier in space cannon offense
    game.apply(Confirm(0))
    from game.rules.rulesets.fleet.actions import FireCannon

    game.apply(FireCannon(1, 0))
    for unit in troops:
        game.apply(Land(0, unit))
    # defense: the battery hits one; ground: two attackers (8s) hit, the defender misses
    rig(game, [6, 8, 8, 1])
    game.apply(EndLanding(0))
    assert controller_of(game, board.tile("C")) == 0
    assert units(game, board, "C", player=1) == []
    assert units(game, board, "C", player=0) == ["Carrier", "Infantry", "Infantry"]


# ---------------------------------------------------------------------------- production


def home_game() -> tuple[Board, object]:
    board = strip()
    game = tactic_game(board)
    put(game, board, "Carrier", "G")
    game.players[0].resource = 20
    activate(game, board, "G")
    game.apply(Confirm(0))
    return board, game


def test_89_production_in_the_home_system() -> None:
    board, game = home_game()
    names = {a.card for a in of(game.legal_actions(0), Produce)}  # type: ignore[attr-defined]
    assert {"Cruiser", "Fighter", "Infantry", "Ion Battery"} <= names
    game.apply(Produce(0, "Cruiser"))  # type: ignore[attr-defined]
    assert game.players[0].resource == 18  # type: ignore[attr-defined]
    assert "Cruiser" in units(game, board, "G")  # type: ignore[arg-type]


def test_89_four_units_at_most_in_one_tactical_action() -> None:
    board, game = home_game()
    for _ in range(4):
        game.apply(Produce(0, "Infantry"))  # type: ignore[attr-defined]
    assert game.active == 1  # type: ignore[attr-defined]
    assert units(game, board, "G").count("Infantry") == 4  # type: ignore[arg-type]


def test_16_76_production_keeps_within_capacity_and_the_fleet_pool() -> None:
    board, game = home_game()
    game.add_to_counter(0, FLEET_POOL, 2 - game.counter(0, FLEET_POOL))  # type: ignore
    for _ in range(3):
        game.apply(Produce(0, "Fighter"))  # type: ignore[attr-defined]
    assert "Fighter" in {a.card for a in of(game.legal_actions(0), Produce)}  # type: ignore
    game.apply(Produce(0, "Fighter"))  # type: ignore[attr-defined]
    board2, game2 = home_game()
    game2.add_to_counter(0, FLEET_POOL, 2 - game2.counter(0, FLEET_POOL))  # type: ignore
    game2.apply(Produce(0, "Cruiser"))  # type: ignore[attr-defined]
    assert "Cruiser" not in {a.card for a in of(game2.legal_actions(0), Produce)}  # type: ignore
    _ = board, board2


def test_89_no_production_away_from_home() -> None:
    board = strip()
    game = tactic_game(board)
    put(game, board, "Carrier", "C")
    game.players[0].resource = 20
    activate(game, board, "C")
    game.apply(Confirm(0))
    assert game.active == 1


def test_89_production_may_be_ended_early() -> None:
    board, game = home_game()
    game.apply(EndTactic(0))  # type: ignore[attr-defined]
    assert game.active == 1  # type: ignore[attr-defined]
    _ = board


# ---------------------------------------------------------------------------- rounds


def test_strategy_phase_picks_in_seat_order_from_the_speaker_and_sets_the_order() -> None:
    board = strip(players=3, homes="GNM")
    game = new_game(board, players=3)
    assert game.phase is Phase.STRATEGY and game.actor == 0
    game.apply(PickStrategy(0, 6))
    assert game.actor == 1
    assert PickStrategy(1, 6) not in game.legal_actions(1)
    game.apply(PickStrategy(1, 2))
    game.apply(PickStrategy(2, 1))
    assert game.phase is Phase.ACTION
    assert game.active == 2  # strategy 1 acts first
    game.apply(PassRound(2))
    assert game.active == 1
    assert game.players[0].points == 1  # Imperium
    assert game.counter(1, TACTIC) == 5  # Mobilize: +2


def test_action_phase_goes_round_until_everyone_has_passed() -> None:
    board = strip()
    game = new_game(board)
    game.apply(PickStrategy(0, 1))
    game.apply(PickStrategy(1, 2))
    game.apply(PassRound(0))
    assert game.active == 1
    game.apply(ActivateSystem(1, board.tile("A")))
    game.apply(Confirm(1))
    assert game.active == 1  # player 1 passed: player 2 goes on
    game.apply(PassRound(1))
    assert game.phase is Phase.STATUS
    assert game.counter(0, PASSED) == 1


def test_status_phase_scores_objectives_gives_income_and_new_tokens() -> None:
    board = strip({"C": "planet"}, objectives={"C": 2, "D": 1})
    game = new_game(board)
    clear(game)
    put(game, board, "Cruiser", "D")
    board_state(game).planets = (*board_state(game).planets, (board.tile("C"), 0))
    game.apply(PickStrategy(0, 3))
    game.apply(PickStrategy(1, 5))
    money = game.players[0].resource
    game.apply(ActivateSystem(0, board.tile("A")))
    game.apply(Confirm(0))
    game.apply(PassRound(1))
    game.apply(PassRound(0))
    assert game.phase is Phase.STATUS
    assert game.players[0].points == 3
    assert game.players[0].resource == money + 4 + 2  # the home planet and C
    assert board_state(game).tokens == ()
    assert game.actor == 0
    game.apply(GainToken(0, "tactic"))
    game.apply(GainToken(0, "fleet"))
    game.apply(GainToken(1, "tactic"))
    game.apply(GainToken(1, "tactic"))
    assert game.phase is Phase.STRATEGY
    assert board_state(game).round == 2
    assert game.actor == 1  # the speaker moved on
    assert game.counter(0, STRATEGY) == 0


def test_no_more_than_sixteen_command_tokens() -> None:
    board = strip()
    game = new_game(board)
    game.add_to_counter(0, TACTIC, 15 - tokens_owned(game, 0))
    game.apply(PickStrategy(0, 2))
    assert tokens_owned(game, 0) == 16


def test_the_game_is_won_with_the_maps_points() -> None:
    board = strip({"C": "planet"}, objectives={"C": 2}, win={"points": 3, "rounds": 8})
    game = new_game(board)
    board_state(game).planets = (*board_state(game).planets, (board.tile("C"), 0))
    game.apply(PickStrategy(0, 6))  # Imperium: 1 point
    game.apply(PickStrategy(1, 1))
    game.apply(PassRound(1))
    game.apply(PassRound(0))
    assert game.phase is Phase.OVER
    assert game.winners == (0,)
    assert game.over_reason == game.win.describe(game)


def test_after_the_last_round_the_most_points_win() -> None:
    board = strip(win={"points": 10, "rounds": 1})
    game = new_game(board)
    game.apply(PickStrategy(0, 1))
    game.apply(PickStrategy(1, 6))
    game.apply(PassRound(0))
    game.apply(PassRound(1))
    assert game.phase is Phase.OVER and game.winners == (1,)
    assert "most points" in game.over_reason


def test_a_player_with_no_planet_and_no_unit_is_out() -> None:
    board = strip()
    game = new_game(board)
    clear(game)
    board_state(game).planets = ((board.tile("G"), 0),)
    game.apply(PickStrategy(0, 1))
    game.apply(PickStrategy(1, 2))
    game.apply(PassRound(0))
    game.apply(PassRound(1))
    assert game.phase is Phase.OVER and game.winners == (0,)
