"""Judean Hammer rules speed: actions per second under random play, and a whole random game."""
from __future__ import annotations

import statistics
import time

from bench.timing import median_seconds, report
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
    """Print the medians (one core, the shipped map)."""
    SPEC.setup(0)                               # load the map once, outside the timings
    rates, games = [], []
    for rep in range(5):
        start = time.perf_counter()
        actions = sum(_random_game(seed) for seed in range(rep * 40, rep * 40 + 40))
        rates.append(actions / (time.perf_counter() - start))
    seeds = iter(range(1000, 100000))
    games.append(median_seconds(lambda: _random_game(next(seeds)), repeat=101))
    report("random play, legal_actions + apply", statistics.median(rates), "actions/s", ">= 50000")
    report("whole random game (median of 101)", games[0] * 1000, "ms", "<= 20")
