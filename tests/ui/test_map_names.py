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
