"""Special cards in their timing windows, each effect carried out (BFA-SPC-*, BFA-GAP-11, BFA-AMBIG-9)."""
from __future__ import annotations

import pytest

from game.rules.armageddon import SPEC

from .fighting import attack, combat, events, phase, play, step, supply, table, where

rule = pytest.mark.rule
CAMP = ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_nobz_2"]          # 16 attack


def hand(imperial=(), ork=()):
    return {"imperial": list(imperial), "ork": list(ork)}


@rule("BFA-SPC-1")
@rule("BFA-SPC-3")
@rule("BFA-GAP-11")
def test_angels_of_death_bring_the_blood_angels_and_dante_together_at_the_start_of_movement():
    state = phase(table({}, {}, hands=hand(["im_x_angels"])), "imperial", "movement")
    assert step(state) == "bfa_phase_card" and SPEC.active(state) == "imperial"
    assert set(SPEC.legal_actions(state)) == {("card", "im_x_angels"), ("decline",)}
    state = play(state, ("card", "im_x_angels"))
    areas = {a[1] for a in SPEC.legal_actions(state)}
    assert "Hades" in areas and "Ghostfields" in areas and "Warband Camp" not in areas
    assert SPEC.explain(state, ("area", "Warband Camp")) == (
        "the counters must arrive in a land area free of enemies, in or next to an intact hive or factory "
        "(Ork territory or a held ruin for the Orks), with room in its stack", "BFA-GAP-11")
    state = play(state, ("area", "Ghostfields"))
    assert where(state, "im_sm_blood_angels") == "Ghostfields" and where(state, "im_dante") == "Ghostfields"
    assert {(e["counter"], e["area"], e["clause"]) for e in events(state, "arrived")} == {
        ("im_sm_blood_angels", "Ghostfields", "BFA-SPC-1"), ("im_dante", "Ghostfields", "BFA-SPC-1")}
    assert step(state) == "movement"                                   # the phase goes on
    assert state["discards"]["imperial"] == ["im_x_angels"] and state["hands"]["imperial"] == []
    played = events(state, "special")[-1]                # the card as the window names it: who, which, when
    assert (played["side"], played["card"], played["name"], played["timing"]) == \
        ("imperial", "im_x_angels", "Angels of Death", "own_movement_start")
    # once the Chapter is on the map the card can bring nobody, so it is not offered
    state = phase(table({"Hades": ["im_sm_blood_angels"]}, {}, hands=hand(["im_x_angels"])), "imperial", "movement")
    assert ("card", "im_x_angels") not in SPEC.legal_actions(state)


@rule("BFA-GAP-11")
def test_astartes_strike_force_lands_two_chapters_each_where_chosen():
    state = phase(table({}, {}, hands=hand(["im_x_strike_force"])), "imperial", "movement")
    state = play(state, ("card", "im_x_strike_force"), ("area", "Hades"), ("area", "Acheron"))
    assert where(state, "im_sm_ultramarines") == "Hades" and where(state, "im_sm_salamanders") == "Acheron"
    assert step(state) == "movement"


@rule("BFA-GAP-11")
def test_orbital_bombardment_adds_one_to_the_attack_it_is_played_for():
    state = table({"Stygies Springs": ["im_guard_1"]}, {"Warband Camp": ["ork_goff_boyz_1"]}, dice=[3],
                  hands=hand(["im_x_orbital"]))
    state = play(combat(state, "imperial"), ("attack", "Warband Camp"))
    assert ("card", "im_x_orbital") in SPEC.legal_actions(state)
    state = play(state, ("card", "im_x_orbital"))
    assert ("cancel",) not in SPEC.legal_actions(state)               # the card commits the attack
    preview = SPEC.view(state, "imperial")["battle"]["preview"]        # the odds shown count the card
    assert [m["id"] for m in preview["modifiers"]] == ["card"] and preview["modifier"] == 1
    state = play(state, ("roll",))
    b = events(state, "battle")[-1]
    assert [m["id"] for m in b["modifiers"]] == ["card"] and b["modified"] == 4
    assert not state["effects"]                                       # for that attack alone, not the phase


@rule("BFA-GAP-11")
@rule("BFA-SPC-2")
@rule("BFA-AMBIG-9")
def test_not_one_step_back_holds_the_defenders_and_a_player_plays_one_card_a_segment():
    state = table({"Cinder Gate": ["im_guard_3", "im_rough_riders_2"], "Stygies Springs": ["im_guard_1"]},
                  {"Warband Camp": CAMP, "Redweed Marsh": ["ork_goff_nobz_1", "ork_goff_battlewagons_1",
                                                          "ork_goff_dreadnoughts_1"]},
                  dice=[5, 6], hands=hand(["im_x_hold", "im_x_orbital"], ["ork_x_waaagh"]))
    state = phase(state, "ork", "combat")
    state = play(state, ("card", "ork_x_waaagh"))                      # the Orks' own card
    state = attack(state, "Cinder Gate", "Warband Camp")              # 16 v 6: 2-1, 5+1 = 6: DL
    assert events(state, "battle")[-1]["result"] == "DL"
    assert step(state) == "bfa_card_window" and SPEC.active(state) == "imperial"
    assert set(SPEC.legal_actions(state)) == {("card", "im_x_hold"), ("decline",)}
    state = play(state, ("card", "im_x_hold"), ("lose", "im_rough_riders_2"))
    assert where(state, "im_guard_3") == "Cinder Gate" and not events(state, "retreat")
    assert step(state) == "bfa_combat" and SPEC.active(state) == "ork"     # no retreat asked: the battle is over
    assert state["discards"] == {"imperial": ["im_x_hold"], "ork": ["ork_x_waaagh"]}



@rule("BFA-GAP-11")
@rule("BFA-GAP-16")
def test_not_one_step_back_keeps_an_ungarrisoned_hive_that_a_retreat_result_would_take():
    # Infernus with no unit in it: a DR flips it to ruins (any result that would retreat its
    # defender), unless the Imperium plays Not One Step Back, when nothing retreats and it stands.
    for answer, ruins in ((("card", "im_x_hold"), []), (("decline",), ["im_hive_infernus"])):
        state = table({}, {"Redweed Marsh": ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_boyz_3"]},
                      dice=[1], hands=hand(["im_x_hold"]))
        state = attack(combat(state, "ork"), "Infernus", "Redweed Marsh")
        assert events(state, "battle")[-1]["result"] == "DR"
        state = play(state, answer)
        assert state["ruins"] == ruins
def test_a_player_who_used_a_card_in_a_segment_is_offered_no_other():
    state = table({"Stygies Springs": ["im_guard_1"]}, {"Warband Camp": ["ork_goff_boyz_1"]}, dice=[3],
                  hands=hand(["im_x_angels", "im_x_orbital"]))
    state = play(phase(state, "imperial", "movement"), ("card", "im_x_angels"), ("area", "Hades"), ("done",))
    assert state["special_used"]["imperial"] is True
    state = play(combat(state, "imperial", same=True), ("attack", "Warband Camp"))
    assert ("card", "im_x_orbital") not in SPEC.legal_actions(state) and ("roll",) in SPEC.legal_actions(state)
    assert SPEC.explain(state, ("card", "im_x_orbital")) is not None


@rule("BFA-GAP-11")
def test_the_defenders_card_is_not_offered_when_it_does_not_fit_so_play_goes_on():
    state = table({"Cinder Gate": ["im_guard_3", "im_rough_riders_2"]}, {"Warband Camp": CAMP}, dice=[4],
                  hands=hand(["im_x_production", "im_x_hold"]))
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")     # 2-1, a 4 is EX
    # Emergency Production never fits an attack; Not One Step Back is offered only after the roll.
    assert events(state, "battle") and step(state) == "bfa_card_window"
    state = table({"Cinder Gate": ["im_guard_3", "im_rough_riders_2"]}, {"Warband Camp": CAMP}, dice=[1],
                  hands=hand(["im_x_production", "im_x_hold"]))
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")     # 2-1, a 1 is AR: nothing to hold
    assert step(state) == "bfa_battle" and SPEC.active(state) == "ork"


@rule("BFA-GAP-11")
def test_emergency_production_adds_five_build_points():
    state = phase(table({}, {}, hands=hand(["im_x_production"])), "imperial", "build")
    state = play(state, ("card", "im_x_production"))
    assert step(state) == "bfa_build_imperial" and events(state, "build_phase")[-1]["points"] == 25


@rule("BFA-GAP-11")
def test_airlift_and_grot_supply_train_keep_two_stacks_in_supply():
    ex_imp = {"Slag Marsh": ["im_gang_hellsreach_3"], "Ironvale": ["im_guard_2"], "Hellsreach": ["im_guard_5"]}
    orks = {"Infernus Wastes": ["ork_goff_boyz_1"], "Sulphur Wastes": ["ork_goff_boyz_2"],
            "Ironvale Works": ["ork_goff_boyz_3"], "Diablo Mouth": ["ork_bad_moon_boyz_2"],
            "Hellsreach Marches": ["ork_bad_moon_boyz_3"], "Hellsreach Hinterland": ["ork_bad_moon_boyz_4"]}
    state = supply(table(ex_imp, orks, ruins=["Ironvale Works"], hands=hand(["im_x_airlift"])), "imperial")
    if step(state) == "bfa_supply":
        state = play(state, ("card", "im_x_airlift"), ("area", "Slag Marsh"), ("check",))
    assert where(state, "im_gang_hellsreach_3") == "Slag Marsh"
    state = table({"Cinder Gate": ["im_guard_1"], "Diablo Forges": ["im_guard_2"], "Infernus Wastes": ["im_guard_3"],
                   "Sulphur Wastes": ["im_guard_4"], "Redweed Marsh": ["im_guard_5"], "Smasha Ridge": ["im_guard_6"]},
                  {"Infernus": ["ork_bad_moon_boyz_1"]}, ruins=["Infernus"], hands=hand(ork=["ork_x_grots"]))
    state = supply(state, "ork")
    assert step(state) == "bfa_supply"
    state = play(state, ("card", "ork_x_grots"), ("area", "Infernus"))
    assert where(state, "ork_bad_moon_boyz_1") == "Infernus" and step(state) == "turn"


@rule("BFA-GAP-11")
def test_waaagh_makes_every_ork_attack_of_the_phase_plus_one():
    state = table({"Cinder Gate": ["im_guard_3"], "Infernus": ["im_guard_6"]},
                  {"Warband Camp": CAMP, "Smasha Ridge": ["ork_bad_moon_boyz_1"]}, dice=[2, 2],
                  hands=hand(ork=["ork_x_waaagh"]))
    state = play(phase(state, "ork", "combat"), ("card", "ork_x_waaagh"))
    assert step(state) == "bfa_combat"
    state = attack(state, "Cinder Gate", "Warband Camp")
    assert [m["id"] for m in events(state, "battle")[-1]["modifiers"]] == ["card"]


@rule("BFA-GAP-11")
@rule("BFA-SPC-1")
def test_waaagh_is_not_offered_when_no_attack_can_be_made():
    # The Goffs of Warband Camp have nobody next to them: the phase passes and the card stays in hand.
    state = table({"Hades": ["im_guard_2"]}, {"Warband Camp": CAMP}, hands=hand(ork=["ork_x_waaagh"]))
    state = phase(state, "ork", "combat")
    assert step(state) == "turn" and state["hands"]["ork"] == ["ork_x_waaagh"]
    assert not events(state, "special")
    # Once an Imperial stack stands next to them, the card is offered at the start of the phase,
    # even though an attack already made in an earlier phase is on the record.
    state = table({"Cinder Gate": ["im_guard_3"]}, {"Warband Camp": CAMP}, hands=hand(ork=["ork_x_waaagh"]))
    state["attacked"] = ["Cinder Gate"]
    state = phase(state, "ork", "combat")
    assert step(state) == "bfa_phase_card" and ("card", "ork_x_waaagh") in SPEC.legal_actions(state)


@rule("BFA-GAP-11")
def test_red_ones_go_fasta_carry_on_through_ash_wastes():
    state = table({}, {"Burning Fields": ["ork_bad_moon_battlewagons_1"]}, ruins=["Diablo Forges"],
                  hands=hand(ork=["ork_x_speed"]))
    plain = phase(state, "ork", "movement")
    plain = play(plain, ("decline",))
    slow = {a[2] for a in SPEC.legal_actions(plain) if a[0] == "move"}
    fast = play(phase(state, "ork", "movement"), ("card", "ork_x_speed"))
    quick = {a[2] for a in SPEC.legal_actions(fast) if a[0] == "move"}
    assert "Slag Marsh" in quick and "Slag Marsh" not in slow       # on through the Sulphur Wastes


@rule("BFA-GAP-11")
def test_kunnin_ambush_takes_one_from_an_imperial_attack():
    state = table({"Stygies Springs": ["im_guard_1"]}, {"Warband Camp": ["ork_goff_boyz_1"]}, dice=[3],
                  hands=hand(ork=["ork_x_kunnin"]))
    state = play(combat(state, "imperial"), ("attack", "Warband Camp"), ("roll",))
    assert step(state) == "bfa_card_window" and SPEC.active(state) == "ork"
    state = play(state, ("card", "ork_x_kunnin"))
    b = events(state, "battle")[-1]
    assert [m["id"] for m in b["modifiers"]] == ["card"] and b["modified"] == 2


@rule("BFA-GAP-11")
def test_rok_drop_returns_two_eliminated_counters_never_ghazghkull():
    state = table({}, {}, hands=hand(ork=["ork_x_rok"]),
                  eliminated=["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_nobz_1"])
    state = play(phase(state, "ork", "movement"), ("card", "ork_x_rok"))
    assert ("area", "Krater Fields") in SPEC.legal_actions(state) and ("area", "Hades") not in SPEC.legal_actions(state)
    state = play(state, ("area", "Krater Fields"), ("return", "ork_goff_boyz_1"), ("return", "ork_goff_nobz_1"))
    assert where(state, "ork_goff_boyz_1") == "Krater Fields" and where(state, "ork_goff_boyz_2") == "Eliminated"
    assert [(e["counter"], e["area"], e["side"], e["card"]) for e in events(state, "returned")] == [
        ("ork_goff_boyz_1", "Krater Fields", "ork", "ork_x_rok"), ("ork_goff_nobz_1", "Krater Fields", "ork", "ork_x_rok")]
    assert step(state) == "movement"
    # outside Ork territory only a smoking ruin the Orks hold takes the rok, not any area they stand in
    state = table({}, {"Cinder Gate": ["ork_goff_boyz_3"], "Hades": ["ork_goff_boyz_4"]}, ruins=["Hades"],
                  hands=hand(ork=["ork_x_rok"]), eliminated=["ork_goff_boyz_1"])
    legal = SPEC.legal_actions(play(phase(state, "ork", "movement"), ("card", "ork_x_rok")))
    assert ("area", "Hades") in legal and ("area", "Cinder Gate") not in legal


@rule("BFA-GAP-11")
def test_mek_workshops_rebuild_one_more():
    state = table({}, {}, hands=hand(ork=["ork_x_meks"]), eliminated=["ork_goff_boyz_1"])
    state = play(phase(state, "ork", "build"), ("card", "ork_x_meks"))
    assert events(state, "build_phase")[-1]["rebuilds"] == 1
    state = play(state, ("rebuild", "ork_goff_boyz_1", "Krater Fields"))
    assert where(state, "ork_goff_boyz_1") == "Krater Fields"



@rule("BFA-GAP-11")
@rule("BFA-SUP-9")
def test_a_supply_card_keeps_the_stacks_picked_and_the_check_settles_the_rest():
    # Imperial counters stand in all three Ork supply areas, so every Ork stack is cut off;
    # none is sheltered, so a stack not picked is destroyed (BFA-SUP-9).
    blockers = {"Da Landin'": ["im_guard_1"], "Krater Fields": ["im_guard_2"], "Rok Fall": ["im_guard_3"]}
    orks = {"Warband Camp": ["ork_goff_boyz_1"], "Black Scrub": ["ork_goff_boyz_2"],
            "Gorge of Teeth": ["ork_goff_boyz_3"]}
    cut = {("area", a) for a in orks}
    state = supply(table(blockers, orks, hands=hand(ork=["ork_x_grots"])), "ork")
    assert step(state) == "bfa_supply"
    assert set(SPEC.legal_actions(state)) == {("card", "ork_x_grots"), ("check",)}
    said = SPEC.view(state, "ork")["prompt"]                # the cut-off stacks named, then the choice
    assert said.startswith("Out of supply: ") and all(a in said for a in orks) and "BFA-SUP-9" in said
    picked = play(state, ("card", "ork_x_grots"))
    assert set(SPEC.legal_actions(picked)) == cut | {("check",)}
    picked = play(picked, ("area", "Black Scrub"))
    kept = events(picked, "supply")[-1]
    assert (kept["side"], kept["area"], kept["in_supply"], kept["by_card"], kept["clause"]) == (
        "ork", "Black Scrub", True, True, "BFA-SPC-1")
    assert step(picked) == "bfa_supply"                                     # one more may be picked
    assert set(SPEC.legal_actions(picked)) == cut - {("area", "Black Scrub")} | {("check",)}
    picked = play(picked, ("area", "Warband Camp"))                        # the second: the check runs
    assert step(picked) == "turn"
    assert [where(picked, f"ork_goff_boyz_{n}") for n in (1, 2, 3)] == ["Warband Camp", "Black Scrub", "Eliminated"]
    # Checking at once after the card keeps nobody.
    at_once = play(state, ("card", "ork_x_grots"), ("check",))
    assert step(at_once) == "turn"
    assert all(where(at_once, f"ork_goff_boyz_{n}") == "Eliminated" for n in (1, 2, 3))
