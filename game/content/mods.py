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
still loads. Decks and maps are read once every card is loaded, so a mod's deck or map may
hold cards of any loaded mod; a map is checked as ``check_tmx`` checks it and left out
when it has a problem. Mods are data only: no file of a mod is ever imported or run.

A mod reads nothing outside its folder: every file and folder it holds must be a regular
file (or folder) inside the mod folder, links followed, within its size limit
(``game.rules.files``); a map's tilesets and pictures likewise, but for the game's own
tilesets by file name (``game.maps.files``). ``load_content`` is the one code path: the
``mods`` command shows its problems, and ``validate`` shows those of the files it was
asked about (``problems_in``), loading loose card and deck files after every mod
(``Loose``).
"""

from __future__ import annotations

import os
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
    card_files,
    cards_of_files,
    remove_broken_references,
    visible,
)
from game.content.decks import DECKS_DIR, Deck, check_deck_file
from game.content.yamlfile import read_yaml
from game.rules.cards import CardLibrary
from game.rules.files import entry_problem, png_problem, real
from game.rules.limits import (
    MAX_ART_FILE,
    MAX_ART_PIXELS,
    MAX_MANIFEST_FILE,
    MAX_MANIFEST_ITEMS,
    MAX_MAP_FILE,
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
    read = read_yaml(path, MAX_MANIFEST_FILE, text_only=True, root=path.parent)
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
        refused = entry_problem(folder, folder=True)
        found = "nothing" if not os.path.lexists(folder) else refused[1] if refused else "?"
        return [Problem(str(folder), "file", "a mod folder (unpack an archive first)", found)]
    if not os.path.lexists(path):
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


def _refused(content: Content, path: Path, root: Path, *, folder: bool = False,
             max_bytes: int | None = None) -> bool:
    """Report ``path`` and return True when it is no regular file (``folder``: no folder)
    inside ``root``: a link leading out of it, a loop, a FIFO or a device, too large."""
    problem = entry_problem(path, root, folder=folder, max_bytes=max_bytes)
    if problem is not None:
        content.problems.append(Problem(str(path), "file", *problem))
    return problem is not None


def _part(content: Content, mod: Mod, name: str, what: str) -> Path | None:
    """The sub-folder ``name`` of the mod (cards, art, maps, decks), or None when it is
    missing or refused (a file, a link out of the mod...: reported)."""
    folder = mod.path / name
    if not os.path.lexists(folder):
        return None
    problem = entry_problem(folder, mod.path, folder=True)
    if problem is not None:
        expected, found = problem
        content.problems.append(Problem(str(folder), "file", what if expected == "a folder"
                                        else expected, found))
        return None
    return folder


def load_core_cards() -> tuple[CardLibrary, list[Problem]]:
    """The built-in cards and the problems of their files (the cards they name are
    checked with everyone's, once every mod is loaded)."""
    files, problems = card_files(CARDS_DIR, ASSETS.parent)
    library, found = cards_of_files(files, ASSETS.parent)
    return library, problems + found


def _add_cards(content: Content, mod: Mod, files: list[tuple[str, Path]]) -> dict[str, str]:
    """Load card files of the mod; returns card file stem -> card name of the cards it
    added."""
    # cards may name cards of other mods: that check runs once everything is loaded
    library, problems = cards_of_files(files, mod.path)
    content.problems.extend(problems)
    return _add_library(content, mod, library)


def _add_library(content: Content, mod: Mod, library: CardLibrary) -> dict[str, str]:
    """The mod's cards join the content's, unless an earlier card has the name (reported);
    returns card file stem -> card name of the cards added."""
    added: dict[str, str] = {}
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


def _mod_cards(content: Content, mod: Mod, folder: Path | None) -> list[tuple[str, Path]]:
    if folder is None:
        return []
    files, problems = card_files(folder, mod.path, strict=mod.name != CORE)
    content.problems.extend(problems)
    return files


def _add_art(content: Content, mod: Mod, folder: Path | None, own_cards: dict[str, str]
             ) -> None:
    """Pictures named after card files: the mod's own, else a card loaded earlier."""
    if folder is None:
        return
    earlier = {Path(card.source).stem: card.name for card in content.library
               if card.name not in own_cards.values()}
    for entry in visible(folder):
        where = str(entry)
        if entry.suffix.lower() != ".png":
            found = "a folder" if entry.is_dir() else f"a {entry.suffix or 'extension-less'} file"
            content.problems.append(Problem(
                where, "file", "a PNG picture named after a card file, like art/archer.png", found))
            continue
        problem = png_problem(entry, MAX_ART_FILE, MAX_ART_PIXELS, mod.path)
        if problem is not None:
            content.problems.append(Problem(where, "file", *problem))
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


def _register_map(content: Content, entry: Path) -> None:
    first = content.maps.get(entry.stem)
    if first is None:
        content.maps[entry.stem] = entry
    else:
        content.problems.append(Problem(
            str(entry), "name", f"a map name not used by an earlier map ({first}; the "
            "first one loaded is kept)", _shown(entry.stem)))


def _core_maps(content: Content, folder: Path, kinds: Sequence[str]) -> None:
    """The built-in maps, registered by name (they are checked by the tests)."""
    for entry in visible(folder):
        if entry.suffix in kinds and entry.is_file():
            _register_map(content, entry)


def _mod_maps(content: Content, mod: Mod, folder: Path | None) -> list[Path]:
    """The mod's map files, each a regular file inside the mod; anything else in maps/
    but the tilesets and pictures the maps use is reported."""
    found: list[Path] = []
    if folder is None:
        return found
    for entry in visible(folder):
        if entry.suffix in (".tmx", *_MAP_COMPANIONS):
            limit = MAX_ART_FILE if entry.suffix == ".png" else MAX_MAP_FILE
            if not _refused(content, entry, mod.path, max_bytes=limit) and entry.suffix == ".tmx":
                found.append(entry)
        else:
            what = "a folder" if entry.is_dir() else f"a {entry.suffix or 'extension-less'} file"
            content.problems.append(Problem(
                str(entry), "file", "a Tiled map (.tmx), or a tileset (.tsx, .png) a map uses",
                what))
    return found


def _check_maps(content: Content, pending: list[tuple[Mod, Path]]) -> None:
    """Each mod map checked, with every card loaded and its files confined to its mod
    (``game.maps.tiled.check_tmx``): a map with a problem is reported and left out."""
    from game.maps.tiled import check_tmx

    for mod, path in pending:
        problems = check_tmx(path, content.library, root=mod.path)
        if problems:
            content.problems.extend(Problem(p.file, p.element, p.expected, p.found)
                                    for p in problems)
        else:
            _register_map(content, path)


def _deck_folders(content: Content, mod: Mod, folder: Path | None) -> list[Path]:
    """The ruleset folders of a mod's ``decks/`` (``decks/duel``); anything else there is
    reported."""
    if folder is None:
        return []
    found = []
    for entry in visible(folder):
        if entry.name in DECK_RULESETS and entry.is_dir():
            if not _refused(content, entry, mod.path, folder=True):
                found.append(entry)
        else:
            what = f"a folder named {entry.name}" if entry.is_dir() else "a file"
            content.problems.append(Problem(
                str(entry), "file", "a folder per ruleset holding its decks ("
                + ", ".join(f"decks/{r}/" for r in DECK_RULESETS) + ")", what))
    return found


def _add_decks(content: Content, mod: Mod, folder: Path, *, strict: bool,
               files: Sequence[Path] | None = None) -> None:
    """The decks of one ruleset folder (or the deck ``files`` given), checked against
    every loaded card; a deck named like an earlier one is reported and left out."""
    if strict:
        for entry in visible(folder):
            if not (entry.suffix == ".yaml" and not entry.is_dir()):
                found = "a folder" if entry.is_dir() else \
                    f"a {entry.suffix or 'extension-less'} file"
                content.problems.append(Problem(str(entry), "file",
                                                "a deck file, like decks/duel/my-deck.yaml", found))
    decks: list[Deck] = []
    for path in sorted(folder.glob("*.yaml")) if files is None else files:
        deck, problems = check_deck_file(path, content.library, mod.name, mod.path)
        content.problems.extend(problems)
        if deck is not None:
            decks.append(deck)
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


def _load_mod(content: Content, mod: Mod, maps: list[tuple[Mod, Path]]) -> None:
    own = _add_cards(content, mod, _mod_cards(content, mod, _part(
        content, mod, "cards", "a folder of card sets")))
    _add_art(content, mod, _part(content, mod, "art", "a folder of card pictures"), own)
    maps.extend((mod, path) for path in _mod_maps(content, mod, _part(
        content, mod, "maps", "a folder of maps")))
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
        for entry in visible(user_dir):
            if entry.is_dir():  # a link to a mod folder elsewhere is that mod
                folders.append(entry)
            else:
                refused = entry_problem(entry, folder=True)
                content.problems.append(Problem(
                    str(entry), "file", "a mod folder (unpack an archive into its own folder)",
                    refused[1] if refused else "a file"))
    folders.extend(Path(p) for p in extra_mods)
    unique: dict[str, Path] = {}
    for folder in folders:
        unique.setdefault(real(folder), folder)  # the same folder twice loads once
    return list(unique.values())


@dataclass(frozen=True, slots=True)
class Loose:
    """Card and deck files outside any mod (a card file, a set folder, a ``cards/``
    folder, a deck file) that ``validate`` checks: loaded after every mod as a mod of
    their own, so they meet every check loading makes, names already taken included.
    ``root`` is the folder their files must lie in."""

    root: Path
    cards: tuple[tuple[str, Path], ...] = ()
    decks: tuple[Path, ...] = ()

    @property
    def mod(self) -> Mod:
        return Mod(LOOSE, "0", self.root, description="files checked by validate")


#: the name under which ``Loose`` files load
LOOSE = "(checked files)"


def load_content(extra_mods: Iterable[Path | str] = (), user_dir: Path | None = USER_MODS_DIR,
                 include_user: bool = True, loose: Sequence[Loose] = ()) -> Content:
    """The built-in content, then the user's mods, then ``extra_mods``, then the
    ``loose`` files (see the module text and ``Loose``)."""
    content = Content()
    core = core_mod()
    library, problems = load_core_cards()
    content.problems.extend(problems)
    own = _add_library(content, core, library)
    _add_art(content, core, CORE_ART_DIR if CORE_ART_DIR.is_dir() else None, own)
    # the built-in maps: the Tiled maps, or the older text-grid maps while there are none
    tiled = CORE_MAPS_DIR.is_dir() and any(CORE_MAPS_DIR.glob("*.tmx"))
    if CORE_MAPS_DIR.is_dir():
        _core_maps(content, CORE_MAPS_DIR, (".tmx",) if tiled else (".yaml",))
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
    maps: list[tuple[Mod, Path]] = []
    for mod in ordered:
        if _requirements_met(content, mod, set(by_name)):
            _load_mod(content, mod, maps)
        else:
            content.skipped.append(mod)
    for unit in loose:
        _add_cards(content, unit.mod, list(unit.cards))
    content.library, broken = remove_broken_references(content.library)
    content.problems.extend(broken)
    for name in [name for name in content.origin if name not in content.library]:
        del content.origin[name]
        content.art.pop(name, None)
    # maps and decks last: they may hold the cards of any mod, and only cards that loaded
    _check_maps(content, maps)
    for mod in content.mods:
        if mod.name == CORE:
            _add_decks(content, mod, DECKS_DIR / "duel", strict=False)
        else:
            for folder in _deck_folders(content, mod, _part(
                    content, mod, "decks", "a folder of deck folders, like decks/duel/")):
                _add_decks(content, mod, folder, strict=True)
    for unit in loose:
        if unit.decks:
            _add_decks(content, unit.mod, unit.root, strict=False, files=unit.decks)
    return content


def is_mod_folder(path: Path) -> bool:
    """Does ``path`` look like a mod (a manifest, or a cards/, art/ or decks/ folder), not
    the core?"""
    if not path.is_dir() or path.resolve() in (ASSETS.resolve(), ASSETS.parent.resolve()):
        return False
    return (path / MANIFEST).exists() or any((path / part).is_dir()
                                             for part in ("cards", "art", "decks"))


def _written(path: Path | str) -> Path:
    """``path`` as its folder really is (links in the folders followed) with its own
    name as written: a file that is a link is matched by where it lies, not where it
    leads."""
    absolute = os.path.abspath(path)
    return Path(real(os.path.dirname(absolute))) / os.path.basename(absolute)


def problems_in(content: Content, paths: Iterable[Path | str]) -> list[Problem]:
    """The problems of files lying inside any of ``paths`` (a folder, or a file itself),
    each once, in the order found. A file is matched by where it lies, so the problem
    of a link leading out of a mod is the mod's."""
    wanted = [_written(path) for path in paths]
    found: list[Problem] = []
    for problem in content.problems:
        where = _written(problem.file)
        if any(where == root or root in where.parents for root in wanted):
            found.append(problem)
    return found


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
