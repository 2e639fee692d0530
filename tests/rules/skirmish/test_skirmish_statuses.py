"""Skirmish rules (seed 004) of statuses: burn n, poison n, stun n, accelerate n, rooted,
broken, shield n (in test_skirmish_combat), stasis, ephemeral, radiated n, radioactive n
and "highest stackable". Each is one mark kind of the registry with its ticks and
hooks."""

from __future__ import annotations

from game.rules.core.actions import Activate, Attack
from game.rules.marks import MARKS
from game.rules.rulesets.skirmish.combat import hit
from game.rules.rulesets.skirmish.rounds import rounds

from .kit import activate, at, card_library, end, new_game, next_round, of, unit, unit_at

ROWS = ["......", "......", "......"]
UNITS = [("Soldier", (0, 0), 0), ("Soldier", (0, 2), 0), ("Brute", (5, 0), 1)]


def marks(game, entity: int, kind: str) -> int:  # type: ignore[no-untyped-def]
    return game.view(entity).mark(kind)


def test_skirmish_statuses_are_registry_entries_with_ticks_and_hooks() -> None:
    assert MARKS["skirmish:burn"].tick == "round_start"
    assert MARKS["skirmish:radiated"].tick == "round_end"
    assert MARKS["skirmish:radiated"].stacking == "highest"
    assert MARKS["skirmish:stunned"].on_apply is not None
    assert MARKS["skirmish:radioactive"].bearers == "tile"
    assert MARKS["skirmish:ephemeral"].undispellable
    # a skirmish status is not Muhq's mark of the same word
    assert MARKS.resolve("burn", "skirmish") is MARKS["skirmish:burn"]
    assert MARKS.resolve("burn") is MARKS["burn"] is not MARKS["skirmish:burn"]


def test_skirmish_burn_deals_its_stacks_at_round_start_then_goes_down_by_one() -> None:
    """Burn n: "stackable debuff; beginning of round apply physical damage equal to n and
    decrement by one"."""
    game = new_game(ROWS, UNITS, first=0)
    brute = unit_at(game, 5, 0)
    game.add_marks(brute, "skirmish:burn", 2)
    game.add_marks(brute, "skirmish:burn", 1)
    assert marks(game, brute, "skirmish:burn") == 3
    next_round(game)
    assert game.view(brute).damage == 3 and marks(game, brute, "skirmish:burn") == 2
    next_round(game)
    assert game.view(brute).damage == 5 and marks(game, brute, "skirmish:burn") == 1


def test_skirmish_burn_is_physical_armor_lessens_it() -> None:
    knight = unit("Knight", health=9, keywords={"skirmish:armor": 1})
    game = new_game(ROWS, [("Soldier", (0, 0), 0), ("Knight", (5, 0), 1)],
                    library=card_library(knight))
    target = unit_at(game, 5, 0)
    game.add_marks(target, "skirmish:burn", 3)
    next_round(game)
    assert game.view(target).damage == 2


def test_skirmish_poison_deals_pure_damage_each_round_start_and_stays() -> None:
    """Poison n: "beginning of round apply pure damage equal to n" (it does not go down)."""
    knight = unit("Knight", health=9, keywords={"skirmish:armor": 5})
    game = new_game(ROWS, [("Soldier", (0, 0), 0), ("Knight", (5, 0), 1)],
                    library=card_library(knight))
    target = unit_at(game, 5, 0)
    game.add_marks(target, "skirmish:poison", 2)
    next_round(game)
    assert game.view(target).damage == 2 and marks(game, target, "skirmish:poison") == 2
    next_round(game)
    assert game.view(target).damage == 4


def test_skirmish_stun_exhausts_a_ready_unit_with_one_round_less() -> None:
    """Stun n: "exhausts unit; applies a debuff with duration n - (1 if unit was ready
    else 0) that exhausts unit in the beginning of round"."""
    game = new_game(ROWS, UNITS, first=0)
    brute = unit_at(game, 5, 0)
    game.add_marks(brute, "skirmish:stunned", 2)
    assert game.view(brute).exhausted and marks(game, brute, "skirmish:stunned") == 1
    next_round(game)  # round 1: only player 1 acts
    assert rounds(game).number == 2
    assert game.view(brute).exhausted and marks(game, brute, "skirmish:stunned") == 0
    next_round(game)
    assert rounds(game).number == 3 and not game.view(brute).exhausted


def test_skirmish_stun_on_an_exhausted_unit_lasts_its_full_count() -> None:
    game = new_game(ROWS, UNITS, first=0)
    soldier = activate(game, 0, 0)
    end(game)
    game.add_marks(soldier, "skirmish:stunned", 1)
    assert marks(game, soldier, "skirmish:stunned") == 1
    next_round(game)
    assert game.view(soldier).exhausted and not marks(game, soldier, "skirmish:stunned")


def test_skirmish_stun_on_the_activated_unit_ends_its_activation() -> None:
    game = new_game(ROWS, UNITS, first=0)
    soldier = activate(game, 0, 0)
    game.add_marks(soldier, "skirmish:stunned", 1)
    from game.rules.rulesets.skirmish.handlers import after

    after(game)
    assert game.actor == 1 and game.view(soldier).exhausted


def test_skirmish_accelerate_readies_and_stacks_stand_in_for_exhaustion() -> None:
    """Accelerate n: "ready unit; applies buff accelerated with duration n - (1 if unit
    was exhausted else 0); if this unit would be exhausted, instead remove a stack"."""
    game = new_game(ROWS, UNITS, first=0)
    soldier = activate(game, 0, 0)
    end(game)
    assert game.view(soldier).exhausted
    game.add_marks(soldier, "skirmish:accelerated", 2)
    assert not game.view(soldier).exhausted
    assert marks(game, soldier, "skirmish:accelerated") == 1
    activate(game, 5, 0)
    end(game)
    game.apply(Activate(0, soldier))
    end(game)  # would be exhausted: a stack goes instead
    assert not game.view(soldier).exhausted
    assert not marks(game, soldier, "skirmish:accelerated")
    # a ready unit keeps all n stacks
    other = unit_at(game, 0, 2)
    game.add_marks(other, "skirmish:accelerated", 2)
    assert marks(game, other, "skirmish:accelerated") == 2


def test_skirmish_rooted_lasts_its_count_of_round_starts() -> None:
    game = new_game(ROWS, UNITS, first=0)
    brute = unit_at(game, 5, 0)
    game.add_marks(brute, "skirmish:rooted", 1)
    next_round(game)
    assert not marks(game, brute, "skirmish:rooted")


def test_skirmish_broken_turns_passive_abilities_off() -> None:
    """Broken: "passieve abilities are inactive": the armor no longer counts."""
    knight = unit("Knight", health=9, keywords={"skirmish:armor": 2})
    game = new_game(ROWS, [("Soldier", (0, 0), 0), ("Knight", (5, 0), 1)],
                    library=card_library(knight))
    target, source = unit_at(game, 5, 0), unit_at(game, 0, 0)
    assert hit(game, source, target, 3, "melee") == 1
    game.add_marks(target, "skirmish:broken", 1)
    assert hit(game, source, target, 3, "melee") == 3


def test_skirmish_stasis_blocks_targets_damage_and_statuses_until_activated() -> None:
    """Stasis: "cannot be targeted, damaged, or have have statuses applied; removed when
    unit is activated"."""
    game = new_game(ROWS, [("Soldier", (1, 0), 0), ("Soldier", (2, 0), 1)], first=0)
    enemy = unit_at(game, 2, 0)
    game.add_marks(enemy, "skirmish:stasis", 1)
    soldier = activate(game, 1, 0)
    assert not of(game.legal_actions(0), Attack)
    assert hit(game, soldier, enemy, 5, "", "pure") == 0
    game.add_marks(enemy, "skirmish:burn", 3)
    assert not marks(game, enemy, "skirmish:burn")
    end(game)
    game.apply(Activate(1, enemy))
    assert not marks(game, enemy, "skirmish:stasis")


def test_skirmish_ephemeral_unit_dies_when_it_runs_out() -> None:
    """Ephemeral: "unit dies when expires"; "undispellable"."""
    game = new_game(ROWS, UNITS, first=0)
    brute = unit_at(game, 5, 0)
    game.add_marks(brute, "skirmish:ephemeral", 2)
    next_round(game)
    assert game.is_on_map(brute) and marks(game, brute, "skirmish:ephemeral") == 1
    next_round(game)  # its last round start: it is gone, and player 2 with it
    assert not game.is_on_map(brute)
    assert game.winners == (0,)


def test_skirmish_highest_stackable_keeps_the_larger_count() -> None:
    """Highest stackable: "stack count will be set to max of n and previous value"."""
    game = new_game(ROWS, UNITS, first=0)
    brute = unit_at(game, 5, 0)
    game.add_marks(brute, "skirmish:radiated", 3)
    game.add_marks(brute, "skirmish:radiated", 2)
    assert marks(game, brute, "skirmish:radiated") == 3
    game.add_marks(brute, "skirmish:radiated", 4)
    assert marks(game, brute, "skirmish:radiated") == 4


def test_skirmish_radiated_is_lessened_by_half_the_armor_and_hurts_at_round_end() -> None:
    """Radiated n: "when applying, subtract floor(target armor/2) from n; at the end of
    round deals n pure damage to unit, and all stacks are removed"."""
    knight = unit("Knight", health=9, keywords={"skirmish:armor": 3})
    game = new_game(ROWS, [("Soldier", (0, 0), 0), ("Knight", (5, 0), 1)],
                    library=card_library(knight))
    target = unit_at(game, 5, 0)
    game.add_marks(target, "skirmish:radiated", 4)
    assert marks(game, target, "skirmish:radiated") == 3  # 4 - floor(3 / 2)
    game.add_marks(target, "skirmish:radiated", 1)  # 1 - 1: nothing comes
    assert marks(game, target, "skirmish:radiated") == 3
    next_round(game)
    assert game.view(target).damage == 3 and not marks(game, target, "skirmish:radiated")


def test_skirmish_radioactive_hex_irradiates_on_move_in_and_at_round_end() -> None:
    """Radioactive n: "when unit moves in and at the end of round, apply radiated n to
    unit where n is stacks of radioactive"."""
    game = new_game([".R....", "......", "......"],
                    [("Soldier", (0, 0), 0), ("Brute", (5, 2), 1)], first=0)
    assert game.tile_marks(at(game, 1, 0)) == {"skirmish:radioactive": 1}
    game.mark_tile(at(game, 1, 0), "skirmish:radioactive", 1)  # now 2
    soldier = activate(game, 0, 0)
    from game.rules.core.actions import Move

    game.apply(Move(0, soldier, at(game, 1, 0)))
    assert marks(game, soldier, "skirmish:radiated") == 2
    end(game)
    next_round(game)  # round end: radiated again (highest: 2), then 2 pure damage
    assert game.view(soldier).damage == 2 and not marks(game, soldier, "skirmish:radiated")
