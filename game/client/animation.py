"""Short animations of what the rules did, read from the events (the rules are never
asked to wait: the game has already moved on, and the board only shows its way there).

- a **move**: the piece slides along the tiles it stepped on (consecutive moves of one
  piece make one path; a move of several tiles at once is a straight slide);
- an **attack**: the attacker lunges towards its target and back;
- a **death**: the destroyed piece shrinks and fades out on its tile (drawn from the
  picture the board last drew of it).

One action's events play as a timeline of groups: a run of events of one kind (moves of
several ships, say) plays at once, and each group starts when the one before it ends, so
a piece moves, then lunges, then its victim falls. What comes while a timeline still plays
waits for its end: nothing is skipped. The settings' Animation value scales every
duration (1 normal, 2 fast: half as long); 0 shows nothing and spends no frame: every
piece is drawn where it is.

The animator counts time only through ``advance(dt)``: the window passes it each frame's
time, tests pass whatever they like (no clock is read here).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.core.events import Attacked, Destroyed, Event, PermanentMoved

#: seconds, at the normal speed: a step of a move (a tile), at least and at most a move
STEP_SECONDS = 0.14
MOVE_MIN, MOVE_MAX = 0.22, 0.7
#: an attacker's lunge there and back; a piece's death
LUNGE_SECONDS = 0.32
DEATH_SECONDS = 0.45
#: how far towards its target an attacker lunges (a share of the way between the tiles)
LUNGE_REACH = 0.4
Point = tuple[float, float]


def duration_factor(speed: float) -> float:
    """How long an animation lasts at the settings' speed, as a share of the normal
    (0: no animation)."""
    return 0.0 if speed <= 0 else 1.0 / speed


@dataclass(slots=True)
class Motion:
    """One piece's animation: ``kind`` "move" (``tiles``: the path, start first),
    "lunge" (from ``tiles[0]`` towards ``tiles[1]``) or "death" (on ``tiles[0]``)."""

    entity: int
    kind: str
    tiles: tuple[Any, ...]
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    #: the picture of a dying piece (the board's last drawing of it)
    sprite: Any = None

    @property
    def progress(self) -> float:
        """0 until it starts, then up to 1 when it is over."""
        if self.elapsed <= self.delay:
            return 0.0
        return min(1.0, (self.elapsed - self.delay) / max(1e-9, self.duration))

    @property
    def left(self) -> float:
        return max(0.0, self.delay + self.duration - self.elapsed)

    def point(self, centre: Callable[[Any], Point]) -> Point:
        """Where the piece is drawn now (``centre``: a tile's centre in pixels)."""
        p = self.progress
        if self.kind == "move":
            points = [centre(t) for t in self.tiles]
            if len(points) == 1:
                return points[0]
            where = p * (len(points) - 1)
            index = min(len(points) - 2, math.floor(where))
            t = ease(where - index)
            (ax, ay), (bx, by) = points[index], points[index + 1]
            return (ax + (bx - ax) * t, ay + (by - ay) * t)
        if self.kind == "lunge":
            (ax, ay), (bx, by) = centre(self.tiles[0]), centre(self.tiles[1])
            reach = LUNGE_REACH * math.sin(math.pi * p)
            return (ax + (bx - ax) * reach, ay + (by - ay) * reach)
        return centre(self.tiles[0])

    @property
    def scale(self) -> float:
        """How big a dying piece is drawn (1 whole, 0 gone); 1 for the others."""
        return 1.0 - self.progress if self.kind == "death" else 1.0


def ease(t: float) -> float:
    """Smooth start and stop (smoothstep)."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


@dataclass
class Animator:
    """The animations playing on a board: ``add`` what events did, ``advance`` the time,
    ask where a piece is drawn (``moving``) and which pieces are dying (``dying``)."""

    speed: float = 1.0
    motions: list[Motion] = field(default_factory=list)

    @property
    def busy(self) -> bool:
        return bool(self.motions)

    def remaining(self) -> float:
        """Seconds until every animation now known has played."""
        return max((m.left for m in self.motions), default=0.0)

    def clear(self) -> None:
        self.motions.clear()

    def add(self, events: Sequence[Event], tile_of: Callable[[int], Any],
            sprite_of: Callable[[Destroyed], Any] = lambda event: None) -> list[Motion]:
        """Animate what ``events`` did, after whatever plays now. ``tile_of``: a
        permanent's tile now (None: off the map), for attackers; ``sprite_of``: the
        picture of a destroyed permanent (None: nothing to show, it was not in sight).
        Returns the new motions (none when animations are off)."""
        factor = duration_factor(self.speed)
        if factor <= 0:
            return []
        groups: list[tuple[str, list[Motion]]] = []
        paths: dict[int, Motion] = {}  # the current group's moves, by piece
        fallen = {e.permanent: e.tile for e in events if isinstance(e, Destroyed)}

        def group(kind: str) -> list[Motion]:
            if not groups or groups[-1][0] != kind:
                groups.append((kind, []))
                paths.clear()
            return groups[-1][1]

        for event in events:
            if isinstance(event, PermanentMoved):
                if event.from_tile is None or event.to_tile is None:
                    continue
                moves = group("move")
                found = paths.get(event.permanent)
                if found is not None and found.tiles[-1] == event.from_tile:
                    found.tiles = (*found.tiles, event.to_tile)
                    continue
                motion = Motion(event.permanent, "move", (event.from_tile, event.to_tile), 0)
                paths[event.permanent] = motion
                moves.append(motion)
            elif isinstance(event, Attacked):
                start = tile_of(event.attacker)
                end = fallen.get(event.target) or tile_of(event.target)
                if start is None or end is None or start == end:
                    continue
                group("lunge").append(Motion(event.attacker, "lunge", (start, end),
                                             LUNGE_SECONDS * factor))
            elif isinstance(event, Destroyed):
                sprite = sprite_of(event)
                if event.tile is None or sprite is None:
                    continue  # never drawn (out of sight, in a pile): nothing to fade
                group("death").append(Motion(event.permanent, "death", (event.tile,),
                                             DEATH_SECONDS * factor, sprite=sprite))
        start = self.remaining()
        new: list[Motion] = []
        for _, members in groups:
            for motion in members:
                if motion.kind == "move":
                    steps = len(motion.tiles) - 1
                    motion.duration = max(MOVE_MIN, min(MOVE_MAX, STEP_SECONDS * steps)) \
                        * factor
                motion.delay = start
            start += max(m.duration for m in members)
            new.extend(members)
        self.motions.extend(new)
        return new

    def advance(self, dt: float) -> bool:
        """Let ``dt`` seconds pass; True while something still plays."""
        for motion in self.motions:
            motion.elapsed += dt
        self.motions = [m for m in self.motions if m.left > 0]
        return bool(self.motions)

    def moving(self, entity: int) -> Motion | None:
        """The move or lunge that decides where the piece is drawn now: the one playing,
        else the next one to play (a piece waits on its first tile)."""
        found = [m for m in self.motions if m.entity == entity and m.kind != "death"]
        if not found:
            return None
        playing = [m for m in found if m.elapsed > m.delay]
        return playing[-1] if playing else min(found, key=lambda m: m.delay)

    def dying(self) -> list[Motion]:
        return [m for m in self.motions if m.kind == "death"]
