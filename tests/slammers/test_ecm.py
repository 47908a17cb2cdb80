"""Electronic counter-measures (HS-ECM): the defender jams after an attack is announced."""
from __future__ import annotations

import pytest

from game.rules.slammers import SPEC

from .helpers import act, acts, events, hexof, legal, refused, state_on, until

ECM = {"ecm": True}


def combined(name, rows=("........",), ecm=ECM, extra=None, **kw):
    """Green's two tanks about to fire together at blue's unit; blue's hover tank may carry ECM."""
    units = {"t1": ("tank", "green", (0, 0)), "t2": ("tank", "green", (1, 0)), "e": ("def2", "blue", (4, 0)),
             "ht": ("hovertank", "blue", (7, 0), 8, ecm)}
    units.update(extra or {})
    s = state_on(list(rows), units, name=name, mover="green", **kw)
    s = until(s, "direct", "green")
    return acts(s, ("unit", "t1"), ("unit", "t2"), ("hex", hexof(s, 4, 0)), ("fire",))


@pytest.mark.rule("HS-ECM-3")
@pytest.mark.rule("HS-ECM-6")
@pytest.mark.rule("HS-ECM-9")
def test_the_defender_jams_after_the_attack_is_announced_and_the_jammed_fire_alone():
    s = combined("e1")
    assert SPEC.view(s, None)["step"] == "respond" and SPEC.active(s) == "blue"
    assert {a for a in legal(s) if a[0] == "jam"} == {("jam", "ht", "t1"), ("jam", "ht", "t2")}
    serial = s["dice"]["serial"]
    s = acts(s, ("jam", "ht", "t1"), ("done",))
    assert s["dice"]["serial"] == serial and not events(s, "fire")           # always works, no roll
    assert events(s, "attack_jammed")[0]["jammed"] == ["t1"]
    assert SPEC.active(s) == "green" and not s["pt"]["fired"]
    s = act(s, "unit", "t2")
    assert refused(s, "unit", "t1")[1] == "HS-ECM-6"
    s = acts(s, ("unit", "t2"), ("unit", "t1"), ("hex", hexof(s, 4, 0)), ("fire",))   # alone it may fire
    assert events(s, "fire")[-1]["firers"] == ["t1"]


@pytest.mark.rule("HS-ECM-6")
def test_a_unit_firing_alone_relies_on_no_one_so_nothing_is_jammed():
    units = {"t1": ("tank", "green", (0, 0)), "e": ("def2", "blue", (4, 0)), "ht": ("hovertank", "blue", (7, 0), 8, ECM)}
    s = until(state_on(["........"], units, name="e7", mover="green"), "direct", "green")
    s = acts(s, ("unit", "t1"), ("hex", hexof(s, 4, 0)), ("fire",))
    assert SPEC.view(s, None)["step"] == "direct" and events(s, "fire")[-1]["firers"] == ["t1"]   # no stop


@pytest.mark.rule("HS-ECM-1")
def test_only_hover_tanks_bought_with_ecm_jam():
    s = combined("e2", ecm={})
    assert SPEC.view(s, None)["step"] == "direct" and events(s, "fire")      # no stop: nobody can jam


@pytest.mark.rule("HS-ECM-2")
@pytest.mark.rule("HS-AMBIG-35")
@pytest.mark.rule("HS-ECM-7")
def test_each_tank_jams_one_unit_a_player_turn_and_jamming_stops_nothing_else():
    s = combined("e3", extra={"t3": ("tank", "green", (1, 1))}, rows=("........", "........"))
    s = acts(s, ("jam", "ht", "t1"), ("done",))
    s = acts(s, ("unit", "t2"), ("unit", "t3"), ("hex", hexof(s, 4, 0)), ("fire",))
    assert SPEC.view(s, None)["step"] == "direct" and events(s, "fire")[-1]["firers"] == ["t2", "t3"]
    assert "ht" not in s["pt"]["fired"]                                       # jamming is no attack
    s = until(s, "movement", "green")                                        # green's next player-turn
    s = act(s, "unit", "t1")
    assert max(SPEC.view(s, "green")["reach"].values()) == 4                  # it moves normally


@pytest.mark.rule("HS-ECM-4")
def test_a_tank_jams_only_what_it_sees():
    s = combined("e4", rows=(".....ff.",))
    assert SPEC.view(s, None)["step"] == "direct"                            # the wood hides both tanks


@pytest.mark.rule("HS-ECM-5")
def test_only_conventional_units_are_jammed():
    units = {"a": ("hovertank", "blue", (0, 0)), "b": ("hovertank", "blue", (1, 0)),
             "e": ("def2", "green", (4, 0)), "j": ("hovertank", "green", (7, 0), 8, ECM)}
    s = state_on(["........"], units, name="e5", mover="blue", sides=("blue", "green"))
    s = until(s, "direct", "blue")
    s = acts(s, ("unit", "a"), ("unit", "b"), ("hex", hexof(s, 4, 0)), ("fire",))
    assert SPEC.view(s, None)["step"] == "direct" and events(s, "fire")


@pytest.mark.rule("HS-ECM-8")
def test_a_jammed_observer_cannot_spot():
    units = {"h": ("howitzer", "green", (0, 0)), "o": ("inf", "green", (4, 0)), "e": ("def2", "blue", (5, 0)),
             "ht": ("hovertank", "blue", (7, 0), 8, ECM)}
    s = state_on(["..ff...."], units, name="e6", mover="green")
    s = until(s, "indirect", "green")
    s = acts(s, ("unit", "h"), ("hex", hexof(s, 5, 0)), ("fire",))
    assert ("jam", "ht", "o") in legal(s)
    s = acts(s, ("jam", "ht", "o"), ("done",))
    assert events(s, "strike_blind")[0]["unit"] == "h" and not events(s, "fire")
    blind = events(s, "strike_blind")[0]            # the window names whose strike, and where
    assert blind["side"] == "green" and list(blind["hex"]) == list(hexof(s, 5, 0))
    assert "h" not in s["pt"]["fired"]


@pytest.mark.rule("HS-ECM-6")
@pytest.mark.rule("HS-GAS-1")
def test_a_gas_attack_called_off_by_ecm_leaves_the_next_attack_to_choose_gas_again():
    units = {"g1": ("gun", "green", (0, 0), 8, {"gas": True}), "g2": ("gun", "green", (1, 0), 8, {"gas": True}),
             "e": ("def2", "blue", (4, 0)), "ht": ("hovertank", "blue", (7, 0), 8, ECM)}
    s = until(state_on(["........"], units, name="e8", mover="green", sides=("green", "blue")), "direct", "green")
    s = acts(s, ("unit", "g1"), ("unit", "g2"), ("hex", hexof(s, 4, 0)), ("gas",), ("fire",))
    s = acts(s, ("jam", "ht", "g1"), ("done",))                       # the combined gas attack is off
    s = acts(s, ("unit", "g2"), ("hex", hexof(s, 4, 0)), ("fire",))    # alone, and gas not chosen again
    assert events(s, "fire")[-1]["kind_of"] != "direct_gas" and events(s, "fire")[-1]["firers"] == ["g2"]
