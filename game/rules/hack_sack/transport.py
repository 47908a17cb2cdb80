"""Loading and unloading Star Frigates and Space Cruisers (section III.E, HSNJ-LOD-*)."""
from __future__ import annotations

from . import board as boards
from . import pieces
from .board import distance
from .counters import PLACE, WHERE       # a counter's row: where it is, and its place


CARRIERS = frozenset(k for k, v in pieces.TYPES.items() if v.get("carry"))   # types that carry units


def capacity(ship: dict) -> int:
    """How many units a spaceship carries (Frigate 4, Cruiser 1, Escort none)."""
    return pieces.t(ship).get("carry", 0)


def can_load(state: dict, unit: dict, ship: dict) -> tuple[bool, str, str]:
    """Whether unit may board ship now, and if not why (with the clause)."""
    if capacity(ship) == 0 or ship["side"] != unit["side"]:
        return False, f"{ship['name']} cannot carry units", "HSNJ-LOD-13"
    if pieces.cls(unit) == "S" or unit["where"] not in ("map", "pad"):
        return False, "spaceships carry land or water units only", "HSNJ-AMBIG-7"
    if unit["side"] == "jerseyite" and (pieces.cls(unit) != "L" or pieces.t(unit).get("no_cruiser")):
        return False, "Guard Infantry and the cow never board a Space Cruiser", "HSNJ-LOD-12"
    if unit["confused"]:
        return False, "a Confused unit cannot board a spaceship", "HSNJ-AMBIG-29"
    if unit["mp"] < 1:
        return False, "a unit needs 1 MP left to board", "HSNJ-LOD-3"
    if aboard(state, ship["id"]) >= capacity(ship):
        clause = "HSNJ-LOD-10" if ship["side"] == "krylon" else "HSNJ-LOD-11"
        return False, f"{ship['name']} has no room", clause
    if unit["where"] == "pad":
        if ship["where"] == "pad" and ship["pad"] == unit["pad"]:
            return True, "", ""
        return False, "units on a Landing Pad board a Star Frigate on the same pad", "HSNJ-GAP-9"
    if not pieces.adjacent(unit, ship):
        return False, "a unit boards only a spaceship next to it", "HSNJ-LOD-2"
    return True, "", ""


def aboard(state: dict, ship_id: str) -> int:
    """How many units ride the spaceship now (len(pieces.cargo), counted on the rows alone:
    can_load asks for every possible load)."""
    return sum(1 for row in state["units"].values() if row[WHERE] == "ship" and row[PLACE] == ship_id)


def loads_for(state: dict, sel: dict) -> list:
    """The ('load', ship, unit) actions that involve the chosen unit or ship."""
    side, rows = sel["side"], state["units"]
    # The side's units on the map or a pad, in table order, sieved on their rows (counters.py).
    mine = [uid for uid in pieces.ids(state, side) if rows[uid][WHERE] in ("map", "pad") and uid != sel["id"]]
    if capacity(sel):
        ships, riders = [sel], [pieces.unit(state, uid) for uid in mine]
    elif sel["where"] in ("map", "pad") and pieces.cls(sel) != "S":
        ships = [pieces.unit(state, uid) for uid in mine if pieces.kind(uid).get("carry", 0)]
        riders = [sel]
    else:
        return []
    return [("load", s["id"], u["id"]) for s in ships for u in riders if _near(u, s) and can_load(state, u, s)[0]]


def _near(unit: dict, ship: dict) -> bool:
    """Cheap first sieve for can_load: beside the ship, or on its pad, with a move left."""
    if unit["mp"] < 1 or unit["confused"]:
        return False
    if unit["where"] == "pad":
        return ship["where"] == "pad" and ship["pad"] == unit["pad"]
    return ship["where"] == "map" and distance(unit["hex"], ship["hex"]) == 1


def load(state: dict, ship_id: str, unit_id: str, held: bool = False) -> None:
    """Put a unit under the spaceship; it pays 1 MP (HSNJ-AMBIG-5, LOD-5).

    A unit held by a Senator leaves only when the ship carries it away (HSNJ-JER-22): where it
    boarded and where the ship stood are noted, and it cannot unload until the ship has moved."""
    unit, ship = pieces.own(state, unit_id), pieces.unit(state, ship_id)
    state.setdefault("pinned", {})
    pieces.unpin(state, unit_id)
    if held and ship["where"] == "map":
        pieces.own_part(state, "pinned")[unit_id] = [list(ship["hex"]), list(unit["hex"])]
    unit.update(where="ship", ship=ship_id, hex=None, pad=None)
    unit["mp"] -= 1
    pieces.log(state, unit["side"], f"{unit['name']} boards {ship['name']}.")


def unload_hexes(state: dict, unit: dict, occ: dict | None = None) -> list:
    """Empty hexes next to the carrying ship that the unit's type may enter (HSNJ-LOD-6, AMBIG-7).

    occ is the state's occupancy when the caller has it already."""
    if unit["where"] != "ship" or unit["mp"] < 1 or unit["confused"]:
        return []
    ship = pieces.unit(state, unit["ship"])
    if ship["where"] != "map" or pinned(state, unit):
        return []
    b = boards.of(state)
    occ = pieces.occupancy(state) if occ is None else occ
    enter = b.enter[pieces.cls(unit)]
    return [n for n in b.nbrs[tuple(ship["hex"])] if n not in occ and n in enter]


def pinned(state: dict, unit: dict) -> bool:
    """A held unit aboard a ship that has not moved since it boarded, its hold still on (HSNJ-JER-22)."""
    pin = state.get("pinned", {}).get(unit["id"])
    if pin is None or unit["where"] != "ship":
        return False
    ship = pieces.unit(state, unit["ship"])
    if ship["where"] != "map" or ship["hex"] != pin[0]:
        return False
    from .movement import senator_hold      # movement imports this module
    return tuple(pin[1]) in senator_hold(state, unit["side"], pieces.cls(unit))


def unload(state: dict, unit_id: str, h, in_zoc: bool) -> None:
    """Put a carried unit next to its ship for 1 MP (HSNJ-LOD-7); entering enemy ZOC ends its move."""
    unit = pieces.own(state, unit_id)
    ship = pieces.unit(state, unit["ship"])
    pieces.unpin(state, unit_id)
    pieces.place(unit, h)
    unit["mp"] = 0 if in_zoc else unit["mp"] - 1
    pieces.log(state, unit["side"], f"{unit['name']} unloads from {ship['name']} to "
                                    f"{boards.of(state).label(h)}.")
