"""What each duel action does when a player takes it. Nothing waits on a stack: an action
is carried out at once (its moves and attacks through the duel's systems), and what it
triggers resolves right after (``Ruleset.priority`` is off)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import esper

from ...components import Arrival, Body, Zone
from ...core import zones
from ...core.actions import (
    Attack,
    Bloodbound,
    DeclareTrigger,
    EndTurn,
    Move,
    Mulligan,
    PlayCard,
    Replace,
)
from ...core.events import ActionDeclared
from ...effects import Context, run_effects
from ...systems.intents import AttackIntent, MoveIntent
from ...systems.triggers import do_declare_trigger
from .legal import bloodbound_cost, bloodbound_spell
from .rules import (
    ARTIFACT_SLOTS,
    BLOODBOUND_READY,
    BOND_TRIBES,
    MANA,
    MECH_BUILD,
    MECH_PROGRESS,
    MECHAZ0R,
    REPLACED,
    collect_globe,
    general_of,
    has_tag,
    keyword,
)
from .setup import do_mulligan
from .turn import end_turn, next_arrival

if TYPE_CHECKING:
    from ...core.game import Game


def announce(game: Game, player: int, text: str) -> None:
    game.emit(ActionDeclared(player, f"P{player + 1} {text}"))


def spend(game: Game, player: int, amount: int) -> None:
    if amount:
        game.add_to_counter(player, MANA, -amount)


def do_replace(game: Game, action: Replace) -> None:
    """Replace: once a turn, the card goes back into the deck at a random place and the
    player draws the first card from the top with another name (the top card when every
    card there has that name)."""
    player = action.player
    deck = game.players[player].deck
    name = game.card(action.card).name
    game.add_to_counter(player, REPLACED, 1)
    game.move_card(action.card, Zone.DECK)
    order = [c for c in deck if c != action.card]
    order.insert(game.rng.randrange(len(order) + 1), action.card)
    zones.arrange(game, player, Zone.DECK, order)
    pick = next((c for c in reversed(deck) if game.card(c).name != name), deck[-1])
    game.move_card(pick, Zone.HAND, player)
    announce(game, player, "replaces a card")  # which one stays secret, as the hand is


def do_play(game: Game, action: PlayCard) -> None:
    player = action.player
    definition = game.card(action.card)
    spend(game, player, definition.play or 0)
    if definition.is_unit and action.tile is not None:
        announce(game, player, f"summons {definition.name} at "
                               f"{game.geometry.label(action.tile)}")
        summon(game, action.card, action.tile, player, action.targets)
    elif definition.is_artifact:
        announce(game, player, f"equips {definition.name}")
        equip_artifact(game, action.card, player)
    else:
        announce(game, player, f"casts {definition.name}")
        game.move_card(action.card, Zone.DISCARD)
        if definition.effect is not None:
            run_effects(game, definition.effect,
                        Context(player, action.card, action.targets, {}))


def summon(game: Game, card: int, tile: Any, player: int, targets: tuple[Any, ...] = (),
           gambit: bool = True) -> None:
    """Minion: it enters exhausted (it can't move or attack this turn) unless it has
    Rush; a mana globe under it is taken; then its opening gambit, which a Bond card
    only gets when another friendly unit of its tribe was already on the battlefield;
    a mech's MECHAZ0R! progress counts."""
    definition = game.card(card)
    bonded = bond_holds(game, card, player)
    game.place_permanent(card, tile, player)
    esper.add_component(card, Arrival(next_arrival(game)))
    body = esper.component_for_entity(card, Body)
    fresh = 1 if keyword(game, card, "rush") else 0
    body.moves = body.attacks = fresh
    collect_globe(game, card)
    if not gambit:
        return
    if definition.effect is not None and (bonded or not definition.keywords.get("bond")):
        run_effects(game, definition.effect, Context(player, card, targets, {}))
    progress = definition.keywords.get("mech_progress")
    if progress:
        build_mech(game, player, int(progress))


def bond_holds(game: Game, card: int, player: int) -> bool:
    """Bond (Arcanyst, Golem): another friendly unit of the card's tribe is on the
    battlefield."""
    tribes = [t for t in BOND_TRIBES if has_tag(game, card, t)]
    return any(game.card(u).is_unit and u != card and any(has_tag(game, u, t) for t in tribes)
               for u in game.controlled_permanents(player))


def build_mech(game: Game, player: int, amount: int) -> None:
    """Mech: progress towards MECHAZ0R! is the player's own (no dispel reaches it); at
    five, a MECHAZ0R! costing nothing comes to the player's hand and five are taken off."""
    total = game.add_to_counter(player, MECH_PROGRESS, amount)
    while total >= MECH_BUILD and MECHAZ0R in game.library:
        total = game.add_to_counter(player, MECH_PROGRESS, -MECH_BUILD)
        game.add_card(MECHAZ0R, player, Zone.HAND)


def equip_artifact(game: Game, card: int, player: int) -> None:
    """Artifact: equipped to the general; with three there already, the oldest one goes
    to the graveyard to make room."""
    general = general_of(game, player)
    if not general:
        game.move_card(card, Zone.DISCARD)
        return
    carried = game.pile(general)
    while len(carried) >= ARTIFACT_SLOTS:
        game.destroy(carried[0], "replaced by a newer artifact")
        carried = game.pile(general)
    game.put_in_pile(card, general, player)


def do_bloodbound(game: Game, action: Bloodbound) -> None:
    """Bloodbound spell: costs its mana (1); ready again only on its next turn."""
    player = action.player
    spell = bloodbound_spell(game, player)
    spend(game, player, bloodbound_cost(game, spell))
    game.add_to_counter(player, BLOODBOUND_READY, -1)
    definition = game.card(spell)
    announce(game, player, f"casts the bloodbound spell {definition.name}")
    if definition.effect is not None:
        general = general_of(game, player)
        run_effects(game, definition.effect,
                    Context(player, general or spell, action.targets, {"spell": spell}))


def do_move(game: Game, action: Move) -> None:
    esper.component_for_entity(action.unit, Body).moves = 0
    announce(game, action.player, f"{game.card(action.unit).name} moves to "
                                  f"{game.geometry.label(action.tile)}")
    game.add_intent(action.unit, MoveIntent(action.tile))
    game.process_intents()


def do_attack(game: Game, action: Attack) -> None:
    """Combat: one attack a turn; after it the unit can't move any more this turn."""
    body = esper.component_for_entity(action.unit, Body)
    body.attacks = 0
    body.moves = 0
    announce(game, action.player, f"{game.card(action.unit).name} attacks "
                                  f"{game.card(action.target).name}")
    game.add_intent(action.unit, AttackIntent(action.target))
    game.process_intents()


def do_end_turn(game: Game, action: EndTurn) -> None:
    end_turn(game)


def do_trigger(game: Game, action: DeclareTrigger) -> None:
    do_declare_trigger(game, action)


HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    Mulligan: do_mulligan,
    Replace: do_replace,
    PlayCard: do_play,
    Bloodbound: do_bloodbound,
    Move: do_move,
    Attack: do_attack,
    EndTurn: do_end_turn,
    DeclareTrigger: do_trigger,
}
