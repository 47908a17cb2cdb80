"""Set-up, the sequence of play, reinforcements, the State of the State, recovery and victory."""
from __future__ import annotations

import pytest

from game.rules.hack_sack import SPEC, conditions, data, pieces, sequence, setup
from game.rules.hack_sack import board as boards

from .grid import MINI
from .helpers import empty, fighting, moving, play, put, refused, step, where

rule = pytest.mark.rule


def fresh(dice=()):
    """A new mini-board game, Jerseyites to set up."""
    return SPEC.setup(3, None, {"map": MINI, "dice": list(dice)})


# -- set-up ----------------------------------------------------------------------------------------------------
@rule("HSNJ-SET-1")
@rule("HSNJ-SET-2")
@rule("HSNJ-SET-3")
@rule("HSNJ-SET-4")
def test_placement_limits():
    s = fresh()
    u = {x["id"]: x for x in pieces.units(s)}
    ok = lambda uid, h: setup.placement_ok(s, u[uid], h)[0]
    assert ok("nra1", (2, 1)) and ok("nra1", (3, 1)) and not ok("nra1", (0, 7))
    assert setup.placement_ok(s, u["nra1"], (0, 7))[2] == "HSNJ-SET-1"
    assert ok("cruiser1", (7, 3)) and not ok("cruiser1", (3, 3))
    assert ok("uss_nj1", (9, 2)) and not ok("uss_nj1", (9, 6))
    assert ok("cow1", (0, 7)) and not ok("cow1", (3, 2)) and not ok("cow1", (5, 5))
    assert setup.placement_ok(s, u["cow1"], (5, 5))[2] == "HSNJ-SET-4"


@rule("HSNJ-SET-1")
@rule("HSNJ-SET-2")
@rule("HSNJ-SET-3")
@rule("HSNJ-SET-4")
@pytest.mark.parametrize("options", [{"map": MINI}, {}], ids=["mini", "new_jersey"])
def test_the_hexes_offered_for_set_up_are_the_hexes_the_rule_allows(options):
    # The board works each kind's set-up hexes out once (offered, and the standard set-up's order);
    # placement_ok is the rule itself. On an empty board the two must name the same hexes.
    s = SPEC.setup(3, None, options)
    b = boards.of(s)
    for uid in ("nra1", "cruiser1", "uss_nj1", "cow1"):
        unit = pieces.unit(s, uid)
        allowed = {h for h in b.cls if setup.placement_ok(s, unit, h, occ={})[0]}
        assert allowed and set(setup.legal_hexes(s, unit, occ={})) == allowed, uid
    s = play(s, ("setup", "standard"))                      # the cow is set up too, far from the cities
    assert setup.placement_ok(s, pieces.unit(s, "cow1"), where(s, "cow1"), occ={})[0]


@rule("HSNJ-SET-5")
@rule("HSNJ-JER-2")
def test_guard_and_hopat_cong_held_back():
    s = play(fresh(), ("setup", "standard"), ("done",))
    for u in pieces.units(s):
        if u["type"] in ("guard", "hopat_cong"):
            assert u["where"] == "pool"
    assert all(u["type"] not in ("guard", "hopat_cong") for u in setup.to_place(fresh()))


@rule("HSNJ-SET-6")
def test_jerseyites_set_up_then_krylons_act_first():
    s = fresh()
    assert SPEC.active(s) == "jerseyite"
    s = play(s, ("unit", "nra1"), ("hex", [2, 1]))
    assert where(s, "nra1") == (2, 1)
    assert refused(s, ("done",))[1] == "HSNJ-SET-1"
    s = play(s, ("setup", "standard"), ("done",))
    assert SPEC.active(s) == "krylon" and s["turn"] == 1 and step(s) == "pads"


def test_standard_setup_on_the_real_map_is_legal():
    s = SPEC.setup(1, None, {"deploy": "standard"})
    placed = [u for u in pieces.units(s) if u["where"] == "map"]
    assert len(placed) == len(setup.to_place(SPEC.setup(1))) == 18
    for u in placed:
        h = tuple(u["hex"])
        u["where"] = "pool"
        assert setup.placement_ok(s, u, h)[0], u["id"]
        u.update(where="map", hex=h)
    # the authored default puts the cow as far from every city as a cow's hex can be
    from game.rules.hack_sack import board
    b = board.of(s)
    away = lambda h: min(board.distance(h, c) for c in b.cities)             # noqa: E731
    cow = next(u for u in placed if u["type"] == "cow")
    assert away(tuple(cow["hex"])) == max(away(h) for h in b.setup_hexes["cow"]) > 1


# -- sequence of play ------------------------------------------------------------------------------------------------
@rule("HSNJ-SEQ-1")
def test_eight_phases_in_order():
    s = play(fresh(dice=[3, 4] + [3] * 20), ("setup", "standard"), ("done",))
    while s["turn"] == 1:
        s = play(s, ("done",))
    phases = [line.split(": ")[1].rstrip(".") for line in s["log"] if line.startswith("Turn 1:")]
    assert phases == [sequence.PHASE_NAMES[p] for p in sequence.PHASES]


# -- reinforcements -----------------------------------------------------------------------------------------------------
def pads_step(s):
    s["stack"] = [{"step": "turn", "then": "pads"}, {"step": "pads", "sel": None}]
    return s


@rule("HSNJ-REI-1")
def test_four_units_per_pad_per_phase():
    s = pads_step(empty())
    for uid in ("legion1", "legion2", "legion3", "legion4"):
        s = play(s, ("unit", uid if ("unit", uid) in SPEC.legal_actions(s) else
                     [a for a in SPEC.legal_actions(s) if a[0] == "unit"][0][1]), ("box", "Landing Pad 1"))
    assert {a[0] for a in SPEC.legal_actions(s)} == {"unit", "done"}     # a landing leaves nothing chosen
    s = play(s, ("unit", "samurai1"))
    assert ("box", "Landing Pad 1") not in SPEC.legal_actions(s) and ("box", "Landing Pad 2") in SPEC.legal_actions(s)
    assert refused(s, ("box", "Landing Pad 1"))[1] == "HSNJ-AMBIG-21"
    assert sum(1 for u in pieces.units(s) if u["pad"] == "Landing Pad 1") == 4


@rule("HSNJ-REI-3")
def test_destroyed_krylons_come_back():
    s = empty()
    put(s, "chariot1", (3, 5))
    pieces.destroy(s, "chariot1", "jerseyite")
    for n in (2, 3):
        pieces.unit(s, f"chariot{n}")["where"] = "dead"              # only chariot1 can come back
    s = pads_step(s)
    assert ("unit", "chariot1") in SPEC.legal_actions(s)
    s = play(s, ("unit", "chariot1"), ("box", "Landing Pad 4"))
    assert pieces.unit(s, "chariot1")["pad"] == "Landing Pad 4"


@rule("HSNJ-REI-4")
@rule("HSNJ-REI-5")
def test_one_frigate_returns_while_fewer_than_two():
    s = empty()
    put(s, "star_frigate1", (3, 5))
    for uid in ("star_frigate2", "star_frigate3"):
        pieces.unit(s, uid)["where"] = "dead"
    s = pads_step(s)
    assert ("unit", "star_frigate2") in SPEC.legal_actions(s)
    s = play(s, ("unit", "star_frigate2"), ("box", "Landing Pad 3"))
    assert where(s, "star_frigate2") == "pad"
    assert not any(a == ("unit", "star_frigate3") for a in SPEC.legal_actions(s))
    assert refused(s, ("unit", "star_frigate3"))[1] == "HSNJ-REI-4"


@rule("HSNJ-REI-6")
def test_destroyed_jerseyites_are_gone():
    s = empty()
    put(s, "nra1", (3, 5))
    pieces.destroy(s, "nra1", "krylon")
    assert where(s, "nra1") == "dead" and "nra1" in s["lost"]
    assert SPEC.invariants(s) == []


def guard_turn(s):
    s["turn"] = 8
    s["stack"] = [{"step": "turn", "then": "pads"}, {"step": "pads", "sel": None}]
    sequence.after_pads(s)
    return s


@rule("HSNJ-REI-7")
@rule("HSNJ-REI-8")
def test_turn_8_guard_per_city_free_of_krylons():
    s = empty(dice=[3, 4])
    put(s, "legion1", (5, 4))                                   # Krylons in this city
    for uid, h in zip(("nra1", "nra2", "nra3", "nra4"), [(8, 2), (8, 1), (7, 2), (7, 3)]):
        put(s, uid, h)                                          # (8, 2) and all its land neighbours full
    s = guard_turn(s)
    assert step(s) == "guard" and SPEC.active(s) == "jerseyite"
    options = {tuple(a[1]) for a in SPEC.legal_actions(s) if a[0] == "hex"}
    assert options == {(2, 1), (3, 1), (3, 0), (2, 0), (1, 1), (1, 2), (2, 2)}
    s = play(s, ("hex", [2, 1]))
    assert where(s, "guard1") == (2, 1)
    assert step(s) != "guard"                                   # one city served, nothing left
    assert any(line.startswith("jerseyite: ") and " musters at " in line for line in s["log"])   # tinted


@rule("HSNJ-REI-9")
def test_guard_only_on_turn_8():
    s = empty(dice=[3, 4])
    s["turn"] = 9
    s["stack"] = [{"step": "turn", "then": "pads"}, {"step": "pads", "sel": None}]
    sequence.after_pads(s)
    assert step(s) == "move" and all(u["where"] == "pool" for u in pieces.units(s) if u["type"] == "guard")


# -- State of the State -----------------------------------------------------------------------------------------------
def _turns(s, last: int):
    """Play 'done' (the standard set-up first) until turn `last` is over; every state on the way."""
    seen = [s]
    while s["turn"] <= last and SPEC.active(s) is not None:
        acts = SPEC.legal_actions(s)
        s = SPEC.apply(s, ("setup", "standard") if ("setup", "standard") in acts else ("done",))
        seen.append(s)
    return seen


@rule("HSNJ-SOS-1")
def test_every_reinforcement_phase_rolls_two_dice_on_the_table():
    seen = _turns(fresh(), 4)
    log = seen[-1]["log"]
    for turn in range(1, 5):
        start = log.index(f"Turn {turn}: {sequence.PHASE_NAMES['reinforcement']}.")
        end = log.index(f"Turn {turn}: {sequence.PHASE_NAMES['krylon_movement']}.")
        rolls = [line for line in log[start:end] if line.startswith("State of the State [d6:")]
        assert len(rolls) == 1 and rolls[0].count("[d6:") == 2, (turn, log[start:end])
    assert sum(line.startswith("State of the State") for line in log) == 4


@rule("HSNJ-SET-6")
def test_the_krylons_act_first_in_every_turn():
    seen = _turns(fresh(), 4)
    first = {}
    for s in seen:
        if s["turn"] >= 1 and SPEC.active(s) is not None:
            first.setdefault(s["turn"], (SPEC.active(s), s["phase"]))
    assert set(first) >= {1, 2, 3, 4}
    assert all(first[t] == ("krylon", "reinforcement") for t in (1, 2, 3, 4)), first


@rule("HSNJ-SOS-2")
@rule("HSNJ-SOS-3")
def test_roll_sets_the_condition():
    s = empty(dice=[1, 1])
    conditions.roll(s)
    assert s["condition"] == {"key": "turnpike_shutdown", "roll": 2}
    assert conditions.traffic_max(s) == 1
    assert SPEC.view(s, None)["dice"]["text"] == "State of the State"       # the dice tray's caption
    s["rng"]["dice"] = [4, 4]
    conditions.roll(s)
    assert s["condition"]["key"] == "sunday_drivers" and conditions.traffic_max(s) == 4
    shown = SPEC.view(s, None)["condition"]
    assert (shown["key"], shown["name"], shown["roll"]) == ("sunday_drivers", "Sunday Drivers", 8)
    assert shown["flavour"] == data.condition("sunday_drivers")["flavour"] and shown["flavour"]   # the panel's line


@rule("HSNJ-SOS-4")
@rule("HSNJ-SOS-5")
@rule("HSNJ-SOS-6")
def test_actions_happen_once_per_roll():
    s = empty(dice=[5, 5])
    put(s, "legion1", (5, 4))                                   # in a city
    conditions.roll(s)                                          # 10: cable restored
    assert pieces.unit(s, "legion1")["confused"]
    assert s["log"][-1] == "krylon: Legion 1 is Confused by the television."        # the Krylons' line
    pieces.unit(s, "legion1")["confused"] = False
    s["rng"]["dice"] = [3, 4]
    conditions.roll(s)                                          # 7: nothing changes
    assert s["condition"]["key"] == "cable_restored" and not pieces.unit(s, "legion1")["confused"]
    s["rng"]["dice"] = [4, 6]
    conditions.roll(s)                                          # 10 again: the action again
    assert pieces.unit(s, "legion1")["confused"]


@rule("HSNJ-GAP-10")
@rule("HSNJ-SOS-4")
def test_festival_and_blackout_bring_confused_units_back():
    s = empty(dice=[5, 6])
    put(s, "legion1", (2, 5), confused=True)
    put(s, "nra1", (6, 6), confused=True)
    put(s, "cow1", (4, 7), confused=True)
    conditions.roll(s)                                          # 11: Boardwalk Festival
    assert s["condition"]["key"] == "boardwalk_festival"
    assert [pieces.unit(s, u)["confused"] for u in ("legion1", "nra1", "cow1")] == [True, False, True]
    s["rng"]["dice"] = [6, 6]
    conditions.roll(s)                                          # 12: Power Blackout
    assert s["condition"]["key"] == "power_blackout"
    assert [pieces.unit(s, u)["confused"] for u in ("legion1", "nra1", "cow1")] == [False, False, True]


# -- recovery ----------------------------------------------------------------------------------------------------------
@rule("HSNJ-RCV-1")
@rule("HSNJ-RCV-2")
def test_recovery_on_three_or_less():
    s = empty(dice=[3, 4])
    put(s, "legion1", (2, 5), confused=True)
    put(s, "legion2", (2, 6), confused=True)
    put(s, "nra1", (7, 7), confused=True)
    s["stack"] = [{"step": "turn", "then": "move"}, {"step": "move", "side": "krylon", "sel": None, "dest": None}]
    sequence.recovery(s, "krylon")
    assert not pieces.unit(s, "legion1")["confused"] and pieces.unit(s, "legion2")["confused"]
    assert pieces.unit(s, "nra1")["confused"]                     # only the phasing player's units


# -- Hopat Cong -----------------------------------------------------------------------------------------------------------
@rule("HSNJ-JER-3")
@rule("HSNJ-JER-4")
@rule("HSNJ-JER-5")
def test_hopat_cong_every_third_turn():
    s = moving(empty(dice=[3, 4], turn=3), "jerseyite")
    s = play(s, ("done",))
    assert step(s) == "hopat"
    s = play(s, ("hex", [0, 7]))
    assert where(s, "hopat_cong1") == (0, 7) and step(s) == "hopat"
    s = play(s, ("hex", [1, 7]))                                # two placed: on to combat and the tally
    assert s["turn"] == 4
    assert all(u["where"] == "pool" for u in pieces.units(s) if u["type"] == "hopat_cong")
    s = moving(empty(dice=[3, 4], turn=4), "jerseyite")
    assert step(play(s, ("done",))) != "hopat"
    s = empty()
    put(s, "hopat_cong1", (3, 5))
    pieces.destroy(s, "hopat_cong1", "krylon")
    assert where(s, "hopat_cong1") == "pool"


# -- victory --------------------------------------------------------------------------------------------------------------
def tally(s):
    s["stack"] = [{"step": "turn", "then": "combat"},
                  {"step": "combat", "side": "jerseyite", "attackers": [], "defenders": [], "cow_done": True}]
    s["rng"]["dice"] = [3, 4]
    sequence.after_combat(s, "jerseyite")
    return s


@rule("HSNJ-VIC-3")
@rule("HSNJ-VIC-4")
@rule("HSNJ-VIC-5")
@rule("HSNJ-SEQ-2")
def test_cities_score_each_turn():
    s = empty()
    put(s, "legion1", (2, 1))                                   # Krylon land unit: Krylon city
    put(s, "star_frigate1", (5, 4))                             # space unit only: Jerseyite city
    s = tally(s)
    assert s["vp"] == {"krylon": 1, "jerseyite": 2}
    assert sum(vp for side, vp, _ in s["vp_log"] if side == "jerseyite") == 2
    assert SPEC.view(s, None)["scores"] == {"krylon": 1, "jerseyite": 2}


@rule("HSNJ-VIC-6")
@rule("HSNJ-VIC-7")
def test_end_after_fifteen_turns_tie_to_jerseyites():
    s = empty(turn=15)
    put(s, "legion1", (2, 1))
    s["vp"] = {"krylon": 1, "jerseyite": 0}
    s["vp_log"] = [["krylon", 1, "test"]]
    s = tally(s)                                                # +1 Krylon, +2 Jerseyite: 2-2
    assert SPEC.active(s) is None
    assert SPEC.result(s).winner == "jerseyite" and "tie" in SPEC.result(s).reason
    s = empty(turn=15)
    put(s, "legion1", (2, 1))
    put(s, "legion2", (5, 4))
    assert SPEC.result(tally(s)).winner == "krylon"
    s = empty(turn=14)
    assert SPEC.active(tally(s)) == "krylon"


@rule("HSNJ-VIC-8")
def test_sudden_death_when_every_city_is_held():
    s = empty(turn=4)
    for uid, h in (("legion1", (2, 1)), ("legion2", (5, 4)), ("legion3", (8, 2))):
        put(s, uid, h)
    s = tally(s)
    assert SPEC.result(s).winner == "krylon" and SPEC.active(s) is None


def test_view_shape():
    s = play(fresh(), ("setup", "standard"), ("done",))
    v = SPEC.view(s, "krylon")
    for k in ("prompt", "actions", "active", "phase", "turn", "scores", "pieces", "log", "dice", "condition"):
        assert k in v
    p = v["pieces"][0]
    assert p["style"] == "counter" and p["values"].count("-") == 2
    assert SPEC.view(s, "jerseyite")["actions"] == []
    f = fighting(s, "krylon")
    assert SPEC.view(f, "krylon")["active"] == "krylon"


@pytest.mark.rule("HSNJ-SET-3")
def test_a_unit_with_no_hex_to_set_up_on_an_edited_map_stays_home_as_lost():
    """A map with no water leaves the USS New Jersey nowhere to set up: Done still starts the game,
    and the ship counts as lost (off the board, never back), as the checks of a state demand."""
    from game.rules.hack_sack import board as boards
    from game.rules.hack_sack.checks import invariants

    from .grid import ROWS, MiniGrid
    boards.register("test:mini-dry", MiniGrid([row.replace("w", ".") for row in ROWS]))
    s = SPEC.setup(7, None, {"map": "test:mini-dry"})
    s = SPEC.apply(SPEC.apply(s, ("setup", "standard")), ("done",))
    ship = next(u for u in pieces.units(s) if u["type"] == "uss_nj")
    assert ship["where"] == "dead" and ship["id"] in s["lost"] and not invariants(s)
    assert any("finds no place to set up and stays home" in str(line) for line in s["log"])
