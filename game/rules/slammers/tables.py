"""The static tables the engine reads: unit types, terrain and the Direct Fire CRT.

The authored data (game/rules/slammers/data.py and its JSON) is read once and turned into
the small, typed shapes below; a state names the table set it is played with
(``state["tables"]``, "standard" for the shipped data), so tests can register a set of
their own (``register``) in the way a test map is registered under "test:NAME".
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core import crt as crtlib

# Movement types (HS-MOV-3/4): conventional vehicles track or wheel, the future hovers.
MOVE_TYPES = ("tracked", "wheeled", "foot", "hover")
# The categories the rules ask about (HS-GAP-4).
CATEGORIES = ("vehicle", "armour", "mechanised", "artillery", "gun", "howitzer", "calliope", "apc",
              "bus", "infantry", "militia", "skimmer", "tank")
EFFECTS = ("disrupt", "eliminate", "rubble")
# A fortress (HS-FOR-1..6): what it adds to defence, how many it holds, where it may not stand.
FORTRESS = {"defence": 12, "df": 12, "holds": 3, "not_in": ("city", "swamp", "lake", "river", "bridge")}
CLASS_A = frozenset({"tank", "armored_car", "combat_car"})     # HS-IND-9 (fortresses too)


@dataclass(frozen=True)
class Face:
    """One side of a counter: its printed values."""
    attack: int
    defence: int
    range: int
    move: int
    move_type: str


@dataclass(frozen=True)
class UnitType:
    """A counter type: its face, the skimmer face of future infantry, categories and cost."""
    key: str
    name: str
    army: str
    face: Face
    cats: frozenset
    skimmer: Face | None = None
    points: int = 0
    symbol: str = ""
    abbrev: str = ""
    target_class: str = ""           # "A" or "B" for Indirect Fire and gas (HS-IND-9); "" reads the cats
    force: str = ""                  # conventional, mercenary or slammers; "" reads the army
    paradrop: bool = False           # may paradrop (HS-PAR-1)

    def is_(self, cat: str) -> bool:
        """Whether the type has a category (vehicle, apc, infantry...)."""
        return cat in self.cats


@dataclass(frozen=True)
class Terrain:
    """One dominant terrain: LOS values, fire modifiers, rubble and movement costs."""
    name: str
    los: tuple                       # (firer, intervening, target), HS-LOS-5
    df: int                          # Direct Fire modifier, HS-TER-1
    indirect: int                    # Indirect Fire hex defence, HS-TER-2 (part 2)
    rubble: str                      # "rubble", "destroyed" (a bridge) or "none" (HS-RUB-4/7/8)
    cost: dict                       # move type -> MP, None when it may not enter
    becomes: str | None = None       # what a destroyed hex is from then on (HS-RUB-8)
    deadly: bool = False             # disrupted here means eliminated (HS-DIS-6)
    disrupted_may_enter: bool = True # HS-DIS-8


@dataclass
class Tables:
    """Every table of one data set."""
    units: dict                      # key -> UnitType
    terrain: dict                    # name -> Terrain
    road: dict                       # move type -> MP along a road (HS-MOV-15)
    crt: crtlib.CRT
    effects: dict                    # result code -> tuple of EFFECTS
    armies: dict = field(default_factory=dict)   # army -> {"name", "colour"}
    rubble_cost: int = 1             # HS-RUB-5
    rubble_df: int = 2               # HS-RUB-6
    indirect: dict = field(default_factory=dict)   # "A"/"B" -> Indirect Fire CRT (HS-IND-8)
    gas: dict = field(default_factory=dict)        # force -> class -> 11 codes for rolls 2..12 (HS-GAS-4)
    rubble_indirect: int = 2                       # HS-RUB-6
    fortress: dict = field(default_factory=lambda: dict(FORTRESS))
    los_values: dict = field(init=False)

    def __post_init__(self):
        self.los_values = {name: t.los for name, t in self.terrain.items()}


_SETS: dict = {}


def register(name: str, tables: Tables) -> Tables:
    """Use a table set under a name (the shipped data is "standard")."""
    _SETS[name] = tables
    return tables


def get(name: str = "standard") -> Tables:
    """The table set of a name; the shipped data is read on first use."""
    found = _SETS.get(name)
    if found is None and name == "standard":
        from .loader import standard_tables
        found = _SETS[name] = standard_tables()
    if found is None:
        raise KeyError(f"no Hammer's Slammers table set named {name!r}")
    return found


def of(state: dict) -> Tables:
    """The tables a state is played with."""
    return get(state.get("tables", "standard"))


def effects_of(code: str) -> tuple:
    """The effects of a result code read from its letters: D disrupts, E eliminates, R rubbles."""
    out = []
    for letter, effect in (("D", "disrupt"), ("E", "eliminate"), ("R", "rubble")):
        if letter in code.upper():
            out.append(effect)
    if "eliminate" in out and "disrupt" in out:
        out.remove("disrupt")
    return tuple(out)
