"""Rulesets: what differs between the game modes the engine hosts.

A ruleset is one entry of ``RULESETS``, found by the name a map gives (``muhq`` when the
map names none). It sets a game up, says what a player may do now, carries out each kind
of action and resolution, runs the turn, and names the systems it adds to the shared ones.
Everything else (the stack and priority, events, triggers, marks, zones, snapshots, the
hash, saves and replays, computer players' search) is shared by every ruleset.
"""

from __future__ import annotations

from .base import Ruleset
from .duel import DUEL
from .fleet import FLEET
from .muhq import MUHQ
from .skirmish import SKIRMISH

RULESETS: dict[str, Ruleset] = {MUHQ.name: MUHQ, DUEL.name: DUEL, FLEET.name: FLEET,
                              SKIRMISH.name: SKIRMISH}


def ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; a ``ValueError`` names the known ones otherwise."""
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise ValueError(f"ruleset: expected one of {known}, found {name!r}") from None


__all__ = ["RULESETS", "Ruleset", "ruleset"]
