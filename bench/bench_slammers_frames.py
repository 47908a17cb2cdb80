"""Hammer's Slammers' table at 1920x1080: the busiest position (the most counters on the map in a
random game of the largest scenario) redrawn after an input, against a bare frame (fill, blit,
flip) of the same window measured in the same run. Drawn through the public table (App and the
play scene with whatever adapter the game registers), so the figure follows the real window."""
from __future__ import annotations

from bench.bench_frames import _app_at, _pieces, _random_game, bare_frame, redraw_frame, table_game
from bench.timing import report


def _largest(game) -> str:
    """The shipped scenario with the most counters at set-up."""
    return max(game.scenarios, key=lambda s: len(game.setup(1, s)["units"]))


def run() -> None:
    """The busiest position of the largest scenario, after an input."""
    import pygame
    game = table_game("slammers", "Hammer's Slammers")
    if game is None:
        return
    scenario = _largest(game)
    app = _app_at(_random_game(game, _pieces, scenario))
    play = app.stack.top
    bare = bare_frame(app.screen)
    report("bare frame (fill, blit, flip), 1920x1080", bare * 1000, "ms")
    busy = redraw_frame(app)
    report(f"slammers busiest ({scenario}, {len(play.view['pieces'])} counters), frame", busy * 1000,
           "ms", "<= 8 ms")
    report("slammers busiest position / bare frame", busy / bare, "x")
    pygame.display.quit()


if __name__ == "__main__":
    run()
