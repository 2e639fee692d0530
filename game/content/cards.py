"""Card files: one YAML file per card, one folder per set (``assets/cards/<set>/``).

A card file looks like::

    type: unit
    name: {en: Archer, de: Bogenschützin}
    attack: 1
    range: 2
    health: 1
    movement: 2
    buy: 4
    play: 2
    upkeep: 1
    keywords: [shroud, {crew: 1}]
    full_action: {targets: [...], do: [{damage: {amount: 1, target: 0}}]}

Problems are collected as ``Problem`` values naming the file, the field, what was
expected and what was found; a broken card is skipped and the rest still load.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from game.rules.cards import (
    Ability,
    CardDef,
    CardLibrary,
    CardType,
    CostSpec,
    EffectSpec,
    TargetSpec,
)
from game.rules.effects import COSTS, EFFECTS, TARGETS, TRIGGERS
from game.rules.keywords import KEYWORDS
from game.rules.passives import PASSIVES

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
CARDS_DIR = ASSETS / "cards"


@dataclass(frozen=True, slots=True)
class Problem:
    file: str
    field: str
    expected: str
    found: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.field}" if self.field else self.file
        return f"{where}: expected {self.expected}, found {self.found}"


class CardError(ValueError):
    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


_STATS = ("attack", "range", "health", "movement", "upkeep", "durability")
_COSTS = ("buy", "play")
_KNOWN = {"type", "name", "text", "keywords", "effect", "full_action", "free_actions",
          "triggers", "passives", "token", *_STATS, *_COSTS}


def _fail(path: str, field: str, expected: str, found: Any) -> CardError:
    shown = repr(found)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return CardError(Problem(path, field, expected, shown))


def _int(data: Mapping[str, Any], key: str, path: str, default: int | None) -> int | None:
    if key not in data or data[key] is None:
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(path, key, "a whole number of at least 0", value)
    return value


def _localised(value: Any, path: str, field: str) -> dict[str, str]:
    if isinstance(value, str):
        return {"en": value}
    if isinstance(value, Mapping) and value and all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        if "en" not in value:
            raise _fail(path, field, "an English text under 'en'", dict(value))
        return dict(value)
    raise _fail(path, field, "a text, or texts by language like {en: ..., de: ...}", value)


def _single_key(item: Any, path: str, field: str, what: str) -> tuple[str, Any]:
    if isinstance(item, str):
        return item, None
    if isinstance(item, Mapping) and len(item) == 1:
        ((key, value),) = item.items()
        if isinstance(key, str):
            return key, value
    raise _fail(path, field, f"a {what} name or a one-key mapping {{name: parameters}}", item)


def _keywords(raw: Any, path: str) -> Mapping[str, Any]:
    if raw is None:
        return MappingProxyType({})
    if not isinstance(raw, list):
        raise _fail(path, "keywords", "a list of keywords", raw)
    result: dict[str, Any] = {}
    for i, item in enumerate(raw):
        field = f"keywords[{i}]"
        name, value = _single_key(item, path, field, "keyword")
        keyword = KEYWORDS.get(name)
        if keyword is None:
            raise _fail(path, field, f"one of the keywords {', '.join(KEYWORDS.names())}", name)
        if keyword.param == "none":
            if value not in (None, True):
                raise _fail(path, field, f"{name} without a value", value)
            value = True
        elif keyword.param == "int":
            value = 1 if value is None else value
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise _fail(path, field, f"{name} with a whole number of at least 1", value)
        elif value is None:
            raise _fail(path, field, f"{name} with what it protects from", value)
        result[name] = _freeze(value)
    return MappingProxyType(result)


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _effects(raw: Any, path: str, field: str) -> tuple[EffectSpec, ...]:
    if not isinstance(raw, list) or not raw:
        raise _fail(path, field, "a non-empty list of effects", raw)
    specs = []
    for i, item in enumerate(raw):
        sub = f"{field}[{i}]"
        name, params = _single_key(item, path, sub, "effect")
        kind = EFFECTS.get(name)
        if kind is None:
            raise _fail(path, sub, f"one of the effects {', '.join(EFFECTS.names())}", name)
        params = {} if params is None else params
        if not isinstance(params, Mapping):
            raise _fail(path, sub, f"parameters of {name} as a mapping", params)
        for key in params:
            if key not in kind.params and key != "value":
                raise _fail(path, f"{sub}.{key}",
                            f"a parameter of {name} ({', '.join(kind.params)})", key)
        specs.append(EffectSpec(name, _freeze(dict(params))))
    return tuple(specs)


def _targets(raw: Any, path: str, field: str) -> tuple[TargetSpec, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _fail(path, field, "a list of targets", raw)
    specs = []
    for i, item in enumerate(raw):
        sub = f"{field}[{i}]"
        name, filters = _single_key(item, path, sub, "target kind")
        if name not in TARGETS:
            raise _fail(path, sub, f"one of the target kinds {', '.join(TARGETS.names())}", name)
        if filters is not None and not isinstance(filters, Mapping):
            raise _fail(path, sub, "target filters as a mapping", filters)
        specs.append(TargetSpec(name, _freeze(dict(filters or {}))))
    return tuple(specs)


def _costs(raw: Any, path: str, field: str) -> tuple[CostSpec, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _fail(path, field, "a list of costs", raw)
    specs = []
    for i, item in enumerate(raw):
        sub = f"{field}[{i}]"
        name, amount = _single_key(item, path, sub, "cost")
        if name not in COSTS:
            raise _fail(path, sub, f"one of the costs {', '.join(COSTS.names())}", name)
        amount = 1 if amount is None else amount
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise _fail(path, sub, "a whole number of at least 0", amount)
        specs.append(CostSpec(name, amount))
    return tuple(specs)


def _ability(raw: Any, path: str, field: str, *, trigger: bool = False,
             free: bool = False) -> Ability:
    if not isinstance(raw, Mapping):
        raise _fail(path, field, "a mapping with 'do' (and 'targets', 'cost', 'when')", raw)
    allowed = {"do", "targets", "text"} | ({"when", "if"} if trigger else set()) | (
        {"cost"} if free else set())
    for key in raw:
        if key not in allowed:
            raise _fail(path, f"{field}.{key}", f"one of {', '.join(sorted(allowed))}", key)
    when = ""
    if trigger:
        when = raw.get("when")
        if when not in TRIGGERS:
            raise _fail(path, f"{field}.when", f"one of {', '.join(TRIGGERS.names())}", when)
    condition = raw.get("if") or {}
    if not isinstance(condition, Mapping):
        raise _fail(path, f"{field}.if", "a mapping of conditions", condition)
    text = raw.get("text", "")
    if not isinstance(text, str):
        raise _fail(path, f"{field}.text", "a text", text)
    return Ability(
        effects=_effects(raw.get("do"), path, f"{field}.do"),
        targets=_targets(raw.get("targets"), path, f"{field}.targets"),
        costs=_costs(raw.get("cost"), path, f"{field}.cost") if free else (),
        trigger=when,
        condition=_freeze(dict(condition)),
        text=text,
    )


def card_from_data(data: Any, path: str, set_name: str) -> CardDef:
    """Turn one parsed card file into a ``CardDef``; raises ``CardError`` on the first problem."""
    if not isinstance(data, Mapping):
        raise _fail(path, "", "a mapping of card fields", data)
    for key in data:
        if key not in _KNOWN:
            raise _fail(path, str(key), f"a card field ({', '.join(sorted(_KNOWN))})", key)
    kind = data.get("type")
    try:
        card_type = CardType(kind)
    except ValueError:
        raise _fail(path, "type", f"one of {', '.join(t.value for t in CardType)}", kind) from None
    names = _localised(data.get("name"), path, "name")
    texts = _localised(data["text"], path, "text") if "text" in data else {}
    stats = {key: _int(data, key, path, 0) for key in _STATS}
    if "range" not in data:
        stats["range"] = 1
    costs = {key: _int(data, key, path, None) for key in _COSTS}
    if card_type in (CardType.UNIT, CardType.BOSS) and not stats["health"]:
        raise _fail(path, "health", f"health of at least 1 for a {card_type.value}",
                    data.get("health"))
    if card_type is CardType.POTION:
        stats["durability"] = stats["durability"] or 1
    if card_type in (CardType.EQUIPMENT,) and not stats["durability"]:
        raise _fail(path, "durability", "durability of at least 1 for an equipment",
                    data.get("durability"))
    effect = None
    if "effect" in data:
        effect = _ability(data["effect"], path, "effect")
    elif card_type in (CardType.SPELL, CardType.INTENTION):
        raise _fail(path, "effect", f"an effect for a {card_type.value}", None)
    full = _ability(data["full_action"], path, "full_action") if "full_action" in data else None
    free_raw = data.get("free_actions") or []
    if not isinstance(free_raw, list):
        raise _fail(path, "free_actions", "a list of free actions", free_raw)
    free = tuple(_ability(a, path, f"free_actions[{i}]", free=True) for i, a in enumerate(free_raw))
    trig_raw = data.get("triggers") or []
    if not isinstance(trig_raw, list):
        raise _fail(path, "triggers", "a list of triggered abilities", trig_raw)
    triggers = tuple(_ability(a, path, f"triggers[{i}]", trigger=True)
                     for i, a in enumerate(trig_raw))
    passive_raw = data.get("passives") or []
    if not isinstance(passive_raw, list):
        raise _fail(path, "passives", "a list of passive effects", passive_raw)
    passives = []
    for i, item in enumerate(passive_raw):
        name, params = _single_key(item, path, f"passives[{i}]", "passive")
        if name not in PASSIVES:
            raise _fail(path, f"passives[{i}]", f"one of {', '.join(PASSIVES.names())}", name)
        if not isinstance(params, Mapping):
            raise _fail(path, f"passives[{i}]", "parameters as a mapping", params)
        passives.append(EffectSpec(name, _freeze(dict(params))))
    token = data.get("token", False)
    if not isinstance(token, bool):
        raise _fail(path, "token", "true or false", token)
    return CardDef(
        name=names["en"], type=card_type, set=set_name,
        attack=stats["attack"] or 0, range=stats["range"] or 0, health=stats["health"] or 0,
        movement=stats["movement"] or 0, upkeep=stats["upkeep"] or 0,
        durability=stats["durability"] or 0, buy=costs["buy"], play=costs["play"],
        keywords=_keywords(data.get("keywords"), path),
        effect=effect, full_action=full, free_actions=free, triggers=triggers,
        passives=tuple(passives), names=MappingProxyType(names),
        texts=MappingProxyType(texts), token=token, source=path,
    )


def load_card_file(path: Path, set_name: str) -> CardDef:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail(str(path), "", "a readable UTF-8 text file", type(exc).__name__) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        raise _fail(str(path), where, "valid YAML", getattr(exc, "problem", str(exc))) from None
    return card_from_data(data, str(path), set_name)


def load_cards(root: Path = CARDS_DIR) -> tuple[CardLibrary, list[Problem]]:
    """Every card of every set folder under ``root``; broken files are reported and skipped."""
    library = CardLibrary()
    problems: list[Problem] = []
    if not root.is_dir():
        return library, [Problem(str(root), "", "a folder of card sets", "nothing")]
    for set_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        for path in sorted(set_dir.glob("*.yaml")):
            try:
                card = load_card_file(path, set_dir.name)
            except CardError as exc:
                problems.append(exc.problem)
                continue
            if card.name in library:
                problems.append(Problem(str(path), "name", "a card name not used by another card",
                                        repr(card.name)))
                continue
            library.add(card)
    return library, problems
