"""The trigger system (rules Actions 3-5): turns the events of the last step into
triggered actions, declared in turn order; a trigger with one way to declare it is
declared at once, one without any legal target is skipped, the others wait for their
controller's choice (``DeclareTrigger``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from .. import marks as mk
from ..components import Mark, OnMap
from ..core.actions import DeclareTrigger, DeclareTriggerFirst
from ..core.choices import players_choose
from ..core.events import Attacked, DamageDealt, Destroyed, Event
from ..core.stack import declare, priority_to_active
from ..core.state import PendingTrigger, Phase
from ..triggers import TRIGGERS

if TYPE_CHECKING:
    from ..core.game import Game


class TriggerSystem(esper.Processor):
    """Rule Actions 3-5: turns the events of the last step into triggered actions."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def process(self) -> None:
        game = self.game
        if game.trigger_queue and game.phase is not Phase.OVER:
            collect_triggers(game)


def collect_triggers(game: Game) -> bool:
    if not game.trigger_queue:
        return False
    queue, game.trigger_queue = game.trigger_queue, []
    holders = _holders(game)
    if not holders and not game.left_map and not esper.get_component(Mark):
        return False  # no permanent that triggers, none that left, no mark to act
    found: list[PendingTrigger] = []
    pushed = False
    silenced = mk.silenced()
    if silenced:
        holders = [e for e in holders if e not in silenced]
    for event in queue:
        pushed |= mk.on_event(game, event)
        # a permanent the event names may have left the map since (a unit that died in
        # the fight it started, a destroyed permanent): its triggers still see the event
        gone = [e for e in _named_entities(event) if e not in holders
                and esper.entity_exists(e) and e in game.left_map and game.card(e).triggers]
        for entity in [*holders, *gone] if gone else holders:
            definition = game.card(entity)
            for index, ability in enumerate(definition.triggers):
                context = TRIGGERS[ability.trigger](game, entity, ability, event)
                if context is None:
                    continue
                controller = game.left_map.get(entity, -2)
                if controller == -2 or game.is_on_map(entity):
                    controller = game.controller(entity)
                found.append(PendingTrigger(controller, entity, index,
                                            tuple(sorted(context.items()))))
    game.left_map.clear()
    if pushed:
        priority_to_active(game)
    if not found:
        return pushed
    # rule Actions 5: triggered actions are declared in turn order
    order = {p: (p - game.active) % len(game.players) for p in range(len(game.players))}
    found.sort(key=lambda t: (order.get(t.controller, 99), t.source, t.ability))
    game.pending.extend(found)
    return True


def _holders(game: Game) -> list[int]:
    """The permanents on the map with triggered abilities, in entity order (kept while
    ``game.roster_version`` is unchanged)."""
    known = game.caches.get("trigger_holders")
    if known is None or known[0] != game.roster_version:
        found = sorted(e for e, _ in esper.get_component(OnMap) if game.card(e).triggers)
        known = game.caches["trigger_holders"] = (game.roster_version, found)
    holders: list[int] = known[1]
    return holders


def auto_declare_triggers(game: Game) -> None:
    """Triggers without a choice to make are declared at once; those without any legal
    target are skipped."""
    while game.pending:
        head = game.pending[0]
        choices = pending_choices(game, head)
        if not choices:
            game.pending.pop(0)
            continue
        if len(choices) == 1 and not own_order(game):
            do_declare_trigger(game, DeclareTrigger(head.controller, choices[0]))
            continue
        break


def own_order(game: Game) -> list[int]:
    """Rule Actions 5: the triggered actions of one player set off together are declared
    in the order that player chooses (rules version ``CHOICES_VERSION`` on, in a
    ruleset that asks). The places in ``game.pending`` of the waiting triggered actions
    of the player to declare next that can be declared, when they are not all alike (the
    same ability of cards of one name, whose order changes nothing); else none."""
    if not game.pending or not players_choose(game):
        return []
    who = game.pending[0].controller
    mine: list[int] = []
    for index, waiting in enumerate(game.pending):
        if waiting.controller != who:
            break
        if pending_choices(game, waiting):
            mine.append(index)
    kinds = {(game.card(game.pending[i].source).name, game.pending[i].ability) for i in mine}
    return mine if len(kinds) > 1 else []


def pending_choices(game: Game, pending: PendingTrigger) -> list[tuple[Any, ...]]:
    """Every way to declare the targets of a waiting triggered action."""
    ability = game.card(pending.source).triggers[pending.ability]
    return game.target_choices(pending.controller, pending.source, ability)


def do_declare_trigger(game: Game, action: DeclareTrigger | DeclareTriggerFirst) -> None:
    """The controller declares the first waiting trigger (or the one they put first)
    with the chosen targets."""
    pending = game.pending.pop(action.trigger if isinstance(action, DeclareTriggerFirst)
                               else 0)
    ability = game.card(pending.source).triggers[pending.ability]
    name = game.card(pending.source).name
    text = f"P{pending.controller + 1} {name}: {ability.text or 'trigger'}"
    # only the waiting trigger's controller is offered DeclareTrigger: action.player is it
    declare(game, "trigger", action, pending.source,
            (pending.ability, action.targets, pending.context), text)


def _named_entities(event: Event) -> tuple[int, ...]:
    """The permanents an event is about (for triggers of permanents that left the map)."""
    if isinstance(event, Attacked):
        return (event.attacker, event.target)
    if isinstance(event, Destroyed):
        return (event.permanent,)
    if isinstance(event, DamageDealt):
        return (event.target, event.source)
    return ()
