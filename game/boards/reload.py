"""reload_compatible: may a map edited on disk replace the one a game is being played on?"""
from __future__ import annotations

from game.boards.areas import AreaMap
from game.boards.hexes import HexGrid


def reload_compatible(old_board, new_board, places_in_use) -> list:
    """Problems (plain sentences); empty when the new map keeps every place the game uses.

    places_in_use: area names, hexes ((q, r) tuples or [q, r] lists from the state),
    or names of hex-map places and zones (off-map boxes).
    """
    if type(old_board) is not type(new_board):
        return [f"the map changed from {_kind(old_board)} to {_kind(new_board)}"]
    problems = []
    if old_board.game != new_board.game:
        problems.append(f"the map is now for {new_board.game or 'no game'}, not {old_board.game}")
    if isinstance(new_board, HexGrid):
        old, new = old_board.layout, new_board.layout
        if (old.stagger_axis, old.stagger_index) != (new.stagger_axis, new.stagger_index):
            problems.append("the hex grid's stagger axis or index changed, so every hex moved")
    for place in sorted(set(_as_place(p) for p in places_in_use), key=str):
        missing = _missing(new_board, place)
        if missing:
            problems.append(missing)
    return problems


def _kind(board) -> str:
    return "an area map" if isinstance(board, AreaMap) else "a hex map"


def _as_place(place):
    """Hexes read from JSON as lists become tuples."""
    return tuple(place) if isinstance(place, list) else place


def _missing(board, place) -> str | None:
    """Why a place in use is not on the new map, or None."""
    if isinstance(board, AreaMap):
        return None if place in board.areas else f"area '{place}' is in use but no longer on the map"
    if isinstance(place, tuple):
        return None if place in board.hexes else \
            f"hex {board.label(place)} is in use but no longer on the map"
    if board.place(place) or board.zone(place):
        return None
    return f"'{place}' is in use but no longer on the map"
