"""What the player reads at each step: the counts and limits in the prompt follow the rules."""
from __future__ import annotations

import pytest

from game.rules.judean_hammer import SPEC
from game.rules.judean_hammer.cards import CARDS
from game.rules.judean_hammer.common import city_controller

from .helpers import legal, play, position

M, G = "maccabean", "greek"


def _prompt(state, side=M):
    return SPEC.view(state, side)["prompt"]


@pytest.mark.rule("JH-MOV-1")
@pytest.mark.rule("JH-MOV-4")
def test_the_movement_prompt_counts_units_and_steps():
    state = position(units={M: {"Modein": 3, "Gophna": 1}, G: {"Samaria": 1}}, hands={M: [6], G: [17]})
    state = play(state, ("card", 6), ("ops",), ("move",))
    assert _prompt(state) == ("Move: click an area with your units to move from (4 more units may move, "
                              "each up to 3 areas along roads), or End movement.")
    state = play(state, ("area", "Modein"))
    assert _prompt(state) == ("Moving 1 unit from Modein, up to 3 areas along roads: click Modein again to "
                              "add a unit (3 more may), click a lit area next to it to step there, or Done with "
                              "this group.")
    state = play(state, ("area", "Emmaus"))
    assert _prompt(state) == ("Moving 1 unit, now in Emmaus (2 more steps allowed): click the next area, "
                              "or Done with this group to stop here.")


@pytest.mark.rule("JH-REC-2")
@pytest.mark.rule("JH-REC-4")
@pytest.mark.rule("JH-REC-5")
@pytest.mark.rule("JH-REC-9")
def test_the_recruiting_prompts_name_the_option_and_the_count():
    state = position(units={M: {"Modein": 1, "Gophna": 1}, G: {"Samaria": 1, "Jerusalem": 1}},
                     hands={M: [6], G: [17]})
    state = play(state, ("card", 6), ("ops",))
    assert _prompt(state) == (
        "Spend all 3 OPs on recruiting or all on moving up to 4 units (JH-CRD-7, JH-MOV-1). Recruiting in one "
        "city of a Greek region or one empty wilderness area places OPs - 1 = 2 (JH-REC-4, JH-REC-5).")
    assert _prompt(play(state, ("recruit", 1))) == (
        "Recruit (cities in regions the Greeks do not control): click a lit city for the next unit (3 left).")
    assert _prompt(play(state, ("recruit", 2))) == (
        "Recruit (one city in a Greek-controlled region): click the lit area; it gets all 2 units "
        "(OPs - 1, JH-REC-4).")
    assert _prompt(play(state, ("recruit", 3))) == (
        "Recruit (one empty wilderness area): click the lit area; it gets all 2 units (OPs - 1, JH-REC-5).")
    greek = position(units={M: {"Modein": 1}, G: {"Samaria": 1}}, hands={M: [10], G: [17]}, side=G)
    greek = play(greek, ("card", 17), ("ops",), ("recruit", 1))
    assert _prompt(greek, G) == (
        "Recruit: click a lit area for the next unit (1 left): a supply centre, a Greek city, or an area next "
        "to one in a Greek region, in supply (JH-REC-9..12).")


@pytest.mark.rule("JH-MOV-1")
def test_units_added_to_a_stack_count_against_the_card():
    # 1 OP moves 2 units: two from Modein, and then Gophna's unit may not start.
    state = position(units={M: {"Modein": 3, "Gophna": 1}, G: {"Samaria": 1}}, hands={M: [10], G: [17]})
    state = play(state, ("card", 10), ("ops",), ("move",), ("area", "Modein"), ("area", "Modein"),
                 ("area", "Emmaus"), ("done",))
    assert legal(state) == {("done",)}


@pytest.mark.rule("JH-MOV-1")
def test_picking_another_stack_gives_back_the_units_taken():
    # 3 OPs move 4 units: 3 taken from Modein, then Jamnia picked instead: 3 may still start after it.
    state = position(units={M: {"Modein": 3, "Jamnia": 1}, G: {"Samaria": 1}}, hands={M: [6], G: [17]})
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Modein"),
                 ("area", "Modein"), ("area", "Jamnia"), ("area", "Joppa"), ("done",),
                 ("area", "Modein"), ("area", "Modein"), ("area", "Modein"))
    assert state["stack"][-1]["groups"][-1]["n"] == 3


@pytest.mark.rule("JH-MAP-5")
def test_a_city_with_greek_units_is_greek():
    state = position(units={M: {"Modein": 1}, G: {"Emmaus": 1}})
    assert city_controller(state, "Emmaus") == G and city_controller(state, "Modein") == M
    assert SPEC.view(state, M)["cities"]["Emmaus"] == G


@pytest.mark.rule("JH-BAT-16")
@pytest.mark.rule("JH-AMBIG-8")
def test_battle_step_refusals_name_their_clause():
    state = position(units={M: {"Modein": 1, "Joppa": 1}, G: {"Emmaus": 1, "Jamnia": 1}}, hands={M: [6], G: [17]})
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"),
                 ("area", "Joppa"), ("area", "Jamnia"), ("done",))
    assert tuple(SPEC.explain(state, ("area", "Modein"))) == (
        "battles are fought only where both factions have units", "JH-MOV-10")
    assert _prompt(state) == "Battles: click the lit area where the next battle is fought (you choose the order)."


@pytest.mark.rule("JH-AMBIG-7")
def test_a_stack_whose_units_all_moved_is_not_offered_again():
    state = position(units={M: {"Modein": 1, "Gophna": 1}, G: {"Samaria": 1}}, hands={M: [6], G: [17]})
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"), ("done",),
                 ("area", "Gophna"))
    assert ("area", "Emmaus") not in legal(state)


@pytest.mark.rule("JH-GAP-6")
def test_a_reveal_with_no_card_left_is_shown_as_none():
    state = position(units={M: {"Modein": 1}, G: {"Emmaus": 1}}, hands={M: [6], G: [17]}, dice=[1, 1])
    state["removed"] = list(state["draw"])
    state["draw"] = []
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"), ("done",))
    assert state["revealed"] == {"card": None, "why": "the battle at Emmaus"}
    assert SPEC.view(state, G)["revealed"] == {"card": None, "why": "the battle at Emmaus"}


def test_apply_never_changes_the_state_it_was_given():
    state = position(units={M: {"Modein": 2}, G: {"Samaria": 1}}, hands={M: [6], G: [17]})
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"))
    before = repr(state)
    play(state, ("area", "Jerusalem"))
    assert repr(state) == before
    picking = position(units={M: {"Modein": 1, "Gophna": 1}, G: {"Samaria": 1}}, hands={M: [3], G: [17]})
    picking = play(picking, ("card", 3), ("event",))
    before = repr(picking)
    play(picking, ("area", "Modein"))
    assert repr(picking) == before


@pytest.mark.rule("JH-AMB-12")
def test_a_successful_ambush_cuts_the_stopped_group_s_path_at_the_ambush():
    state = position(units={M: {"Gophna": 1, "Scythopolis": 1, "Galilee": 1, "Emmaus": 1},
                            G: {"Samaria": 2, "Jerusalem": 1}}, hands={G: [13], M: [10]}, side=G,
                     draw=[1], dice=[1, 1, 1, 1, 1, 1])
    state = play(state, ("card", 13), ("ops",), ("move",),
                 ("area", "Samaria"), ("area", "Shechem"), ("area", "Scythopolis"),
                 ("area", "Samaria"), ("area", "Galilee"),
                 ("area", "Jerusalem"), ("area", "Emmaus"), ("done",))
    state = play(state, ("area", "Shechem"))
    assert state["last_battle"]["kind"] == "ambush" and state["last_battle"]["won"]
    paths = [g["path"] for g in state["stack"][-1]["groups"]]
    assert ["Samaria", "Shechem"] in paths and ["Samaria", "Shechem", "Scythopolis"] not in paths
    assert set(a for a in (x[1] for x in legal(state))) == {"Galilee", "Emmaus"}


START = {M: {"Modein": 1, "Gophna": 1},
         G: {"Jerusalem": 1, "Samaria": 1, "Jamnia": 1, "Beth Zur": 1, "Antioch Road": 1, "Gaza": 1}}


def _event(card, units_=START):
    side = CARDS[card]["faction"]
    other = G if side == M else M
    state = position(units=units_, hands={side: [card], other: [10 if other == M else 17]}, side=side)
    state = play(state, ("card", card))
    assert SPEC.view(state, side)["labels"] == [f"Use for {CARDS[card]['ops']} OPs", "Play the event"]
    return play(state, ("event",)), side


@pytest.mark.rule("JH-GAP-8")
def test_event_prompts_say_what_to_place_or_remove_and_how_many_are_left():
    state, side = _event(1)
    assert _prompt(state, side) == "Event Mattathias at Modein: click one of the lit areas to place 3 of your units there."
    assert SPEC.view(state, side)["pending"]["event"]["id"] == 1          # the card the panel shows
    state, side = _event(3)
    assert _prompt(state, side) == ("Event The Hasmonean Brothers: click a lit area to place 1 of your units there "
                                    "(3 left).")
    state = play(state, ("area", "Gophna"))
    assert _prompt(state, side) == ("Event The Hasmonean Brothers: click a lit area to place 1 of your units there "
                                    "(2 left) (or Done).")
    assert SPEC.view(state, side)["labels"][-1] == "Done"
    state, side = _event(24)
    assert _prompt(state, side) == ("Event Sabbath Refusal at the Caves: click a lit area to remove 1 Maccabean "
                                    "unit from it (2 left).")
    state, side = _event(20, {M: {"Emmaus": 2, "Desert": 1, "Joppa": 1}, G: {"Jerusalem": 1}})
    state = play(state, ("area", "Desert"))
    assert _prompt(state, side) == ("Event Gorgias's Night Raid: click a lit area to remove 1 Maccabean unit "
                                    "from it (1 left) (or Done).")
    state, side = _event(5, {M: {"Modein": 1}, G: {"Emmaus": 2}})
    assert _prompt(state, side) == "Event Seron at Beth Horon: click the lit area to remove 2 Greek units from it."


def test_button_labels_name_the_choice():
    from game.rules.judean_hammer.view import label
    assert label(("card", 1)) == "Play Mattathias at Modein"
    assert label(("ops",)) == "Use for OPs" and label(("event",)) == "Play the event"
    assert label(("recruit",)) == "Recruit"
    assert label(("recruit", 2)) == "Recruit (2): one city in a Greek-controlled region"
    assert label(("move",)) == "Move" and label(("area", "Modein")) == "Modein"
    assert label(("first", M)) == "Maccabeans start" and label(("first", G)) == "Greeks start"
    assert label(("pass",)) == "Pass" and label(("done",)) == "Done"
    state = position(units={M: {"Modein": 1, "Gophna": 1}, G: {"Samaria": 1, "Jerusalem": 1}},
                     hands={M: [6], G: [17]})
    state = play(state, ("card", 6), ("ops",))
    assert SPEC.view(state, M)["labels"] == ["Recruit 3 in non-Greek-region cities", "Recruit 2 in 1 city of a "
                                             "Greek region", "Recruit 2 in 1 empty wilderness", "Move"]
    greek = position(units={M: {"Modein": 1}, G: {"Samaria": 1}}, hands={M: [10], G: [17]}, side=G)
    greek = play(greek, ("card", 17), ("ops",))
    assert SPEC.view(greek, G)["labels"] == ["Recruit 1", "Move"]


def test_pieces_show_one_stack_per_side_and_area_and_mark_those_that_moved():
    state = position(units={M: {"Modein": 2, "Gophna": 1}, G: {"Samaria": 1}}, hands={M: [6], G: [17]})
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"))
    pieces = {p["id"]: p for p in SPEC.view(state, M)["pieces"]}
    assert set(pieces) == {"maccabean:Modein", "maccabean:Emmaus", "maccabean:Gophna", "greek:Samaria"}
    emmaus = pieces["maccabean:Emmaus"]
    assert emmaus == {"id": "maccabean:Emmaus", "side": M, "kind": "unit", "at": "Emmaus", "style": "cube",
                      "label": "1", "values": "1", "count": 1, "symbol": "infantry", "flags": ["moved"]}
    assert pieces["maccabean:Modein"]["flags"] == [] and pieces["greek:Samaria"]["flags"] == []
    assert pieces["maccabean:Modein"]["count"] == 1
