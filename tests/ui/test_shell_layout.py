"""The side column: crowded panels share the room and scroll; the top bar never overlaps."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.core.session import Session
from game.ui import style
from game.ui.adapter import GameAdapter, Panel
from game.ui.side_column import LOG_MIN, PANEL_FRAME, draw_headline, share_space

from .conftest import click

pytestmark = pytest.mark.ui


class TallPanel(Panel):
    """A column of numbered rows, taller than any window; a click names the row under it."""

    def __init__(self, adapter, title, rows):
        super().__init__(adapter)
        self.title, self.rows = title, rows
        self.drawn_rect = None

    def height(self, width, view):
        return self.rows * style.px(20)

    def draw(self, surface, rect, view, now_ms):
        self.drawn_rect = pygame.Rect(rect)
        for i in range(self.rows):
            style.text(surface, f"row {i}", (rect.left + 4, rect.top + i * style.px(20)), 14)

    def click(self, pos, rect, view):
        return ("row", (pos[1] - rect.top) // style.px(20))


class CrowdedAdapter(GameAdapter):
    """Three panels that together want far more than the side column holds."""

    def panels(self):
        self.tall = [TallPanel(self, "First", 30), TallPanel(self, "Second", 12), TallPanel(self, "Third", 25)]
        return self.tall


def test_share_space_gives_all_when_it_fits_and_shares_when_not():
    assert share_space([100, 200], [60, 60], 400, 50) == [100, 200]
    shared = share_space([140, 214, 168], [92, 92, 92], 366, 64)
    assert sum(shared) <= 366 and all(h >= 92 for h in shared)
    assert shared[1] > shared[0]                           # who wants more gets more of the rest
    assert share_space([140, 214, 168], [92, 92, 92], 200, 64) == [66, 66, 66]
    assert share_space([140, 214, 168], [92, 92, 92], 100, 64) == [100, 0, 0]   # no room: later ones wait


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_crowded_panels_share_the_column_and_scroll(app, toy_ui_spec, size):
    spec = dataclasses.replace(toy_ui_spec, ui="tests.ui.test_shell_layout:CrowdedAdapter", hidden_information=False)
    app.resize(size)
    app.start_session(Session(spec, 2))
    app.pump()
    play = app.stack.top
    rects = [r for _, r in play.panel_rects]
    assert len(rects) == 3
    boxes = [play.prompt_rect] + rects + [play.log_rect]
    for upper, lower in zip(boxes, boxes[1:]):
        assert upper.bottom <= lower.top
    assert play.log_rect.height >= style.px(LOG_MIN) and play.log_rect.bottom <= size[1]
    assert all(r.height > style.px(PANEL_FRAME) for r in rects)
    first = play.adapter.tall[0]
    rect = rects[0]
    top = first.drawn_rect.top
    pos = (rect.centerx, rect.bottom - style.px(12))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.pump()
    assert first.drawn_rect.top < top                      # scrolled: the content moved up
    named = []
    play.act = named.append                                # the click's meaning, without the rules
    click(app, pos)
    assert named == [("row", (pos[1] - first.drawn_rect.top) // style.px(20))]   # as drawn, scrolled
    for _ in range(40):                                    # scrolling stops at the last row
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    app.pump()
    assert first.drawn_rect.bottom == play.panel_content[id(first)][1].bottom


def test_the_headline_stops_short_of_the_player_to_act():
    from game.rules import GAMES
    pygame.font.init()
    spec = GAMES["hack_sack"]
    surface = pygame.Surface((1280, 44))
    style.set_scale(1280, 720)
    bar = surface.get_rect()
    parts = [spec.title, "Turn 14", "Jerseyite combat phase and a very long phase name indeed"]
    end = draw_headline(surface, spec, bar, 800, parts, [("krylon", 1234), ("jerseyite", 5678)])
    assert end <= 800
    roomy = draw_headline(surface, spec, bar, 1200, parts[:2], [("krylon", 1)])
    assert roomy <= 1200


def test_the_hover_text_is_drawn_once_beside_the_cursor(app, toy_spec):
    from game.core import paths
    map_file = paths.maps_dir() / "judean_hammer.tmx"
    if not map_file.exists():
        pytest.skip("maps/judean_hammer.tmx is not there")
    from game.boards import load_map
    board = load_map(map_file)
    spec = dataclasses.replace(toy_spec, board=lambda state: board, hidden_information=False,
                               ui="tests.ui.toy_adapter:BoardToyAdapter")
    app.start_session(Session(spec, 5))
    app.pump()
    play = app.stack.top
    view = play.board_view
    pos = view.screen_pos("Tephon")
    corner = pygame.Rect(play.map_rect.left, play.map_rect.top, play.map_rect.width // 3, style.px(40))
    before = app.screen.subsurface(corner).copy()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    assert view.hover == "Tephon" and view.hover_text()
    after = app.screen.subsurface(corner)
    # the map's corner shows no second copy of the hover text (the board view writes it by the cursor)
    assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB") or \
        corner.collidepoint(pos)
