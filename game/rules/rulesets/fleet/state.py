"""The fleet's own components (plain data; snapshots, the hash and saves cover them like
every component): the board's record of command tokens, planets and the round; a unit on
its system's planet; the tactical action under way."""

from __future__ import annotations

from dataclasses import dataclass

from ...geometry import Tile


@dataclass(slots=True)
class FleetBoard:
    """One per game (on an entity of its own)."""

    #: command tokens on the board: (system, player), sorted (rule 5)
    tokens: tuple[tuple[Tile, int], ...] = ()
    #: (system, player) controlling the system's planet, sorted
    planets: tuple[tuple[Tile, int], ...] = ()
    #: the round (1 in the first), and its speaker: the first to pick a strategy
    round: int = 0
    speaker: int = 0
    #: a decision the phase still waits for outside a tactical action: "" (none) or
    #: "redeploy" (the Redeploy strategy's move, rules 58.8-58.9), and whose it is
    waiting: str = ""
    waiter: int = -1
    #: players who must bring their systems back within capacity and fleet pool now,
    #: in order (rules 16, 76)
    excess: tuple[int, ...] = ()


@dataclass(slots=True)
class Landed:
    """A ground force or structure on its system's planet (not in the space area)."""

    since: int = 0


@dataclass(slots=True)
class Tactic:
    """The tactical action under way (rule 89), on the board's entity while it lasts."""

    player: int
    #: the active system (rule 5)
    system: Tile
    #: "move", "cannon", "hits", "excess", "land", "produce"
    step: str = "move"
    #: declared moving ships and their paths (the systems entered, the last the active
    #: system), in declaration order (rule 58.6)
    movers: tuple[tuple[int, tuple[Tile, ...]], ...] = ()
    #: transported units: (unit, ship) (rule 95)
    cargo: tuple[tuple[int, int], ...] = ()
    #: players still to decide on space cannon offense, in order (rule 77)
    shooters: tuple[int, ...] = ()
    #: hits still to be assigned: (player who assigns them to own units, hits, "space" or
    #: "ground"), in order
    hits: tuple[tuple[int, int, str], ...] = ()
    #: the step to go on with once the hits are assigned, and the players whose
    #: capacity is checked then (after space cannon fire)
    then: str = ""
    recheck: tuple[int, ...] = ()
    #: ground forces committed to the planet (rule 89, invasion)
    landing: tuple[int, ...] = ()
    #: the other side of the fight under way (-1: none)
    defender: int = -1
    #: combat rounds fought in the current fight
    rounds: int = 0
    #: units produced in this action
    built: int = 0
