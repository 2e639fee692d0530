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

A file is checked in three steps: its structure against the card schema
(``game.content.schema``, built from the registries), then the rules a schema does not
express (a unit needs health, an equipment durability, a spell an effect), and once every
card is loaded, the names of other cards it refers to (``create_token: {card: Wolf}``).
Every problem is a ``Problem`` naming the file, the field, what was expected and what was
found; all problems of a file are reported at once, the broken card is skipped and the rest
still load.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.content.schema import schema_findings, shorten
from game.content.yamlfile import read_yaml
from game.rules.cards import (
    Ability,
    CardDef,
    CardLibrary,
    CardType,
    CostSpec,
    EffectSpec,
    TargetSpec,
)
from game.rules.effects import EFFECTS
from game.rules.files import entry_problem
from game.rules.keywords import KEYWORDS
from game.rules.limits import MAX_CARD_FILE
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
    """A card file that cannot be used: ``problem`` is the first of its ``problems``."""

    def __init__(self, problem: Problem, problems: tuple[Problem, ...] | list[Problem] = ()
                 ) -> None:
        super().__init__(str(problem))
        self.problem = problem
        self.problems: tuple[Problem, ...] = tuple(problems) or (problem,)


def _problem(path: str, field: str, expected: str, found: str) -> CardError:
    return CardError(Problem(path, field, expected, found))


# ---------------------------------------------------------------------------- checking


def _a(card_type: CardType) -> str:
    article = "an" if card_type.value[0] in "aeio" else "a"  # a unit, an intention
    return f"{article} {card_type.value}"


def check_card_data(data: Any, path: str) -> list[Problem]:
    """Every problem of one parsed card file, top to bottom; empty if the card is fine."""
    problems = [Problem(path, f.field, f.expected, f.found) for f in schema_findings(data)]
    if not isinstance(data, Mapping):
        return problems
    reported = {p.field for p in problems}
    try:
        found: Any = data.get("type")  # whatever the file holds: CardType refuses the wrong
        card_type = CardType(found)
    except ValueError:
        return problems  # the schema has said so; what a type needs cannot be judged

    def needs(field: str, words: str) -> None:
        if field not in reported and not data.get(field):
            found = "nothing" if data.get(field) is None else shorten(data[field])
            problems.append(Problem(path, field, words, found))

    if card_type in (CardType.UNIT, CardType.BOSS):
        needs("health", f"health of at least 1 for {_a(card_type)}")
    if card_type is CardType.EQUIPMENT:
        needs("durability", "durability of at least 1 for an equipment")
    shaped = not problems  # the schema holds: every ability has the shape it should
    if card_type in (CardType.SPELL, CardType.INTENTION) and "effect" not in data:
        problems.append(Problem(path, "effect", f"an effect for {_a(card_type)}", "nothing"))
    if shaped:
        problems.extend(Problem(path, *found) for found in _target_numbers(data))
    if not problems and data.get("before"):
        problems.extend(_earlier_problems(data, path))
    return problems


def _raw_abilities(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """``(field, ability)`` of every ability of card data that fits the schema."""
    for key in ("effect", "full_action"):
        if key in data:
            yield key, data[key]
    for key in ("free_actions", "triggers"):
        for i, ability in enumerate(data.get(key) or ()):
            yield f"{key}[{i}]", ability


def _target_numbers(data: Mapping[str, Any]) -> Iterator[tuple[str, str, str]]:
    """``(field, expected, found)`` for every target number that names no declared target:
    an effect's ``target: 2`` in an ability declaring two targets (numbered 0 and 1) would
    do nothing in play, and a target's ``adjacent_to`` must name an earlier target (a
    ``spawn`` filter, too, needs what it stands on: a tile target naming a card)."""
    for field, ability in _raw_abilities(data):
        targets = list(_entries(ability.get("targets")))
        for j, (kind, filters) in enumerate(targets):
            anchor = (filters or {}).get("adjacent_to")
            if anchor is not None and anchor >= j:
                earlier = (f"from 0 to {j - 1}" if j else "(none: this is the first target)")
                yield (f"{field}.targets[{j}].{kind}.adjacent_to",
                       f"the number of an earlier target {earlier}", shorten(anchor))
            if (filters or {}).get("spawn") and (kind != "tile" or "card" not in filters):
                # spawn tiles depend on what is played there: a tile target naming its card
                yield (f"{field}.targets[{j}].{kind}.spawn", "a tile target that also names "
                       "the card it is for (card: NAME)", f"{kind} without a card")
        declared = (f"from 0 to {len(targets) - 1} (the ability declares {len(targets)} "
                    "target" + ("s)" if len(targets) > 1 else ")")) if targets else \
            "(none: the ability declares no targets; self, controller and the like need none)"
        for i, (name, params) in enumerate(_entries(ability.get("do"))):
            for param, kind in EFFECTS[name].params.items():
                value = (params or {}).get(param)
                if (kind == "target" and isinstance(value, int) and not isinstance(value, bool)
                        and value >= len(targets)):
                    yield (f"{field}.do[{i}].{name}.{param}",
                           f"the number of a declared target {declared}", shorten(value))


# ---------------------------------------------------------------------------- building


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _entries(items: Any) -> Iterator[tuple[str, Any]]:
    """``[name, {name: parameters}]`` -> ``(name, None), (name, parameters)``."""
    for item in items or ():
        if isinstance(item, str):
            yield item, None
        else:
            ((name, value),) = item.items()
            yield name, value


def _localised(value: Any) -> dict[str, str]:
    return {"en": value} if isinstance(value, str) else dict(value)


def _keywords(raw: Any) -> Mapping[str, Any]:
    result: dict[str, Any] = {}
    for name, value in _entries(raw):
        param = KEYWORDS[name].param
        if param == "none":
            value = True
        elif param == "int":
            value = 1 if value is None else value
        result[name] = _freeze(value)
    return MappingProxyType(result)


def _ability(raw: Mapping[str, Any]) -> Ability:
    return Ability(
        effects=tuple(EffectSpec(name, _freeze(dict(params or {})))
                      for name, params in _entries(raw.get("do"))),
        targets=tuple(TargetSpec(name, _freeze(dict(filters or {})))
                      for name, filters in _entries(raw.get("targets"))),
        costs=tuple(CostSpec(name, 1 if amount is None else amount)
                    for name, amount in _entries(raw.get("cost"))),
        trigger=raw.get("when", ""),
        condition=_freeze(dict(raw.get("if") or {})),
        text=raw.get("text", ""),
    )


def _number(data: Mapping[str, Any], key: str, default: int) -> int:
    value = data.get(key)
    return default if value is None else value


def card_from_data(data: Any, path: str, set_name: str) -> CardDef:
    """Turn one parsed card file into a ``CardDef``; raises ``CardError`` holding every
    problem of the data (``problem`` is the first)."""
    problems = check_card_data(data, path)
    if problems:
        raise CardError(problems[0], problems)
    return _with_earlier_forms(data, path, set_name)


def _earlier(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The card data of each earlier form (``before``): the card's fields, those of the
    entry in their place."""
    base = {key: value for key, value in data.items() if key != "before"}
    return [{**base, **{k: v for k, v in entry.items() if k != "rules"}}
            for entry in data.get("before") or ()]


def _earlier_problems(data: Mapping[str, Any], path: str) -> list[Problem]:
    """What is wrong with an earlier form as a card of its own (a unit without health),
    named by its place in ``before``."""
    return [Problem(path, f"before[{index}].{p.field}", p.expected, p.found)
            for index, form in enumerate(_earlier(data))
            for p in check_card_data(form, path)]


def _with_earlier_forms(data: Mapping[str, Any], path: str, set_name: str) -> CardDef:
    """The ``CardDef`` of checked card data, with its earlier forms (oldest first)."""
    card = _build(data, path, set_name)
    if "before" in data:
        forms = sorted(((entry["rules"], _build(form, path, set_name))
                        for entry, form in zip(data["before"], _earlier(data), strict=True)),
                       key=lambda pair: pair[0])
        card = replace(card, before=tuple(forms))
    return card


def _build(data: Mapping[str, Any], path: str, set_name: str) -> CardDef:
    """The ``CardDef`` of card data that passed ``check_card_data``."""
    card_type = CardType(data["type"])
    names = _localised(data["name"])
    durability = _number(data, "durability", 0)
    if card_type is CardType.POTION:
        durability = durability or 1
    return CardDef(
        name=names["en"], type=card_type, set=set_name,
        attack=_number(data, "attack", 0), range=_number(data, "range", 1),
        health=_number(data, "health", 0), movement=_number(data, "movement", 0),
        upkeep=_number(data, "upkeep", 0), durability=durability,
        buy=data.get("buy"), play=data.get("play"),
        keywords=_keywords(data.get("keywords")),
        effect=_ability(data["effect"]) if "effect" in data else None,
        full_action=_ability(data["full_action"]) if "full_action" in data else None,
        free_actions=tuple(_ability(a) for a in data.get("free_actions") or ()),
        triggers=tuple(_ability(a) for a in data.get("triggers") or ()),
        passives=tuple(EffectSpec(name, _freeze(dict(params)))
                       for name, params in _entries(data.get("passives"))),
        names=MappingProxyType(names),
        texts=MappingProxyType(_localised(data["text"]) if "text" in data else {}),
        token=data.get("token", False), source=path,
        tags=frozenset(data.get("tags") or ()),
        extra=MappingProxyType({"bloodbound": data["bloodbound"]} if "bloodbound" in data
                               else {}),
    )


# ---------------------------------------------------------------------------- files


def read_card_file(path: Path, max_bytes: int = MAX_CARD_FILE, root: Path | None = None,
                   ) -> tuple[Any, list[Problem]]:
    """The parsed data of a card file (or a deck file: ``max_bytes`` is its limit), or the
    problems that kept it from being read; read with ``game.content.yamlfile``'s checks
    (a regular file inside ``root``, its size, nesting, aliases, numbers), every key given
    twice in a mapping reported."""
    file = str(path)
    read = read_yaml(path, max_bytes, root=root)
    if read.problems:
        return None, [Problem(file, *problem) for problem in read.problems]
    if read.data is None:
        return None, [Problem(file, "", "a mapping of card fields", "an empty file")]
    return read.data, [Problem(file, f"line {line}", "each field once in a mapping",
                               f"{shorten(key)} a second time") for line, key in read.repeated]


def load_card_file(path: Path, set_name: str, root: Path | None = None) -> CardDef:
    """One card file as a ``CardDef``; raises ``CardError`` with every problem of the file
    (``problem`` is the first). ``root``: the folder the file must lie in."""
    data, problems = read_card_file(path, root=root)
    if data is not None:
        problems += check_card_data(data, str(path))
    if problems:
        raise CardError(problems[0], problems)
    return _with_earlier_forms(data, str(path), set_name)


def visible(folder: Path) -> list[Path]:
    """The entries of ``folder`` in name order, without hidden ones (.DS_Store, .git);
    none when it cannot be listed."""
    try:
        return sorted((p for p in folder.iterdir() if not p.name.startswith(".")),
                      key=lambda p: p.name)
    except OSError:
        return []


def card_files(folder: Path, root: Path | None = None, *, strict: bool = False,
               ) -> tuple[list[tuple[str, Path]], list[Problem]]:
    """``(set, file)`` of every card file of a folder of sets (``<folder>/<set>/*.yaml``),
    in name order, and a problem for each set folder refused: a link leading out of
    ``root`` (default: ``folder``), a link loop, a special file; with ``strict`` also a
    file lying directly in ``folder`` (cards belong in set folders). The card files are
    checked when they are read, against ``root`` too."""
    root = folder if root is None else root
    files: list[tuple[str, Path]] = []
    problems: list[Problem] = []
    for entry in visible(folder):
        if strict and not entry.is_symlink() and entry.is_file():
            problems.append(Problem(
                str(entry), "file", "card files inside a set folder, like "
                "cards/<set>/<card>.yaml", f"a file directly in {folder.name}/"))
            continue
        refused = entry_problem(entry, root, folder=True)
        if refused is not None:
            if strict or entry.is_symlink():
                problems.append(Problem(str(entry), "file", *refused))
            continue
        # each file is checked as it is read (``read_card_file``), whoever reads it
        files.extend((entry.name, path) for path in visible(entry) if path.suffix == ".yaml")
    return files, problems


# ---------------------------------------------------------------------------- references


def _abilities(card: CardDef) -> Iterator[tuple[str, Ability]]:
    if card.effect is not None:
        yield "effect", card.effect
    if card.full_action is not None:
        yield "full_action", card.full_action
    for i, ability in enumerate(card.free_actions):
        yield f"free_actions[{i}]", ability
    for i, ability in enumerate(card.triggers):
        yield f"triggers[{i}]", ability


def card_references(card: CardDef) -> Iterator[tuple[str, str]]:
    """``(field, card name)`` for every other card this card names: parameters of type
    ``card`` (``create_token: {card: Wolf}``) and ``card`` target filters."""
    for field, ability in _abilities(card):
        for i, target in enumerate(ability.targets):
            if "card" in target.filters:
                yield f"{field}.targets[{i}].{target.kind}.card", str(target.filters["card"])
        for i, spec in enumerate(ability.effects):
            for param, kind in EFFECTS[spec.kind].params.items():
                if kind == "card" and param in spec.params:
                    yield f"{field}.do[{i}].{spec.kind}.{param}", str(spec.params[param])
    if card.extra.get("bloodbound"):
        yield "bloodbound", str(card.extra["bloodbound"])
    for i, spec in enumerate(card.passives):
        for param, kind in PASSIVES[spec.kind].params.items():
            if kind == "card" and param in spec.params:
                yield f"passives[{i}].{spec.kind}.{param}", str(spec.params[param])


def remove_broken_references(library: CardLibrary, known: Collection[str] = (),
                             ) -> tuple[CardLibrary, list[Problem]]:
    """The library without the cards that name a card neither it nor ``known`` holds (and
    without the cards that named those, and so on), and a problem for each card removed.
    Run it once every card that may be named has been loaded (after all mods)."""
    cards = list(library)
    problems: list[Problem] = []
    while True:
        names = {card.name for card in cards} | set(known)
        broken: dict[str, Problem] = {}
        for card in cards:
            for field, name in card_references(card):
                if name not in names:
                    broken.setdefault(card.name, Problem(
                        card.source, field, "the name of a card in the loaded sets",
                        shorten(name)))
        if not broken:
            return CardLibrary(cards), problems
        problems.extend(broken.values())
        cards = [card for card in cards if card.name not in broken]


def load_cards(root: Path = CARDS_DIR, *, check_references: bool = True,
               confine: Path | None = None) -> tuple[CardLibrary, list[Problem]]:
    """Every card of every set folder under ``root`` and every problem found; broken files
    are reported and skipped. ``check_references=False`` leaves the check of card names
    named by cards to the caller (``remove_broken_references``), for loading several
    roots into one library. ``confine``: the folder every card file must lie in, links
    followed (default: ``root``)."""
    if not root.is_dir():
        return CardLibrary(), [Problem(str(root), "", "a folder of card sets", "nothing")]
    files, problems = card_files(root, confine)
    library, found = cards_of_files(files, confine or root)
    problems += found
    if check_references:
        library, broken = remove_broken_references(library)
        problems.extend(broken)
    return library, problems


def cards_of_files(files: list[tuple[str, Path]], root: Path | None = None,
                   ) -> tuple[CardLibrary, list[Problem]]:
    """The cards of ``(set, file)`` pairs, a card named like an earlier one of them left
    out and reported; card names they refer to are not checked."""
    library = CardLibrary()
    problems: list[Problem] = []
    first: dict[str, str] = {}
    for set_name, path in files:
        try:
            card = load_card_file(path, set_name, root)
        except CardError as exc:
            problems.extend(exc.problems)
            continue
        if card.name in library:
            problems.append(Problem(
                str(path), "name",
                f"a card name not used by another card (already used in {first[card.name]})",
                shorten(card.name)))
            continue
        first[card.name] = str(path)
        library.add(card)
    return library, problems
