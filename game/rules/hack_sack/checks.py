"""Invariants the fuzzer checks after every action."""
from __future__ import annotations

from . import board as boards
from . import pieces
from .transport import capacity


def invariants(state: dict) -> list:
    """Problems found: stacking, one place per unit, lost Jerseyites staying lost, VP sources."""
    problems = []
    b = boards.of(state)
    seen = {}
    for u in pieces.units(state):
        w = u["where"]
        if w not in pieces.WHERE:
            problems.append(f"{u['id']} is nowhere ({w!r})")
        elif w == "map":
            h = tuple(u["hex"]) if u["hex"] else None
            if h not in b.cls:
                problems.append(f"{u['id']} stands off the map at {u['hex']}")
            elif h in seen:
                problems.append(f"{u['id']} and {seen[h]} share hex {h} (HSNJ-GAP-3)")
            else:
                seen[h] = u["id"]
                if not b.enterable(h, pieces.cls(u)):
                    problems.append(f"{u['id']} stands on terrain it cannot enter at {h}")
            if u["pad"] or u["ship"]:
                problems.append(f"{u['id']} is on the map and also elsewhere")
        elif w == "pad":
            if u["pad"] not in b.pads or u["hex"] or u["ship"]:
                problems.append(f"{u['id']} is on a bad pad {u['pad']!r}")
            if u["side"] != "krylon":
                problems.append(f"{u['id']} is a Jerseyite on a Landing Pad (HSNJ-MOV-6)")
        elif w == "ship":
            ship = pieces.find(state, u["ship"])
            if not ship or ship["where"] not in ("map", "pad") or u["hex"] or u["pad"]:
                problems.append(f"{u['id']} is aboard a ship that is not in play")
        elif u["hex"] or u["pad"] or u["ship"]:
            problems.append(f"{u['id']} is off the board but keeps a place")
    aboard: dict = {}
    for u in pieces.units(state):
        if u["where"] == "ship":
            aboard[u["ship"]] = aboard.get(u["ship"], 0) + 1
    for sid, n in aboard.items():
        if n > capacity(pieces.unit(state, sid)):
            problems.append(f"{sid} carries more than {capacity(pieces.unit(state, sid))}")
    for uid in state["lost"]:
        if pieces.unit(state, uid)["where"] != "dead":
            problems.append(f"destroyed Jerseyite {uid} came back (HSNJ-REI-6)")
    for side in ("krylon", "jerseyite"):
        total = sum(vp for who, vp, _ in state["vp_log"] if who == side)
        if total != state["vp"][side]:
            problems.append(f"{side} VP {state['vp'][side]} differ from their sources ({total})")
    for pad, n in state["pads_placed"].items():
        if n > 4:
            problems.append(f"{n} units placed on {pad} in one phase (HSNJ-AMBIG-21)")
    return problems
