"""Start-up time and size of built binaries beside `python main.py`, measured in the same run.

    python tools/measure_dist.py [--runs N] BINARY ...

Each run starts a fresh process that draws the main menu into a PNG and exits
(`--screenshot`, SDL's dummy driver); the commands take turns so a busy machine slows them
alike. Prints the median of each, its ratio to `python main.py`, and the size on disk.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def size_of(path: Path) -> int:
    """Bytes on disk of a file, or of everything in the folder of a one-folder build."""
    if path.parent.name == path.name:          # dist/wargames/wargames: the folder is the program
        return sum(p.stat().st_size for p in path.parent.rglob("*") if p.is_file() and not p.is_symlink())
    return path.stat().st_size


def timings(commands: dict, runs: int) -> dict:
    """{label: [seconds per run]} with the commands interleaved."""
    out = {label: [] for label in commands}
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", WARGAMES_DATA_DIR=tmp)
        for i in range(runs + 1):
            for label, command in commands.items():
                start = time.perf_counter()
                subprocess.run([*command, "--screenshot", os.path.join(tmp, "menu.png")], check=True, env=env,
                               cwd=tmp, stdout=subprocess.DEVNULL)
                if i:                               # the first round only warms the disk cache
                    out[label].append(time.perf_counter() - start)
    return out


def main(argv=None) -> int:
    """Measure and print."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("binaries", nargs="+", type=Path)
    p.add_argument("--runs", type=int, default=9)
    args = p.parse_args(argv)
    commands = {"python main.py": [sys.executable, str(ROOT / "main.py")]}
    commands.update({str(b): [str(b.resolve())] for b in args.binaries})
    result = timings(commands, args.runs)
    base = statistics.median(result["python main.py"])
    print(f"start to the menu drawn, median of {args.runs} runs each, interleaved:")
    for label, times in result.items():
        med = statistics.median(times)
        size = "" if label == "python main.py" else f"   size {size_of(Path(label)) / 1e6:.1f} MB"
        print(f"  {label:<44} {med:6.3f} s  ({med / base:4.2f}x; {min(times):.3f}-{max(times):.3f}){size}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
