"""How the hard computer player drafts in Muhq's Game: by what the balance runs say each
card's buyers win, not by its buy cost alone.

The easy and normal players take the dearest card of the pack (``EasyPlayer.score``).
The balance runs of normal against normal found the buy cost a poor guide: on the king
maps the buyers of Soldier (buy 4) won 65.0 % of 446 games and of Bribe (buy 8) 44.4 % of
840, against 50 % for any seat. ``KING_MAPS`` (maps won by killing a king) and
``OTHER_MAPS`` (the others) hold the percentage of games the buyers of each card won, drawn
towards 50 % as if ``PRIOR_GAMES`` more games had been half won (a card seldom bought,
such as Healing Potion, 25.0 % of 32, is not judged on a handful of games). A card neither
table knows (a mod's) counts ``UNMEASURED``; equal figures are told apart by the buy cost,
the dearer first.

Where the figures come from: the reports in ``assets/docs/balance-2p-kings-rules7`` (the
king maps, 2P-hex-wormholes, 2P-ring-street, 2P-hex-crossing and 2P-river-king, 1,601
games) and ``assets/docs/balance-2p-siege-meadow-rules7`` (2P-castle-siege and
2P-stick-meadow, 800 games), their cards' "won when bought" wins and games.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules import Game
from game.rules.core.actions import Action, DraftPick

#: games at 50 % each card's figure is drawn towards
PRIOR_GAMES = 50
#: what a card nobody measured counts
UNMEASURED = 50

#: the percentage of games the card's buyers won (drawn towards 50 %), king maps
KING_MAPS: dict[str, int] = {
    "Fireball": 64, "Soldier": 64, "Call the Wolves": 61, "Die!": 60, "War Drummer": 60,
    "Archer": 59, "Shield": 57, "Paladin": 56, "Barricade": 53, "Scout": 52, "Shove": 51,
    "Terror": 49, "Ghost": 48, "Bribe": 45, "Field Notes": 45, "Mermaid": 44,
    "Poison Dart": 44, "Battle Cry": 44, "Outpost": 43, "Thief": 43, "Treasure Chest": 43,
    "Blessing": 43, "Ship": 42, "Farmer": 41, "Healing Potion": 40, "War Banner": 38,
    "Net": 38, "Sword": 38,
}
#: the same on the maps won otherwise (buildings, the stick of victory)
OTHER_MAPS: dict[str, int] = {
    "Die!": 68, "Fireball": 66, "Soldier": 62, "Paladin": 56, "War Drummer": 56,
    "Ghost": 55, "Barricade": 54, "Shove": 53, "Shield": 52, "Poison Dart": 51,
    "Archer": 50, "Call the Wolves": 50, "Healing Potion": 50, "Scout": 48,
    "Battle Cry": 47, "Terror": 47, "Blessing": 45, "Farmer": 45, "Field Notes": 45,
    "Thief": 44, "Net": 44, "Treasure Chest": 44, "Mermaid": 42, "Outpost": 40,
    "War Banner": 39, "Sword": 39, "Bribe": 38, "Ship": 36,
}


def pick_rates(game: Game) -> dict[str, int]:
    """The table for the game's map."""
    return KING_MAPS if game.map.win.kind == "king" else OTHER_MAPS


def pick_worth(game: Game, card: int) -> tuple[int, int]:
    """How much the hard player wants ``card`` from its pack (higher first)."""
    definition = game.card(card)
    rate = pick_rates(game).get(definition.name, UNMEASURED)
    return rate, definition.buy or 0


def pick(game: Game, legal: Sequence[Action]) -> Action:
    """The draft pick the hard player makes among ``legal`` (all ``DraftPick``)."""
    picks = [a for a in legal if isinstance(a, DraftPick)]
    if not picks:
        return legal[0]
    return max(picks, key=lambda a: pick_worth(game, a.card))
