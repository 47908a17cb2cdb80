"""Every refused click says one plain sentence and names its clause, through the contract (apply/explain).

Each case arranges a position on the mini board, tries an action the rules forbid, and checks the
exact sentence and clause the player is shown: a refusal that names the wrong rule, or a rule
whose check is broken so that the click is accepted, fails here."""
from __future__ import annotations

import pytest

from game.rules.hack_sack import SPEC, pieces

from .grid import MINI
from .helpers import aboard, duel, empty, fighting, moving, on_pad, play, put, refused

rule = pytest.mark.rule


def says(state, action, why, clause):
    """The action is refused, with exactly this sentence and clause (and explain agrees)."""
    assert refused(state, action) == (why, clause)
    assert SPEC.explain(state, action) == (why, clause)


# -- choosing a unit to move ------------------------------------------------------------------------------
@rule("HSNJ-MOV-1")
@rule("HSNJ-JER-23")
@rule("HSNJ-CON-1")
@rule("HSNJ-REI-2")
@rule("HSNJ-UNI-4")
def test_units_that_cannot_be_chosen_to_move():
    s = moving(empty(), "krylon")
    put(s, "nra1", (6, 6))
    put(s, "legion1", (2, 5), confused=True)
    put(s, "legion2", (2, 7), mp=0)
    on_pad(s, "legion3")
    says(s, ("unit", "nra1"), "you can only move your own units", "HSNJ-MOV-1")
    says(s, ("unit", "legion1"), "a Confused unit moves only by the Confused-Movement Table", "HSNJ-CON-1")
    says(s, ("unit", "legion2"), "this unit has no movement points left", "HSNJ-UNI-4")
    says(s, ("unit", "legion3"), "units on a Landing Pad leave only aboard a Star Frigate", "HSNJ-REI-2")
    says(s, ("hex", (3, 3)), "choose a unit to move first", "HSNJ-MOV-1")
    says(s, ("box", "pad1"), "choose a unit to move first", "HSNJ-MOV-1")       # a Landing Pad's box alike
    j = moving(empty(), "jerseyite")
    put(j, "cow1", (4, 5))
    says(j, ("unit", "cow1"), "nobody controls the cow; she wanders on her own", "HSNJ-JER-23")


@rule("HSNJ-JER-19")
@rule("HSNJ-JER-22")
def test_a_senators_hold_refuses_the_unit_by_name_of_the_rule():
    s = moving(empty(), "krylon")
    put(s, "legion1", (3, 5))
    put(s, "senator1", (4, 5))
    says(s, ("unit", "legion1"), "a Senator's red tape holds this unit in place", "HSNJ-JER-19")
    s = moving(empty(), "krylon")
    put(s, "legion1", (3, 5))
    put(s, "senator1", (4, 5))
    put(s, "star_frigate1", (2, 5))
    says(play(s, ("unit", "legion1")), ("hex", (3, 6)), "a Senator's red tape holds this unit in place",
         "HSNJ-JER-19")                                   # chosen to board the Frigate, it may not walk off
    s = play(s, ("unit", "star_frigate1"), ("load", "star_frigate1", "legion1"))
    says(s, ("unit", "legion1"), "a Senator's hold: it leaves only when its spaceship carries it away",
         "HSNJ-JER-22")


# -- where a chosen unit may not go -------------------------------------------------------------------------
@rule("HSNJ-MOV-3")
@rule("HSNJ-MOV-4")
@rule("HSNJ-MOV-6")
@rule("HSNJ-MOV-8")
@rule("HSNJ-GAP-3")
@rule("HSNJ-GAP-11")
def test_places_a_chosen_unit_cannot_go():
    s = moving(empty(), "krylon")
    put(s, "legion1", (7, 5))
    put(s, "legion2", (6, 5))
    put(s, "trireme1", (9, 6))
    chosen = play(s, ("unit", "legion1"))
    says(chosen, ("box", "Landing Pad 1"), "only Star Frigates and new reinforcements may be on a Landing Pad",
         "HSNJ-MOV-6")
    says(chosen, ("hex", (20, 20)), "that hex is not on the map", "HSNJ-GAP-11")
    says(chosen, ("hex", (8, 4)), "land units cannot enter water", "HSNJ-MOV-3")
    says(chosen, ("hex", (6, 5)), "only one unit may stand in a hex", "HSNJ-GAP-3")
    says(chosen, ("hex", (1, 5)), "not enough movement points, or a zone of control stops the way", "HSNJ-MOV-8")
    says(play(s, ("unit", "trireme1")), ("hex", (8, 6)), "water units cannot enter land", "HSNJ-MOV-4")


@rule("HSNJ-LOD-6")
@rule("HSNJ-LOD-2")
def test_a_unit_aboard_gets_off_only_next_to_its_ship():
    s = moving(empty(), "krylon")
    put(s, "star_frigate1", (4, 5))
    aboard(s, "legion1", "star_frigate1")
    put(s, "legion2", (1, 1))
    chosen = play(s, ("unit", "legion1"))
    assert ("hex", (4, 4)) in SPEC.legal_actions(chosen)
    says(chosen, ("hex", (1, 2)), "a unit unloads into an empty hex next to its spaceship, for 1 MP", "HSNJ-LOD-6")
    says(s, ("load", "star_frigate1", "legion2"), "a unit boards only a spaceship next to it", "HSNJ-LOD-2")
    says(s, ("load", "star_frigate9", "legion2"), "choose the unit or the spaceship first", "HSNJ-LOD-2")


# -- combat -------------------------------------------------------------------------------------------------
@rule("HSNJ-CBT-1")
@rule("HSNJ-CBT-3")
@rule("HSNJ-CBT-6")
def test_combat_refusals_name_the_duty_and_the_choice():
    s = duel("legion1", (4, 5), "nra1", (5, 5), nra2=(1, 1))
    says(s, ("done",), "units next to an enemy must attack somebody (Legion 1)", "HSNJ-CBT-1")
    says(s, ("resolve",), "choose at least one attacker and one defender", "HSNJ-CBT-3")
    says(s, ("attacker", "nra1"), "you attack with your own units", "HSNJ-CBT-3")
    says(s, ("attacker", "nobody9"), "there is no such unit", None)
    chosen = play(s, ("attacker", "legion1"))
    says(chosen, ("defender", "nra2"), "NRA 2 is out of range", "HSNJ-UNI-6")


@rule("HSNJ-UNI-3")
@rule("HSNJ-CBT-6")
@rule("HSNJ-JER-23")
def test_units_that_can_attack_nobody_are_refused():
    s = duel("legion1", (4, 5), "nra1", (5, 5), legion2=(1, 7))
    says(s, ("attacker", "legion2"), "this unit cannot attack anyone now", "HSNJ-UNI-3")
    says(play(s, ("defender", "nra1")), ("attacker", "legion2"), "NRA 1 is out of range", "HSNJ-UNI-6")
    says(s, ("defender", "legion1"), "no unit of yours can attack this one", "HSNJ-CBT-6")
    j = empty()
    put(j, "cow1", (4, 5))
    put(j, "legion1", (5, 5))
    put(j, "nra1", (4, 4))
    j = fighting(j, "jerseyite")
    says(j, ("attacker", "cow1"), "nobody controls the cow", "HSNJ-JER-23")


@rule("HSNJ-KRY-2")
@rule("HSNJ-JER-28")
def test_long_range_fire_beyond_its_reach_names_the_units_own_rule():
    s = duel("legion1", (4, 5), "nra1", (5, 5), catapult1=(2, 5))
    says(play(s, ("defender", "nra1")), ("attacker", "catapult1"), "NRA 1 is out of range", "HSNJ-KRY-2")
    j = duel("nra1", (5, 5), "legion1", (4, 5), side="jerseyite", uss_nj1=(9, 6))
    says(play(j, ("defender", "legion1")), ("attacker", "uss_nj1"), "Legion 1 is out of range", "HSNJ-JER-28")


@rule("HSNJ-AMBIG-30")
@rule("HSNJ-JER-6")
def test_a_unit_owing_the_same_target_is_named_when_it_must_join():
    s = duel("legion1", (4, 5), "nra1", (5, 5), legion2=(5, 6))
    s = play(s, ("attacker", "legion1"), ("defender", "nra1"))
    says(s, ("resolve",), "Legion 2 must attack NRA 1 and has to join this battle", "HSNJ-AMBIG-30")
    t = duel("samurai1", (4, 5), "lawyer1", (5, 5), legion1=(5, 6), nra1=(6, 6))
    t = play(t, ("attacker", "legion1"), ("defender", "nra1"))
    says(t, ("resolve",), "Legion 1 is next to a Lawyer and must attack him", "HSNJ-JER-6")


# -- the Landing Pads ---------------------------------------------------------------------------------------
def _pads(state):
    state["phase"] = "krylon_reinforcement"
    state["stack"] = [{"step": "turn", "then": "pads"}, {"step": "pads", "sel": None}]
    return state


@rule("HSNJ-REI-1")
@rule("HSNJ-REI-4")
@rule("HSNJ-REI-6")
@rule("HSNJ-AMBIG-21")
def test_landing_pad_refusals():
    s = _pads(empty())
    pieces.unit(s, "nra1")["where"] = "dead"
    says(s, ("box", "Landing Pad 1"), "choose a unit to put on a Landing Pad first", "HSNJ-REI-1")
    says(s, ("unit", "star_frigate1"), "a Star Frigate returns only while the Krylons have fewer than two",
         "HSNJ-REI-4")
    says(s, ("unit", "nra1"), "destroyed Jerseyite units never return", "HSNJ-REI-6")
    says(s, ("unit", "nra2"), "only Krylon land or water units not in use can land", "HSNJ-REI-1")
    for n in (1, 2, 3, 4):
        s = play(s, ("unit", f"legion{n}"), ("box", "Landing Pad 1"))
    s = play(s, ("unit", "legion5"))
    assert all(a[1] for a in SPEC.legal_actions(s) if a[0] == "unit")     # no Frigate waits: none is offered
    says(s, ("box", "Landing Pad 1"), "at most four units go onto each Landing Pad in a Reinforcement Phase",
         "HSNJ-AMBIG-21")
    assert ("box", "Landing Pad 2") in SPEC.legal_actions(s)


@rule("HSNJ-AMBIG-21")
def test_each_reinforcement_phase_gives_every_pad_its_four_places_again():
    s = _pads(empty())
    for n in (1, 2, 3, 4):
        s = play(s, ("unit", f"legion{n}"), ("box", "Landing Pad 1"))
    turn = s["turn"]
    while not (s["stack"][-1]["step"] == "pads" and s["turn"] > turn):
        s = play(s, ("done",))
    for uid in ("legion5", "samurai1", "phalanx1", "cossacks1"):
        s = play(s, ("unit", uid), ("box", "Landing Pad 1"))
    assert pieces.unit(s, "cossacks1")["pad"] == "Landing Pad 1"


@rule("HSNJ-REI-4")
@rule("HSNJ-AMBIG-21")
def test_a_returning_frigate_takes_none_of_the_pads_four_places():
    s = _pads(empty())
    pieces.unit(s, "star_frigate1")["where"] = "dead"
    pieces.unit(s, "star_frigate2")["where"] = "dead"          # one Frigate left: one may come back
    s = play(s, ("unit", "star_frigate1"), ("box", "Landing Pad 1"))
    assert pieces.unit(s, "star_frigate1")["pad"] == "Landing Pad 1"
    assert ("unit", "star_frigate2") not in SPEC.legal_actions(s)
    for n in (1, 2, 3, 4):
        s = play(s, ("unit", f"legion{n}"), ("box", "Landing Pad 1"))
    assert pieces.unit(s, "legion4")["pad"] == "Landing Pad 1"


# -- the Jerseyite set-up -----------------------------------------------------------------------------------
@rule("HSNJ-SET-1")
@rule("HSNJ-SET-2")
@rule("HSNJ-SET-3")
@rule("HSNJ-SET-4")
@rule("HSNJ-GAP-3")
@rule("HSNJ-GAP-6")
@rule("HSNJ-GAP-11")
def test_set_up_refusals_name_the_placement_rule():
    s = SPEC.setup(7, None, {"map": MINI})
    assert s["stack"][-1]["step"] == "deploy"
    says(s, ("hex", (2, 2)), "choose a unit to set up first", "HSNJ-GAP-6")
    says(s, ("done",), "every Jerseyite unit must be set up first", "HSNJ-SET-1")
    land = play(s, ("unit", "nra1"))
    says(land, ("hex", (2, 6)), "Jerseyite land units start in or next to a city", "HSNJ-SET-1")
    says(land, ("hex", (20, 20)), "that hex is not on the map", "HSNJ-GAP-11")
    taken = play(land, ("hex", (2, 2)), ("unit", "nra2"))
    says(taken, ("hex", (2, 2)), "only one unit may stand in a hex", "HSNJ-GAP-3")
    says(play(s, ("unit", "cruiser1")), ("hex", (2, 6)), "space units start on land next to water", "HSNJ-SET-2")
    says(play(s, ("unit", "uss_nj1")), ("hex", (9, 6)), "the USS New Jersey starts on water next to a city",
         "HSNJ-SET-3")
    cow = play(s, ("unit", "cow1"))
    says(cow, ("hex", (3, 2)), "the cow starts on land away from roads and cities", "HSNJ-SET-4")
    says(cow, ("hex", (2, 0)), "the cow starts on land away from roads and cities", "HSNJ-SET-4")
    assert ("hex", (2, 6)) in SPEC.legal_actions(cow)


# -- retreats -----------------------------------------------------------------------------------------------
@rule("HSNJ-RES-4")
@rule("HSNJ-AMBIG-35")
def test_retreat_refusals():
    s = duel("catapult1", (3, 5), "bikers1", (4, 5), dice=[5], bikers2=(5, 5))
    s = play(s, ("attacker", "catapult1"), ("defender", "bikers1"), ("defender", "bikers2"), ("resolve",))
    assert s["stack"][-1]["step"] == "retreat"
    says(s, ("unit", "catapult1"), "only your units retreating from this battle, with a way out that costs no "
         "other unit its retreat, may go next", "HSNJ-RES-4")
    says(s, ("hex", (3, 4)), "a retreat moves away from every winner, through friends only, and ends in an "
         "empty hex the unit may enter", "HSNJ-AMBIG-35")


# -- what the player is asked to do ---------------------------------------------------------------------------
def prompt(state, side):
    return SPEC.view(state, side)["prompt"]


@rule("HSNJ-CBT-1")
@rule("HSNJ-CBT-3")
def test_the_combat_prompt_names_who_must_still_attack():
    s = duel("legion1", (4, 5), "nra1", (5, 5), legion2=(5, 6), legion3=(6, 4), nra2=(6, 5))
    assert prompt(s, "krylon") == ("Krylons: click a unit to attack with, or an enemy to target. "
                                   "Must attack: Legion 1, Legion 2 +1.")
    s = play(s, ("attacker", "legion1"))
    assert prompt(s, "krylon") == "Krylons: click the enemy units to attack. Must attack: Legion 2, Legion 3."
    assert prompt(play(s, ("defender", "nra1")), "krylon") == \
        "Krylons: add units to this battle, or roll. Must attack: Legion 2, Legion 3."
    t = play(duel("legion1", (4, 5), "nra1", (5, 5), legion2=(5, 6)), ("attacker", "legion1"), ("defender", "nra1"))
    assert prompt(t, "krylon") == ("Krylons: Legion 2 must attack NRA 1 and has to join this battle "
                                   "(HSNJ-AMBIG-30). Must attack: Legion 2.")
    free = duel("legion1", (4, 5), "nra1", (1, 1))
    assert prompt(free, "krylon") == "Krylons: click a unit to attack with, or an enemy to target. Or End combat."
    ready = play(duel("catapult1", (3, 5), "nra1", (5, 5)), ("attacker", "catapult1"), ("defender", "nra1"))
    assert prompt(ready, "krylon") == "Krylons: add units to this battle, or roll. Or End combat."


@rule("HSNJ-MOV-1")
@rule("HSNJ-LOD-2")
@rule("HSNJ-LOD-6")
def test_the_movement_prompt_follows_the_chosen_unit():
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    put(s, "legion2", (4, 3))
    put(s, "star_frigate1", (5, 3))
    aboard(s, "legion3", "star_frigate1", mp=2)
    assert prompt(s, "krylon") == "Krylons: choose a unit to move (highlighted), or End movement."
    assert prompt(play(s, ("unit", "legion1")), "krylon") == \
        "Krylons: move Legion 1 (3 MP left) to a highlighted hex, or choose another unit."
    assert prompt(play(s, ("unit", "legion2")), "krylon") == \
        "Krylons: move Legion 2 (3 MP left), or click the spaceship beside it to board."
    assert prompt(play(s, ("unit", "star_frigate1")), "krylon") == \
        "Krylons: move Star Frigate 1 (8 MP left), or click a unit beside it or on its pad to load."
    assert prompt(play(s, ("unit", "legion3")), "krylon") == \
        "Krylons: click a highlighted hex to unload Legion 3 (2 MP left), or choose another unit."


@rule("HSNJ-RES-4")
def test_the_retreat_prompt_names_the_unit_the_distance_and_the_choice():
    s = duel("catapult1", (3, 5), "bikers1", (4, 5), dice=[5], bikers2=(5, 5))
    s = play(s, ("attacker", "catapult1"), ("defender", "bikers1"), ("defender", "bikers2"), ("resolve",))
    assert prompt(s, "jerseyite") == ("Jerseyites: click the highlighted hex where Bikers 1 ends its retreat "
                                      "(1 hex away from the winners) or choose another of your retreating units.")
    s = play(s, ("unit", "bikers2"), ("hex", [5, 6]))
    assert prompt(s, "jerseyite") == ("Jerseyites: click the highlighted hex where Bikers 1 ends its retreat "
                                      "(1 hex away from the winners).")


@rule("HSNJ-GAP-6")
@rule("HSNJ-SET-1")
@rule("HSNJ-SET-4")
def test_the_set_up_prompt_says_where_the_chosen_unit_may_go():
    s = SPEC.setup(7, None, {"map": MINI})
    assert prompt(s, "jerseyite") == "Jerseyites: choose a unit to set up, or take the standard set-up."
    assert prompt(play(s, ("unit", "nra1")), "jerseyite") == \
        "Jerseyites: click a highlighted hex for NRA 1 (in a city or next to one, HSNJ-SET-1)."
    assert prompt(play(s, ("unit", "cow1")), "jerseyite") == (
        "Jerseyites: click a highlighted hex for Jersey Cow (open country: no road, no city, not next to a city, "
        "HSNJ-SET-4).")
    done = play(s, ("setup", "standard"))
    assert prompt(done, "jerseyite") == "Jerseyites: every unit is set up. Press Done to start turn 1."
