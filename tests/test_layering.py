"""The layers keep to their side (design guide, "Layout"): the rules engine never imports
pygame, the client or the computer players, and nothing outside ``game/rules/`` touches
esper, the engine's components or an underscore name of ``game.rules``: it reads a game
through the public API (``game.view(entity)``, ``legal_actions``, events).

Imports are checked here, on the syntax tree of every Python file of the repository;
attribute access to underscore names (``game._events``) is ruff's SLF rule."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP = {".venv", "venv", "build", "dist", "node_modules", "__pycache__"}
RULES = "game.rules"
#: what the engine must not import (rule: client -> ai -> rules, never back)
NOT_IN_RULES = ("pygame", "game.client", "game.ai")


def python_files() -> list[Path]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if any(p in SKIP or p.startswith(".") or p.endswith(".egg-info") for p in parts):
            continue
        found.append(path)
    return found


def module_name(path: Path) -> str:
    """``game/rules/core/game.py`` -> ``game.rules.core.game`` (a package: its ``__init__``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def imports(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[int, str, str]]:
    """(line, imported module, imported name or "") of every import; relative imports are
    resolved against ``module``. ``from a import b`` yields (a, b): b may be a module."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, ""
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".") if package else []
                anchor = anchor[:len(anchor) - (node.level - 1)] if node.level > 1 else anchor
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                yield node.lineno, base, alias.name


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def problems(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every layering rule ``source`` (the text of ``module``) breaks, one line each."""
    tree = ast.parse(source)
    found = []
    in_rules = _within(module, RULES)
    for line, target, name in imports(tree, module, is_package):
        full = f"{target}.{name}" if name and name != "*" else target
        where = f"{module} line {line}"
        if in_rules:
            for banned in NOT_IN_RULES:
                if _within(target, banned) or _within(full, banned):
                    found.append(f"{where}: the rules engine imports {full} "
                                 f"(game/rules/ never imports pygame, game.client or game.ai)")
            continue
        if _within(target, "esper"):
            found.append(f"{where}: imports esper (read the game through game.view and the "
                         f"public queries of Game instead)")
        if _within(target, RULES) or _within(full, RULES):
            dotted = full.split(".")
            if "components" in dotted[2:]:
                found.append(f"{where}: imports the engine's components ({full}); "
                             f"use game.view(entity) / game.edit(...)")
            elif any(_private(part) for part in dotted[2:]):
                found.append(f"{where}: imports the private name {full} of game.rules "
                             f"(ask the engine for a public query, or game/rules/queries.py)")
    return found


def _all_problems() -> list[str]:
    found = []
    for path in python_files():
        module = module_name(path)
        source = path.read_text(encoding="utf-8")
        found.extend(problems(source, module, path.name == "__init__.py"))
    return found


def test_the_layers_keep_to_their_side() -> None:
    found = _all_problems()
    assert not found, "layering broken:\n  " + "\n  ".join(found)


def test_the_check_reads_every_package() -> None:
    modules = {module_name(p) for p in python_files()}
    for expected in ("game.rules", "game.ai", "game.client", "tests.conftest"):
        assert expected in modules


@pytest.mark.parametrize(("module", "source", "flagged"), [
    ("game.ai.x", "import esper", True),
    ("game.ai.x", "from esper import Processor", True),
    ("tests.rules.x", "from game.rules.components import Body", True),
    ("tests.rules.x", "from game.rules import components", True),
    ("tests.rules.x", "import game.rules.components as c", True),
    ("game.client.x", "from ..rules.components import OnMap", True),
    ("game.client.x", "from ..rules import components", True),
    ("tools.x", "from game.rules.core.game import _clone", True),
    ("tools.x", "from game.rules import _private_module", True),
    ("tests.x", "from game.rules.core.view import Zone", False),
    ("tests.x", "from game.rules.queries import live_worlds", False),
    ("tests.x", "from game.content.text import DE_EFFECTS", False),
    ("game.rules.x", "import esper", False),
    ("game.rules.x", "from .components import Body", False),
    ("game.rules.x", "import pygame", True),
    ("game.rules.core.x", "from ...client import ui", True),
    ("game.rules.x", "from game.ai import make_player", True),
    ("game.rules.x", "from game import client", True),
    ("game.rules.x", "from game import content", False),
])
def test_the_check_itself(module: str, source: str, flagged: bool) -> None:
    assert bool(problems(source, module)) is flagged, problems(source, module)


#: modules that may take a tile id apart: the geometries themselves, and the save format,
#: which writes a tile id's two numbers as they are (whatever the geometry)
TILE_PARTS_ALLOWED = ("game/rules/geometry/", "game/rules/core/replay.py")


def tile_parts(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``tile[0]``, ``action.tile[1]``...: a tile id indexed like an (x, y) pair."""
    for node in ast.walk(tree):
        if (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
                and node.slice.value in (0, 1)):
            value = node.value
            name = (value.id if isinstance(value, ast.Name)
                    else value.attr if isinstance(value, ast.Attribute) else "")
            if name.lower() == "tile" or name.lower().endswith("_tile"):
                yield node.lineno, ast.unparse(node)


def test_tiles_are_opaque_ids_outside_the_geometry() -> None:
    """Design guide, "Geometry is a registry": no module but the geometries does offset
    arithmetic on a tile id (a hex tile is an axial pair, not a column and a row)."""
    found = []
    for path in python_files():
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith("game/") or rel.startswith(TILE_PARTS_ALLOWED):
            continue
        for line, text in tile_parts(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"{rel}:{line}: {text}")
    assert found == []


@pytest.mark.parametrize(("source", "flagged"), [
    ("x = tile[0] + 1", True), ("x = action.tile[1]", True), ("x = next_tile[0]", True),
    ("x = self.origin[0]", False), ("x = tiles[0]", False), ("x = tile", False),
])
def test_the_tile_check_itself(source: str, flagged: bool) -> None:
    assert bool(list(tile_parts(ast.parse(source)))) is flagged
