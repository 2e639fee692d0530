"""Names for capture regions that a map gives none: a region is called after where it lies
on the map ("North-west region", "Centre region"), numbered when two lie in the same part
("East region 2"), so the board, the log and the win goal can say which one is meant."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from game.rules.mapmodel import Region


def where_on_map(fx: float, fy: float) -> str:
    """The part of the map at (fx, fy), fractions of its width and height from the
    top-left corner: North, South-east, Centre..."""
    vertical = "North" if fy < 1 / 3 else "South" if fy > 2 / 3 else ""
    horizontal = "west" if fx < 1 / 3 else "east" if fx > 2 / 3 else ""
    if vertical and horizontal:
        return f"{vertical}-{horizontal}"
    return vertical or horizontal.capitalize() or "Centre"


def name_unnamed(regions: list[Region], spots: Mapping[int, tuple[float, float]]
                 ) -> list[Region]:
    """``regions`` with those at the indexes of ``spots`` (which have no name of their
    own; the value: where their middle lies, as in ``where_on_map``) named after it."""
    taken = {r.name for i, r in enumerate(regions) if i not in spots}
    out = list(regions)
    for index, (fx, fy) in sorted(spots.items()):
        base = f"{where_on_map(fx, fy)} region"
        name, number = base, 2
        while name in taken:
            name, number = f"{base} {number}", number + 1
        taken.add(name)
        out[index] = replace(regions[index], name=name)
    return out
