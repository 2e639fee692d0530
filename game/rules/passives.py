"""The passive-effect registry: continuous effects of permanents on the map (rule Units 11,
Artifacts 2). A passive gives stat changes or keywords to the permanents it applies to,
for as long as its source is where it needs to be; nothing is stored, so the effect ends
the moment its condition stops holding (rule State-based actions 3.4).

- ``equipped_bonus`` {attack, health, movement, range}: to the unit carrying the equipment.
- ``equipped_keyword`` {keyword, value}: a keyword for the unit carrying the equipment.
- ``aura`` {attack/health/movement/range, keyword, value, to, within}: to every unit
  within range ``within`` (default 1) of the source; ``to`` is ``own`` (default), ``enemy``
  or ``all``.
- ``on_tile`` {tile, attack/health/movement/range, keyword, value}: to the permanent itself
  while it stands on a tile of that type (a street, a house, a gate...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .registry import Registry

if TYPE_CHECKING:
    from .core.game import Game

STATS = ("attack", "health", "movement", "range")


@dataclass(frozen=True, slots=True)
class PassiveKind:
    name: str
    #: does the passive of ``source`` (with these parameters) apply to ``target`` now?
    applies: Callable[[Game, int, int, Mapping[str, Any]], bool]
    text: Callable[[Mapping[str, Any]], str]
    params: Mapping[str, str]


PASSIVES: Registry[PassiveKind] = Registry("passive effect")


def _equipped(game: Game, source: int, target: int, params: Mapping[str, Any]) -> bool:
    return game.container_of(source) == target


def _aura(game: Game, source: int, target: int, params: Mapping[str, Any]) -> bool:
    if source == target or game.container_of(source):
        return False
    here, there = game.tile_of(source), game.tile_of(target)
    if here is None or there is None or not game.card(target).is_unit:
        return False
    who = params.get("to", "own")
    same = game.controller(source) == game.controller(target)
    if (who == "own" and not same) or (who == "enemy" and same):
        return False
    return game.geometry.distance(here, there) <= int(params.get("within", 1))


def _changes(params: Mapping[str, Any]) -> str:
    parts = [f"{int(params[s]):+d} {s}" for s in STATS if s in params]
    if "keyword" in params:
        parts.append(str(params["keyword"]))
    return ", ".join(parts) or "nothing"


PASSIVES.add("equipped_bonus", PassiveKind(
    "equipped_bonus", _equipped, lambda p: f"The equipped unit gets {_changes(p)}.",
    {s: "int" for s in STATS}))
PASSIVES.add("equipped_keyword", PassiveKind(
    "equipped_keyword", _equipped, lambda p: f"The equipped unit has {p.get('keyword')}.",
    {"keyword": "str", "value": "any"}))
PASSIVES.add("aura", PassiveKind(
    "aura", _aura,
    lambda p: (f"{ {'own': 'Your', 'enemy': 'Enemy', 'all': 'All'}[p.get('to', 'own')] } units "
               f"within range {int(p.get('within', 1))} get {_changes(p)}."),
    {**{s: "int" for s in STATS}, "keyword": "str", "value": "any", "to": "str",
     "within": "int"}))


def _on_tile(game: Game, source: int, target: int, params: Mapping[str, Any]) -> bool:
    if source != target:
        return False
    tile = game.tile_of(source)
    return tile is not None and game.tile_kind(tile).name == params.get("tile")


PASSIVES.add("on_tile", PassiveKind(
    "on_tile", _on_tile,
    lambda p: f"While it stands on a {p.get('tile')} tile, it gets {_changes(p)}.",
    {**{s: "int" for s in STATS}, "keyword": "str", "value": "any", "tile": "str"}))
