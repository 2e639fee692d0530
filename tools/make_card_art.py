#!/usr/bin/env python3
"""Card pictures from the game-icons.net set: every built-in card's icon, rasterized.

Usage (from the repository, inside the environment)::

    .venv/bin/python tools/make_card_art.py --fetch      # npm pack the icon set, then draw
    .venv/bin/python tools/make_card_art.py              # draw from the cached package
    .venv/bin/python tools/make_card_art.py --package PATH
    .venv/bin/python tools/make_card_art.py --check      # are the committed files current?

The icons come from the npm package ``@iconify-json/game-icons`` (the game-icons.net SVGs
as one JSON file, CC BY 3.0), at the version ``assets/icons/icons.yaml`` names. ``PATH``
is the package unpacked (a folder holding ``icons.json``, or its ``package/`` parent) or
the ``.tgz`` that ``npm pack`` writes. Without ``--package`` the tool looks in the cache
folder ``.cache/game-icons/`` of the repository (ignored by git); ``--fetch`` fills it with
``npm pack @iconify-json/game-icons@<version>`` first (npm needs the registry; nothing is
installed and no ``node_modules`` is made). The game itself never needs npm: what this
tool writes is committed.

For every card of ``icons.yaml`` (a test checks that it names every built-in card) the
tool writes into ``assets/icons/``:

- ``faces/<card>.png``: 256 x 256, the icon in ivory with a dark outline and a soft
  shadow on a transparent ground, for the art box of the card face (which draws the
  backdrop in the card type's colour behind it);
- ``tokens/<card>.png``: 96 x 96, the icon in white with a dark outline, for the board
  pieces (tinted and scaled by ``game.client.pieces``);
- ``manifest.json``: which icon, author and package made which file (with the files'
  SHA-256), the licence and the authors' names: what the game and the tests read;
- ``CREDITS.md``: the licence and every icon's author, by author and by card.

PNG files of ``faces/`` and ``tokens/`` that no card uses any more are removed. A card
whose name is missing from the table, a table line naming no card, or an icon the package
does not hold is reported, one line each, and nothing is written (exit status 1).
``--check`` draws everything in memory and compares it with the committed files.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import math
import os
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import yaml  # noqa: E402

from game.content.icons import ICONS_DIR, MANIFEST, TABLE, builtin_card_names, file_stem  # noqa: E402

CACHE = ROOT / ".cache" / "game-icons"
LICENCE_FILE = "LICENSE-CC-BY-3.0.txt"
LICENCE_URL = "https://creativecommons.org/licenses/by/3.0/"

#: the face picture: size, room left round the icon, colours, outline and shadow
FACE_SIZE = 256
FACE_PAD = 22
FACE_FILL = (246, 238, 218)
FACE_EDGE = (40, 30, 24)
FACE_OUTLINE = 5
FACE_SHADOW = (6, 8)
#: the token picture: white (tinted when drawn), thin dark outline, little padding
TOKEN_SIZE = 96
TOKEN_PAD = 5
TOKEN_FILL = (255, 255, 255)
TOKEN_EDGE = (12, 12, 16)
TOKEN_OUTLINE = 3


@dataclass(frozen=True, slots=True)
class Entry:
    card: str
    icon: str
    by: str


# ---------------------------------------------------------------------------- the inputs


def read_table(path: Path = TABLE) -> tuple[dict[str, Any], list[Entry]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    entries = [Entry(str(card), str(row["icon"]), str(row["by"]))
               for card, row in (data.get("cards") or {}).items()]
    return data, entries


def find_package(given: str | None, version: str) -> Path:
    """The ``icons.json`` of the package: given, or in the cache folder."""
    candidates: list[Path] = []
    if given:
        candidates.append(Path(given))
    else:
        candidates.extend([CACHE / "package", CACHE])
        candidates.extend(sorted(CACHE.glob(f"iconify-json-game-icons-{version}.tgz")))
    for place in candidates:
        if place.is_file() and place.name.endswith(".tgz"):
            return _unpack(place)
        for inner in (place / "icons.json", place / "package" / "icons.json"):
            if inner.is_file():
                return inner
    where = given or str(CACHE)
    raise SystemExit(f"make_card_art: no @iconify-json/game-icons package in {where}; run "
                     f"with --fetch, or: npm pack @iconify-json/game-icons@{version} "
                     f"--pack-destination {CACHE}")


def _unpack(archive: Path) -> Path:
    target = CACHE / "package"
    CACHE.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            name = Path(member.name)
            if member.isfile() and len(name.parts) == 2 and name.parts[0] == "package":
                source = tar.extractfile(member)
                if source is not None:
                    target.mkdir(parents=True, exist_ok=True)
                    (target / name.name).write_bytes(source.read())
    return target / "icons.json"


def fetch(version: str) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    spec = f"@iconify-json/game-icons@{version}"
    print(f"npm pack {spec} -> {CACHE}")
    result = subprocess.run(["npm", "pack", spec, "--pack-destination", str(CACHE)],
                            check=False)
    if result.returncode != 0:
        raise SystemExit("make_card_art: npm pack failed")
    _unpack(CACHE / f"iconify-json-game-icons-{version}.tgz")


def package_info(icons_json: Path) -> dict[str, Any]:
    info: dict[str, Any] = {}
    for name in ("package.json", "info.json"):
        path = icons_json.parent / name
        if path.is_file():
            info[name] = json.loads(path.read_text(encoding="utf-8"))
    return info


def problems(entries: list[Entry], icons: dict[str, Any], authors: dict[str, str]
             ) -> list[str]:
    found: list[str] = []
    cards = builtin_card_names()
    named = [e.card for e in entries]
    for card in sorted(set(cards) - set(named)):
        found.append(f"{TABLE.name}: cards: expected a line for every built-in card, "
                     f"{card} has none")
    for card in sorted(set(named) - set(cards)):
        found.append(f"{TABLE.name}: cards.{card}: expected a built-in card, found none "
                     "of that name")
    stems = [file_stem(card) for card in named]
    for stem in sorted({s for s in stems if stems.count(s) > 1}):
        found.append(f"{TABLE.name}: cards: two cards would share the file {stem}.png")
    for entry in entries:
        if _svg_body(icons, entry.icon) is None:
            found.append(f"{TABLE.name}: cards.{entry.card}.icon: expected an icon of the "
                         f"package, found {entry.icon!r}")
        if entry.by not in authors:
            found.append(f"{TABLE.name}: cards.{entry.card}.by: expected an author listed "
                         f"under authors, found {entry.by!r}")
    return found


# ---------------------------------------------------------------------------- drawing


def _svg_body(icons: dict[str, Any], name: str) -> dict[str, Any] | None:
    found = icons["icons"].get(name)
    if found is None:
        parent = icons.get("aliases", {}).get(name, {}).get("parent")
        found = icons["icons"].get(parent) if parent else None
    return found


def svg_text(icons: dict[str, Any], name: str, colour: tuple[int, int, int]) -> str:
    icon = _svg_body(icons, name)
    assert icon is not None
    left, top = icon.get("left", icons.get("left", 0)), icon.get("top", icons.get("top", 0))
    width = icon.get("width", icons.get("width", 512))
    height = icon.get("height", icons.get("height", 512))
    fill = "#{:02x}{:02x}{:02x}".format(*colour)
    body = icon["body"].replace("currentColor", fill)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left} {top} {width} '
            f'{height}" width="{width}" height="{height}">{body}</svg>')


def _raster(svg: str, size: int) -> pygame.Surface:
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (size, size))


def _outlined(icons: dict[str, Any], name: str, size: int, pad: int,
              fill: tuple[int, int, int], edge: tuple[int, int, int], reach: int
              ) -> pygame.Surface:
    """The icon in ``fill``, ringed by ``edge`` ``reach`` pixels wide, centred on a
    transparent square of ``size``."""
    inner = size - 2 * pad
    body = _raster(svg_text(icons, name, fill), inner)
    ring = _raster(svg_text(icons, name, edge), inner)
    picture = pygame.Surface((size, size), pygame.SRCALPHA)
    offsets = [(dx, dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
               if 0 < math.hypot(dx, dy) <= reach + 0.25]
    for dx, dy in offsets:
        picture.blit(ring, (pad + dx, pad + dy))
    picture.blit(body, (pad, pad))
    return picture


def face_picture(icons: dict[str, Any], name: str) -> pygame.Surface:
    icon = _outlined(icons, name, FACE_SIZE, FACE_PAD, FACE_FILL, FACE_EDGE, FACE_OUTLINE)
    shadow = icon.copy()
    shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MIN)
    shadow.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
    shadow = pygame.transform.gaussian_blur(shadow, 4)
    picture = pygame.Surface((FACE_SIZE, FACE_SIZE), pygame.SRCALPHA)
    picture.blit(shadow, FACE_SHADOW)
    picture.blit(icon, (0, 0))
    return picture


def token_picture(icons: dict[str, Any], name: str) -> pygame.Surface:
    return _outlined(icons, name, TOKEN_SIZE, TOKEN_PAD, TOKEN_FILL, TOKEN_EDGE, TOKEN_OUTLINE)


def png_bytes(surface: pygame.Surface) -> bytes:
    out = io.BytesIO()
    pygame.image.save(surface, out, "png")
    return out.getvalue()


# ---------------------------------------------------------------------------- outputs


def credits_text(manifest: dict[str, Any]) -> str:
    cards: dict[str, dict[str, str]] = manifest["cards"]
    authors: dict[str, str] = manifest["authors"]
    lines = [
        "# Card pictures: credits",
        "",
        "The pictures on the cards and board pieces of Muhq's Game are icons of the",
        "game-icons.net set (https://game-icons.net), made by the authors named below and",
        "licensed under the Creative Commons Attribution 3.0 Unported licence (CC BY 3.0;",
        f"its text is in {LICENCE_FILE} beside this file, and at {LICENCE_URL}).",
        f"We took them from the npm package {manifest['package']} {manifest['version']} and",
        "changed them: tools/make_card_art.py colours each icon, gives it an outline (and",
        "on the card faces a shadow) and rasterizes it to PNG. This file is written by",
        "that tool; edit assets/icons/icons.yaml instead.",
        "",
        "## By author",
        "",
    ]
    by_author: dict[str, dict[str, list[str]]] = {}
    for card, row in cards.items():
        by_author.setdefault(row["by"], {}).setdefault(row["icon"], []).append(card)
    for slug in sorted(by_author, key=lambda s: (-len(by_author[s]), authors[s])):
        icons = by_author[slug]
        lines.append(f"- **{authors[slug]}** (https://game-icons.net/, {len(icons)} "
                     f"icon{'s' if len(icons) != 1 else ''}): "
                     + "; ".join(f"{icon} ({', '.join(sorted(used))})"
                                 for icon, used in sorted(icons.items())))
    lines += ["", "## By card", "", "| Card | Icon | Author |", "| --- | --- | --- |"]
    for card in sorted(cards, key=str.lower):
        row = cards[card]
        url = f"https://game-icons.net/1x1/{row['by']}/{row['icon']}.html"
        lines.append(f"| {card} | [{row['icon']}]({url}) | {authors[row['by']]} |")
    return "\n".join(lines) + "\n"


def build(icons: dict[str, Any], table: dict[str, Any], entries: list[Entry],
          info: dict[str, Any]) -> dict[str, bytes]:
    """Every file the tool writes, by its path relative to ``assets/icons``."""
    files: dict[str, bytes] = {}
    rows: dict[str, dict[str, str]] = {}
    for entry in sorted(entries, key=lambda e: e.card):
        stem = file_stem(entry.card)
        face = png_bytes(face_picture(icons, entry.icon))
        token = png_bytes(token_picture(icons, entry.icon))
        files[f"faces/{stem}.png"] = face
        files[f"tokens/{stem}.png"] = token
        svg = json.dumps(_svg_body(icons, entry.icon), sort_keys=True)
        rows[entry.card] = {
            "icon": entry.icon, "by": entry.by,
            "face": f"faces/{stem}.png", "token": f"tokens/{stem}.png",
            "svg_sha256": hashlib.sha256(svg.encode("utf-8")).hexdigest(),
            "face_sha256": hashlib.sha256(face).hexdigest(),
            "token_sha256": hashlib.sha256(token).hexdigest(),
        }
    package = info.get("package.json", {})
    licence = info.get("info.json", {}).get("license", {})
    manifest = {
        "package": str(package.get("name", table["package"])),
        "version": str(package.get("version", table["version"])),
        "licence": str(licence.get("title", "CC BY 3.0")),
        "licence_file": LICENCE_FILE,
        "licence_url": LICENCE_URL,
        "source": "https://game-icons.net",
        "authors": dict(sorted(table["authors"].items())),
        "cards": rows,
    }
    files["manifest.json"] = (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n"
                              ).encode("utf-8")
    files["CREDITS.md"] = credits_text(manifest).encode("utf-8")
    return files


def _same_picture(a: bytes, b: bytes) -> bool:
    one = pygame.image.load(io.BytesIO(a), "a.png")
    two = pygame.image.load(io.BytesIO(b), "b.png")
    return (one.get_size() == two.get_size()
            and pygame.image.tobytes(one, "RGBA") == pygame.image.tobytes(two, "RGBA"))


def check(files: dict[str, bytes], out: Path) -> list[str]:
    found: list[str] = []
    for name, data in sorted(files.items()):
        path = out / name
        if not path.is_file():
            found.append(f"{path}: missing")
            continue
        old = path.read_bytes()
        if name.endswith(".png"):
            if not _same_picture(old, data):
                found.append(f"{path}: differs from what the tool draws")
        elif name != "manifest.json" and old != data:
            found.append(f"{path}: differs from what the tool writes")
    if (out / "manifest.json").is_file():  # the PNGs' hashes may differ with the PNG coder
        old_rows = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["cards"]
        new_rows = json.loads(files["manifest.json"].decode("utf-8"))["cards"]
        for card in sorted(set(old_rows) | set(new_rows)):
            a, b = old_rows.get(card, {}), new_rows.get(card, {})
            if {k: a.get(k) for k in ("icon", "by", "face", "token", "svg_sha256")} != {
                    k: b.get(k) for k in ("icon", "by", "face", "token", "svg_sha256")}:
                found.append(f"{out / 'manifest.json'}: {card} differs")
    for folder in ("faces", "tokens"):
        for path in sorted((out / folder).glob("*.png")):
            if f"{folder}/{path.name}" not in files:
                found.append(f"{path}: no card uses it")
    return found


def write(files: dict[str, bytes], out: Path) -> None:
    for folder in ("faces", "tokens"):
        (out / folder).mkdir(parents=True, exist_ok=True)
        for path in (out / folder).glob("*.png"):
            if f"{folder}/{path.name}" not in files:
                path.unlink()
    for name, data in files.items():
        (out / name).write_bytes(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", metavar="PATH",
                        help="the unpacked package (a folder with icons.json) or its .tgz "
                             f"(default: look in {CACHE.relative_to(ROOT)}/)")
    parser.add_argument("--fetch", action="store_true",
                        help="npm pack the package into the cache folder first")
    parser.add_argument("--check", action="store_true",
                        help="compare with the committed files instead of writing them")
    parser.add_argument("--out", default=str(ICONS_DIR), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    table, entries = read_table()
    version = str(table["version"])
    if args.fetch:
        fetch(version)
    icons_json = find_package(args.package, version)
    icons = json.loads(icons_json.read_text(encoding="utf-8"))
    info = package_info(icons_json)
    got = str(info.get("package.json", {}).get("version", version))
    if got != version:
        print(f"make_card_art: the package is version {got}, {TABLE.name} names {version}",
              file=sys.stderr)
        return 1
    found = problems(entries, icons, table.get("authors") or {})
    for line in found:
        print(line, file=sys.stderr)
    if found:
        return 1
    pygame.init()
    files = build(icons, table, entries, info)
    out = Path(args.out)
    if args.check:
        found = check(files, out)
        for line in found:
            print(line, file=sys.stderr)
        print(f"{len(entries)} cards: " + ("up to date" if not found
                                            else f"{len(found)} differences"))
        return 1 if found else 0
    write(files, out)
    print(f"{len(entries)} cards -> {out}/faces, {out}/tokens, {MANIFEST.name}, CREDITS.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
