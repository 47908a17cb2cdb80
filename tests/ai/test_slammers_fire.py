"""Hard's fire at Hammer's Slammers: the whole Direct Fire step planned together, and Counter
Artillery Fire only where the shells would cost more than the hover tank's own shot."""
from __future__ import annotations

import pytest

from game.ai.slammers import SlammersBot
from game.ai.slammers_fire import FirePlan
from game.ai.slammers_value import AimingBot, announced, fire_worth, strike_harm
from game.rules import GAMES

from tests.slammers.helpers import acts, hexof, state_on, until

SPEC = GAMES["slammers"]


def fired(bot, s) -> list:
    """The attacks a bot makes in blue's Direct Fire step: (firers, hex, units aimed at)."""
    out = []
    for _ in range(60):
        if SPEC.view(s, None)["step"] != "direct" or SPEC.active(s) != "blue":
            return out
        action = bot.choose(s, "blue")
        if action == ("fire",):
            plan = SPEC.view(s, None)["plan"]
            out.append((tuple(sorted(plan["firers"])), tuple(plan["hex"]), tuple(sorted(plan["targets"]))))
        s = SPEC.apply(s, action)
    raise AssertionError("the Direct Fire step never ended")


def plan_worth(plan: FirePlan, attacks: list) -> float:
    return plan.worth({u: (h, aim) for group, h, aim in attacks for u in group})


@pytest.mark.rule("HS-DIR-5")
@pytest.mark.rule("HS-RNG-12")
def test_hard_plans_the_whole_fire_step_where_the_basic_player_fires_one_attack_at_a_time():
    # two tanks and dug-in infantry in one hex, a third tank alone; blue has three firers
    units = {"T1": ("tank", "green", (10, 0)), "T2": ("tank", "green", (7, 0)), "T3": ("inf", "green", (7, 0)),
             "h1": ("hovertank", "blue", (6, 0)), "h2": ("slinf", "blue", (8, 0)), "h3": ("tank", "blue", (4, 0))}
    s = until(state_on(["." * 14], units, name="fp1", mover="blue"), "direct", "blue")
    plan = FirePlan(s, "blue")
    basic, hard = fired(SlammersBot(SPEC, 0), s), fired(AimingBot(SPEC, 0), s)
    # the basic player sends all three at the stack; Hard turns one on the lone tank
    assert {aim for _, _, aim in basic} == {("T2", "T3")}
    assert any(aim == ("T1",) for _, _, aim in hard)
    assert plan_worth(plan, hard) > plan_worth(plan, basic) + 2.0
    assert plan_worth(plan, hard) == pytest.approx(plan.worth(plan.best()))
    # every firer fires once at most, and a unit's loss counts once however often it is aimed at
    assert sorted(u for group, _, _ in hard for u in group) == ["h1", "h2", "h3"]
    assert plan.worth({"h1": (tuple(hexof(s, 7, 0)), ("T2",)), "h3": (tuple(hexof(s, 7, 0)), ("T2",))}) <= 17.0


def strike(units: dict, name: str, col: int):
    """Green's howitzer A strikes the hex at (col, 0); blue is asked whether to answer with CAF."""
    s = until(state_on(["." * 15], units, name=name, mover="green"), "indirect", "green")
    return acts(s, ("unit", "A"), ("hex", hexof(s, col, 0)), ("fire",))


@pytest.mark.rule("HS-CAF-9")
@pytest.mark.rule("HS-RNG-12")
def test_hard_keeps_its_hover_tank_s_shot_when_the_strike_would_cost_less():
    s = strike({"A": ("howitzer", "green", (0, 0)), "t": ("tank", "green", (10, 0)),
                "ht": ("hovertank", "blue", (8, 0))}, "caf1", 8)
    assert ("caf", "ht", "A") in SPEC.legal_actions(s)
    group, h = announced(SPEC.view(s, "blue"))
    assert group == ["A"] and h == tuple(hexof(s, 8, 0))
    assert 0 < strike_harm(s, "blue", group, h) < fire_worth(s, "blue", "ht")
    assert AimingBot(SPEC, 0).choose(s, "blue") == ("done",)
    assert SlammersBot(SPEC, 0).choose(s, "blue") == ("caf", "ht", "A")        # the basic player always fires it


@pytest.mark.rule("HS-CAF-9")
@pytest.mark.rule("HS-CAF-6")
def test_hard_fires_caf_when_its_hover_tank_has_nothing_better_to_shoot():
    # the hover tank is 5 from the struck hex (in range for CAF) and 13 from every enemy
    s = strike({"A": ("howitzer", "green", (0, 0)), "ht": ("hovertank", "blue", (13, 0)),
                "s1": ("slinf", "blue", (8, 0), 8, {"skim": True}), "s2": ("slinf", "blue", (8, 0), 8, {"skim": True})},
               "caf2", 8)
    group, h = announced(SPEC.view(s, "blue"))
    assert fire_worth(s, "blue", "ht") == 0.0 and strike_harm(s, "blue", group, h) > 0
    assert AimingBot(SPEC, 0).choose(s, "blue") == ("caf", "ht", "A")


@pytest.mark.rule("HS-CAF-9")
def test_normal_answers_a_strike_as_the_basic_player_does_and_hard_weighs_it():
    from game.ai.search import SearchBot
    s = strike({"A": ("howitzer", "green", (0, 0)), "t": ("tank", "green", (10, 0)),
                "ht": ("hovertank", "blue", (8, 0))}, "caf3", 8)
    normal, hard = SearchBot(SPEC, 0, strength="normal"), SearchBot(SPEC, 0, strength="hard")
    assert normal.know.reranked < hard.know.reranked
    assert normal.choose(s, "blue") == ("caf", "ht", "A")
    assert hard.choose(s, "blue") == ("done",)
