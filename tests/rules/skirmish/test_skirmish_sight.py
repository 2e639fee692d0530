"""Skirmish rules (seed 004) of seeing: "LoS - line of sight", elevated ("blocks LoS
from low ground"), flying ("FoV not blocked", "enemy vision of this unit not blocked"),
stealth, invisible, detection vision; and that what a side may do comes only from what it
sees. Lines are read as the reference's part C gives the source's code (see the module
game/rules/rulesets/skirmish/sight.py)."""

from __future__ import annotations

from game.rules.core.actions import Attack, Move
from game.rules.rulesets.skirmish.movement import routes
from game.rules.rulesets.skirmish.sight import line_clear, sees, vision

from .kit import activate, at, card_library, end, new_game, of, unit, unit_at

ROWS = [".......", ".......", "......."]


def seen(game, player: int, col: int, row: int) -> bool:  # type: ignore[no-untyped-def]
    return sees(game, player, unit_at(game, col, row))


def test_skirmish_los_the_hexes_next_to_a_unit_are_always_seen() -> None:
    game = new_game(["FF.....", "FF.....", "......."],
                    [("Soldier", (0, 0), 0), ("Scout", (1, 0), 1), ("Scout", (0, 1), 1)])
    assert seen(game, 0, 1, 0) and seen(game, 0, 0, 1)


def test_skirmish_los_blocking_terrain_between_hides_what_is_behind() -> None:
    game = new_game([".F.....", ".......", "......."],
                    [("Soldier", (0, 0), 0), ("Scout", (2, 0), 1), ("Scout", (2, 2), 1)])
    assert not seen(game, 0, 2, 0)
    assert seen(game, 0, 2, 2)
    assert at(game, 2, 0) not in vision(game, 0).hexes


def test_skirmish_los_a_line_along_two_hexes_is_blocked_only_when_both_sides_are() -> None:
    """From cell (0, 0) to cell (1, 1) the line runs between cells (1, 0) and (0, 1)."""
    steps = new_game(ROWS, [("Soldier", (0, 0), 0)]).geometry.sight_line((0, 0), (1, 1))
    assert len(steps) == 1 and len(steps[0]) == 2
    one = new_game([".F.....", ".......", "......."],
                   [("Soldier", (0, 0), 0), ("Scout", (1, 1), 1)])
    assert seen(one, 0, 1, 1)
    both = new_game([".F.....", "F......", "......."],
                    [("Soldier", (0, 0), 0), ("Scout", (1, 1), 1)])
    assert not seen(both, 0, 1, 1)


def test_skirmish_los_units_block_by_size_and_side() -> None:
    """Medium units block their enemies' sight, large ones everybody's, small ones
    nobody's (the source's later notes and code)."""
    def case(blocker: str, side: int) -> bool:
        """Is the archer's line past the blocker clear? (An own blocker sees the scout
        next to it itself, so the side's vision would not tell.)"""
        game = new_game(ROWS, [("Archer", (0, 0), 0), (blocker, (1, 0), side),
                               ("Scout", (2, 0), 1)])
        return line_clear(game, unit_at(game, 0, 0), at(game, 0, 0), at(game, 2, 0), 0)

    assert case("Soldier", 0)  # own medium: looks past it
    assert not case("Soldier", 1)  # enemy medium
    assert not case("Brute", 0)  # large, even its own side's
    assert case("Scout", 1)  # small: never


def test_skirmish_elevated_viewer_sees_over_low_obstructions_but_not_a_forest_hill() -> None:
    """"Elevated ... blocks LoS from low ground": a viewer on a hill sees over forests and
    units on low ground."""
    game = new_game(["nF.....", ".......", "......."],
                    [("Soldier", (0, 0), 0), ("Scout", (2, 0), 1)])
    assert seen(game, 0, 2, 0)
    game = new_game(["nn.....", ".......", "......."],
                    [("Soldier", (0, 0), 0), ("Scout", (2, 0), 1)])
    assert seen(game, 0, 2, 0)  # a plain hill blocks only low ground
    game = new_game(["nM.....", ".......", "......."],
                    [("Soldier", (0, 0), 0), ("Scout", (2, 0), 1)])
    assert not seen(game, 0, 2, 0)  # a mountain (blocking and high) blocks everyone


def test_skirmish_flying_sight_is_never_blocked_and_fliers_are_seen_in_range() -> None:
    """Flying: "FoV not blocked"; "enemy vision of this unit not blocked by FoV"."""
    game = new_game([".M.....", ".......", "......."],
                    [("Hawk", (0, 0), 0), ("Scout", (2, 0), 1)])
    assert seen(game, 0, 2, 0)
    game = new_game([".M.....", ".......", "......."],
                    [("Soldier", (0, 0), 0), ("Hawk", (2, 0), 1)])
    assert seen(game, 0, 2, 0)
    game = new_game(["....M..", ".......", "......."],
                    [("Soldier", (0, 0), 0), ("Hawk", (5, 0), 1)])
    assert not seen(game, 0, 5, 0)  # beyond its sight of 3


def test_skirmish_stealth_is_seen_only_from_next_to_it() -> None:
    """Stealth: "can only be seen by adjacent units"."""
    sneak = unit("Sneak", keywords={"skirmish:stealth": True})
    game = new_game(ROWS, [("Soldier", (0, 0), 0), ("Sneak", (2, 0), 1)],
                    library=card_library(sneak))
    assert not seen(game, 0, 2, 0)
    game = new_game(ROWS, [("Soldier", (1, 0), 0), ("Sneak", (2, 0), 1)],
                    library=card_library(sneak))
    assert seen(game, 0, 2, 0)


def test_skirmish_invisible_is_never_seen_but_detection_sees_it() -> None:
    """Invisible: "can't be seen"; detection vision: "can see stealth and invisible units
    as if they didn't have those abilities"."""
    ghost = unit("Ghost", keywords={"skirmish:invisible": True})
    seer = unit("Seer", keywords={"skirmish:detection": True})
    library = card_library(ghost, seer)
    game = new_game(ROWS, [("Soldier", (1, 0), 0), ("Ghost", (2, 0), 1)], library=library)
    assert not seen(game, 0, 2, 0)
    game = new_game(ROWS, [("Seer", (0, 0), 0), ("Ghost", (2, 0), 1)], library=library)
    assert seen(game, 0, 2, 0)


def test_skirmish_invisible_a_move_into_a_hidden_unit_fails_and_costs_nothing() -> None:
    """Invisible: "attempting to move on to an invalid hex will not consume a movement
    point": the move stops in front of the hidden unit, that step costs nothing, and the
    hex is known to be taken for the rest of the activation."""
    ghost = unit("Ghost", keywords={"skirmish:invisible": True})
    game = new_game(ROWS, [("Soldier", (0, 0), 0), ("Ghost", (2, 0), 1),
                           ("Soldier", (6, 2), 1)], library=card_library(ghost))
    soldier = activate(game, 0, 0)
    assert at(game, 3, 0) in routes(game, soldier)  # planned straight through
    game.apply(Move(0, soldier, at(game, 3, 0)))
    assert game.tile_of(soldier) == at(game, 1, 0)
    assert game.view(soldier).moves_left == 2
    assert at(game, 2, 0) not in routes(game, soldier)
    assert game.is_on_map(unit_at(game, 2, 0))


def test_skirmish_vision_legal_actions_do_not_depend_on_a_hidden_unit() -> None:
    """What a side may do comes only from what it sees: with an unseen enemy behind the
    forest or without it, player 1 is offered exactly the same actions."""
    rows = [".F.....", ".......", "......."]
    base = [("Archer", (0, 0), 0), ("Soldier", (6, 2), 1)]
    plain = new_game(rows, base, first=0)
    hidden = new_game(rows, [*base, ("Scout", (2, 0), 1)], first=0)
    assert not seen(hidden, 0, 2, 0)
    assert plain.legal_actions(0) == hidden.legal_actions(0)
    activate(plain, 0, 0)
    activate(hidden, 0, 0)
    assert plain.legal_actions(0) == hidden.legal_actions(0)
    assert not of(hidden.legal_actions(0), Attack)


def test_skirmish_los_the_end_hexes_never_block() -> None:
    game = new_game(["F.F....", ".......", "......."],
                    [("Archer", (0, 0), 0), ("Soldier", (2, 0), 1)])
    archer = unit_at(game, 0, 0)
    assert line_clear(game, archer, at(game, 0, 0), at(game, 2, 0), 0)
    end_turn_game = game
    activate(end_turn_game, 0, 0)
    end(end_turn_game)


def test_skirmish_vision_the_other_side_is_given_only_the_permanents_it_sees() -> None:
    rows = [".F.....", ".......", "......."]
    game = new_game(rows, [("Archer", (0, 0), 0), ("Scout", (2, 0), 1),
                           ("Soldier", (6, 2), 1)], first=0)
    scout = unit_at(game, 2, 0)
    assert scout not in game.visible_permanents(0)
    assert scout in game.visible_permanents(1)
    assert set(game.visible_permanents(0)) == {unit_at(game, 0, 0)}
    snap = game.snapshot()
    game.hide_unseen(0)
    assert not game.exists(scout) and game.units() == [unit_at(game, 0, 0)]
    game.restore(snap)
    assert game.is_on_map(scout)


def test_skirmish_vision_events_of_a_hidden_unit_are_concealed() -> None:
    """The log and the board's animations of the other side learn nothing of a unit it
    does not see: its action reads "acts out of sight", its move is not shown."""
    rows = ["..F....", "..F....", "..F...."]
    game = new_game(rows, [("Soldier", (0, 1), 0), ("Scout", (5, 1), 1)], first=1)
    scout = activate(game, 5, 1)
    events = game.apply(Move(1, scout, at(game, 4, 0)))
    shown = [e for e in (game.seen_event(ev, 0) for ev in events) if e is not None]
    texts = [getattr(e, "text", "") for e in shown]
    assert "P2 acts out of sight" in texts
    assert not any("Scout" in t for t in texts)
    assert not any(getattr(e, "permanent", 0) == scout for e in shown)
    assert [game.seen_event(e, 1) for e in events] == events


def test_skirmish_sense_enemies_knows_where_unseen_enemies_stand_but_not_who() -> None:
    """Sense enemies n: "unit can see enemies in range n, ignoring LoS. units seen this
    way is just shown as 'unknown enemy'": the side knows the hex is taken (its moves go
    round it), but the unit is not seen (no target, not in the view)."""
    hound = unit("Hound", keywords={"skirmish:sense": 3})
    ghost = unit("Ghost", keywords={"skirmish:invisible": True})
    library = card_library(hound, ghost)
    rows = [".F.....", ".F.....", "......."]
    game = new_game(rows, [("Hound", (0, 0), 0), ("Soldier", (2, 0), 1), ("Ghost", (0, 2), 1),
                           ("Scout", (6, 2), 1)], library=library, first=0)
    assert game.sensed_tiles(0) == {at(game, 2, 0), at(game, 0, 2)}
    assert not seen(game, 0, 2, 0) and not seen(game, 0, 0, 2)
    hound_unit = activate(game, 0, 0)
    assert at(game, 2, 0) not in routes(game, hound_unit)
    assert not of(game.legal_actions(0), Attack)
    assert at(game, 6, 2) not in game.sensed_tiles(0)  # beyond its reach
    assert game.sensed_tiles(1) == frozenset()
