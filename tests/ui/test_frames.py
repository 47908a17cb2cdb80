"""Frames redraw only what changed: the pulse redraws its cells alone, and a cached frame is the full one."""
from __future__ import annotations

import numpy
import pygame
import pytest

from game.core.session import Session

pytestmark = pytest.mark.ui


@pytest.fixture
def hs_table():
    """Hack & Sack at the start of the Krylon movement (counters that may move pulse), 1280x720."""
    from game.rules import GAMES
    from game.ui import settings
    from game.ui.window import App
    spec = GAMES["hack_sack"]
    app = App(size=(1280, 720), games=[spec], settings=dict(settings.DEFAULTS, animation="normal", volume=0))
    session = Session(spec, 3, None, {"deploy": "standard"})
    session.apply(("done",))
    app.start_session(session)
    app.pump()
    yield app
    pygame.event.clear()
    pygame.display.quit()


def pixels(app):
    return pygame.surfarray.array3d(app.screen).astype(int)


def full_frame(app, now):
    app.dirty = True
    app.draw(now)
    while app.stack.top.board_view.rendering():        # a new zoom level is drawn a slice a frame
        app.draw(now)
    return pixels(app)


def test_a_pulse_frame_redraws_only_the_targets_and_matches_a_full_frame(hs_table):
    play = hs_table.stack.top
    play.board_view.camera.fit()                           # the whole map: the Landing Pads pulse on it
    play.board_view.camera.settle()
    assert play.board_view.targets, "nothing pulses at this position"
    play.board_view.stir(0)
    full_frame(hs_table, 0)
    before = pixels(hs_table)
    hs_table.dirty = False
    hs_table.draw(225)                                     # a quarter pulse later (brightest), no input
    rects = play.drawn_rects
    assert rects, "the pulse should have redrawn its cells"
    changed = pixels(hs_table)
    outside = numpy.ones(changed.shape[:2], bool)
    for r in rects:
        outside[r.left:r.right, r.top:r.bottom] = False
    assert (changed != before).any() and not (changed != before)[outside].any()
    assert numpy.abs(changed - full_frame(hs_table, 225)).max() <= 2      # what a full frame draws


def test_the_cached_side_column_follows_the_status_and_the_pointer(hs_table):
    play = hs_table.stack.top
    first = full_frame(hs_table, 0)
    assert (full_frame(hs_table, 0) == first).all()
    play.status = "A reason shown in the prompt."
    play.refresh(animate=False)
    side = play.side_rect
    assert (full_frame(hs_table, 0)[side.left:side.right, side.top:side.bottom] !=
            first[side.left:side.right, side.top:side.bottom]).any()


def test_a_new_map_is_drawn_a_slice_a_frame_and_comes_out_whole(hs_table):
    from game.ui.board_view import make_board_view
    play = hs_table.stack.top
    view = make_board_view(play.board_view.board, play.spec.side_colours)
    view.set_viewport(play.board_view.camera.viewport)
    view.progressive = True
    frames = 0
    while True:
        view.draw(hs_table.screen, 0)
        frames += 1
        if not view.rendering():
            break
        assert view.animating(0)                         # frames keep coming until it is whole
    assert frames > 1, "the first frame drew the whole map at once"
    whole = view.render_base(view.camera.zoom)
    assert pygame.image.tobytes(view.base_surface(view.camera.zoom), "RGB") == pygame.image.tobytes(whole, "RGB")


def test_a_zoom_level_left_half_drawn_does_not_keep_the_window_busy(hs_table):
    """Zoom in past a level before it is drawn, then back to one already drawn: the half-drawn level
    is dropped, so the table goes idle again instead of drawing frames for ever."""
    from game.ui.board_view import make_board_view
    from game.ui.scene import now_ms
    play = hs_table.stack.top
    view = make_board_view(play.board_view.board, play.spec.side_colours)
    view.set_viewport(play.board_view.camera.viewport)
    view.progressive = True
    while True:                                          # the opening level, drawn whole
        view.draw(hs_table.screen, 0)
        if not view.rendering():
            break
    cam = view.camera
    start = cam.level
    cam.zoom_about(cam.viewport.center, 1)
    cam.settle()
    view.draw(hs_table.screen, 0)                        # the next level starts, a slice...
    assert view.rendering()
    cam.zoom_about(cam.viewport.center, start - cam.level)   # ...and the player is back at once
    cam.settle()
    view.draw(hs_table.screen, 0)
    assert not view.rendering() and not view.animating(now_ms() + 60_000)
