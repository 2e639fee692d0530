"""The computer players' knowledge of the fleet: the easy player's rules of thumb for fleet
actions (``score``) and the position's worth that the normal and hard players maximise
(``evaluate``). Everything read is public: the board, the planets' controllers, command
tokens, the counters every player sees.

Rules of thumb: pick Imperium or Mobilize; activate the system most worth taking that its
ships can reach and win (an objective or a planet not yet its own, weighed against the
enemy there), or its home system to build when it has the resources; move every ship that
can reach the system it attacks, carrying ground forces to a planet worth taking; fire
every space cannon; give hits to the cheapest units (a unit with health to spare first);
land every ground force on a planet not its own; build carriers to match its ground forces,
ground forces to take planets, warships otherwise; pass once nothing is worth a token.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from game.rules import Game
from game.rules.core.actions import Action
from game.rules.geometry import Tile
from game.rules.rulesets.fleet.actions import (
    ActivateSystem,
    Confirm,
    DeclareMove,
    EndLanding,
    EndTactic,
    FireCannon,
    GainToken,
    HoldFire,
    Land,
    Load,
    PassRound,
    PickStrategy,
    Produce,
    Redeploy,
    RemoveUnit,
    TakeHit,
    Withdraw,
)
from game.rules.rulesets.fleet.movement import budget, can_enter
from game.rules.rulesets.fleet.rules import (
    FLEET_POOL,
    TACTIC,
    board_state,
    cannon_value,
    capacity,
    combat_value,
    controller_of,
    damage,
    has_planet,
    has_token,
    home_of,
    index_units,
    is_fighter,
    is_ground,
    is_ship,
    is_structure,
    landed,
    planets_of,
    resources,
)
from game.rules.rulesets.fleet.tactical import tactic_of

WIN = 1_000_000.0
#: worth of a point, of a planet's resource (paid every round), of a unit's fighting
#: strength
POINT = 12.0
RESOURCE = 3.0
STRENGTH = 2.0
#: an objective held, in points: it scores at every status phase while held
HOLD = 1.5
#: how much of a system's worth (``worth_taking``) its being within reach of enough
#: ships (and ground forces, for a planet) counts
THREAT = 0.4
#: strategies by number: how much the easy player likes each
STRATEGY_LIKES = {1: 5.0, 2: 9.0, 3: 6.0, 4: 3.0, 5: 5.0, 6: 10.0}


def is_fleet(game: Game) -> bool:
    return game.ruleset.name == "fleet"


def power(game: Game, unit: int) -> float:
    """A unit's fighting strength: its chance to hit each round, times its health."""
    value = combat_value(game, unit)
    hits = max(0, 11 - value) / 10 if value else 0.0
    return hits * max(1, game.health(unit) - damage(unit))


#: game -> (its objectives' points per system, every system worth taking in it: the
#: objectives and the planets); both are the map's, worked out once per game
_SYSTEMS: WeakKeyDictionary[Game, tuple[dict[Tile, int], list[Tile]]] = WeakKeyDictionary()


def _map_systems(game: Game) -> tuple[dict[Tile, int], list[Tile]]:
    held = _SYSTEMS.get(game)
    if held is None:
        points: dict[Tile, int] = {}
        for region in game.map.regions:
            for tile in region.tiles:
                points[tile] = points.get(tile, 0) + region.points
        planets = {t for t in game.geometry.cells() if has_planet(game, t)}
        held = _SYSTEMS[game] = (points, sorted(set(points) | planets))
    return held


def objective_points(game: Game) -> dict[Tile, int]:
    return _map_systems(game)[0]


def _alone(game: Game, units: dict[Tile, list[int]], tile: Tile, player: int) -> bool:
    """Are the player's ships the only ships in the system?"""
    return {game.controller(u) for u in units.get(tile, ()) if is_ship(game, u)} == {player}


def worth_taking(game: Game, player: int, tile: Tile) -> float:
    """What the system gives the player once it holds it."""
    value = 0.0
    points = objective_points(game).get(tile, 0)
    if has_planet(game, tile) and controller_of(game, tile) != player:
        value += 3.0 + resources(game, tile) + 8.0 * points
    elif not has_planet(game, tile) and points:
        value += 8.0 * points
    return value


def strength_at(game: Game, tile: Tile, player: int, enemies: bool) -> float:
    units = index_units(game).get(tile, [])
    total = 0.0
    for unit in units:
        if (game.controller(unit) != player) != enemies:
            continue
        if is_ship(game, unit):
            total += power(game, unit)
        elif enemies and cannon_value(game, unit) and landed(unit):
            total += 0.4
    return total


def reachable_strength(game: Game, player: int, tile: Tile) -> tuple[float, int]:
    """The strength of the player's ships that could reach ``tile`` this action (a guess
    by distance alone), and how many ground forces its carriers there could bring."""
    total, carry, room = 0.0, 0, 0
    for there, units in index_units(game).items():
        if there != tile and has_token(game, there, player):
            continue
        try:
            apart = game.geometry.distance(there, tile)
        except ValueError:
            continue
        for unit in units:
            if game.controller(unit) != player or not is_ship(game, unit):
                continue
            if 0 < apart <= budget(game, unit) or there == tile:
                total += power(game, unit)
                room += capacity(game, unit)
        if 0 < apart <= 3:
            carry += sum(1 for u in units if game.controller(u) == player
                         and is_ground(game, u))
    return total, min(carry, room)


def targets(game: Game, player: int) -> list[Tile]:
    """Systems worth taking for the player."""
    return [t for t in _map_systems(game)[1] if worth_taking(game, player, t) > 0]


def _distance(game: Game, a: Tile, b: Tile) -> int:
    try:
        return game.geometry.distance(a, b)
    except ValueError:
        return 99


def activation_value(game: Game, player: int, tile: Tile) -> float:
    """Taking a system worth it with ships that can win there; building at home (best
    last in a round: its token keeps the home fleet in for the rest of the round);
    bringing ships nearer to what is worth taking."""
    home = home_of(game, player)
    if tile == home:
        money = game.players[player].resource
        return 4.0 + 0.6 * money if money >= 3 else -5.0
    if not can_enter(game, tile):
        return -20.0
    mine, troops = reachable_strength(game, player, tile)
    if mine <= 0:
        return -10.0
    theirs = strength_at(game, tile, player, enemies=True)
    if mine < theirs * 1.2:
        return -5.0
    gain = worth_taking(game, player, tile)
    if gain > 0:
        if has_planet(game, tile) and controller_of(game, tile) != player and not troops:
            gain *= 0.3
        return 10.0 + gain + 2.0 * (mine - theirs)
    return _staging_value(game, player, tile)


def _staging_value(game: Game, player: int, tile: Tile) -> float:
    """A system on the way: how much nearer it brings the ships that can reach it to the
    nearest system worth taking (nothing for a system already beside one's ships)."""
    goals = targets(game, player)
    if not goals:
        return -10.0
    ahead = min(_distance(game, tile, g) for g in goals)
    gained = 0
    for there, units in index_units(game).items():
        if there == tile or has_token(game, there, player):
            continue
        apart = _distance(game, there, tile)
        ships = [u for u in units if game.controller(u) == player and is_ship(game, u)
                 and 0 < apart <= budget(game, u)]
        if not ships:
            continue
        behind = min(_distance(game, there, g) for g in goals)
        gained += max(0, behind - ahead) * len(ships)
    if gained <= 0 or strength_at(game, tile, player, enemies=True) > 0:
        return -10.0
    return 3.0 + gained


def score(game: Game, player: int, action: Action) -> float:
    """How much the easy player likes ``action`` (the highest is taken)."""
    if isinstance(action, PickStrategy):
        like = STRATEGY_LIKES.get(action.strategy, 0.0)
        if action.strategy == 2 and game.counter(player, TACTIC) <= 1:
            like += 4.0
        return like
    if isinstance(action, ActivateSystem):
        return activation_value(game, player, action.tile)
    if isinstance(action, PassRound):
        return 0.0
    if isinstance(action, DeclareMove):
        return _declare_value(game, player, action)
    if isinstance(action, Load):
        return _load_value(game, player, action)
    if isinstance(action, (Confirm, EndLanding, EndTactic, HoldFire)):
        return 0.0
    if isinstance(action, Withdraw):
        return -10.0
    if isinstance(action, FireCannon):
        return 20.0
    if isinstance(action, (TakeHit, RemoveUnit)):
        return _loss_value(game, action.unit)
    if isinstance(action, Land):
        tile = game.tile_of(action.unit)
        return 15.0 if tile is not None and controller_of(game, tile) != player else -1.0
    if isinstance(action, Produce):
        return _produce_value(game, player, action.card)
    if isinstance(action, GainToken):
        want_tactic = game.counter(player, TACTIC) < 4 or game.counter(player, FLEET_POOL) >= 4
        return 5.0 if (action.pool == "tactic") == want_tactic else 4.0
    if isinstance(action, Redeploy):
        return _redeploy_value(game, player, action)
    return -1.0


def _declare_value(game: Game, player: int, action: DeclareMove) -> float:
    tactic = tactic_of(game)
    if tactic is None or tactic.system == home_of(game, player):
        return -1.0
    ship = action.ship
    here = game.tile_of(ship)
    if here is not None and here != tactic.system and worth_taking(game, player, here) <= 0 \
            and objective_points(game).get(here, 0) and not has_planet(game, here):
        return 1.0  # it holds an objective in space: it moves only as the last choice
    rifts = sum(1 for t in action.path[:-1] if "gravity rift" in game.tile_kind(t).anomalies)
    value = 8.0 + power(game, ship) * 4.0 - 3.0 * rifts - 0.1 * len(action.path)
    if capacity(game, ship):
        value += 2.0
    return value


def _load_value(game: Game, player: int, action: Load) -> float:
    """Ground forces go along (one stays on each planet of the player's), and so do
    fighters."""
    tactic = tactic_of(game)
    if tactic is None:
        return -1.0
    if is_ground(game, action.unit):
        here = game.tile_of(action.unit)
        if here is not None and landed(action.unit) and controller_of(game, here) == player:
            staying = sum(1 for u in index_units(game).get(here, [])
                          if game.controller(u) == player and is_ground(game, u)
                          and landed(u))
            if staying <= 1:
                return -1.0
        return 12.0
    if is_fighter(game, action.unit):
        return 13.0  # first: a fighter left behind without capacity is lost
    return -1.0


def _loss_value(game: Game, unit: int) -> float:
    """The cheaper a unit, the likelier it takes the hit; one with health to spare
    takes it first."""
    spare = game.health(unit) - damage(unit) > 1
    cost = game.card(unit).play or 0
    return 10.0 - cost + (6.0 if spare else 0.0)


def _produce_value(game: Game, player: int, name: str) -> float:
    card = game.library[name]
    home = home_of(game, player)
    units = index_units(game).get(home, []) if home is not None else []
    mine = [u for u in game.controlled_permanents(player)]
    ground = sum(1 for u in mine if is_ground(game, u))
    room = sum(capacity(game, u) for u in mine if is_ship(game, u))
    structures = sum(1 for u in units if game.controller(u) == player
                     and is_structure(game, u))
    tags = card.tags
    if "ground" in tags:
        return 9.0 if ground < room + 2 else 4.0
    if "structure" in tags:
        return 3.0 if structures < 1 else -1.0
    if "fighter" in tags:
        return 4.0
    value = 6.0 + sum(max(0, 11 - v) for v in [card.keywords.get("combat", 10)]) / 2
    if card.keywords.get("capacity") and room < ground:
        value += 5.0
    return value + (card.play or 0) * 0.5


def _redeploy_value(game: Game, player: int, action: Redeploy) -> float:
    if not action.ship or action.tile is None:
        return 0.0
    here = game.tile_of(action.ship)
    goals = [t for t in objective_points(game) if controller_of(game, t) != player]
    if here is None or not goals:
        return -1.0
    now = min(game.geometry.distance(here, g) for g in goals)
    then = min(game.geometry.distance(action.tile, g) for g in goals)
    if is_fighter(game, action.ship) or capacity(game, action.ship):
        return -1.0  # carriers keep their fighters, fighters their carriers
    return 2.0 * (now - then)


def searchable(game: Game, legal: list[Action]) -> list[Action]:
    """The actions a searching player weighs: taking a declaration back is for people who
    clicked the wrong ship (weighed, it only sends a search round in circles)."""
    if not is_fleet(game):
        return legal
    return [a for a in legal if not isinstance(a, Withdraw)] or legal


#: how many of the rules of thumb's likeliest actions the normal and the hard player weigh
SHORTLIST = 3
HARD_SHORTLIST = 5
#: how much better than the rules of thumb's choice another action must evaluate to be
#: taken instead
MARGIN = 4.0


def shortlist(game: Game, player: int, legal: list[Action],
              size: int = SHORTLIST) -> list[Action]:
    """The actions a searching player weighs in the fleet: the rules of thumb's
    ``size`` likeliest (a tactical action pays off rounds later, beyond what one
    look ahead sees; measured: a search over every system to activate passes early and
    loses to the rules of thumb), in legal order."""
    rates = [score(game, player, action) for action in legal]
    best = sorted(range(len(legal)), key=lambda i: (-rates[i], i))[:size]
    return [legal[i] for i in sorted(best)]


def overrule(game: Game, player: int, pool: list[Action], values: list[float]) -> Action:
    """The rules of thumb's choice among ``pool``, unless another action's evaluation
    (``values``: the position at the end of the round) is better by more than ``MARGIN``;
    ``values`` may stop short of ``pool``'s end (the clock ran out), the rest unweighed."""
    from .search import overrule as by_margin

    pool = pool[:len(values)]
    return by_margin(pool, [score(game, player, a) for a in pool], values, MARGIN)


def to_round_end(game: Game, steps: int = 800) -> None:
    """Play on by the rules of thumb (every seat, the best scored action each time) until
    the next round begins or the game ends: the objectives are scored in between."""
    now = board_state(game).round
    for _ in range(steps):
        actor = game.actor
        if actor is None or board_state(game).round != now:
            return
        legal = game.legal_actions(actor)
        game.apply(max(legal, key=lambda a: score(game, actor, a)))


# ---------------------------------------------------------------------------- evaluate


def evaluate(game: Game, player: int) -> float:
    """The player's side minus the strongest other side: points (most of all), planets
    and their resources, resources in hand, the fighting strength of its units and its
    command tokens."""
    if game.winners:
        return WIN if player in game.winners else -WIN
    others = [p.index for p in game.players if p.index != player and not p.eliminated]
    return _side(game, player) - max((_side(game, p) for p in others), default=0.0)


def _side(game: Game, player: int) -> float:
    """Points; planets for the resources they pay each round and the points they score
    (an objective held scores at the next status phase), and so objectives in space its
    ships alone hold; resources in hand; each unit for what it cost and how well it
    fights, and a ship the more the nearer it stands to a system worth taking (measured:
    without it a search player never stages, passes early and loses to the rules of
    thumb); command tokens."""
    state = game.players[player]
    worth = POINT * state.points
    objectives = objective_points(game)
    for tile in planets_of(game, player):
        worth += RESOURCE * resources(game, tile) + HOLD * POINT * objectives.get(tile, 0)
    units = index_units(game)
    for tile, points in objectives.items():
        if not has_planet(game, tile) and _alone(game, units, tile, player):
            worth += HOLD * POINT * points
    worth += 0.7 * state.resource
    for unit in game.controlled_permanents(player):
        worth += 0.8 * (game.card(unit).play or 0) + STRENGTH * power(game, unit)
    for goal in _goals(game, player):
        # a system worth taking that its ships can reach and win: half taken already
        mine, troops = reachable_strength(game, player, goal)
        if mine <= 0 or (has_planet(game, goal) and not troops):
            continue
        theirs = strength_at(game, goal, player, enemies=True)
        worth += THREAT * worth_taking(game, player, goal) * min(1.0, mine / (theirs + 0.5))
    worth += 1.0 * game.counter(player, TACTIC) + 0.5 * game.counter(player, FLEET_POOL)
    return worth


def _goals(game: Game, player: int) -> list[Tile]:
    """The objectives the player does not hold yet, and the planets not its own."""
    units = index_units(game)
    return [tile for tile in _map_systems(game)[1]
            if (controller_of(game, tile) != player if has_planet(game, tile)
                else not _alone(game, units, tile, player))]
