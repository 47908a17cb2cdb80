"""Small hand-built boards and tables for the engine's tests, and states built on them.

The fixture tables have values chosen to make each rule visible (a defence-2 unit for the
book's Direct Fire example, a tank too heavy for swamps...), registered as "fixture" so a
test never depends on the authored data changing.
"""
from __future__ import annotations

from game.boards import HexGrid, HexLayout
from game.core import crt as crtlib
from game.core.sides import Seating
from game.rules.slammers import board, tables
from game.rules.slammers.setup import make_state, unit_record
from game.rules.slammers.tables import Face, Tables, Terrain, UnitType

LOS = {"clear": (0, 0, 0), "bridge": (0, 0, 0), "river": (0, 0, 0), "swamp": (0, 0, 0),
       "lake": (0, 0, 0), "forest": (0, 2, 0), "city": (0, 2, 0), "slope": (1, 1, 1),
       "hilltop": (2, 3, 2)}
DF = {"clear": 0, "bridge": 0, "river": 0, "swamp": 0, "lake": 0, "forest": 2, "city": 2,
      "slope": 2, "hilltop": 2}
#          tracked wheeled foot hover
COSTS = {"clear": (1, 1, 1, 1), "forest": (2, 3, 1, 2), "city": (1, 1, 1, 1),
         "slope": (2, 2, 2, 1), "hilltop": (3, 3, 2, 2), "swamp": (3, 4, 2, 1),
         "lake": (None, None, None, 1), "river": (3, 3, 2, 1), "bridge": (1, 1, 1, 1)}
RUBBLES = {"clear", "forest", "city", "slope", "hilltop", "bridge"}
LETTERS = {".": "clear", "f": "forest", "c": "city", "s": "slope", "h": "hilltop",
           "w": "swamp", "l": "lake", "r": "river", "b": "bridge"}

COLUMNS = ["1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1"]
#            2    3    4    5    6    7    8    9    10   11   12
ROWS = {"1-4": ["-", "-", "-", "-", "-", "-", "-", "-", "-", "D", "DR"],
        "1-3": ["-", "-", "-", "-", "-", "-", "-", "-", "D", "D", "ER"],
        "1-2": ["-", "-", "-", "-", "-", "-", "-", "D", "D", "E", "ER"],
        "1-1": ["-", "-", "-", "-", "-", "-", "D", "D", "E", "E", "ER"],
        "2-1": ["R", "-", "-", "-", "-", "D", "D", "E", "E", "ER", "ER"],
        "3-1": ["R", "-", "-", "-", "D", "D", "E", "E", "E", "ER", "ER"],
        "4-1": ["R", "-", "-", "D", "D", "E", "E", "E", "ER", "ER", "ER"],
        "5-1": ["R", "D", "D", "D", "E", "E", "E", "E", "ER", "ER", "ER"]}


def _type(key, army, a, d, r, m, mt, cats, skimmer=None, points=10):
    return UnitType(key, key.replace("_", " "), army, Face(a, d, r, m, mt), frozenset(cats),
                    skimmer, points, "")


UNITS = {u.key: u for u in [
    _type("tank", "green", 4, 3, 4, 4, "tracked", {"vehicle", "armour", "tank"}, points=17),
    _type("apc", "green", 1, 2, 2, 5, "tracked", {"vehicle", "armour", "apc"}),
    _type("inf", "green", 1, 2, 2, 2, "foot", {"infantry"}),
    _type("militia", "green", 1, 1, 2, 2, "foot", {"infantry", "militia"}),
    _type("gun", "green", 3, 1, 5, 0, "wheeled", {"artillery", "gun"}),
    _type("howitzer", "green", 4, 1, 8, 0, "wheeled", {"artillery", "howitzer"}),
    _type("truck", "green", 0, 1, 0, 6, "wheeled", {"vehicle"}),
    _type("def2", "tan", 1, 2, 2, 4, "wheeled", {"vehicle"}),
    _type("calliope", "blue", 0, 3, 6, 0, "hover", {"artillery", "calliope"}),
    _type("hovertank", "blue", 10, 8, 6, 10, "hover", {"vehicle", "tank"}, points=31),
    _type("slinf", "blue", 2, 2, 2, 2, "foot", {"infantry"},
          skimmer=Face(3, 2, 3, 6, "hover")),
]}


# Indirect Fire (HS-GAP-11): distinct tables for the tests, Class A 1-2..6-1, Class B 1-2..5-1.
IND_A = {"1-2": ["-"] * 9 + ["D", "D*"], "1-1": ["-"] * 8 + ["D", "D", "E*"],
         "2-1": ["*"] + ["-"] * 6 + ["D", "D", "E", "E*"], "3-1": ["*"] + ["-"] * 5 + ["D", "D", "E", "E", "E*"],
         "4-1": ["*"] + ["-"] * 4 + ["D", "D", "E", "E", "E", "E*"],
         "5-1": ["*"] + ["-"] * 3 + ["D", "D", "E", "E", "E", "E", "E*"],
         "6-1": ["*"] + ["-"] * 2 + ["D", "D", "E", "E", "E", "E", "E", "E*"]}
IND_B = {"1-2": ["-"] * 8 + ["D", "D", "E*"], "1-1": ["*"] + ["-"] * 6 + ["D", "D", "E", "E*"],
         "2-1": ["*"] + ["-"] * 5 + ["D", "D", "E", "E", "E*"],
         "3-1": ["*"] + ["-"] * 4 + ["D", "D", "E", "E", "E", "E*"],
         "4-1": ["*"] + ["-"] * 3 + ["D", "D", "E", "E", "E", "E", "E*"],
         "5-1": ["*"] + ["-"] * 2 + ["D", "D", "E", "E", "E", "E", "E", "E*"]}
# Indirect Fire hex values (HS-TER-2; forest and city ours, HS-GAP-14/15)
IND = {"clear": 2, "bridge": 4, "river": 2, "swamp": 2, "lake": 2, "forest": 4, "city": 6, "slope": 4,
       "hilltop": 4}
# Gas (HS-GAP-13): conventional Class B is the book's (7-9 D, 10-12 E)
GAS = {"conventional": {"A": tuple("-------DDDE"), "B": tuple("-----DDDEEE")},
       "mercenary": {"A": tuple("---------DD"), "B": tuple("-------DDDE")}}


def _ind(columns: dict, name: str):
    return crtlib.from_data({"method": "ratio", "round": "down", "columns": list(columns), "dice": [2, 6],
                             "rows": [2, 12], "results": columns, "below": "X",
                             "codes": {c: c for col in columns.values() for c in col} | {"X": "may not"}},
                            name)


def fixture_tables() -> Tables:
    terrain = {n: Terrain(n, LOS[n], DF[n], IND[n],
                          "destroyed" if n == "bridge" else "rubble" if n in RUBBLES else "none",
                          dict(zip(("tracked", "wheeled", "foot", "hover"), COSTS[n])),
                          "river" if n == "bridge" else None, n in ("swamp", "river", "lake"),
                          n not in ("river", "lake"))
               for n in LOS}
    crt = crtlib.from_data({"method": "ratio", "round": "down", "columns": COLUMNS,
                            "dice": [2, 6], "rows": [2, 12], "results": ROWS,
                            "below": "X", "codes": {"-": "no effect", "D": "disrupted", "E": "eliminated",
                                      "R": "rubble", "DR": "disrupted, rubble", "ER": "eliminated, rubble",
                                      "X": "may not be made"}}, "fixture crt")
    return Tables(UNITS, terrain, {"tracked": 1, "wheeled": 1, "foot": 1, "hover": 1}, crt,
                  {"-": (), "D": ("disrupt",), "E": ("eliminate",), "R": ("rubble",),
                   "DR": ("disrupt", "rubble"), "ER": ("eliminate", "rubble"), "X": (),
                   "*": ("rubble",), "D*": ("disrupt", "rubble"), "E*": ("eliminate", "rubble")},
                  indirect={"A": _ind(IND_A, "fixture indirect A"), "B": _ind(IND_B, "fixture indirect B")},
                  gas=GAS)


tables.register("fixture", fixture_tables())


def grid_from(rows: list, roads=()) -> HexGrid:
    """A board from rows of terrain letters; hex (col, row) offsets, roads as pairs of (col, row)."""
    layout = HexLayout("x", "odd", 64, 56, 32, len(rows[0]), len(rows))
    ter = {layout.to_axial(c, r): LETTERS[ch] for r, line in enumerate(rows) for c, ch in enumerate(line)}
    links = [(layout.to_axial(*a), layout.to_axial(*b)) for a, b in roads]
    return HexGrid(layout, ter, road_links=links)


def state_on(rows, units: dict, roads=(), sides=("green", "blue"), dice=(), turns=5,
             name="t", victory=None, mover=None, rubble=(), seed=1, forts=(), teams=()):
    """A state on a fixture board: units as id -> (type, side, (col, row)[, morale[, extras]])."""
    grid = board.register(f"test:{name}", grid_from(rows, roads))
    recs = {}
    for uid, spec in units.items():
        utype, side, cell = spec[:3]
        morale = spec[3] if len(spec) > 3 else 8
        extra = spec[4] if len(spec) > 4 else {}
        recs[uid] = unit_record(utype, side, grid.from_offset(*cell) if cell is not None else None, morale,
                                **extra)
    for uid, d in recs.items():
        for fwd, back in (("cargo", "aboard"), ("tow", "towed_by")):
            if d.get(fwd):
                recs[d[fwd]][back] = uid
    return make_state(seed, f"test:{name}", Seating(tuple(sides), tuple(tuple(t) for t in teams)), recs, turns,
                      victory or [{"kind": "most_points"}], options={"dice": list(dice)},
                      tables="fixture", mover=mover, rubble=[board.key(grid.from_offset(*c)) for c in rubble],
                      forts=[board.key(grid.from_offset(*c)) for c in forts])


def hexof(state, col, row):
    return list(board.grid_of(state).from_offset(col, row))
