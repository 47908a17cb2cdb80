"""A cheap random policy for fuzzing: pick a verb at random, then one action of that verb.

Picking the verb first keeps rare verbs (load, resolve, box) from drowning among hundreds of
hex destinations, so random games reach battles; nothing in it knows the rules.
"""
from __future__ import annotations

import json

from game.core import rng
from game.core.session import Session, from_text
from game.rules.hack_sack import SPEC

DONE_BIAS = 10        # percent of decisions that take 'done' when it is legal


def pick(picker: dict, actions: list):
    """One action: 'done' now and then, else a random verb and a random action of it."""
    verbs = sorted({a[0] for a in actions} - {"done"})
    if not verbs or (("done",) in actions and rng.randint(picker, 1, 100) <= DONE_BIAS):
        return ("done",)
    verb = rng.choice(picker, verbs)
    return rng.choice(picker, [a for a in actions if a[0] == verb])


def play(seed: int, options: dict | None = None, max_steps: int = 6000, reload_every: int = 0) -> tuple:
    """Play one seeded random game; returns (session, problems, steps)."""
    picker: dict = {}
    rng.init(picker, seed * 7919 + 13)
    session = Session(SPEC, seed, None, options or {})
    problems = list(SPEC.invariants(session.state))
    steps = 0
    while not problems and steps < max_steps:
        state = session.state
        if SPEC.active(state) is None:
            if SPEC.result(state) is None:
                problems.append("nobody can act but the game has no result")
            break
        actions = SPEC.legal_actions(state)
        if not actions:
            problems.append(f"dead end in step {state['stack'][-1]['step']}")
            break
        action = pick(picker, actions)
        session.apply(action)
        steps += 1
        problems += [f"after {steps} actions ({action}): {p}" for p in SPEC.invariants(session.state)]
        if reload_every and steps % reload_every == 0:
            again = from_text(json.dumps(session.to_json()), "fuzz", {SPEC.name: SPEC})
            if again.state != json.loads(json.dumps(session.state)):
                problems.append(f"after {steps} actions: save and reload changed the state")
    if steps >= max_steps:
        problems.append(f"step cap: {max_steps} actions without an end")
    return session, problems, steps
