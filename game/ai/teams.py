"""Who plays on whose side, as the computer players see it.

In a cooperative boss mode (``the-tyrant``, ``the-kraken``) the players, every seat but
the last, play together against the boss side in the last seat: they win or lose
together, so a computer player there counts its fellow players' units as its own side's
and never aims at them. On every other map each player is on its own side.
"""

from __future__ import annotations

from game.rules import Game
from game.rules.bosses import boss_seat, boss_standing, kraken_goal, repression_goal
from game.rules.wincons import WIN_CONDITIONS


def is_boss_game(game: Game) -> bool:
    """A cooperative boss mode with a boss side (at least one player and the boss)."""
    entry = WIN_CONDITIONS.get(game.map.win.kind)
    return entry is not None and entry.needs_boss and len(game.players) > 1


def side(game: Game, player: int) -> tuple[int, ...]:
    """The seats on ``player``'s side (``player`` first)."""
    if not is_boss_game(game):
        return (player,)
    boss = boss_seat(game)
    if player == boss:
        return (player,)
    return (player, *(p for p in range(boss) if p != player))


def friendly(game: Game, player: int, controller: int) -> bool:
    """Whether a permanent of ``controller`` is on ``player``'s side (the map's own
    neutral pieces are nobody's friend)."""
    if controller == player:
        return True
    return controller >= 0 and controller in side(game, player)


def boss_progress(game: Game) -> float:
    """How far the boss side is towards its own win, from 0 to 1: the Tyrant's
    repression marks, the Kraken's points, against what wins the game."""
    boss = boss_standing(game)
    if not boss or not is_boss_game(game):
        return 0.0
    if game.map.win.kind == "tyrant":
        return game.marks(boss, "repression") / max(1, repression_goal(game))
    if game.map.win.kind == "kraken":
        return game.players[boss_seat(game)].points / max(1, kraken_goal(game))
    return 0.0
