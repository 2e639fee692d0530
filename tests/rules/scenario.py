"""Building blocks for rules tests: small grid maps, cards put straight where a test
needs them, and helpers that drive the priority loop.

    game = scenario(".....\\n1...2", hands={0: ["Soldier"]})
    unit = game.add_permanent("Soldier", (1, 1), 0)
    to_action_phase(game)
    resolve(game, Move(0, unit, (2, 1)))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from game.content.cards import load_cards
from game.rules import Game, GameSetup, Phase, WinSpec, parse_grid
from game.rules.cards import CardLibrary
from game.rules.core.actions import Action, EndTurn, Pass, PayUpkeep
from game.rules.core.events import Event
from game.rules.core.state import RULES_VERSION
from game.rules.core.view import Zone
from game.rules.mapmodel import Placement, Region

LIBRARY, _PROBLEMS = load_cards()
assert not _PROBLEMS, _PROBLEMS


def library() -> CardLibrary:
    return LIBRARY


def scenario(
    grid: str = "1.......\n........\n........\n.......2",
    *,
    players: int = 2,
    hands: Mapping[int, Iterable[str]] | None = None,
    decks: Mapping[int, Iterable[str]] | None = None,
    stores: Mapping[int, Iterable[str]] | None = None,
    resource: Mapping[int, int] | None = None,
    income: int = 0,
    start_deck: tuple[tuple[str, int], ...] = (),
    win: WinSpec | None = None,
    placements: tuple[Placement, ...] = (),
    regions: tuple[Region, ...] = (),
    seed: int = 1,
    draft: str | None = None,
    sets: tuple[str, ...] = ("base",),
    rules_version: int = RULES_VERSION,
    seat_bonus: int = 0,
    first_income: int | None = None,
) -> Game:
    """A game on a text grid, already in player 1's first upkeep (no draft unless asked).

    ``hands``/``decks``/``stores`` add named cards; ``resource`` sets resource directly;
    ``rules_version`` plays it by the rules of an earlier version (a loaded old save)."""
    spec = replace(parse_grid(grid, players=players, income=income, start_deck=start_deck,
                              win=win or WinSpec("none"), placements=placements,
                              regions=regions), seat_bonus=seat_bonus,
                   first_income=first_income)
    explicit = None if draft else tuple(tuple((stores or {}).get(p, ())) for p in range(players))
    game = Game(GameSetup(spec, LIBRARY, players, seed, sets=sets, draft=draft or "1x[1;2]",
                          stores=explicit, version=rules_version))
    for player, names in (hands or {}).items():
        for name in names:
            game.add_card(name, player, Zone.HAND)
    for player, names in (decks or {}).items():
        for name in names:
            game.add_card(name, player, Zone.DECK)
    for player, amount in (resource or {}).items():
        game.players[player].resource = amount
    return game


def act(game: Game, action: Action) -> list[Event]:
    """Apply one action (it must be legal)."""
    return game.apply(action)


def pass_until(game: Game, done: Callable[[Game], bool], limit: int = 200) -> list[Event]:
    """Everyone passes until ``done(game)`` holds, or a decision waits for a player (a
    triggered action to declare, ``game.pending``, or ``game.choices``: nobody can pass
    then)."""
    events: list[Event] = []
    for _ in range(limit):
        if done(game) or game.choices or game.pending:
            return events
        actor = game.actor
        assert actor is not None, "the game is over"
        events.extend(game.apply(Pass(actor)))
    raise AssertionError("pass_until: condition never met")


def resolve(game: Game, action: Action) -> list[Event]:
    """Declare ``action`` and let every player pass until the stack is empty again."""
    events = game.apply(action)
    events.extend(pass_until(game, lambda g: not g.stack and not g.pending))
    return events


def to_action_phase(game: Game) -> list[Event]:
    """From the active player's upkeep: declare the upkeep action if due, pass to actions."""
    events: list[Event] = []
    player = game.active
    if (game.phase is Phase.UPKEEP and game.actor == player
            and PayUpkeep(player) in game.legal_actions(player)):
        events.extend(resolve(game, PayUpkeep(player)))
    events.extend(pass_until(game, lambda g: g.phase is Phase.ACTION and not g.stack))
    return events


def tyrant_repressed(game: Game, tyrant: int, goal: int) -> None:
    """From the first upkeep of a Tyrant game: to the action phase, the Tyrant one
    repression mark short of ``goal`` (the game goes on after a pass), then the last mark
    and the pass that lets the state be checked."""
    to_action_phase(game)
    game.add_marks(tyrant, "repression", goal - 1)
    game.apply(Pass(0))
    assert game.phase is not Phase.OVER
    game.add_marks(tyrant, "repression", 1)
    game.apply(Pass(game.actor or 0))


def to_phase(game: Game, phase: Phase) -> list[Event]:
    """Pass (declaring the upkeep action when due) until ``phase`` begins."""
    events: list[Event] = []
    for _ in range(50):
        if game.phase is phase and not game.stack:
            return events
        player = game.actor
        assert player is not None
        if game.phase is Phase.DISCARD:
            events.extend(game.apply(EndTurn(player)))
        elif (game.phase is Phase.UPKEEP and PayUpkeep(player) in game.legal_actions(player)
              and player == game.active and not game.stack):
            events.extend(game.apply(PayUpkeep(player)))
        else:
            events.extend(game.apply(Pass(player)))
    raise AssertionError(f"to_phase: never reached {phase}")


def next_turn(game: Game) -> list[Event]:
    """Finish the current turn: pass through every phase and end the discard step."""
    turn = game.turn
    events: list[Event] = []
    for _ in range(100):
        if game.turn != turn:
            return events
        player = game.actor
        assert player is not None
        if game.phase is Phase.DISCARD:
            events.extend(game.apply(EndTurn(player)))
        elif (game.phase is Phase.UPKEEP and PayUpkeep(player) in game.legal_actions(player)
              and player == game.active and not game.stack):
            events.extend(game.apply(PayUpkeep(player)))
        else:
            events.extend(game.apply(Pass(player)))
    raise AssertionError("next_turn: the turn never ended")


def of_type(events: Iterable[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def assert_illegal(game: Game, action: Action) -> None:
    """The action is not offered, and applying it raises and changes nothing."""
    import pytest

    from game.rules import IllegalAction

    assert action not in game.legal_actions(action.player)
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert game.state_hash() == before


def tapped(game: Game, entity: int) -> bool:
    """Is the permanent tapped? (its damage, actions left and durability: ``game.view``)"""
    return game.view(entity).tapped


def in_hand(game: Game, player: int, name: str) -> int:
    """The first card of that name in the player's hand."""
    for card in game.players[player].hand:
        if game.card(card).name == name:
            return card
    raise AssertionError(f"no {name} in player {player + 1}'s hand")
