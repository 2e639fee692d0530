"""What the window tests share: a fixture that keeps the saves and settings of a test in
its own temporary folder and shuts pygame down after it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client import ui


@pytest.fixture
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Saves and settings go to a temporary folder, never the player's own; pygame (and
    the fonts that die with it) is shut down afterwards."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield
    pygame.quit()
    ui.forget_fonts()
