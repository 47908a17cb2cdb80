"""The one step table of the game, the state copy apply uses, and the structured events."""
from __future__ import annotations

from game.core import record
from game.core.steps import Flow, copy_state



# Never changed in place once made: shared between a state and its copies.
SHARED = ("dice", "seating", "order", "victory", "result")


def copy_game(state: dict) -> dict:
    """A copy of a state by its known shape: units one level down (their lists are replaced,
    never changed), the player-turn's lists copied, what never changes shared."""
    new = {}
    for k, v in state.items():
        if k == "units":
            new[k] = {u: d.copy() for u, d in v.items()}
        elif k in ("log", "events", "rubble"):
            new[k] = list(v)
        elif k == "rng":
            new[k] = dict(v, dice=list(v["dice"]))
        elif k in SHARED or type(v) not in (dict, list):
            new[k] = v
        elif k == "pt":
            new[k] = {n: (x if n == "start" else list(x) if type(x) is list else copy_state(x))
                      for n, x in v.items()}
        else:
            new[k] = copy_state(v)
    return new


FLOW = Flow([], copy=copy_game)


def event(state: dict, kind: str, **data) -> dict:
    """Record a structured event with the kit's serial (the window reads these, never the log).

    A state holds the events of the action that made it (Flow.apply starts each action with
    none); the session keeps the record across actions."""
    return record.event(state, kind, turn=state["turn"], **data)


def log(state: dict, text: str, side: str | None = None) -> None:
    """A line of the log for people."""
    record.log(state, text, side)
