"""The normal player's evaluation follows the map's win condition (rule Win Conditions 2)
all the way: every blow on an enemy building counts (destroy buildings: a building falls
with more damage than its solid value), and carrying the stick of victory is worth more
than leaving it on the ground however many units stand near it (stick of victory: only a
carried stick scores). Without these, normal-vs-normal games on 2P-castle-siege and
2P-stick-meadow dragged on for 95 to 200 turns."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))

from scenario import resolve, scenario, to_action_phase  # noqa: E402

from game.ai.evaluate import evaluate  # noqa: E402
from game.ai.search import greedy_score  # noqa: E402
from game.rules import WinSpec  # noqa: E402
from game.rules.core.actions import Activate, Equip, Move, Pass  # noqa: E402
from game.rules.mapmodel import Placement, Region  # noqa: E402

GRID = "1.......\n........\n........\n.......2"


def test_win_conditions_2_each_blow_on_an_enemy_building_raises_the_evaluation() -> None:
    buildings = (Placement("Building", (0, 1), 0), Placement("Building", (7, 2), 1))
    game = scenario(GRID, win=WinSpec("destroy_buildings"), placements=buildings)
    to_action_phase(game)
    theirs, ours = game.permanent_at((7, 2)), game.permanent_at((0, 1))
    values = [evaluate(game, 0)]
    for _ in range(3):
        game.deal_damage(0, theirs, 2)
        values.append(evaluate(game, 0))
    assert values == sorted(set(values))  # every blow counts, up to 6 damage on solid 6
    before = evaluate(game, 0)
    game.deal_damage(0, ours, 1)
    assert evaluate(game, 0) < before
    game.close()


def test_win_conditions_2_picking_up_the_stick_beats_standing_round_it() -> None:
    stick = (Placement("Stick of Victory", (3, 1), -1),)
    game = scenario(GRID, win=WinSpec("stick_of_victory", {"points": 8}), placements=stick)
    to_action_phase(game)
    bearer = game.add_permanent("Recruit", (2, 1), 0)
    for tile in ((2, 0), (2, 2), (3, 0), (3, 2), (4, 0), (4, 2)):  # a crowd round the stick
        game.add_permanent("Soldier", tile, 0)
    game.apply(Activate(0, bearer))
    pick_up = next(a for a in game.legal_actions(0)
                   if isinstance(a, Equip) and a.unit == bearer)
    leave = next(a for a in game.legal_actions(0) if isinstance(a, Pass))
    assert greedy_score(game, 0, pick_up) > greedy_score(game, 0, leave)
    game.close()


def _holding_the_stick(heart: tuple[int, ...] | None) -> float:
    """The evaluation for player 1 of its recruit holding the stick at (1, 1), the stick
    scoring in the given columns (None: anywhere)."""
    params: dict[str, object] = {"points": 8}
    regions: tuple[Region, ...] = ()
    if heart is not None:
        params["region"] = "Heart"
        regions = (Region("Heart", frozenset((x, y) for x in heart for y in range(4))),)
    game = scenario(GRID, win=WinSpec("stick_of_victory", params), regions=regions,
                    placements=(Placement("Stick of Victory", (2, 1), -1),))
    to_action_phase(game)
    bearer = game.add_permanent("Recruit", (1, 1), 0)
    game.apply(Activate(0, bearer))
    pick_up = next(a for a in game.legal_actions(0)
                   if isinstance(a, Equip) and a.unit == bearer)
    resolve(game, pick_up)
    try:
        return evaluate(game, 0)
    finally:
        game.close()


def test_win_conditions_2_the_stick_counts_only_where_it_scores() -> None:
    """With the map's region for the stick (win_region), holding it outside the region is
    worth less than holding it inside, and inside it is worth what holding it anywhere
    is worth on a map without a region (where both players of 2P-stick-meadow used to
    carry it home)."""
    anywhere = _holding_the_stick(None)
    assert _holding_the_stick((0, 1)) == anywhere
    assert _holding_the_stick((5, 6)) < anywhere


def test_win_conditions_2_the_carrier_walks_the_stick_to_where_it_scores() -> None:
    """Stick of victory with a region (the stick scores only there): a carrier standing
    at home steps towards the region, one step more being worth more, though each step
    also brings it nearer an enemy fighter that wants to reach it. (Each step used to
    count for the carrier as much as for the enemy closing on it, so the carrier stayed:
    on 2P-stick-meadow a hard player that lost its first carrier kept the stick in its
    corner until the turn limit.)"""
    regions = (Region("Heart", frozenset((x, y) for x in (5, 6) for y in range(4))),)
    game = scenario(GRID, win=WinSpec("stick_of_victory", {"points": 8, "region": "Heart"}),
                    regions=regions, placements=(Placement("Stick of Victory", (1, 1), -1),))
    to_action_phase(game)
    carrier = game.add_permanent("Recruit", (0, 1), 0)
    game.add_permanent("Soldier", (7, 2), 1)
    game.apply(Activate(0, carrier))
    resolve(game, next(a for a in game.legal_actions(0) if isinstance(a, Equip)
                       and a.unit == carrier and a.using == "attack"))  # the move is left
    assert game.pile(carrier)

    def after(step: tuple[int, int] | None) -> float:
        action = Pass(0) if step is None else Move(0, carrier, step)
        return greedy_score(game, 0, action)

    try:
        assert after(None) < after((1, 1)) < after((2, 1))
    finally:
        game.close()
