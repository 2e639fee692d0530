"""Decisions the rules leave to a player, waiting in ``game.choices`` for their answer.

From rules version ``CHOICES_VERSION`` on, where the rulebook makes a player decide in the
middle of carrying something out, the engine stops and asks instead of deciding for them:

- ``unpaid`` (``systems/upkeep.py``, rules Upkeep 3.3-3.4): the upkeep action cannot pay
  every unit; the player names, one at a time, the units that stay unpaid;
- ``drop`` (``core/board.py``, rule Permanent Piles 5): a pile was dropped; its controller
  puts each permanent of it, one at a time, on an available tile in range 1;
- ``discard`` (``costs.py``): a cost discards cards; the player names them one at a time.

While a choice waits, its controller is the one player who may act (``Game.actor``) and
its answers are their only legal actions: nothing else happens meanwhile, triggers wait,
nobody receives priority. Choices raised together wait in turn order from the active
player (rule Actions 5). A choice with one possible answer is answered at once (as a
triggered action with one way to declare it is declared at once), so a player is only
asked what is really theirs to decide; a choice whose player has left the game takes its
first answer. Answers are actions like any other, so saves, replays, the window and the
computer players handle them without knowing the kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..registry import Registry
from .state import CHOICES_VERSION, PendingChoice

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game


@dataclass(frozen=True, slots=True)
class ChoiceKind:
    """One kind of decision: the answers it offers now, and what it settles by itself."""

    name: str
    #: the actions that answer the choice now (its player's only legal actions)
    options: Callable[[Game, PendingChoice], list[Action]]
    #: carries out what needs nobody's decision (a permanent gone meanwhile, a unit that
    #: can't be paid at all, the choice complete); True when the game or the choice changed
    settle: Callable[[Game, PendingChoice], bool]


CHOICES: Registry[ChoiceKind] = Registry("choice")


def players_choose(game: Game) -> bool:
    """Does this game ask its players (a ruleset that asks, rules version
    ``CHOICES_VERSION`` and later), or keep the engine's automatic answers (earlier
    versions, and rulesets that ask nothing of the kind)?"""
    return game.ruleset.choices and game.setup.version >= CHOICES_VERSION


def _order(game: Game, player: int) -> int:
    """Place in turn order counted from the active player (neutral: last)."""
    if player < 0:
        return len(game.players)
    return (player - game.active) % len(game.players)


def offer(game: Game, choice: PendingChoice) -> None:
    """Let ``choice`` wait for its player, after every waiting choice of a player earlier
    in turn order (or of the same player)."""
    at = len(game.choices)
    key = _order(game, choice.controller)
    while at > 0 and _order(game, game.choices[at - 1].controller) > key:
        at -= 1
    game.choices.insert(at, choice)
    game.version += 1
    game.dirty = True


def update(game: Game, old: PendingChoice, new: PendingChoice | None) -> None:
    """Replace a waiting choice by what is left of it (``None``: it is settled)."""
    at = game.choices.index(old)
    if new is None:
        del game.choices[at]
    else:
        game.choices[at] = new
    game.version += 1
    game.dirty = True


def answers(game: Game, player: int) -> list[Action]:
    """The answers ``player`` may give now: those of the first waiting choice, if it is
    theirs."""
    if not game.choices or game.choices[0].controller != player:
        return []
    head = game.choices[0]
    return CHOICES[head.kind].options(game, head)


def settle_choices(game: Game) -> bool:
    """Carry the first waiting choice as far as it goes without its player: what needs no
    decision, and the answer when only one is possible (or its player has left the
    game). True when something changed (the game settles again); False when the choice
    waits for its player."""
    head = game.choices[0]
    kind = CHOICES[head.kind]
    if kind.settle(game, head):
        return True
    if not game.choices or game.choices[0] is not head:
        return True
    options = kind.options(game, head)
    gone = head.controller < 0 or game.players[head.controller].eliminated
    if not options:
        update(game, head, None)  # nothing left to decide
        return True
    if len(options) == 1 or gone:
        game.ruleset.handlers[type(options[0])](game, options[0])
        return True
    return False
