"""A question's box holds what it says: the title on one line inside the box, the message's
lines and the buttons too (before, a long title such as "End the turn with a unit that
could act?" ran past the box's edges)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.client import ui  # noqa: E402
from game.client.confirm import Confirm  # noqa: E402
from game.client.panels import Dialog  # noqa: E402

WINDOW = pygame.Rect(0, 0, 1280, 720)


def inside(dialog: Dialog) -> None:
    title = ui.font(20, True).size(dialog.title)[0]
    assert title <= dialog.rect.width - 24, (dialog.title, title, dialog.rect.width)
    for line in dialog.lines:
        assert ui.font(16).size(line)[0] <= dialog.rect.width - 24, line
    for button in dialog.buttons.buttons:
        assert dialog.rect.contains(button.rect), (button.label, button.rect, dialog.rect)
    assert WINDOW.contains(dialog.rect)


@pytest.mark.parametrize("title", [
    "Leave the game?",
    "End the turn with a unit that could act?",
    "End the activation with a unit that could act?",
    "Pass for the round with command tokens left?",
])
def test_a_question_box_holds_its_title_message_and_buttons(title: str) -> None:
    message = ("Brannoc Wildheart at (1, 1) could still act this turn. Ending the turn now "
               "leaves them idle.")
    inside(Dialog(WINDOW, title, message, [("Yes", lambda: None, None),
                                           ("No", lambda: None, None)]))
    inside(Confirm(WINDOW, title, message, "End the activation anyway", lambda: None,
                   lambda: None, silence=lambda: None))

