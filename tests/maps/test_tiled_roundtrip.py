"""Every shipped map survives the real Tiled editor: Tiled opens it and saves it again
(``tiled --export-map``, offscreen), and the saved map loads into the same game map.
Also: the Tiled project file for authors matches what the loader accepts."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.maps import list_maps, load_tmx

ROOT = Path(__file__).resolve().parent.parent.parent
TILED = shutil.which("tiled")


def _same_map(a, b) -> None:  # type: ignore[no-untyped-def]
    assert (a.width, a.height, a.tiles) == (b.width, b.height, b.tiles)
    assert dict(a.owners) == dict(b.owners)
    assert a.placements == b.placements and a.regions == b.regions and a.bosses == b.bosses
    assert (a.win.kind, dict(a.win.params)) == (b.win.kind, dict(b.win.params))
    assert (a.players, a.income, a.start_deck) == (b.players, b.income, b.start_deck)


@pytest.mark.skipif(TILED is None, reason="Debian's tiled is not installed: "
                    "`apt-get install tiled` (.ci/run does this in CI) to run this check")
@pytest.mark.parametrize("path", list_maps(), ids=lambda p: p.stem)
def test_tiled_opens_and_saves_every_shipped_map(path: Path, tmp_path: Path) -> None:
    saved = tmp_path / path.name
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path),
           "HOME": str(tmp_path)}
    result = subprocess.run([str(TILED), "--export-map", "tmx", str(path), str(saved)],
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert saved.exists()
    _same_map(load_tmx(path), load_tmx(saved))


def test_the_tiled_project_file_is_up_to_date() -> None:
    tool = ROOT / "tools" / "make_tiled_project.py"
    result = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
