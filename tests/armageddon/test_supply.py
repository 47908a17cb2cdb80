"""The supply check through the contract (BFA-SUP-*, BFA-ACT-5, BFA-AMBIG-19, -20)."""
from __future__ import annotations

import pytest

from game.rules.armageddon import SPEC, data

from .fighting import events, industry, play, supply, table, where

rule = pytest.mark.rule
NONE = {"imperial": [], "ork": []}


def example(**more):
    ex = data.examples()["supply"]
    return table(ex["imperial"], ex["ork"], ruins=ex["ruins"], turn=ex["turn"], hands=NONE, **more)


@rule("BFA-SUP-1")
@rule("BFA-SUP-2")
@rule("BFA-SUP-4")
@rule("BFA-SUP-8")
@rule("BFA-SUP-9")
@rule("BFA-AMBIG-1")
def test_the_books_supply_example_the_gangs_are_cut_off_and_hellsreach_is_supplied():
    state = supply(example(), "imperial")
    check = events(state, "supply_check")[-1]
    assert check["out_of_supply"] == ["Slag Marsh"]
    lost = events(state, "supply")[-1]
    assert lost["area"] == "Slag Marsh" and lost["rolls"] == [] and lost["destroyed"] is True
    assert (lost["side"], lost["in_supply"]) == ("imperial", False)
    assert where(state, "im_gang_hellsreach_3") == "Eliminated" and where(state, "im_gang_hellsreach_4") == "Eliminated"
    assert where(state, "im_guard_5") == "Hellsreach"               # a supply area (a port) itself
    # Only the active side's counters are checked: the Orks are untouched.
    assert all(where(state, c) != "Eliminated" for ids in data.examples()["supply"]["ork"].values() for c in ids)


@rule("BFA-SUP-3")
@rule("BFA-SUP-7")
def test_a_supply_line_is_of_any_length_and_passes_through_ash_wastes():
    # From Tartarus Wastes (an ash waste) the line runs through the ash and the whole west.
    state = supply(table({"Tartarus Wastes": ["im_guard_1"], "Canyon of Dust": ["im_guard_2"]}, {},
                         hands=NONE), "imperial")
    assert events(state, "supply_check")[-1]["out_of_supply"] == []


@rule("BFA-SUP-5")
@rule("BFA-SUP-6")
def test_mountains_and_seas_carry_no_supply_line():
    # Tartarus March: Ork stacks on every land side; only the Pallid Heights (mountains) are open.
    orks = {"Cinder Reach": ["ork_evil_sunz_boyz_1"], "Gorge of Teeth": ["ork_evil_sunz_boyz_2"],
            "Tartarus Wastes": ["ork_evil_sunz_boyz_3"], "Tartarus": ["ork_evil_sunz_boyz_4"]}
    state = supply(table({"Tartarus March": ["im_guard_1"]}, orks, ruins=["Tartarus"], hands=NONE), "imperial")
    assert events(state, "supply_check")[-1]["out_of_supply"] == ["Tartarus March"]
    from game.rules.armageddon import supply as supplying
    from game.rules.armageddon.board import of
    reach = supplying.supplied_areas(state, of(state), "imperial")
    assert not any(of(state).kind[a] in ("sea", "mountain") for a in reach)


def cut_hive(dice, fort=True):
    """Tartarus held by an Imperial unit with every way out closed by Orks."""
    orks = {"Cinder Mills": ["ork_evil_sunz_boyz_1"], "Gorge of Teeth": ["ork_evil_sunz_boyz_2"],
            "Northmarch": ["ork_evil_sunz_boyz_3"], "Scorched Plain": ["ork_evil_sunz_boyz_4"],
            "Tartarus March": ["ork_evil_sunz_nobz_1"], "Tartarus Wastes": ["ork_evil_sunz_nobz_2"]}
    imp = {"Tartarus": ["im_guard_1", "im_gang_tartarus_1", "im_gang_tartarus_2"]}
    return table(imp, orks, ruins=["Cinder Mills"], forts={"im_fort_1": "Tartarus"} if fort else {},
                 hands=NONE, dice=dice)


@rule("BFA-SUP-10")
@rule("BFA-SUP-12")
@rule("BFA-AMBIG-20")
def test_a_hive_alone_gives_one_roll_for_the_whole_stack_and_1_to_3_destroys_it():
    state = supply(cut_hive([4], fort=False), "imperial")
    ev = events(state, "supply")[-1]
    assert ev["rolls"] == [4] and ev["shelter"] == ["hive"] and not ev["destroyed"]
    assert ev["clause"] == "BFA-SUP-10"
    assert state["dice"]["values"] == [4] and state["dice"]["sides"] == 6 and "Tartarus" in state["dice"]["text"]
    state = supply(cut_hive([3], fort=False), "imperial")
    ev = events(state, "supply")[-1]
    assert ev["rolls"] == [3] and ev["destroyed"] and len(ev["counters"]) == 3
    assert where(state, industry("Tartarus")) == "Tartarus"          # the hive itself is never removed


@rule("BFA-SUP-11")
def test_a_hive_and_a_fortification_roll_twice_and_the_stack_dies_only_if_both_fail():
    state = supply(cut_hive([2, 5]), "imperial")
    ev = events(state, "supply")[-1]
    assert ev["rolls"] == [2, 5] and not ev["destroyed"] and ev["clause"] == "BFA-SUP-11"
    assert ev["shelter"] == ["hive", "fortification"]
    assert state["dice"]["values"] == [2, 5]
    state = supply(cut_hive([1, 3]), "imperial")
    ev = events(state, "supply")[-1]
    assert ev["destroyed"] and where(state, "im_fort_1") == "Tartarus"


@rule("BFA-AMBIG-19")
def test_a_factory_never_shelters_but_a_ruined_hive_shelters_the_orks_in_it():
    # Infernus (ruined) held by Bad Moons, cut off from Ork supply by Imperial stacks around it.
    imp = {"Cinder Gate": ["im_guard_1"], "Diablo Forges": ["im_guard_2"], "Infernus Wastes": ["im_guard_3"],
           "Sulphur Wastes": ["im_guard_4"], "Redweed Marsh": ["im_guard_5"], "Smasha Ridge": ["im_guard_6"]}
    state = supply(table(imp, {"Infernus": ["ork_bad_moon_boyz_1"]}, ruins=["Infernus"], hands=NONE,
                         dice=[5]), "ork")
    ev = events(state, "supply")[-1]
    assert ev["area"] == "Infernus" and ev["shelter"] == ["hive"] and ev["rolls"] == [5]
    # A factory gives no such roll.
    imp = {"Infernus": ["im_guard_1"], "Smasha Ridge": ["im_guard_2"], "Burning Fields": ["im_guard_3"],
           "Diablo Mouth": ["im_guard_4"], "Hellsreach Marches": ["im_guard_5"], "Sulphur Wastes": ["im_guard_6"]}
    state = supply(table(imp, {"Diablo Forges": ["ork_bad_moon_boyz_1"]}, ruins=["Diablo Forges"],
                         hands=NONE), "ork")
    ev = events(state, "supply")[-1]
    assert ev["area"] == "Diablo Forges" and ev["rolls"] == [] and ev["destroyed"]
    assert ev["clause"] == "BFA-SUP-9" and ev["shelter"] == []
    gone = events(state, "eliminated")[-1]
    assert (gone["counter"], gone["why"], gone["clause"]) == ("ork_bad_moon_boyz_1", "out of supply", "BFA-SUP-9")


@rule("BFA-ACT-5")
def test_the_supply_check_ends_every_action_segment_for_the_side_that_acted():
    from .fighting import started
    state = started()
    for card in ("im_s_advance", "im_s_counter_attack", "ork_s_get_movin", "ork_s_waaagh"):
        state = play(state, ("card", card))
    # Turn 1: the Orks move first (their Get Movin'); pass both movement phases.
    guard = 0
    while not events(state, "supply_check") and guard < 20:
        acts = SPEC.legal_actions(state)
        state = play(state, ("done",) if ("done",) in acts else ("decline",) if ("decline",) in acts else acts[0])
        guard += 1
    check = events(state, "supply_check")[0]
    phases = [e for e in events(state, "phase") if e["segment"] == 1]
    second = [e for e in events(state, "reveal") if e["segment"] == 2]
    assert check["side"] == "ork" and phases[-1].get("phase", phases[-1].get("kind")) == "supply"
    assert phases[-1]["serial"] < check["serial"] and all(check["serial"] < e["serial"] for e in second)


@rule("BFA-SPC-1")
def test_a_refused_supply_choice_says_why():
    ex_imp = {"Slag Marsh": ["im_gang_hellsreach_3"], "Hellsreach": ["im_guard_5"]}
    ex = data.examples()["supply"]
    state = supply(table(ex_imp, ex["ork"], ruins=ex["ruins"], hands={"imperial": ["im_x_airlift"], "ork": []}),
                   "imperial")
    assert SPEC.legal_actions(state) == [("card", "im_x_airlift"), ("check",)]
    why, clause = SPEC.explain(state, ("area", "Slag Marsh"))
    assert clause == "BFA-SPC-1" and why.startswith("only a stack cut off from supply")
    why, clause = SPEC.explain(state, ("card", "im_x_orbital"))
    assert clause == "BFA-SPC-2" and why.startswith("that card does not fit the supply check")
    assert SPEC.explain(state, ("pass",)) == ("it is not one of the choices now", None)
    state = play(state, ("check",))
    assert where(state, "im_gang_hellsreach_3") == "Eliminated"
