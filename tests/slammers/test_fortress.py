"""Fortresses (HS-FOR), their place in fire and Close Assault, and their fall to rubble."""
from __future__ import annotations

import json

import pytest

from game.rules.slammers import SPEC, api, artillery, scenarios

from .helpers import act, acts, events, hexof, legal, refused, state_on, until

IN = {"fort": True}


def fort_state(units, name, rows=("........",), cell=(4, 0), **kw):
    kw.setdefault("mover", "green")
    return state_on(list(rows), units, name=name, forts=[cell], **kw)


@pytest.mark.rule("HS-FOR-1")
@pytest.mark.rule("HS-DIR-9")
@pytest.mark.rule("HS-TER-3")
@pytest.mark.rule("HS-FOR-4")
@pytest.mark.rule("HS-FOR-5")
def test_units_inside_add_twelve_and_take_no_terrain_those_above_get_nothing():
    units = {"t": ("tank", "green", (0, 0)), "a": ("def2", "blue", (4, 0), 8, IN), "b": ("def2", "blue", (4, 0), 8, IN),
             "c": ("def2", "blue", (4, 0))}
    s = fort_state(units, "f1", rows=("....f...",))
    h = tuple(hexof(s, 4, 0))
    one = api.fire_preview(s, ["t"], h, ["a"])                            # attacked on its own
    assert (one["unit_defence"], one["modifier"]) == (14, 0)
    both = api.fire_preview(s, ["t"], h, ["a", "b"])
    assert both["defence"] == 28
    above = api.fire_preview(s, ["t"], h, ["c"])                          # on top: forest only
    assert (above["unit_defence"], above["modifier"]) == (2, 2)
    assert "inside" in api.counter(s, "a")["flags"] and "inside" not in api.counter(s, "c")["flags"]
    assert SPEC.view(s, None)["forts"] == [list(h)]


@pytest.mark.rule("HS-IND-9")
@pytest.mark.rule("HS-AMBIG-19")
def test_indirect_fire_meets_a_fortress_at_twelve_on_the_class_a_table():
    units = {"h": ("howitzer", "green", (0, 0)), "a": ("def2", "blue", (4, 0), 8, IN), "c": ("def2", "blue", (4, 0))}
    s = fort_state(units, "f2")
    plan = artillery.plan(s, ["h"], tuple(hexof(s, 4, 0)))
    assert plan["classes"]["fort"]["defence"] == 12 and plan["classes"]["fort"]["units"] == ["a"]
    assert plan["classes"]["B"]["defence"] == 2 and not plan["classes"]["fort"]["legal"]   # 4 to 12


@pytest.mark.rule("HS-FOR-7")
@pytest.mark.rule("HS-RUB-9")
@pytest.mark.rule("HS-RUB-2")
def test_only_rubble_destroys_a_fortress():
    # 12 against 12 (1-1 on Class A): a 12 is E*; 11 would be D
    units = {"h1": ("howitzer", "green", (0, 0)), "h2": ("howitzer", "green", (0, 1)),
             "h3": ("howitzer", "green", (1, 1)), "a": ("def2", "blue", (4, 0), 8, IN), "z": ("def2", "blue", (7, 1))}
    s = fort_state(units, "f3", rows=("........", "........"), dice=(6, 6))
    s = until(s, "indirect", "green")
    s = acts(s, ("unit", "h1"), ("unit", "h2"), ("unit", "h3"), ("hex", hexof(s, 4, 0)), ("fire",))
    assert events(s, "fire")[-1]["result"] == {"fort": "E*"}
    assert s["forts"] == [f"{hexof(s, 4, 0)[0]},{hexof(s, 4, 0)[1]}"]      # stands until the step is over
    while s["mover"] == "green":
        s = act(s, "done")
    assert s["forts"] == [] and events(s, "fortress_destroyed")
    assert f"{hexof(s, 4, 0)[0]},{hexof(s, 4, 0)[1]}" in s["rubble"]


@pytest.mark.rule("HS-FOR-3")
@pytest.mark.rule("HS-FOR-8")
@pytest.mark.rule("HS-AMBIG-34")
def test_any_side_may_go_inside_an_empty_fortress_while_there_is_room():
    units = {"q": ("inf", "green", (4, 0)), "e": ("def2", "blue", (7, 0))}
    s = fort_state(units, "f4")
    s = until(s, "movement", "green")
    s = act(s, "unit", "q")
    assert ("inside",) in legal(s)                                           # anybody's empty fortress
    s = act(s, "inside")
    assert s["units"]["q"]["fort"]
    # three allied green counters fill it: a tan ally entering the hex stays on top
    units = {"t": ("inf", "tan", (3, 0)), "q": ("inf", "green", (4, 0), 8, IN), "r": ("inf", "green", (4, 0), 8, IN),
             "s2": ("inf", "green", (4, 0), 8, IN), "e": ("def2", "blue", (7, 0))}
    s = fort_state(units, "f4b", mover="tan", sides=("tan", "green", "blue"), teams=(("tan", "green"), ("blue",)))
    s = until(s, "movement", "tan")
    s = acts(s, ("unit", "t"), ("hex", hexof(s, 4, 0)))
    assert ("inside",) not in legal(s) and refused(s, "inside")[1] == "HS-FOR-3"


@pytest.mark.rule("HS-FOR-9")
@pytest.mark.rule("HS-FOR-10")
@pytest.mark.rule("HS-FOR-11")
def test_occupants_may_destroy_their_fortress_then_must_leave_and_stay_out():
    units = {"a": ("tank", "green", (4, 0), 8, IN), "b": ("tank", "green", (2, 0)), "e": ("def2", "blue", (7, 0))}
    s = fort_state(units, "f5")
    s = until(s, "movement", "green")
    s = act(s, "raze", hexof(s, 4, 0))
    assert s["forts"] == [] and not s["units"]["a"].get("fort")
    assert refused(s, "done")[1] == "HS-FOR-10"
    s = act(s, "unit", "b")
    assert refused(s, "hex", hexof(s, 4, 0)) == ("no unit may enter the hex of a fortress its side destroyed this turn",
                                                "HS-FOR-11")
    s = acts(s, ("stop",), ("unit", "a"), ("hex", hexof(s, 5, 0)))
    assert ("done",) in legal(s)
    assert tuple(hexof(s, 4, 0)) not in {tuple(a[1]) for a in legal(s) if a[0] == "hex"}


@pytest.mark.rule("HS-CA-13")
@pytest.mark.rule("HS-CA-14")
@pytest.mark.rule("HS-AMBIG-27")
def test_the_fortress_counts_in_a_close_assaults_first_turn_only():
    units = {"t": ("tank", "green", (4, 0)), "a": ("def2", "blue", (4, 0), 8, IN)}
    s = fort_state(units, "f6")
    s = until(s, "assault", "green")
    s = act(s, "unit", "t")
    assert SPEC.view(s, "green")["plan"]["defence"] == 14
    s["assaults"] = {f"{hexof(s, 4, 0)[0]},{hexof(s, 4, 0)[1]}": 1}          # as after one assault step
    assert api.assault_plan(s, ["t"], ["a"])["defence"] == 2


def _raw():
    return json.loads((scenarios.HERE / "blackwood.json").read_text(encoding="utf-8"))


@pytest.mark.rule("HS-FOR-2")
@pytest.mark.rule("HS-FOR-6")
@pytest.mark.rule("HS-GAP-18")
def test_a_scenario_places_fortresses_once_a_hex_never_in_towns_or_water():
    s = scenarios.load("blackwood")
    assert s.forts and all(s.board.terrain[h] not in ("city", "swamp", "lake", "river") for hs in s.forts.values()
                           for h in hs)
    state = SPEC.setup(1, "blackwood")
    assert state["forts"] and any(d.get("fort") for d in state["units"].values())
    for change, clause in ((lambda d: d["fortresses"]["blue"].append(d["fortresses"]["blue"][0]), "HS-FOR-2"),
                           (lambda d: d["fortresses"]["blue"].append("0518"), "HS-FOR-6"),
                           (lambda d: d["fortresses"].update(tan=["1008"]), "HS-GAP-18")):
        raw = _raw()
        change(raw)
        with pytest.raises(scenarios.ScenarioProblem, match=clause):
            scenarios.parse(raw, "blackwood.json", scenarios.HERE / "blackwood.json")


@pytest.mark.rule("HS-IND-12")
@pytest.mark.rule("HS-IND-13")
@pytest.mark.rule("HS-AMBIG-19")
def test_a_strike_too_weak_for_the_fortress_still_falls_on_the_units_on_top_of_it():
    # 4 against the fortress's 12 is below 1 to 2: the unit inside is spared, the one on top is not
    units = {"h": ("howitzer", "green", (0, 0)), "a": ("def2", "blue", (4, 0), 8, IN), "c": ("def2", "blue", (4, 0))}
    s = until(fort_state(units, "f2b", dice=(5, 5)), "indirect", "green")
    s = acts(s, ("unit", "h"), ("hex", hexof(s, 4, 0)), ("fire",))
    strike = events(s, "fire")[-1]
    assert list(strike["classes"]) == ["fort", "B"] and not strike["classes"]["fort"]["legal"]
    assert set(strike["result"]) == {"B"} and set(strike["chances"]) == {"B"}
    assert [e["unit"] for e in strike["effects"]] == ["c"]


@pytest.mark.rule("HS-GAS-4")
def test_a_gas_strike_needs_no_odds_where_regular_shells_have_no_column():
    # a howitzer's 4 against a fortress's 12 is below the lowest column: regular shells may not be
    # fired there, gas (no odds) may, and rolls for the unit inside
    units = {"h": ("howitzer", "green", (0, 0), 8, {"gas": True}), "a": ("militia", "tan", (4, 0), 8, IN)}
    s = until(fort_state(units, "f19", sides=("green", "tan"), dice=(4, 4)), "indirect", "green")
    s = acts(s, ("unit", "h"), ("hex", hexof(s, 4, 0)))
    assert not artillery.plan(s, ["h"], hexof(s, 4, 0))["legal"] and ("fire",) not in legal(s)
    s = acts(s, ("gas",))
    assert ("fire",) in legal(s)
    gas = [e for e in events(act(s, "fire"), "fire") if e["kind_of"] == "gas"]
    assert gas and list(gas[0]["rolls"]) == ["a"]


@pytest.mark.rule("HS-GAS-4")
@pytest.mark.rule("HS-AMBIG-19")
def test_gas_reads_a_unit_inside_a_fortress_on_the_class_a_line():
    # militia are Class B in the open (a 7 disrupts them); inside a fortress they are read as Class A
    units = {"h": ("howitzer", "green", (0, 0), 8, {"gas": True}), "a": ("militia", "tan", (4, 0), 8, IN),
             "c": ("militia", "tan", (4, 0))}
    s = fort_state(units, "f9", sides=("green", "tan"))
    assert [artillery.gas_code(s, "a", r) for r in (7, 9, 12)] == ["-", "D", "E"]
    assert [artillery.gas_code(s, "c", r) for r in (7, 9, 12)] == ["D", "D", "E"]
    assert artillery.gas_chances(s, "a")["E"] == pytest.approx(1 / 36)
