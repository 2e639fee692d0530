"""The limits of ``game.rules.limits`` are far above what the shipped content needs: every
shipped card, deck, mod, map and save stays at least ``FACTOR`` times inside each limit
that applies to it, so a limit never refuses a file an author would really write."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.maps import load_tmx
from game.rules import limits
from game.rules.draft import parse_draft

REPO = Path(__file__).resolve().parent.parent
FACTOR = 3
CARD_FILES = sorted((REPO / "assets").glob("cards/*/*.yaml")) + sorted(
    (REPO / "assets" / "mods").glob("*/cards/*/*.yaml"))
DECK_FILES = sorted((REPO / "assets" / "decks").glob("*/*.yaml"))
MAP_FILES = sorted((REPO / "maps").glob("*.tmx"))
SAVE_FILES = sorted((REPO / "tests" / "fixtures" / "saves").glob("*.json"))


def inside(value: float, limit: float, what: str) -> None:
    assert value * FACTOR <= limit, f"{what}: {value} is not {FACTOR} times inside {limit}"


def _nodes(node: yaml.Node, depth: int = 1) -> Iterator[tuple[yaml.Node, int]]:
    yield node, depth
    children = (node.value if isinstance(node, yaml.SequenceNode) else
                [part for pair in node.value for part in pair]
                if isinstance(node, yaml.MappingNode) else [])
    for child in children:
        yield from _nodes(child, depth + 1)


def _values(data: Any) -> Iterator[Any]:
    yield data
    if isinstance(data, dict):
        for value in data.values():
            yield from _values(value)
    elif isinstance(data, list):
        for value in data:
            yield from _values(value)


@pytest.mark.parametrize("path", CARD_FILES + DECK_FILES, ids=lambda p: p.stem)
def test_shipped_cards_and_decks_are_far_inside_the_limits(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    size = limits.MAX_DECK_FILE if path in DECK_FILES else limits.MAX_CARD_FILE
    inside(len(text.encode()), size, "bytes")
    nodes = list(_nodes(yaml.compose(text)))
    inside(len(nodes), limits.MAX_YAML_NODES, "YAML values")
    inside(max(depth for _, depth in nodes), limits.MAX_YAML_DEPTH, "YAML depth")
    data = yaml.safe_load(text)
    for value in _values(data):
        if isinstance(value, int) and not isinstance(value, bool):
            inside(abs(value), limits.MAX_CARD_NUMBER, "a number")
        elif isinstance(value, list):
            inside(len(value), limits.MAX_LIST_ITEMS, "a list")
    names = data["name"].values() if isinstance(data["name"], dict) else [data["name"]]
    for name in names:
        inside(len(name), limits.MAX_NAME, "a name")
    texts = data.get("text", {})
    for words in texts.values() if isinstance(texts, dict) else [texts]:
        inside(len(words), limits.MAX_TEXT, "a text")
    if path in DECK_FILES:
        inside(1 + sum(data["cards"].values()), limits.MAX_DECK_CARDS, "deck cards")


def test_shipped_mod_manifests_are_far_inside_the_limits() -> None:
    for path in (REPO / "assets" / "mods").glob("*/mod.yaml"):
        inside(path.stat().st_size, limits.MAX_MANIFEST_FILE, "bytes")
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        inside(len(data["name"]), limits.MAX_MOD_NAME, "a mod name")
        inside(len(data.get("description", "")), limits.MAX_TEXT, "a description")


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.stem)
def test_shipped_maps_are_far_inside_the_limits(path: Path) -> None:
    inside(path.stat().st_size, limits.MAX_MAP_FILE, "bytes")
    root = ET.parse(path).getroot()
    inside(len(root.findall(".//object")), limits.MAX_MAP_OBJECTS, "objects")
    spec = load_tmx(path)
    inside(max(spec.width, spec.height), limits.MAX_MAP_SIDE, "a side")
    inside(spec.width * spec.height, limits.MAX_MAP_CELLS, "cells")
    inside(int(root.get("tilewidth", "0")), limits.MAX_TILE_PIXELS, "a tile")
    inside(len(spec.title), limits.MAX_TITLE, "a title")
    inside(len(spec.description), limits.MAX_TEXT, "a description")
    inside(sum(count for _, count in spec.start_deck), limits.MAX_START_DECK, "a start deck")
    if spec.draft:
        draft = parse_draft(spec.draft)
        inside(draft.rounds, limits.MAX_DRAFT_ROUNDS, "rounds")
        inside(draft.picks, limits.MAX_DRAFT_PICKS, "picks")
        inside(draft.pack_size, limits.MAX_PACK_SIZE, "a pack")


@pytest.mark.parametrize("path", SAVE_FILES, ids=lambda p: p.stem)
def test_shipped_saves_are_far_inside_the_limits(path: Path) -> None:
    inside(path.stat().st_size, limits.MAX_SAVE_FILE, "bytes")
    data = json.loads(path.read_text(encoding="utf-8"))
    inside(len(data["actions"]), limits.MAX_SAVE_ACTIONS, "actions")
    inside(abs(data["setup"]["seed"]), limits.MAX_SEED, "the seed")
    numbers = [v for action in data["actions"] for v in _values(action)
               if isinstance(v, int) and not isinstance(v, bool)]
    inside(max(numbers), limits.MAX_ACTION_NUMBER, "an action's number")
