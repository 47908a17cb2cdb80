"""Drawing: cached base map, highlights, pieces, and no hidden state change between frames."""
from __future__ import annotations

import pygame

from tests.ui_boards.conftest import SIDES, make_view, wheel

PIECES = [
    {"id": "u1", "side": "Union", "kind": "inf", "at": None, "style": "counter", "label": "1 NJ",
     "values": "4-5-1", "symbol": "infantry", "flags": []},
    {"id": "u2", "side": "Union", "kind": "cav", "at": None, "style": "counter", "label": "2 NJ",
     "values": "3-4-1", "symbol": "cavalry", "flags": ["disrupted"]},
    {"id": "u3", "side": "British", "kind": "art", "at": None, "style": "counter", "label": "RA",
     "values": "6-2-4", "symbol": "artillery", "flags": ["confused", "spent"]},
]
SYMBOLS = ["infantry", "armor", "mech", "cavalry", "artillery", "leader", "ship", "space",
           "militia", "unknown-thing", ""]


def _frame(view, now=0, size=(1100, 800)) -> bytes:
    surf = pygame.Surface(size)
    view.draw(surf, now)
    return pygame.image.tobytes(surf, "RGB")


def _at(pieces, place):
    return [dict(p, at=place) for p in pieces]


def test_same_pixels_twice_when_nothing_changed(hex_grid):
    view = make_view(hex_grid)
    h = sorted(hex_grid.hexes)[20]
    view.set_pieces(_at(PIECES, list(h)))
    view.set_highlights(targets=[h], selected=[h], path=[h, sorted(hex_grid.hexes)[21]], labels={h: "3:1"})
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=view.screen_pos(h), rel=(0, 0), buttons=(0, 0, 0)))
    assert _frame(view, 500) == _frame(view, 500)


def test_base_map_rendered_once_per_zoom(area_map):
    view = make_view(area_map)
    calls = []
    original = view.render_base
    view.render_base = lambda z: calls.append(z) or original(z)
    for now in range(0, 200, 20):
        _frame(view, now)
    assert len(calls) == 1
    wheel(view, (300, 300), 1)
    _frame(view, 300)
    _frame(view, 320)
    assert len(calls) == 2 and calls[1] == view.camera.zoom


def test_glide_frames_draw_without_rendering_every_frame(area_map):
    view = make_view(area_map)
    _frame(view, 0)
    calls = []
    original = view.render_base
    view.render_base = lambda z: calls.append(z) or original(z)
    view.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=(300, 300)))
    for now in range(1000, 1400, 16):
        _frame(view, now)
    assert len(calls) == 1
    assert not view.animating(2000)


def test_targets_pulse_and_show(area_map):
    view = make_view(area_map)
    plain = _frame(view, 0)
    view.set_highlights(targets=["A11", "A21"])
    assert view.animating(0)
    lit = _frame(view, 0)
    assert lit != plain
    assert _frame(view, 0) != _frame(view, 225)   # the pulse moves
    view.set_highlights()
    assert not view.animating(0)
    assert _frame(view, 0) == plain


def test_selection_and_path_draw(hex_grid):
    view = make_view(hex_grid)
    plain = _frame(view)
    hexes = sorted(hex_grid.hexes)
    view.set_highlights(selected=[hexes[5]], path=[hexes[5], hexes[6], hexes[7]], labels={hexes[7]: "2½"})
    assert _frame(view) != plain
    assert not view.animating(0)


def test_counters_stack_and_fan(hex_grid):
    view = make_view(hex_grid)
    h = sorted(hex_grid.hexes)[33]
    plain = _frame(view)
    view.set_pieces(_at(PIECES, list(h)))
    stacked = _frame(view)
    assert stacked != plain
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=view.screen_pos(h), rel=(0, 0), buttons=(0, 0, 0)))
    assert view.hover == h
    assert "3 units" in view.hover_text()
    assert _frame(view) != stacked


def test_every_symbol_and_flag_draws(hex_grid):
    from game.ui import pieces
    cache = pieces.SpriteCache(SIDES)
    for size in (14, 30, 60, 110):
        for symbol in SYMBOLS:
            surf = cache.counter({"side": "British", "label": "Long name here", "values": "12-10-4",
                                  "symbol": symbol, "flags": ["disrupted", "weird"]}, size)
            assert surf.get_width() >= size
        assert cache.cube("Greek", size).get_width() >= size


def test_sides_differ_by_shape_as_well_as_colour():
    from game.ui import theme
    shapes = {theme.side_shape(SIDES, s) for s in ("Greek", "Jewish", "Union", "British")}
    assert len(shapes) == 4


def test_cubes_cluster_per_side(area_map):
    view = make_view(area_map)
    plain = _frame(view)
    cubes = [{"id": f"g{i}", "side": "Greek", "kind": "cube", "at": "A11", "style": "cube"} for i in range(9)]
    cubes += [{"id": f"j{i}", "side": "Jewish", "kind": "cube", "at": "A11", "style": "cube"} for i in range(2)]
    view.set_pieces(cubes)
    assert _frame(view) != plain


def test_unknown_places_are_skipped(area_map):
    view = make_view(area_map)
    view.set_pieces([{"id": "x", "side": "Greek", "at": "Atlantis", "style": "cube"}])
    view.set_highlights(targets=["Atlantis"], path=["Atlantis", "A00"])
    assert view.screen_pos("Atlantis") is None
    _frame(view)


def test_image_background_and_its_2x_copy(area_map, tmp_path):
    w, h = int(area_map.width), int(area_map.height)
    red, blue = pygame.Surface((w, h)), pygame.Surface((w * 2, h * 2))
    red.fill((200, 0, 0))
    blue.fill((0, 0, 200))
    pygame.image.save(red, str(tmp_path / "bg.png"))
    pygame.image.save(blue, str(tmp_path / "bg@2x.png"))
    (tmp_path / "m.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="orthogonal" renderorder="right-down" width="{w // 10}" '
        f'height="{h // 10}" tilewidth="10" tileheight="10" infinite="0" nextlayerid="2" nextobjectid="1">\n'
        f' <imagelayer id="1" name="background"><image source="bg.png" width="{w}" height="{h}"/></imagelayer>\n'
        '</map>\n')
    area_map.path = str(tmp_path / "m.tmx")
    view = make_view(area_map)
    assert not view.overlays   # a painted board already carries its names and roads
    assert view.render_base(1.0).get_at((5, 5))[:3] == (200, 0, 0)
    assert view.render_base(2.0).get_at((5, 5))[:3] == (0, 0, 200)


def test_steady_targets_need_no_redraws(area_map):
    view = make_view(area_map)
    view.pulse = False
    view.set_highlights(targets=["A11"])
    assert view.animating(0)            # the steady look is owed one frame...
    assert _frame(view, 0) == _frame(view, 225)
    assert not view.animating(300)      # ...and then nothing is redrawn


def test_pulse_settles_after_a_while_and_wakes_on_input(area_map):
    from game.ui.board_view import PULSE_MS, PULSE_SETTLE_MS
    view = make_view(area_map)
    view.set_highlights(targets=["A11"])
    _frame(view, 1000)                                  # the first frame starts the pulse's clock
    assert view.animating(1000 + PULSE_SETTLE_MS - 1)
    assert _frame(view, 1000 + PULSE_MS // 4) != _frame(view, 1000 + PULSE_MS * 3 // 4)
    settled = _frame(view, 1000 + PULSE_SETTLE_MS)      # one frame in the steady look...
    assert not view.animating(1000 + PULSE_SETTLE_MS + 1)   # ...then no more frames while idle
    assert _frame(view, 1000 + PULSE_SETTLE_MS + PULSE_MS // 3) == settled
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    assert view.animating(99_000)                       # input wakes the pulse
    view.stir(99_000)
    assert view.animating(99_000 + PULSE_SETTLE_MS - 1) and view.pulse_level(99_000 + 10) is not None
    view.set_highlights(targets=["A11"])                # the same targets again: no change, no wake-up
    _frame(view, 99_000 + PULSE_SETTLE_MS)
    assert not view.animating(99_000 + PULSE_SETTLE_MS + 1)
    view.set_highlights(targets=["A12"])                # new targets pulse again
    assert view.animating(200_000)


def _changed_width(a: bytes, b: bytes, size) -> int:
    import numpy as np
    x = np.frombuffer(a, np.uint8).reshape(size[1], size[0], 3)
    y = np.frombuffer(b, np.uint8).reshape(size[1], size[0], 3)
    cols = np.nonzero((x != y).any(axis=2).any(axis=0))[0]
    return int(cols.max() - cols.min() + 1) if cols.size else 0


def test_opposing_counters_in_one_place_stand_side_by_side(area_map):
    view = make_view(area_map)
    plain = _frame(view)
    one = [dict(PIECES[0], at="A11")]
    view.set_pieces(one)
    single = _changed_width(plain, _frame(view), (1100, 800))
    view.set_pieces(one + [dict(PIECES[2], at="A11")])
    double = _changed_width(plain, _frame(view), (1100, 800))
    assert double > single * 1.8


def test_texture_tile_background_gets_names_and_roads_on_top(area_map, tmp_path):
    from game.ui import theme
    tsx = theme.asset("tilesets", "area_textures.tsx")
    cols, rows = -(-int(area_map.width) // 256), -(-int(area_map.height) // 256)
    data = ",".join(["1"] * (cols * rows))
    (tmp_path / "m.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="orthogonal" renderorder="right-down" width="{cols}" '
        f'height="{rows}" tilewidth="256" tileheight="256" infinite="0" nextlayerid="2" nextobjectid="1">\n'
        f' <tileset firstgid="1" source="{tsx}"/>\n'
        f' <layer id="1" name="background" width="{cols}" height="{rows}"><data encoding="csv">{data}</data></layer>\n'
        '</map>\n')
    area_map.path = str(tmp_path / "m.tmx")
    view = make_view(area_map)
    assert view.background is not None and view.overlays
    with_names = pygame.image.tobytes(view.render_base(1.0), "RGB")
    view.overlays = False
    assert pygame.image.tobytes(view.render_base(1.0), "RGB") != with_names
