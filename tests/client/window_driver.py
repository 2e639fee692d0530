"""What the whole-game window tests do the same way: real mouse clicks and key presses, a
session whose every sent action is checked against the legal ones, the person drafting the
first card of every pack, paying upkeep with the checklist's button when it shows, and
ending a turn past the idle-unit question. Set ``SNAPSHOT_DIR`` to save the frames ``snap``
is asked for as PNG files. (Saves and settings in a temporary folder: the ``own_folders``
fixture of conftest.py.)"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client import ui
from game.client.app import App
from game.client.scenes.draft import DraftScene
from game.rules.core.actions import Action
from game.rules.core.state import Phase

SNAPSHOTS = os.environ.get("SNAPSHOT_DIR", "")


def snap(app: App, name: str) -> None:
    """Save the screen as ``SNAPSHOT_DIR/name.png`` (when ``SNAPSHOT_DIR`` is set)."""
    if SNAPSHOTS:
        scene = app.scene
        if scene is not None:
            scene.draw(app.screen)
        pygame.image.save(app.screen, str(Path(SNAPSHOTS) / f"{name}.png"))


def centre(scene: Any, tile: Any) -> tuple[int, int]:
    """The screen pixel at the centre of a tile of the scene's board."""
    x, y = scene.view.tile_center(tile)
    return round(x), round(y)


def draft_first_cards(app: App, game: Any, press: Callable[[App, tuple[int, int]], None]
                      ) -> None:
    """Through the draft: seat 0 picks the first card of each pack by clicking it."""
    for _ in range(400):
        scene = app.scene
        if not isinstance(scene, DraftScene):
            break
        if game.actor == 0 and scene.pack.slots:
            press(app, scene.pack.slots[0][0].center)
        else:
            app.step([])


def upkeep_button(scene: Any, game: Any) -> pygame.Rect | None:
    """The upkeep checklist's pay button, when seat 0 must declare its upkeep now."""
    upkeep = getattr(scene, "upkeep", None)
    if upkeep is not None and getattr(upkeep, "pay", None) is not None \
            and game.phase is Phase.UPKEEP and game.players[0].upkeep_due \
            and upkeep.pay.enabled and upkeep.pay.rect.width > 1:
        rect: pygame.Rect = upkeep.pay.rect
        return rect
    return None


def click(app: App, pos: tuple[int, int], press: bool = True) -> None:
    """The mouse moves to ``pos`` and (with ``press``) clicks there; one frame runs."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    if press:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()


def key(app: App, code: int) -> None:
    """A key is pressed and released; one frame runs."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="",
                                         scancode=0))
    app.step()


def record_legal(session: Any) -> list[Action]:
    """Every action the window sends through ``session`` from now on, each checked to be
    legal at the moment it is sent."""
    sent: list[Action] = []
    real_apply = session.apply

    def checked(action: Action) -> Any:
        assert action in session.legal(), f"the window sent an illegal action: {action}"
        sent.append(action)
        return real_apply(action)

    session.apply = checked
    return sent


def run_until(app: App, done: Callable[[], bool], limit: int = 400) -> None:
    """Run frames until ``done()`` (at most ``limit``); fails if it never comes."""
    for _ in range(limit):
        if done():
            return
        app.step([])
    assert done(), "the screen did not get there"


def to_action_phase(app: App, session: Any) -> None:
    """Pass the first upkeep with the Space key until player 1's action phase."""
    game = session.game
    run_until(app, lambda: game.actor == 0)
    if game.phase is Phase.UPKEEP:
        key(app, pygame.K_SPACE)
    run_until(app, lambda: game.phase is Phase.ACTION and game.actor == 0)


def picker_item(scene: Any, text: str) -> tuple[int, int]:
    """Where the open picker's first row whose label holds ``text`` is."""
    assert scene.picker is not None, "no picker open"
    for row, item in zip(scene.picker.rows(), scene.picker.items, strict=True):
        if text in item.label:
            return row.center  # type: ignore[no-any-return]
    raise AssertionError(f"no {text!r} in {[i.label for i in scene.picker.items]}")


def end_turn(app: App) -> None:
    """Enter (End turn, Pass for the round, end the activation); if the screen asks
    first (a unit that could still act), Enter again goes ahead."""
    key(app, pygame.K_RETURN)
    if getattr(app.scene, "dialog", None) is not None:
        key(app, pygame.K_RETURN)


def watch_text(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the screen draws from now on, in order (``ui.text`` watched)."""
    drawn: list[str] = []
    real = ui.text

    def spy(content: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(content)
        return real(content, *args, **kwargs)

    monkeypatch.setattr(ui, "text", spy)
    return drawn
