"""A place's name printed on a hex map stays readable under the highlight of the hexes a unit may enter."""
from __future__ import annotations

import pygame
import pytest

from game.rules import slammers as sl
from game.ui import theme

from .test_slammers_ui import open_table

pytestmark = pytest.mark.ui


def _ink(app, rect) -> int:
    """The pixels in a screen rectangle of the window, as drawn now, in the names' own ink."""
    app.dirty = True
    app.pump()
    patch = pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
    return sum(1 for i in range(0, len(patch), 3)
               if sum(abs(patch[i + k] - theme.INK[k]) for k in range(3)) < 40)


def test_a_name_under_a_target_highlight_is_printed_over_it():
    app = open_table("learning")
    try:
        play = app.stack.top
        view = play.board_view
        for _ in range(400):
            if not view.rendering():
                break
            app.dirty = True
            app.pump()
        grid = sl.grid(play.session.state)
        hill = grid.place("Chapel Hill").hex                   # no unit stands there at the start
        names = [p.name for p in view.board.places if p.hex in view.board.hexes]
        rect = view.name_rects()[names.index("Chapel Hill")]
        view.pulse_level = lambda now: None                    # the highlight at its steady strength
        bare = _ink(app, rect)
        view.set_highlights(targets=[h for h in grid.hex_list if grid.distance(h, hill) <= 2])
        lit = _ink(app, rect)
        assert bare > 10 and lit >= 0.9 * bare, (bare, lit)
    finally:
        pygame.event.clear()
        pygame.display.quit()
