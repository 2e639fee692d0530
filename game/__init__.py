"""Muhq's Game, digital edition.

A tabletop tactics game of drafting, deck building and fighting over a tile map. The
package holds the headless rules engine (``game.rules``), content and map loading, the
computer players and the pygame-ce client; ``python -m game`` is the command line.
"""

__version__ = "0.1.0"
