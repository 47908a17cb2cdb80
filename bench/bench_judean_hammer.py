"""Judean Hammer rules speed: actions per second under random play, and a whole random game."""
from __future__ import annotations

import statistics
import time

from bench.timing import report
from game.core import rng
from game.rules.judean_hammer import SPEC


def _random_game(seed: int, core_picks: bool = False) -> int:
    """Play one game with uniformly random legal actions; returns the number of actions.

    The picks come from a small multiplicative generator so that the figure measures the
    rules (legal_actions + apply, with the game's own dice from game.core.rng), not the
    cost of seeding a fresh generator per pick; core_picks uses game.core.rng.choice instead
    (as the fuzzer does).
    """
    state = SPEC.setup(seed)
    x = seed * 2654435761 + 99
    picker: dict = {}
    rng.init(picker, seed)
    n = 0
    while SPEC.active(state) is not None:
        actions = SPEC.legal_actions(state)
        if core_picks:
            action = rng.choice(picker, actions)
        else:
            x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            action = actions[(x >> 33) % len(actions)]
        state = SPEC.apply(state, action)
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
    start = time.process_time()
    actions = sum(_random_game(seed, core_picks=True) for seed in range(200, 240))
    core_rate = actions / (time.process_time() - start)
    for seed in range(1000, 1101):
        start = time.process_time()
        _random_game(seed)
        games.append(time.process_time() - start)
    report("random play, legal_actions + apply (CPU time)", statistics.median(rates), "actions/s", ">= 50000")
    report("the same, picks by game.core.rng.choice", core_rate, "actions/s")
    report("whole random game, median of 101 (CPU time)", statistics.median(games) * 1000, "ms", "<= 20")
