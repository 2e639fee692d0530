"""The win-condition registry (rule Win Conditions 2): each map names one kind and gives
its parameters in ``MapSpec.win.params``.

- ``king``: a player whose king (``card``, default "King") is destroyed is out; the last
  player standing wins.
- ``resource``: the first player with at least ``threshold`` resource wins.
- ``capture_points``: at the start of each upkeep the active player scores the points of
  every region they hold (they control more units in it than anyone else); ``points`` wins.
- ``destroy_buildings``: a player whose buildings (``card``, default "Building") are all
  destroyed is out; the last player standing wins.
- ``stick_of_victory``: at the start of each upkeep the active player scores 1 point if a
  unit they control has the stick (``card``, default "Stick of Victory") equipped;
  ``points`` wins. With ``region`` (a region of the map, by name) the stick scores only
  while its holder stands in that region.
- ``none``: the game only ends by elimination (tests, sandbox maps).
- ``tyrant`` and ``kraken``: the cooperative boss modes (see "boss modes" below).

How a map is won, in words, is the locale line ``wincon.<name>.goal``
(``game/content/locale``), its placeholders filled from the entry's ``goal_values``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

import esper

from .bosses import (
    BOSS_DECKS,
    ENFORCERS_PER_PLAYER,
    REPRESSION_GOAL,
    TENTACLE,
    blockaded_harbors,
    boss_entities,
    boss_health_change,
    boss_seat,
    boss_standing,
    human_seats,
    kraken_drag_victim,
    kraken_goal,
    occupied_towns,
    repression_goal,
    tentacle_limit,
    tentacle_tiles,
    tentacles,
)
from .components import Card, OnMap, Zone
from .core.events import Event, MarksChanged
from .geometry import Tile
from .registry import Registry
from .systems.movement import push_along

if TYPE_CHECKING:
    from .core.game import Game
    from .mapmodel import WinSpec


@dataclass(frozen=True, slots=True)
class WinCondition:
    name: str
    #: parameter name -> description, checked by map validation
    params: dict[str, str]
    check: Callable[[Game], tuple[tuple[int, ...], tuple[int, ...]]]  # (losers, winners)
    describe: Callable[[Game], str]
    setup: Callable[[Game], None] = lambda game: None
    on_upkeep: Callable[[Game, int], None] = lambda game, player: None
    #: the map parameters the goal text (or, before a game exists, the shorter
    #: ``wincon.<name>.brief`` when there is one) names, with the value each takes when
    #: the map gives none (``map_goal_values``)
    defaults: Mapping[str, object] = dataclasses.field(
        default_factory=lambda: MappingProxyType({}))
    #: the numbers the goal text (locale ``wincon.<name>.goal``) names, by placeholder,
    #: during a game (None: the map's parameters and ``defaults``)
    goal_values: Callable[[Game], dict[str, object]] | None = None
    #: the map piece whose card the ``card`` parameter names (``king``, ``building``,
    #: ``stick``: ``game.rules.mapmodel.PIECE_CARD_TYPES`` says what it may be)
    card_piece: str = ""
    #: the map needs a ``boss`` object (the cooperative boss modes)
    needs_boss: bool = False
    #: ``check`` reads nothing but which permanents are on the map and who controls them
    #: (the map's pieces): its answer is kept while ``game.roster_version`` is unchanged
    roster_only: bool = False

    def values(self, game: Game) -> dict[str, object]:
        """The goal text's placeholders in ``game``."""
        if self.goal_values is not None:
            return self.goal_values(game)
        return map_goal_values(self, game.map.win)


def map_goal_values(entry: WinCondition, win: WinSpec) -> dict[str, object]:
    """The goal text's placeholders from a map's win condition alone (the New game
    screen shows them before any game exists)."""
    return {name: win.params.get(name, default) for name, default in entry.defaults.items()}


WIN_CONDITIONS: Registry[WinCondition] = Registry("win condition")
#: the win parameters that are names (what each names); every other one is a whole number
TEXT_WIN_PARAMS: Mapping[str, str] = MappingProxyType({
    "card": "a card name", "region": "a region's name"})


def unknown_region(region: object, names: Iterable[str]) -> str | None:
    """What a ``region`` win parameter should have been when it names none of the map's
    regions ``names`` (None when it is absent or names one): the maps' loader, the save
    check and the map converter all word it so."""
    known = list(names)
    if region is None or region in known:
        return None
    return f"the name of one of the map's regions ({', '.join(known) or 'it has none'})"


def _param(game: Game, name: str, default: object) -> object:
    return game.map.win.params.get(name, default)


def _int_param(game: Game, name: str, default: int) -> int:
    # ``params`` holds the map's YAML values (``Any``); ``int()`` takes what it always took.
    return int(game.map.win.params.get(name, default))


def _pieces_lost(game: Game, default_card: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Players who had map pieces of the named card and have none left on the map."""
    name = str(_param(game, "card", default_card))
    had: set[int] = set()
    standing: set[int] = set()
    for card, player, entity in game.map_pieces:
        if card == name:
            had.add(player)
            if game.is_on_map(entity):
                standing.add(player)
    return tuple(sorted(had - standing)), ()


def _generals_lost(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The duel: a player whose general has left the battlefield loses."""
    lost = {player for card, player, entity in game.map_pieces
            if "general" in game.library[card].tags and not game.is_on_map(entity)}
    return tuple(sorted(lost)), ()


def _threshold(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    goal = _int_param(game, "threshold", 30)
    return (), tuple(p.index for p in game.players if not p.eliminated and p.resource >= goal)


def _points(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    goal = _int_param(game, "points", 10)
    return (), tuple(p.index for p in game.players if not p.eliminated and p.points >= goal)


def _objectives(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The fleet: the player with the most points wins once someone has the map's points
    (scored in the fleet's status phases; its last round ends the game too)."""
    goal = _int_param(game, "points", 10)
    reached = [p for p in game.players if not p.eliminated and p.points >= goal]
    if not reached:
        return (), ()
    top = max(p.points for p in reached)
    return (), tuple(p.index for p in reached if p.points == top)


def _objectives_text(game: Game) -> str:
    goal = _int_param(game, "points", 10)
    if any(p.points >= goal for p in game.players if not p.eliminated):
        return f"scored {goal} points holding objective systems"
    return f"had the most points after {_int_param(game, 'rounds', 8)} rounds"


def held_regions(game: Game, player: int) -> list[str]:
    """Regions where ``player`` controls more units than any other player."""
    held = []
    for region in game.map.regions:
        counts: dict[int, int] = {}
        for tile in region.tiles:
            unit = game.board.get(tile, 0)
            if unit and game.card(unit).is_unit:
                who = game.controller(unit)
                counts[who] = counts.get(who, 0) + 1
        mine = counts.get(player, 0)
        if mine and all(mine > n for p, n in counts.items() if p != player):
            held.append(region.name)
    return held


def _score_regions(game: Game, player: int) -> None:
    points = {r.name: r.points for r in game.map.regions}
    total = sum(points[name] for name in held_regions(game, player))
    if total:
        game.gain_points(player, total)


def stick_region(game: Game) -> frozenset[Tile] | None:
    """The tiles where the stick of victory scores (the map's ``region`` parameter), or
    None when it scores anywhere."""
    name = game.map.win.params.get("region")
    if name is None:
        return None
    return next((r.tiles for r in game.map.regions if r.name == name), frozenset())


def stick_scores_at(game: Game, tile: Tile | None) -> bool:
    """Whether a holder of the stick standing on ``tile`` scores in its upkeep."""
    region = stick_region(game)
    return tile is not None and (region is None or tile in region)


def _score_stick(game: Game, player: int) -> None:
    name = str(_param(game, "card", "Stick of Victory"))
    for entity, card in esper.get_component(Card):
        if card.definition.name != name or not esper.has_component(entity, OnMap):
            continue
        bearer = game.container_of(entity)
        if bearer and game.controller(bearer) == player and game.card(bearer).is_unit \
                and stick_scores_at(game, game.tile_of(bearer)):
            game.gain_points(player, _int_param(game, "per_upkeep", 1))


for entry in (
    WinCondition("none", {}, lambda g: ((), ()), lambda g: "last player standing"),
    WinCondition("king", {"card": "name of the king card (default King)"},
                 lambda g: _pieces_lost(g, "King"), lambda g: "the enemy king fell",
                 card_piece="king", roster_only=True),
    WinCondition("general", {}, _generals_lost, lambda g: "the enemy general fell",
                 roster_only=True),
    WinCondition("resource", {"threshold": "resource needed to win"}, _threshold,
                 lambda g: f"reached {_param(g, 'threshold', 30)} resource",
                 defaults=MappingProxyType({"threshold": 30})),
    WinCondition("capture_points", {"points": "points needed to win"}, _points,
                 lambda g: f"scored {_param(g, 'points', 10)} points by holding regions",
                 on_upkeep=_score_regions, defaults=MappingProxyType({"points": 10})),
    WinCondition("destroy_buildings", {"card": "name of the building card (default Building)"},
                 lambda g: _pieces_lost(g, "Building"),
                 lambda g: "destroyed the enemy buildings", card_piece="building",
                 roster_only=True),
    WinCondition("objectives", {"points": "points needed to win",
                                "rounds": "rounds played at most (then the most points win)"},
                 _objectives, _objectives_text,
                 defaults=MappingProxyType({"points": 10, "rounds": 8})),
    WinCondition("stick_of_victory",
                 {"points": "points needed to win", "card": "the stick's card name",
                  "per_upkeep": "points per upkeep with the stick equipped",
                  "region": "the region its holder must stand in to score (default: "
                            "anywhere)"},
                 _points,
                 lambda g: f"held the stick of victory for {_param(g, 'points', 10)} points",
                 on_upkeep=_score_stick, defaults=MappingProxyType({"points": 10}),
                 card_piece="stick"),
):
    WIN_CONDITIONS.add(entry.name, entry)


# ---------------------------------------------------------------------------- boss modes
#
# The cooperative boss modes (RULES-NOTES Part 1, "Bosses and cooperative modes"). The boss
# side is the last seat of the game; every other seat is a human player and they win or
# lose together. A map's "player N" spawn and harbor tiles, N = the map's player count,
# are the boss's own (the Tyrant's keep, the Kraken's reef); in a game with fewer seats
# than the map has, those tiles go to the boss seat and the unused seats' tiles to nobody.
# The map's ``boss`` objects are placed for the boss seat at setup. The boss seat's start
# deck is its own (``BOSS_DECKS``), not the map's. The computer plays the boss seat with
# the turn scripts of ``game.ai.boss``; what happens to the board without a choice (the
# Kraken's tides and tentacles, the Tyrant's hold on the towns) is here, in the upkeep.


def _boss_setup(game: Game) -> None:
    """Seat the boss: its tiles, its pieces (placed for the last seat, with the health
    the number of players gives them: ``boss_health_change``)."""
    seat = boss_seat(game)
    if seat < 1:
        return  # a boss map played by one seat only: there is no boss side
    keep = game.map.players - 1
    owners: dict[Tile, int] = {}
    for tile, owner in game.map.owners.items():
        if owner == keep:
            owners[tile] = seat
        elif owner < seat:
            owners[tile] = owner
    game.map = dataclasses.replace(game.map, owners=MappingProxyType(owners))
    for placement in game.map.bosses:
        entity = game.add_permanent(placement.card, placement.tile, seat)
        game.map_pieces.append((placement.card, seat, entity))
        change = boss_health_change(game, game.card(entity))
        if change:
            game.grant(entity, "stat:health", change, "while_source_on_map", entity)


def _tyrant_setup(game: Game) -> None:
    """Seat the boss, and count each intention the Tyrant carries out."""
    _boss_setup(game)
    if boss_seat(game) < 1:
        return

    def carried_out(event: Event) -> None:
        # the Tyrant's full action removes the mark from a unit still on the map (a mark
        # leaving with its unit goes after the unit left the map)
        if not isinstance(event, MarksChanged) or event.kind != "intention" or event.count:
            return
        tyrant = boss_standing(game)
        if tyrant and game.activated == tyrant and game.is_on_map(event.bearer):
            game.add_marks(tyrant, "repression", 1)

    game.bus.subscribe(carried_out)


def _boss_deck(game: Game, mode: str) -> None:
    """Before the first turn: the boss seat's map start deck makes way for its own."""
    seat = boss_seat(game)
    state = game.players[seat]
    for entity in list(state.deck):
        game.move_card(entity, Zone.EXILE)
    extra = (("Enforcer", ENFORCERS_PER_PLAYER * len(human_seats(game))),) \
        if mode == "tyrant" else ()
    for name, count in (*BOSS_DECKS[mode], *extra):
        for _ in range(count):
            game.add_card(name, seat, Zone.DECK)
    game.rng.shuffle(state.deck)


def _boss_check(game: Game, boss_wins: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if boss_seat(game) < 1 or not boss_entities(game):
        return (), ()
    if not boss_standing(game):
        return (), human_seats(game)
    if boss_wins:
        return (), (boss_seat(game),)
    return (), ()


def _tyrant_check(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    tyrant = boss_standing(game)
    repressed = bool(tyrant) and game.marks(tyrant, "repression") >= repression_goal(game)
    return _boss_check(game, repressed)


def _tyrant_upkeep(game: Game, player: int) -> None:
    """Before the first turn the Tyrant's deck is set up. In the boss side's upkeep the
    Tyrant gains a repression mark for each occupied town (``occupied_towns``)."""
    if boss_seat(game) < 1:
        return
    if game.turn == 1 and player == 0:
        _boss_deck(game, "tyrant")
    tyrant = boss_standing(game)
    if player == boss_seat(game) and tyrant:
        game.add_marks(tyrant, "repression", len(occupied_towns(game)))


def _kraken_upkeep(game: Game, player: int) -> None:
    """The Kraken's upkeep, in order: 1. the tide turns: the boss side scores 1 point;
    2. 1 more point for each blockaded harbor; 3. the Kraken drags the nearest wet human
    unit one step towards itself (rule Push: dragged into deep water, a walker drowns;
    against the Kraken, it takes 1 damage); 4. a tentacle rises next to a harbor while
    fewer than ``tentacle_limit`` are on the map (one per player; before rules version 4
    one more)."""
    if boss_seat(game) < 1:
        return
    if game.turn == 1 and player == 0:
        _boss_deck(game, "kraken")
    kraken = boss_standing(game)
    if player != boss_seat(game) or not kraken:
        return
    game.gain_points(player, 1 + len(blockaded_harbors(game)))
    victim = kraken_drag_victim(game)
    here, there = game.tile_of(kraken), game.tile_of(victim) if victim else None
    if here is not None and there is not None:
        push_along(game, victim, game.geometry.direction(there, here), 1, kraken)
    spots = tentacle_tiles(game)
    if spots and len(tentacles(game)) < tentacle_limit(game):
        tile = spots[game.rng.randrange(len(spots))]
        entity = game.new_card(TENTACLE, player, Zone.MAP, token=True)
        game.put_on_map(entity, tile, player)


for entry in (
    WinCondition("tyrant", {}, _tyrant_check,
                 lambda g: ("the Tyrant fell" if not boss_standing(g)
                            else "the land is repressed: the Tyrant carries "
                                 f"{repression_goal(g)} repression marks"),
                 setup=_tyrant_setup, on_upkeep=_tyrant_upkeep, needs_boss=True,
                 defaults=MappingProxyType({"marks": REPRESSION_GOAL}),
                 goal_values=lambda g: {"marks": repression_goal(g)}),
    WinCondition("kraken", {"points": "points the Kraken needs (1 a round, 1 per blockaded "
                                      "harbor)"},
                 lambda g: _boss_check(g, g.players[boss_seat(g)].points >= kraken_goal(g)),
                 lambda g: ("the Kraken was slain" if not boss_standing(g)
                            else f"the Kraken ruled the bay for {kraken_goal(g)} points"),
                 setup=_boss_setup, on_upkeep=_kraken_upkeep, needs_boss=True,
                 defaults=MappingProxyType({"points": 12}),
                 goal_values=lambda g: {"points": kraken_goal(g)}),
):
    WIN_CONDITIONS.add(entry.name, entry)
