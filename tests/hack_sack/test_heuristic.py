"""The heuristic test player finishes a game with legal moves only (smoke test for the balance tool)."""
from __future__ import annotations

from game.rules.hack_sack import SPEC

from .balance import PAIRINGS, play


def test_a_heuristic_game_reaches_a_result_and_the_krylons_take_cities():
    state = play(3, PAIRINGS["heuristic v heuristic"])
    assert SPEC.active(state) is None and SPEC.result(state) is not None
    # A sensible invader takes and scores cities, which random play almost never does.
    assert any(side == "krylon" and "cities" in source and vp > 0 for side, vp, source in state["vp_log"])
    assert SPEC.invariants(state) == []
