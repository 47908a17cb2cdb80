"""Paradrops (HS-PAR) and Counter Paradrop Fire (HS-CPF), through the contract."""
from __future__ import annotations

import math

import pytest

from game.rules.slammers import SPEC, board

from .helpers import act, acts, events, hexof, legal, refused, state_on, through, until

JUMP = {"drop": 1}
FIELD = ["." * 9] * 7


def jumping(units, name, rows=FIELD, **kw):
    kw.setdefault("mover", "green")
    return state_on(list(rows), units, name=name, **kw)


def drop(s, zones):
    """Give each unit its zone ((col, row)) and jump."""
    for uid, cell in zones.items():
        s = acts(s, ("unit", uid), ("hex", hexof(s, *cell)))
    return act(s, "drop")


@pytest.mark.rule("HS-PAR-2")
@pytest.mark.rule("HS-PAR-3")
@pytest.mark.rule("HS-PAR-4")
@pytest.mark.rule("HS-PAR-16")
@pytest.mark.rule("HS-AMBIG-2")
def test_drop_zones_are_chosen_per_unit_in_step_two_and_later_drops_wait():
    units = {"p1": ("inf", "green", None, 8, JUMP), "p2": ("inf", "green", None, 8, JUMP),
             "p3": ("inf", "green", None, 8, {"drop": 2}), "e": ("def2", "blue", (5, 2))}
    s = jumping(units, "p1", dice=(1, 3))
    assert s["phase"] == "paradrops" and SPEC.view(s, None)["step"] == "paradrops"
    assert {a[1] for a in legal(s) if a[0] == "unit"} == {"p1", "p2"}
    assert refused(s, "unit", "p3") == ("only units bought to paradrop jump, from their scenario turn on",
                                        "HS-PAR-16")                  # its turn has not come
    s = act(s, "unit", "p1")
    assert refused(s, "hex", hexof(s, 5, 2))[1] == "HS-PAR-3"
    s = act(s, "cancel")
    s = drop(s, {"p1": (2, 2), "p2": (3, 4)})
    assert [e["dice"] for e in events(s, "scatter")] == [[1], [3]]            # a roll for each unit
    assert s["units"]["p1"]["at"] == hexof(s, 2, 2) and s["units"]["p2"]["at"] == hexof(s, 3, 4)
    assert s["units"]["p3"]["at"] is None and SPEC.invariants(s) == []


@pytest.mark.rule("HS-PAR-4")
@pytest.mark.rule("HS-PAR-5")
def test_units_held_back_from_one_drop_jump_in_the_next_with_their_own_rolls():
    units = {"p1": ("inf", "green", None, 8, JUMP), "p2": ("inf", "green", None, 8, JUMP),
             "e": ("def2", "blue", (5, 2))}
    s = drop(jumping(units, "p1", dice=(1, 3)), {"p1": (2, 2)})
    assert SPEC.view(s, None)["step"] == "paradrops" and legal(s) == [("unit", "p2"), ("done",)]
    s = drop(s, {"p2": (3, 4)})                                   # the second wave rolls its own scatter
    assert [e["unit"] for e in events(s, "scatter")] == ["p1", "p2"]
    assert s["units"]["p2"]["at"] == hexof(s, 3, 4) and SPEC.invariants(s) == []


@pytest.mark.rule("HS-PAR-5")
@pytest.mark.rule("HS-PAR-6")
@pytest.mark.rule("HS-PAR-7")
@pytest.mark.parametrize("direction", range(1, 7))
def test_off_course_units_scatter_north_then_clockwise(direction):
    units = {"p": ("inf", "green", None, 8, JUMP), "e": ("def2", "blue", (8, 6))}
    s = jumping(units, f"p2{direction}", dice=(4, direction, 2))
    s = drop(s, {"p": (4, 3)})
    grid = board.grid_of(s)
    zone, landed = tuple(hexof(s, 4, 3)), tuple(s["units"]["p"]["at"])
    assert board.distance(zone, landed) == 2
    (x0, y0), (x1, y1) = grid.hex_to_pixel(zone), grid.hex_to_pixel(landed)
    bearing = math.degrees(math.atan2(x1 - x0, y0 - y1)) % 360           # y grows downwards
    assert round(bearing) % 360 == 60 * (direction - 1)


@pytest.mark.rule("HS-PAR-8")
@pytest.mark.rule("HS-PAR-9")
@pytest.mark.rule("HS-AMBIG-3")
def test_a_unit_blown_off_the_map_lands_on_the_nearest_edge_hex_as_if_clear():
    rows = ["f" + "." * 8] + ["." * 9] * 6
    units = {"g": ("gun", "green", None, 8, JUMP), "e": ("def2", "blue", (8, 6))}
    s = jumping(units, "p3", rows=rows, dice=(6, 1, 4))                    # four hexes north of 0,1
    s = drop(s, {"g": (0, 1)})
    scatter = events(s, "scatter")[0]
    assert scatter["off_board"] and s["units"]["g"]["at"] == hexof(s, 0, 0)
    assert board.terrain(s, tuple(hexof(s, 0, 0))) == "forest"             # a gun lives: off-board is clear


@pytest.mark.rule("HS-PAR-10")
@pytest.mark.rule("HS-PAR-11")
def test_deadly_landings():
    rows = [".fl......", "........."]
    units = {"a": ("apc", "green", None, 8, JUMP), "i": ("inf", "green", None, 8, JUMP),
             "w": ("inf", "green", None, 8, JUMP), "e": ("def2", "blue", (8, 1))}
    s = jumping(units, "p4", rows=rows, dice=(1, 1, 1))
    s = drop(s, {"a": (1, 0), "i": (1, 0), "w": (2, 0)})
    assert s["units"]["i"]["at"] == hexof(s, 1, 0)                        # infantry lands in woods
    assert s["units"]["a"]["at"] is None and "a" in s["lost"]["green"]    # an APC does not
    gone = {e["unit"]: e for e in events(s, "eliminated")}
    assert set(gone) == {"a", "w"} and gone["a"]["phase"] == "paradrops" and gone["a"]["hex"] is None
    assert s["units"]["w"]["at"] is None and "w" in s["lost"]["green"]    # the lake drowns anyone


@pytest.mark.rule("HS-PAR-12")
@pytest.mark.rule("HS-PAR-15")
def test_landed_units_move_in_full_and_must_end_an_overstack():
    units = {"p": ("inf", "green", None, 8, JUMP), "a": ("tank", "green", (2, 2)), "b": ("tank", "green", (2, 2)),
             "c": ("tank", "green", (2, 2)), "e": ("def2", "blue", (8, 6))}
    s = jumping(units, "p5", dice=(2,))
    s = drop(s, {"p": (2, 2)})
    assert SPEC.invariants(s) == []                                       # over the limit, for now
    s = until(s, "movement")
    assert refused(s, "done")[1] == "HS-PAR-15"
    s = act(s, "unit", "p")
    assert max(SPEC.view(s, "green")["reach"].values()) == 2              # its whole allowance
    s = acts(s, ("hex", hexof(s, 3, 2)))
    assert ("done",) in legal(s)


@pytest.mark.rule("HS-PAR-13")
@pytest.mark.rule("HS-PAR-14")
def test_off_course_into_the_enemy_is_a_close_assault_without_the_shift():
    units = {"p": ("inf", "green", None, 8, JUMP), "e": ("def2", "blue", (4, 1))}
    s = jumping(units, "p6", dice=(5, 1, 2))                              # two north of 4,3: 4,1
    s = drop(s, {"p": (4, 3)})
    assert s["units"]["p"]["at"] == hexof(s, 4, 1)
    assert [(e["unit"], e["side"], e["hex"]) for e in events(s, "assault_joined")] == [("p", "green", hexof(s, 4, 1))]
    s = until(s, "assault", "green")
    s = acts(s, ("unit", "p"))
    plan = SPEC.view(s, "green")["plan"]
    assert plan["shift"] == 0 and plan["attack"] == 2                     # doubled, not shifted


# ---------------------------------------------------------------- Counter Paradrop Fire


@pytest.mark.rule("HS-CPF-1")
@pytest.mark.rule("HS-CPF-2")
@pytest.mark.rule("HS-CPF-4")
@pytest.mark.rule("HS-CPF-6")
@pytest.mark.rule("HS-CPF-8")
@pytest.mark.rule("HS-RNG-15")
def test_a_calliope_shoots_down_a_paratrooper_in_the_air():
    # the zone 1,3 is 7 from the calliope (range 6) but the unit scatters to 4,3 (4 away)
    units = {"p": ("inf", "green", None, 8, JUMP), "q": ("inf", "green", None, 8, JUMP),
             "c": ("calliope", "blue", (8, 3)), "ht": ("hovertank", "blue", (8, 6))}
    s = jumping(units, "p7", dice=(4, 3, 3, 1))
    s = drop(s, {"p": (1, 3), "q": (2, 0)})
    assert SPEC.view(s, None)["step"] == "cpf" and SPEC.active(s) == "blue"
    assert ("cpf", "c", "p") in legal(s)
    s = act(s, "cpf", "c", "p")
    assert ("cpf", "ht", "p") not in legal(s)                              # one shooter a unit
    assert s["units"]["p"]["at"] is None and "p" in s["lost"]["green"]    # gone at once
    assert (events(s, "cpf")[0]["result"], events(s, "cpf")[0]["chance"]) == ("automatic", 1.0)    # HS-CPF-4
    s = act(s, "done")
    assert s["units"]["q"]["at"] == hexof(s, 2, 0)


@pytest.mark.rule("HS-CPF-6")
def test_a_paratrooper_a_hover_tank_missed_is_not_fired_at_again():
    # the hover tank's 10 against 2 rolls 2: a miss (R, rubble, is ignored in CPF); the calliope
    # beside it, in range, may not fire at the same unit
    units = {"p": ("inf", "green", None, 8, JUMP), "c": ("calliope", "blue", (8, 3)),
             "ht": ("hovertank", "blue", (8, 4))}
    s = drop(jumping(units, "p9", dice=(1, 1, 1)), {"p": (4, 3)})
    assert {("cpf", "c", "p"), ("cpf", "ht", "p")} <= set(legal(s))
    s = act(s, "cpf", "ht", "p")
    assert events(s, "cpf")[-1]["hit"] is False and "p" not in s["lost"]["green"]
    assert legal(s) == [("done",)]


@pytest.mark.rule("HS-CPF-3")
def test_no_extended_range_for_cpf():
    units = {"p": ("inf", "green", None, 8, JUMP), "c": ("calliope", "blue", (8, 3))}
    s = jumping(units, "p8", dice=(1,))
    s = drop(s, {"p": (1, 3)})                                            # 7 hexes: beyond range 6
    assert SPEC.view(s, None)["step"] == "paradrops" and not events(s, "cpf")


@pytest.mark.rule("HS-CPF-5")
@pytest.mark.rule("HS-CPF-7")
@pytest.mark.rule("HS-AMBIG-5")
@pytest.mark.rule("HS-AMBIG-4")
def test_a_hover_tank_fires_at_direct_fire_odds_and_rubble_means_nothing():
    # attack 10 against the paratrooper's 2 (no terrain): 5 to 1; a roll of 2 is R only
    units = {"p": ("inf", "green", None, 8, JUMP), "ht": ("hovertank", "blue", (6, 3))}
    rows = ["." * 9, "." * 9, "." * 9, "...ff....", "." * 9, "." * 9, "." * 9]
    s = jumping(units, "p9", rows=rows, dice=(1, 1, 1))
    s = drop(s, {"p": (2, 3)})
    assert SPEC.view(s, None)["step"] == "paradrops"                      # the wood hides the zone
    s = jumping(units, "p9b", dice=(1, 1, 1))
    s = drop(s, {"p": (2, 3)})
    s = act(s, "cpf", "ht", "p")
    shot = events(s, "cpf")[0]
    assert shot["column"] == "5-1" and shot["result"] == "R" and not shot["hit"]
    assert (shot["unit"], shot["target"]) == ("ht", "p")                 # who fired at whom, for the map
    assert shot["attack"] > 0 and shot["defence"] > 0                   # the odds' two sides, for the log
    assert s["units"]["p"]["at"] == hexof(s, 2, 3) and not s["pt"]["rubble"] and not s["rubble"]


@pytest.mark.rule("HS-CPF-9")
def test_a_cpf_shooter_makes_no_other_attack():
    units = {"p": ("inf", "green", None, 8, JUMP), "ht": ("hovertank", "blue", (6, 3)),
             "t": ("tank", "green", (7, 3))}
    s = jumping(units, "p10", dice=(1, 1, 1))
    s = drop(s, {"p": (2, 3)})
    s = act(s, "cpf", "ht", "p")
    asked = []
    while s["mover"] == "green":
        asked.append((s["phase"], SPEC.active(s)))
        s = act(s, "done") if ("done",) in legal(s) else act(s, *legal(s)[0])
    assert ("direct", "blue") not in asked and ("direct", "green") in asked


@pytest.mark.rule("HS-PAR-12")
@pytest.mark.rule("HS-GAP-6")
def test_a_paratrooper_shot_after_it_landed_is_gone_not_waiting_to_jump_again():
    # Green's one unit jumps, lands, and is destroyed by Direct Fire: it has jumped, so the battle
    # is over (the enemy has no unit left) rather than Green having a unit still to come.
    units = {"p": ("inf", "green", None, 8, JUMP), "e": ("hovertank", "blue", (13, 2))}
    s = jumping(units, "p17", rows=["." * 14] * 5, dice=(2, 6, 6))        # beyond the hover tank's CPF
    s = drop(s, {"p": (2, 2)})
    assert s["units"]["p"]["at"] is not None
    s = until(s, "direct", "blue")
    s = acts(s, ("unit", "e"), ("hex", s["units"]["p"]["at"]), ("fire",))          # 6, 6: eliminated
    s = through(s, "direct")                                                       # at the round's end
    result = SPEC.result(s)
    assert SPEC.active(s) is None and (result.winner, result.reason) == ("blue", "the enemy has no unit left")
