"""Hammer's Slammers benchmarks: random play, a whole learning game, LOS on the six real panels.

Random play: the seeded random player through the contract (legal_actions + apply) on the
learning scenario, as the fuzzer and the bots drive it. The LOS figure joins the six shipped
panels 3 across and 2 down with join_boards and asks the rules' own whole-map matrix
(board.los_matrix: numpy, every ordered pair) cold, with the plan built in the call (the
first call of the process, then three more with nothing kept), against the plain-Python
pair-by-pair test over every 16th firer, scaled to all pairs, in the same run.
"""
from __future__ import annotations

import statistics
import time

from bench.timing import report
from game.core import rng
from game.rules.slammers import SPEC
from game.rules.slammers import board as hs_board
from game.rules.slammers import scenarios, tables


def random_game(seed: int, scenario: str = "learning") -> int:
    """One whole random game; returns the number of actions."""
    state = SPEC.setup(seed, scenario)
    picker: dict = {}
    rng.init(picker, seed)
    n = 0
    while SPEC.active(state) is not None:
        state = SPEC.apply(state, rng.choice(picker, SPEC.legal_actions(state)))
        n += 1
    return n


def bench_play() -> None:
    """Actions per second, and the median time of a whole random learning game."""
    random_game(0)                                    # boards, tables and LOS read once
    times, actions = [], 0
    for seed in range(1, 12):
        t0 = time.perf_counter()
        actions += random_game(seed)
        times.append(time.perf_counter() - t0)
    report("random play, learning scenario", actions / sum(times), "actions/s")
    report("whole random learning game (median of 11)", statistics.median(times) * 1000, "ms")


def six_panels():
    """The six shipped panels in their standard arrangement, 1 2 3 above 4 5 6, sharing edge lines."""
    return scenarios.standard_board()


def _cold_matrix(grid, n: int) -> tuple:
    """(wall, CPU) seconds for a whole-map LOS matrix with nothing prepared (plan built in the call)."""
    grid._los_plan = None
    hs_board.register(f"bench:six:{n}", grid)              # a fresh serial: nothing memoised
    state = {"map": f"bench:six:{n}", "tables": "standard", "rubble": []}
    t0, c0 = time.perf_counter(), time.process_time()
    hs_board.los_matrix(state)
    return time.perf_counter() - t0, time.process_time() - c0


def bench_los() -> None:
    """All-pairs LOS on the real panels: the rules' numpy matrix, cold, against pair by pair."""
    grid = six_panels()
    values = tables.get().los_values
    first = _cold_matrix(grid, 0)[0]                       # the first call of the process
    colds = [_cold_matrix(grid, n) for n in range(1, 4)]
    cold, cold_cpu = statistics.median(c[0] for c in colds), statistics.median(c[1] for c in colds)
    warm = statistics.median(_timed(lambda: grid.los_all(values)) for _ in range(3))
    hexes = grid.hex_list
    firers = hexes[::16]

    def plain():
        for a in firers:
            for b in hexes:
                grid.los(a, b, values)
    plain()                                           # the line cache warm, as in play
    t0 = time.perf_counter()
    plain()
    per_pair = (time.perf_counter() - t0) / (len(firers) * len(hexes))
    python_all = per_pair * len(hexes) ** 2
    report(f"six panels all-pairs LOS, {len(hexes)} hexes (first call)", first, "s", "<= 1 s")
    report("six panels all-pairs LOS, cold (median of 3)", cold, "s", "<= 1 s")
    report("six panels all-pairs LOS, cold, CPU time", cold_cpu, "s")
    report("six panels all-pairs LOS, plan kept (median of 3)", warm, "s")
    report("six panels LOS plain Python (scaled)", python_all, "s")
    report("numpy speed-up over plain Python (first call)", python_all / first, "x", ">= 30x")


def _timed(fn) -> float:
    """Seconds one call of fn takes."""
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def run() -> None:
    """Print every Hammer's Slammers figure."""
    bench_play()
    bench_los()


if __name__ == "__main__":
    run()
