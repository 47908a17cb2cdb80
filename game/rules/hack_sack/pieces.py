"""Units in the state: where each one is, who is next to whom, destruction, VP and the log."""
from __future__ import annotations

from game.core import record
from game.core.sides import Seating

from game.core.statecopy import own as _own

from . import data
from .board import distance
from .counters import FIXED, MARK, Unit
from .counters import MARKS as _MARKS, MP as _MP
from .counters import PLACE as _PLACE, WHERE as _WHERE      # a row's fields (WHERE below is the places)
from .flow import own_part  # noqa: F401  (the small parts are copied on write)

# Where a unit can be: on the map, on a Landing Pad, aboard a spaceship, in the off-map pool
# (not in use: Krylon reserves, Guard and Hopat Cong not yet placed) or destroyed for good.
WHERE = ("map", "pad", "ship", "pool", "dead")
SEATING = Seating(data.SIDES)
OTHER = {side: SEATING.other(side) for side in data.SIDES}     # each side's one enemy


TYPES = data.types()      # read once; the table never changes during play
COWS = frozenset(k for k, v in TYPES.items() if v.get("cow"))          # nobody's to command (HSNJ-JER-23)


def t(unit: dict) -> dict:
    """The unit's type values from units.json."""
    try:
        return TYPES[unit.fixed["type"]]             # a Unit: its fixed values at hand (asked often)
    except AttributeError:
        return TYPES[unit["type"]]                  # a whole record (the API's copies)


def kind(uid: str) -> dict:
    """The type values from units.json of the counter with this id."""
    return TYPES[FIXED[uid]["type"]]


def cls(unit: dict) -> str:
    """L, W or S (HSNJ-UNI-5)."""
    return t(unit)["class"]


def name(unit: dict) -> str:
    """The unit's name for the log, e.g. 'Legion 3'."""
    return unit["name"]


def unit(state: dict, uid: str) -> Unit:
    """The counter ``uid`` of this state, read only (pieces.own gives one to change)."""
    return Unit(state["units"][uid], FIXED[uid])


def find(state: dict, uid) -> Unit | None:
    """The counter ``uid``, or None when the state has no counter of that id."""
    row = state["units"].get(uid)
    return None if row is None else Unit(row, FIXED[uid])


def units(state: dict, side: str | None = None, where: str | None = None, kind: str | None = None) -> list:
    """The counters of the state in table order, read only: of one side, at one kind of place
    (WHERE) and of one type, when given."""
    # The rows and fixed values are sieved first, a Unit made only for those wanted.
    rows = state["units"]
    if kind is None and side is None:
        return [Unit(row, FIXED[uid]) for uid, row in rows.items() if where is None or row[_WHERE] == where]
    if kind is None and where is not None:
        return [Unit(row, f) for uid, row in rows.items() if row[_WHERE] == where and (f := FIXED[uid])["side"] == side]
    return [Unit(rows[uid], f) for uid in (rows if kind is None else _of_kind(kind))
            if uid in rows and (side is None or (f := FIXED[uid])["side"] == side) and
            (kind is None or (f := FIXED[uid])["type"] == kind) and (where is None or rows[uid][_WHERE] == where)]


_KINDS: dict = {}      # type -> (size of FIXED, the ids of that type in table order), made on first use


def _of_kind(kind: str) -> tuple:
    """The ids of every counter of a type, in table order (FIXED may grow: a test's own counter)."""
    found = _KINDS.get(kind)
    if found is None or found[0] != len(FIXED):
        found = _KINDS[kind] = (len(FIXED), tuple(uid for uid, f in FIXED.items() if f["type"] == kind))
    return found[1]


def ids(state: dict, side: str, where: str | None = None) -> list:
    """Ids of a side's counters (at one kind of place, when given), read from the rows alone."""
    if where is None:
        return [uid for uid in state["units"] if FIXED[uid]["side"] == side]
    return [uid for uid, row in state["units"].items() if row[_WHERE] == where and FIXED[uid]["side"] == side]


def with_mp(state: dict, side: str) -> list:
    """Ids of the side's counters with Movement Points left."""
    return [uid for uid, row in state["units"].items() if row[_MP] and FIXED[uid]["side"] == side]


def marked(state: dict, *marks: str) -> list:
    """Ids of the counters that bear any of these marks ("confused", "attacked", "defended")."""
    bits = sum(MARK[m] for m in marks)
    return [uid for uid, row in state["units"].items() if row[_MARKS] & bits]


def own(state: dict, uid: str) -> Unit:
    """The counter as this state's own, safe to change (its row is copied on write, flow.own)."""
    return Unit(_own(state, "units", uid), FIXED[uid])


def on_map(state: dict, side: str | None = None) -> list:
    """Units standing on the map (optionally only one side's)."""
    return units(state, side, "map")


def occupancy(state: dict) -> dict:
    """Map hex -> the id of the unit in it (one unit per hex, HSNJ-GAP-3)."""
    return {(row[_PLACE][0], row[_PLACE][1]): uid for uid, row in state["units"].items() if row[_WHERE] == "map"}


def cargo(state: dict, ship_id: str) -> list:
    """The units aboard a spaceship."""
    return [Unit(row, FIXED[uid]) for uid, row in state["units"].items()
            if row[_WHERE] == "ship" and row[_PLACE] == ship_id]


def adjacent(a: dict, b: dict) -> bool:
    """Both on the map and next to each other."""
    return a["where"] == "map" and b["where"] == "map" and distance(a["hex"], b["hex"]) == 1


def neighbours_of(state: dict, unit: dict, side: str | None = None) -> list:
    """Units on the map next to this one (optionally of one side)."""
    if unit["where"] != "map":
        return []
    h = unit["hex"]
    return [u for u in on_map(state, side) if distance(u["hex"], h) == 1]


def log(state: dict, side: str | None, text: str) -> None:
    """Add a line to the log, tinted for a side when one is named."""
    record.log(state, text, side)


def roll(state: dict, why: str, n: int = 1) -> list:
    """Roll n dice through the game's generator and show them in the dice tray."""
    return record.throw(state, why, n)


dice_text = record.dice_text     # dice as log glyphs, e.g. [d6:5][d6:2]
event = record.event             # a structured event for the window and the bots (one serial)


def where_of(unit: dict):
    """Where a unit stands as an event names it: its hex [q, r], its pad, the ship it rides, or None."""
    where = unit["where"]
    return list(unit["hex"]) if where == "map" else unit["pad"] if where == "pad" else \
        unit["ship"] if where == "ship" else None


def add_vp(state: dict, side: str, vp: int, source: str) -> None:
    """Give a side VP and record where they came from (HSNJ-VIC-5)."""
    own_part(state, "vp")[side] += vp
    own_part(state, "vp_log").append([side, vp, source])       # a VP record entry: [side, vp, source]


def unpin(state: dict, uid: str) -> None:
    """Forget a unit's Senator hold aboard its ship (HSNJ-JER-22), if it has one."""
    if uid in state.get("pinned", ()):
        del own_part(state, "pinned")[uid]


def destroy(state: dict, uid: str, winner: str | None, why: str = "destroyed") -> None:
    """Remove a unit (and its cargo, HSNJ-LOD-1); the winner scores its Attack (HSNJ-VIC-1)."""
    unit = own(state, uid)
    for rider in cargo(state, uid):
        destroy(state, rider["id"], winner, f"lost aboard {unit['name']}")
    vp = t(unit).get("vp", t(unit)["attack"])       # the cow is worth nothing (HSNJ-JER-27)
    at = where_of(unit)
    if unit["side"] == "krylon":
        # Krylon land and water units return to the pool for reuse (HSNJ-REI-3); Frigates
        # come back only through the Reinforcement exception (HSNJ-REI-4, REI-5).
        unit["where"] = "dead" if cls(unit) == "S" else "pool"
    elif t(unit).get("guerrilla"):
        unit["where"] = "pool"                      # Hopat Cong come back (HSNJ-JER-5)
    else:
        unit["where"] = "dead"                      # gone for good (HSNJ-REI-6)
        own_part(state, "lost").append(uid)
    unit.update(hex=None, pad=None, ship=None, confused=False, mp=0)
    unpin(state, uid)
    log(state, unit["side"], f"{unit['name']} {why}.")
    event(state, "eliminated", unit=uid, name=unit["name"], side=unit["side"], at=at, why=why,
          by=winner, vp=vp if winner else 0)
    if winner and vp:
        add_vp(state, winner, vp, f"{unit['name']}{DESTROYED}")
        log(state, winner, f"scores {vp} VP for {unit['name']}.")


DESTROYED = " destroyed"          # the end of a VP record's source for a unit destroyed


def place(unit: dict, h) -> None:
    """Put a unit on a map hex (the state's own unit: see own())."""
    unit["hex"] = h                                 # a hex puts it on the map, out of any pad or ship


def move_mp(state: dict, unit: dict) -> float:
    """The unit's Move this turn, after the State of the State (never below 1)."""
    return move_rule(state)(t(unit))


def move_rule(state: dict):
    """A unit's type values -> its Move this turn under the State of the State now in force
    (never below 1)."""
    changes = data.condition(state["condition"]["key"]).get("move", {})

    def move(kind: dict) -> float:
        base = kind["move"]
        change = changes.get(kind["class"], 0)
        return max(1, base + change) if change else base
    return move
