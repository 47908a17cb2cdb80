"""Armageddon Secundus as the rules see it: tables built once per map file (BFA-MAP-*, BFA-GAP-3)."""
from __future__ import annotations

from pathlib import Path

from game.core.boardcache import BoardCache, MapProblem  # noqa: F401  (MapProblem: the game's name for it)
from game.core.boardcache import resolve as _resolve
from game.core.boardcache import stored_path as _stored_path

from . import data

DEFAULT_MAP = "maps/armageddon.tmx"
SIDE_NAMES = {"imperial": "Imperium", "ork": "Orks"}
SIDE_COLOURS = {"imperial": (52, 92, 170), "ork": (70, 140, 60)}      # BFA-COM-4: blue and green


class Board:
    """One AreaMap plus what the rules ask of it many times a turn, computed once."""

    def __init__(self, amap, name: str = "the map"):
        self.map = amap
        self.name = name
        self.areas = tuple(sorted(amap.areas))
        self.kind = {n: amap.areas[n].kind for n in self.areas}
        terrain = data.terrain()["terrain"]
        for n in self.areas:
            if self.kind[n] not in terrain:
                raise MapProblem(f"{name}: area '{n}' has type '{self.kind[n]}', which Battle for "
                                 f"Armageddon does not know (terrain.json)")
        # BFA-MOV-4, -5: sea and mountain areas are never entered (terrain.json 'enter').
        self.land = frozenset(n for n in self.areas if terrain[self.kind[n]]["enter"])
        self.stops = frozenset(n for n in self.land if terrain[self.kind[n]]["stop"])   # BFA-MOV-7
        self.closed = frozenset(self.areas) - self.land
        self.supply_ok = frozenset(n for n in self.areas if terrain[self.kind[n]]["supply"])
        self.adj = {n: tuple(sorted(amap.neighbours(n))) for n in self.areas}
        self.land_adj = {n: tuple(m for m in self.adj[n] if m in self.land) for n in self.areas}
        self.ork_territory = frozenset(n for n in self.land if amap.areas[n].region == data.ORK_REGION)
        self.ork_list = tuple(sorted(self.ork_territory))
        self.industrial = frozenset(n for n in self.areas if self.kind[n] in ("hive", "factory"))
        self.hives = tuple(n for n in self.areas if self.kind[n] == "hive")
        self.supply = {side: data.supply_areas(amap, side) for side in data.SIDES}
        # Rivers lie on borders: the pair of areas a river divides, and its name (BFA-CBT-15).
        self.rivers = {}
        for b in amap.borders:
            if b.kind == "river":
                self.rivers[frozenset((b.a, b.b))] = b.props.get("name", "river")
        problems = data.map_problems(amap)
        if problems:
            raise MapProblem(f"{name}: {problems[0]}")

    def river(self, a: str, b: str) -> str | None:
        """The river between two adjacent areas, or None."""
        return self.rivers.get(frozenset((a, b)))


def _area_map_only(amap, path: str) -> None:
    if getattr(amap, "kind", "area") != "area":
        raise MapProblem(f"{Path(path).name}: Battle for Armageddon needs an area map, not a hex map.")


BOARDS = BoardCache(lambda amap, name: Board(amap, name), check=_area_map_only, one_line=False)


def resolve(path: str | None) -> Path:
    """The file a state's map path names (relative paths are from the project root)."""
    return _resolve(path or DEFAULT_MAP)


def stored_path(path: str | None) -> str:
    """The form of a map path kept in the state: project-relative when possible."""
    return _stored_path(path or DEFAULT_MAP)


def load(path: str | None) -> Board:
    """The Board for a map file, loaded and checked once per path (a path in any spelling)."""
    board = BOARDS.cached(path)
    if board is None:
        board = BOARDS.get(stored_path(path))
        if path:
            BOARDS.alias(path, board)
    return board


def of(state: dict) -> Board:
    """The Board a state is played on."""
    board = BOARDS.cached(state["map"])
    return board if board is not None else load(state["map"])


def replace(path: str, amap) -> Board:
    """Play every game on ``path`` on an edited map from now on; MapProblem if the rules cannot."""
    board = BOARDS.replace(stored_path(path), amap)
    BOARDS.alias(path, board)
    return board
