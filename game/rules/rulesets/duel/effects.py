"""The duel's effects, entries of the shared ``EFFECTS`` registry that duel cards name:
lasting stat boosts, dispel, summoning next to a unit (Wind Dervishes, Obelysks), the
Dunecaster's anchoring of a dervish, mana, and refreshing the bloodbound spell."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import esper

from ...components import Arrival, Body, Granted, Mark, Zone
from ...effects import Context, _permanents, _target_text, effect, resolve_ref
from ...marks import MARKS
from .rules import (
    ANCHORED,
    BLOODBOUND_READY,
    DISPELLED,
    MANA,
    MAX_MANA,
    collect_globe,
    is_free,
    keyword,
)

if TYPE_CHECKING:
    from ...core.game import Game


def _changes(p: Mapping[str, Any]) -> str:
    return f"{int(p.get('attack', 0)):+d}/{int(p.get('health', 0)):+d}"


def _buff_text(p: Mapping[str, Any]) -> str:
    each = f" for each other friendly {p['per_tag']}" if "per_tag" in p else ""
    return f"Give {_target_text(p)} {_changes(p)}{each}."


@effect("buff", _buff_text, attack="int", health="int", per_tag="str", target="target")
def _buff(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """A lasting boost (attack/health); a dispel takes it away (it is a granted effect).
    ``per_tag``: that much for each other friendly unit of the tribe (tokens count:
    Vespyr)."""
    times = 1
    if "per_tag" in p:
        tag = str(p["per_tag"])
        times = sum(1 for u in game.controlled_permanents(ctx.controller)
                    if u != ctx.source and game.card(u).is_unit and tag in game.card(u).tags)
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        for stat in ("attack", "health"):
            if int(p.get(stat, 0)) and times:
                game.grant(target, "stat:" + stat, int(p[stat]) * times, "dispel", ctx.source)


@effect("dispel", lambda p: f"Dispel {_target_text(p)}: it loses its boosts, marks and "
        "abilities (but not Ephemeral).", target="target")
def _dispel(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        dispel(game, target)


def dispel(game: Game, unit: int) -> None:
    """Dispel: boosts and marks go (not what a Dunecaster did); the unit keeps no keyword
    but Ephemeral and no triggered or passive ability. Its damage stays, now against its
    printed health."""
    for entity, granted in list(esper.get_component(Granted)):
        if granted.target == unit:
            esper.delete_entity(entity, immediate=True)
    for entity, mark in list(esper.get_component(Mark)):
        if mark.bearer == unit and not MARKS[mark.kind].undispellable:
            game.remove_mark_entity(entity, mark)
    if not game.marks(unit, DISPELLED):
        game.add_marks(unit, DISPELLED, 1)
    game.roster_changed()  # its passives stop
    game.version += 1


@effect("summon_nearby",
        lambda p: f"Summon {p.get('count', 1)} {p.get('card')} on a random free tile next to "
                  f"{_target_text(p, 'this')} (none when it is surrounded)"
                  + ("; the summoned unit stays (not Ephemeral)." if p.get("anchored") else "."),
        card="card", count="int", target="target", anchored="flag")
def _summon_nearby(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    """Tokens on random free tiles around the unit (Obelysks, Wind Dervishes): nothing
    when every tile around it is taken. ``anchored``: each token comes anchored, as a
    Dunecaster leaves a dervish (an Ephemeral token stays)."""
    from .turn import next_arrival

    definition = game.library[str(p["card"])]
    for centre in _permanents(game, resolve_ref(game, ctx, p.get("target", "self"))):
        for _ in range(int(p.get("count", 1))):
            here = game.tile_of(centre)
            if here is None:
                return
            free = sorted(t for t in game.neighbours[here] if is_free(game, t))
            if not free:
                break
            tile = free[game.rng.randrange(len(free))]
            token = game.new_card(definition, ctx.controller, Zone.MAP, token=True)
            game.place_permanent(token, tile, ctx.controller)
            esper.add_component(token, Arrival(next_arrival(game)))
            body = esper.component_for_entity(token, Body)
            body.moves = body.attacks = 1 if keyword(game, token, "rush") else 0
            if p.get("anchored"):
                anchor(game, token)
            collect_globe(game, token)


@effect("anchor", lambda p: f"{_target_text(p).capitalize()} is no longer Ephemeral "
        "(for good: a dispel doesn't bring it back).", target="target")
def _anchor(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    for target in _permanents(game, resolve_ref(game, ctx, p.get("target", 0))):
        anchor(game, target)


def anchor(game: Game, unit: int) -> None:
    """The unit is no longer Ephemeral, for good (once anchored, nothing more to do)."""
    if not game.marks(unit, ANCHORED):
        game.add_marks(unit, ANCHORED, 1)


@effect("gain_mana", lambda p: f"Gain {p.get('amount', 1)} mana this turn.", amount="int")
def _gain_mana(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    room = MAX_MANA - game.counter(ctx.controller, MANA)
    amount = min(room, int(p.get("amount", 1)))
    if amount > 0:
        game.add_to_counter(ctx.controller, MANA, amount)


@effect("refresh_bloodbound", lambda p: "Your bloodbound spell is ready again.")
def _refresh(game: Game, ctx: Context, p: Mapping[str, Any]) -> None:
    if not game.counter(ctx.controller, BLOODBOUND_READY):
        game.add_to_counter(ctx.controller, BLOODBOUND_READY, 1)
