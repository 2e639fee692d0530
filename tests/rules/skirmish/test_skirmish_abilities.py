"""Skirmish rules (seed 004: "actions are attacks and abilities"): a unit's ability is
used in its activation instead of its attack, its targets come from what its side sees;
the skirmish's summon and contaminate effects."""

from __future__ import annotations

from types import MappingProxyType

from game.rules.cards import Ability, EffectSpec, TargetSpec
from game.rules.core.actions import Attack, FullAction

from .kit import activate, at, card_library, new_game, next_round, of, unit, unit_at

ROWS = [".......", ".......", "......."]


def ability(effect: str, params: dict[str, object], target: str,
            filters: dict[str, object]) -> Ability:
    return Ability(effects=(EffectSpec(effect, MappingProxyType(params)),),
                   targets=(TargetSpec(target, MappingProxyType(filters)),))


MEDIC = unit("Medic", attack=1, full_action=ability(
    "heal", {"amount": 2, "target": 0}, "unit", {"controller": "own", "range": 1,
                                                   "self": True}))
STUNNER = unit("Stunner", full_action=ability(
    "add_mark", {"mark": "skirmish:stunned", "count": 1, "target": 0}, "unit",
    {"controller": "enemy", "range": 3}))
CALLER = unit("Caller", full_action=ability(
    "skirmish:summon", {"card": "Wisp", "rounds": 1, "target": 0}, "tile",
    {"free": True, "range": 1, "card": "Wisp"}))
WISP = unit("Wisp", attack=1, health=1, token=True)
MORTAR = unit("Mortar", full_action=ability(
    "skirmish:contaminate", {"count": 2, "target": 0}, "tile", {"range": 3}))
LIBRARY = card_library(MEDIC, STUNNER, CALLER, WISP, MORTAR)


def test_skirmish_ability_is_used_instead_of_the_attack() -> None:
    game = new_game(ROWS, [("Stunner", (1, 0), 0), ("Soldier", (2, 0), 1),
                           ("Soldier", (6, 2), 1)], library=LIBRARY)
    stunner, enemy = activate(game, 1, 0), unit_at(game, 2, 0)
    legal = game.legal_actions(0)
    assert FullAction(0, stunner, "card", (enemy,)) in legal and of(legal, Attack)
    game.apply(FullAction(0, stunner, "card", (enemy,)))
    assert game.view(enemy).exhausted
    assert not of(game.legal_actions(0), Attack) and not of(game.legal_actions(0), FullAction)


def test_skirmish_ability_targets_only_what_its_side_sees() -> None:
    game = new_game([".F.....", ".......", "......."],
                    [("Stunner", (0, 0), 0), ("Soldier", (2, 0), 1), ("Soldier", (6, 2), 1)],
                    library=LIBRARY)
    activate(game, 0, 0)
    targets = {a.targets[0] for a in of(game.legal_actions(0), FullAction)}
    assert unit_at(game, 2, 0) not in targets


def test_skirmish_ability_heals_a_friend() -> None:
    game = new_game(ROWS, [("Medic", (1, 0), 0), ("Soldier", (2, 0), 0),
                           ("Soldier", (6, 2), 1)], library=LIBRARY)
    friend = unit_at(game, 2, 0)
    game.edit(friend, damage=3)
    medic = activate(game, 1, 0)
    game.apply(FullAction(0, medic, "card", (friend,)))
    assert game.view(friend).damage == 1


def test_skirmish_summon_puts_an_exhausted_ephemeral_unit_on_a_free_hex() -> None:
    game = new_game(ROWS, [("Caller", (1, 1), 0), ("Soldier", (6, 2), 1)], library=LIBRARY)
    caller = activate(game, 1, 1)
    spot = at(game, 2, 1)
    game.apply(FullAction(0, caller, "card", (spot,)))
    wisp = game.board[spot]
    view = game.view(wisp)
    assert view.name == "Wisp" and view.exhausted and view.mark("skirmish:ephemeral") == 1
    next_round(game)
    assert not game.is_on_map(wisp)


def test_skirmish_contaminate_makes_a_hex_radioactive() -> None:
    game = new_game(ROWS, [("Mortar", (1, 1), 0), ("Soldier", (6, 2), 1)], library=LIBRARY)
    mortar = activate(game, 1, 1)
    spot = at(game, 3, 1)
    game.apply(FullAction(0, mortar, "card", (spot,)))
    assert game.tile_marks(spot) == {"skirmish:radioactive": 2}
