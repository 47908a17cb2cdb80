"""Fortresses (HS-FOR-1..11, HS-TER-3, HS-DIR-9, HS-CA-13/14, HS-RUB-9, HS-AMBIG-34).

A fortress stands in a hex (``state["forts"]``, hex keys, one a hex at most, HS-FOR-2); a unit
inside it carries ``fort: True`` (beneath the counter, HS-FOR-4), three counters at most
(HS-FOR-3). Units in the hex but not inside sit above it and get nothing from it. In the
Movement step a unit standing in a fortress hex with no enemy in it may go inside while there
is room (("inside",), HS-FOR-8, HS-AMBIG-34); at the start of their movement its occupants may
destroy it (("raze", [q, r]), HS-FOR-9), then must move out and none of that side may enter the
hex again that turn (HS-FOR-10/11). Fire from outside reaches it only through rubble (HS-FOR-7).
"""
from __future__ import annotations

from . import board, pieces, tables


def inside(state: dict, uid: str) -> bool:
    """Whether a unit is inside a fortress (beneath the counter, HS-FOR-4)."""
    return bool(state["units"][uid].get("fort"))


def at(state: dict, h) -> bool:
    """Whether a fortress stands in the hex (HS-FOR-2: one at most)."""
    return board.key(h) in state.get("forts", ())


def occupants(state: dict, h) -> list:
    """The units inside the fortress of a hex."""
    return [u for u in pieces.units_in(state, h) if inside(state, u)]


def room(state: dict, h) -> int:
    """Counters the fortress of a hex still holds: a loaded APC or towing pair fills two (HS-FOR-3)."""
    used = sum(pieces.size(state["units"][u]) for u in occupants(state, h))
    return tables.of(state).fortress["holds"] - used


def bonus(state: dict, uid: str) -> int:
    """What the fortress adds to a unit's defence: 12 inside, nothing outside (HS-FOR-1, -4)."""
    return tables.of(state).fortress["df"] if inside(state, uid) else 0


def may_enter(state: dict, uid: str) -> bool:
    """A unit in a fortress hex with no enemy there may go inside while there is room (HS-AMBIG-34)."""
    h = pieces.hex_of(state, uid)
    d = state["units"][uid]
    if h is None or inside(state, uid) or not at(state, h) or d.get("towed_by") or d.get("aboard"):
        return False
    if pieces.enemies_in(state, h, d["side"]):
        return False
    return room(state, h) >= pieces.size(d)


def go_inside(state: dict, uid: str) -> None:
    """Put a unit (with what it carries or tows) beneath the fortress counter."""
    d = state["units"][uid]
    for u in (uid, d.get("cargo"), d.get("tow")):
        if u:
            state["units"][u]["fort"] = True


def leave(state: dict, uid: str) -> None:
    """A unit (with its load) is no longer inside: it moved, or the fortress fell."""
    d = state["units"][uid]
    for u in (uid, d.get("cargo"), d.get("tow")):
        if u:
            state["units"][u]["fort"] = False


def razeable(state: dict, side: str) -> list:
    """Fortress hexes the side's units occupy alone (HS-FOR-9)."""
    out = []
    for k in state.get("forts", ()):
        h = board.unkey(k)
        inner = occupants(state, h)
        if inner and all(state["units"][u]["side"] == side for u in inner):
            out.append(h)
    return out


def remove(state: dict, h) -> list:
    """Take a fortress off the map; its occupants are left in the open hex (HS-RUB-9, HS-FOR-9)."""
    state["forts"] = [k for k in state.get("forts", ()) if k != board.key(h)]
    inner = occupants(state, h)
    for u in inner:
        leave(state, u)
    return inner


def barred(state: dict, side: str) -> set:
    """Hexes of fortresses the side destroyed this turn: none of its units may enter them (HS-FOR-10/11)."""
    return {board.unkey(k) for k in state["pt"].get("razed", {}).get(side, ())}
