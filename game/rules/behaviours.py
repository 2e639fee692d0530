"""Unit behaviours (the original game's AI page, RULES-NOTES Part 1): aggressive, shy,
wandering X and target-oriented. They are rules, not players: the panic and rage marks
and the bosses run them.

Each behaviour is one ``Behaviour`` entry with two forms of the same steps:

- ``run(game, unit, param)`` carries the steps out on the board (the panic and rage
  marks, ``run_behaviour``). It follows its steps in order; when no step applies the unit
  is done (and tapped by its caller); every tie is broken by the game's seeded RNG.
- ``choose(game, unit, actions, pick, param)`` is the next step as one of the legal
  ``actions`` (None: the unit is done), for a player that drives the unit through legal
  actions like everyone else (the bosses' turn scripts, ``game.ai.boss``); these live in
  ``behaviour_choices.py``.

Its name and reminder text are the locale lines ``behaviour.<name>.*``
(``game/content/locale``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import esper

from . import marks as mk
from .behaviour_choices import (
    Choose,
    choose_aggressive,
    choose_shy,
    choose_target_oriented,
    choose_wandering,
    target_goal,
)
from .components import Body
from .core import events
from .effects import Context, run_effects
from .geometry import Tile
from .registry import Registry
from .systems import combat
from .systems.movement import reachable

if TYPE_CHECKING:
    from .core.game import Game


@dataclass(frozen=True, slots=True)
class Behaviour:
    name: str
    rule: str
    #: carries the steps out on the board: ``(game, unit, param)``
    run: Callable[[Game, int, Any], None]
    #: the same steps one legal action at a time (see the module's docstring)
    choose: Choose

    @property
    def name_key(self) -> str:
        return f"behaviour.{self.name}.name"

    @property
    def reminder_key(self) -> str:
        return f"behaviour.{self.name}.reminder"


BEHAVIOURS: Registry[Behaviour] = Registry("unit behaviour")


def run_behaviour(game: Game, unit: int, name: str, param: Any = None) -> None:
    if game.is_on_map(unit):
        BEHAVIOURS[name].run(game, unit, param)


def enemies(game: Game, unit: int) -> list[int]:
    """Enemy fighters: units and bosses another player controls."""
    me = game.controller(unit)
    return sorted(e for e in game.board.values()
                  if e != unit and game.card(e).is_fighter and game.controller(e) != me)


def _pick(game: Game, options: list[Any]) -> Any:
    return options[game.rng.randrange(len(options))]


def _note(game: Game, unit: int, behaviour: str, note: str) -> None:
    game.emit(events.Behaviour(unit, behaviour, note))


def _body(unit: int) -> Body:
    return esper.component_for_entity(unit, Body)


def _free_destinations(game: Game, unit: int) -> dict[Tile, int]:
    return {t: c for t, c in reachable(game, unit).items() if not game.board.get(t, 0)}


def _move(game: Game, unit: int, tile: Tile, behaviour: str) -> None:
    _body(unit).moves = 0
    game.move_permanent(unit, tile)
    _note(game, unit, behaviour, f"moves to {game.geometry.label(tile)}")


def try_attack(game: Game, unit: int, behaviour: str) -> bool:
    body = _body(unit)
    if not body.attacks or mk.stopping_mark(game, unit):
        return False
    foes = set(enemies(game, unit))
    targets = [t for t in game.attack_targets(unit) if t in foes]
    if not targets:
        return False
    target = _pick(game, targets)
    body.attacks = 0
    _note(game, unit, behaviour, f"attacks {game.card(target).name}")
    combat.fight(game, unit, target)
    return True


def _nearest_enemy_distance(game: Game, tile: Tile, foes: list[int]) -> int:
    spots = [game.tile_of(f) for f in foes]
    return min(game.geometry.distance(tile, s) for s in spots if s is not None)


def aggressive(game: Game, unit: int, param: Any = None) -> None:
    """1. attack an enemy in range; 2. while a move is left, move towards the nearest
    enemy, and if an attack is left, go back to 1."""
    for _ in range(4):
        if not game.is_on_map(unit):
            return
        try_attack(game, unit, "aggressive")
        if not game.is_on_map(unit):
            return
        body = _body(unit)
        if not body.moves or mk.stopping_mark(game, unit):
            return
        foes = enemies(game, unit)
        here = game.tile_of(unit)
        options = _free_destinations(game, unit)
        if not foes or not options or here is None:
            body.moves = 0
            return
        # the nearest enemy (ties at random), then the reachable tile nearest to it
        now = _nearest_enemy_distance(game, here, foes)
        nearest = [f for f in foes if game.geometry.distance(here, game.tile_of(f) or here) == now]
        target = game.tile_of(_pick(game, nearest))
        assert target is not None
        scored = {t: game.geometry.distance(t, target) for t in options}
        best = min(scored.values())
        if best >= now:
            body.moves = 0
            return
        _move(game, unit, _pick(game, sorted(t for t, d in scored.items() if d == best)),
              "aggressive")
        if not _body(unit).attacks:
            return


def _threatened(game: Game, unit: int) -> bool:
    here = game.tile_of(unit)
    if here is None:
        return False
    for foe in enemies(game, unit):
        where = game.tile_of(foe)
        if where is not None and game.geometry.distance(where, here) <= game.attack_range(foe):
            return True
    return False


def _use_full_action(game: Game, unit: int, behaviour: str) -> bool:
    body = _body(unit)
    ability = game.card(unit).full_action
    if ability is None or not (body.moves and body.attacks) or mk.stopping_mark(game, unit):
        return False
    choices = game.target_choices(game.controller(unit), unit, ability)
    if not choices:
        return False
    body.moves = body.attacks = 0
    _note(game, unit, behaviour, "uses its full action")
    run_effects(game, ability, Context(game.controller(unit), unit, _pick(game, choices), {}))
    return True


def shy(game: Game, unit: int, param: Any = None) -> None:
    """1. out of every enemy's reach: use the full action; 2. move to the reachable tile
    farthest from all enemies; 3. attack an enemy in range."""
    if not _threatened(game, unit):
        _use_full_action(game, unit, "shy")
    if not game.is_on_map(unit):
        return
    body = _body(unit)
    foes = enemies(game, unit)
    here = game.tile_of(unit)
    if body.moves and foes and here is not None and not mk.stopping_mark(game, unit):
        options = _free_destinations(game, unit)
        if options:
            scored = {t: _nearest_enemy_distance(game, t, foes) for t in options}
            best = max(scored.values())
            if best > _nearest_enemy_distance(game, here, foes):
                _move(game, unit, _pick(game, sorted(t for t, d in scored.items() if d == best)),
                      "shy")
    if game.is_on_map(unit):
        try_attack(game, unit, "shy")


def wander(game: Game, unit: int, behaviour: str = "wandering") -> None:
    body = _body(unit)
    if not body.moves or mk.stopping_mark(game, unit):
        return
    options = sorted(_free_destinations(game, unit))
    if options:
        _move(game, unit, _pick(game, options), behaviour)


def wandering(game: Game, unit: int, param: Any = None) -> None:
    """1. an enemy within range X: act aggressive; 2. otherwise move to a random tile."""
    reach = int(param or 3)
    here = game.tile_of(unit)
    foes = enemies(game, unit)
    if here is not None and foes and _nearest_enemy_distance(game, here, foes) <= reach:
        aggressive(game, unit)
    else:
        wander(game, unit)


def target_oriented(game: Game, unit: int, param: Any = None) -> None:
    """1. use the full action; 2. move onto or towards TARGET, or wander if it cannot be
    approached; 3. attack an enemy in range. TARGET is a tile or a permanent."""
    _use_full_action(game, unit, "target-oriented")
    if not game.is_on_map(unit):
        return
    goal = target_goal(game, param)
    body = _body(unit)
    here = game.tile_of(unit)
    # already there: on the target tile, or next to the target permanent
    arrived = goal is not None and here is not None and (
        here == goal or (isinstance(param, int) and game.geometry.distance(here, goal) <= 1))
    if body.moves and here is not None and not arrived and not mk.stopping_mark(game, unit):
        options = _free_destinations(game, unit)
        if goal is not None and options:
            scored = {t: game.geometry.distance(t, goal) for t in options}
            best = min(scored.values())
            if best < game.geometry.distance(here, goal):
                _move(game, unit, _pick(game, sorted(t for t, d in scored.items() if d == best)),
                      "target-oriented")
            else:
                wander(game, unit, "target-oriented")
        else:
            wander(game, unit, "target-oriented")
    if game.is_on_map(unit):
        try_attack(game, unit, "target-oriented")


for entry in (
    Behaviour("aggressive", "Aggressive 1", aggressive, choose_aggressive),
    Behaviour("shy", "Shy 1", shy, choose_shy),
    Behaviour("wandering", "Wandering X 1", wandering, choose_wandering),
    Behaviour("target_oriented", "Target-oriented 1", target_oriented, choose_target_oriented),
):
    BEHAVIOURS.add(entry.name, entry)
