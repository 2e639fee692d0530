"""The state-based actions system (rule State-based actions): whenever something changed,
before any player receives priority, destroy what has too much damage, too many poison
marks or no durability left, end granted effects whose source or target is gone, and
check whether the game is won or a player is out."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import esper

from .. import marks as mk
from ..components import Body, Granted, Mark, OnMap
from ..core.events import GameOver, PlayerEliminated
from ..core.snapshot import carry_board_caches
from ..core.state import Phase

if TYPE_CHECKING:
    from ..core.game import Game


class StateBasedActionSystem(esper.Processor):
    """Rule State-based actions 2: runs before any player receives priority, whenever
    something changed since it last ran."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def process(self) -> None:
        game = self.game
        if game.dirty and game.phase is not Phase.OVER:
            game.dirty = False
            state_based_actions(game)


def action_step(game: Game) -> None:
    """An action's own step of ``game.version``: no change of the board, so the state-based
    actions still know the board in order if they did before, and what was worked out
    about the board (``snapshot.board_caches``) still holds."""
    old = game.version
    game.version = old + 1
    if game.checked_version == old:
        game.checked_version = game.version
    carry_board_caches(game, old)


def state_based_actions(game: Game) -> bool:
    """Rule State-based actions 3.1-3.5. The permanents and granted effects are looked at
    only when the board may have changed since they were last found in order
    (``game.checked_version``); whether the game is won, whenever something changed."""
    changed = False
    if game.checked_version != game.version:
        changed = _board_actions(game)
        if not changed:
            game.checked_version = game.version
    if game.phase not in (Phase.DRAFT, Phase.OVER):
        check_winners(game)
    return changed


def due(game: Game) -> list[str]:
    """What the state-based actions would do to the board now (nothing, after a step has
    settled): each permanent to destroy and granted effect to end, in words."""
    found = [f"destroy {entity}: {reason}" for entity, reason in _doomed(game)]
    for entity, granted in esper.get_component(Granted):
        if _ended(game, granted):
            found.append(f"end granted effect {entity} ({granted.what} on {granted.target})")
    return found


def _board_actions(game: Game) -> bool:
    changed = False
    for entity, reason in sorted(_doomed(game)):
        if game.is_on_map(entity):
            game.destroy(entity, reason)
            changed = True
    for entity, granted in list(esper.get_component(Granted)):
        if _ended(game, granted):
            esper.delete_entity(entity, immediate=True)
            changed = True
            game.dirty = True  # what it granted is gone: check the board again
            game.version += 1
    return changed


def _ended(game: Game, granted: Granted) -> bool:
    source_gone = (granted.until == "while_source_on_map"
                   and not game.is_on_map(granted.source))
    return source_gone or not game.is_on_map(granted.target)


def _doomed(game: Game) -> list[tuple[int, str]]:
    """(permanent, reason) of each permanent with too much damage, too many lethal marks
    or no durability left."""
    doomed: list[tuple[int, str]] = []
    lethal = mk.with_hook("lethal")
    marked: dict[int, list[Mark]] = {}
    if lethal:
        for _, mark in esper.get_component(Mark):
            if mark.kind in lethal:
                marked.setdefault(mark.bearer, []).append(mark)
    for entity, body, equipment in _bodies(game):
        if (not body.damage and entity not in marked
                and (body.durability > 0 or not equipment)):
            continue  # nothing on it could destroy it
        definition = game.card(entity)
        if definition.is_fighter and game.ruleset.lethal(body.damage, game.health(entity)):
            doomed.append((entity, game.ruleset.lethal_text))
            continue
        if entity in marked:
            reason = _lethal_marks(game, entity, marked[entity], lethal)
            if reason:
                doomed.append((entity, reason))
                continue
        if definition.is_fighter:
            continue
        if definition.is_artifact:
            solid = game.keyword(entity, "solid")
            if definition.is_equipment and body.durability < 1:
                doomed.append((entity, "no durability left"))
            elif solid and body.damage > int(solid):
                doomed.append((entity, "more damage than its solid value"))
            elif not solid and body.damage > 0:
                doomed.append((entity, "damaged"))
    return doomed


def _bodies(game: Game) -> list[tuple[int, Body, bool]]:
    """Every permanent on the map with its ``Body`` and whether it is equipment (what is
    printed on a card never changes), in entity order. Kept while
    ``game.roster_version`` is unchanged: a permanent gets its ``Body`` as it enters the
    map and loses it as it leaves, both changes of the roster, and a restored position is
    a new roster (``esper``'s own answer is dropped whenever any component comes or goes,
    an intent for one, and made again by walking the map's permanents)."""
    known = game.caches.get("bodies")
    if known is None or known[0] != game.roster_version:
        found = sorted(((entity, body, game.card(entity).is_equipment)
                        for entity, (_on_map, body) in esper.get_components(OnMap, Body)),
                       key=lambda row: row[0])
        known = game.caches["bodies"] = (game.roster_version, found)
    bodies: list[tuple[int, Body, bool]] = known[1]
    return bodies


def _lethal_marks(game: Game, entity: int, marks: Iterable[Mark],
                  lethal: dict[str, mk.MarkKind]) -> str | None:
    """Why the marks on ``entity`` destroy it (their kind's ``lethal`` hook), or None."""
    for mark in marks:
        hook = lethal[mark.kind].lethal
        reason = hook(game, entity, mark.count) if hook is not None else None
        if reason:
            return reason
    return None


def check_winners(game: Game) -> None:
    win = game.win
    if win.roster_only:
        key = game.roster_version
        known = game.caches.get("win")
        if known is not None and known[0] == key and known[1][0] == len(game.map_pieces):
            losers, winners = known[1][1]
        else:
            losers, winners = win.check(game)
            game.caches["win"] = (key, (len(game.map_pieces), (losers, winners)))
    else:
        losers, winners = win.check(game)
    for player in losers:
        if not game.players[player].eliminated:
            eliminate(game, player)
    if not winners and len(game.players) > 1:
        for state in game.players:
            if state.eliminated:
                break
        else:
            return  # two or more players, none out: nobody has won yet
    live = game.live()
    if not winners and len(live) == 1 and len(game.players) > 1:
        winners = tuple(live)
    if winners:
        finish(game, tuple(sorted(winners)), game.win.describe(game))
    elif not live:
        finish(game, (), "every player was eliminated")


def eliminate(game: Game, player: int) -> None:
    state = game.players[player]
    state.eliminated = True
    game.emit(PlayerEliminated(player))
    for entity in game.controlled_permanents(player):
        game.destroy(entity, "its controller was eliminated")
    if game.active == player and game.phase is not Phase.OVER and len(game.live()) > 1:
        game.stack.clear()
        game.pending.clear()
        game.ruleset.start_turn(game, game.next_player(player))
    elif game.priority == player:
        game.priority = game.next_player(player)


def finish(game: Game, winners: tuple[int, ...], reason: str) -> None:
    if game.phase is Phase.OVER:
        return
    game.phase = Phase.OVER
    game.winners = winners
    game.over_reason = reason
    game.emit(GameOver(winners, reason))
    game.store_turn_hash()


