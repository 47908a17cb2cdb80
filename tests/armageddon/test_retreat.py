"""Retreats through the contract (BFA-RET-*, BFA-AMBIG-12, -13)."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.rules.armageddon import SPEC, data

from .fighting import attack, combat, events, play, table, where

rule = pytest.mark.rule
NONE = {"imperial": [], "ork": []}
CAMP = ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_nobz_2"]          # 16 attack


def routed(imperial, dice=(5,), ork=None):
    """The Goffs of Warband Camp attack Cinder Gate at 2-1 or better; a 5 is DR there."""
    state = table(imperial, ork or {"Warband Camp": CAMP}, dice=dice, hands=NONE)
    return attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")


def retreated_into_stygies(stygies: list) -> dict:
    """Guard 3 routed from Cinder Gate (18 v 4, 4-1, a 4 with the Diablo's -1: DR) into Stygies
    Springs, where ``stygies`` stands; the Goffs of Warband Camp still to attack this phase."""
    state = table({"Cinder Gate": ["im_guard_3"], "Stygies Springs": stygies},
                  {"Redweed Marsh": ["ork_goff_nobz_1", "ork_goff_battlewagons_1", "ork_goff_dreadnoughts_2"],
                   "Warband Camp": ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_dreadnoughts_1"]},
                  dice=[4, 4], hands=NONE)
    state = attack(combat(state, "ork"), "Cinder Gate", "Redweed Marsh")
    assert events(state, "battle")[-1]["result"] == "DR"
    return play(state, ("retreat", "im_guard_3", "Stygies Springs"), ("done",))    # no advance


@rule("BFA-RET-1")
@rule("BFA-AMBIG-12")
def test_each_counter_retreats_one_area_by_its_owner_and_may_go_its_own_way():
    state = routed({"Cinder Gate": ["im_guard_3", "im_rough_riders_2"]})
    assert events(state, "battle")[-1]["result"] == "DR" and SPEC.active(state) == "imperial"
    assert SPEC.explain(state, ("retreat", "im_guard_1", "Ghostfields")) == (      # not of this stack
        "only the counters of the stack that must retreat retreat now", "BFA-RET-1")
    state = play(state, ("retreat", "im_guard_3", "Ghostfields"))
    assert SPEC.active(state) == "imperial"
    state = play(state, ("retreat", "im_rough_riders_2", "Infernus Wastes"))
    assert where(state, "im_guard_3") == "Ghostfields" and where(state, "im_rough_riders_2") == "Infernus Wastes"
    assert [(e["counter"], e["side"], e["clause"]) for e in events(state, "retreat")] == [
        ("im_guard_3", "imperial", "BFA-RET-1"), ("im_rough_riders_2", "imperial", "BFA-RET-1")]
    assert [e["path"] for e in events(state, "retreat")] == [["Cinder Gate", "Ghostfields"],
                                                           ["Cinder Gate", "Infernus Wastes"]]
    assert sorted(state["retreated"]) == ["im_guard_3", "im_rough_riders_2"]
    flags = {p["id"]: p["flags"] for p in SPEC.view(state, "imperial")["pieces"]}   # marked on the map (RET-6)
    assert "retreated" in flags["im_guard_3"] and "retreated" not in flags["ork_goff_boyz_1"]


@rule("BFA-RET-2")
@rule("BFA-RET-3")
def test_a_retreat_enters_only_areas_movement_could_and_within_the_stacking_limit():
    state = routed({"Cinder Gate": ["im_guard_3"], "Ghostfields": ["im_guard_1", "im_guard_2", "im_guard_4"]},
                   dice=[3], ork={"Warband Camp": CAMP, "Redweed Marsh": ["ork_bad_moon_boyz_1"]})
    offered = {a[2] for a in SPEC.legal_actions(state)}
    # Not the Ork areas, not the full Ghostfields; Infernus holds a hive, which counts for nothing.
    assert offered == {"Infernus", "Infernus Wastes", "Stygies Springs"}
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, ("retreat", "im_guard_3", "Ghostfields"))
    assert err.value.clause == "BFA-RET-3"


@rule("BFA-AMBIG-13")
def test_an_ork_retreat_never_mixes_tribes():
    state = table({"Cinder Gate": ["im_guard_1", "im_guard_2"]},
                  {"Warband Camp": ["ork_goff_boyz_1"], "Black Scrub": ["ork_bad_moon_boyz_1"],
                   "Krater Fields": ["ork_goff_boyz_2"]}, dice=[3], hands=NONE)
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")      # 1-2, a 3 is AR
    offered = {a[2] for a in SPEC.legal_actions(state)}
    assert "Black Scrub" not in offered and "Krater Fields" in offered


@rule("BFA-RET-4")
def test_a_counter_with_nowhere_to_go_is_eliminated_instead():
    orks = {"Warband Camp": CAMP, "Redweed Marsh": ["ork_goff_boyz_3"], "Stygies Springs": ["ork_goff_boyz_4"],
            "Ghostfields": ["ork_goff_boyz_5"], "Infernus Wastes": ["ork_goff_battlewagons_2"]}
    # Every neighbour of Cinder Gate holds Orks, or (Infernus) a full Imperial stack.
    state = table({"Cinder Gate": ["im_guard_3"], "Infernus": ["im_guard_1", "im_guard_2", "im_guard_4"]},
                  orks, dice=[3], hands=NONE)
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")      # 4-1, a 3 is DR
    gone = events(state, "eliminated")[-1]
    assert gone["counter"] == "im_guard_3" and gone["clause"] == "BFA-RET-4"
    assert gone["why"] == "could not retreat: it has nowhere to retreat"
    assert gone["area"] == "Cinder Gate"                 # where it fell, for the map's mark and the review
    assert (gone["side"], gone["box"]) == ("imperial", "Eliminated")       # it may be built again


@rule("BFA-RET-5")
@rule("BFA-GAP-18")
def test_a_counter_that_cannot_move_is_eliminated_when_its_stack_must_retreat():
    # Northmarch as set up: the 4th Guard Army, the 1st Artillery and Fortification 2 (0-2-0).
    # The Goffs of Scorched Plain attack at 16 to 8, 2-1: a 5 is DR. The units retreat; the
    # fortification cannot move, so it is eliminated instead (a hive would flip, BFA-GAP-16).
    state = table({"Northmarch": ["im_guard_4", "im_artillery_1"]}, {"Scorched Plain": CAMP},
                  forts={"im_fort_2": "Northmarch"}, dice=[5], hands=NONE)
    state = attack(combat(state, "ork"), "Northmarch", "Scorched Plain")
    assert events(state, "battle")[-1]["odds"] == "2-1" and events(state, "battle")[-1]["result"] == "DR"
    assert {a[1] for a in SPEC.legal_actions(state)} == {"im_guard_4", "im_artillery_1"}
    assert where(state, "im_fort_2") == "Northmarch"           # not yet: the units retreat first
    state = play(state, ("retreat", "im_guard_4", "Tartarus"))
    state = play(state, ("retreat", "im_artillery_1", "Tartarus"))
    gone = [e for e in events(state, "eliminated") if e["counter"] == "im_fort_2"]
    assert gone and gone[0]["clause"] == "BFA-RET-5" and where(state, "im_fort_2") == "Out of play"


@rule("BFA-RET-5")
def test_any_counter_with_movement_0_made_to_retreat_is_eliminated(monkeypatch):
    # No unit or leader is printed with movement 0, so this guards an edited counter file:
    # the rule is the same for every counter, not only for fortifications.
    monkeypatch.setitem(data.counters()["im_guard_3"], "move", 0)
    state = routed({"Cinder Gate": ["im_guard_3", "im_rough_riders_2"]})
    gone = [e for e in events(state, "eliminated") if e["counter"] == "im_guard_3"]
    assert gone and gone[0]["clause"] == "BFA-RET-5" and gone[0]["why"] == "could not retreat: it cannot move"
    assert {a[1] for a in SPEC.legal_actions(state)} == {"im_rough_riders_2"}


@rule("BFA-GAP-18")
def test_a_fortification_left_alone_by_its_garrisons_loss_is_overrun():
    # The Artillery alone with the fortification (2 + 2) against the same 16: 4-1, and a 5 is DE.
    # The fortification is never a loss; with no unit left beside it, it is overrun.
    state = table({"Northmarch": ["im_artillery_1"]}, {"Scorched Plain": CAMP},
                  forts={"im_fort_2": "Northmarch"}, dice=[5], hands=NONE)
    state = attack(combat(state, "ork"), "Northmarch", "Scorched Plain")
    assert events(state, "battle")[-1]["result"] == "DE"
    gone = [e for e in events(state, "eliminated") if e["counter"] == "im_fort_2"]
    assert gone and gone[0]["clause"] == "BFA-GAP-18" and gone[0]["area"] == "Northmarch"
    assert gone[0]["box"] == "Out of play" == where(state, "im_fort_2")              # the window's counter trail
    assert events(play(state, ("done",)), "battle_over")[-1]["fallen"] == ["im_fort_2"]   # the battle's summary
    held = table({"Northmarch": ["im_guard_4", "im_artillery_1"]}, {"Scorched Plain": CAMP},
                 forts={"im_fort_2": "Northmarch"}, dice=[3], hands=NONE)
    held = attack(combat(held, "ork"), "Northmarch", "Scorched Plain")            # 2-1, a 3: no effect
    assert events(held, "battle")[-1]["result"] == "NE" and events(held, "battle_over")[-1]["fallen"] == []


@rule("BFA-RET-6")
@rule("BFA-RET-7")
@rule("BFA-RET-8")
def test_a_counter_that_retreated_defends_at_0_is_never_the_loss_and_dies_if_routed_again():
    state = attack(retreated_into_stygies(["im_guard_8"]), "Stygies Springs", "Warband Camp")  # 16 v 4 + 0: DL
    b = events(state, "battle")[-1]
    assert b["defence"] == 4 and b["result"] == "DL"
    lost = [e for e in events(state, "eliminated")]
    assert [e["counter"] for e in lost] == ["im_guard_8", "im_guard_3"]    # the loss, then the second rout
    assert lost[1]["clause"] == "BFA-RET-8"
    assert lost[1]["why"] == "could not retreat: it had already retreated in this combat phase"
    # With two more beside it, an exchange: the Imperium picks its loss, and never the retreated one.
    state = attack(retreated_into_stygies(["im_guard_8", "im_guard_9"]), "Stygies Springs", "Warband Camp")
    # 16 v 8: 2-1, 4 is EX
    assert events(state, "battle")[-1]["result"] == "EX"
    state = play(state, ("lose", "ork_goff_boyz_1"))
    assert SPEC.active(state) == "imperial" and ("lose", "im_guard_3") not in SPEC.legal_actions(state)
    assert SPEC.explain(state, ("lose", "im_guard_3")) == (
        "a counter that already retreated this phase cannot be taken as a loss", "BFA-RET-7")


@rule("BFA-RET-6")
def test_a_counter_that_retreated_defends_in_full_in_the_next_combat_phase():
    # the retreat's 0 lasts for its combat phase only: a new phase starts every counter afresh
    state = attack(combat(retreated_into_stygies(["im_guard_8"]), "ork"), "Stygies Springs", "Warband Camp")
    assert events(state, "battle")[-1]["defence"] == 8                       # 4 + 4, not 4 + 0
