"""What a click would cost the player without their noticing: units left idle by a pass,
a buy skipped by ending the turn, one's own pieces hurt by an attack or a spell, and what
Pass does right now, in words.

Everything here reads the game through its public API (``legal_actions``, ``view``,
``preview``, ``snapshot``/``restore``) and changes nothing: a question is tried on a
snapshot and the game is put back as it was. The board scene asks these before it sends
an action and, when something would be lost, asks the player first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.rules import Game, Phase
from game.rules.core.actions import (
    Action,
    Activate,
    Attack,
    Buy,
    Equip,
    FullAction,
    Move,
    PlayCard,
    StreetMove,
    Switch,
    Transport,
    UseFreeAction,
)
from game.rules.rulesets.fleet.actions import Confirm as ConfirmMoves
from game.rules.rulesets.fleet.rules import TACTIC

if TYPE_CHECKING:
    from game.rules.geometry import Tile

    from .actions_ui import Build

#: the slow actions a permanent takes once it is activated (what "acting" means here)
UNIT_ACTIONS = (Move, StreetMove, Attack, FullAction, Transport, Switch, Equip)


def acts(action: Action, unit: int) -> bool:
    """Is ``action`` one of ``unit``'s own actions (a move, an attack, a full action...)?"""
    return isinstance(action, UNIT_ACTIONS) and action.unit == unit


def idle_permanents(game: Game, player: int) -> list[int]:
    """The player's permanents that could still do something on their turn, the same
    question for every ruleset: the units whose own actions are on offer now (the
    activated one in Muhq and the skirmish, every unit of the duel, which acts without
    being activated), and every one that, once activated, would have a move, an attack
    or a full action (tried on a snapshot). Where moves spend movement points (the
    skirmish), a unit that has begun to move only counts for what else it could do. In
    the upkeep, before the action phase, every unit of the player that can move or
    attack. The fleet's ships act through systems: see ``unused_activations``."""
    if game.active != player or game.actor != player:
        return []
    if game.phase is Phase.UPKEEP:
        return [u for u in game.controlled_permanents(player)
                if game.card(u).is_unit and (game.view(u).movement or game.view(u).attack)]
    if game.phase is not Phase.ACTION or game.stack or game.pending:
        return []
    legal = game.legal_actions(player)
    found: list[int] = []
    for action in legal:
        if isinstance(action, UNIT_ACTIONS) and action.unit not in found \
                and _counts(game, action):
            found.append(action.unit)
    for action in legal:
        if isinstance(action, Activate) and action.permanent not in found \
                and _could_act(game, player, action):
            found.append(action.permanent)
    return found


def _counts(game: Game, action: Action) -> bool:
    """Does this action on offer make its unit worth asking about? A further step of a
    unit that has begun spending its movement points does not."""
    if isinstance(action, Move) and game.ruleset.movement_points:
        view = game.view(action.unit)
        return view.moves_left >= view.movement
    return True


def _could_act(game: Game, player: int, activate: Activate) -> bool:
    snap = game.snapshot()
    try:
        game.apply(activate)
        return any(acts(a, activate.permanent) and _counts(game, a)
                   for a in game.legal_actions(player))
    finally:
        game.restore(snap)


def unused_activations(game: Game, player: int) -> int:
    """The fleet: how many systems the player could still activate (with a command token
    of their tactic pool) before passing for the round; 0 elsewhere."""
    if game.active != player or game.actor != player or game.phase is not Phase.ACTION:
        return 0
    return sum(1 for a in game.legal_actions(player) if a.kind == "activate_system")


def affordable_buys(game: Game, player: int) -> list[int]:
    """Store cards the player could still buy this turn: the legal buys in the buying
    phase; earlier in the player's own turn, the store's cards they can pay for now (as
    long as nothing has been bought this turn)."""
    if not game.ruleset.store or game.active != player:
        return []
    if game.phase is Phase.BUYING:
        if game.actor != player:
            return []
        return [a.card for a in game.legal_actions(player) if isinstance(a, Buy)]
    if game.phase not in (Phase.UPKEEP, Phase.ACTION):
        return []
    state = game.players[player]
    if state.bought:
        return []
    return [c for c in state.store
            if game.card(c).buy is not None and (game.card(c).buy or 0) <= state.resource]


def names(game: Game, entities: Sequence[int], limit: int = 3) -> str:
    """"Recruit at (1, 2), 2 Fighters at (3, 4) and 2 more": permanents named with their
    tiles (two of a name are told apart by where they stand, and counted where they stand
    together)."""
    groups: dict[tuple[str, str], int] = {}
    for entity in entities:
        tile = game.tile_of(entity)
        where = f" at {game.geometry.label(tile)}" if tile is not None else ""
        key = (game.card(entity).name, where)
        groups[key] = groups.get(key, 0) + 1
    parts = [f"{count} {_plural(name)}{where}" if count > 1 else f"{name}{where}"
             for (name, where), count in list(groups.items())[:limit]]
    rest = sum(list(groups.values())[limit:])
    if rest > 0:
        parts.append(f"{rest} more")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _plural(name: str) -> str:
    """"Fighters", "Infantry": a unit's name for more than one of it."""
    return name if name.endswith(("s", "y")) else name + "s"


def cards_named(game: Game, cards: Sequence[int], limit: int = 3) -> str:
    """"Paladin (5 ◆) and Archer (3 ◆)": store cards with their prices, dearest first."""
    ordered = sorted(cards, key=lambda c: -(game.card(c).buy or 0))
    parts = [f"{game.card(c).name} ({game.card(c).buy} ◆)" for c in ordered[:limit]]
    if len(ordered) > limit:
        parts.append(f"{len(ordered) - limit} more")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def pass_meaning(game: Game, player: int) -> str:
    """What Pass does now, for the player to act, in a short sentence."""
    others = "everyone passes" if len(game.players) > 2 else "your opponent passes too"
    if game.stack:
        return f"Pass lets “{game.stack[-1].text}” resolve once {others}"
    if game.active != player:
        return f"Pass: you let Player {game.active + 1} go on with their turn"
    if game.phase is Phase.UPKEEP:
        return "Pass ends your upkeep and starts your action phase"
    if game.phase is Phase.ACTION:
        return ("Pass ends your action phase: units that have not acted stay idle, and "
                "the buying phase starts")
    if game.phase is Phase.BUYING:
        return "Pass ends your buying phase (without a card if you have not bought one)"
    return "Pass lets the game go on"


def idle_question(game: Game, player: int, ending: bool) -> tuple[str, str, str] | None:
    """Before a Pass (``ending`` False) or End turn of the player in their own turn, in
    any ruleset: (title, message, go label) when it would leave units that could still
    act idle (or, in the fleet, systems the player could still activate); None when
    nothing would be lost."""
    what = "End the turn" if ending else "Pass"
    activations = unused_activations(game, player)
    if activations and ending:
        tokens = game.counter(player, TACTIC)
        return ("Pass for the round with command tokens left?",
                f"Your tactic pool still holds {tokens} command token"
                f"{'s' if tokens != 1 else ''}: each activates a system of your choice "
                f"({activations} {'are' if activations != 1 else 'is'} open to you). "
                "Passing ends your part in this round: your ships stay where they are "
                "until the next one.", "Pass anyway")
    if not (game.phase is Phase.ACTION or (ending and game.phase is Phase.UPKEEP)):
        return None
    idle = idle_permanents(game, player)
    if not idle:
        return None
    if ending and game.ruleset.movement_points and game.activated:
        what = "End the activation"  # the skirmish: Enter ends the activated unit's turn
        outcome = "Ending its activation now leaves it idle until the next round."
    elif ending:
        outcome = "Ending the turn now leaves them idle."
    else:
        outcome = pass_meaning(game, player) + "."
    who = "units" if len(idle) > 1 else "a unit"
    return (f"{what} with {who} that could act?",
            f"{names(game, idle)} could still act this turn. {outcome}",
            f"{what} anyway")


def own_hurt(game: Game, player: int, action: Action) -> list[int]:
    """The player's own permanents that ``action`` would damage or destroy, from the
    engine's preview (the acting unit and the source of the action left out: a strike
    back or a sacrifice is part of the deal). A target of the player's own under an action
    whose outcome depends on chance counts as hurt."""
    if not isinstance(action, (Attack, PlayCard, UseFreeAction, FullAction, ConfirmMoves)):
        return []
    acting = {getattr(action, "unit", 0), getattr(action, "source", 0),
              getattr(action, "card", 0)}
    if isinstance(action, Attack):
        targets: tuple[object, ...] = (action.target,)
    else:
        targets = tuple(getattr(action, "targets", ()))
    preview = game.preview(action)

    def mine(entity: object) -> bool:
        return isinstance(entity, int) and not isinstance(entity, bool) and entity > 0 \
            and game.is_on_map(entity) and game.controller(entity) == player

    if preview.chance:
        return [t for t in targets if mine(t) and t not in acting]  # type: ignore[misc]
    found = [e for e, amount in preview.damage if amount > 0 and mine(e)]
    found += [e for e in preview.destroyed if mine(e) and e not in found]
    if isinstance(action, Attack) and mine(action.target) and action.target not in found:
        found.append(action.target)  # an attack on one's own piece, even for no damage
    return [e for e in found if e not in acting]


def risky_targets(game: Game, player: int | None, build: Build | None) -> list[Tile]:
    """The tiles of the player's own pieces that the next choice of ``build`` (a spell's
    or an ability's target) would hurt: drawn apart from the other targets. Each is tried
    with the engine's preview of the first action that choice leads to."""
    if player is None or build is None or build.kind != "target":
        return []
    step = len(build.chosen)
    found: list[Tile] = []
    for value in build.options():
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            continue
        if not game.is_on_map(value) or game.controller(value) != player:
            continue
        action = next((a for a, seq in build.matching()
                       if len(seq) > step and seq[step] == value), None)
        tile = game.tile_of(value)
        if action is not None and tile is not None and value in own_hurt(game, player,
                                                                           action):
            found.append(tile)
    return found
