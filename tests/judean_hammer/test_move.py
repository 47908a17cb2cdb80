"""Movement: OPs + 1 units, roads, ranges, supply centres, stopping (JH-MOV-*)."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.rules.judean_hammer import SPEC

from .helpers import legal, play, position, step, units

M, G = "maccabean", "greek"


def _moving(units_, card=10, side=M, hand_other=17):
    other = G if side == M else M
    state = position(units=units_, hands={side: [card], other: [hand_other]}, side=side)
    return play(state, ("card", card), ("ops",), ("move",))


def _refused(state, action, clause):
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, action)
    assert err.value.clause == clause


@pytest.mark.rule("JH-MOV-1")
@pytest.mark.rule("JH-CRD-7")
def test_a_card_moves_up_to_ops_plus_one_units():
    state = _moving({M: {"Modein": 4}, G: {"Jerusalem": 1}})       # 1 OPs: 2 units
    assert ("recruit", 1) not in legal(state)                     # OPs go wholly to movement
    state = play(state, ("area", "Modein"), ("area", "Modein"))
    assert ("area", "Modein") not in legal(state)
    _refused(state, ("area", "Modein"), "JH-MOV-1")
    state = play(state, ("area", "Emmaus"), ("done",))
    assert units(state, M) == {"Modein": 2, "Emmaus": 2}
    assert ("area", "Modein") not in legal(state)


@pytest.mark.rule("JH-MOV-2")
def test_units_may_start_and_end_in_different_areas():
    state = _moving({M: {"Modein": 1, "Gophna": 1}, G: {"Samaria": 1}})
    state = play(state, ("area", "Modein"), ("area", "Joppa"), ("done",),
                 ("area", "Gophna"), ("area", "Shechem"), ("done",), ("done",))
    assert units(state, M) == {"Joppa": 1, "Shechem": 1}


@pytest.mark.rule("JH-MOV-3")
def test_units_move_only_along_roads_one_area_a_step():
    state = play(_moving({M: {"Modein": 1}, G: {"Samaria": 1}}), ("area", "Modein"))
    assert legal(state) - {("done",)} == {("area", "Emmaus"), ("area", "Gophna"), ("area", "Joppa")}
    _refused(state, ("area", "Jerusalem"), "JH-MOV-3")
    for odd in (("pass", "Emmaus"), ("area", "Emmaus", "Gophna"), ("area", 7)):   # a lit area, misspoken
        with pytest.raises(IllegalAction):
            SPEC.apply(state, odd)


@pytest.mark.rule("JH-MOV-4")
def test_maccabean_units_move_at_most_three_areas():
    state = play(_moving({M: {"Joppa": 1}, G: {"Samaria": 1}}), ("area", "Joppa"), ("area", "Modein"),
                 ("area", "Gophna"), ("area", "Shechem"))
    assert state["stack"][-1]["sel"] is None                 # the move ended by itself
    assert units(state, M) == {"Shechem": 1}
    state = play(_moving({M: {"Joppa": 1}, G: {"Samaria": 1}}), ("area", "Joppa"), ("area", "Modein"),
                 ("area", "Gophna"))
    assert ("area", "Shechem") in legal(state)


@pytest.mark.rule("JH-MOV-5")
def test_greek_units_move_at_most_two_areas():
    state = _moving({M: {"Joppa": 1}, G: {"Hebron": 1}}, card=17, side=G, hand_other=10)
    state = play(state, ("area", "Hebron"), ("area", "Desert"), ("area", "Jerusalem"))
    assert state["stack"][-1]["sel"] is None and units(state, G) == {"Jerusalem": 1}
    state = _moving({M: {"Joppa": 1}, G: {"Hebron": 1}}, card=17, side=G, hand_other=10)
    state = play(state, ("area", "Hebron"), ("area", "Desert"))
    state = play(state, ("done",))
    assert ("area", "Desert") not in legal(state)             # moved once already (JH-AMBIG-7)


@pytest.mark.rule("JH-MOV-6")
def test_maccabeans_never_enter_a_supply_centre_but_greeks_may():
    state = play(_moving({M: {"Jamnia": 1}, G: {"Samaria": 1}}), ("area", "Jamnia"))
    assert ("area", "Gaza") not in legal(state)
    _refused(state, ("area", "Gaza"), "JH-MOV-6")
    greek = _moving({M: {"Joppa": 1}, G: {"Hebron": 1}}, card=17, side=G, hand_other=10)
    assert ("area", "Gaza") in legal(play(greek, ("area", "Hebron")))


@pytest.mark.rule("JH-MOV-7")
@pytest.mark.rule("JH-MOV-9")
def test_entering_enemy_units_stops_and_battle_waits_for_all_movement():
    state = play(_moving({M: {"Modein": 2}, G: {"Emmaus": 1}}), ("area", "Modein"), ("area", "Emmaus"))
    assert state["stack"][-1]["sel"] is None                 # stopped on entering the enemy
    assert step(state) == "move" and not state["combat"]     # no battle yet
    met = [e for e in state["events"] if e["kind"] == "moved"][-1]
    assert (met["path"], met["n"], met.get("contact")) == (["Modein", "Emmaus"], 1, True)
    state = play(state, ("area", "Modein"), ("area", "Gophna"), ("done",))
    assert units(state, M).get("Gophna") == 1
    went = [e for e in state["events"] if e["kind"] == "moved"][-1]
    assert (went["path"], went["n"], went["contact"]) == (["Modein", "Gophna"], 1, False)
    state = play(state, ("done",))
    assert state["combat"]                                    # the battle came after all movement


@pytest.mark.rule("JH-AMBIG-7")
def test_a_unit_moves_once_per_card_and_counts_once():
    # JH-AMBIG-7
    state = play(_moving({M: {"Modein": 1}, G: {"Samaria": 1}}), ("area", "Modein"), ("area", "Emmaus"),
                 ("done",))
    assert ("area", "Emmaus") not in legal(state)
    _refused(state, ("area", "Emmaus"), "JH-AMBIG-7")


@pytest.mark.rule("JH-GAP-9")
def test_a_card_whose_ops_cannot_be_used_is_still_played_and_discarded():
    state = position(units={M: {}, G: {"Samaria": 1}}, hands={M: [10], G: [17]})
    state["stock"][M] = 29
    state = play(state, ("card", 10), ("ops",))
    assert legal(state) >= {("move",)}
    state = play(state, ("move",), ("done",))
    assert state["discard"] == [10] and SPEC.active(state) == G


def test_a_picked_stack_that_has_not_moved_can_be_swapped_for_another():
    state = play(_moving({M: {"Modein": 2, "Desert": 1}, G: {"Samaria": 1}}), ("area", "Modein"),
                 ("area", "Modein"), ("area", "Desert"))
    assert state["stack"][-1]["groups"] == [{"path": ["Desert"], "n": 1}]
    assert state["stack"][-1]["started"] == 1
    pending = SPEC.view(state, M)["pending"]            # the board lights the stack now picked
    assert (pending["selected"], pending["path"], pending["moving"]) == ("Desert", ["Desert"], 1)
    state = play(state, ("area", "Jerusalem"), ("done",))
    assert units(state, M) == {"Modein": 2, "Jerusalem": 1}


@pytest.mark.rule("JH-MOV-1")
def test_a_picked_stack_put_down_unmoved_uses_none_of_the_card():
    # 1 OPs moves 2 units: two picked in Modein and put down with Done (unmoved) leave both moves,
    # so a stack of two elsewhere can still go
    state = play(_moving({M: {"Modein": 2, "Gophna": 2}, G: {"Samaria": 1}}), ("area", "Modein"),
                 ("area", "Modein"), ("done",))
    assert state["stack"][-1]["groups"] == [] and state["stack"][-1]["started"] == 0
    state = play(state, ("area", "Gophna"), ("area", "Gophna"), ("area", "Shechem"), ("done",), ("done",))
    assert units(state, M) == {"Modein": 2, "Shechem": 2}
