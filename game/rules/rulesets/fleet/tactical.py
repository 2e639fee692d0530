"""The tactical action (rule 89), step by step once the moves are confirmed: space cannon
offense (rule 77), space combat, invasion (space cannon defense, then ground combat) and
production. ``step`` moves the action on by one step and says whether it now waits for a
player's decision, goes on, or is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from ...core.events import ActionDeclared
from .combat import (
    cannon_order,
    cannon_targets,
    cannon_units,
    defender_in,
    fighting_ships,
    fire,
    ground_forces,
    hit_options,
    planet_defenders,
    space_round,
    take_hit,
)
from .production import produce_options
from .rules import (
    MAX_COMBAT_ROUNDS,
    board_entity,
    board_state,
    cannon_value,
    controller_of,
    has_planet,
    is_ground,
    is_structure,
    landed,
    units_at,
)
from .state import Tactic

if TYPE_CHECKING:
    from ...core.game import Game

WAIT = "wait"
GO_ON = "go on"
DONE = "done"


def tactic_of(game: Game) -> Tactic | None:
    """The tactical action under way, if any."""
    found = esper.get_component(Tactic)
    return found[0][1] if found else None


def begin(game: Game, player: int, system: tuple[int, int]) -> Tactic:
    tactic = Tactic(player, system)
    esper.add_component(board_entity(game), tactic)
    game.version += 1
    return tactic


def finish_tactic(game: Game) -> None:
    esper.remove_component(board_entity(game), Tactic)
    game.version += 1


def changed(game: Game) -> None:
    game.version += 1
    game.legal_cache = None


def step(game: Game, tactic: Tactic) -> str:
    """One step of the tactical action (see the module's docstring)."""
    now = tactic.step
    if now == "move":
        game.priority = tactic.player
        return WAIT
    if now == "hits":
        return _hits(game, tactic)
    if now == "cannon":
        return _cannon(game, tactic)
    if now == "combat":
        return _combat(game, tactic)
    if now == "land":
        return _land(game, tactic)
    if now == "defense":
        return _defense(game, tactic)
    if now == "ground":
        return _ground(game, tactic)
    if now == "done":
        return DONE
    if now == "produce":
        if produce_options(game, tactic):
            game.priority = tactic.player
            return WAIT
        return DONE
    raise ValueError(f"unknown tactical step {now!r}")


def after_moves(game: Game, tactic: Tactic) -> None:
    """Rule 16: capacity is checked after movement, before space cannon offense."""
    tactic.step = "cannon"
    tactic.shooters = cannon_order(game, tactic)
    board_state(game).excess = (tactic.player,)
    changed(game)


def _hits(game: Game, tactic: Tactic) -> str:
    """The owner of the units hit assigns each hit (when every choice is the same unit
    kind, the rules assign it)."""
    while tactic.hits:
        player, count, zone = tactic.hits[0]
        options = hit_options(game, tactic, player, zone) if count > 0 else []
        if not options:
            tactic.hits = tactic.hits[1:]
            continue
        if len(options) > 1:
            game.priority = player
            return WAIT
        take_hit(game, options[0])
        tactic.hits = ((player, count - 1, zone), *tactic.hits[1:])
        changed(game)
    tactic.step = tactic.then
    if tactic.recheck:
        board_state(game).excess = tactic.recheck
        tactic.recheck = ()
    changed(game)
    return GO_ON


def _cannon(game: Game, tactic: Tactic) -> str:
    """Rule 77: each player in turn fires all its space cannon, or none."""
    while tactic.shooters:
        shooter = tactic.shooters[0]
        if (not game.players[shooter].eliminated
                and cannon_units(game, shooter, tactic.system)
                and cannon_targets(game, shooter, tactic)):
            game.priority = shooter
            return WAIT
        tactic.shooters = tactic.shooters[1:]
    tactic.step = "combat"
    tactic.rounds = 0
    changed(game)
    return GO_ON


def fire_cannon(game: Game, tactic: Tactic, shooter: int, target: int) -> None:
    units = cannon_units(game, shooter, tactic.system)
    hits = fire(game, shooter, units, "cannon", what=f"fires space cannon at P{target + 1}")
    tactic.shooters = tactic.shooters[1:]
    tactic.hits = ((target, hits, "space"),)
    tactic.then = "cannon"
    tactic.recheck = (target,)
    tactic.step = "hits"
    changed(game)


def hold_fire(game: Game, tactic: Tactic, shooter: int) -> None:
    tactic.shooters = tactic.shooters[1:]
    changed(game)


def _combat(game: Game, tactic: Tactic) -> str:
    """Space combat (our design of rule 89's step 3): while the active player and
    another player both have ships in the active system, every ship rolls its combat
    value; then each side assigns the hits it took (the active player first). When one
    side (or both) has no ships left, each checks capacity (rule 16: not during combat,
    only once it is over)."""
    defender = defender_in(game, tactic)
    fighting = (defender >= 0 and fighting_ships(game, tactic.system, tactic.player)
                and tactic.rounds < MAX_COMBAT_ROUNDS)
    if fighting:
        if tactic.rounds == 0:
            game.emit(ActionDeclared(tactic.player, f"Space combat: P{tactic.player + 1} "
                                                    f"against P{defender + 1}"))
        tactic.rounds += 1
        tactic.defender = defender
        on_defender, on_attacker = space_round(game, tactic, defender)
        tactic.hits = ((tactic.player, on_attacker, "space"), (defender, on_defender, "space"))
        tactic.then = "combat"
        tactic.step = "hits"
        changed(game)
        return GO_ON
    if tactic.rounds:
        fought = [tactic.player] + ([tactic.defender] if tactic.defender >= 0 else [])
        board_state(game).excess = tuple(fought)
    tactic.step = "land"
    tactic.rounds = 0
    tactic.defender = -1
    changed(game)
    return GO_ON


def can_land(game: Game, tactic: Tactic) -> list[int]:
    """Invasion: the active player's ground forces in the active system's space area,
    when the system has a planet and no other player's ships are left there."""
    tile = tactic.system
    if not has_planet(game, tile) or defender_in(game, tactic) >= 0:
        return []
    return [u for u in units_at(game, tile) if game.controller(u) == tactic.player
            and is_ground(game, u) and not landed(u) and u not in tactic.landing]


def _land(game: Game, tactic: Tactic) -> str:
    if can_land(game, tactic) or tactic.landing:
        game.priority = tactic.player
        return WAIT
    tactic.step = "produce"
    changed(game)
    return GO_ON


def end_landing(game: Game, tactic: Tactic) -> None:
    """The committed ground forces land; without any, the invasion is skipped."""
    from .rules import set_landed

    for unit in tactic.landing:
        set_landed(game, unit, True)
    tactic.step = "defense" if tactic.landing else "produce"
    changed(game)


def _defense(game: Game, tactic: Tactic) -> str:
    """Space cannon defense (rule 77): the planet's other units with space cannon fire
    at the committed ground forces (always: firing never hurts the defender); the
    invader assigns the hits."""
    tile = tactic.system
    shooters = [u for u in units_at(game, tile) if game.controller(u) != tactic.player
                and landed(u) and cannon_value(game, u) > 0]
    owners = sorted({game.controller(u) for u in shooters})
    hits = 0
    for owner in owners:
        hits += fire(game, owner, [u for u in shooters if game.controller(u) == owner],
                     "cannon", what="fires space cannon at the landing")
    tactic.step = "hits" if hits else "ground"
    tactic.hits = ((tactic.player, hits, "ground"),) if hits else ()
    tactic.then = "ground"
    tactic.rounds = 0
    changed(game)
    return GO_ON


def _ground(game: Game, tactic: Tactic) -> str:
    """Ground combat: the committed ground forces against the other players' ground
    forces on the planet, round after round; the invader wins the planet when only its
    forces are left (the former holder's structures there are destroyed)."""
    tile = tactic.system
    attackers = [u for u in tactic.landing if game.is_on_map(u)]
    defenders = planet_defenders(game, tile, tactic.player)
    if attackers and defenders and tactic.rounds < MAX_COMBAT_ROUNDS:
        tactic.rounds += 1
        owner = game.controller(defenders[0])
        by_attacker = fire(game, tactic.player, attackers, "combat", what="fights on the "
                                                                          "planet")
        by_defender = fire(game, owner, ground_forces(game, tile, owner), "combat",
                           what="defends the planet")
        tactic.hits = ((tactic.player, by_defender, "ground"), (owner, by_attacker, "ground"))
        tactic.then = "ground"
        tactic.step = "hits"
        changed(game)
        return GO_ON
    if attackers and not defenders:
        take_planet(game, tile, tactic.player)
    tactic.step = "produce"
    tactic.landing = ()
    tactic.rounds = 0
    changed(game)
    return GO_ON


def take_planet(game: Game, tile: tuple[int, int], player: int) -> None:
    """The player now controls the planet; other players' structures on it are
    destroyed."""
    board = board_state(game)
    before = controller_of(game, tile)
    if before != player:
        board.planets = tuple(sorted([*(p for p in board.planets if p[0] != tile),
                                      (tile, player)]))
        game.emit(ActionDeclared(player, f"P{player + 1} takes the planet at "
                                         f"{game.geometry.label(tile)}"))
    for unit in list(units_at(game, tile)):
        if game.controller(unit) != player and is_structure(game, unit):
            game.destroy(unit, "its planet was taken")
    changed(game)


def assign_hit(game: Game, tactic: Tactic, unit: int) -> None:
    player, count, zone = tactic.hits[0]
    take_hit(game, unit)
    tactic.hits = ((player, count - 1, zone), *tactic.hits[1:])
    changed(game)


__all__ = ["DONE", "GO_ON", "WAIT", "after_moves", "assign_hit", "begin", "can_land",
           "end_landing", "finish_tactic", "fire_cannon", "hold_fire", "step", "tactic_of",
           "take_planet"]
