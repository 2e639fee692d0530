"""Intents: short-lived components that a resolving action leaves on an entity for a
system to carry out. A system removes each intent it consumes, so none survives the step
that made it (they never reach a snapshot, a hash or a save)."""

from __future__ import annotations

from dataclasses import dataclass

from ..geometry import Tile


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
