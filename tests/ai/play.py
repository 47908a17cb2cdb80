"""Whole games between computer players, timed per decision (shared by the tests and measure.py)."""
from __future__ import annotations

import time

from game.ai import BOTS

MAX_ACTIONS = 20000


def play(spec, seed: int, seats: dict) -> tuple[dict, float]:
    """One game from ``seed`` with a BOTS name per side; (final state, slowest decision in s)."""
    bots = {side: BOTS[name].make(spec, seed * 7919 + i) for i, (side, name) in enumerate(sorted(seats.items()))}
    state = spec.setup(seed)
    slowest = 0.0
    for _ in range(MAX_ACTIONS):
        side = spec.active(state)
        if side is None:
            return state, slowest
        started = time.perf_counter()
        action = bots[side].choose(state, side)
        slowest = max(slowest, time.perf_counter() - started)
        state = spec.apply(state, action)
    raise RuntimeError(f"{spec.name} seed {seed}: no end after {MAX_ACTIONS} actions")


def basic_wins(spec, seeds) -> tuple[int, int, float]:
    """(games the basic bot won, games played, slowest decision) against the random bot, from every seat."""
    wins = games = 0
    slowest = 0.0
    for side in spec.sides:
        for seed in seeds:
            seats = {s: ("basic" if s == side else "random") for s in spec.sides}
            state, slow = play(spec, seed, seats)
            result = spec.result(state)
            wins += result is not None and result.winner == side
            games += 1
            slowest = max(slowest, slow)
    return wins, games, slowest
