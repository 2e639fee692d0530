"""A small duel to test rules with: the standard 9 x 5 board (generals at the ends of the
middle row, globes at (4,0), (5,2) and (4,4)) and a few plain test cards."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.rules import CardDef, CardLibrary, CardType, Game, GameSetup, MapSpec, WinSpec
from game.rules.cards import Ability, EffectSpec, TargetSpec
from game.rules.core.actions import Action, EndTurn

DUEL = frozenset({"duel"})
GLOBES = ((4, 0), (5, 2), (4, 4))


def general(name: str = "Test General", spell: str = "Test Bolt") -> CardDef:
    return CardDef(name=name, type=CardType.UNIT, attack=2, health=25,
                   tags=DUEL | {"general"}, extra=MappingProxyType({"bloodbound": spell}))


def minion(name: str, play: int = 1, attack: int = 1, health: int = 1,
           keywords: dict[str, Any] | None = None, tags: frozenset[str] = frozenset(),
           **kwargs: Any) -> CardDef:
    return CardDef(name=name, type=CardType.UNIT, play=play, attack=attack, health=health,
                   keywords=MappingProxyType(keywords or {}), tags=DUEL | tags, **kwargs)


def bolt(name: str = "Test Bolt", play: int = 1, amount: int = 1) -> CardDef:
    return CardDef(name=name, type=CardType.SPELL, play=play, tags=DUEL,
                   effect=Ability(effects=(EffectSpec("damage", {"amount": amount,
                                                                  "target": 0}),),
                                  targets=(TargetSpec("unit", {"controller": "enemy"}),)))


def card_library(*extra: CardDef) -> CardLibrary:
    cards = [general(), general("Other General"), bolt(),
             minion("Squire", 1, 1, 2), minion("Brute", 3, 3, 3),
             minion("Runner", 2, 2, 1, {"rush": True}),
             minion("Hawk", 2, 1, 1, {"flying": True}),
             minion("Archer", 2, 1, 1, {"ranged": True}),
             minion("Bulwark", 3, 1, 4, {"provoke": True}),
             CardDef(name="Blade", type=CardType.ARTIFACT, play=1, durability=3, tags=DUEL,
                     passives=(EffectSpec("equipped_bonus", {"attack": 2}),))]
    names = {c.name for c in extra}
    return CardLibrary([c for c in cards if c.name not in names] + list(extra))


def board(tiles: dict[tuple[int, int], str] | None = None) -> MapSpec:
    kinds = ["neutral"] * 45
    for x, y in GLOBES:
        kinds[y * 9 + x] = "mana globe"
    for (x, y), kind in (tiles or {}).items():
        kinds[y * 9 + x] = kind
    return MapSpec(name="test duel", width=9, height=5, tiles=tuple(kinds),
                   owners={(0, 2): 0, (8, 2): 1}, players=2, income=0, start_deck=(),
                   win=WinSpec("general", MappingProxyType({})), ruleset="duel",
                   geometry="square-grid")


def new_game(deck: tuple[str, ...] | None = None, seed: int = 1,
             library: CardLibrary | None = None, other: tuple[str, ...] | None = None,
             tiles: dict[tuple[int, int], str] | None = None) -> Game:
    """A duel in its mulligan phase, both decks ``deck`` (squires by default) behind
    their generals."""
    deck = deck or ("Squire",) * 20
    decks = (("Test General", *deck), ("Other General", *(other or deck)))
    return Game(GameSetup(map=board(tiles), library=library or card_library(), players=2,
                          seed=seed, decks=decks))


def started(**kwargs: Any) -> Game:
    """A duel past both mulligans (hands kept): player 1's first turn."""
    game = new_game(**kwargs)
    from game.rules.core.actions import Mulligan

    game.apply(Mulligan(0, ()))
    game.apply(Mulligan(1, ()))
    return game


def end_turns(game: Game, count: int) -> None:
    for _ in range(count):
        game.apply(EndTurn(game.active))


def of(actions: list[Action], kind: type) -> list[Any]:
    return [a for a in actions if isinstance(a, kind)]


def put(game: Game, name: str, tile: tuple[int, int], player: int,
        ready: bool = True) -> int:
    """A minion summoned straight onto ``tile`` for ``player`` (no mana, no opening
    gambit), ready to act unless ``ready`` is false."""
    from game.rules import Zone
    from game.rules.rulesets.duel.handlers import summon

    card = game.add_card(name, player, Zone.HAND)
    summon(game, card, tile, player, gambit=False)
    if ready:
        game.edit(card, moves=1, attacks=1)
    game.settle()
    game.legal_cache = None
    return card


def generals(game: Game) -> tuple[int, int]:
    from game.rules.rulesets.duel.rules import general_of

    return general_of(game, 0), general_of(game, 1)
