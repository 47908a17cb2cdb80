"""Offset <-> axial conversions, neighbours, distance and pixels for all four stagger variants."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from game.boards import HexLayout, load_hex_map
from game.boards.layout import DIRECTIONS, distance

VARIANTS = [("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")]
cells = st.tuples(st.integers(-60, 60), st.integers(-60, 60))


@pytest.mark.parametrize("axis,index", VARIANTS)
@given(cell=cells)
def test_offset_axial_round_trip(axis, index, cell):
    layout = HexLayout(axis, index)
    assert layout.to_offset(layout.to_axial(*cell)) == cell
    h = layout.to_axial(*cell)
    assert layout.to_axial(*layout.to_offset(h)) == h


@pytest.mark.parametrize("axis,index", VARIANTS)
@given(cell=cells)
def test_axial_neighbours_touch_in_pixels(axis, index, cell):
    """Each axial neighbour's centre is one hex-width away on Tiled's layout, none closer."""
    layout = HexLayout(axis, index, 64, 56, 32) if axis == "x" else HexLayout(axis, index, 56, 64, 32)
    cx, cy = layout.cell_centre(*cell)
    q, r = layout.to_axial(*cell)
    gaps = sorted(((layout.cell_centre(*layout.to_offset((q + dq, r + dr)))[0] - cx) ** 2 +
                   (layout.cell_centre(*layout.to_offset((q + dq, r + dr)))[1] - cy) ** 2) ** 0.5
                  for dq, dr in DIRECTIONS)
    assert 48 <= gaps[0] and gaps[-1] <= 57


def test_odd_and_even_columns_known_cells():
    """Tiled staggeraxis x, index odd pushes odd columns down half a hex; even pushes even ones."""
    odd, even = HexLayout("x", "odd"), HexLayout("x", "even")
    assert odd.cell_centre(1, 0) == (80.0, 56.0) and odd.cell_centre(0, 0) == (32.0, 28.0)
    assert even.cell_centre(0, 0) == (32.0, 56.0) and even.cell_centre(1, 0) == (80.0, 28.0)
    pointy = HexLayout("y", "odd", 56, 64, 32)
    assert pointy.cell_centre(0, 1) == (56.0, 80.0) and pointy.cell_centre(1, 0) == (84.0, 32.0)


@pytest.mark.parametrize("axis,index", VARIANTS)
def test_fixture_grids_neighbours_and_pixels(fixture_dir, axis, index):
    grid = load_hex_map(fixture_dir / f"hex_{axis}_{index}.tmx")
    assert len(grid.hexes) == 42
    for h in grid.hexes:
        assert grid.pixel_to_hex(*grid.hex_to_pixel(h)) == h
        for n in grid.neighbours(h):
            assert grid.distance(h, n) == 1 and h in grid.neighbours(n)
        assert len(grid.neighbours(h)) == len([n for n in grid.within(h, 1) if n != h])
    assert grid.pixel_to_hex(-50, -50) is None
    w, hgt = grid.pixel_size
    assert (w, hgt) == ((7 * 48 + 16, 6 * 56 + 28) if axis == "x" else (7 * 56 + 28, 6 * 48 + 16))


def test_labels_and_hex_named(small_hex):
    h = small_hex.from_offset(3, 6 - 4)
    assert small_hex.label(h) == "0403"
    assert small_hex.hex_named("0403") == h
    assert small_hex.hex_named("9999") is None


@given(a=st.tuples(st.integers(-30, 30), st.integers(-30, 30)),
       b=st.tuples(st.integers(-30, 30), st.integers(-30, 30)))
def test_distance_is_a_metric_matching_steps(a, b):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    if a != b:
        assert min(distance((a[0] + dq, a[1] + dr), b) for dq, dr in DIRECTIONS) == distance(a, b) - 1


def test_within_counts(small_hex):
    centre = small_hex.from_offset(3, 2)
    assert len(small_hex.within(centre, 1)) == 7
    assert all(small_hex.distance(centre, h) <= 2 for h in small_hex.within(centre, 2))


@pytest.mark.parametrize("axis,index", VARIANTS)
@given(cell=st.tuples(st.integers(0, 40), st.integers(0, 40)),
       corner=st.integers(0, 5), along=st.floats(0, 1), depth=st.floats(0, 0.93))
def test_any_point_inside_a_hexagon_picks_that_hex(axis, index, cell, corner, along, depth):
    layout = HexLayout(axis, index, 64, 56, 32) if axis == "x" else HexLayout(axis, index, 56, 64, 32)
    corners = layout.cell_corners(*cell)
    (ax, ay), (bx, by) = corners[corner], corners[(corner + 1) % 6]
    cx, cy = layout.cell_centre(*cell)
    ex, ey = ax + (bx - ax) * along, ay + (by - ay) * along       # a point on the outline
    assert layout.cell_at(cx + (ex - cx) * depth, cy + (ey - cy) * depth) == cell
