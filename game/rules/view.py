"""The public read API: frozen records of what a game holds, for the client, the computer
players, the tests and modders' tools.

Nothing outside ``game/rules/`` reads esper components: it asks ``game.view(entity)`` (one
card, wherever it is) and the few bulk queries of ``Game`` (``permanents``, ``marks_by_bearer``).
A view is a copy: it never changes when the game does, and changing the game goes through
``apply`` (or, for scenarios and tools, ``Game.edit``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardDef
from .components import Zone
from .geometry import Tile


@dataclass(frozen=True, slots=True)
class EntityView:
    """One card as the game holds it now: printed card plus live state.

    Fields about the map (``tile``, ``damage``, ``tapped``, ``moves_left``...) are empty or
    zero for a card that is not on the map."""

    entity: int
    card: CardDef
    owner: int
    controller: int
    zone: Zone
    token: bool
    on_map: bool
    #: the permanent's tile; a piled permanent has its container's (rule Piles 3)
    tile: Tile | None
    #: the permanent this one is piled on (0: none), and the permanents piled on this one
    container: int
    pile: tuple[int, ...]
    tapped: bool
    damage: int
    health: int
    movement: int
    #: attack per range with the pile's attacks added (rule Units 15.1): ((range, attack), ...)
    attack: tuple[tuple[int, int], ...]
    moves_left: int
    attacks_left: int
    street_moves_left: int
    durability: int
    #: a push granted for the current fight only (Charger)
    fight_push: int
    #: (mark kind, count) of every mark on it, sorted by kind
    marks: tuple[tuple[str, int], ...]

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def health_left(self) -> int:
        """Damage it can still take and live (a unit dies with more damage than health)."""
        return self.health - self.damage

    @property
    def attack_range(self) -> int:
        return max((r for r, _ in self.attack), default=0)

    def attack_at(self, reach: int) -> int:
        """Its attack against a target at range ``reach`` (0 when out of reach)."""
        for r, amount in self.attack:
            if r == reach:
                return amount
        return 0

    def mark(self, kind: str) -> int:
        """How many marks of ``kind`` it carries."""
        for name, count in self.marks:
            if name == kind:
                return count
        return 0


#: fields ``Game.edit`` may set, and the component each lives in
EDITABLE_BODY = frozenset({"damage", "moves", "attacks", "street_moves", "durability",
                           "fight_push"})
EDITABLE_ON_MAP = frozenset({"tapped"})
