"""The shape of game/rules/: no module imports another that (directly or through others)
imports it back, and no module is longer than the ~400 lines the design allows.

An import counts when it runs: at module level or inside a function. Imports under
``if TYPE_CHECKING:`` only name types for the checker and never run, so they do not count;
neither does the implicit import of a parent package."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"
MAX_LINES = 420


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(RULES.parent.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append(child)
            walk(child)

    walk(tree)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the game.rules modules it imports when it runs."""
    modules = {_module_name(p): p for p in RULES.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = package
                for _ in range(node.level - 1):
                    base = base.rsplit(".", 1)[0]
                stem = node.module or ""
                if node.level:
                    stem = f"{base}.{stem}" if stem else base
                targets = [stem] + [f"{stem}.{alias.name}" for alias in node.names]
            graph[name].update(t for t in targets if t in modules and t != name
                               and not name.startswith(t + "."))  # not a parent package
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_rules_import_graph_has_no_cycle() -> None:
    graph = import_graph()
    assert "game.rules.core.game" in graph and graph["game.rules.core.game"]
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle in game/rules: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_rules_modules_stay_small() -> None:
    long = {str(p.relative_to(RULES)): n for p in RULES.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines (split them): {long}"
