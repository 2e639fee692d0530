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



@pytest.mark.parametrize("label", ["Bloodbound in 3", "Pass", "End the activation anyway"])
def test_a_button_label_fits_its_button(label: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A label longer than its button is drawn smaller (it ran over the button's edges:
    "Bloodbound in 3" on the duel's narrow button), and cut with an ellipsis only when
    even the smallest size does not hold it; a short label keeps its size."""
    drawn: list[tuple[str, int]] = []
    real = ui.text

    def spy(content: str, size: int = 16, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append((content, size))
        return real(content, size, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ui, "text", spy)
    button = ui.Button(pygame.Rect(0, 0, 130, 44), label, size=20)
    button.draw(pygame.Surface((140, 50)))
    (content, size), = drawn
    assert ui.font(size).size(content)[0] <= button.rect.width - 12
    if ui.font(20).size(label)[0] <= button.rect.width - 12:
        assert (content, size) == (label, 20)
    elif ui.font(ui.MIN_BUTTON_TEXT).size(label)[0] <= button.rect.width - 12:
        assert content == label and size < 20
    else:
        assert content.endswith("…") and size == ui.MIN_BUTTON_TEXT


def test_a_store_cards_zoom_stays_in_the_store_panel_where_it_can() -> None:
    """The big face of a store card goes beside it inside the store's panel: to its left
    when the right holds no room (before, it went right and covered the column of the
    log and the stack); the screen's edge still bounds it where the panel has no room."""
    from game.client.panels import Zoom

    store = pygame.Rect(12, 88, 956, 620)
    zoom = Zoom()
    sword = pygame.Rect(497, 150, 226, 315)  # the third card of four
    zoom.set(None, ("beside", sword), area=store)
    face = zoom.rect((260, 360), WINDOW)
    assert store.contains(face) and face.right <= sword.left
    first = pygame.Rect(24, 150, 226, 315)
    zoom.set(None, ("beside", first), area=store)
    face = zoom.rect((260, 360), WINDOW)
    assert store.contains(face) and face.left >= first.right
    zoom.set(None, ("beside", sword))  # no panel: as before, the screen's room
    assert zoom.rect((260, 360), WINDOW).left >= sword.right
