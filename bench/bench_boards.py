"""Boards benchmarks: map load-and-build times, hot-path queries, and all-pairs LOS.

The LOS grid is six Hammer's Slammers panels of 22 x 17 hexes laid 3 across and 2 down
(66 x 34 = 2,244 hexes, 5.0 million ordered pairs), with a mixed terrain pattern.
The plain-Python figure is GridHex.los() pair by pair over every 16th firer and all
targets, scaled to all pairs; its line cache is warm, as it would be in play.
"""
from __future__ import annotations

import time
from pathlib import Path

from bench.timing import median_seconds, report
from game.boards import HexGrid, HexLayout, load_map
from game.core.paths import maps_dir

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "maps"
LOS_VALUES = {"clear": (0, 0, 0), "forest": (0, 2, 0), "city": (0, 2, 0), "slope": (1, 1, 1),
              "hilltop": (2, 3, 2), "lake": (0, 0, 0)}


def six_boards() -> HexGrid:
    """A 66 x 34 grid (six 22 x 17 panels) with a terrain pattern mixing every LOS value."""
    layout = HexLayout("x", "odd", 64, 56, 32, 66, 34)
    names = ["clear", "clear", "forest", "slope", "clear", "hilltop", "city", "lake", "clear"]
    terrain = {layout.to_axial(c, r): names[(c * 7 + r * 13 + (c * r) % 5) % len(names)]
               for c in range(66) for r in range(34)}
    return HexGrid(layout, terrain)


def bench_loading() -> None:
    """Median load-and-build time of each map."""
    paths = sorted(FIXTURES.glob("*.tmx")) + sorted(maps_dir().rglob("*.tmx"))
    for path in paths:
        report(f"load {path.name}", median_seconds(lambda: load_map(path), repeat=5) * 1000, "ms")


def bench_queries() -> None:
    """Hot-path queries the rules call."""
    grid = six_boards()
    hexes = grid.hex_list
    def neighbours():
        for h in hexes:
            grid.neighbours(h)
    def distances():
        a = hexes[0]
        for h in hexes:
            grid.distance(a, h)
    per = len(hexes)
    report("HexGrid.neighbours() per call", median_seconds(neighbours) / per * 1e9, "ns")
    report("HexGrid.distance() per call", median_seconds(distances) / per * 1e9, "ns")
    start = grid.from_offset(33, 17)
    report("movement_range, 8 MP, flat cost", median_seconds(
        lambda: grid.movement_range(start, 8, lambda a, b: 1.0)) * 1000, "ms")


def bench_los() -> None:
    """All-pairs LOS: numpy matrix versus plain Python pair by pair."""
    grid = six_boards()
    t0 = time.perf_counter()
    grid.los_all(LOS_VALUES)
    cold = time.perf_counter() - t0
    warm = median_seconds(lambda: grid.los_all(LOS_VALUES), repeat=5)
    hexes = grid.hex_list
    firers = hexes[::16]
    def plain():
        for a in firers:
            for b in hexes:
                grid.los(a, b, LOS_VALUES)
    plain()                                            # fill the line cache as play would
    per_pair = median_seconds(plain, repeat=3) / (len(firers) * len(hexes))
    python_all = per_pair * len(hexes) ** 2
    report(f"all-pairs LOS numpy, {len(hexes)} hexes (first call)", cold, "s")
    report("all-pairs LOS numpy (values changed, plan kept)", warm, "s", "<= 1 s")
    report("all-pairs LOS plain Python (scaled)", python_all, "s")
    report("numpy speed-up over plain Python", python_all / warm, "x", ">= 30x")


def run() -> None:
    """Print every boards figure."""
    bench_loading()
    bench_queries()
    bench_los()


if __name__ == "__main__":
    run()
