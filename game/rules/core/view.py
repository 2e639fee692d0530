"""The public read API: frozen records of what a game holds, for the client, the computer
players, the tests and modders' tools.

Nothing outside ``game/rules/`` reads esper components: it asks ``game.view(entity)`` (one
card, wherever it is) and the few bulk queries of ``Game`` (``permanents``, ``marks_by_bearer``).
A view is a copy: it never changes when the game does, and changing the game goes through
``apply`` (or, for scenarios and tools, ``Game.edit``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import esper

from ..cards import CardDef
from ..components import Body, Card, Mark, OnMap, Zone
from ..geometry import Tile
from . import board, zones
from .state import PlayerState

if TYPE_CHECKING:
    from ..rulesets.base import Ruleset
    from .events import Event
    from .game import Game


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
    #: done for now, as its ruleset says (Muhq: tapped; the duel: can neither move nor
    #: attack until its player's next turn, like a minion just summoned without Rush)
    exhausted: bool = False

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


@dataclass(frozen=True, slots=True)
class Meter:
    """One of a player's numbers as the ruleset counts them (Muhq: resource and points; the
    duel: mana, the bloodbound spell, the replace, MECHAZ0R! progress, the general's
    health), read through ``Game.meters``. Its name and hint are the locale lines
    ``meter.<key>.name`` and ``meter.<key>.hint``."""

    key: str
    value: int
    #: what it is refilled to now (mana capacity); 0: no such bound
    capacity: int = 0
    #: the most it can ever be (mana: 9); 0: no bound
    limit: int = 0
    #: the player's own turns until it comes back (a bloodbound spell used or not yet
    #: ready); 0: nothing to wait for
    wait: int = 0
    #: the card it stands for (the bloodbound spell), 0: none
    card: int = 0


@dataclass(frozen=True, slots=True)
class Preview:
    """What an action would do if every other player let it happen (``Game.preview``):
    the damage each permanent would take (a negative number: healed) and which
    permanents would leave the map. ``chance``: a random draw took part, so the numbers
    are only one of the ways it could go and are left out."""

    damage: tuple[tuple[int, int], ...] = ()
    destroyed: tuple[int, ...] = ()
    chance: bool = False

    def damage_to(self, entity: int) -> int:
        for who, amount in self.damage:
            if who == entity:
                return amount
        return 0


#: fields ``Game.edit`` may set, and the component each lives in
EDITABLE_BODY = frozenset({"damage", "moves", "attacks", "street_moves", "durability",
                           "fight_push"})
EDITABLE_ON_MAP = frozenset({"tapped"})


class ViewQueries:
    """The public read API of ``Game`` (mixed into it): views, bulk queries, and the two
    direct edits that scenarios, tools and computer players need."""

    players: list[PlayerState]
    piles: dict[int, list[int]]
    places: dict[int, tuple[Zone, int]]
    legal_cache: Any
    dirty: bool
    version: int
    ruleset: Ruleset

    if TYPE_CHECKING:  # provided by the other parts of Game
        def enter(self) -> None:
            ...

        def tile_of(self, entity: int) -> Tile | None:
            ...

        def container_of(self, entity: int) -> int:
            ...

        def health(self, entity: int) -> int:
            ...

        def movement(self, entity: int) -> int:
            ...

        def attack_profile(self, entity: int) -> dict[int, int]:
            ...

        def marks_on(self, bearer: int) -> dict[str, int]:
            ...

        def is_on_map(self, entity: int) -> bool:
            ...

    def view(self, entity: int) -> EntityView:
        """A frozen record of one card: the printed card and its live state."""
        self.enter()
        card = esper.component_for_entity(entity, Card)
        on_map = esper.try_component(entity, OnMap)
        body = esper.try_component(entity, Body)
        fighter = on_map is not None and card.definition.is_fighter
        return EntityView(
            entity=entity, card=card.definition, owner=card.owner,
            controller=on_map.controller if on_map is not None else card.owner,
            zone=self.places[entity][0], token=card.token, on_map=on_map is not None,
            tile=self.tile_of(entity), container=self.container_of(entity),
            pile=tuple(self.piles.get(entity, ())),
            tapped=on_map.tapped if on_map is not None else False,
            damage=body.damage if body is not None else 0,
            health=self.health(entity) if on_map is not None else card.definition.health,
            movement=self.movement(entity) if fighter else card.definition.movement,
            attack=tuple(sorted(self.ruleset.attack_profile(cast("Game", self), entity).items()))
            if on_map else (),
            moves_left=body.moves if body is not None else 0,
            attacks_left=body.attacks if body is not None else 0,
            street_moves_left=body.street_moves if body is not None else 0,
            durability=body.durability if body is not None else card.definition.durability,
            fight_push=body.fight_push if body is not None else 0,
            marks=tuple(sorted(self.marks_on(entity).items())),
            exhausted=on_map is not None and self.ruleset.exhausted(cast("Game", self), entity),
        )

    def exists(self, entity: int) -> bool:
        """Is ``entity`` a card of this game (a token that left the map no longer is)?"""
        self.enter()
        return esper.entity_exists(entity) and esper.has_component(entity, Card)

    def cards(self) -> list[int]:
        """Every card of the game, wherever it is, in entity order."""
        self.enter()
        return sorted(e for e, _ in esper.get_component(Card))

    def permanents(self) -> list[int]:
        """Every permanent on the map (piled ones included), in entity order."""
        self.enter()
        return sorted(e for e, _ in esper.get_component(OnMap))

    def marks_by_bearer(self) -> dict[int, tuple[tuple[str, int], ...]]:
        """(kind, count) of the marks on every bearer that has some, sorted by kind."""
        self.enter()
        found: dict[int, list[tuple[str, int]]] = {}
        for _, mark in esper.get_component(Mark):
            if mark.count > 0 and mark.tile is None:
                found.setdefault(mark.bearer, []).append((mark.kind, mark.count))
        return {bearer: tuple(sorted(marks)) for bearer, marks in found.items()}

    def marks_by_tile(self) -> dict[Tile, tuple[tuple[str, int], ...]]:
        """(kind, count) of the marks on every tile that has some, sorted by kind."""
        self.enter()
        found: dict[Tile, list[tuple[str, int]]] = {}
        for _, mark in esper.get_component(Mark):
            if mark.count > 0 and mark.tile is not None:
                found.setdefault(mark.tile, []).append((mark.kind, mark.count))
        return {tile: tuple(sorted(marks)) for tile, marks in found.items()}

    # --- what a player sees, for rulesets with vision (the skirmish)

    def visible_permanents(self, viewer: int) -> list[int]:
        """The permanents ``viewer`` sees, in entity order: every one, unless the ruleset
        hides some (the skirmish's vision). The window draws these and no others."""
        self.enter()
        everything = self.permanents()
        if self.ruleset.sees is None:
            return everything
        seen = self.ruleset.sees(cast("Game", self), viewer)
        return [e for e in everything if e in seen]

    def visible_tiles(self, viewer: int) -> frozenset[Tile] | None:
        """The tiles ``viewer`` sees now, or None when the ruleset hides nothing (every
        tile is seen). The window darkens the others."""
        if self.ruleset.sight is None:
            return None
        self.enter()
        return self.ruleset.sight(cast("Game", self), viewer)

    def sensed_tiles(self, viewer: int) -> frozenset[Tile]:
        """The tiles where ``viewer`` knows an enemy stands without seeing it (an
        "unknown enemy"; the skirmish's sense enemies). The window marks them."""
        if self.ruleset.sensed is None:
            return frozenset()
        self.enter()
        return self.ruleset.sensed(cast("Game", self), viewer)

    def line_of_sight(self, unit: int, tile: Tile) -> bool | None:
        """Is the unit's line of sight to ``tile`` clear (None: the ruleset has none, or
        won't tell for that tile)? The window shows it for the tile under the mouse."""
        if self.ruleset.line_of_sight is None:
            return None
        self.enter()
        return self.ruleset.line_of_sight(cast("Game", self), unit, tile)

    def route(self, unit: int, tile: Tile) -> tuple[int, tuple[Tile, ...]] | None:
        """How the unit's move to ``tile`` would go now: the points it costs and the
        tiles stepped on (None when it can't get there, or the ruleset counts no points)."""
        if self.ruleset.route is None:
            return None
        self.enter()
        return self.ruleset.route(cast("Game", self), unit, tile)

    def seen_event(self, event: Event, viewer: int) -> Event | None:
        """``event`` as ``viewer`` may know it now (None: not at all); every event as it is
        unless the ruleset hides things."""
        if self.ruleset.conceal is None:
            return event
        self.enter()
        return self.ruleset.conceal(cast("Game", self), event, viewer)

    def sees_all(self, viewer: int) -> bool:
        """Whether ``viewer`` sees every permanent on the board, so that ``hide_unseen``
        would take nothing off (a ruleset without vision: always)."""
        if self.ruleset.sees is None:
            return True
        self.enter()
        seen = self.ruleset.sees(cast("Game", self), viewer)
        return all(entity in seen or not self.exists(entity) or not self.is_on_map(entity)
                   for entity in self.permanents())

    def hide_unseen(self, viewer: int) -> None:
        """Take every permanent ``viewer`` does not see off the board, without a trace
        (no event, no discard pile): what a computer player searches when it may only
        know what it sees. Only ever inside a ``snapshot``/``restore`` pair, like
        ``arrange_hidden``: the position it leaves is not one the rules reach."""
        if self.ruleset.sees is None:
            return
        self.enter()
        seen = self.ruleset.sees(cast("Game", self), viewer)
        for entity in self.permanents():
            if entity not in seen and self.exists(entity) and self.is_on_map(entity):
                board.vanish(cast("Game", self), entity)
        self.legal_cache = None
        self.dirty = True
        self.version += 1

    def edit(self, entity: int, **fields: int | bool) -> None:
        """Set a permanent's live state directly, outside the rules: for scenarios, tests
        and tools only (``damage``, ``moves``, ``attacks``, ``street_moves``,
        ``durability``, ``fight_push``, ``tapped``). Play changes a game through ``apply``."""
        self.enter()
        for name, value in fields.items():
            if name in EDITABLE_BODY:
                setattr(esper.component_for_entity(entity, Body), name, int(value))
            elif name in EDITABLE_ON_MAP:
                setattr(esper.component_for_entity(entity, OnMap), name, bool(value))
            else:
                raise ValueError(f"edit: {name!r} is not an editable field of a permanent")
        self.legal_cache = None
        self.dirty = True
        self.version += 1

    def arrange_hidden(self, player: int, hand: list[int], deck: list[int]) -> None:
        """Put exactly ``hand`` in the player's hand and ``deck`` (bottom first) in their
        deck: the same cards the two zones hold now, in any split and order. Computer
        players use it to re-deal what they cannot see (determinization)."""
        self.enter()
        state = self.players[player]
        if sorted(hand + deck) != sorted(state.hand + state.deck):
            raise ValueError("arrange_hidden: the cards must be those of the hand and deck")
        game = cast("Game", self)
        zones.arrange(game, player, Zone.HAND, hand)
        zones.arrange(game, player, Zone.DECK, deck)
        self.legal_cache = None
        self.version += 1

    # --- characteristics, with granted effects and equipment (rule Units 11, 15)
