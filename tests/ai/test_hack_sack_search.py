"""What the search knows of Hack & Sack: a city's worth across the tally, and the order it tries."""
from __future__ import annotations

import pytest

from game.ai.hack_sack import HeuristicPlayer
from game.ai.hack_sack_search import KNOWLEDGE, PHASES, tallies_ahead
from game.rules import GAMES
from game.rules.hack_sack import frame

from .test_settle import _basic_game

HS = GAMES["hack_sack"]


@pytest.mark.rule("HSNJ-SEQ-2")
@pytest.mark.parametrize("turn", [1, 7, 14])
def test_a_city_is_worth_about_the_same_just_before_and_just_after_its_tally(turn):
    before = tallies_ahead(turn, "vp_tally")
    after = 1 + tallies_ahead(turn + 1, "reinforcement")     # the tally's VP, then the turns to come
    assert abs(before - after) < 0.15
    worth = [tallies_ahead(turn, p) for p in PHASES]
    assert worth == sorted(worth) and tallies_ahead(turn, "reinforcement") > tallies_ahead(turn + 1, "reinforcement")


@pytest.mark.rule("HSNJ-VIC-6")
def test_the_last_tally_is_worth_one_vp_at_most():
    assert tallies_ahead(15, "vp_tally") == pytest.approx(1.0)
    assert tallies_ahead(15, "reinforcement") < 1.0


@pytest.mark.rule("HSNJ-MOV-1")
def test_a_moving_unit_s_order_starts_with_the_basic_player_s_move_and_never_ends_movement():
    checked = let_go = 0
    for state, side in _basic_game(HS, 6, 300):
        step = frame(state)
        if step.get("step") != "move" or not step.get("sel"):
            continue
        ordered = [a for a, _ in KNOWLEDGE.order(HS, state, HS.legal_actions(state))]
        basic = HeuristicPlayer(side)(state)
        # The basic player's switch to another unit is letting this one go; otherwise its own move.
        assert ordered[0] == (("deselect",) if basic[0] == "unit" else basic)
        assert ("done",) not in ordered[1:] and not [a for a in ordered if a[0] == "unit"]
        checked += 1
        let_go += basic[0] == "unit"
    assert checked >= 10 and let_go >= 3
