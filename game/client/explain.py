"""Why a click did nothing, in a short sentence for the prompt strip: the board scene asks
when a click on the map offers no choice. Read from the game's public API only."""

from __future__ import annotations

from typing import Any

from game.content import locale
from game.rules import Game, Phase
from game.rules.geometry import Tile


def whose(game: Game, entity: int, player: int) -> str:
    controller = game.controller(entity)
    if controller == player:
        return "your"
    if controller < 0:
        return "a neutral"
    return f"Player {controller + 1}'s"


def terrain(game: Game, tile: Tile, lang: str = "en") -> str:
    """What a tile's terrain does: "House (3, 4): Cover: a unit here can't be attacked
    from more than 1 tile away." ("" for plain ground, or a tile type without words)."""
    kind = game.tile_kind(tile)
    if kind.name == "neutral":
        return ""
    key = f"tile.{kind.name}.reminder"
    if locale.has(f"{key}_{game.ruleset.name}"):  # a game mode that reads it its own way
        key = f"{key}_{game.ruleset.name}"
    if not locale.has(key):
        return ""
    name = locale.text(f"tile.{kind.name}.name", lang)
    return f"{_first_up(name)} {game.geometry.label(tile)}: {locale.text(key, lang)}"


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def why_nothing(game: Game, player: int | None, tile: Tile | None, session: Any,
                commanded: int) -> str:
    """Why clicking ``tile`` offers nothing to ``player`` now (``commanded``: the unit the
    player acts with, 0 for none)."""
    if tile is None or player is None or game.phase is Phase.OVER:
        return ""
    actor = game.actor
    if actor is None:
        return ""
    if actor != player:
        who = f"Player {actor + 1}"
        if not session.seats[actor].human:
            return f"{who} (the computer) is playing: wait, or press F to skip to your turn."
        return f"Wait: {who} is to act."
    if game.pending:
        return "First declare the triggered action: click one of its lit targets."
    if game.choices:
        return "First answer the decision above the board."
    if game.phase is Phase.UPKEEP and game.active == player and any(
            a.kind == "pay_upkeep" for a in game.legal_actions(player)):
        return "First pay your upkeep: tick the units to disband, then Pay upkeep."
    entity = game.board.get(tile, 0)
    seen = game.visible_tiles(player)
    if seen is not None and tile not in seen:  # fog: say nothing of what may stand there
        entity = 0
    own_turn = game.active == player
    if entity:
        return _about_piece(game, player, entity, own_turn, commanded)
    if commanded:
        view = game.view(commanded)
        if not view.moves_left and not view.street_moves_left:
            return f"{view.name} has no move left this turn."
        return f"{view.name} can't move there: the blue tiles are where it can go."
    if not own_turn:
        return f"It is Player {game.active + 1}'s turn: you may only answer with fast cards."
    if game.phase is not Phase.ACTION:
        return "Units act in your action phase."
    if game.stack:
        return "Something is on the stack: Pass to let it happen before you move a unit."
    return "Nothing to do there: click one of your units, or a card in your hand."


def _about_piece(game: Game, player: int, entity: int, own_turn: bool, commanded: int
                 ) -> str:
    view = game.view(entity)
    name = view.name
    if view.controller != player:
        owner = whose(game, entity, player)
        if not commanded:
            return (f"That is {owner} {name}. To attack it, click one of your units, then "
                    "a red target.")
        unit = game.view(commanded)
        if not unit.attacks_left:
            return f"{unit.name} has no attack left this turn."
        if view.tile is not None and game.tile_kind(view.tile).cover:
            return (f"{_first_up(owner)} {name} is out of reach: under cover it can only be "
                    "attacked from the next tile.")
        reach = unit.attack_range
        return f"{_first_up(owner)} {name} is out of reach: {unit.name}'s attack reaches " \
            f"{reach} tile{'s' if reach != 1 else ''}."
    if not own_turn:
        return f"Your {name} acts in your own turn."
    if game.phase is not Phase.ACTION:
        return f"Your {name} acts in your action phase."
    if game.stack:
        return "Something is on the stack: Pass to let it happen before you act again."
    if entity == commanded:
        return f"{name} is the unit you command: blue tiles are its moves, red ones its " \
            "targets."
    if view.tapped or view.exhausted:
        return f"Your {name} has acted this turn."
    if not view.card.is_unit:
        return f"Your {name} has nothing to do now."
    return f"Your {name} can't do anything now."
