"""Boards: Tiled maps read into AreaMap (area games) and HexGrid (hex games); pure Python, no pygame."""
from game.boards.areas import Area, AreaMap, Border, Link, Marker
from game.boards.errors import MapError
from game.boards.hexes import HexGrid, Place, Zone
from game.boards.layout import HexLayout
from game.boards.tmx import load_area_map, load_hex_map, load_map

__all__ = ["Area", "AreaMap", "Border", "Link", "Marker", "HexGrid", "HexLayout", "Place", "Zone",
           "MapError", "load_map", "load_area_map", "load_hex_map", "check_map", "maps_for_game",
           "join_boards", "reload_compatible"]


def check_map(path, game=None) -> list:
    """Every problem with a map file, one line each (empty when valid); see validate.py."""
    from game.boards.validate import check_map as _check
    return _check(path, game)


def maps_for_game(game: str) -> list:
    """Valid maps for a game in maps/ and the user's maps folder: [(path, title)]."""
    from game.boards.catalog import maps_for_game as _maps
    return _maps(game)


def join_boards(placements):
    """One HexGrid from geomorphic boards placed side by side; see geomorphic.py."""
    from game.boards.geomorphic import join_boards as _join
    return _join(placements)


def reload_compatible(old_board, new_board, places_in_use) -> list:
    """Problems that stop a re-read map from replacing the one on screen; see reload.py."""
    from game.boards.reload import reload_compatible as _compatible
    return _compatible(old_board, new_board, places_in_use)
