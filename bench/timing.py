"""Small timing helpers shared by the benchmarks."""
from __future__ import annotations

import statistics
import time


def median_seconds(fn, repeat: int = 7, number: int = 1) -> float:
    """Median wall time of ``number`` calls of fn, over ``repeat`` runs, per call."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def report(label: str, value: float, unit: str, target: str = "") -> None:
    """Print one benchmark figure in a fixed format."""
    tail = f"   (target {target})" if target else ""
    print(f"  {label:<48} {value:>12.3f} {unit}{tail}")
