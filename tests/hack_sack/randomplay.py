"""A cheap random policy for fuzzing: pick a verb at random, then one action of that verb.

Picking the verb first keeps rare verbs (load, resolve, box) from drowning among hundreds of
hex destinations, so random games reach battles; nothing in it knows the rules.
"""
from __future__ import annotations

from game.core import rng
from game.core.fuzz import play_random_game
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
    """Play one seeded random game with this policy; returns (session, problems, steps)."""
    report = play_random_game(SPEC, seed, max_steps=max_steps, reload_every=reload_every,
                              check_undo=False, options=options or {}, policy=pick)
    return report.session, report.problems, report.steps
