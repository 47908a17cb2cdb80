"""Geomorphic boards joined into one grid (HS-MAP-4) and the reload compatibility check."""
from __future__ import annotations

import pytest

from game.boards import MapError, join_boards, load_hex_map, reload_compatible

from tests.boards.conftest import MAPS

A, B = MAPS / "geo_a.tmx", MAPS / "geo_b.tmx"


@pytest.mark.rule("HS-MAP-4")
def test_half_hexes_not_playable_on_one_board():
    board = load_hex_map(A)
    cols = {board.offset(h)[0] for h in board.hexes}
    assert cols == set(range(1, 8)) and len(board.partial_terrain) == 10


@pytest.mark.rule("HS-MAP-4")
def test_side_by_side_halves_make_whole_hexes():
    grid = join_boards([(A, 0, 0), (B, 8, 0)])
    assert len(grid.hexes) == 75
    assert {grid.offset(h)[0] for h in grid.hexes} == set(range(1, 16))
    seam = grid.from_offset(8, 2)
    assert seam in grid.hexes and len(grid.neighbours(seam)) == 6
    # coordinates run on continuously: B's hex (col 3, row 2) is the joined (11, 2)
    b = load_hex_map(B)
    assert grid.terrain[grid.from_offset(11, 2)] == b.terrain[b.from_offset(3, 2)]
    assert grid.distance(grid.from_offset(1, 0), grid.from_offset(15, 0)) == 14
    assert grid.pixel_to_hex(*grid.hex_to_pixel(seam)) == seam


def test_scenario_may_allow_half_hexes():
    grid = join_boards([(A, 0, 0), (B, 8, 0)], play_half_hexes=True)
    assert len(grid.hexes) == 85 and not grid.partial_terrain


def test_stacked_boards_and_bad_placements():
    grid = join_boards([(A, 0, 0), (B, 0, 5)])
    assert len(grid.hexes) == 70 and grid.layout.height == 10
    with pytest.raises(MapError, match="even number of columns"):
        join_boards([(A, 0, 0), (B, 7, 0)])
    with pytest.raises(MapError, match="overlaps board 'geo_a.tmx'"):
        join_boards([(A, 0, 0), (B, 4, 0)])


def test_reload_keeps_places_in_use(small_hex, small_area):
    assert reload_compatible(small_area, small_area, ["Jaffa", "Golan"]) == []
    assert reload_compatible(small_area, small_area, ["Gaza"]) == [
        "area 'Gaza' is in use but no longer on the map"]
    assert reload_compatible(small_area, small_hex, []) == [
        "the map changed from an area map to a hex map"]
    h = sorted(small_hex.hexes)[0]
    assert reload_compatible(small_hex, small_hex, [list(h), "Trenton", "Pad A"]) == []
    smaller = join_boards([(A, 0, 0)])
    problems = reload_compatible(small_hex, smaller, [[0, 0], "Trenton"])
    assert problems == ["the map is now for slammers, not hack_sack",
                        "hex 0101 is in use but no longer on the map",
                        "'Trenton' is in use but no longer on the map"]
