"""The state hash: a digest of the position's canonical form, equal on every machine for
equal positions, which is what proves a replay (``Game.state_hash``, the turn hashes of
saves).

The canonical form and its bytes are fixed: a save's hashes must come out the same on
every later engine (see README, "Rules for changing the engine"). The bytes are those of
``pickle`` (protocol 4, no memo) of ``(canonical(game), rng state)``; ``state_bytes``
builds them with the board's tiles and the generator's state from bytes made once (both
seldom change, and they are most of the bytes), and checks that the result fits in one
pickle frame, as the whole pickle would.
"""

from __future__ import annotations

import bisect
import hashlib
import io
import operator
import pickle
import struct
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import esper

from ..components import ZONE_NAMES, Card, Mark

if TYPE_CHECKING:
    from .game import Game


def canonical(game: Game) -> tuple[Any, ...]:
    """Everything that matters about the position, as plain values in a fixed order."""
    return (*_canonical_head(game), tuple(game.tiles), *_canonical_tail(game))


def _canonical_head(game: Game) -> tuple[Any, ...]:
    return (game.turn, game.active, game.phase.value, game.priority, game.passes,
            game.activated)


def _canonical_tail(game: Game) -> tuple[Any, ...]:
    entities = []
    table = esper._entities  # noqa: SLF001 - read-only walk of our world
    # a piled permanent's pile is written as it was when piles were also a component
    # (``Piled``) of their members, so positions keep their hashes
    piled = {m: c for c, members in game.piles.items() for m in members}
    # likewise a card's zone, once a component (``InZone``) and now the zone index's
    places = game.places
    # a card that is nothing but its ``Card`` (most cards: those off the map) keeps its
    # key while that component, its place and its pile stay the same
    known: dict[int, tuple[Any, ...]] = game.caches.setdefault("hash_keys", (0, {}))[1]
    for entity in sorted(table):
        comps = table[entity]
        place = places.get(entity)
        pile = piled.get(entity)
        card = comps.get(Card) if len(comps) == 1 else None
        if card is not None:
            seen = known.get(entity)
            if seen is not None and seen[0] is card and seen[1] == place and seen[2] == pile:
                entities.append(seen[3])
                continue
        kinds = tuple(comps)
        build = _PLANS.get(kinds)
        if build is None:
            build = _plan(kinds)
        found = (entity, build(comps, place, pile))
        if card is not None:
            known[entity] = (card, place, pile, found)
        entities.append(found)
    players = tuple([
        (p.resource, p.points, p.eliminated, p.bought, p.upkeep_due, tuple(p.disbanded),
         tuple(zip(map(ZONE_NAMES.__getitem__, p.zones), map(tuple, p.zones.values()),
                   strict=True)))
        # counters came with rules version 2: only a player who has some adds them, so
        # the positions of earlier games hash as they always did
        + ((tuple(sorted(p.counters.items())),) if p.counters else ())
        for p in [*game.players, game.neutral]
    ])
    return (
        tuple(sorted(game.neutralized)), players, tuple(entities),
        tuple((s.kind, s.controller, s.source, s.data) for s in game.stack),
        tuple((t.controller, t.source, t.ability, t.context) for t in game.pending),
        tuple(tuple(p) for p in game.packs), tuple(game.held), game.draft_step,
        game.draft_round, game.winners,
        # choices came with rules version 2: only a position where one waits adds them
    ) + ((tuple((c.kind, c.controller, c.source, c.data) for c in game.choices),)
         if game.choices else ())


def state_hash(game: Game) -> str:
    """A stable hash of everything that matters about the position."""
    game.enter()
    return hashlib.blake2b(state_bytes(game), digest_size=12).hexdigest()


def state_bytes(game: Game) -> bytes:
    """``_flat_bytes((canonical(game), game.rng.getstate()))``, built from parts."""
    head = _atoms(_canonical_head(game))
    tail = _inner(_body(_canonical_tail(game)))
    tiles = _TILES.get(game.tiles)
    rng = _RNG.of(game.rng)
    if head is None or tail is None or tiles is None or rng is None:
        return _flat_bytes((canonical(game), game.rng.getstate()))
    # the 17-tuple of the canonical form (MARK ... TUPLE), then the generator, in a pair
    body = b"".join((b"(", head, tiles, tail, b"t", rng, b"\x86"))
    if len(body) >= _FRAME_TARGET:  # the pickle would have more frames
        return _flat_bytes((canonical(game), game.rng.getstate()))
    return b"\x80\x04\x95" + struct.pack("<Q", len(body) + 1) + body + b"."


#: a pickle commits its frame once it holds this many bytes (``pickle._FRAME_SIZE_TARGET``)
_FRAME_TARGET = 64 * 1024


def _flat_bytes(value: Any) -> bytes:
    """Pickle without the memo, so equal values always give equal bytes, whether or not
    they share objects (a plain pickle writes a repeated object as a back-reference)."""
    global _PICKLER
    buffer = _BUFFER
    buffer.seek(0)
    buffer.truncate()
    try:
        _PICKLER.dump(value)
    except BaseException:
        _PICKLER = _pickler()  # (a value that would not pickle: start afresh)
        raise
    return buffer.getvalue()


def _pickler() -> pickle.Pickler:
    pickler = pickle.Pickler(_BUFFER, protocol=4)
    pickler.fast = True  # no memo: deterministic bytes for trees of plain values
    return pickler


#: one pickler writing into one buffer for every value hashed: without a memo it keeps
#: nothing from one value to the next, and making one costs more than pickling a small
#: value (a process plays one game at a time, as esper's one world does)
_BUFFER = io.BytesIO()
_PICKLER = _pickler()


def _body(value: Any) -> bytes | None:
    """The bytes ``_flat_bytes`` writes for ``value`` inside a larger pickle (without the
    protocol, frame and stop opcodes), or None when they would not fit one frame."""
    data = _flat_bytes(value)
    if len(data) >= _FRAME_TARGET:
        return None
    return data[11:-1] if data[2] == 0x95 else data[2:-1]  # 0x95: FRAME and its length


def _inner(body: bytes | None) -> bytes | None:
    """A tuple of four or more items without its MARK ... TUPLE around the items."""
    if body is None:
        return None
    assert body[:1] == b"(" and body[-1:] == b"t", "not a tuple of four or more items"
    return body[1:-1]


def _atoms(values: tuple[Any, ...]) -> bytes | None:
    """The bytes of ``values``' items as pickled one after the other (a tuple's inside),
    each written once and kept: the position's head is a few small numbers and a word."""
    found = []
    for value in values:
        key = (value.__class__, value)  # (True is not 1)
        written = _ATOMS.get(key)
        if written is None:
            body = _body((value,))
            if body is None or body[-1:] != b"\x85":  # the value, TUPLE1
                return None
            if len(_ATOMS) > 4096:
                _ATOMS.clear()
            written = _ATOMS[key] = body[:-1]
        found.append(written)
    return b"".join(found)


#: (class, value) -> the value as pickled, for the head's numbers and words
_ATOMS: dict[tuple[type, Any], bytes] = {}


class _LastBytes:
    """The pickled bytes of the last value asked for, made again only when it changes."""

    def __init__(self, same: Callable[[Any, Any], bool], copy: Callable[[Any], Any]) -> None:
        self.same = same
        self.copy = copy
        self.value: Any = None
        self.bytes: bytes | None = None

    def get(self, value: Any) -> bytes | None:
        if self.bytes is None or not self.same(value, self.value):
            self.value = self.copy(value)
            self.bytes = _body(tuple(value) if isinstance(value, list) else value)
        return self.bytes


class GeneratorBytes:
    """The pickled bytes of the generator's state, ``(3, numbers, gauss_next)`` with its
    624 key numbers and then its position among them: the key changes all at once every
    624 draws, the position with every draw, so the key's bytes are kept while it stays
    the same and only the position is written again. A state of another shape (a float
    waiting in ``gauss_next``) is pickled whole."""

    def __init__(self) -> None:
        self.state: tuple[Any, ...] | None = None  # the last state asked for
        self.bytes: bytes | None = None
        self.key: tuple[int, ...] = ()
        self.key_bytes = b""  # the key's numbers, each as pickled
        self.index = -1  # the position of ``bytes``, when they were made by ``of``

    def of(self, rng: Any) -> bytes | None:
        """The bytes of ``rng``'s state; from its key and position, without copying the
        state, when it is a ``GameRandom``."""
        position = getattr(rng, "position", None)
        found = position() if position is not None else None
        if found is None:
            return self.get(rng.getstate())
        key, index = found
        if key is self.key and index == self.index:
            return self.bytes
        self.state = None
        self.bytes, self.index = self._written(key, index), index
        return self.bytes

    def get(self, state: tuple[Any, ...]) -> bytes | None:
        if state is self.state:
            return self.bytes  # ``GameRandom`` hands out the same tuple while nothing is drawn
        if (len(state) != 3 or state[0] != 3 or state[2] is not None
                or type(state[1]) is not tuple or len(state[1]) < 5):
            found = _body(state)  # (a test's generator of another kind, a float waiting)
        else:
            numbers = state[1]
            found = self._written(numbers[:-1], numbers[-1])
        self.state, self.bytes, self.index = state, found, -1
        return found

    def _written(self, key: tuple[int, ...], index: int) -> bytes:
        if key is not self.key:
            if key != self.key:
                self.key_bytes = _inner(_body(key)) or b""
            self.key = key  # (an equal key too: the one asked for is the one kept)
        position = _INDEX_BYTES.get(index)
        if position is None:
            written = _body((index,))
            assert written is not None and written[-1:] == b"\x85"  # the number, TUPLE1
            position = written[:-1]
            if 0 <= index <= 624:
                _INDEX_BYTES[index] = position
        # K 3, MARK, the numbers, TUPLE, None, TUPLE3: as pickle writes the state
        return b"".join((b"K\x03(", self.key_bytes, position, b"tN\x87"))


#: a position in the generator's key -> its number as pickled (at most 625 of them)
_INDEX_BYTES: dict[int, bytes] = {}


#: the board's tiles (a list, compared by value) and the generator's state
_TILES = _LastBytes(operator.eq, list)
_RNG = GeneratorBytes()


def _mark_key(m: Mark) -> tuple[Any, ...]:
    """A mark as before tile marks and durations existed, plus those two fields only when
    they are set (so earlier positions keep their hashes)."""
    if m.tile is None and not m.left:
        return ("Mark", m.kind, m.bearer, m.count, m.source)
    return ("Mark", m.kind, m.bearer, m.count, m.source, m.tile, m.left)


#: component class -> the key of one of its components in the canonical form, when it is
#: not the class name and then the values of its slots in order (``_FIELDS``, ``_slots``)
_KEYS: dict[type, Callable[[Any], tuple[Any, ...]]] = {Mark: _mark_key}

#: component class -> the fields its key shows, when they are not its slots
_FIELDS: dict[type, tuple[str, ...]] = {Card: ("definition.name", "owner", "token")}

#: the keys of an entity's components in the canonical form, given the entity's
#: components (as esper holds them), its place in a zone or None, and its pile or None
_Build = Callable[[dict[type, Any], "tuple[Any, int] | None", "int | None"], tuple[Any, ...]]

#: the component types of an entity (as esper holds them) -> its keys' maker: one key a
#: component, in order of class name (the first item of every key), with the zone
#: (``InZone``) and the pile (``Piled``) put among them where their names sort
_PLANS: dict[tuple[type, ...], _Build] = {}


def _plan(kinds: tuple[type, ...]) -> _Build:
    """Write the maker of the keys of an entity with these component types: one function
    reading every field where it is, as the keys' functions would (``_KEYS``)."""
    ordered = sorted(kinds, key=lambda k: k.__name__)
    names = [kind.__name__ for kind in ordered]
    scope: dict[str, Any] = {"_ZONES": ZONE_NAMES}
    lines = ["def build(comps, place, pile):"]
    items = []
    for index, kind in enumerate(ordered):
        scope[f"_K{index}"] = kind
        lines.append(f"    c{index} = comps[_K{index}]")
        custom = _KEYS.get(kind)
        if custom is not None:
            scope[f"_f{index}"] = custom
            items.append(f"_f{index}(c{index})")
        else:
            fields = "".join(f", c{index}.{f}" for f in _FIELDS.get(kind) or _slots(kind))
            items.append(f"({kind.__name__!r}{fields})")
    def written(zone: bool, piled: bool) -> str:
        keys = list(items)
        if zone:
            keys.insert(bisect.bisect_right(names, "InZone"),
                        "('InZone', _ZONES[place[0]], place[1])")
        if piled:
            keys.insert(bisect.bisect_right(names, "Piled") + zone, "('Piled', pile)")
        return "(" + "".join(f"{key}, " for key in keys) + ")"
    lines += ["    if place is None:",
              f"        return {written(False, False)} if pile is None else {written(False, True)}",
              f"    return {written(True, False)} if pile is None else {written(True, True)}"]
    exec("\n".join(lines), scope)  # noqa: S102 - code made here from the classes' own names
    build: _Build = scope["build"]
    _PLANS[kinds] = build
    return build


def _slots(cls: type) -> tuple[str, ...]:
    slots = cls.__slots__  # type: ignore[attr-defined]
    return (slots,) if isinstance(slots, str) else tuple(slots)
