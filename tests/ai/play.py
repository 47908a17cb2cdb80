"""Whole games between computer players, timed per decision (shared by the tests and measure.py)."""
from __future__ import annotations

from game.ai import BOTS
from game.ai.match import play_match


def play(spec, seed: int, seats: dict) -> tuple[dict, float]:
    """One game from ``seed`` with a BOTS name per side; (final state, slowest decision in s)."""
    bots = {side: BOTS[name].make(spec, seed * 7919 + i) for i, (side, name) in enumerate(sorted(seats.items()))}
    match = play_match(spec, seed, bots)
    return match.state, match.slowest


def basic_wins(spec, seeds, sides=None) -> tuple[int, int, float]:
    """(games the basic bot won, games played, slowest decision) against the random bot, from every
    seat (or those of ``sides``)."""
    wins = games = 0
    slowest = 0.0
    for side in sides or spec.sides:
        for seed in seeds:
            seats = {s: ("basic" if s == side else "random") for s in spec.sides}
            state, slow = play(spec, seed, seats)
            result = spec.result(state)
            wins += result is not None and result.winner == side
            games += 1
            slowest = max(slowest, slow)
    return wins, games, slowest
