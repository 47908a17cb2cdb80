"""Two or more revisions measured side by side in one run: rounds interleaved, medians and ratios.

The machine is shared, so a figure means something only beside its baseline measured at the
same time. Each revision is checked out in a temporary worktree and measured in a fresh
process per round, the revisions taking turns, so a busy minute falls on all of them alike:

    python tools/bench_ab.py jh 3658d6e HEAD            # Judean Hammer random play, actions/s
    python tools/bench_ab.py --rounds 7 hs main HEAD    # Hack & Sack; memory: mem_jh, mem_hs

The first revision is the baseline of the ratios. Figures: jh, hs, armageddon, slammers (random
legal actions a second, CPU time, picks as in bench/bench_judean_hammer.py) and mem_jh, mem_hs
(MiB a session holds after a whole game beyond its set-up, bench/bench_session.py).
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"jh": ("judean_hammer", range(40)), "hs": ("hack_sack", range(3)),
         "armageddon": ("armageddon", range(4)), "slammers": ("slammers", range(4))}

# Run inside a revision's tree: prints one number.
RATE = """
import sys, time, importlib
spec = importlib.import_module("game.rules." + sys.argv[1]).SPEC
spec.setup(0)
def game(seed):
    state, x, n = spec.setup(seed), seed * 2654435761 + 99, 0
    while spec.active(state) is not None and n < 5000:
        actions = spec.legal_actions(state)
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        state, n = spec.apply(state, actions[(x >> 33) % len(actions)]), n + 1
    return n
start = time.process_time()
n = sum(game(seed) for seed in range(int(sys.argv[2]), int(sys.argv[3])))
print(n / (time.process_time() - start))
"""
MEMORY = """
import sys, importlib
from bench.bench_session import held_growth
print(held_growth(importlib.import_module("game.rules." + sys.argv[1]).SPEC)[0])
"""


def measure(tree: Path, figure: str) -> float:
    """One measurement of ``figure`` in a fresh process whose imports come from ``tree``."""
    if figure.startswith("mem_"):
        code, args = MEMORY, [GAMES[figure[4:]][0]]
    else:
        game, seeds = GAMES[figure]
        code, args = RATE, [game, str(seeds.start), str(seeds.stop)]
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=tree, capture_output=True, text=True,
                         env={"PYTHONPATH": str(tree), "SDL_VIDEODRIVER": "dummy", "PATH": ""}, check=True)
    return float(out.stdout.split()[-1])


def main(argv=None) -> int:
    """Check out each revision, measure in turns, print each median and its ratio to the first."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("figure", choices=sorted(GAMES) + ["mem_jh", "mem_hs"])
    parser.add_argument("revisions", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-ab-") as tmp:
        trees = []
        for i, rev in enumerate(args.revisions):
            tree = Path(tmp) / f"rev{i}"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), rev], check=True)
            trees.append(tree)
        try:
            runs = {rev: [] for rev in args.revisions}
            for _ in range(args.rounds):
                for rev, tree in zip(args.revisions, trees):
                    runs[rev].append(measure(tree, args.figure))
        finally:
            for tree in trees:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    base = statistics.median(runs[args.revisions[0]])
    for rev in args.revisions:
        median = statistics.median(runs[rev])
        print(f"{args.figure} {rev:<12} median {median:12.3f}  ratio {median / base:.3f}  "
              f"runs {', '.join(f'{r:.3f}' for r in runs[rev])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
