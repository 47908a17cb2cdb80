"""The basic player's strength against the random player on either side of a scenario.

Run `python -m tests.slammers.strength [games per side] [scenario]`: issue 12 asks for at
least 95% of 100 seeded games on each side of the learning scenario, and at most 2 s a
decision. Not a test (it takes minutes): it only measures. Seeds 0..N-1 on each side.
"""
from __future__ import annotations

import math
import sys
import time
from pathlib import Path


def wilson(wins: int, n: int, z: float = 1.96) -> tuple:
    """The 95% Wilson interval of a win share."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def main(games: int, scenario: str = "learning") -> int:
    """Print the basic player's wins from each seat, the interval, the slowest decision and the losses' seeds."""
    from .test_bot import duel
    for seat in (0, 1):
        wins, slowest, lost, started = 0, 0.0, [], time.perf_counter()
        for seed in range(games):
            winner, side, slow = duel(seed, seat, scenario)
            wins += winner == side
            slowest = max(slowest, slow)
            if winner != side:
                lost.append(seed)
        lo, hi = wilson(wins, games)
        print(f"{scenario}, basic as {side} (seat {seat}): {wins} of {games} "
              f"({100 * wins / games:.0f}%, 95% interval {100 * lo:.0f}-{100 * hi:.0f}%); "
              f"slowest decision {1000 * slowest:.0f} ms; {(time.perf_counter() - started) / games:.2f} s a game; "
              f"lost: {lost}", flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100, *sys.argv[2:3]))
