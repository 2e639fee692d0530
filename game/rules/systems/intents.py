"""Intents: short-lived components that a resolving action leaves on an entity for a
system to carry out. A system removes each intent it consumes, so none survives the step
that made it (they never reach a snapshot, a hash or a save)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import esper

from ..geometry import Tile

if TYPE_CHECKING:
    from ..core.game import Game

I = TypeVar("I")  # noqa: E741 - the intent's type


class IntentSystem(esper.Processor, Generic[I]):
    """Carries out the intents of one kind in entity order: each is taken off its entity,
    then ``act(game, entity, intent)`` does what it asks. The movement and combat systems
    of every ruleset are this with their own ``act``."""

    def __init__(self, game: Game, kind: type[I], act: Callable[[Game, int, I], Any]) -> None:
        self.game = game
        self.kind = kind
        self.act = act

    def process(self) -> None:
        pending = esper.get_component(self.kind)
        if not pending:
            return
        for entity, intent in sorted(pending, key=lambda item: item[0]):
            esper.remove_component(entity, self.kind)
            self.act(self.game, entity, intent)


@dataclass(slots=True)
class MoveIntent:
    """The permanent goes to ``tile``; onto a friendly unit there it joins its crew."""

    tile: Tile


@dataclass(slots=True)
class AttackIntent:
    """The permanent fights ``target`` (rule Combat)."""

    target: int


@dataclass(slots=True)
class UpkeepIntent:
    """Its controller's upkeep action resolves for this unit: it is disbanded, or paid
    for or destroyed (rule Upkeep 3.3)."""

    disband: bool
