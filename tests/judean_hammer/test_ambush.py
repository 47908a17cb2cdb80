"""Ambushes against Greek movement (JH-AMB-*, JH-AMBIG-11..14, JH-AMBIG-18)."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.rules.judean_hammer import SPEC

from .helpers import legal, play, position, step, units

M, G = "maccabean", "greek"


def _greek_march(units_, draw=(), dice=(), moves=(("Samaria", "Shechem", "Scythopolis"),), card=22):
    """The Greeks play a card for movement along the given paths (one unit each)."""
    state = position(units=units_, hands={G: [card], M: [10]}, side=G, draw=list(draw), dice=list(dice))
    state = play(state, ("card", card), ("ops",), ("move",))
    for path in moves:
        state = play(state, ("area", path[0]), *[("area", a) for a in path[1:]])
        if state["stack"][-1]["sel"] is not None:
            state = play(state, ("done",))
    return play(state, ("done",))


BASE = {M: {"Gophna": 2}, G: {"Samaria": 2}}


@pytest.mark.rule("JH-AMB-3")
@pytest.mark.rule("JH-AMB-6")
@pytest.mark.rule("JH-AMB-2")
def test_ambush_offered_after_all_greek_movement_for_areas_passed_through():
    state = _greek_march(BASE)
    assert step(state) == "ambush" and SPEC.active(state) == M
    assert legal(state) == {("area", "Shechem"), ("pass",)}
    state = play(state, ("pass",))
    assert units(state, G) == {"Samaria": 1, "Scythopolis": 1} and SPEC.active(state) == M


@pytest.mark.rule("JH-AMB-1")
def test_maccabean_movement_is_never_ambushed():
    state = position(units={M: {"Modein": 1}, G: {"Jerusalem": 1}}, hands={M: [10], G: [17]})
    state = play(state, ("card", 10), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"),
                 ("done",), ("done",))
    assert step(state) != "ambush" and SPEC.active(state) == G


@pytest.mark.rule("JH-AMB-9")
@pytest.mark.rule("JH-AMB-10")
@pytest.mark.rule("JH-AMB-11")
@pytest.mark.rule("JH-AMB-12")
@pytest.mark.rule("JH-AMB-14")
@pytest.mark.rule("JH-AMB-17")
@pytest.mark.rule("JH-MOV-8")
def test_successful_ambush_stops_the_group_and_both_roll():
    # Two Greek units pass through Shechem; one Maccabean ambusher; a Maccabean card is revealed.
    state = _greek_march({M: {"Gophna": 1}, G: {"Samaria": 2}}, draw=[10], dice=[2, 3],
                         moves=[("Samaria", "Shechem", "Scythopolis")] * 2)
    said = SPEC.view(state, M)["prompt"]
    assert said.startswith("Ambush? Click a lit area the Greeks moved into")
    assert said.endswith("It stops them there if the top card's modifier is Maccabean (JH-AMB-9).")
    state = play(state, ("area", "Shechem"))
    assert state["combat"] == [10] and state["last_battle"]["won"]
    assert units(state, G) == {"Shechem": 1}          # both stopped, then the loser lost 1
    assert state["dice"]["values"] == [2, 3]
    assert units(state, M) == {"Gophna": 1}           # the Greeks survive: ambushers stay home


@pytest.mark.rule("JH-AMB-13")
def test_failed_ambush_lets_the_movement_go_on_without_losses():
    state = _greek_march(BASE, draw=[12], dice=[6, 6])
    state = play(state, ("area", "Shechem"))
    assert not state["last_battle"]["won"] and state["combat"] == [12]
    assert units(state, G) == {"Samaria": 1, "Scythopolis": 1} and units(state, M) == {"Gophna": 2}
    assert state["rng"]["dice"] == [6, 6]            # nobody rolled


@pytest.mark.rule("JH-AMB-15")
def test_maccabeans_may_lose_units_in_a_successful_ambush():
    state = _greek_march(BASE, draw=[10], dice=[6, 1], moves=[("Samaria", "Shechem")] * 2)
    state = play(state, ("area", "Shechem"))
    assert state["last_battle"]["won"]
    assert units(state, M) == {"Gophna": 1} and units(state, G) == {"Shechem": 1}


@pytest.mark.rule("JH-AMB-16")
def test_ambushers_move_in_when_every_greek_unit_falls():
    state = _greek_march(BASE, draw=[10], dice=[1])
    state = play(state, ("area", "Shechem"))
    assert units(state, M) == {"Shechem": 2} and "Shechem" not in state["units"][G]
    went = [e for e in state["events"] if e["kind"] == "moved" and e["side"] == M][-1]     # the map's arrow
    assert (went["n"], went["path"]) == (2, ["Gophna", "Shechem"])


@pytest.mark.rule("JH-AMB-4")
def test_area_already_holding_greeks_cannot_be_ambushed():
    state = _greek_march({M: {"Gophna": 1}, G: {"Samaria": 1, "Shechem": 1}},
                         moves=[("Samaria", "Shechem", "Scythopolis")])
    assert step(state) != "ambush"


@pytest.mark.rule("JH-AMBIG-14")
def test_area_must_be_empty_when_the_card_began():
    # JH-AMBIG-14: Shechem's Greeks leave and others pass through; it was not empty at the start.
    state = _greek_march({M: {"Gophna": 1}, G: {"Samaria": 1, "Shechem": 1}},
                         moves=[("Shechem", "Scythopolis"), ("Samaria", "Shechem")])
    assert units(state, G) == {"Shechem": 1, "Scythopolis": 1}
    assert step(state) != "ambush"


@pytest.mark.rule("JH-AMB-5")
def test_a_battle_area_is_not_offered_for_ambush():
    state = _greek_march({M: {"Gophna": 1, "Shechem": 1}, G: {"Samaria": 2}},
                         moves=[("Samaria", "Shechem")])
    assert step(state) == "battles" or ("area", "Shechem") not in legal(state)


@pytest.mark.rule("JH-AMB-7")
@pytest.mark.rule("JH-AMBIG-13")
def test_only_one_ambush_per_greek_card():
    # JH-AMBIG-13: two ambush spots, one ambush; then the card's battles follow.
    state = _greek_march({M: {"Gophna": 1, "Hebron": 1}, G: {"Samaria": 1, "Beth Zur": 1}},
                         draw=[12], moves=[("Samaria", "Shechem"), ("Beth Zur", "Desert")])
    assert legal(state) == {("area", "Shechem"), ("area", "Desert"), ("pass",)}
    state = play(state, ("area", "Desert"))
    assert step(state) != "ambush" and SPEC.active(state) == M


@pytest.mark.rule("JH-AMB-8")
@pytest.mark.rule("JH-AMBIG-12")
def test_ambushers_come_from_one_chosen_adjacent_area():
    # JH-AMBIG-12: Desert is next to Jerusalem and Hebron, both Maccabean.
    state = _greek_march({M: {"Jerusalem": 1, "Hebron": 2}, G: {"Beth Zur": 2}}, draw=[10], dice=[1],
                         moves=[("Beth Zur", "Desert")])
    state = play(state, ("area", "Desert"))
    assert legal(state) == {("area", "Jerusalem"), ("area", "Hebron")}
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, ("area", "Gophna"))
    assert err.value.clause == "JH-AMB-8"
    state = play(state, ("area", "Hebron"))
    assert units(state, M) == {"Jerusalem": 1, "Desert": 2}


@pytest.mark.rule("JH-AMBIG-11")
def test_ambush_rolls_maccabeans_as_winner_greeks_as_loser():
    # JH-AMBIG-11: the Greeks lose 1 and chain on 5-6; the Maccabeans lose only on a 5-6.
    state = _greek_march({M: {"Gophna": 3}, G: {"Samaria": 3}}, draw=[10], dice=[4, 5, 2],
                         moves=[("Samaria", "Shechem")] * 3)
    state = play(state, ("area", "Shechem"))
    assert units(state, G) == {"Shechem": 1} and units(state, M) == {"Gophna": 3}


@pytest.mark.rule("JH-AMBIG-18")
def test_ambush_in_a_supply_centre_never_brings_maccabeans_in():
    # JH-AMBIG-18
    state = _greek_march({M: {"Samaria": 1}, G: {"Galilee": 1}}, draw=[10], dice=[1],
                         moves=[("Galilee", "Antioch Road")])
    state = play(state, ("area", "Antioch Road"))
    assert units(state, G) == {} and units(state, M) == {"Samaria": 1}



@pytest.mark.rule("JH-AMBIG-12")
@pytest.mark.rule("JH-AMB-16")
@pytest.mark.rule("JH-MOV-10")
def test_units_under_attack_cannot_ambush_elsewhere_and_abandon_the_battle():
    # Greeks attack Shechem and march past it into Scythopolis; the Shechem defenders must fight.
    # Were they allowed to ambush at Scythopolis, a win would carry them away from Shechem
    # (JH-AMB-16) and the Greeks would take it without the battle JH-MOV-10 promises.
    state = _greek_march({M: {"Shechem": 2, "Desert": 1}, G: {"Samaria": 2, "Beth Zur": 1}}, card=13,
                         moves=(("Samaria", "Shechem"), ("Samaria", "Galilee", "Scythopolis"),
                                ("Beth Zur", "Hebron")))
    assert step(state) == "ambush"
    assert legal(state) == {("area", "Hebron"), ("pass",)}          # not Scythopolis
    why = SPEC.explain(state, ("area", "Scythopolis"))
    assert why is not None and "JH-AMBIG-12" in str(why)
    with pytest.raises(IllegalAction):
        SPEC.apply(state, ("area", "Scythopolis"))
    state = play(state, ("pass",))
    assert state["last_battle"]["area"] == "Shechem"                 # the battle is fought


@pytest.mark.rule("JH-AMBIG-12")
def test_with_only_engaged_neighbours_no_ambush_is_offered():
    state = _greek_march({M: {"Shechem": 1}, G: {"Samaria": 2}}, card=13, draw=[1], dice=[6, 1],
                         moves=(("Samaria", "Shechem"), ("Samaria", "Galilee", "Scythopolis")))
    assert step(state) != "ambush" and state["last_battle"]["area"] == "Shechem"
