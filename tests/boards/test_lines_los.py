"""Hex lines (HS-LOS-1/2) and line of sight (HS-LOS-4..9), pair by pair and whole-map."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from game.boards import HexGrid, HexLayout, load_hex_map
from game.boards.hexlos import inner_offsets, line_offsets

# HS-LOS-5: terrain -> (firer, intervening, target)
LOS_VALUES = {"clear": (0, 0, 0), "bridge": (0, 0, 0), "river": (0, 0, 0), "swamp": (0, 0, 0),
              "lake": (0, 0, 0), "forest": (0, 2, 0), "city": (0, 2, 0), "slope": (1, 1, 1),
              "hilltop": (2, 3, 2), "water": (0, 0, 0), "rubble": (0, 0, 0), "fortress": (0, 0, 0)}


def exact_line(dq: int, dr: int) -> set:
    """Hexes whose closed hexagon the segment 0 -> d meets along a stretch of positive length."""
    d = (Fraction(dq), Fraction(-dq - dr), Fraction(dr))
    out = set()
    for q in range(min(0, dq) - 2, max(0, dq) + 3):
        for r in range(min(0, dr) - 2, max(0, dr) + 3):
            c = (q, -q - r, r)
            lo, hi = Fraction(0), Fraction(1)
            for i, j in ((0, 1), (1, 2), (2, 0)):          # |(p - c)_i - (p - c)_j| <= 1
                slope, base = d[i] - d[j], -(c[i] - c[j])
                if slope == 0:
                    if abs(base) > 1:
                        lo, hi = Fraction(1), Fraction(0)
                    continue
                t1, t2 = (-1 - base) / slope, (1 - base) / slope
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
            if hi > lo:
                out.add((q, r))
    return out


@pytest.mark.rule("HS-LOS-2")
@settings(max_examples=300, deadline=None)
@given(dq=st.integers(-16, 16), dr=st.integers(-16, 16))
def test_line_is_exactly_the_hexes_the_segment_crosses(dq, dr):
    assert set(line_offsets(dq, dr)) == exact_line(dq, dr)


@pytest.mark.rule("HS-LOS-2")
def test_line_along_an_edge_takes_both_sides():
    assert set(line_offsets(2, -1)) == {(0, 0), (1, 0), (1, -1), (2, -1)}
    assert set(line_offsets(4, -2)) == {(0, 0), (1, 0), (1, -1), (2, -1), (3, -1), (3, -2), (4, -2)}


def test_line_through_a_corner_does_not_take_the_third_hex():
    # cube (4, 1, -5) passes exactly through a hex corner a third of the way along
    assert len(line_offsets(4, -5)) == 6


@given(dq=st.integers(-20, 20), dr=st.integers(-20, 20))
def test_line_is_ordered_connected_and_symmetric(dq, dr):
    line = line_offsets(dq, dr)
    assert line[0] == (0, 0) and line[-1] == (dq, dr)
    back = {(dq + q, dr + r) for q, r in line_offsets(-dq, -dr)}
    assert back == set(line)


def strip(*terrains):
    """A one-row board: hexes (0,0), (1,0), ... with the given terrain."""
    layout = HexLayout("x", "odd", 64, 56, 32, len(terrains), 1)
    return HexGrid(layout, {(q, 0): t for q, t in enumerate(terrains)})


@pytest.mark.rule("HS-LOS-9")
@pytest.mark.parametrize("firer,between,target,clear", [
    ("slope", "clear", "slope", True),
    ("forest", "forest", "slope", False),
    ("clear", "slope", "hilltop", True),
])
def test_worked_examples(firer, between, target, clear):
    grid = strip(firer, between, target)
    assert grid.los((0, 0), (2, 0), LOS_VALUES) is clear
    assert bool(grid.los_all(LOS_VALUES)[0, 2]) is clear


@pytest.mark.rule("HS-LOS-4")
def test_adjacent_always_visible():
    grid = strip("clear", "hilltop")
    assert grid.los((0, 0), (1, 0), LOS_VALUES) and grid.los((1, 0), (0, 0), LOS_VALUES)


@pytest.mark.rule("HS-LOS-8")
def test_values_not_added():
    # Two slopes (1 each) between two slopes: never summed, so still clear.
    assert strip("slope", "slope", "slope", "slope").los((0, 0), (3, 0), LOS_VALUES)
    assert not strip("clear", "slope", "slope", "clear").los((0, 0), (3, 0), LOS_VALUES)


@pytest.mark.rule("HS-LOS-6")
def test_higher_end_decides():
    grid = strip("hilltop", "forest", "clear")
    assert grid.los((0, 0), (2, 0), LOS_VALUES) and grid.los((2, 0), (0, 0), LOS_VALUES)
    assert not strip("clear", "hilltop", "slope").los((0, 0), (2, 0), LOS_VALUES)


@pytest.mark.rule("HS-LOS-2")
def test_edge_line_blocked_by_either_side():
    layout = HexLayout("x", "odd", 64, 56, 32, 4, 4)
    ter = {layout.to_axial(c, r): "clear" for c in range(4) for r in range(4)}
    a, b = (0, 0), (2, -1)
    for side in ((1, 0), (1, -1)):
        grid = HexGrid(layout, {**ter, a: "clear", b: "clear", side: "forest"})
        assert not grid.los(a, b, LOS_VALUES)


def test_terrain_override_for_rubble():
    grid = strip("clear", "forest", "clear")
    assert grid.los((0, 0), (2, 0), LOS_VALUES, terrain={**grid.terrain, (1, 0): "rubble"})


@pytest.mark.rule("HS-LOS-7")
@pytest.mark.parametrize("name", ["hex_x_odd", "hex_y_even", "hex_small"])
def test_los_all_matches_pair_by_pair(fixture_dir, name):
    grid = load_hex_map(fixture_dir / f"{name}.tmx")
    seen = grid.los_all(LOS_VALUES)
    expect = [[grid.los(a, b, LOS_VALUES) for b in grid.hex_list] for a in grid.hex_list]
    assert seen.tolist() == expect
    assert not seen.all()          # the pattern has blocked pairs, so the test can fail


def test_the_whole_map_lines_are_the_pair_by_pair_lines():
    """The batched lines of the whole-map plan against line_offsets, short, long and along edges."""
    shown = [(q, r) for q in range(-14, 15) for r in range(-14, 15) if (q, r) != (0, 0)]
    shown += [(60, -7), (1, 70), (-44, 13), (33, -66), (40, -20), (0, 37), (29, 29)]
    for d, inner in zip(shown, inner_offsets(shown)):
        expect = set(line_offsets(*d)) - {(0, 0), d}
        got = [tuple(h) for h in inner.tolist()]
        assert len(got) == len(expect) and set(got) == expect, d


@pytest.mark.rule("HS-LOS-7")
@pytest.mark.parametrize("seed", [1, 2])
def test_los_all_matches_pair_by_pair_on_a_board_with_holes(seed):
    """Columns broken by missing hexes and mixed terrain: the numpy plan must not assume a rectangle."""
    pick = random.Random(seed)
    layout = HexLayout("x", "odd", 64, 56, 32, 13, 11)
    names = ["clear", "clear", "forest", "slope", "hilltop", "city"]
    ter = {layout.to_axial(c, r): pick.choice(names) for c in range(13) for r in range(11)
           if pick.random() > 0.15}
    grid = HexGrid(layout, ter)
    seen = grid.los_all(LOS_VALUES)
    expect = [[grid.los(a, b, LOS_VALUES) for b in grid.hex_list] for a in grid.hex_list]
    assert seen.tolist() == expect
    assert not seen.all() and seen.any()
