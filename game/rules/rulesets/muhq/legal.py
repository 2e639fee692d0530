"""What a player may do now in Muhq's Game: draft picks, declaring triggers, the discard
step, upkeep (rule Upkeep 3), slow actions (rules Slow Actions 1, Permanents 3, Action
Phase, Units 10-14), buying (rule Buying 3, tiles: store) and fast and free actions
(rules Fast Actions, Free Actions 3)."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

import esper

from ... import keywords as kw
from ... import marks as mk
from ...cards import Ability, CardDef, CardType
from ...components import Body, Mark, OnMap
from ...core.actions import (
    Action,
    Activate,
    Attack,
    Buy,
    DeclareTrigger,
    DeclareTriggerFirst,
    Disband,
    Discard,
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
    Switch,
    Transport,
    UseFreeAction,
)
from ...core.choices import answers, players_choose
from ...core.frozen import kept
from ...core.state import NEUTRAL, Phase
from ...costs import COSTS
from ...geometry import Tile
from ...systems import movement
from ...systems.triggers import own_order, pending_choices
from ...targets import TARGETS
from .setup import reachable_store_cards
from .turn import controls_a_unit

if TYPE_CHECKING:
    from ...core.game import Game


def legal_actions(game: Game, player: int) -> list[Action]:
    phase = game.phase
    pending, choices = game.pending, game.choices
    if phase is Phase.OVER or player != (choices[0].controller if choices else
                                         pending[0].controller if pending else game.priority):
        return []  # (``game.actor`` is not ``player``)
    out: list[Action] = []
    if phase is Phase.DRAFT:
        pack = game.packs[game.held[player]]
        return [_DRAFT_PICK(player, c) for c in pack]
    if choices:
        return answers(game, player)  # a decision of the rules waits for its player
    if pending:
        order = own_order(game)  # rule Actions 5: several of theirs at once
        if order:
            return [DeclareTriggerFirst(player, i, t) for i in order
                    for t in pending_choices(game, pending[i])]
        return [DeclareTrigger(player, t) for t in pending_choices(game, pending[0])]
    state = game.players[player]
    if phase is Phase.DISCARD:
        out.extend([_DISCARD(player, c) for c in state.hand])
        out.append(_END_TURN(player))
        return out
    must_declare_upkeep = (phase is Phase.UPKEEP and player == game.active
                           and state.upkeep_due and not game.stack
                           and controls_a_unit(game, player))
    if must_declare_upkeep:
        for unit in game.controlled_permanents(player):
            if (game.card(unit).is_unit and unit not in state.disbanded
                    and not game.keyword(unit, "loyal")):
                out.append(_DISBAND(player, unit))
        out.append(_PAY_UPKEEP(player))
    # slow actions (``game.can_act_slowly``): the player holds priority with nothing
    # pending here, so what is left to ask is the phase, the turn and the stack
    if phase is Phase.ACTION and player == game.active and not game.stack:
        slow_actions(game, player, out)
    if (phase is Phase.BUYING and player == game.active and not game.stack
            and not state.bought):
        for card in [*state.store, *reachable_store_cards(game, player)]:
            cost = game.card(card).buy
            if cost is not None and cost <= state.resource:
                out.append(_BUY(player, card))
    fast_actions(game, player, out)
    if not must_declare_upkeep:
        out.append(_PASS(player))
    return out


#: the actions a listing hands out again and again, each value made once (actions are
#: values: one object serves every position)
_PASS = kept(Pass)
_END_TURN = kept(EndTurn)
_PAY_UPKEEP = kept(PayUpkeep)
_ACTIVATE = kept(Activate)
_MOVE = kept(Move, limit=16384)
_PLAY_CARD = kept(PlayCard)
_USE_FREE_ACTION = kept(UseFreeAction)
_DISBAND = kept(Disband)
_BUY = kept(Buy)
_DISCARD = kept(Discard)
_DRAFT_PICK = kept(DraftPick)
_SHAKE_OFF = kept(ShakeOff)
_SWITCH = kept(Switch)
_ATTACK = kept(Attack)
_EQUIP = kept(Equip)
_FULL_ACTION = kept(FullAction)
_TRANSPORT = kept(Transport, limit=16384)
_STREET_MOVE = kept(StreetMove)


def fast_actions(game: Game, player: int, out: list[Action]) -> None:
    state = game.players[player]
    hand = state.hand
    resource = state.resource
    known, definition_of = game.defs, game.card
    freeing: list[tuple[int, CardDef]] = []  # the hand's cards with free actions
    for card in hand:
        definition = known.get(card) or definition_of(card)
        if definition.free_actions:
            freeing.append((card, definition))
        play = definition.play
        if play is None or play > resource:
            continue
        if definition.is_spell and intention_ok(game, definition, player):
            ability = definition.effect
            for targets in target_choices(game, player, card, ability):
                out.append(_PLAY_CARD(player, card, None, targets))
    # rule Free Actions 3: cards have free actions too (usable from the hand when their
    # costs can be paid there: a tapping or sacrificing cost needs the permanent)
    permanents = game.controlled_printed(player, "free_action_permanents", _FREE_ACTIONS)
    if permanents:
        freeing.extend((source, known.get(source) or definition_of(source))
                       for source in permanents)
    if freeing:
        paralysis_stops = players_choose(game)
        for source, definition in freeing:
            if paralysis_stops and stopped(game, source):
                continue
            for index, ability in enumerate(definition.free_actions):
                if free_action_usable(game, player, source, ability):
                    for targets in target_choices(game, player, source, ability):
                        out.append(_USE_FREE_ACTION(player, source, index, targets))
    if len(hand) > 1:
        out.extend(_discard_pairs(player, tuple(hand)))


#: a card's printed free actions: the permanents ``player`` controls whose cards have
#: some, in entity order, are kept while ``game.roster_version`` is unchanged
#: (``controlled_printed``: a card's free actions are printed)
_FREE_ACTIONS = operator.attrgetter("free_actions")


def _pairs_of(player: int, hand: tuple[int, ...]) -> tuple[DiscardForResource, ...]:
    """The DiscardForResource actions of every pair of the cards of ``hand``."""
    return tuple(DiscardForResource(player, hand[i], hand[j])
                 for i in range(len(hand)) for j in range(i + 1, len(hand)))


#: (player, hand) -> the DiscardForResource actions of every pair of its cards
_discard_pairs = kept(_pairs_of)


def stopped(game: Game, source: int) -> bool:
    """Rule Paralysis 2 (rules version ``CHOICES_VERSION`` on): a paralyzed unit uses no
    action but removing a mark, so neither its own free actions (Units 10.2) nor those of
    a potion equipped to it (Potions 3: the potion is used as a free action of the unit)."""
    if not game.is_on_map(source):
        return False
    unit = source
    if game.card(source).type is CardType.POTION:
        unit = game.container_of(source)
        if not unit:
            return False
    return bool(mk.stopping_mark(game, unit))


def intention_ok(game: Game, definition: CardDef, player: int) -> bool:
    """Rule Intentions 1: intentions belong to the Tyrant's side (a player controlling
    a permanent with the tyrant keyword); rule Intentions 3: only while no intention
    mark is on the map."""
    if definition.type is not CardType.INTENTION:
        return True
    if not any(game.keyword(e, "tyrant") for e in game.controlled_permanents(player)):
        return False
    return not any(m.kind == "intention" for _, m in esper.get_component(Mark))


def free_action_usable(game: Game, player: int, source: int, ability: Ability) -> bool:
    for cost in ability.costs:
        if not COSTS[cost.kind].payable(game, player, source, cost.amount):
            return False
    return True


def slow_actions(game: Game, player: int, out: list[Action]) -> None:
    state = game.players[player]
    for card in state.hand:
        definition = game.card(card)
        if not definition.is_permanent or definition.type is CardType.BOSS:
            continue
        if definition.play is None or definition.play > state.resource:
            continue
        out.extend(_PLAY_CARD(player, card, tile)
                   for tile in game.spawn_tiles(player, definition))
        if definition.is_equipment:
            out.append(_PLAY_CARD(player, card, None, (), True))
    for entity in game.controlled_permanents(player):
        if entity == game.activated:
            continue
        on_map = esper.component_for_entity(entity, OnMap)
        definition = game.card(entity)
        if on_map.tapped or not definition.is_fighter:
            continue
        body = esper.component_for_entity(entity, Body)
        if body.moves or body.attacks or (
                body.street_moves and on_map.tile is not None
                and game.tile_kind(on_map.tile).street):
            out.append(_ACTIVATE(player, entity))
    if game.activated:
        unit_actions(game, player, game.activated, out)


def unit_actions(game: Game, player: int, unit: int, out: list[Action]) -> None:
    body = esper.component_for_entity(unit, Body)
    if mk.stopping_mark(game, unit):
        if body.moves:
            out.append(_SHAKE_OFF(player, unit, "move"))
        if body.attacks:
            out.append(_SHAKE_OFF(player, unit, "attack"))
        return
    tile = game.tile_of(unit)
    if tile is None:
        return
    piled = game.container_of(unit)
    if body.moves:
        out.extend(_moves(player, unit, movement.reachable(game, unit)))
        if not piled:
            for artifact in adjacent_artifacts(game, unit, tile, player, for_switch=True):
                out.append(_SWITCH(player, unit, artifact))
    if body.attacks:
        for target in attack_targets(game, unit):
            out.append(_ATTACK(player, unit, target))
    if not piled:
        for using, left in (("move", body.moves), ("attack", body.attacks)):
            if left:
                for equipment in adjacent_equipment(game, tile):
                    out.append(_EQUIP(player, unit, equipment, using))
    if body.moves and body.attacks:
        definition = game.card(unit)
        if definition.full_action is not None:
            for targets in target_choices(game, player, unit, definition.full_action):
                out.append(_FULL_ACTION(player, unit, "card", targets))
        kind = game.tile_kind(tile)
        if kind.worker and kind.worker == definition.name and not piled:
            out.append(_FULL_ACTION(player, unit, "tile"))
        for source, _ability in mk.granted_full_actions(game, unit):
            out.append(_FULL_ACTION(player, unit, f"mark:{source}"))
        if not piled:
            for artifact in adjacent_artifacts(game, unit, tile, player, for_switch=False):
                for dest, drop in movement.transport_options(game, unit, artifact):
                    out.append(_TRANSPORT(player, unit, artifact, dest, drop))
    if body.street_moves and not piled and game.tile_kind(tile).street:
        for dest in sorted(movement.street_reachable(game, unit)):
            out.append(_STREET_MOVE(player, unit, dest))


#: (player, unit) -> (the unit's reachable tiles as last found, its Move actions): the
#: walks are memoized (``movement.reachable``), so the same answer gives the same moves
_MOVES: dict[tuple[int, int], tuple[dict[Tile, int], tuple[Move, ...]]] = {}


def _moves(player: int, unit: int, reach: dict[Tile, int]) -> tuple[Move, ...]:
    known = _MOVES.get((player, unit))
    if known is None or known[0] is not reach:
        if len(_MOVES) > 4096:
            _MOVES.clear()
        known = _MOVES[player, unit] = (reach, tuple([_MOVE(player, unit, tile)
                                                       for tile in sorted(reach)]))
    return known[1]


def adjacent_artifacts(game: Game, unit: int, tile: Tile, player: int,
                        for_switch: bool) -> list[int]:
    found = []
    for n in game.neighbours[tile]:
        other = game.board.get(n, 0)
        if not other or not game.card(other).is_artifact:
            continue
        solid = game.keyword(other, "solid")
        if solid and (game.controller(other) != player or game.controller(other) == NEUTRAL):
            continue  # rule Solid 1 (walls: no unit may switch or carry them)
        if for_switch and not (game.available(unit, n, ignore=other)
                               and game.available(other, tile, ignore=unit)):
            continue
        found.append(other)
    return found


def adjacent_equipment(game: Game, tile: Tile) -> list[int]:
    return [
        other for n in game.neighbours[tile]
        if (other := game.board.get(n, 0)) and game.card(other).is_equipment
    ]


def attack_targets(game: Game, unit: int) -> list[int]:
    """Permanents the unit may attack now (rules Combat 3-5, tiles: house)."""
    origin = game.tile_of(unit)
    if origin is None:
        return []
    reach = game.attack_range(unit)
    if reach <= 0:
        return []
    player = game.controller(unit)
    targets = []
    grid = game.geometry
    board = game.board
    carrier = game.container_of(unit)
    for tile in grid.within(origin, reach):
        other = board.get(tile, 0)
        if not other or other in (unit, carrier):
            continue
        far = grid.distance(origin, tile) > 1
        if far and game.tile_kind(tile).cover and game.card(other).is_fighter:
            continue  # tiles: house — cover for the unit standing there
        if not kw.targetable(game, other, unit, player):
            continue
        targets.append(other)
    return sorted(targets)


def target_choices(game: Game, player: int, source: int,
                   ability: Ability | None) -> list[tuple[Any, ...]]:
    """Every way to declare the targets of an ability (distinct targets per slot).

    A tile slot with the filter ``adjacent_to: N`` only offers tiles next to the
    permanent chosen for slot N (a push's origin, for example)."""
    if ability is None:
        return []
    if not ability.targets:
        return [()]
    specs = ability.targets
    fixed = [
        None if "adjacent_to" in spec.filters
        else TARGETS[spec.kind](game, player, source, spec.filters)
        for spec in specs
    ]
    if len(specs) == 1 and fixed[0] is not None:
        return [(t,) for t in fixed[0]]
    combos: list[tuple[Any, ...]] = [()]
    for index, spec in enumerate(specs):
        grown: list[tuple[Any, ...]] = []
        for combo in combos:
            options = fixed[index]
            if options is None:
                anchor = game.tile_of(combo[int(spec.filters["adjacent_to"])])
                options = [] if anchor is None else [
                    t for t in game.neighbours[anchor] if not game.board.get(t, 0)
                    or not spec.filters.get("free")]
            grown.extend((*combo, t) for t in options if t not in combo)
        combos = grown
    return combos
