"""Rules tests: the boss modes (RULES-NOTES "Bosses and cooperative modes"): the Tyrant
and the Kraken, their set-up, their upkeep, each step of their turn scripts
(``game.ai.boss``) and how they are won and lost; and a simulate check on the shipped
maps (a few games in CI, ``--fuzz-games N`` for the long run)."""

from __future__ import annotations

import dataclasses

from scenario import LIBRARY, next_turn, to_action_phase, tyrant_repressed

from game.ai import make_player
from game.ai.boss import BossPlayer
from game.maps import find_map
from game.rules import Game, GameSetup, Phase, WinSpec, parse_grid
from game.rules.bosses import (
    BOSS_DECKS,
    ENFORCERS_PER_PLAYER,
    TENTACLE,
    boss_seat,
    boss_standing,
    occupied_towns,
    repression_goal,
    tentacles,
)
from game.rules.core.actions import Activate, Attack, FullAction, Move, Pass, PlayCard
from game.rules.core.state import RULES_VERSION
from game.rules.core.view import Zone
from game.rules.mapmodel import Placement
from game.simulation import play_random_game

TYRANT = "The Iron Tyrant"
KRAKEN = "The Kraken"

#: players 1 and 2 are human towns, "3" is the Tyrant's keep
TYRANT_GRID = """\
1.........
1.........
..........
..........
.........3
2.........
"""
#: player 1's harbor A on the west shore of a bay; "2" is the reef (the boss seat's)
KRAKEN_GRID = """\
1~wwwwww.2
1Awwwwww..
.~wwwwww..
..wwwwww..
"""


def _game(grid: str, mode: str, boss: Placement, *, seats: int, map_players: int,
          params: dict[str, object] | None = None, seed: int = 1,
          rules_version: int = RULES_VERSION) -> Game:
    spec = parse_grid(grid, players=map_players, income=0, start_deck=(("Coin", 2),),
                      win=WinSpec(mode, params or {}))
    spec = dataclasses.replace(spec, bosses=(boss,))
    return Game(GameSetup(spec, LIBRARY, seats, seed, sets=("base",),
                          stores=tuple(() for _ in range(seats)), version=rules_version))


def _tyrant_game(seats: int = 2, seed: int = 1, rules_version: int = RULES_VERSION) -> Game:
    return _game(TYRANT_GRID, "tyrant", Placement(TYRANT, (7, 4), -1), seats=seats,
                 map_players=3, seed=seed, rules_version=rules_version)


def _kraken_game(points: int = 12, rules_version: int = RULES_VERSION) -> Game:
    return _game(KRAKEN_GRID, "kraken", Placement(KRAKEN, (5, 2), -1), seats=2,
                 map_players=2, params={"points": points}, rules_version=rules_version)


def _damage(game: Game, entity: int) -> int:
    return game.view(entity).damage if game.is_on_map(entity) else 99  # gone from the map


def _to_boss_action_phase(game: Game) -> None:
    boss = boss_seat(game)
    while game.active != boss:
        next_turn(game)
    to_action_phase(game)


def _boss_acts(game: Game, script: BossPlayer, limit: int = 200) -> list[str]:
    """Let the boss script play its action phase (the players pass); returns what it did."""
    boss = boss_seat(game)
    done: list[str] = []
    for _ in range(limit):
        if game.phase is not Phase.ACTION or game.actor is None:
            return done
        actor = game.actor
        action = script.choose(game, actor) if actor == boss else Pass(actor)
        if actor == boss and not isinstance(action, Pass):
            done.append(str(action))
        game.apply(action)
    raise AssertionError("the boss script never ended its action phase")


def _names(game: Game, cards: list[int]) -> list[str]:
    return sorted(game.card(c).name for c in cards)


# ---------------------------------------------------------------------------- set-up


def test_boss_the_boss_stands_on_its_start_tile_for_the_last_seat() -> None:
    game = _tyrant_game(seats=3)
    tyrant = game.permanent_at((7, 4))
    assert game.card(tyrant).name == TYRANT
    assert game.controller(tyrant) == 2 == boss_seat(game)
    assert boss_standing(game) == tyrant


def test_boss_the_keep_goes_to_the_boss_seat_and_unused_towns_to_nobody() -> None:
    game = _tyrant_game(seats=2)
    assert game.map.owners[(9, 4)] == 1  # the map's player 3 tile: the keep
    assert (0, 5) not in game.map.owners  # player 2's town: nobody plays it
    assert game.map.owners[(0, 0)] == 0
    assert game.spawn_tiles(1, LIBRARY["Enforcer"]) == [(9, 4)]


def test_boss_the_tyrant_plays_its_own_deck() -> None:
    game = _tyrant_game(seats=3)
    state = game.players[2]
    cards = [*state.deck, *state.hand]
    expected = [n for n, count in BOSS_DECKS["tyrant"] for _ in range(count)]
    expected += ["Enforcer"] * (ENFORCERS_PER_PLAYER * 2)
    assert _names(game, cards) == sorted(expected)
    assert all(game.zone(c) is Zone.EXILE for c in state.zones[Zone.EXILE])
    assert _names(game, state.zones[Zone.EXILE]) == ["Coin", "Coin"]  # the map's deck
    assert _names(game, [*game.players[0].deck, *game.players[0].hand]) == ["Coin", "Coin"]


# ---------------------------------------------------------------------------- the Tyrant


def _hand_only(game: Game, names: list[str]) -> None:
    """Give the boss seat exactly ``names`` in hand (its deck stays as it is)."""
    state = game.players[boss_seat(game)]
    for card in list(state.hand):
        game.move_card(card, Zone.DECK)
    for name in names:
        game.add_card(name, boss_seat(game), Zone.HAND)


def test_intentions_3_the_tyrant_marks_the_unit_that_threatens_it_most() -> None:
    game = _tyrant_game()
    near = game.add_permanent("Soldier", (4, 4), 0)  # can reach the Tyrant next turn
    far = game.add_permanent("Soldier", (0, 2), 0)
    _to_boss_action_phase(game)
    _hand_only(game, ["Crushing Decree", "Crushing Decree"])
    script = BossPlayer(1, "tyrant")
    action = script.choose(game, 1)
    assert isinstance(action, PlayCard) and action.targets == (near,)
    _boss_acts(game, script)
    assert game.marks(near, "intention") == 1 and game.marks(far, "intention") == 0
    # rule Intentions 3: one intention mark at a time, the second decree stays in hand
    assert _names(game, game.players[1].hand).count("Crushing Decree") == 1


def test_boss_the_tyrant_walks_towards_the_marked_unit() -> None:
    game = _tyrant_game()
    target = game.add_permanent("Recruit", (2, 2), 0)
    _to_boss_action_phase(game)
    _hand_only(game, ["Crushing Decree"])
    before = game.tile_of(boss_standing(game))
    did = _boss_acts(game, BossPlayer(1, "tyrant"))
    assert any("move" in d for d in did)
    after = game.tile_of(boss_standing(game))
    assert before is not None and after is not None and game.tile_of(target) is not None
    from game.rules.geometry import distance

    assert distance(after, (2, 2)) < distance(before, (2, 2))


def test_boss_without_a_mark_the_tyrant_heads_for_the_nearest_town() -> None:
    game = _tyrant_game()
    _to_boss_action_phase(game)
    _hand_only(game, [])
    _boss_acts(game, BossPlayer(1, "tyrant"))
    assert game.tile_of(boss_standing(game)) in {(5, 4), (5, 3), (5, 5)}


def test_intentions_marks_1_the_tyrant_uses_the_marks_full_action_when_adjacent() -> None:
    game = _tyrant_game()
    victim = game.add_permanent("Soldier", (6, 4), 0)  # next to the Tyrant
    _to_boss_action_phase(game)
    _hand_only(game, ["Crushing Decree"])
    script = BossPlayer(1, "tyrant")
    play = script.choose(game, 1)
    assert isinstance(play, PlayCard) and play.targets == (victim,)
    did = _boss_acts(game, script)
    assert any("activate" in d for d in did) and any("full_action" in d for d in did)
    assert not game.is_on_map(victim)  # Crushing Decree: 3 damage to a Soldier of health 2


def test_boss_each_carried_out_intention_adds_a_repression_mark() -> None:
    game = _tyrant_game()
    victim = game.add_permanent("Soldier", (6, 4), 0)
    _to_boss_action_phase(game)
    _hand_only(game, ["Oppression"])
    _boss_acts(game, BossPlayer(1, "tyrant"))
    tyrant = boss_standing(game)
    # one for carrying out an intention, one from Oppression's own effect
    assert game.marks(tyrant, "repression") == 2
    assert game.marks(victim, "paralysis") == 2


def test_boss_a_mark_that_leaves_with_its_unit_adds_no_repression() -> None:
    game = _tyrant_game()
    victim = game.add_permanent("Soldier", (2, 2), 0)
    _to_boss_action_phase(game)
    _hand_only(game, ["Crushing Decree"])
    _boss_acts(game, BossPlayer(1, "tyrant"))
    assert game.marks(victim, "intention") == 1
    game.destroy(victim)
    assert game.marks(boss_standing(game), "repression") == 0


def test_boss_an_occupied_town_adds_a_repression_mark_in_the_boss_upkeep() -> None:
    game = _tyrant_game(seats=3)
    tyrant = boss_standing(game)
    game.move_permanent(tyrant, (1, 1))  # next to player 1's town
    game.add_permanent("Enforcer", (1, 5), 2)  # on player 2's town
    assert occupied_towns(game) == [0, 1]
    while game.active != 2:
        next_turn(game)
    assert game.marks(tyrant, "repression") == 2
    next_turn(game)  # a human's upkeep adds nothing
    assert game.marks(tyrant, "repression") == 2


def test_boss_enforcers_act_aggressive() -> None:
    game = _tyrant_game()
    enforcer = game.add_permanent("Enforcer", (9, 4), 1)
    foe = game.add_permanent("Soldier", (7, 2), 0)
    game.players[1].resource = 5  # the Enforcer's upkeep
    _to_boss_action_phase(game)
    _hand_only(game, [])
    script = BossPlayer(1, "tyrant")
    game.apply(Activate(1, enforcer))
    step = script.choose(game, 1)
    assert isinstance(step, Move)
    _boss_acts(game, script)
    tile = game.tile_of(enforcer)
    assert tile is not None and abs(tile[0] - 7) <= 1 and abs(tile[1] - 2) <= 1
    assert _damage(game, foe) == 2 or not game.is_on_map(foe)  # it closed in and attacked


def test_boss_rules_3_players_lose_with_two_repression_marks_per_player() -> None:
    game = _tyrant_game(seats=3, rules_version=3)  # from version 4: six (test_boss_scaling)
    assert repression_goal(game) == 4
    tyrant_repressed(game, boss_standing(game), 4)
    assert game.phase is Phase.OVER and game.winners == (2,)


def test_boss_players_win_when_the_tyrant_is_destroyed() -> None:
    game = _tyrant_game(seats=3)
    to_action_phase(game)
    game.deal_damage(0, boss_standing(game), 13)
    game.apply(Pass(0))
    assert game.phase is Phase.OVER and game.winners == (0, 1)
    assert game.over_reason == "the Tyrant fell"


def test_boss_the_boss_side_never_buys_and_pays_its_upkeep() -> None:
    game = _tyrant_game()
    game.add_permanent("Enforcer", (9, 4), 1)
    game.players[1].resource = 20
    game.add_card("Soldier", 1, Zone.STORE)
    script = BossPlayer(1, "tyrant")
    while game.active != 1:
        next_turn(game)
    assert script.choose(game, 1).kind == "pay_upkeep"
    while game.phase is not Phase.BUYING:
        actor = game.actor
        assert actor is not None
        game.apply(script.choose(game, actor) if actor == 1 else Pass(actor))
    assert script.choose(game, 1).kind == "pass"


def test_boss_a_boss_player_elsewhere_plays_like_the_easy_player() -> None:
    game = _tyrant_game()
    to_action_phase(game)
    assert not BossPlayer(1, "tyrant").is_boss(game, 0)
    assert not BossPlayer(1, "kraken").is_boss(game, 1)  # not a Kraken map
    assert BossPlayer(1, "tyrant").is_boss(game, 1)


# ---------------------------------------------------------------------------- the Kraken


def test_boss_the_kraken_scores_the_tide_and_each_blockaded_harbor() -> None:
    game = _kraken_game()
    kraken = boss_standing(game)
    assert game.controller(kraken) == 1
    assert game.players[1].deck == [] and game.players[1].hand == []  # it plays no cards
    game.move_permanent(kraken, (2, 2))  # next to harbor A at (1, 1)
    next_turn(game)
    assert game.players[1].points == 2  # the tide + one blockade


def test_boss_rules_3_a_tentacle_rises_next_to_a_harbor_while_too_few_are_up() -> None:
    game = _kraken_game(rules_version=3)  # from version 4: one per player (test_boss_scaling)
    next_turn(game)
    [first] = tentacles(game)
    tile = game.tile_of(first)
    assert tile is not None and max(abs(tile[0] - 1), abs(tile[1] - 1)) == 1
    assert game.card(first).name == TENTACLE.name and game.tile_kind(tile).swimmers
    for _ in range(4):
        next_turn(game)
    assert len(tentacles(game)) == 2  # players + 1


def test_boss_the_kraken_drags_a_wading_unit_into_deep_water() -> None:
    game = _kraken_game()
    kraken = boss_standing(game)
    game.move_permanent(kraken, (4, 2))
    wader = game.add_permanent("Recruit", (1, 2), 0)  # on water, range 3 from the Kraken
    game.add_permanent("Recruit", (8, 3), 0)  # on land: never dragged
    next_turn(game)
    assert not game.is_on_map(wader)  # dragged onto deep water (2, 2): rule Push 6.2
    assert game.is_on_map(kraken)


def test_boss_a_unit_dragged_against_the_kraken_takes_a_damage() -> None:
    game = _kraken_game()
    ship = game.add_permanent("Ship", (4, 2), 0)  # swims, next to the Kraken
    game.players[0].resource = 5
    next_turn(game)
    assert game.tile_of(ship) == (4, 2) and _damage(game, ship) == 1  # rule Push 6.1


def test_boss_the_kraken_smashes_ships_first() -> None:
    game = _kraken_game()
    kraken = boss_standing(game)
    ship = game.add_permanent("Ship", (5, 0), 0)
    soldier = game.add_permanent("Soldier", (7, 2), 0)
    game.players[0].resource = 5
    _to_boss_action_phase(game)
    for arm in tentacles(game):
        game.destroy(arm)
    script = BossPlayer(1, "kraken")
    assert script.choose(game, 1) == Activate(1, kraken)
    game.apply(Activate(1, kraken))
    assert script.choose(game, 1) == Attack(1, kraken, ship)
    assert soldier


def test_boss_the_kraken_swims_towards_units_by_the_water() -> None:
    game = _kraken_game()
    kraken = boss_standing(game)
    game.move_permanent(kraken, (7, 3))
    game.add_permanent("Soldier", (0, 2), 0)  # beside the western water
    _to_boss_action_phase(game)
    for arm in tentacles(game):
        game.destroy(arm)
    _boss_acts(game, BossPlayer(1, "kraken"))
    tile = game.tile_of(kraken)
    assert tile is not None and tile[0] < 7


def test_boss_the_kraken_wins_at_its_points_and_falls_when_slain() -> None:
    game = _kraken_game(points=2)
    kraken = boss_standing(game)
    game.move_permanent(kraken, (2, 2))
    next_turn(game)
    assert game.phase is Phase.OVER and game.winners == (1,)
    slain = _kraken_game()
    to_action_phase(slain)
    slain.deal_damage(0, boss_standing(slain), 13)
    slain.apply(Pass(0))
    assert slain.winners == (0,) and slain.over_reason == "the Kraken was slain"


def test_boss_tentacles_attack_what_is_next_to_them() -> None:
    game = _kraken_game()
    next_turn(game)
    [arm] = tentacles(game)
    tile = game.tile_of(arm)
    assert tile is not None
    spot = next(t for t in game.neighbours[tile] if game.available(LIBRARY["Soldier"], t))
    foe = game.add_permanent("Soldier", spot, 0)
    game.players[0].resource = 5
    while game.active != 1:
        next_turn(game)
    to_action_phase(game)
    _boss_acts(game, BossPlayer(1, "kraken"))
    assert _damage(game, foe) >= 1 or not game.is_on_map(foe)


def test_full_action_of_an_intention_needs_the_tyrant() -> None:
    game = _tyrant_game()
    assert not [a for a in game.legal_actions(0) if isinstance(a, FullAction)]


# ---------------------------------------------------------------------------- simulate


def _outcomes(name: str, boss: str, games: int) -> dict[str, int]:
    spec = find_map(name)
    counts = {"players": 0, "boss": 0, "none": 0}
    for seed in range(1, games + 1):
        game = play_random_game(spec, LIBRARY, seed, sets=spec.sets, draft=spec.draft,
                                ai=("easy", boss), max_turns=300)
        assert len(game.players) == spec.players
        if not game.winners:
            counts["none"] += 1
        elif game.winners == (boss_seat(game),):
            counts["boss"] += 1
        else:
            assert game.winners == tuple(range(spec.players - 1))
            counts["players"] += 1
        game.close()
    return counts


def test_boss_modes_are_winnable_and_losable(fuzz_games: int) -> None:
    """Easy players against each boss on its shipped map: both outcomes show up (the CI
    run plays a few games; ``--fuzz-games 100`` is the long run)."""
    games = fuzz_games or 8
    for name, boss in (("the-tyrant", "tyrant"), ("the-kraken", "kraken")):
        counts = _outcomes(name, boss, games)
        assert counts["none"] == 0, (name, counts)
        assert counts["players"] and counts["boss"], (name, counts)


def test_boss_players_are_registered() -> None:
    assert isinstance(make_player("tyrant", 1), BossPlayer)
    assert make_player("kraken", 1).name == "kraken"
