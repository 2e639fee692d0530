"""Taking back one's own actions, as far as the rules allow it fairly.

A player may take an action back until it, or what followed, told someone something they
could not know before: a card left a deck (a draw shows the drawer a card; a deck's top
card shown shows it to everyone), a card left another player's hand, the random generator
was used (a roll, a shuffle, a random target: taking it back would let the player roll
again), a player's side came to see a permanent of another side it did not see before
(the skirmish's vision), the draft showed a pack, another player's turn began, or another
player took an action other than passing priority (a decision of theirs is information).

``checkpoint(game, player)`` remembers the position before ``player``'s action (a
``snapshot`` and what the player could see); after the action, ``revealed(game, point,
events)`` says why it can no longer be taken back ("" while it still can); ``undo(game,
point)`` puts the position back: the action list, and so the save and the replay, lose
every action taken since, so a save made after an undo replays hash for hash.

Whether another seat's *pass* counts as acting is the caller's to decide (the window
counts a person's deliberate pass, never a computer's pass or an automatic one: telling
apart a computer that could have answered from one that could not would show its hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import Action, Pass
from .events import SECRET_ZONES, CardMoved, Event, TurnStarted
from .state import Phase

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The position before one of ``player``'s actions, and what it takes to judge what
    came after it."""

    player: int
    snapshot: dict[str, Any] = field(repr=False)
    #: how many actions had been taken (the actions after it are the ones undone)
    actions: int
    #: the random generator's state
    rng: tuple[Any, ...] = field(repr=False)
    #: the permanents of other sides the player saw, and the tiles where it sensed an
    #: unknown enemy (empty where the ruleset hides nothing)
    seen: frozenset[int] = frozenset()
    sensed: frozenset[Any] = frozenset()
    phase: Phase = Phase.ACTION
    #: the state hash at the checkpoint (tests, and a check that the undo is faithful)
    hash: str = ""


def checkpoint(game: Game, player: int, with_hash: bool = False) -> Checkpoint:
    """Remember the position before ``player`` acts (``with_hash``: also its state hash)."""
    game.enter()
    seen: frozenset[int] = frozenset()
    sensed: frozenset[Any] = frozenset()
    if game.ruleset.sees is not None:
        seen = frozenset(e for e in game.visible_permanents(player)
                         if game.controller(e) != player)
        sensed = game.sensed_tiles(player)
    return Checkpoint(player, game.snapshot(), len(game.history), game.rng.getstate(), seen,
                      sensed, game.phase, game.state_hash() if with_hash else "")


def revealed(game: Game, point: Checkpoint, events: list[Event]) -> str:
    """Why the actions since ``point`` may no longer be taken back ("" when they may),
    judged from the game now and ``events`` (what they did). Passes of other players are
    not judged here (see the module's docstring); their other actions are."""
    game.enter()
    player = point.player
    if point.phase is Phase.DRAFT:
        return "a draft pick shows the next pack"
    for action in game.history[point.actions:]:
        if action.player != player and not isinstance(action, Pass):
            return f"player {action.player + 1} acted"
    for event in events:
        if isinstance(event, TurnStarted) and event.player != player:
            return f"player {event.player + 1}'s turn began"
        if isinstance(event, CardMoved):
            if event.from_zone == "deck":
                return "a card was drawn" if event.to_zone == "hand" else \
                    "a card from a deck was shown"
            if event.from_zone == "hand" and event.player != player \
                    and event.to_zone not in SECRET_ZONES:
                return f"a card from player {event.player + 1}'s hand was shown"
    if game.rng.getstate() != point.rng:
        return "chance took part (a roll, a shuffle or a random pick)"
    if game.ruleset.sees is not None and game.phase is not Phase.OVER:
        now = {e for e in game.visible_permanents(player) if game.controller(e) != player}
        if now - point.seen:
            return "an enemy came into sight"
        if game.sensed_tiles(player) - point.sensed:
            return "an unknown enemy was sensed"
    return ""


def undo(game: Game, point: Checkpoint) -> list[Action]:
    """Put the game back to ``point``; returns the actions taken back, in the order they
    were taken (the action list no longer holds them)."""
    game.enter()
    undone = list(game.history[point.actions:])
    game.restore(point.snapshot)
    return undone


__all__ = ["Checkpoint", "checkpoint", "revealed", "undo"]
