"""The draft notation ``R x[P;S]`` (rule Notation 1) and pack making (rule Drafting)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .limits import MAX_DRAFT_PICKS, MAX_DRAFT_ROUNDS, MAX_PACK_SIZE

_FORMAT = re.compile(r"^\s*([0-9]{1,9})\s*x\s*\[\s*([0-9]{1,9})\s*;\s*([0-9]{1,9})\s*\]\s*$")
#: what a draft may be, in words
DRAFT_EXPECTED = (f"a draft 'rounds x[picks;pack size]' such as 1x[2;8], of at most "
                  f"{MAX_DRAFT_ROUNDS} rounds, {MAX_DRAFT_PICKS} picks and packs of "
                  f"{MAX_PACK_SIZE} cards")


@dataclass(frozen=True, slots=True)
class DraftFormat:
    rounds: int
    picks: int
    pack_size: int

    def __str__(self) -> str:
        return f"{self.rounds}x[{self.picks};{self.pack_size}]"

    def cards_per_player(self, players: int) -> int:
        """Each player takes ``picks`` cards from every pack of a round (rule Notation)."""
        return self.rounds * players * self.picks

    def check(self, players: int) -> None:
        if self.pack_size < players * self.picks:
            raise ValueError(
                f"draft {self}: a pack of {self.pack_size} cards cannot give {players} "
                f"players {self.picks} picks each (needs at least {players * self.picks})"
            )


def parse_draft(text: str) -> DraftFormat:
    """Parse ``rounds x[picks;packsize]``, e.g. ``3x[2;8]``."""
    match = _FORMAT.match(text)
    if not match:
        raise ValueError(f"draft format {text!r}: expected rounds x[picks;packsize], e.g. 3x[2;8]")
    rounds, picks, size = (int(g) for g in match.groups())
    if rounds < 1 or picks < 1 or size < 1:
        raise ValueError(f"draft format {text!r}: every number must be at least 1")
    if rounds > MAX_DRAFT_ROUNDS or picks > MAX_DRAFT_PICKS or size > MAX_PACK_SIZE:
        raise ValueError(f"draft format {text!r}: at most {MAX_DRAFT_ROUNDS} rounds, "
                         f"{MAX_DRAFT_PICKS} picks and packs of {MAX_PACK_SIZE} cards")
    return DraftFormat(rounds, picks, size)


def fill_pool(pool: list[str], needed: int) -> list[str]:
    """Rule Drafting 1.1: while the pool is too small, add one copy of each card."""
    if not pool:
        raise ValueError("the draft pool is empty: the chosen sets have no card with a buy cost")
    base = list(pool)
    result = list(pool)
    while len(result) < needed:
        result.extend(base)
    return result
