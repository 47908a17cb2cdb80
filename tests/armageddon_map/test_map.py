"""The shipped Armageddon Secundus map: areas, terrain, rivers, supply, tracks (BFA-GAP-3, -5)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.boards import check_map, load_map
from game.rules.armageddon import data

rule = pytest.mark.rule
ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "armageddon.tmx"
ORK = data.ORK_REGION


@pytest.fixture(scope="module")
def amap():
    """The map as the game loads it."""
    return load_map(MAP)


def land(amap, name):
    return amap.areas[name].kind in data.LAND


def kinds(amap, kind):
    return {n for n, a in amap.areas.items() if a.kind == kind}


def can_reach(amap, start, goals, blocked=frozenset()):
    """Whether a chain of land areas free of `blocked` joins start to one of goals (BFA-SUP-2..7)."""
    return amap.path_exists(start, lambda n: n in goals,
                            avoid=lambda n: not land(amap, n) or n in blocked)


@rule("BFA-GAP-3")
@rule("BFA-MAP-1")
def test_the_map_is_a_valid_area_map_of_50_to_80_areas(amap):
    assert check_map(str(MAP), "armageddon") == []
    assert amap.game == "armageddon" and amap.kind == "area"
    assert 50 <= len(amap.areas) <= 80
    assert {a.kind for a in amap.areas.values()} == set(data.KINDS)


@rule("BFA-GAP-3")
@rule("BFA-MAP-2")
def test_the_five_hives_and_the_factories_are_where_their_counters_say(amap):
    assert kinds(amap, "hive") == set(data.HIVES)
    factories = {c["area"] for c in data.counters().values() if c["type"] == "factory"}
    assert kinds(amap, "factory") == factories
    assert data.map_problems(amap) == []


@rule("BFA-GAP-3")
@rule("BFA-MAP-5")
def test_ork_territory_is_the_band_along_the_northern_edge(amap):
    ork = {n for n, a in amap.areas.items() if a.region == ORK}
    assert 15 <= len(ork) <= 20
    top = {n for n, a in amap.areas.items() if min(y for _x, y in a.polygon) <= 1}
    assert top == ork & top and top                     # only Ork areas touch the north edge
    xs = [x for n in top for x, _y in amap.areas[n].polygon]
    assert min(xs) <= 1 and max(xs) >= amap.width - 1  # from the west edge to the east edge
    assert all(land(amap, n) for n in ork)
    band = max(a.label[1] for n, a in amap.areas.items() if n in ork)
    assert all(a.label[1] > band for n, a in amap.areas.items() if n not in ork and a.kind != "sea")
    # enough room for all 45 Ork counters at 3 a stack, each tribe kept apart (BFA-SET-9)
    assert 3 * len(ork) >= 45


@rule("BFA-GAP-3")
@rule("BFA-GAP-4")
def test_mountains_and_seas_are_impassable_areas_and_every_land_area_joins_up(amap):
    assert len(kinds(amap, "mountain")) >= 4 and len(kinds(amap, "sea")) >= 4
    lands = [n for n in amap.areas if land(amap, n)]
    for name in lands:
        assert can_reach(amap, name, {lands[0]}), name
    assert len(kinds(amap, "ash_waste")) >= 6


@rule("BFA-GAP-3")
@rule("BFA-CBT-15")
def test_the_diablo_and_the_stygies_run_along_area_borders(amap):
    rivers = {}
    for b in amap.borders:
        assert b.kind == "river"
        assert b.b in amap.border_adjacent(b.a), (b.a, b.b)
        rivers.setdefault(b.props["name"], []).append(b)
    assert set(rivers) == {"Diablo", "Stygies"}
    for name, parts in rivers.items():
        for one, two in zip(parts, parts[1:]):          # one unbroken line
            ends = [(p, q) for p in (one.points[0], one.points[-1]) for q in (two.points[0], two.points[-1])]
            assert any(abs(p[0] - q[0]) + abs(p[1] - q[1]) < 0.1 for p, q in ends), name
        end = parts[-1]
        assert kinds(amap, "sea") & (amap.border_adjacent(end.a) & amap.border_adjacent(end.b)), name


@rule("BFA-GAP-5")
@rule("BFA-MAP-6")
@rule("BFA-AMBIG-1")
def test_supply_areas_of_both_sides(amap):
    imperial, ork = data.supply_areas(amap, "imperial"), data.supply_areas(amap, "ork")
    assert "Hellsreach" in imperial and amap.areas["Hellsreach"].props.get("port") is True
    assert kinds(amap, "sea") & amap.border_adjacent("Hellsreach")
    assert len(imperial) >= 2 and len(ork) >= 2
    assert all(amap.areas[n].region == ORK for n in ork)
    assert all(amap.areas[n].region != ORK for n in imperial)
    for name in amap.areas:
        if land(amap, name):
            assert can_reach(amap, name, imperial) and can_reach(amap, name, ork), name


@rule("BFA-GAP-6")
@rule("BFA-SET-4")
def test_the_imperial_set_up_areas_are_imperial_land(amap):
    for area in data.setup()["imperial"]:
        assert land(amap, area) and amap.areas[area].region != ORK, area


@rule("BFA-MOV-12")
@rule("BFA-GAP-3")
def test_the_movement_example_can_be_played_on_the_map(amap):
    ex = data.examples()["movement"]
    cs = data.counters()
    imperial = set(ex["imperial"])
    stop = lambda n: amap.areas[n].kind == "ash_waste"        # BFA-MOV-7
    enter = lambda n: land(amap, n) and n not in imperial      # BFA-MOV-4..6
    for move in ex["moves"]:
        path = move["path"]
        reach = amap.reachable(path[0], cs[move["counter"]]["move"], can_enter=enter, must_stop=stop)
        assert reach.get(path[-1]) == len(path) - 1, move["counter"]
        for a, b in zip(path, path[1:]):
            assert b in amap.border_adjacent(a)
    gargant = ex["moves"][0]["path"]
    assert [b.props["name"] for b in amap.borders_between(*gargant)] == ["Diablo"]
    assert amap.areas[gargant[1]].kind in ("hive", "factory") and gargant[1] in ex["ruins"]
    wagons = ex["moves"][2]
    assert amap.areas[wagons["path"][-1]].kind == "ash_waste"
    assert len(wagons["path"]) - 1 < cs[wagons["counter"]]["move"]       # stopped early
    guard_area = next(a for a, ids in ex["imperial"].items() if ex["threatened"] in ids)
    assert guard_area in amap.border_adjacent(wagons["path"][-1])


@rule("BFA-CBT-23")
@rule("BFA-CBT-16")
def test_the_combat_example_can_be_set_up_on_the_map(amap):
    ex = data.examples()["combat"]
    cs = data.counters()
    target = ex["attack"]["target"]
    assert amap.areas[target].kind == "open"                       # no terrain modifier
    assert data.terrain()["terrain"]["open"]["die"] == 0
    sources = ex["attack"]["from"] + ex["attack"]["not_allowed"]
    assert all(target in amap.border_adjacent(s) for s in sources)
    crossings = [bool(amap.borders_between(s, target)) for s in ex["attack"]["from"]]
    assert any(crossings) and not all(crossings)                   # the -1 does not apply
    attack = sum(cs[c]["attack"] for s in ex["attack"]["from"] for c in ex["ork"][s])
    defence = sum(cs[c]["defence"] for c in ex["imperial"][target])
    assert (attack, defence) == (ex["attack_total"], ex["defence_total"]) == (29, 6)
    column = data.odds(attack, defence)
    assert column == ex["odds"] == "4-1"
    assert [data.result(column, r["roll"]) for r in ex["rolls"]] == ["EX", "DE"]
    movers = sorted(c for s in ex["attack"]["from"] for c in ex["ork"][s] if cs[c]["move"] >= 2)
    assert movers == sorted(ex["may_advance"])


@rule("BFA-SUP-4")
@rule("BFA-SUP-8")
@rule("BFA-GAP-5")
def test_the_supply_example_cuts_off_the_gangs_but_not_hellsreach(amap):
    ex = data.examples()["supply"]
    orks = set(ex["ork"])
    imperial = data.supply_areas(amap, "imperial")
    for area in ex["out_of_supply"]:
        assert not can_reach(amap, area, imperial, blocked=orks), area
        assert can_reach(amap, area, imperial), area                   # only the Orks cut it
    for area in ex["in_supply"]:
        assert area in imperial
        land_neighbours = {n for n in amap.border_adjacent(area) if land(amap, n)}
        assert land_neighbours <= orks                                  # cut off by land


@rule("BFA-SET-1")
@rule("BFA-SET-2")
@rule("BFA-GAP-20")
def test_the_tracks_and_the_ready_box_are_on_the_board(amap):
    marks = {}
    for m in amap.markers:
        marks.setdefault(m.kind, []).append(m)
    assert sorted(m.props["index"] for m in marks["build_point_box"]) == list(range(0, 21))
    assert sorted(m.props["index"] for m in marks["turn_box"]) == list(range(1, 9))
    assert len(marks["ready_box"]) == 1
    track = {m.props["space"]: set(m.props["types"].split(",")) for m in marks["production_box"]}
    for space in data.build()["production_track"]["spaces"]:
        assert track[space["space"]] == set(space["types"])
    for m in [*marks["build_point_box"], *marks["turn_box"], *marks["production_box"], *marks["ready_box"]]:
        assert m.area is None and m.y > max(y for a in amap.areas.values() for _x, y in a.polygon)


@pytest.mark.tiled
def test_the_map_opens_in_tiled_at_its_full_size(tmp_path):
    import shutil
    import subprocess
    import pygame
    if not shutil.which("tmxrasterizer"):
        pytest.skip("Tiled's tmxrasterizer is not installed")
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    out = tmp_path / "armageddon.png"
    done = subprocess.run(["tmxrasterizer", "--hide-layer", "markers", str(MAP), str(out)], env=env,
                          timeout=90, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(out)).get_size() == (2400, 1664)


def test_every_stack_point_lies_well_inside_its_area(amap):
    from game.boards import geometry
    for name, area in amap.areas.items():
        assert geometry.point_in_polygon(*area.label, area.polygon), name
        assert geometry.boundary_distance(*area.label, area.polygon) > 20, name
        assert area.label[1] >= 100, name                   # its painted name fits above it
