"""The one step table of the game, the state copy apply uses, and the structured events."""
from __future__ import annotations

from game.core import record
from game.core.steps import Flow, copy_state

EVENTS_KEPT = 200          # the view shows the latest; serials keep counting


def copy_game(state: dict) -> dict:
    """A copy of a state by its known shape: units one level down, the rest generically."""
    new = {}
    for k, v in state.items():
        if k == "units":
            new[k] = {u: dict(d) for u, d in v.items()}
        elif k in ("log", "events"):
            new[k] = list(v)
        elif k == "rng":
            new[k] = dict(v, dice=list(v["dice"]))
        elif k == "dice":
            new[k] = v
        else:
            new[k] = copy_state(v)
    return new


FLOW = Flow([], copy=copy_game)


def event(state: dict, kind: str, **data) -> dict:
    """Record a structured event with the next serial (the window reads these, never the log)."""
    state["serial"] += 1
    ev = {"serial": state["serial"], "kind": kind, "turn": state["turn"], **data}
    events = state["events"]
    events.append(ev)
    if len(events) > EVENTS_KEPT:
        del events[: len(events) - EVENTS_KEPT]
    return ev


def log(state: dict, text: str, side: str | None = None) -> None:
    """A line of the log for people."""
    record.log(state, text, side)
