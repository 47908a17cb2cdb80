"""Movement phases and the stacking check, through the contract (BFA-MOV-*, BFA-STK-*)."""
from __future__ import annotations

import pytest

from game.rules.armageddon import SPEC, api, board_of, data
from game.rules.armageddon.model import ELIMINATED, OUT
from game.rules.armageddon.movement import check_stacks
from tests.armageddon.helpers import apply, movement_phase, position

rule = pytest.mark.rule


def moves(state, cid):
    return sorted(a[2] for a in SPEC.legal_actions(state) if a[0] == "move" and a[1] == cid)


def board(state):
    return board_of(state)


def example():
    """The book's movement example on our map (examples.json)."""
    ex = data.examples()["movement"]
    state = position(ex["imperial"], ex["ork"], ruins=ex["ruins"], turn=ex["turn"])
    return movement_phase(state, "ork"), ex


@rule("BFA-MOV-12")
@rule("BFA-MOV-7")
@rule("BFA-AMBIG-14")
def test_the_books_movement_example():
    state, ex = example()
    gargant, nobz, wagons = (m["counter"] for m in ex["moves"])
    # The Gargant (move 1) crosses the Diablo into the smoking ruins next door.
    assert board(state).river("Smasha Ridge", "Diablo Forges") == "Diablo"
    assert "Diablo Forges" in moves(state, gargant)
    seen = []
    state = apply(state, ("move", gargant, "Diablo Forges"), seen)
    # The Nobz (move 2) pass through the Gargant's area into the ash waste.
    assert "Sulphur Wastes" in moves(state, nobz)
    state = apply(state, ("move", nobz, "Sulphur Wastes"), seen)
    # The battlewagons (move 3) stop on entering the ash waste after 2 areas.
    reach = moves(state, wagons)
    assert "Sulphur Wastes" in reach
    from game.rules.armageddon.movement import _search
    from game.rules.armageddon.model import occupied_by
    b = board(state)
    without_stop = _search(b, "Burning Fields", 3, occupied_by(state, "imperial"), False)
    beyond = set(without_stop) - set(reach)
    assert beyond and "Slag Marsh" in beyond                # 3 areas away, past Sulphur Wastes
    assert all(set(b.land_adj[a]) & b.stops & set(reach) for a in beyond)
    assert SPEC.explain(state, ("move", wagons, "Slag Marsh")) == \
        ("a counter entering an ash waste must stop there", "BFA-MOV-7")      # a click beyond says why
    state = apply(state, ("move", wagons, "Sulphur Wastes"), seen)
    assert state["stacks"]["Sulphur Wastes"] == [nobz, wagons]
    assert [e["areas"] for e in seen if e["kind"] == "move"] == [1, 2, 2]
    # Infernus, where the 6th Guard Army stands, is an enemy area: threatened, never entered.
    assert "Infernus" in board(state).land_adj["Sulphur Wastes"]


@rule("BFA-MOV-1")
@rule("BFA-ACT-4")
@rule("BFA-MOV-11")
def test_the_active_player_moves_any_of_his_own_counters_or_none():
    state, ex = example()
    acts = SPEC.legal_actions(state)
    assert ("done",) in acts
    movers = {a[1] for a in acts if a[0] == "move"}
    assert movers == {m["counter"] for m in ex["moves"]}
    assert SPEC.explain(state, ("move", "im_guard_6", "Cinder Gate")) == (
        "you may only move your own counters", "BFA-ACT-4")
    state = SPEC.apply(state, ("done",))
    assert state["moved"] == []
    fort = movement_phase(position({"Tartarus": ["im_guard_1"]}, {}), "imperial")
    assert {a[1] for a in SPEC.legal_actions(fort) if a[0] == "move"} == {"im_guard_1"}
    assert SPEC.explain(fort, ("move", "im_fort_1", "Northmarch"))[1] == "BFA-MOV-11"
    # the window lights where a counter may go: nowhere for one off the map, its reach for one on it
    assert api.where_to(fort, "im_guard_2") == [] and "Northmarch" in api.where_to(fort, "im_guard_1")
    # a counter off the map (here set aside) is named as such, in the words the player reads
    assert SPEC.explain(fort, ("move", "im_guard_2", "Northmarch")) == ("only counters on the map move", "BFA-MOV-1")


@rule("BFA-MOV-2")
@rule("BFA-MOV-3")
def test_a_counter_moves_up_to_its_movement_value_in_any_direction():
    state = movement_phase(position({"Ghostfields": ["im_rough_riders_2"]}, {}), "imperial")
    b = board(state)
    reach = set(moves(state, "im_rough_riders_2"))
    one = set(b.land_adj["Ghostfields"])
    assert one <= reach                                    # every direction
    two = {n for a in one - b.stops for n in b.land_adj[a]} - {"Ghostfields"}
    assert two <= reach
    three = {n for a in two - b.stops for n in b.land_adj[a]}
    four = {n for a in three - b.stops for n in b.land_adj[a]} - three - two - one - {"Ghostfields"}
    assert four and not four & reach
    far = sorted(four)[0]
    assert SPEC.explain(state, ("move", "im_rough_riders_2", far))[1] == "BFA-MOV-2"


@rule("BFA-MOV-4")
@rule("BFA-MOV-5")
def test_sea_and_mountain_areas_are_never_entered():
    state = movement_phase(position({"Ghostfields": ["im_rough_riders_2"]}, {}), "imperial")
    b = board(state)
    for kind, clause in (("sea", "BFA-MOV-4"), ("mountain", "BFA-MOV-5")):
        closed = [a for a in b.areas if b.kind[a] == kind]
        near = next(a for a in b.land if set(b.adj[a]) & set(closed) and a not in b.ork_territory)
        target = sorted(set(b.adj[near]) & set(closed))[0]
        st = movement_phase(position({near: ["im_rough_riders_2"]}, {}), "imperial")
        assert not set(moves(st, "im_rough_riders_2")) & set(closed)
        assert SPEC.explain(st, ("move", "im_rough_riders_2", target))[1] == clause


@rule("BFA-MOV-6")
def test_no_counter_enters_an_area_holding_an_enemy_counter_special_counters_included():
    state = movement_phase(position({"Cinder Gate": ["im_guard_3"]}, {"Redweed Marsh": ["ork_goff_nobz_1"]}), "ork")
    reach = moves(state, "ork_goff_nobz_1")
    assert "Cinder Gate" not in reach                      # a Guard army
    assert "Infernus" not in reach                         # an ungarrisoned hive and fortification
    assert SPEC.explain(state, ("move", "ork_goff_nobz_1", "Infernus")) == (
        "no counter may enter an area holding an enemy counter", "BFA-MOV-6")
    # Nor may the Nobz pass through an enemy area to one beyond it.
    b = board(state)
    behind = set(b.land_adj["Cinder Gate"]) - set(b.land_adj["Redweed Marsh"]) - {"Redweed Marsh"}
    only_via_gate = {a for a in behind if not set(b.land_adj[a]) & (set(b.land_adj["Redweed Marsh"]) - {"Cinder Gate", "Infernus"})}
    assert not only_via_gate & set(reach)


@rule("BFA-MOV-8")
@rule("BFA-MOV-9")
@rule("BFA-MOV-10")
def test_counters_move_one_at_a_time_and_once_each():
    state, ex = example()
    gargant = ex["moves"][0]["counter"]
    state = SPEC.apply(state, ("move", gargant, "Diablo Forges"))
    assert moves(state, gargant) == []
    assert SPEC.explain(state, ("move", gargant, "Smasha Ridge"))[1] == "BFA-MOV-10"
    assert state["at"][gargant] == "Diablo Forges"
    ev = [e for e in state["events"] if e["kind"] == "move"][-1]
    assert (ev["counter"], ev["side"], ev["path_from"], ev["to"], ev["areas"]) == (
        gargant, "ork", "Smasha Ridge", "Diablo Forges", 1)


@rule("BFA-STK-1")
@rule("BFA-STK-2")
@rule("BFA-STK-5")
@rule("BFA-STK-6")
@rule("BFA-AMBIG-2")
def test_stacks_may_grow_past_three_while_moving_and_the_opponent_removes_the_excess():
    goffs = ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_boyz_3", "ork_goff_boyz_4"]
    state = movement_phase(position({}, {"Redweed Marsh": goffs[:3], "Warband Camp": goffs[3:]}), "ork")
    state = SPEC.apply(state, ("move", "ork_goff_boyz_4", "Redweed Marsh"))
    assert state["stacks"]["Redweed Marsh"] == goffs and SPEC.active(state) == "ork"
    state = SPEC.apply(state, ("done",))
    assert SPEC.active(state) == "imperial"                # the opponent chooses
    check = [e for e in state["events"] if e["kind"] == "stacking_check"][-1]
    assert (check["side"], check["point"], check["areas"]) == ("ork", "movement_end", ["Redweed Marsh"])
    assert sorted(a[1] for a in SPEC.legal_actions(state)) == sorted(goffs)
    assert "Redweed Marsh holds more than 3 counters" in SPEC.view(state, "imperial")["prompt"]
    assert SPEC.explain(state, ("remove", "ork_goff_boyz_5")) == (
        "first the illegal stack in Redweed Marsh is brought within the rules", "BFA-STK-6")
    assert SPEC.explain(state, ("remove", "ork_goff_boyz_2")) is None
    assert api.stack_problem(state, "Ghostfields", "ork") is None               # an area with no stack at all
    state = SPEC.apply(state, ("remove", "ork_goff_boyz_2"))
    assert state["at"]["ork_goff_boyz_2"] == ELIMINATED
    assert len(state["stacks"]["Redweed Marsh"]) == 3 and SPEC.active(state) is None
    assert [e["kind"] for e in state["events"][-3:]][-2:] == ["eliminated", "stacking_removal"]


@rule("BFA-STK-3")
@rule("BFA-HIV-1")
def test_leaders_hives_and_fortifications_do_not_count_toward_the_limit():
    state = movement_phase(position({"Tartarus": ["im_guard_1", "im_gang_tartarus_1"],
                                     "Northmarch": ["im_guard_4", "im_yarrick"]}, {}), "imperial")
    state = SPEC.apply(state, ("move", "im_guard_4", "Tartarus"))
    state = SPEC.apply(state, ("move", "im_yarrick", "Tartarus"))
    assert len(state["stacks"]["Tartarus"]) == 6             # hive, fortification, 3 units, Yarrick
    state = SPEC.apply(state, ("done",))
    assert SPEC.active(state) is None                        # nothing to remove


@rule("BFA-STK-4")
@rule("BFA-AMBIG-3")
@rule("BFA-AMBIG-4")
def test_tribes_may_mix_while_moving_but_not_when_the_phase_ends():
    state = movement_phase(position({}, {"Redweed Marsh": ["ork_goff_boyz_1"],
                                         "Smasha Ridge": ["ork_bad_moon_boyz_1", "ork_ghazghkull"]}), "ork")
    state = SPEC.apply(state, ("move", "ork_bad_moon_boyz_1", "Redweed Marsh"))
    state = SPEC.apply(state, ("move", "ork_ghazghkull", "Redweed Marsh"))
    state = SPEC.apply(state, ("done",))
    assert SPEC.active(state) == "imperial"
    picks = sorted(a[1] for a in SPEC.legal_actions(state))
    assert picks == ["ork_bad_moon_boyz_1", "ork_ghazghkull", "ork_goff_boyz_1"]
    state = SPEC.apply(state, ("remove", "ork_bad_moon_boyz_1"))
    assert SPEC.active(state) is None                        # Ghazghkull is a Goff
    assert state["at"]["ork_bad_moon_boyz_1"] == ELIMINATED


@rule("BFA-STK-4")
@rule("BFA-STK-3")
def test_three_counters_of_two_tribes_break_the_tribe_rule_not_the_limit():
    # Three counting counters are within the limit, so any counter with a tribe may go, the
    # uncounted Ghazghkull too; over the limit only counting counters would be offered.
    state = movement_phase(position({}, {"Redweed Marsh": ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_ghazghkull"],
                                         "Smasha Ridge": ["ork_bad_moon_boyz_1"]}), "ork")
    state = SPEC.apply(state, ("move", "ork_bad_moon_boyz_1", "Redweed Marsh"))
    state = SPEC.apply(state, ("done",))
    assert api.stack_problem(state, "Redweed Marsh", "ork") == "tribes"
    assert "Redweed Marsh mixes Ork tribes" in SPEC.view(state, "imperial")["prompt"]
    assert ("remove", "ork_ghazghkull") in SPEC.legal_actions(state)


@rule("BFA-STK-7")
def test_an_illegal_stack_found_at_another_check_point_is_trimmed_by_the_opponent():
    state = movement_phase(position({"Tartarus": ["im_guard_1"]}, {}), "imperial")
    for cid in ("im_guard_11", "im_guard_12", "im_guard_13"):
        from game.rules.armageddon.model import put
        put(state, cid, "Tartarus")
    assert check_stacks(state, "imperial", "after_retreat")
    assert SPEC.active(state) == "ork"
    state = SPEC.apply(state, ("remove", "im_guard_1"))
    assert SPEC.active(state) == "imperial" and state["at"]["im_guard_1"] == ELIMINATED


def test_counters_that_can_never_return_go_out_of_play():
    state = movement_phase(position({}, {"Redweed Marsh": ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_boyz_3"],
                                         "Warband Camp": ["ork_goff_boyz_4", "ork_ghazghkull"]}), "ork")
    state = SPEC.apply(state, ("move", "ork_goff_boyz_4", "Redweed Marsh"))
    state = SPEC.apply(state, ("done",))
    state = SPEC.apply(state, ("remove", "ork_goff_boyz_1"))
    assert state["at"]["ork_goff_boyz_1"] == ELIMINATED
    from game.rules.armageddon.model import eliminate
    eliminate(state, "ork_ghazghkull")
    assert state["at"]["ork_ghazghkull"] == OUT              # BFA-OBL-3: never rebuilt
