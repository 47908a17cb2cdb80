"""Decisions with an obvious answer cost no search, and a settled search stops as soon as it is."""
from __future__ import annotations

import pytest

from game.ai import BOTS
from game.ai.hack_sack_search import KNOWLEDGE as HS_KNOW
from game.ai.search import SearchBot
from game.rules import GAMES
from game.rules.hack_sack import frame, unit, units_in_play
from game.rules.judean_hammer import SPEC as JH

from .test_search import _positions

HS = GAMES["hack_sack"]


def _basic_game(spec, seed: int, count: int):
    """Positions with a choice from one game between basic players, up to ``count``."""
    state = spec.setup(seed)
    bots = {s: BOTS["basic"].make(spec, seed + i) for i, s in enumerate(spec.sides)}
    while spec.active(state) is not None and count > 0:
        side = spec.active(state)
        if len(spec.legal_actions(state)) > 1:
            count -= 1
            yield state, side
        state = spec.apply(state, bots[side].choose(state, side))


def test_a_settled_search_chooses_as_its_whole_budget_would():
    stopped = 0
    for state, side in _positions(JH, 2, 10, 7):
        bot = SearchBot(JH, 3, budget=300)
        choice = bot.choose(state, side)
        whole = SearchBot(JH, 3, budget=300)
        root = whole.search(state, side, 300)               # no settling: every iteration runs
        assert choice == whole._best(root, JH.legal_actions(state), set())
        stopped += bot.stats["settled"]
        assert bot.stats["iterations"] < 300 or not bot.stats["settled"]
    assert stopped >= 3


def test_a_move_the_order_leaves_alone_is_made_without_a_search():
    met = 0
    for state, side in _basic_game(HS, 3, 400):
        ordered = HS_KNOW.order(HS, state, HS.legal_actions(state))
        if frame(state).get("step") != "combat" or len(ordered) != 1:
            continue
        bot = SearchBot(HS, 1, budget=40)
        assert bot.choose(state, side) == ordered[0][0]
        assert bot.stats["iterations"] == 0 and bot.stats["obvious"] == 1
        met += 1
    assert met >= 3


@pytest.mark.rule("HSNJ-MOV-1")
def test_hack_sack_units_are_picked_in_turn_without_a_search_and_movement_ends():
    state = HS.setup(5)
    hard, basic = SearchBot(HS, 2, budget=8), BOTS["basic"].make(HS, 3)
    picks, searched_picks, phase_ends = [], 0, 0
    while state["turn"] <= 4:
        side = HS.active(state)
        if side != "krylon":
            state = HS.apply(state, basic.choose(state, side))
            continue
        step = frame(state)
        before = hard.stats["iterations"]
        action = hard.choose(state, side)
        if step.get("step") == "move" and not step.get("sel") and len(HS.legal_actions(state)) > 1:
            searched_picks += hard.stats["iterations"] != before
            if action[0] == "unit":
                picks.append((state["turn"], action[1], _where(state, action[1])))
            phase_ends += action == ("done",)
        state = HS.apply(state, action)
    assert searched_picks == 0 and phase_ends == 4 and picks
    # The no-unit-chosen sight comes back after each unit let go unmoved: no loop for the basic player.
    assert hard.stats["loops"] == 0
    # A unit let go is not picked again unless something moved it or its cargo since.
    assert len(picks) == len(set(picks))


def _where(state, uid):
    u = unit(state, uid)
    return u["where"], str(u["hex"]), u["pad"], u["mp"], tuple(sorted(o["id"] for o in units_in_play(state)
                                                                     if o["ship"] == uid))


@pytest.mark.rule("HSNJ-REI-1")
def test_hack_sack_the_pad_for_a_unit_is_the_basic_player_s_without_a_search():
    met = 0
    for state, side in _basic_game(HS, 4, 60):
        step = frame(state)
        if step.get("step") != "pads" or not step.get("sel"):
            continue
        bot = SearchBot(HS, 1, budget=40)
        choice = bot.choose(state, side)
        assert choice[0] == "box" and choice == BOTS["basic"].make(HS, 0).choose(state, side)
        assert bot.stats["iterations"] == 0
        met += 1
    assert met >= 4
