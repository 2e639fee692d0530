"""The computer players' knowledge of the duel: the easy player's rules of thumb for duel
actions (``score``) and the position's worth that the normal and hard players maximise
(``evaluate``). Both read only the public board, the player's own hand and the counters
everybody sees (mana, the bloodbound spell, MECHAZ0R! progress).

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
    CAPACITY,
    GENERAL,
    GLOBE,
    MANA,
    MAX_MANA,
    general_of,
    health_left,
    power,
)
from game.rules.rulesets.duel.systems import strikes_back

WIN = 1_000_000.0
#: worth of one point of the generals' health, of a unit's attack and health, of a card in
#: hand, of a tile a unit stands closer to the enemy general
GENERAL_HEALTH = 3.0
UNIT_ATTACK = 1.6
UNIT_HEALTH = 1.0
UNIT_BASE = 2.0
CARD_IN_HAND = 1.2
APPROACH = 0.25
#: share of the worth of a unit the enemy can kill next turn
THREAT_SHARE = 0.35

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


def evaluate(game: Game, player: int) -> float:
    """The player's side minus the enemy's: generals' health (most of all), the units
    (attack and health left, less when the enemy can kill them next), cards in hand, mana
    capacity, and how close its units stand to the enemy general."""
    if not game.players or game.winners or game.actor is None:
        if game.winners:
            return WIN if game.winners == (player,) else -WIN
        return 0.0
    return _side(game, player) - _side(game, _enemy(game, player))


def _side(game: Game, player: int) -> float:
    worth = 0.0
    general = general_of(game, player)
    if not general:
        return -WIN
    worth += GENERAL_HEALTH * health_left(game, general)
    enemy_general = _general_tile(game, _enemy(game, player))
    enemies = [u for u in game.units() if game.controller(u) != player]
    for unit in game.controlled_permanents(player):
        if not game.card(unit).is_unit or unit == general:
            continue
        attack, left = power(game, unit), health_left(game, unit)
        value = UNIT_BASE + UNIT_ATTACK * attack + UNIT_HEALTH * left
        tile = game.tile_of(unit)
        if tile is not None and any(
                power(game, e) >= left and (t := game.tile_of(e)) is not None
                and game.geometry.distance(t, tile) <= 3 for e in enemies):
            value *= 1.0 - THREAT_SHARE
        if tile is not None and enemy_general is not None:
            value += APPROACH * (8 - game.geometry.distance(tile, enemy_general))
        worth += value
    worth += GENERAL_HEALTH * 0.5 * power(game, general)
    worth += CARD_IN_HAND * min(len(game.players[player].hand), 6)
    worth += 0.5 * min(game.counter(player, MANA), MAX_MANA)
    return worth
