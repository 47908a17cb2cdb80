"""The one step table of the game; each module adds its own steps to it."""
from __future__ import annotations

from game.core.steps import Flow, Step

FLOW = Flow([])


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
