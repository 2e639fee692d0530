"""Reading a YAML file someone else wrote: cards, decks, mod manifests, text-grid maps.

PyYAML's safe loader runs no code, but it still trusts a file's size and shape: an alias
bomb ("billion laughs") builds a value that everything after it walks for ever, a deep
nesting ends in a ``RecursionError``, a 5,000-digit number in a ``ValueError``. The
loaders here are PyYAML's, checked as they compose the file, before any value is built:

- the file itself, before it is read: a regular file (no FIFO or device) of at most the
  limit of its kind, inside the folder it belongs to (``game.rules.files``);
- the nesting of lists and mappings (``MAX_YAML_DEPTH``), counted as each level opens;
- the values of the file with every alias counted as the whole value it repeats
  (``MAX_YAML_NODES``); an alias of a value that holds the alias itself is refused;
- the length of a number (``MAX_NUMBER_DIGITS``), before it is converted;
- a value PyYAML cannot build (a date such as 2001-13-45) and a character YAML forbids
  (a NUL byte) are reported with their line, like a syntax error.

``read_yaml`` returns the data and every problem as ``(field, expected, found)``; the
callers add the file's name. The limits are those of ``game.rules.limits``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.rules.files import read_bytes
from game.rules.limits import MAX_NUMBER_DIGITS, MAX_YAML_DEPTH, MAX_YAML_NODES

_INT = "tag:yaml.org,2002:int"
_MERGE = "tag:yaml.org,2002:merge"


class Refused(yaml.YAMLError):
    """A file beyond a limit, or a value that cannot be built: where, expected, found."""

    def __init__(self, line: int, expected: str, found: str) -> None:
        super().__init__(f"line {line}: expected {expected}, found {found}")
        self.line = line
        self.expected = expected
        self.found = found


def _shown(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class _Checks:
    """What the checked loaders add to PyYAML's composer and constructor (a mixin)."""

    # set by the loader classes below (PyYAML's own attributes)
    anchors: dict[str, yaml.Node]

    def _start_checks(self) -> None:
        self._depth = 0
        #: id(node) -> the values the node holds, aliases counted in full
        self._sizes: dict[int, int] = {}
        #: (line, key) of every key given twice in one mapping
        self.repeated: list[tuple[int, Any]] = []

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        if self.check_event(yaml.AliasEvent):  # type: ignore[attr-defined]
            event = self.peek_event()  # type: ignore[attr-defined]
            target = self.anchors.get(event.anchor)
            if target is not None and id(target) not in self._sizes:
                raise Refused(event.start_mark.line + 1,
                              "an alias of a value that does not hold the alias itself",
                              f"*{event.anchor} inside &{event.anchor}")
        self._depth += 1
        try:
            if self._depth > MAX_YAML_DEPTH:
                event = self.peek_event()  # type: ignore[attr-defined]
                raise Refused(event.start_mark.line + 1,
                              f"lists and mappings nested at most {MAX_YAML_DEPTH} deep",
                              "deeper nesting")
            node: yaml.Node = super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1
        size = self._sizes.get(id(node))
        if size is None:
            size = 1 + sum(self._sizes[id(child)] for child in _children(node))
            self._sizes[id(node)] = size
            if (isinstance(node, yaml.ScalarNode) and node.tag == _INT
                    and len(node.value) > MAX_NUMBER_DIGITS):
                raise Refused(node.start_mark.line + 1,
                              f"a whole number of at most {MAX_NUMBER_DIGITS} digits",
                              f"a number of {len(node.value)} characters")
        if size > MAX_YAML_NODES:
            raise Refused(node.start_mark.line + 1,
                          f"a file of at most {MAX_YAML_NODES} values (each alias counted as "
                          "the whole value it repeats)", f"more than {MAX_YAML_NODES}")
        return node

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)  # type: ignore[misc]
        except (ValueError, OverflowError) as exc:
            # e.g. a date that does not exist (2001-13-45), !!int on a word
            raise Refused(node.start_mark.line + 1, "a value YAML can read",
                          f"{_shown(node.value)} ({exc})") from None

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag != _MERGE:
                key = self.construct_object(key_node)
                if key in seen:
                    self.repeated.append((key_node.start_mark.line + 1, key))
                seen.add(key)
        return super().construct_mapping(node, deep)  # type: ignore[misc, no-any-return]


def _children(node: yaml.Node) -> Iterator[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        yield from node.value
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield key
            yield value


class CheckedLoader(_Checks, yaml.SafeLoader):
    """PyYAML's safe loader with the checks above (numbers, booleans, lists, mappings)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._start_checks()


class CheckedTextLoader(_Checks, yaml.BaseLoader):
    """PyYAML's base loader with the checks above: every value stays text (a manifest's
    ``version: 1.10`` is not the number 1.1)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._start_checks()


@dataclass(slots=True)
class YamlFile:
    """A YAML file as read: its data (None when it could not be read) and its problems."""

    data: Any = None
    #: (field, expected, found) of each problem; field is "" for the whole file
    problems: list[tuple[str, str, str]] = field(default_factory=list)
    #: (line, key) of every key given twice in one mapping
    repeated: list[tuple[int, Any]] = field(default_factory=list)


def read_text(path: Path, max_bytes: int, root: Path | None = None,
              ) -> str | tuple[str, str, str]:
    """The text of a UTF-8 file of at most ``max_bytes`` bytes (a regular file inside
    ``root`` when given, see ``game.rules.files``), or why it cannot be had."""
    raw = read_bytes(path, max_bytes, root)
    if isinstance(raw, tuple):
        return "", *raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return "", "a UTF-8 text file", f"bytes that are not UTF-8 (at byte {exc.start})"


def read_yaml(path: Path, max_bytes: int, *, text_only: bool = False,
              root: Path | None = None) -> YamlFile:
    """The data of one YAML document in ``path``, read with the checks above
    (``text_only``: every value a string, as PyYAML's base loader reads it; ``root``: the
    folder the file must lie in, links followed)."""
    text = read_text(path, max_bytes, root)
    if isinstance(text, tuple):
        return YamlFile(None, [text])
    loader: _Checks | None = None
    try:
        # (the reader looks for forbidden characters as the loader is made)
        loader = CheckedTextLoader(text) if text_only else CheckedLoader(text)
        data = loader.get_single_data()  # type: ignore[attr-defined]
    except Refused as exc:
        return YamlFile(None, [(f"line {exc.line}", exc.expected, exc.found)])
    except yaml.reader.ReaderError as exc:
        line = text[:exc.position].count("\n") + 1
        return YamlFile(None, [(f"line {line}", "text without control characters",
                                f"the character U+{exc.character:04X}")])
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        detail = str(getattr(exc, "problem", None) or exc)
        if len(detail) > 120:  # it may quote the file: an alias name, a tag
            detail = detail[:117] + "..."
        return YamlFile(None, [(where, "valid YAML", f"a syntax error ({detail})")])
    finally:
        if loader is not None:
            loader.dispose()  # type: ignore[attr-defined]
    return YamlFile(data, [], loader.repeated)
