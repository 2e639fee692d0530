#!/usr/bin/env python3
"""Write the Tiled project for map authors: ``maps/muhq.tiled-project`` and, for Tiled 1.8
(which keeps object types apart from the project's custom types), ``maps/objecttypes.xml``.

They give authors drop-downs instead of typed strings: the ``WinCondition``,
``TileType``, ``Ruleset`` and ``Geometry`` (of an orthogonal map) enums, one class per
object kind the loader reads (spawn, king, region, building, stick, piece, boss, store,
link) with its members and defaults, and a ``map`` class for the map properties.
Everything is generated from the engine's registries and the loader's tables, so the
editor offers exactly what the game accepts. A ``link`` is a two-point polyline joining
two cells (its name names the link); it has no members.

    .venv/bin/python tools/make_tiled_project.py           # write both files
    .venv/bin/python tools/make_tiled_project.py --check   # exit 1 if they are stale
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.maps.tiled import MAP_PROPERTIES, OBJECT_MEMBERS, SQUARE_GEOMETRIES  # noqa: E402
from game.rules.rulesets import RULESETS  # noqa: E402
from game.rules.tiles import TILE_TYPES  # noqa: E402
from game.rules.wincons import WIN_CONDITIONS  # noqa: E402

PROJECT = ROOT / "maps" / "muhq.tiled-project"
OBJECT_TYPES = ROOT / "maps" / "objecttypes.xml"

# Tiled saves a member only once the author changes it: a default shown in grey is not
# written into the map. So every default below is what the game assumes when the value is
# missing, and a value the game needs (a player, the map's player count...) shows 0 or
# nothing, so that the author sees it is not set yet (Tiled 1.8's object types work so).
#: member name -> (Tiled type, default value)
MEMBERS: dict[str, tuple[str, object]] = {
    "player": ("int", 0),
    "points": ("int", 1),
    "card": ("string", ""),
    "sets": ("string", ""),
}
#: class defaults where they differ from MEMBERS
DEFAULTS: dict[tuple[str, str], object] = {
    ("building", "card"): "Building",
    ("stick", "card"): "Stick of Victory",
}
COLOURS = {"spawn": "#ff4687f5", "king": "#ffe2b04c", "region": "#ff4cb85c",
           "building": "#ffe04c40", "stick": "#ffd6aa2c", "piece": "#ffa0a0a4",
           "boss": "#ff8a2be2", "store": "#ff2ab0b0", "link": "#ffff8c1a",
           "map": "#ff808080"}
MAP_MEMBERS: dict[str, tuple[str, object]] = {
    "players": ("int", 0), "income": ("int", 0), "start_deck": ("string", ""),
    "win_condition": ("string", ""), "win_threshold": ("int", 0),
    "win_points": ("int", 0), "win_card": ("string", ""), "win_per_upkeep": ("int", 1),
    "win_region": ("string", ""),
    "win_rounds": ("int", 8),
    "draft": ("string", ""), "sets": ("string", ""), "title": ("string", ""),
    "description": ("string", ""), "ruleset": ("string", "muhq"),
    "geometry": ("string", "square-muhq"), "seat_bonus": ("int", 0),
    "first_income": ("int", 0),
}
#: map members that take their values from an enum
MAP_ENUMS = {"win_condition": "WinCondition", "ruleset": "Ruleset", "geometry": "Geometry"}


def _member(cls: str, name: str) -> dict[str, object]:
    kind, value = MEMBERS[name]
    return {"name": name, "type": kind, "value": DEFAULTS.get((cls, name), value)}


def project() -> dict[str, object]:
    assert set(MAP_MEMBERS) == set(MAP_PROPERTIES), "map members out of step with the loader"
    types: list[dict[str, object]] = [
        {"id": 1, "name": "WinCondition", "type": "enum", "storageType": "string",
         "values": WIN_CONDITIONS.names(), "valuesAsFlags": False},
        {"id": 2, "name": "TileType", "type": "enum", "storageType": "string",
         "values": list(TILE_TYPES), "valuesAsFlags": False},
        {"id": 3, "name": "Ruleset", "type": "enum", "storageType": "string",
         "values": sorted(RULESETS), "valuesAsFlags": False},
        {"id": 4, "name": "Geometry", "type": "enum", "storageType": "string",
         "values": list(SQUARE_GEOMETRIES), "valuesAsFlags": False},
    ]
    next_id = 5
    for cls, members in OBJECT_MEMBERS.items():
        types.append({"id": next_id, "name": cls, "type": "class", "color": COLOURS[cls],
                      "members": [_member(cls, m) for m in members], "useAs": ["object"]})
        next_id += 1
    map_members: list[dict[str, object]] = []
    for name, (kind, value) in MAP_MEMBERS.items():
        member: dict[str, object] = {"name": name, "type": kind, "value": value}
        if name in MAP_ENUMS:
            member["propertyType"] = MAP_ENUMS[name]
        map_members.append(member)
    types.append({"id": next_id, "name": "map", "type": "class", "color": COLOURS["map"],
                  "members": map_members, "useAs": ["map"]})
    return {
        "automappingRulesFile": "",
        "commands": [],
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": "objecttypes.xml",
        "propertyTypes": types,
    }


def object_types() -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for cls, members in OBJECT_MEMBERS.items():
        lines.append(f" <objecttype name={quoteattr(cls)} color={quoteattr(COLOURS[cls])}>")
        for name in members:
            member = _member(cls, name)
            lines.append(f"  <property name={quoteattr(name)} type={quoteattr(str(member['type']))}"
                         f" default={quoteattr(str(member['value']))}/>")
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def outputs() -> dict[Path, str]:
    return {PROJECT: json.dumps(project(), indent=4) + "\n", OBJECT_TYPES: object_types()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the files are stale")
    args = parser.parse_args(argv)
    stale = []
    for path, content in outputs().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != content:
            stale.append(path)
            if not args.check:
                path.write_text(content, encoding="utf-8")
    if args.check and stale:
        print("stale: " + ", ".join(str(p) for p in stale) + " (run tools/make_tiled_project.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
