"""Actions: small frozen values, the only way anything changes a game.

``Game.legal_actions(player)`` lists them, ``Game.apply(action)`` performs one. Each
action has a readable text form (``str(action)``) and a JSON form (``to_json`` /
``from_json``) used by saves and replays. Entities are referred to by their ids and tiles
by ``(x, y)``; players by their index (0-based, shown 1-based).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ..geometry import Tile
from .frozen import quick_init

ACTION_TYPES: dict[str, type[Action]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    player: int

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            data[f.name] = value
        return data

    def __str__(self) -> str:
        parts = []
        for f in fields(self):
            if f.name == "player":
                continue
            value = getattr(self, f.name)
            if value is None or value == () or value is False:
                continue
            parts.append(f"{f.name}={_show(value)}")
        tail = (" " + " ".join(parts)) if parts else ""
        return f"P{self.player + 1} {self.kind}{tail}"


def _show(value: Any) -> str:
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"({value[0]},{value[1]})"
    if isinstance(value, tuple):
        return "[" + ",".join(_show(v) for v in value) + "]"
    if value is True:
        return "yes"
    return str(value)


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


class ActionFormatError(ValueError):
    """A saved or received action that is not well-formed."""


def action_from_json(data: Any) -> Action:
    """Rebuild an action from its JSON form; raises ``ActionFormatError`` if malformed."""
    if not isinstance(data, dict):
        raise ActionFormatError(f"expected an object for an action, found {type(data).__name__}")
    kind = data.get("kind")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ActionFormatError(f"unknown action kind {kind!r}")
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            raise ActionFormatError(f"action {kind!r} lacks field {f.name!r}")
        value = _tuplify(data[f.name])
        if not _json_value_ok(value):
            raise ActionFormatError(f"action {kind!r} field {f.name!r} has bad value {value!r}")
        kwargs[f.name] = value
    extra = set(data) - {f.name for f in fields(cls)} - {"kind"}
    if extra:
        raise ActionFormatError(f"action {kind!r} has unknown fields {sorted(extra)}")
    try:
        return cls(**kwargs)
    except TypeError as exc:  # pragma: no cover - fields checked above
        raise ActionFormatError(str(exc)) from None


def _json_value_ok(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, tuple):
        return all(_json_value_ok(v) for v in value)
    return False


# --- draft and turn structure -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DraftPick(Action):
    """Take ``card`` from the pack you hold (rule Drafting 3)."""

    card: int
    kind: ClassVar[str] = "draft_pick"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass priority without declaring an action (rule Priority 2)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Disband(Action):
    """Declare a unit you will not pay for this upkeep (rule Upkeep 3.2)."""

    unit: int
    kind: ClassVar[str] = "disband"


@dataclass(frozen=True, slots=True)
class PayUpkeep(Action):
    """Declare the upkeep action with the units disbanded so far (rule Upkeep 3)."""

    kind: ClassVar[str] = "pay_upkeep"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy a card from your store (rule Buying)."""

    card: int
    kind: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard step: put a card from your hand onto your discard pile."""

    card: int
    kind: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the discard step and with it your turn."""

    kind: ClassVar[str] = "end_turn"


# --- cards and permanents -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from your hand paying its playing cost (rule Actions 7).

    Permanents name the ``tile`` they are played onto; an equipment may instead be
    played ``equip_next`` (rule Equipments 6). Spells name their ``targets``.
    """

    card: int
    tile: Tile | None = None
    targets: tuple[Any, ...] = ()
    equip_next: bool = False
    kind: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Select an untapped permanent you control to act with it (rule Action Phase 2)."""

    permanent: int
    kind: ClassVar[str] = "activate"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Use the unit's move action to move to ``tile`` (rule Movement)."""

    unit: int
    tile: Tile
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class StreetMove(Action):
    """The street's additional move action along connected streets (tiles: street)."""

    unit: int
    tile: Tile
    kind: ClassVar[str] = "street_move"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Use the unit's attack action against a permanent in its range (rule Combat)."""

    unit: int
    target: int
    kind: ClassVar[str] = "attack"


@dataclass(frozen=True, slots=True)
class FullAction(Action):
    """Use a full action: the card's own (``source="card"``) or a tile's."""

    unit: int
    source: str = "card"
    targets: tuple[Any, ...] = ()
    kind: ClassVar[str] = "full_action"


@dataclass(frozen=True, slots=True)
class Transport(Action):
    """Full action: carry an adjacent artifact, moving to ``tile`` and placing the
    artifact on ``drop`` next to the unit (rule Artifacts 4)."""

    unit: int
    artifact: int
    tile: Tile
    drop: Tile
    kind: ClassVar[str] = "transport"


@dataclass(frozen=True, slots=True)
class Switch(Action):
    """Move action: change tiles with an adjacent artifact (rule Artifacts 5)."""

    unit: int
    artifact: int
    kind: ClassVar[str] = "switch"


@dataclass(frozen=True, slots=True)
class Equip(Action):
    """Equip an adjacent equipment using the move or the attack action (rule Equipments 8)."""

    unit: int
    equipment: int
    using: str
    kind: ClassVar[str] = "equip"


@dataclass(frozen=True, slots=True)
class ShakeOff(Action):
    """Spend the move or attack action to remove one paralysis mark (rule Paralysis 3)."""

    unit: int
    using: str
    kind: ClassVar[str] = "shake_off"


@dataclass(frozen=True, slots=True)
class UseFreeAction(Action):
    """A free action of a card or permanent (rule Free Actions): pay, then resolve."""

    source: int
    index: int = 0
    targets: tuple[Any, ...] = ()
    kind: ClassVar[str] = "free_action"


@dataclass(frozen=True, slots=True)
class DiscardForResource(Action):
    """Every player's free action "discard 2 cards: gain 1 resource" (rule Cards 5)."""

    first: int
    second: int
    kind: ClassVar[str] = "discard_for_resource"


@dataclass(frozen=True, slots=True)
class DeclareTrigger(Action):
    """Declare the targets of your next triggered action (rule Actions 5)."""

    targets: tuple[Any, ...] = ()
    kind: ClassVar[str] = "declare_trigger"


@dataclass(frozen=True, slots=True)
class DeclareTriggerFirst(Action):
    """Rule Actions 5: of your triggered actions set off together, declare this one next
    (``trigger``: its place among the waiting ones, ``game.pending``) with ``targets``."""

    trigger: int
    targets: tuple[Any, ...] = ()
    kind: ClassVar[str] = "declare_trigger_first"


# --- decisions the rules leave to a player (``core.choices``) ---------------------------


@dataclass(frozen=True, slots=True)
class LeaveUnpaid(Action):
    """Upkeep shortfall (rules Upkeep 3.3-3.4): ``unit`` stays unpaid and is destroyed
    when the upkeep action finishes; asked one unit at a time until the rest can be paid."""

    unit: int
    kind: ClassVar[str] = "leave_unpaid"


@dataclass(frozen=True, slots=True)
class PlaceDropped(Action):
    """Rule Permanent Piles 5: put ``permanent`` of a dropped pile on ``tile``, an
    available tile in range 1 of where the pile was."""

    permanent: int
    tile: Tile
    kind: ClassVar[str] = "place_dropped"


@dataclass(frozen=True, slots=True)
class DiscardToPay(Action):
    """A cost that discards cards: ``card`` from your hand is one of them (asked one card
    at a time; the action is declared once they are all named)."""

    card: int
    kind: ClassVar[str] = "discard_to_pay"


# --- the duel (ruleset ``duel``) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mulligan(Action):
    """Duel: before the first turn, put up to two cards of your opening hand back and
    draw as many others (no cards: keep the hand)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "mulligan"


@dataclass(frozen=True, slots=True)
class Replace(Action):
    """Duel: once a turn, shuffle a card from your hand into your deck and draw another."""

    card: int
    kind: ClassVar[str] = "replace"


@dataclass(frozen=True, slots=True)
class Bloodbound(Action):
    """Duel: cast your general's bloodbound spell (when it is ready)."""

    targets: tuple[Any, ...] = ()
    kind: ClassVar[str] = "bloodbound"


for _cls in (DraftPick, Pass, Disband, PayUpkeep, Buy, Discard, EndTurn, PlayCard, Activate,
             Move, StreetMove, Attack, FullAction, Transport, Switch, Equip, ShakeOff,
             UseFreeAction, DiscardForResource, DeclareTrigger, DeclareTriggerFirst, LeaveUnpaid,
             PlaceDropped,
             DiscardToPay, Mulligan, Replace, Bloodbound):
    ACTION_TYPES[_cls.kind] = _cls
    quick_init(_cls)
