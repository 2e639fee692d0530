"""Mods: folders of extra cards, card art and maps, loaded after the built-in content.

A mod is a folder with a manifest ``mod.yaml``::

    name: frontier-tales          # kebab-case, unique among the loaded mods
    version: 1.2.0                # dotted whole numbers
    requires: [core >= 0.1.0, winter-pack]   # optional: mods that must load first
    description: Trappers and snares.        # optional
    authors: [Ada, Ben]                      # optional (a single name is fine too)

next to any of ``cards/<set>/<card>.yaml`` (read by ``game.content.cards``),
``art/<card-file-stem>.png`` (the picture of the card whose file has that stem),
``maps/*.tmx`` (Tiled maps, with the ``.tsx`` tilesets and ``.png`` images they use) and
``decks/duel/*.yaml`` (duel decks, read by ``game.content.decks``).

Content loads in this order: the built-in content as the mod ``core`` (``assets/cards``,
``assets/art``, the maps in ``maps/``, the starter decks in ``assets/decks``), then every
sub-folder of the per-user mods folder in name order, then each extra folder (``--mod
PATH``) in the order given; a mod always loads after the mods it requires. The first
definition of a card name (or an art file, a map name, a deck name) wins; a later one is
skipped and reported. A mod whose requirement is missing, too old, or part of a cycle is
skipped whole. Anything broken is reported as a ``Problem`` and skipped; everything else
still loads. Decks are read once every card is loaded, so a mod's deck may hold cards of
any loaded mod. Mods are data only: no file of a mod is ever imported or run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from game import __version__
from game.content.cards import (
    ASSETS,
    CARDS_DIR,
    Problem,
    load_cards,
    remove_broken_references,
)
from game.content.decks import DECKS_DIR, Deck, load_decks
from game.content.yamlfile import read_yaml
from game.rules.cards import CardLibrary
from game.rules.limits import (
    MAX_ART_FILE,
    MAX_ART_PIXELS,
    MAX_MANIFEST_FILE,
    MAX_MANIFEST_ITEMS,
    MAX_MOD_NAME,
    MAX_NAME,
    MAX_TEXT,
    MAX_VERSION_DIGITS,
)

MANIFEST = "mod.yaml"
CORE = "core"
#: the per-user mods folder: each sub-folder is one mod
USER_MODS_DIR = Path(platformdirs.user_data_dir("muhq-game")) / "mods"
CORE_ART_DIR = ASSETS / "art"
CORE_MAPS_DIR = ASSETS.parent / "maps"

_FIELDS = ("name", "version", "requires", "description", "authors")
_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
_PART = f"[0-9]{{1,{MAX_VERSION_DIGITS}}}"  # ASCII digits: int() would take any script's
_VERSION = re.compile(rf"{_PART}(?:\.{_PART}){{0,2}}\Z")
_REQUIREMENT = re.compile(r"\s*([^\s>=<]+)\s*(?:>=\s*(\S+))?\s*\Z")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: what a mod's maps/ folder may hold besides maps: the tilesets and images they use
_MAP_COMPANIONS = (".tsx", ".png")
#: the rulesets a mod's decks/ folder may hold decks for (one sub-folder each)
DECK_RULESETS = ("duel",)

NAME_EXPECTED = (f"a mod name in lower-case words joined by '-', like my-mod (at most "
                 f"{MAX_MOD_NAME} characters)")
VERSION_EXPECTED = (f"a version of dotted whole numbers, like 1.0.0 (at most three, of at "
                    f"most {MAX_VERSION_DIGITS} digits each)")


@dataclass(frozen=True, slots=True)
class Requirement:
    """A mod another mod needs: by name, and at least ``version`` if one is given."""

    name: str
    version: str = ""

    def __str__(self) -> str:
        return f"{self.name} >= {self.version}" if self.version else self.name


@dataclass(frozen=True, slots=True)
class Mod:
    """What a mod's manifest says about it, and where its folder is."""

    name: str
    version: str
    path: Path
    requires: tuple[Requirement, ...] = ()
    description: str = ""
    authors: tuple[str, ...] = ()

    @property
    def manifest(self) -> Path:
        return self.path / MANIFEST


@dataclass(slots=True)
class Content:
    """Everything the built-in content and the mods add up to, and what went wrong."""

    library: CardLibrary = field(default_factory=CardLibrary)
    #: card name -> its picture
    art: dict[str, Path] = field(default_factory=dict)
    #: map name (the file's stem) -> map file
    maps: dict[str, Path] = field(default_factory=dict)
    #: the loaded mods in load order, ``core`` first
    mods: list[Mod] = field(default_factory=list)
    #: mods whose manifest was fine but which were skipped (requirements, cycles)
    skipped: list[Mod] = field(default_factory=list)
    #: card name -> name of the mod that defined it
    origin: dict[str, str] = field(default_factory=dict)
    #: the duel decks that load, the starter decks first, then each mod's in load order
    decks: list[Deck] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def cards_of(self, mod_name: str) -> list[str]:
        return [name for name, source in self.origin.items() if source == mod_name]

    def mod_sets(self) -> tuple[str, ...]:
        """The card sets the mods (not ``core``) add cards to, in load order."""
        sets: dict[str, None] = {}
        for card in self.library:
            if self.origin.get(card.name, CORE) != CORE:
                sets[card.set] = None
        return tuple(sets)


def version_key(version: str) -> tuple[int, int, int]:
    """``"1.2"`` -> ``(1, 2, 0)``, for comparing versions."""
    parts = [int(p) for p in version.split(".")] + [0, 0]
    return (parts[0], parts[1], parts[2])


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _manifest_yaml(path: Path) -> Any | Problem:
    # every value stays text, so `version: 1.10` is not read as the number 1.1
    read = read_yaml(path, MAX_MANIFEST_FILE, text_only=True)
    if read.problems:
        field, expected, found = read.problems[0]
        return Problem(str(path), field or "file", expected, found)
    return read.data


def _text_list(value: Any) -> list[str] | None:
    """A list of texts, a single text as a list of one, or None if it is neither (or
    holds more than ``MAX_MANIFEST_ITEMS`` texts, or a text of more than ``MAX_NAME``)."""
    if value in (None, ""):
        return []
    if isinstance(value, str):
        value = [value]
    if (isinstance(value, list) and len(value) <= MAX_MANIFEST_ITEMS
            and all(isinstance(v, str) and len(v) <= MAX_NAME for v in value)):
        return list(value)
    return None


def read_manifest(folder: Path) -> Mod | list[Problem]:
    """The mod in ``folder`` as its manifest describes it, or every problem of the manifest."""
    path = folder / MANIFEST
    if not folder.is_dir():
        found = "a file" if folder.exists() else "nothing"
        return [Problem(str(folder), "file", "a mod folder (unpack an archive first)", found)]
    if not path.is_file():
        return [Problem(str(path), "file", "a manifest mod.yaml with the mod's name and version",
                        "no such file")]
    data = _manifest_yaml(path)
    if isinstance(data, Problem):
        return [data]
    if not isinstance(data, dict):
        return [Problem(str(path), "file", f"a mapping of manifest fields ({', '.join(_FIELDS)})",
                        _shown(data))]
    where = str(path)
    problems = [Problem(where, str(key)[:40], f"a manifest field ({', '.join(_FIELDS)})",
                        _shown(key)) for key in data if key not in _FIELDS]
    name = data.get("name")
    if not isinstance(name, str) or len(name) > MAX_MOD_NAME or not _NAME.match(name):
        problems.append(Problem(where, "name", NAME_EXPECTED,
                                "nothing" if name in (None, "") else _shown(name)))
    version = data.get("version")
    if not isinstance(version, str) or not _VERSION.match(version):
        problems.append(Problem(where, "version", VERSION_EXPECTED,
                                "nothing" if version in (None, "") else _shown(version)))
    requires: list[Requirement] = []
    raw_requires = _text_list(data.get("requires"))
    if raw_requires is None:
        problems.append(Problem(where, "requires", f"a list of at most {MAX_MANIFEST_ITEMS} "
                                "mod names, each optionally followed by '>= VERSION'",
                                _shown(data.get("requires"))))
    for index, item in enumerate(raw_requires or []):
        match = _REQUIREMENT.match(item)
        if match is None or len(match[1]) > MAX_MOD_NAME or not _NAME.match(match[1]):
            problems.append(Problem(where, f"requires[{index}]",
                                    "a mod name, optionally followed by '>= VERSION', like "
                                    "winter-pack >= 1.2.0", _shown(item)))
        elif match[2] and not _VERSION.match(match[2]):
            problems.append(Problem(where, f"requires[{index}]", VERSION_EXPECTED + " after '>='",
                                    _shown(match[2])))
        else:
            requires.append(Requirement(match[1], match[2] or ""))
    description = data.get("description") or ""
    if not isinstance(description, str) or len(description) > MAX_TEXT:
        found = (f"{len(description)} characters" if isinstance(description, str)
                 else _shown(description))
        problems.append(Problem(where, "description", f"a text of at most {MAX_TEXT} "
                                "characters", found))
    authors = _text_list(data.get("authors"))
    if authors is None:
        problems.append(Problem(where, "authors", f"a name or a list of at most "
                                f"{MAX_MANIFEST_ITEMS} names (each at most {MAX_NAME} "
                                "characters)", _shown(data.get("authors"))))
    if problems:
        return problems
    assert isinstance(name, str) and isinstance(version, str) and isinstance(description, str)
    return Mod(name, version, folder, tuple(requires), description.strip(), tuple(authors or ()))


def core_mod() -> Mod:
    return Mod(CORE, __version__, ASSETS.parent, description="the built-in cards and maps")


def _visible(folder: Path) -> list[Path]:
    """The entries of ``folder`` in name order, without hidden ones (.DS_Store, .git)."""
    return sorted((p for p in folder.iterdir() if not p.name.startswith(".")),
                  key=lambda p: p.name)


def _add_cards(content: Content, mod: Mod, folder: Path) -> dict[str, str]:
    """Load the mod's card sets; returns card file stem -> card name of the cards it added."""
    added: dict[str, str] = {}
    if not folder.exists():
        return added
    if not folder.is_dir():
        content.problems.append(Problem(str(folder), "file", "a folder of card sets", "a file"))
        return added
    for entry in _visible(folder):
        if entry.is_file():
            content.problems.append(Problem(
                str(entry), "file", "card files inside a set folder, like cards/<set>/<card>.yaml",
                "a file directly in cards/"))
    # cards may name cards of other mods: that check runs once everything is loaded
    library, problems = load_cards(folder, check_references=False)
    content.problems.extend(problems)
    for card in library:
        if card.name in content.library:
            first = content.library[card.name]
            content.problems.append(Problem(
                card.source, "name",
                f"a card name not used by an earlier card ({first.source}, mod "
                f"{content.origin[card.name]}; the first one loaded is kept)", _shown(card.name)))
            continue
        content.library.add(card)
        content.origin[card.name] = mod.name
        added[Path(card.source).stem] = card.name
    return added


def _picture_problem(path: Path) -> Problem | None:
    """Why ``path`` is not a card picture the game loads (a PNG file of at most
    ``MAX_ART_FILE`` bytes and ``MAX_ART_PIXELS`` pixels each way, read from its header
    before any picture is decoded), or None."""
    where = str(path)
    try:
        size = path.stat().st_size
        with path.open("rb") as stream:
            head = stream.read(24)  # the signature, then the IHDR chunk's width and height
    except OSError as exc:
        return Problem(where, "file", "a readable file", type(exc).__name__)
    if head[:8] != _PNG_SIGNATURE or head[12:16] != b"IHDR":
        return Problem(where, "file", "a PNG picture", "a file that is not a PNG picture")
    if size > MAX_ART_FILE:
        return Problem(where, "file", f"a picture of at most {MAX_ART_FILE} bytes",
                       f"{size} bytes")
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if not (0 < width <= MAX_ART_PIXELS and 0 < height <= MAX_ART_PIXELS):
        return Problem(where, "file", f"a picture of at most {MAX_ART_PIXELS} x "
                       f"{MAX_ART_PIXELS} pixels", f"{width} x {height}")
    return None


def _add_art(content: Content, folder: Path, own_cards: dict[str, str]) -> None:
    """Pictures named after card files: the mod's own, else a card loaded earlier."""
    if not folder.exists():
        return
    if not folder.is_dir():
        content.problems.append(Problem(str(folder), "file", "a folder of card pictures", "a file"))
        return
    earlier = {Path(card.source).stem: card.name for card in content.library
               if card.name not in own_cards.values()}
    for entry in _visible(folder):
        where = str(entry)
        if entry.is_dir() or entry.suffix.lower() != ".png":
            found = "a folder" if entry.is_dir() else f"a {entry.suffix or 'extension-less'} file"
            content.problems.append(Problem(
                where, "file", "a PNG picture named after a card file, like art/archer.png", found))
            continue
        problem = _picture_problem(entry)
        if problem is not None:
            content.problems.append(problem)
            continue
        card = own_cards.get(entry.stem) or earlier.get(entry.stem)
        if card is None:
            content.problems.append(Problem(
                where, "name", "the file name of a card file (art/<card-file>.png for "
                "cards/<set>/<card-file>.yaml)", _shown(entry.stem)))
        elif card in content.art:
            content.problems.append(Problem(
                where, "name", f"a card without a picture yet ({card} has {content.art[card]}; "
                "the first one loaded is kept)", _shown(entry.stem)))
        else:
            content.art[card] = entry


def _add_maps(content: Content, folder: Path, kinds: Sequence[str], *, strict: bool) -> None:
    if not folder.exists():
        return
    if not folder.is_dir():
        content.problems.append(Problem(str(folder), "file", "a folder of maps", "a file"))
        return
    for entry in _visible(folder):
        if entry.is_file() and entry.suffix in kinds:
            first = content.maps.get(entry.stem)
            if first is None:
                content.maps[entry.stem] = entry
            else:
                content.problems.append(Problem(
                    str(entry), "name", f"a map name not used by an earlier map ({first}; the "
                    "first one loaded is kept)", _shown(entry.stem)))
        elif strict and not (entry.is_file() and entry.suffix in _MAP_COMPANIONS):
            found = "a folder" if entry.is_dir() else f"a {entry.suffix or 'extension-less'} file"
            content.problems.append(Problem(
                str(entry), "file", "a Tiled map (.tmx), or a tileset (.tsx, .png) a map uses",
                found))


def _deck_folders(content: Content, folder: Path) -> list[Path]:
    """The ruleset folders of a mod's ``decks/`` (``decks/duel``); anything else there is
    reported."""
    if not folder.exists():
        return []
    if not folder.is_dir():
        content.problems.append(Problem(str(folder), "file", "a folder of deck folders, like "
                                        "decks/duel/", "a file"))
        return []
    found = []
    for entry in _visible(folder):
        if entry.is_dir() and entry.name in DECK_RULESETS:
            found.append(entry)
        else:
            what = f"a folder named {entry.name}" if entry.is_dir() else "a file"
            content.problems.append(Problem(
                str(entry), "file", "a folder per ruleset holding its decks ("
                + ", ".join(f"decks/{r}/" for r in DECK_RULESETS) + ")", what))
    return found


def _add_decks(content: Content, mod: Mod, folder: Path, *, strict: bool) -> None:
    """The decks of one ruleset folder, checked against every loaded card; a deck named
    like an earlier one is reported and left out."""
    if strict:
        for entry in _visible(folder):
            if not (entry.is_file() and entry.suffix == ".yaml"):
                found = "a folder" if entry.is_dir() else \
                    f"a {entry.suffix or 'extension-less'} file"
                content.problems.append(Problem(str(entry), "file",
                                                "a deck file, like decks/duel/my-deck.yaml", found))
    decks, problems = load_decks(content.library, folder, mod.name)
    content.problems.extend(problems)
    known = {deck.name: deck for deck in content.decks}
    for deck in decks:
        first = known.get(deck.name)
        if first is not None:
            content.problems.append(Problem(
                deck.source, "name", f"a deck name not used by an earlier deck ({first.source}, "
                f"mod {first.mod}; the first one loaded is kept)", _shown(deck.name)))
            continue
        known[deck.name] = deck
        content.decks.append(deck)


def _load_mod(content: Content, mod: Mod) -> None:
    own = _add_cards(content, mod, mod.path / "cards")
    _add_art(content, mod.path / "art", own)
    _add_maps(content, mod.path / "maps", (".tmx",), strict=True)
    content.mods.append(mod)


def _dependency_order(mods: list[Mod], problems: list[Problem]) -> list[Mod]:
    """``mods`` in their given order, each preceded by the mods it requires (and theirs).
    The mods of a requirement cycle are reported and left out."""
    present = {mod.name: mod for mod in mods}
    placed: list[Mod] = []
    in_cycle: set[str] = set()

    def visit(mod: Mod, path: list[Mod]) -> None:
        if mod in placed or mod.name in in_cycle:
            return
        if mod in path:
            cycle = path[path.index(mod):]
            for at, member in enumerate(cycle):
                loop = [*cycle[at:], *cycle[:at], member]  # told from this member's side
                index = next(i for i, r in enumerate(member.requires) if r.name == loop[1].name)
                problems.append(Problem(str(member.manifest), f"requires[{index}]",
                                        "requirements that do not lead back to this mod",
                                        " -> ".join(m.name for m in loop)))
                in_cycle.add(member.name)
            return
        path.append(mod)
        for requirement in mod.requires:
            if requirement.name in present:
                visit(present[requirement.name], path)
        path.pop()
        # a mod that needs a mod of a cycle is placed, and skipped when its turn comes
        if mod.name not in in_cycle:
            placed.append(mod)

    for mod in mods:
        visit(mod, [])
    return placed


def _requirements_met(content: Content, mod: Mod, known: set[str]) -> bool:
    loaded = {m.name: m for m in content.mods}
    met = True
    for index, requirement in enumerate(mod.requires):
        have = loaded.get(requirement.name)
        expected = f"the mod {requirement} (without it this mod is skipped)"
        if have is None:
            found = ("it was skipped (see its own problems)" if requirement.name in known
                     else "no such mod")
        elif requirement.version and version_key(have.version) < version_key(requirement.version):
            found = f"{have.name} {have.version}"
        else:
            continue
        content.problems.append(Problem(str(mod.manifest), f"requires[{index}]", expected, found))
        met = False
    return met


def _candidate_folders(content: Content, extra_mods: Iterable[Path | str],
                       user_dir: Path | None) -> list[Path]:
    folders: list[Path] = []
    if user_dir is not None and user_dir.is_dir():
        for entry in _visible(user_dir):
            if entry.is_dir():
                folders.append(entry)
            else:
                content.problems.append(Problem(
                    str(entry), "file", "a mod folder (unpack an archive into its own folder)",
                    "a file"))
    folders.extend(Path(p) for p in extra_mods)
    unique: dict[Path, Path] = {}
    for folder in folders:
        unique.setdefault(folder.resolve(), folder)  # the same folder twice loads once
    return list(unique.values())


def load_content(extra_mods: Iterable[Path | str] = (), user_dir: Path | None = USER_MODS_DIR,
                 include_user: bool = True) -> Content:
    """The built-in content, then the user's mods, then ``extra_mods`` (see the module text)."""
    content = Content()
    core = core_mod()
    own = _add_cards(content, core, CARDS_DIR)
    _add_art(content, CORE_ART_DIR, own)
    # the built-in maps: the Tiled maps, or the older text-grid maps while there are none
    tiled = CORE_MAPS_DIR.is_dir() and any(CORE_MAPS_DIR.glob("*.tmx"))
    _add_maps(content, CORE_MAPS_DIR, (".tmx",) if tiled else (".yaml",), strict=False)
    content.mods.append(core)
    candidates: list[Mod] = []
    by_name: dict[str, Mod] = {CORE: core}
    for folder in _candidate_folders(content, extra_mods, user_dir if include_user else None):
        mod = read_manifest(folder)
        if isinstance(mod, list):
            content.problems.extend(mod)
            continue
        first = by_name.get(mod.name)
        if first is not None:
            owner = "the built-in content" if first is core else str(first.manifest)
            content.problems.append(Problem(
                str(mod.manifest), "name",
                f"a mod name no other mod uses ({owner} already uses it)", _shown(mod.name)))
            continue
        by_name[mod.name] = mod
        candidates.append(mod)
    ordered = _dependency_order(candidates, content.problems)
    content.skipped.extend(m for m in candidates if m not in ordered)
    for mod in ordered:
        if _requirements_met(content, mod, set(by_name)):
            _load_mod(content, mod)
        else:
            content.skipped.append(mod)
    content.library, broken = remove_broken_references(content.library)
    content.problems.extend(broken)
    for name in [name for name in content.origin if name not in content.library]:
        del content.origin[name]
        content.art.pop(name, None)
    # decks last: they may hold the cards of any mod, and only cards that loaded
    for mod in content.mods:
        if mod.name == CORE:
            _add_decks(content, mod, DECKS_DIR / "duel", strict=False)
        else:
            for folder in _deck_folders(content, mod.path / "decks"):
                _add_decks(content, mod, folder, strict=True)
    return content


def is_mod_folder(path: Path) -> bool:
    """Does ``path`` look like a mod (a manifest, or a cards/, art/ or decks/ folder), not
    the core?"""
    if not path.is_dir() or path.resolve() in (ASSETS.resolve(), ASSETS.parent.resolve()):
        return False
    return (path / MANIFEST).exists() or any((path / part).is_dir()
                                             for part in ("cards", "art", "decks"))


def problems_in(content: Content, folders: Iterable[Path | str]) -> list[Problem]:
    """The problems of files inside any of ``folders``, each once, in the order found."""
    roots = [Path(folder).resolve() for folder in folders]
    return [p for p in content.problems
            if any(Path(p.file).resolve().is_relative_to(root) for root in roots)]


def describe(content: Content, user_dir: Path | None) -> list[str]:
    """What ``python -m game mods`` prints: the mods folder, every mod, every problem."""
    lines = []
    if user_dir is not None:
        state = "" if user_dir.is_dir() else " (does not exist yet: create it to add mods)"
        lines.append(f"mods folder: {user_dir}{state}")
    else:
        lines.append("mods folder: not used (--no-user-mods)")
    lines.append("loaded mods, in load order:")
    for mod in content.mods:
        cards = content.cards_of(mod.name)
        art = sum(1 for card in cards if card in content.art)
        maps_dir = CORE_MAPS_DIR if mod.name == CORE else mod.path / "maps"
        maps = sum(1 for path in content.maps.values() if path.parent == maps_dir)
        decks = sum(1 for deck in content.decks if deck.mod == mod.name)
        where = "built in" if mod.name == CORE else str(mod.path)
        lines.append(f"  {mod.name} {mod.version}: cards {len(cards)}, pictures {art}, "
                     f"maps {maps}, decks {decks} ({where})")
    for mod in content.skipped:
        lines.append(f"  {mod.name} {mod.version}: skipped ({mod.path})")
    if content.problems:
        lines.append(f"{len(content.problems)} problem(s):")
        lines.extend(f"  {problem}" for problem in content.problems)
    else:
        lines.append("no problems")
    return lines
