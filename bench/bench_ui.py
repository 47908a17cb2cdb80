"""Frame times of the play scene: a real game on its map, and a long log."""
from __future__ import annotations

import os

from bench.timing import median_seconds, report

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _busiest_count(game) -> int:
    """How many moves into a random game (seed 11) the most pieces stand on the map at once."""
    from game.ai.random_bot import RandomBot
    from game.core.session import Session
    session, bot = Session(game, 11), RandomBot(game, 5)
    best, best_at = -1, 0
    while session.active() is not None:
        pieces = len(game.view(session.state, None).get("pieces", []))
        if pieces > best:
            best, best_at = pieces, len(session.actions)
        session.apply(bot.choose(session.state, session.active()))
    return best_at


def _play_app(game, actions: int, size=(1280, 720)):
    from game.ai.random_bot import RandomBot
    from game.core.session import Session
    from game.ui import settings
    from game.ui.window import App
    session = Session(game, 11)
    bot = RandomBot(game, 5)
    for _ in range(actions):
        if session.active() is None:
            break
        session.apply(bot.choose(session.state, session.active()))
    app = App(size=size, settings=dict(settings.DEFAULTS, volume=0))
    app.start_session(session)
    while type(app.stack.top).__name__ == "CurtainScene":
        app.stack.pop()
    session.autosave_enabled = False
    app.draw()
    return app


def _input_frame(app) -> float:
    """Median seconds of the frame that follows an input (``app.dirty``): the table drawn again,
    not the pulse of its targets alone, which is all a frame with nothing changed redraws."""
    def frame():
        app.dirty = True
        app.draw()
    return median_seconds(frame, 7, 10)


def loop_cpu(app, seconds: float = 3.0) -> tuple[float, int]:
    """(per cent of one core, frames drawn) of the main loop over ``seconds`` with no input."""
    import resource
    import time
    import pygame
    clock = pygame.time.Clock()
    before = resource.getrusage(resource.RUSAGE_SELF)
    frames = app.frames
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        app.step(clock)
    after = resource.getrusage(resource.RUSAGE_SELF)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return 100 * used / (time.perf_counter() - start), app.frames - frames


def idle_figures(app, name: str) -> None:
    """CPU and frames just after an input (targets pulse) and once the pulse has settled."""
    import pygame
    from game.ui.board_view import PULSE_SETTLE_MS
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    cpu, frames = loop_cpu(app, PULSE_SETTLE_MS / 1000 + 0.5)   # and the one frame that settles it
    report(f"waiting for a click, {name}: first {PULSE_SETTLE_MS / 1000 + 0.5:.1f} s CPU", cpu, "%",
           f"pulsing, {frames} frames")
    cpu, frames = loop_cpu(app, 3.0)
    report(f"waiting for a click, {name}: settled CPU", cpu, "%", "< 2 %")
    report(f"waiting for a click, {name}: settled frames in 3 s", frames, "frames", "0")


def _worst_step(app, seconds: float, until=None) -> tuple[float, int]:
    """(longest main-loop turn in ms, frames drawn) over ``seconds`` or until ``until()`` holds."""
    import time
    import pygame
    clock, worst, frames = pygame.time.Clock(), 0.0, app.frames
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not (until and until()):
        start = time.perf_counter()
        app.step(clock)
        worst = max(worst, time.perf_counter() - start)
    return worst * 1000, app.frames - frames


def long_work_figures(game) -> None:
    """The window stays live: a computer-against-computer game with animations, and a long load."""
    import tempfile
    from pathlib import Path
    import pygame
    from game.ai.random_bot import RandomBot
    from game.core.session import Session
    from game.ui import settings
    from game.ui.window import App
    app = App(size=(1280, 720), settings=dict(settings.DEFAULTS, volume=0, animation="normal"))
    app.start_session(Session(game, 11, seats={side: "random" for side in game.sides}))
    worst, frames = _worst_step(app, 4.0)
    report(f"computer vs computer, {game.name}: longest loop turn", worst, "ms", f"< 100 ms ({frames} frames in 4 s)")
    session, bot = Session(game, 3), RandomBot(game, 4)
    while session.active() is not None and len(session.actions) < 5000:
        session.apply(bot.choose(session.state, session.active()))
    path = Path(tempfile.mkdtemp()) / "long.json"
    session.save(path)
    import time
    from game.ui import loading
    loading.QUICK_S = 0.0
    start = time.perf_counter()
    app.load_game(path)

    def on_the_table() -> bool:
        """The save is replayed and its map drawn whole on the table."""
        views = [getattr(s, "board_view", None) for s in app.stack.scenes]
        return type(app.stack.top).__name__ != "LoadingScene" and not any(v and v.rendering() for v in views)
    worst, frames = _worst_step(app, 60, on_the_table)
    report(f"load {len(session.actions)} moves, {game.name}: whole load", (time.perf_counter() - start) * 1000, "ms",
           "<= 150 ms")
    report(f"load {len(session.actions)} moves, {game.name}: longest loop turn", worst, "ms",
           f"<= 33 ms ({frames} frames)")
    pygame.display.quit()


def run() -> None:
    """Print the figures (skips games that are not installed)."""
    import tempfile
    import pygame
    from game.rules import playable_games
    os.environ["WARGAMES_DATA_DIR"] = tempfile.mkdtemp(prefix="wargames-bench-")   # never touch the real autosave
    from game.ui.play_parts import LogPanel
    for game in playable_games():
        app = _play_app(game, 60)
        report(f"play frame after an input, {game.name}, 1280x720 (median)", _input_frame(app) * 1000, "ms",
               "<= 16 ms")
        idle_figures(app, game.name)
        pygame.display.quit()
        busiest = _busiest_count(game)
        app = _play_app(game, busiest, size=(1920, 1080))
        report(f"play frame after an input, {game.name}, busiest position ({busiest} moves in), 1920x1080",
               _input_frame(app) * 1000, "ms", "<= 16 ms")
        pygame.display.quit()
        long_work_figures(game)
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((360, 500))
    log = LogPanel(None)
    log.set_lines([f"greek: attacks Modein [d6:{i % 6 + 1}] and loses {i} units" for i in range(2000)])
    log.draw(surface, surface.get_rect())
    report("log panel, 2000 lines, one frame (median)",
           median_seconds(lambda: log.draw(surface, surface.get_rect()), 7, 20) * 1000, "ms", "<= 2 ms")
