"""Rules of thumb for the decisions the rules leave to a player (``game.choices``): which
units stay unpaid in an upkeep shortfall, where the permanents of a dropped pile go, which
cards pay a discard cost.

- **Unpaid units**: keep the most valuable. Of every way the shortfall may end (the units
  left unpaid leave the rest payable, and none of them could be paid with what is left
  over), take the one that loses the least worth (a king or building of the map's win
  condition is worth the game); then name a unit of it.
- **Dropped permanents**: the most valuable is placed first (where room is short, it is
  the one kept). A fighter goes where it stands nearest to what it should reach (the enemy
  king or buildings, a region, the stick of victory, else the enemy's fighters), rather
  where it can hit an enemy and rather not where several enemies can hit it; an
  equipment goes next to a friendly unit that could equip it, away from enemies.
- **Discarded cards**: the least useful go: the cheapest card first (by its buy cost, a
  start card counting little), and a card that can be played now only after the rest.

``answer`` picks among the legal answers; ``rate`` scores one (the easy player's score of
it). The normal and hard players judge answers by their search, finishing a decision of
several steps with these rules (``game.ai.search.settle``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from game.rules import Game
from game.rules.core.actions import Action, DiscardToPay, LeaveUnpaid, PlaceDropped
from game.rules.geometry import Tile

from .evaluate import card_worth, objective_names, unit_worth

#: the decision answers this module rates
ANSWERS = (LeaveUnpaid, PlaceDropped, DiscardToPay)
#: worth of a piece the map's win condition hangs on (a king, a building)
OBJECTIVE = 1000.0
#: units in a shortfall up to which every way it may end is tried
EXACT_UNITS = 14


def is_answer(action: Action) -> bool:
    return isinstance(action, ANSWERS)


def answer(game: Game, player: int, legal: Sequence[Action]) -> Action:
    """The best of the legal answers by these rules of thumb (ties: the first)."""
    return max(legal, key=lambda action: rate(game, player, action))


def rate(game: Game, player: int, action: Action) -> float:
    """How much the rules of thumb like an answer (higher is better)."""
    if isinstance(action, LeaveUnpaid):
        lost = best_unpaid(game)
        return 100.0 - _worth(game, action.unit) if action.unit in lost \
            else -_worth(game, action.unit)
    if isinstance(action, PlaceDropped):
        return 0.1 * _worth(game, action.permanent) + drop_value(
            game, player, action.permanent, action.tile)
    if isinstance(action, DiscardToPay):
        return -discard_cost(game, player, action.card)
    return 0.0


def _worth(game: Game, entity: int) -> float:
    if game.card(entity).name in objective_names(game):
        return OBJECTIVE
    return unit_worth(game, entity)


# ---------------------------------------------------------------------------- unpaid units


def best_unpaid(game: Game) -> frozenset[int]:
    """The units to leave unpaid in the shortfall waiting now: the cheapest loss."""
    if not game.choices or game.choices[0].kind != "unpaid":
        return frozenset()
    choice = game.choices[0]
    units, named = choice.data
    resource = game.players[choice.controller].resource
    costs = {u: game.card(u).upkeep or 0 for u in units if game.is_on_map(u)}
    named_set = frozenset(u for u in named if u in costs)
    rest = [u for u in sorted(costs) if u not in named_set]
    if len(rest) > EXACT_UNITS:  # many units: pay the best worth per resource first
        paid: list[int] = []
        left = resource
        for unit in sorted(rest, key=lambda u: -_worth(game, u) / max(1, costs[u])):
            if costs[unit] <= left:
                paid.append(unit)
                left -= costs[unit]
        return frozenset(u for u in rest if u not in paid) | named_set
    best: tuple[float, frozenset[int]] | None = None
    for size in range(len(rest) + 1):
        for paid_units in itertools.combinations(rest, size):
            spent = sum(costs[u] for u in paid_units)
            if spent > resource:
                continue
            unpaid = frozenset(u for u in costs if u not in paid_units)
            if any(costs[u] <= resource - spent for u in unpaid):
                continue  # a unit left unpaid could still be paid: not allowed
            loss = sum(_worth(game, u) for u in unpaid)
            if best is None or loss < best[0]:
                best = (loss, unpaid)
    return best[1] if best is not None else named_set


# ---------------------------------------------------------------------------- dropped permanents


def _enemy_fighters(game: Game, player: int) -> list[tuple[int, Tile]]:
    return [(e, t) for e in game.board.values() if game.card(e).is_fighter
            and game.controller(e) not in (player, -1) and (t := game.tile_of(e)) is not None]


def _goals(game: Game, player: int, enemies: list[tuple[int, Tile]]) -> list[Tile]:
    """What a fighter of ``player`` should stand near: the enemy's objective pieces, the
    regions or the stick of victory, else the enemy's fighters."""
    names = objective_names(game)
    goals = [t for e in game.board.values() if game.card(e).name in names
             and game.controller(e) != player and (t := game.tile_of(e)) is not None]
    kind = game.map.win.kind
    if not goals and kind == "capture_points":
        goals = [t for region in game.map.regions for t in sorted(region.tiles)]
    if not goals and kind == "stick_of_victory":
        name = str(game.map.win.params.get("card", "Stick of Victory"))
        goals = [t for e in game.permanents() if game.card(e).name == name
                 and (t := game.tile_of(e)) is not None]
    return goals or [t for _, t in enemies]


def drop_value(game: Game, player: int, permanent: int, tile: Tile) -> float:
    """How useful ``tile`` is for a dropped ``permanent`` of ``player``."""
    geometry = game.geometry
    enemies = _enemy_fighters(game, player)
    definition = game.card(permanent)
    if not definition.is_fighter:
        friends = [e for e in game.board.values() if game.controller(e) == player
                   and game.card(e).is_unit and (t := game.tile_of(e)) is not None
                   and geometry.distance(t, tile) == 1]
        near = sum(1 for _, t in enemies if geometry.distance(t, tile) <= 1)
        return 2.0 * len(friends) - 1.5 * near
    value = 0.0
    goals = _goals(game, player, enemies)
    if goals:
        value -= min(geometry.distance(tile, g) for g in goals)
    reach = game.attack_range(permanent)
    if any(geometry.distance(tile, t) <= reach for _, t in enemies):
        value += 3.0
    threats = sum(1 for e, t in enemies if geometry.distance(t, tile) <= game.attack_range(e))
    value -= 1.5 * threats
    kind = game.tile_kind(tile)
    if kind.cover:
        value += 1.0
    if kind.high_ground and reach > 1:
        value += 1.0
    return value


# ---------------------------------------------------------------------------- discarded cards


def discard_cost(game: Game, player: int, card: int) -> float:
    """What discarding ``card`` from ``player``'s hand costs them (least first)."""
    definition = game.card(card)
    cost = card_worth(definition)
    play = definition.play
    if play is not None and play <= game.players[player].resource:
        cost += 2.0  # something to do now
    return cost
