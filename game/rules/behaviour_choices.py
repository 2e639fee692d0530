"""The unit behaviours one legal action at a time: the ``choose`` form of each entry of
``BEHAVIOURS`` (``behaviours.py``, where the ``run`` forms carry the same steps out on the
board).

``choose(game, unit, actions, pick, param)`` is the behaviour's next step as one of the
unit's legal ``actions``, or None when the unit is done: for a player that drives its
units through legal actions like everyone else (the bosses' turn scripts,
``game.ai.boss``), so a game replays from its actions. Ties are broken by ``pick``, the
player's own random choice. An enemy is a fighter of another player (neutral permanents
are nobody's enemy); ``key`` (target -> a tuple, the highest first) puts a player's own
preference before the weakest target (the Kraken goes for ships first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .core.actions import Action, Attack, FullAction, Move, StreetMove
from .geometry import Tile

if TYPE_CHECKING:
    from .core.game import Game

T = TypeVar("T")
#: a preference among attack targets: target -> a tuple, the highest is attacked first
AttackKey = Callable[[int], tuple[Any, ...]]


class Pick(Protocol):
    """A player's tie-break: one of ``options`` (a non-empty list)."""

    def __call__(self, options: Sequence[T], /) -> T: ...


class Choose(Protocol):
    """A behaviour's next step as one of the unit's legal ``actions``; None when done."""

    def __call__(self, game: Game, unit: int, actions: Sequence[Action], pick: Pick,
                 param: Any = None, *, key: AttackKey | None = None) -> Action | None: ...


def rivals(game: Game, unit: int) -> list[int]:
    """The fighters of the other players on the map (not neutral ones), by entity."""
    me = game.controller(unit)
    return [e for e in sorted(game.board.values()) if game.card(e).is_fighter
            and game.controller(e) != me and game.controller(e) >= 0]


def rival_tiles(game: Game, unit: int) -> list[Tile]:
    """Where the fighters of the other players stand (by entity)."""
    return [t for e in rivals(game, unit) if (t := game.tile_of(e)) is not None]


def best_attack(game: Game, unit: int, actions: Sequence[Action],
                key: AttackKey | None = None) -> Attack | None:
    """The unit's attack on a fighter of another player: ``key``'s favourite, then the
    one with the least health left, then the lowest entity."""
    attacks = [a for a in actions if isinstance(a, Attack) and a.unit == unit
               and game.controller(a.target) != a.player and game.controller(a.target) >= 0
               and game.card(a.target).is_fighter]
    if not attacks:
        return None

    def value(action: Attack) -> tuple[Any, ...]:
        target = action.target
        left = game.health(target) - game.view(target).damage
        return (*(key(target) if key is not None else ()), -left, -target)

    return max(attacks, key=value)


def _moves(game: Game, unit: int, actions: Sequence[Action],
           kinds: tuple[type[Action], ...] = (Move, StreetMove)) -> list[Move | StreetMove]:
    return [a for a in actions if isinstance(a, (Move, StreetMove)) and isinstance(a, kinds)
            and a.unit == unit and not game.board.get(a.tile, 0)]


def move_towards(game: Game, unit: int, actions: Sequence[Action], goals: Sequence[Tile],
                 pick: Pick, *, stop_next_to: bool = True) -> Action | None:
    """The unit's move to a free tile nearest to the nearest goal, when it gets closer
    (``stop_next_to``: not when it already stands next to one)."""
    here = game.tile_of(unit)
    moves = _moves(game, unit, actions)
    if here is None or not goals or not moves:
        return None

    def gap(tile: Tile) -> int:
        return min(game.geometry.distance(tile, g) for g in goals)

    now = gap(here)
    if stop_next_to and now <= 1:
        return None
    best = min(gap(a.tile) for a in moves)
    if best >= now:
        return None
    return pick([a for a in moves if gap(a.tile) == best])


def _full_action(actions: Sequence[Action], unit: int, pick: Pick) -> Action | None:
    full = [a for a in actions if isinstance(a, FullAction) and a.unit == unit]
    return pick(full) if full else None


def _wander(game: Game, unit: int, actions: Sequence[Action], pick: Pick) -> Action | None:
    moves = _moves(game, unit, actions, (Move,))
    return pick(moves) if moves else None


def choose_aggressive(game: Game, unit: int, actions: Sequence[Action], pick: Pick,
                      param: Any = None, *, key: AttackKey | None = None) -> Action | None:
    """1. attack an enemy in range; 2. else move towards the nearest enemy."""
    attack = best_attack(game, unit, actions, key)
    if attack is not None:
        return attack
    return move_towards(game, unit, actions, rival_tiles(game, unit), pick)


def choose_shy(game: Game, unit: int, actions: Sequence[Action], pick: Pick,
               param: Any = None, *, key: AttackKey | None = None) -> Action | None:
    """1. out of every enemy's reach: the full action; 2. a move to the tile farthest
    from all enemies (when farther than here); 3. attack an enemy in range."""
    here = game.tile_of(unit)
    if here is None:
        return None
    foes = [(t, game.attack_range(e)) for e in rivals(game, unit)
            if (t := game.tile_of(e)) is not None]
    if all(game.geometry.distance(t, here) > reach for t, reach in foes):
        full = _full_action(actions, unit, pick)
        if full is not None:
            return full
    moves = _moves(game, unit, actions)
    if foes and moves:
        def gap(tile: Tile) -> int:
            return min(game.geometry.distance(tile, t) for t, _ in foes)

        best = max(gap(a.tile) for a in moves)
        if best > gap(here):
            return pick([a for a in moves if gap(a.tile) == best])
    return best_attack(game, unit, actions, key)


def choose_wandering(game: Game, unit: int, actions: Sequence[Action], pick: Pick,
                     param: Any = None, *, key: AttackKey | None = None) -> Action | None:
    """1. an enemy within range X (``param``, default 3): act aggressive; 2. otherwise
    move to a random tile."""
    here = game.tile_of(unit)
    foes = rival_tiles(game, unit)
    if here is not None and foes and \
            min(game.geometry.distance(here, t) for t in foes) <= int(param or 3):
        return choose_aggressive(game, unit, actions, pick, key=key)
    return _wander(game, unit, actions, pick)


def target_goal(game: Game, param: Any) -> Tile | None:
    """Where a target-oriented unit heads: TARGET's tile (a permanent on the map) or
    TARGET itself (a tile); None when there is nowhere to go."""
    if isinstance(param, int) and not isinstance(param, bool):
        return game.tile_of(param) if game.is_on_map(param) else None
    if isinstance(param, (tuple, list)) and len(param) == 2:
        return (int(param[0]), int(param[1]))
    return None


def choose_target_oriented(game: Game, unit: int, actions: Sequence[Action], pick: Pick,
                           param: Any = None, *, key: AttackKey | None = None
                           ) -> Action | None:
    """1. the full action; 2. onto or towards TARGET (``param``: a tile or a permanent),
    or wander if it cannot be approached; 3. attack an enemy in range."""
    full = _full_action(actions, unit, pick)
    if full is not None:
        return full
    goal = target_goal(game, param)
    here = game.tile_of(unit)
    arrived = goal is not None and here is not None and (
        here == goal or (isinstance(param, int) and game.geometry.distance(here, goal) <= 1))
    if not arrived and here is not None and _moves(game, unit, actions, (Move,)):
        step = None
        if goal is not None:
            step = move_towards(game, unit, actions, [goal], pick, stop_next_to=False)
        if step is None:
            step = _wander(game, unit, actions, pick)
        if step is not None:
            return step
    return best_attack(game, unit, actions, key)
