"""The duel's systems (esper processors on the intents its actions leave): movement, which
also takes up mana globes, and combat, with the defender's strike back. Also the wear of
artifacts each time their general is damaged."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from ...components import Body
from ...core.events import Attacked, DamageDealt, Event
from ...systems.intents import AttackIntent, IntentSystem, MoveIntent
from .rules import GENERAL, can_reach, collect_globe, has_tag, power, provokers

if TYPE_CHECKING:
    from ...core.game import Game


def _move(game: Game, entity: int, intent: MoveIntent) -> None:
    """A unit ending on a mana globe takes it."""
    if game.is_on_map(entity) and not game.board.get(intent.tile, 0):
        game.move_permanent(entity, intent.tile)
        collect_globe(game, entity)


def _attack(game: Game, entity: int, intent: AttackIntent) -> None:
    fight(game, entity, intent.target)


def systems(game: Game) -> list[tuple[IntentSystem[Any], int]]:
    """Movement, then combat (seed 002, "Resolving combat")."""
    return [(IntentSystem(game, MoveIntent, _move), 50),
            (IntentSystem(game, AttackIntent, _attack), 30)]


def fight(game: Game, attacker: int, defender: int) -> None:
    """The attacker deals its attack to the defender; if the defender is still alive, it
    strikes back with its own attack, when the attacker stands within its reach (next to
    it, or anywhere for a Ranged defender). Structures never strike back."""
    if not (game.is_on_map(attacker) and game.is_on_map(defender)) or attacker == defender:
        return
    event = Attacked(attacker, defender)
    game.emit(event)
    game.queue_trigger_event(event)
    game.deal_damage(attacker, defender, power(game, attacker))
    if not game.is_on_map(defender) or not game.is_on_map(attacker):
        return
    body = esper.component_for_entity(defender, Body)
    if game.ruleset.lethal(body.damage, game.health(defender)):
        return  # it dies: the rulebook's defender strikes back only if it survived
    if strikes_back(game, defender, attacker):
        game.deal_damage(defender, attacker, power(game, defender))


def strikes_back(game: Game, defender: int, attacker: int) -> bool:
    """Would ``defender`` strike back at ``attacker`` (alive or not)?"""
    if has_tag(game, defender, "structure") or power(game, defender) <= 0:
        return False
    return can_reach(game, defender, attacker)


def wear_artifacts(game: Game, event: Event) -> None:
    """Artifact: each time a general takes damage, every artifact it carries loses one
    durability; an artifact at zero goes to the graveyard."""
    if not isinstance(event, DamageDealt) or event.amount <= 0:
        return
    general = event.target
    if not game.is_on_map(general) or not has_tag(game, general, GENERAL):
        return
    for artifact in list(game.pile(general)):
        body = esper.component_for_entity(artifact, Body)
        body.durability -= 1
        game.version += 1
        if body.durability <= 0:
            game.destroy(artifact, "no durability left")


__all__ = ["fight", "provokers", "strikes_back", "systems", "wear_artifacts"]
