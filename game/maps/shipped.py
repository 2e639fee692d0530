"""The shipped maps: ``maps/<name>.tmx`` (made in Tiled), with the older text-grid
``maps/<name>.yaml`` still accepted while the maps move to Tiled."""

from __future__ import annotations

from pathlib import Path

from game.rules.cards import CardLibrary
from game.rules.mapmodel import MapSpec

from .ascii import MAPS_DIR, list_ascii_maps, load_ascii_map
from .errors import MapError
from .tiled import load_tmx

MAP_SUFFIXES = (".tmx", ".yaml")
#: the map of "Your first game", the guided tutorial (game/client/tutorial.py): a map like
#: any other (loaded, validated and played by the tests, offered in New game), but
#: lopsided on purpose (your Soldier faces a lone Recruit), so ``balance`` leaves it out
TUTORIAL_MAP = "2P-tutorial"


def list_maps(folder: Path = MAPS_DIR) -> list[Path]:
    """The shipped maps: the .tmx maps, or the text-grid maps while there are none."""
    return sorted(folder.glob("*.tmx")) or list_ascii_maps(folder)


def load_map(path: Path | str, library: CardLibrary | None = None) -> MapSpec:
    """A map file of either format, by its suffix."""
    if Path(path).suffix.lower() == ".tmx":
        return load_tmx(path, library)
    return load_ascii_map(path)


def find_map(name: str, folder: Path = MAPS_DIR, library: CardLibrary | None = None) -> MapSpec:
    """A shipped map by name (``maps/<name>.tmx``, else ``maps/<name>.yaml``), or a path to
    a map file."""
    candidate = Path(name)
    if candidate.suffix.lower() in MAP_SUFFIXES and candidate.is_file():
        return load_map(candidate, library)
    for suffix in MAP_SUFFIXES:
        path = folder / f"{name}{suffix}"
        if path.is_file():
            return load_map(path, library)
    known = ", ".join(p.stem for p in list_maps(folder)) or "none"
    raise MapError(name, "map", f"a shipped map ({known})", name)
