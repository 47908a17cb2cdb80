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


def duel(seed: int, bot_seat: int, scenario: str) -> tuple:
    """One game, basic against random: (winner, the basic player's side, its slowest decision in
    wall-clock seconds and in CPU seconds; the CPU figure is the one a busy machine cannot inflate)."""
    from game.ai.random_bot import RandomBot
    from game.ai.slammers import SlammersBot
    from game.rules.slammers import SPEC
    state = SPEC.setup(seed, scenario)
    sides = state["seating"]["sides"]
    players = {sides[bot_seat]: SlammersBot(SPEC, seed), sides[1 - bot_seat]: RandomBot(SPEC, seed)}
    wall = cpu = 0.0
    while SPEC.active(state) is not None:
        who = SPEC.active(state)
        t0, c0 = time.perf_counter(), time.process_time()
        action = players[who].choose(state, who)
        if who == sides[bot_seat]:
            wall, cpu = max(wall, time.perf_counter() - t0), max(cpu, time.process_time() - c0)
        state = SPEC.apply(state, action)
    return SPEC.result(state).winner, sides[bot_seat], wall, cpu


def main(games: int, scenario: str = "learning") -> int:
    """Print the basic player's wins from each seat, the interval, the slowest decision and the losses' seeds."""
    for seat in (0, 1):
        wins, wall, cpu, lost, started = 0, 0.0, 0.0, [], time.process_time()
        for seed in range(games):
            winner, side, w, c = duel(seed, seat, scenario)
            wins += winner == side
            wall, cpu = max(wall, w), max(cpu, c)
            if winner != side:
                lost.append(seed)
        lo, hi = wilson(wins, games)
        print(f"{scenario}, basic as {side} (seat {seat}): {wins} of {games} "
              f"({100 * wins / games:.0f}%, 95% interval {100 * lo:.0f}-{100 * hi:.0f}%); slowest decision "
              f"{1000 * cpu:.0f} ms CPU ({1000 * wall:.0f} ms wall); "
              f"{(time.process_time() - started) / games:.2f} CPU s a game; lost: {lost}", flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100, *sys.argv[2:3]))
