"""Ranged combat (HS-RNG), Direct Fire (HS-DIR) and terrain modifiers (HS-TER)."""
from __future__ import annotations

import pytest

from game.rules.slammers import api
from game.rules.slammers import SPEC

from .helpers import act, acts, events, hexof, legal, refused, state_on, through, until


def firing(rows, units, name, **kw):
    """A state at the moving side's Direct Fire step."""
    kw.setdefault("mover", units[next(iter(units))][1])
    s = state_on(rows, units, name=name, **kw)
    return until(s, "direct", kw["mover"])


@pytest.mark.rule("HS-DIR-8")
@pytest.mark.rule("HS-DIR-7")
@pytest.mark.rule("HS-TER-1")
def test_the_books_defence_example():
    s = firing(["..f"], {"t": ("tank", "green", (0, 0)), "a": ("def2", "blue", (2, 0)),
                         "b": ("def2", "blue", (2, 0))}, "f1")
    target = hexof(s, 2, 0)
    assert api.fire_preview(s, ["t"], target, ["a", "b"])["defence"] == 6
    assert api.fire_preview(s, ["t"], target, ["a"])["defence"] == 4
    s = acts(s, ("unit", "t"), ("hex", target))
    assert SPEC.view(s, "green")["plan"]["defence"] == 6
    s = act(s, "unit", "b")
    assert SPEC.view(s, "green")["plan"]["defence"] == 4 and SPEC.view(s, "green")["plan"]["modifier"] == 2


@pytest.mark.rule("HS-TER-1")
@pytest.mark.rule("HS-AMBIG-24")
def test_modifiers_follow_the_dominant_terrain():
    s = firing([".hs.fc"], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (1, 0))}, "f2")
    mods = [api.df_modifier(s, tuple(hexof(s, c, 0))) for c in range(6)]
    assert mods == [0, 2, 2, 0, 2, 2]


@pytest.mark.rule("HS-RNG-3")
@pytest.mark.rule("HS-RNG-5")
@pytest.mark.rule("HS-RNG-9")
@pytest.mark.rule("HS-AMBIG-15")
def test_range_and_extended_range_at_half_attack_rounded_down():
    # tank: attack 4 range 4; at 5..8 hexes it fires with 2; beyond 8 not at all
    s = firing(["." * 10], {"t": ("tank", "green", (0, 0)), "a": ("def2", "blue", (4, 0)),
                            "b": ("def2", "blue", (8, 0)), "c": ("def2", "blue", (9, 0))}, "f3")
    assert [api.attack_at(s, "t", tuple(hexof(s, c, 0))) for c in (1, 4, 5, 8, 9)] == [4, 4, 2, 2, 0]
    from game.rules.slammers import fire                      # the targets offered carry the same attack
    assert fire.hits(s, "green")["t"] == {tuple(hexof(s, 4, 0)): 4, tuple(hexof(s, 8, 0)): 2}
    s = act(s, "unit", "t")
    targets = {tuple(a[1]) for a in legal(s) if a[0] == "hex"}
    assert targets == {tuple(hexof(s, 4, 0)), tuple(hexof(s, 8, 0))}
    assert refused(s, "hex", hexof(s, 9, 0))[1] == "HS-RNG-9"
    # attack 1 halves to 0: no extended-range fire
    i = state_on(["." * 5], {"i": ("inf", "green", (0, 0)), "x": ("def2", "blue", (3, 0))}, name="f3b")
    assert api.attack_at(i, "i", tuple(hexof(i, 3, 0))) == 0


@pytest.mark.rule("HS-RNG-10")
@pytest.mark.rule("HS-LOS-1")
def test_fire_needs_line_of_sight():
    s = firing([".f."], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (2, 0)),
                         "y": ("def2", "blue", (0, 0 + 0))}, "f4") if False else None
    s = firing([".f..", "...."], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (2, 0)),
                                  "y": ("def2", "blue", (0, 1))}, "f4")
    s = act(s, "unit", "t")
    targets = {tuple(a[1]) for a in legal(s) if a[0] == "hex"}
    assert tuple(hexof(s, 2, 0)) not in targets and tuple(hexof(s, 0, 1)) in targets
    assert refused(s, "hex", hexof(s, 2, 0))[1] == "HS-RNG-10"


@pytest.mark.rule("HS-RNG-4")
@pytest.mark.rule("HS-RNG-12")
@pytest.mark.rule("HS-DIR-3")
def test_a_unit_attacks_once_a_player_turn_with_all_its_factor():
    s = firing(["....."], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (2, 0)),
                           "y": ("def2", "blue", (3, 0))}, "f5", dice=[1, 1])
    s = acts(s, ("unit", "t"), ("hex", hexof(s, 2, 0)), ("fire",))
    assert ("unit", "t") not in legal(s)
    assert refused(s, "unit", "t")[1] == "HS-RNG-12"
    fire = events(s, "fire")[-1]
    assert fire["attack"] == 4 and fire["firers"] == ["t"]


@pytest.mark.rule("HS-RNG-8")
def test_a_disrupted_unit_makes_no_ranged_attack():
    s = state_on(["....."], {"t": ("tank", "green", (0, 0), 12, {"dis": True}), "u": ("tank", "green", (1, 0)),
                             "x": ("def2", "blue", (3, 0))}, name="f6", dice=[1, 1])
    s = acts(s, ("rally", "t"), ("accept",))
    s = until(s, "direct", "green")
    assert ("unit", "t") not in legal(s) and ("unit", "u") in legal(s)
    assert refused(s, "unit", "t")[1] == "HS-RNG-8"


@pytest.mark.rule("HS-RNG-7")
def test_a_unit_in_a_close_assault_makes_no_ranged_attack():
    s = firing(["....."], {"t": ("tank", "green", (0, 0)), "u": ("tank", "green", (2, 0)),
                           "x": ("def2", "blue", (0, 0)), "y": ("def2", "blue", (3, 0))}, "f7")
    assert ("unit", "t") not in legal(s) and ("unit", "u") in legal(s)
    assert refused(s, "unit", "t")[1] == "HS-RNG-7"


@pytest.mark.rule("HS-DIR-1")
def test_howitzers_never_fire_directly():
    s = firing(["....."], {"t": ("tank", "green", (1, 0)), "h": ("howitzer", "green", (0, 0)),
                           "x": ("def2", "blue", (3, 0))}, "f8")
    assert ("unit", "h") not in legal(s) and ("unit", "t") in legal(s)
    assert refused(s, "unit", "h")[1] == "HS-DIR-1"


@pytest.mark.rule("HS-DIR-4")
@pytest.mark.rule("HS-DIR-5")
@pytest.mark.rule("HS-AMBIG-23")
def test_combined_fire_at_some_or_all_units_of_one_hex_one_result_for_all():
    s = firing(["....."], {"t": ("tank", "green", (0, 0)), "u": ("tank", "green", (1, 0)),
                           "x": ("def2", "blue", (3, 0)), "y": ("def2", "blue", (3, 0)),
                           "z": ("def2", "blue", (3, 0))}, "f9", dice=[5, 5])
    s = acts(s, ("unit", "t"), ("unit", "u"), ("hex", hexof(s, 3, 0)), ("unit", "z"))
    plan = SPEC.view(s, "green")["plan"]
    assert plan["attack"] == 8 and plan["defence"] == 4 and plan["column"] == "2-1"
    assert (plan["kind"], plan["firers"], tuple(plan["hex"]), plan["targets"]) == \
        ("direct", ["t", "u"], tuple(hexof(s, 3, 0)), ["x", "y"])          # what the plan panel shows
    s = act(s, "fire")                                    # 2-1, 10 -> E on x and y, not z
    s = through(s, "direct")
    assert s["units"]["x"]["at"] is None and s["units"]["y"]["at"] is None and s["units"]["z"]["at"]


@pytest.mark.rule("HS-DIR-6")
def test_a_hex_may_be_fired_at_by_each_unit_in_turn():
    s = firing(["....."], {"t": ("tank", "green", (0, 0)), "u": ("tank", "green", (1, 0)),
                           "x": ("def2", "blue", (3, 0))}, "f10", dice=[1, 1, 1, 1])
    s = acts(s, ("unit", "t"), ("hex", hexof(s, 3, 0)), ("fire",),
             ("unit", "u"), ("hex", hexof(s, 3, 0)), ("fire",))
    assert len(events(s, "fire")) == 2


@pytest.mark.rule("HS-DIR-10")
@pytest.mark.rule("HS-AMBIG-22")
@pytest.mark.rule("HS-DIR-11")
@pytest.mark.rule("HS-DIR-12")
def test_odds_rounded_for_the_defender_capped_at_5_to_1_and_never_below_1_to_4():
    s = firing(["....."], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (3, 0))}, "f11")
    h = hexof(s, 3, 0)
    from game.rules.slammers import fire, tables
    crt = tables.of(s).crt
    assert fire.odds_index(crt, 5, 12)[0].name == "1-3"
    assert fire.odds_index(crt, 7, 2)[0].name == "3-1"
    assert fire.odds_index(crt, 40, 2)[0].name == "5-1"
    assert fire.odds_index(crt, 1, 5) == (None, False)
    assert fire.odds_index(crt, 1, 4)[0].name == "1-4"
    # 2 to 9 is 1 to 5 for the defender (not 1 to 4.5): one column short, which a Close Assault's
    # shift makes up (HS-AMBIG-26), and no more
    assert fire.odds_index(crt, 2, 9, 1)[0].name == "1-4" and fire.odds_index(crt, 2, 9, 2)[0].name == "1-3"
    # against a defence of 2 + 2 on forest, attack 1 is 1 to 4; against 5, below it
    weak = firing(["..f.."], {"i": ("inf", "green", (0, 0)), "x": ("def2", "blue", (2, 0))}, "f11b")
    weak = acts(weak, ("unit", "i"), ("hex", hexof(weak, 2, 0)))
    assert ("fire",) in legal(weak)
    weak2 = firing(["..f.."], {"i": ("inf", "green", (0, 0)), "x": ("def2", "blue", (2, 0)),
                               "y": ("militia", "blue", (2, 0))}, "f11c")
    weak2 = acts(weak2, ("unit", "i"), ("hex", hexof(weak2, 2, 0)))
    assert ("fire",) not in legal(weak2)
    assert refused(weak2, "fire")[1] == "HS-DIR-12"
    assert h


@pytest.mark.rule("HS-RNG-2")
@pytest.mark.rule("HS-RNG-1")
def test_results_are_rolled_on_two_dice_and_the_preview_gives_each_chance():
    s = firing(["....."], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (3, 0))}, "f12", dice=[3, 4])
    p = api.fire_preview(s, ["t"], hexof(s, 3, 0), ["x"])
    assert p["column"] == "2-1" and sorted(p["by_roll"]) == list(range(2, 13))
    assert abs(sum(p["chances"].values()) - 1) < 1e-9
    assert abs(p["chances"]["E"] - 7 / 36) < 1e-9 and abs(p["chances"]["ER"] - 3 / 36) < 1e-9
    s = acts(s, ("unit", "t"), ("hex", hexof(s, 3, 0)), ("fire",))
    ev = events(s, "fire")[-1]
    assert ev["dice"] == [3, 4] and ev["roll"] == 7 and ev["result"] == "D" and ev["column"] == "2-1"
    assert "plan" in SPEC.view(s, "green") and "preview" not in s


@pytest.mark.rule("HS-RNG-13")
@pytest.mark.rule("HS-RNG-14")
@pytest.mark.rule("HS-SEQ-5")
@pytest.mark.rule("HS-AMBIG-16")
def test_combat_is_simultaneous_eliminated_units_fire_back_and_go_at_the_rounds_end():
    s = firing(["....."], {"t": ("tank", "green", (0, 0)), "x": ("tank", "blue", (3, 0))}, "f13",
               dice=[6, 6, 6, 6])
    s = acts(s, ("unit", "t"), ("hex", hexof(s, 3, 0)), ("fire",), ("done",))
    assert s["units"]["x"]["at"] is not None                     # still there, and it fires
    assert api.pending(s) == {"eliminated": ["x"], "disrupted": []}   # rolled, carried out at the round's end
    assert s["stack"][-1]["side"] == "blue" and ("unit", "x") in legal(s)
    s = acts(s, ("unit", "x"), ("hex", hexof(s, 0, 0)), ("fire",), ("done",))
    assert s["units"]["x"]["at"] is None and s["units"]["t"]["at"] is None


@pytest.mark.rule("HS-SEQ-6")
@pytest.mark.rule("HS-AMBIG-1")
def test_the_moving_side_fires_first_then_the_others_in_order():
    s = state_on(["......"], {"r": ("tank", "red", (5, 0)), "g": ("tank", "green", (0, 0)),
                              "b": ("hovertank", "blue", (3, 0))}, name="f14",
                 sides=("green", "blue", "red"), mover="blue")
    s = until(s, "direct", "blue")
    seen = []
    while s["phase"] == "direct" and s["stack"]:
        seen.append(SPEC.active(s))
        s = act(s, "done")
    assert seen == ["blue", "red", "green"]


@pytest.mark.rule("HS-AMBIG-17")
def test_direct_fire_into_a_close_assault_hits_only_the_units_aimed_at():
    s = firing(["....."], {"t": ("tank", "green", (0, 0)), "g": ("inf", "green", (3, 0)),
                           "x": ("def2", "blue", (3, 0))}, "f15", dice=[6, 6])
    s = acts(s, ("unit", "t"), ("hex", hexof(s, 3, 0)))
    assert s["stack"][-1]["aim"] == ["x"]
    s = through(act(s, "fire"), "direct")
    assert s["units"]["x"]["at"] is None and s["units"]["g"]["at"] is not None


@pytest.mark.rule("HS-SEQ-3")
def test_ranged_combat_is_indirect_then_direct():
    from game.rules.slammers.sequence import ORDER
    assert ORDER.index("indirect") < ORDER.index("direct") < ORDER.index("assault")


@pytest.mark.rule("HS-LOS-7")
def test_picking_a_firer_reports_each_blocked_line_with_the_hex_that_blocks_it():
    s = firing([".f..", "...."], {"t": ("tank", "green", (0, 0)), "x": ("def2", "blue", (2, 0)),
                                  "y": ("def2", "blue", (0, 1))}, "f16")
    s = act(s, "unit", "t")
    blocked = events(s, "los_blocked")
    assert [e["hex"] for e in blocked] == [hexof(s, 2, 0)] and blocked[0]["frm"] == hexof(s, 0, 0)
    assert blocked[0]["blocked_by"] == [{"hex": hexof(s, 1, 0), "terrain": "forest", "value": 2}]


@pytest.mark.rule("HS-DIR-4")
@pytest.mark.rule("HS-DIR-5")
def test_a_firer_that_cannot_join_is_refused_with_its_reason():
    s = firing(["............"], {"t": ("tank", "green", (0, 0)), "u": ("tank", "green", (11, 0)),
                                  "x": ("def2", "blue", (1, 0)), "y": ("def2", "blue", (10, 0))}, "f20")
    assert refused(s, "unit", "x")[1] == "HS-DIR-5"                    # not a unit of the firing side
    s = act(s, "unit", "t")
    assert ("unit", "u") not in legal(s)                               # no target both can reach
    assert refused(s, "unit", "u")[1] == "HS-DIR-4"


@pytest.mark.rule("HS-DIR-4")
def test_the_hexes_lit_for_a_group_are_the_enemy_hexes_every_firer_can_hit():
    from game.rules.slammers import api
    s = state_on(["........", "........"],
                 {"t": ("tank", "blue", (0, 0)), "u": ("tank", "blue", (0, 1)),
                  "g": ("tank", "green", (3, 0)), "h": ("tank", "green", (7, 1))},
                 name="lit", mover="blue", sides=("blue", "green"))
    lit = api.target_hexes(s, "blue", ["t", "u"])
    assert sorted(lit) == sorted([tuple(hexof(s, 3, 0)), tuple(hexof(s, 7, 1))])       # never a friend's hex
    assert api.target_hexes(s, "blue", []) == []
