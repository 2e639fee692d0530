"""The game's read queries (rules Units 11 and 15, Piles 3, Range): what a card is, where
it is, who controls it, and its characteristics with granted effects, passives and its
pile. ``Game`` inherits them; they read the current esper world (see ``Game.enter``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

import esper

from .. import marks as mk
from .. import passives as psv
from ..cards import CardDef
from ..components import AtStore, Body, Card, Granted, Mark, OnMap, Zone
from ..geometry import Geometry, Tile
from ..tiles import TILE_TYPES, TileType
from .state import Phase, PlayerState

if TYPE_CHECKING:
    from ..mapmodel import MapSpec
    from ..rulesets.base import Ruleset
    from .game import Game
    from .state import PendingChoice, PendingTrigger


class Queries:
    """Read-only questions about the position, shared by every ruleset."""

    map: MapSpec
    ruleset: Ruleset
    places: dict[int, tuple[Zone, int]]
    geometry: Geometry
    cell_index: Mapping[Tile, int]
    tiles: list[str]
    board: dict[Tile, int]
    piles: dict[int, list[int]]
    players: list[PlayerState]
    phase: Phase
    priority: int
    active: int
    stack: list[Any]
    pending: list[PendingTrigger]
    choices: list[PendingChoice]
    defs: dict[int, CardDef]
    version: int
    roster_version: int
    controlled_cache: tuple[int, dict[int, list[int]]]
    passives_cache: tuple[int, list[tuple[int, Any]]]
    caches: dict[str, tuple[int, Any]]

    def card(self, entity: int) -> CardDef:
        definition = self.defs.get(entity)
        if definition is None:
            definition = esper.component_for_entity(entity, Card).definition
            self.defs[entity] = definition
        return definition

    def owner(self, entity: int) -> int:
        return esper.component_for_entity(entity, Card).owner

    def controller(self, entity: int) -> int:
        on_map = esper.try_component(entity, OnMap)
        if on_map is not None:
            return on_map.controller
        return esper.component_for_entity(entity, Card).owner

    def zone(self, entity: int) -> Zone:
        return self.places[entity][0]

    def is_on_map(self, entity: int) -> bool:
        return esper.entity_exists(entity) and esper.has_component(entity, OnMap)

    def tile_of(self, entity: int) -> Tile | None:
        """The permanent's tile; a piled permanent has its container's (rule Piles 3)."""
        on_map = esper.try_component(entity, OnMap)
        if on_map is None:
            return None
        if on_map.tile is not None:
            return on_map.tile
        container = self.container_of(entity)
        return self.tile_of(container) if container else None

    def container_of(self, entity: int) -> int:
        """The permanent whose pile holds ``entity`` (0 when it is in none)."""
        for container, members in self.piles.items():
            if entity in members:
                return container
        return 0

    def pile(self, entity: int) -> list[int]:
        return self.piles.get(entity, [])

    def permanent_at(self, tile: Tile) -> int:
        return self.board.get(tile, 0)

    def tile_kind(self, tile: Tile) -> TileType:
        return TILE_TYPES[self.tiles[self.cell_index[tile]]]

    def on_board(self, tile: Tile) -> bool:
        return tile in self.cell_index

    def controlled_permanents(self, player: int) -> list[int]:
        """The permanents ``player`` controls, in entity order (cached per position)."""
        cache = self.controlled_cache
        if cache[0] != self.roster_version:
            cache = self.controlled_cache = (self.roster_version, {})
        found = cache[1].get(player)
        if found is None:
            found = cache[1][player] = sorted(
                e for e, m in esper.get_component(OnMap) if m.controller == player)
        return found

    def controlled_printed(self, player: int, name: str,
                           printed: Callable[[CardDef], object]) -> list[int]:
        """The permanents ``player`` controls whose printed card passes ``printed``, in
        entity order; kept under ``name`` while ``roster_version`` is unchanged (what is
        printed on a card never changes)."""
        known = self.caches.get(name)
        if known is None or known[0] != self.roster_version:
            known = self.caches[name] = (self.roster_version, {})
        found: list[int] | None = known[1].get(player)
        if found is None:
            found = known[1][player] = [e for e in self.controlled_permanents(player)
                                        if printed(self.card(e))]
        return found

    def units(self) -> list[int]:
        return sorted(e for e, m in esper.get_component(OnMap) if self.card(e).is_unit)

    def is_enemy(self, entity: int, player: int) -> bool:
        return self.controller(entity) != player

    def marks(self, bearer: int, kind: str) -> int:
        for _, mark in esper.get_component(Mark):
            if mark.bearer == bearer and mark.kind == kind and mark.tile is None:
                return mark.count
        return 0

    def marks_on(self, bearer: int) -> dict[str, int]:
        return {m.kind: m.count for _, m in esper.get_component(Mark)
                if m.bearer == bearer and m.tile is None}

    def tile_marks(self, tile: Tile) -> dict[str, int]:
        """The marks on a tile, by kind."""
        return {m.kind: m.count for _, m in esper.get_component(Mark) if m.tile == tile}

    def occupants(self, tile: Tile) -> list[int]:
        """Every permanent standing on ``tile`` (not those piled on them), in entity order:
        one at most, or several where the ruleset's occupancy allows."""
        if self.ruleset.occupancy == 1:
            found = self.board.get(tile, 0)
            return [found] if found else []
        return sorted(e for e, m in esper.get_component(OnMap) if m.tile == tile)

    def store_stock(self, tile: Tile) -> list[int]:
        """The cards still lying at a map store (empty once it is neutralized)."""
        return sorted(e for e, at in esper.get_component(AtStore) if at.tile == tile)

    def counter(self, player: int, name: str) -> int:
        """One of ``player``'s named counters (0 when it was never set)."""
        return self.players[player].counters.get(name, 0)

    # --- the public read API (game/rules/view.py)

    def passive_sources(self) -> list[tuple[int, Any]]:
        """(permanent, passive spec) of every passive on the map (cached per position)."""
        cache = self.passives_cache
        if cache[0] != self.roster_version:
            found = []
            silenced = mk.silenced()
            for entity, _ in esper.get_component(OnMap):
                if entity in silenced:
                    continue
                for passive in self.card(entity).passives:
                    found.append((entity, passive))
            found.sort(key=lambda item: item[0])
            cache = self.passives_cache = (self.roster_version, found)
        return cache[1]

    def bonuses(self, entity: int, stat: str) -> int:
        total = 0
        granted_effects = esper.get_component(Granted)
        if granted_effects:
            what = "stat:" + stat
            for _, granted in granted_effects:
                if granted.target == entity and granted.what == what:
                    total += granted.value
        # (``cast``: Queries is only ever mixed into Game, whose type the callback takes)
        for source, passive in self.passive_sources():
            if stat in passive.params and psv.PASSIVES[passive.kind].applies(
                    cast("Game", self), source, entity, passive.params):
                total += int(passive.params[stat])
        return total

    def health(self, entity: int) -> int:
        return self.card(entity).health + self.bonuses(entity, "health")

    def damage(self, entity: int) -> int:
        """The damage on a permanent (0 for a card off the map): ``view(entity).damage``
        without the rest of the view."""
        body = esper.try_component(entity, Body)
        return body.damage if body is not None else 0

    def movement(self, entity: int) -> int:
        return max(0, self.card(entity).movement + self.bonuses(entity, "movement"))

    def keyword(self, entity: int, name: str) -> Any:
        """The value of a keyword on a permanent (None when it lacks it)."""
        value = self.card(entity).keywords.get(name)
        if value is not None:
            return value
        granted_effects = esper.get_component(Granted)
        if granted_effects:
            tag = "keyword:" + name
            for _, granted in granted_effects:
                if granted.target == entity and granted.what == tag:
                    return granted.value
        for source, passive in self.passive_sources():
            if passive.params.get("keyword") == name and psv.PASSIVES[passive.kind].applies(
                    cast("Game", self), source, entity, passive.params):
                return passive.params.get("value", True)
        return None

    def keyword_given(self, name: str) -> bool:
        """Does anything but a printed card give permanents the keyword now (a granted
        effect or a passive on the map, the other sources ``keyword`` reads)? When not,
        only cards printed with it have it."""
        tag = "keyword:" + name
        return (any(granted.what == tag for _, granted in esper.get_component(Granted))
                or any(passive.params.get("keyword") == name
                       for _, passive in self.passive_sources()))

    def attack_profile(self, entity: int) -> dict[int, int]:
        """Attack per range of a permanent with its pile (rule Units 15.1): at each range,
        the attacks of the permanent and its piled units reaching that far add up. A tower
        lifts ranges above 1 by one (tiles: tower)."""
        reaches = self._reaches(entity)
        top = max((reach for _, reach in reaches), default=0)
        return {r: sum(a for a, reach in reaches if reach >= r) for r in range(1, top + 1)}

    def attack_range(self, entity: int) -> int:
        """The farthest range of ``attack_profile`` (0: it can't attack)."""
        return max((reach for _, reach in self._reaches(entity)), default=0)

    def _reaches(self, entity: int) -> list[tuple[int, int]]:
        """(attack, range) of the permanent and of each fighter in its pile that can
        attack at all, ranges above 1 lifted by a tower."""
        definition = self.card(entity)
        raw: list[tuple[int, int]] = []
        if definition.is_fighter:
            raw.append((definition.attack + self.bonuses(entity, "attack"),
                        definition.range + self.bonuses(entity, "range")))
        for piled in self.piles.get(entity, ()):
            pd = self.card(piled)
            if pd.is_fighter:
                raw.append((pd.attack + self.bonuses(piled, "attack"),
                            pd.range + self.bonuses(piled, "range")))
        tile = self.tile_of(entity)
        high = tile is not None and self.tile_kind(tile).high_ground
        return [(amount, reach + 1 if high and reach > 1 else reach)
                for amount, reach in raw if amount > 0 and reach > 0]

    # ------------------------------------------------------------------ zones


    def available(self, entity_or_def: int | CardDef, tile: Tile, *, swimming: bool | None = None,
                  ignore: int = 0) -> bool:
        """Is ``tile`` available to the permanent (rule Available Tiles, both sections)?"""
        if tile not in self.cell_index:  # (``on_board``)
            return False
        if self.ruleset.occupancy == 1:
            occupant = self.board.get(tile, 0)
            if occupant and occupant != ignore:
                return False
        elif sum(1 for e in self.occupants(tile) if e != ignore) >= self.ruleset.occupancy:
            return False
        kind = self.tile_kind(tile)
        if swimming is None:
            if isinstance(entity_or_def, CardDef):
                swimming = bool(entity_or_def.keywords.get("swimming"))
            else:
                swimming = bool(self.keyword(entity_or_def, "swimming"))
        return kind.swimmers if swimming else kind.walkers

    def crew_slots(self, entity: int) -> int:
        """Free crew places on a unit (rule Crew X 1)."""
        crew = self.keyword(entity, "crew")
        if not crew:
            return 0
        taken = sum(1 for p in self.piles.get(entity, ()) if self.card(p).is_unit)
        return int(crew) - taken

    # --- who acts

    def live(self) -> list[int]:
        """The players still in the game."""
        return [p.index for p in self.players if not p.eliminated]

    def next_player(self, player: int) -> int:
        """The next live player after ``player`` in turn order."""
        players = self.players
        n = len(players)
        following = (player + 1) % n
        if not players[following].eliminated:
            return following  # (most often: the next seat)
        for step in range(2, n + 1):
            candidate = (player + step) % n
            if not players[candidate].eliminated:
                return candidate
        return player

    @property
    def actor(self) -> int | None:
        """The one player who may act now (None when the game is over)."""
        if self.phase is Phase.OVER:
            return None
        if self.choices:
            return self.choices[0].controller
        if self.pending:
            return self.pending[0].controller
        return self.priority

    def has_priority(self, player: int) -> bool:
        return (self.phase not in (Phase.DRAFT, Phase.DISCARD, Phase.OVER)
                and not self.pending and not self.choices and self.priority == player)

    def can_act_slowly(self, player: int) -> bool:
        """Slow actions: own action phase, empty stack, priority (rules Slow Actions 1)."""
        return (self.phase is Phase.ACTION and player == self.active and not self.stack
                and self.has_priority(player))
