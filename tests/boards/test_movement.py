"""movement_range: per-unit costs, ZOC stops, Hack & Sack's half-MP road steps."""
from __future__ import annotations

import pytest

from game.boards import HexGrid, HexLayout


def open_board(width=9, height=9, roads=()):
    layout = HexLayout("x", "odd", 64, 56, 32, width, height)
    ter = {layout.to_axial(c, r): "clear" for c in range(width) for r in range(height)}
    return HexGrid(layout, ter, road_links=roads)


def flat_cost(a, b):
    return 1.0


@pytest.mark.rule("HSNJ-MOV-2")
def test_range_is_the_disc():
    grid = open_board()
    start = grid.from_offset(4, 4)
    reach = grid.movement_range(start, 2, flat_cost)
    assert set(reach) == grid.within(start, 2)
    assert all(reach[h] == grid.distance(start, h) for h in reach)


@pytest.mark.rule("HSNJ-MOV-3")
def test_cannot_enter():
    grid = open_board()
    start = grid.from_offset(4, 4)
    wall = {n for n in grid.neighbours(start)} - {grid.from_offset(4, 3)}
    reach = grid.movement_range(start, 2, lambda a, b: None if b in wall else 1.0)
    assert not wall & set(reach)
    assert grid.from_offset(4, 2) in reach and len(reach) == 2 + 3


@pytest.mark.rule("HSNJ-MOV-8")
def test_zoc_stops_but_start_hex_does_not():
    grid = open_board()
    start = grid.from_offset(4, 4)
    enemy = grid.from_offset(4, 2)
    zoc = set(grid.neighbours(enemy))
    reach = grid.movement_range(start, 3, flat_cost, stop=lambda h: h in zoc)
    ahead = grid.from_offset(4, 3)
    assert ahead in reach
    assert not set(grid.neighbours(ahead)) - {start} - set(reach) - zoc - {enemy}
    beyond = grid.from_offset(4, 1)
    assert beyond not in reach                 # every way there passes through the ZOC
    # HSNJ-AMBIG-25: a unit starting inside a ZOC may leave it
    inside = grid.movement_range(ahead, 1, flat_cost, stop=lambda h: h in zoc)
    assert len(inside) == 7


def road_board():
    grid = open_board()
    road = [grid.from_offset(c, 4) for c in range(9)]
    return open_board(roads=[(a, b) for a, b in zip(road, road[1:])]), road


def road_cost(grid):
    return lambda a, b: 0.5 if grid.is_road_step(a, b) else 1.0


@pytest.mark.rule("HSNJ-MOV-13")
def test_half_point_road_steps():
    grid, road = road_board()
    reach = grid.movement_range(road[0], 2, road_cost(grid))
    assert reach[road[4]] == 2.0 and road[5] not in reach


@pytest.mark.rule("HSNJ-AMBIG-27")
def test_half_point_left_allows_only_a_road_step():
    grid, road = road_board()
    reach = grid.movement_range(road[0], 1.0, road_cost(grid))
    assert reach[road[2]] == 1.0                      # two road steps of 1/2
    far_off_road = [n for n in grid.neighbours(road[1])
                    if n not in road and grid.distance(n, road[0]) == 2]
    assert far_off_road and not set(far_off_road) & set(reach)   # 1/2 left is not enough
    assert grid.movement_range(road[0], 1.5, road_cost(grid))[road[3]] == 1.5


@pytest.mark.rule("HSNJ-MOV-14")
def test_leaving_a_road_costs_the_entered_hex():
    grid, road = road_board()
    reach = grid.movement_range(road[0], 2, road_cost(grid))
    off = next(n for n in grid.neighbours(road[2]) if n not in road and
               grid.distance(n, road[0]) == 3)
    assert reach[off] == 2.0


def test_road_tables(small_hex):
    a, b = sorted(small_hex.road_hexes)[:2]
    assert small_hex.is_road_step(a, b) == (b in small_hex.road_neighbours(a))
    assert len(small_hex.road_links) == 5 and len(small_hex.road_hexes) == 6
    pair = next(iter(small_hex.road_links))
    assert small_hex.road_kind(*pair) == "road" and small_hex.road_kind(a, a) is None
    trenton = small_hex.place("Trenton")
    assert trenton.kind == "city" and trenton.hex in small_hex.road_hexes
    assert small_hex.terrain[trenton.hex] == "city"
    assert small_hex.features[small_hex.from_offset(4, 4)] == {"ruins"}
    pad = small_hex.zone("Pad A")
    assert pad.kind == "offmap_box" and not pad.hexes and pad.polygon
    setup = small_hex.zones_of_kind("setup_zone")[0]
    assert setup.props["side"] == "jerseyite" and len(setup.hexes) == 3
    assert small_hex.from_offset(0, 5) not in small_hex.hexes          # empty cell: no hex
