"""Boards: Tiled maps read into AreaMap (area games) and HexGrid (hex games); pure Python, no pygame.

The names below are loaded on first use (PEP 562): a game's rules that need only the hex
arithmetic (``game.boards.layout``) must not pull in the map reader and numpy, which the line
of sight needs, before the menu's first frame.
"""
from __future__ import annotations

import importlib

_HOMES = {"Area": "areas", "AreaMap": "areas", "Border": "areas", "Link": "areas", "Marker": "areas",
          "maps_for_game": "catalog", "MapError": "errors", "join_boards": "geomorphic",
          "HexGrid": "hexes", "Place": "hexes", "Zone": "hexes", "HexLayout": "layout",
          "reload_compatible": "reload", "load_area_map": "tmx", "load_hex_map": "tmx", "load_map": "tmx",
          "check_map": "validate"}

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    """The public name from its module, imported the first time it is asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'game.boards' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"game.boards.{home}"), name)
    globals()[name] = value
    return value
