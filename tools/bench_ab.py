"""Two or more revisions measured side by side in one run: rounds interleaved, medians and ratios.

The machine is shared, so a figure means something only beside its baseline measured at the
same time. Each revision is checked out in a temporary worktree and measured in a fresh
process per round, the revisions taking turns, so a busy minute falls on all of them alike:

    python tools/bench_ab.py jh 3658d6e HEAD            # Judean Hammer random play, actions/s
    python tools/bench_ab.py --rounds 7 hs main HEAD    # Hack & Sack; memory: mem_jh, mem_hs

The first revision is the baseline of the ratios. Figures: jh, hs, armageddon, slammers (random
legal actions a second, CPU time, picks as in bench/bench_judean_hammer.py), mem_jh, mem_hs
(MiB a session holds after a whole game beyond its set-up, bench/bench_session.py), and the
window's (as bench/bench_frames.py and bench/bench_ui.py measure them, SDL's dummy driver):
frame_jh (Judean Hammer's busiest position at 1920x1080 over a bare frame), idle_<game> (% of a
core a settled table waiting for a click uses), load_<game> (ms to load the long save of
bench_ui until its table is drawn whole) and stall_<game> (the longest turn of the loop then, ms);
<game> is jh, hs, armageddon or slammers. ``module:<name>`` runs a whole bench module
(``python -m bench <name>``) in each revision and prints every figure both print, side by side:

    python tools/bench_ab.py --rounds 3 module:bench_session 3658d6e HEAD
"""
from __future__ import annotations

import argparse
import re
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
FRAME = """
import os, tempfile
os.environ["WARGAMES_DATA_DIR"] = tempfile.mkdtemp()
from bench import bench_frames as b
from game.rules import GAMES
app = b._app_at(b._random_game(GAMES["judean_hammer"], b._pieces))
bare = b.bare_frame(app.screen)
print(b.redraw_frame(app) / bare)
"""
IDLE = """
import os, sys, tempfile
os.environ["WARGAMES_DATA_DIR"] = tempfile.mkdtemp()
import pygame
from bench import bench_ui as u
from game.rules import GAMES
from game.ui.board_view import PULSE_SETTLE_MS
app = u._play_app(GAMES[sys.argv[1]], 60)
pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
u.loop_cpu(app, PULSE_SETTLE_MS / 1000 + 0.5)
print(u.loop_cpu(app, 3.0)[0])
"""
LOAD = """
import os, sys, tempfile, time
from pathlib import Path
os.environ["WARGAMES_DATA_DIR"] = tempfile.mkdtemp()
from bench import bench_ui as u
from game.ai.random_bot import RandomBot
from game.core.session import Session
from game.rules import GAMES
from game.ui import loading, settings
from game.ui.window import App
game = GAMES[sys.argv[1]]
app = App(size=(1280, 720), settings=dict(settings.DEFAULTS, volume=0, animation="normal"))
app.start_session(Session(game, 11, seats={side: "random" for side in game.sides}))
u._worst_step(app, 1.0)
session, bot = Session(game, 3), RandomBot(game, 4)
while session.active() is not None and len(session.actions) < 5000:
    session.apply(bot.choose(session.state, session.active()))
path = Path(tempfile.mkdtemp()) / "long.json"
session.save(path)
loading.QUICK_S = 0.0
start = time.perf_counter()
app.load_game(path)
def on_the_table():
    views = [getattr(s, "board_view", None) for s in app.stack.scenes]
    return type(app.stack.top).__name__ != "LoadingScene" and not any(v and v.rendering() for v in views)
worst = u._worst_step(app, 60, on_the_table)[0]
print((time.perf_counter() - start) * 1000, worst)
"""
WINDOW = {"jh": "judean_hammer", "hs": "hack_sack", "armageddon": "armageddon", "slammers": "slammers"}


def _window_figure(figure: str):
    """(code, args, which printed number) of a window figure, or None."""
    kind, _, game = figure.partition("_")
    if figure == "frame_jh":
        return FRAME, [], -1
    if kind in ("idle", "load", "stall") and game in WINDOW:
        return (IDLE, [WINDOW[game]], -1) if kind == "idle" else (LOAD, [WINDOW[game]], -2 if kind == "load" else -1)
    return None


def figures() -> list:
    """Every figure the command line accepts."""
    window = ["frame_jh"] + [f"{k}_{g}" for k in ("idle", "load", "stall") for g in WINDOW]
    return sorted(GAMES) + ["mem_jh", "mem_hs"] + window


def measure(tree: Path, figure: str) -> float:
    """One measurement of ``figure`` in a fresh process whose imports come from ``tree``."""
    pick = -1
    if _window_figure(figure):
        code, args, pick = _window_figure(figure)
    elif figure.startswith("mem_"):
        code, args = MEMORY, [GAMES[figure[4:]][0]]
    else:
        game, seeds = GAMES[figure]
        code, args = RATE, [game, str(seeds.start), str(seeds.stop)]
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=tree, capture_output=True, text=True,
                         env={"PYTHONPATH": str(tree), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                              "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""}, check=True)
    return float(out.stdout.split()[pick])


# A figure's line as bench.timing.report prints it: label, value, unit, optional target.
REPORT_LINE = re.compile(r"^  (?P<label>.+?)\s+(?P<value>-?\d+\.\d+) (?P<unit>\S+)(   \(target .*\))?$")


def module_figures(tree: Path, module: str) -> dict:
    """{label (with its unit): value} of one run of a bench module in ``tree``."""
    out = subprocess.run([sys.executable, "-m", "bench", module], cwd=tree, capture_output=True, text=True,
                         env={"PYTHONPATH": str(tree), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                              "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""}, check=True)
    found = {}
    for line in out.stdout.splitlines():
        match = REPORT_LINE.match(line)
        if match:
            # a game's length differs between revisions: "(292 moves)" and "(316 moves)" match
            label = re.sub(r"\b\d+ moves\b", "N moves", match["label"])
            found[f"{label} ({match['unit']})"] = float(match["value"])
    return found


def _print_modules(revisions: list, runs: dict) -> None:
    """Each label every revision printed: medians, and each one's ratio to the first revision's."""
    labels = [label for label in runs[revisions[0]][0] if all(label in r[0] for r in runs.values())]
    for label in labels:
        medians = [statistics.median(run[label] for run in runs[rev]) for rev in revisions]
        cells = "  ".join(f"{m:10.3f} ({m / medians[0]:.2f})" if medians[0] else f"{m:10.3f}" for m in medians)
        print(f"{label[:64]:<64} {cells}")


def main(argv=None) -> int:
    """Check out each revision, measure in turns, print each median and its ratio to the first."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("figure", help=f"one of {', '.join(figures())}, or module:<bench module>")
    parser.add_argument("revisions", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    module = args.figure.partition("module:")[2]
    if not module and args.figure not in figures():
        parser.error(f"unknown figure {args.figure!r}")
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
                    runs[rev].append(module_figures(tree, module) if module else measure(tree, args.figure))
        finally:
            for tree in trees:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    if module:
        print(f"{'figure (unit)':<64} " + "  ".join(f"{rev[:10]:>10} (ratio)" for rev in args.revisions))
        _print_modules(args.revisions, runs)
        return 0
    base = statistics.median(runs[args.revisions[0]])
    for rev in args.revisions:
        median = statistics.median(runs[rev])
        print(f"{args.figure} {rev:<12} median {median:12.3f}  ratio {median / base:.3f}  "
              f"runs {', '.join(f'{r:.3f}' for r in runs[rev])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
