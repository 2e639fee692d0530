"""The game: one door in (``apply``), the list of what is allowed (``legal_actions``), typed
events out, and the read API (``view`` and the queries). Everything else lives where its
rule lives:

- ``core/``: the stack and priority (``stack``), settling after each step (``settling``),
  cards between zones (``zones``), the map's permanents, piles and marks (``board``),
  snapshots and the hash (``snapshot``);
- ``systems/``: movement, combat, upkeep, state-based actions and triggers, as esper
  processors; resolving an action leaves intents that they carry out;
- ``rulesets/``: what differs per game mode (set-up, turn, legal actions, handlers,
  resolvers), chosen by the map.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import esper

from .. import wincons
from ..cards import Ability, CardDef
from ..components import Card, Zone
from ..geometry import Tile
from ..rulesets import ruleset as find_ruleset
from ..systems import marks as mark_ticks
from ..systems import movement
from ..systems.combat import deal_damage
from ..systems.state_based import StateBasedActionSystem, action_step, eliminate, finish
from ..systems.triggers import TriggerSystem
from . import board, hashing, settling, snapshot, zones
from .actions import Action
from .events import Event, EventBus
from .preview import preview_of
from .queries import Queries
from .state import (
    NEUTRAL,
    GameRandom,
    GameSetup,
    IllegalAction,
    PendingChoice,
    PendingTrigger,
    Phase,
    PlayerState,
    StackItem,
)
from .view import Meter, Preview, ViewQueries

if TYPE_CHECKING:
    from ..draft import DraftFormat


class Game(Queries, ViewQueries):
    """One game, in its own esper world, played under the ruleset its map names."""

    _worlds = itertools.count(1)
    #: the draft's format; set when a draft starts (``rulesets.muhq.setup.start_draft``)
    draft_format: DraftFormat

    def __init__(self, setup: GameSetup) -> None:
        self.ruleset = find_ruleset(setup.map.ruleset)
        seats = self.ruleset.seats
        if seats <= 4 and not 1 <= setup.players <= 5:  # 4 players and a boss side
            raise ValueError(
                f"players: expected 1 to 5 (up to 4 and a boss side), found {setup.players}")
        if seats > 4 and not 1 <= setup.players <= seats:
            raise ValueError(f"players: expected 1 to {seats}, found {setup.players}")
        if setup.map.players and setup.players > setup.map.players:
            raise ValueError(
                f"map {setup.map.name} is for {setup.map.players} players, not {setup.players}"
            )
        self.setup = setup
        self.map = setup.map
        self.library = setup.library.as_of(setup.version)  # its errata (ERRATA_VERSION)
        refused = self.ruleset.refused_cards(setup)
        if refused:
            raise ValueError("; ".join(refused))
        self.world = f"muhq-{next(Game._worlds)}"
        esper.switch_world(self.world)
        self.rng = GameRandom(setup.seed)
        self.tiles: list[str] = list(self.map.tiles)
        #: the board's geometry (every spatial question; tiles are opaque ids elsewhere)
        self.geometry = self.map.grid()
        self.neighbours = self.geometry.neighbour_table()
        #: tile -> its position in ``tiles`` (the geometry's cell order)
        self.cell_index = self.geometry.index_table()
        self.board: dict[Tile, int] = {}
        self.piles: dict[int, list[int]] = {}
        #: card -> (zone, holder): the lookup half of the zone index (see ``zones.place``)
        self.places: dict[int, tuple[Zone, int]] = {}
        self.players = [PlayerState(i) for i in range(setup.players)]
        self.neutral = PlayerState(NEUTRAL)
        self.turn = 0
        self.active = 0
        self.phase = Phase.DRAFT
        self.priority = 0
        self.passes = 0
        self.stack: list[StackItem] = []
        self.pending: list[PendingTrigger] = []
        #: decisions waiting for a player's answer before anybody acts (``core.choices``)
        self.choices: list[PendingChoice] = []
        self.activated = 0
        self.winners: tuple[int, ...] = ()
        self.over_reason = ""
        self.history: list[Action] = []
        self.turn_hashes: list[str] = []
        self.hash_turns = True  # (False inside ``unhashed``)
        self.bus = EventBus()
        #: the events of the action being applied (returned by ``apply``)
        self.events: list[Event] = []
        #: events the trigger system has still to look at
        self.trigger_queue: list[Event] = []
        #: permanents gone from the map this step -> their last controller
        self.left_map: dict[int, int] = {}
        #: something changed since the state-based actions last ran
        self.dirty = True
        #: ``version`` when the state-based actions last found the board in order (-1: look
        #: again; ``state_based.state_based_actions``)
        self.checked_version = -1
        #: bumped by every change of the board; caches keyed by it
        self.version = 0
        self.legal_cache: tuple[int, list[Action]] | None = None
        self.defs: dict[int, CardDef] = {}
        self.controlled_cache: tuple[int, dict[int, list[int]]] = (-1, {})
        #: the version at which a permanent last entered or left the map or changed
        #: controller: the key of the controlled-permanents and passive-sources caches
        self.roster_version = 0
        self.passives_cache: tuple[int, list[tuple[int, Any]]] = (-1, [])
        #: other caches of the systems, by name (the trigger holders, the roster-only win
        #: check, the state hash's keys of cards), each with the version it was made for
        self.caches: dict[str, tuple[int, Any]] = {}
        self.movement_cache: Any = None
        #: what each player sees, for rulesets with vision (keyed by ``version``)
        self.vision_cache: Any = None
        #: bumped whenever a tile's type changes (a breached wall becomes neutral ground)
        self.terrain_version = 0
        # set-up state of Muhq's Game (draft, map pieces, map stores)
        self.packs: list[list[int]] = []
        self.held: list[int] = []
        self.draft_round = 0
        self.draft_step = 0
        self.draft_steps = 0
        self.map_pieces: list[tuple[str, int, int]] = []  # (card name, player, entity)
        self.neutralized: set[Tile] = set()
        self.win = wincons.WIN_CONDITIONS[self.map.win.kind]
        # the ruleset's systems run on the intents of each resolution (process_intents);
        # the shared ones run whenever the game settles (esper.process)
        self.intent_systems: list[esper.Processor] = [system for system, _ in sorted(
            self.ruleset.systems(self), key=lambda pair: -pair[1])]
        self.intents_pending = False
        esper.add_processor(StateBasedActionSystem(self), priority=20)
        esper.add_processor(TriggerSystem(self), priority=10)
        self.ruleset.setup(self)

    # ------------------------------------------------------------------ the world

    def enter(self) -> None:
        """Make this game's esper world the current one (``legal_actions``, ``apply``,
        ``state_hash``, ``snapshot`` and ``restore`` do it themselves; the read-only
        queries read the current world: with several games alive, enter first)."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)

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
        entity = esper.create_entity(Card(definition, owner, token))
        zones.place(self, entity, zone, holder)
        return entity

    def add_permanent(self, definition: CardDef | str, tile: Tile, controller: int,
                      owner: int | None = None) -> int:
        """Put a new card straight onto the map, outside any action (map setup, scenarios)."""
        self.enter()
        if isinstance(definition, str):
            definition = self.library[definition]
        card = self.new_card(definition, controller if owner is None else owner, Zone.MAP)
        board.put_on_map(self, card, tile, controller)
        self.legal_cache = None
        return card

    def add_card(self, definition: CardDef | str, player: int, zone: Zone = Zone.HAND) -> int:
        """Create a new card of ``player`` in one of their zones (scenarios, effects)."""
        self.enter()
        if isinstance(definition, str):
            definition = self.library[definition]
        card = self.new_card(definition, player, zone)
        self.legal_cache = None
        return card

    # ------------------------------------------------------------------ rules operations
    # The rule lives in the module named; the method is that module's function itself
    # (bound as a method: no extra call on the engine's hottest paths).

    move_card = zones.move_card
    change_owner = zones.change_owner
    draw = zones.draw
    shuffle_discard_into_deck = zones.shuffle_discard_into_deck
    gain_resource = zones.gain_resource
    gain_points = zones.gain_points
    pay = zones.pay
    add_to_counter = zones.add_to_counter
    put_on_map = board.put_on_map
    place_permanent = board.place_permanent
    move_permanent = board.move_permanent
    put_in_pile = board.put_in_pile
    pile_onto = board.pile_onto
    unpile = board.unpile
    change_controller = board.change_controller
    destroy = board.destroy
    add_marks = board.add_marks
    remove_marks = board.remove_marks
    remove_mark_entity = board.remove_mark_entity
    grant = board.grant
    neutralize_store = board.neutralize_store
    roster_changed = board.roster_changed
    deal_damage = deal_damage
    push = movement.push
    settle = settling.settle
    eliminate = eliminate
    finish = finish

    def mark_tile(self, tile: Tile, kind: str, count: int = 1) -> None:
        board.add_marks(self, 0, kind, count, tile=tile)

    def unmark_tile(self, tile: Tile, kind: str, count: int = 1) -> int:
        return board.remove_marks(self, 0, kind, count, tile=tile)

    def tick_marks(self, when: str, player: int | None = None, permanent: int = 0) -> None:
        mark_ticks.tick(self, when, player, permanent)

    def deactivate(self) -> None:
        self.ruleset.deactivate(self)

    # --- questions whose answer is the ruleset's

    def spawn_tiles(self, player: int, definition: CardDef) -> list[Tile]:
        """Available tiles the player may play this permanent onto."""
        return self.ruleset.spawn_tiles(self, player, definition)

    def attack_targets(self, unit: int) -> list[int]:
        """Permanents the unit may attack now."""
        return self.ruleset.attack_targets(self, unit)

    def target_choices(self, player: int, source: int,
                       ability: Ability | None) -> list[tuple[Any, ...]]:
        """Every way to declare the targets of an ability."""
        return self.ruleset.target_choices(self, player, source, ability)

    # ------------------------------------------------------------------ events

    def emit(self, event: Event) -> None:
        """Announce an event: to the action's event list and the bus's subscribers."""
        self.dirty = True
        if event.settles:
            self.checked_version = -1
        self.events.append(event)
        if self.bus.listening:
            self.bus.publish(event)

    def queue_trigger_event(self, event: Event) -> None:
        """Let the trigger system look at ``event`` when it next runs."""
        self.trigger_queue.append(event)

    # ------------------------------------------------------------------ the one door

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now, in a fixed order."""
        if esper.current_world != self.world:  # (``enter``, on the hottest path)
            esper.switch_world(self.world)
        known = self.legal_cache
        if known is not None and known[0] == player:
            return known[1]
        actions = self.ruleset.legal_actions(self, player)
        self.legal_cache = (player, actions)
        return actions

    def apply(self, action: Action) -> list[Event]:
        """Perform one legal action; returns the events it caused.

        Raises ``IllegalAction`` (leaving the game unchanged) for anything not in
        ``legal_actions(action.player)``.
        """
        if esper.current_world != self.world:  # (``enter``, on the hottest path)
            esper.switch_world(self.world)
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        known = self.legal_cache  # (``legal_actions``, most often listed already)
        legal = known[1] if known is not None and known[0] == action.player \
            else self.legal_actions(action.player)
        # the listed object itself (search, the window) is found without comparing fields;
        # the last one first (a pass, or the only action there is)
        if (not legal or legal[-1] is not action) \
                and not any(map(operator.is_, legal, itertools.repeat(action))) \
                and action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self.events = []
        self.legal_cache = None
        action_step(self)  # self.version += 1
        self.history.append(action)
        self.ruleset.handlers[type(action)](self, action)
        self.settle()
        return self.events

    def preview(self, action: Action) -> Preview:
        """What ``action`` would do now if every other player let it happen (see
        ``core.preview``)."""
        return preview_of(self, action)

    def keywords_now(self, entity: int, names: Iterable[str]) -> tuple[str, ...]:
        """Which of ``names`` the permanent has now, as its ruleset reads keywords (the
        duel: a dispelled unit keeps none but Ephemeral), in the order given."""
        self.enter()
        return tuple(n for n in names if self.ruleset.keyword(self, entity, n) is not None)

    def meters(self, player: int) -> tuple[Meter, ...]:
        """The player's numbers as its ruleset counts them (see ``Meter``)."""
        self.enter()
        return self.ruleset.meters(self, player)

    def _why_illegal(self, action: Action) -> str:
        if self.phase is Phase.OVER:
            return f"{action}: the game is over"
        if action.player != self.actor:
            who = self.actor
            return f"{action}: it is player {who + 1 if who is not None else '-'}'s turn to act"
        return f"{action}: not allowed now (phase {self.phase.value})"

    def add_intent(self, entity: int, intent: object) -> None:
        """Leave an intent component on ``entity`` for the ruleset's systems."""
        esper.add_component(entity, intent)
        self.intents_pending = True

    def process_intents(self) -> None:
        """Run the ruleset's systems (movement, upkeep, combat...) in their fixed order,
        each carrying out and removing the intents of its kind, until none is left."""
        while self.intents_pending:
            self.intents_pending = False
            for system in self.intent_systems:
                system.process()

    # ------------------------------------------------------------------ hashes and snapshots

    def store_turn_hash(self) -> None:
        self.turn_hashes.append(self.state_hash() if self.hash_turns else "")

    @contextmanager
    def unhashed(self) -> Iterator[None]:
        """Play that a ``restore`` will take back (a search's playout): its turns end
        with an empty hash instead of the state hash (a tenth or more of such play)."""
        before, self.hash_turns = self.hash_turns, False
        try:
            yield
        finally:
            self.hash_turns = before

    def state_hash(self) -> str:
        """A stable hash of everything that matters about the position."""
        return hashing.state_hash(self)

    def snapshot(self) -> dict[str, Any]:
        """A copy of the whole position, cheap enough for search (see ``restore``)."""
        return snapshot.snapshot(self)

    def restore(self, snap: dict[str, Any]) -> None:
        """Return to a position taken by ``snapshot`` (of this same game)."""
        snapshot.restore(self, snap)
