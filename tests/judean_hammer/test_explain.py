"""Why a click is refused: each reason names its clause, in the player's words (explain)."""
from __future__ import annotations

import pytest

from game.rules.judean_hammer import SPEC

from .helpers import play, position

M, G = "maccabean", "greek"
START = {M: {"Modein": 1, "Gophna": 1},
         G: {"Jerusalem": 1, "Samaria": 1, "Jamnia": 1, "Beth Zur": 1, "Antioch Road": 1, "Gaza": 1}}


def _why(state, action):
    got = SPEC.explain(state, action)
    return tuple(got) if got is not None else None


def _recruit(option, units_=START, side=M):
    card, other = (6, 17) if side == M else (17, 10)
    state = position(units=units_, hands={side: [card], (G if side == M else M): [other]}, side=side)
    return play(state, ("card", card), ("ops",), ("recruit", option))


@pytest.mark.rule("JH-REC-2")
@pytest.mark.rule("JH-REC-3")
@pytest.mark.rule("JH-REC-4")
@pytest.mark.rule("JH-REC-5")
def test_maccabean_recruiting_refusals():
    one = _recruit(1)
    assert _why(one, ("area", "Modein")) is None
    assert _why(one, ("area", "Gophna")) == ("this option recruits only into empty or Maccabean cities", "JH-REC-2")
    assert _why(one, ("area", "Samaria")) == ("this option recruits only into empty or Maccabean cities", "JH-REC-2")
    assert _why(one, ("area", "Shechem")) == ("option 1 recruits only in regions the Greeks do not control",
                                              "JH-REC-3")
    assert _why(one, ("area", "Atlantis")) == ("there is no area called Atlantis", None)
    two = _recruit(2)
    assert _why(two, ("area", "Shechem")) is None
    assert _why(two, ("area", "Modein")) == ("option 2 recruits only in a Greek-controlled region", "JH-REC-4")
    assert _why(two, ("area", "Gophna")) == ("this option recruits only into empty or Maccabean cities", "JH-REC-4")
    three = _recruit(3)
    assert _why(three, ("area", "Modein")) == ("this option recruits only into one empty wilderness area",
                                               "JH-REC-5")


@pytest.mark.rule("JH-REC-11")
@pytest.mark.rule("JH-REC-12")
def test_greek_recruiting_refusals():
    cut = {M: {"Hebron": 1, "Desert": 1, "Emmaus": 1, "Gophna": 1},
           G: {"Beth Zur": 1, "Jerusalem": 1, "Samaria": 1}}
    state = _recruit(1, cut, side=G)
    assert _why(state, ("area", "Samaria")) is None
    assert _why(state, ("area", "Hebron")) == ("Greek recruits never go into an area holding Maccabean units",
                                               "JH-REC-11")
    assert _why(state, ("area", "Beth Zur")) == ("recruits must go into an area in supply", "JH-REC-12")
    assert _why(state, ("area", "Joppa")) == (
        "Greek recruits go to supply centres, Greek cities, or areas next to a Greek city in a "
        "Greek-controlled region", "JH-REC-11")


def _moving(units_, side=M, card=6):
    other, other_card = (G, 17) if side == M else (M, 10)
    state = position(units=units_, hands={side: [card], other: [other_card]}, side=side)
    return play(state, ("card", card), ("ops",), ("move",))


@pytest.mark.rule("JH-MOV-1")
@pytest.mark.rule("JH-MOV-3")
@pytest.mark.rule("JH-MOV-6")
def test_maccabean_movement_refusals():
    state = _moving({M: {"Modein": 1, "Jamnia": 1, "Joppa": 1}, G: {"Samaria": 1}})
    assert _why(state, ("area", "Shechem")) == ("you have no units there to move", "JH-MOV-1")
    state = play(state, ("area", "Jamnia"))
    assert _why(state, ("area", "Gaza")) == ("Maccabean units may never enter a Greek Supply Centre", "JH-MOV-6")
    assert _why(state, ("area", "Jamnia")) == ("this card moves at most 4 units", "JH-MOV-1")
    assert _why(state, ("area", "Hebron")) == ("units move only along roads, one area at a time", "JH-MOV-3")
    state = play(state, ("area", "Emmaus"), ("area", "Jerusalem"))
    assert _why(state, ("area", "Emmaus")) == ("a unit never enters the same area twice in one move (house rule)",
                                               "JH-AMBIG-7")
    state = play(state, ("done",))
    assert _why(state, ("area", "Jerusalem")) == ("each unit moves only once per card", "JH-AMBIG-7")
    state = _moving({M: {"Modein": 5}, G: {"Samaria": 1}}, card=10)        # 1 OP: 2 units
    state = play(state, ("area", "Modein"), ("area", "Modein"), ("area", "Emmaus"), ("done",))
    assert _why(state, ("area", "Modein")) == ("this card moves at most 2 units and all have moved: click End movement",
                                               "JH-MOV-1")


@pytest.mark.rule("JH-MOV-5")
def test_greek_movement_range_refusal():
    state = _moving({M: {"Joppa": 1}, G: {"Hebron": 1}}, side=G, card=17)
    state = play(state, ("area", "Hebron"), ("area", "Desert"))
    assert _why(state, ("area", "Jerusalem")) is None
    state = play(state, ("area", "Jerusalem"))
    state = _moving({M: {"Joppa": 1}, G: {"Hebron": 1}}, side=G, card=17)
    state = play(state, ("area", "Hebron"), ("area", "Beth Zur"))
    assert _why(state, ("area", "Jerusalem")) is None
    assert _why(state, ("area", "Modein")) == ("units move only along roads, one area at a time", "JH-MOV-3")


@pytest.mark.rule("JH-AMB-3")
@pytest.mark.rule("JH-AMB-4")
@pytest.mark.rule("JH-AMB-5")
def test_ambush_refusals():
    state = position(units={M: {"Gophna": 1, "Jerusalem": 1},
                            G: {"Samaria": 3, "Emmaus": 1}}, hands={G: [13], M: [10]}, side=G)
    state = play(state, ("card", 13), ("ops",), ("move",),
                 ("area", "Samaria"), ("area", "Shechem"), ("done",),
                 ("area", "Samaria"), ("area", "Galilee"), ("done",),
                 ("area", "Emmaus"), ("area", "Jerusalem"), ("done",))
    assert SPEC.active(state) == M
    assert _why(state, ("area", "Shechem")) is None
    assert _why(state, ("area", "Jerusalem")) == ("an area where a battle will be fought cannot be ambushed",
                                                  "JH-AMB-5")
    assert _why(state, ("area", "Modein")) == ("only an area the Greeks moved into can be ambushed", "JH-AMB-3")
    assert _why(state, ("area", "Galilee")) == ("the ambushed area must be next to Maccabean units", "JH-AMB-3")


@pytest.mark.rule("JH-AMB-4")
def test_an_area_that_held_units_when_the_card_began_is_refused_with_its_reason():
    state = position(units={M: {"Gophna": 1, "Desert": 1}, G: {"Samaria": 2, "Shechem": 1, "Beth Zur": 1}},
                     hands={G: [13], M: [10]}, side=G)
    state = play(state, ("card", 13), ("ops",), ("move",), ("area", "Samaria"), ("area", "Shechem"),
                 ("area", "Scythopolis"), ("area", "Beth Zur"), ("area", "Hebron"), ("done",), ("done",))
    assert _why(state, ("area", "Hebron")) is None
    assert _why(state, ("area", "Shechem")) == (
        "an area that held units when the Greeks began moving cannot be ambushed", "JH-AMB-4")
