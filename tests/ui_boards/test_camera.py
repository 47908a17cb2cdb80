"""The camera keeps the map on screen, zooms about the cursor and glides between levels."""
from __future__ import annotations

import pygame

from game.ui.camera import MARGIN, Camera
from tests.ui_boards.conftest import drag, make_view, wheel


def _map_on_screen(cam) -> pygame.Rect:
    x0, y0 = cam.to_screen(0, 0)
    x1, y1 = cam.to_screen(cam.map_w, cam.map_h)
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


def test_fit_centres_the_whole_map():
    cam = Camera((2000, 1000), pygame.Rect(0, 0, 800, 600))
    shown = _map_on_screen(cam)
    assert cam.viewport.inflate(2, 2).contains(shown)
    assert abs(shown.centerx - 400) <= 1 and abs(shown.centery - 300) <= 1


def test_panning_far_never_loses_the_map(area_map):
    view = make_view(area_map, size=(600, 400))
    wheel(view, (300, 200), 4)
    for move in [(-5000, 0), (5000, 0), (0, -5000), (0, 5000), (4000, 4000)]:
        for _ in range(3):
            drag(view, (300, 250), (300 + move[0] // 3, 250 + move[1] // 3))
        shown = _map_on_screen(view.camera).clip(view.camera.viewport)
        assert shown.w >= view.camera.viewport.w - MARGIN - 1
        assert shown.h >= view.camera.viewport.h - MARGIN - 1


def test_arrow_keys_pan_and_stop_at_the_edge(area_map):
    view = make_view(area_map, size=(500, 300))
    wheel(view, (250, 150), 4)
    start = (view.camera.x, view.camera.y)
    assert view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert view.camera.x > start[0]
    for _ in range(200):
        view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert _map_on_screen(view.camera).right >= view.camera.viewport.right - MARGIN - 1


def test_wheel_zoom_keeps_the_point_under_the_cursor():
    cam = Camera((4000, 3000), pygame.Rect(0, 0, 800, 600))
    cam.centre_on(2000, 1500)
    before = cam.to_map(350, 260)
    assert cam.zoom_about((350, 260), 2)
    cam.update(1000)
    cam.update(1000 + 80)
    assert cam.gliding()
    mid = cam.to_map(350, 260)
    cam.settle()
    after = cam.to_map(350, 260)
    assert not cam.gliding()
    assert max(abs(before[0] - mid[0]), abs(before[1] - mid[1])) < 0.5
    assert max(abs(before[0] - after[0]), abs(before[1] - after[1])) < 0.5


def test_zoom_stops_at_the_last_level():
    cam = Camera((500, 500), pygame.Rect(0, 0, 800, 600))
    while cam.zoom_about((400, 300), 1):
        cam.settle()
    assert cam.zoom == cam.levels[-1]
    assert cam.zoom_about((400, 300), 1) is False


def test_huge_maps_cap_the_top_zoom():
    cam = Camera((8000, 8000), pygame.Rect(0, 0, 800, 600))
    assert max(cam.levels) * max(cam.levels) * 64_000_000 <= 26_000_000


def test_drag_keeps_the_grabbed_point_under_the_mouse(area_map):
    view = make_view(area_map, size=(500, 300))
    wheel(view, (250, 150), 4)
    grabbed = view.camera.to_map(250, 150)
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(250, 150)))
    for pos in [(240, 150), (220, 140), (200, 120)]:   # no `rel`: posted events may lack it
        view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, buttons=(1, 0, 0)))
    assert view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(200, 120)))
    after = view.camera.to_map(200, 120)
    assert abs(after[0] - grabbed[0]) < 1e-6 and abs(after[1] - grabbed[1]) < 1e-6


def test_resizing_refits_until_the_player_moves_the_map(area_map):
    view = make_view(area_map, size=(400, 300))
    small = view.camera.zoom
    view.set_viewport(pygame.Rect(0, 0, 1600, 1000))
    assert view.camera.zoom > small
    wheel(view, (800, 500), 1)
    chosen = view.camera.zoom
    view.set_viewport(pygame.Rect(0, 0, 1000, 700))
    assert view.camera.zoom == chosen


def test_centre_on_a_place(hex_grid):
    view = make_view(hex_grid, size=(300, 200))
    wheel(view, (150, 100), 4)
    w, hh = hex_grid.pixel_size
    h = hex_grid.pixel_to_hex(w / 2, hh / 2)   # a hex the camera can centre without clamping
    assert view.centre_on(list(h))
    x, y = view.screen_pos(h)
    assert abs(x - view.camera.viewport.centerx) <= 1 and abs(y - view.camera.viewport.centery) <= 1
    assert view.centre_on("Nowhere") is False


def test_counters_start_readable_when_the_whole_map_would_make_them_tiny():
    from game.ui.board_view import READABLE_COUNTER
    from tests.ui_boards.conftest import small_hex_grid
    grid = small_hex_grid(40, 60)                         # tall and large: fitting it shrinks the counters
    view = make_view(grid, size=(900, 600))
    fit = view.camera.zoom
    assert view.counter_size() * fit < READABLE_COUNTER
    view.set_pieces([{"id": "u1", "side": "Union", "style": "counter", "at": [0, 0], "values": "4-5-1"}])
    cam = view.camera
    assert cam.zoom > fit
    cover = max(cam.viewport.w / cam.map_w, cam.viewport.h / cam.map_h)
    assert cam.zoom <= cover * 1.001                      # never closer than filling the viewport
    assert view.counter_size() * cam.zoom >= READABLE_COUNTER or abs(cam.zoom / cover - 1) < 0.01
    shown = _map_on_screen(cam)
    assert shown.left <= cam.viewport.left + 1 and shown.right >= cam.viewport.right - 1   # no empty margins


def test_cubes_alone_keep_the_whole_map_in_view(area_map):
    view = make_view(area_map)
    fit = view.camera.zoom
    view.set_pieces([{"id": "c1", "side": "Union", "style": "cube", "at": "A11"}])
    assert view.camera.zoom == fit


def test_show_points_glides_only_for_what_is_out_of_view():
    cam = Camera((4000, 3000), pygame.Rect(0, 0, 800, 600))
    cam.zoom_about((400, 300), 6)
    cam.settle()
    cam.centre_on(400, 300)
    inside = cam.to_map(400, 300)
    assert not cam.show_points([inside]) and not cam.panning()      # already in view: the view stays
    assert cam.show_points([(3500, 2500)]) and cam.panning()
    cam.update(0)
    cam.update(100)
    half = cam.to_screen(3500, 2500)
    assert not cam.viewport.collidepoint(half) or cam.panning()     # it glides, not jumps
    cam.update(10_000)
    assert not cam.panning() and cam.viewport.collidepoint(cam.to_screen(3500, 2500))


def test_show_points_frames_a_move_when_both_ends_fit_else_its_end():
    cam = Camera((4000, 3000), pygame.Rect(0, 0, 800, 600))
    cam.zoom_about((400, 300), 6)
    cam.settle()
    cam.centre_on(300, 300)
    near = [(2000, 1500), (2000 + 200 / cam.zoom, 1500)]
    assert cam.show_points(near)
    cam.settle()
    assert all(cam.viewport.collidepoint(cam.to_screen(*p)) for p in near)
    far = [(100, 100), (3900, 2900)]
    assert cam.show_points(far)
    cam.settle()
    assert cam.viewport.collidepoint(cam.to_screen(3900, 2900))      # where the move ends


def test_the_players_hand_stops_a_glide():
    cam = Camera((4000, 3000), pygame.Rect(0, 0, 800, 600))
    cam.zoom_about((400, 300), 6)
    cam.settle()
    cam.centre_on(300, 300)
    assert cam.glide_to(3500, 2500)
    cam.pan(10, 0)
    assert not cam.panning()
    assert cam.glide_to(3500, 2500)
    assert cam.zoom_about((400, 300), -1) and not cam.panning()


def test_following_a_move_leaves_the_opening_view_free_to_frame_new_counters():
    # The opening view frames every counter (readable) until the player moves the map; a glide
    # that followed the computer is not the player's choice, so counters arriving later are framed too.
    from tests.ui_boards.conftest import small_hex_grid
    grid = small_hex_grid(40, 60)
    view = make_view(grid, size=(900, 600))
    first = {"id": "u1", "side": "Union", "style": "counter", "at": [0, 0], "values": "4-5-1"}
    view.set_pieces([first])
    cam = view.camera
    cam.settle()
    far = grid.layout.to_axial(30, 50)
    assert view.follow([tuple(far)], 0, instant=True)                  # followed out of view
    later = {"id": "u2", "side": "Union", "style": "counter", "at": [2, 1], "values": "4-5-1"}
    view.set_pieces([first, later])
    cam.settle()
    for piece in (first, later):                                       # framed again: both in view
        assert cam.viewport.collidepoint(view.screen_pos(tuple(piece["at"])))


def test_a_map_that_fits_is_never_glided_off_for_a_place_near_its_edge():
    cam = Camera((2000, 3000), pygame.Rect(0, 0, 640, 670))          # the whole map fits (just)
    before = (cam.x, cam.y)
    assert not cam.show_points([(10, 10)]) and not cam.show_points([(1990, 2990)])
    assert (cam.x, cam.y) == before and not cam.panning()
    cam.zoom_about((320, 335), 3)
    cam.settle()
    assert cam.show_points([(1990, 2990)])                          # zoomed in: to the corner...
    cam.settle()
    x0, y0 = cam.to_screen(2000, 3000)
    assert abs(x0 - cam.viewport.right) < 1 and abs(y0 - cam.viewport.bottom) < 1   # ...and no farther
