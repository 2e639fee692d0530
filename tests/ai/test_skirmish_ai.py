"""The computer players in a skirmish see what their side sees and nothing more: a unit
hidden from them is absent from everything they read, so what they decide is the same
with it or without it (the issue's "vision": hidden units are not evaluated)."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from game.ai import make_player
from game.ai.search import HardPlayer
from game.rules import Game
from game.rules.core.actions import Activate, Attack
from tests.rules.skirmish.kit import new_game, unit_at

ROWS = [".F.....", ".F.....", "......."]
BASE = [("Archer", (0, 0), 0), ("Soldier", (0, 1), 0), ("Soldier", (5, 2), 1),
        ("Scout", (6, 0), 1)]
HIDDEN = ("Brute", (2, 0), 1)  # behind the forest: player 1 does not see it


def pair() -> tuple[Game, Game, int]:
    plain = new_game(ROWS, BASE, first=0)
    hidden = new_game(ROWS, [*BASE, HIDDEN], first=0)
    brute = unit_at(hidden, *HIDDEN[1])
    assert brute not in hidden.visible_permanents(0)
    return plain, hidden, brute


@contextmanager
def reads() -> Iterator[set[int]]:
    """Every entity the computer player's own code asks the game about (view, card,
    tile, controller, keyword, marks) meanwhile; the engine's own reads (applying an
    action, listing the legal ones) are not the player's."""
    seen: set[int] = set()
    originals: dict[str, Any] = {}
    for name in ("view", "card", "tile_of", "controller", "keyword", "marks", "exists"):
        original = getattr(Game, name)
        originals[name] = original

        def spy(self: Game, entity: int, *args: Any, _original: Any = original,
                **kwargs: Any) -> Any:
            frame = inspect.currentframe()
            outer = frame.f_back if frame is not None else None
            caller = outer.f_globals.get("__name__", "") if outer is not None else ""
            if caller.startswith("game.ai"):
                seen.add(entity)
            return _original(self, entity, *args, **kwargs)

        setattr(Game, name, spy)
    try:
        yield seen
    finally:
        for name, original in originals.items():
            setattr(Game, name, original)


def decide(game: Game, kind: str, hidden: int = 0) -> list[Any]:
    """The computer player's decisions for player 1's turn, as long as ``hidden`` (when
    given) stays out of its sight."""
    player = HardPlayer(5, nodes=12) if kind == "hard" else make_player(kind, 5)
    chosen = []
    for _ in range(3):
        if game.actor != 0 or (hidden and hidden in game.visible_permanents(0)):
            break
        action = player.choose(game, 0)
        chosen.append(action)
        game.apply(action)
    return chosen


@pytest.mark.parametrize("kind", ["easy", "normal", "hard"])
def test_skirmish_vision_a_hidden_unit_is_absent_from_what_the_computer_player_reads(
        kind: str) -> None:
    plain, hidden, brute = pair()
    with reads() as seen:
        decisions = decide(hidden, kind, brute)
    assert brute not in seen
    assert decisions == decide(plain, kind)[:len(decisions)]
    assert decisions and isinstance(decisions[0], Activate)


def test_skirmish_ai_attacks_what_it_can_kill() -> None:
    game = new_game(["......."] * 3, [("Soldier", (1, 0), 0), ("Scout", (2, 0), 1),
                                      ("Soldier", (6, 2), 1)], first=0)
    scout = unit_at(game, 2, 0)
    game.edit(scout, damage=1)
    player = make_player("easy", 1)
    game.apply(player.choose(game, 0))
    assert player.choose(game, 0) == Attack(0, unit_at(game, 1, 0), scout)


def test_normal_holds_its_own_against_easy_on_the_marsh_from_either_seat() -> None:
    """The normal player weighs only the rules of thumb's likeliest actions (they find the
    way round the water): weighing every move by the evaluation's straight distances, it
    lost all 40 games against easy on 2P-skirmish-marsh."""
    from game.simulation import GameTask, Setting, play_task, seat_plan

    setting = Setting(map="2P-skirmish-marsh")
    plan = seat_plan(4, 1, ("normal", "easy"), swap=True)
    results = [play_task(GameTask(setting, index, seed, seats))
               for index, (seed, seats) in enumerate(plan)]
    assert all(r.winners for r in results)
    normal = sum(1 for r in results if any(r.seats[w] == "normal" for w in r.winners))
    assert normal >= 2, [(r.seats, r.winners) for r in results]
