"""Units in the state: where they stand, what they are, and what they may do at a glance.

A unit is a flat dict in ``state["units"]``: ``type``, ``side``, ``at`` ([q, r] or None once
eliminated), ``dis`` (disrupted, flipped), ``skim`` (Mercenary/Slammers infantry on its
skimmer side, HS-COM-4), ``aboard``/``cargo`` (infantry carried by an APC and the APC's
load, HS-APC-2), ``tow``/``towed_by`` (a vehicle and the artillery it tows, HS-TOW-4) and
``morale`` (HS-SET-3).
"""
from __future__ import annotations

from functools import lru_cache

from game.core.sides import Seating

from . import tables


def seating(state: dict) -> Seating:
    """The sides at this table and their teams (HS-SET-1, HS-GAP-8)."""
    s = state["seating"]
    return _seating(tuple(s["sides"]), tuple(tuple(t) for t in s["teams"]))


@lru_cache(maxsize=64)
def _seating(sides: tuple, teams: tuple) -> Seating:
    return Seating(sides, teams)


def utype(state: dict, uid: str) -> tables.UnitType:
    """The counter type of a unit."""
    return tables.of(state).units[state["units"][uid]["type"]]


def face(state: dict, uid: str) -> tables.Face:
    """The values a unit uses now: its skimmer side when mounted on skimmers (HS-SKM-2)."""
    t = utype(state, uid)
    if state["units"][uid].get("skim") and t.skimmer is not None:
        return t.skimmer
    return t.face


def is_(state: dict, uid: str, cat: str) -> bool:
    """Whether a unit's type has a category."""
    return cat in utype(state, uid).cats


def target_class(state: dict, uid: str) -> str:
    """A or B for Indirect Fire and gas: tanks, armored cars and combat cars are A (HS-IND-9)."""
    t = utype(state, uid)
    return t.target_class or ("A" if t.cats & tables.CLASS_A else "B")


def force(state: dict, uid: str) -> str:
    """conventional, mercenary or slammers: the army's kind (HS-COM-2)."""
    t = utype(state, uid)
    return t.force or ("conventional" if t.army in ("tan", "green") else
                       "slammers" if t.army == "blue" else "mercenary")


def is_hover_tank(state: dict, uid: str) -> bool:
    """A Mercenary or Slammers tank: it floats (CAF, CPF and ECM, HS-CAF-1, HS-CPF-1, HS-ECM-1)."""
    t = utype(state, uid)
    return "tank" in t.cats and t.face.move_type == "hover"


def hex_of(state: dict, uid: str):
    """The hex a unit stands in, as a tuple, or None."""
    at = state["units"][uid]["at"]
    return (at[0], at[1]) if at is not None else None


def on_map(state: dict) -> list:
    """Ids of every unit still in play."""
    return [u for u, d in state["units"].items() if d["at"] is not None]


_OCC: list = [None, -1, None]      # (state, serial, occupancy): every move bumps the serial


def occupancy(state: dict) -> dict:
    """hex -> [unit ids], for every unit in play (carried and towed units included).

    Kept for the last state asked: units change hexes only with an event, so the event serial
    tells a stale answer (the caller must not change the lists)."""
    if _OCC[0] is state and _OCC[1] == state["event_serial"]:
        return _OCC[2]
    occ: dict = {}
    for uid, d in state["units"].items():
        at = d["at"]
        if at is not None:
            occ.setdefault((at[0], at[1]), []).append(uid)
    _OCC[:] = [state, state["event_serial"], occ]
    return occ


def units_in(state: dict, h, side: str | None = None) -> list:
    """Units in a hex, of one side or all."""
    here = occupancy(state).get((h[0], h[1]), ())
    if side is None:
        return list(here)
    units = state["units"]
    return [u for u in here if units[u]["side"] == side]


def enemies_of(state: dict, side: str) -> tuple:
    """The sides opposing ``side``."""
    return seating(state).enemies(side)


def enemies_in(state: dict, h, side: str) -> list:
    """Units of ``side``'s enemies in a hex."""
    foes = enemies_of(state, side)
    return [u for u in units_in(state, h) if state["units"][u]["side"] in foes]


def assault_hexes(state: dict) -> list:
    """Hexes where units of opposing sides stand together: Close Assaults (HS-CA-1)."""
    seat = seating(state)
    out = []
    for h, ids in sorted(occupancy(state).items()):
        sides = {state["units"][u]["side"] for u in ids}
        if any(b in seat.enemies(a) for a in sides for b in sides):
            out.append(h)
    return out


def in_assault(state: dict, uid: str) -> bool:
    """Whether a unit stands in a Close Assault hex."""
    h = hex_of(state, uid)
    return h is not None and bool(enemies_in(state, h, state["units"][uid]["side"]))


def stack_count(state: dict, h, side: str) -> int:
    """Counters a side has in a hex for stacking: carried infantry and towed guns count (HS-STK-3, HS-AMBIG-9)."""
    return len(units_in(state, h, side))


STACK_LIMIT = 3                                   # HS-STK-1


def size(record: dict) -> int:
    """The counters a unit's record stands for in a hex: itself, the infantry it carries and the
    gun it tows (a loaded APC or a towing pair counts two, HS-STK-3, HS-AMBIG-9, HS-FOR-3)."""
    return 1 + bool(record.get("cargo")) + bool(record.get("tow"))


def carrier_disrupted(state: dict, uid: str) -> bool:
    """Whether a unit rides an APC that is disrupted (HS-APC-7)."""
    apc = state["units"][uid].get("aboard")
    return bool(apc and state["units"][apc]["dis"])


def eliminate(state: dict, uid: str) -> list:
    """Take a unit off the map with what it carries or tows (HS-APC-11, HS-TOW-7); the ids removed."""
    d = state["units"][uid]
    gone = [uid]
    for link in ("cargo", "tow"):
        other = d.get(link)
        if other and state["units"][other]["at"] is not None:
            gone += eliminate(state, other)
    for back, fwd in (("aboard", "cargo"), ("towed_by", "tow")):
        host = d.get(back)
        if host:
            state["units"][host][fwd] = None
    d.update(at=None, dis=False, aboard=None, cargo=None, tow=None, towed_by=None)
    return gone


def names(state: dict, uids) -> str:
    """Units as players name them, in a list: 'Tank 1, Tank 2 and Infantry 3'."""
    said = [label(state, u) for u in uids]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1] if said else "nobody"


def label(state: dict, uid: str) -> str:
    """A unit's name as players say it: its type and counter number ('Infantry 1'), not its id."""
    number = uid.rsplit("-", 1)[-1]
    return f"{utype(state, uid).name} {number}" if number.isdigit() else f"{utype(state, uid).name} {uid}"
