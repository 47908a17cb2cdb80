"""Reloads the map of the game on screen when its file changes on disk (a player editing in Tiled).

A change that keeps every place the game in progress uses replaces the map in place; any
other change is refused with the validator's messages and the old map stays. The file must
have stopped changing for one poll before it is read, so a save half written by Tiled is
never taken for a broken map. A board made of several files (geomorphic panels a scenario
joins) is watched file by file: a change to any panel checks that panel and joins the
board anew (``GameSpec.map_files`` and ``GameSpec.build_board``).
"""
from __future__ import annotations

import os
from pathlib import Path

POLL_SECONDS = 1.0


class MapWatcher:
    """Watches one game's map file; ``poll`` says when it was reloaded or refused."""

    def __init__(self, spec, interval_s: float = POLL_SECONDS):
        self.spec = spec
        self.interval = interval_s
        self._next = 0.0
        self._seen = None          # the mtimes the map in play was read at, one per file
        self._pending = None       # new mtimes waiting to hold still for one poll

    def enabled(self) -> bool:
        """True when the game can name its map file(s) and take an edited map."""
        named = self.spec.map_file is not None or getattr(self.spec, "map_files", None) is not None
        return named and self.spec.replace_board is not None

    def poll(self, state: dict, board, now_s: float):
        """None, ("reloaded", new_board) or ("refused", [messages])."""
        if not self.enabled() or board is None or now_s < self._next:
            return None
        self._next = now_s + self.interval
        paths = watched_files(self.spec, state)
        try:
            mtimes = tuple(p.stat().st_mtime_ns for p in paths)
        except OSError:
            return None            # moved or being replaced: keep playing on the map in memory
        if self._seen is None or len(self._seen) != len(mtimes):
            self._seen = mtimes
            return None
        if mtimes == self._seen:
            self._pending = None
            return None
        if mtimes != self._pending:
            self._pending = mtimes  # still being written, perhaps: look again next poll
            return None
        changed = [p for p, old, new in zip(paths, self._seen, mtimes) if old != new]
        self._seen, self._pending = mtimes, None
        if len(paths) == 1:
            return reload_map(self.spec, state, board, paths[0])
        return reload_panels(self.spec, state, board, changed)


def watched_files(spec, state: dict) -> list:
    """Every file the board in play is made of."""
    if getattr(spec, "map_files", None) is not None:
        return [Path(p) for p in spec.map_files(state)]
    return [Path(spec.map_file(state))]


def reload_panels(spec, state: dict, board, changed: list):
    """Check the changed panels, join the board anew and, if the game can go on on it, put it in play."""
    from game.boards import check_map
    from game.boards.reload import reload_compatible
    problems = [p for path in changed for p in check_map(str(path), spec.name)]
    if problems:
        return "refused", problems
    try:
        new_board = spec.build_board(state)
    except Exception as exc:       # MapError: the validator passed, but be safe with the player's game
        return "refused", [str(exc).splitlines()[0]]
    problems = reload_compatible(board, new_board, places_in_use(spec, state, board))
    if problems:
        return "refused", problems
    try:
        spec.replace_board(state, new_board)
    except ValueError as exc:
        return "refused", [str(exc)]
    return "reloaded", new_board


def reload_map(spec, state: dict, board, path: Path):
    """Check an edited map file and, if the game can go on on it, put it in play."""
    from game.boards import check_map, load_map
    from game.boards.reload import reload_compatible
    problems = check_map(str(path), spec.name)
    if problems:
        return "refused", problems
    try:
        new_board = load_map(str(path))
    except Exception as exc:       # MapError: the validator passed, but be safe with the player's game
        return "refused", [str(exc).splitlines()[0]]
    problems = reload_compatible(board, new_board, places_in_use(spec, state, board))
    if problems:
        return "refused", [f"{path.name}: {p}" for p in problems]
    try:
        spec.replace_board(state, new_board)
    except ValueError as exc:      # the rules' own check of what they need from a map
        return "refused", [str(exc)]
    return "reloaded", new_board


def places_in_use(spec, state: dict, board) -> list:
    """The places of the old map that pieces stand on now (hexes, areas, off-map boxes)."""
    used = []
    for piece in spec.view(state, None).get("pieces", []):
        at = piece.get("at")
        if isinstance(at, (list, tuple)) and len(at) == 2:
            used.append(tuple(at))
        elif isinstance(at, str) and _is_place(board, at):
            used.append(at)        # a ship's id or a pool name is not a place on the map
    return used


def _is_place(board, name: str) -> bool:
    if hasattr(board, "areas"):
        return name in board.areas
    return bool(board.place(name) or board.zone(name))


def describe_refusal(path_name: str, problems: list) -> str:
    """The message shown when an edited map cannot replace the one in play."""
    lines = "\n".join(f"• {p}" for p in problems[:8])
    more = f"\n…and {len(problems) - 8} more." if len(problems) > 8 else ""
    return (f"{path_name} changed on disk, but the game cannot go on on it; "
            f"it stays on the map it had.\n{lines}{more}")


def file_name(spec, state) -> str:
    """The map file's name (or its panels' names), for messages."""
    if getattr(spec, "map_files", None) is not None:
        return " + ".join(os.path.basename(str(p)) for p in spec.map_files(state))
    return os.path.basename(spec.map_file(state)) if spec.map_file else "the map"
