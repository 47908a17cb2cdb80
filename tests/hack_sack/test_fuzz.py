"""Seeded random games: no crash, no dead end, invariants after every action, save/reload on the way."""
from __future__ import annotations

import pytest

from ..conftest import fuzz_games
from . import randomplay
from .grid import MINI


def _run(seeds, options, bias, reload_every):
    old = randomplay.DONE_BIAS
    randomplay.DONE_BIAS = bias
    try:
        failures = []
        for seed in seeds:
            # A reload replays the whole game so far; every tenth game is enough to catch drift.
            every = reload_every if seed % 10 == 0 else 0
            session, problems, _ = randomplay.play(seed, options, reload_every=every)
            if problems:
                failures.append(f"seed {seed}: {problems[0]}")
            elif session.result() is None:
                failures.append(f"seed {seed}: the game did not end")
        return failures
    finally:
        randomplay.DONE_BIAS = old


@pytest.mark.fuzz
def test_random_games_on_the_new_jersey_map():
    assert _run(range(fuzz_games(300)), {}, bias=50, reload_every=41) == []


@pytest.mark.fuzz
def test_crowded_random_games_on_a_small_board():
    # The small board puts both sides within reach of each other, so battles, retreats,
    # confusion and Hopat Cong happen in nearly every game.
    assert _run(range(1000, 1000 + fuzz_games(40)), {"map": MINI}, bias=30, reload_every=53) == []
