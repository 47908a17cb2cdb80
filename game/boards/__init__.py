"""Boards: Tiled maps read into AreaMap (area games) and HexGrid (hex games); pure Python, no pygame."""
from game.boards.areas import Area, AreaMap, Border, Link, Marker
from game.boards.catalog import maps_for_game
from game.boards.errors import MapError
from game.boards.geomorphic import join_boards
from game.boards.hexes import HexGrid, Place, Zone
from game.boards.layout import HexLayout
from game.boards.reload import reload_compatible
from game.boards.tmx import load_area_map, load_hex_map, load_map
from game.boards.validate import check_map

__all__ = ["Area", "AreaMap", "Border", "Link", "Marker", "HexGrid", "HexLayout", "Place", "Zone",
           "MapError", "load_map", "load_area_map", "load_hex_map", "check_map", "maps_for_game",
           "join_boards", "reload_compatible"]
