"""Maps: loading map files into the engine's map model (``game.rules.mapmodel.MapSpec``).

Maps are made in Tiled (``maps/<name>.tmx``, see ``game.maps.tiled``); the older
text-grid format (``game.maps.ascii``) is still read.
"""

from .ascii import load_ascii_map
from .errors import MapError, MapProblem
from .shipped import TUTORIAL_MAP, find_map, list_maps, load_map
from .tiled import check_tmx, load_tmx

__all__ = ["TUTORIAL_MAP", "MapError", "MapProblem", "check_tmx", "find_map", "list_maps",
           "load_ascii_map", "load_map", "load_tmx"]
