"""Hidden information for computer players: re-deal what a player cannot know.

A computer player must not peek. Before it reads a position to search it, it replaces
everything its player cannot see by one guess consistent with what it can see:

- every other player's hand and deck are shuffled together and dealt back in the same
  sizes (the viewer knows how many cards each holds, and which cards the opponent owns
  in total, but not which are in hand and in what order the deck lies);
- the viewer's own deck order is shuffled (the viewer knows its contents, not its order);
- the game's random generator is reseeded from the viewer's generator, so the shuffles
  the search meets later are guesses as well, not the real future;
- where the ruleset hides units (the skirmish's vision), those the viewer does not see
  are taken off the board (``Game.hide_unseen``).

The caller takes a ``snapshot`` first and ``restore``s it afterwards: the real game is
left exactly as it was. Only the public ``Game`` API is used (``arrange_hidden``).
"""

from __future__ import annotations

import random

from game.rules import Game


def determinize(game: Game, viewer: int, rng: random.Random) -> None:
    """Re-deal, in place, every card ``viewer`` cannot know (see the module text)."""
    game.enter()
    for state in game.players:
        hand, deck = list(state.hand), list(state.deck)
        if state.index == viewer:
            deck.sort()  # the real order must not shine through the shuffle
            rng.shuffle(deck)
        else:
            pool = sorted([*hand, *deck])
            rng.shuffle(pool)
            size = len(hand)
            hand, deck = pool[:size], pool[size:]
        # also drops the game's cached legal actions, which may name an opponent's cards
        # that are no longer in its hand
        game.arrange_hidden(state.index, hand, deck)
    game.rng.seed(rng.getrandbits(64))
    game.hide_unseen(viewer)
