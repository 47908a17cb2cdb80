"""Battles: strength, the revealed card, the casualty chart, retreat (JH-BAT-*)."""
from __future__ import annotations

import pytest

from game.rules.judean_hammer import SPEC, battle
from game.rules.judean_hammer.common import mixed_areas

from . import mini
from .helpers import legal, play, position, step, units

M, G = "maccabean", "greek"


@pytest.mark.rule("JH-BAT-18")
@pytest.mark.rule("JH-BAT-1")
@pytest.mark.rule("JH-BAT-2")
@pytest.mark.rule("JH-BAT-3")
@pytest.mark.rule("JH-BAT-5")
@pytest.mark.rule("JH-BAT-9")
@pytest.mark.rule("JH-BAT-10")
@pytest.mark.rule("JH-BAT-11")
@pytest.mark.rule("JH-BAT-12")
@pytest.mark.rule("JH-BAT-13")
def test_rulebook_battle_example_with_scripted_deck_and_dice():
    # 3 Maccabeans attack 2 Greeks; the revealed card is Seron at Beth Horon (Maccabean +2).
    key = mini.register("memory/jh-example.tmx",
                        icons={M: ["Modein"] * 3, G: ["Emmaus", "Emmaus", "Antioch Road"]})
    deck = [1, 3, 6, 7, 12, 13, 14, 15, 5]     # 4 to each hand, then the top card
    state = SPEC.setup(7, options={"map": key, "deck": deck, "dice": [1, 5]})
    assert state["hands"][M] == [1, 3, 6, 7] and state["draw"][0] == 5
    state = play(state, ("card", 1), ("ops",), ("move",), ("area", "Modein"), ("area", "Modein"),
                 ("area", "Modein"), ("area", "Emmaus"), ("done",))
    fought = state["last_battle"]
    assert fought["attacker"] == M and fought["card"] == 5
    assert fought["strength"] == {M: 5, G: 2} and fought["winner"] == M
    assert fought["losses"] == {M: 0, G: 2}
    assert state["dice"]["values"] == [1, 5]
    assert SPEC.view(state, G)["dice"]["text"] == f"Battle at Emmaus: {M} 5 v {G} 2"     # the dice tray's caption
    assert SPEC.view(state, G)["piles"]["combat_top"]["id"] == 5          # the revealed card, face up
    fought = [e for e in state["events"] if e["kind"] == "battle"][-1]
    assert (fought["area"], fought["attacker"], fought["defender"], fought["winner"]) == ("Emmaus", M, G, M)
    assert units(state, M) == {"Emmaus": 3} and "Emmaus" not in state["units"][G]
    assert state["stock"][G] == 30 - 1 - 1 and state["combat"] == [5]   # the VP marker is a cube
    assert any("[d6:5]" in line for line in state["log"])


def _attack(units_, card, dice, path=("Modein", "Emmaus"), n=1):
    state = position(units=units_, hands={M: [6], G: [17]}, draw=[card], dice=dice)
    acts = [("card", 6), ("ops",), ("move",)] + [("area", path[0])] * n + [("area", a) for a in path[1:]]
    return play(state, *acts, ("done",)) if step(play(state, *acts)) == "move" else play(state, *acts)


@pytest.mark.rule("JH-BAT-6")
@pytest.mark.rule("JH-BAT-4")
@pytest.mark.rule("JH-CRD-2")
def test_attacker_wins_ties():
    # 1 Maccabean + 1 (Hills of Gophna, Maccabean) against 2 Greeks: 2 v 2, the attacker wins.
    state = _attack({M: {"Modein": 1}, G: {"Emmaus": 2}}, 3, [1, 1])
    assert state["last_battle"]["strength"] == {M: 2, G: 2}
    assert state["last_battle"]["winner"] == M


@pytest.mark.rule("JH-BAT-7")
@pytest.mark.rule("JH-BAT-4")
@pytest.mark.rule("JH-CRD-2")
def test_defender_wins_only_when_stronger_and_modifier_helps_defender():
    state = _attack({M: {"Modein": 2}, G: {"Emmaus": 2}}, 12, [1, 1], n=2)   # Greek +1
    assert state["last_battle"]["strength"] == {M: 2, G: 3}
    assert state["last_battle"]["winner"] == G


@pytest.mark.rule("JH-BAT-1")
@pytest.mark.rule("JH-BAT-6")
@pytest.mark.rule("JH-CRD-2")
def test_the_greeks_who_moved_in_are_the_attackers():
    # 2 Greeks march into 1 Maccabean; the revealed card is Maccabean +1: 2 against 2, and
    # the tie goes to the Greeks because they moved in.
    state = position(units={M: {"Shechem": 1}, G: {"Samaria": 2}}, hands={G: [17], M: [10]}, side=G,
                     draw=[3], dice=[1, 1])
    state = play(state, ("card", 17), ("ops",), ("move",), ("area", "Samaria"), ("area", "Samaria"),
                 ("area", "Shechem"), ("done",))
    fought = state["last_battle"]
    assert fought["attacker"] == G and fought["strength"] == {G: 2, M: 2} and fought["winner"] == G
    assert fought["losses"] == {G: 0, M: 1} and units(state, G) == {"Shechem": 2}
    # With a Greek +1 card instead, the Greek attackers get it: 3 against 1.
    state = position(units={M: {"Shechem": 1}, G: {"Samaria": 2}}, hands={G: [17], M: [10]}, side=G,
                     draw=[12], dice=[1, 1])
    state = play(state, ("card", 17), ("ops",), ("move",), ("area", "Samaria"), ("area", "Samaria"),
                 ("area", "Shechem"), ("done",))
    assert state["last_battle"]["strength"] == {G: 3, M: 1}


@pytest.mark.rule("JH-BAT-1")
@pytest.mark.rule("JH-BAT-15")
def test_the_attacker_retreats_even_when_it_wins():
    # 1 Greek attacks 2 Maccabeans with Greek +2: 3 against 2, the Greeks win; dice 1 (no loss
    # for the winner), then the loser's 1 automatic loss and a roll of 1: both sides remain,
    # and the Greek attacker, not the Maccabean defender, goes back to Samaria.
    state = position(units={M: {"Shechem": 2}, G: {"Samaria": 1}}, hands={G: [17], M: [10]}, side=G,
                     draw=[13], dice=[1, 1])
    state = play(state, ("card", 17), ("ops",), ("move",), ("area", "Samaria"), ("area", "Shechem"),
                 ("done",))
    assert state["last_battle"]["winner"] == G
    assert units(state, G) == {"Samaria": 1} and units(state, M) == {"Shechem": 1}


@pytest.mark.rule("JH-BAT-8")
@pytest.mark.rule("JH-GAP-1")
def test_winner_loses_one_unit_on_5_or_6_only():
    for roll, lost in ((4, 0), (5, 1), (6, 1)):
        state = _attack({M: {"Modein": 3}, G: {"Emmaus": 1}}, 3, [roll], n=3)
        assert state["last_battle"]["losses"][M] == lost


@pytest.mark.rule("JH-BAT-10")
def test_loser_chain_stops_on_1_to_4():
    state = _attack({M: {"Modein": 3}, G: {"Emmaus": 3}}, 9, [1, 6, 5, 2, 6], n=3)
    assert state["last_battle"]["losses"][G] == 3
    state = _attack({M: {"Modein": 3}, G: {"Emmaus": 3}}, 9, [1, 6, 3, 6], n=3)
    assert state["last_battle"]["losses"][G] == 2 and state["rng"]["dice"] == [6]


@pytest.mark.rule("JH-BAT-15")
@pytest.mark.rule("JH-BAT-16")
def test_attacker_that_wins_but_leaves_defenders_must_retreat():
    state = _attack({M: {"Modein": 2}, G: {"Emmaus": 3}}, 9, [1, 1], n=2)   # 2+3 v 3: Maccabeans win
    assert state["last_battle"]["winner"] == M
    assert units(state, M) == {"Modein": 2} and units(state, G) == {"Emmaus": 2}


@pytest.mark.rule("JH-BAT-16")
@pytest.mark.rule("JH-AMBIG-9")
def test_retreat_choice_among_areas_the_attackers_came_from():
    state = position(units={M: {"Modein": 1, "Jamnia": 1}, G: {"Emmaus": 3}}, hands={M: [10], G: [17]},
                     draw=[3], dice=[1, 1])
    state = play(state, ("card", 10), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"),
                 ("area", "Jamnia"), ("area", "Emmaus"), ("done",))
    assert step(state) == "battles"
    assert legal(state) == {("area", "Jamnia"), ("area", "Modein")}
    assert SPEC.explain(state, ("area", "Gophna")) == (
        "the attackers retreat only into an area one of them came from", "JH-BAT-16")
    state = play(state, ("area", "Jamnia"))
    assert units(state, M) == {"Jamnia": 2}


@pytest.mark.rule("JH-BAT-14")
def test_both_sides_wiped_out_leave_the_area_empty():
    state = _attack({M: {"Modein": 1}, G: {"Emmaus": 1}}, 3, [6])
    assert "Emmaus" not in state["units"][M] and "Emmaus" not in state["units"][G]


@pytest.mark.rule("JH-MOV-10")
@pytest.mark.rule("JH-BAT-17")
@pytest.mark.rule("JH-AMBIG-8")
def test_mover_chooses_battle_order_and_each_battle_reveals_a_card():
    state = position(units={M: {"Modein": 2}, G: {"Emmaus": 1, "Joppa": 1}}, hands={M: [10], G: [17]},
                     draw=[3, 5], dice=[1, 1, 1, 1])
    state = play(state, ("card", 10), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"),
                 ("area", "Modein"), ("area", "Joppa"), ("done",))
    assert step(state) == "battles" and legal(state) == {("area", "Emmaus"), ("area", "Joppa")}
    state = play(state, ("area", "Joppa"))       # the last battle then follows by itself
    assert state["combat"] == [3, 5] and not mixed_areas(state)
    reveals = [line for line in state["log"] if line.startswith("Revealed")]
    assert "Joppa" in reveals[0] and "Emmaus" in reveals[1]


@pytest.mark.rule("JH-GAP-10")
def test_attackers_with_no_area_to_retreat_into_are_lost():
    # JH-GAP-10: the area they came from now holds enemy units.
    state = position(units={M: {"Emmaus": 2}, G: {"Emmaus": 3, "Modein": 1}}, draw=[9], dice=[1, 1])
    frame = {"side": M, "groups": [{"path": ["Modein", "Emmaus"], "n": 2}], "bonus": 0, "retreat": None}
    battle.fight(state, frame, "Emmaus")
    assert "Emmaus" not in state["units"][M] and state["stock"][M] == 29
    lost = [e for e in state["events"] if e["kind"] == "eliminated" and e.get("why") == "nowhere to retreat"]
    assert [(e["side"], e["area"], e["n"]) for e in lost] == [(M, "Emmaus", 2)]      # both that fought


@pytest.mark.rule("JH-AMBIG-10")
def test_retreat_goes_to_the_area_stepped_in_from_not_the_start():
    state = position(units={M: {"Gophna": 2}, G: {"Emmaus": 3}}, hands={M: [6], G: [17]}, draw=[9],
                     dice=[1, 1])
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Gophna"), ("area", "Gophna"),
                 ("area", "Modein"), ("area", "Emmaus"), ("done",))
    assert units(state, M) == {"Modein": 2} and units(state, G) == {"Emmaus": 2}
