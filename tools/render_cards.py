#!/usr/bin/env python3
"""Contact sheet: every shipped card's face in one PNG, to look over the card faces.

Usage (from the repository, inside the environment)::

    .venv/bin/python tools/render_cards.py /tmp/cards.png
    .venv/bin/python tools/render_cards.py /tmp/cards-de.png --width 180 --lang de
    .venv/bin/python tools/render_cards.py /tmp/frontier.png --mod assets/mods/example-mod

Faces are drawn by ``game.client.cardface.render_card_face`` without a window
(``SDL_VIDEODRIVER=dummy``), in set order then file order. Without ``--mod`` the cards
are the built-in ones (``game.content.cards.load_cards``) with their icons
(``game.content.icons``; ``--no-icons`` draws the generated illustrations instead); with
``--mod`` the mods' cards are added and cards with art show it. ``--only`` keeps
the cards whose name contains one of the given (comma-separated) texts, ``--set`` those of
the given sets (``--set duel``: the duel's cards, drawn with the duel's face).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.client.cardface import RATIO, render_card_face  # noqa: E402
from game.content.cards import load_cards  # noqa: E402
from game.content.icons import face_icons  # noqa: E402
from game.rules.cards import CardDef  # noqa: E402

BACKGROUND = (28, 30, 36)
LABEL = (170, 174, 184)


def _cards(mods: list[str]) -> tuple[list[CardDef], dict[str, Path], list[str]]:
    if not mods:
        library, problems = load_cards()
        return list(library), {}, [str(p) for p in problems]
    from game.content.mods import load_content

    content = load_content(mods, include_user=False)
    return list(content.library), dict(content.art), [str(p) for p in content.problems]


def contact_sheet(cards: list[CardDef], width: int, lang: str, columns: int,
                  art: dict[str, Path], icons: dict[str, Path] | None = None
                  ) -> pygame.Surface:
    height = round(width * RATIO)
    gap = max(8, width // 16)
    label_h = 16
    rows = max(1, -(-len(cards) // columns))
    sheet = pygame.Surface((gap + columns * (width + gap),
                            gap + rows * (height + label_h + gap)))
    sheet.fill(BACKGROUND)
    font = pygame.font.Font(None, 18)
    for i, card in enumerate(cards):
        x = gap + (i % columns) * (width + gap)
        y = gap + (i // columns) * (height + label_h + gap)
        face = render_card_face(card, width, lang, art.get(card.name),
                                icon=(icons or {}).get(card.name))
        sheet.blit(face, (x, y))
        caption = f"{card.set}/{Path(card.source).stem}" if card.source else card.set
        sheet.blit(font.render(caption, True, LABEL), (x + 2, y + height + 2))
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default="/tmp/cards.png", help="PNG to write")
    parser.add_argument("--width", type=int, default=250, help="face width in pixels")
    parser.add_argument("--lang", default="en", help="language of the faces (en, de)")
    parser.add_argument("--columns", type=int, default=0, help="cards per row (default: auto)")
    parser.add_argument("--mod", action="append", default=[], metavar="PATH",
                        help="also load this mod folder (repeatable)")
    parser.add_argument("--only", default="",
                        help="only cards whose name contains one of these (comma-separated)")
    parser.add_argument("--set", default="", dest="sets",
                        help="only cards of these sets (comma-separated, e.g. duel)")
    parser.add_argument("--no-icons", action="store_true",
                        help="draw generated illustrations instead of the cards' icons")
    args = parser.parse_args(argv)

    pygame.init()
    cards, art, problems = _cards(args.mod)
    for problem in problems:
        print(problem, file=sys.stderr)
    wanted = [part.strip().lower() for part in args.only.split(",") if part.strip()]
    if wanted:
        cards = [c for c in cards if any(part in c.name.lower() for part in wanted)]
    sets = {part.strip() for part in args.sets.split(",") if part.strip()}
    if sets:
        cards = [c for c in cards if c.set in sets]
    if not cards:
        print("no cards to draw", file=sys.stderr)
        return 1
    columns = args.columns or max(1, min(len(cards), round(2400 / (args.width + 16))))
    icons = {} if args.no_icons else face_icons()
    sheet = contact_sheet(cards, args.width, args.lang, columns, art, icons)
    pygame.image.save(sheet, args.out)
    print(f"{len(cards)} cards, {sheet.get_width()}x{sheet.get_height()} px -> {args.out}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
