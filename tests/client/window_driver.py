"""What the whole-game window tests do the same way: the person drafts the first card of
every pack, and pays upkeep with the checklist's button when it shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client.app import App
from game.client.scenes.draft import DraftScene
from game.rules.core.state import Phase


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
