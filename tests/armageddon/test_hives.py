"""Hives, factories, fortifications and smoking ruins in combat; the first-turn surprise (BFA-HIV-*,
BFA-GAP-16..19, BFA-FTS-2, -3, BFA-AMBIG-5, -14)."""
from __future__ import annotations

import pytest

from game.rules.armageddon import SPEC

from .fighting import attack, combat, events, industry, play, step, table, where

rule = pytest.mark.rule
NONE = {"imperial": [], "ork": []}
SMASHERS = ["ork_bad_moon_boyz_1", "ork_bad_moon_nobz_1", "ork_bad_moon_dreadnoughts_1"]    # 16 attack


@rule("BFA-GAP-18")
@rule("BFA-HIV-1")
@rule("BFA-GAP-16")
@rule("BFA-HIV-4")
@rule("BFA-GAP-19")
def test_a_garrisoned_hive_adds_its_defence_and_falls_when_no_imperial_unit_is_left():
    state = table({"Infernus": ["im_guard_6", "im_gang_infernus_1", "im_gang_infernus_2"]},
                  {"Smasha Ridge": SMASHERS}, forts={"im_fort_3": "Infernus"}, dice=[6], hands=NONE)
    state = attack(combat(state, "ork"), "Infernus", "Smasha Ridge")
    b = events(state, "battle")[-1]
    # 3 units + hive and fortification outside the limit; 4 + 2 + 2 + hive 2 + fortification 2.
    assert b["defence"] == 12 and b["odds"] == "1-1"
    # a 6 across the river into an industrial area (-1, -2) is a 3: the Orks fall back, the hive holds
    assert sorted(m["id"] for m in b["modifiers"]) == ["river", "terrain"] and b["modified"] == 3
    assert b["result"] == "AR" and industry("Infernus") not in state["ruins"]
    state = table({"Infernus": ["im_guard_6"]}, {"Smasha Ridge": SMASHERS},
                  forts={"im_fort_3": "Infernus"}, turn=1, dice=[6], hands=NONE)
    before = state["build_points"]
    state = attack(combat(state, "ork"), "Infernus", "Smasha Ridge")   # 16 v 8: 2-1, 6-1-2+1 (first turn) = 4: EX
    assert events(state, "battle")[-1]["result"] == "EX"
    state = play(state, ("lose", "ork_bad_moon_boyz_1"))                          # the Orks' loss
    # The only Imperial unit is the loss (the hive and fortification never are); both fall.
    assert where(state, "im_guard_6") in ("Eliminated",)
    assert industry("Infernus") in state["ruins"] and where(state, "im_fort_3") == "Out of play"
    assert state["build_points"] == before - 2
    ruined = events(state, "ruined")[-1]
    assert ruined["counter"] == industry("Infernus") and ruined["clause"] == "BFA-HIV-4"
    assert SPEC.invariants(state) == []


@rule("BFA-GAP-16")
def test_an_ungarrisoned_hive_defends_alone_and_falls_to_any_hit():
    state = table({}, {"Smasha Ridge": SMASHERS}, dice=[6], hands=NONE)
    state = attack(combat(state, "ork"), "Infernus", "Smasha Ridge")            # 16 v 2: 6-1, 6-3 = 3: DE
    b = events(state, "battle")[-1]
    assert b["defence"] == 2 and b["result"] == "DE"
    assert industry("Infernus") in state["ruins"]
    # The ruin is no longer an Imperial counter: the Orks may advance into it.
    assert ("advance", "ork_bad_moon_nobz_1") in SPEC.legal_actions(state)
    state = table({}, {"Smasha Ridge": ["ork_bad_moon_boyz_1"]}, dice=[1], hands=NONE)
    state = attack(combat(state, "ork"), "Infernus", "Smasha Ridge")            # 5 v 2: 2-1, 1-3 = 1: AR
    assert industry("Infernus") not in state["ruins"]


@rule("BFA-AMBIG-14")
@rule("BFA-HIV-6")
def test_a_ruin_belongs_to_neither_side_and_adds_nothing_to_the_orks_holding_it():
    state = table({"Infernus": ["im_guard_1", "im_armour_1"]}, {"Diablo Forges": ["ork_bad_moon_boyz_1"]},
                  ruins=["Diablo Forges"], dice=[6], hands=NONE)
    state = combat(state, "imperial")
    state = attack(state, "Diablo Forges", "Infernus")                          # 9 v 3: 3-1, 6-2 = 4: DR
    b = events(state, "battle")[-1]
    assert b["defence"] == 3 and b["modified"] == 4 and b["result"] == "DR"
    while step(state) == "bfa_battle" and SPEC.active(state) == "ork":
        state = play(state, SPEC.legal_actions(state)[0])
    assert not any(c.startswith("ork") for c in state["stacks"].get("Diablo Forges", []))


@rule("BFA-FTS-2")
@rule("BFA-AMBIG-5")
def test_on_turn_1_every_ork_attack_is_plus_one_and_never_above_6():
    state = table({"Cinder Gate": ["im_guard_3"]}, {"Warband Camp": ["ork_goff_boyz_1"]},
                  turn=1, dice=[6], hands=NONE)
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")
    b = events(state, "battle")[-1]
    assert [m["id"] for m in b["modifiers"]] == ["first_turn_surprise"] and b["modified"] == 6


@rule("BFA-FTS-3")
def test_the_first_turn_bonus_never_helps_the_orks_defend():
    state = table({"Cinder Gate": ["im_guard_3"]}, {"Warband Camp": ["ork_goff_boyz_1"]},
                  turn=1, dice=[3], hands=NONE)
    state = attack(combat(state, "imperial"), "Warband Camp", "Cinder Gate")
    b = events(state, "battle")[-1]
    assert b["modifiers"] == [] and b["modified"] == 3
