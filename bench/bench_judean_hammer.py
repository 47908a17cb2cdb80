"""Judean Hammer rules speed: actions per second under random play, and a whole random game."""
from __future__ import annotations

import statistics
import time

from bench.timing import report
from game.core import rng
from game.rules.judean_hammer import SPEC


def _random_game(seed: int) -> int:
    """Play one game with uniformly random legal actions; returns the number of actions."""
    state = SPEC.setup(seed)
    picker: dict = {}
    rng.init(picker, seed + 99)
    n = 0
    while SPEC.active(state) is not None:
        state = SPEC.apply(state, rng.choice(picker, SPEC.legal_actions(state)))
        n += 1
    return n


def run() -> None:
    """Print the medians (one core, the shipped map; CPU time, so other busy cores matter less)."""
    SPEC.setup(0)                               # load the map once, outside the timings
    rates, games = [], []
    for rep in range(5):
        start = time.process_time()
        actions = sum(_random_game(seed) for seed in range(rep * 40, rep * 40 + 40))
        rates.append(actions / (time.process_time() - start))
    for seed in range(1000, 1101):
        start = time.process_time()
        _random_game(seed)
        games.append(time.process_time() - start)
    report("random play, legal_actions + apply (CPU time)", statistics.median(rates), "actions/s", ">= 50000")
    report("whole random game, median of 101 (CPU time)", statistics.median(games) * 1000, "ms", "<= 20")
