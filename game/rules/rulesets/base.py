"""The shape of a ruleset (see ``game.rules.rulesets``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import esper

    from ..cards import Ability, CardType
    from ..core.actions import Action
    from ..core.game import Game
    from ..core.state import StackItem

#: how one kind of action acts when a player takes it
Handler = Callable[["Game", Any], None]
#: how one kind of declared action executes when it resolves
Resolver = Callable[["Game", "StackItem"], None]


@dataclass(frozen=True)
class Ruleset:
    """One game mode. The callables take the game first."""

    name: str
    #: the geometry its maps use unless they name another
    geometry: str
    #: card types its decks may hold
    card_types: frozenset[CardType]
    #: set-up once the game's world exists (pieces, decks, stores, the first turn)
    setup: Callable[[Game], None]
    legal_actions: Callable[[Game, int], list[Action]]
    handlers: Mapping[type, Handler]
    resolvers: Mapping[str, Resolver]
    start_turn: Callable[..., None]
    end_phase: Callable[[Game], None]
    #: after each resolution (Muhq: a unit without actions left is tapped)
    after_resolution: Callable[[Game, StackItem], None]
    #: the activated permanent is done (Muhq: tapped)
    deactivate: Callable[[Game], None]
    attack_targets: Callable[[Game, int], list[int]]
    target_choices: Callable[[Game, int, int, Ability | None], list[tuple[Any, ...]]]
    spawn_tiles: Callable[..., list[Any]]
    #: systems (esper processors) of this ruleset beyond the shared ones, with priorities
    systems: Callable[[Game], list[tuple[esper.Processor, int]]] = field(
        default=lambda game: [])
