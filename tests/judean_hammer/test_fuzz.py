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


def test_views_along_random_games_are_json_and_match_the_legal_actions():
    import json

    from game.core import rng
    for seed in range(12):
        state = SPEC.setup(seed)
        picker: dict = {}
        rng.init(picker, seed)
        while SPEC.active(state) is not None:
            active = SPEC.active(state)
            for player in ("maccabean", "greek", None):
                view = SPEC.view(state, player)
                json.dumps(view)
                assert (view["actions"] == SPEC.legal_actions(state)) if player == active else not view["actions"]
                assert len(view["hand"]) == (len(state["hands"][player]) if player else 0)
            state = SPEC.apply(state, rng.choice(picker, SPEC.legal_actions(state)))
        assert SPEC.view(state, "greek")["phase"] == "Game over"
