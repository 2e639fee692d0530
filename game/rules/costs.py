"""``COSTS``: what a free action costs (resource, discarding cards, tapping, durability,
...): whether it can be paid now, and paying it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from .components import Body, OnMap, Zone
from .registry import Registry

if TYPE_CHECKING:
    from .core.game import Game


@dataclass(frozen=True, slots=True)
class CostKind:
    name: str
    payable: Callable[[Game, int, int, int], bool]
    pay: Callable[[Game, int, int, int], None]
    text: Callable[[int], str]


COSTS: Registry[CostKind] = Registry("cost")


def _pay_resource(game: Game, player: int, source: int, amount: int) -> None:
    game.pay(player, amount)


def _pay_discard(game: Game, player: int, source: int, amount: int) -> None:
    hand = [c for c in game.players[player].hand if c != source]
    for card in hand[:amount]:
        game.move_card(card, Zone.DISCARD)


def _pay_tap(game: Game, player: int, source: int, amount: int) -> None:
    esper.component_for_entity(source, OnMap).tapped = True


def _pay_durability(game: Game, player: int, source: int, amount: int) -> None:
    esper.component_for_entity(source, Body).durability -= amount
    game.version += 1  # a change of the board (the state-based actions look again)


def _pay_discard_self(game: Game, player: int, source: int, amount: int) -> None:
    game.move_card(source, Zone.DISCARD)


def _pay_sacrifice(game: Game, player: int, source: int, amount: int) -> None:
    game.destroy(source, "sacrificed")


COSTS.add("resource", CostKind(
    "resource", lambda g, pl, s, a: g.players[pl].resource >= a, _pay_resource,
    lambda a: f"{a} resource"))
COSTS.add("discard_self", CostKind(
    "discard_self", lambda g, pl, s, a: s in g.players[pl].hand,
    _pay_discard_self, lambda a: "discard this card"))
COSTS.add("discard", CostKind(
    "discard", lambda g, pl, s, a: len([c for c in g.players[pl].hand if c != s]) >= a,
    _pay_discard, lambda a: f"discard {a} card(s)"))
COSTS.add("tap", CostKind(
    "tap", lambda g, pl, s, a: g.is_on_map(s) and not esper.component_for_entity(s, OnMap).tapped,
    _pay_tap, lambda a: "tap this"))
COSTS.add("sacrifice", CostKind(
    "sacrifice", lambda g, pl, s, a: g.is_on_map(s) and g.controller(s) == pl,
    _pay_sacrifice, lambda a: "sacrifice this"))
COSTS.add("durability", CostKind(
    "durability", lambda g, pl, s, a: g.is_on_map(s)
    and esper.component_for_entity(s, Body).durability >= a,
    _pay_durability, lambda a: f"remove {a} durability"))
COSTS.add("equipped", CostKind(
    "equipped", lambda g, pl, s, a: bool(g.container_of(s)), lambda g, pl, s, a: None,
    lambda a: "while equipped"))


