"""The computer players' knowledge of the duel: the easy player's rules of thumb for duel
actions (``score``) and the position's worth that the normal and hard players maximise
(``evaluate``). Both read only the public board, the player's own hand (of the enemy's,
only how many cards it holds) and the counters everybody sees (mana, the bloodbound
spell, MECHAZ0R! progress).

Rules of thumb: take the enemy general when it can be done; trade up (kill what it can
without dying, hit the general with what survives the strike back); spend the mana on the
dearest card it can play (minions towards the enemy general or onto a mana globe; harmful
spells at the enemy, the rest at its own side); cast the bloodbound spell; march on the
enemy general, keeping its own general back; replace a card it can't afford soon; end the
turn when nothing is left.
"""

from __future__ import annotations

from game.rules import Game
from game.rules.core.actions import (
    Action,
    Attack,
    Bloodbound,
    DeclareTrigger,
    EndTurn,
    Move,
    Mulligan,
    PlayCard,
    Replace,
)
from game.rules.geometry import Tile
from game.rules.rulesets.duel.rules import (
    ANCHORED,
    BLOODBOUND_READY,
    CAPACITY,
    GENERAL,
    GLOBE,
    HAND_LIMIT,
    MANA,
    MAX_MANA,
    MECH_PROGRESS,
    STRUCTURE,
    attack_targets,
    general_of,
    grid,
    health_left,
    is_free,
    keyword,
    may_move,
    move_tiles,
    power,
)
from game.rules.rulesets.duel.systems import strikes_back

WIN = 1_000_000.0
#: worth of one point of a general's health, and of each of its last LOW_LINE points on top
GENERAL_HEALTH = 3.0
LOW_HEALTH = 1.5
LOW_LINE = 10
#: worth of a point of the general's attack (its artifacts)
GENERAL_ATTACK = 4.5
#: worth of a Ranged general (it strikes anywhere, with nothing striking back: about a
#: ranged unit of its attack) and of a Flying one (it goes anywhere): what an artifact
#: gives it
GENERAL_RANGED = 2.0
GENERAL_RANGED_ATTACK = 2.1
GENERAL_FLYING = 3.0
#: share of the damage the enemy can deal the exposed general next turn counted as dealt;
#: and what facing a killing blow costs on top
DANGER_SHARE = 0.5
LETHAL = 60.0
#: worth of a unit: a base, per point of attack and of health left, keywords, abilities
UNIT_BASE = 2.0
UNIT_ATTACK = 1.6
UNIT_HEALTH = 1.0
RANGED_WORTH = 0.5
FLYING_WORTH = 1.0
PROVOKE_WORTH = 2.0
ABILITY_WORTH = 1.0
#: a card in hand, a mana point the active side can still spend, a ready bloodbound
#: spell, a point of MECHAZ0R! progress, a mana globe within reach (while mana grows)
CARD_IN_HAND = 1.2
#: a card in hand dearer than the mana capacity plus SOON counts less (worth replacing)
DEAR_CARD = 0.7
SOON = 2
MANA_LEFT = 0.6
BLOODBOUND_WORTH = 2.0
MECH_WORTH = 1.0
GLOBE_WORTH = 0.4
#: per tile a unit stands closer to the enemy general
APPROACH = 0.25
#: share of the worth of an exposed unit the enemy can kill next turn
THREAT_SHARE = 0.4
#: worth of a point of attack of an Ephemeral unit of the acting side that can still
#: strike an enemy this turn (it is gone at the turn's end: only the blow counts)
FLEETING_STRIKE = 1.0

HARMFUL = frozenset({"damage", "destroy", "dispel", "take_control", "push"})


def is_duel(game: Game) -> bool:
    return game.ruleset.name == "duel"


def _enemy(game: Game, player: int) -> int:
    return next((p.index for p in game.players if p.index != player), player)


def _general_tile(game: Game, player: int) -> Tile | None:
    general = general_of(game, player)
    return game.tile_of(general) if general else None


def score(game: Game, player: int, action: Action) -> float:
    """How much the easy player likes ``action`` (the highest is taken)."""
    if isinstance(action, Mulligan):
        dear = [c for c in game.players[player].hand if (game.card(c).play or 0) >= 5]
        wanted = tuple(sorted(dear, key=lambda c: -(game.card(c).play or 0))[:2])
        return 10.0 if set(action.cards) == set(wanted) else 0.0
    if isinstance(action, Attack):
        return _attack_value(game, player, action)
    if isinstance(action, PlayCard):
        return _play_value(game, player, action)
    if isinstance(action, Bloodbound):
        return 22.0 + _targets_value(game, player, action.targets, harmful=True)
    if isinstance(action, Move):
        return _move_value(game, player, action.unit, action.tile)
    if isinstance(action, Replace):
        cost = game.card(action.card).play or 0
        capacity = game.counter(player, CAPACITY)
        return 5.0 + cost - capacity if cost > capacity + 2 else -1.0
    if isinstance(action, DeclareTrigger):
        return _targets_value(game, player, action.targets, harmful=True)
    if isinstance(action, EndTurn):
        return 0.0
    return -1.0


def _attack_value(game: Game, player: int, action: Attack) -> float:
    target, unit = action.target, action.unit
    dealt = power(game, unit)
    kills = dealt >= health_left(game, target)
    if GENERAL in game.card(target).tags:
        if kills:
            return 1000.0
        back = 0 if not strikes_back(game, target, unit) else power(game, target)
        dies = back >= health_left(game, unit)
        if GENERAL in game.card(unit).tags and health_left(game, unit) <= 8:
            return 5.0  # its own general stays careful when hurt
        return 45.0 + dealt - (30.0 if dies else 0.0)
    back = 0 if kills or not strikes_back(game, target, unit) else power(game, target)
    dies = back >= health_left(game, unit)
    worth = power(game, target) * 2 + health_left(game, target)
    value = 30.0 + (worth + 20.0 if kills else dealt)
    if dies:
        value -= power(game, unit) * 2 + health_left(game, unit) + 15.0
    if GENERAL in game.card(unit).tags:
        value -= back * 1.5
    return value


def _play_value(game: Game, player: int, action: PlayCard) -> float:
    definition = game.card(action.card)
    value = 25.0 + 2.0 * (definition.play or 0)
    if action.tile is not None:
        there = _general_tile(game, _enemy(game, player))
        if there is not None:
            value -= 0.5 * game.geometry.distance(action.tile, there)
        if game.tile_kind(action.tile).name == GLOBE:
            value += 3.0
    if action.targets:
        value += _targets_value(game, player, action.targets, harmful=_harmful(definition))
    elif definition.is_spell and definition.effect is not None \
            and not definition.effect.targets:
        value -= 4.0  # an untargeted spell: fine, but not before a minion
    return value


def _harmful(definition: object) -> bool:
    effect = getattr(definition, "effect", None)
    return effect is not None and any(spec.kind in HARMFUL for spec in effect.effects)


def _targets_value(game: Game, player: int, targets: tuple[object, ...],
                   harmful: bool) -> float:
    value = 0.0
    for target in targets:
        if isinstance(target, int) and game.is_on_map(target):
            mine = game.controller(target) == player
            if mine == harmful:
                value -= 30.0
            else:
                value += 2.0 + power(game, target)
    return value


def _move_value(game: Game, player: int, unit: int, tile: Tile) -> float:
    here = game.tile_of(unit)
    there = _general_tile(game, _enemy(game, player))
    if here is None or there is None:
        return -1.0
    value = 12.0
    if game.tile_kind(tile).name == GLOBE:
        value += 6.0
    if GENERAL in game.card(unit).tags:
        # its own general keeps away from danger and only edges forward
        threat = sum(power(game, e) for e in game.units()
                     if game.controller(e) != player
                     and (t := game.tile_of(e)) is not None
                     and game.geometry.distance(t, tile) <= 2)
        return value - 10.0 - threat + (game.geometry.distance(here, there)
                                        - game.geometry.distance(tile, there))
    return value + 2.0 * (game.geometry.distance(here, there)
                          - game.geometry.distance(tile, there))


def evaluate(game: Game, player: int, ending: bool = False) -> float:
    """The player's side minus the enemy's, read as if the active player's turn ended
    now (see ``Board``): the generals' health, most of all, and the danger to them; the
    units (attack, health, keywords; less when the enemy can kill them next); cards in
    hand; unspent mana and the bloodbound spell of the side still acting; the mana globes
    within reach; and how close the units stand to the enemy general. Until the turn
    ends (``ending`` false), an Ephemeral unit of the acting side counts for the blow it
    can still strike."""
    game.enter()
    if not game.players or game.winners or game.actor is None:
        if game.winners:
            return WIN if game.winners == (player,) else -WIN
        return 0.0
    board = Board(game, player, ending)
    return board.side(player) - board.side(_enemy(game, player))


class Board:
    """What the evaluation reads, gathered once: every unit with its side, tile, attack,
    health left and keywords. The position is judged as at the end of the active
    player's turn: the other side strikes next, so the active side's units and general
    are the ones exposed (to every enemy unit that can reach them next turn); the active
    side's own attacks not yet made count for nothing (the search makes them)."""

    def __init__(self, game: Game, viewer: int, ending: bool = False) -> None:
        self.game = game
        #: whose eyes: only that player's hand is read card by card
        self.viewer = viewer
        self.active = game.active
        #: the turn is being ended: Ephemeral units count for nothing
        self.ending = ending
        self.units: list[_Unit] = []
        self.generals: dict[int, _Unit] = {}
        for entity in game.units():
            unit = _Unit(game, entity)
            self.units.append(unit)
            if unit.general:
                self.generals[unit.side] = unit

    def side(self, player: int) -> float:
        game = self.game
        general = self.generals.get(player)
        if general is None:
            return -WIN
        enemy = _enemy(game, player)
        exposed = player == self.active
        reach = self._reach(enemy) if exposed else {}
        target = self.generals.get(enemy)
        worth = general_worth(general.left) + GENERAL_ATTACK * general.attack
        if keyword(game, general.entity, "ranged"):
            worth += GENERAL_RANGED + GENERAL_RANGED_ATTACK * general.attack
        if keyword(game, general.entity, "flying"):
            worth += GENERAL_FLYING
        if exposed:
            danger = sum(reach.get(general.entity, ()))
            worth -= GENERAL_HEALTH * DANGER_SHARE * min(danger, general.left)
            if danger >= general.left:
                worth -= LETHAL
        for unit in self.units:
            if unit.side != player or unit.general:
                continue
            if unit.fleeting:  # gone at the turn's end: only a blow still to strike counts
                if exposed and not self.ending and self._can_strike(unit):
                    worth += FLEETING_STRIKE * unit.attack
                continue
            value = unit.worth()
            if exposed and sum(reach.get(unit.entity, ())) >= unit.left:
                value *= 1.0 - THREAT_SHARE
            if target is not None and unit.mobile:
                value += APPROACH * (8 - game.geometry.distance(unit.tile, target.tile))
            worth += value
        state = game.players[player]
        if player == self.viewer:
            soon = game.counter(player, CAPACITY) + SOON
            worth += sum(CARD_IN_HAND if (game.card(card).play or 0) <= soon else DEAR_CARD
                         for card in state.hand[:HAND_LIMIT])
        else:  # the enemy's hand: only how many cards it holds is known
            worth += CARD_IN_HAND * min(len(state.hand), HAND_LIMIT)
        if exposed:
            worth += MANA_LEFT * min(game.counter(player, MANA), MAX_MANA)
        if game.counter(player, BLOODBOUND_READY):
            worth += BLOODBOUND_WORTH
        worth += MECH_WORTH * game.counter(player, MECH_PROGRESS)
        if game.counter(player, CAPACITY) < MAX_MANA:
            worth += GLOBE_WORTH * self._globes_near(player)
        return worth

    def _can_strike(self, unit: _Unit) -> bool:
        """``unit`` may still attack an enemy this turn: one is in reach now, or it may
        still move and a tile it can move to is next to one."""
        game = self.game
        if not unit.attack or unit.structure:
            return False
        if attack_targets(game, unit.entity):
            return True
        if not may_move(game, unit.entity):
            return False
        enemies = [u.tile for u in self.units if u.side != unit.side]
        distance = game.geometry.distance
        return any(distance(spot, there) <= 1 for spot in move_tiles(game, unit.entity)
                   for there in enemies)

    def _reach(self, attacker_side: int) -> dict[int, list[int]]:
        """For each unit of the other side, the attacks of ``attacker_side``'s units that
        can hit it on their next turn: melee units from any tile they can move to (every
        unit blocks), Ranged and Flying units anywhere, provoked units only their
        provokers; structures and units without attack never."""
        game = self.game
        found: dict[int, list[int]] = {}
        targets = [u for u in self.units if u.side != attacker_side]
        if not targets:
            return found
        distance = game.geometry.distance
        guards = [t for t in targets if keyword(game, t.entity, "provoke")]
        jumps = grid(game).two_or_diagonal
        for unit in self.units:
            if unit.side != attacker_side or unit.attack <= 0 or unit.structure:
                continue
            here = unit.tile
            forced = [t for t in guards if distance(t.tile, here) == 1]
            if forced:
                hit = forced
            elif keyword(game, unit.entity, "ranged") or keyword(game, unit.entity, "flying"):
                hit = targets
            else:
                spots = [here, *(to for to, via in jumps(here) if is_free(game, to)
                                 and (via is None or is_free(game, via)))]
                hit = [t for t in targets if any(distance(s, t.tile) <= 1 for s in spots)]
            for t in hit:
                found.setdefault(t.entity, []).append(unit.attack)
        return found

    def _globes_near(self, player: int) -> int:
        """Mana globes still on the board that one of the player's units stands closer to
        than any enemy unit, within a move of it."""
        game = self.game
        count = 0
        for tile in game.map.tiles_of_type(GLOBE):
            if game.tile_kind(tile).name != GLOBE:
                continue
            mine = min((game.geometry.distance(u.tile, tile) for u in self.units
                        if u.side == player and u.mobile), default=99)
            theirs = min((game.geometry.distance(u.tile, tile) for u in self.units
                          if u.side != player and u.mobile), default=99)
            if mine <= 2 and mine < theirs:
                count += 1
        return count


class _Unit:
    """One unit as the evaluation sees it."""

    __slots__ = ("attack", "entity", "flying", "general", "left", "mobile", "provoke",
                 "ranged", "side", "structure", "tile", "extra", "fleeting")

    def __init__(self, game: Game, entity: int) -> None:
        definition = game.card(entity)
        self.entity = entity
        self.side = game.controller(entity)
        tile = game.tile_of(entity)
        assert tile is not None
        self.tile: Tile = tile
        self.general = GENERAL in definition.tags
        self.structure = STRUCTURE in definition.tags
        self.attack = power(game, entity)
        self.left = health_left(game, entity)
        # the printed keywords (what a dispel or an artifact changes is read where it
        # matters: who can reach whom, in ``Board._reach``)
        printed = definition.keywords
        self.ranged = "ranged" in printed
        self.flying = "flying" in printed
        self.provoke = "provoke" in printed
        self.mobile = not self.structure
        #: worth of what the card does beside fighting (triggers, passives)
        self.extra = ABILITY_WORTH * (len(definition.triggers) + len(definition.passives))
        #: an Ephemeral unit no Dunecaster anchored: gone at the end of the turn
        self.fleeting = "ephemeral" in printed and not game.marks(entity, ANCHORED)

    def worth(self) -> float:
        """A lasting unit's worth (an Ephemeral one counts apart, in ``Board.side``)."""
        value = UNIT_BASE + UNIT_ATTACK * self.attack + UNIT_HEALTH * self.left + self.extra
        if self.ranged:
            value += RANGED_WORTH * self.attack
        if self.flying:
            value += FLYING_WORTH
        if self.provoke:
            value += PROVOKE_WORTH
        return max(0.0, value)


def general_worth(left: int) -> float:
    """A general's health: every point counts, the last ones (within a few blows of
    death) more."""
    return GENERAL_HEALTH * left + LOW_HEALTH * min(left, LOW_LINE)
