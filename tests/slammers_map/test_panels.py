"""The Hammer's Slammers panels: valid Tiled maps, one grid, north arrows, and a battlefield worth fighting on."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

from game.boards import check_map, load_map
from game.boards.geomorphic import join_boards
from game.rules.slammers import data, scenarios
from tests.hack_sack_map.test_nj_map import reach

rule = pytest.mark.rule
ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "maps" / "slammers"
PANELS = [FOLDER / f"panel{n}.tmx" for n in range(1, 7)]
EDGES = [FOLDER / f"edge_{k}.tmx" for k in "abcd"]
STANDARD = [(str(p), 22 * (i % 3), 16 * (i // 3)) for i, p in enumerate(PANELS)]


@pytest.fixture(scope="module")
def world():
    """The six panels in their standard arrangement, 1 2 3 above 4 5 6."""
    return join_boards(STANDARD)


@rule("HS-MAP-1")
@rule("HS-GAP-1")
def test_six_numbered_panels_and_lettered_edge_pieces_pass_the_checker():
    for path in PANELS + EDGES:
        assert path.is_file(), path.name
        assert check_map(path, "slammers") == [], path.name


@rule("HS-MAP-2")
def test_every_panel_has_the_same_grid_and_a_north_arrow():
    grids = [load_map(p) for p in PANELS + EDGES]
    shapes = {(g.layout.stagger_axis, g.layout.stagger_index, g.layout.tile_width, g.layout.tile_height,
               g.layout.side_length) for g in grids}
    assert len(shapes) == 1
    for path in PANELS + EDGES:
        text = path.read_text(encoding="utf-8")
        assert 'type="north_arrow"' in text and 'name="north" value="up"' in text, path.name


@rule("HS-MAP-4")
def test_edge_half_hexes_are_not_playable_alone_but_join_into_whole_hexes(world):
    one = load_map(PANELS[0])
    assert len(one.hexes) == 21 * 15 and len(one.partial_terrain) == 23 * 17 - 21 * 15
    # the six joined: 67 x 33 cells, of which the outer ring is half hexes
    assert len(world.hexes) == 65 * 31
    assert scenarios.standard_board().hexes == world.hexes
    assert len(join_boards(STANDARD, play_half_hexes=True).hexes) == 67 * 33


@rule("HS-MAP-3")
def test_edge_pieces_join_on_any_side():
    grid = join_boards([(str(EDGES[0]), 0, 0), (str(PANELS[3]), 4, 0), (str(EDGES[1]), 26, 0)])
    assert len(grid.hexes) == (3 + 21 + 3 + 2) * 15
    grid = join_boards([(str(EDGES[2]), 0, 0), (str(PANELS[0]), 0, 4), (str(EDGES[3]), 0, 20)])
    assert len(grid.hexes) == 21 * (3 + 15 + 3 + 2)


def test_every_terrain_of_the_book_is_on_the_panels(world):
    used = set(world.terrain.values())
    assert {"clear", "forest", "city", "swamp", "lake", "slope", "hilltop", "river", "bridge"} <= used
    assert data.map_problems(world) == []
    import copy
    edited = copy.copy(world)                          # a panel painted with a terrain the chart lacks
    first = sorted(world.terrain)[0]
    edited.terrain = {**world.terrain, first: "lava"}
    assert data.map_problems(edited) == [
        f"{world.title}: terrain 'lava' (hex {world.label(first)}) has no row in terrain.json"]


def test_roads_keep_off_water_except_by_bridges(world):
    for pair in world.road_links:
        for h in pair:
            assert world.terrain[h] not in ("river", "lake", "swamp"), world.label(h)
    bridges = [h for h, t in world.terrain.items() if t == "bridge"]
    assert len(bridges) >= 3 and all(world.road_neighbours(h) for h in bridges)


def test_a_road_runs_across_all_three_panels_of_each_row(world):
    """The east-west roads at the standard crossings join panel to panel (HS-MAP-1's geomorphic panels)."""
    west = [h for h in world.road_hexes if world.offset(h)[0] == 1]
    for start in west:
        seen, todo = {start}, deque([start])
        while todo:
            for n in world.road_neighbours(todo.popleft()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        if max(world.offset(h)[0] for h in seen) >= 65:
            return
    pytest.fail("no road leads from the west edge to the east edge")


def test_the_sava_cuts_the_crossing_map_and_only_bridges_and_fords_lead_over():
    grid = join_boards(STANDARD[:2])
    tracked = lambda h: data.move_cost(grid.terrain[h], "tracked") is not None   # noqa: E731
    west, east = grid.from_offset(1, 8), grid.from_offset(43, 8)
    assert east not in reach(grid, west, lambda h: tracked(h) and grid.terrain[h] not in ("river", "bridge"))
    assert east in reach(grid, west, lambda h: tracked(h) and grid.terrain[h] != "river")
    assert east in reach(grid, west, tracked)


def test_hills_see_far_and_woods_and_towns_hide(world):
    seen = world.los_all(data.los_values()).sum(axis=1)
    def mean(*kinds):
        found = [seen[i] for i, h in enumerate(world.hex_list) if world.terrain[h] in kinds]
        return sum(found) / len(found)
    assert mean("hilltop") > 3 * mean("clear") and mean("slope") > mean("clear") > 1.5 * mean("forest", "city")
    assert seen.max() < len(world.hexes)          # no hex sees the whole battlefield


def test_the_generator_writes_the_shipped_files_exactly(tmp_path):
    script = ROOT / "tools" / "make_slammers_panels.py"
    done = subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for path in PANELS + EDGES:
        assert (tmp_path / path.name).read_text() == path.read_text(), path.name


def test_the_panel_text_is_well_formed():
    spec = importlib.util.spec_from_file_location("panel_data", ROOT / "tools" / "slammers_panel_data.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for key, panel in mod.PANELS.items():
        assert len(panel["rows"]) == mod.PANEL_ROWS and {len(r) for r in panel["rows"]} == {mod.PANEL_COLS}, key
        assert {c for r in panel["rows"] for c in r} <= set(mod.CODES), key
