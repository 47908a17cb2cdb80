"""Seeded random games on the shipped map: no crash, no dead end, invariants after every action."""
from __future__ import annotations

import pytest

from game.core.fuzz import illegal_is_refused, play_random_game
from game.rules.judean_hammer import SPEC
from tests.conftest import fuzz_games


@pytest.mark.fuzz
@pytest.mark.rule("JH-COM-1")
@pytest.mark.rule("JH-COM-2")
@pytest.mark.rule("JH-BAT-17")
def test_random_games_finish_cleanly(tmp_path):
    games = fuzz_games(300)
    finished = 0
    for seed in range(games):
        report = play_random_game(SPEC, seed, max_steps=5000, replay_dir=tmp_path,
                                  reload_every=97 if seed % 25 == 0 else 0,
                                  check_input=seed % 50 == 0)
        assert report.ok, f"seed {seed}: {report.problems} (replay: {report.replay_file})"
        finished += report.finished
    assert finished == games


def test_illegal_actions_are_refused_without_change():
    state = SPEC.setup(5)
    for action in [("pass",), ("card", 99), ("area", "Nowhere"), ("event",), ("first", "greek")]:
        assert illegal_is_refused(SPEC, state, action)
