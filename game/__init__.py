"""Muhq's Game, digital edition.

A tabletop tactics game of drafting, deck building and fighting over a tile map. The
package holds the headless rules engine (``game.rules``), content and map loading, the
computer players and the pygame-ce client; ``python -m game`` is the command line.
"""

__version__ = "0.1.0"

#: new container objects between two of the collector's young-generation passes (Python's
#: default is 700), and young passes between older ones
COLLECTOR_THRESHOLDS = (20_000, 10, 10)


def tune_collector() -> None:
    """Set the cycle collector for a game process (``python -m game``, every command).

    The engine makes small values by the thousand a second (actions, events, tuples) and
    keeps few of them; with Python's default the collector looks for reference cycles
    every 700 new objects and finds almost nothing each time. Every 20,000 takes ~4 % off
    the instructions of recorded random play (``tools/bench_compare.py --instructions``)
    and changes nothing a game does: the collector only frees what nothing can reach."""
    import gc

    gc.set_threshold(*COLLECTOR_THRESHOLDS)
