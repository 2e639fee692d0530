"""The real window under Xvfb: the menu and a mid-game board are drawn and saved as
pictures (tools/screenshots.py). Skips, saying why, where Xvfb is not installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.skipif(shutil.which("xvfb-run") is None,
                    reason="Xvfb is not installed: `apt-get install xvfb xauth` "
                    "(.ci/run does this in CI) to run the real window")
def test_the_real_window_draws_the_menu_and_a_board(tmp_path: Path) -> None:
    result = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", sys.executable,
         str(ROOT / "tools" / "screenshots.py"), str(tmp_path), "--turns", "4"],
        capture_output=True, text=True, timeout=240, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    for name in ("menu.png", "board.png"):
        picture = pygame.image.load(str(tmp_path / name))
        assert picture.get_size() == (1280, 720)
        colours = {picture.get_at((x, y))[:3] for x in range(0, 1280, 37)
                   for y in range(0, 720, 29)}
        assert len(colours) > 40, f"{name} looks blank"
