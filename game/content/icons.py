"""The built-in cards' pictures: game-icons.net icons, rasterized into ``assets/icons``.

``tools/make_card_art.py`` reads the table ``assets/icons/icons.yaml`` (card name -> icon
and its author), draws each card's icon from the npm package ``@iconify-json/game-icons``
into ``faces/<card>.png`` (for the card face's art box) and ``tokens/<card>.png`` (for the
board pieces), and writes ``manifest.json`` (which icon and author made which file, the
licence, the authors' names) and ``CREDITS.md``. The game reads only the manifest and the
pictures, so it runs without npm.

A card's own picture (``Content.art``: a mod's ``art/<card>.png``, or one in
``assets/art``) comes first; the icon is drawn where a card has none, and a card with
neither gets the generated illustration.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game.content.cards import ASSETS

ICONS_DIR = ASSETS / "icons"
TABLE = ICONS_DIR / "icons.yaml"
MANIFEST = ICONS_DIR / "manifest.json"
CREDITS = ICONS_DIR / "CREDITS.md"


@dataclass(frozen=True, slots=True)
class CardIcon:
    """One card's icon: its name in the set, its author, and the two pictures."""

    card: str
    icon: str
    author: str  # as the credits name them
    face: Path
    token: Path


@dataclass(frozen=True, slots=True)
class IconCredits:
    """What the credits say about the icons: the set, the licence, each author's icons
    (icon name -> the cards it pictures), the most used first."""

    package: str
    version: str
    licence: str
    licence_file: Path
    licence_url: str
    source: str
    authors: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...]


def file_stem(card: str) -> str:
    """A card name as a file name: ``Smugglers' Cove`` -> ``smugglers-cove``."""
    plain = re.sub(r"['’]", "", card.lower())
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "card"


def builtin_card_names() -> list[str]:
    """Every built-in card that may need a picture: the shipped card files' cards and the
    tokens the rules make (the Kraken's Tentacle)."""
    from game.content.cards import load_cards
    from game.rules.bosses import TENTACLE

    library, _ = load_cards()
    return sorted({card.name for card in library} | {TENTACLE.name})


@lru_cache(maxsize=4)
def _manifest(path: Path = MANIFEST) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@lru_cache(maxsize=4)
def card_icons(path: Path = MANIFEST) -> dict[str, CardIcon]:
    """Card name -> its icon, from the manifest (empty when there is none)."""
    data = _manifest(path)
    authors = data.get("authors")
    rows = data.get("cards")
    if not isinstance(authors, dict) or not isinstance(rows, dict):
        return {}
    found: dict[str, CardIcon] = {}
    for card, row in rows.items():
        if not isinstance(row, dict):
            continue
        slug = str(row.get("by", ""))
        found[str(card)] = CardIcon(str(card), str(row.get("icon", "")),
                                    str(authors.get(slug, slug)),
                                    path.parent / str(row.get("face", "")),
                                    path.parent / str(row.get("token", "")))
    return found


def face_icons() -> dict[str, Path]:
    """Card name -> the picture for its face's art box."""
    return {card: icon.face for card, icon in card_icons().items()}


def token_icons() -> dict[str, Path]:
    """Card name -> the picture for its board piece."""
    return {card: icon.token for card, icon in card_icons().items()}


def icon_credits(path: Path = MANIFEST) -> IconCredits | None:
    """The icons' credits, or None without a manifest."""
    data = _manifest(path)
    icons = card_icons(path)
    if not data or not icons:
        return None
    by_author: dict[str, dict[str, list[str]]] = {}
    for icon in icons.values():
        by_author.setdefault(icon.author, {}).setdefault(icon.icon, []).append(icon.card)
    authors = tuple(
        (author, tuple((name, tuple(sorted(cards))) for name, cards in sorted(named.items())))
        for author, named in sorted(by_author.items(), key=lambda a: (-len(a[1]), a[0])))
    return IconCredits(str(data.get("package", "")), str(data.get("version", "")),
                       str(data.get("licence", "")),
                       path.parent / str(data.get("licence_file", "")),
                       str(data.get("licence_url", "")), str(data.get("source", "")),
                       authors)
