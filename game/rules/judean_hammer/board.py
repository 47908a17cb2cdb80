"""The map as the rules see it: tables built once per map file (JH-MAP-*, JH-AMBIG-1)."""
from __future__ import annotations

from pathlib import Path

from game.core.boardcache import BoardCache, MapProblem  # noqa: F401  (MapProblem: the game's name for it)
from game.core.boardcache import resolve as _resolve
from game.core.boardcache import stored_path as _stored_path

SIDES = ("maccabean", "greek")
# The factions' names and colours, for the rules' messages, the GameSpec and the window alike.
SIDE_NAMES = {"maccabean": "Maccabeans", "greek": "Greeks"}
SIDE_COLOURS = {"maccabean": (46, 139, 87), "greek": (128, 60, 160)}
DEFAULT_MAP = "maps/judean_hammer.tmx"
KINDS = ("city", "wilderness", "supply_centre")      # JH-MAP-1
ROADS = ("road", "purple_road")                        # JH-MAP-4: units move only along these

class Board:
    """Precomputed tables of one AreaMap: kinds, regions, road adjacency, setup icons."""

    def __init__(self, amap, name: str = "the map"):
        self.map = amap
        self.name = name
        self.areas = tuple(sorted(amap.areas))
        self.kind = {n: amap.areas[n].kind for n in self.areas}
        self.region = {n: (amap.areas[n].region or None) for n in self.areas}
        adj = {n: set() for n in self.areas}
        for link in amap.links:
            if link.kind in ROADS and link.a in adj and link.b in adj and link.a != link.b:
                adj[link.a].add(link.b)
                adj[link.b].add(link.a)
        # JH-AMBIG-1: adjacent means joined directly by one road segment.
        self.adj = {n: tuple(sorted(s)) for n, s in adj.items()}
        self.cities = tuple(n for n in self.areas if self.kind[n] == "city")
        self.centres = frozenset(n for n in self.areas if self.kind[n] == "supply_centre")
        self.wilderness = tuple(n for n in self.areas if self.kind[n] == "wilderness")
        regions: dict = {}
        for n in self.areas:
            if self.region[n]:
                regions.setdefault(self.region[n], []).append(n)
        self.regions = tuple(sorted(regions))
        self.region_areas = {r: tuple(a) for r, a in regions.items()}
        self.region_cities = {r: tuple(a for a in regions[r] if self.kind[a] == "city") for r in regions}
        self.icons = {side: [] for side in SIDES}
        self.start_vp = {side: 0 for side in SIDES}      # JH-GAP-4
        for marker in amap.markers:
            faction = str(marker.props.get("faction", "")).lower()
            if marker.kind == "faction_icon" and faction in self.icons:
                area = marker.area or marker.props.get("area")
                self.icons[faction].append(area)
            elif marker.kind == "vp_box" and faction in self.start_vp:
                self.start_vp[faction] = int(marker.props.get("index", 0))
        self.jerusalem = self._jerusalem()
        self._check()

    def _jerusalem(self):
        for r in self.regions:
            if r.lower() == "jerusalem":
                return r
        return None

    def _check(self) -> None:
        """Raise MapProblem naming the first thing the rules cannot work with."""
        for n in self.areas:
            if self.kind[n] not in KINDS:
                raise MapProblem(f"{self.name}: area '{n}' has type '{self.kind[n]}', "
                                 f"but Judean Hammer areas are city, wilderness or supply_centre.")
            if self.kind[n] == "city" and not self.region[n]:
                raise MapProblem(f"{self.name}: city '{n}' has no region.")
            if not self.adj[n]:
                raise MapProblem(f"{self.name}: area '{n}' has no road to any other area.")
        if len(self.regions) != 6:
            raise MapProblem(f"{self.name}: Judean Hammer needs 6 regions but the map has "
                             f"{len(self.regions)} ({', '.join(self.regions) or 'none'}).")
        if self.jerusalem is None or self.region_areas[self.jerusalem] != self.region_cities[self.jerusalem] \
                or len(self.region_cities[self.jerusalem]) != 1:
            raise MapProblem(f"{self.name}: the region Jerusalem must hold exactly one area, a city.")
        if not self.centres:
            raise MapProblem(f"{self.name}: the map has no Greek supply centre.")
        for side in SIDES:
            if not self.icons[side]:
                raise MapProblem(f"{self.name}: the map has no {side} faction icon for setup.")
            for area in self.icons[side]:
                if area not in self.kind:
                    raise MapProblem(f"{self.name}: a {side} faction icon lies outside every area.")
            if len(self.icons[side]) > 30:
                raise MapProblem(f"{self.name}: more than 30 {side} faction icons.")


def resolve(path: str | None) -> Path:
    """The file a state's map path names (relative paths are from the project root)."""
    return _resolve(path or DEFAULT_MAP)


def stored_path(path: str | None) -> str:
    """The form of a map path kept in the state: project-relative when possible."""
    return _stored_path(path or DEFAULT_MAP)


def _area_map_only(amap, path: str) -> None:
    if getattr(amap, "kind", "area") != "area":
        raise MapProblem(f"{Path(path).name}: Judean Hammer needs an area map, not a hex map.")


BOARDS = BoardCache(lambda amap, name: Board(amap, name), check=_area_map_only, one_line=False)


def load(path: str | None) -> Board:
    """The Board for a map file, loaded and checked once per path (a path in any spelling)."""
    board = BOARDS.cached(path)
    if board is None:
        board = BOARDS.get(stored_path(path))
        if path:
            BOARDS.alias(path, board)
    return board


def fresh(path: str | None) -> Board:
    """The Board for a map file, read again when the file changed since it was read (set-up, resume)."""
    board = BOARDS.fresh(stored_path(path))
    if path:
        BOARDS.alias(path, board)
    return board


def register(key: str, amap) -> Board:
    """Use an AreaMap built in memory under a map path (tests and map editors)."""
    return BOARDS.register(stored_path(key), amap, name=key)


def replace(path: str, amap) -> Board:
    """Play every game on ``path`` on an edited map from now on; MapProblem if the rules cannot."""
    board = BOARDS.replace(stored_path(path), amap)
    BOARDS.alias(path, board)
    return board
