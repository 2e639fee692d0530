"""The names and point values of the map's capture regions (objective systems, control
points), drawn over the board at every zoom.

Each region gets one plate, "North Island ★1": across the middle of its top edge on a
square board (half over the dashed border, so it leaves the cells' pieces readable), in
the top corner of its topmost cell on the other boards (clear of a system's planet).
Plates keep clear of one another and of the link names a graph board draws, and stay
inside the map. The board view places
them once per zoom (in map pixels) and blits them over the pieces every frame; what it
placed is public (``BoardView.region_labels``) for tests and tools.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.rules.geometry import Geometry
from game.rules.mapmodel import Region

from . import ui
from .cells import CellLayout

#: the plate's text and frame, and its backing
LABEL_COLOUR = (250, 226, 120)
LABEL_BACKING = (10, 12, 18, 200)
#: the smallest and largest text size of a plate, in pixels
SMALLEST = 11
LARGEST = 16


@dataclass(frozen=True, slots=True)
class RegionLabel:
    """One region's plate: its text, the region's name and points, and where it goes (in
    map pixels, from the top-left corner of the map picture)."""

    text: str
    name: str
    points: int
    rect: pygame.Rect


def label_text(region: Region, points: bool = True) -> str:
    """"North Island ★1": the region's name and the points it is worth each time it is
    held (an unnamed region reads "Region", the loader names it); without ``points``
    (a region that scores nothing of its own, as where the stick of victory scores) its
    name alone."""
    name = region.name or "Region"
    return f"{name} ★{region.points}" if points else name


def text_size(cell: int) -> int:
    return max(SMALLEST, min(LARGEST, cell // 4))


def place(regions: Sequence[Region], geometry: Geometry, layout: CellLayout,
          avoid: Sequence[pygame.Rect] = (), points: bool = True) -> list[RegionLabel]:
    """Where each region's plate goes at this zoom (map pixels); ``points``: whether the
    plates give the regions' points."""
    size = text_size(layout.cell)
    bounds = pygame.Rect((0, 0), layout.size).inflate(-4, -4)
    taken = list(avoid)
    out: list[RegionLabel] = []
    for region in regions:
        if not region.tiles:
            continue
        text = label_text(region, points)
        width, height = ui.font(size, True).size(text)
        plate = pygame.Rect(0, 0, width + 10, height + 4)
        boxes = [layout.box(t) for t in region.tiles]
        whole = boxes[0].unionall(boxes[1:])
        if layout.rectangular:
            spots = [(whole.centerx, whole.top), (whole.centerx, whole.bottom),
                     (whole.centerx, whole.centery)]
        else:
            first = min(region.tiles, key=lambda t: geometry.tile_to_grid(t)[::-1])
            box = layout.box(first)
            # at the top corner, clear of the middle (a system's planet, a unit)
            spots = [(box.centerx, box.top + plate.height // 2 + 1),
                     (box.centerx, box.bottom - plate.height // 2 - 1),
                     (box.centerx, box.top + box.height // 4 + plate.height // 2)]
        chosen = None
        for spot in spots:
            candidate = plate.copy()
            candidate.center = spot
            candidate.clamp_ip(bounds)
            if candidate.collidelist(taken) < 0:
                chosen = candidate
                break
        if chosen is None:  # nowhere clear: the first place, over whatever is there
            chosen = plate.copy()
            chosen.center = spots[0]
            chosen.clamp_ip(bounds)
        taken.append(chosen)
        out.append(RegionLabel(text, region.name, region.points, chosen))
    return out


def plate_image(label: RegionLabel, size: int) -> pygame.Surface:
    """The plate of one label: the text on a dark rounded backing with a gold edge."""
    image = pygame.Surface(label.rect.size, pygame.SRCALPHA)
    radius = min(6, label.rect.height // 2)
    pygame.draw.rect(image, LABEL_BACKING, image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, LABEL_COLOUR, image.get_rect(), 1, border_radius=radius)
    text = ui.text(label.text, size, LABEL_COLOUR, bold=True)
    image.blit(text, text.get_rect(center=image.get_rect().center))
    return image
