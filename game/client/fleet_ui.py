"""Clicks to actions in a fleet game (seed 003), read from the legal actions like the rest
of ``game.client.actions_ui``: which systems light up and what a click there does, and the
buttons above the board.

- Your turn: a click on a lit system activates it; *Pass for the round*.
- Movement: click a system with your ships, then the ship to move (interchangeable ships
  are one choice); the systems of its paths light up blue and the paths are drawn: click
  the active system for the shortest path, a system on the way for a path through it.
  Loading: click a lit unit to put it aboard a declared ship. *Move* confirms.
- Hits, removals and landings: click the lit system and choose the unit.
- Everything else (strategies, space cannon, production, new tokens) is a button."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules import Game
from game.rules.core.actions import Action
from game.rules.geometry import Tile
from game.rules.rulesets.fleet.actions import (
    ActivateSystem,
    Confirm,
    DeclareMove,
    EndLanding,
    EndTactic,
    FireCannon,
    GainToken,
    HoldFire,
    Land,
    Load,
    PassRound,
    PickStrategy,
    Produce,
    Redeploy,
    RemoveUnit,
    TakeHit,
    Withdraw,
)
from game.rules.rulesets.fleet.rounds import strategy

from .actions_ui import Choice, name_of

#: what each strategy gives, for its button
STRATEGY_TEXT = {1: "+1 tactic token", 2: "+2 tactic tokens", 3: "+3 resources",
                 4: "+1 tactic token, move a ship", 5: "+1 fleet token, +1 resource",
                 6: "+1 point"}


def is_fleet(game: Game) -> bool:
    return game.ruleset.name == "fleet"


def _where(game: Game, unit: int) -> Tile | None:
    try:
        return game.tile_of(unit)
    except KeyError:
        return None


def ships_to_move(legal: Sequence[Action]) -> list[int]:
    """Ships with a move or a Redeploy on offer."""
    found = {a.ship for a in legal if isinstance(a, DeclareMove)}
    found |= {a.ship for a in legal if isinstance(a, Redeploy) and a.ship}
    return sorted(found)


def path_label(game: Game, path: tuple[Tile, ...]) -> str:
    if len(path) == 1:
        return "straight in"
    return "via " + ", ".join(game.geometry.label(t) for t in path[:-1])


def tile_choices(game: Game, legal: Sequence[Action], selected: int) -> dict[Tile, list[Choice]]:
    """What a click on each system may do now."""
    out: dict[Tile, list[Choice]] = {}

    def add(tile: Tile | None, choice: Choice) -> None:
        if tile is not None:
            out.setdefault(tile, []).append(choice)

    for action in legal:
        if isinstance(action, ActivateSystem):
            add(action.tile, Choice("Activate this system", "play", action))
        elif isinstance(action, Load):
            add(_where(game, action.unit),
                Choice(f"Load {name_of(game, action.unit)} onto {name_of(game, action.ship)}",
                       "play", action))
        elif isinstance(action, TakeHit):
            add(_where(game, action.unit),
                Choice(f"{name_of(game, action.unit)} takes the hit", "attack", action))
        elif isinstance(action, RemoveUnit):
            add(_where(game, action.unit),
                Choice(f"Remove {name_of(game, action.unit)}", "attack", action))
        elif isinstance(action, Land):
            add(_where(game, action.unit),
                Choice(f"Land {name_of(game, action.unit)}", "play", action))
        elif isinstance(action, Withdraw):
            add(_where(game, action.ship),
                Choice(f"Take back the move of {name_of(game, action.ship)}", "select",
                       action))
    movers = ships_to_move(legal)
    if selected in movers:
        for action in legal:
            if isinstance(action, DeclareMove) and action.ship == selected:
                label = f"Move {name_of(game, selected)} {path_label(game, action.path)}"
                for tile in dict.fromkeys(action.path):
                    add(tile, Choice(label, "move", action))
            elif isinstance(action, Redeploy) and action.ship == selected:
                add(action.tile, Choice(f"Redeploy {name_of(game, selected)} here", "move",
                                        action))
    for ship in movers:
        if ship != selected:
            add(_where(game, ship), Choice(f"Choose {name_of(game, ship)} to move", "select",
                                           select=ship))
    return out


def paths_of(legal: Sequence[Action], ship: int) -> list[tuple[Tile, ...]]:
    return [a.path for a in legal if isinstance(a, DeclareMove) and a.ship == ship]


def buttons(game: Game, legal: Sequence[Action]) -> list[Choice]:
    """The fleet's actions that are not on the board, as buttons (in the order shown)."""
    out: list[Choice] = []
    for action in legal:
        if isinstance(action, Produce):
            out.append(Choice(f"Build {produce_label(game, action.card)}", "play", action))
    for action in legal:
        if isinstance(action, PickStrategy):
            plan = strategy(action.strategy)
            out.append(Choice(f"{action.strategy} {plan.key.title()}: "
                              f"{STRATEGY_TEXT.get(action.strategy, '')}", "select", action))
        elif isinstance(action, FireCannon):
            out.append(Choice(f"Fire space cannon at P{action.target + 1}", "attack", action))
        elif isinstance(action, HoldFire):
            out.append(Choice("Hold fire", "select", action))
        elif isinstance(action, GainToken):
            out.append(Choice(f"New {action.pool} token", "select", action))
        elif isinstance(action, Redeploy) and not action.ship:
            out.append(Choice("Don't redeploy", "select", action))
        elif isinstance(action, Confirm):
            moving = _declared_count(game)
            out.append(Choice(f"Move {moving} ship{'s' if moving != 1 else ''}" if moving
                              else "Move no ship", "move", action))
        elif isinstance(action, EndLanding):
            out.append(Choice("Land them" if _landing(game) else "No invasion", "play",
                              action))
        elif isinstance(action, EndTactic):
            out.append(Choice("Done building", "select", action))
        elif isinstance(action, PassRound):
            out.append(Choice("Pass for the round", "select", action))
    return out


def _declared_count(game: Game) -> int:
    from game.rules.rulesets.fleet.view import tactic

    found = tactic(game)
    return len(found.moves) if found is not None else 0


def _landing(game: Game) -> int:
    from game.rules.rulesets.fleet.view import tactic

    found = tactic(game)
    return len(found.landing) if found is not None else 0


def produce_label(game: Game, value: Any) -> str:
    """A unit to build as its button reads: name and cost."""
    try:
        card = game.library[str(value)]
    except KeyError:
        return str(value)
    return f"{card.name} ({card.play or 0} ◆)"
