"""The computer players' knowledge of the skirmish: the easy player's rules of thumb for
skirmish actions (``score``) and the position's worth that the normal and hard players
maximise (``evaluate``).

They see what their side sees and nothing more: every computer player reads a skirmish
only after ``Game.hide_unseen`` took what its side does not see off a copy of the board
(``fogged``, and ``game.ai.determinize`` for the searching players), so a hidden unit is
neither a target, nor a threat, nor a reason for anything they do.

Rules of thumb: attack when it can, the kill first and the hardest hit next; use an
ability where it helps (harm on enemies, help on friends that need it); move towards what
wins the map (control points it does not hold, the enemies it sees, else the enemy's
camp), a melee unit to where it can still strike this activation, a shooter to where it
can shoot without standing next to an enemy, onto cover or high ground and off burning
or radioactive ground; activate first the units that can fight now; end the activation
when nothing is left worth doing.

The normal and hard players use the same rules of thumb with one difference (``rates``,
``Sharp``): a distance is the movement points of the cheapest way there
(``skirmish_paths``), round water, walls and mountains, not the straight count of hexes;
and with control points to take or an enemy camp to head for, their units do not
wander off to look into hexes their side does not see. Their evaluation counts
distances the same way. The hard player's rules of thumb also spread its units over
the control points (``spread``): a point one of its units stands on already draws no
other, which heads on to the rest.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from game.rules import EntityView, Game
from game.rules.core.actions import (
    Action,
    Activate,
    Attack,
    DeclareTrigger,
    EndTurn,
    FullAction,
    Move,
)
from game.rules.geometry import Tile
from game.rules.marks import MARKS
from game.rules.rulesets.skirmish.combat import (
    attack_damage,
    damage_after,
    melee_power,
    ranged_power,
)
from game.rules.rulesets.skirmish.movement import Route, routes, step_cost
from game.rules.rulesets.skirmish.objectives import CONTROL, control_points, goal, standing_on
from game.rules.rulesets.skirmish.rules import (
    BURN,
    MELEE_HIT,
    PHYSICAL,
    POISON,
    PURE,
    RADIATED,
    RADIOACTIVE,
    RANGED_HIT,
    armor,
    flying,
    round_number,
    speed,
)

from . import skirmish_paths

WIN = 1_000_000.0
HARMFUL_EFFECTS = frozenset({"damage", "destroy", "skirmish:contaminate"})


def is_skirmish(game: Game) -> bool:
    return game.ruleset.name == "skirmish"


def on_points(game: Game) -> bool:
    """Is the map won by holding control points (else by the last army standing)?"""
    return game.map.win.kind == CONTROL


@contextmanager
def fogged(game: Game, player: int) -> Iterator[Game]:
    """The game as ``player``'s side sees it, for the length of a ``with`` block: what it
    does not see is taken off, and everything is put back after (when it sees everything,
    as in a search's view, the game itself: nothing to take off or put back)."""
    if game.sees_all(player):
        yield game
        return
    snap = game.snapshot()
    try:
        game.hide_unseen(player)
        yield game
    finally:
        game.restore(snap)


def _enemies(game: Game, player: int) -> list[int]:
    return [u for u in game.units() if game.controller(u) != player
            and game.view(u).tile is not None]


def objectives(game: Game, player: int, explore: bool = True) -> list[Tile]:
    """Where its units should head: control points it does not hold and the enemies it
    sees; with no enemy in sight, the hexes its side does not see (to find them), unless
    not ``explore``: then, when there is no point to take either, the enemy's camp."""
    found: list[Tile] = []
    if game.map.win.kind == CONTROL:
        for point in control_points(game):
            if point.holder != player:
                found.extend(sorted(game.map.regions[point.region].tiles))
    enemies = [t for e in _enemies(game, player) if (t := game.tile_of(e)) is not None]
    found.extend(enemies)
    if not enemies and explore:
        seen = game.visible_tiles(player)
        if seen is not None:
            found.extend(t for t in game.geometry.cells() if t not in seen)
    if not found:
        found = [t for t, owner in sorted(game.map.owners.items()) if owner != player]
    return found


def rates(game: Game, player: int, actions: list[Action], spread: bool = False) -> list[float]:
    """How much the searching players' rules of thumb like each of ``actions``: the easy
    player's, with the ways' movement points for distances (and with ``spread``, the
    units spread over the control points, ``Reading.goals_of``); read from what the
    player's side sees only."""
    with fogged(game, player):
        return scores(game, player, actions, paths=True, spread=spread)


class Sharp:
    """The searching players' rules of thumb as a player (their playouts): the easy
    player's, with the ways' movement points for distances (``rates``, ``spread`` as
    there); equal ones told apart by ``rng``."""

    name = "sharp"

    def __init__(self, rng: random.Random, spread: bool = False) -> None:
        self.rng = rng
        self.spread = spread

    def choose(self, game: Game, player: int) -> Action:
        legal = game.legal_actions(player)
        liked = rates(game, player, legal, self.spread)
        best = max(liked)
        top = [a for r, a in zip(liked, legal, strict=True) if r == best]
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]


def _nearest(game: Game, tile: Tile, goals: list[Tile]) -> int:
    return min((game.geometry.distance(tile, g) for g in goals), default=0)


class Mover(NamedTuple):
    here: Tile | None
    view: EntityView
    shot: tuple[int, int]
    melee: int
    flies: bool


class Reading:
    """What one round of scoring reads about the position, read once: where the enemies
    it sees stand, where its units should head, and each unit's routes."""

    def __init__(self, game: Game, player: int, paths: bool = False,
                 spread: bool = False) -> None:
        self.game = game
        self.player = player
        self.spread = spread
        self._covered: set[Tile] | None = None
        self._others: list[Tile] | None = None
        #: how far a unit is from its goals: the movement points of the way there
        #: (``skirmish_paths``), else the straight count of hexes (the easy player's)
        self.paths = paths
        self._enemies: list[tuple[int, Tile]] | None = None
        self._goals: list[Tile] | None = None
        self._routes: dict[int, dict[Tile, Route]] = {}
        self._points: list[Any] | None = None
        self._movers: dict[int, Mover] = {}
        #: unit -> how it gets about (``skirmish_paths.mover``)
        self._hows: dict[int, bool | None] = {}
        #: unit -> its goals and how far it is from them where it stands
        self._starts: dict[int, tuple[list[Tile], int]] = {}

    @property
    def enemies(self) -> list[tuple[int, Tile]]:
        """The enemies it sees, with their hexes."""
        if self._enemies is None:
            self._enemies = [(e, t) for e in _enemies(self.game, self.player)
                             if (t := self.game.tile_of(e)) is not None]
        return self._enemies

    @property
    def goals(self) -> list[Tile]:
        if self._goals is None:
            self._goals = objectives(self.game, self.player, explore=not self.paths)
        return self._goals

    @property
    def covered(self) -> set[Tile]:
        """With ``spread``: the hexes of the control points the side does not hold
        that one of its units stands on already."""
        if self._covered is None:
            self._covered = set()
            if self.spread and self.game.map.win.kind == CONTROL:
                for point in self.points:
                    if point.holder != self.player \
                            and self.player in standing_on(self.game, point):
                        self._covered.update(self.game.map.regions[point.region].tiles)
        return self._covered

    def goals_of(self, here: Tile) -> list[Tile]:
        """The goals of a unit standing on ``here``: with ``spread``, the control points
        one of its side's units stands on already (``covered``) are no goal of the
        others, which head for the rest (one unit takes a point; more only crowd it),
        unless nothing else is left to head for."""
        covered = self.covered
        if not covered or here in covered:
            return self.goals
        if self._others is None:
            self._others = [g for g in self.goals if g not in covered] or self.goals
        return self._others

    def nearest(self, unit: int, tile: Tile, goals: list[Tile]) -> int:
        """How far ``unit`` would be from the nearest of ``goals`` standing on ``tile``."""
        if self.paths:
            if unit in self._hows:
                how = self._hows[unit]
            else:
                how = self._hows[unit] = skirmish_paths.mover(self.game, unit)
            return skirmish_paths.nearest(self.game, how, tile, goals)
        return _nearest(self.game, tile, goals)

    def start(self, unit: int, here: Tile) -> tuple[list[Tile], int]:
        """The goals of ``unit`` standing on ``here`` (``goals_of``) and how far it is
        from the nearest (``nearest``), read once for all its moves."""
        found = self._starts.get(unit)
        if found is None:
            goals = self.goals_of(here)
            found = self._starts[unit] = (goals, self.nearest(unit, here, goals))
        return found

    @property
    def points(self) -> list[Any]:
        """The control points (``objectives.control_points``)."""
        if self._points is None:
            self._points = control_points(self.game)
        return self._points

    def mover(self, unit: int) -> Mover:
        """What a move's worth asks of the moving unit, read once."""
        found = self._movers.get(unit)
        if found is None:
            game = self.game
            found = self._movers[unit] = Mover(
                game.tile_of(unit), game.view(unit), ranged_power(game, unit),
                melee_power(game, unit), bool(game.keyword(unit, "skirmish:flying")))
        return found

    def routes(self, unit: int) -> dict[Tile, Route]:
        found = self._routes.get(unit)
        if found is None:
            found = self._routes[unit] = routes(self.game, unit)
        return found


def score(game: Game, player: int, action: Action) -> float:
    """How much the easy player likes ``action`` (the highest is taken); the game must be
    the player's fogged view."""
    return scores(game, player, [action])[0]


def scores(game: Game, player: int, actions: list[Action], paths: bool = False,
           spread: bool = False) -> list[float]:
    """``score`` of each of ``actions``, reading the position once; with ``paths``,
    distances are the ways' movement points (see ``Reading``)."""
    reading = Reading(game, player, paths, spread)
    return [_score(reading, action) for action in actions]


def _score(reading: Reading, action: Action) -> float:
    game, player = reading.game, reading.player
    if isinstance(action, Attack):
        return _attack_value(game, action.unit, action.target)
    if isinstance(action, FullAction):
        return _ability_value(reading, action)
    if isinstance(action, Move):
        return _move_value(reading, action.unit, action.tile)
    if isinstance(action, Activate):
        return _activate_value(reading, action.permanent)
    if isinstance(action, DeclareTrigger):
        return _targets_value(game, player, action.targets, harmful=True)
    if isinstance(action, EndTurn):
        return 5.0
    return 0.0


def _attack_value(game: Game, unit: int, target: int) -> float:
    view = game.view(target)
    dealt = attack_damage(game, unit, target)
    if view.mark("skirmish:shield"):
        dealt = 0
    value = 40.0 + 4.0 * dealt + _worth(game, target) * 0.5
    if dealt >= view.health_left:
        value += 40.0 + _worth(game, target)
    return value


def _toggle_value(game: Game, unit: int) -> float:
    """Turn the toggle on when the energy lasts a while (it gives the unit its buff);
    off only to save what is left."""
    toggle = game.card(unit).keywords.get("skirmish:toggle")
    if toggle is None or not hasattr(toggle, "get"):
        return 0.0
    energy = game.view(unit).mark("skirmish:energy")
    if game.view(unit).mark("skirmish:toggled"):
        return 0.0
    return 9.0 if energy >= int(toggle.get("cost", 0)) + int(toggle.get("upkeep", 0)) else 0.0


def _ability_value(reading: Reading, action: FullAction) -> float:
    game, player = reading.game, reading.player
    if action.source == "toggle":
        return _toggle_value(game, action.unit)
    ability = game.card(action.unit).full_action
    if ability is None:
        return 0.0
    value = 30.0
    for spec in ability.effects:
        kind = spec.kind
        if kind == "add_mark":
            entry = MARKS.get(str(spec.params.get("mark")))
            harmful = entry is not None and entry.harmful
            value += _targets_value(game, player, action.targets, harmful)
        elif kind in ("heal", "remove_mark"):
            value += sum(_hurt(game, t) for t in action.targets if isinstance(t, int))
        elif kind == "skirmish:summon":
            value += 12.0
        elif kind == "skirmish:contaminate":
            value += sum(8.0 for t in action.targets if isinstance(t, tuple)
                         for _, where in reading.enemies
                         if game.geometry.distance(where, t) <= 1) - 4.0
    return value


def _hurt(game: Game, unit: int) -> float:
    """How much a friend needs help: its damage and its harmful statuses."""
    view = game.view(unit)
    bad = sum(count for kind, count in view.marks
              if (entry := MARKS.get(kind)) is not None and entry.harmful)
    return 3.0 * view.damage + 4.0 * bad - 10.0


def _targets_value(game: Game, player: int, targets: tuple[object, ...],
                   harmful: bool) -> float:
    value = 0.0
    for target in targets:
        if isinstance(target, int) and game.exists(target) and game.view(target).on_map:
            mine = game.controller(target) == player
            value += -40.0 if mine == harmful else 6.0 + _worth(game, target) * 0.5
    return value


def _worth(game: Game, unit: int) -> float:
    view = game.view(unit)
    damage, reach = ranged_power(game, unit)
    return 2.0 + 1.5 * max(melee_power(game, unit), damage) + 0.5 * view.health_left \
        + (2.0 if reach > 1 else 0.0)


def _move_value(reading: Reading, unit: int, tile: Tile) -> float:
    game, player = reading.game, reading.player
    mover = reading.mover(unit)
    here = mover.here
    if here is None:
        return 0.0
    goals, near = reading.start(unit, here)
    damage, reach = mover.shot
    shooter = reach > 1
    # a move is worth what it gains: ground towards the goals, better ground; standing
    # still is worth the end of the activation (5), so a move that gains nothing is not made
    value = 4.0 + 3.0 * (near - reading.nearest(unit, tile, goals))
    value += _terrain_value(game.tile_kind(tile), shooter) \
        - _terrain_value(game.tile_kind(here), shooter)
    route = reading.routes(unit).get(tile)
    left = mover.view.moves_left - (route.spent if route is not None else 0)
    enemies = reading.enemies
    attacks_left = mover.view.attacks_left > 0
    if reach > 1:
        if any(game.geometry.adjacent(tile, t) for _, t in enemies):
            value -= 12.0
        if attacks_left and left >= 0 and any(game.geometry.distance(tile, t) <= reach
                                              for _, t in enemies) \
                and not any(game.geometry.distance(here, t) <= reach for _, t in enemies):
            value += 14.0
    elif attacks_left and mover.melee > 0:
        for _enemy, where in enemies:
            if game.geometry.adjacent(tile, where) and left >= step_cost(game, unit, tile,
                                                                          where):
                value += 18.0
                break
    if game.map.win.kind == CONTROL and not mover.flies:
        for point in reading.points:
            tiles = game.map.regions[point.region].tiles
            if tile in tiles and here not in tiles:
                value += 9.0 if point.holder != player else 3.0
            elif here in tiles and tile not in tiles:
                value -= 9.0  # it holds the point by standing there
    return value


def _terrain_value(kind: object, shooter: bool) -> float:
    value = 0.0
    if getattr(kind, "protection", ()):
        value += 2.0
    if getattr(kind, "elevated", False):
        value += 4.0 if shooter else 1.0
    if getattr(kind, "burns", 0) or getattr(kind, "radioactive", 0):
        value -= 9.0
    return value


def _activate_value(reading: Reading, unit: int) -> float:
    """Units that can reach a fight now go first."""
    game = reading.game
    here = game.tile_of(unit)
    if here is None:
        return 0.0
    view = game.view(unit)
    _, reach = ranged_power(game, unit)
    strike = view.movement + max(1, reach)
    near = [t for _, t in reading.enemies if game.geometry.distance(here, t) <= strike]
    value = 12.0 + (8.0 if near else 0.0) + 0.1 * _worth(game, unit)
    if game.card(unit).full_action is not None:
        value += 2.0
    return value


class _Striker(NamedTuple):
    """What one unit's blow in its next activation reads about it, read once."""

    unit: int
    tile: Tile
    ready: bool  # (a tapped unit's activation in this round is spent)
    movement: int
    melee: int
    shot: int
    reach: int
    health_left: int
    worth: float


def _striker(game: Game, unit: int, tile: Tile) -> _Striker:
    view = game.view(unit)
    shot, reach = ranged_power(game, unit)
    return _Striker(unit, tile, not view.tapped, view.movement, melee_power(game, unit),
                    shot, reach, view.health_left, _worth(game, unit))


def _blow(game: Game, striker: _Striker, target: _Striker, distance: int) -> float:
    """What ``striker`` could do to ``target`` ``distance`` hexes away in one activation:
    the target's worth when the blow would destroy it, else the damage."""
    if not striker.ready:
        return 0.0
    damage = 0
    if striker.melee > 0 and distance <= striker.movement + 1:
        damage = damage_after(game, striker.unit, target.unit, striker.melee, MELEE_HIT)
    if striker.shot > 0 and striker.reach > 1 and distance <= striker.movement + striker.reach:
        damage = max(damage, damage_after(game, striker.unit, target.unit, striker.shot,
                                          RANGED_HIT))
    if damage <= 0:
        return 0.0
    return target.worth if damage >= target.health_left else float(damage)


def strikes(game: Game, player: int, weights: tuple[float, float]) -> float:
    """The best blow ``player``'s side can strike with one activation of a ready unit,
    less the best the enemy's can strike: of the side to act next, ``weights[0]`` of its
    best blow counts, of the other side's ``weights[1]`` (it may never come: the first
    blow may take its striker away)."""
    ours = [_striker(game, u, t) for u in game.units() if game.controller(u) == player
            and (t := game.tile_of(u)) is not None]
    theirs = [_striker(game, e, t) for e in _enemies(game, player)
              if (t := game.tile_of(e)) is not None]
    best_ours = best_theirs = 0.0
    for mine in ours:
        for enemy in theirs:
            distance = game.geometry.distance(mine.tile, enemy.tile)
            best_ours = max(best_ours, _blow(game, mine, enemy, distance))
            best_theirs = max(best_theirs, _blow(game, enemy, mine, distance))
    first, second = weights
    if game.actor == player:
        return first * best_ours - second * best_theirs
    return second * best_ours - first * best_theirs


def claims(game: Game, player: int, weight: float) -> float:
    """``weight`` for each control point ``player``'s side would take at the end of the
    round (its units alone stand on it, and another side or nobody holds it), less as
    much for each the enemy would take: a point is taken only when the round ends, so
    what the held points count (``evaluate``) does not change with what is done before."""
    value = 0.0
    for point in control_points(game):
        there = standing_on(game, point)
        if len(there) == 1:
            taker = next(iter(there))
            if taker != point.holder:
                value += weight if taker == player else -weight
    return value


def toll(game: Game, unit: int) -> int:
    """What the unit's statuses and the ground under it will take from its health by the
    start of the round after this one, if nothing is done about them:
    burn n takes n physical damage at the next round's start (armor and resistance
    count); lava under it sets it burning at this round's end, which takes as much then;
    radiated n, or radioactive ground under it (the higher: radiation keeps the highest
    count, and the ground's comes lessened by half the unit's armor), takes n pure
    damage at this round's end; poison n takes n pure damage at every round's start and
    stays, so it counts twice. A flier is above the ground; a unit in stasis takes
    nothing (``damage_after``)."""
    marks = game.marks_on(unit)
    taken = 0
    if marks.get(BURN):
        taken += damage_after(game, 0, unit, marks[BURN], "", PHYSICAL)
    if marks.get(POISON):
        taken += damage_after(game, 0, unit, 2 * marks[POISON], "", PURE)
    radiation = marks.get(RADIATED, 0)
    tile = game.tile_of(unit)
    if tile is not None and not flying(game, unit):
        ground = game.tile_marks(tile).get(RADIOACTIVE, 0) - armor(game, unit) // 2
        radiation = max(radiation, ground)
        burns = game.tile_kind(tile).burns
        if burns:
            taken += damage_after(game, 0, unit, burns, "", PHYSICAL)
    if radiation > 0:
        taken += damage_after(game, 0, unit, radiation, "", PURE)
    return taken


def evaluate(game: Game, player: int, tolls: bool = False) -> float:
    """The player's side minus the others' as its side sees them: each unit by its worth
    (attack, health left, a shot), points against the goal and the control points held,
    how close the units stand to what wins (the movement points of the way there). Only
    a win on points counts as a win: in a view with hidden units, a side that seems gone
    may not be. With ``tolls`` (the hard player's), a unit's worth is lessened by what its
    statuses and its ground will take (``toll``, ``TOLL_WEIGHT`` a point of health), and a
    unit they will destroy is worth nothing."""
    if game.winners and game.winners == (player,) and game.players[player].points >= goal(game):
        return WIN
    value = 0.0
    reading = Reading(game, player, paths=True)
    goals = reading.goals
    for unit in game.units():
        tile = game.tile_of(unit)
        worth = _worth(game, unit)
        if tolls:
            worth = _tolled(game, unit, worth)
        if game.controller(unit) == player:
            value += worth
            if tile is not None and goals:
                value -= 0.3 * min(reading.nearest(unit, tile, goals), 12)
        else:
            value -= worth
    if game.map.win.kind == CONTROL:
        target = max(1, goal(game))
        for state in game.players:
            sign = 1.0 if state.index == player else -1.0
            value += sign * 60.0 * state.points / target
        for point in control_points(game):
            if point.holder >= 0:
                value += 6.0 if point.holder == player else -6.0
    return value


#: what each point of health a unit's statuses and ground will take (``toll``) costs its
#: worth: twice what a point of health left adds to it (``_worth``), as they go on taking
#: (burn goes down by one a round, poison stays, the ground irradiates whoever stays on
#: it every round). 200 swapped games on 2P-skirmish-wastes (seeds 101-200): against easy
#: 92.0 % with this weight, 81.5 % with the half a point that health left counts; against
#: normal 66.5 % and 72.5 %, a difference within luck (assets/docs/strength.md, "The skirmish")
TOLL_WEIGHT = 1.0


def _tolled(game: Game, unit: int, worth: float) -> float:
    """``worth`` less what ``toll`` says the unit will lose (``TOLL_WEIGHT`` a point of
    health); nothing when that is all it has."""
    taken = toll(game, unit)
    if not taken:
        return worth
    if taken >= game.view(unit).health_left:
        return 0.0
    return worth - TOLL_WEIGHT * taken


class Sighting(NamedTuple):
    """An enemy unit as its side last saw it: the hex, the round, how it gets about
    (``skirmish_paths.mover``) and its movement points."""

    tile: Tile
    round: int
    how: bool | None
    speed: int


#: how many rounds a side keeps counting on an enemy unit it saw and sees no more
FORGET = 2


#: how far (hexes) from a control point a hex its side does not see makes the point
#: open to an enemy it cannot see (``Threats.dark``): a unit's usual movement points
FOG_REACH = 3


class Threats(NamedTuple):
    """What a side cannot see that could take its control points: the enemy units it
    saw and sees no more (``sightings``), and the control points (their regions) with a
    hex within ``FOG_REACH`` it does not see (``dark``)."""

    sightings: tuple[Sighting, ...] = ()
    dark: frozenset[int] = frozenset()


class Memory:
    """What a computer player remembers of the enemy units its side saw (the hard
    player's, on maps won by points): where each was last seen. Only what its side sees
    goes in (``Game.visible_permanents``), so it knows nothing it was not shown; a unit
    seen no more is counted on for ``FORGET`` rounds (it may have died out of sight)."""

    def __init__(self) -> None:
        self.sightings: dict[int, Sighting] = {}
        self.round = -1
        #: control point region -> the hexes near it (``near``), of the map ``near_of``
        self.near: dict[int, frozenset[Tile]] = {}
        self.near_of: object = None

    def look(self, game: Game, player: int) -> Threats:
        """Note where the enemy units ``player``'s side sees stand now; what may threaten
        its control points unseen: the sightings of the enemy units it does not see now
        and saw within ``FORGET`` rounds (in entity order), and the points with a hex
        near that it does not see."""
        now = round_number(game)
        if now < self.round:  # an earlier position (a game taken back): start afresh
            self.sightings.clear()
        self.round = now
        seen = set(game.visible_permanents(player))
        for unit in seen:
            tile = game.tile_of(unit)
            if tile is not None and game.controller(unit) != player \
                    and game.card(unit).is_unit:
                self.sightings[unit] = Sighting(tile, now, skirmish_paths.mover(game, unit),
                                                speed(game, unit))
        sightings = tuple(s for unit, s in sorted(self.sightings.items())
                          if unit not in seen and now - s.round <= FORGET)
        sight = game.visible_tiles(player)
        if sight is None:
            return Threats(sightings)
        dark = frozenset(
            point.region for point in control_points(game)
            if any(t not in sight for t in self._near(game, point.region)))
        return Threats(sightings, dark)

    def _near(self, game: Game, region: int) -> frozenset[Tile]:
        if self.near_of is not game.map:  # another game's map: work them out afresh
            self.near, self.near_of = {}, game.map
        found = self.near.get(region)
        if found is None:
            found = self.near[region] = near(game, region, FOG_REACH)
        return found


def near(game: Game, region: int, reach: int) -> frozenset[Tile]:
    """The hexes within ``reach`` of a control point's region (the map's alone)."""
    tiles = game.map.regions[region].tiles
    return frozenset(cell for cell in game.geometry.cells()
                     if any(game.geometry.distance(cell, t) <= reach for t in tiles))


def exposed(game: Game, player: int, threats: Threats, weight: float) -> float:
    """``weight`` for each control point ``player`` holds with none of its units on it
    that an enemy it does not see could reach by the end of the round under way: one it
    saw and sees no more (its movement points each round since it was seen, along the
    ways' ``skirmish_paths``), or one in the hexes near the point it did not see when it
    chose (``Threats.dark``). Such an enemy would take it unopposed."""
    unseen, dark = threats
    if not unseen and not dark:
        return 0.0
    now = round_number(game)
    value = 0.0
    for point in control_points(game):
        if point.holder != player or player in standing_on(game, point):
            continue
        tiles = sorted(game.map.regions[point.region].tiles)
        if point.region in dark or any(skirmish_paths.nearest(game, s.how, s.tile, tiles)
               <= s.speed * (now - s.round + 1) for s in unseen):
            value += weight
    return value
