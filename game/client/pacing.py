"""How fast computer players play in the window.

In a computer's turn, whatever changes what the board shows (a piece moves, arrives, is
hurt or dies, an attack is made; the computer's own action or a pass that let one
resolve) stays on screen for the settings' pace before the computer acts again (after the
turn's eighth such result, for a quarter of it); everything else (passing priority,
activating a unit, declaring the upkeep, ending a phase) goes on at the next frame, so a
turn's waiting is about its visible results, not its bookkeeping. While a result is on
screen the computer thinks about its next action and takes it at once if it leaves the
board as it is (``quiet``), so its thinking counts towards the pace. A computer answering
in a person's turn does so at once. ``skip`` plays the computers without any pace until a
person is to act (the board's "skip to my turn").

Measured (``python -m game bench --client``, ``computer_turn_wait``: a person who ends
every turn at once, 5 to 8 computer turns) at the default pace of 0.4 s, with the default
animation: an easy computer's turn on 2P-ring-street is 2.8 s of waiting on average and
3.5 s at most (2P-duel-standard: 2.7 s, 4.3 s at most); a hard one's, which thinks up to
half a second a decision and 2 s a turn in the window, 3.4 to 3.5 s on average and 4.3 s
at most on 2P-ring-street and 2P-castle-siege (with 2.5 s a turn: up to 5.3 s); on
2P-hex-crossing 3.0 s (4.2 s), on 2P-duel-standard 2.9 s (4.3 s).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from game.client.session import Session
from game.rules import Game
from game.rules.core.actions import Action, EndTurn, Pass
from game.rules.core.events import (
    Attacked,
    DamageDealt,
    Destroyed,
    Event,
    PermanentMoved,
    PermanentPlaced,
)

#: the default seconds a computer's visible result stays on screen (Settings: Normal)
DEFAULT_PACE = 0.4
#: the choices of the settings' Computer pace
PACES = ((0.15, "Quick"), (DEFAULT_PACE, "Normal"), (1.0, "Slow"))
#: how many visible results of a computer's turn get the whole pace (``pace_for``)
FULL_PACED = 8
#: events that change what the board shows
VISIBLE = (PermanentMoved, PermanentPlaced, DamageDealt, Destroyed, Attacked)


def shows(events: Sequence[Event]) -> bool:
    """Did these events change what the board shows?"""
    return any(isinstance(event, VISIBLE) for event in events)


def pace_for(shown: int, pace: float) -> float:
    """How long the ``shown``-th visible result of a computer's turn (counting from 0)
    stays on screen: the pace for the first ``FULL_PACED`` of them, then a quarter of it,
    so that a busy turn does not drag on."""
    return pace if shown < FULL_PACED else pace / 4


def wait_for(shown: int, pace: float, animating: float) -> float:
    """How long the computer waits before its next action once a visible result came:
    its pace (``pace_for``), or as long as the result's animation still plays
    (``animating`` seconds) if that is longer, so a piece is seen arriving before the
    next one sets off (a quiet action, which changes nothing on the board, goes on at
    once all the same; what comes while an animation plays waits its turn in the
    animator and is never skipped)."""
    return max(pace_for(shown, pace), animating)


def quiet(game: Game, action: Action) -> bool:
    """Does ``action`` leave the board as it is? With priority (Muhq), every action but a
    pass (which may let the stack resolve) and the end of a turn only declares something
    onto the stack or activates a unit: it may be taken while the last result is still
    on screen."""
    return bool(game.ruleset.priority) and not isinstance(action, (Pass, EndTurn))


def skip(session: Session, auto_pass: bool = True, seconds: float = 0.04) -> bool:
    """Let the computers act without pace for up to ``seconds`` (then the window draws a
    frame and comes back), passing for a person whenever automatic passing would; False
    once a person has something to decide (or the game is over)."""
    until = time.perf_counter() + seconds
    while not session.over and session.actor is not None:
        if session.human_turn():
            if not (auto_pass and session.auto_pass()):
                return False
        else:
            session.step_computer()
        if time.perf_counter() >= until:
            break
    return not session.over and session.actor is not None
