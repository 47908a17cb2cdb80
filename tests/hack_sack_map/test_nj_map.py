"""The New Jersey hex map: loads, and carries the cities, roads, water and pads the rules need."""
from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest

from game.boards import check_map, load_map

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "hack_sack_nj.tmx"
NAMED_CITIES = ["Newark", "Jersey City", "Paterson", "Elizabeth", "Trenton", "Camden", "New Brunswick",
                "Princeton", "Asbury Park", "Atlantic City", "Cape May", "Hoboken", "Morristown",
                "Toms River", "Vineland"]
LAND = {"clear", "forest", "slope", "hilltop", "swamp", "city"}
WATER = {"water", "lake"}


@pytest.fixture(scope="module")
def grid():
    """The shipped map, loaded through the boards layer as the rules load it."""
    return load_map(str(MAP))


def place(grid, name):
    """The hex of a named place (fails the test if it is missing)."""
    found = [p for p in grid.places if p.name == name]
    assert found, f"no place named {name!r} on the map"
    return found[0].hex


def reach(grid, start, ok) -> set:
    """Hexes reachable from `start` stepping only onto hexes where ok(h)."""
    seen, todo = {start}, deque([start])
    while todo:
        for n in grid.neighbours(todo.popleft()):
            if n not in seen and ok(n):
                seen.add(n)
                todo.append(n)
    return seen


def road_chain(grid, name) -> list:
    """The hexes of the `roads` polyline with this name, in order."""
    for obj in ET.parse(MAP).getroot().iter("object"):
        if obj.get("name") == name and obj.find("polyline") is not None:
            x0, y0 = float(obj.get("x")), float(obj.get("y"))
            pts = [tuple(map(float, p.split(","))) for p in obj.find("polyline").get("points").split()]
            return [grid.pixel_to_hex(x0 + x, y0 + y) for x, y in pts]
    raise AssertionError(f"no road named {name!r}")


@pytest.mark.rule("HSNJ-GAP-11")
def test_map_loads_and_validates_as_a_hack_sack_hex_board(grid):
    assert grid.kind == "hex"
    assert grid.properties["game"] == "hack_sack" and grid.properties["board"] == "hex"
    assert check_map(str(MAP), "hack_sack") == []
    assert set(grid.terrain.values()) <= LAND | WATER
    assert 1000 < len(grid.hexes) < 2000


@pytest.mark.rule("HSNJ-VIC-3")
def test_named_cities_are_city_hexes_and_nothing_else_is(grid):
    cities = [p for p in grid.places if p.kind == "city"]
    assert 15 <= len(cities) <= 25
    for name in NAMED_CITIES:
        assert grid.terrain[place(grid, name)] == "city", name
    city_hexes = {h for h, t in grid.terrain.items() if t == "city"}
    assert city_hexes == {p.hex for p in cities}          # every city hex is named, once
    assert len(city_hexes) == len(cities)


@pytest.mark.rule("HSNJ-MOV-15")
def test_every_city_is_on_a_road(grid):
    for p in grid.places:
        if p.kind == "city":
            assert p.hex in grid.road_hexes, p.name


@pytest.mark.rule("HSNJ-MOV-13")
def test_roads_are_chains_of_adjacent_land_hexes(grid):
    for a, b in (tuple(link) for link in grid.road_links):
        assert grid.distance(a, b) == 1
        assert grid.terrain[a] in LAND and grid.terrain[b] in LAND


@pytest.mark.rule("HSNJ-MOV-13")
def test_turnpike_runs_from_the_delaware_bridge_to_the_hudson_through_its_cities(grid):
    chain = road_chain(grid, "New Jersey Turnpike")
    assert grid.distance(chain[0], place(grid, "Delaware Memorial Bridge")) <= 1
    assert grid.distance(chain[-1], place(grid, "George Washington Bridge")) <= 2
    for name in ("New Brunswick", "Elizabeth", "Newark"):
        assert place(grid, name) in chain, name


@pytest.mark.rule("HSNJ-MOV-13")
def test_parkway_runs_from_cape_may_up_the_shore_to_bergen_county(grid):
    chain = road_chain(grid, "Garden State Parkway")
    assert place(grid, "Cape May") in (chain[0], chain[-1])
    for name in ("Toms River", "Asbury Park", "Newark"):
        assert place(grid, name) in chain, name
    north = min(chain, key=lambda h: grid.hex_to_pixel(h)[1])
    assert grid.hex_to_pixel(north)[1] < grid.hex_to_pixel(place(grid, "Paterson"))[1]


@pytest.mark.rule("HSNJ-MOV-4")
def test_ships_can_sail_up_the_delaware_to_camden_and_trenton(grid):
    water = lambda h: grid.terrain[h] == "water"          # noqa: E731
    bay = place(grid, "Cape May")
    sea = next(n for n in grid.neighbours(bay) if water(n))
    navigable = reach(grid, sea, water)
    for city in ("Salem", "Camden", "Trenton", "Phillipsburg"):
        assert any(n in navigable for n in grid.neighbours(place(grid, city))), city


@pytest.mark.rule("HSNJ-MOV-4")
def test_ships_can_sail_up_the_hudson_and_into_newark_bay(grid):
    water = lambda h: grid.terrain[h] == "water"          # noqa: E731
    start = next(n for n in grid.neighbours(place(grid, "Asbury Park")) if water(n))
    navigable = reach(grid, start, water)
    for city in ("Hoboken", "Jersey City", "Newark", "Elizabeth", "Perth Amboy", "Atlantic City"):
        assert any(n in navigable for n in grid.neighbours(place(grid, city))), city
    assert grid.terrain[place(grid, "Lake Hopatcong")] == "lake"


@pytest.mark.rule("HSNJ-SET-3")
def test_uss_new_jersey_berth_is_water_next_to_camden(grid):
    berth = place(grid, "USS New Jersey")
    assert grid.terrain[berth] == "water"
    assert berth in grid.neighbours(place(grid, "Camden"))


@pytest.mark.rule("HSNJ-MOV-3")
def test_land_units_can_walk_between_all_cities(grid):
    land = lambda h: grid.terrain[h] in LAND               # noqa: E731
    walk = reach(grid, place(grid, "Trenton"), land)
    assert all(p.hex in walk for p in grid.places if p.kind == "city")


@pytest.mark.rule("HSNJ-SET-4")
def test_the_cow_and_the_space_units_have_somewhere_to_start(grid):
    cities = {p.hex for p in grid.places if p.kind == "city"}
    cow = [h for h, t in grid.terrain.items() if t in LAND - {"city"} and h not in grid.road_hexes
           and not any(n in cities for n in grid.neighbours(h))]
    assert len(cow) > 100
    shore = [h for h, t in grid.terrain.items() if t in LAND
             and any(grid.terrain[n] in WATER for n in grid.neighbours(h))]
    assert len(shore) > 50                                 # HSNJ-SET-2


@pytest.mark.rule("HSNJ-MOV-6")
def test_four_landing_pads_lie_off_the_board(grid):
    pads = sorted((z for z in grid.zones if z.kind == "offmap_box"), key=lambda z: z.name)
    assert [z.name for z in pads] == [f"Landing Pad {i}" for i in range(1, 5)]
    for z in pads:
        assert not z.hexes
        assert z.props["entry"] == "any_hex" and z.props["entry_cost"] == 1    # HSNJ-GAP-9
    root = ET.parse(MAP).getroot()
    boxes = [o for o in root.iter("object") if o.get("type") == "offmap_box"]
    for o in boxes:
        x, y, w, h = (float(o.get(k)) for k in ("x", "y", "width", "height"))
        for hx in (x, x + w / 2, x + w):
            for hy in (y, y + h / 2, y + h):
                assert grid.pixel_to_hex(hx, hy) is None, o.get("name")


def test_generator_reproduces_the_shipped_map(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_nj_map
    finally:
        sys.path.remove(str(ROOT / "tools"))
    out = tmp_path / "maps" / "nj.tmx"
    make_nj_map.main(["--out", str(out)])
    assert out.read_text(encoding="utf-8") == MAP.read_text(encoding="utf-8")


@pytest.mark.tiled
def test_tiled_renders_the_map(tmp_path):
    if not shutil.which("tmxrasterizer"):
        pytest.skip("Tiled's tmxrasterizer is not installed")
    png = tmp_path / "nj.png"
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    subprocess.run(["tmxrasterizer", str(MAP), str(png)], check=True, env=env, timeout=60,
                   capture_output=True)
    assert png.stat().st_size > 100_000


@pytest.mark.rule("HSNJ-GAP-11")
def test_the_rules_read_the_map_cities_water_and_pads():
    from game.rules.hack_sack import board as rules_board
    b = rules_board.get("maps/hack_sack_nj.tmx")
    assert len(b.cities) == 22 and len(b.pads) == 4
    camden = next(p.hex for p in b.grid.places if p.name == "Camden")
    assert b.enterable(camden, "W")                        # a port: water units may enter (HSNJ-MOV-17)
    assert not b.enterable(next(p.hex for p in b.grid.places if p.name == "Princeton"), "W")
