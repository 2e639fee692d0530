"""The shape of a ruleset (see ``game.rules.rulesets``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import esper

from ..components import OnMap
from ..core.view import Meter

if TYPE_CHECKING:
    import esper

    from ..cards import Ability, CardDef, CardType
    from ..core.actions import Action
    from ..core.events import Event
    from ..core.game import Game
    from ..core.state import GameSetup, StackItem
    from ..geometry import Tile

#: how one kind of action acts when a player takes it
Handler = Callable[["Game", Any], None]
#: how one kind of declared action executes when it resolves
Resolver = Callable[["Game", "StackItem"], None]


def _tapped(entity: int) -> bool:
    on_map = esper.try_component(entity, OnMap)
    return on_map is not None and on_map.tapped


def _resource_and_points(game: Game, player: int) -> tuple[Meter, ...]:
    state = game.players[player]
    return Meter("resource", state.resource), Meter("points", state.points)


@dataclass(frozen=True)
class Ruleset:
    """One game mode. The callables take the game first."""

    name: str
    #: the geometry its maps use unless they name another
    geometry: str
    #: card types its decks may hold
    card_types: frozenset[CardType]
    #: set-up once the game's world exists (pieces, decks, stores, the first turn)
    setup: Callable[[Game], None]
    legal_actions: Callable[[Game, int], list[Action]]
    handlers: Mapping[type, Handler]
    resolvers: Mapping[str, Resolver]
    start_turn: Callable[..., None]
    end_phase: Callable[[Game], None]
    #: after each resolution (Muhq: a unit without actions left is tapped)
    after_resolution: Callable[[Game, StackItem], None]
    #: the activated permanent is done (Muhq: tapped)
    deactivate: Callable[[Game], None]
    attack_targets: Callable[[Game, int], list[int]]
    target_choices: Callable[[Game, int, int, Ability | None], list[tuple[Any, ...]]]
    spawn_tiles: Callable[..., list[Any]]
    #: systems (esper processors) of this ruleset beyond the shared ones, with priorities
    systems: Callable[[Game], list[tuple[esper.Processor, int]]] = field(
        default=lambda game: [])
    #: when not empty, a card may be in its games only if it carries one of these tags
    card_tags: frozenset[str] = frozenset()
    #: how many permanents may stand on one tile (Muhq: one; fleet: a whole fleet)
    occupancy: int = 1
    #: the most players its maps may name (a game may add a boss side to Muhq's four)
    seats: int = 4
    #: map properties its maps must give besides players and win_condition
    map_needs: frozenset[str] = frozenset({"income", "start_deck"})
    #: does a declared action wait on the stack for every player to pass (Muhq's
    #: priority), or resolve at once, triggers included (the duel)?
    priority: bool = True
    #: does it ask its players the decisions the rules leave to them (``core.choices``:
    #: unpaid units, dropped piles, discard costs, the order of simultaneous triggers),
    #: from rules version ``CHOICES_VERSION`` on? (Muhq; elsewhere the engine answers)
    choices: bool = False
    #: does this much damage destroy a fighter of this health? (Muhq: more damage than
    #: health, rule State-based actions 3.1; the duel: no health left)
    lethal: Callable[[int, int], bool] = field(default=lambda damage, health: damage > health)
    #: why such a fighter is destroyed, in the log
    lethal_text: str = "more damage than health"
    #: do players buy from a store of their own and trade cards for resource (Muhq)? The
    #: window offers the store only then
    store: bool = True
    #: a permanent's attack per range as its players see it (``EntityView.attack``)
    attack_profile: Callable[[Game, int], dict[int, int]] = field(
        default=lambda game, entity: game.attack_profile(entity))
    #: is a permanent on the map done for now (``EntityView.exhausted``; Muhq: tapped)?
    exhausted: Callable[[Game, int], bool] = field(default=lambda game, entity: _tapped(entity))
    #: a keyword of a permanent as the ruleset reads it (``Game.has_keyword``; the duel: a
    #: dispelled unit keeps none but Ephemeral)
    keyword: Callable[[Game, int, str], Any] = field(
        default=lambda game, entity, name: game.keyword(entity, name))
    #: a player's numbers for the window's player bar (``Game.meters``)
    meters: Callable[[Game, int], tuple[Meter, ...]] = field(
        default=lambda game, player: _resource_and_points(game, player))
    #: the permanents a player sees (``Game.visible_permanents``); None: every one (the
    #: rulesets without vision)
    sees: Callable[[Game, int], frozenset[int]] | None = None
    #: an event as a player may know it, or None when it must not learn of it
    #: (``Game.seen_event``); None: every event as it is
    conceal: Callable[[Game, Event, int], Event | None] | None = None
    #: the tiles a player sees (``Game.visible_tiles``); None: every tile
    sight: Callable[[Game, int], frozenset[Tile]] | None = None
    #: the tiles where a player knows an enemy stands that it does not see
    #: (``Game.sensed_tiles``; the skirmish's sense enemies); None: none
    sensed: Callable[[Game, int], frozenset[Tile]] | None = None
    #: the way a unit would take to a tile its move may reach now, with what it costs:
    #: ``(points, tiles stepped on)`` (``Game.route``; the skirmish's movement points);
    #: None: the ruleset has no such costs to show
    route: Callable[[Game, int, Tile], tuple[int, tuple[Tile, ...]] | None] | None = None
    #: is the line of sight from a unit to a tile clear for it (``Game.line_of_sight``; the
    #: skirmish's LoS)? The hook answers None for a tile it won't tell of; None: the
    #: ruleset has no lines of sight
    line_of_sight: Callable[[Game, int, Tile], bool | None] | None = None
    #: ``EntityView.moves_left`` counts movement points (the skirmish), not move actions
    movement_points: bool = False
    #: do players hold cards (a hand, a deck, a discard pile)? The window shows them only
    #: then (the skirmish: armies on the map only)
    hands: bool = True

    def refuses(self, card: CardDef) -> str | None:
        """Why ``card`` can't be in this ruleset's games (None when it can)."""
        if card.type not in self.card_types:
            return f"{card.name}: the {self.name} ruleset has no {card.type.value} cards"
        if self.card_tags and not self.card_tags & card.tags:
            wanted = ", ".join(sorted(self.card_tags))
            return f"{card.name}: the {self.name} ruleset takes cards tagged {wanted}"
        return None

    def refused_cards(self, setup: GameSetup) -> list[str]:
        """Every card the setup names (start deck, players' decks, stores, map pieces)
        that this ruleset refuses, or that the card library lacks, each said once."""
        names = [name for name, _ in setup.map.start_deck]
        names += [p.card for p in setup.map.placements]
        for group in (*(setup.decks or ()), *(setup.stores or ())):
            names += list(group)
        if setup.decks is not None and len(setup.decks) != setup.players:
            problems = [f"decks: expected one deck per player ({setup.players}), "
                        f"found {len(setup.decks)}"]
        else:
            problems = []
        for name in dict.fromkeys(names):
            if name not in setup.library:
                problems.append(f"{name}: not a card of the card library")
                continue
            reason = self.refuses(setup.library[name])
            if reason:
                problems.append(reason)
        return problems
