"""The fleet's actions (small frozen values, like every action; registered with the
others so saves and replays read them). Moves are declared one ship at a time, then
confirmed, so that the list of legal actions stays short."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import ACTION_TYPES, Action
from ...geometry import Tile


@dataclass(frozen=True, slots=True)
class PickStrategy(Action):
    """Strategy phase: take one of the strategies left (its number)."""

    strategy: int
    kind: ClassVar[str] = "pick_strategy"


@dataclass(frozen=True, slots=True)
class Redeploy(Action):
    """The Redeploy strategy: move one of your ships to an adjacent system (ability
    movement, rules 58.8-58.9; ``ship`` 0: don't)."""

    ship: int = 0
    tile: Tile | None = None
    kind: ClassVar[str] = "redeploy"


@dataclass(frozen=True, slots=True)
class ActivateSystem(Action):
    """Tactical action, step 1 (rules 5, 89): put a command token from your tactic pool
    into a system holding none of yours; it is the active system."""

    tile: Tile
    kind: ClassVar[str] = "activate_system"


@dataclass(frozen=True, slots=True)
class PassRound(Action):
    """Action phase: take no more actions this round."""

    kind: ClassVar[str] = "pass_round"


@dataclass(frozen=True, slots=True)
class DeclareMove(Action):
    """Movement (rule 58.6): declare that ``ship`` moves along ``path`` (the systems it
    enters, the active system last). Nothing moves until the moves are confirmed."""

    ship: int
    path: tuple[Tile, ...]
    kind: ClassVar[str] = "declare_move"


@dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Take back the declaration of ``ship`` (and what it was to transport)."""

    ship: int
    kind: ClassVar[str] = "withdraw"


@dataclass(frozen=True, slots=True)
class Load(Action):
    """Transport (rules 58.5, 95): the declared ``ship`` picks ``unit`` up on its way."""

    ship: int
    unit: int
    kind: ClassVar[str] = "load"


@dataclass(frozen=True, slots=True)
class Confirm(Action):
    """Every declared ship moves now; they arrive together (rule 58.6)."""

    kind: ClassVar[str] = "confirm_moves"


@dataclass(frozen=True, slots=True)
class FireCannon(Action):
    """Space cannon offense (rule 77): fire every eligible unit at ``target``'s ships."""

    target: int
    kind: ClassVar[str] = "fire_cannon"


@dataclass(frozen=True, slots=True)
class HoldFire(Action):
    """Space cannon offense: don't fire."""

    kind: ClassVar[str] = "hold_fire"


@dataclass(frozen=True, slots=True)
class TakeHit(Action):
    """Assign one hit to one of your units (a unit with health left beyond it is only
    damaged)."""

    unit: int
    kind: ClassVar[str] = "take_hit"


@dataclass(frozen=True, slots=True)
class RemoveUnit(Action):
    """Capacity and fleet pool (rules 16, 76): remove one unit from a system holding more
    than its ships may carry or your fleet pool allows."""

    unit: int
    kind: ClassVar[str] = "remove_unit"


@dataclass(frozen=True, slots=True)
class Land(Action):
    """Invasion: commit a ground force in the active system's space area to its planet."""

    unit: int
    kind: ClassVar[str] = "land"


@dataclass(frozen=True, slots=True)
class EndLanding(Action):
    """Invasion: the committed ground forces land (none: no invasion)."""

    kind: ClassVar[str] = "end_landing"


@dataclass(frozen=True, slots=True)
class Produce(Action):
    """Production: build a unit (by card name) in your home system."""

    card: str
    kind: ClassVar[str] = "produce"


@dataclass(frozen=True, slots=True)
class EndTactic(Action):
    """End the tactical action (production done)."""

    kind: ClassVar[str] = "end_tactic"


@dataclass(frozen=True, slots=True)
class GainToken(Action):
    """Status phase: put a new command token into the ``tactic`` or ``fleet`` pool."""

    pool: str
    kind: ClassVar[str] = "gain_token"


FLEET_ACTIONS: tuple[type[Action], ...] = (
    PickStrategy, Redeploy, ActivateSystem, PassRound, DeclareMove, Withdraw, Load, Confirm,
    FireCannon, HoldFire, TakeHit, RemoveUnit, Land, EndLanding, Produce, EndTactic,
    GainToken)

for _cls in FLEET_ACTIONS:
    ACTION_TYPES[_cls.kind] = _cls
