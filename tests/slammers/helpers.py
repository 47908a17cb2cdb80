"""Driving the engine through the contract in tests."""
from __future__ import annotations

from game.core.contract import IllegalAction
from game.rules.slammers import SPEC

from . import fixtures
from .fixtures import hexof  # noqa: F401

SEEN: list = []          # every event since the test's state was made (a state holds its action's only)


def state_on(*args, **kw):
    """fixtures.state_on, starting the record of events afresh."""
    state = fixtures.state_on(*args, **kw)
    SEEN[:] = list(state["events"])
    return state


def act(state, *action):
    """Apply one action through the contract, keeping its events in SEEN."""
    new = SPEC.apply(state, tuple(action))
    SEEN.extend(new["events"])
    return new


def acts(state, *actions):
    """Apply several actions in turn."""
    for a in actions:
        state = act(state, *a)
    return state


def legal(state):
    return SPEC.legal_actions(state)


def step(state):
    return SPEC.view(state, None)["step"]


def refused(state, *action):
    """The (why, clause) an illegal action is refused with; also checks apply refuses it."""
    why = SPEC.explain(state, tuple(action))
    assert why is not None, f"{action} is legal"
    try:
        SPEC.apply(state, tuple(action))
    except IllegalAction:
        return why
    raise AssertionError(f"apply accepted {action}")


def until(state, name, side=None):
    """Say Done until the step ``name`` (of ``side``) is to be decided."""
    for _ in range(50):
        f = SPEC.view(state, None)
        if f["step"] == name and (side is None or SPEC.active(state) == side):
            return state
        state = act(state, "done")
    raise AssertionError(f"never reached {name}")


def events(state, kind):
    """Events of a kind seen since the test's state was made (the state argument is for reading)."""
    return [e for e in SEEN if e["kind"] == kind]


def at(state, uid):
    return state["units"][uid]["at"]


def through(state, phase):
    """Say Done until the phase ``phase`` is over (its round ended), or the game is."""
    for _ in range(50):
        if not state["stack"] or state["phase"] != phase:
            return state
        state = act(state, "done")
    raise AssertionError(f"{phase} never ended")
