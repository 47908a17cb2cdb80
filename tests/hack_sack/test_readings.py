"""Our readings of the rulebook's ambiguities (the AMBIG clauses), each checked on a hand-built position."""
from __future__ import annotations

import pytest

from game.rules.hack_sack import SPEC, combat, movement, odds, pieces, transport, victory
from game.rules.hack_sack import board as boards
from game.rules.hack_sack.flow import FLOW

from .helpers import aboard, duel, empty, fighting, hexes, moving, on_pad, play, put, step

rule = pytest.mark.rule
CITIES = ((2, 1), (8, 2), (5, 4))            # the mini board's cities


def roll_for(column: str, code: str, city: bool = False) -> int:
    """A die roll that gives this CRT result in this column."""
    return next(r for r in range(1, 7) if odds.result_for(column, r, city)[1] == code)


@rule("HSNJ-AMBIG-4")
@rule("HSNJ-LOD-1")
def test_riders_lost_with_their_frigate_score_for_the_winner():
    s = empty()
    put(s, "star_frigate1", (4, 5))
    aboard(s, "legion1", "star_frigate1")
    aboard(s, "samurai1", "star_frigate1")
    pieces.destroy(s, "star_frigate1", "jerseyite")
    assert [pieces.unit(s, u)["where"] for u in ("star_frigate1", "legion1", "samurai1")] == ["dead", "pool", "pool"]
    assert s["vp"]["jerseyite"] == 2 + 2 + 2                     # the Frigate and both riders' Attack


@rule("HSNJ-AMBIG-9")
def test_a_catapult_may_also_shoot_next_door():
    s = duel("catapult1", (4, 5), "nra1", (5, 5))
    assert combat.can_attack(s, pieces.unit(s, "catapult1"), pieces.unit(s, "nra1"))[0]


@rule("HSNJ-AMBIG-10")
def test_a_centurion_alone_gives_himself_no_shift():
    s = duel("centurion1", (4, 5), "lawyer1", (5, 5))
    b = odds.battle(s, ["centurion1"], ["lawyer1"])
    assert b["column"] == b["base"] == "1"


@rule("HSNJ-AMBIG-18")
def test_a_leader_shifts_the_column_only_from_next_to_a_unit_in_the_battle():
    near = duel("legion1", (4, 5), "nra1", (5, 5), centurion1=(3, 5))
    far = duel("legion1", (4, 5), "nra1", (5, 5), centurion1=(1, 5))
    b_near, b_far = (odds.battle(s, ["legion1"], ["nra1"]) for s in (near, far))
    assert b_near["base"] == b_far["base"] and b_far["column"] == b_far["base"]
    assert b_near["column"] != b_near["base"]


@rule("HSNJ-AMBIG-16")
def test_a_confused_accountant_still_counts():
    s = duel("legion1", (4, 5), "nra1", (5, 5), accountant1=(3, 5))
    pieces.unit(s, "accountant1")["confused"] = True
    assert odds.battle(s, ["legion1"], ["nra1"])["column"] == "-2"      # odds -1, one worse


@rule("HSNJ-AMBIG-17")
@rule("HSNJ-AMBIG-18")
def test_bruce_and_an_accountant_give_the_jerseyites_two_columns():
    s = duel("nra1", (5, 5), "legion1", (4, 5), side="jerseyite", bruce1=(6, 5), accountant1=(3, 5))
    b = odds.battle(s, ["nra1"], ["legion1"])
    assert (b["base"], b["column"]) == ("1", "3")


@rule("HSNJ-AMBIG-33")
def test_clamp_first_then_shift():
    s = duel("legion1", (4, 5), "lawyer1", (5, 5), chariot1=(6, 4), samurai1=(4, 6), accountant1=(3, 5))
    b = odds.battle(s, ["legion1", "chariot1", "samurai1"], ["lawyer1"])      # 7 to 1: Better
    assert (b["base"], b["column"]) == ("Better", "5")


@rule("HSNJ-AMBIG-32")
def test_one_defender_in_a_city_gives_the_city_modifier():
    s = duel("samurai1", (4, 5), "bikers1", (5, 4), nra1=(5, 5))
    assert odds.battle(s, ["samurai1"], ["bikers1", "nra1"])["city"]
    assert not odds.battle(s, ["samurai1"], ["nra1"])["city"]


@rule("HSNJ-AMBIG-22")
def test_units_on_a_landing_pad_are_out_of_the_fight():
    s = duel("nra1", (5, 5), "samurai1", (4, 5), side="jerseyite")
    on_pad(s, "legion1")
    defenders = {a[1] for a in SPEC.legal_actions(s) if a[0] == "defender"}
    assert defenders == {"samurai1"}
    s = moving(empty(), "jerseyite")
    put(s, "nra1", (5, 5))
    on_pad(s, "legion1")
    assert not any(i["stop"] for i in movement.reach(s, pieces.unit(s, "nra1")).values())


@rule("HSNJ-AMBIG-24")
@rule("HSNJ-MOV-15")
def test_road_to_city_needs_no_roll():
    s = moving(empty(), "krylon")
    put(s, "legion1", (7, 2))                # on the road, next to the city at (8, 2)
    dest = movement.reach(s, pieces.unit(s, "legion1"))
    assert dest["8,2"]["roll_from"] is None and dest["8,2"]["mp"] == 2.5


@rule("HSNJ-AMBIG-25")
def test_a_unit_may_leave_an_enemy_zone_it_starts_in():
    s = moving(empty(), "krylon")
    put(s, "legion1", (4, 5))
    put(s, "nra1", (5, 5))
    dest = movement.reach(s, pieces.unit(s, "legion1"))
    assert dest["3,5"] == {"mp": 2, "roll_from": None, "stop": False}
    assert "2,5" in dest                      # and go on, out of reach of the NRA


@rule("HSNJ-AMBIG-27")
def test_half_a_movement_point_buys_one_road_step_only():
    s = moving(empty(), "krylon")
    put(s, "legion1", (3, 2), mp=0.5)
    dest = movement.reach(s, pieces.unit(s, "legion1"))
    assert dest["4,2"]["mp"] == 0 and "3,3" not in dest and "2,3" not in dest


@rule("HSNJ-AMBIG-13")
def test_the_cow_has_a_zone_of_control():
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    put(s, "cow1", (4, 5))
    assert movement.reach(s, pieces.unit(s, "legion1"))["3,5"]["stop"]


@rule("HSNJ-AMBIG-29")
def test_a_confused_unit_cannot_board():
    s = moving(empty(), "krylon")
    put(s, "star_frigate1", (5, 5))
    put(s, "legion1", (4, 5), confused=True)
    ok, _, clause = transport.can_load(s, pieces.unit(s, "legion1"), pieces.unit(s, "star_frigate1"))
    assert not ok and clause == "HSNJ-AMBIG-29"


@rule("HSNJ-AMBIG-7")
def test_a_frigate_carries_land_and_water_units_and_drops_each_where_it_may_stand():
    s = moving(empty(), "krylon")
    on_pad(s, "star_frigate1")
    on_pad(s, "trireme1")
    on_pad(s, "star_frigate2")
    frigate = pieces.unit(s, "star_frigate1")
    assert transport.can_load(s, pieces.unit(s, "trireme1"), frigate)[0]
    assert transport.can_load(s, pieces.unit(s, "star_frigate2"), frigate)[2] == "HSNJ-AMBIG-7"
    put(s, "star_frigate1", (7, 3))          # land, between the road and the sea
    aboard(s, "trireme1", "star_frigate1")
    aboard(s, "legion1", "star_frigate1")
    wet = set(transport.unload_hexes(s, pieces.unit(s, "trireme1")))
    dry = set(transport.unload_hexes(s, pieces.unit(s, "legion1")))
    assert wet == {(8, 2), (8, 3)}            # the sea, and the coastal city (HSNJ-MOV-17)
    assert (8, 3) not in dry and (7, 2) in dry


@rule("HSNJ-AMBIG-14")
def test_hopat_cong_appear_on_empty_land_only():
    s = empty(turn=3)
    put(s, "nra1", (5, 5))
    s["phase"] = "jerseyite_movement"
    s["stack"] = [{"step": "turn", "then": "hopat"}, {"step": "hopat", "placed": 0}]
    offered = hexes(s)
    land = {h for h, c in boards.of(s).cls.items() if c in ("land", "city")}
    assert offered == land - {(5, 5)}
    assert not any(a[0] == "box" for a in SPEC.legal_actions(s))


@rule("HSNJ-AMBIG-35")
@rule("HSNJ-AMBIG-26")
def test_a_retreat_goes_away_from_every_winner_and_ignores_zones_of_control():
    s = duel("legion1", (4, 5), "nra1", (5, 5), samurai1=(7, 4))
    s["rng"]["dice"] = [roll_for("-1", "D-1")]
    s = play(s, ("attacker", "legion1"), ("defender", "nra1"), ("resolve",))
    assert step(s) == "retreat"
    assert hexes(s) == {(6, 4), (6, 5), (5, 6)}          # (6, 4) and (6, 5) lie in the Samurai's zone


@rule("HSNJ-AMBIG-31")
def test_a_ranged_shot_settles_the_duty_to_attack():
    s = duel("catapult1", (4, 5), "nra1", (5, 5), bikers1=(6, 5))
    assert ("done",) not in SPEC.legal_actions(s)
    s["rng"]["dice"] = [roll_for(odds.battle(s, ["catapult1"], ["bikers1"])["column"], "nr")]
    s = play(s, ("attacker", "catapult1"), ("defender", "bikers1"), ("resolve",))
    assert step(s) != "combat" or ("done",) in SPEC.legal_actions(s)


@rule("HSNJ-AMBIG-3")
@rule("HSNJ-VIC-4")
def test_a_frigate_in_a_city_holds_it_for_nobody():
    s = empty()
    put(s, "star_frigate1", CITIES[2])
    put(s, "legion1", CITIES[0])
    victory.score_cities(s)
    assert s["vp"] == {"krylon": 1, "jerseyite": 2}
    assert not victory.sudden_death(s)


@rule("HSNJ-AMBIG-1")
@rule("HSNJ-JER-4")
def test_hopat_cong_go_home_before_the_cities_are_counted():
    s = empty(turn=3)
    put(s, "legion1", CITIES[0])
    put(s, "legion2", CITIES[1])
    put(s, "legion3", CITIES[2])
    put(s, "hopat_cong1", (0, 7))
    fighting(s, "jerseyite")
    FLOW.steps["combat"].handlers["done"](s, s["stack"][-1])
    assert pieces.unit(s, "hopat_cong1")["where"] == "pool"
    home = [e for e in s["events"] if e["kind"] == "withdrawn"]           # the map's "gone home" tag
    assert [(e["unit"], e["name"], e["side"], tuple(e["at"])) for e in home] == [
        ("hopat_cong1", pieces.unit(s, "hopat_cong1")["name"], "jerseyite", (0, 7))]
    assert s["result"] == {"winner": "krylon", "reason": "the Krylons hold every city on the map"}


@rule("HSNJ-RES-3")
@rule("HSNJ-RES-4")
@rule("HSNJ-AMBIG-34")
def test_beaten_attackers_all_retreat_two_hexes_their_owner_choosing():
    s = duel("phalanx1", (4, 5), "nra1", (5, 5), cossacks1=(5, 6))
    s["rng"]["dice"] = [roll_for(odds.battle(s, ["phalanx1", "cossacks1"], ["nra1"])["column"], "A-2")]
    s = play(s, ("attacker", "phalanx1"), ("attacker", "cossacks1"), ("defender", "nra1"), ("resolve",))
    assert step(s) == "retreat" and SPEC.active(s) == "krylon"
    assert hexes(s) and all(boards.distance(h, (5, 5)) == 3 for h in hexes(s))
    s = play(s, ("hex", sorted(hexes(s))[0]))
    if step(s) == "retreat":                          # the second attacker, when it has a choice
        s = play(s, ("hex", sorted(hexes(s))[0]))
    assert all(boards.distance(pieces.unit(s, u)["hex"], (5, 5)) == 3 for u in ("phalanx1", "cossacks1"))
