"""The card schema: what a card file may contain, as a JSON Schema (Draft 2020-12).

The schema is built from the rules engine's registries, so the names a card file may use
are always the registered ones: keyword names (each with the parameter shape its entry
declares), effect names (each with the parameters its entry declares), target kinds,
cost kinds, trigger names, passive kinds and mark names. Registering a new entry makes the
schema accept it without touching this module.

Every sub-schema carries its expectation in plain words under ``x-expected`` (and, for
mappings with a fixed set of fields, ``x-unknown`` or ``x-choice`` for the words used
when a field is not one of them). ``schema_findings`` runs the validator and turns each
jsonschema error into a ``Finding``: the dotted field (``effect.do[0].damage.amount``),
those words, and the offending value, shortened.

What a schema cannot say well (a unit needs health, a spell needs an effect, a token card
named by an effect must exist) is checked in ``game.content.cards``.

``python -m game.content.schema`` prints the schema as JSON, for editors that check YAML
files against a JSON Schema while one types.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence, Sized
from functools import lru_cache
from typing import Any, NamedTuple

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match

from game.rules.cards import CardType
from game.rules.core.state import RULES_VERSION
from game.rules.costs import COSTS
from game.rules.effects import EFFECTS
from game.rules.keywords import KEYWORDS
from game.rules.limits import MAX_CARD_NUMBER, MAX_LIST_ITEMS, MAX_NAME, MAX_TEXT, MAX_WORD
from game.rules.marks import MARKS
from game.rules.passives import PASSIVES, STATS
from game.rules.targets import TARGETS
from game.rules.tiles import TILE_TYPES
from game.rules.triggers import TRIGGERS

DRAFT = "https://json-schema.org/draft/2020-12/schema"

COUNT = "a whole number of at least 0"
POSITIVE = "a whole number of at least 1"
WHOLE = "a whole number"

#: The fields of a card file that are plain numbers (stats and costs).
NUMBER_FIELDS = ("attack", "range", "health", "movement", "buy", "play", "upkeep", "durability")

#: What an effect's ``target`` may name besides a target number: the fixed references and
#: the event values a trigger passes on (see ``game.rules.effects.resolve_ref``).
TARGET_REFERENCES = ("self", "controller", "equipped", "each_enemy_unit", "each_own_unit",
                     "adjacent_enemy_units", "opponents", "attacker", "subject", "tile",
                     "own_general", "enemy_general")

def _target_filters() -> dict[str, dict[str, Any]]:
    """Filters a declared target may carry, with their value schemas (``unit: {controller:
    enemy, range: 2}``); the engine reads them in ``game.rules.effects`` and ``Game``."""
    return {
        "controller": _enum(("own", "enemy"), "own or enemy"),
        "range": _count(),
        "name": _name(),
        "self": _flag(),
        "damaged": _flag(),
        "mark": _enum(MARKS.names(), _one_of("marks", MARKS.names())),
        "straight_line": _flag(),
        "not_keyword": _enum(KEYWORDS.names(), _one_of("keywords", KEYWORDS.names())),
        "tag": _text("a card tag (a tribe such as dervish, or general)", MAX_WORD),
        "not_tag": _text("a card tag the target must not have", MAX_WORD),
        "free": _flag(),
        "spawn": _flag(),
        "card": _name(),
        "adjacent_to": _count("the number of an earlier target (0 for the first)"),
    }


def _text_choices() -> dict[str, tuple[str, ...]]:
    """Text parameters whose values are a fixed set, by parameter name."""
    return {
        "keyword": tuple(KEYWORDS.names()),
        "stat": STATS,
        "until": ("end_of_turn", "while_source_on_map"),
        "to": ("own", "enemy", "all"),
        "tile": tuple(sorted(TILE_TYPES)),
    }


#: Whole-number parameters that may be negative: stat changes. A parameter named after a
#: stat (``aura: {attack: -1}``) is one; so are the ones listed here by entry.
SIGNED_PARAMS: Mapping[str, frozenset[str]] = {"grant": frozenset({"amount"})}

#: Parameter types that have no default: an entry cannot work without them.
REQUIRED_PARAM_TYPES = frozenset({"mark", "card"})


class Finding(NamedTuple):
    """One thing wrong in a card's data, before it is tied to a file."""

    field: str
    expected: str
    found: str


# ---------------------------------------------------------------------------- building


def _one_of(what: str, names: Iterable[str]) -> str:
    return f"one of the {what} {', '.join(names)}"


def _count(words: str = COUNT, *, minimum: int = 0, nullable: bool = False) -> dict[str, Any]:
    kind: Any = ["integer", "null"] if nullable else "integer"
    return {"type": kind, "minimum": minimum, "maximum": MAX_CARD_NUMBER, "x-expected": words}


def _signed() -> dict[str, Any]:
    return {"type": "integer", "minimum": -MAX_CARD_NUMBER, "maximum": MAX_CARD_NUMBER,
            "x-expected": WHOLE}


def _flag(words: str = "true or false") -> dict[str, Any]:
    return {"type": "boolean", "x-expected": words}


def _text(words: str = "a text", longest: int = MAX_TEXT) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "maxLength": longest, "x-expected": words}


def _name(words: str = "a card name") -> dict[str, Any]:
    return _text(words, MAX_NAME)


def _enum(names: Sequence[Any], words: str) -> dict[str, Any]:
    return {"enum": list(names), "x-expected": words}


def _choice(what: str, options: Mapping[str, dict[str, Any]], shape: str,
            bare: Sequence[str] | None = None, bare_note: str = "") -> dict[str, Any]:
    """A list item naming one registry entry: ``name`` alone (if ``bare`` lists the names
    allowed alone) or a one-key mapping ``{name: parameters}``."""
    names = sorted(options)
    mapping = {
        "type": "object", "minProperties": 1, "maxProperties": 1,
        "properties": dict(options), "additionalProperties": False,
        "x-expected": shape, "x-choice": _one_of(what, names),
    }
    if bare is None:
        return mapping
    words = _one_of(what, sorted(bare)) + (f" ({bare_note})" if bare_note else "")
    return {"if": {"type": "string"}, "then": _enum(sorted(bare), words), "else": mapping}


def _localised(noun: str, longest: int) -> dict[str, Any]:
    """A name or text: one English string, or strings by language code."""
    shape = f"a {noun}, or {noun}s by language like {{en: ..., de: ...}}"
    return {
        "if": {"type": "string"},
        "then": _text(f"a {noun} that is not empty", longest),
        "else": {
            "type": "object", "required": ["en"], "maxProperties": MAX_LIST_ITEMS,
            "properties": {"en": _text(f"the English {noun} under 'en'", longest)},
            "propertyNames": {"type": "string", "pattern": r"^[a-z]{2,3}([-_][A-Za-z0-9]+)*$",
                              "maxLength": MAX_WORD,
                              "x-expected": "a language code like en or de"},
            "additionalProperties": _text(f"a {noun} that is not empty", longest),
            "x-expected": shape,
        },
        "x-expected": shape,
    }


def _target_reference() -> dict[str, Any]:
    words = ("a target number (0 for the first declared target) or one of "
             + ", ".join(TARGET_REFERENCES))
    return {"if": {"type": "integer"}, "then": _count(words),
            "else": _enum(TARGET_REFERENCES, words)}


def _param(entry: str, name: str, kind: str) -> dict[str, Any]:
    """The schema of one registry parameter, from its declared type."""
    if kind == "int":
        if name in STATS or name in SIGNED_PARAMS.get(entry, ()):
            return _signed()
        return _count()
    if kind == "mark":
        return _enum(MARKS.names(), _one_of("marks", MARKS.names()))
    if kind == "card":
        return _name()
    if kind == "target":
        return _target_reference()
    if kind == "flag":
        return {"type": "boolean", "x-expected": "true or false"}
    if kind == "str":
        choices = _text_choices().get(name)
        if choices is not None:
            return _enum(choices, f"one of {', '.join(choices)}")
        return _text()
    return {}  # "any" and types this module does not know yet: anything goes


def _parameters(entry: str, params: Mapping[str, str], what: str, *,
                nullable: bool) -> dict[str, Any]:
    """The mapping of an entry's parameters; a ``keyword`` parameter brings ``value``
    (the granted keyword's own parameter) with it."""
    declared = dict(params)
    if "keyword" in declared:
        declared.setdefault("value", "any")
    required = sorted(p for p, kind in declared.items() if kind in REQUIRED_PARAM_TYPES)
    schema: dict[str, Any] = {
        "type": ["object", "null"] if nullable and not required else "object",
        "properties": {p: _param(entry, p, kind) for p, kind in declared.items()},
        "additionalProperties": False,
        "x-expected": f"the parameters of {entry} as a mapping",
        "x-unknown": f"a parameter of {entry} ({', '.join(sorted(declared)) or 'none'})",
    }
    if required:
        schema["required"] = required
        schema["x-expected"] += f" (with {', '.join(required)})"
    return schema


def _keyword_param(name: str, param: str) -> dict[str, Any]:
    if param == "fields":
        fields = KEYWORDS[name].fields
        shape = f"{name} with " + ", ".join(f for f, _ in fields)
        return {
            "type": "object", "required": [f for f, _ in fields],
            "properties": {f: (_count() if kind == "int" else
                               _enum(KEYWORDS.names(), _one_of("keywords", KEYWORDS.names())))
                           for f, kind in fields},
            "additionalProperties": False,
            "x-expected": shape,
            "x-unknown": f"a field of {name} ({', '.join(f for f, _ in fields)})",
        }
    if param == "none":
        return _enum((True, None), f"{name} without a value")
    if param == "int":
        return _count(f"{name} with a whole number of at least 1", minimum=1, nullable=True)
    spec_words = (f"{name} with what it protects from: a card name, a card type (spells, "
                  "units...), or a mapping of name, type, controller, buy_above")
    return {
        "if": {"type": "string"},
        "then": _text(spec_words, MAX_NAME),
        "else": {
            "type": "object",
            "properties": {
                "name": _name(),
                "type": _enum([t.value for t in CardType],
                              _one_of("card types", [t.value for t in CardType])),
                "controller": _enum(("enemy",), "enemy"),
                "buy_above": _count(),
            },
            "additionalProperties": False,
            "x-expected": spec_words,
            "x-unknown": "a part of a protection spec (buy_above, controller, name, type)",
        },
    }


def _keyword() -> dict[str, Any]:
    options = {n: _keyword_param(n, KEYWORDS[n].param) for n in KEYWORDS.names()}
    bare = [n for n in KEYWORDS.names() if KEYWORDS[n].param not in ("spec", "fields")]
    needs = [n for n in KEYWORDS.names() if KEYWORDS[n].param == "spec"]
    note = ", ".join([f"{n} needs what it protects from, as {{{n}: ...}}" for n in needs]
                     + [f"{n} needs its fields, as {{{n}: {{...}}}}" for n in KEYWORDS.names()
                        if KEYWORDS[n].param == "fields"])
    return _choice("keywords", options, "a keyword name or a one-key mapping {name: parameter}",
                   bare, note)


def _effect() -> dict[str, Any]:
    options = {n: _parameters(n, EFFECTS[n].params, "effect", nullable=True)
               for n in EFFECTS.names()}
    needy = [n for n in EFFECTS.names() if options[n].get("required")]
    bare = [n for n in EFFECTS.names() if n not in needy]
    note = f"{', '.join(needy)} need their parameters" if needy else ""
    return _choice("effects", options,
                   "an effect name or a one-key mapping {effect: {parameters}}", bare, note)


def _target() -> dict[str, Any]:
    filters = _target_filters()
    schema = {
        "type": ["object", "null"],
        "properties": filters,
        "additionalProperties": False,
        "x-expected": "target filters as a mapping",
        "x-unknown": f"a target filter ({', '.join(sorted(filters))})",
    }
    options = {n: schema for n in TARGETS.names()}
    return _choice("target kinds", options,
                   "a target kind or a one-key mapping {kind: {filters}}", TARGETS.names())


def _cost() -> dict[str, Any]:
    options = {n: _count(f"{n} with a whole number of at least 0", nullable=True)
               for n in COSTS.names()}
    return _choice("costs", options, "a cost name or a one-key mapping {cost: amount}",
                   COSTS.names())


def _passive() -> dict[str, Any]:
    options = {n: _parameters(n, PASSIVES[n].params, "passive", nullable=False)
               for n in PASSIVES.names()}
    return _choice("passive effects", options,
                   "a passive effect as a one-key mapping {name: {parameters}} "
                   f"({', '.join(sorted(options))})")


def _ability(kind: str) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "targets": {"type": "array", "items": {"$ref": "#/$defs/target"},
                    "maxItems": MAX_LIST_ITEMS, "x-expected": "a list of targets"},
        "do": {"type": "array", "minItems": 1, "maxItems": MAX_LIST_ITEMS,
               "items": {"$ref": "#/$defs/effect"}, "x-expected": "a non-empty list of effects"},
        "text": _text(),
    }
    required = ["do"]
    if kind == "free":
        properties["cost"] = {"type": "array", "items": {"$ref": "#/$defs/cost"},
                              "maxItems": MAX_LIST_ITEMS, "x-expected": "a list of costs"}
    if kind == "trigger":
        required.insert(0, "when")
        properties["when"] = _enum(TRIGGERS.names(), _one_of("triggers", TRIGGERS.names()))
        properties["if"] = {
            "type": "object",
            "properties": {"controller": _enum(("own", "enemy"), "own or enemy")},
            "additionalProperties": False,
            "x-expected": "a mapping of conditions",
            "x-unknown": "a condition (controller)",
        }
    return {
        "type": "object",
        "required": required,
        "properties": properties,
        "additionalProperties": False,
        "x-expected": f"a mapping with {' and '.join(required)}"
                      f" (and {', '.join(k for k in properties if k not in required)})",
        "x-unknown": f"a part of the ability ({', '.join(sorted(properties))})",
    }


def _list_of(ref: str, words: str) -> dict[str, Any]:
    return {"type": "array", "items": {"$ref": f"#/$defs/{ref}"}, "maxItems": MAX_LIST_ITEMS,
            "x-expected": words}


def card_schema() -> dict[str, Any]:
    """The JSON Schema of one card file, from the registries as they are now."""
    types = [t.value for t in CardType]
    properties: dict[str, Any] = {
        "type": _enum(types, _one_of("card types", types)),
        "name": _localised("name", MAX_NAME),
        "text": _localised("text", MAX_TEXT),
        **{key: _count(nullable=True) for key in NUMBER_FIELDS},
        "keywords": _list_of("keyword", "a list of keywords"),
        "effect": {"$ref": "#/$defs/ability"},
        "full_action": {"$ref": "#/$defs/ability"},
        "free_actions": _list_of("free_action", "a list of free actions"),
        "triggers": _list_of("trigger", "a list of triggered abilities"),
        "passives": _list_of("passive", "a list of passive effects"),
        "token": _flag(),
        "bloodbound": {"type": "string", "minLength": 1, "maxLength": MAX_NAME,
                       "x-expected": "the name of the general's bloodbound spell card"},
        "tags": {"type": "array", "uniqueItems": True, "maxItems": MAX_LIST_ITEMS,
                 "items": {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$",
                           "maxLength": MAX_WORD,
                           "x-expected": "a tag: a lower-case word (letters, digits, - or _)"},
                 "x-expected": "a list of tags, each given once"},
    }
    # the card as games of an earlier rules version play it (``before``): any field but
    # its type and name, and the last rules version that plays it so
    earlier = {key: value for key, value in properties.items() if key not in ("type", "name")}
    properties["before"] = {
        "type": "array", "maxItems": MAX_LIST_ITEMS,
        "x-expected": "a list of the card's earlier forms, each with the last rules version "
                      "that plays it",
        "items": {
            "type": "object", "required": ["rules"],
            "properties": {"rules": {"type": "integer", "minimum": 1,
                                     "maximum": RULES_VERSION - 1,
                                     "x-expected": "a rules version before "
                                                   f"{RULES_VERSION}, from 1"},
                           **earlier},
            "additionalProperties": False,
            "x-expected": "a mapping with rules (and the fields that were different)",
            "x-unknown": f"a card field ({', '.join(sorted(earlier))}) or rules",
        },
    }
    return {
        "$schema": DRAFT,
        "title": "Muhq's Game card",
        "type": "object",
        "required": ["type", "name"],
        "properties": properties,
        "additionalProperties": False,
        "x-expected": "a mapping of card fields",
        "x-unknown": f"a card field ({', '.join(sorted(properties))})",
        "$defs": {
            "keyword": _keyword(),
            "effect": _effect(),
            "target": _target(),
            "cost": _cost(),
            "passive": _passive(),
            "ability": _ability("plain"),
            "free_action": _ability("free"),
            "trigger": _ability("trigger"),
        },
    }


def _whole_number(checker: Any, instance: Any) -> bool:
    """Whole numbers are ints: neither true/false nor 2.0 counts as one."""
    return isinstance(instance, int) and not isinstance(instance, bool)


CardValidator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number),
)


def _registry_state() -> tuple[Any, ...]:
    """Everything the schema is built from; a change rebuilds the validator."""
    return (
        tuple((n, KEYWORDS[n].param, KEYWORDS[n].fields) for n in KEYWORDS.names()),
        tuple((n, tuple(EFFECTS[n].params.items())) for n in EFFECTS.names()),
        tuple((n, tuple(PASSIVES[n].params.items())) for n in PASSIVES.names()),
        tuple(TARGETS.names()), tuple(COSTS.names()), tuple(TRIGGERS.names()),
        tuple(MARKS.names()), tuple(sorted(TILE_TYPES)),
    )


@lru_cache(maxsize=4)
def _validator_for(state: tuple[Any, ...]) -> Any:
    schema = card_schema()
    CardValidator.check_schema(schema)
    return CardValidator(schema)


def card_validator() -> Any:
    """The validator for the current registries (built once per registry state)."""
    return _validator_for(_registry_state())


# ---------------------------------------------------------------------------- findings


def shorten(value: Any, limit: int = 60) -> str:
    shown = repr(value)
    return shown if len(shown) <= limit else shown[:limit - 3] + "..."


def field_name(path: Iterable[Any]) -> str:
    """``("effect", "do", 0, "damage")`` -> ``effect.do[0].damage``."""
    out = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            out += f"[{part}]"
        else:
            text = str(part) if len(str(part)) <= 40 else str(part)[:37] + "..."
            out += f".{text}" if out else text
    return out


def _document_order(data: Any, path: Sequence[Any]) -> tuple[int, ...]:
    """Where a path lies in the file: problems are reported top to bottom."""
    order = []
    here = data
    for part in path:
        if isinstance(here, Mapping):
            keys = list(here)
            order.append(keys.index(part) if part in keys else len(keys))
            here = here.get(part)
        elif isinstance(here, list) and isinstance(part, int) and part < len(here):
            order.append(part)
            here = here[part]
        else:
            order.append(0)
            here = None
    return tuple(order)


def _explain(error: ValidationError) -> Iterator[tuple[tuple[Any, ...], str, str]]:
    """(path, expected, found) for one leaf error."""
    path = tuple(error.absolute_path)
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    instance = error.instance
    if error.validator == "required":
        properties = schema.get("properties", {})
        # (the stubs allow an unset value; a "required" error the validator raised has its list)
        for name in error.validator_value:  # type: ignore[union-attr]
            if isinstance(instance, Mapping) and name not in instance:
                words = properties.get(name, {}).get("x-expected", "a value")
                yield (*path, name), words, "nothing"
        return
    if error.validator == "additionalProperties" and isinstance(instance, Mapping):
        known = schema.get("properties", {})
        for key in instance:
            if key in known:
                continue
            if "x-choice" in schema:
                yield path, schema["x-choice"], shorten(key)
            else:
                yield (*path, str(key)), schema.get("x-unknown", "a known field"), shorten(key)
        return
    if "propertyNames" in error.relative_schema_path:
        yield (*path, str(instance)), schema.get("x-expected", "a field name"), shorten(instance)
        return
    limit = error.validator_value
    if error.validator == "maximum":
        yield path, f"a whole number of at most {limit}", shorten(instance)
        return
    if error.validator == "minimum" and isinstance(limit, int) and limit < 0:
        yield path, f"a whole number of at least {limit}", shorten(instance)
        return
    if error.validator == "maxLength" and isinstance(instance, str):
        yield path, f"a text of at most {limit} characters", f"{len(instance)} characters"
        return
    if (error.validator in ("maxItems", "maxProperties") and limit == MAX_LIST_ITEMS
            and isinstance(instance, Sized)):
        what = "a list" if error.validator == "maxItems" else "a mapping"
        yield path, f"{what} of at most {limit} items", f"{len(instance)} items"
        return
    words = schema.get("x-expected") or f"a value that meets {error.validator} " \
                                         f"{shorten(error.validator_value)}"
    yield path, words, shorten(instance)


def schema_findings(data: Any) -> list[Finding]:
    """Every way ``data`` (one parsed card file) breaks the card schema, top to bottom,
    one finding per field."""
    found: list[tuple[tuple[int, ...], int, Finding]] = []
    for error in card_validator().iter_errors(data):
        leaf = best_match([error]) if error.context else error
        for path, expected, shown in _explain(leaf):
            finding = Finding(field_name(path), expected, shown)
            found.append((_document_order(data, path), len(found), finding))
    seen: set[str] = set()
    result = []
    for _, _, finding in sorted(found):
        if finding.field not in seen:
            seen.add(finding.field)
            result.append(finding)
    return result


if __name__ == "__main__":
    print(json.dumps(card_schema(), indent=2, ensure_ascii=False))
