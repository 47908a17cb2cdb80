"""Battle for Armageddon rules speed: actions per second under random play, and a whole random game.

Judean Hammer's random play is measured in the same run as the baseline (the machine is shared):
the ratio says how the two rules engines compare whatever the load.
"""
from __future__ import annotations

import statistics
import time

from bench.timing import report
from game.rules.armageddon import SPEC


def _random_game(spec, seed: int) -> int:
    """Play one game with uniformly random legal actions (a small generator picks); the action count."""
    state = spec.setup(seed)
    x = seed * 2654435761 + 99
    n = 0
    while spec.active(state) is not None:
        actions = spec.legal_actions(state)
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        state = spec.apply(state, actions[(x >> 33) % len(actions)])
        n += 1
    return n


def _rate(spec, seeds) -> float:
    start = time.process_time()
    actions = sum(_random_game(spec, seed) for seed in seeds)
    return actions / (time.process_time() - start)


def run() -> None:
    """Print the medians (one core, the shipped map; CPU time, so other busy cores matter less)."""
    from game.rules.judean_hammer import SPEC as BASELINE
    SPEC.setup(0)                               # load the map once, outside the timings
    BASELINE.setup(0)
    rates, base = [], []
    for rep in range(5):
        rates.append(_rate(SPEC, range(rep * 10, rep * 10 + 10)))
        base.append(_rate(BASELINE, range(rep * 10, rep * 10 + 10)))
    games = []
    for seed in range(1000, 1051):
        start = time.process_time()
        _random_game(SPEC, seed)
        games.append(time.process_time() - start)
    report("random play, legal_actions + apply (CPU time)", statistics.median(rates), "actions/s", ">= 20000")
    report("Judean Hammer in the same run (baseline)", statistics.median(base), "actions/s")
    report("whole random game, median of 51 (CPU time)", statistics.median(games) * 1000, "ms", "<= 100")
