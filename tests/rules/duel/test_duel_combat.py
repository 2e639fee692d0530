"""Duel rules (seed 002) of units: summoning, movement, combat and strike back, the
keywords (Exhaust, Rush, Flying, Ranged, Provoke), artifacts, and the end of the game."""

from __future__ import annotations

from game.rules import CardDef, CardType, Phase
from game.rules.cards import EffectSpec
from game.rules.core.actions import Attack, EndTurn, Move, PlayCard
from game.rules.rulesets.duel.rules import health_left, move_tiles, power

from .kit import DUEL, card_library, end_turns, generals, minion, of, put, started


def _moves(game, unit):  # type: ignore[no-untyped-def]
    return sorted(a.tile for a in of(game.legal_actions(game.active), Move) if a.unit == unit)


def _attacks(game, unit):  # type: ignore[no-untyped-def]
    return sorted(a.target for a in of(game.legal_actions(game.active), Attack)
                  if a.unit == unit)


def test_duel_minion_is_summoned_next_to_a_friendly_unit_and_enters_exhausted() -> None:
    """Minion: onto a free tile of the eight around a friendly unit; Exhaust: it can't
    move or attack the turn it comes."""
    game = started()
    plays = {a.tile for a in of(game.legal_actions(0), PlayCard)}
    assert plays == {(0, 1), (0, 3), (1, 1), (1, 2), (1, 3)}
    squire = next(c for c in game.players[0].hand)
    game.apply(PlayCard(0, squire, (1, 2)))
    assert _moves(game, squire) == [] and _attacks(game, squire) == []
    end_turns(game, 2)
    assert _moves(game, squire)


def test_duel_rush_moves_and_attacks_the_turn_it_is_summoned() -> None:
    game = started(deck=("Runner",) * 10)
    runner = game.players[0].hand[0]
    game.apply(PlayCard(0, runner, (1, 2)))
    assert _moves(game, runner)


def test_duel_movement_is_a_diamond_of_twelve_tiles() -> None:
    """Movement: up to two tiles orthogonally or one diagonally: twelve tiles."""
    game = started()
    squire = put(game, "Squire", (4, 2), 0)
    assert _moves(game, squire) == sorted([
        (4, 0), (3, 1), (4, 1), (5, 1), (2, 2), (3, 2), (5, 2), (6, 2), (3, 3), (4, 3),
        (5, 3), (4, 4)])


def test_duel_movement_is_blocked_by_units_and_impossible_when_surrounded() -> None:
    """Movement: occupied tiles block (our reading of the rulebook: friends block too,
    and a two-tile move needs the tile between free); fully surrounded, no move."""
    game = started()
    squire = put(game, "Squire", (4, 2), 0)
    put(game, "Squire", (5, 2), 0)  # a friend to the right
    put(game, "Squire", (4, 1), 1)  # an enemy above
    tiles = _moves(game, squire)
    assert (6, 2) not in tiles and (4, 0) not in tiles and (5, 2) not in tiles
    assert (5, 1) in tiles  # a diagonal move is one step
    for tile in [(3, 1), (5, 1), (3, 2), (3, 3), (4, 3), (5, 3)]:
        put(game, "Squire", tile, 0)
    assert _moves(game, squire) == []


def test_duel_flying_moves_to_any_free_tile_even_when_surrounded() -> None:
    game = started()
    hawk = put(game, "Hawk", (4, 2), 0)
    for tile in [(3, 1), (4, 1), (5, 1), (3, 2), (5, 2), (3, 3), (4, 3), (5, 3)]:
        put(game, "Squire", tile, 1)
    assert len(_moves(game, hawk)) == 45 - 2 - 9


def test_duel_a_unit_moves_once_a_turn_and_not_after_attacking() -> None:
    game = started()
    squire = put(game, "Squire", (4, 2), 0)
    enemy = put(game, "Brute", (6, 2), 1)
    game.apply(Move(0, squire, (5, 2)))
    assert _moves(game, squire) == []
    assert _attacks(game, squire) == [enemy]
    other = put(game, "Squire", (4, 0), 0)
    put(game, "Squire", (5, 0), 1)
    game.apply(Attack(0, other, game.board[(5, 0)]))
    assert _moves(game, other) == []


def test_duel_attack_reaches_the_eight_tiles_around_and_the_defender_strikes_back() -> None:
    """Combat: one attack a turn on one of the eight neighbours; the defender, if it
    lives, strikes back with its attack."""
    game = started()
    brute = put(game, "Brute", (4, 2), 0)
    near = put(game, "Bulwark", (5, 3), 1)  # diagonal, 1/4
    put(game, "Squire", (6, 2), 1)  # two away: out of reach
    assert _attacks(game, brute) == [near]
    game.apply(Attack(0, brute, near))
    assert health_left(game, near) == 1 and health_left(game, brute) == 2
    assert _attacks(game, brute) == []


def test_duel_a_defender_killed_by_the_attack_does_not_strike_back() -> None:
    """Resolving combat 2: the rulebook's order (the digital game strikes back at once;
    we follow the rulebook)."""
    game = started()
    brute = put(game, "Brute", (4, 2), 0)
    squire = put(game, "Squire", (5, 2), 1)  # 1/2: dies to 3
    game.apply(Attack(0, brute, squire))
    assert not game.is_on_map(squire) and health_left(game, brute) == 3


def test_duel_ranged_attacks_anywhere_and_melee_defenders_far_away_cannot_strike_back() -> None:
    game = started()
    archer = put(game, "Archer", (1, 0), 0)
    far = put(game, "Squire", (7, 4), 1)
    assert far in _attacks(game, archer)
    game.apply(Attack(0, archer, far))
    assert health_left(game, far) == 1 and health_left(game, archer) == 1
    # a Ranged defender strikes back at any distance
    end_turns(game, 1)
    enemy_archer = put(game, "Archer", (7, 0), 1)
    assert enemy_archer


def test_duel_a_ranged_defender_strikes_back_from_afar() -> None:
    game = started()
    mine = put(game, "Archer", (1, 0), 0)
    theirs = put(game, "Archer", (7, 0), 1)
    game.apply(Attack(0, mine, theirs))
    assert not game.is_on_map(theirs)  # 1 damage kills a 1/1: no strike back
    game2 = started()
    squire = put(game2, "Archer", (1, 0), 0)
    bulwark_like = put(game2, "Squire", (7, 0), 1)
    game2.apply(Attack(0, squire, bulwark_like))
    assert health_left(game2, squire) == 1  # a melee defender far away: none


def test_duel_a_defender_with_no_attack_does_not_strike_back() -> None:
    wall = minion("Paling", 1, 0, 3)
    game = started(library=card_library(wall))
    brute = put(game, "Brute", (4, 2), 0)
    paling = put(game, "Paling", (5, 2), 1)
    game.apply(Attack(0, brute, paling))
    assert health_left(game, brute) == 3


def test_duel_provoke_stops_adjacent_enemies_moving_and_draws_their_attacks() -> None:
    """Provoke: enemies next to it can't move and may attack only a provoker."""
    game = started()
    brute = put(game, "Brute", (4, 2), 0)
    bulwark = put(game, "Bulwark", (5, 2), 1)
    put(game, "Squire", (4, 3), 1)
    assert _moves(game, brute) == []
    assert _attacks(game, brute) == [bulwark]
    far = put(game, "Brute", (1, 0), 0)
    assert _moves(game, far)  # not next to the provoker: free to move


def test_duel_artifacts_on_the_general_three_slots_and_lose_durability_when_it_is_hurt() -> None:
    """Artifact: on the general, 3 durability, one lost on each damage to the general;
    a fourth pushes out the oldest (our reading)."""
    game = started(deck=("Blade",) * 10)
    general, enemy_general = generals(game)
    blades = list(game.players[0].hand[:2])
    for blade in blades:
        game.apply(PlayCard(0, blade))
    assert game.pile(general) == blades
    assert power(game, general) == 2 + 4
    end_turns(game, 1)
    archer = put(game, "Archer", (8, 4), 1)  # far away: the general can't strike back
    for left in (2, 1):
        game.edit(archer, attacks=1)
        game.apply(Attack(1, archer, general))
        assert [game.view(b).durability for b in blades] == [left, left]
    game.edit(archer, attacks=1)
    game.apply(Attack(1, archer, general))
    assert game.pile(general) == [] and power(game, general) == 2
    assert all(game.zone(b).value == "discard" for b in blades)
    assert health_left(game, general) == 22 and enemy_general


def test_duel_a_fourth_artifact_replaces_the_oldest() -> None:
    game = started(deck=("Blade",) * 10)
    general = generals(game)[0]
    end_turns(game, 4)  # four mana
    blades = list(game.players[0].hand[:4])
    for blade in blades:
        game.apply(PlayCard(0, blade))
    assert game.pile(general) == blades[1:]
    assert game.zone(blades[0]).value == "discard"


def test_duel_the_player_whose_general_dies_loses() -> None:
    """Win condition: kill the enemy general."""
    game = started()
    first, second = generals(game)
    game.edit(second, damage=24)
    squire = put(game, "Squire", (7, 2), 0)
    game.apply(Attack(0, squire, second))
    assert game.phase is Phase.OVER and game.winners == (0,)


def test_duel_structures_never_move_or_attack_and_ignore_attack_boosts() -> None:
    tower = CardDef(name="Watchpost", type=CardType.UNIT, play=2, attack=1, health=5,
                    tags=DUEL | {"structure"})
    aura = minion("Drummer", 2, 1, 1, passives=(EffectSpec("aura", {"attack": 2}),))
    game = started(library=card_library(tower, aura))
    post = put(game, "Watchpost", (4, 2), 0)
    put(game, "Squire", (5, 2), 1)
    put(game, "Drummer", (3, 2), 0)
    assert _moves(game, post) == [] and _attacks(game, post) == []
    assert power(game, post) == 1
    assert move_tiles(game, post)  # the board has room: only the tribe rule forbids it
    game.apply(EndTurn(0))
