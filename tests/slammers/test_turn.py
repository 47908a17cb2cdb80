"""Sequence of play (HS-SEQ), rally (HS-RAL), sides (HS-SET) and line of sight through the engine (HS-LOS)."""
from __future__ import annotations

import pytest

from game.rules.slammers import api
from game.rules.slammers import SPEC

from .helpers import act, acts, events, hexof, legal, refused, state_on, step, until


@pytest.mark.rule("HS-SEQ-1")
@pytest.mark.rule("HS-SEQ-2")
@pytest.mark.rule("HS-SEQ-4")
def test_a_game_turn_is_a_player_turn_for_each_side_in_order():
    s = state_on(["....."], {"g": ("tank", "green", (0, 0), 12, {"dis": True}), "b": ("hovertank", "blue", (4, 0))},
                 name="q1", turns=3, dice=[6, 6])
    seen = []
    for _ in range(40):
        if not s["stack"]:
            break
        seen.append((s["turn"], SPEC.active(s), s["phase"]))
        s = act(s, "done") if ("done",) in legal(s) else act(s, *legal(s)[0])
    phases = [p for t, side, p in seen if t == 1 and side == "green"]
    assert phases[0] == "rally" and phases.index("rally") < phases.index("movement")
    assert [p for t, side, p in seen if t == 1 and side == "blue"][:2] == ["direct", "movement"]  # fires in green's turn too
    assert [side for t, side, p in seen if p == "movement"][:4] == ["green", "blue", "green", "blue"]
    assert sorted({t for t, _, _ in seen}) == [1, 2, 3] and SPEC.result(s) is not None


@pytest.mark.rule("HS-SEQ-2")
def test_part_twos_steps_are_in_the_sequence_and_pass():
    from game.rules.slammers.sequence import ORDER
    assert ORDER == ["rally", "tow", "paradrops", "movement", "indirect", "direct", "assault"]


@pytest.mark.rule("HS-SET-1")
@pytest.mark.rule("HS-GAP-7")
@pytest.mark.rule("HS-GAP-8")
def test_one_to_four_sides():
    for sides in (("green",), ("green", "blue"), ("green", "tan", "blue"), ("green", "tan", "red", "blue")):
        units = {s: ("tank", s, (i, 0)) for i, s in enumerate(sides)}
        s = state_on(["....."], units, name=f"q3{len(sides)}", sides=sides)
        assert SPEC.active(s) == sides[0] or SPEC.result(s) is not None


@pytest.mark.rule("HS-SET-3")
@pytest.mark.rule("HS-RAL-1")
@pytest.mark.rule("HS-RAL-3")
def test_rally_rolls_two_dice_against_the_units_morale():
    s = state_on(["....."], {"g": ("tank", "green", (0, 0), 7, {"dis": True}), "b": ("hovertank", "blue", (4, 0))},
                 name="q4", dice=[3, 4])
    assert step(s) == "rally" and ("rally", "g") in legal(s)
    s = act(s, "rally", "g")
    assert not s["units"]["g"]["dis"]
    ev = events(s, "rally")[-1]
    assert ev["roll"] == 7 and ev["morale"] == 7 and ev["rallied"]


@pytest.mark.rule("HS-RAL-4")
@pytest.mark.rule("HS-RAL-5")
@pytest.mark.rule("HS-RAL-6")
def test_a_failed_rally_may_be_followed_by_a_desperation_roll():
    s = state_on(["....."], {"g": ("tank", "green", (0, 0), 8, {"dis": True}), "b": ("hovertank", "blue", (4, 0))},
                 name="q5", dice=[3, 4, 5, 5])
    s = act(s, "rally", "g")
    assert s["units"]["g"]["dis"] and step(s) == "desperation"
    s = act(s, "desperate", "g")
    assert not s["units"]["g"]["dis"] and s["units"]["g"]["at"] is not None


@pytest.mark.rule("HS-RAL-7")
def test_a_failed_desperation_rally_removes_the_unit():
    s = state_on(["....."], {"g": ("tank", "green", (0, 0), 8, {"dis": True}), "h": ("tank", "green", (1, 0)),
                             "b": ("hovertank", "blue", (4, 0))}, name="q6", dice=[3, 4, 1, 1])
    s = acts(s, ("rally", "g"), ("desperate", "g"))
    assert s["units"]["g"]["at"] is None and events(s, "eliminated")[-1]["unit"] == "g"


@pytest.mark.rule("HS-RAL-2")
def test_no_rally_in_a_close_assault():
    s = state_on(["....."], {"g": ("tank", "green", (0, 0), 8, {"dis": True}), "h": ("tank", "green", (1, 0), 8, {"dis": True}),
                             "b": ("hovertank", "blue", (0, 0))}, name="q7")
    assert ("rally", "g") not in legal(s) and ("rally", "h") in legal(s)
    assert refused(s, "rally", "g")[1] == "HS-RAL-2"


@pytest.mark.rule("HS-RAL-8")
def test_one_roll_for_a_towing_pair():
    s = state_on(["....."], {"v": ("truck", "green", (0, 0), 7, {"dis": True, "tow": "g"}),
                             "g": ("gun", "green", (0, 0), 7, {"dis": True}), "b": ("hovertank", "blue", (4, 0))},
                 name="q8", dice=[3, 4])
    assert ("rally", "g") not in legal(s)
    s = act(s, "rally", "v")
    assert not s["units"]["v"]["dis"] and not s["units"]["g"]["dis"] and len(events(s, "rally")) == 1


# ---------------------------------------------------------------- LOS through the engine

@pytest.mark.rule("HS-LOS-9")
@pytest.mark.rule("HS-LOS-5")
@pytest.mark.parametrize("row,clear", [("s.s", True), ("ffs", False), (".sh", True)])
def test_the_books_los_vectors(row, clear):
    s = state_on([row], {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (2, 0))}, name="l" + row)
    a, b = tuple(hexof(s, 0, 0)), tuple(hexof(s, 2, 0))
    assert api.los(s, a, b) is clear
    trace = api.los_trace(s, a, b)
    assert trace["clear"] is clear and (clear or trace["blocked_by"][0]["hex"] == hexof(s, 1, 0))


@pytest.mark.rule("HS-LOS-2")
@pytest.mark.rule("HS-LOS-3")
@pytest.mark.rule("HS-LOS-4")
def test_edge_lines_take_both_hexes_adjacent_always_seen_dominant_terrain_only():
    s = state_on(["....", "....", "...."], {"g": ("tank", "green", (0, 1)), "b": ("hovertank", "blue", (2, 1))},
                 name="l2")
    a = tuple(hexof(s, 0, 1))
    line = [tuple(h) for h in (c["hex"] for c in api.los_trace(s, a, tuple(hexof(s, 2, 0)))["crossed"])]
    assert len(line) in (1, 2)
    hill = state_on([".h.."], {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (1, 0))}, name="l2b")
    assert api.los(hill, tuple(hexof(hill, 0, 0)), tuple(hexof(hill, 1, 0)))


@pytest.mark.rule("HS-LOS-6")
@pytest.mark.rule("HS-LOS-7")
@pytest.mark.rule("HS-LOS-8")
def test_each_intervening_value_against_the_higher_end_never_added():
    s = state_on(["hf.s"], {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (3, 0))}, name="l3")
    assert api.los(s, tuple(hexof(s, 0, 0)), tuple(hexof(s, 3, 0)))
    t = state_on([".ss."], {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (3, 0))}, name="l3b")
    assert not api.los(t, tuple(hexof(t, 0, 0)), tuple(hexof(t, 3, 0)))
    u = state_on(["sss."], {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (3, 0))}, name="l3c")
    assert api.los(u, tuple(hexof(u, 0, 0)), tuple(hexof(u, 2, 0)))
    m = api.los_matrix(t)
    grid = api.grid(t)
    i, j = grid.hex_index[tuple(hexof(t, 0, 0))], grid.hex_index[tuple(hexof(t, 3, 0))]
    assert not m[i, j]


@pytest.mark.rule("HS-GAP-17")
def test_units_do_not_block_los():
    s = state_on(["...."], {"g": ("tank", "green", (0, 0)), "x": ("hovertank", "blue", (1, 0)),
                            "y": ("hovertank", "blue", (2, 0))}, name="l4")
    assert api.los(s, tuple(hexof(s, 0, 0)), tuple(hexof(s, 2, 0)))


@pytest.mark.rule("HS-AMBIG-33")
def test_a_hilltop_between_two_hilltops_blocks():
    s = state_on(["hhh"], {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (2, 0))}, name="l5")
    assert not api.los(s, tuple(hexof(s, 0, 0)), tuple(hexof(s, 2, 0)))


def test_explain_gives_a_reason_and_a_clause_and_apply_leaves_the_state_alone():
    s = state_on(["....."], {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (4, 0))}, name="q9")
    assert SPEC.explain(s, ("no such verb",))[0]
    before = repr(s)
    acts(s, ("unit", "g"), ("hex", hexof(s, 2, 0)))
    assert repr(s) == before


@pytest.mark.rule("HS-GAP-5")
def test_reinforcements_enter_at_the_start_of_their_sides_turn_where_there_is_room():
    s = state_on(["....."], {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (4, 0))}, name="q10",
                 turns=3)
    entry = [hexof(s, 4, 0), hexof(s, 3, 0)]
    s["units"]["r"] = dict(s["units"]["b"], at=None, arrive=2, entry=entry)
    assert SPEC.invariants(s) == []
    while s["turn"] < 2 or s["mover"] != "blue":
        s = act(s, "done") if ("done",) in legal(s) else act(s, *legal(s)[0])
    assert s["units"]["r"]["at"] == hexof(s, 4, 0) and events(s, "arrive")[-1]["unit"] == "r"
    assert events(s, "arrive")[-1]["side"] == s["units"]["r"]["side"]


@pytest.mark.rule("HS-GAP-5")
@pytest.mark.rule("HS-GAP-6")
def test_a_side_whose_every_unit_is_yet_to_come_is_still_in_the_battle():
    # green's only unit arrives in turn 2: the battle goes on past turn 1 until it has come
    s = state_on(["....."], {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (4, 0))}, name="q22",
                 turns=2)
    s["units"]["g"].update(at=None, arrive=2, entry=[hexof(s, 0, 0)])
    while SPEC.active(s) is not None and (s["turn"] < 2 or s["mover"] != "green"):
        s = act(s, "done") if ("done",) in legal(s) else act(s, *legal(s)[0])
    assert SPEC.active(s) is not None and s["turn"] == 2
    assert s["units"]["g"]["at"] == hexof(s, 0, 0)


@pytest.mark.rule("HS-GAP-5")
@pytest.mark.rule("HS-STK-3")
@pytest.mark.parametrize("cargo_first", [False, True])
def test_a_reinforcement_enters_with_what_it_carries_and_counts_both_for_room(cargo_first):
    # an APC with its infantry aboard arrives as two counters: not beside two tanks at the first
    # entry hex, so at the second, and its infantry with it; the infantry never enters by itself,
    # whichever of the two the scenario lists first
    carried = {"p": ("apc", "green", (0, 0), 8, {"cargo": "i"}), "i": ("inf", "green", (0, 0))}
    if cargo_first:
        carried = dict(reversed(list(carried.items())))
    s = state_on(["....."], {**carried, "a": ("tank", "green", (4, 0)), "c": ("tank", "green", (4, 0)),
                             "b": ("hovertank", "blue", (2, 0))}, name="q11", turns=3)
    entry = [hexof(s, 4, 0), hexof(s, 3, 0)]
    for u in ("p", "i"):
        s["units"][u].update(at=None, arrive=2, entry=entry)
    for _ in range(200):
        if s["units"]["p"]["at"] is not None:
            break
        s = act(s, "done") if ("done",) in legal(s) else act(s, *legal(s)[0])
    assert s["units"]["p"]["at"] == hexof(s, 3, 0) and s["units"]["i"]["at"] == hexof(s, 3, 0)
    assert s["units"]["i"]["aboard"] == "p" and SPEC.invariants(s) == []
    assert [e["unit"] for e in events(s, "arrive")] == ["p"]


HOLD_OR_HOLD_OUT = [{"kind": "hold", "side": "blue", "places": ["0101"]}, {"kind": "survive", "side": "green"}]


def _ended(s):
    """Pass every remaining step to the end of the game."""
    while s["stack"]:
        s = act(s, "done") if ("done",) in legal(s) else act(s, *legal(s)[0])
    return s


def _one_turn(name, victory=HOLD_OR_HOLD_OUT, **kw):
    """A one-turn game of a green tank and a blue hovertank, passed to its end."""
    units = kw.pop("units", {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (4, 0))})
    return _ended(state_on(["....."], units, name=name, turns=1, victory=victory, **kw))


def _blue_kills_a_green_tank(victory):
    """Blue's hovertank destroys one of two green tanks (the tank's 17 points) in a one-turn game."""
    s = state_on(["....."], {"g": ("tank", "green", (3, 0)), "h": ("tank", "green", (4, 0)),
                             "b": ("hovertank", "blue", (0, 0))}, name="q18", turns=1, victory=victory,
                 mover="blue", dice=[6, 6])
    s = acts(until(s, "direct", "blue"), ("unit", "b"), ("hex", hexof(s, 3, 0)), ("fire",))
    return _ended(s)


@pytest.mark.rule("HS-GAP-6")
def test_the_scenarios_conditions_are_read_in_order_at_the_end():
    s = _one_turn("q11")
    assert SPEC.result(s).winner == "green" and SPEC.result(s).reason.startswith("held out")
    s = _one_turn("q12", units={"g": ("tank", "green", (3, 0)), "b": ("hovertank", "blue", (0, 0))})
    assert SPEC.result(s).winner == "blue" and SPEC.result(s).reason == "holding 0101 at the end"
    s = _blue_kills_a_green_tank([{"kind": "eliminate", "side": "blue", "enemy_fraction": 0.5},
                                  {"kind": "survive", "side": "green"}])
    assert SPEC.result(s).winner == "blue" and SPEC.result(s).scores["blue"] == 17


@pytest.mark.rule("HS-GAP-8")
def test_the_last_line_names_the_winners_allies_with_it():
    # Allies win together, so the log names the whole team's players, the winner first.
    units = {"g": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (4, 0)), "r": ("tank", "red", (2, 0))}
    s = _one_turn("q14", units=units, sides=("green", "blue", "red"), teams=(("green", "red"), ("blue",)))
    assert SPEC.result(s).winner == "green"
    assert s["log"][-1] == ("The battle is over: the green and red players win (held out: the enemy met "
                            "none of its conditions)")
    s = _one_turn("q15")
    assert s["log"][-1] == ("The battle is over: the green player wins (held out: the enemy met none of "
                            "its conditions)")
    # and the table reads it in the players' own names (the adapter's table_words)
    from game.core.record import side_words
    assert side_words(s["log"][-1], SPEC.sides, {"green": "Green army"}).startswith(
        "The battle is over: the Green army player wins")


@pytest.mark.rule("HS-GAP-6")
def test_older_saves_last_line_named_the_winner_alone_and_a_draw_reads_as_ever():
    s = _one_turn("q16")
    shapes = SPEC.older_snapshot(s)
    assert [shape["log"][-1].split(" (")[0] for shape in shapes] == ["The battle is over: green wins"] * 3
    assert all(shape["log"][:-1] == s["log"][:-1] for shape in shapes)
    assert shapes[2]["over"] == s["result"] and "result" not in shapes[2]     # the oldest kept it as "over"
    s = _one_turn("q17", victory=HOLD_OR_HOLD_OUT[:1])
    assert SPEC.result(s).winner is None and s["log"][-1].startswith("The battle is over: a draw")
    assert all(shape["log"] == s["log"] for shape in SPEC.older_snapshot(s))


@pytest.mark.rule("HS-GAP-6")
def test_points_most_points_and_a_share_are_read_exactly():
    survive = {"kind": "survive", "side": "green"}
    s = _blue_kills_a_green_tank([{"kind": "points", "side": "blue", "at_least": 17}, survive])
    assert (SPEC.result(s).winner, SPEC.result(s).reason) == ("blue", "17 points of enemy units destroyed")
    s = _blue_kills_a_green_tank([{"kind": "points", "side": "blue", "at_least": 18}, survive])
    assert SPEC.result(s).winner == "green"
    s = _blue_kills_a_green_tank([{"kind": "most_points"}, survive])
    assert (SPEC.result(s).winner, SPEC.result(s).reason) == ("blue", "most points")
    assert SPEC.result(s).scores == {"green": 0, "blue": 17}
    # half of green's 34 points is destroyed, 53% (18.02) is not; counted on the enemy's points,
    # not on blue's own 31, of which 17 would be more than 53%
    s = _blue_kills_a_green_tank([{"kind": "eliminate", "side": "blue", "enemy_fraction": 0.53}, survive])
    assert SPEC.result(s).winner == "green"
    s = _blue_kills_a_green_tank([{"kind": "eliminate", "side": "blue", "enemy_fraction": 0.5}, survive])
    assert (SPEC.result(s).winner, SPEC.result(s).reason) == ("blue", "50% of the enemy's points destroyed")
    s = _blue_kills_a_green_tank([{"kind": "eliminate", "side": "blue", "enemy_fraction": 0.5,
                                   "text": "the green column is broken"}, survive])
    assert (SPEC.result(s).winner, SPEC.result(s).reason) == ("blue", "the green column is broken")


@pytest.mark.rule("HS-GAP-6")
def test_most_points_tied_passes_to_the_next_condition_and_none_met_is_a_draw():
    s = _one_turn("q19", victory=[{"kind": "most_points"}, {"kind": "survive", "side": "green"}])
    assert SPEC.result(s).winner == "green" and SPEC.result(s).reason.startswith("held out")
    s = _one_turn("q20", victory=[{"kind": "most_points"}])
    assert (SPEC.result(s).winner, SPEC.result(s).reason) == (None, "no side met its conditions")


@pytest.mark.rule("HS-GAP-6")
@pytest.mark.parametrize("waiting", [{"arrive": 2}, {"drop": 2}])
def test_units_still_to_come_keep_a_side_in_the_battle_but_do_not_hold_out(waiting):
    # Green's only unit has not yet come (a reinforcement or a paradrop due after the end): green is
    # still in the battle, so blue has not won by destroying it, but nothing of green's survives on
    # the map, so neither has green held out: no side met its conditions.
    s = _one_turn("q21", units={"g": ("inf", "green", None, 8, waiting), "b": ("hovertank", "blue", (4, 0))})
    assert (SPEC.result(s).winner, SPEC.result(s).reason) == (None, "no side met its conditions")
