"""The game: one door in (``apply``), the list of what is allowed (``legal_actions``),
typed events out.

Structure of a turn (rule Player Turns): shuffle, draw, upkeep, action phase, buying
phase, discard step. Declared actions go on the action stack; priority starts with the
active player and goes in turn order; when every player passes in a row the top of the
stack resolves, or, with an empty stack, the phase ends. State-based actions and triggers
are settled before any player receives priority.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import operator
import pickle
import random
from collections.abc import Callable
from typing import Any

import esper

from . import effects as fx
from . import keywords as kw
from . import marks as mk
from . import movement, wincons
from . import passives as psv
from .actions import (
    Action,
    Activate,
    Attack,
    Buy,
    DeclareTrigger,
    Disband,
    Discard,
    DiscardForResource,
    DraftPick,
    EndTurn,
    Equip,
    FullAction,
    Move,
    Pass,
    PayUpkeep,
    PlayCard,
    ShakeOff,
    StreetMove,
    Switch,
    Transport,
    UseFreeAction,
)
from .cards import Ability, CardDef, CardType
from .components import AtStore, Body, Card, Granted, InZone, Mark, OnMap, Piled, Zone
from .draft import fill_pool, parse_draft
from .events import (
    ActionDeclared,
    ActionResolved,
    Activated,
    Attacked,
    CardMoved,
    DamageDealt,
    DamagePrevented,
    Destroyed,
    Event,
    EventBus,
    GameOver,
    MarksChanged,
    PermanentMoved,
    PermanentPlaced,
    PhaseStarted,
    PlayerEliminated,
    PointsChanged,
    ResourceChanged,
    TurnStarted,
)
from .geometry import Tile, direction, distance, range_offsets
from .state import (
    HAND_SIZE,
    GameSetup,
    PendingTrigger,
    Phase,
    PlayerState,
    StackItem,
)
from .tiles import TILE_TYPES
from .view import EDITABLE_BODY, EDITABLE_ON_MAP, EntityView

NEUTRAL = -1


class IllegalAction(ValueError):
    """An action that is not allowed now; the game is left unchanged."""


class Game:
    """One game of Muhq's Game, in its own esper world."""

    _worlds = itertools.count(1)

    # ------------------------------------------------------------------ setup

    def __init__(self, setup: GameSetup) -> None:
        if not 1 <= setup.players <= 5:  # 4 players and a boss side
            raise ValueError(
                f"players: expected 1 to 5 (up to 4 and a boss side), found {setup.players}")
        if setup.map.players and setup.players > setup.map.players:
            raise ValueError(
                f"map {setup.map.name} is for {setup.map.players} players, not {setup.players}"
            )
        self.setup = setup
        self.map = setup.map
        self.library = setup.library
        self.world = f"muhq-{next(Game._worlds)}"
        esper.switch_world(self.world)
        self.rng = random.Random(setup.seed)
        self.tiles: list[str] = list(self.map.tiles)
        self.neighbours = self.map.neighbours()
        self.board: dict[Tile, int] = {}
        self.piles: dict[int, list[int]] = {}
        self.players = [PlayerState(i) for i in range(setup.players)]
        self.neutral = PlayerState(NEUTRAL)
        self.turn = 0
        self.active = 0
        self.phase = Phase.DRAFT
        self.priority = 0
        self.passes = 0
        self.stack: list[StackItem] = []
        self.pending: list[PendingTrigger] = []
        self.activated = 0
        self.winners: tuple[int, ...] = ()
        self.over_reason = ""
        self.history: list[Action] = []
        self.turn_hashes: list[str] = []
        self.bus = EventBus()
        self._events: list[Event] = []
        self._trigger_queue: list[Event] = []
        self._legal: tuple[int, list[Action]] | None = None
        self._defs: dict[int, CardDef] = {}
        self._controlled: tuple[int, dict[int, list[int]]] = (-1, {})
        self._passives: tuple[int, list[tuple[int, Any]]] = (-1, [])
        self._left_map: dict[int, int] = {}  # permanents gone this step -> last controller
        self._dirty = True  # something changed since the state-based actions last ran
        self._version = 0
        # draft state
        self.packs: list[list[int]] = []
        self.held: list[int] = []
        self.draft_round = 0
        self.draft_step = 0
        self.draft_steps = 0
        self.win = wincons.WIN_CONDITIONS[self.map.win.kind]
        esper.add_processor(StateBasedActionSystem(self), priority=20)
        esper.add_processor(TriggerSystem(self), priority=10)
        self._setup_game()

    def enter(self) -> None:
        """Make this game's esper world the current one.

        ``legal_actions``, ``apply``, ``state_hash``, ``snapshot`` and ``restore`` do this
        themselves; the read-only queries (``card``, ``tile_of``, ``marks``...) read the
        current world, so with several games alive, call ``enter()`` before querying."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)

    _enter = enter

    def close(self) -> None:
        """Delete this game's esper world."""
        if self.world in esper.list_worlds():
            if esper.current_world == self.world:
                esper.switch_world("default")
            esper.delete_world(self.world)

    def zones_of(self, player: int) -> PlayerState:
        return self.neutral if player == NEUTRAL else self.players[player]

    def new_card(self, definition: CardDef, owner: int, zone: Zone, player: int | None = None,
                 token: bool = False) -> int:
        """Create a card entity in ``zone`` (of ``player``, by default its owner)."""
        holder = owner if player is None else player
        entity = esper.create_entity(Card(definition, owner, token), InZone(zone, holder))
        self.zones_of(holder).zones[zone].append(entity)
        return entity

    def _setup_game(self) -> None:
        """Rule Game Preparations: map, sets, draft, start decks, stores."""
        for index, name in enumerate(self.tiles):
            wall = TILE_TYPES[name].wall_solid
            if wall:
                tile = (index % self.map.width, index // self.map.width)
                self._place_map_piece(fx.wall_card(wall), tile, NEUTRAL)
        self.map_pieces: list[tuple[str, int, int]] = []  # (card name, player, entity)
        for placement in self.map.placements:
            if placement.player >= len(self.players):
                continue
            entity = self._place_map_piece(self.library[placement.card], placement.tile,
                                           placement.player)
            self.map_pieces.append((placement.card, placement.player, entity))
        self.win.setup(self)
        for player in self.players:
            for name, count in self.map.start_deck:
                for _ in range(count):
                    self.new_card(self.library[name], player.index, Zone.DECK)
            self.rng.shuffle(player.deck)
        self.neutralized: set[Tile] = set()
        if self.setup.store_mode:
            self._stock_map_stores()
            self._start_turn(0, first=True)
        elif self.setup.stores is not None:
            for player, names in zip(self.players, self.setup.stores, strict=False):
                for name in names:
                    self.new_card(self.library[name], player.index, Zone.STORE)
            self._start_turn(0, first=True)
        else:
            self._start_draft()
        self._settle()

    def _place_map_piece(self, definition: CardDef, tile: Tile, player: int) -> int:
        card = self.new_card(definition, player, Zone.MAP)
        self._put_on_map(card, tile, player)
        return card

    def add_permanent(self, definition: CardDef | str, tile: Tile, controller: int,
                      owner: int | None = None) -> int:
        """Put a new card straight onto the map, outside any action (map setup, scenarios)."""
        self._enter()
        if isinstance(definition, str):
            definition = self.library[definition]
        card = self.new_card(definition, controller if owner is None else owner, Zone.MAP)
        self._put_on_map(card, tile, controller)
        self._legal = None
        return card

    def add_card(self, definition: CardDef | str, player: int, zone: Zone = Zone.HAND) -> int:
        """Create a new card of ``player`` in one of their zones (scenarios, effects)."""
        self._enter()
        if isinstance(definition, str):
            definition = self.library[definition]
        card = self.new_card(definition, player, zone)
        self._legal = None
        return card

    # ------------------------------------------------------------------ map stores

    def _stock_map_stores(self) -> None:
        """Tiles: store — every available card of the chosen sets is dealt face down among
        the map's store tiles."""
        tiles = self.map.tiles_of_type("store")
        if not tiles:
            return
        pool = sorted(c.name for c in self.library.in_sets(self.setup.sets) if c.buy is not None)
        self.rng.shuffle(pool)
        for index, name in enumerate(pool):
            card = self.new_card(self.library[name], NEUTRAL, Zone.STORE)
            esper.add_component(card, AtStore(tiles[index % len(tiles)]))

    def store_stock(self, tile: Tile) -> list[int]:
        """The cards still lying at a map store (empty once it is neutralized)."""
        return sorted(e for e, at in esper.get_component(AtStore) if at.tile == tile)

    def neutralize_store(self, tile: Tile) -> None:
        """Tiles: store — a neutralized store's remaining cards are exiled."""
        self.neutralized.add(tile)
        for card in self.store_stock(tile):
            esper.remove_component(card, AtStore)
            self.move_card(card, Zone.EXILE)

    def _reachable_store_cards(self, player: int) -> list[int]:
        """Cards of map stores where ``player`` has a unit standing."""
        found: list[int] = []
        if not esper.get_component(AtStore):
            return found
        for unit in self.controlled_permanents(player):
            tile = esper.component_for_entity(unit, OnMap).tile
            if tile is not None and self.card(unit).is_unit and self.tile_kind(tile).store:
                found.extend(self.store_stock(tile))
        return sorted(set(found))

    # ------------------------------------------------------------------ draft

    def _start_draft(self) -> None:
        fmt = parse_draft(self.setup.draft)
        fmt.check(len(self.players))
        self.draft_format = fmt
        self.phase = Phase.DRAFT
        pool_defs = [c for c in self.library.in_sets(self.setup.sets) if c.buy is not None]
        pool = fill_pool(sorted(c.name for c in pool_defs),
                         len(self.players) * fmt.rounds * fmt.pack_size)
        self.rng.shuffle(pool)
        # rule Drafting 2: players x rounds packs, made at the start of the draft
        self.packs = []
        for p in range(len(self.players) * fmt.rounds):
            names = pool[p * fmt.pack_size:(p + 1) * fmt.pack_size]
            pack = [self.new_card(self.library[n], NEUTRAL, Zone.DRAFT) for n in names]
            self.packs.append(pack)
        self.draft_round = 0
        self._deal_packs()

    def _deal_packs(self) -> None:
        n = len(self.players)
        self.held = [self.draft_round * n + i for i in range(n)]
        self.draft_step = 0
        self.draft_steps = n * self.draft_format.picks
        self.priority = 0

    def _draft_pick(self, action: DraftPick) -> None:
        pack = self.packs[self.held[action.player]]
        pack.remove(action.card)
        self.neutral.zones[Zone.DRAFT].remove(action.card)
        card = esper.component_for_entity(action.card, Card)
        card.owner = action.player
        zone = esper.component_for_entity(action.card, InZone)
        zone.zone, zone.player = Zone.STORE, action.player
        self.players[action.player].store.append(action.card)
        self._emit(CardMoved(action.card, card.definition.name, "draft", "store", action.player))
        n = len(self.players)
        if action.player < n - 1:
            self.priority = action.player + 1
            return
        # every player picked: pass the packs to the next player
        self.draft_step += 1
        self.held = [self.held[(i - 1) % n] for i in range(n)]
        self.priority = 0
        if self.draft_step < self.draft_steps:
            return
        for index in self.held:  # leftovers of the round leave the game
            for entity in self.packs[index]:
                self.neutral.zones[Zone.DRAFT].remove(entity)
                esper.delete_entity(entity, immediate=True)
            self.packs[index] = []
        self.draft_round += 1
        if self.draft_round < self.draft_format.rounds:
            self._deal_packs()
        else:
            self.packs = []
            self.held = []
            self._start_turn(0, first=True)

    # ------------------------------------------------------------------ turn structure

    def _live(self) -> list[int]:
        return [p.index for p in self.players if not p.eliminated]

    def _next_player(self, player: int) -> int:
        n = len(self.players)
        for step in range(1, n + 1):
            candidate = (player + step) % n
            if not self.players[candidate].eliminated:
                return candidate
        return player

    def _start_turn(self, player: int, first: bool = False) -> None:
        self.active = player
        if not first:
            self.turn += 1
        else:
            self.turn = 1
        state = self.players[player]
        state.bought = False
        state.disbanded = []
        self.activated = 0
        self._emit(TurnStarted(player, self.turn))
        # actions are refreshed at the start of their controller's turn (RULES-NOTES 2.5)
        for entity, (on_map, body) in esper.get_components(OnMap, Body):
            if on_map.controller == player:
                definition = self.card(entity)
                if definition.is_fighter:
                    body.moves = 1
                    body.attacks = 1
                    body.street_moves = 1
                    if definition.type is CardType.BOSS or definition.upkeep is None:
                        on_map.tapped = False
                else:
                    on_map.tapped = False
        # step 1: shuffle the discard pile into an empty deck (rule Deck 4)
        if not state.deck and state.discard:
            self._shuffle_discard_into_deck(player)
        # step 2: draw up to three
        self.draw(player, HAND_SIZE - len(state.hand))
        # upkeep (rule Upkeep 1-3)
        self._begin_phase(Phase.UPKEEP)
        self.gain_resource(player, self.map.income)
        self.win.on_upkeep(self, player)
        self._queue_trigger_event(PhaseStarted(player, Phase.UPKEEP.value))
        state.upkeep_due = self._controls_a_unit(player)

    def _begin_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.priority = self.active
        self.passes = 0
        self._emit(PhaseStarted(self.active, phase.value))

    def _end_phase(self) -> None:
        if self.phase is Phase.UPKEEP:
            self._begin_phase(Phase.ACTION)
            self._queue_trigger_event(PhaseStarted(self.active, Phase.ACTION.value))
        elif self.phase is Phase.ACTION:
            self._deactivate()
            self._begin_phase(Phase.BUYING)
        elif self.phase is Phase.BUYING:
            self.phase = Phase.DISCARD
            self.priority = self.active
            self._emit(PhaseStarted(self.active, Phase.DISCARD.value))

    def _end_turn(self) -> None:
        """After the discard step: end-of-turn effects stop (rule Turn Phases 3)."""
        player = self.active
        # rule Equipments 6.1: equipment set aside and never equipped goes to the discard pile
        state = self.players[player]
        for entity in list(state.zones[Zone.ASIDE]):
            if self.card(entity).is_equipment:
                self.move_card(entity, Zone.DISCARD)
        for entity, granted in list(esper.get_component(Granted)):
            if granted.until == "end_of_turn":
                esper.delete_entity(entity, immediate=True)
        self._store_turn_hash()
        self._start_turn(self._next_player(player))

    def _store_turn_hash(self) -> None:
        self.turn_hashes.append(self.state_hash())

    # ------------------------------------------------------------------ queries

    def card(self, entity: int) -> CardDef:
        definition = self._defs.get(entity)
        if definition is None:
            definition = esper.component_for_entity(entity, Card).definition
            self._defs[entity] = definition
        return definition

    def owner(self, entity: int) -> int:
        return esper.component_for_entity(entity, Card).owner

    def controller(self, entity: int) -> int:
        on_map = esper.try_component(entity, OnMap)
        if on_map is not None:
            return on_map.controller
        return esper.component_for_entity(entity, Card).owner

    def zone(self, entity: int) -> Zone:
        return esper.component_for_entity(entity, InZone).zone

    def is_on_map(self, entity: int) -> bool:
        return esper.entity_exists(entity) and esper.has_component(entity, OnMap)

    def tile_of(self, entity: int) -> Tile | None:
        """The permanent's tile; a piled permanent has its container's (rule Piles 3)."""
        on_map = esper.try_component(entity, OnMap)
        if on_map is None:
            return None
        if on_map.tile is not None:
            return on_map.tile
        piled = esper.try_component(entity, Piled)
        return self.tile_of(piled.container) if piled else None

    def container_of(self, entity: int) -> int:
        piled = esper.try_component(entity, Piled)
        return piled.container if piled else 0

    def pile(self, entity: int) -> list[int]:
        return self.piles.get(entity, [])

    def permanent_at(self, tile: Tile) -> int:
        return self.board.get(tile, 0)

    def tile_kind(self, tile: Tile):  # type: ignore[no-untyped-def]
        return TILE_TYPES[self.tiles[tile[1] * self.map.width + tile[0]]]

    def on_board(self, tile: Tile) -> bool:
        return 0 <= tile[0] < self.map.width and 0 <= tile[1] < self.map.height

    def controlled_permanents(self, player: int) -> list[int]:
        """The permanents ``player`` controls, in entity order (cached per position)."""
        cache = self._controlled
        if cache[0] != self._version:
            cache = self._controlled = (self._version, {})
        found = cache[1].get(player)
        if found is None:
            found = cache[1][player] = sorted(
                e for e, m in esper.get_component(OnMap) if m.controller == player)
        return found

    def units(self) -> list[int]:
        return sorted(e for e, m in esper.get_component(OnMap) if self.card(e).is_unit)

    def is_enemy(self, entity: int, player: int) -> bool:
        return self.controller(entity) != player

    def marks(self, bearer: int, kind: str) -> int:
        for _, mark in esper.get_component(Mark):
            if mark.bearer == bearer and mark.kind == kind:
                return mark.count
        return 0

    def marks_on(self, bearer: int) -> dict[str, int]:
        return {m.kind: m.count for _, m in esper.get_component(Mark) if m.bearer == bearer}

    # --- the public read API (game/rules/view.py)

    def view(self, entity: int) -> EntityView:
        """A frozen record of one card: the printed card and its live state."""
        self._enter()
        card = esper.component_for_entity(entity, Card)
        in_zone = esper.component_for_entity(entity, InZone)
        on_map = esper.try_component(entity, OnMap)
        body = esper.try_component(entity, Body)
        fighter = on_map is not None and card.definition.is_fighter
        return EntityView(
            entity=entity, card=card.definition, owner=card.owner,
            controller=on_map.controller if on_map is not None else card.owner,
            zone=in_zone.zone, token=card.token, on_map=on_map is not None,
            tile=self.tile_of(entity), container=self.container_of(entity),
            pile=tuple(self.piles.get(entity, ())),
            tapped=on_map.tapped if on_map is not None else False,
            damage=body.damage if body is not None else 0,
            health=self.health(entity) if on_map is not None else card.definition.health,
            movement=self.movement(entity) if fighter else card.definition.movement,
            attack=tuple(sorted(self.attack_profile(entity).items())) if on_map else (),
            moves_left=body.moves if body is not None else 0,
            attacks_left=body.attacks if body is not None else 0,
            street_moves_left=body.street_moves if body is not None else 0,
            durability=body.durability if body is not None else card.definition.durability,
            fight_push=body.fight_push if body is not None else 0,
            marks=tuple(sorted(self.marks_on(entity).items())),
        )

    def exists(self, entity: int) -> bool:
        """Is ``entity`` a card of this game (a token that left the map no longer is)?"""
        self._enter()
        return esper.entity_exists(entity) and esper.has_component(entity, Card)

    def cards(self) -> list[int]:
        """Every card of the game, wherever it is, in entity order."""
        self._enter()
        return sorted(e for e, _ in esper.get_component(Card))

    def permanents(self) -> list[int]:
        """Every permanent on the map (piled ones included), in entity order."""
        self._enter()
        return sorted(e for e, _ in esper.get_component(OnMap))

    def marks_by_bearer(self) -> dict[int, tuple[tuple[str, int], ...]]:
        """(kind, count) of the marks on every bearer that has some, sorted by kind."""
        self._enter()
        found: dict[int, list[tuple[str, int]]] = {}
        for _, mark in esper.get_component(Mark):
            if mark.count > 0:
                found.setdefault(mark.bearer, []).append((mark.kind, mark.count))
        return {bearer: tuple(sorted(marks)) for bearer, marks in found.items()}

    def edit(self, entity: int, **fields: int | bool) -> None:
        """Set a permanent's live state directly, outside the rules: for scenarios, tests
        and tools only (``damage``, ``moves``, ``attacks``, ``street_moves``,
        ``durability``, ``fight_push``, ``tapped``). Play changes a game through ``apply``."""
        self._enter()
        for name, value in fields.items():
            if name in EDITABLE_BODY:
                setattr(esper.component_for_entity(entity, Body), name, int(value))
            elif name in EDITABLE_ON_MAP:
                setattr(esper.component_for_entity(entity, OnMap), name, bool(value))
            else:
                raise ValueError(f"edit: {name!r} is not an editable field of a permanent")
        self._legal = None
        self._dirty = True
        self._version += 1

    def arrange_hidden(self, player: int, hand: list[int], deck: list[int]) -> None:
        """Put exactly ``hand`` in the player's hand and ``deck`` (bottom first) in their
        deck: the same cards the two zones hold now, in any split and order. Computer
        players use it to re-deal what they cannot see (determinization)."""
        self._enter()
        state = self.players[player]
        if sorted(hand + deck) != sorted(state.hand + state.deck):
            raise ValueError("arrange_hidden: the cards must be those of the hand and deck")
        state.hand[:] = hand
        state.deck[:] = deck
        for entity in hand:
            esper.component_for_entity(entity, InZone).zone = Zone.HAND
        for entity in deck:
            esper.component_for_entity(entity, InZone).zone = Zone.DECK
        self._legal = None
        self._version += 1

    # --- characteristics, with granted effects and equipment (rule Units 11, 15)

    def passive_sources(self) -> list[tuple[int, Any]]:
        """(permanent, passive spec) of every passive on the map (cached per position)."""
        cache = self._passives
        if cache[0] != self._version:
            found = []
            for entity, _ in esper.get_component(OnMap):
                for passive in self.card(entity).passives:
                    found.append((entity, passive))
            found.sort(key=lambda item: item[0])
            cache = self._passives = (self._version, found)
        return cache[1]

    def _bonuses(self, entity: int, stat: str) -> int:
        total = 0
        for _, granted in esper.get_component(Granted):
            if granted.target == entity and granted.what == "stat:" + stat:
                total += granted.value
        for source, passive in self.passive_sources():
            if stat in passive.params and psv.PASSIVES[passive.kind].applies(
                    self, source, entity, passive.params):
                total += int(passive.params[stat])
        return total

    def health(self, entity: int) -> int:
        return self.card(entity).health + self._bonuses(entity, "health")

    def movement(self, entity: int) -> int:
        return max(0, self.card(entity).movement + self._bonuses(entity, "movement"))

    def keyword(self, entity: int, name: str) -> Any:
        """The value of a keyword on a permanent (None when it lacks it)."""
        value = self.card(entity).keywords.get(name)
        if value is not None:
            return value
        tag = "keyword:" + name
        for _, granted in esper.get_component(Granted):
            if granted.target == entity and granted.what == tag:
                return granted.value
        for source, passive in self.passive_sources():
            if passive.params.get("keyword") == name and psv.PASSIVES[passive.kind].applies(
                    self, source, entity, passive.params):
                return passive.params.get("value", True)
        return None

    def attack_profile(self, entity: int) -> dict[int, int]:
        """Attack per range of a permanent with its pile (rule Units 15.1): at each range,
        the attacks of the permanent and its piled units reaching that far add up. A tower
        lifts ranges above 1 by one (tiles: tower)."""
        definition = self.card(entity)
        raw: list[tuple[int, int]] = []
        if definition.is_fighter:
            raw.append((definition.attack + self._bonuses(entity, "attack"),
                        definition.range + self._bonuses(entity, "range")))
        for piled in self.piles.get(entity, ()):
            pd = self.card(piled)
            if pd.is_fighter:
                raw.append((pd.attack + self._bonuses(piled, "attack"),
                            pd.range + self._bonuses(piled, "range")))
        tile = self.tile_of(entity)
        high = tile is not None and self.tile_kind(tile).high_ground
        profile: dict[int, int] = {}
        top = 0
        reaches = []
        for amount, reach in raw:
            if amount <= 0 or reach <= 0:
                continue
            if high and reach > 1:
                reach += 1
            reaches.append((amount, reach))
            top = max(top, reach)
        for r in range(1, top + 1):
            profile[r] = sum(a for a, reach in reaches if reach >= r)
        return profile

    def attack_range(self, entity: int) -> int:
        profile = self.attack_profile(entity)
        return max(profile) if profile else 0

    # ------------------------------------------------------------------ zones

    def move_card(self, entity: int, zone: Zone, player: int | None = None,
                  top: bool = True) -> None:
        """Move a card between zones; the owner's zone unless ``player`` is given."""
        card = esper.component_for_entity(entity, Card)
        in_zone = esper.component_for_entity(entity, InZone)
        old_zone, old_player = in_zone.zone, in_zone.player
        self.zones_of(old_player).zones[old_zone].remove(entity)
        holder = card.owner if player is None else player
        if (card.token or card.definition.type is CardType.BOSS) and zone is not Zone.MAP:
            # rule Tokens 3: a token leaving the map leaves the game; so does a boss,
            # which exists only on the map (rule Boss 4)
            esper.delete_entity(entity, immediate=True)
            self._emit(CardMoved(entity, card.definition.name, old_zone.value, "gone", holder))
            return
        if holder == NEUTRAL and zone not in (Zone.MAP, Zone.DRAFT):
            zone = Zone.EXILE  # neutral map pieces have no other zone to go to
        in_zone.zone, in_zone.player = zone, holder
        target = self.zones_of(holder).zones[zone]
        if top:
            target.append(entity)
        else:
            target.insert(0, entity)
        self._emit(CardMoved(entity, card.definition.name, old_zone.value, zone.value, holder))

    def draw(self, player: int, count: int) -> int:
        state = self.players[player]
        drawn = 0
        for _ in range(max(0, count)):
            if not state.deck:
                break
            self.move_card(state.deck[-1], Zone.HAND, player)
            drawn += 1
        return drawn

    def _shuffle_discard_into_deck(self, player: int) -> None:
        state = self.players[player]
        for entity in list(state.discard):
            self.move_card(entity, Zone.DECK, player)
        self.rng.shuffle(state.deck)

    def gain_resource(self, player: int, amount: int) -> None:
        if amount == 0 or player == NEUTRAL:
            return
        state = self.players[player]
        state.resource = max(0, state.resource + amount)
        self._emit(ResourceChanged(player, amount, state.resource))

    def gain_points(self, player: int, amount: int) -> None:
        state = self.players[player]
        state.points += amount
        self._emit(PointsChanged(player, amount, state.points))

    # ------------------------------------------------------------------ the map

    def _put_on_map(self, entity: int, tile: Tile, controller: int) -> None:
        definition = self.card(entity)
        esper.add_component(entity, OnMap(tile, controller, False))
        fresh = 1 if definition.is_fighter else 0
        esper.add_component(entity, Body(0, fresh, fresh, fresh, definition.durability))
        self.board[tile] = entity
        self._version += 1
        self._emit(PermanentPlaced(entity, tile, controller))

    def place_permanent(self, entity: int, tile: Tile, controller: int) -> None:
        """A card enters the map on ``tile`` (which must be available to it)."""
        if self.zone(entity) is not Zone.MAP:
            self.move_card(entity, Zone.MAP)
        self._put_on_map(entity, tile, controller)
        self._queue_trigger_event(PermanentPlaced(entity, tile, controller))

    def available(self, entity_or_def: int | CardDef, tile: Tile, *, swimming: bool | None = None,
                  ignore: int = 0) -> bool:
        """Is ``tile`` available to the permanent (rule Available Tiles, both sections)?"""
        if not self.on_board(tile):
            return False
        occupant = self.board.get(tile, 0)
        if occupant and occupant != ignore:
            return False
        kind = self.tile_kind(tile)
        if swimming is None:
            if isinstance(entity_or_def, CardDef):
                swimming = bool(entity_or_def.keywords.get("swimming"))
            else:
                swimming = bool(self.keyword(entity_or_def, "swimming"))
        return kind.swimmers if swimming else kind.walkers

    def spawn_tiles(self, player: int, definition: CardDef) -> list[Tile]:
        """Available tiles the player may play this permanent onto (rule Permanents 3)."""
        swimming = bool(definition.keywords.get("swimming"))
        result: set[Tile] = set()
        width = self.map.width
        owners = self.map.owners
        for tile, owner in owners.items():
            if owner != player:
                continue
            kind = TILE_TYPES[self.tiles[tile[1] * width + tile[0]]]
            if kind.spawn and not swimming:
                result.add(tile)
            if kind.harbor and swimming:
                # tiles: harbor — swimming permanents on adjacent deep water
                for n in self.neighbours[tile]:
                    if self.tile_kind(n).swimmers and not self.tile_kind(n).walkers:
                        result.add(n)
        for entity in self.controlled_permanents(player):
            reach = self.keyword(entity, "spawn_point")
            origin = self.tile_of(entity)
            if reach and origin is not None:
                for dx, dy in range_offsets(int(reach)):
                    result.add((origin[0] + dx, origin[1] + dy))
        return sorted(t for t in result if self.available(definition, t, swimming=swimming))

    def _move_permanent(self, entity: int, tile: Tile) -> None:
        on_map = esper.component_for_entity(entity, OnMap)
        old = self.tile_of(entity)
        if on_map.tile is not None:
            if self.board.get(on_map.tile) == entity:
                del self.board[on_map.tile]
        else:
            self._unpile(entity)
        on_map.tile = tile
        self.board[tile] = entity
        self._version += 1
        self._emit(PermanentMoved(entity, old, tile))

    def put_in_pile(self, entity: int, container: int, controller: int) -> None:
        """A card from outside the map enters straight into a pile (readied equipment)."""
        if self.zone(entity) is not Zone.MAP:
            self.move_card(entity, Zone.MAP)
        definition = self.card(entity)
        esper.add_component(entity, OnMap(None, controller, False))
        esper.add_component(entity, Body(0, 0, 0, 0, definition.durability))
        esper.add_component(entity, Piled(container))
        self.piles.setdefault(container, []).append(entity)
        self._version += 1

    def _pile_onto(self, entity: int, container: int) -> None:
        on_map = esper.component_for_entity(entity, OnMap)
        old = self.tile_of(entity)
        if on_map.tile is not None and self.board.get(on_map.tile) == entity:
            del self.board[on_map.tile]
        elif on_map.tile is None:
            self._unpile(entity)
        on_map.tile = None
        esper.add_component(entity, Piled(container))
        self.piles.setdefault(container, []).append(entity)
        self._version += 1
        self._emit(PermanentMoved(entity, old, None))

    def _unpile(self, entity: int) -> None:
        piled = esper.try_component(entity, Piled)
        if piled is None:
            return
        members = self.piles.get(piled.container)
        if members is not None:
            members.remove(entity)
            if not members:
                del self.piles[piled.container]
        esper.remove_component(entity, Piled)

    def crew_slots(self, entity: int) -> int:
        """Free crew places on a unit (rule Crew X 1)."""
        crew = self.keyword(entity, "crew")
        if not crew:
            return 0
        taken = sum(1 for p in self.piles.get(entity, ()) if self.card(p).is_unit)
        return int(crew) - taken

    # ------------------------------------------------------------------ damage and destruction

    def deal_damage(self, source: int, target: int, amount: int) -> int:
        """Deal damage; protection and ward may prevent it (rules Protection 2, Ward 2-3)."""
        if amount <= 0 or not self.is_on_map(target):
            return 0
        if source and esper.entity_exists(source) and kw.protected_from(self, target, source):
            self._emit(DamagePrevented(source, target, amount, "protection"))
            return 0
        ward = self.marks(target, "ward")
        if ward:
            self.remove_marks(target, "ward", amount)
            self._emit(DamagePrevented(source, target, amount, "ward"))
            return 0
        body = esper.component_for_entity(target, Body)
        if self.card(target).is_equipment and not self.keyword(target, "solid"):
            body.durability -= amount
        else:
            body.damage += amount
        self._emit(DamageDealt(source, target, amount))
        self._queue_trigger_event(DamageDealt(source, target, amount))
        return amount

    def destroy(self, entity: int, reason: str = "destroyed") -> None:
        """Rule Permanents 6: drop the pile, remove marks, card to its owner's discard pile."""
        if not self.is_on_map(entity):
            return
        definition = self.card(entity)
        controller = self.controller(entity)
        tile = self.tile_of(entity)
        self._left_map[entity] = controller  # its triggers may still answer this step's events
        if self.activated == entity:
            self.activated = 0
        on_map = esper.component_for_entity(entity, OnMap)
        if on_map.tile is not None and self.board.get(on_map.tile) == entity:
            del self.board[on_map.tile]
        self._unpile(entity)
        esper.remove_component(entity, OnMap)
        esper.remove_component(entity, Body)
        self._version += 1
        event = Destroyed(entity, definition.name, controller, tile, reason)
        self._emit(event)
        self._queue_trigger_event(event)
        if tile is not None:
            self._drop_pile(entity, tile, controller)
        for mark_entity, mark in list(esper.get_component(Mark)):
            if mark.bearer == entity:
                self._remove_mark_entity(mark_entity, mark)
        for granted_entity, granted in list(esper.get_component(Granted)):
            if granted.target == entity:
                esper.delete_entity(granted_entity, immediate=True)
        if tile is not None and definition.name == fx.WALL_NAME:
            self.tiles[tile[1] * self.map.width + tile[0]] = "neutral"
        self.move_card(entity, Zone.DISCARD)

    def _drop_pile(self, container: int, tile: Tile, controller: int) -> None:
        """Rule Permanent Piles 5 (and Equipments 7: durability loss when dropped)."""
        members = list(self.piles.pop(container, []))
        for entity in members:
            esper.remove_component(entity, Piled)
            on_map = esper.component_for_entity(entity, OnMap)
            choices = [t for t in [tile, *self.neighbours[tile]] if self.available(entity, t)]
            definition = self.card(entity)
            if definition.is_equipment:
                esper.component_for_entity(entity, Body).durability -= 1
            if choices:
                spot = choices[self.rng.randrange(len(choices))]
                on_map.tile = spot
                self.board[spot] = entity
                self._emit(PermanentMoved(entity, None, spot))
            else:
                on_map.tile = None
                esper.add_component(entity, Piled(0))
                self.destroy(entity, "no room when its pile dropped")
        self._version += 1

    def add_marks(self, bearer: int, kind: str, count: int = 1, source: int = 0) -> None:
        if count <= 0:
            return
        for _, mark in esper.get_component(Mark):
            if mark.bearer == bearer and mark.kind == kind:
                mark.count += count
                self._emit(MarksChanged(bearer, kind, mark.count))
                return
        esper.create_entity(Mark(kind, bearer, count, source))
        self._emit(MarksChanged(bearer, kind, count))

    def remove_marks(self, bearer: int, kind: str, count: int = 1) -> int:
        for entity, mark in esper.get_component(Mark):
            if mark.bearer == bearer and mark.kind == kind:
                removed = min(count, mark.count)
                mark.count -= removed
                if mark.count <= 0:
                    self._remove_mark_entity(entity, mark)
                else:
                    self._emit(MarksChanged(bearer, kind, mark.count))
                return removed
        return 0

    def _remove_mark_entity(self, entity: int, mark: Mark) -> None:
        esper.delete_entity(entity, immediate=True)
        self._emit(MarksChanged(mark.bearer, mark.kind, 0))
        mk.MARKS[mark.kind].on_leave(self, mark)

    def grant(self, target: int, what: str, value: Any, until: str, source: int = 0) -> None:
        esper.create_entity(Granted(target, what, value, until, source))

    # ------------------------------------------------------------------ push (rule Push)

    def push(self, entity: int, origin: Tile, steps: int, source: int = 0) -> None:
        start = self.tile_of(entity)
        if start is None or start == origin or steps <= 0 or self.keyword(entity, "immovable"):
            return
        dx, dy = direction(origin, start)
        current = start
        for _ in range(steps):
            nxt = (current[0] + dx, current[1] + dy)
            if not self.on_board(nxt):
                break
            if self.available(entity, nxt):
                self._move_permanent(entity, nxt)
                current = nxt
                continue
            blocker = self.board.get(nxt, 0)
            if blocker:
                # rule Push 6.1: a unit colliding is dealt 1 damage by the other permanent
                if self.card(entity).is_fighter:
                    self.deal_damage(blocker, entity, 1)
            else:
                # rule Push 6.2: free but not available -> destroyed
                self.destroy(entity, "pushed onto a tile it cannot stand on")
            break

    # ------------------------------------------------------------------ events

    def _emit(self, event: Event) -> None:
        self._dirty = True
        self._events.append(event)
        self.bus.publish(event)

    def _queue_trigger_event(self, event: Event) -> None:
        self._trigger_queue.append(event)

    # ------------------------------------------------------------------ who acts

    @property
    def actor(self) -> int | None:
        """The one player who may act now (None when the game is over)."""
        if self.phase is Phase.OVER:
            return None
        if self.pending:
            return self.pending[0].controller
        return self.priority

    def has_priority(self, player: int) -> bool:
        return (self.phase not in (Phase.DRAFT, Phase.DISCARD, Phase.OVER)
                and not self.pending and self.priority == player)

    def can_act_slowly(self, player: int) -> bool:
        """Slow actions: own action phase, empty stack, priority (rules Slow Actions 1)."""
        return (self.phase is Phase.ACTION and player == self.active and not self.stack
                and self.has_priority(player))

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now, in a fixed order."""
        self._enter()
        if self._legal is not None and self._legal[0] == player:
            return self._legal[1]
        actions = self._compute_legal(player)
        self._legal = (player, actions)
        return actions

    def _compute_legal(self, player: int) -> list[Action]:
        if self.phase is Phase.OVER or player != self.actor:
            return []
        out: list[Action] = []
        if self.phase is Phase.DRAFT:
            pack = self.packs[self.held[player]]
            return [DraftPick(player, c) for c in pack]
        if self.pending:
            return [DeclareTrigger(player, t) for t in self._pending_choices(self.pending[0])]
        state = self.players[player]
        if self.phase is Phase.DISCARD:
            out.extend(Discard(player, c) for c in state.hand)
            out.append(EndTurn(player))
            return out
        must_declare_upkeep = (self.phase is Phase.UPKEEP and player == self.active
                               and state.upkeep_due and not self.stack
                               and self._controls_a_unit(player))
        if must_declare_upkeep:
            for unit in self.controlled_permanents(player):
                if (self.card(unit).is_unit and unit not in state.disbanded
                        and not self.keyword(unit, "loyal")):
                    out.append(Disband(player, unit))
            out.append(PayUpkeep(player))
        if self.can_act_slowly(player):
            self._slow_actions(player, out)
        if (self.phase is Phase.BUYING and player == self.active and not self.stack
                and not state.bought):
            for card in [*state.store, *self._reachable_store_cards(player)]:
                cost = self.card(card).buy
                if cost is not None and cost <= state.resource:
                    out.append(Buy(player, card))
        self._fast_actions(player, out)
        if not must_declare_upkeep:
            out.append(Pass(player))
        return out

    def _controls_a_unit(self, player: int) -> bool:
        """Rule Upkeep 3.5: without units there is no upkeep action to declare."""
        return any(self.card(e).is_unit for e in self.controlled_permanents(player))

    def _fast_actions(self, player: int, out: list[Action]) -> None:
        state = self.players[player]
        hand = state.hand
        for card in hand:
            definition = self.card(card)
            if definition.play is None or definition.play > state.resource:
                continue
            if definition.is_spell and self._intention_ok(definition, player):
                ability = definition.effect
                for targets in self.target_choices(player, card, ability):
                    out.append(PlayCard(player, card, None, targets))
        # rule Free Actions 3: cards have free actions too (usable from the hand when their
        # costs can be paid there: a tapping or sacrificing cost needs the permanent)
        for source in [*hand, *self.controlled_permanents(player)]:
            for index, ability in enumerate(self.card(source).free_actions):
                if self._free_action_usable(player, source, ability):
                    for targets in self.target_choices(player, source, ability):
                        out.append(UseFreeAction(player, source, index, targets))
        for i in range(len(hand)):
            for j in range(i + 1, len(hand)):
                out.append(DiscardForResource(player, hand[i], hand[j]))

    def _intention_ok(self, definition: CardDef, player: int) -> bool:
        """Rule Intentions 1: intentions belong to the Tyrant's side (a player controlling
        a permanent with the tyrant keyword); rule Intentions 3: only while no intention
        mark is on the map."""
        if definition.type is not CardType.INTENTION:
            return True
        if not any(self.keyword(e, "tyrant") for e in self.controlled_permanents(player)):
            return False
        return not any(m.kind == "intention" for _, m in esper.get_component(Mark))

    def _free_action_usable(self, player: int, source: int, ability: Ability) -> bool:
        for cost in ability.costs:
            if not fx.COSTS[cost.kind].payable(self, player, source, cost.amount):
                return False
        return True

    def _slow_actions(self, player: int, out: list[Action]) -> None:
        state = self.players[player]
        for card in state.hand:
            definition = self.card(card)
            if not definition.is_permanent or definition.type is CardType.BOSS:
                continue
            if definition.play is None or definition.play > state.resource:
                continue
            for tile in self.spawn_tiles(player, definition):
                out.append(PlayCard(player, card, tile))
            if definition.is_equipment:
                out.append(PlayCard(player, card, None, (), True))
        for entity in self.controlled_permanents(player):
            if entity == self.activated:
                continue
            on_map = esper.component_for_entity(entity, OnMap)
            definition = self.card(entity)
            if on_map.tapped or not definition.is_fighter:
                continue
            body = esper.component_for_entity(entity, Body)
            if body.moves or body.attacks or (
                    body.street_moves and on_map.tile is not None
                    and self.tile_kind(on_map.tile).street):
                out.append(Activate(player, entity))
        if self.activated:
            self._unit_actions(player, self.activated, out)

    def _unit_actions(self, player: int, unit: int, out: list[Action]) -> None:
        body = esper.component_for_entity(unit, Body)
        if self.marks(unit, "paralysis"):
            if body.moves:
                out.append(ShakeOff(player, unit, "move"))
            if body.attacks:
                out.append(ShakeOff(player, unit, "attack"))
            return
        tile = self.tile_of(unit)
        if tile is None:
            return
        piled = self.container_of(unit)
        if body.moves:
            for dest in sorted(movement.reachable(self, unit)):
                out.append(Move(player, unit, dest))
            if not piled:
                for artifact in self._adjacent_artifacts(unit, tile, player, for_switch=True):
                    out.append(Switch(player, unit, artifact))
        if body.attacks:
            for target in self.attack_targets(unit):
                out.append(Attack(player, unit, target))
        if not piled:
            for using, left in (("move", body.moves), ("attack", body.attacks)):
                if left:
                    for equipment in self._adjacent_equipment(tile):
                        out.append(Equip(player, unit, equipment, using))
        if body.moves and body.attacks:
            definition = self.card(unit)
            if definition.full_action is not None:
                for targets in self.target_choices(player, unit, definition.full_action):
                    out.append(FullAction(player, unit, "card", targets))
            kind = self.tile_kind(tile)
            if kind.worker and kind.worker == definition.name and not piled:
                out.append(FullAction(player, unit, "tile"))
            for source, _ability in mk.granted_full_actions(self, unit):
                out.append(FullAction(player, unit, f"mark:{source}"))
            if not piled:
                for artifact in self._adjacent_artifacts(unit, tile, player, for_switch=False):
                    for dest, drop in movement.transport_options(self, unit, artifact):
                        out.append(Transport(player, unit, artifact, dest, drop))
        if body.street_moves and not piled and self.tile_kind(tile).street:
            for dest in sorted(movement.street_reachable(self, unit)):
                out.append(StreetMove(player, unit, dest))

    def _adjacent_artifacts(self, unit: int, tile: Tile, player: int,
                            for_switch: bool) -> list[int]:
        found = []
        for n in self.neighbours[tile]:
            other = self.board.get(n, 0)
            if not other or not self.card(other).is_artifact:
                continue
            solid = self.keyword(other, "solid")
            if solid and (self.controller(other) != player or self.controller(other) == NEUTRAL):
                continue  # rule Solid 1 (walls: no unit may switch or carry them)
            if for_switch and not (self.available(unit, n, ignore=other)
                                   and self.available(other, tile, ignore=unit)):
                continue
            found.append(other)
        return found

    def _adjacent_equipment(self, tile: Tile) -> list[int]:
        return [
            other for n in self.neighbours[tile]
            if (other := self.board.get(n, 0)) and self.card(other).is_equipment
        ]

    def attack_targets(self, unit: int) -> list[int]:
        """Permanents the unit may attack now (rules Combat 3-5, tiles: house)."""
        origin = self.tile_of(unit)
        if origin is None:
            return []
        reach = self.attack_range(unit)
        if reach <= 0:
            return []
        player = self.controller(unit)
        targets = []
        ox, oy = origin
        for dx, dy in range_offsets(reach):
            tile = (ox + dx, oy + dy)
            other = self.board.get(tile, 0)
            if not other or other == unit or other == self.container_of(unit):
                continue
            far = distance(origin, tile) > 1
            if far and self.tile_kind(tile).cover and self.card(other).is_fighter:
                continue  # tiles: house — cover for the unit standing there
            if not kw.targetable(self, other, unit, player):
                continue
            targets.append(other)
        return sorted(targets)

    def target_choices(self, player: int, source: int, ability: Ability | None) -> list[tuple]:
        """Every way to declare the targets of an ability (distinct targets per slot).

        A tile slot with the filter ``adjacent_to: N`` only offers tiles next to the
        permanent chosen for slot N (a push's origin, for example)."""
        if ability is None:
            return []
        if not ability.targets:
            return [()]
        specs = ability.targets
        fixed = [
            None if "adjacent_to" in spec.filters
            else fx.TARGETS[spec.kind](self, player, source, spec.filters)
            for spec in specs
        ]
        if len(specs) == 1 and fixed[0] is not None:
            return [(t,) for t in fixed[0]]
        combos: list[tuple] = [()]
        for index, spec in enumerate(specs):
            grown = []
            for combo in combos:
                options = fixed[index]
                if options is None:
                    anchor = self.tile_of(combo[int(spec.filters["adjacent_to"])])
                    options = [] if anchor is None else [
                        t for t in self.neighbours[anchor] if not self.board.get(t, 0)
                        or not spec.filters.get("free")]
                grown.extend((*combo, t) for t in options if t not in combo)
            combos = grown
        return combos

    def _pending_choices(self, pending: PendingTrigger) -> list[tuple]:
        ability = self.card(pending.source).triggers[pending.ability]
        return self.target_choices(pending.controller, pending.source, ability)

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Perform one legal action; returns the events it caused.

        Raises ``IllegalAction`` (leaving the game unchanged) for anything not in
        ``legal_actions(action.player)``.
        """
        self._enter()
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        legal = self.legal_actions(action.player)
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._events = []
        self._legal = None
        self._version += 1
        self.history.append(action)
        handler = _HANDLERS[type(action)]
        handler(self, action)
        self._settle()
        return self._events

    def _why_illegal(self, action: Action) -> str:
        if self.phase is Phase.OVER:
            return f"{action}: the game is over"
        if action.player != self.actor:
            who = self.actor
            return f"{action}: it is player {who + 1 if who is not None else '-'}'s turn to act"
        return f"{action}: not allowed now (phase {self.phase.value})"

    def _declare(self, kind: str, action: Action, source: int, data: tuple, text: str) -> None:
        """Rule Actions 10.1: announce, pay (already done), put on the action stack."""
        self.stack.append(StackItem(kind, action.player, source, data, text))
        self._emit(ActionDeclared(action.player, text))
        self._priority_to_active()

    def _priority_to_active(self) -> None:
        self.priority = self.active
        self.passes = 0
        if self.players[self.active].eliminated:
            self.priority = self._next_player(self.active)

    # --- handlers of each action kind

    def _do_pass(self, action: Pass) -> None:
        self.passes += 1
        if self.passes < len(self._live()):
            self.priority = self._next_player(action.player)
            return
        if self.stack:
            self._resolve_top()
            self._priority_to_active()
        else:
            self._end_phase()

    def _resolve_top(self) -> None:
        item = self.stack.pop()
        self._dirty = True
        fx.RESOLVERS[item.kind](self, item)
        self._emit(ActionResolved(item.controller, item.text))
        self._after_unit_action(item)

    def _after_unit_action(self, item: StackItem) -> None:
        """Rule Action Phase 2: a permanent without actions left is tapped."""
        unit = self.activated
        if not unit or not self.is_on_map(unit):
            return
        body = esper.component_for_entity(unit, Body)
        tile = self.tile_of(unit)
        street = body.street_moves and tile is not None and self.tile_kind(tile).street
        if not body.moves and not body.attacks and not street:
            self._deactivate()

    def _deactivate(self) -> None:
        if self.activated and self.is_on_map(self.activated):
            esper.component_for_entity(self.activated, OnMap).tapped = True
        self.activated = 0

    def _do_draft_pick(self, action: DraftPick) -> None:
        self._draft_pick(action)

    def _do_disband(self, action: Disband) -> None:
        self.players[action.player].disbanded.append(action.unit)

    def _do_pay_upkeep(self, action: PayUpkeep) -> None:
        state = self.players[action.player]
        state.upkeep_due = False
        disband = tuple(u for u in state.disbanded if self.is_on_map(u))
        names = ", ".join(self.card(u).name for u in disband) or "none"
        self._declare("upkeep", action, 0, disband,
                      f"P{action.player + 1} upkeep action (disbanding: {names})")

    def _do_buy(self, action: Buy) -> None:
        state = self.players[action.player]
        definition = self.card(action.card)
        state.resource -= definition.buy or 0
        state.bought = True
        self._emit(ResourceChanged(action.player, -(definition.buy or 0), state.resource))
        if esper.has_component(action.card, AtStore):
            # bought at a map store: the card becomes the buyer's, on its way to their pile
            esper.remove_component(action.card, AtStore)
            esper.component_for_entity(action.card, Card).owner = action.player
            self.move_card(action.card, Zone.STORE, action.player)
        text = f"P{action.player + 1} buys {definition.name}"
        self._declare("buy", action, action.card, (), text)

    def _do_discard(self, action: Discard) -> None:
        self.move_card(action.card, Zone.DISCARD)

    def _do_end_turn(self, action: EndTurn) -> None:
        self._end_turn()

    def _pay(self, player: int, amount: int) -> None:
        if amount:
            state = self.players[player]
            state.resource -= amount
            self._emit(ResourceChanged(player, -amount, state.resource))

    def _do_play(self, action: PlayCard) -> None:
        definition = self.card(action.card)
        self._pay(action.player, definition.play or 0)
        if definition.is_permanent:
            self._deactivate()
            self.move_card(action.card, Zone.ASIDE)
            if action.equip_next:
                text = f"P{action.player + 1} readies {definition.name} for the next unit"
                self._declare("equip_next", action, action.card, (), text)
            else:
                text = f"P{action.player + 1} plays {definition.name} at {action.tile}"
                self._declare("permanent", action, action.card, (action.tile,), text)
        else:
            self.move_card(action.card, Zone.ASIDE)
            text = f"P{action.player + 1} casts {definition.name}"
            self._declare("spell", action, action.card, action.targets, text)

    def _do_activate(self, action: Activate) -> None:
        self._deactivate()
        self.activated = action.permanent
        self._emit(Activated(action.permanent, action.player))
        self._queue_trigger_event(Activated(action.permanent, action.player))

    def _use(self, unit: int, *which: str) -> None:
        body = esper.component_for_entity(unit, Body)
        for name in which:
            setattr(body, name, 0)

    def _unit_text(self, action: Action, verb: str) -> str:
        unit = action.unit
        return f"P{action.player + 1} {self.card(unit).name} {verb}"

    def _do_move(self, action: Move) -> None:
        self._use(action.unit, "moves")
        self._declare("move", action, action.unit, (action.tile,),
                      self._unit_text(action, f"moves to {action.tile}"))

    def _do_street_move(self, action: StreetMove) -> None:
        self._use(action.unit, "street_moves")
        self._declare("street_move", action, action.unit, (action.tile,),
                      self._unit_text(action, f"moves along the street to {action.tile}"))

    def _do_attack(self, action: Attack) -> None:
        self._use(action.unit, "attacks")
        target = self.card(action.target).name
        self._declare("attack", action, action.unit, (action.target,),
                      self._unit_text(action, f"attacks {target}"))

    def _do_full_action(self, action: FullAction) -> None:
        self._use(action.unit, "moves", "attacks")
        self._declare("full_action", action, action.unit, (action.source, action.targets),
                      self._unit_text(action, "uses its full action"))

    def _do_transport(self, action: Transport) -> None:
        self._use(action.unit, "moves", "attacks")
        self._declare("transport", action, action.unit,
                      (action.artifact, action.tile, action.drop),
                      self._unit_text(action, f"carries {self.card(action.artifact).name}"))

    def _do_switch(self, action: Switch) -> None:
        self._use(action.unit, "moves")
        self._declare("switch", action, action.unit, (action.artifact,),
                      self._unit_text(action, f"switches with {self.card(action.artifact).name}"))

    def _do_equip(self, action: Equip) -> None:
        self._use(action.unit, "moves" if action.using == "move" else "attacks")
        self._declare("equip", action, action.unit, (action.equipment,),
                      self._unit_text(action, f"equips {self.card(action.equipment).name}"))

    def _do_shake_off(self, action: ShakeOff) -> None:
        self._use(action.unit, "moves" if action.using == "move" else "attacks")
        self._declare("shake_off", action, action.unit, (),
                      self._unit_text(action, "shakes off a paralysis mark"))

    def _do_free_action(self, action: UseFreeAction) -> None:
        ability = self.card(action.source).free_actions[action.index]
        for cost in ability.costs:
            fx.COSTS[cost.kind].pay(self, action.player, action.source, cost.amount)
        text = f"P{action.player + 1} {self.card(action.source).name}: free action"
        # what "the equipped unit" means is fixed when the action is declared: paying a
        # potion's durability may destroy it before the effect resolves
        context = (("equipped", self.container_of(action.source)),)
        self._declare("free_action", action, action.source,
                      (action.index, action.targets, context), text)

    def _do_discard_for_resource(self, action: DiscardForResource) -> None:
        self.move_card(action.first, Zone.DISCARD)
        self.move_card(action.second, Zone.DISCARD)
        self._declare("discard_for_resource", action, 0, (),
                      f"P{action.player + 1} discards 2 cards for 1 resource")

    def _do_declare_trigger(self, action: DeclareTrigger) -> None:
        pending = self.pending.pop(0)
        ability = self.card(pending.source).triggers[pending.ability]
        name = self.card(pending.source).name
        text = f"P{pending.controller + 1} {name}: {ability.text or 'trigger'}"
        self.stack.append(StackItem("trigger", pending.controller, pending.source,
                                    (pending.ability, action.targets, pending.context), text))
        self._emit(ActionDeclared(pending.controller, text))
        self._priority_to_active()

    # ------------------------------------------------------------------ settling

    def _settle(self) -> None:
        """Run state-based actions and collect triggers until nothing changes
        (rule State-based actions 2: before any player receives priority)."""
        for _ in range(1000):
            esper.process()  # StateBasedActionSystem, then TriggerSystem
            if self.phase is Phase.OVER:
                self.stack.clear()
                self.pending.clear()
                return
            if not self._dirty and not self._trigger_queue:
                break
        self._auto_declare_triggers()

    def _state_based_actions(self) -> bool:
        """Rule State-based actions 3.1-3.5."""
        changed = False
        doomed: list[tuple[int, str]] = []
        poison = {m.bearer: m.count for _, m in esper.get_component(Mark) if m.kind == "poison"}
        for entity, (_on_map, body) in esper.get_components(OnMap, Body):
            if (not body.damage and entity not in poison
                    and (body.durability > 0 or not self.card(entity).is_equipment)):
                continue  # nothing on it could destroy it
            definition = self.card(entity)
            if definition.is_fighter:
                health = self.health(entity)
                if body.damage > health:
                    doomed.append((entity, "more damage than health"))
                elif poison.get(entity, 0) > health:
                    doomed.append((entity, "more poison marks than health"))
            elif definition.is_artifact:
                solid = self.keyword(entity, "solid")
                if definition.is_equipment and body.durability < 1:
                    doomed.append((entity, "no durability left"))
                elif solid and body.damage > int(solid):
                    doomed.append((entity, "more damage than its solid value"))
                elif not solid and body.damage > 0:
                    doomed.append((entity, "damaged"))
        for entity, reason in sorted(doomed):
            if self.is_on_map(entity):
                self.destroy(entity, reason)
                changed = True
        for entity, granted in list(esper.get_component(Granted)):
            source_gone = (granted.until == "while_source_on_map"
                           and not self.is_on_map(granted.source))
            if source_gone or not self.is_on_map(granted.target):
                esper.delete_entity(entity, immediate=True)
                changed = True
                self._dirty = True  # what it granted is gone: check the board again
        if self.phase not in (Phase.DRAFT, Phase.OVER):
            self._check_winners()
        return changed

    def _check_winners(self) -> None:
        losers, winners = self.win.check(self)
        for player in losers:
            if not self.players[player].eliminated:
                self.eliminate(player)
        live = self._live()
        if not winners and len(live) == 1 and len(self.players) > 1:
            winners = tuple(live)
        if winners:
            self.finish(tuple(sorted(winners)), self.win.describe(self))
        elif not live:
            self.finish((), "every player was eliminated")

    def eliminate(self, player: int) -> None:
        state = self.players[player]
        state.eliminated = True
        self._emit(PlayerEliminated(player))
        for entity in self.controlled_permanents(player):
            self.destroy(entity, "its controller was eliminated")
        if self.active == player and self.phase is not Phase.OVER and len(self._live()) > 1:
            self.stack.clear()
            self.pending.clear()
            self._start_turn(self._next_player(player))
        elif self.priority == player:
            self.priority = self._next_player(player)

    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        if self.phase is Phase.OVER:
            return
        self.phase = Phase.OVER
        self.winners = winners
        self.over_reason = reason
        self._emit(GameOver(winners, reason))
        self._store_turn_hash()

    def _collect_triggers(self) -> bool:
        if not self._trigger_queue:
            return False
        queue, self._trigger_queue = self._trigger_queue, []
        found: list[PendingTrigger] = []
        pushed = False
        holders = sorted(e for e, _ in esper.get_component(OnMap) if self.card(e).triggers)
        for event in queue:
            pushed |= mk.on_event(self, event)
            # a permanent the event names may have left the map since (a unit that died in
            # the fight it started, a destroyed permanent): its triggers still see the event
            gone = [e for e in _named_entities(event) if e not in holders
                    and esper.entity_exists(e) and e in self._left_map and self.card(e).triggers]
            for entity in [*holders, *gone]:
                definition = self.card(entity)
                for index, ability in enumerate(definition.triggers):
                    context = fx.TRIGGERS[ability.trigger](self, entity, ability, event)
                    if context is None:
                        continue
                    controller = self._left_map.get(entity, -2)
                    if controller == -2 or self.is_on_map(entity):
                        controller = self.controller(entity)
                    found.append(PendingTrigger(controller, entity, index,
                                                tuple(sorted(context.items()))))
        self._left_map.clear()
        if pushed:
            self._priority_to_active()
        if not found:
            return pushed
        # rule Actions 5: triggered actions are declared in turn order
        order = {p: (p - self.active) % len(self.players) for p in range(len(self.players))}
        found.sort(key=lambda t: (order.get(t.controller, 99), t.source, t.ability))
        self.pending.extend(found)
        return True

    def _auto_declare_triggers(self) -> None:
        """Triggers without a choice to make are declared at once; those without any legal
        target are skipped."""
        while self.pending:
            head = self.pending[0]
            choices = self._pending_choices(head)
            if not choices:
                self.pending.pop(0)
                continue
            if len(choices) == 1:
                self._do_declare_trigger(DeclareTrigger(head.controller, choices[0]))
                continue
            break

    # ------------------------------------------------------------------ hashing and snapshots

    def _canonical(self) -> tuple:
        entities = []
        for entity in sorted(esper._entities):  # noqa: SLF001 - read-only walk of our world
            comps = esper.components_for_entity(entity)
            entities.append((entity, tuple(sorted(_component_key(c) for c in comps))))
        players = tuple(
            (p.resource, p.points, p.eliminated, p.bought, p.upkeep_due, tuple(p.disbanded),
             tuple((z.value, tuple(cards)) for z, cards in p.zones.items()))
            for p in [*self.players, self.neutral]
        )
        return (
            self.turn, self.active, self.phase.value, self.priority, self.passes,
            self.activated, tuple(self.tiles), tuple(sorted(self.neutralized)), players,
            tuple(entities),
            tuple((s.kind, s.controller, s.source, s.data) for s in self.stack),
            tuple((t.controller, t.source, t.ability, t.context) for t in self.pending),
            tuple(tuple(p) for p in self.packs), tuple(self.held), self.draft_step,
            self.draft_round, self.winners,
        )

    def state_hash(self) -> str:
        """A stable hash of everything that matters about the position."""
        self._enter()
        digest = hashlib.blake2b(_flat_bytes((self._canonical(), self.rng.getstate())),
                                 digest_size=12)
        return digest.hexdigest()

    def snapshot(self) -> dict[str, Any]:
        """A copy of the whole position, cheap enough for search (see ``restore``)."""
        self._enter()
        entities = {
            entity: [_clone(c) for c in comps.values()]
            for entity, comps in esper._entities.items()  # noqa: SLF001
        }
        return {
            "entities": entities,
            "next_entity": _peek_counter(),
            "players": [p.copy() for p in self.players],
            "neutral": self.neutral.copy(),
            "scalars": (self.turn, self.active, self.phase, self.priority, self.passes,
                        self.activated, self.winners, self.over_reason, self.draft_round,
                        self.draft_step, self.draft_steps, self._version),
            "tiles": list(self.tiles),
            "neutralized": set(self.neutralized),
            "board": dict(self.board),
            "piles": {k: list(v) for k, v in self.piles.items()},
            "stack": list(self.stack),
            "pending": list(self.pending),
            "packs": [list(p) for p in self.packs],
            "held": list(self.held),
            "rng": self.rng.getstate(),
            "history": len(self.history),
            "turn_hashes": len(self.turn_hashes),
            "trigger_queue": list(self._trigger_queue),
        }

    def restore(self, snap: dict[str, Any]) -> None:
        """Return to a position taken by ``snapshot`` (of this same game)."""
        self._enter()
        ents = esper._entities  # noqa: SLF001
        comps = esper._components  # noqa: SLF001
        ents.clear()
        comps.clear()
        for entity, components in snap["entities"].items():
            table = {}
            for component in components:
                copy = _clone(component)
                kind = type(copy)
                table[kind] = copy
                bucket = comps.get(kind)
                if bucket is None:
                    comps[kind] = {entity}
                else:
                    bucket.add(entity)
            ents[entity] = table
        esper._dead_entities.clear()  # noqa: SLF001
        esper.clear_cache()
        esper._entity_count = itertools.count(snap["next_entity"])  # noqa: SLF001
        self.players = [p.copy() for p in snap["players"]]
        self.neutral = snap["neutral"].copy()
        (self.turn, self.active, self.phase, self.priority, self.passes, self.activated,
         self.winners, self.over_reason, self.draft_round, self.draft_step, self.draft_steps,
         version) = snap["scalars"]
        self.tiles = list(snap["tiles"])
        self.neutralized = set(snap["neutralized"])
        self.board = dict(snap["board"])
        self.piles = {k: list(v) for k, v in snap["piles"].items()}
        self.stack = list(snap["stack"])
        self.pending = list(snap["pending"])
        self.packs = [list(p) for p in snap["packs"]]
        self.held = list(snap["held"])
        self.rng.setstate(snap["rng"])
        del self.history[snap["history"]:]
        del self.turn_hashes[snap["turn_hashes"]:]
        self._trigger_queue = list(snap["trigger_queue"])
        self._legal = None
        self._defs = {}
        self._dirty = True
        self._version = version + 1


class StateBasedActionSystem(esper.Processor):
    """Rule State-based actions 2: runs before any player receives priority, whenever
    something changed since it last ran."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def process(self) -> None:
        game = self.game
        if game._dirty and game.phase is not Phase.OVER:  # noqa: SLF001
            game._dirty = False  # noqa: SLF001
            game._state_based_actions()  # noqa: SLF001


class TriggerSystem(esper.Processor):
    """Rule Actions 3-5: turns the events of the last step into triggered actions."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def process(self) -> None:
        game = self.game
        if game._trigger_queue and game.phase is not Phase.OVER:  # noqa: SLF001
            game._collect_triggers()  # noqa: SLF001


def _clone(component: Any) -> Any:
    cls = component.__class__
    copy = cls.__new__(cls)
    for name in cls.__slots__:
        object.__setattr__(copy, name, getattr(component, name))
    return copy


def _peek_counter() -> int:
    """The next entity id esper will hand out, without consuming it."""
    counter = esper._entity_count  # noqa: SLF001
    value = next(counter)
    esper._entity_count = itertools.count(value)  # noqa: SLF001
    return value


def _named_entities(event: Event) -> tuple[int, ...]:
    """The permanents an event is about (for triggers of permanents that left the map)."""
    if isinstance(event, Attacked):
        return (event.attacker, event.target)
    if isinstance(event, Destroyed):
        return (event.permanent,)
    if isinstance(event, DamageDealt):
        return (event.target, event.source)
    return ()


def _flat_bytes(value: Any) -> bytes:
    """Pickle without the memo, so equal values always give equal bytes, whether or not
    they share objects (a plain pickle writes a repeated object as a back-reference)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=4)
    pickler.fast = True  # no memo: deterministic bytes for trees of plain values
    pickler.dump(value)
    return buffer.getvalue()


_KEYS: dict[type, Callable[[Any], tuple]] = {
    Card: lambda c: ("Card", c.definition.name, c.owner, c.token),
    InZone: lambda c: ("InZone", c.zone.value, c.player),
}


def _component_key(component: Any) -> tuple:
    """The component as a tuple of plain values (the card definition by its name)."""
    cls = component.__class__
    key = _KEYS.get(cls)
    if key is None:
        getter = operator.attrgetter(*cls.__slots__)
        name = cls.__name__
        if len(cls.__slots__) == 1:
            def key(c: Any, getter: Any = getter, name: str = name) -> tuple:
                return (name, getter(c))
        else:
            def key(c: Any, getter: Any = getter, name: str = name) -> tuple:
                return (name, *getter(c))
        _KEYS[cls] = key
    return key(component)


_HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    Pass: Game._do_pass,
    DraftPick: Game._do_draft_pick,
    Disband: Game._do_disband,
    PayUpkeep: Game._do_pay_upkeep,
    Buy: Game._do_buy,
    Discard: Game._do_discard,
    EndTurn: Game._do_end_turn,
    PlayCard: Game._do_play,
    Activate: Game._do_activate,
    Move: Game._do_move,
    StreetMove: Game._do_street_move,
    Attack: Game._do_attack,
    FullAction: Game._do_full_action,
    Transport: Game._do_transport,
    Switch: Game._do_switch,
    Equip: Game._do_equip,
    ShakeOff: Game._do_shake_off,
    UseFreeAction: Game._do_free_action,
    DiscardForResource: Game._do_discard_for_resource,
    DeclareTrigger: Game._do_declare_trigger,
}

