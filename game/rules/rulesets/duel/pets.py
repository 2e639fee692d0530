"""Battle pets (seed 002, tribe Battle Pet, rules 1-7): they can't be commanded; at the
start of their controller's turn each acts on its own, in the order they arrived.

Distances here are counted in orthogonal steps (a diagonal neighbour is two away), which is
how "enemies on the same row or column are prioritized over diagonal ones" (rule 1) and
"the fewest tiles to reach" (rule 3) are measured. Every random tie-break draws from the
game's seeded generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ...components import Arrival, Body
from ...core.events import Behaviour
from ...core.state import Phase
from ...geometry import Tile
from ...systems.intents import AttackIntent, MoveIntent
from .rules import BATTLE_PET, can_reach, grid, has_tag, move_tiles, power, provokers

if TYPE_CHECKING:
    from ...core.game import Game


def battle_pets_act(game: Game, player: int) -> None:
    """Rule 7: the player's battle pets act in the order they entered the battlefield,
    after the abilities that trigger at the start of the turn; each sees the board as the
    one before left it."""
    pets = sorted((arrival.order, entity) for entity, arrival in esper.get_component(Arrival)
                  if game.is_on_map(entity) and game.controller(entity) == player
                  and has_tag(game, entity, BATTLE_PET))
    game.settle()  # the start of the turn's own abilities first
    for _order, pet in pets:
        if game.phase is Phase.OVER:
            return
        if game.is_on_map(pet) and game.controller(pet) == player:
            pet_acts(game, pet)
            game.settle()  # what it killed is gone before the next one looks


def _closest(game: Game, tile: Tile, candidates: list[int]) -> list[int]:
    steps = grid(game).steps
    best = min(steps(tile, t) for t in _tiles(game, candidates))
    return [c for c in candidates if steps(tile, _tile(game, c)) == best]


def _tile(game: Game, entity: int) -> Tile:
    tile = game.tile_of(entity)
    assert tile is not None
    return tile


def _tiles(game: Game, entities: list[int]) -> list[Tile]:
    return [_tile(game, e) for e in entities]


def _pick(game: Game, options: list[int]) -> int:
    return sorted(options)[game.rng.randrange(len(options))]


def pet_acts(game: Game, pet: int) -> None:
    """Rules 1-6 for one battle pet."""
    me = game.controller(pet)
    enemies = [u for u in game.units() if game.controller(u) != me]
    body = esper.component_for_entity(pet, Body)
    if not enemies:
        return
    here = _tile(game, pet)
    can_attack = body.attacks > 0 and power(game, pet) > 0
    forced = provokers(game, pet)
    # rule 1: an enemy within immediate attacking range: attack the closest, no move
    adjacent = forced or [e for e in enemies if game.geometry.distance(here, _tile(game, e)) == 1]
    if adjacent and can_attack:
        _attack(game, pet, _pick(game, _closest(game, here, adjacent)),
                "provoked" if forced else "an enemy next to it")
        return
    if body.moves > 0 and not forced:
        tiles = move_tiles(game, pet)
        if tiles:
            goal = _move_goal(game, pet, here, tiles, enemies)
            if goal is not None:
                _say(game, pet, f"moves to {game.geometry.label(goal)}")
                game.add_intent(pet, MoveIntent(goal))
                body.moves = 0
                game.process_intents()
    if not game.is_on_map(pet) or not can_attack:
        return
    # rules 3 and 5: after moving, attack the closest enemy it reaches (a Ranged pet:
    # the closest anywhere)
    here = _tile(game, pet)
    targets = provokers(game, pet) or [e for e in enemies if game.is_on_map(e)
                                        and can_reach(game, pet, e)]
    if targets:
        _attack(game, pet, _pick(game, _closest(game, here, targets)), "the closest it reaches")


def _move_goal(game: Game, pet: int, here: Tile, tiles: list[Tile],
               enemies: list[int]) -> Tile | None:
    """Rules 2-4: a tile from which it can attack, the fewest steps away; or else a tile
    on a shortest way towards the closest enemy. Ties are random."""
    steps = grid(game).steps
    enemy_tiles = _tiles(game, enemies)
    near_enemy = [t for t in tiles
                  if any(game.geometry.distance(t, e) == 1 for e in enemy_tiles)]
    if near_enemy:
        best = min(steps(here, t) for t in near_enemy)
        options = [t for t in near_enemy if steps(here, t) == best]
    else:
        target = _pick(game, _closest(game, here, enemies))
        there = _tile(game, target)
        best = min(steps(t, there) for t in tiles)
        if best >= steps(here, there):
            return None  # no tile brings it closer
        options = [t for t in tiles if steps(t, there) == best]
        closest_walk = min(steps(here, t) for t in options)
        options = [t for t in options if steps(here, t) == closest_walk]
    options.sort()
    return options[game.rng.randrange(len(options))]


def _say(game: Game, pet: int, note: str) -> None:
    """What the pet does, for the log: it acts on its own, so nobody declared it."""
    game.emit(Behaviour(pet, f"battle pet {game.card(pet).name}", note))


def _attack(game: Game, pet: int, target: int, why: str) -> None:
    _say(game, pet, f"attacks {game.card(target).name} ({why})")
    body = esper.component_for_entity(pet, Body)
    body.attacks = 0
    body.moves = 0
    game.add_intent(pet, AttackIntent(target))
    game.process_intents()
