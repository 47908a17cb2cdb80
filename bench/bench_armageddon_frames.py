"""Battle for Armageddon's table at 1920x1080: the busiest position of a random game (the most
counters on the map) redrawn after an input, the same with a counter picked (its areas lit), and
a click that picks a stack's counter until its frame is on the screen, each against a bare frame
(fill, blit, flip) of the same window measured in the same run. Medians."""
from __future__ import annotations

import statistics

from bench.bench_frames import (_app_at, _pieces, _random_game, bare_frame, click_to_screen, pulse_cpu,
                                redraw_frame, table_game)
from bench.timing import report


def _movable(session):
    """Counters on the map while a movement phase asks for moves (the busiest such position), else None."""
    if any(a[0] == "move" for a in session.legal_actions()):
        return _pieces(session)
    return None


def run() -> None:
    """The busiest position, a counter picked, a click and the pulse."""
    import pygame
    game = table_game("armageddon", "Battle for Armageddon")
    if game is None:
        return
    app = _app_at(_random_game(game, _movable))
    play = app.stack.top
    bare = bare_frame(app.screen)
    report("bare frame (fill, blit, flip), 1920x1080", bare * 1000, "ms")
    busy = redraw_frame(app)
    report(f"armageddon busiest position ({len(play.view['pieces'])} counters), frame", busy * 1000, "ms",
           "<= 8 ms")
    report("armageddon busiest position / bare frame", busy / bare, "x")
    place = next(iter(play.adapter.place_actions(play.view)))
    clicks = [click_to_screen(app, place) for _ in range(7)]
    assert play.adapter.picker.current(play.view), "the click picked no counter"
    frame = redraw_frame(app)
    report(f"armageddon counter picked ({len(play.board_view.targets)} areas lit), frame", frame * 1000, "ms",
           "<= 8 ms")
    report("armageddon click to screen (pick a counter), median", statistics.median(clicks) * 1000, "ms",
           "<= 12 ms")
    report("armageddon pulse after an input, CPU", pulse_cpu(app), "% of a core", "<= 10 %")
    pygame.display.quit()
