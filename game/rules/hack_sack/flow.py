"""The one step table of the game; each module adds its own steps to it."""
from __future__ import annotations

from game.core.contract import IllegalAction, as_action
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


class GameFlow(Flow):
    """The core Flow with the two hot paths made cheaper for this game's many-hex actions.

    Every step here builds its actions as nested tuples already (hexact), so the core's
    normalisation of each action is skipped; apply copies the state with copy_game."""

    def legal_actions(self, state: dict) -> list:
        """The legal actions of the step to be decided now (already in tuple form)."""
        frame = self.frame(state)
        if frame is None:
            return []
        return list(self.steps[frame["step"]].actions(state, frame))

    def apply(self, state: dict, action) -> dict:
        """Apply a legal action to a copy of the state; the original is never changed."""
        action = as_action(action)
        frame = self.frame(state)
        if frame is None:
            raise IllegalAction(action, "the game is over")
        step = self.steps[frame["step"]]
        if action not in step.actions(state, frame):
            why, clause = ("it is not one of the choices now", None)
            if step.explain:
                why, clause = step.explain(state, frame, action) or (why, clause)
            raise IllegalAction(action, why, clause)
        new = copy_game(state)
        step.handlers[action[0]](new, new["stack"][-1], *action[1:])
        return new


FLOW = GameFlow([])


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
