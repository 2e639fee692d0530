"""What a duel player may do now (seed 002, "Main phase"): replace a card, cast the
bloodbound spell, play minions, spells and artifacts, move units, attack, end the turn.
Before the first turn: the mulligan. A triggered ability with a choice waits for its
controller's declaration."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import CardDef, CardType
from ...components import Zone
from ...core.actions import (
    Action,
    Attack,
    Bloodbound,
    DeclareTrigger,
    EndTurn,
    Move,
    PlayCard,
    Replace,
)
from ...core.state import Phase
from ...systems.triggers import pending_choices
from ..muhq.legal import target_choices
from .rules import (
    BLOODBOUND_COST,
    BLOODBOUND_READY,
    GENERAL,
    MANA,
    REPLACED,
    attack_targets,
    general_of,
    may_move,
    move_tiles,
    summon_tiles,
)
from .setup import mulligan_options

if TYPE_CHECKING:
    from ...core.game import Game


def legal_actions(game: Game, player: int) -> list[Action]:
    if game.phase is Phase.OVER or player != game.actor:
        return []
    if game.phase is Phase.MULLIGAN:
        return list(mulligan_options(game, player))
    if game.pending:
        return [DeclareTrigger(player, t) for t in pending_choices(game, game.pending[0])]
    out: list[Action] = []
    state = game.players[player]
    mana = game.counter(player, MANA)
    if not game.counter(player, REPLACED) and state.deck:
        out.extend(Replace(player, card) for card in state.hand)
    for card in state.hand:
        definition = game.card(card)
        if definition.play is None or definition.play > mana:
            continue
        out.extend(play_options(game, player, card, definition))
    spell = bloodbound_spell(game, player)
    if spell and game.counter(player, BLOODBOUND_READY) and bloodbound_cost(game, spell) <= mana:
        for targets in choices(game, player, spell, game.card(spell)):
            out.append(Bloodbound(player, targets))
    for unit in game.controlled_permanents(player):
        if not game.card(unit).is_unit:
            continue
        if may_move(game, unit):
            out.extend(Move(player, unit, tile) for tile in move_tiles(game, unit))
        out.extend(Attack(player, unit, target) for target in attack_targets(game, unit))
    out.append(EndTurn(player))
    return out


def play_options(game: Game, player: int, card: int, definition: CardDef) -> list[PlayCard]:
    """Minion: a free tile next to a friendly unit, with its opening gambit's targets
    (none to choose: it is played all the same). Artifact: onto the general. Spell: its
    targets (a spell without a legal target can't be cast)."""
    if definition.type is CardType.UNIT:
        tiles = summon_tiles(game, player)
        gambits = choices(game, player, card, definition) or [()]
        return [PlayCard(player, card, tile, targets) for tile in tiles for targets in gambits]
    if definition.is_artifact:
        return [PlayCard(player, card)] if general_of(game, player) else []
    if definition.is_spell:
        return [PlayCard(player, card, None, t) for t in choices(game, player, card, definition)]
    return []


def choices(game: Game, player: int, source: int,
            definition: CardDef) -> list[tuple[Any, ...]]:
    """Every way to choose the targets of a card's play effect (``[()]`` without one)."""
    if definition.effect is None:
        return [()]
    return target_choices(game, player, source, definition.effect)


def bloodbound_spell(game: Game, player: int) -> int:
    """The card entity of the player's bloodbound spell, kept aside for the whole game (0
    when the general names none)."""
    name = next((game.library[card].extra.get("bloodbound") for card, owner, _ in
                 game.map_pieces if owner == player and GENERAL in game.library[card].tags),
                None)
    for entity in game.players[player].zones[Zone.ASIDE]:
        if game.card(entity).name == name:
            return entity
    return 0


def bloodbound_cost(game: Game, spell: int) -> int:
    play = game.card(spell).play
    return BLOODBOUND_COST if play is None else play
