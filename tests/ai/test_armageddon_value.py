"""What the search makes of a Battle for Armageddon position: each side's chance, hive by hive."""
from __future__ import annotations

import pytest

from game.ai.armageddon_value import at_least, chances, doomed, kill_chance, ork_chance, retake_chances
from game.rules import GAMES
from tests.armageddon.helpers import position

GOFFS = ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_nobz_1"]


def test_at_least_adds_up_the_ways_enough_hives_fall():
    assert at_least([0.5, 0.5], 1) == pytest.approx(0.75)
    assert at_least([0.5, 0.5], 2) == pytest.approx(0.25)
    assert at_least([1.0, 1.0, 0.0], 2) == pytest.approx(1.0)
    assert at_least([0.2, 0.3], 3) == 0.0
    assert at_least([0.9], 0) == 1.0


@pytest.mark.rule("BFA-VIC-2")
def test_three_hives_captured_is_an_ork_win():
    ruins = ("Tartarus", "Infernus", "Hellsreach")
    state = position({}, {"Tartarus": ["ork_goff_boyz_1"], "Infernus": ["ork_goff_boyz_2"],
                          "Hellsreach": ["ork_bad_moon_boyz_1"], "Redweed Marsh": ["ork_ghazghkull"]}, ruins=ruins)
    assert ork_chance(state) == 1.0
    two = position({}, {"Tartarus": ["ork_goff_boyz_1"], "Infernus": ["ork_goff_boyz_2"],
                        "Redweed Marsh": ["ork_ghazghkull"]}, ruins=ruins)
    assert 0.0 < ork_chance(two) < 1.0           # the third ruin is nobody's yet


@pytest.mark.rule("BFA-VIC-2")
@pytest.mark.rule("BFA-CBT-9")
def test_a_garrison_lowers_the_chance_that_the_hive_next_to_the_orks_falls():
    orks = {"Redweed Marsh": GOFFS + ["ork_ghazghkull"]}
    bare = position({}, orks)
    held = position({"Infernus": ["im_guard_1", "im_titan_1", "im_guard_2"]}, orks)
    assert ork_chance(held) < ork_chance(bare)
    # the same attack split over two tribes threatens less than one tribe massed (only one attacks)
    split = position({}, {"Redweed Marsh": GOFFS[:2] + ["ork_ghazghkull"], "Smasha Ridge": ["ork_bad_moon_nobz_1"]})
    massed = position({}, {"Redweed Marsh": GOFFS[:2] + ["ork_ghazghkull"], "Smasha Ridge": ["ork_goff_nobz_2"]})
    assert ork_chance(split) < ork_chance(massed)


@pytest.mark.rule("BFA-SEQ-1")
def test_fewer_turns_left_leave_the_orks_less_time():
    orks = {"Redweed Marsh": GOFFS + ["ork_ghazghkull"]}
    assert ork_chance(position({}, orks, turn=8)) < ork_chance(position({}, orks, turn=2))


@pytest.mark.rule("BFA-STK-6")
def test_a_garrison_over_the_stacking_limit_counts_only_what_will_stay():
    orks = {"Redweed Marsh": GOFFS + ["ork_ghazghkull"]}
    three = position({"Infernus": ["im_titan_1", "im_titan_2", "im_titan_3"]}, orks)
    four = position({"Infernus": ["im_titan_1", "im_titan_2", "im_titan_3", "im_gang_infernus_1"]}, orks)
    assert ork_chance(four) == pytest.approx(ork_chance(three), abs=0.02)   # the gang is lost at once
    assert chances(four)["imperial"] <= chances(three)["imperial"]


@pytest.mark.rule("BFA-VIC-4")
@pytest.mark.rule("BFA-VIC-7")
def test_ghazghkull_out_of_play_opens_the_imperial_win_and_a_draw_is_half():
    with_him = position({"Infernus": ["im_guard_1"]}, {"Redweed Marsh": GOFFS + ["ork_ghazghkull"]})
    without = position({"Infernus": ["im_guard_1"]}, {"Redweed Marsh": GOFFS})      # eliminated by position()
    assert chances(without)["imperial"] > chances(with_him)["imperial"]
    # with Ghazghkull in play the Imperium can at best draw: half of what the Orks do not win
    assert chances(with_him)["imperial"] == pytest.approx(0.5 * (1 - ork_chance(with_him)))
    assert sum(chances(with_him).values()) == pytest.approx(1.0)


@pytest.mark.rule("BFA-VIC-4")
@pytest.mark.rule("BFA-RET-8")
@pytest.mark.rule("BFA-SUP-9")
def test_the_imperium_hunting_ghazghkull_sees_its_chance_grow_as_it_closes_on_him():
    orks = {"Redweed Marsh": GOFFS + ["ork_ghazghkull"]}
    far = position({"Hellsreach": ["im_titan_1", "im_titan_2"], "Infernus": ["im_guard_1"]}, orks)
    near = position({"Cinder Gate": ["im_titan_1", "im_titan_2"], "Infernus": ["im_guard_1"]}, orks)
    assert 0.0 < kill_chance(far) < kill_chance(near) < 1.0
    alone = position({"Cinder Gate": ["im_titan_1", "im_titan_2"], "Infernus": ["im_guard_1"]},
                     {"Redweed Marsh": ["ork_ghazghkull"]})
    assert kill_chance(alone) > kill_chance(near)                   # his guard makes him harder to reach
    late = position({"Cinder Gate": ["im_titan_1", "im_titan_2"], "Infernus": ["im_guard_1"]}, orks, turn=8)
    assert kill_chance(late) < kill_chance(near)
    # the chance opens the Imperial win only in the hunting reading, and only up to it
    plain, hunting = chances(near), chances(near, hunt=True)
    assert plain["imperial"] == pytest.approx(0.5 * (1 - ork_chance(near)))
    assert plain["imperial"] < hunting["imperial"] <= 0.5 * (1 - ork_chance(near)) * (1 + kill_chance(near)) + 1e-12
    gone = position({"Infernus": ["im_guard_1"]}, {"Redweed Marsh": GOFFS})           # eliminated
    assert kill_chance(gone) == 0.0 and chances(gone, hunt=True) == chances(gone)
    assert kill_chance(far, starving=frozenset({"ork_ghazghkull"})) == 1.0     # supply will do it (BFA-SUP-9)


@pytest.mark.rule("BFA-VIC-4")
def test_the_imperial_search_marches_on_ghazghkull_where_the_plain_worth_stays_put():
    from game.ai.armageddon import distances
    from game.ai.knowledge import knowledge_of
    from tests.armageddon.helpers import movement_phase
    spec = GAMES["armageddon"]
    state = movement_phase(position({"Hellsreach": ["im_titan_1", "im_titan_2"], "Infernus": ["im_guard_1"]},
                                    {"Redweed Marsh": ["ork_ghazghkull"]}), "imperial")
    actions = spec.legal_actions(state)
    know = knowledge_of(spec)
    apart = distances(state)["Redweed Marsh"]
    first = know.seated("imperial").root_order(spec, state, actions, "imperial")[0][0]
    assert first[0] == "move" and apart[first[2]] < apart["Hellsreach"]
    assert know.seated("ork").root_order(spec, state, actions, "imperial")[0][0] == ("done",)


def test_the_search_scores_positions_with_it():
    from game.ai.knowledge import knowledge_of
    spec = GAMES["armageddon"]
    state = position({"Infernus": ["im_guard_1"]}, {"Redweed Marsh": GOFFS + ["ork_ghazghkull"]})
    assert knowledge_of(spec).evaluate(spec, state) == chances(state)


@pytest.mark.rule("BFA-VIC-2")
@pytest.mark.rule("BFA-MOV-2")
def test_the_search_garrisons_the_hive_the_orks_are_massing_against():
    from game.ai.knowledge import knowledge_of
    from tests.armageddon.helpers import movement_phase
    spec = GAMES["armageddon"]
    state = movement_phase(position({"Cinder Gate": ["im_guard_1"], "Acheron": ["im_guard_2"]},
                                    {"Redweed Marsh": GOFFS + ["ork_ghazghkull"]}), "imperial")
    actions = spec.legal_actions(state)
    assert ("move", "im_guard_1", "Infernus") in actions
    ranked = knowledge_of(spec).root_order(spec, state, actions, "imperial")
    assert ranked[0][0] == ("move", "im_guard_1", "Infernus")


@pytest.mark.rule("BFA-SET-4")
@pytest.mark.rule("BFA-IBL-7")
def test_the_root_takes_the_standard_set_up_and_never_leaves_build_points_unspent():
    from game.ai.knowledge import knowledge_of
    spec = GAMES["armageddon"]
    know = knowledge_of(spec)
    state = spec.setup(3)
    assert know.root_order(spec, state, spec.legal_actions(state), "imperial") == [(("standard",), 1.0)]
    from tests.armageddon.fighting import build
    state = build(position({"Infernus": ["im_guard_1"]}, {"Redweed Marsh": GOFFS + ["ork_ghazghkull"]}), "imperial")
    building = spec.legal_actions(state)
    assert ("done",) in building and any(a[0] == "buy" for a in building)
    ranked = [a for a, _ in know.root_order(spec, state, building, "imperial")]
    assert ("done",) not in ranked and len(ranked) == len(building) - 1


@pytest.mark.rule("BFA-VIC-5")
def test_with_ghazghkull_gone_the_imperium_gains_by_closing_on_a_hive_the_orks_hold():
    held = {"Infernus": ["ork_goff_boyz_1"]}                 # one Ork in Infernus's ruins
    far = position({"Hellsreach": ["im_titan_1", "im_titan_2"]}, held, ruins=("Infernus",))
    near = position({"Sulphur Wastes": ["im_titan_1", "im_titan_2"]}, held, ruins=("Infernus",))
    assert retake_chances(far)["Infernus"] < retake_chances(near)["Infernus"]
    assert chances(far)["imperial"] < chances(near)["imperial"]
    # a stronger garrison is harder to throw out; an Imperial counter in the ruins holds it
    stronger = position({"Sulphur Wastes": ["im_titan_1", "im_titan_2"]},
                        {"Infernus": ["ork_goff_boyz_1", "ork_goff_nobz_1"]}, ruins=("Infernus",))
    assert retake_chances(stronger)["Infernus"] < retake_chances(near)["Infernus"]
    entered = position({"Infernus": ["im_titan_1"], "Sulphur Wastes": ["im_titan_2"]}, {}, ruins=("Infernus",))
    assert "Infernus" not in retake_chances(entered)
    assert chances(entered)["imperial"] > chances(near)["imperial"]


def test_a_march_on_a_hive_through_an_area_the_orks_stand_in_counts_for_less():
    # Ironvale reaches Infernus only through Sulphur Wastes: free, or blocked by an Ork mob
    held = {"Infernus": ["ork_goff_boyz_1"]}
    free = position({"Ironvale": ["im_titan_1", "im_titan_2"]}, held, ruins=("Infernus",))
    blocked = position({"Ironvale": ["im_titan_1", "im_titan_2"]},
                       dict(held, **{"Sulphur Wastes": ["ork_goff_boyz_2"]}), ruins=("Infernus",))
    assert retake_chances(blocked)["Infernus"] < retake_chances(free)["Infernus"]


@pytest.mark.rule("BFA-SUP-4")
@pytest.mark.rule("BFA-SUP-9")
def test_units_cut_off_from_supply_count_as_lost_where_the_imperium_searches():
    from game.ai.knowledge import knowledge_of
    spec = GAMES["armageddon"]
    orks = {"Cinder Reach": ["ork_goff_boyz_1"], "Rust Steppe": ["ork_goff_boyz_2"],
            "Redweed Marsh": ["ork_goff_nobz_1", "ork_ghazghkull"]}
    # Rok Fall's only ways out are the two areas the Orks stand in: the titans there starve
    cut = position({"Rok Fall": ["im_titan_1", "im_titan_2"], "Infernus": ["im_guard_1"]}, orks)
    fed = position({"Acheron": ["im_titan_1", "im_titan_2"], "Infernus": ["im_guard_1"]}, orks)
    assert chances(cut, supply=True)["imperial"] < chances(cut)["imperial"]
    assert chances(fed, supply=True)["imperial"] == pytest.approx(chances(fed)["imperial"])
    know = knowledge_of(spec)
    assert know.seated("imperial").evaluate(spec, cut) == chances(cut, supply=True, hunt=True)
    assert know.seated("ork").evaluate(spec, cut) == chances(cut)      # the Orks' worth as fitted


@pytest.mark.rule("BFA-SUP-10")
def test_a_cut_off_stack_in_a_hive_is_not_counted_lost():
    orks = {"Cinder Gate": ["ork_goff_boyz_1"], "Redweed Marsh": ["ork_goff_boyz_2"],
            "Smasha Ridge": ["ork_goff_nobz_1"], "Diablo Forges": ["ork_goff_nobz_2"],
            "Sulphur Wastes": ["ork_goff_boyz_3"], "Infernus Wastes": ["ork_ghazghkull"],
            "Cinder Reach": ["ork_goff_boyz_4"], "Rust Steppe": ["ork_goff_boyz_5"]}
    state = position({"Infernus": ["im_titan_1"], "Rok Fall": ["im_titan_2"]}, orks)
    assert doomed(state) >= {"im_titan_2"}
    assert "im_titan_1" not in doomed(state)          # the hive's roll may save it (BFA-SUP-10)


@pytest.mark.rule("BFA-SUP-9")
@pytest.mark.rule("BFA-AMBIG-19")
def test_an_ork_stack_cut_off_beside_an_imperial_fortification_is_not_sheltered_by_it():
    # Northmarch's fortification is the Imperium's: it shelters Imperial stacks only
    ring = ("Cinder Mills", "Scorched Plain", "Stygies Crossing", "Stygies Springs", "Tartarus")
    imperial = {area: [f"im_guard_{i + 1}"] for i, area in enumerate(ring)}
    state = position(imperial, {"Northmarch": ["ork_goff_boyz_1"], "Redweed Marsh": ["ork_ghazghkull"]})
    assert "ork_goff_boyz_1" in doomed(state)


def test_each_seat_keeps_its_own_worth_whichever_knowledge_is_asked():
    from game.ai.knowledge import knowledge_of
    know = knowledge_of(GAMES["armageddon"])
    for start in (know, know.seated("imperial"), know.seated("ork")):
        assert start.seated("imperial").supply and not start.seated("ork").supply
