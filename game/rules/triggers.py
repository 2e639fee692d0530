"""``TRIGGERS``: the conditions of triggered abilities ("whenever ... attacks", "at your
upkeep", "when a unit dies", ...). Each looks at one event and answers with the trigger's
context, or None when the event does not concern it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .cards import Ability
from .core.events import (
    Activated,
    Attacked,
    DamageDealt,
    Destroyed,
    Event,
    PermanentPlaced,
    PhaseStarted,
    RoundStarted,
    TurnEnded,
    TurnStarted,
)
from .registry import Registry

if TYPE_CHECKING:
    from .core.game import Game


TriggerFn = Callable[["Game", int, Ability, Event], "dict[str, Any] | None"]
TRIGGERS: Registry[TriggerFn] = Registry("trigger")


def _own_upkeep(game: Game, holder: int, ability: Ability, event: Event) -> dict[str, Any] | None:
    if isinstance(event, PhaseStarted) and event.phase == "upkeep" \
            and event.player == game.controller(holder):
        return {}
    return None


def _own_turn_end(game: Game, holder: int, ability: Ability,
                  event: Event) -> dict[str, Any] | None:
    """At the end of its controller's turn."""
    if isinstance(event, TurnEnded) and event.player == game.controller(holder):
        return {}
    return None


def _own_turn_start(game: Game, holder: int, ability: Ability,
                    event: Event) -> dict[str, Any] | None:
    """At the start of its controller's turn (the duel's "start of your turn")."""
    if isinstance(event, TurnStarted) and event.player == game.controller(holder):
        return {}
    return None


def _round_start(game: Game, holder: int, ability: Ability,
                 event: Event) -> dict[str, Any] | None:
    """At the start of each round."""
    if isinstance(event, RoundStarted):
        return {}
    return None


def _about_holder(kind: type, field: str,
                  context: Callable[[Any], dict[str, Any]]) -> TriggerFn:
    """A trigger for events of ``kind`` whose ``field`` names the holder itself."""
    def matches(game: Game, holder: int, ability: Ability, event: Event) -> dict[str, Any] | None:
        if isinstance(event, kind) and getattr(event, field) == holder:
            return context(event)
        return None
    return matches


_attacks = _about_holder(Attacked, "attacker",
                         lambda e: {"subject": e.target, "attacker": e.attacker})
_attacked = _about_holder(Attacked, "target",
                          lambda e: {"attacker": e.attacker, "subject": e.attacker})
_enters = _about_holder(PermanentPlaced, "permanent", lambda e: {})
_dies = _about_holder(Destroyed, "permanent", lambda e: {"tile": e.tile})
_damaged = _about_holder(DamageDealt, "target",
                         lambda e: {"attacker": e.source, "subject": e.source})
_activated = _about_holder(Activated, "permanent", lambda e: {})


def _equipped_attacks(game: Game, holder: int, ability: Ability,
                      event: Event) -> dict[str, Any] | None:
    if isinstance(event, Attacked) and event.attacker == game.container_of(holder) != 0:
        return {"subject": event.target, "attacker": event.attacker}
    return None


def _unit_dies(game: Game, holder: int, ability: Ability, event: Event) -> dict[str, Any] | None:
    if isinstance(event, Destroyed) and event.permanent != holder:
        definition = game.card(event.permanent)
        if definition.is_unit:
            who = ability.condition.get("controller")
            mine = event.controller == game.controller(holder)
            if who == "enemy" and mine or who == "own" and not mine:
                return None
            return {"subject": event.permanent}
    return None


for _name, _fn in (("upkeep", _own_upkeep), ("attacks", _attacks),
                   ("equipped_attacks", _equipped_attacks), ("attacked", _attacked),
                   ("enters", _enters), ("dies", _dies), ("unit_dies", _unit_dies),
                   ("damaged", _damaged), ("activated", _activated),
                   ("turn_end", _own_turn_end), ("turn_start", _own_turn_start),
                   ("round_start", _round_start)):
    TRIGGERS.add(_name, _fn)
