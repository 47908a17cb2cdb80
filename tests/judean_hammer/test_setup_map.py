"""Components, map tables and setup (JH-COM-*, JH-MAP-*, JH-SET-*)."""
from __future__ import annotations

import pytest

from game.boards.areas import Link, Marker
from game.rules.judean_hammer import SPEC, board as boards
from game.rules.judean_hammer.common import city_controller, region_control

from . import mini
from .helpers import play, position

M, G = "maccabean", "greek"


@pytest.mark.rule("JH-COM-1")
@pytest.mark.rule("JH-SET-1")
@pytest.mark.rule("JH-MAP-9")
def test_cubes_go_on_faction_icons_and_the_rest_is_the_stockpile():
    key = mini.register("memory/jh-icons.tmx", icons={M: ["Modein", "Modein", "Gophna"], G: ["Gaza"]})
    state = SPEC.setup(1, options={"map": key})
    assert state["units"] == {M: {"Modein": 2, "Gophna": 1}, G: {"Gaza": 1}}
    assert state["stock"] == {M: 26, G: 28}          # 30 less the icons less the VP marker


@pytest.mark.rule("JH-SET-2")
@pytest.mark.rule("JH-MAP-9")
def test_the_vp_marker_is_one_of_the_thirty_cubes():
    # The shipped map: 7 Maccabean and 12 Greek icons, and one cube of each on the VP track.
    state = SPEC.setup(1)
    assert sum(state["units"][M].values()) == 7 and sum(state["units"][G].values()) == 12
    assert state["stock"] == {M: 22, G: 17}
    assert SPEC.invariants(state) == []
    state["stock"][M] += 1                          # a 31st cube would break conservation
    assert any("do not make 30" in p for p in SPEC.invariants(state))


@pytest.mark.rule("JH-SET-2")
@pytest.mark.rule("JH-REC-14")
def test_only_twenty_nine_cubes_can_ever_stand_on_the_map():
    # 27 on the map and a 3-OPs recruit: only 2 more fit, the 30th cube marks the VP.
    spread = ["Modein", "Emmaus", "Gophna", "Shechem", "Joppa", "Jamnia", "Hebron", "Desert", "Scythopolis"]
    state = position(hands={M: [6], G: [17]}, icons={M: spread * 3, G: ["Samaria"]})
    assert sum(state["units"][M].values()) == 27 and state["stock"][M] == 2
    state = play(state, ("card", 6), ("ops",), ("recruit", 1), ("area", "Modein"), ("area", "Emmaus"))
    assert sum(state["units"][M].values()) == 29 and state["stock"][M] == 0
    assert SPEC.active(state) == G                  # recruiting stopped: the stockpile is dry


@pytest.mark.rule("JH-SET-2")
def test_victory_points_start_where_the_faction_markers_sit():
    amap = mini.build()
    amap = type(amap)(amap.title, amap.game, 500, 300, amap.areas, amap.links, (),
                      list(amap.markers) + [Marker("vp_box", 0, 0, None, {"faction": G, "index": 2})],
                      {}, border_pairs=[])
    boards.register("memory/jh-vp.tmx", amap)
    state = SPEC.setup(1, options={"map": "memory/jh-vp.tmx"})
    assert state["vp"] == {M: 0, G: 2}


@pytest.mark.rule("JH-GAP-4")
def test_start_vp_default_to_zero():
    # JH-GAP-4
    assert SPEC.setup(1, options={"map": mini.register()})["vp"] == {M: 0, G: 0}


@pytest.mark.rule("JH-MAP-1")
@pytest.mark.rule("JH-MAP-2")
def test_every_area_is_city_supply_centre_or_wilderness():
    board = boards.load(mini.register())
    assert set(board.kind.values()) == {"city", "wilderness", "supply_centre"}
    assert set(board.wilderness) == {"Gophna", "Desert"}
    bad = mini.build(extra_areas={"Oasis": ("village", "Idumea")}, extra_roads=[("Oasis", "Desert")])
    with pytest.raises(boards.MapProblem, match="Oasis"):
        boards.Board(bad, "bad.tmx")
    cut_off = mini.build(extra_areas={"Antioch Road": ("wilderness", "Galilee"), "Gaza": ("wilderness", "Coast")})
    with pytest.raises(boards.MapProblem, match="no Greek supply centre"):     # JH-SUP: supply traces to one
        boards.Board(cut_off, "bad.tmx")


@pytest.mark.rule("JH-MAP-3")
def test_six_regions_with_jerusalem_alone():
    board = boards.load(mini.register())
    assert len(board.regions) == 6 and board.region_areas["Jerusalem"] == ("Jerusalem",)
    bad = mini.build(extra_areas={"Akra": ("city", "Jerusalem")}, extra_roads=[("Akra", "Jerusalem")])
    with pytest.raises(boards.MapProblem, match="Jerusalem must hold exactly one area"):
        boards.Board(bad, "bad.tmx")
    seventh = mini.build(extra_areas={"Petra": ("city", "Nabatea")}, extra_roads=[("Petra", "Desert")])
    with pytest.raises(boards.MapProblem, match="6 regions"):
        boards.Board(seventh, "bad.tmx")


@pytest.mark.rule("JH-MAP-4")
def test_units_move_along_roads_and_purple_roads_only():
    amap = mini.build()
    amap = type(amap)(amap.title, amap.game, 500, 300, amap.areas,
                      list(amap.links) + [Link("Joppa", "Gaza", "sea", (), {})], (), amap.markers, {},
                      border_pairs=[("Jerusalem", "Modein")])
    board = boards.Board(amap, "x")
    assert "Gaza" not in board.adj["Joppa"] and "Modein" not in board.adj["Jerusalem"]
    assert "Antioch Road" in board.adj["Samaria"]


@pytest.mark.rule("JH-AMBIG-1")
def test_adjacent_means_joined_by_one_road():
    # JH-AMBIG-1: a shared border without a road is not adjacency (for movement, recruiting, ambush).
    amap = mini.build()
    amap = type(amap)(amap.title, amap.game, 500, 300, amap.areas, amap.links, (), amap.markers, {},
                      border_pairs=[("Modein", "Jerusalem")])
    board = boards.Board(amap, "x")
    assert board.adj["Modein"] == ("Emmaus", "Gophna", "Joppa")


@pytest.mark.rule("JH-MAP-5")
@pytest.mark.rule("JH-MAP-6")
def test_city_control_and_what_never_counts():
    state = position(units={M: {"Modein": 1, "Gophna": 3}, G: {"Emmaus": 1, "Gaza": 3}})
    assert city_controller(state, "Modein") == M and city_controller(state, "Joppa") is None
    control = region_control(state, boards.load(state["map"]))
    assert control["Judea"] is None          # Gophna's wilderness units do not count
    assert control["Coast"] is None          # nor do Gaza's (a supply centre)


@pytest.mark.rule("JH-GAP-2")
def test_shipped_map_sets_up_a_game():
    state = SPEC.setup(1)
    board = boards.load(state["map"])
    assert state["map"] == "maps/judean_hammer.tmx"
    assert len(board.regions) == 6 and board.centres
    for side in (M, G):
        assert sum(state["units"][side].values()) == len(board.icons[side])
    assert SPEC.board(state) is board.map
    assert any(str(p).endswith("judean_hammer.tmx") for p, _ in SPEC.maps())


def test_a_map_that_cannot_be_read_gives_one_sentence(tmp_path):
    bad = tmp_path / "broken.tmx"
    bad.write_text("<map>")
    with pytest.raises(boards.MapProblem) as err:
        SPEC.setup(1, options={"map": str(bad)})
    assert "\n" not in str(err.value) and "broken.tmx" in str(err.value)


@pytest.mark.rule("JH-GAP-3")
def test_supply_centres_need_no_region():
    # JH-GAP-3: the mini map's supply centres belong to no region; they never count for control.
    board = boards.load(mini.register())
    assert all(board.region[c] is None for c in board.centres)

