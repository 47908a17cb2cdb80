"""Every card's event (house data, JH-GAP-8): one test each, played from the hand."""
from __future__ import annotations

import pytest

from game.rules.judean_hammer import SPEC, events
from game.rules.judean_hammer.cards import CARDS

from .helpers import legal, play, position, step, units

M, G = "maccabean", "greek"
START = {M: {"Modein": 1, "Gophna": 1},
         G: {"Jerusalem": 1, "Samaria": 1, "Jamnia": 1, "Beth Zur": 1, "Antioch Road": 1, "Gaza": 1}}
CUT = {M: {"Hebron": 1, "Emmaus": 1, "Gophna": 1}, G: {"Jerusalem": 2, "Beth Zur": 1, "Samaria": 1}}


def _event(card, units_=START, draw=(), dice=(), **kw):
    side = CARDS[card]["faction"]
    other = G if side == M else M
    state = position(units=units_, hands={side: [card], other: [10 if other == M else 17]}, side=side,
                     draw=list(draw), dice=list(dice), **kw)
    state = play(state, ("card", card))
    assert ("event",) in legal(state)
    return play(state, ("event",))


def _moves(state, *paths):
    for path in paths:
        state = play(state, *[("area", a) for a in path])
        if state["stack"][-1]["step"] == "move" and state["stack"][-1]["sel"] is not None:
            state = play(state, ("done",))
    return play(state, ("done",))


def _after(state, card):
    assert card in state["removed"] and card not in state["discard"]
    return state


def check_1(s):
    s = _after(play(_event(1), ("area", "Emmaus")), 1)
    assert units(s, M)["Emmaus"] == 3


def check_2(s):
    s = _event(2, {M: {"Modein": 2}, G: {"Jerusalem": 1}}, draw=[12], dice=[1, 1])
    assert s["stack"][-1]["range"] == 4 and s["stack"][-1]["limit"] == 4
    s = _moves(s, ("Modein", "Modein", "Emmaus", "Jerusalem"))
    assert s["last_battle"]["strength"] == {M: 3, G: 2}
    _after(s, 2)


def check_3(s):
    s = _after(play(_event(3), ("area", "Modein"), ("area", "Gophna")), 3)
    assert units(s, M) == {"Modein": 2, "Gophna": 2} and SPEC.active(s) == G


def check_4(s):
    s = _event(4, {M: {"Modein": 1}, G: {"Jerusalem": 2}}, draw=[12], dice=[1, 1])
    s = _moves(s, ("Modein", "Emmaus", "Jerusalem"))
    assert s["last_battle"]["strength"] == {M: 3, G: 3} and s["last_battle"]["winner"] == M


def check_5(s):
    s = _event(5, {M: {"Modein": 1}, G: {"Emmaus": 3, "Samaria": 2}})
    assert legal(s) == {("area", "Emmaus")}
    s = play(s, ("area", "Emmaus"))
    assert units(_after(s, 5), G) == {"Emmaus": 1, "Samaria": 2}
    lost = [(e["side"], e["area"], e["n"], e["why"]) for e in s["events"] if e["kind"] == "eliminated"]
    assert lost == [(G, "Emmaus", 2, "event")]                           # as the window hears it


def check_6(s):
    s = play(_event(6), ("area", "Gophna"), ("area", "Desert"), ("area", "Desert"))
    assert units(_after(s, 6), M) == {"Modein": 1, "Gophna": 2, "Desert": 2}


def check_7(s):
    blocked = position(units=START, hands={M: [7], G: [17]})
    assert not events.can_play(blocked, M, 7)
    s = play(_event(7, {M: {"Modein": 1}, G: {"Samaria": 1}}), ("area", "Jerusalem"))
    assert units(_after(s, 7), M)["Jerusalem"] == 2


def check_8(s):
    s = _after(_event(8, CUT), 8)
    assert units(s, G) == {"Jerusalem": 1, "Samaria": 1}
    lost = sorted((e["side"], e["area"], e["n"]) for e in s["events"] if e["kind"] == "eliminated")
    assert lost == [(G, "Beth Zur", 1), (G, "Jerusalem", 1)]             # each cut-off area, as the window hears it


def check_9(s):
    s = _event(9, {M: {"Modein": 3}, G: {"Jerusalem": 3}}, draw=[12], dice=[1, 1])
    s = _moves(s, ("Modein", "Modein", "Modein", "Gophna", "Jerusalem"))
    assert s["last_battle"]["strength"] == {M: 4, G: 4}


def check_10(s):
    s = _event(10)
    assert legal(s) == {("area", "Desert")}
    assert units(_after(play(s, ("area", "Desert")), 10), M)["Desert"] == 2


def check_11(s):
    s = play(_event(11), ("area", "Jerusalem"))
    assert ("done",) in legal(s) and ("area", "Jerusalem") not in legal(s)
    s = _after(play(s, ("area", "Samaria")), 11)
    assert "Jerusalem" not in s["units"][G] and "Samaria" not in s["units"][G]


def check_12(s):
    s = play(_event(12), ("area", "Gaza"), ("area", "Gaza"), ("area", "Antioch Road"))
    assert units(_after(s, 12), G)["Gaza"] == 3


def check_13(s):
    s = _event(13, {M: {"Modein": 1}, G: {"Samaria": 4}})
    assert s["stack"][-1]["limit"] == 4 and s["stack"][-1]["range"] == 3
    s = _moves(s, ("Samaria", "Shechem", "Gophna", "Jerusalem"))
    assert units(_after(s, 13), G) == {"Samaria": 3, "Jerusalem": 1}


def check_14(s):
    s = _event(14)
    assert step(s) == "recruit" and s["stack"][-1]["left"] == 4
    s = play(s, ("area", "Gaza"), ("area", "Gaza"), ("area", "Gaza"), ("area", "Gaza"))
    assert units(_after(s, 14), G)["Gaza"] == 5


def check_15(s):
    s = _event(15, {M: {"Emmaus": 1}, G: {"Jerusalem": 1}}, draw=[10], dice=[1, 1])
    s = _moves(s, ("Jerusalem", "Emmaus"))
    assert s["last_battle"]["strength"] == {G: 3, M: 2}


def check_16(s):
    s = play(_event(16), ("area", "Jerusalem"), ("area", "Samaria"), ("area", "Jamnia"))
    assert units(_after(s, 16), G)["Samaria"] == 2 and SPEC.active(s) == M


def check_17(s):
    s = play(_event(17), ("area", "Jerusalem"))
    assert units(_after(s, 17), G)["Jerusalem"] == 3


def check_18(s):
    s = play(_event(18), ("area", "Jamnia"))
    assert units(_after(s, 18), G)["Jamnia"] == 3


def check_19(s):
    marisa = {"extra_areas": {"Marisa": ("city", "Idumea")}, "extra_roads": [("Hebron", "Marisa")]}
    s = _event(19, {M: {"Hebron": 2, "Modein": 1}, G: {"Beth Zur": 1, "Marisa": 1}}, **marisa)
    assert legal(s) == {("area", "Hebron")}
    assert units(_after(play(s, ("area", "Hebron")), 19), M) == {"Modein": 1}


def check_20(s):
    s = _event(20, {M: {"Emmaus": 2, "Desert": 1, "Joppa": 1}, G: {"Jerusalem": 1}})
    assert legal(s) == {("area", "Emmaus"), ("area", "Desert")}
    s = play(s, ("area", "Emmaus"), ("area", "Desert"))
    assert units(_after(s, 20), M) == {"Emmaus": 1, "Joppa": 1}


def check_21(s):
    s = _event(21)
    assert ("area", "Gophna") not in legal(s) and ("area", "Shechem") in legal(s)
    assert units(_after(play(s, ("area", "Shechem")), 21), G)["Shechem"] == 2


def check_22(s):
    s = _event(22, {M: {"Modein": 1}, G: {"Samaria": 3}})
    assert s["stack"][-1]["limit"] == 3 and s["stack"][-1]["range"] == 3
    _after(_moves(s, ("Samaria", "Shechem", "Gophna", "Jerusalem")), 22)


def check_23(s):
    s = play(_event(23), *[("area", "Gaza")] * 4)
    assert units(_after(s, 23), G)["Gaza"] == 5


def check_24(s):
    s = play(_event(24), ("area", "Modein"), ("area", "Gophna"))
    assert units(_after(s, 24), M) == {}


def check_25(s):
    s = play(_event(25, {M: {"Modein": 3, "Gophna": 1}, G: {"Samaria": 1}}), ("area", "Modein"))
    assert units(_after(s, 25), M) == {"Modein": 1, "Gophna": 1}


def check_26(s):
    s = play(_event(26), ("area", "Gaza"), ("area", "Samaria"))
    assert "Gaza" not in units(_after(s, 26), G) and "Samaria" not in s["units"][G]


@pytest.mark.rule("JH-GAP-8")
@pytest.mark.parametrize("card", sorted(CARDS))
def test_event(card):
    globals()[f"check_{card}"](None)


@pytest.mark.rule("JH-GAP-8")
def test_an_event_that_can_do_nothing_is_not_offered():
    state = position(units={M: {"Modein": 1}, G: {"Samaria": 1}}, hands={M: [5], G: [17]})
    assert legal(play(state, ("card", 5))) == {("ops",)}        # no Greeks next to Maccabeans
    assert SPEC.explain(play(state, ("card", 5)), ("event",)) == ("this event can do nothing now", "JH-GAP-8")
    # an event that places units needs units in the stock to place
    empty = position(units={M: {"Modein": 1}, G: {"Samaria": 1}}, hands={M: [1], G: [17]})
    empty["stock"][M] = 0
    assert ("event",) not in legal(play(empty, ("card", 1)))


@pytest.mark.rule("JH-CRD-14")
@pytest.mark.rule("JH-GAP-8")
@pytest.mark.parametrize("card", [24, 25, 26])
def test_a_sacrifice_event_may_be_played_to_burn_its_modifier_even_if_it_does_nothing(card):
    side = CARDS[card]["faction"]
    other = G if side == M else M
    # The sacrificing side has no units on the map, so the event has nothing to remove.
    state = position(units={side: {}, other: {"Samaria" if other == G else "Modein": 1}},
                     hands={side: [card], other: [10 if other == M else 17]}, side=side)
    state = play(state, ("card", card))
    assert legal(state) == {("ops",), ("event",)}
    assert "modifier" in SPEC.view(state, side)["prompt"]
    state = play(state, ("event",))
    assert card in state["removed"] and card not in state["draw"] + state["discard"]
    assert SPEC.active(state) == other and state["units"][side] == {}


@pytest.mark.rule("JH-CRD-14")
@pytest.mark.rule("JH-CRD-8")
def test_a_sacrifice_card_played_for_ops_by_the_other_side_can_be_burnt_in_reply():
    state = position(units={M: {}, G: {"Samaria": 1}}, hands={G: [25], M: [10]}, side=G)
    state = play(state, ("card", 25), ("ops",), ("move",), ("done",))
    assert step(state) == "reaction" and legal(state) == {("event",), ("pass",)}
    state = play(state, ("event",))
    assert 25 in state["removed"] and SPEC.active(state) == M
