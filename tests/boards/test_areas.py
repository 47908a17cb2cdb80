"""AreaMap: adjacency by border and links, reachable, supply traces, hit tests, regions."""
from __future__ import annotations

import pytest

from game.boards import AreaMap, MapError, load_area_map, load_hex_map


def test_border_adjacency_from_geometry(small_area):
    assert small_area.border_adjacent("Jerusalem") == {"Golan", "Jaffa", "Jericho"}
    assert small_area.border_adjacent("Dan") == {"Golan", "Jaffa"}
    assert "Jericho" not in small_area.border_adjacent("Golan")       # corner touch only


def test_links_read_with_ends_from_geometry_or_properties(small_area):
    assert small_area.neighbours("Jaffa", {"road"}) == {"Jerusalem"}
    assert small_area.neighbours("Jerusalem", {"road"}) == {"Jaffa", "Jericho"}
    assert small_area.neighbours("Golan", {"purple_road"}) == {"Jerusalem"}
    assert small_area.neighbours("Tyre", {"sea"}) == {"Jaffa"}
    assert small_area.neighbours("Tyre") == {"Golan", "Jericho", "Jaffa"}
    assert small_area.neighbours("Tyre", {"border"}) == {"Golan", "Jericho"}
    [sea] = small_area.links_between("Jaffa", "Tyre")
    assert sea.kind == "sea" and sea.props["name"] == "Sea lane"
    assert small_area.links_between("Dan", "Tyre") == []
    [river] = small_area.borders_between("Jericho", "Jerusalem")
    assert river.kind == "river"


def test_reachable_with_limits(small_area):
    assert small_area.reachable("Jaffa", 1, {"road"}) == {"Jaffa": 0, "Jerusalem": 1}
    assert small_area.reachable("Jaffa", 2, {"road"}) == {"Jaffa": 0, "Jerusalem": 1, "Jericho": 2}
    stop = small_area.reachable("Jaffa", 3, {"road"}, must_stop=lambda a: a == "Jerusalem")
    assert stop == {"Jaffa": 0, "Jerusalem": 1}
    blocked = small_area.reachable("Dan", 5, {"border"}, can_enter=lambda a: a != "Golan")
    assert set(blocked) == {"Dan", "Jaffa", "Jerusalem", "Jericho", "Tyre"} and blocked["Tyre"] == 4


def test_path_exists_supply_trace(small_area):
    assert small_area.path_exists("Dan", "Jericho", {"border"})
    assert not small_area.path_exists("Dan", "Jericho", {"border"},
                                      avoid=lambda a: a in ("Golan", "Jerusalem"))
    assert small_area.path_exists("Dan", lambda a: small_area.areas[a].kind == "supply_centre")
    assert small_area.path_exists("Tyre", "Tyre", avoid=lambda a: True)
    assert not small_area.path_exists("Dan", "Tyre", {"road"})


def test_hit_test_and_regions(small_area):
    assert small_area.area_at(150, 150) == "Jerusalem"
    assert small_area.area_at(10, 10) == "Dan"
    assert small_area.area_at(350, 50) is None
    assert small_area.regions() == {"North": ["Dan", "Golan", "Tyre"],
                                    "South": ["Jaffa", "Jericho", "Jerusalem"]}
    area = small_area.areas["Jerusalem"]
    assert area.kind == "supply_centre" and area.region == "South" and area.label == (150, 150)


def test_markers_find_their_area(small_area):
    icon, box = small_area.markers
    assert icon.kind == "faction_icon" and icon.area == "Jaffa" and icon.props["faction"] == "maccabee"
    assert box.area is None and box.props["index"] == "1"


def test_map_metadata(small_area):
    assert isinstance(small_area, AreaMap)
    assert small_area.title == "Little Judea" and small_area.game == "judean_hammer"
    assert (small_area.width, small_area.height) == (384, 224)


def test_wrong_kind_loader_says_so(fixture_dir):
    with pytest.raises(MapError, match="hex map, not an area map"):
        load_area_map(fixture_dir / "hex_small.tmx")
    with pytest.raises(MapError, match="area map, not a hex map"):
        load_hex_map(fixture_dir / "area_small.tmx")


def test_concave_area_label_inside():
    from game.boards import geometry
    u_shape = [(0, 0), (30, 0), (30, 100), (70, 100), (70, 0), (100, 0), (100, 130), (0, 130)]
    x, y = geometry.label_point(u_shape)
    assert geometry.point_in_polygon(x, y, u_shape)


def test_spread_reaches_what_reachable_reaches_from_every_start(small_area):
    names = sorted(small_area.areas)
    start = names[0]
    assert small_area.spread([start]) == frozenset(small_area.reachable(start, len(names)))
    blocked = frozenset(names[1:2])
    expected = set(small_area.reachable(start, len(names), can_enter=lambda a: a not in blocked))
    assert small_area.spread([start], blocked=blocked) == frozenset(expected)
    both = small_area.spread([start, names[1]], blocked=blocked)    # a blocked start is still in
    assert names[1] in both and set(expected) <= both
