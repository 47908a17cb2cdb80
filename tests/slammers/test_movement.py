"""Movement (HS-MOV), stacking (HS-STK), towing (HS-TOW), APCs (HS-APC) and skimmers (HS-SKM)."""
from __future__ import annotations

import pytest

from .helpers import act, acts, at, events, hexof, legal, refused, state_on, step, through, until


def hexes(state):
    return {tuple(a[1]) for a in legal(state) if a[0] == "hex"}


def cells(state, *cs):
    return {tuple(hexof(state, *c)) for c in cs}


@pytest.mark.rule("HS-MOV-1")
@pytest.mark.rule("HS-MOV-2")
def test_moving_side_moves_any_units_hex_by_hex_paying_terrain():
    s = state_on([".f....."], {"t": ("tank", "green", (0, 0)), "u": ("tank", "green", (6, 0)),
                               "b": ("hovertank", "blue", (6, 0 + 0))}, name="m1") if False else \
        state_on([".f.....", "......."], {"t": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (6, 1))}, name="m1")
    assert step(s) == "movement" and ("done",) in legal(s)          # none at all is fine
    s = act(s, "unit", "t")
    reach = hexes(s)
    # forest costs 2 for tracked: (1,0) at 2, then (2,0) at 3, (3,0) at 4
    assert tuple(hexof(s, 3, 0)) in reach and tuple(hexof(s, 4, 0)) not in reach
    s = act(s, "hex", hexof(s, 1, 0))
    assert at(s, "t") == hexof(s, 1, 0)
    assert s["stack"][-1]["mp"]["t"][0] == 2
    # a unit picked up and stopped where it stands has had its move: it is not offered again
    still = act(act(state_on([".f....."], {"t": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (6, 0))},
                             name="m1b"), "unit", "t"), "stop")
    assert ("unit", "t") not in legal(still) and at(still, "t") == hexof(still, 0, 0)


@pytest.mark.rule("HS-MOV-5")
@pytest.mark.rule("HS-MOV-6")
def test_cannot_enter_a_hex_costing_more_than_is_left_and_nothing_is_saved():
    s = state_on(["..h....", "......."], {"t": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (6, 1))}, name="m2")
    s = acts(s, ("unit", "t"), ("hex", hexof(s, 1, 0)))            # 3 left; hilltop costs 3
    assert tuple(hexof(s, 2, 0)) in hexes(s)
    s = act(s, "hex", hexof(s, 2, 0))                               # now 0 left
    assert not hexes(s)
    refused_why = refused(s, "unit", "t")
    assert refused_why[1] == "HS-MOV-5"


@pytest.mark.rule("HS-MOV-7")
@pytest.mark.rule("HS-AMBIG-8")
def test_a_unit_may_always_move_one_hex():
    s = state_on([".h.....", "......."], {"i": ("inf", "green", (0, 0), 8, {"dis": True}),
                                          "b": ("hovertank", "blue", (6, 1))}, name="m3")
    s = until(s, "movement")
    s = act(s, "unit", "i")                 # move 2 halved to 1 by disruption; hilltop costs 2
    assert tuple(hexof(s, 1, 0)) in hexes(s)
    s = act(s, "hex", hexof(s, 1, 0))
    assert not hexes(s)


@pytest.mark.rule("HS-MOV-8")
def test_movement_zero_moves_only_when_towed():
    s = state_on(["......."], {"g": ("gun", "green", (0, 0)), "b": ("hovertank", "blue", (6, 0))}, name="m4")
    assert ("unit", "g") not in legal(s)
    assert refused(s, "unit", "g")[1] == "HS-MOV-8"


@pytest.mark.rule("HS-MOV-9")
@pytest.mark.rule("HS-MOV-10")
@pytest.mark.rule("HS-MOV-3")
def test_conventional_armour_never_enters_swamp_or_lake_hover_does():
    s = state_on(["wl.....", "......."], {"t": ("tank", "green", (0, 1)), "h": ("hovertank", "blue", (6, 1))},
                 name="m5")
    s = act(s, "unit", "t")
    assert not cells(s, (0, 0), (1, 0)) & hexes(s)
    assert refused(s, "hex", hexof(s, 0, 0))[1] == "HS-MOV-9"
    s = until(act(s, "done"), "movement", "blue")
    s = act(s, "unit", "h")
    assert cells(s, (0, 0), (1, 0)) <= hexes(s)


@pytest.mark.rule("HS-MOV-11")
def test_everyone_enters_and_crosses_rivers():
    s = state_on([".r.....", "......."], {"t": ("tank", "green", (0, 0)), "h": ("hovertank", "blue", (6, 1))}, name="m6")
    s = act(s, "unit", "t")
    assert cells(s, (1, 0), (2, 0)) <= hexes(s)


@pytest.mark.rule("HS-MOV-12")
@pytest.mark.rule("HS-CA-1")
def test_entering_an_enemy_hex_stops_the_unit():
    s = state_on(["......."], {"t": ("tank", "green", (0, 0)), "e": ("def2", "blue", (2, 0))}, name="m7")
    s = act(s, "unit", "t")
    assert tuple(hexof(s, 2, 0)) in hexes(s) and tuple(hexof(s, 3, 0)) not in hexes(s)   # no going on through
    s = act(s, "hex", hexof(s, 2, 0))
    assert s["stack"][-1]["unit"] is None and "t" in s["stack"][-1]["done"]
    from game.rules.slammers import pieces
    assert tuple(pieces.hex_of(s, "t")) == tuple(hexof(s, 2, 0))
    assert pieces.assault_hexes(s) == [tuple(hexof(s, 2, 0))]
    joined = [(e["unit"], e["side"], tuple(e["hex"])) for e in events(s, "assault_joined")]
    assert joined == [("t", "green", tuple(hexof(s, 2, 0)))]


@pytest.mark.rule("HS-MOV-17")
def test_a_close_assault_hex_cannot_be_passed_through():
    s = state_on(["......."], {"t": ("tank", "green", (0, 0)), "g": ("inf", "green", (1, 0)),
                               "e": ("def2", "blue", (1, 0))}, name="m8")
    s = act(s, "unit", "t")
    assert tuple(hexof(s, 2, 0)) not in hexes(s)


@pytest.mark.rule("HS-MOV-13")
@pytest.mark.rule("HS-CA-11")
def test_no_unit_leaves_a_hex_with_an_enemy_in_it():
    s = state_on(["......."], {"t": ("tank", "green", (1, 0)), "e": ("def2", "blue", (1, 0), 8, {"dis": True})},
                 name="m9")
    assert ("unit", "t") not in legal(s)
    assert refused(s, "unit", "t")[1] == "HS-MOV-13"


@pytest.mark.rule("HS-MOV-14")
@pytest.mark.rule("HS-MOV-15")
def test_road_rate_only_from_road_hex_to_road_hex():
    # a road from (1,0) to (4,0) through forest; the tank starts off the road at (0,0)
    road = [((1, 0), (2, 0)), ((2, 0), (3, 0)), ((3, 0), (4, 0))]
    s = state_on([".ffff..", "......."], {"t": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (6, 1))},
                 roads=road, name="m10")
    s = act(s, "unit", "t")
    # entering the first road hex from off the road costs forest (2); then 1 a hex by road
    assert tuple(hexof(s, 3, 0)) in hexes(s) and tuple(hexof(s, 4, 0)) not in hexes(s)
    s = act(s, "hex", hexof(s, 1, 0))
    assert s["stack"][-1]["mp"]["t"][0] == 2
    s = act(s, "hex", hexof(s, 3, 0))
    assert s["stack"][-1]["mp"]["t"][0] == 0


@pytest.mark.rule("HS-MOV-16")
def test_units_move_through_friends():
    s = state_on(["......."], {"t": ("tank", "green", (0, 0)), "a": ("tank", "green", (1, 0)),
                               "c": ("tank", "green", (1, 0)), "d": ("tank", "green", (1, 0)),
                               "b": ("hovertank", "blue", (6, 0))}, name="m11")
    s = act(s, "unit", "t")
    assert tuple(hexof(s, 2, 0)) in hexes(s)
    assert tuple(hexof(s, 1, 0)) not in hexes(s)                   # but may not stop: 4 counters


@pytest.mark.rule("HS-STK-1")
def test_three_counters_a_side_in_a_hex():
    s = state_on(["......."], {"t": ("tank", "green", (0, 0)), "a": ("tank", "green", (1, 0)),
                               "c": ("tank", "green", (1, 0)), "b": ("hovertank", "blue", (6, 0))}, name="s1")
    s = act(s, "unit", "t")
    assert tuple(hexof(s, 1, 0)) in hexes(s)
    s = acts(s, ("hex", hexof(s, 1, 0)))
    assert len([u for u, d in s["units"].items() if d["at"] == hexof(s, 1, 0)]) == 3


@pytest.mark.rule("HS-STK-2")
@pytest.mark.rule("HS-STK-4")
def test_in_a_close_assault_each_side_has_its_own_three():
    units = {f"e{i}": ("def2", "blue", (1, 0)) for i in range(3)}
    units.update({"t": ("tank", "green", (0, 0)), "a": ("tank", "green", (1, 0)), "c": ("tank", "green", (1, 0)),
                  "d": ("tank", "green", (0, 0))})
    s = state_on(["......."], units, name="s2")
    s = acts(s, ("unit", "t"), ("hex", hexof(s, 1, 0)))
    assert len([u for u, d in s["units"].items() if d["at"] == hexof(s, 1, 0)]) == 6
    s = act(s, "unit", "d")
    assert tuple(hexof(s, 1, 0)) not in hexes(s)
    assert refused(s, "hex", hexof(s, 1, 0))[1] == "HS-STK-1"


@pytest.mark.rule("HS-STK-3")
@pytest.mark.rule("HS-AMBIG-9")
def test_loaded_apc_counts_two_and_a_towed_gun_counts():
    s = state_on(["......."], {"p": ("apc", "green", (0, 0), 8, {"cargo": "i"}), "i": ("inf", "green", (0, 0)),
                               "a": ("tank", "green", (1, 0)), "c": ("tank", "green", (1, 0)),
                               "b": ("hovertank", "blue", (6, 0))}, name="s3")
    s = until(s, "movement")
    s = act(s, "unit", "p")
    assert tuple(hexof(s, 2, 0)) in hexes(s)
    assert tuple(hexof(s, 1, 0)) not in hexes(s)          # two tanks there and two counters in the APC
    s2 = state_on(["......."], {"p": ("apc", "green", (0, 0)), "a": ("tank", "green", (1, 0)),
                                "c": ("tank", "green", (1, 0)), "b": ("hovertank", "blue", (6, 0))}, name="s3b")
    s2 = act(s2, "unit", "p")
    assert tuple(hexof(s2, 1, 0)) in hexes(s2)
    # a vehicle towing a gun is two counters too: beside one tank it fits, beside two it does not
    s3 = state_on(["......."], {"v": ("truck", "green", (0, 0), 8, {"tow": "g"}), "g": ("gun", "green", (0, 0)),
                                "a": ("tank", "green", (1, 0)), "c": ("tank", "green", (1, 0)),
                                "d": ("tank", "green", (2, 0)), "b": ("hovertank", "blue", (6, 0))}, name="s3c")
    s3 = act(until(s3, "movement"), "unit", "v")
    assert tuple(hexof(s3, 2, 0)) in hexes(s3)
    assert tuple(hexof(s3, 1, 0)) not in hexes(s3)
    assert refused(s3, "hex", hexof(s3, 1, 0))[1] == "HS-STK-1"


# ---------------------------------------------------------------- towing

def tow_state(name, **extra):
    units = {"v": ("truck", "green", (0, 0)), "g": ("gun", "green", (0, 0)), "b": ("hovertank", "blue", (6, 0))}
    units.update(extra)
    return state_on(["......."], units, name=name)


@pytest.mark.rule("HS-TOW-1")
@pytest.mark.rule("HS-TOW-2")
@pytest.mark.rule("HS-TOW-3")
def test_towing_is_declared_at_the_start_of_the_turn_by_a_vehicle_in_the_guns_hex():
    s = tow_state("t1", w=("truck", "green", (1, 0)), i=("slinf", "green", (0, 0), 8, {"skim": True}))
    assert step(s) == "tow"
    assert ("hook", "v", "g") in legal(s) and ("hook", "w", "g") not in legal(s)
    assert not [a for a in legal(s) if a[:2] == ("hook", "i")]          # skimmers never tow
    assert refused(s, "hook", "w", "g")[1] == "HS-TOW-3"


@pytest.mark.rule("HS-TOW-4")
@pytest.mark.rule("HS-TOW-5")
def test_the_gun_moves_under_its_vehicle_at_half_speed():
    s = tow_state("t2")
    s = acts(s, ("hook", "v", "g"), ("done",), ("unit", "v"))
    assert s["units"]["g"]["towed_by"] == "v"
    assert max(c for (c, r) in [tuple(map(int, [0, 0]))]) == 0
    reach = hexes(s)
    assert tuple(hexof(s, 3, 0)) in reach and tuple(hexof(s, 4, 0)) not in reach    # 6 halved to 3
    s = act(s, "hex", hexof(s, 3, 0))
    assert at(s, "g") == at(s, "v") == hexof(s, 3, 0)


@pytest.mark.rule("HS-TOW-6")
@pytest.mark.rule("HS-TOW-8")
def test_a_towed_gun_does_not_fire_and_fire_hits_the_vehicle_only():
    s = state_on(["......."], {"v": ("truck", "green", (0, 0), 8, {"tow": "g"}), "g": ("gun", "green", (0, 0)),
                               "t": ("tank", "green", (1, 0)), "b": ("hovertank", "blue", (2, 0))}, name="t3")
    s = until(s, "direct", "green")
    assert ("unit", "g") not in legal(s)
    assert refused(s, "unit", "g") == ("artillery may not fire while towed", "HS-TOW-6")
    s = until(s, "direct", "blue")
    s = acts(s, ("unit", "b"), ("hex", hexof(s, 0, 0)))
    assert s["stack"][-1]["aim"] == ["v"]
    assert ("unit", "g") not in legal(s)


@pytest.mark.rule("HS-TOW-7")
def test_the_vehicles_result_applies_to_its_gun():
    s = state_on(["......."], {"v": ("truck", "green", (0, 0), 8, {"tow": "g"}), "g": ("gun", "green", (0, 0)),
                               "b": ("hovertank", "blue", (2, 0))}, name="t4", dice=[6, 6], mover="blue")
    s = until(s, "direct", "blue")
    s = acts(s, ("unit", "b"), ("hex", hexof(s, 0, 0)), ("fire",))    # 10 to 1 on 5-1, 12: E
    s = through(s, "direct")
    assert s["units"]["v"]["at"] is None and s["units"]["g"]["at"] is None


@pytest.mark.rule("HS-TOW-9")
@pytest.mark.rule("HS-DIS-7")
@pytest.mark.rule("HS-AMBIG-11")
def test_a_disrupted_vehicle_neither_hooks_up_nor_sets_up_nor_moves_while_hooked():
    s = state_on(["......."], {"v": ("truck", "green", (0, 0), 12, {"dis": True}), "g": ("gun", "green", (0, 0)),
                               "w": ("truck", "green", (3, 0), 12, {"dis": True, "tow": "h"}),
                               "h": ("gun", "green", (3, 0)), "b": ("hovertank", "blue", (6, 0))}, name="t5")
    s = until(s, "movement")                   # no hook-up or set-up was offered
    assert ("unit", "w") not in legal(s)
    assert ("unit", "v") in legal(s)
    from game.rules.slammers import SPEC
    t = state_on(["......."], {"v": ("truck", "green", (0, 0), 12, {"dis": True}), "g": ("gun", "green", (0, 0)),
                               "x": ("truck", "green", (1, 0)), "y": ("gun", "green", (1, 0)),
                               "b": ("hovertank", "blue", (6, 0))}, name="t5b", dice=[1, 1])
    assert t["stack"][-1]["step"] == "rally"
    t = acts(t, ("rally", "v"), ("accept",), ("done",))
    assert step(t) == "tow" and ("hook", "v", "g") not in legal(t)
    assert SPEC.explain(t, ("hook", "v", "g"))[1] == "HS-TOW-9"


@pytest.mark.rule("HS-TOW-10")
@pytest.mark.rule("HS-TOW-11")
def test_a_gun_set_up_stays_and_fires_and_the_vehicle_moves_normally():
    s = state_on(["........"], {"v": ("truck", "green", (0, 0), 8, {"tow": "g"}), "g": ("gun", "green", (0, 0)),
                                "b": ("hovertank", "blue", (7, 0))}, name="t6")
    assert ("setup", "v") in legal(s)
    s = acts(s, ("setup", "v"), ("done",), ("unit", "v"))
    assert tuple(hexof(s, 6, 0)) in hexes(s)                       # full 6 again
    s = acts(s, ("hex", hexof(s, 1, 0)), ("done",))
    assert at(s, "g") == hexof(s, 0, 0)
    s = until(s, "direct", "green")
    assert ("unit", "g") in legal(s)


@pytest.mark.rule("HS-AMBIG-10")
def test_one_gun_per_vehicle():
    s = tow_state("t7", h=("gun", "green", (0, 0)))
    s = act(s, "hook", "v", "g")
    assert ("hook", "v", "h") not in legal(s)


# ---------------------------------------------------------------- APCs

def apc_state(name, **extra):
    units = {"p": ("apc", "green", (0, 0)), "i": ("inf", "green", (0, 0)), "b": ("hovertank", "blue", (7, 0))}
    units.update(extra)
    return state_on(["........"], units, name=name)


@pytest.mark.rule("HS-APC-1")
@pytest.mark.rule("HS-APC-3")
@pytest.mark.rule("HS-AMBIG-12")
def test_infantry_mounts_an_apc_that_began_in_its_hex_for_one_mp_each():
    s = apc_state("a1", j=("inf", "green", (1, 0)), m=("militia", "green", (0, 0)))
    s = act(s, "unit", "p")
    assert ("load", "i") in legal(s) and ("load", "m") in legal(s) and ("load", "j") not in legal(s)
    s = act(s, "load", "i")
    f = s["stack"][-1]
    assert f["mp"]["p"][0] == 4 and f["mp"]["i"][0] == 1
    assert [(e["unit"], e["apc"]) for e in events(s, "mount")][-1] == ("i", "p")       # the map shows it aboard
    s = act(s, "hex", hexof(s, 4, 0))
    assert at(s, "i") == hexof(s, 4, 0)
    # an APC that moved to the infantry's hex this turn cannot take it aboard
    t = apc_state("a1b", j=("inf", "green", (1, 0)))
    t = acts(t, ("unit", "p"), ("hex", hexof(t, 1, 0)))
    assert ("load", "j") not in legal(t)
    assert refused(t, "load", "j")[1] == "HS-APC-1"


@pytest.mark.rule("HS-APC-3")
def test_infantry_off_an_apc_that_moved_ends_its_move_there_and_off_one_that_did_not_walks_on():
    # the house rule (docs/house-rules/slammers.md, "Infantry off an APC")
    s = apc_state("a3")
    s = acts(s, ("unit", "p"), ("load", "i"), ("hex", hexof(s, 3, 0)), ("unload",))
    assert at(s, "i") == hexof(s, 3, 0) and ("unit", "i") not in legal(s)
    off = events(s, "dismount")[-1]                                  # the event names whose unit got off, and from what
    assert (off["unit"], off["side"], off["apc"]) == ("i", "green", "p")
    t = acts(apc_state("a3b"), ("unit", "p"), ("load", "i"))
    aboard = t["stack"][-1]["mp"]["i"][0]
    t = acts(t, ("unload",), ("stop",))
    assert ("unit", "i") in legal(t)
    assert t["stack"][-1]["mp"]["i"][0] == aboard - 1       # 1 to get on and 1 to get off (HS-APC-3)
    # infantry that began the turn aboard rode too: off an APC that moved, it ends its move there
    r = apc_state("a3c", p=("apc", "green", (0, 0), 12, {"cargo": "i"}))
    r = acts(r, ("unit", "p"), ("hex", hexof(r, 3, 0)), ("unload",))
    assert at(r, "i") == hexof(r, 3, 0) and ("unit", "i") not in legal(r)


@pytest.mark.rule("HS-APC-2")
def test_an_apc_carries_one_infantry_counter():
    s = apc_state("a2", j=("inf", "green", (0, 0)))
    s = acts(s, ("unit", "p"), ("load", "i"))
    assert ("load", "j") not in legal(s)


@pytest.mark.rule("HS-APC-4")
def test_apc_and_infantry_both_fire_in_the_mounting_turn():
    s = apc_state("a4", b=("hovertank", "blue", (6, 0)))
    s = acts(s, ("unit", "p"), ("load", "i"), ("hex", hexof(s, 4, 0)), ("done",))
    s = until(s, "direct", "green")
    assert {("unit", "p"), ("unit", "i")} <= set(legal(s))


@pytest.mark.rule("HS-APC-5")
def test_the_view_shows_which_infantry_rides_and_which_is_on_foot():
    from game.rules.slammers import SPEC
    s = apc_state("a5")
    s = acts(s, ("unit", "p"), ("load", "i"))
    pieces = {p["id"]: p for p in SPEC.view(s, "green")["pieces"]}
    assert pieces["i"]["under"] == "p" and "aboard" in pieces["i"]["flags"]
    assert "loaded" in pieces["p"]["flags"]                                # and the APC that carries it
    s = act(s, "unload")
    pieces = {p["id"]: p for p in SPEC.view(s, "green")["pieces"]}
    assert pieces["i"]["under"] is None and "aboard" not in pieces["i"]["flags"]
    assert "loaded" not in pieces["p"]["flags"]


@pytest.mark.rule("HS-APC-6")
def test_a_disrupted_apc_neither_loads_nor_unloads():
    s = state_on(["........"], {"p": ("apc", "green", (0, 0), 12, {"dis": True, "cargo": "i"}),
                                "i": ("inf", "green", (0, 0)), "j": ("inf", "green", (0, 0)),
                                "b": ("hovertank", "blue", (7, 0))}, name="a6")
    s = acts(until(s, "movement"), ("unit", "p"))
    assert ("unload",) not in legal(s) and not [a for a in legal(s) if a[0] == "load"]
    assert refused(s, "unload")[1] == "HS-APC-6"


@pytest.mark.rule("HS-APC-7")
@pytest.mark.rule("HS-AMBIG-13")
def test_infantry_in_a_disrupted_apc_makes_no_ranged_attack():
    s = state_on(["........"], {"p": ("apc", "green", (0, 0), 12, {"dis": True, "cargo": "i"}),
                                "i": ("inf", "green", (0, 0)), "t": ("tank", "green", (1, 0)),
                                "b": ("hovertank", "blue", (2, 0))}, name="a7")
    s = until(s, "direct", "green")
    assert ("unit", "i") not in legal(s) and refused(s, "unit", "i")[1] == "HS-APC-7"
    s = state_on(["........"], {"p": ("apc", "green", (0, 0), 12, {"dis": True, "cargo": "i"}),
                                "i": ("inf", "green", (0, 0)), "b": ("hovertank", "blue", (2, 0))}, name="a7b",
                 sides=("green", "blue"))
    from game.rules.slammers import fire
    assert not fire.may_fire(s, "i", "green")
    s["units"]["p"]["dis"] = False
    assert fire.may_fire(s, "i", "green")


@pytest.mark.rule("HS-APC-8")
def test_a_disrupted_apc_disrupted_again_is_eliminated_with_its_infantry():
    s = state_on(["........"], {"p": ("apc", "green", (0, 0), 12, {"dis": True, "cargo": "i"}),
                                "i": ("inf", "green", (0, 0)), "b": ("hovertank", "blue", (3, 0))},
                 name="a8", mover="blue", dice=[1, 2])
    s = until(s, "direct", "blue")
    s = acts(s, ("unit", "b"), ("hex", hexof(s, 0, 0)), ("fire",))     # 10 v 2: 5-1, 3 -> D
    s = through(s, "direct")
    assert s["units"]["p"]["at"] is None and s["units"]["i"]["at"] is None


@pytest.mark.rule("HS-APC-9")
@pytest.mark.rule("HS-APC-10")
def test_no_riding_tanks_and_no_future_infantry_in_conventional_apcs():
    s = state_on(["........"], {"t": ("tank", "green", (0, 0)), "i": ("inf", "green", (0, 0)),
                                "p": ("apc", "green", (1, 0)), "s": ("slinf", "green", (1, 0)),
                                "b": ("hovertank", "blue", (7, 0))}, name="a9")
    s = act(s, "unit", "t")
    assert not [a for a in legal(s) if a[0] == "load"]
    assert refused(s, "load", "i")[1] == "HS-APC-9"
    s = act(s, "unit", "p")
    assert ("load", "s") not in legal(s)
    assert refused(s, "load", "s")[1] == "HS-APC-10"


@pytest.mark.rule("HS-APC-11")
def test_eliminating_a_loaded_apc_eliminates_its_infantry():
    s = state_on(["........"], {"p": ("apc", "green", (0, 0), 8, {"cargo": "i"}), "i": ("inf", "green", (0, 0)),
                                "b": ("hovertank", "blue", (3, 0))}, name="a11", mover="blue", dice=[6, 6])
    s = until(s, "direct", "blue")
    assert s["stack"][-1]["side"] == "blue"
    s = acts(s, ("unit", "b"), ("hex", hexof(s, 0, 0)))
    assert s["stack"][-1]["aim"] == ["p"]
    s = through(act(s, "fire"), "direct")
    assert s["units"]["i"]["at"] is None


@pytest.mark.rule("HS-APC-12")
def test_no_dismounting_in_a_close_assault():
    s = state_on(["........"], {"p": ("apc", "green", (0, 0), 8, {"cargo": "i"}), "i": ("inf", "green", (0, 0)),
                                "b": ("hovertank", "blue", (0, 0))}, name="a12")
    assert ("unit", "p") not in legal(s)           # in a Close Assault: it cannot even be picked
    from game.rules.slammers import movement
    frame = {"side": "green", "mp": {}, "entered": {}, "done": [], "unit": "p"}
    assert movement._explain(s, frame, ("unload",))[1] == "HS-APC-12"


# ---------------------------------------------------------------- skimmers

@pytest.mark.rule("HS-SKM-1")
@pytest.mark.rule("HS-SKM-3")
@pytest.mark.rule("HS-SKM-4")
@pytest.mark.rule("HS-MOV-4")
def test_the_books_skimmer_example():
    s = state_on(["........"], {"s": ("slinf", "blue", (0, 0)), "g": ("tank", "green", (7, 0))},
                 name="k1", mover="blue", sides=("blue", "green"))
    s = act(s, "unit", "s")
    assert tuple(hexof(s, 3, 0)) not in hexes(s)                   # on foot: 2 MP
    s = act(s, "mount")
    assert s["stack"][-1]["mp"]["s"] == [1, 5] and s["units"]["s"]["skim"]
    assert [(e["unit"], e["skimmers"], e["side"]) for e in events(s, "mount")][-1] == ("s", True, "blue")
    s = act(s, "hex", hexof(s, 4, 0))                              # 4 hexes on skimmers
    assert s["stack"][-1]["mp"]["s"] == [1, 1]
    s = act(s, "dismount")
    assert s["stack"][-1]["mp"]["s"] == [0, 0] and not s["units"]["s"]["skim"]
    assert [(e["unit"], e["skimmers"], e["side"]) for e in events(s, "dismount")][-1] == ("s", True, "blue")


@pytest.mark.rule("HS-SKM-2")
@pytest.mark.rule("HS-COM-4")
def test_mounted_infantry_uses_its_skimmer_side():
    from game.rules.slammers import SPEC
    s = state_on(["........"], {"s": ("slinf", "blue", (0, 0)), "g": ("tank", "green", (7, 0))},
                 name="k2", mover="blue", sides=("blue", "green"))
    s = acts(s, ("unit", "s"), ("mount",))
    piece = next(p for p in SPEC.view(s, None)["pieces"] if p["id"] == "s")
    assert piece["values"] == [3, 2, 3, 6] and piece["stats"]["move_type"] == "hover"
    assert "skimmer" in piece["flags"]                                  # the counter shows its skimmer side


@pytest.mark.rule("HS-AMBIG-14")
def test_skimmer_infantry_may_mount_again_while_it_can_pay():
    s = state_on(["........"], {"s": ("slinf", "blue", (0, 0)), "g": ("tank", "green", (7, 0))},
                 name="k3", mover="blue", sides=("blue", "green"))
    s = acts(s, ("unit", "s"), ("mount",), ("dismount",))
    assert s["stack"][-1]["mp"]["s"] == [0, 4]
    assert ("mount",) not in legal(s)


# ---------------------------------------------------------------- the way a move is drawn

@pytest.mark.rule("HS-MOV-2")
def test_the_route_shown_is_the_moving_units_cheapest_way_from_what_it_has_left():
    from game.rules.slammers import api
    from game.rules.slammers.board import grid_of
    s = state_on(["........", "........", "........"],
                 {"t": ("tank", "blue", (0, 1)), "u": ("tank", "blue", (0, 2)), "g": ("tank", "green", (7, 0))},
                 name="route", mover="blue", sides=("blue", "green"))
    goal = hexof(s, 3, 1)
    assert api.route(s, "t", goal) == []                       # nothing is being moved yet
    s = act(s, "unit", "t")
    way = api.route(s, "t", goal)
    grid = grid_of(s)
    assert way[0] == tuple(hexof(s, 0, 1)) and way[-1] == tuple(goal) and len(way) == 4     # 3 clear hexes
    assert all(grid.distance(a, b) == 1 for a, b in zip(way, way[1:]))
    assert api.route(s, "u", goal) == []                       # only the unit being moved
    s = act(s, "hex", hexof(s, 2, 1))                         # 2 of its 4 MP spent
    far = hexof(s, 5, 1)
    assert grid.distance(tuple(hexof(s, 2, 1)), tuple(far)) == 3
    assert api.route(s, "t", far) == [tuple(hexof(s, 2, 1)), tuple(far)]     # beyond what is left: ends only


@pytest.mark.rule("HS-MOV-2")
def test_the_view_shows_the_way_the_unit_being_moved_has_come():
    from game.rules.slammers import SPEC
    s = state_on(["........"], {"t": ("tank", "blue", (0, 0)), "g": ("tank", "green", (7, 0))},
                 name="trail", mover="blue", sides=("blue", "green"))
    s = act(s, "unit", "t")
    assert SPEC.view(s, "blue")["trail"] == []                  # picked, not yet moved
    s = acts(s, ("hex", hexof(s, 2, 0)), ("hex", hexof(s, 1, 0)))
    assert SPEC.view(s, "blue")["trail"] == [list(hexof(s, 0, 0)), list(hexof(s, 2, 0)), list(hexof(s, 1, 0))]


@pytest.mark.rule("HS-SKM-1")
def test_the_reach_kept_for_a_position_tells_skimmer_infantry_mounted_from_on_foot():
    # Two positions the same but for whether the infantry rides its skimmers: the reach worked out
    # for one (kept for the position) is not the other's. On foot 2 MP; on its skimmers 6.
    reaches = []
    for skim in (False, True):
        s = state_on(["........"], {"s": ("slinf", "blue", (0, 0), 8, {"skim": skim}), "g": ("tank", "green", (7, 0))},
                     name="k4", mover="blue", sides=("blue", "green"))
        s = act(s, "unit", "s")
        reaches.append(max(hexes(s), key=lambda h: h[0]))
    assert reaches == [tuple(hexof(s, 2, 0)), tuple(hexof(s, 6, 0))]
