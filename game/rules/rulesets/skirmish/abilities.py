"""Units' abilities in a skirmish (seed 004: "actions are attacks and abilities"): the
card's ``full_action`` is an ability its unit may use during its activation instead of
its attack (one or the other), at no movement cost, but like a shot not once the unit
moved or acted and went below zero. Targets are chosen from what the player sees: an
enemy or friend it sees, not in stasis, to which the unit's line is clear (within one
hex no line is needed); a hex it does not know to be taken when the ability wants a free
one. Also the skirmish's two effects: summoning a unit for a few rounds, and making a
hex radioactive."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import esper

from ...cards import Ability
from ...components import Activity, Zone
from ...effects import Context, _target_text, effect, resolve_ref, run_effects
from ...geometry import Tile
from ..muhq.legal import target_choices as plain_choices
from .energy import fill_energy
from .movement import known_taken
from .rules import EPHEMERAL, RADIOACTIVE, STASIS, activity, body, can_stand, set_ready, status
from .sight import line_clear, vision
from .transport import carrier

if TYPE_CHECKING:
    from ...core.game import Game


def may_use(game: Game, unit: int) -> bool:
    """The activated unit still has its attack (or ability), and is not below zero after
    moving or acting."""
    return (game.activated == unit and body(unit).attacks > 0 and not carrier(game, unit)
            and game.card(unit).full_action is not None
            and not (activity(unit).acted and body(unit).moves < 0))


def target_choices(game: Game, player: int, source: int,
                   ability: Ability | None) -> list[tuple[Any, ...]]:
    """Every way to declare the targets of ``ability`` from what ``player`` sees."""
    if ability is None:
        return []
    if not ability.targets:
        return [()]
    free_tiles = any(spec.kind == "tile" and spec.filters.get("free")
                     for spec in ability.targets)
    found = plain_choices(game, player, source, _opened(ability) if free_tiles else ability)
    return [choice for choice in found if _fair(game, player, source, ability, choice)]


def _opened(ability: Ability) -> Ability:
    """The ability with its free-hex filters taken off (they are checked against what
    the player knows instead, in ``_fair``)."""
    specs = tuple(replace(spec, filters=MappingProxyType(
        {k: v for k, v in spec.filters.items() if k not in ("free", "card")}))
        if spec.kind == "tile" else spec for spec in ability.targets)
    return replace(ability, targets=specs)


def _fair(game: Game, player: int, source: int, ability: Ability,
          choice: tuple[Any, ...]) -> bool:
    seen = vision(game, player).seen
    origin = game.tile_of(source) if game.is_on_map(source) else None
    for spec, target in zip(ability.targets, choice, strict=True):
        if spec.kind == "tile":
            tile: Tile = tuple(target)
            if spec.filters.get("free") and origin is not None \
                    and tile in known_taken(game, source):
                return False
            card = spec.filters.get("card")
            if card is not None and not _stands(game, str(card), tile):
                return False
            continue
        if not isinstance(target, int):
            continue
        if target not in seen or status(game, target, STASIS):
            return False
        where = game.tile_of(target)
        if origin is not None and where is not None and target != source \
                and not line_clear(game, source, origin, where, player):
            return False
    return True


def _stands(game: Game, name: str, tile: Tile) -> bool:
    kind = game.tile_kind(tile)
    keywords = game.library[name].keywords
    if keywords.get("skirmish:flying"):
        return True
    return kind.walkers or (kind.swimmers and bool(keywords.get("skirmish:aquatic")))


def ability_options(game: Game, unit: int) -> list[tuple[Any, ...]]:
    if not may_use(game, unit):
        return []
    player = game.controller(unit)
    return target_choices(game, player, unit, game.card(unit).full_action)


def use_ability(game: Game, unit: int, targets: tuple[Any, ...]) -> None:
    ability = game.card(unit).full_action
    if ability is None:
        return
    body(unit).attacks = 0
    activity(unit).acted = True
    game.version += 1
    run_effects(game, ability, Context(game.controller(unit), unit, targets, {}))


# ---------------------------------------------------------------------------- effects


def _summon_text(p: Mapping[str, Any]) -> str:
    rounds = int(p.get("rounds", 0))
    lasting = f"; it is ephemeral {rounds}" if rounds else ""
    return f"Summon a {p.get('card')} on {_target_text(p)}{lasting}."


@effect("skirmish:summon", _summon_text, card="card", rounds="int", target="target")
def _summon(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """A token of ``card`` for the ability's controller on the target hex, exhausted (it
    acts from the next round on), ephemeral for ``rounds`` round starts when given. A
    hex that turns out taken (by a unit the player could not see) gets nothing."""
    definition = game.library[str(p["card"])]
    for spot in resolve_ref(game, ctx, p.get("target", 0)):
        if not isinstance(spot, tuple) or game.board.get(spot, 0):
            continue
        token = game.new_card(definition, ctx.controller, Zone.HAND, token=True)
        if not can_stand(game, token, spot):
            game.move_card(token, Zone.EXILE)
            continue
        game.place_permanent(token, spot, ctx.controller)
        esper.add_component(token, Activity())
        fill_energy(game, token)
        set_ready(game, token, False)
        rounds = int(p.get("rounds", 0))
        if rounds:
            game.add_marks(token, EPHEMERAL, rounds)


@effect("skirmish:contaminate",
        lambda p: f"Put {p.get('count', 1)} radioactivity on {_target_text(p)}.",
        count="int", target="target")
def _contaminate(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """The target hex gets radioactive stacks (radioactive n: "stackable")."""
    for spot in resolve_ref(game, ctx, p.get("target", 0)):
        if isinstance(spot, tuple):
            game.mark_tile(spot, RADIOACTIVE, int(p.get("count", 1)))
