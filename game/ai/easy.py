"""The easy computer player: rules of thumb a new player would follow.

It drafts and buys the dearest card it can, pays its units, plays what it can afford,
sends its units towards what wins the map (the enemy king or buildings, the stick of
victory, regions it does not hold, farm fields for a Farmer), attacks whatever it can hit
(what it can kill first), aims harmful spells at enemies and helpful ones at its own
units, and otherwise passes. It only looks at the public board and its own cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.rules import NEUTRAL, Game
from game.rules.core.actions import (
    Action,
    Activate,
    Attack,
    Buy,
    DeclareTrigger,
    DeclareTriggerFirst,
    Disband,
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
    UseFreeAction,
)
from game.rules.geometry import Tile
from game.rules.marks import MARKS
from game.rules.wincons import held_regions, stick_region, stick_scores_at

from . import choices, duel, fleet, skirmish, teams
from .evaluate import objective_names

#: Effects that hurt what they hit (aimed at enemies); the rest help (aimed at friends).
HARMFUL = frozenset({"damage", "destroy", "push", "take_control", "steal_resource", "charge",
                     "intention"})


def harmful_mark(name: object) -> bool:
    """Is a mark of this kind one to give enemies (its registry entry's AI hint)?"""
    entry = MARKS.get(name) if isinstance(name, str) else None
    return entry is not None and entry.harmful


#: how the easy player rates one kind of action: (player, game, seat, action) -> score
Rule = Callable[[Any, Game, int, Any], float]
#: action class -> its rule (``EasyPlayer.score``; filled as classes are met)
_RULE_OF: dict[type, Rule] = {}


def _on_map(game: Game) -> list[tuple[int, int]]:
    """(controller, permanent) of every permanent on the map: the neutral ones first, then
    each player's, in entity order."""
    return [(side, entity) for side in (NEUTRAL, *range(len(game.players)))
            for entity in game.controlled_permanents(side)]


def _other(_easy: object, _game: Game, _player: int, _action: Action) -> float:
    return -1.0


class EasyPlayer:
    name = "easy"

    def __init__(self, seed: int, explain: bool = True) -> None:
        self.rng = random.Random(seed)
        self.last_reason = ""
        #: whether ``choose`` says why (``last_reason``, the game log's words); the
        #: practice games of a search need none
        self.explain = explain
        #: what is worked out once per position (the game and its ``version``): the
        #: tiles each side's units head for, (player, is it a Farmer on a map won by
        #: resource) -> tiles, so that a position's every move is judged against the
        #: same objectives
        self._goals_of: tuple[Game | None, int] = (None, -1)
        self._goals: dict[tuple[int, bool], list[Tile]] = {}
        #: (player, farmer, tile) -> its distance to the nearest of those goals
        self._near: dict[tuple[int, bool, Tile], int] = {}
        #: player -> the tiles of the permanents on the board not of its side
        self._enemies: dict[int, list[Tile]] = {}
        #: the game and roster the objective pieces were found for (``_pieces``)
        self._pieces_of: tuple[Game | None, int] = (None, -1)
        self._pieces_found: list[tuple[int, int]] = []

    # ------------------------------------------------------------------ choosing

    def choose(self, game: Game, player: int) -> Action:
        legal = game.legal_actions(player)
        if len(legal) == 1 and not isinstance(legal[0], Attack):
            # nothing to weigh (two choices in three of a search's practice games); the
            # draw among the best is made all the same, so that every later choice comes
            # out as it would (only an attack's reason reads its score)
            self.rng.randrange(1)
            action, best = legal[0], 0.0
        else:
            scored = [(value, i, a) for i, (value, a) in
                      enumerate(zip(self.rates(game, player, legal), legal, strict=True))]
            best = max(s for s, _, _ in scored)
            top = [a for s, _, a in scored if s == best]
            action = top[self.rng.randrange(len(top))]
        if self.explain:
            self.last_reason = self.reason(game, player, action, best)
        return action

    def rate(self, game: Game, player: int, action: Action) -> float:
        """How much it likes ``action`` (see ``rates``)."""
        return self.rates(game, player, [action])[0]

    def rates(self, game: Game, player: int, actions: list[Action]) -> list[float]:
        """How much it likes each of ``actions``, by the rules of thumb of the game's
        ruleset (the duel's in ``game.ai.duel``, the fleet's in ``game.ai.fleet``); in a
        skirmish, read from what its side sees only."""
        if skirmish.is_skirmish(game):
            with skirmish.fogged(game, player):
                return skirmish.scores(game, player, actions)
        rate = duel.score if duel.is_duel(game) else \
            fleet.score if fleet.is_fleet(game) else self.score
        return [rate(game, player, a) for a in actions]

    def reason(self, game: Game, player: int, action: Action, score: float) -> str:
        """Why it chose this, in a few words (for the game log)."""
        if isinstance(action, Attack):
            if score >= 60:
                return f"it can destroy {game.card(action.target).name}"
            return f"{game.card(action.target).name} is in reach"
        if isinstance(action, (Move, StreetMove)):
            goal = {"king": "the enemy king", "destroy_buildings": "the enemy buildings",
                    "capture_points": "a region it does not hold",
                    "stick_of_victory": "the stick of victory"}.get(game.map.win.kind,
                                                                    "the enemy")
            return f"heading for {goal}"
        if isinstance(action, Buy):
            return "the dearest card it can afford"
        if isinstance(action, PlayCard):
            return "it can afford it" if game.card(action.card).is_permanent \
                else "a good moment for the spell"
        if isinstance(action, PayUpkeep):
            return "keeping its units"
        if choices.is_answer(action):
            return {"leave_unpaid": "keeping its most valuable units",
                    "place_dropped": "a useful tile for it",
                    "discard_to_pay": "the least useful card"}[action.kind]
        if isinstance(action, (Pass, EndTurn)):
            return "nothing better to do"
        return ""

    def score(self, game: Game, player: int, action: Action) -> float:
        """How much the rules of thumb like ``action`` (Muhq's Game): the rule of its kind
        of action (``_RULES``), found once per class."""
        kind = type(action)
        rule = _RULE_OF.get(kind)
        if rule is None:
            rule = _RULE_OF[kind] = next(
                (r for kinds, r in self._RULES if issubclass(kind, kinds)), _other)
        return rule(self, game, player, action)

    # One rule per kind of action, looked up by the action's class: a search's practice
    # games score hundreds of thousands of actions, and on castle-siege most are carries
    # of an artifact, which fell through a chain of sixteen isinstance tests. The first
    # entry whose classes the action belongs to decides; any other action (discarding in
    # the discard step, carrying an artifact, switching) scores -1.
    _RULES: tuple[tuple[type | tuple[type, ...], Rule], ...] = (
        (choices.ANSWERS, lambda self, game, player, a: choices.rate(game, player, a)),
        (DraftPick, lambda self, game, player, a: float(game.card(a.card).buy or 0)),
        (Disband, lambda self, game, player, a: -50.0),
        (PayUpkeep, lambda self, game, player, a: 10.0),
        (Buy, lambda self, game, player, a: 20.0 + (game.card(a.card).buy or 0)),
        (Attack, lambda self, game, player, a: 40.0 + self._attack_value(game, player, a)),
        (FullAction, lambda self, game, player, a: 35.0 if a.source != "card" else 30.0),
        (PlayCard, lambda self, game, player, a: self._play_value(game, player, a)),
        (UseFreeAction, lambda self, game, player, a:
            8.0 + self._targets_value(game, player, a.source, a.targets)),
        ((Move, StreetMove), lambda self, game, player, a:
            15.0 + self._move_value(game, player, a.unit, a.tile)),
        (Equip, lambda self, game, player, a: 28.0),
        (ShakeOff, lambda self, game, player, a: 26.0),
        (Activate, lambda self, game, player, a:
            12.0 if self._worth_activating(game, a.permanent) else -5.0),
        ((DeclareTrigger, DeclareTriggerFirst), lambda self, game, player, a:
            self._targets_value(game, player, 0, a.targets)),
        ((Pass, EndTurn), lambda self, game, player, a: 0.0),
        # the least useful pair, when at all
        (DiscardForResource, lambda self, game, player, a:
            -1.0 - 0.01 * (choices.discard_cost(game, player, a.first)
                           + choices.discard_cost(game, player, a.second))),
    )

    # ------------------------------------------------------------------ judgements

    def _attack_value(self, game: Game, player: int, action: Attack) -> float:
        target = action.target
        if teams.friendly(game, player, game.controller(target)):
            return -100.0
        definition = game.card(target)
        where, here = game.tile_of(target), game.tile_of(action.unit)
        if where is None or here is None:
            return 0.0
        reach = game.geometry.distance(here, where)
        dealt = game.attack_profile(action.unit).get(reach, 0)
        value = 5.0
        if definition.is_fighter:
            left = game.health(target) - game.view(target).damage
            if dealt > left:
                value += 20.0 + (definition.buy or 10)
            back = game.attack_profile(target).get(reach, 0)
            value -= back
        if definition.name in self._objective_cards(game):
            value += 30.0
        return value

    def _objective_cards(self, game: Game) -> set[str]:
        return objective_names(game)

    def _objectives(self, game: Game, player: int, unit: int) -> list[Tile]:
        """Tiles the unit should head for under the map's win condition (worked out once
        per position and side: ``game.version`` changes with every change of the game,
        and only a Farmer on a map won by resource heads elsewhere than its side)."""
        return self._goals_for(game, player, self._farming(game, unit))

    def _farming(self, game: Game, unit: int) -> bool:
        return game.map.win.kind == "resource" and game.card(unit).name == "Farmer"

    def _position(self, game: Game) -> None:
        """Forget what was worked out for another position (the game and its version)."""
        of, version = self._goals_of
        if of is not game or version != game.version:
            self._goals_of = (game, game.version)
            self._goals = {}
            self._near = {}
            self._enemies = {}

    def _goals_for(self, game: Game, player: int, farmer: bool) -> list[Tile]:
        self._position(game)
        known = self._goals.get((player, farmer))
        if known is None:
            known = self._goals[player, farmer] = self._find_objectives(game, player, farmer)
        return known

    def _enemy_tiles(self, game: Game, player: int) -> list[Tile]:
        """The tiles of the permanents standing on the board that are not the side's
        friends (kept with the goals, for the position)."""
        self._position(game)
        found = self._enemies.get(player)
        if found is None:
            found = self._enemies[player] = [
                t for e in game.board.values()
                if not teams.friendly(game, player, game.controller(e))
                and (t := game.tile_of(e)) is not None]
        return found

    def _distance_to_goals(self, game: Game, player: int, farmer: bool, tile: Tile) -> int:
        """How far ``tile`` is from the nearest of the side's goals (``_goals_for``, which
        must be non-empty), kept with them."""
        key = (player, farmer, tile)
        found = self._near.get(key)
        if found is None:
            distance = game.geometry.distance
            found = self._near[key] = min(
                distance(tile, g) for g in self._goals_for(game, player, farmer))
        return found

    def _find_objectives(self, game: Game, player: int, farmer: bool) -> list[Tile]:
        kind = game.map.win.kind
        targets: list[Tile] = []
        wanted = self._objective_cards(game)
        if wanted:
            # the enemy's pieces of those names that stand on a tile (not in a pile)
            for side, entity in self._pieces(game, wanted):
                if not teams.friendly(game, player, side):
                    tile = game.tile_of(entity)
                    if tile is not None and game.board.get(tile) == entity:
                        targets.append(tile)
        elif kind == "capture_points":
            mine = set(held_regions(game, player))
            for region in game.map.regions:
                if region.name not in mine:
                    targets.extend(sorted(region.tiles))
        elif kind == "stick_of_victory":
            name = str(game.map.win.params.get("card", "Stick of Victory"))
            for entity, card_tile in self._named(game, name):
                carrier = game.container_of(entity)
                if carrier and game.controller(carrier) == player:
                    if stick_scores_at(game, game.tile_of(carrier)):
                        return []  # we hold it where it scores: stay and guard
                    return sorted(stick_region(game) or ())  # carry it where it scores
                targets.append(card_tile)
        elif farmer:
            targets = game.map.tiles_of_type("farm field")
        if not targets:
            targets = [t for e in game.board.values()
                       if game.card(e).is_fighter
                       and not teams.friendly(game, player, game.controller(e))
                       and (t := game.tile_of(e)) is not None]
        return targets

    def _pieces(self, game: Game, wanted: set[str]) -> list[tuple[int, int]]:
        """(controller, permanent) of the permanents on the map named in ``wanted`` (the
        map's objectives), kept while who is on the map and under whose control stays
        the same (``game.roster_version``)."""
        of, roster = self._pieces_of
        if of is not game or roster != game.roster_version:
            self._pieces_of = (game, game.roster_version)
            self._pieces_found = [(side, entity) for side, entity in _on_map(game)
                                  if game.card(entity).name in wanted]
        return self._pieces_found

    def _named(self, game: Game, name: str) -> list[tuple[int, Tile]]:
        found = []
        for _side, entity in _on_map(game):
            if game.card(entity).name == name:
                tile = game.tile_of(entity)
                if tile is not None:
                    found.append((entity, tile))
        return found

    def _move_value(self, game: Game, player: int, unit: int, tile: Tile) -> float:
        here = game.tile_of(unit)
        farmer = self._farming(game, unit)
        if here is None or not self._goals_for(game, player, farmer):
            return -20.0
        now = self._distance_to_goals(game, player, farmer, here)
        then = self._distance_to_goals(game, player, farmer, tile)
        if farmer and then == 0:
            return 30.0
        return float(now - then) * 4.0 - (10.0 if then >= now else 0.0)

    def _worth_activating(self, game: Game, unit: int) -> bool:
        # the objectives first: kept per position, and there nearly always are some
        return bool(self._objectives(game, game.controller(unit), unit)) or bool(
            game.attack_targets(unit))

    def _play_value(self, game: Game, player: int, action: PlayCard) -> float:
        definition = game.card(action.card)
        if definition.is_permanent:
            if action.equip_next:
                return 14.0
            base = 22.0 + (definition.buy or 0)
            goals = self._enemy_tiles(game, player)
            if action.tile is not None and goals:
                base -= 0.2 * min(game.geometry.distance(action.tile, g) for g in goals)
            return base
        if game.phase.value != "action" and not game.stack:
            return -2.0  # spells wait for the action phase unless answering
        return 18.0 + self._targets_value(game, player, action.card, action.targets)

    def _targets_value(self, game: Game, player: int, source: int,
                       targets: tuple) -> float:
        if not targets or not source:
            return 0.0
        ability = game.card(source).effect
        if ability is None:
            frees = game.card(source).free_actions
            ability = frees[0] if frees else None
        if ability is None:
            return 0.0
        harmful = any(e.kind in HARMFUL or (e.kind == "add_mark"
                                            and harmful_mark(e.params.get("mark")))
                      for e in ability.effects)
        value = 0.0
        for target in targets:
            if not isinstance(target, int) or not game.is_on_map(target):
                continue
            enemy = not teams.friendly(game, player, game.controller(target))
            value += 10.0 if enemy == harmful else -30.0
        return value

