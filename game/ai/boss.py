"""The boss side of the cooperative boss modes: turn scripts for the Tyrant and the Kraken.

The boss side is one more seat in the engine, the last one, and the computer plays it with
``BossPlayer`` (registered in ``game.ai.players`` as ``tyrant`` and ``kraken``). One to
three human players (the other seats) play together against it. What the boss side does
without choosing (its upkeep: the Tyrant's grip on the towns, the Kraken's tides,
tentacles and drag) is part of the rules and lives with the win conditions in
``game/rules/wincons.py``; the script here only picks among the engine's legal actions,
like every other computer player, so a boss game replays from its actions.

The Tyrant (win condition ``tyrant``, map ``the-tyrant``)
  - Set-up: the Iron Tyrant stands on its start tile, between the spawn tiles of its keep
    (the map's last player's spawn tiles). Its deck is its own: the tyranny intentions
    (two Crushing Decrees and Oppressions, Decree of Terror, Conscription, Tribute, Raze)
    and three Enforcers; an empty deck is reshuffled as for every player.
  - Its turn, in this order:
    1. play an intention, when none is on the map (rule Intentions 3), on the player unit
       that threatens the Tyrant most: the units that can reach it next turn first, then
       the strongest, then the nearest (Raze: the player artifact nearest to it);
    2. play Enforcers on the keep;
    3. the Tyrant acts target-oriented: next to the marked unit it uses the intention
       mark's full action; otherwise it walks towards the marked unit, or, with no mark,
       towards the nearest player town; then it attacks an enemy in range (the weakest);
    4. every Enforcer acts aggressive: attack an enemy in range, else close in and attack;
    5. it pays its upkeep, never buys, never answers, keeps its hand.
  - Repression: carrying out Oppression puts a repression mark on the Tyrant, and in the
    boss side's upkeep the Tyrant gains one if it holds a town (it stands on or next to a
    player's spawn tile). The players lose when ``repression_goal`` marks lie on the
    Tyrant (6 from rules version 4; before, 2 per player); they win when it is destroyed.
    From rules version 4 a boss has 6 health per player (``game.rules.bosses``).

The Kraken (win condition ``kraken``, map ``the-kraken``)
  - Set-up: the Kraken (swimming, range 2, push) rises in the deep water of the bay; the
    boss side plays no cards.
  - Its upkeep (rules): the boss side scores 1 point (the tide), and 1 more for each
    player harbor the Kraken or a tentacle lies next to (a blockade); the Kraken drags the
    nearest player unit within range 3 that stands on water or a harbor, or swims, one
    step towards itself (rule Push: a walker dragged onto deep water drowns, one dragged
    against the Kraken takes 1 damage); a Tentacle token (attack 1, health 1, swimming)
    rises on free water next to a player harbor while fewer than ``tentacle_limit`` are
    up (one per player; before rules version 4 one more).
  - Its turn: the Kraken attacks a ship first (a swimming unit), then a unit on a harbor,
    then the weakest in range, and otherwise swims towards the nearest player unit close
    to the water, or else the nearest harbor; then it attacks. Tentacles act aggressive.
  - The players win by slaying the Kraken; they lose when the boss side has
    ``kraken_goal`` points (the map's ``win_points``; from rules version 4, 4 more for
    each of the map's seats nobody plays).

A ``BossPlayer`` on any other seat, or on a map without a boss mode, plays like the easy
computer player, so ``--ai easy,tyrant`` on a four-seat boss map gives three easy players
against the Tyrant. Ties are broken with the player's own seeded random generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from game.rules import Game
from game.rules.behaviour_choices import best_attack, move_towards
from game.rules.behaviours import BEHAVIOURS
from game.rules.bosses import (
    boss_seat,
    boss_standing,
    human_seats,
    human_spawn_tiles,
)
from game.rules.cards import CardType
from game.rules.core.actions import (
    Action,
    Activate,
    DeclareTrigger,
    DeclareTriggerFirst,
    DraftPick,
    EndTurn,
    FullAction,
    Pass,
    PayUpkeep,
    PlayCard,
    ShakeOff,
)
from game.rules.geometry import Tile

from . import choices
from .easy import EasyPlayer

BOSS_MODES = ("tyrant", "kraken")
T = TypeVar("T")


class BossPlayer:
    """The boss side's turn script; ``mode`` is ``tyrant`` or ``kraken``."""

    def __init__(self, seed: int, mode: str = "tyrant") -> None:
        if mode not in BOSS_MODES:
            raise ValueError(f"unknown boss mode {mode!r} (known: {', '.join(BOSS_MODES)})")
        self.name = mode
        self.mode = mode
        self.rng = random.Random(seed)
        self.fallback = EasyPlayer(seed)
        #: (game world, turn) -> permanents whose script already ran this turn
        self._done: dict[tuple[str, int], set[int]] = {}

    # ------------------------------------------------------------------ entry point

    def choose(self, game: Game, player: int) -> Action:
        legal = game.legal_actions(player)
        if not self.is_boss(game, player):
            return self.fallback.choose(game, player)
        if game.choices:  # a decision of the rules: the rules of thumb answer it
            return choices.answer(game, player, legal)
        for kind in (DraftPick, DeclareTrigger, DeclareTriggerFirst):
            options = [a for a in legal if isinstance(a, kind)]
            if options:
                return options[0]
        if any(isinstance(a, PayUpkeep) for a in legal):
            return next(a for a in legal if isinstance(a, PayUpkeep))
        if any(isinstance(a, EndTurn) for a in legal):
            return next(a for a in legal if isinstance(a, EndTurn))
        if game.can_act_slowly(player):
            action = self._script(game, player, legal)
            if action is not None:
                return action
        return next(a for a in legal if isinstance(a, Pass))

    def is_boss(self, game: Game, player: int) -> bool:
        return game.map.win.kind == self.mode and player == boss_seat(game) and player > 0

    # ------------------------------------------------------------------ the script

    def _script(self, game: Game, player: int, legal: list[Action]) -> Action | None:
        done = self._done.setdefault((game.world, game.turn), set())
        if len(self._done) > 4:
            for key in list(self._done)[:-2]:
                del self._done[key]
        if self.mode == "tyrant":
            play = self.tyrant_play(game, player, legal)
            if play is not None:
                return play
        unit = game.activated
        if unit and unit not in done:
            action = self.unit_step(game, player, unit, legal)
            if action is not None:
                return action
            done.add(unit)
        for action in legal:
            if isinstance(action, Activate) and action.permanent not in done:
                if self._has_work(game, action.permanent):
                    return action
                done.add(action.permanent)
        return None

    def _has_work(self, game: Game, unit: int) -> bool:
        view = game.view(unit)
        return bool(view.moves_left or view.attacks_left)

    # --- cards (the Tyrant)

    def tyrant_play(self, game: Game, player: int, legal: list[Action]) -> PlayCard | None:
        """Steps 1 and 2: an intention on the greatest threat, then Enforcers."""
        plays = [a for a in legal if isinstance(a, PlayCard)]
        intentions = [a for a in plays if game.card(a.card).type is CardType.INTENTION]
        if intentions:
            return max(intentions, key=lambda a: self._intention_value(game, player, a))
        units = [(a, a.tile) for a in plays if a.tile is not None and game.card(a.card).is_unit]
        if units:
            goals = self._enemy_tiles(game, player)
            return min(units, key=lambda u: (min((game.geometry.distance(u[1], g) for g in goals),
                                                 default=0), u[0].card, u[1]))[0]
        return None

    def _intention_value(self, game: Game, player: int, action: PlayCard) -> tuple:
        target = action.targets[0] if action.targets else 0
        if not isinstance(target, int) or not game.is_on_map(target):
            return (-1, 0, 0, 0)
        if game.controller(target) == player:
            return (-1, 0, 0, 0)  # never on our own side
        return (*self.threat(game, player, target), -action.card)

    def threat(self, game: Game, player: int, target: int) -> tuple[int, int, int]:
        """How much ``target`` threatens the boss: (can reach it next turn, attack,
        -distance)."""
        boss = boss_standing(game)
        here, there = game.tile_of(boss) if boss else None, game.tile_of(target)
        if here is None or there is None:
            return (0, 0, 0)
        gap = game.geometry.distance(here, there)
        strike = max(game.attack_profile(target).values(), default=0)
        reach = game.movement(target) + game.attack_range(target)
        return (int(strike > 0 and gap <= reach), strike, -gap)

    # --- units

    def unit_step(self, game: Game, player: int, unit: int,
                  legal: list[Action]) -> Action | None:
        """The next action of the activated permanent, or None when its script is done."""
        mine = [a for a in legal if getattr(a, "unit", None) == unit]
        shake = [a for a in mine if isinstance(a, ShakeOff)]
        if shake:
            return shake[0]
        if unit == boss_standing(game):
            if self.mode == "tyrant":
                return self.tyrant_step(game, player, unit, mine)
            return self.kraken_step(game, player, unit, mine)
        # Enforcers and tentacles: the aggressive behaviour, one action at a time
        return BEHAVIOURS["aggressive"].choose(game, unit, mine, self.pick)

    def tyrant_step(self, game: Game, player: int, unit: int,
                    mine: list[Action]) -> Action | None:
        """Target-oriented: 1. the intention mark's full action; 2. towards the marked
        unit (no mark: the nearest town); 3. attack an enemy in range."""
        full = [a for a in mine if isinstance(a, FullAction) and a.source.startswith("mark:")]
        if full:
            return full[0]
        marked = self.marked(game)
        goal = game.tile_of(marked) if marked else None
        goals = [goal] if goal is not None else human_spawn_tiles(game)
        here = game.tile_of(unit)
        arrived = here is not None and goal is not None and game.geometry.distance(here, goal) <= 1
        if not arrived and goals:
            move = move_towards(game, unit, mine, goals, self.pick, stop_next_to=goal is not None)
            if move is not None:
                return move
        # the weakest enemy in range, the marked unit last (the intention is for it)
        return best_attack(game, unit, mine, key=lambda target: (target != marked,))

    def kraken_step(self, game: Game, player: int, unit: int,
                    mine: list[Action]) -> Action | None:
        """Aggressive with its own aims: attack ships, then harbor units, then the weakest;
        else swim towards the units near the water (``kraken_goals``)."""
        attack = best_attack(game, unit, mine, key=lambda target: self.kraken_prey(game, target))
        if attack is not None:
            return attack
        goals = self.kraken_goals(game, unit)
        return move_towards(game, unit, mine, goals, self.pick, stop_next_to=True)

    def kraken_prey(self, game: Game, target: int) -> tuple[int, int]:
        """The Kraken's preference among targets: (a ship, on a harbor)."""
        tile = game.tile_of(target)
        ship = int(bool(game.keyword(target, "swimming")))
        harbor = int(tile is not None and game.tile_kind(tile).harbor)
        return (ship, harbor)

    def kraken_goals(self, game: Game, unit: int) -> list[Tile]:
        """Player units near the water (within 2 of a swimming tile), else the harbors."""
        humans = set(human_seats(game))
        found = []
        for entity in sorted(game.board.values()):
            tile = game.tile_of(entity)
            if (tile is None or game.controller(entity) not in humans
                    or not game.card(entity).is_fighter):
                continue
            if any(game.tile_kind(n).swimmers for n in game.neighbours[tile]) or \
                    game.tile_kind(tile).swimmers:
                found.append(tile)
        return found or human_spawn_tiles(game, harbors=True)

    # --- helpers

    def marked(self, game: Game) -> int:
        """The permanent carrying the intention mark (0: none)."""
        for bearer, marks in game.marks_by_bearer().items():
            if any(kind == "intention" for kind, _ in marks) and game.is_on_map(bearer):
                return bearer
        return 0

    def pick(self, options: Sequence[T]) -> T:
        """A tie-break with the player's own seeded random generator."""
        return options[self.rng.randrange(len(options))]

    def _enemy_tiles(self, game: Game, player: int) -> list[Tile]:
        return [t for e in sorted(game.board.values())
                if game.card(e).is_fighter and game.controller(e) != player
                and game.controller(e) >= 0 and (t := game.tile_of(e)) is not None]


def tyrant(seed: int) -> BossPlayer:
    return BossPlayer(seed, "tyrant")


def kraken(seed: int) -> BossPlayer:
    return BossPlayer(seed, "kraken")
