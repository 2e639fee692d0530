"""Every number a ruleset shows in the player bar (``Game.meters``) has its symbol and its
hint in every shipped language, and the hint's placeholders are the meter's fields."""

from __future__ import annotations

import dataclasses

import pytest

from game.content import locale
from game.content.decks import with_decks
from game.content.mods import load_content
from game.maps import find_map
from game.rules import Game, GameSetup
from game.rules.core.view import Meter

LANGUAGES = ("en", "de")
FIELDS = {f.name: 0 for f in dataclasses.fields(Meter) if f.name not in ("key", "card")}


def _meters(map_name: str) -> set[str]:
    content = load_content(include_user=False)
    spec = find_map(map_name, library=content.library)
    game = Game(with_decks(GameSetup(spec, content.library, spec.players, 3,
                                     sets=spec.sets or ("base",),
                                     draft=spec.draft or "1x[2;8]")))
    keys = {m.key for p in range(spec.players) for m in game.meters(p)}
    return keys | {"mech_progress"} if spec.ruleset == "duel" else keys


@pytest.mark.parametrize("map_name", ["2P-ring-street", "2P-duel-standard",
                                      "2P-skirmish-highlands", "2P-skirmish-wastes"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_meter_has_a_symbol_and_a_hint(map_name: str, lang: str) -> None:
    for key in sorted(_meters(map_name)):
        for part in ("name", "hint"):
            line = f"meter.{key}.{part}"
            assert locale.has(line, lang), f"locale/{lang}.yaml has no {line}"
            locale.text(line, lang, **FIELDS)  # every placeholder is a field of Meter
