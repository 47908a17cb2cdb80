"""The shipped Judean Hammer map: kinds, regions, roads, setup icons, VP track (JH-MAP-*, JH-GAP-2..4)."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

from game.boards import load_map

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "judean_hammer.tmx"
KINDS = {"city", "wilderness", "supply_centre"}
ROADS = {"road", "purple_road"}


@pytest.fixture(scope="module")
def amap():
    """The map as the game loads it."""
    return load_map(MAP)


def road_graph(amap, avoid=frozenset()):
    """Area -> areas one road away, leaving out the areas in `avoid`."""
    graph = {name: set() for name in amap.areas if name not in avoid}
    for link in amap.links:
        if link.a in graph and link.b in graph:
            graph[link.a].add(link.b)
            graph[link.b].add(link.a)
    return graph


def steps_from(graph, start):
    """Road steps from start to every reachable area (breadth first)."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in graph[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return seen


def icons(amap, faction):
    """Areas of a faction's setup icons, one entry per icon."""
    return [m.props.get("area") or m.area for m in amap.markers
            if m.kind == "faction_icon" and m.props.get("faction") == faction]


def supply_centres(amap):
    return {n for n, a in amap.areas.items() if a.kind == "supply_centre"}


def test_map_is_an_area_map_for_judean_hammer(amap):
    assert amap.game == "judean_hammer"
    assert amap.properties.get("board") == "area"
    assert 30 <= len(amap.areas) <= 42


@pytest.mark.rule("JH-MAP-1")
def test_every_area_has_exactly_one_kind(amap):
    assert {a.kind for a in amap.areas.values()} == KINDS


@pytest.mark.rule("JH-MAP-3")
def test_six_regions_with_jerusalem_alone(amap):
    regions = {r: names for r, names in amap.regions().items() if r}
    assert len(regions) == 6
    assert regions["Jerusalem"] == ["Jerusalem"]
    assert amap.areas["Jerusalem"].kind == "city"
    for region in regions:
        assert amap.properties.get(f"region_colour_{region}"), region


@pytest.mark.rule("JH-GAP-3")
def test_supply_centres_lie_in_no_region_and_everything_else_does(amap):
    for name, area in amap.areas.items():
        assert bool(area.region) == (area.kind != "supply_centre"), name
    assert len(supply_centres(amap)) >= 3


@pytest.mark.rule("JH-GAP-2")          # map design; the rule itself is tested in tests/judean_hammer
def test_every_coloured_region_has_several_cities_to_contest(amap):
    for region, names in amap.regions().items():
        if region and region != "Jerusalem":
            cities = [n for n in names if amap.areas[n].kind == "city"]
            assert 4 <= len(cities) <= 6, (region, cities)


def test_region_colours_are_distinct(amap):
    colours = [str(v).lower() for k, v in amap.properties.items() if k.startswith("region_colour_")]
    assert len(colours) == 6 and len(set(colours)) == 6


@pytest.mark.rule("JH-MAP-4")
def test_roads_join_two_different_existing_areas(amap):
    for link in amap.links:
        assert link.kind in ROADS
        assert link.a in amap.areas and link.b in amap.areas and link.a != link.b
    pairs = [frozenset((link.a, link.b)) for link in amap.links]
    assert len(pairs) == len(set(pairs))


@pytest.mark.rule("JH-MAP-4")
def test_purple_roads_are_exactly_the_roads_into_supply_centres(amap):
    centres = supply_centres(amap)
    for link in amap.links:
        assert (link.kind == "purple_road") == bool({link.a, link.b} & centres), (link.a, link.b)
    for centre in centres:
        assert len(road_graph(amap)[centre]) >= 2, centre


@pytest.mark.rule("JH-MAP-4")
def test_roads_cross_a_shared_border(amap):
    for link in amap.links:
        assert link.b in amap.border_adjacent(link.a), (link.a, link.b)


@pytest.mark.rule("JH-GAP-2")          # map design; the rule itself is tested in tests/judean_hammer
def test_every_area_is_reachable_by_road(amap):
    assert set(steps_from(road_graph(amap), "Jerusalem")) == set(amap.areas)


@pytest.mark.rule("JH-GAP-2")          # map design; the rule itself is tested in tests/judean_hammer
def test_maccabeans_reach_every_area_without_supply_centres(amap):
    centres = supply_centres(amap)
    graph = road_graph(amap, avoid=centres)
    assert set(steps_from(graph, "Modein")) == set(amap.areas) - centres
    for name in graph:
        assert len(graph[name]) >= 2, name            # no dead ends outside the supply centres


def test_roads_keep_the_land_close(amap):
    """Most areas lie within 3 road steps (one Maccabean move) of each other."""
    graph = road_graph(amap)
    names = sorted(graph)
    pairs = [steps_from(graph, a)[b] for a in names for b in names if a < b]
    assert sum(1 for d in pairs if d <= 3) / len(pairs) >= 0.4
    assert max(pairs) <= 9


@pytest.mark.rule("JH-GAP-2")          # map design; the rule itself is tested in tests/judean_hammer
def test_setup_icons(amap):
    macc, greek = icons(amap, "maccabean"), icons(amap, "greek")
    assert 1 <= len(macc) <= 30 and 1 <= len(greek) <= 30
    assert set(macc).isdisjoint(greek)
    assert not set(macc) & supply_centres(amap)
    assert {"Modein", "Gophna"} <= set(macc)
    assert "Jerusalem" in greek
    for marker in amap.markers:
        if marker.kind == "faction_icon":
            assert amap.area_at(marker.x, marker.y) in (marker.props.get("area"), None) or \
                marker.props.get("area") in amap.areas


@pytest.mark.rule("JH-GAP-2")          # map design; the rule itself is tested in tests/judean_hammer
def test_every_greek_garrison_starts_in_supply(amap):
    graph = road_graph(amap, avoid=set(icons(amap, "maccabean")))
    for area in set(icons(amap, "greek")):
        assert steps_from(graph, area).keys() & supply_centres(amap), area


@pytest.mark.rule("JH-GAP-2")          # map design; the rule itself is tested in tests/judean_hammer
def test_the_revolt_can_strike_jerusalem_in_one_move(amap):
    graph = road_graph(amap, avoid=supply_centres(amap))
    assert min(steps_from(graph, a).get("Jerusalem", 99) for a in icons(amap, "maccabean")) <= 3


@pytest.mark.rule("JH-GAP-2")
def test_the_map_page_and_the_map_agree(amap):
    """What docs/house-rules/judean-hammer-map.md says of roads and distances is what the map has."""
    graph = road_graph(amap)
    page = (ROOT / "docs" / "house-rules" / "judean-hammer-map.md").read_text(encoding="utf-8")
    flat = " ".join(page.split())
    for centre in supply_centres(amap):
        # "**Ptolemais** (the road from Acre ..., into the Valley of Dothan, Samaria and the Sharon Plain)"
        said = re.search(rf"\*\*{centre}\*\* \([^)]*?into ([^)]*)\)", flat).group(1)
        named = {a for a in amap.areas if re.search(rf"\b{a}\b", said)}
        assert named == graph[centre], centre
    assert graph["Ptolemais"] >= {"Samaria"} and graph["Scythopolis"] >= {"Shechem"}
    assert "one road step from Mizpah and three from Modein" in " ".join(page.split())
    jerusalem = steps_from(road_graph(amap, avoid=supply_centres(amap)), "Jerusalem")
    assert jerusalem["Mizpah"] == 1 and jerusalem["Modein"] == 3


@pytest.mark.rule("JH-GAP-4")
def test_vp_track_and_starting_spaces(amap):
    boxes = sorted(m.props["index"] for m in amap.markers
                   if m.kind == "vp_box" and "faction" not in m.props)
    assert boxes == list(range(len(boxes))) and len(boxes) >= 13
    start = {m.props["faction"]: m.props["index"] for m in amap.markers
             if m.kind == "vp_box" and "faction" in m.props}
    assert start == {"maccabean": 0, "greek": 0}


def test_generator_is_deterministic():
    sys.path.insert(0, str(ROOT / "tools"))
    import make_jh_map as gen
    texts = []
    for _ in range(2):
        polys, seeds, _land = gen.build_areas()
        links = gen.build_links(polys, seeds)
        texts.append(gen.tmx_text(polys, seeds, links, gen.marker_points(seeds)))
    assert texts[0] == texts[1]
    assert "judean_hammer_background.png" in texts[0]
    # The generator reads only tools/geography, so the shipped map is exactly what it makes.
    assert texts[0] == MAP.read_text(encoding="utf-8")


@pytest.mark.tiled
def test_tiled_renders_the_map(tmp_path):
    if not shutil.which("tmxrasterizer"):
        pytest.skip("tmxrasterizer (Tiled) is not installed")
    out = tmp_path / "jh.png"
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    subprocess.run(["tmxrasterizer", str(MAP), str(out)], check=True, env=env, timeout=60,
                   capture_output=True)
    assert out.stat().st_size > 100_000


def test_the_validator_accepts_the_map():
    from game.boards import check_map
    assert check_map(MAP, "judean_hammer") == []


def test_every_region_has_a_label_for_its_control_mark(amap):
    labelled = {m.props.get("region") for m in amap.markers if m.kind == "label"}
    assert labelled == {r for r in amap.regions() if r}
