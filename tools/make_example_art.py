"""Draw the picture of the example mod's Trapper card (a 256x180 PNG) with pygame.

    python tools/make_example_art.py [OUTPUT]

The default output is assets/mods/example-mod/art/trapper.png; the committed file is
what this script draws. It needs no window or sound: the SDL drivers are set to ``dummy``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SIZE = (256, 180)
DEFAULT_OUTPUT = (Path(__file__).resolve().parent.parent
                  / "assets" / "mods" / "example-mod" / "art" / "trapper.png")


def draw() -> pygame.Surface:
    """A snowy frontier at dusk: hills, pines, a trail and a snare loop in the foreground."""
    width, height = SIZE
    picture = pygame.Surface(SIZE)
    for y in range(height):  # evening sky, dark blue above to pale orange at the horizon
        t = min(1.0, y / 110)
        colour = (int(40 + 190 * t), int(50 + 120 * t), int(90 + 40 * t))
        pygame.draw.line(picture, colour, (0, y), (width, y))
    pygame.draw.circle(picture, (250, 226, 170), (196, 92), 14)
    pygame.draw.polygon(picture, (96, 104, 132),
                        [(0, 120), (40, 70), (90, 110), (140, 60), (200, 112), (256, 84),
                         (256, 180), (0, 180)])
    pygame.draw.polygon(picture, (232, 238, 246),
                        [(0, 134), (70, 112), (150, 128), (256, 108), (256, 180), (0, 180)])
    for x, base, tall in ((18, 140, 44), (46, 136, 34), (214, 126, 52), (238, 132, 40)):
        pygame.draw.rect(picture, (70, 48, 32), (x - 2, base - 4, 4, 8))
        for step in range(3):  # three stacked tiers of branches
            top = base - tall + step * tall // 4
            half = 6 + step * 4
            low = top + tall // 2
            pygame.draw.polygon(picture, (30, 76, 52), [(x, top), (x - half, low), (x + half, low)])
    pygame.draw.lines(picture, (200, 206, 218), False,
                      [(128, 180), (118, 160), (126, 146), (114, 132), (120, 124)], 6)
    pygame.draw.line(picture, (120, 84, 48), (78, 176), (86, 140), 3)  # the snare's stake
    pygame.draw.ellipse(picture, (150, 110, 64), (66, 150, 40, 18), 2)
    pygame.draw.line(picture, (150, 110, 64), (86, 142), (92, 152), 2)
    pygame.draw.rect(picture, (24, 20, 18), picture.get_rect(), 2)
    return picture


def main(argv: list[str]) -> int:
    output = Path(argv[0]) if argv else DEFAULT_OUTPUT
    output.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw(), str(output))
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
