"""Where the parts of an action segment plug in: phases, named moments and the supply check.

An action segment (sequence.py) is a list of tasks run in order: reveal the card, then for
each of its two phases the moment ``start:<phase>`` and the phase itself, then the supply
check (BFA-SEQ-4..7, BFA-ACT-1, -2, -5). Each task is a function ``(state, side) -> bool``
registered here by the module that owns it:

* ``PHASES["movement" | "combat" | "build"]`` starts that phase for ``side``;
* ``MOMENTS[name]`` is a list of functions run at a named moment (special cards in their
  timing windows open a reaction window there, BFA-SPC-1);
* ``SUPPLY`` is the supply check of the active side (BFA-SUP-1).

A function returns True when it called a step on the Flow (the segment carries on when that
step ends) and False when it finished at once. A phase no module has registered yet ends
at once with a line in the log naming it: it is the next thing to build, not a result.
"""
from __future__ import annotations

from typing import Callable

Task = Callable[[dict, str], bool]

PHASES: dict[str, Task] = {}
MOMENTS: dict[str, list] = {}
SUPPLY: list = []          # at most one function: the supply check


def phase(kind: str):
    """Register the function that starts a phase of this kind (one per kind)."""
    def register(fn: Task) -> Task:
        if kind in PHASES:
            raise ValueError(f"the {kind} phase is registered twice")
        PHASES[kind] = fn
        return fn
    return register


def moment(name: str):
    """Register a function to run at a named moment (several may; they run in order)."""
    def register(fn: Task) -> Task:
        MOMENTS.setdefault(name, []).append(fn)
        return fn
    return register


def supply(fn: Task) -> Task:
    """Register the supply check (one)."""
    if SUPPLY:
        raise ValueError("the supply check is registered twice")
    SUPPLY.append(fn)
    return fn


def built(kind: str) -> bool:
    """Whether a phase (or 'supply') has its rules registered."""
    return bool(SUPPLY) if kind == "supply" else kind in PHASES
