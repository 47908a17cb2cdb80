"""The one step table of the game; each module adds its own steps to it."""
from __future__ import annotations

from game.core.steps import Flow, Step, copy_state


def copy_game(state: dict) -> dict:
    """A deep copy of a Hack & Sack state, cheaper than the generic one where the shape is known.

    The log is a list of strings and each unit a flat dict whose only list is its hex, so both
    are copied one level down; everything else goes through the generic copy."""
    new = {k: copy_state(v) for k, v in state.items() if k not in ("log", "units")}
    new["log"] = list(state["log"])
    units = {}
    for uid, u in state["units"].items():
        c = u.copy()
        if c["hex"] is not None:
            c["hex"] = list(c["hex"])
        units[uid] = c
    new["units"] = units
    return new


# Every step builds its actions as nested tuples already (hexact), so the core's
# normalisation is skipped, and apply copies the state with copy_game.
FLOW = Flow([], copy=copy_game, tuples=True)


def step(s: Step) -> Step:
    """Register a step in the game's step table."""
    FLOW.steps[s.name] = s
    return s


def hexarg(value) -> tuple:
    """A hex from an action argument ([q, r] list or (q, r) tuple) as a tuple."""
    return (int(value[0]), int(value[1]))


def hexact(h) -> tuple:
    """The ('hex', [q, r]) action for a hex, in the nested-tuple form legal_actions returns."""
    return ("hex", (h[0], h[1]))
