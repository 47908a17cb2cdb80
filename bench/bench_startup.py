"""Start-to-menu time (a fresh process to the first drawn menu frame) and the menu's frame time."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.timing import median_seconds, report

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
RUNS = 7
# What `python main.py` does up to its first frame: import the shell, open the window, draw the menu.
FIRST_FRAME = ("import sys; sys.path.insert(0, {root!r}); import main; main._ensure_pygame(); "
               "from game.ui.window import App; app = App(); app.open_menu(); app.draw()")


def start_to_menu() -> float:
    """Median wall time of a new process that draws the menu once and exits."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = FIRST_FRAME.format(root=str(ROOT))
    times = []
    with tempfile.TemporaryDirectory() as data:
        env["WARGAMES_DATA_DIR"] = data
        for _ in range(RUNS):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=ROOT)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def menu_frame() -> float:
    """Median time to draw one menu frame at 1280x720."""
    from game.ui import settings
    from game.ui.window import App
    app = App(size=(1280, 720), settings=dict(settings.DEFAULTS))
    app.open_menu()
    app.draw()
    return median_seconds(app.draw, repeat=7, number=20)


def idle_cpu(seconds: float = 3.0) -> float:
    """Per cent of one core the event loop uses while the menu sits untouched."""
    import resource
    from game.ui import settings
    from game.ui.window import App
    app = App(size=(1280, 720), settings=dict(settings.DEFAULTS))
    app.open_menu()
    app.pump()
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        app.pump(block=True)
    after = resource.getrusage(resource.RUSAGE_SELF)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return 100 * used / (time.perf_counter() - start)


def run() -> None:
    """Print the figures."""
    report("start to first menu frame (new process, median)", start_to_menu(), "s", "<= 0.8 s")
    report("menu frame at 1280x720 (median)", menu_frame() * 1000, "ms", "<= 16 ms")
    report("idle menu: CPU use of the event loop over 3 s", idle_cpu(), "%", "about 0")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    run()
