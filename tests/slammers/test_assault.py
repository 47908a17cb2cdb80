"""Close Assault (HS-CA), disruption (HS-DIS) and rubble (HS-RUB)."""
from __future__ import annotations

import pytest

from game.rules.slammers import api
from game.rules.slammers import SPEC

from .helpers import act, acts, events, hexof, legal, refused, state_on, through, until


def assaulting(units, name, rows=("....",), **kw):
    kw.setdefault("mover", "green")
    s = state_on(list(rows), units, name=name, **kw)
    return until(s, "assault")


@pytest.mark.rule("HS-CA-2")
@pytest.mark.rule("HS-CA-3")
@pytest.mark.rule("HS-CA-5")
def test_every_unit_in_a_shared_hex_must_attack_in_step_5_whoever_moves():
    s = assaulting({"t": ("tank", "green", (1, 0)), "x": ("def2", "blue", (1, 0))}, "c1", mover="blue",
                   dice=[1, 1, 1, 1])
    assert s["phase"] == "assault" and SPEC.active(s) == "blue"
    assert ("done",) not in legal(s)
    assert refused(s, "done")[1] == "HS-CA-3"
    s = acts(s, ("unit", "x"), ("assault",))
    assert SPEC.active(s) == "green"
    s = acts(s, ("unit", "t"), ("assault",))
    assert [e["side"] for e in events(s, "fire")] == ["blue", "green"]


@pytest.mark.rule("HS-CA-4")
def test_each_side_picks_the_enemy_units_it_aims_at():
    s = assaulting({"t": ("tank", "green", (1, 0)), "x": ("def2", "blue", (1, 0)),
                    "y": ("def2", "blue", (1, 0))}, "c2", dice=[6, 6, 1, 1, 1, 1])
    s = acts(s, ("unit", "t"), ("unit", "y"), ("assault",))
    assert events(s, "fire")[-1]["targets"] == ["x"]
    # a unit picked for the attack and clicked again is put back: nothing is left to attack with
    again = acts(assaulting({"t": ("tank", "green", (1, 0)), "x": ("def2", "blue", (1, 0))}, "c2b"),
                 ("unit", "t"), ("unit", "t"))
    assert ("assault",) not in legal(again) and ("unit", "t") in legal(again)


@pytest.mark.rule("HS-CA-6")
@pytest.mark.rule("HS-CA-7")
@pytest.mark.rule("HS-CA-12")
@pytest.mark.rule("HS-AMBIG-25")
def test_undisrupted_shift_right_infantry_doubles_no_terrain():
    s = assaulting({"i": ("inf", "green", (1, 0)), "x": ("def2", "blue", (1, 0))}, "c3", rows=(".f..",),
                   rubble=[(1, 0)], dice=[1, 1, 1, 1])
    p = api.assault_plan(s, ["i"], ["x"])
    assert p["attack"] == 2 and p["defence"] == 2 and p["shift"] == 1 and p["column"] == "2-1"


@pytest.mark.rule("HS-CA-8")
@pytest.mark.rule("HS-CA-15")
def test_disrupted_units_fight_without_bonuses():
    s = assaulting({"t": ("tank", "green", (1, 0), 12, {"dis": True}), "x": ("def2", "blue", (1, 0))}, "c4",
                   dice=[1, 1, 1, 1])
    assert ("unit", "t") in legal(s)
    p = api.assault_plan(s, ["t"], ["x"])
    assert p["shift"] == 0 and p["column"] == "2-1"


@pytest.mark.rule("HS-CA-9")
def test_infantry_in_a_disrupted_apc_keeps_its_bonuses():
    s = assaulting({"p": ("apc", "green", (1, 0), 12, {"dis": True, "cargo": "i"}), "i": ("inf", "green", (1, 0)),
                    "x": ("def2", "blue", (1, 0))}, "c5", dice=[1, 1] * 4)
    p = api.assault_plan(s, ["i"], ["x"])
    assert p["attack"] == 2 and p["shift"] == 1


@pytest.mark.rule("HS-CA-10")
def test_disrupted_and_undisrupted_attack_apart():
    s = assaulting({"t": ("tank", "green", (1, 0), 12, {"dis": True}), "u": ("tank", "green", (1, 0)),
                    "x": ("def2", "blue", (1, 0))}, "c6", dice=[1, 1] * 4)
    s = act(s, "unit", "u")
    assert ("unit", "t") not in legal(s)
    assert refused(s, "unit", "t") == ("disrupted and undisrupted units attack separately", "HS-CA-10")


@pytest.mark.rule("HS-CA-16")
def test_a_disrupted_unit_may_not_join_a_close_assault():
    s = state_on(["...."], {"t": ("tank", "green", (0, 0), 12, {"dis": True}), "x": ("def2", "blue", (1, 0))},
                 name="c7", dice=[1, 1])
    s = acts(s, ("rally", "t"), ("accept",))
    s = until(s, "movement")
    s = act(s, "unit", "t")
    assert ["hex", hexof(s, 1, 0)] not in [list(a) for a in legal(s)]
    assert refused(s, "hex", hexof(s, 1, 0))[1] == "HS-CA-16"


@pytest.mark.rule("HS-AMBIG-26")
def test_an_assault_below_1_to_4_after_the_shift_is_not_rolled_but_uses_the_unit():
    s = assaulting({"i": ("truck", "green", (1, 0), 8), "m": ("militia", "green", (1, 0)),
                    "x": ("hovertank", "blue", (1, 0))}, "c8", dice=[6, 6, 6, 6])
    p = api.assault_plan(s, ["m"], ["x"])           # 2 against 8, shifted: 1 to 4 -> 1 to 3
    assert p["legal"] and p["column"] == "1-3"
    s = state_on(["...."], {"m": ("militia", "green", (1, 0), 8, {"dis": True}),
                            "x": ("hovertank", "blue", (1, 0))}, name="c8b", dice=[3, 4], mover="blue")
    s = acts(until(s, "assault"), ("unit", "x"), ("assault",))
    p = api.assault_plan(s, ["m"], ["x"])           # disrupted: 1 against 8, no shift
    assert not p["legal"]
    draws = s["rng"]["draws"]
    s = acts(s, ("unit", "m"), ("assault",))
    assert s["rng"]["draws"] == draws and events(s, "fire")[-1]["result"] is None


@pytest.mark.rule("HS-AMBIG-26")
@pytest.mark.rule("HS-CA-6")
def test_an_assault_a_column_below_1_to_4_that_the_shift_brings_up_is_rolled_on_1_to_4():
    # 2 against 10 is 1 to 5; the Close Assault shift makes it 1 to 4, so it is rolled there, not
    # refused as odds below the table
    s = assaulting({"m": ("militia", "green", (1, 0)), "x": ("hovertank", "blue", (1, 0)),
                    "y": ("def2", "blue", (1, 0))}, "c8c", dice=[6, 6, 6, 6])
    p = api.assault_plan(s, ["m"], ["x", "y"])
    assert (p["attack"], p["defence"], p["shift"], p["legal"], p["column"]) == (2, 10, 1, True, "1-4")
    draws = s["rng"]["draws"]
    s = acts(s, ("unit", "m"), ("assault",))                       # aimed at both, as it starts
    hit = [e for e in events(s, "fire") if e["firers"] == ["m"]][-1]
    assert hit["column"] == "1-4" and hit["roll"] == 12 and s["rng"]["draws"] > draws
    assert hit["result"] != "X"


@pytest.mark.rule("HS-AMBIG-27")
def test_assaults_are_counted_per_step_for_the_fortress_rules_of_part_2():
    s = assaulting({"t": ("tank", "green", (1, 0)), "x": ("def2", "blue", (1, 0))}, "c9", dice=[1, 1] * 4)
    s = acts(s, ("unit", "t"), ("assault",), ("unit", "x"), ("assault",))
    assert s["assaults"] == {f"{hexof(s, 1, 0)[0]},{hexof(s, 1, 0)[1]}": 1}


# ---------------------------------------------------------------- disruption

def shot(units, name, dice, rows=("....",), **kw):
    """Blue's tank b fires once at green's hex (1, 0) with scripted dice; the round is then ended."""
    units = dict(units, b=("hovertank", "blue", (3, 0)))
    s = state_on(list(rows), units, name=name, mover="blue", dice=dice, **kw)
    s = until(s, "direct", "blue")
    s = acts(s, ("unit", "b"), ("hex", hexof(s, 1, 0)), ("fire",))
    return s


@pytest.mark.rule("HS-DIS-1")
@pytest.mark.rule("HS-DIS-2")
def test_disruption_shows_after_the_player_turn_and_halves_movement():
    s = shot({"t": ("truck", "green", (1, 0))}, "d1", [1, 2])      # 10 to 1: 5-1, 3: D
    assert not s["units"]["t"]["dis"] and s["pt"]["dis"] == ["t"]  # not yet: more attacks may follow
    s = through(s, "direct")
    s = until(s, "movement", "green")
    assert s["units"]["t"]["dis"] and events(s, "disrupted")[-1]["unit"] == "t"
    from game.rules.slammers import movement
    assert movement.allowance(s, "t") == [3, 0]


@pytest.mark.rule("HS-DIS-3")
def test_one_disruption_a_player_turn():
    s = shot({"t": ("truck", "green", (1, 0)), "u": ("tank", "blue", (3, 0))}, "d2", [1, 2, 2, 3])
    s = acts(s, ("unit", "u"), ("hex", hexof(s, 1, 0)), ("fire",))
    assert [e["effect"] for e in events(s, "fire")[-1]["effects"]] == ["none"]
    s = through(s, "direct")
    assert s["units"]["t"]["at"] is not None


@pytest.mark.rule("HS-DIS-4")
@pytest.mark.rule("HS-AMBIG-28")
def test_a_unit_already_disrupted_is_eliminated_by_another_disruption():
    s = shot({"t": ("truck", "green", (1, 0), 12, {"dis": True})}, "d3", [1, 2])
    s = through(s, "direct")
    assert s["units"]["t"]["at"] is None


@pytest.mark.rule("HS-DIS-5")
@pytest.mark.rule("HS-AMBIG-30")
def test_dismounted_infantry_ignores_disruption_militia_does_not():
    s = shot({"i": ("inf", "green", (1, 0)), "m": ("militia", "green", (1, 0))}, "d4", [3, 3])
    s = through(s, "direct")
    s = until(s, "movement", "green")
    assert not s["units"]["i"]["dis"] and s["units"]["m"]["at"] is None


@pytest.mark.rule("HS-DIS-6")
def test_disrupted_in_swamp_river_or_lake_is_eliminated():
    for row, name in (("wwww", "d5a"), ("rrrr", "d5b")):
        s = shot({"i": ("inf", "green", (1, 0))}, name, [1, 2], rows=(row,))
        s = through(s, "direct")
        assert s["units"]["i"]["at"] is None


@pytest.mark.rule("HS-SKM-5")
def test_skimmer_infantry_is_eliminated_when_disrupted():
    s = shot({"s": ("slinf", "green", (1, 0), 8, {"skim": True})}, "d6", [1, 2])
    s = through(s, "direct")
    assert s["units"]["s"]["at"] is None


@pytest.mark.rule("HS-DIS-8")
def test_disrupted_units_stay_out_of_rivers_and_lakes():
    s = state_on([".r.", "..."], {"t": ("truck", "green", (0, 0), 12, {"dis": True}),
                                  "x": ("def2", "blue", (2, 1))}, name="d7", dice=[1, 1])
    s = until(acts(s, ("rally", "t"), ("accept",)), "movement")
    s = act(s, "unit", "t")
    assert ["hex", hexof(s, 1, 0)] not in [list(a) for a in legal(s)]
    assert refused(s, "hex", hexof(s, 1, 0))[1] == "HS-DIS-8"


# ---------------------------------------------------------------- rubble

@pytest.mark.rule("HS-RUB-1")
@pytest.mark.rule("HS-RUB-3")
@pytest.mark.rule("HS-RUB-4")
def test_an_r_result_rubbles_the_hex_when_the_step_is_over():
    s = shot({"t": ("tank", "green", (1, 0))}, "r1", [1, 1], rows=(".f..",))    # 10 to 5: 2-1, 2: R
    assert not s["rubble"]
    s = through(s, "direct")
    assert s["rubble"] == [f"{hexof(s, 1, 0)[0]},{hexof(s, 1, 0)[1]}"] and events(s, "rubble")


@pytest.mark.rule("HS-RUB-5")
@pytest.mark.rule("HS-AMBIG-32")
def test_rubble_costs_one_more_to_enter_road_rate_included():
    s = state_on(["....."], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (4, 0))}, name="r2",
                 rubble=[(1, 0)], roads=[((0, 0), (1, 0))])
    from game.rules.slammers import movement
    assert movement.step_cost(s, "t", tuple(hexof(s, 0, 0)), tuple(hexof(s, 1, 0))) == 2
    assert movement.step_cost(s, "t", tuple(hexof(s, 1, 0)), tuple(hexof(s, 2, 0))) == 1


@pytest.mark.rule("HS-RUB-6")
def test_rubble_adds_two_to_the_direct_fire_modifier():
    s = state_on(["..f.."], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (4, 0))}, name="r3",
                 rubble=[(1, 0), (2, 0)])
    assert api.df_modifier(s, tuple(hexof(s, 1, 0))) == 2 and api.df_modifier(s, tuple(hexof(s, 2, 0))) == 4


@pytest.mark.rule("HS-RUB-7")
def test_swamp_lake_and_river_are_never_rubbled():
    s = shot({"t": ("hovertank", "green", (1, 0))}, "r4", [1, 1, 1, 1], rows=(".w..",))
    s = through(s, "direct")
    assert not s["rubble"]


@pytest.mark.rule("HS-RUB-8")
def test_a_rubbled_bridge_is_a_river_from_then_on():
    s = shot({"t": ("tank", "green", (1, 0))}, "r5", [1, 1], rows=(".b..",),
             roads=[((0, 0), (1, 0)), ((1, 0), (2, 0))])
    s = through(s, "direct")
    h = tuple(hexof(s, 1, 0))
    assert api.terrain(s, h) == "river" and events(s, "rubble")[-1]["bridge_destroyed"]
    assert api.df_modifier(s, h) == 0
    from game.rules.slammers import movement
    assert movement.step_cost(s, "t", tuple(hexof(s, 0, 0)), h) == 3      # river, no road, no rubble cost
    assert api.los(s, tuple(hexof(s, 0, 0)), tuple(hexof(s, 2, 0)))      # sight read over the river it became


@pytest.mark.rule("HS-RUB-10")
@pytest.mark.rule("HS-AMBIG-31")
def test_rubble_leaves_los_alone_and_a_second_rubble_does_nothing():
    s = state_on([".f.."], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (2, 0))}, name="r6",
                 rubble=[(1, 0)])
    assert not api.los(s, tuple(hexof(s, 0, 0)), tuple(hexof(s, 2, 0)))
    from game.rules.slammers import results
    s["pt"]["rubble"] = []
    assert results.apply_result(s, [], "R", tuple(hexof(s, 1, 0)))[-1]["why"] == "already rubble"
