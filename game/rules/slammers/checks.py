"""Invariants the fuzzer checks after every action (issue 12's checks)."""
from __future__ import annotations

from . import pieces


def invariants(state: dict) -> list:
    """Problems found in a state: pieces in two places, over-full stacks, double or disrupted fire."""
    out = []
    units = state["units"]
    for uid, d in units.items():
        for fwd, back in (("cargo", "aboard"), ("tow", "towed_by"), ("aboard", "cargo"), ("towed_by", "tow")):
            other = d.get(fwd)
            if other and (units[other].get(back) != uid or units[other]["at"] != d["at"]):
                out.append(f"{uid} and {other} are not in one place ({fwd})")
        if d["at"] is None and uid not in state["lost"][d["side"]] and not d.get("arrive") and not d.get("drop"):
            out.append(f"{uid} is off the map but not among the losses")
    landed = set((state.get("pt") or {}).get("landed", ())) if state.get("phase") in ("paradrops", "movement") \
        else set()
    if state.get("stack") and state.get("phase") not in (None,):
        for h, ids in pieces.occupancy(state).items():
            for side in {units[u]["side"] for u in ids}:
                mine = {u for u in ids if units[u]["side"] == side}
                if len(mine) > pieces.STACK_LIMIT and not mine & landed:     # HS-PAR-15: until they move
                    out.append(f"{side} has more than {pieces.STACK_LIMIT} counters in {h}")
    pt = state.get("pt") or {}
    fired = pt.get("fired", [])
    if len(fired) != len(set(fired)):
        out.append(f"a unit attacked twice in one player-turn: {sorted(u for u in fired if fired.count(u) > 1)}")
    for k in state.get("forts", ()):
        inside = [u for u in pieces.units_in(state, tuple(map(int, k.split(",")))) if units[u].get("fort")]
        if len(inside) > 3:
            out.append(f"{len(inside)} units inside the fortress at {k}")          # HS-FOR-3
    if any(d.get("fort") and d["at"] is not None and f"{d['at'][0]},{d['at'][1]}" not in state.get("forts", ())
           for d in units.values()):
        out.append("a unit is inside a fortress that is not there")
    rolled = set(pt.get("cancelled", ())) & set(pt.get("struck", ()))
    if rolled:
        out.append(f"artillery whose shells CAF cancelled was rolled: {sorted(rolled)}")   # HS-CAF-4
    # A unit firing while disrupted shows after the very action it fires in. Once the game is
    # over, the last player-turn's disruptions are turned over with no new player-turn to
    # clear its record of firers, so a unit hit after it fired is no fault (HS-DIS-1).
    for u in pt.get("direct", []) if state.get("result") is None else ():
        if units[u]["dis"]:
            out.append(f"{u} fired while disrupted")
    return out
