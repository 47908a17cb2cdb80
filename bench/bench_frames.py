"""Play-scene frames against a bare pygame-ce frame (fill + blit + flip) measured in the same run.

Figures at 1920x1080, medians: the busiest position of a random game (seed 11) redrawn after an
input (the pointer moved: nothing in the game changed), the same with a Star Frigate chosen
(Hack & Sack), a click that selects a unit until the frame is on the screen, and the CPU the
pulse of the legal targets costs in the seconds after an input."""
from __future__ import annotations

import os
import time

from bench.timing import median_seconds, report

SIZE = (1920, 1080)


def bare_frame(screen) -> float:
    """Median seconds of a bare frame: fill, one whole-window blit, flip."""
    import pygame
    image = screen.copy()

    def frame():
        screen.fill((0, 0, 0))
        screen.blit(image, (0, 0))
        pygame.display.flip()
    return median_seconds(frame, 9, 20)


def redraw_frame(app) -> float:
    """Median seconds of the frame that follows an input (app.dirty), at 1920x1080."""
    def frame():
        app.dirty = True
        app.draw()
    frame()
    return median_seconds(frame, 9, 10)


def _app_at(session):
    from game.ui import settings
    from game.ui.window import App
    app = App(size=SIZE, settings=dict(settings.DEFAULTS, volume=0, animation="off"))
    app.start_session(session)
    while type(app.stack.top).__name__ == "CurtainScene":
        app.stack.pop()
    session.autosave_enabled = False
    app.pump()
    play = app.stack.top
    while play.board_view is not None and play.board_view.rendering():   # the table as a player sees it:
        app.dirty = True                                                   # its map drawn whole (the first
        app.pump()                                                         # frames draw it a slice at a time)
    return app


def table_game(name: str, title: str):
    """The registered game a table bench draws, with a data folder of its own; None when missing."""
    import tempfile
    from game.rules import GAMES
    os.environ["WARGAMES_DATA_DIR"] = tempfile.mkdtemp(prefix="wargames-bench-")
    game = GAMES.get(name)
    if game is None:
        print(f"  {title} is not registered; skipped")
    return game


def _random_game(game, until, scenario: str | None = None):
    """A random game (seed 11, bot 5) played until ``until(session)`` holds at its best position."""
    from game.ai.random_bot import RandomBot
    from game.core.session import Session
    session, bot, best = Session(game, 11, scenario), RandomBot(game, 5), (-1, 0)
    while session.active() is not None:
        score = until(session)
        if score is not None and score > best[0]:
            best = (score, len(session.actions))
        session.apply(bot.choose(session.state, session.active()))
    replay = Session(game, 11, scenario)
    for action in session.actions[:best[1]]:
        replay.apply(action)
    return replay


def _pieces(session) -> int:
    return len(session.view(None).get("pieces", []))


def _frigate_ready(session):
    """Pieces on the map when a Star Frigate can be chosen in the movement phase, else None."""
    acts = session.legal_actions()
    if any(a[0] == "unit" and str(a[1]).startswith("star_frigate") for a in acts) and \
            session.view(None).get("step") == "move":
        return _pieces(session)
    return None


def pulse_cpu(app) -> float:
    """Per cent of one core the main loop uses in the 2 s after an input (the targets pulse)."""
    import resource
    import pygame
    clock = pygame.time.Clock()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(clock)
    before, start = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
    while time.perf_counter() - start < 2.0:
        app.step(clock)
    after = resource.getrusage(resource.RUSAGE_SELF)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return 100 * used / (time.perf_counter() - start)


def click_to_screen(app, place) -> float:
    """Seconds from a posted click on ``place`` until its frame has been flipped."""
    import pygame
    play = app.stack.top
    pos = play.board_view.screen_pos(place)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    start = time.perf_counter()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.pump()
    return time.perf_counter() - start


def hack_sack() -> None:
    """The busiest position, a Frigate chosen, a click and the pulse."""
    import statistics
    import pygame
    from game.rules import GAMES
    game = GAMES["hack_sack"]
    app = _app_at(_random_game(game, _pieces))
    bare = bare_frame(app.screen)
    report("bare frame (fill, blit, flip), 1920x1080", bare * 1000, "ms")
    busy = redraw_frame(app)
    report("hack_sack busiest position, frame after an input", busy * 1000, "ms")
    report("hack_sack busiest position / bare frame", busy / bare, "x", "<= 4x")
    pygame.display.quit()
    session = _random_game(game, _frigate_ready)
    app = _app_at(session)
    play = app.stack.top
    frigate = next(a[1] for a in session.legal_actions() if a[0] == "unit" and str(a[1]).startswith("star_frigate"))
    place = play.adapter.unit_place(play.view, frigate)
    clicks = []
    for _ in range(7):
        clicks.append(click_to_screen(app, place))
        assert play.view.get("selected") == frigate, "the click did not choose the Frigate"
        play.undo()
        app.pump()
    bare = bare_frame(app.screen)
    play.click_place(place)
    frame = redraw_frame(app)
    report(f"hack_sack Frigate chosen ({len(play.board_view.targets)} targets) / bare frame", frame / bare, "x",
           "<= 6x")
    report("hack_sack click to screen (choose the Frigate), median", statistics.median(clicks) * 1000, "ms",
           "<= 12 ms")
    report("hack_sack pulse after an input, CPU", pulse_cpu(app), "% of a core", "<= 10 %")
    pygame.display.quit()


def judean_hammer() -> None:
    """The busiest position against the bare frame."""
    import pygame
    from game.rules import GAMES
    app = _app_at(_random_game(GAMES["judean_hammer"], _pieces))
    bare = bare_frame(app.screen)
    frame = redraw_frame(app)
    report("judean_hammer busiest position / bare frame", frame / bare, "x", "<= 3x")
    report("judean_hammer pulse after an input, CPU", pulse_cpu(app), "% of a core", "<= 10 %")
    pygame.display.quit()


def run() -> None:
    """Print the ratios (each against the bare frame of the same window)."""
    import tempfile
    os.environ["WARGAMES_DATA_DIR"] = tempfile.mkdtemp(prefix="wargames-bench-")
    hack_sack()
    judean_hammer()
