"""Card definitions as the rules engine sees them.

A ``CardDef`` is immutable data: the printed characteristics of a card (rule Cards 1-3)
plus its abilities, each made of registered effects (``game.rules.effects``) and
registered keywords (``game.rules.keywords``). Loading cards from files is the job of
``game.content``; the engine only consumes ``CardDef`` values.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

EMPTY: Mapping[str, Any] = MappingProxyType({})


class CardType(StrEnum):
    SPELL = "spell"
    UNIT = "unit"
    BOSS = "boss"
    ARTIFACT = "artifact"
    EQUIPMENT = "equipment"
    POTION = "potion"
    INTENTION = "intention"


#: Card types whose cards become permanents on the map (rule Permanents).
PERMANENT_TYPES = frozenset(
    {CardType.UNIT, CardType.BOSS, CardType.ARTIFACT, CardType.EQUIPMENT, CardType.POTION}
)
#: Potions are equipments, equipments are artifacts (rules Equipments 1, Potions 1).
ARTIFACT_TYPES = frozenset({CardType.ARTIFACT, CardType.EQUIPMENT, CardType.POTION})
EQUIPMENT_TYPES = frozenset({CardType.EQUIPMENT, CardType.POTION})
#: Unit-like permanents: they have health, move and attack (a boss is not a unit).
FIGHTER_TYPES = frozenset({CardType.UNIT, CardType.BOSS})


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What an ability's target may be: a registered selector and its filters."""

    kind: str  # registered selector name: unit, permanent, tile, ...
    filters: Mapping[str, Any] = field(default_factory=lambda: EMPTY)


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """One registered effect with its parameters.

    ``target`` names what the effect acts on: an index into the ability's declared
    targets (``0``, ``1``...) or a fixed reference such as ``"self"`` or ``"controller"``.
    """

    kind: str
    params: Mapping[str, Any] = field(default_factory=lambda: EMPTY)


@dataclass(frozen=True, slots=True)
class CostSpec:
    """One registered cost of a free action (resource, discard, tap, sacrifice...)."""

    kind: str
    amount: int = 1


@dataclass(frozen=True, slots=True)
class Ability:
    """Targets chosen on declaration, costs paid on declaration, effects on execution."""

    effects: tuple[EffectSpec, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    costs: tuple[CostSpec, ...] = ()
    #: for triggered abilities: the registered trigger event and its condition
    trigger: str = ""
    condition: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    text: str = ""


@dataclass(frozen=True, slots=True)
class CardDef:
    name: str
    type: CardType
    set: str = ""
    attack: int = 0
    range: int = 1
    health: int = 0
    movement: int = 0
    buy: int | None = None
    play: int | None = None
    upkeep: int = 0
    durability: int = 0
    #: registered keyword name -> parameter (True for keywords without one)
    keywords: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    #: what playing a spell (or intention, or using a potion) does
    effect: Ability | None = None
    full_action: Ability | None = None
    free_actions: tuple[Ability, ...] = ()
    triggers: tuple[Ability, ...] = ()
    #: continuous effects: registered passive kinds with parameters
    passives: tuple[EffectSpec, ...] = ()
    names: Mapping[str, str] = field(default_factory=lambda: EMPTY)
    texts: Mapping[str, str] = field(default_factory=lambda: EMPTY)
    token: bool = False
    #: free-form tags (lower-case words) that rulesets, targets and tools may ask for
    tags: frozenset[str] = frozenset()
    source: str = ""
    extra: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    #: the card's earlier forms, oldest first: (the last rules version that plays the
    #: card so, the card then); games of a later version play it as it is (errata)
    before: tuple[tuple[int, CardDef], ...] = ()

    def form_for(self, version: int) -> CardDef:
        """The card as a game of rules ``version`` plays it."""
        for last, form in self.before:
            if version <= last:
                return form
        return self

    # what the card's type makes it, worked out once (every listing of legal actions asks)
    is_permanent: bool = field(init=False, repr=False, compare=False)
    is_unit: bool = field(init=False, repr=False, compare=False)
    is_fighter: bool = field(init=False, repr=False, compare=False)
    is_artifact: bool = field(init=False, repr=False, compare=False)
    is_equipment: bool = field(init=False, repr=False, compare=False)
    #: intentions are spells (rule Intentions 1)
    is_spell: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kind = self.type
        for name, value in (("is_permanent", kind in PERMANENT_TYPES),
                            ("is_unit", kind is CardType.UNIT),
                            ("is_fighter", kind in FIGHTER_TYPES),
                            ("is_artifact", kind in ARTIFACT_TYPES),
                            ("is_equipment", kind in EQUIPMENT_TYPES),
                            ("is_spell", kind in (CardType.SPELL, CardType.INTENTION))):
            object.__setattr__(self, name, value)


class CardLibrary:
    """All card definitions known to a game, by unique name (rule Cards 1.2)."""

    def __init__(self, cards: list[CardDef] | tuple[CardDef, ...] = ()) -> None:
        self._cards: dict[str, CardDef] = {}
        for card in cards:
            self.add(card)

    def add(self, card: CardDef) -> None:
        if card.name in self._cards:
            raise ValueError(f"card name {card.name!r} is defined twice")
        self._cards[card.name] = card

    def __getitem__(self, name: str) -> CardDef:
        try:
            return self._cards[name]
        except KeyError:
            raise KeyError(f"unknown card {name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._cards

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def as_of(self, version: int) -> CardLibrary:
        """The cards as games of rules ``version`` play them: each card in the earliest of
        its earlier forms (``CardDef.before``) whose last version is ``version`` or later,
        else as it is; this library itself when no card changed since."""
        changed = [card.form_for(version) for card in self._cards.values()]
        if all(a is b for a, b in zip(changed, self._cards.values(), strict=True)):
            return self
        return CardLibrary(changed)

    def in_sets(self, sets: list[str] | tuple[str, ...]) -> list[CardDef]:
        return [c for c in self._cards.values() if c.set in sets]
