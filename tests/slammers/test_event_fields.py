"""The structured events the window and the bots read (never the log): every field of a rally
and of a Direct Fire's rubble, checked whole, so a rule that writes the wrong fact is caught."""
from __future__ import annotations

import pytest

from game.rules.slammers import SPEC, results

from .helpers import act, acts, events, hexof, legal, state_on, through, until


def _disrupted_tank(name, dice, morale=7):
    return state_on(["....."], {"g": ("tank", "green", (0, 0), morale, {"dis": True}),
                                "b": ("hovertank", "blue", (4, 0))}, name=name, dice=dice)


@pytest.mark.rule("HS-RAL-3")
def test_a_rally_event_names_the_unit_its_dice_and_the_outcome():
    s = act(_disrupted_tank("e1", [3, 4]), "rally", "g")
    ev = {k: v for k, v in events(s, "rally")[-1].items() if k not in ("serial", "kind")}
    assert ev == {"unit": "g", "side": "green", "dice": [3, 4], "roll": 7, "morale": 7,
                  "desperate": False, "rallied": True, "turn": 1, "chance": pytest.approx(21 / 36)}
    assert SPEC.view(s, None)["dice"]["values"] == [3, 4] and "Rally of" in SPEC.view(s, None)["dice"]["text"]


@pytest.mark.rule("HS-RAL-5")
def test_a_desperation_rally_event_says_so():
    s = acts(_disrupted_tank("e2", [3, 4, 5, 5], morale=8), ("rally", "g"), ("desperate", "g"))
    first, second = [{k: v for k, v in e.items() if k not in ("serial", "kind")} for e in events(s, "rally")[-2:]]
    assert first["rallied"] is False and first["desperate"] is False and first["roll"] == 7
    assert second == {"unit": "g", "side": "green", "dice": [5, 5], "roll": 10, "morale": 8,
                      "desperate": True, "rallied": True, "turn": 1, "chance": pytest.approx(15 / 36)}
    assert "Desperation rally" in SPEC.view(s, None)["dice"]["text"]


def _shot(row, name, dice, target="tank", **kw):
    units = {"t": (target, "green", (1, 0)), "b": ("hovertank", "blue", (3, 0))}
    s = state_on([row], units, name=name, mover="blue", dice=dice, **kw)
    s = until(s, "direct", "blue")
    return acts(s, ("unit", "b"), ("hex", hexof(s, 1, 0)), ("fire",))


@pytest.mark.rule("HS-RUB-1")
def test_a_fire_event_reports_the_rubble_it_makes():
    s = _shot(".f..", "e3", [1, 1])                              # 2-1, 2: R
    h = hexof(s, 1, 0)
    assert events(s, "fire")[-1]["effects"][-1] == {"hex": list(h), "effect": "rubble", "why": ""}
    s = through(s, "direct")
    assert s["rubble"] == [f"{h[0]},{h[1]}"]


@pytest.mark.rule("HS-RUB-7")
def test_a_fire_event_says_why_water_takes_no_rubble():
    s = _shot(".w..", "e4", [1, 1, 1, 1])
    h = hexof(s, 1, 0)
    effect = events(s, "fire")[-1]["effects"][-1]
    assert effect == {"hex": list(h), "effect": "none", "why": "swamp is never rubbled"}


@pytest.mark.rule("HS-AMBIG-31")
def test_a_second_rubble_result_is_reported_as_nothing():
    s = _shot(".f..", "e5", [1, 1], target="truck", rubble=[(1, 0)])      # 10 to 1+2+2: 2-1, 2: R
    h = hexof(s, 1, 0)
    assert events(s, "fire")[-1]["effects"][-1] == {"hex": list(h), "effect": "none", "why": "already rubble"}
    s["pt"]["rubble"] = []
    assert results.apply_result(s, [], "R", tuple(h)) == [{"hex": list(h), "effect": "none",
                                                            "why": "already rubble"}]


@pytest.mark.rule("HS-RAL-7")
def test_a_failed_desperation_rally_counts_the_unit_lost_and_says_so():
    s = acts(_disrupted_tank("e6", [3, 4, 1, 1], morale=8), ("rally", "g"), ("desperate", "g"))
    assert s["units"]["g"]["at"] is None and s["lost"]["green"] == ["g"]
    ev = {k: v for k, v in events(s, "eliminated")[-1].items() if k not in ("serial", "kind")}
    assert ev == {"unit": "g", "side": "green", "hex": None, "type": "tank", "phase": "rally", "turn": 1}


def _towing(name, **extra):
    units = {"v": ("truck", "green", (0, 0)), "g": ("gun", "green", (0, 0)), "b": ("hovertank", "blue", (6, 0))}
    return state_on(["......."], dict(units, **extra), name=name)


@pytest.mark.rule("HS-TOW-2")
@pytest.mark.rule("HS-TOW-4")
def test_a_hook_up_is_declared_once_and_reported():
    s = act(_towing("e7", w=("truck", "green", (0, 0))), "hook", "v", "g")
    ev = {k: v for k, v in events(s, "hook")[-1].items() if k not in ("serial", "kind")}
    assert ev == {"side": "green", "vehicle": "v", "gun": "g", "turn": 1}
    assert ("setup", "v") not in legal(s) and ("hook", "w", "g") not in legal(s)


@pytest.mark.rule("HS-TOW-10")
def test_a_vehicle_that_sets_up_its_gun_hooks_up_no_other_that_turn():
    s = _towing("e8", v=("truck", "green", (0, 0), 8, {"tow": "g"}), h=("gun", "green", (0, 0)))
    assert ("hook", "v", "h") not in legal(s)                # towing already: one gun a vehicle
    s = act(s, "setup", "v")
    ev = {k: v for k, v in events(s, "set_up")[-1].items() if k not in ("serial", "kind")}
    assert ev == {"side": "green", "vehicle": "v", "gun": "g", "turn": 1}
    assert s["units"]["g"]["towed_by"] is None
    assert ("hook", "v", "h") not in legal(s) and ("hook", "v", "g") not in legal(s)


def _hit(name, row, unit, extra=None, **kw):
    """A state with green's unit u in hex (1, 0) of ``row`` (and an APC p there when u rides one)."""
    units = {"u": (unit, "green", (1, 0), 8, dict(extra or {})), "b": ("hovertank", "blue", (3, 0))}
    if (extra or {}).get("aboard"):
        units["p"] = ("apc", "green", (1, 0), 8, {"cargo": "u"})
    s = state_on([row], units, name=name, mover="blue", **kw)
    return s, tuple(hexof(s, 1, 0))


@pytest.mark.rule("HS-DIS-3")
@pytest.mark.rule("HS-DIS-4")
@pytest.mark.rule("HS-DIS-5")
@pytest.mark.rule("HS-DIS-6")
@pytest.mark.rule("HS-SKM-5")
@pytest.mark.rule("HS-AMBIG-30")
@pytest.mark.parametrize("name,row,unit,extra,effect,why", [
    ("x1", "....", "tank", {}, "disrupted", ""),
    ("x2", "....", "tank", {"dis": True}, "eliminated", "disrupted again"),
    ("x3", ".w..", "tank", {}, "eliminated", "disrupted in swamp, river or lake"),
    ("x4", "....", "inf", {}, "none", "dismounted infantry ignores disruption"),
    ("x5", "....", "slinf", {"skim": True}, "eliminated", "skimmer infantry disrupted"),
    ("x6", "....", "militia", {}, "eliminated", "militia disrupted"),
    ("x7", "....", "inf", {"aboard": "p"}, "disrupted", ""),
])
def test_what_a_disruption_does_is_reported_unit_by_unit(name, row, unit, extra, effect, why):
    s, h = _hit(name, row, unit, extra)
    assert results.disrupt(s, "u", h) == {"unit": "u", "effect": effect, "why": why}
    if effect == "disrupted":
        again = {"unit": "u", "effect": "none", "why": "already disrupted this player-turn"}
        assert results.disrupt(s, "u", h) == again
    if effect == "eliminated":
        gone = {"unit": "u", "effect": "none", "why": "already eliminated"}
        assert s["pt"]["elim"] == ["u"] and results.disrupt(s, "u", h) == gone


@pytest.mark.rule("HS-DIS-5")
def test_a_fire_event_says_dismounted_infantry_shrugged_off_its_disruption():
    s, h = _hit("x8", "....", "inf", dice=[1, 2])                 # 10 to 2: 5-1, 3: D
    s = until(s, "direct", "blue")
    s = acts(s, ("unit", "b"), ("hex", list(h)), ("fire",))
    assert events(s, "fire")[-1]["effects"] == [{"unit": "u", "effect": "none",
                                                 "why": "dismounted infantry ignores disruption"}]


@pytest.mark.rule("HS-RAL-1")
@pytest.mark.rule("HS-RAL-4")
def test_a_unit_that_failed_to_rally_does_not_try_again_that_turn():
    s = acts(_disrupted_tank("e9", [1, 2], morale=8), ("rally", "g"))
    assert SPEC.view(s, None)["step"] == "desperation" and SPEC.active(s) == "green"
    s = act(s, "accept")
    assert s["units"]["g"]["dis"] and ("rally", "g") not in legal(s)
    assert SPEC.explain(s, ("rally", "g")) == ("it has already tried to rally this turn", "HS-RAL-1")


@pytest.mark.rule("HS-TOW-1")
@pytest.mark.rule("HS-TOW-9")
@pytest.mark.rule("HS-AMBIG-10")
@pytest.mark.rule("HS-RAL-1")
def test_towing_and_rally_refusals_say_why_in_words_and_clause():
    s = state_on(["......."], {"v": ("truck", "green", (0, 0), 8, {"tow": "g"}), "g": ("gun", "green", (0, 0)),
                               "h": ("gun", "green", (0, 0)),
                               "i": ("slinf", "green", (2, 0), 8, {"skim": True}), "k": ("gun", "green", (2, 0)),
                               "w": ("truck", "green", (4, 0), 8, {"dis": True, "tow": "x"}),
                               "x": ("gun", "green", (4, 0)), "b": ("hovertank", "blue", (6, 0))}, name="e10")
    assert SPEC.explain(s, ("rally", "v")) == ("it is not disrupted", "HS-RAL-1")
    s = until(s, "tow")
    assert SPEC.explain(s, ("hook", "v", "h")) == ("a vehicle tows one gun", "HS-AMBIG-10")
    assert SPEC.explain(s, ("hook", "i", "k")) == ("only vehicles other than skimmers tow", "HS-TOW-1")
    assert SPEC.explain(s, ("setup", "w")) == ("a gun cannot be set up while its vehicle is disrupted",
                                                "HS-TOW-9")
    assert SPEC.explain(s, ("setup", "v")) is None


@pytest.mark.rule("HS-CAF-3")
@pytest.mark.rule("HS-CAF-4")
@pytest.mark.rule("HS-IND-12")
@pytest.mark.rule("HS-AMBIG-18")
def test_a_strike_s_announcement_its_caf_and_what_is_left_below_the_table_are_reported_whole():
    # 8 against the fortress's 12 may be rolled (2 to 3 is above 1 to 2); CAF takes one howitzer,
    # and 4 against 12 is left below the table: nothing is rolled (the bots read these events)
    units = {"A": ("howitzer", "green", (0, 0)), "B": ("howitzer", "green", (0, 1)),
             "e": ("def2", "blue", (5, 0), 8, {"fort": True}), "ht": ("hovertank", "blue", (7, 0))}
    s = until(state_on(["........", "........"], units, name="e9", mover="green", forts=[(5, 0)]), "indirect", "green")
    h = hexof(s, 5, 0)
    s = acts(s, ("unit", "A"), ("unit", "B"), ("hex", h), ("fire",))
    strip = ("serial", "kind", "turn")
    assert {k: v for k, v in events(s, "strike")[-1].items() if k not in strip} == {
        "side": "green", "artillery": ["A", "B"], "hex": list(h), "gas": False}
    s = acts(s, ("caf", "ht", "A"), ("done",))
    assert {k: v for k, v in events(s, "caf")[-1].items() if k not in strip} == {
        "side": "blue", "unit": "ht", "artillery": "A", "hex": list(h)}
    fire = {k: v for k, v in events(s, "fire")[-1].items() if k not in strip}
    assert fire.pop("classes")["fort"]["legal"] is False and fire.pop("observers") == {"B": "B"}
    assert fire == {"kind_of": "indirect", "side": "green", "firers": ["B"], "hex": list(h), "attack": 4,
                    "dice": [], "roll": None, "result": None, "chances": {}, "effects": []}


@pytest.mark.rule("HS-GAS-3")
@pytest.mark.rule("HS-GAS-4")
@pytest.mark.rule("HS-GAS-5")
def test_a_gas_strike_reports_each_piece_and_each_unit_s_roll_whole():
    # two gas howitzers on two militia: a fire event per piece, a roll per unit on its own line
    units = {"h": ("howitzer", "green", (0, 0), 8, {"gas": True}), "k": ("howitzer", "green", (0, 1), 8, {"gas": True}),
             "m1": ("militia", "tan", (4, 0)), "m2": ("militia", "tan", (4, 0))}
    s = until(state_on(["......", "......"], units, name="e10", sides=("green", "tan"), mover="green",
                       dice=(1, 1, 4, 4, 5, 5, 6, 6)), "indirect", "green")
    h = hexof(s, 4, 0)
    s = acts(s, ("unit", "h"), ("unit", "k"), ("hex", h), ("gas",), ("fire",))
    first, second = [{k: v for k, v in e.items() if k not in ("serial", "kind", "turn")}
                     for e in events(s, "fire") if e["kind_of"] == "gas"]
    assert [first.pop("firers"), second.pop("firers")] == [["h"], ["k"]]
    for ev in (first, second):
        assert (ev.pop("kind_of"), ev.pop("side"), ev.pop("hex"), ev.pop("targets")) == ("gas", "green", list(h),
                                                                                            ["m1", "m2"])
    rolls = {u: {k: v for k, v in r.items() if k != "chances"} for u, r in first["rolls"].items()}
    assert rolls == {"m1": {"dice": [1, 1], "roll": 2, "result": "-"}, "m2": {"dice": [4, 4], "roll": 8, "result": "D"}}
    assert first["rolls"]["m2"]["chances"] == pytest.approx(second["rolls"]["m2"]["chances"])
    assert sum(first["rolls"]["m1"]["chances"].values()) == pytest.approx(1.0)
    assert [e["unit"] for e in first["effects"]] == ["m2"] and {e["unit"] for e in second["effects"]} == {"m1", "m2"}
    assert not s["rubble"]                                      # gas never rubbles (HS-GAS-5)
