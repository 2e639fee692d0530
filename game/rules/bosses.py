"""Who the boss side is in a cooperative boss mode, and the board questions its rules and
its computer player ask (RULES-NOTES Part 1, "Bosses and cooperative modes"): the boss
seat, the bosses standing, the towns the Tyrant occupies, the harbors the Kraken's arms
blockade. The modes themselves (set-up, upkeep, how they are won) are win conditions in
``wincons``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CardDef, CardType
from .geometry import Tile

if TYPE_CHECKING:
    from .core.game import Game


#: the boss seat's own start deck per mode (card name, count); the Tyrant's deck also
#: holds ``ENFORCERS_PER_PLAYER`` Enforcers per human player
BOSS_DECKS: dict[str, tuple[tuple[str, int], ...]] = {
    "tyrant": (("Crushing Decree", 2), ("Oppression", 2), ("Decree of Terror", 1),
               ("Conscription", 1), ("Tribute", 1), ("Raze", 1)),
    "kraken": (),
}


ENFORCERS_PER_PLAYER = 2


#: repression marks per human player on the Tyrant that win the game for it (games of rules
#: version 3 and before)
REPRESSION_PER_PLAYER = 2

#: From this rules version on the boss side grows with the number of players it faces
#: (measured: a lone normal player had beaten the Tyrant in none of 40 games, three
#: together in 32): a boss has ``BOSS_HEALTH_PER_PLAYER`` health per player (its card's
#: health is for two), the Tyrant wins at ``REPRESSION_GOAL`` repression marks however
#: many play, the Kraken needs ``KRAKEN_POINTS_PER_EMPTY_SEAT`` more points for each of
#: the map's seats nobody plays, and its tentacles rise while fewer than the players are
#: up (one per player). Games of an earlier version keep the boss as its card has it, two
#: repression marks per player, the map's points and one tentacle more than the players.
SCALED_BOSSES_VERSION = 4
BOSS_HEALTH_PER_PLAYER = 6
REPRESSION_GOAL = 6
KRAKEN_POINTS_PER_EMPTY_SEAT = 4

#: From this rules version on the Tyrant's goal grows with the players too: it wins at
#: ``REPRESSION_GOAL`` marks against one player and ``REPRESSION_PER_MORE_PLAYER`` more for
#: each further one. More players mean more towns, each occupied town a mark in every boss
#: upkeep, and two more Enforcers each to occupy them: at six marks three normal players
#: won 22.0 % (15.0-31.1) of 100 games, at eight 49.0 % (39.4-58.7), the same seeds.
GROWING_REPRESSION_VERSION = 7
REPRESSION_PER_MORE_PLAYER = 1


#: the Kraken's tentacles: tokens that rise in the water next to the players' harbors
TENTACLE = CardDef(
    name="Tentacle", type=CardType.UNIT, attack=1, health=1, movement=1,
    keywords={"swimming": True}, token=True,
    texts={"en": "An arm of the Kraken. It rises next to a harbor and holds it."},
)


def boss_seat(game: Game) -> int:
    """The boss side's seat: always the last one."""
    return len(game.players) - 1


def human_seats(game: Game) -> tuple[int, ...]:
    return tuple(range(len(game.players) - 1))


def boss_entities(game: Game) -> list[int]:
    """The boss permanents the map placed (on the map or not any more)."""
    seat = boss_seat(game)
    names = {p.card for p in game.map.bosses}
    return [e for card, player, e in game.map_pieces if player == seat and card in names]


def boss_standing(game: Game) -> int:
    """The first boss still on the map (0 when every boss is gone)."""
    for entity in boss_entities(game):
        if game.is_on_map(entity):
            return entity
    return 0


def human_spawn_tiles(game: Game, *, harbors: bool = False) -> list[Tile]:
    """The human players' spawn tiles (or harbor tiles), which the bosses threaten."""
    humans = set(human_seats(game))
    found = []
    for tile, owner in sorted(game.map.owners.items()):
        kind = game.tile_kind(tile)
        if owner in humans and (kind.harbor if harbors else kind.spawn):
            found.append(tile)
    return found


def scaled_bosses(game: Game) -> bool:
    """Whether the game plays by the rules of ``SCALED_BOSSES_VERSION`` or later."""
    return game.setup.version >= SCALED_BOSSES_VERSION


def boss_health_change(game: Game, boss: CardDef) -> int:
    """What the rules add to a boss's printed health when it is placed (less than 0:
    what they take away): ``BOSS_HEALTH_PER_PLAYER`` health per player in all."""
    if not scaled_bosses(game):
        return 0
    return BOSS_HEALTH_PER_PLAYER * len(human_seats(game)) - boss.health


def repression_goal(game: Game) -> int:
    """The repression marks on the Tyrant that win the game for it: from
    ``GROWING_REPRESSION_VERSION`` on ``REPRESSION_GOAL`` and ``REPRESSION_PER_MORE_PLAYER``
    more for each player after the first; from ``SCALED_BOSSES_VERSION``
    ``REPRESSION_GOAL`` however many play; before it ``REPRESSION_PER_PLAYER`` per player."""
    players = len(human_seats(game))
    if game.setup.version >= GROWING_REPRESSION_VERSION:
        return REPRESSION_GOAL + REPRESSION_PER_MORE_PLAYER * (players - 1)
    if scaled_bosses(game):
        return REPRESSION_GOAL
    return REPRESSION_PER_PLAYER * players


def occupied_towns(game: Game) -> list[int]:
    """The human players whose town is occupied: a boss-side fighter (the Tyrant or an
    Enforcer) stands on or next to one of their spawn tiles."""
    seat = boss_seat(game)
    fighters = [t for e in game.controlled_permanents(seat)
                if game.card(e).is_fighter and (t := game.tile_of(e)) is not None]
    found = []
    for player in human_seats(game):
        towns = [t for t, owner in game.map.owners.items()
                 if owner == player and game.tile_kind(t).spawn]
        if any(game.geometry.distance(f, t) <= 1 for f in fighters for t in towns):
            found.append(player)
    return found


def kraken_goal(game: Game) -> int:
    """The points that win the game for the Kraken: the map's, and from
    ``SCALED_BOSSES_VERSION`` on ``KRAKEN_POINTS_PER_EMPTY_SEAT`` more for each of the
    map's seats nobody plays."""
    points = int(game.map.win.params.get("points", 12))
    if scaled_bosses(game):
        points += KRAKEN_POINTS_PER_EMPTY_SEAT * max(0, game.map.players - len(game.players))
    return points


def tentacle_limit(game: Game) -> int:
    """A tentacle rises while fewer than this many are up: one per player (before
    ``SCALED_BOSSES_VERSION``: one more)."""
    players = len(human_seats(game))
    return players if scaled_bosses(game) else players + 1


def tentacles(game: Game) -> list[int]:
    seat = boss_seat(game)
    return [e for e in game.controlled_permanents(seat) if game.card(e).name == TENTACLE.name]


def blockaded_harbors(game: Game) -> list[Tile]:
    """Human harbor tiles with the Kraken or a tentacle next to them."""
    seat = boss_seat(game)
    arms = [t for e in game.controlled_permanents(seat)
            if game.card(e).is_fighter and (t := game.tile_of(e)) is not None]
    return [h for h in human_spawn_tiles(game, harbors=True)
            if any(game.geometry.distance(h, a) <= 1 for a in arms)]


def tentacle_tiles(game: Game) -> list[Tile]:
    """Free swimming tiles next to a human harbor, where a tentacle may rise."""
    found: set[Tile] = set()
    for harbor in human_spawn_tiles(game, harbors=True):
        for tile in game.neighbours[harbor]:
            if game.available(TENTACLE, tile):
                found.add(tile)
    return sorted(found)


def kraken_drag_victim(game: Game) -> int:
    """The human unit the Kraken drags: the nearest one within range 3 of it that stands
    on water or a harbor, or swims (ties: the lowest entity)."""
    kraken = boss_standing(game)
    here = game.tile_of(kraken) if kraken else None
    if here is None:
        return 0
    humans = set(human_seats(game))
    best: tuple[int, int] | None = None
    for entity in sorted(game.board.values()):
        tile = game.tile_of(entity)
        if tile is None or game.controller(entity) not in humans or not game.card(entity).is_unit:
            continue
        kind = game.tile_kind(tile)
        wet = kind.swimmers or kind.harbor or bool(game.keyword(entity, "swimming"))
        reach = game.geometry.distance(here, tile)
        if wet and 1 <= reach <= 3 and (best is None or reach < best[0]):
            best = (reach, entity)
    return best[1] if best else 0
