"""How good a position looks for one player: the score the normal and hard computer
players maximise.

``evaluate(game, player)`` is the player's own worth minus the worth of their strongest
opponent. A side's worth adds up:

- its units and other permanents on the map (what they cost and how much health they have
  left), minus a share for those an enemy can kill next turn;
- its resource, and the cards it owns (deck, hand and discard pile, by their buy cost;
  a card in hand counts a little more, as something to do this turn), its store a little;
- progress towards the map's win condition: its own king or buildings alive and unhurt,
  points against the target, resource against the threshold, regions held, the stick of
  victory carried (more the nearer its carrier stands to where it scores, most there),
  and how close its fighters stand to what they must reach.

A finished game is worth ``WIN`` to its sole winner and ``-WIN`` to the others (a shared
win or a draw counts as 0). In a cooperative boss mode (``teams``) the players are one
side: their worths add up against the boss side's, a win of the players is ``WIN`` to
each of them, the boss counts as their objective (its health left, like a king's) and its
progress towards its own win (repression marks, the Kraken's points) as the boss side's.
The function only reads the board and the zone lists; the players determinize hidden
cards before calling it (see ``game.ai.determinize``).
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules import EntityView, Game
from game.rules.cards import CardDef
from game.rules.core.state import Phase
from game.rules.geometry import Tile
from game.rules.wincons import held_regions, stick_region, stick_scores_at

from . import duel, fleet, skirmish, teams

WIN = 1_000_000.0

RESOURCE = 0.5  # one resource
CARD_OWNED = 0.7  # per buy cost of an owned card
CARD_IN_HAND = 0.6  # an extra for holding a card (something to play this turn)
STORE_CARD = 0.1  # per buy cost of a card still in the store
OBJECTIVE_PIECE = 60.0  # a king or building standing
OBJECTIVE_HEALTH = 12.0  # per health point it has left
BOSS_SPAN = 300.0  # a boss brought down from full health, for the players
POINTS_SPAN = 120.0  # reaching the points target, in evaluation units
RESOURCE_SPAN = 120.0  # reaching the resource threshold
APPROACH = 0.6  # per tile a fighter stands closer to its objective (within REACH)
REACH = 14
STICK_HELD = 15.0  # a unit of ours carries the stick of victory where it scores
STICK_CARRIED = 8.0  # a unit of ours carries the stick of victory, wherever it stands
STICK_STEP = 2.0  # per tile the stick's carrier stands closer to where it scores
STAY_HOME = 0.3  # per tile a king or building stands away from where it started
THREAT_SHARE = 0.4  # share of a unit's worth lost when an enemy can kill it next turn


def card_worth(definition: CardDef) -> float:
    """Rough worth of a card by its printed values (its buy cost when it has one)."""
    if definition.buy is not None:
        return float(definition.buy)
    if definition.is_fighter:
        return 1.0 + definition.attack + 0.5 * definition.health
    if definition.effect is not None:
        return 1.0  # a start card such as Coin
    return 0.5


class Piece(NamedTuple):
    """What the evaluation reads of a permanent on the map: a few of ``game.view``'s
    fields, read without the rest (its attack profile, marks...), which an evaluation of
    every permanent in every practice game would pay for and never use."""

    card: CardDef
    controller: int
    tile: Tile | None
    health: int
    damage: int

    @property
    def health_left(self) -> int:
        """As ``EntityView.health_left``."""
        return self.health - self.damage


def piece(game: Game, entity: int) -> Piece:
    """The ``Piece`` of a permanent on the map."""
    return Piece(game.card(entity), game.controller(entity), game.tile_of(entity),
                 game.health(entity), game.damage(entity))


def unit_worth(game: Game, entity: int, view: EntityView | Piece | None = None) -> float:
    """What a permanent on the map is worth to its controller (``view``: its
    ``game.view`` or ``piece``, when the caller has it already)."""
    view = view or game.view(entity)
    definition = view.card
    base = 3.0 + 1.5 * card_worth(definition)
    if not definition.is_fighter:
        return base
    health = view.health
    damage = view.damage
    left = max(0, health + 1 - damage)  # a unit dies with more damage than health
    fighting = 1.5 * definition.attack + 0.5 * max(0, definition.range - 1) \
        + 0.3 * definition.movement
    return (base + fighting) * (0.5 + 0.5 * left / (health + 1)) - 0.8 * definition.upkeep


def objective_names(game: Game) -> set[str]:
    kind = game.map.win.kind
    if kind == "king":
        return {str(game.map.win.params.get("card", "King"))}
    if kind == "destroy_buildings":
        return {str(game.map.win.params.get("card", "Building"))}
    if teams.is_boss_game(game):
        return {p.card for p in game.map.bosses}
    return set()


def _outcome(game: Game, player: int) -> float:
    winners = game.winners
    if winners and teams.is_boss_game(game):
        return WIN if player in winners else -WIN
    if len(winners) == 1:
        return WIN if winners[0] == player else -WIN
    if player in winners:
        return 0.0
    return -WIN if winners else 0.0


class _Board:
    """What every side's worth needs, gathered in one walk over the map."""

    def __init__(self, game: Game) -> None:
        self.fighters: dict[int, list[tuple[int, Tile]]] = {}
        self.permanents: dict[int, list[int]] = {}
        names = objective_names(game)
        #: a boss is its side's objective and fights as well
        fights = teams.is_boss_game(game)
        self.pieces: dict[int, list[int]] = {}
        #: every permanent as the evaluation reads it, read once per evaluation
        self.views: dict[int, Piece] = {}
        for entity in game.permanents():
            view = self.views[entity] = piece(game, entity)
            owner = view.controller
            self.permanents.setdefault(owner, []).append(entity)
            tile = view.tile
            definition = view.card
            if definition.name in names:
                self.pieces.setdefault(owner, []).append(entity)
            if (fights or definition.name not in names) and definition.is_fighter \
                    and tile is not None:
                self.fighters.setdefault(owner, []).append((entity, tile))
        self.names = names
        #: where each map piece started (a king or building should stay home)
        self.homes: dict[int, Tile] = {}
        placed = [p for p in game.map.placements if p.player < len(game.players)]
        for placement, (card, _owner, entity) in zip(placed, game.map_pieces, strict=False):
            if card in names:
                self.homes[entity] = placement.tile


def _goals(game: Game, board: _Board, player: int) -> list[Tile]:
    """Tiles the player's fighters should be near under the map's win condition."""
    kind = game.map.win.kind
    goals: list[Tile] = []
    if board.names:
        for owner, pieces in board.pieces.items():
            if not teams.friendly(game, player, owner):
                goals.extend(t for e in pieces if (t := game.tile_of(e)) is not None)
    elif kind == "capture_points":
        mine = set(held_regions(game, player))
        for region in game.map.regions:
            if region.name not in mine:
                goals.extend(region.tiles)
    elif kind == "stick_of_victory":
        for entity in _sticks(game, board):
            carrier = game.container_of(entity)
            if carrier and game.controller(carrier) == player:
                at = game.tile_of(carrier)  # we carry it: the others guard the carrier
                if at is not None and not stick_scores_at(game, at):
                    return sorted(stick_region(game) or ())  # where it scores
                return [at] if at is not None else []
            tile = game.tile_of(entity)
            if tile is not None:
                goals.append(tile)
    elif kind == "resource":
        goals = game.map.tiles_of_type("farm field")
    if not goals:  # otherwise: the enemy fighters
        for owner, fighters in board.fighters.items():
            if not teams.friendly(game, player, owner) and owner >= 0:
                goals.extend(t for _, t in fighters)
    return goals


def _sticks(game: Game, board: _Board) -> list[int]:
    """The stick of victory on the map (lying or carried)."""
    name = str(game.map.win.params.get("card", "Stick of Victory"))
    return [entity for entities in board.permanents.values() for entity in entities
            if game.card(entity).name == name]


def _stick_worth(game: Game, board: _Board, player: int) -> float:
    """What the player's hold on the stick of victory is worth: ``STICK_HELD`` where it
    scores, and for carrying it at all ``STICK_CARRIED`` and ``STICK_STEP`` per tile the
    carrier stands closer than ``REACH`` to where it scores (all of them once there)."""
    worth = 0.0
    region = stick_region(game)
    for stick in _sticks(game, board):
        carrier = game.container_of(stick)
        if not carrier or game.controller(carrier) != player:
            continue
        at = game.tile_of(carrier)
        if at is None:
            continue
        worth += STICK_CARRIED
        if stick_scores_at(game, at):
            worth += STICK_HELD + STICK_STEP * REACH
        elif region:
            near = min(game.geometry.distance(at, tile) for tile in region)
            worth += STICK_STEP * max(0, REACH - near)
    return worth


def _threatened(game: Game, board: _Board, player: int, entity: int, tile: Tile) -> bool:
    """Whether the enemies' fighters within reach could deal it a killing blow."""
    left = board.views[entity].health_left
    dealt = 0
    for owner, fighters in board.fighters.items():
        if owner < 0 or teams.friendly(game, player, owner):
            continue
        for enemy, where in fighters:
            definition = game.card(enemy)
            reach = definition.movement + max(1, definition.range)
            if game.geometry.distance(where, tile) <= reach:
                dealt += definition.attack
    return dealt > left


def side_worth(game: Game, player: int, board: _Board | None = None) -> float:
    board = board or _Board(game)
    state = game.players[player]
    params = game.map.win.params
    kind = game.map.win.kind
    worth = RESOURCE * state.resource
    for zone_cards, extra in ((state.deck, 0.0), (state.discard, 0.0),
                              (state.hand, CARD_IN_HAND)):
        for card in zone_cards:
            worth += CARD_OWNED * card_worth(game.card(card)) + extra
    worth += STORE_CARD * sum(card_worth(game.card(c)) for c in state.store)
    for entity in board.permanents.get(player, ()):
        if game.card(entity).name in board.names:
            continue
        worth += unit_worth(game, entity, board.views[entity])
    for entity, tile in board.fighters.get(player, ()):
        if board.views[entity].card.name in board.names:
            continue  # a boss: its health counts as the objective below
        if _threatened(game, board, player, entity, tile):
            worth -= THREAT_SHARE * unit_worth(game, entity, board.views[entity])
    # the win condition
    boss = teams.is_boss_game(game)
    for piece in board.pieces.get(player, ()):
        view = board.views[piece]
        left = view.health_left
        if boss:  # the players' only way to win: each blow is a share of the win
            worth += BOSS_SPAN * (left + 1) / (view.health + 1)
            continue
        if not view.card.is_fighter:  # a building: what its solid value still takes
            left = int(game.keyword(piece, "solid") or 0) - view.damage
        worth += OBJECTIVE_PIECE + OBJECTIVE_HEALTH * max(0, left)
        home, at = board.homes.get(piece), game.tile_of(piece)
        if home is not None and at is not None:
            worth -= STAY_HOME * game.geometry.distance(home, at)
    if kind in ("capture_points", "stick_of_victory"):
        target = max(1, int(params.get("points", 10)))
        worth += POINTS_SPAN * state.points / target
    if kind == "capture_points":
        points = {r.name: r.points for r in game.map.regions}
        worth += 6.0 * sum(points[name] for name in held_regions(game, player))
    if kind == "resource":
        target = max(1, int(params.get("threshold", 30)))
        worth += RESOURCE_SPAN * state.resource / target
    if board.pieces.get(player) and boss:  # the boss side
        worth += POINTS_SPAN * teams.boss_progress(game)
    goals = _goals(game, board, player)
    if goals:
        for _unit, tile in board.fighters.get(player, ()):
            near = min(game.geometry.distance(tile, g) for g in goals)
            worth += APPROACH * max(0, REACH - near)
    if kind == "stick_of_victory":
        worth += _stick_worth(game, board, player)
    return worth


def evaluate(game: Game, player: int) -> float:
    """The position's worth for ``player`` (higher is better; ``±WIN`` once decided)."""
    game.enter()
    if skirmish.is_skirmish(game):
        return skirmish.evaluate(game, player)
    if game.phase is Phase.OVER:
        return _outcome(game, player)
    if duel.is_duel(game):
        return duel.evaluate(game, player)
    if fleet.is_fleet(game):
        return fleet.evaluate(game, player)
    board = _Board(game)
    ours = teams.side(game, player)
    mine = sum(side_worth(game, p, board) for p in ours
               if p == player or not game.players[p].eliminated)
    others = [side_worth(game, p.index, board) for p in game.players
              if p.index not in ours and not p.eliminated]
    return mine - (max(others) if others else 0.0)


#: a practice game's value is clipped to this (a won or lost game counts as this much, not
#: ``WIN``, so that one playout that ends the game does not swamp the rest)
CLIP = 300.0


def clip(value: float) -> float:
    """``value`` within ``-CLIP`` and ``CLIP``."""
    return max(-CLIP, min(CLIP, value))
