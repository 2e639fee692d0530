"""Maps: loading map files into the engine's map model (``game.rules.mapmodel.MapSpec``)."""

from .ascii import MapError, find_map, list_maps, load_ascii_map

__all__ = ["MapError", "find_map", "list_maps", "load_ascii_map"]
