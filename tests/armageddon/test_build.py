"""Imperial and Ork build phases through the contract (BFA-IBL-*, BFA-OBL-*, BFA-HIV-3, -5, BFA-GAP-17, -20)."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.rules.armageddon import SPEC, data

from .fighting import build, events, industry, play, step, table, where

rule = pytest.mark.rule
NONE = {"imperial": [], "ork": []}


def bought(state):
    return [a[1] for a in SPEC.legal_actions(state) if a[0] == "buy"]


@rule("BFA-IBL-1")
@rule("BFA-IBL-2")
@rule("BFA-IBL-3")
@rule("BFA-IBL-6")
@rule("BFA-GAP-20")
@rule("BFA-IBL-8")
@rule("BFA-IBL-9")
def test_build_points_buy_counters_onto_their_production_space_and_the_track_moves():
    state = build(table({}, {}, hands=NONE), "imperial")
    assert SPEC.active(state) == "imperial" and events(state, "build_phase")[-1]["points"] == 20
    assert events(state, "build_phase")[-1]["clause"] == "BFA-IBL-2"
    assert "im_guard_1" in bought(state) and "im_guard_20" in bought(state)       # the same price
    state = play(state, ("buy", "im_guard_1"))
    assert where(state, "im_guard_1") == "Production 3"
    assert events(state, "build")[-1]["cost"] == data.cost("guard_army") == 4
    state = play(state, ("buy", "im_titan_2"), ("buy", "im_rough_riders_4"))    # 4 + 8 + 3 = 15
    assert "im_armour_5" in bought(state) and "im_titan_3" not in bought(state)  # 5 left
    state = play(state, ("done",))
    assert (where(state, "im_guard_1"), where(state, "im_titan_2"), where(state, "im_rough_riders_4")) == (
        "Production 2", "Production 3", "Production 1")
    moved = events(state, "production")[-1]                      # the track as the window redraws it
    assert moved["track"]["2"] == ["im_guard_1"] and "im_titan_2" in moved["track"]["3"]
    assert step(state) == "turn"


@rule("BFA-IBL-4")
@rule("BFA-IBL-5")
def test_only_types_with_a_cost_are_built_from_the_set_aside_and_the_eliminated():
    state = build(table({}, {}, hands=NONE, eliminated=["im_guard_2", "im_sm_ultramarines"]), "imperial")
    offered = bought(state)
    assert "im_guard_2" in offered and "im_guard_5" in offered
    for never in ("im_sm_ultramarines", "im_sm_blood_angels", "im_dante", "im_yarrick"):
        assert never not in offered
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, ("buy", "im_sm_ultramarines"))
    assert err.value.clause == "BFA-IBL-4"


@rule("BFA-IBL-7")
@rule("BFA-AMBIG-15")
def test_unspent_points_are_lost_and_every_build_phase_gets_the_whole_track():
    state = build(table({}, {}, hands=NONE), "imperial")
    state = play(state, ("buy", "im_guard_1"), ("done",))
    done = events(state, "build_done")[-1]
    assert (done["side"], done["spent"], done["lost"], done["clause"]) == ("imperial", 4, 16, "BFA-IBL-7")
    state = build(state, "imperial")
    assert events(state, "build_phase")[-1]["points"] == 20


@rule("BFA-IBL-10")
@rule("BFA-IBL-11")
@rule("BFA-IBL-12")
@rule("BFA-IBL-13")
@rule("BFA-AMBIG-16")
def test_hive_gangs_reach_the_map_at_once_with_an_intact_hive_or_factory_and_the_track_waits():
    state = build(table({}, {"Diablo Forges": ["ork_bad_moon_boyz_1"]}, ruins=["Diablo Forges"], hands=NONE),
                  "imperial")
    state = play(state, ("buy", "im_gang_hades_3"), ("buy", "im_guard_1"), ("done",))
    assert where(state, "im_gang_hades_3") == "Ready" and where(state, "im_guard_1") == "Production 2"
    places = {a[2] for a in SPEC.legal_actions(state) if a[0] == "place"}
    hives_factories = {c["area"] for c in data.counters().values() if c["type"] in ("hive", "factory")}
    assert places == hives_factories - {"Diablo Forges"}             # the ruin is no place to arrive
    state = play(state, ("place", "im_gang_hades_3", "Hades"))
    assert where(state, "im_gang_hades_3") == "Hades" and step(state) == "turn"
    assert [(e["side"], e["area"]) for e in events(state, "placed") if e.get("counter") == "im_gang_hades_3"] == [
        ("imperial", "Hades")]
    # An Ork build phase never moves the production track.
    state = build(state, "ork")
    assert where(state, "im_guard_1") == "Production 2"


@rule("BFA-IBL-14")
@rule("BFA-AMBIG-17")
def test_ready_counters_with_no_room_wait_in_the_ready_box():
    areas = sorted(c["area"] for c in data.counters().values() if c["type"] in ("hive", "factory"))
    units = [c for c, v in data.counters().items() if v["type"] in ("guard_army", "armoured_regiment", "artillery")]
    full = {area: units[3 * i:3 * i + 3] for i, area in enumerate(areas)}          # 11 full stacks
    state = build(table(full, {}, hands=NONE), "imperial")
    state = play(state, ("buy", "im_gang_hades_3"), ("done",))
    assert where(state, "im_gang_hades_3") == "Ready" and step(state) == "turn"    # nowhere to go
    state = table({k: v for k, v in full.items() if k != "Hades"}, {}, hands=NONE)
    state["at"]["im_gang_hades_3"] = "Ready"                                         # left from before
    state = play(build(state, "imperial"), ("done",))                              # nothing bought
    assert set(SPEC.legal_actions(state)) == {("place", "im_gang_hades_3", "Hades"), ("done",)}


@rule("BFA-FTS-4")
@rule("BFA-AMBIG-6")
@rule("BFA-HIV-3")
def test_the_build_points_are_the_intact_industry_halved_and_rounded_down_on_turn_1():
    state = build(table({}, {"Stygies Foundry": ["ork_goff_boyz_1"]}, ruins=["Stygies Foundry"],
                        turn=1, hands=NONE), "imperial")
    assert state["build_points"] == 19
    assert events(state, "build_phase")[-1]["points"] == 9


@rule("BFA-GAP-17")
@rule("BFA-HIV-5")
@rule("BFA-HIV-2")
def test_a_ruin_held_by_imperial_units_alone_is_rebuilt_for_its_defence():
    state = table({"Infernus": ["im_guard_6"]}, {"Diablo Forges": ["ork_goff_boyz_1"]},
                  ruins=["Infernus", "Diablo Forges"], hands=NONE)
    assert state["build_points"] == 17
    state = build(state, "imperial")
    assert ("rebuild", "Infernus") in SPEC.legal_actions(state)
    assert ("rebuild", "Diablo Forges") not in SPEC.legal_actions(state)       # Orks stand there
    state = play(state, ("rebuild", "Infernus"))
    assert industry("Infernus") not in state["ruins"] and state["build_points"] == 19
    rebuilt = events(state, "rebuilt")[-1]
    assert (rebuilt["clause"], rebuilt["counter_type"], rebuilt["value"]) == ("BFA-HIV-5", "hive", 2)
    assert SPEC.invariants(state) == []
    state = play(state, ("done",))              # the hive's defence came out of the build points
    done = events(state, "build_done")[-1]
    assert (done["spent"], done["lost"]) == (2, 15)


@rule("BFA-OBL-1")
@rule("BFA-AMBIG-18")
@rule("BFA-HIV-6")
def test_orks_rebuild_one_counter_for_every_two_ruins_they_hold():
    ruins = ["Diablo Forges", "Infernus", "Cinder Mills", "Stygies Foundry", "Tartarus"]
    orks = {"Diablo Forges": ["ork_bad_moon_boyz_1"], "Infernus": ["ork_bad_moon_boyz_2"],
            "Cinder Mills": ["ork_goff_boyz_1"], "Stygies Foundry": ["ork_goff_boyz_2"],
            "Tartarus": ["ork_goff_boyz_3"]}
    state = table({}, orks, ruins=ruins + ["Hades"], hands=NONE,
                  eliminated=["ork_goff_nobz_1", "ork_goff_nobz_2", "ork_goff_dreadnoughts_1"])
    state = build(state, "ork")
    assert events(state, "build_phase")[-1]["rebuilds"] == 2       # 5 held ruins; Hades is unheld
    assert events(state, "build_phase")[-1]["clause"] == "BFA-OBL-1"
    assert SPEC.explain(state, ("rebuild", "ork_goff_nobz_1", "Hades")) == (     # an unheld ruin: no place
        "one counter for every two smoking ruins you hold, onto a held ruin or an Ork supply area", "BFA-OBL-1")
    state = play(state, ("rebuild", "ork_goff_nobz_1", "Tartarus"), ("rebuild", "ork_goff_nobz_2", "Cinder Mills"))
    assert step(state) == "turn" and where(state, "ork_goff_dreadnoughts_1") == "Eliminated"
    # the Orks may also stop short: Done ends their build phase with the rebuilds unused
    state = build(table({}, orks, ruins=ruins, hands=NONE, eliminated=["ork_goff_nobz_1"]), "ork")
    assert ("done",) in SPEC.legal_actions(state)
    state = play(state, ("done",))
    assert step(state) == "turn" and where(state, "ork_goff_nobz_1") == "Eliminated"
    # with one ruin held there is no rebuild to make: the phase is announced and passes without a stop
    state = build(table({}, {"Tartarus": ["ork_goff_boyz_3"]}, ruins=["Tartarus"], hands=NONE,
                        eliminated=["ork_goff_nobz_1"]), "ork")
    assert events(state, "build_phase")[-1]["rebuilds"] == 0 and step(state) == "turn"


@rule("BFA-IBL-11")
@rule("BFA-IBL-7")
def test_with_nothing_to_buy_the_build_phase_goes_straight_to_placing_what_is_ready():
    state = table({}, {}, hands=NONE)
    state["build_points"] = 0
    from game.rules.armageddon.model import put
    put(state, "im_guard_1", "Ready")
    state = build(state, "imperial")
    acts = SPEC.legal_actions(state)
    assert ("place", "im_guard_1", "Hades") in acts and not any(a[0] == "buy" for a in acts)
    from game.rules.armageddon import api                     # the Ready box as the window lists it
    assert "im_guard_1" in api.boxed(state, "Ready")


@rule("BFA-OBL-2")
@rule("BFA-OBL-3")
@rule("BFA-OBL-4")
def test_ork_rebuilds_come_back_on_a_held_ruin_or_a_supply_area_within_stacking():
    state = table({}, {"Infernus": ["ork_bad_moon_boyz_2"], "Diablo Forges": ["ork_bad_moon_boyz_1"],
                       "Krater Fields": ["ork_evil_sunz_boyz_1"]},
                  ruins=["Infernus", "Diablo Forges"], hands=NONE, eliminated=["ork_goff_nobz_1"])
    from game.rules.armageddon.model import put
    put(state, "ork_ghazghkull", "Eliminated")
    state = build(state, "ork")
    places = {a[2] for a in SPEC.legal_actions(state) if a[0] == "rebuild"}
    who = {a[1] for a in SPEC.legal_actions(state) if a[0] == "rebuild"}
    assert who == {"ork_goff_nobz_1"}                              # never Ghazghkull
    # Held ruins of another tribe and an Evil Sunz supply area refuse a Goff; Rok Fall, Da Landin' do not.
    assert places == {"Rok Fall", "Da Landin'"}
    state = play(state, ("rebuild", "ork_goff_nobz_1", "Rok Fall"))
    back = events(state, "build")[-1]                                # the counter back, as the window hears it
    assert (back["side"], back["counter"], back["area"], back["clause"]) == ("ork", "ork_goff_nobz_1", "Rok Fall",
                                                                           "BFA-OBL-2")


@rule("BFA-VIC-2")
def test_the_top_bar_counts_the_hives_each_side_holds():
    # a ruined hive with Orks in it is captured: the view's scores, which the top bar shows, say so
    state = table({}, {"Infernus": ["ork_goff_boyz_1"]}, ruins=["Infernus"], hands=NONE)
    assert SPEC.view(state, None)["scores"] == {"imperial": 4, "ork": 1}
