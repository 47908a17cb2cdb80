"""The hex map as the rules see it: terrain classes, roads, cities, Landing Pads; loaded once per path."""
from __future__ import annotations

from game.boards.layout import distance  # noqa: F401  (the rules' one hex distance)
from game.core.boardcache import BoardCache, MapProblem, resolve  # noqa: F401  (the game's names)

from . import data

DEFAULT_MAP = "maps/hack_sack_nj.tmx"


def key(h) -> str:
    """A hex as a JSON dict key, 'q,r'."""
    return f"{h[0]},{h[1]}"


_UNKEYED: dict = {}


def unkey(k: str) -> tuple:
    """The hex of a 'q,r' key."""
    h = _UNKEYED.get(k)
    if h is None:
        q, r = k.split(",")
        h = _UNKEYED[k] = (int(q), int(r))
    return h


class Board:
    """A HexGrid plus what the rules ask of it many times a turn, computed once."""

    def __init__(self, grid, name: str = "map"):
        self.grid = grid
        classes = data.terrain_classes()
        self.cls = {}
        for h in grid.hexes:
            t = grid.terrain.get(h)
            if t not in classes:
                raise MapProblem(f"{name}: hex {_label(grid, h)} has terrain {t!r}, "
                                 f"which Hack & Sack does not know (terrain.json)")
            self.cls[tuple(h)] = classes[t]
        self.hexes = frozenset(self.cls)
        cls = self.cls
        self.nbrs = {h: tuple(sorted(n for n in grid.neighbours(h) if n in cls)) for h in self.hexes}
        self.keys = {h: key(h) for h in self.hexes}                # 'q,r' names, made once
        self.hex_actions = {k: ("hex", h) for h, k in self.keys.items()}
        self.hex_act = {h: self.hex_actions[k] for h, k in self.keys.items()}   # the same tuples, by hex
        self.cities = tuple(sorted(h for h, c in self.cls.items() if c == "city"))
        self.land = tuple(sorted(h for h, c in self.cls.items() if c in ("land", "city")))
        self.land_set = frozenset(self.land)
        self.land_index = {h: i for i, h in enumerate(self.land)}
        self.land_acts = tuple(self.hex_act[h] for h in self.land)
        self.roads = frozenset(tuple(h) for h in grid.road_hexes if tuple(h) in self.cls) | set(self.cities)
        water = frozenset(h for h, c in cls.items() if c == "water")
        self.coastal = frozenset(h for h in self.hexes if not water.isdisjoint(self.nbrs[h]))
        near_city = {h for h in self.hexes if self.cls[h] == "city" or any(self.cls[n] == "city" for n in self.nbrs[h])}
        # Legal set-up hexes by kind of unit, before occupancy (HSNJ-SET-1..4).
        self.setup_hexes = {
            "land": frozenset(h for h in near_city if self.cls[h] in ("land", "city")),
            "space": frozenset(h for h in self.coastal if self.cls[h] in ("land", "city")),
            "water": frozenset(h for h in self.hexes if self.cls[h] == "water"
                               and any(self.cls[n] == "city" for n in self.nbrs[h])),
            "cow": frozenset(h for h in self.hexes if self.cls[h] == "land" and h not in near_city
                             and h not in grid.road_hexes)}
        self._setup_orders: dict = {}                                # setup_order(), filled on first use
        self.enter = {c: frozenset(h for h in self.hexes if self.enterable(h, c)) for c in "LWS"}
        # for the land search: hex -> (is it road or city, ((enterable neighbour, is it road or city), ...))
        self.land_steps = {h: (h in self.roads, tuple((n, n in self.roads) for n in self.nbrs[h] if n in self.enter["L"]))
                           for h in self.hexes}
        # hexes with at least one neighbour a unit of the class may enter
        self.exits = {c: frozenset(h for h in self.hexes if not self.enter[c].isdisjoint(self.nbrs[h]))
                      for c in "LWS"}
        # The same tables by hex number, for the movement search (paths.py): an int hashes at once.
        self.hex_list = tuple(sorted(self.hexes))
        self.num = {h: i for i, h in enumerate(self.hex_list)}
        num = self.num
        self.nbrs_num = tuple(tuple(num[n] for n in self.nbrs[h]) for h in self.hex_list)
        self.land_steps_num = tuple((road, tuple((num[n], r) for n, r in steps))
                                    for road, steps in (self.land_steps[h] for h in self.hex_list))
        # The land search's moves from each hex, by number: from a road or city, every step with its
        # cost (½ MP to another road or city, else 1, HSNJ-MOV-13); from elsewhere, the 1-MP steps
        # and, apart, the road hexes that need a break in traffic to enter (HSNJ-MOV-10).
        self.land_moves_num = tuple(
            (True, tuple((n, 0.5 if r else 1) for n, r in steps), ()) if road else
            (False, tuple(n for n, r in steps if not r), tuple(n for n, r in steps if r))
            for road, steps in self.land_steps_num)
        self.enter_num = {c: frozenset(num[h] for h in self.enter[c]) for c in "LWS"}
        self.hex_act_num = tuple(self.hex_act[h] for h in self.hex_list)
        self.keys_num = tuple(self.keys[h] for h in self.hex_list)
        self.pads = tuple(data.units()["pads"])
        zone_names = {z.name for z in getattr(grid, "zones", ())}
        missing = [p for p in self.pads if p not in zone_names]
        if missing:
            raise MapProblem(f"{name}: zones layer has no offmap_box named {missing[0]!r}")
        pad_zones = [z for z in grid.zones if z.name in self.pads]
        self.pad_cost = int(pad_zones[0].props.get("entry_cost", 1)) if pad_zones else 1
        entry = frozenset(tuple(h) for z in pad_zones for h in z.hexes if tuple(h) in self.cls)
        self.pad_entry = tuple(sorted(entry or self.hexes))   # "any_hex" when a pad lists no hexes
        self.pad_entry_set = frozenset(self.pad_entry)
        self.entry_all = self.pad_entry_set == self.hexes
        self.pad_entry_index = {h: i for i, h in enumerate(self.pad_entry)}
        self.pad_entry_acts = [self.hex_act[h] for h in self.pad_entry]
        self.pad_entry_num = frozenset(num[h] for h in self.pad_entry)
        self.pad_entry_index_num = {num[h]: i for h, i in self.pad_entry_index.items()}
        if not self.cities:
            raise MapProblem(f"{name}: the map has no city hexes")

    def setup_order(self, kind: str, near=None, far: bool = False) -> tuple:
        """The set-up hexes of a kind (HSNJ-SET-1..4) sorted; nearest the hex `near` first, or
        with `far` farthest from every city first (ties by hex either way). Worked out once."""
        key = (kind, near, far)
        order = self._setup_orders.get(key)
        if order is None:
            hexes = self.setup_hexes[kind]
            if near is not None:
                order = sorted(hexes, key=lambda x: (distance(x, near), x))
            elif far:
                order = sorted(hexes, key=lambda x: (min(distance(x, c) for c in self.cities), x), reverse=True)
            else:
                order = sorted(hexes)
            order = self._setup_orders[key] = tuple(order)
        return order

    def label(self, h) -> str:
        """The name players read for a hex (e.g. 0407)."""
        return _label(self.grid, h)

    def enterable(self, h, unit_class: str) -> bool:
        """Can a unit of class L/W/S stand in hex h (HSNJ-MOV-3, MOV-4, MOV-5, MOV-17)?"""
        c = self.cls.get(h)
        if c is None:
            return False
        if unit_class == "S":
            return True
        if unit_class == "L":
            return c in ("land", "city")
        return c == "water" or (c == "city" and h in self.coastal)

    def is_land(self, h) -> bool:
        """A land or city hex."""
        return self.cls.get(h) in ("land", "city")

    def city_name(self, h) -> str:
        """The place name of a city hex, or its hex label."""
        for p in getattr(self.grid, "places", ()):
            if tuple(p.hex) == h:
                return p.name
        return self.label(h)


def _label(grid, h) -> str:
    try:
        return grid.label(h)
    except Exception:  # a grid without labels: show the axial pair
        return f"{h[0]},{h[1]}"


BOARDS = BoardCache(lambda grid, name: Board(grid, name))


def register(path: str, grid) -> Board:
    """Make a HexGrid available under a map path (tests use made-up paths)."""
    return BOARDS.register(path, grid)


def get(path: str) -> Board:
    """The Board for a map path, loaded on first use and kept."""
    return BOARDS.get(path)


def fresh(path: str) -> Board:
    """The Board for a map path, read again when the file changed since (set-up and resume)."""
    return BOARDS.fresh(path)


def of(state: dict) -> Board:
    """The Board a state is played on."""
    return BOARDS.get(state["map"])


def replace(path: str, grid) -> Board:
    """Play every game on ``path`` on an edited map from now on; MapProblem if the rules cannot."""
    return BOARDS.replace(path, grid)
