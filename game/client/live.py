"""What a piece on the map is like *now*, in words, for the hover zoom: the printed card
shows what it was printed with, these lines what boosts, damage, marks and its pile have
made of it (issue 14, point 4: a Thief with a Sword reads attack 2, not 1).

``live_lines(game, entity)`` gives (text, tone) pairs; a tone says how the window colours
the line: ``"up"`` better than printed, ``"down"`` worse (damage, a lower value),
``"plain"`` as printed or a plain fact."""

from __future__ import annotations

from typing import Any

from game.content import locale
from game.rules.marks import MARKS

from .pieces import ENDLESS

Line = tuple[str, str]


def _mark_name(kind: str, count: int) -> str:
    key = f"mark.{kind}.name"
    name = locale.text(key) if locale.has(key) else f"{kind} mark"
    return f"{count} × {name}" if count > 1 else name


def _tone(now: int, printed: int) -> str:
    if now > printed:
        return "up"
    if now < printed:
        return "down"
    return "plain"


def _attack_line(view: Any) -> Line | None:
    card = view.card
    if not view.attack:
        return None
    if len(view.attack) == 1:
        reach, amount = view.attack[0]
        where = "next to it" if reach <= 1 else f"at range {reach}"
        text = f"Attack {amount} {where}"
    else:
        text = "Attack " + ", ".join(f"{amount} at range {reach}" for reach, amount in view.attack)
    best = max(amount for _, amount in view.attack)
    return text, _tone(best, card.attack)


def _health_line(game: Any, view: Any) -> Line | None:
    if view.health <= 0:
        return None
    if view.damage:
        # the least further damage that destroys it, by the ruleset's own reading (Muhq:
        # more damage than health; the duel and the fleet: no health left)
        lethal = game.ruleset.lethal
        kill = next(more for more in range(1, view.health + 2)
                    if lethal(view.damage + more, view.health))
        more = "any more destroys it" if kill == 1 else f"it can take {kill - 1} more"
        return f"Health {view.health}, {view.damage} damage taken: {more}", "down"
    return f"Health {view.health}", _tone(view.health, view.card.health)


def _movement_line(view: Any, acting: bool) -> Line | None:
    if not view.card.is_unit or view.movement <= 0:
        return None
    text = f"Movement {view.movement}"
    if acting and view.moves_left != view.movement:
        text += f" ({view.moves_left} left this activation)"
    return text, _tone(view.movement, view.card.movement)


def _pile_line(game: Any, view: Any) -> Line | None:
    if not view.pile:
        return None
    names = []
    for entity in view.pile:
        inner = game.view(entity)
        uses = inner.durability
        if inner.card.is_equipment and 0 < uses < ENDLESS:
            names.append(f"{inner.name} ({uses} use{'s' if uses != 1 else ''})")
        else:
            names.append(inner.name)
    return "Carries " + ", ".join(names), "plain"


def live_lines(game: Any, entity: int, viewer: int | None = None) -> list[Line]:
    """The live state of the permanent ``entity`` on the map, one short line per fact
    that matters (empty for a card that is not on the map). ``viewer`` names whose
    pieces are "yours"."""
    view = game.view(entity)
    if not view.on_map:
        return []
    lines: list[Line] = []
    if view.controller != view.owner:
        lines.append((f"Controlled by P{view.controller + 1} (owner P{view.owner + 1})", "down"))
    for found in (_attack_line(view), _health_line(game, view)):
        if found is not None:
            lines.append(found)
    acting = game.activated == entity
    moving = _movement_line(view, acting)
    if moving is not None:
        lines.append(moving)
    if view.card.is_equipment and 0 < view.durability < ENDLESS:
        lines.append((f"Durability {view.durability}",
                      _tone(view.durability, view.card.durability)))
    if view.container:
        lines.append((f"In the pile of {game.view(view.container).name}", "plain"))
    pile = _pile_line(game, view)
    if pile is not None:
        lines.append(pile)
    for kind, count in view.marks:
        entry = MARKS.get(kind)
        harmful = entry is None or entry.harmful
        lines.append((_mark_name(kind, count).capitalize(), "down" if harmful else "up"))
    if view.exhausted:
        whose = "your" if viewer == view.controller else f"P{view.controller + 1}'s"
        done = "Tapped" if view.tapped else "Exhausted"
        until = "the next round" if game.ruleset.name == "skirmish" else f"{whose} next turn"
        lines.append((f"{done}: done until {until}", "plain"))
    return lines
