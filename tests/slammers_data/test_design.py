"""Designed battles (HS-SET-5, HS-DES-1/2): the book's point-buy priced line by line, saved, played."""
from __future__ import annotations

import pytest

from game.ai.random_bot import RandomBot
from game.rules.slammers import SPEC, data, design, scenarios

rule = pytest.mark.rule


def a_design(**extra) -> dict:
    doc = {"title": "Our battle", "briefing": "Made at the table.",
           "seating": {"sides": ["red", "green"]},                              # red moves first
           "board": {"panels": [{"file": "panel5.tmx", "col": 0, "row": 0},
                                {"file": "panel4.tmx", "col": 22, "row": 0}]},   # our arrangement
           "morale": {"red": 9, "green": 7},
           "ecm": ["red"], "gas": {"green": ["howitzer"]},
           "zones": {"Red": {"side": "red", "cols": [2, 6], "rows": [2, 15]},
                     "Red drop": {"side": "red", "cols": [30, 38], "rows": [2, 12]},
                     "Green": {"side": "green", "cols": [36, 42], "rows": [2, 15]}},
           "forces": {"red": [{"unit": "tank", "count": 2, "at": "Red"},
                              {"unit": "infantry", "count": 2, "at": "Red drop", "paradrop": True, "turn": 2}],
                      "green": [{"unit": "tank", "count": 3, "at": "Green"},
                                {"unit": "howitzer", "count": 1, "at": "Green"},
                                {"unit": "apc", "count": 1, "at": "Green", "carrying": "infantry"}]},
           "fortresses": {"red": ["0408"]},
           "length": {"turns": 3},
           "victory": [{"kind": "eliminate", "side": "red", "enemy_fraction": 0.5},
                       {"kind": "survive", "side": "green"}]}
    doc.update(extra)
    return doc


@rule("HS-SET-5")
@rule("HS-PTS-5")
@rule("HS-PTS-10")
def test_a_design_is_priced_at_the_books_costs_saved_listed_and_played(private_data_dir):
    doc = a_design()
    red = 2 * 35 + 2 * (11 + 2) + 24                       # ECM tanks, paratroopers, a fortress
    green = 3 * (17 + 2) + (26 + 2) + (9 + 2) + (8 + 2)    # morale 7 costs 2 a unit; gas howitzer
    assert design.price(doc) == {"red": red, "green": green}
    assert design.check(dict(doc, game="slammers", name="ours")) == {"red": red, "green": green}
    assert design.save(doc, "ours") == "ours" and "ours" in scenarios.all_names()
    assert scenarios.points(scenarios.load("ours"), "red") == red
    state = SPEC.setup(4, "ours")
    assert state["order"] == ["red", "green"] and state["forts"]
    bots = {s: RandomBot(SPEC, i) for i, s in enumerate(state["order"])}
    for _ in range(5000):
        who = SPEC.active(state)
        if who is None:
            break
        state = SPEC.apply(state, bots[who].choose(state, who))
    assert SPEC.result(state) is not None


@rule("HS-SET-5")
def test_a_design_over_its_budget_or_misnamed_is_refused_in_one_line(private_data_dir):
    with pytest.raises(scenarios.ScenarioProblem, match=r"^ours.json: red spends 120 points, over its budget of 100"):
        design.save(a_design(budget={"red": 100, "green": 200}), "ours")
    with pytest.raises(scenarios.ScenarioProblem, match="shipped"):
        design.save(a_design(), "learning")


@rule("HS-DES-1")
@rule("HS-DES-2")
def test_the_books_advice_is_given_never_enforced():
    doc = a_design()
    lines = design.advice(doc)
    assert any("under 500" in x for x in lines) and any("a fifth more" in x for x in lines)
    big = a_design(forces={"red": [{"unit": "tank", "count": 30, "at": "Red"}],
                           "green": [{"unit": "tank", "count": 3, "at": "Green"}]})         # priced, not placed
    assert any("over 1000" in x for x in design.advice(big))


@rule("HS-PTS-1")
@rule("HS-PTS-2")
@rule("HS-PTS-3")
def test_the_price_list_is_the_books():
    red = {p["unit"]: p for p in design.price_list("red")}
    assert (red["tank"]["cost"], red["tank"]["ecm_cost"], red["fortress"]["cost"]) == (31, 35, 24)
    tan = {p["unit"]: p for p in design.price_list("tan")}
    assert "fortress" not in tan and (tan["howitzer"]["cost"], tan["howitzer"]["gas_cost"]) == (24, 26)
    assert tan["infantry"]["paradrop_cost"] == 2 and design.morale_costs() == {9: 0, 8: 1, 7: 2, 6: 3}
    assert all(p["cost"] == data.unit("blue", p["unit"])["cost"] for p in design.price_list("blue") if p["unit"] != "fortress")
    assert len({tuple(sorted(p)) for p in design.price_list("red")}) == 1       # the fortress's row reads as any unit's
    assert red["fortress"]["gas_cost"] is None and red["fortress"]["ecm_cost"] is None


@rule("HS-FOR-2")
def test_the_designer_sets_up_one_fortress_a_hex():
    board = design.board_of(a_design()["board"]["panels"])
    built = {"fortresses": {"red": ["0305"]}}
    assert design.place_problem(board, built, "blue", "fortress", "0306") is None
    assert design.place_problem(board, built, "blue", "fortress", "0305") == (
        "0305 already has a fortress; one a hex (HS-FOR-2).")          # whichever army built it


@rule("HS-STK-1")
@rule("HS-STK-3")
def test_the_designer_counts_only_an_armys_first_turn_counters_standing_in_a_hex():
    board = design.board_of(a_design()["board"]["panels"])
    hexes = {"forces": {"green": [{"unit": "tank", "count": 2, "at": "0305"},
                                {"unit": "tank", "count": 1, "at": "0306"},          # another hex
                                {"unit": "tank", "count": 3, "at": "0305", "turn": 2},      # arrives later
                                {"unit": "infantry", "count": 3, "at": "0305", "paradrop": True}]}}
    assert design.place_problem(board, hexes, "green", "tank", "0305") is None          # 2 there: a third fits
    assert design.place_problem(board, hexes, "green", "apc", "0305", loaded=True) == (
        "0305 already holds 2 counters of this army; 3 at most (HS-STK-1).")      # a loaded APC is two
    full = {"forces": {"green": [{"unit": "apc", "count": 1, "at": "0305", "carrying": "infantry"},
                               {"unit": "tank", "count": 1, "at": "0305"}]}}
    assert design.place_problem(board, full, "green", "tank", "0305").startswith("0305 already holds 3 counters")
