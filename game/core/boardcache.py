"""The boards a game is played on, read once per map path, each with an identity of its own.

A game's rules turn a map (``AreaMap`` or ``HexGrid``) into a board of tables they ask many
times a turn, and keep it per map path (the path is what a state holds). When a player's
edited map replaces the one in play, the path stays the same but the board is new: every
board gets a ``serial`` that is never reused, and answers remembered about a board are
keyed by it (``memo``), so a new map needs no cache cleared by hand.
"""
from __future__ import annotations

import itertools
from pathlib import Path
from typing import Callable

from .paths import PROJECT_ROOT

_SERIALS = itertools.count(1)


class MapProblem(ValueError):
    """A map the rules cannot be played on; the message is one plain sentence."""


def new_serial() -> int:
    """A board identity no other board has had in this run."""
    return next(_SERIALS)


def resolve(path: str) -> Path:
    """A map path as stored in a state, made absolute against the project folder."""
    p = Path(path)
    return p if p.is_absolute() else PROJECT_ROOT / p


def stored_path(path: str) -> str:
    """The form of a map path kept in a state: project-relative when possible."""
    stored = _STORED.get(path)
    if stored is None:                  # resolving asks the file system: once per spelling (every set-up asks)
        p = resolve(path)
        try:
            stored = p.resolve().relative_to(PROJECT_ROOT.resolve()).as_posix()
        except ValueError:
            stored = str(p)
        if len(_STORED) > 256:
            _STORED.clear()
        _STORED[path] = stored
    return stored


_STORED: dict = {}


class BoardCache:
    """Boards by map path: ``build(map, name)`` makes one (raising MapProblem when it cannot)."""

    def __init__(self, build: Callable, check: Callable | None = None, one_line: bool = True):
        self.build = build
        self.check = check              # check(map, path) -> None or raises MapProblem (e.g. kind)
        self.one_line = one_line        # a map error's first line only, or its whole text
        self._boards: dict = {}
        self.cached = self._boards.get      # path -> the board kept under it, or None (hot: no frame)

    def alias(self, path: str, board) -> None:
        """Keep ``board`` under another spelling of its path too."""
        self._boards[path] = board

    def get(self, path: str):
        """The board for a map path, loaded and built on first use."""
        board = self._boards.get(path)
        if board is None:
            board = self._boards[path] = self._load(path)
        return board

    def fresh(self, path: str):
        """The board for a map path, read again when its file changed since it was read (a game
        set up or resumed after the map was edited outside a game plays on the map as it is now)."""
        board = self._boards.get(path)
        stamp = getattr(board, "file_stamp", None)
        if board is None or (stamp is not None and stamp != file_stamp(path)):
            board = self._boards[path] = self._load(path)
        return board

    def _load(self, path: str):
        from game.boards import load_map   # the boards layer is needed once per map
        stamp = file_stamp(path)
        try:
            amap = load_map(str(resolve(path)))
        except Exception as exc:          # MapError and unreadable files: one sentence for the player
            text = str(exc) if not self.one_line else str(exc).splitlines()[0] if str(exc) \
                else f"{path}: cannot be loaded"
            raise MapProblem(text) from None
        if self.check is not None:
            self.check(amap, path)
        board = self._make(amap, Path(path).name)
        board.file_stamp = stamp
        return board

    def _make(self, amap, name: str):
        board = self.build(amap, name)
        board.serial = new_serial()
        return board

    def register(self, path: str, amap, name: str | None = None):
        """Use a map built in memory under a path (tests and map editors)."""
        board = self._boards[path] = self._make(amap, name or path)
        return board

    def forget_files(self) -> int:
        """Drop the boards read from map files, to be read again on next use; boards registered
        in memory stay, as nothing could build them again. Returns how many were dropped."""
        read = [path for path, board in self._boards.items() if getattr(board, "file_stamp", None) is not None]
        for path in read:
            del self._boards[path]
        return len(read)

    def replace(self, path: str, amap):
        """Play every game on ``path`` on an edited map from now on; MapProblem if the rules cannot."""
        board = self._boards[path] = self._make(amap, Path(path).name)
        board.file_stamp = file_stamp(path)
        return board


def file_stamp(path: str):
    """(modification time, size) of a map file, or None when it cannot be read."""
    try:
        st = resolve(path).stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def map_hooks(game: str, cache: BoardCache, resolve_path: Callable = resolve,
              replace: Callable | None = None, table: Callable = lambda board: board.map) -> dict:
    """The GameSpec's map hooks for a game whose state names its map file in ``state["map"]``.

    ``board`` (the AreaMap/HexGrid in play), ``maps`` (the files it can be played on),
    ``map_file`` (the file of a game in play) and ``replace_board`` (an edited map from now
    on; caches are keyed by board identity, so nothing needs clearing).
    """
    def maps() -> list:
        from game.boards import maps_for_game
        return maps_for_game(game)

    def map_file(state: dict) -> str:
        return str(resolve_path(state["map"]))

    def replace_board(state: dict, amap) -> None:
        (replace or cache.replace)(state["map"], amap)

    return {"board": lambda state: table(cache.get(state["map"])), "maps": maps,
            "map_file": map_file, "replace_board": replace_board}


_MEMO: dict = {}
MEMO_LIMIT = 4096


def memo(board, what, compute: Callable):
    """compute(), remembered per board identity and ``what`` (a hashable key of the question)."""
    k = (board.serial, what)
    value = _MEMO.get(k)
    if value is None:
        if len(_MEMO) > MEMO_LIMIT:
            _MEMO.clear()
        value = _MEMO[k] = compute()
    return value
