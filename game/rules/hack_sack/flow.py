"""The one step table of the game; each module adds its own steps to it."""
from __future__ import annotations

import threading

from game.core.contract import as_action
from game.core.steps import Flow, Step, copy_state


# How apply copies each part of the state (the fuzzer checks that apply never changes its input):
SHARED = ("battle", "last_battle", "dice", "result", "events")   # events: apply starts a new list     # always replaced whole, never changed in place
FLAT = ("log", "lost", "vp_log", "guard_cities")       # lists whose entries are never changed in place
ONE_LEVEL = ("vp", "condition", "pads_placed", "pinned")   # dicts whose values are replaced, not changed
_COPIED = threading.local()        # per thread (a bot thinks in its own): the last (source, copy) pair


def source_of(state: dict) -> dict | None:
    """The state this one was just copied from by apply, or None.

    Flow.apply copies the state and hands the copy straight to a handler, so while that handler
    has changed nothing yet, the copy and its source hold the same position and answers worked
    out for the source (kept by movement) hold for the copy too."""
    pair = getattr(_COPIED, "pair", None)
    return pair[0] if pair is not None and pair[1] is state else None


def copy_game(state: dict) -> dict:
    """A deep copy of a Hack & Sack state, cheaper than the generic one where the shape is known.

    The units are shared with the source until a handler changes one: it asks own() for the
    copy's own row first (copy on write). Frames are copied with their lists; the parts in SHARED
    are shared and those in FLAT copied one level down; anything else goes through the generic
    copy."""
    new = {}
    for k, v in state.items():
        if k == "units":
            new[k] = v.copy()
        elif k == "stack":
            new[k] = [_frame(f) for f in v]
        elif k in SHARED or (type(v) is not dict and type(v) is not list):
            new[k] = v
        elif k in FLAT:
            new[k] = list(v)
        elif k == "rng":
            new[k] = dict(v, dice=list(v["dice"]))
        elif k in ONE_LEVEL:
            new[k] = v.copy()
        else:
            new[k] = copy_state(v)
    _COPIED.pair = (state, new)
    _COPIED.owned = set()
    return new


def own(state: dict, uid: str) -> dict:
    """The unit as this state's own dict, safe to change.

    A state fresh from copy_game shares every unit with its source; the first change to a unit
    copies it. Any other state (a new game, a loaded one) owns its units already."""
    units = state["units"]
    pair = getattr(_COPIED, "pair", None)
    if pair is not None and pair[1] is state:
        owned = _COPIED.owned
        if uid not in owned:
            owned.add(uid)
            unit = units[uid] = units[uid].copy()
            return unit
    return units[uid]


def _frame(frame: dict) -> dict:
    """A step's frame: scalars and lists of ids (anything deeper through the generic copy)."""
    return {k: (list(v) if type(v) is list else copy_state(v) if type(v) is dict else v)
            for k, v in frame.items()}


class GameFlow(Flow):
    """The core Flow, with a quick legality test for steps whose choices run to a thousand
    (a Frigate may land on any empty hex): a test that says yes is as good as finding the action
    in legal_actions; on no, the core's own check runs and explains the refusal."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.quick: dict = {}       # step name -> fn(state, frame, action) -> True when surely legal

    def apply(self, state: dict, action) -> dict:
        """Apply a legal action to a copy of the state; the original is never changed."""
        action = as_action(action)
        frame = self.frame(state)
        test = self.quick.get(frame["step"]) if frame else None
        if test is None or not test(state, frame, action):
            return super().apply(state, action)
        new = self.fresh_copy(state)
        self.steps[frame["step"]].handlers[action[0]](new, new["stack"][-1], *action[1:])
        return new


# Every step builds its actions as nested tuples already (hexact), so the core's
# normalisation is skipped, and apply copies the state with copy_game.
FLOW = GameFlow([], copy=copy_game, tuples=True)


def step(s: Step) -> Step:
    """Register a step in the game's step table."""
    return FLOW.add(s)


def hexarg(value) -> tuple:
    """A hex from an action argument ([q, r] list or (q, r) tuple) as a tuple."""
    return (int(value[0]), int(value[1]))


def hexact(h) -> tuple:
    """The ('hex', [q, r]) action for a hex, in the nested-tuple form legal_actions returns."""
    return ("hex", (h[0], h[1]))
