"""Indirect Fire (HS-IND), Counter Artillery Fire (HS-CAF) and gas (HS-GAS), through the contract."""
from __future__ import annotations

import pytest

from game.rules.slammers import SPEC, api, artillery

from .helpers import act, acts, events, hexof, legal, refused, state_on, until


def striking(rows, units, name, **kw):
    """A state at the moving side's Indirect Fire step."""
    kw.setdefault("mover", units[next(iter(units))][1])
    s = state_on(rows, units, name=name, **kw)
    return until(s, "indirect", kw["mover"])


def offered(s, verb="unit"):
    return {a[1] if len(a) == 2 else a[1:] for a in legal(s) if a[0] == verb}


@pytest.mark.rule("HS-IND-1")
@pytest.mark.rule("HS-IND-3")
@pytest.mark.rule("HS-IND-4")
@pytest.mark.rule("HS-DIR-1")
@pytest.mark.rule("HS-DIR-2")
def test_only_artillery_fires_indirectly_and_howitzers_only_so():
    s = striking(["........"], {"h": ("howitzer", "green", (0, 0)), "g": ("gun", "green", (1, 0)),
                                "t": ("tank", "green", (2, 0)), "e": ("def2", "blue", (5, 0))}, "a1")
    assert offered(s) == {"h", "g"}
    assert refused(s, "unit", "t")[1] == "HS-IND-1"
    s = acts(s, ("unit", "g"), ("hex", hexof(s, 5, 0)), ("fire",))
    s = until(s, "direct", "green")
    assert offered(s) == {"t"}                       # the howitzer never, the gun has fired (HS-DIR-2)
    assert refused(s, "unit", "h")[1] == "HS-DIR-1"
    assert refused(s, "unit", "g")[1] == "HS-RNG-12"


@pytest.mark.rule("HS-IND-5")
@pytest.mark.rule("HS-RNG-10")
@pytest.mark.rule("HS-RNG-11")
def test_a_piece_that_cannot_see_fires_through_an_observer():
    # the forest hex at column 2 hides column 4 from the howitzer; an infantry observer sees it
    rows = ["..ff...."]
    far = {"h": ("howitzer", "green", (0, 0)), "e": ("def2", "blue", (5, 0))}
    s = state_on(rows, far, name="a2")
    assert not artillery.wants(s, "green")
    s = striking(rows, dict(far, o=("inf", "green", (4, 0))), "a2b")
    assert offered(s) == {"h"}
    s = acts(s, ("unit", "h"), ("hex", hexof(s, 5, 0)))
    s = act(s, "fire")
    strike = [e for e in events(s, "fire") if e["kind_of"] == "indirect"][-1]
    assert strike["observers"] == {"h": "o"}


@pytest.mark.rule("HS-IND-6")
@pytest.mark.rule("HS-IND-7")
@pytest.mark.rule("HS-TER-2")
@pytest.mark.rule("HS-RUB-6")
@pytest.mark.rule("HS-AMBIG-20")
def test_odds_are_the_artillery_against_the_hexs_value():
    rows = [".h.s...."]
    s = striking(rows, {"h": ("howitzer", "green", (0, 0)), "a": ("def2", "blue", (1, 0)),
                        "b": ("def2", "blue", (3, 0)), "c": ("def2", "blue", (5, 0))}, "a3",
                 rubble=[(5, 0)])
    s = act(s, "unit", "h")
    assert refused(s, "hex", hexof(s, 2, 0))[1] == "HS-IND-6"          # no enemy there
    p = {c: artillery.plan(s, ["h"], tuple(hexof(s, c, 0))) for c in (1, 3, 5)}
    assert [p[c]["classes"]["B"]["defence"] for c in (1, 3, 5)] == [4, 4, 2 + 2]
    assert p[1]["attack"] == 4 and p[1]["classes"]["B"]["column"] == "1-1"   # 4 to 4
    assert p[5]["classes"]["B"]["defence"] == 4                              # clear 2 + rubble 2


@pytest.mark.rule("HS-IND-8")
@pytest.mark.rule("HS-IND-9")
@pytest.mark.rule("HS-IND-13")
@pytest.mark.rule("HS-IND-14")
@pytest.mark.rule("HS-RNG-2")
def test_one_roll_for_both_classes_each_on_its_own_table():
    # 8 against clear (2) is 4 to 1: a roll of 8 is D on Class A's column, E on Class B's
    units = {"h1": ("howitzer", "green", (0, 0)), "h2": ("howitzer", "green", (0, 1)),
             "t": ("tank", "blue", (5, 0)), "a": ("def2", "blue", (5, 0)), "b": ("apc", "blue", (5, 0))}
    s = striking(["......", "......"], units, "a4", dice=(4, 4))
    s = acts(s, ("unit", "h1"), ("unit", "h2"), ("hex", hexof(s, 5, 0)), ("fire",))
    strike = [e for e in events(s, "fire") if e["kind_of"] == "indirect"][-1]
    assert strike["roll"] == 8 and strike["result"] == {"A": "D", "B": "E"}
    # the dice on the table name the strike and where it fell
    assert SPEC.view(s, None)["dice"]["text"].startswith("Indirect Fire at ") and \
        SPEC.view(s, None)["dice"]["values"] == [4, 4]
    assert set(strike["classes"]["A"]["units"]) == {"t"} and set(strike["classes"]["B"]["units"]) == {"a", "b"}
    assert {e["unit"]: e["effect"] for e in strike["effects"]} == {"t": "disrupted", "a": "eliminated",
                                                                   "b": "eliminated"}


@pytest.mark.rule("HS-IND-13")
@pytest.mark.rule("HS-IND-14")
@pytest.mark.rule("HS-RUB-2")
def test_a_strike_s_plan_gives_each_class_the_chances_of_its_own_column():
    # 8 against clear (2): Class A on table A's 4 to 1, Class B on table B's; the chances the
    # plan shows before the roll are those the roll's event records
    units = {"h1": ("howitzer", "green", (0, 0)), "h2": ("howitzer", "green", (0, 1)),
             "t": ("tank", "blue", (5, 0)), "a": ("def2", "blue", (5, 0))}
    s = striking(["......", "......"], units, "a4c", dice=(4, 4))
    plan = artillery.plan(s, ["h1", "h2"], hexof(s, 5, 0))
    a, b = plan["classes"]["A"]["chances"], plan["classes"]["B"]["chances"]
    assert sum(a.values()) == pytest.approx(1.0) and sum(b.values()) == pytest.approx(1.0)
    assert a["D"] == pytest.approx(5 / 36 + 6 / 36) and b["E"] > a.get("E", 0.0)     # rolls 6 and 7 on A's 4-1
    s = acts(s, ("unit", "h1"), ("unit", "h2"), ("hex", hexof(s, 5, 0)), ("fire",))
    strike = [e for e in events(s, "fire") if e["kind_of"] == "indirect"][-1]
    assert strike["chances"] == {"A": a, "B": b}
    assert SPEC.view(s, None)["rubble"] == []                     # D and E leave the ground whole (HS-RUB-2)
    far = striking([".......c."], {"g": ("gun", "green", (0, 0)), "e": ("def2", "blue", (7, 0))}, "a4d")
    weak = next(iter(artillery.plan(far, ["g"], hexof(far, 7, 0))["classes"].values()))
    assert weak["legal"] is False and weak["chances"] == {}          # 1 against a city's 6: below the table


@pytest.mark.rule("HS-IND-12")
@pytest.mark.rule("HS-IND-10")
def test_below_one_to_two_may_not_be_fired():
    s = striking(["..c....."], {"h": ("howitzer", "green", (0, 0)), "e": ("def2", "blue", (2, 0))}, "a5")
    s = acts(s, ("unit", "h"), ("hex", hexof(s, 2, 0)))                       # 4 against a city's 6 is 1 to 2
    assert ("fire",) in legal(s)
    rows = [".......c."]
    s = striking(rows, {"g": ("gun", "green", (0, 0)), "e": ("def2", "blue", (7, 0))}, "a5b")
    s = acts(s, ("unit", "g"), ("hex", hexof(s, 7, 0)))      # 3 halved at extended range: 1 against 6
    assert refused(s, "fire")[1] == "HS-IND-12"


@pytest.mark.rule("HS-IND-15")
def test_a_strike_into_a_close_assault_hits_both_sides():
    units = {"h": ("howitzer", "green", (0, 0)), "h2": ("howitzer", "green", (0, 1)),
             "m": ("tank", "green", (5, 0)), "e": ("def2", "blue", (5, 0))}
    s = striking(["......", "......"], units, "a6", dice=(4, 4))
    s = acts(s, ("unit", "h"), ("unit", "h2"), ("hex", hexof(s, 5, 0)), ("fire",))
    strike = [e for e in events(s, "fire") if e["kind_of"] == "indirect"][-1]
    hit = {e["unit"] for e in strike["effects"] if "unit" in e}
    assert hit == {"m", "e"}


@pytest.mark.rule("HS-IND-2")
@pytest.mark.rule("HS-SEQ-3")
@pytest.mark.rule("HS-RNG-14")
def test_indirect_fire_comes_first_and_its_dead_still_fire_directly():
    units = {"h": ("howitzer", "green", (0, 0)), "h2": ("howitzer", "green", (0, 1)),
             "e": ("tank", "blue", (4, 0)), "m": ("tank", "green", (2, 1))}
    s = state_on(["......", "......"], units, name="a7", dice=(6, 6, 6, 6))
    seen = []
    while s["phase"] not in ("direct",) or SPEC.active(s) != "blue":
        seen.append(s["phase"])
        if s["phase"] == "indirect" and SPEC.active(s) == "green" and not s["pt"]["fired"]:
            s = acts(s, ("unit", "h"), ("unit", "h2"), ("hex", hexof(s, 4, 0)), ("fire",))
            continue
        s = act(s, "done")
    assert seen.index("indirect") < seen.index("direct")
    assert "e" in s["pt"]["elim"] and ("unit", "e") in legal(s)             # eliminated, still fires


# ---------------------------------------------------------------- Counter Artillery Fire


def caf_board(name, **kw):
    units = {"A": ("howitzer", "green", (0, 0)), "B": ("howitzer", "green", (0, 1)),
             "C": ("howitzer", "green", (1, 1)), "e1": ("def2", "blue", (5, 0)), "e2": ("def2", "blue", (5, 1)),
             "c": ("calliope", "blue", (7, 0)), "ht": ("hovertank", "blue", (7, 1))}
    units.update(kw.pop("extra", {}))
    return striking(["........", "........"], units, name, **kw)


@pytest.mark.rule("HS-CAF-11")
@pytest.mark.rule("HS-CAF-3")
@pytest.mark.rule("HS-CAF-4")
@pytest.mark.rule("HS-CAF-5")
@pytest.mark.rule("HS-AMBIG-18")
def test_the_books_caf_vector_a_b_and_c():
    s = caf_board("c1", dice=(3, 3))
    s = acts(s, ("unit", "A"), ("unit", "B"), ("hex", hexof(s, 5, 0)), ("fire",))
    assert SPEC.view(s, None)["step"] == "respond" and SPEC.active(s) == "blue"
    assert {("c", "A"), ("c", "B"), ("ht", "A"), ("ht", "B")} <= offered(s, "caf")
    serial = s["dice"]["serial"]
    s = act(s, "caf", "c", "B")                        # the defender chooses which to cancel
    assert s["dice"]["serial"] == serial                # no roll for CAF
    s = act(s, "done")
    strike = [e for e in events(s, "fire") if e["kind_of"] == "indirect"][-1]
    assert strike["firers"] == ["A"] and strike["attack"] == 4 and strike["roll"] == 6
    s = acts(s, ("unit", "C"), ("hex", hexof(s, 5, 1)), ("fire",))
    assert offered(s, "caf") == {("ht", "C")}           # the calliope has fired its CAF
    s = act(s, "caf", "ht", "C")
    assert SPEC.view(s, None)["step"] == "indirect"     # all of the strike cancelled: nothing rolled
    assert [e["firers"] for e in events(s, "fire")] == [["A"]]
    assert {"A", "B", "C", "c", "ht"} <= set(s["pt"]["fired"])
    assert [e["artillery"] for e in events(s, "strike")] == [["A", "B"], ["C"]]     # each strike announced


@pytest.mark.rule("HS-CAF-1")
@pytest.mark.rule("HS-CAF-6")
@pytest.mark.rule("HS-CAF-8")
@pytest.mark.rule("HS-RNG-6")
def test_only_calliopes_and_hover_tanks_in_printed_range_fire_caf():
    # the hover tank (range 6) at column 7 is 2 from the target at 5; moved to 0,1 it is beyond 6
    s = caf_board("c2", extra={"ht": ("hovertank", "blue", (7, 1)), "x": ("def2", "blue", (6, 0))})
    s = acts(s, ("unit", "A"), ("hex", hexof(s, 5, 0)), ("fire",))
    assert {a for a, _ in offered(s, "caf")} == {"c", "ht"}
    far = ["." * 14, "." * 14]
    units = {"A": ("howitzer", "green", (0, 0)), "e1": ("def2", "blue", (5, 0)),
             "ht": ("hovertank", "blue", (12, 0))}         # 7 hexes: extended range only
    s = striking(far, units, "c3")
    s = acts(s, ("unit", "A"), ("hex", hexof(s, 5, 0)), ("fire",))
    assert SPEC.view(s, None)["step"] == "indirect"        # nobody could answer: no stop


@pytest.mark.rule("HS-CAF-7")
@pytest.mark.rule("HS-CAF-9")
def test_a_unit_fires_caf_for_its_own_hex_and_then_no_more():
    units = {"A": ("howitzer", "green", (0, 0)), "t": ("tank", "green", (3, 0)),
             "ht": ("hovertank", "blue", (5, 0))}
    s = striking(["........"], units, "c4")
    s = acts(s, ("unit", "A"), ("hex", hexof(s, 5, 0)), ("fire",))
    assert offered(s, "caf") == {("ht", "A")}
    s = acts(s, ("caf", "ht", "A"))
    asked = []
    while s["mover"] == "green":
        asked.append((s["phase"], SPEC.active(s)))
        s = act(s, "done")
    assert ("direct", "blue") not in asked          # the tank's one attack is spent (HS-RNG-12)
    assert ("direct", "green") in asked


@pytest.mark.rule("HS-CAF-2")
def test_caf_answers_only_artillery_shells():
    units = {"t": ("tank", "green", (0, 0)), "e": ("def2", "blue", (3, 0)), "c": ("calliope", "blue", (4, 0))}
    s = state_on(["......"], units, name="c5", mover="green")
    s = until(s, "direct", "green")
    s = acts(s, ("unit", "t"), ("hex", hexof(s, 3, 0)), ("fire",))
    assert SPEC.view(s, None)["step"] == "direct" and not events(s, "caf")


# ---------------------------------------------------------------- gas


@pytest.mark.rule("HS-GAS-6")
@pytest.mark.rule("HS-GAS-3")
@pytest.mark.rule("HS-GAS-4")
@pytest.mark.rule("HS-GAS-5")
@pytest.mark.rule("HS-AMBIG-21")
def test_the_books_gas_vector():
    # one gas howitzer against two conventional militia counters: a roll each, 8 disrupts, 10 kills
    units = {"h": ("howitzer", "green", (0, 0), 8, {"gas": True}), "m1": ("militia", "tan", (4, 0)),
             "m2": ("militia", "tan", (4, 0))}
    s = striking(["......"], units, "g1", sides=("green", "tan"), dice=(4, 4, 5, 5))
    s = acts(s, ("unit", "h"), ("hex", hexof(s, 4, 0)), ("gas",), ("fire",))
    gas = [e for e in events(s, "fire") if e["kind_of"] == "gas"]
    assert len(gas) == 1 and {u: r["result"] for u, r in gas[0]["rolls"].items()} == {"m1": "D", "m2": "E"}
    assert not s["pt"]["rubble"]
    # the Mercenary line is read for blue units: 8 does nothing to a Class B unit there
    units = {"h": ("howitzer", "green", (0, 0), 8, {"gas": True}), "x": ("slinf", "blue", (4, 0))}
    s = striking(["......"], units, "g2", dice=(4, 4))
    s = acts(s, ("unit", "h"), ("hex", hexof(s, 4, 0)), ("gas",), ("fire",))
    assert [e for e in events(s, "fire") if e["kind_of"] == "gas"][0]["rolls"]["x"]["result"] == "-"


@pytest.mark.rule("HS-GAS-1")
@pytest.mark.rule("HS-GAS-2")
def test_only_gas_artillery_fires_gas_directly_or_indirectly():
    units = {"h": ("howitzer", "green", (0, 0)), "e": ("def2", "tan", (4, 0))}
    s = striking(["......"], units, "g3", sides=("green", "tan"))
    s = acts(s, ("unit", "h"), ("hex", hexof(s, 4, 0)))
    assert ("gas",) not in legal(s) and refused(s, "gas")[1] == "HS-GAS-1"
    units = {"g": ("gun", "green", (0, 0), 8, {"gas": True}), "e": ("def2", "tan", (4, 0)),
             "f": ("def2", "tan", (4, 0))}
    s = state_on(["......"], units, name="g4", sides=("green", "tan"), dice=(6, 6))
    s = until(s, "direct", "green")
    s = acts(s, ("unit", "g"), ("hex", hexof(s, 4, 0)), ("unit", "f"), ("gas",), ("fire",))
    gas = [e for e in events(s, "fire") if e["kind_of"] == "direct_gas"]
    assert gas and list(gas[0]["rolls"]) == ["e"] and gas[0]["rolls"]["e"]["result"] == "E"


@pytest.mark.rule("HS-TOW-6")
@pytest.mark.rule("HS-TOW-8")
@pytest.mark.rule("HS-APC-11")
def test_a_towed_gun_strikes_nobody_and_a_strike_falls_on_the_vehicles_not_what_they_carry():
    units = {"v": ("truck", "green", (0, 0), 8, {"tow": "g"}), "g": ("gun", "green", (0, 0)),
             "h": ("howitzer", "green", (0, 1)),
             "p": ("apc", "blue", (5, 0), 8, {"cargo": "i"}), "i": ("inf", "blue", (5, 0)),
             "w": ("truck", "blue", (5, 1), 8, {"tow": "x"}), "x": ("gun", "blue", (5, 1))}
    s = striking(["......", "......"], units, "a9", mover="green")
    assert offered(s) == {"h"}                                 # the gun under tow may not strike
    assert set(artillery.strikes(s, "green")) == {"h"}
    for col, row, vehicle in ((5, 0, "p"), (5, 1, "w")):
        plan = artillery.plan(s, ["h"], hexof(s, col, row))
        assert [u for c in plan["classes"].values() for u in c["units"]] == [vehicle]


@pytest.mark.rule("HS-RNG-5")
@pytest.mark.rule("HS-IND-5")
@pytest.mark.rule("HS-IND-13")
def test_a_piece_strikes_within_twice_its_range_and_a_group_only_where_every_piece_reaches():
    # howitzers of range 8: "n" reaches 7 and 16 hexes off (half attack there), not 18; "f" reaches all
    units = {"n": ("howitzer", "green", (0, 0)), "f": ("howitzer", "green", (10, 0)),
             "o": ("tank", "green", (15, 0)),                                   # the observer near the targets
             "e1": ("def2", "blue", (7, 0)), "e2": ("def2", "blue", (16, 0)), "e3": ("def2", "blue", (18, 0))}
    s = striking(["." * 20], units, "a10", mover="green")
    near, mid, far = (tuple(hexof(s, c, 0)) for c in (7, 16, 18))
    table = artillery.strikes(s, "green")
    assert set(table["n"]) == {near, mid} and set(table["f"]) == {near, mid, far}
    s = acts(s, ("unit", "n"), ("unit", "f"))
    assert {tuple(a[1]) for a in legal(s) if a[0] == "hex"} == {near, mid}
    assert artillery.hexes_for(s, "green", ["f", "n"]) == sorted([near, mid])
    assert api.strike_hexes(s, "green", ("f", "n")) == sorted([near, mid])     # the same, as the window asks


@pytest.mark.rule("HS-GAS-1")
def test_gas_is_chosen_for_the_group_and_dropped_when_a_piece_without_gas_joins_or_the_hex_is_cancelled():
    units = {"h": ("howitzer", "green", (0, 0), 8, {"gas": True}), "k": ("howitzer", "green", (0, 1)),
             "m": ("militia", "tan", (4, 0))}
    s = striking(["......", "......"], units, "g5", sides=("green", "tan"), dice=(4, 4))
    h = hexof(s, 4, 0)
    s = acts(s, ("unit", "h"), ("hex", h), ("gas",))
    assert ("gas",) in legal(s) and ("fire",) in legal(s)
    assert "(gas)" in SPEC.view(s, None)["prompt"]
    cancelled = act(s, "cancel")                                  # a new hex starts without gas
    assert "(gas)" not in SPEC.view(acts(cancelled, ("hex", h)), None)["prompt"]
    back = acts(s, ("cancel",), ("unit", "k"), ("hex", h))        # k carries no gas shells
    assert ("gas",) not in legal(back) and "(gas)" not in SPEC.view(back, None)["prompt"]
    fired = act(s, "fire")
    assert [e["kind_of"] for e in events(fired, "fire")][-1] == "gas"
    assert events(fired, "strike")[-1]["gas"] is True


@pytest.mark.rule("HS-IND-1")
@pytest.mark.rule("HS-IND-5")
@pytest.mark.rule("HS-IND-6")
@pytest.mark.rule("HS-IND-12")
@pytest.mark.rule("HS-RNG-12")
@pytest.mark.rule("HS-GAS-1")
def test_every_refused_click_of_indirect_fire_says_why_in_words_and_clause():
    units = {"h": ("howitzer", "green", (0, 0)), "k": ("howitzer", "green", (0, 1)), "t": ("tank", "green", (1, 0)),
             "x": ("howitzer", "blue", (9, 1)), "e": ("def2", "blue", (4, 0), 8, {"fort": True}),
             "f": ("def2", "blue", (19, 1))}
    s = striking(["." * 20, "." * 20], units, "a11", mover="green", forts=[(4, 0)])
    assert refused(s, "unit", "t") == ("only artillery fires indirectly (guns and howitzers)", "HS-IND-1")
    assert refused(s, "unit", "x") == ("it is not your unit", "HS-IND-1")
    s = acts(s, ("unit", "h"))
    assert refused(s, "hex", hexof(s, 2, 0)) == ("Indirect Fire targets a hex holding enemy units", "HS-IND-6")
    assert refused(s, "hex", hexof(s, 19, 1)) == ("no piece of the strike and none of your observers sees that hex",
                                                  "HS-IND-5")
    assert refused(s, "gas") == ("only artillery bought with gas shells fires gas", "HS-GAS-1")
    aimed = acts(s, ("hex", hexof(s, 4, 0)))                   # 4 against the fortress's 12
    assert refused(aimed, "fire") == ("odds below 1 to 2 may not be fired", "HS-IND-12")
    s = acts(s, ("unit", "k"), ("hex", hexof(s, 9, 1)), ("fire",))
    assert refused(s, "unit", "h") == ("each unit attacks once a player-turn", "HS-RNG-12")
    far = striking(["." * 14], {"g": ("gun", "green", (0, 0)), "n": ("gun", "green", (8, 0)),
                                "e": ("def2", "blue", (12, 0))}, "a12")
    assert refused(far, "unit", "g") == ("it has no hex in reach that it or an observer sees", "HS-IND-5")
    assert SPEC.view(s, None)["prompt"] == "Indirect Fire: pick artillery, then a hex to strike, or Done"
    assert SPEC.view(aimed, None)["prompt"].startswith("Indirect Fire at ") and "announce the strike" in \
        SPEC.view(aimed, None)["prompt"]
