"""Which files a map may use: its tilesets and their pictures, all inside its own folder.

A map names other files: external tilesets (``<tileset source="...">``) and pictures
(``<image source="...">`` of a tileset, of a tile or of an image layer). Each must lie
inside the map's **root** (links followed):

- a mod's map: the mod's folder (``<mod>/maps/<map>.tmx``: the folder with ``mod.yaml``);
- a map inside the game's folder (``maps/``): the game's folder;
- any other map: its own folder.

Besides, any map may use **the game's own tilesets by file name** (``terrain.tsx``,
``terrain-hex.tsx``, ``terrain-hex-flat.tsx`` of ``assets/tilesets``): a tileset source
with such a name that does not lie inside the root is read from the game, whatever path
was written before the name (Tiled writes the path from the map to the tileset, which
differs on every computer), and that path is never opened. Anything else outside the
root (``../../../etc/x.tsx``, an absolute path, a link leading out) is refused, as are
link loops, special files (a FIFO, ``/dev/zero``) and files beyond their size limit.
Pictures must be PNG files within the limits of card pictures, read from their header.
A picture that does not exist is no problem here (the window draws the tiles in flat
colours).

``tiled_map`` is the one way to read a map with pytmx: the map is given to pytmx with
each tileset source replaced by the file checked here, so pytmx opens nothing else.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path, PureWindowsPath
from typing import Any

from game.rules import limits
from game.rules.files import Refusal, entry_problem, is_inside, png_problem, read_bytes, real

#: the game's own folder, and its tilesets (any map may name them by file name)
GAME_DIR = Path(__file__).resolve().parent.parent.parent
GAME_TILESETS = GAME_DIR / "assets" / "tilesets"
MANIFEST = "mod.yaml"


def game_tilesets() -> tuple[str, ...]:
    """The file names of the game's own tilesets."""
    try:
        return tuple(sorted(p.name for p in GAME_TILESETS.glob("*.tsx")))
    except OSError:
        return ()


def map_root(path: Path | str) -> Path:
    """The folder a map's files must lie in (see the module text)."""
    path = Path(path)
    if is_inside(path.parent, GAME_DIR):
        return GAME_DIR
    folder = path.parent
    if folder.name == "maps" and os.path.lexists(folder.parent / MANIFEST):
        return folder.parent
    return folder


def file_name(source: str) -> str:
    """The file name of a path as Tiled writes it (``/``, or ``\\`` on Windows)."""
    return PureWindowsPath(source).name


def tileset_file(source: str, folder: Path, root: Path) -> Path | Refusal:
    """The tileset file a map in ``folder`` names by ``source``: inside ``root``, or one
    of the game's own by file name; else why it may not be used."""
    written = folder / source
    inside = os.path.lexists(written) and is_inside(written, root)
    if not inside and file_name(source) in game_tilesets():
        return GAME_TILESETS / file_name(source)
    if not os.path.lexists(written):
        return "an existing tileset file", f"nothing at {written}"
    if not inside:
        return (f"a tileset inside {root}, or one of the game's own by its file name ("
                + ", ".join(game_tilesets()) + ")", f"{source!r}, which leads to {real(written)}")
    problem = entry_problem(written, root, max_bytes=limits.MAX_MAP_FILE)
    return written if problem is None else problem


def tileset_root(path: Path, root: Path) -> Path:
    """The folder the pictures of the tileset ``path`` must lie in."""
    return GAME_DIR if is_inside(path, GAME_TILESETS) else root


def image_problem(source: str, folder: Path, root: Path) -> Refusal | None:
    """Why the picture ``source`` (named in a file of ``folder``) may not be used, or
    None (also when it does not exist: the window then draws flat colours)."""
    path = folder / source
    if not os.path.lexists(path):
        return None
    if not is_inside(path, root):
        return f"a picture inside {root}", f"{source!r}, which leads to {real(path)}"
    return png_problem(path, limits.MAX_ART_FILE, limits.MAX_ART_PIXELS, root)


def parse_xml(path: Path, what: str, well_formed: str, root: Path | None = None,
              ) -> ET.Element | Refusal:
    """The root element of an XML file of at most ``MAX_MAP_FILE`` bytes (a regular file
    inside ``root`` when given) without entity declarations (Tiled writes none;
    expanded, a few can fill the memory), or (expected, found) when it cannot be had
    (``what`` the file should be, ``well_formed`` the words for a file that is not
    well-formed XML)."""
    content = read_bytes(path, limits.MAX_MAP_FILE, root)
    if isinstance(content, tuple):
        return content
    if not content.strip():
        return what, "an empty file"
    if b"<!ENTITY" in content:
        return f"{what} without entity declarations (<!ENTITY>)", "entity declarations"
    try:
        return ET.fromstring(content)
    except ET.ParseError as exc:
        return well_formed, str(exc)


def tiled_map(path: Path | str, root: Path | None = None,
              image_loader: Callable[..., Any] | None = None) -> Any:
    """The map read by ``pytmx.TiledMap`` (``image_loader``: pytmx's, e.g. pygame's), its
    tilesets the files ``tileset_file`` allows: the map's own tileset sources are
    replaced by them, so pytmx opens no other file. Raises ``ValueError`` when the map or
    a tileset may not be used (``check_tmx`` says why)."""
    import pytmx

    path = Path(path)
    root = map_root(path) if root is None else root
    node = parse_xml(path, "a Tiled map", "well-formed XML", root)
    if isinstance(node, tuple):
        raise ValueError(f"{path}: expected {node[0]}, found {node[1]}")
    for tileset in node.findall("tileset"):
        source = tileset.get("source")
        if source:
            found = tileset_file(source, path.parent, root)
            if isinstance(found, tuple):
                raise ValueError(f"{path}: tileset {source!r}: expected {found[0]}, "
                                 f"found {found[1]}")
            tileset.set("source", str(Path(real(found))))
    kwargs: dict[str, Any] = {} if image_loader is None else {"image_loader": image_loader}
    tmap = pytmx.TiledMap(**kwargs)
    tmap.filename = str(path)
    tmap.parse_xml(node)
    return tmap
