"""Recruiting: the three Maccabean options, the Greek option, supply and the stockpile (JH-REC-*)."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.rules.judean_hammer import SPEC, recruit
from game.rules.judean_hammer.common import board_of

from .helpers import legal, play, position, step, units

M, G = "maccabean", "greek"
START = {M: {"Modein": 1, "Gophna": 1},
         G: {"Jerusalem": 1, "Samaria": 1, "Jamnia": 1, "Beth Zur": 1, "Antioch Road": 1, "Gaza": 1}}


def _ops(units_=START, card=6, side=M, other_card=17, **kw):
    other = G if side == M else M
    state = position(units=units_, hands={side: [card], other: [other_card]}, side=side, **kw)
    return play(state, ("card", card), ("ops",))


@pytest.mark.rule("JH-REC-1")
def test_maccabeans_pick_exactly_one_of_three_options():
    state = _ops()
    assert legal(state) == {("recruit", 1), ("recruit", 2), ("recruit", 3), ("move",)}
    state = play(state, ("recruit", 3))
    assert step(state) == "recruit" and all(a[0] == "area" for a in legal(state))


@pytest.mark.rule("JH-REC-2")
@pytest.mark.rule("JH-REC-3")
def test_option_1_splits_ops_over_cities_in_regions_the_greeks_do_not_control():
    state = play(_ops(), ("recruit", 1))
    # Judea is Maccabean, Galilee uncontrolled; Samaria, Idumea, Coast, Jerusalem are Greek.
    assert legal(state) == {("area", c) for c in ("Modein", "Emmaus", "Galilee", "Scythopolis")}
    state = play(state, ("area", "Modein"), ("area", "Galilee"), ("area", "Galilee"))
    assert units(state, M) == {"Modein": 2, "Gophna": 1, "Galilee": 2}
    assert SPEC.active(state) == G


@pytest.mark.rule("JH-REC-4")
def test_option_2_puts_ops_minus_one_into_one_city_of_a_greek_region():
    state = play(_ops(), ("recruit", 2))
    assert legal(state) == {("area", c) for c in ("Shechem", "Hebron", "Joppa")}
    assert "maccabean: recruits 2 units (one city in a Greek-controlled region)." in state["log"]   # the option named
    state = play(state, ("area", "Joppa"))
    assert units(state, M)["Joppa"] == 2 and SPEC.active(state) == G
    placed = [(e["side"], e["area"], e["n"]) for e in state["events"] if e["kind"] == "recruited"]
    assert placed == [(M, "Joppa", 2)]                      # where the window drops the new cubes


@pytest.mark.rule("JH-AMBIG-6")
def test_option_2_accepts_an_empty_city():
    # JH-AMBIG-6: Joppa is empty, not Maccabean-controlled, and still qualifies.
    assert ("recruit", 2) in legal(_ops({M: {"Modein": 1}, G: {"Jamnia": 1}}))
    state = play(_ops({M: {"Modein": 1}, G: {"Jamnia": 1}}), ("recruit", 2))
    assert ("area", "Joppa") in legal(state)


@pytest.mark.rule("JH-REC-5")
def test_option_3_puts_ops_minus_one_into_one_empty_wilderness():
    state = play(_ops(), ("recruit", 3))
    assert legal(state) == {("area", "Desert")}          # Gophna holds Maccabeans: not empty
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, ("area", "Gophna"))
    assert err.value.clause == "JH-REC-5"
    state = play(state, ("area", "Desert"))
    assert units(state, M)["Desert"] == 2


@pytest.mark.rule("JH-REC-6")
def test_options_2_and_3_with_one_ops_place_nothing():
    state = _ops(card=10)                                # Hills of Gophna: 1 OPs
    # The view marks the options that would place nothing, so the table does not offer them.
    assert set(SPEC.view(state, M)["idle"]) == {("recruit", 2), ("recruit", 3)}
    assert recruit.placeable(state, M, 3, 1) == 0 and recruit.placeable(state, M, 1, 1) == 1
    state = play(state, ("recruit", 3))
    assert units(state, M) == START[M] and SPEC.active(state) == G


@pytest.mark.rule("JH-REC-14")
def test_recruiting_from_an_empty_stockpile_is_marked_idle():
    state = _ops()
    assert SPEC.view(state, M)["idle"] == []
    state["stock"][M] = 0
    state["units"][M]["Modein"] = 29
    assert set(SPEC.view(state, M)["idle"]) == {a for a in legal(state) if a[0] == "recruit"}


@pytest.mark.rule("JH-REC-7")
@pytest.mark.rule("JH-REC-8")
@pytest.mark.rule("JH-REC-9")
@pytest.mark.rule("JH-REC-10")
@pytest.mark.rule("JH-REC-11")
def test_greek_recruits_full_ops_split_among_eligible_areas():
    state = _ops(side=G, card=22, other_card=10)
    assert legal(state) == {("recruit", 1), ("move",)}
    state = play(state, ("recruit", 1))
    assert state["log"][-1] == "greek: recruits 3 units (Greek recruiting)."
    expected = {"Antioch Road", "Gaza", "Jerusalem", "Samaria", "Jamnia", "Beth Zur",
                "Desert", "Shechem", "Joppa", "Hebron"}
    assert legal(state) == {("area", a) for a in expected}
    assert ("done",) not in legal(state)                  # exactly the OPs value
    state = play(state, ("area", "Gaza"), ("area", "Hebron"), ("area", "Hebron"))
    assert units(state, G)["Hebron"] == 2 and units(state, G)["Gaza"] == 2
    assert SPEC.active(state) == M


@pytest.mark.rule("JH-REC-11")
def test_greek_recruits_never_go_next_to_maccabeans():
    state = play(_ops({M: {"Desert": 1}, G: {"Beth Zur": 1}}, side=G, card=22, other_card=10),
                 ("recruit", 1))
    assert ("area", "Desert") not in legal(state)
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, ("area", "Desert"))
    assert err.value.clause == "JH-REC-11"


@pytest.mark.rule("JH-REC-12")
def test_greek_recruits_only_into_areas_in_supply():
    cut = {M: {"Hebron": 1, "Emmaus": 1, "Gophna": 1}, G: {"Jerusalem": 1, "Beth Zur": 1}}
    state = play(_ops(cut, side=G, card=22, other_card=10), ("recruit", 1))
    assert legal(state) == {("area", "Antioch Road"), ("area", "Gaza")}
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, ("area", "Jerusalem"))
    assert err.value.clause == "JH-REC-12"


@pytest.mark.rule("JH-REC-13")
def test_maccabean_recruiting_ignores_supply():
    # Scythopolis and Galilee can be reached by no Maccabean road at all; they still qualify.
    state = play(_ops({M: {}, G: {"Samaria": 1, "Shechem": 1}}), ("recruit", 1))
    assert ("area", "Scythopolis") in legal(state)


@pytest.mark.rule("JH-REC-14")
@pytest.mark.rule("JH-MAP-9")
def test_recruits_stop_when_the_stockpile_is_empty():
    state = _ops()
    state["stock"][M] = 1
    state["units"][M]["Modein"] = 28
    state = play(state, ("recruit", 1), ("area", "Emmaus"))
    assert state["stock"][M] == 0 and SPEC.active(state) == G


@pytest.mark.rule("JH-AMBIG-5")
def test_greek_cities_and_centres_qualify_wherever_they_are():
    # JH-AMBIG-5: Emmaus is Greek in a tied region; its neighbours in that region do not qualify.
    state = play(_ops({M: {"Modein": 1}, G: {"Emmaus": 1}}, side=G, card=22, other_card=10),
                 ("recruit", 1))
    assert ("area", "Emmaus") in legal(state) and ("area", "Gaza") in legal(state)
    assert ("area", "Gophna") not in legal(state)


@pytest.mark.rule("JH-AMBIG-17")
def test_eligibility_is_judged_once_when_the_card_is_played():
    # JH-AMBIG-17: Marisa lies next to Hebron only; a recruit put into Hebron does not open it.
    extra = {"Marisa": ("wilderness", "Idumea")}
    state = _ops({M: {"Modein": 1}, G: {"Beth Zur": 1}}, side=G, card=22, other_card=10,
                 extra_areas=extra, extra_roads=[("Hebron", "Marisa")])
    state = play(state, ("recruit", 1))
    assert ("area", "Hebron") in legal(state) and ("area", "Marisa") not in legal(state)
    state = play(state, ("area", "Hebron"))
    assert ("area", "Marisa") not in legal(state)
    assert "Marisa" in recruit.greek_areas(state, board_of(state))   # judged afresh it would be

