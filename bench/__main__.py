"""Run every benchmark module (bench/bench_*.py) and print its figures as medians."""
from __future__ import annotations

import importlib
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    """Import and run each bench module; each prints its own lines."""
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.platform(terse=True)}")
    only = sys.argv[1:]
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        name = path.stem
        if only and not any(o in name for o in only):
            continue
        print(f"== {name}")
        module = importlib.import_module(f"bench.{name}")
        module.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
