"""Names on a painted board come from the map's data; the log's own column reaches the screen."""
from __future__ import annotations

import copy
import dataclasses

import pygame
import pytest

from game.boards import load_area_map
from game.core.paths import data_root
from game.core.session import Session
from game.rules import GAMES
from game.ui.area_view import AreaBoardView

from .test_judean_hammer_ui import play_scene

pytestmark = pytest.mark.ui

JH_MAP = data_root() / "maps" / "judean_hammer.tmx"


def _renamed(board, old: str, new: str):
    """The same board with one area called something else, as a rename in Tiled gives."""
    out = copy.copy(board)
    out.areas = dict(board.areas)
    out.areas[old] = dataclasses.replace(board.areas[old], name=new)
    return out


def _label_patch(view, area, zoom=1.0) -> bytes:
    surf = view.render_base(zoom)
    x = float(area.props.get("name_x", area.label[0]))
    y = float(area.props.get("name_y", area.label[1]))
    rect = pygame.Rect(0, 0, 120, 26)
    rect.center = (round(x), round(y))
    return pygame.image.tobytes(surf.subsurface(rect), "RGB")


def test_renaming_an_area_in_the_map_changes_the_name_on_the_painted_board():
    pygame.init()
    board = load_area_map(JH_MAP)
    assert board.properties.get("view_names") in (True, "true")
    area = board.areas["Modein"]
    before = _label_patch(AreaBoardView(board, {}), area)
    after = _label_patch(AreaBoardView(_renamed(board, "Modein", "Qqqqq Wwww"), {}), area)
    assert before != after


def test_the_painted_background_carries_no_names_of_its_own():
    """With names switched off the label spot shows bare land: the names are not baked in."""
    pygame.init()
    board = load_area_map(JH_MAP)
    bare = copy.copy(board)
    bare.properties = {**board.properties, "view_names": False}
    area = board.areas["Jerusalem"]
    with_names = _label_patch(AreaBoardView(board, {}), area)
    without = _label_patch(AreaBoardView(bare, {}), area)
    dark = sum(1 for i in range(0, len(without), 3) if sum(without[i:i + 3]) < 240)
    assert with_names != without and dark < 20


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_the_logs_own_column_is_on_the_screen(size):
    from game.ui import settings
    from game.ui.window import App
    spec = GAMES["judean_hammer"]
    app = App(size=size, games=[spec], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        app.start_session(Session(spec, 11))
        app.pump()
        play = play_scene(app)
        app.pump()
        assert play.log_column is not None, "a wide window gives the log a column of its own"
        screen = pygame.display.get_surface()
        chrome = play._chrome[1]
        rect = play.log_column
        assert (pygame.image.tobytes(screen.subsurface(rect), "RGB")
                == pygame.image.tobytes(chrome.subsurface(rect), "RGB"))
    finally:
        pygame.event.clear()
        pygame.display.quit()


def name_ink_on_screen(view, size):
    """A screen-sized mask, True where a printed name's ink shows now: the map drawn with its names
    less the map drawn without them, placed as the camera shows it."""
    import numpy as np

    from game.ui import map_names
    cam = view.camera
    names = pygame.surfarray.array3d(view.render_base(cam.zoom)).astype(np.int32)
    keep = map_names.draw_names
    map_names.draw_names = lambda *a, **k: None
    try:
        view._cache.clear()
        no_names = pygame.surfarray.array3d(view.render_base(cam.zoom)).astype(np.int32)
    finally:
        map_names.draw_names = keep
        view._cache.clear()
    ink = np.abs(names - no_names).sum(axis=2) > 60
    ox, oy = round(cam.x * cam.zoom) - cam.viewport.x, round(cam.y * cam.zoom) - cam.viewport.y
    on_screen = np.zeros(size, bool)
    vp = cam.viewport.clip(pygame.Rect(-ox, -oy, *ink.shape))
    on_screen[vp.left:vp.right, vp.top:vp.bottom] = ink[vp.left + ox:vp.right + ox, vp.top + oy:vp.bottom + oy]
    return on_screen


def _drawn(view, size) -> "object":
    """The board view drawn on a fresh surface, as an array of pixels."""
    import numpy as np
    surf = pygame.Surface(size)
    view._spots = (None, {}, None, None)     # the tags placed afresh
    view.draw(surf, 0)
    return pygame.surfarray.array3d(surf).astype(np.int32)


def test_step_tags_never_cover_a_place_name_nor_a_unit():
    """'step 1/3' on every area next to Modein (issue 10): the names and cubes all stay readable.
    The tags' pixels are the frame with them less the frame without; the names' pixels the map
    drawn with its names less the map drawn without them."""
    import numpy as np

    from game.ui import settings
    from game.ui.window import App
    app = App(size=(1280, 720), games=[GAMES["judean_hammer"]], settings=dict(settings.DEFAULTS, animation="off"))
    try:
        app.start_session(Session(GAMES["judean_hammer"], 11))
        app.pump()
        view = play_scene(app).board_view
        steps = sorted(view.board.neighbours("Modein"))
        size = app.screen.get_size()
        view.set_highlights(targets=steps, selected=["Modein"])
        bare = _drawn(view, size)
        view.set_highlights(targets=steps, selected=["Modein"], labels={a: "step 1/3" for a in steps})
        tags = np.abs(_drawn(view, size) - bare).sum(axis=2) > 60
        on_screen = name_ink_on_screen(view, size)
        assert tags.sum() > 200 * len(steps) * 0.5, "the tags were not drawn"
        hit = np.argwhere(tags & on_screen)
        assert not len(hit), f"a step tag covers a place name at {hit[:5].tolist()} ({len(hit)} px)"
        view.set_highlights(targets=steps, selected=["Modein"])
        pieces_only = np.abs(bare - _drawn_without_pieces(view, size)).sum(axis=2) > 60
        assert not (tags & pieces_only).any(), "a step tag covers a unit"
    finally:
        pygame.display.quit()


def _drawn_without_pieces(view, size):
    kept = view.pieces
    view.set_pieces([])
    try:
        return _drawn(view, size)
    finally:
        view.set_pieces(kept)
