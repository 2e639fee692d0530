"""Computer players: they see a game only through ``legal_actions`` and choose one."""

from .players import PLAYERS, EagerPlayer, RandomPlayer, make_player

__all__ = ["PLAYERS", "EagerPlayer", "RandomPlayer", "make_player"]
