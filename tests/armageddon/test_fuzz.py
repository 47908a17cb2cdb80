"""Seeded random games on the shipped map: no crash, no dead end, invariants after every action."""
from __future__ import annotations

import pytest

from game.core.fuzz import play_random_game
from game.rules.armageddon import SPEC
from tests.conftest import fuzz_games


@pytest.mark.fuzz
@pytest.mark.rule("BFA-COM-1")
@pytest.mark.rule("BFA-SEQ-1")
def test_random_games_finish_cleanly(tmp_path):
    games = fuzz_games(300)      # ~0.1 s a game with its checks (CPU); make fuzz plays 10,000
    for seed in range(games):
        report = play_random_game(SPEC, seed, max_steps=20000, replay_dir=tmp_path,
                                  reload_every=97 if seed % 20 == 0 else 0,
                                  check_input=seed % 20 == 0, check_undo=seed % 5 == 0)
        assert report.ok, f"seed {seed}: {report.problems} (replay: {report.replay_file})"
        assert report.finished


def test_the_invariants_catch_a_lost_counter_and_wrong_build_points():
    from tests.armageddon.helpers import started
    state = started()
    assert SPEC.invariants(state) == []
    del state["at"]["im_guard_1"]
    state["build_points"] = 19
    problems = " ".join(SPEC.invariants(state))
    assert "counters missing" in problems and "build points" in problems
    state = started()
    state["stacks"] = dict(state["stacks"], Ghostfields=[])             # an area emptied but kept
    assert SPEC.invariants(state)[0] == "an empty stack is kept"
