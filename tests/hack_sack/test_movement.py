"""Movement, zones of control, roads, Confused units, Senators, the cow and spaceships (VII, III.E)."""
from __future__ import annotations

import copy

import pytest

from game.core.contract import IllegalAction

from game.rules.hack_sack import SPEC, movement, pieces, sequence
from game.rules.hack_sack.board import key

from game.rules.hack_sack import board as boards

from .grid import MiniGrid
from .helpers import aboard, empty, fighting, hexes, moving, on_pad, play, put, refused, where

rule = pytest.mark.rule


def dest(state, uid):
    """The destinations offered for a unit once it is chosen."""
    return hexes(play(state, ("unit", uid)))


def start_moving(state, side):
    """Run the real start of a Movement Phase (fresh MP, Confused units wander)."""
    state["stack"] = [{"step": "turn", "then": "pads"}, {"step": "pads", "sel": None}]
    sequence.start_movement(state, side)
    return state


# -- MP and terrain -------------------------------------------------------------------------------------------
@rule("HSNJ-MOV-1")
@rule("HSNJ-MOV-2")
@rule("HSNJ-UNI-4")
def test_land_unit_spends_one_mp_a_hex():
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    d = dest(s, "legion1")
    assert (5, 5) in d and (6, 5) not in d                      # Move 3
    s = play(s, ("unit", "legion1"), ("hex", [4, 5]))
    assert where(s, "legion1") == (4, 5) and pieces.unit(s, "legion1")["mp"] == 1


@rule("HSNJ-MOV-1")
def test_done_with_one_unit_keeps_the_movement_phase_going():
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    put(s, "legion2", (2, 7))
    assert ("deselect",) not in SPEC.legal_actions(s)          # nothing chosen: nothing to be done with
    s = play(s, ("unit", "legion1"), ("hex", [3, 5]))
    assert ("deselect",) in SPEC.legal_actions(s)
    s = play(s, ("deselect",))
    assert s["stack"][-1]["step"] == "move" and s["stack"][-1]["sel"] is None
    assert SPEC.active(s) == "krylon" and where(s, "legion1") == (3, 5)
    assert not any(a[0] == "hex" for a in SPEC.legal_actions(s))   # no unit is moving now
    s = play(s, ("unit", "legion1"))                              # and it may go on later (MP left)
    assert (4, 5) in hexes(s)


@rule("HSNJ-REI-1")
def test_a_unit_chosen_for_the_pads_can_be_put_back():
    s = empty()
    s["stack"] = [{"step": "pads", "sel": None}]
    assert ("deselect",) not in SPEC.legal_actions(s)
    s = play(s, ("unit", "legion1"))
    assert ("deselect",) in SPEC.legal_actions(s)
    s = play(s, ("deselect",))
    assert s["stack"][-1] == {"step": "pads", "sel": None} and pieces.unit(s, "legion1")["where"] == "pool"
    assert ("unit", "legion1") in SPEC.legal_actions(s)


@rule("HSNJ-MOV-3")
@rule("HSNJ-MOV-4")
@rule("HSNJ-MOV-5")
def test_terrain_by_unit_class():
    s = moving(empty(), "krylon")
    put(s, "legion1", (8, 5))
    put(s, "trireme1", (9, 6))
    put(s, "star_frigate1", (7, 6))
    assert (9, 5) not in dest(s, "legion1")
    assert refused(play(s, ("unit", "legion1")), ("hex", [9, 5]))[1] == "HSNJ-MOV-3"
    assert (8, 6) not in dest(s, "trireme1")
    assert refused(play(s, ("unit", "trireme1")), ("hex", [8, 6]))[1] == "HSNJ-MOV-4"
    d = dest(s, "star_frigate1")
    assert (9, 5) in d and (6, 6) in d


@rule("HSNJ-MOV-6")
def test_only_frigates_fly_to_the_landing_pads():
    s = moving(empty(), "krylon")
    put(s, "star_frigate1", (4, 5))
    acts = SPEC.legal_actions(play(s, ("unit", "star_frigate1")))
    assert ("box", "Landing Pad 3") in acts
    s = moving(empty(), "jerseyite")
    put(s, "cruiser1", (4, 5))
    acts = SPEC.legal_actions(play(s, ("unit", "cruiser1")))
    assert not any(a[0] == "box" for a in acts)
    assert refused(play(s, ("unit", "cruiser1")), ("box", "Landing Pad 1"))[1] == "HSNJ-MOV-6"


@rule("HSNJ-GAP-9")
def test_a_frigate_flies_over_the_map_where_that_beats_landing_from_orbit():
    # pads that cost 2 to enter or leave (a map's entry_cost): lifting off and landing anywhere
    # costs 4, so a hex within 3 is cheaper flown to; the search for flights stops there
    grid = MiniGrid()
    grid.zones = [z._replace(props={"entry_cost": 2}) for z in grid.zones]
    boards.register("test:mini-pads-2", grid)
    s = SPEC.setup(7, None, {"map": "test:mini-pads-2"})
    for u in pieces.units(s):
        u.update(where="pool", hex=None, pad=None, ship=None, confused=False, mp=0)
    s = moving(s, "krylon")
    put(s, "star_frigate1", (4, 5))                             # Move 8
    for h, left in (((5, 5), 7), ((7, 5), 5), ((8, 3), 4), ((0, 0), 4)):
        after = play(s, ("unit", "star_frigate1"), ("hex", list(h)))
        assert pieces.unit(after, "star_frigate1")["mp"] == left, h


@rule("HSNJ-MOV-7")
@rule("HSNJ-MOV-8")
def test_zone_of_control_stops_same_class():
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    put(s, "nra1", (4, 5))
    d = dest(s, "legion1")
    assert (3, 5) in d and (5, 5) not in d
    s = play(s, ("unit", "legion1"), ("hex", [3, 5]))
    assert pieces.unit(s, "legion1")["mp"] == 0


@rule("HSNJ-MOV-9")
def test_other_classes_ignore_zoc():
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    put(s, "cruiser1", (4, 5))
    s = play(s, ("unit", "legion1"), ("hex", [3, 5]))
    assert pieces.unit(s, "legion1")["mp"] == 2


@rule("HSNJ-MOV-10")
@rule("HSNJ-MOV-12")
def test_break_in_traffic_to_get_onto_a_road():
    s = moving(empty(dice=[3]), "krylon")
    put(s, "legion1", (3, 3))
    d = dest(s, "legion1")
    assert (3, 2) in d and (3, 1) not in d                       # crossing needs the roll too
    for start, reached in (((3, 5), True), ((3, 6), False)):       # two hexes off, its last MP tries
        far = moving(empty(dice=[3]), "krylon")
        put(far, "legion1", start)
        assert ((3, 2) in dest(far, "legion1")) == reached
    for odd in (("hex", 7), ("box", 7), ("hex", [3, 2, 1])):          # a target misspoken is refused
        with pytest.raises(IllegalAction):
            SPEC.apply(play(s, ("unit", "legion1")), odd)
    s = play(s, ("unit", "legion1"), ("hex", [3, 2]))
    assert where(s, "legion1") == (3, 2) and pieces.unit(s, "legion1")["mp"] == 2
    assert "[d6:3]" in s["log"][-1] and s["log"][-1].startswith("krylon: ")       # tinted for its side
    assert SPEC.view(s, "krylon")["dice"]["text"] == f"Traffic: {pieces.unit(s, 'legion1')['name']}"


@rule("HSNJ-MOV-11")
def test_no_break_in_traffic_ends_the_move():
    s = moving(empty(dice=[4]), "krylon")
    put(s, "legion1", (3, 4))
    s = play(s, ("unit", "legion1"), ("hex", [3, 2]))            # via (3, 3), then the roll fails
    assert where(s, "legion1") == (3, 3) and pieces.unit(s, "legion1")["mp"] == 0
    stuck = [e for e in s["events"] if e["kind"] == "moved"][-1]     # the map draws the move and where it stuck
    assert (stuck["path"][-1], stuck["stuck"]) == ([3, 3], [3, 2])


@rule("HSNJ-MOV-13")
@rule("HSNJ-MOV-14")
@rule("HSNJ-MOV-15")
def test_half_mp_along_roads_and_cities():
    s = moving(empty(), "krylon")
    put(s, "legion1", (3, 2), mp=2)
    d = movement.reach(s, pieces.unit(s, "legion1"))
    assert d[key((7, 2))]["mp"] == 0 and key((8, 2)) not in d   # four road steps for 2 MP
    assert d[key((3, 3))]["mp"] == 1                             # leaving the road: 1 MP
    put(s, "legion1", (6, 2), mp=1)
    d = movement.reach(s, pieces.unit(s, "legion1"))
    assert d[key((8, 2))]["mp"] == 0 and d[key((8, 2))]["roll_from"] is None   # the city is road


@rule("HSNJ-MOV-16")
def test_entering_a_city_from_open_ground_needs_the_roll():
    s = moving(empty(), "krylon")
    put(s, "legion1", (4, 4))
    d = movement.reach(s, pieces.unit(s, "legion1"))
    assert d[key((5, 4))]["roll_from"] == key((4, 4))


@rule("HSNJ-MOV-17")
def test_water_units_enter_coastal_cities_freely():
    s = moving(empty(), "krylon")
    put(s, "trireme1", (9, 3))
    d = movement.reach(s, pieces.unit(s, "trireme1"))
    assert d[key((8, 2))]["roll_from"] is None and d[key((8, 2))]["mp"] == 2   # Move 4, two hexes
    assert key((5, 4)) not in d


# -- Confused units -----------------------------------------------------------------------------------------------
@rule("HSNJ-CON-1")
@rule("HSNJ-CON-3")
@rule("HSNJ-CON-4")
def test_confused_unit_moves_one_hex_by_the_table():
    s = empty(dice=[3])
    put(s, "legion1", (2, 5), confused=True)
    s = start_moving(s, "krylon")
    assert where(s, "legion1") == (3, 5)                         # 3: south-east
    moved = [e for e in s["events"] if e["kind"] == "moved" and e["unit"] == "legion1"]
    assert moved and moved[-1]["confused"] and moved[-1]["path"] == [[2, 5], [3, 5]]   # the window slides it
    assert "legion1" not in [a[1] for a in SPEC.legal_actions(s) if a[0] == "unit"]
    assert refused(s, ("unit", "legion1"))[1] == "HSNJ-CON-1"


@rule("HSNJ-CON-2")
def test_confused_unit_stays_when_blocked():
    s = empty(dice=[3, 6])
    put(s, "legion1", (2, 5), confused=True)
    put(s, "nra1", (3, 5))
    put(s, "trireme1", (8, 3), confused=True)
    s = start_moving(s, "krylon")
    assert where(s, "legion1") == (2, 5) and where(s, "trireme1") == (8, 3)   # (7, 3) is land


@rule("HSNJ-CON-5")
@rule("HSNJ-CON-6")
def test_confused_unit_onto_a_road_rolls_for_traffic():
    s = empty(dice=[1, 5])
    put(s, "legion1", (3, 3), confused=True)
    s = start_moving(s, "krylon")                                # north onto the road: stuck
    assert where(s, "legion1") == (3, 3)
    s = empty(dice=[1, 2])
    put(s, "legion1", (3, 3), confused=True)
    s = start_moving(s, "krylon")
    assert where(s, "legion1") == (3, 2) and pieces.unit(s, "legion1")["mp"] == 0


@rule("HSNJ-JER-23")
@rule("HSNJ-JER-24")
def test_the_cow_wanders_and_never_recovers():
    s = empty(dice=[4])
    put(s, "cow1", (1, 5))
    s = start_moving(s, "jerseyite")
    assert where(s, "cow1") == (1, 6)                            # 4: south
    assert refused(s, ("unit", "cow1"))[1] == "HSNJ-JER-23"
    draws = s["rng"]["draws"]
    sequence.recovery(s, "jerseyite")
    assert s["rng"]["draws"] == draws


# -- Senators -------------------------------------------------------------------------------------------------------
@rule("HSNJ-JER-19")
def test_senator_holds_krylon_land_units():
    s = moving(empty(), "krylon")
    put(s, "legion1", (3, 5))
    put(s, "senator1", (4, 5))
    put(s, "trireme1", (8, 3))
    assert refused(s, ("unit", "legion1"))[1] == "HSNJ-JER-19"
    assert ("unit", "trireme1") in SPEC.legal_actions(s)          # water units are not held


@rule("HSNJ-JER-20")
def test_the_hold_ends_when_the_senator_moves_away_or_is_destroyed():
    s = moving(empty(), "jerseyite")
    put(s, "legion1", (3, 5))
    put(s, "senator1", (4, 5))
    s = play(s, ("unit", "senator1"), ("hex", [6, 5]))           # the Senator walks off
    assert where(s, "senator1") == (6, 5)
    s = moving(s, "krylon")
    put(s, "legion1", (3, 5))
    assert ("unit", "legion1") in SPEC.legal_actions(s)
    s = play(s, ("unit", "legion1"), ("hex", [3, 4]))
    assert where(s, "legion1") == (3, 4)
    t = moving(empty(), "krylon")
    put(t, "legion1", (3, 5))
    put(t, "senator1", (4, 5))
    assert ("unit", "legion1") not in SPEC.legal_actions(t)
    t = copy.deepcopy(t)                                         # a state once asked is a value
    pieces.unit(t, "senator1").update(where="dead", hex=None)        # destroyed
    assert ("unit", "legion1") in SPEC.legal_actions(t)


@rule("HSNJ-JER-22")
def test_frigate_may_carry_off_a_held_unit():
    s = moving(empty(), "krylon")
    put(s, "legion1", (3, 5))
    put(s, "senator1", (4, 5))
    put(s, "star_frigate1", (2, 5))
    s = play(s, ("unit", "star_frigate1"), ("load", "star_frigate1", "legion1"), ("hex", [1, 2]))
    assert where(s, "legion1") == "ship" and where(s, "star_frigate1") == (1, 2)


# -- loading and unloading ----------------------------------------------------------------------------------------------
@rule("HSNJ-LOD-2")
@rule("HSNJ-LOD-3")
def test_loading_needs_adjacency_and_one_mp():
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    put(s, "star_frigate1", (4, 5))
    assert refused(s, ("load", "star_frigate1", "legion1"))[1] == "HSNJ-LOD-2"
    put(s, "star_frigate1", (3, 5))
    put(s, "legion1", (2, 5), mp=0.5)
    assert refused(s, ("load", "star_frigate1", "legion1"))[1] == "HSNJ-LOD-3"
    put(s, "legion1", (2, 5), mp=1)
    put(s, "star_frigate1", (3, 5), mp=0)                   # spent: it can only take the Legion aboard
    assert ("unit", "star_frigate1") in SPEC.legal_actions(s)
    s = play(s, ("unit", "legion1"), ("load", "star_frigate1", "legion1"))
    assert where(s, "legion1") == "ship" and pieces.unit(s, "legion1")["mp"] == 0


@rule("HSNJ-LOD-4")
@rule("HSNJ-LOD-10")
def test_frigate_carries_four():
    s = moving(empty(), "krylon")
    put(s, "star_frigate1", (3, 5))
    for uid in ("legion1", "legion2", "legion3", "legion4"):
        aboard(s, uid, "star_frigate1")
    put(s, "legion5", (2, 5))
    assert refused(s, ("load", "star_frigate1", "legion5"))[1] == "HSNJ-LOD-10"
    assert SPEC.invariants(s) == []
    aboard(s, "legion5", "star_frigate1")                   # a fifth put aboard by hand
    assert SPEC.invariants(s) == ["star_frigate1 carries more than 4"]


@rule("HSNJ-LOD-11")
@rule("HSNJ-LOD-12")
@rule("HSNJ-LOD-13")
def test_cruisers_carry_one_and_escorts_none():
    s = moving(empty(), "jerseyite")
    put(s, "cruiser1", (3, 5))
    put(s, "escort1", (3, 4))
    put(s, "nra1", (2, 5))
    put(s, "bikers1", (4, 4))
    put(s, "guard1", (4, 5))
    put(s, "cow1", (2, 6))
    assert refused(s, ("load", "cruiser1", "guard1"))[1] == "HSNJ-LOD-12"
    assert refused(s, ("load", "cruiser1", "cow1"))[1] == "HSNJ-LOD-12"
    assert refused(s, ("load", "escort1", "bikers1"))[1] == "HSNJ-LOD-13"
    s = play(s, ("unit", "nra1"), ("load", "cruiser1", "nra1"))
    assert refused(s, ("load", "cruiser1", "bikers1"))[1] == "HSNJ-LOD-11"


@rule("HSNJ-LOD-5")
@rule("HSNJ-LOD-6")
@rule("HSNJ-LOD-7")
def test_cargo_travels_and_unloads_next_to_the_ship():
    s = moving(empty(), "krylon")
    put(s, "star_frigate1", (3, 5))
    aboard(s, "legion1", "star_frigate1", mp=3)
    put(s, "nra1", (6, 6))
    s = play(s, ("unit", "star_frigate1"), ("hex", [6, 5]))
    piece = [p for p in SPEC.view(s, "krylon")["pieces"] if p["id"] == "legion1"][0]
    assert piece["at"] == "star_frigate1"
    s = play(s, ("unit", "legion1"))
    around = {(7, 5), (7, 4), (6, 4), (5, 5), (5, 6)}           # (6, 6) holds the NRA
    assert hexes(s) == around
    s = play(s, ("hex", [7, 4]))
    assert where(s, "legion1") == (7, 4) and pieces.unit(s, "legion1")["mp"] == 2


@rule("HSNJ-LOD-7")
def test_the_unloading_hexes_offered_show_the_mp_left_after_the_unloading():
    s = moving(empty(), "krylon")
    put(s, "star_frigate1", (4, 5))
    aboard(s, "legion1", "star_frigate1", mp=3)
    offered = movement.reach_now(play(s, ("unit", "legion1")), "legion1")
    assert offered and {k: (v["mp"], v.get("unload")) for k, v in offered.items()} == \
        {k: (2, True) for k in offered}


@rule("HSNJ-LOD-13")
def test_an_escort_beside_a_cruiser_is_never_offered_a_berth():
    s = moving(empty(), "jerseyite")
    put(s, "cruiser1", (3, 5))
    put(s, "escort1", (3, 4))
    chosen = play(s, ("unit", "escort1"))
    assert not [a for a in SPEC.legal_actions(chosen) if a[0] == "load"]
    assert ("unit", "cruiser1") in SPEC.legal_actions(chosen)


@rule("HSNJ-MOV-1")
def test_a_move_is_recorded_as_a_moved_event_with_its_path():
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    s = play(s, ("unit", "legion1"), ("hex", [4, 5]))
    moved = [e for e in s["events"] if e["kind"] == "moved"]
    assert [(e["unit"], e["side"], e["path"]) for e in moved] == [("legion1", "krylon", [[2, 5], [4, 5]])]


@rule("HSNJ-LOD-1")
def test_destroyed_ship_takes_its_cargo():
    s = moving(empty(), "krylon")
    put(s, "star_frigate1", (3, 5))
    aboard(s, "legion1", "star_frigate1")
    aboard(s, "chariot1", "star_frigate1")
    pieces.destroy(s, "star_frigate1", "jerseyite")
    assert where(s, "legion1") == "pool" and where(s, "chariot1") == "pool"
    assert s["vp"]["jerseyite"] == 2 + 2 + 3                     # AMBIG-4: the cargo scores too
    gone = {e["unit"]: e for e in s["events"] if e["kind"] == "eliminated"}
    assert gone["legion1"]["why"] == "lost aboard Star Frigate 1" and gone["legion1"]["by"] == "jerseyite"
    assert gone["star_frigate1"]["why"] == "destroyed" and gone["chariot1"]["vp"] == 3


@rule("HSNJ-LOD-7")
@rule("HSNJ-MOV-8")
def test_unloading_costs_one_mp_and_ends_the_move_in_an_enemy_zone():
    s = moving(empty(), "krylon")
    put(s, "star_frigate1", (4, 5))
    aboard(s, "legion1", "star_frigate1", mp=3)
    put(s, "nra1", (6, 4))
    free = play(s, ("unit", "legion1"), ("hex", [3, 5]))
    assert where(free, "legion1") == (3, 5) and pieces.unit(free, "legion1")["mp"] == 2
    stopped = play(s, ("unit", "legion1"), ("hex", [5, 5]))          # next to the NRA: its zone of control
    assert where(stopped, "legion1") == (5, 5) and pieces.unit(stopped, "legion1")["mp"] == 0


@rule("HSNJ-LOD-8")
@rule("HSNJ-LOD-9")
def test_loading_only_in_own_movement_phase():
    s = empty()
    put(s, "star_frigate1", (3, 5))
    put(s, "legion1", (2, 5))
    put(s, "cruiser1", (6, 6))
    put(s, "nra1", (6, 5))
    for side in ("krylon", "jerseyite"):
        f = fighting(s, side)
        assert not any(a[0] == "load" for a in SPEC.legal_actions(f))
    s = moving(s, "jerseyite")
    assert SPEC.active(s) == "jerseyite"
    assert ("load", "star_frigate1", "legion1") not in SPEC.legal_actions(s)
    assert ("load", "cruiser1", "nra1") in SPEC.legal_actions(play(s, ("unit", "nra1")))


@rule("HSNJ-REI-2")
def test_pad_units_leave_only_by_frigate():
    s = moving(empty(), "krylon")
    on_pad(s, "legion1", "Landing Pad 2")
    on_pad(s, "star_frigate1", "Landing Pad 2")
    chosen = play(s, ("unit", "legion1"))                      # chosen only to be loaded
    assert not hexes(chosen) and refused(chosen, ("hex", [4, 5]))[1] == "HSNJ-REI-2"
    s = play(s, ("unit", "star_frigate1"), ("load", "star_frigate1", "legion1"), ("hex", [4, 5]))
    assert where(s, "star_frigate1") == (4, 5) and where(s, "legion1") == "ship"


@rule("HSNJ-MOV-6")
def test_the_invariants_catch_a_jerseyite_on_a_landing_pad():
    s = moving(empty(), "krylon")
    on_pad(s, "legion1")
    assert SPEC.invariants(s) == []
    on_pad(s, "nra1")
    assert SPEC.invariants(s) == ["nra1 is a Jerseyite on a Landing Pad (HSNJ-MOV-6)"]


def test_the_invariants_catch_a_unit_in_no_known_place():
    s = moving(empty(), "krylon")
    pieces.own(s, "legion1").update(where="limbo")
    assert SPEC.invariants(s)[0] == "legion1 is nowhere ('limbo')"
    pieces.own(s, "legion1").update(where="map", hex=None)            # on the map, but in no hex
    assert SPEC.invariants(s)[0] == "legion1 stands off the map at None"
    put(s, "legion1", (3, 5))
    put(s, "legion2", (3, 5))                                            # two in one hex
    assert SPEC.invariants(s) == ["legion2 and legion1 share hex (3, 5) (HSNJ-GAP-3)"]
