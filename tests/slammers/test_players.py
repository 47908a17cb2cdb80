"""Three and four players (HS-SET-1, HS-GAP-8): teams, turn order, shared hexes, no joint attacks."""
from __future__ import annotations

import pytest

from game.rules.slammers import SPEC, api

from .helpers import act, acts, hexof, legal, refused, state_on, until

FOUR = ("green", "tan", "red", "blue")
TEAMS = (("green", "red"), ("tan", "blue"))


def four(units, name, **kw):
    return state_on(["........"] * 3, units, name=name, sides=FOUR, teams=TEAMS, **kw)


@pytest.mark.rule("HS-SEQ-1")
@pytest.mark.rule("HS-SEQ-6")
@pytest.mark.rule("HS-GAP-8")
@pytest.mark.rule("HS-AMBIG-1")
def test_four_player_turns_in_movement_order_and_everyone_fires_from_the_mover_on():
    s = SPEC.setup(3, "marrow_four")
    assert s["seating"]["teams"] == [list(t) for t in TEAMS]
    movers, fired = [], []
    while s["turn"] == 1 and SPEC.active(s) is not None:
        if s["phase"] == "movement" and (not movers or movers[-1] != s["mover"]):
            movers.append(s["mover"])
        if s["phase"] == "direct" and s["mover"] == "tan":
            fired.append(SPEC.active(s))
        s = act(s, "done") if ("done",) in legal(s) else act(s, *legal(s)[0])
    assert movers == list(FOUR)
    order = [x for i, x in enumerate(fired) if x not in fired[:i]]
    assert order == [x for x in ("tan", "red", "blue", "green") if x in order]


@pytest.mark.rule("HS-STK-1")
@pytest.mark.rule("HS-GAP-8")
def test_allies_share_a_hex_without_fighting_each_with_three_counters():
    units = {"g1": ("tank", "green", (2, 0)), "g2": ("tank", "green", (2, 0)), "g3": ("tank", "green", (1, 0)),
             "r1": ("def2", "red", (2, 0)), "r2": ("def2", "red", (2, 0)), "r3": ("def2", "red", (2, 0)),
             "t": ("tank", "tan", (7, 2)), "b": ("hovertank", "blue", (7, 1))}
    s = four(units, "m1", mover="green")
    assert api.must_assault(s, "green") == [] and api.must_assault(s, "red") == []
    s = until(s, "movement", "green")
    s = act(s, "unit", "g3")
    assert ("hex", tuple(hexof(s, 2, 0))) in legal(s)                        # green has two there


@pytest.mark.rule("HS-STK-2")
@pytest.mark.rule("HS-GAP-8")
def test_a_close_assault_of_three_players_holds_three_counters_of_each():
    units = {"g1": ("tank", "green", (3, 0)), "g2": ("tank", "green", (3, 0)), "g3": ("tank", "green", (3, 0)),
             "g4": ("tank", "green", (2, 0)), "r1": ("def2", "red", (3, 0)), "r2": ("def2", "red", (3, 0)),
             "t1": ("tank", "tan", (3, 0)), "t2": ("tank", "tan", (3, 0)), "t3": ("tank", "tan", (3, 0)),
             "b": ("hovertank", "blue", (7, 2))}
    s = four(units, "m2", mover="green")
    assert len([u for u in units if tuple(s["units"][u]["at"]) == tuple(hexof(s, 3, 0))]) == 8
    assert SPEC.invariants(s) == []
    s = until(s, "movement", "green")
    s = act(s, "unit", "g4")
    assert refused(s, "hex", hexof(s, 3, 0))[1] == "HS-STK-1"


@pytest.mark.rule("HS-DIR-5")
@pytest.mark.rule("HS-GAP-8")
def test_allies_never_combine_an_attack():
    units = {"g": ("tank", "green", (0, 0)), "r": ("hovertank", "red", (0, 1)), "t": ("def2", "tan", (3, 0)),
             "b": ("def2", "blue", (7, 2))}
    s = four(units, "m3", mover="green")
    s = until(s, "direct", "green")
    s = act(s, "unit", "g")
    assert ("unit", "r") not in legal(s) and refused(s, "unit", "r")[1] == "HS-DIR-5"
    s = acts(s, ("hex", hexof(s, 3, 0)), ("fire",))
    s = until(s, "direct", "red")
    assert ("unit", "r") in legal(s)                                         # red fires in its own turn
