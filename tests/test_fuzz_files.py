"""Fuzzing the files the game reads (issue 17): shipped maps, cards, mods, duel decks and
saves, mutated by Hypothesis (a value swapped for a hostile one, a piece cut, copied or
inserted, a line repeated, the file truncated, an alias bomb or a deep nesting planted),
must each be loaded or refused with problems that name the file, never with a traceback,
a hang or a memory blow-up.

- no traceback: anything but the loaders' own errors (``CardError``, ``MapError``,
  ``SaveError``) and problem lists fails the test, with the mutated file;
- the file named: every problem names the mutated file (a mod's: a file of the mod) and
  says what was expected, in a line of reasonable length;
- bounded memory: on Linux the address space may grow by at most ``MEMORY_HEADROOM``
  while the files are read (a larger allocation is a ``MemoryError``, hence a failure);
- no hang: Hypothesis's per-file deadline, a generous one: it detects a hang, it does not
  time anything.

An accepted map is also set up as a game and played a few actions into, an accepted card
has its text written, an accepted deck starts a duel: what ``simulate``, ``play`` and the
window do next. CI mutates ``CI_FILES`` files of each kind with a fixed seed;
``pytest tests/test_fuzz_files.py --fuzz-files 5000`` mutates more, with a new seed each
run (README, "What the game accepts").
"""

from __future__ import annotations

import base64
import copy
import json
import random
import re
import resource
import shutil
import sys
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.content.mods as mods_module
from game.content.cards import CARDS_DIR, CardError, Problem, load_card_file, load_cards
from game.content.decks import DECKS_DIR, check_deck_file, summarize, with_decks
from game.content.mods import describe, load_content
from game.content.text import cost_line, rules_text, stat_line, type_line
from game.maps import MapError, MapProblem, check_tmx, find_map, load_tmx
from game.rules import Game, GameSetup
from game.rules.cards import CardLibrary
from game.rules.core.replay import SaveError, game_to_json, load_game, replay

REPO = Path(__file__).resolve().parent.parent
#: mutated files of each kind in a CI run
CI_FILES = 300
#: how much the address space may grow while the mutated files are read
MEMORY_HEADROOM = 512 * 1024 * 1024
#: a hang detector for one file (reading one takes milliseconds)
DEADLINE = timedelta(seconds=30)
#: the longest line a problem may take
LONGEST_PROBLEM = 1000

LIBRARY, _ = load_cards()
#: the shipped card files, read once: the mods' core content comes from here
CORE_CARDS = list(LIBRARY)
EXAMPLE_MOD = REPO / "assets" / "mods" / "example-mod"
DUEL_MAP = find_map("2P-duel-standard", library=LIBRARY)

# ---------------------------------------------------------------------------- hostile pieces


def _alias_bomb(levels: int) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


#: values a careless author or a hostile one might write in place of any other
HOSTILE = (
    "", "0", "-1", "-0", "1e400", "-1e400", "1e-400", "nan", "NaN", "inf", "-inf",
    "Infinity", "-Infinity", "9" * 5000, "-" + "9" * 30, "4294967297", "18446744073709551617",
    "2147483648", "1000000000000", "999", "1000", "0x7fffffff", "0b1", "0o777", "1_000",
    "1:2:3", "\u0661\u0662", "\uff13", "\u00b2", "1.5", "-0.0", ".5", "1e3",
    "\x00", "\x07", "\u202e", "\ufeff", "\ud7ff", "Fireball", "Coin", "King", "Building",
    "Stick of Victory", "The Iron Tyrant", "unit", "spell", "boss", "&a", "*a", "&a [*a]",
    "!!binary zz", "!!python/object/apply:os.system [ls]", "2001-13-45", "true", "null",
    "~", "- ", ": ", "? ", "|", ">", "#", "'", '"', "\\", "{", "}", "[", "]", ",", "<", ">",
    "&", "&amp;", "&#0;", "]]>", "<!ENTITY e 'x'>", "<!DOCTYPE map>", "\n", "\t", "\r\n",
    "[" * 3000, "{" * 3000, "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]",
    "<group>" * 300, "x" * 20_000, "\u00e9" * 5000, "A" * 200, " " * 100,
    "king", "spawn", "piece", "region", "stick", "link", "hexagonal", "isometric",
    "1000x[1000;1000]", "10x[20;60]", "1000000000 Coin", "60 Coin", "61 Coin",
    "duel", "general", "tyrant", "kraken", "capture_points", "none",
)

_bombs = tuple(_alias_bomb(levels) for levels in (3, 5, 9))
_TOKEN = re.compile(r"-?[0-9][0-9.eE+-]*|[A-Za-z_][A-Za-z_ -]*|\S")


def hostile_texts() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(HOSTILE),
        st.integers(-(2**70), 2**70).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.text(max_size=12),
        st.tuples(st.sampled_from(("[", "{", "- ", "<group>", "9", "x", "&")),
                  st.integers(1, 5000)).map(lambda pair: pair[0] * pair[1]),
    )


def hostile_values() -> st.SearchStrategy[Any]:
    """Python values to put into a parsed file (YAML or JSON) before it is written again."""
    lol: list[Any] = ["lol"] * 9
    for _ in range(5):
        lol = [lol] * 9  # written as anchors and aliases: an alias bomb of 9**6 values
    return st.one_of(
        st.sampled_from([None, True, False, 0, -1, 2**31, 2**64, 10**30, 1.5, float("nan"),
                         float("inf"), -float("inf"), "", [], {}, [[[[[[[[[[]]]]]]]]]],
                         lol, {"a": lol}, list(range(100)), {str(i): i for i in range(60)}]),
        st.integers(-(2**80), 2**80),
        st.text(max_size=30),
        st.sampled_from(HOSTILE),
        st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=20),
    )


# ---------------------------------------------------------------------------- mutations


def mutate_text(data: st.DataObject, text: str) -> str:
    """``text`` changed by one to three edits (always changed)."""
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        tokens = [m.span() for m in _TOKEN.finditer(text)] or [(0, 0)]
        op = data.draw(st.sampled_from(("token", "token", "token", "insert", "delete",
                                        "repeat", "truncate", "bomb")), label="op")
        if op == "token":
            start, end = data.draw(st.sampled_from(tokens), label="token")
            text = text[:start] + data.draw(hostile_texts(), label="value") + text[end:]
        elif op == "insert":
            at = data.draw(st.integers(0, len(text)), label="at")
            text = text[:at] + data.draw(hostile_texts(), label="value") + text[at:]
        elif op == "delete":
            at = data.draw(st.integers(0, len(text)), label="at")
            text = text[:at] + text[at + data.draw(st.integers(1, 200), label="span"):]
        elif op == "repeat":
            lines = text.splitlines(keepends=True) or [""]
            line = data.draw(st.integers(0, len(lines) - 1), label="line")
            lines[line] *= data.draw(st.sampled_from((2, 3, 50, 2000)), label="times")
            text = "".join(lines)
        elif op == "truncate":
            text = text[:data.draw(st.integers(0, max(0, len(text) - 1)), label="at")]
        else:
            text = data.draw(st.sampled_from(_bombs), label="bomb") + text
    return text


#: map properties and object members an author might set (the known ones and a stranger)
PROPERTY_NAMES = ("players", "income", "start_deck", "win_condition", "win_threshold",
                  "win_points", "win_card", "win_per_upkeep", "draft", "sets", "title",
                  "description", "ruleset", "geometry", "player", "card", "points", "id",
                  "colour")
#: a layer of zeros, zlib-compressed: 40 MB unpacked from 40 KB
_LAYER_BOMB = base64.b64encode(zlib.compress(b"\0" * 40_000_000, 9)).decode()


def mutate_xml(data: st.DataObject, text: str) -> str:
    """A Tiled file changed as an editor (or a script) could: an attribute, a property, a
    layer's data set to a hostile value, an element removed or repeated."""
    root = ET.fromstring(text)
    elements = list(root.iter())
    parents = {child: parent for parent in elements for child in parent}
    op = data.draw(st.sampled_from(("attribute", "attribute", "property", "property",
                                    "remove", "repeat", "data", "bomb")), label="op")
    if op == "attribute":
        slots = [(element, name) for element in elements for name in element.attrib]
        element, name = data.draw(st.sampled_from(slots), label="attribute")
        element.set(name, data.draw(hostile_texts(), label="value"))
    elif op == "property":
        holders = [e for e in elements if e.tag == "properties"] or [root]
        holder = data.draw(st.sampled_from(holders), label="holder")
        ET.SubElement(holder, "property", {
            "name": data.draw(st.sampled_from(PROPERTY_NAMES) | hostile_texts(), label="name"),
            "value": data.draw(hostile_texts(), label="value")})
    elif op in ("remove", "repeat") and len(elements) > 1:
        element = data.draw(st.sampled_from(elements[1:]), label="element")
        parent = parents[element]
        if op == "remove":
            parent.remove(element)
        else:
            times = data.draw(st.sampled_from((1, 2, 50, 1200)), label="times")
            at = list(parent).index(element)
            for _ in range(times):
                parent.insert(at, copy.deepcopy(element))
    else:
        layers = [e for e in elements if e.tag == "data"] or [root]
        layer = data.draw(st.sampled_from(layers), label="layer")
        if op == "bomb":
            layer.attrib.update(encoding="base64", compression="zlib")
            layer.text = _LAYER_BOMB
        else:
            layer.text = mutate_text(data, layer.text or "")
    return ET.tostring(root, encoding="unicode")


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def mutate_data(data: st.DataObject, value: Any, paths: list[tuple[Any, ...]]) -> Any:
    """A copy of parsed data with one value replaced, removed or copied."""
    result = copy.deepcopy(value)
    path = data.draw(st.sampled_from(paths[1:] or paths), label="path")
    if not path:
        return data.draw(hostile_values(), label="value")
    parent = result
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    op = data.draw(st.sampled_from(("replace", "replace", "remove", "copy", "key")),
                   label="op")
    if op == "replace":
        parent[last] = data.draw(hostile_values(), label="value")
    elif op == "remove":
        del parent[last]
    elif op == "copy" and isinstance(parent, list):
        parent.extend([parent[last]] * data.draw(st.sampled_from((1, 50, 5000)), label="n"))
    elif isinstance(parent, dict):
        parent[data.draw(hostile_texts(), label="key")] = parent[last]
    else:
        parent[last] = data.draw(hostile_values(), label="value")
    return result


# ---------------------------------------------------------------------------- checks


def assert_named(problems: list[Problem] | list[MapProblem] | tuple[Any, ...],
                 files: Callable[[str], bool], text: str) -> None:
    """Every problem names a file it may name, says what was expected, and fits a line."""
    assert problems, f"a refusal without a problem, for:\n{text[:2000]!r}"
    for problem in problems:
        line = str(problem)
        assert files(problem.file), f"{line}\n(the mutated file is not named) for:\n{text[:2000]!r}"
        assert problem.expected, f"{line}\n(nothing expected) for:\n{text[:2000]!r}"
        assert len(line) <= LONGEST_PROBLEM, f"a problem of {len(line)} characters: {line[:300]}"


def play_a_little(game: Game, actions: int = 30) -> None:
    """A few legal actions, as a computer player would start the game."""
    chooser = random.Random(1)
    try:
        for _ in range(actions):
            if game.actor is None:
                break
            legal = game.legal_actions(game.actor)
            game.apply(legal[chooser.randrange(len(legal))])
    finally:
        game.close()


def check_map(path: Path, text: str) -> None:
    same = str(path).__eq__
    problems = check_tmx(path, LIBRARY)
    if problems:
        assert_named(problems, same, text)
        return
    try:
        spec = load_tmx(path, LIBRARY)
    except MapError as exc:
        assert_named(exc.problems, same, text)
        return
    setup = GameSetup(spec, LIBRARY, spec.players, 1, sets=spec.sets or ("base",),
                      draft=spec.draft or "1x[2;8]")
    play_a_little(Game(with_decks(setup)))


def check_card(path: Path, text: str) -> None:
    try:
        card = load_card_file(path, "fuzz")
    except CardError as exc:
        assert_named(exc.problems, str(path).__eq__, text)
        return
    for lang in ("en", "de"):  # what the window prints on the card's face
        rules_text(card, lang, LIBRARY)
        type_line(card, lang)
        stat_line(card, lang)
        cost_line(card, lang)


def check_deck(path: Path, text: str) -> None:
    deck, problems = check_deck_file(path, LIBRARY, "fuzz")
    if deck is None:
        assert_named(problems, str(path).__eq__, text)
        return
    summarize(deck, LIBRARY)
    play_a_little(Game(with_decks(GameSetup(DUEL_MAP, LIBRARY, 2, 1), [deck, None])), 10)


def check_mod(folder: Path, text: str) -> None:
    content = load_content([folder], include_user=False)
    describe(content, None)
    if content.problems:
        root = folder.resolve()
        assert_named(content.problems, lambda file: Path(file).resolve().is_relative_to(root),
                     text)


def check_save(path: Path, text: str) -> None:
    try:
        game = load_game(path, LIBRARY, verify=True)
    except SaveError as exc:
        message = str(exc)
        assert message.startswith(f"{path}: ") and "expected" in message, message
        assert len(message) <= LONGEST_PROBLEM, message[:300]
        return
    game.close()


# ---------------------------------------------------------------------------- limits of a run


@contextmanager
def bounded_memory() -> Iterator[None]:
    """The address space may grow by ``MEMORY_HEADROOM`` (Linux; elsewhere unbounded)."""
    status = Path("/proc/self/status")
    if not sys.platform.startswith("linux") or not status.is_file():
        yield
        return
    size = next(int(line.split()[1]) * 1024 for line in status.read_text().splitlines()
                if line.startswith("VmSize:"))
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = size + MEMORY_HEADROOM
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def run_fuzz(count: int, body: Callable[[st.DataObject], None]) -> int:
    """Run ``body`` on ``count`` mutated files (CI: a fixed seed; longer runs: a new one
    each time); returns how many ran."""
    ran = 0

    @settings(max_examples=count, deadline=DEADLINE, derandomize=count == CI_FILES,
              database=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def each(data: st.DataObject) -> None:
        nonlocal ran
        ran += 1
        body(data)

    with bounded_memory():
        each()
    return ran


@pytest.fixture
def files(request: pytest.FixtureRequest) -> int:
    value: int = request.config.getoption("--fuzz-files")
    return value or CI_FILES


@pytest.fixture
def core_from_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in cards come from memory when a mod is loaded: each mutated mod then
    loads in milliseconds instead of reading the 200 card files again."""
    monkeypatch.setattr(mods_module, "load_core_cards", lambda: (CardLibrary(CORE_CARDS), []))


# ---------------------------------------------------------------------------- the fuzz tests


def _tilesets_absolute(text: str) -> str:
    return text.replace('source="../assets/', f'source="{REPO.as_posix()}/assets/')


MAPS = [_tilesets_absolute(p.read_text("utf-8")) for p in sorted((REPO / "maps").glob("*.tmx"))]
TILESET = (REPO / "assets" / "tilesets" / "terrain.tsx").read_text("utf-8")
CARD_FILES = sorted(CARDS_DIR.glob("*/*.yaml")) + sorted(EXAMPLE_MOD.glob("cards/*/*.yaml"))
CARDS = [p.read_text("utf-8") for p in CARD_FILES]
DECKS = [p.read_text("utf-8") for p in sorted((DECKS_DIR / "duel").glob("*.yaml"))]
MANIFEST = (EXAMPLE_MOD / "mod.yaml").read_text("utf-8")


def _yaml_base(texts: list[str]) -> list[tuple[Any, list[tuple[Any, ...]]]]:
    parsed = [yaml.safe_load(text) for text in texts]
    return [(value, list(_paths(value))) for value in parsed]


def _mutated_yaml(data: st.DataObject, texts: list[str],
                  bases: list[tuple[Any, list[tuple[Any, ...]]]]) -> str:
    index = data.draw(st.integers(0, len(texts) - 1), label="file")
    if data.draw(st.booleans(), label="as data"):
        value, paths = bases[index]
        return yaml.safe_dump(mutate_data(data, value, paths), sort_keys=False,
                              allow_unicode=True, width=10**6)
    return mutate_text(data, texts[index])


def test_mutated_maps_are_loaded_or_refused_by_name(tmp_path: Path, files: int) -> None:
    path = tmp_path / "fuzzed.tmx"
    tileset = tmp_path / "fuzzed.tsx"

    def body(data: st.DataObject) -> None:
        text = data.draw(st.sampled_from(MAPS), label="map")
        how = data.draw(st.sampled_from(("xml", "xml", "xml", "text", "tileset")), label="how")
        if how == "tileset":
            tileset.write_text(mutate_xml(data, TILESET) if data.draw(st.booleans())
                               else mutate_text(data, TILESET), encoding="utf-8",
                               errors="surrogatepass")
            text = re.sub(r'source="[^"]*terrain\.tsx"', f'source="{tileset.as_posix()}"', text)
        elif how == "xml":
            text = mutate_xml(data, text)
        else:
            text = mutate_text(data, text)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        check_map(path, text)

    assert run_fuzz(files, body) >= files


def test_mutated_cards_are_loaded_or_refused_by_name(tmp_path: Path, files: int) -> None:
    path = tmp_path / "cards" / "fuzz" / "fuzzed.yaml"
    path.parent.mkdir(parents=True)
    bases = _yaml_base(CARDS)

    def body(data: st.DataObject) -> None:
        text = _mutated_yaml(data, CARDS, bases)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        check_card(path, text)

    assert run_fuzz(files, body) >= files


def test_mutated_decks_are_loaded_or_refused_by_name(tmp_path: Path, files: int) -> None:
    path = tmp_path / "fuzzed.yaml"
    bases = _yaml_base(DECKS)

    def body(data: st.DataObject) -> None:
        text = _mutated_yaml(data, DECKS, bases)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        check_deck(path, text)

    assert run_fuzz(files, body) >= files


def test_mutated_mods_are_loaded_or_refused_by_name(tmp_path: Path, files: int,
                                                    core_from_memory: None) -> None:
    folder = tmp_path / "fuzzed-mod"
    shutil.copytree(EXAMPLE_MOD, folder)
    own_cards = sorted(folder.glob("cards/*/*.yaml"))
    originals = {p: p.read_text("utf-8") for p in own_cards}
    deck = folder / "decks" / "duel" / "fuzzed.yaml"
    deck.parent.mkdir(parents=True)
    manifests = [MANIFEST, "name: fuzzed-mod\nversion: 1.0.0\nauthors: Ada\n"
                 "requires: [core >= 0.1.0, other-mod]\ndescription: |\n  Two lines\n  of text\n"]
    bases = _yaml_base(manifests)

    def body(data: st.DataObject) -> None:
        for card, text in originals.items():
            card.write_text(text, encoding="utf-8")
        deck.unlink(missing_ok=True)
        part = data.draw(st.sampled_from(("manifest", "manifest", "manifest", "card",
                                          "deck")), label="part")
        manifest = manifests[0]
        text = manifest
        if part == "manifest":
            text = manifest = _mutated_yaml(data, manifests, bases)
        elif part == "card":
            card = data.draw(st.sampled_from(own_cards), label="card")
            text = mutate_text(data, originals[card])
            card.write_text(text, encoding="utf-8", errors="surrogatepass")
        else:
            text = mutate_text(data, data.draw(st.sampled_from(DECKS), label="deck"))
            deck.write_text(text, encoding="utf-8", errors="surrogatepass")
        (folder / "mod.yaml").write_text(manifest, encoding="utf-8", errors="surrogatepass")
        check_mod(folder, text)

    assert run_fuzz(files, body) >= files


def _short_save(path: Path) -> dict[str, Any]:
    """A shipped save cut to its first actions and saved again, hashes and all (a mutated
    save then replays in milliseconds)."""
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    data["actions"] = data["actions"][:30]
    game = replay(data, LIBRARY, str(path))
    short = game_to_json(game)
    game.close()
    return short


SAVES = [_short_save(p) for p in sorted((REPO / "tests" / "fixtures" / "saves").glob("*.json"))]
SAVE_TEXTS = [json.dumps(save, indent=1) for save in SAVES]
SAVE_PATHS = [list(_paths(save)) for save in SAVES]


def test_mutated_saves_are_replayed_or_refused_by_name(tmp_path: Path, files: int) -> None:
    path = tmp_path / "fuzzed.json"

    def body(data: st.DataObject) -> None:
        index = data.draw(st.integers(0, len(SAVES) - 1), label="save")
        if data.draw(st.booleans(), label="as data"):
            text = json.dumps(mutate_data(data, SAVES[index], SAVE_PATHS[index]))
        else:
            text = mutate_text(data, SAVE_TEXTS[index])
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        check_save(path, text)

    assert run_fuzz(files, body) >= files
