"""The play scene with a real board view: map clicks become actions or say why not."""
from __future__ import annotations

import dataclasses

import pytest

from game.core import paths
from game.core.session import Session

from .conftest import click

pytestmark = pytest.mark.ui


@pytest.fixture
def board_app(app, toy_spec):
    map_file = paths.maps_dir() / "judean_hammer.tmx"
    if not map_file.exists():
        pytest.skip("maps/judean_hammer.tmx is not there yet")
    try:
        from game.boards import load_map
        from game.ui.board_view import make_board_view  # noqa: F401
        board = load_map(map_file)
    except ImportError as exc:
        pytest.skip(f"the board packages are not there yet ({exc})")
    spec = dataclasses.replace(toy_spec, board=lambda state: board, hidden_information=False,
                               ui="tests.ui.toy_adapter:BoardToyAdapter")
    app.start_session(Session(spec, 5))
    app.pump()
    return app, board


def test_a_click_on_a_legal_area_acts_and_elsewhere_says_why(board_app):
    app, board = board_app
    play = app.stack.top
    assert play.board_view is not None
    assert play.board_view.targets == {"Tephon"}
    other = next(name for name in board.areas if name != "Tephon" and play.board_view.screen_pos(name)
                 and play.map_rect.collidepoint(play.board_view.screen_pos(name))
                 and play.board_view.place_at(play.board_view.screen_pos(name)) == name)
    click(app, play.board_view.screen_pos(other))
    assert play.session.actions == [] and f"Nothing can be done at {other}" in play.status
    click(app, play.board_view.screen_pos("Tephon"))
    assert play.session.actions == [("step",)]
