"""Every roll's event carries the chances the rules rolled it at (the review's dice luck reads them):
checked against a count of the 36 throws of two dice over the lines of the tables the state is
played with, never against the code that wrote them."""
from __future__ import annotations

import pytest

from game.rules.slammers import api

from .helpers import act, acts, events, hexof, state_on, until

THROWS = [a + b for a in range(1, 7) for b in range(1, 7)]


def counted(codes: list) -> dict:
    """Result code -> its share of the 36 throws, for a line of 11 codes (rolls 2 to 12)."""
    out: dict = {}
    for total in THROWS:
        out[codes[total - 2]] = out.get(codes[total - 2], 0) + 1 / 36
    return out


def line(crt, column: str) -> tuple:
    """A table's 11 codes for one column, as authored."""
    return crt.results[crt.columns.index(column)]


def same(a: dict, b: dict) -> bool:
    return set(a) == set(b) and all(abs(a[k] - b[k]) < 1e-12 for k in a)


@pytest.mark.rule("HS-DIR-10")
@pytest.mark.rule("HS-RNG-13")
def test_a_direct_fire_event_holds_the_chance_of_every_result_of_its_column():
    units = {"t": ("tank", "green", (1, 0)), "b": ("hovertank", "blue", (3, 0))}
    s = until(state_on(["...."], units, name="o1", mover="blue", dice=[3, 4]), "direct", "blue")
    s = acts(s, ("unit", "b"), ("hex", hexof(s, 1, 0)))
    shown = api.fire_preview(s, ["b"], hexof(s, 1, 0), ["t"])
    s = act(s, "fire")
    shot = events(s, "fire")[-1]
    assert shot["column"] == shown["column"]
    assert same(shot["chances"], counted(line(api.tables_of(s).crt, shot["column"])))
    assert same(shot["chances"], shown["chances"])             # what the window showed before the roll
    assert shot["chances"][shot["result"]] > 0


@pytest.mark.rule("HS-CA-6")
@pytest.mark.rule("HS-CA-12")
def test_a_close_assault_event_holds_the_chances_of_its_shifted_column():
    units = {"t": ("tank", "green", (1, 0)), "x": ("def2", "blue", (1, 0))}
    s = until(state_on(["...."], units, name="o2", mover="green", dice=[2, 5, 1, 1]), "assault")
    s = act(s, "unit", "t")
    shown = api.assault_plan(s, ["t"], ["x"])
    s = act(s, "assault")
    fight = events(s, "fire")[-1]
    assert fight["kind_of"] == "assault" and fight["shift"] == 1
    assert same(fight["chances"], counted(line(api.tables_of(s).crt, fight["column"])))
    assert same(fight["chances"], shown["chances"])


@pytest.mark.rule("HS-IND-13")
@pytest.mark.rule("HS-IND-9")
def test_an_indirect_strike_holds_each_classs_chances_on_its_own_table():
    units = {"h1": ("howitzer", "green", (0, 0)), "h2": ("howitzer", "green", (0, 1)),
             "t": ("tank", "blue", (5, 0)), "a": ("def2", "blue", (5, 0))}
    s = until(state_on(["......", "......"], units, name="o3", mover="green", dice=(4, 4)), "indirect", "green")
    s = acts(s, ("unit", "h1"), ("unit", "h2"), ("hex", hexof(s, 5, 0)), ("fire",))
    strike = [e for e in events(s, "fire") if e["kind_of"] == "indirect"][-1]
    assert set(strike["chances"]) == set(strike["result"]) == {"A", "B"}
    for key in ("A", "B"):
        crt = api.tables_of(s).indirect[key]
        assert same(strike["chances"][key], counted(line(crt, strike["classes"][key]["column"])))


@pytest.mark.rule("HS-GAS-3")
@pytest.mark.rule("HS-GAS-4")
@pytest.mark.rule("HS-IND-9")
def test_each_gas_roll_holds_the_chances_of_its_units_line():
    # a tan (conventional) tank is Class A, a tan militia counter Class B
    units = {"h": ("howitzer", "green", (0, 0), 8, {"gas": True}), "m": ("militia", "tan", (4, 0)),
             "t": ("tank", "tan", (4, 0))}
    s = until(state_on(["......"], units, name="o4", sides=("green", "tan"), dice=(4, 4, 5, 5)),
              "indirect", "green")
    s = acts(s, ("unit", "h"), ("hex", hexof(s, 4, 0)), ("gas",), ("fire",))
    gas = [e for e in events(s, "fire") if e["kind_of"] == "gas"][-1]
    lines = api.tables_of(s).gas["conventional"]
    for uid, klass in (("m", "B"), ("t", "A")):
        assert same(gas["rolls"][uid]["chances"], counted(lines[klass]))


@pytest.mark.rule("HS-RAL-3")
@pytest.mark.parametrize("morale", [5, 7, 8, 11])
def test_a_rally_event_holds_its_chance_of_reaching_the_morale(morale):
    units = {"g": ("tank", "green", (0, 0), morale, {"dis": True}), "b": ("hovertank", "blue", (4, 0))}
    s = act(state_on(["....."], units, name=f"o5{morale}", dice=[1, 1]), "rally", "g")
    chance = events(s, "rally")[-1]["chance"]
    assert abs(chance - sum(t >= morale for t in THROWS) / 36) < 1e-12
