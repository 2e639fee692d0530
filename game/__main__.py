"""Entry point for ``python -m game``."""

import sys

from game import tune_collector
from game.cli import main

tune_collector()
sys.exit(main())
