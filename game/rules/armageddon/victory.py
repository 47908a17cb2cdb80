"""Victory, checked in the Victory segment of every turn (BFA-VIC-*, BFA-MAP-4)."""
from __future__ import annotations

from . import data
from .model import ELIMINATED, OUT, side_of, stack

HIVE_COUNTERS = {c["area"]: cid for cid, c in data.counters().items() if c["type"] == "hive"}
CAPTURE = 3          # BFA-VIC-2


def hive_status(state: dict) -> dict:
    """Hive area -> 'ork' (captured), 'imperial' (controlled) or None (neither) (BFA-VIC-3, -5).

    Only hives count, never factories (BFA-MAP-4).
    """
    out = {}
    for area, cid in HIVE_COUNTERS.items():
        sides = {side_of(c) for c in stack(state, area) if c != cid}
        if cid not in state["ruins"]:
            out[area] = "imperial"                       # intact: Imperial (BFA-VIC-5)
        elif "ork" in sides:
            out[area] = "ork"                            # ruins with an Ork counter (BFA-VIC-3)
        elif "imperial" in sides:
            out[area] = "imperial"                       # ruins with an Imperial counter (BFA-VIC-5)
        else:
            out[area] = None
    return out


def ghazghkull_gone(state: dict) -> bool:
    """Whether Warlord Ghazghkull is out of play (BFA-VIC-4)."""
    return state["at"]["ork_ghazghkull"] in (OUT, ELIMINATED)


def check(state: dict) -> dict:
    """Who has won now, if anyone: {winner, reason, captured, controlled}."""
    status = hive_status(state)
    captured = sorted(a for a, s in status.items() if s == "ork")
    controlled = sorted(a for a, s in status.items() if s == "imperial")
    winner, reason = None, ""
    if len(captured) >= CAPTURE:                                              # BFA-VIC-2
        winner = "ork"
        reason = f"the Orks have captured {len(captured)} hives ({', '.join(captured)}) (BFA-VIC-2)"
    elif len(controlled) == len(HIVE_COUNTERS) and ghazghkull_gone(state):   # BFA-VIC-4
        winner = "imperial"
        reason = "the Imperium holds all five hives and Ghazghkull is out of play (BFA-VIC-4)"
    return {"winner": winner, "reason": reason, "captured": captured, "controlled": controlled}
