"""Seeded random games of every scenario: no crash, no dead end, the invariants after every action
(no unit in two places, no stack over the limit, no unit attacking twice in a player-turn, no
disrupted unit firing), save and reload on the way."""
from __future__ import annotations

import pytest

from game.core.fuzz import play_random_game
from game.rules.slammers import SPEC

from ..conftest import fuzz_games


def _run(scenario: str, seeds, reload: bool = True) -> list:
    failures = []
    for seed in seeds:
        # A reload replays the game so far: every 25th game of the short scenario is enough.
        report = play_random_game(SPEC, seed, scenario=scenario, check_input=seed % 10 == 0,
                                  check_undo=seed % 5 == 0,
                                  reload_every=37 if reload and seed % 25 == 0 else 0)
        if not (report.ok and report.finished):
            failures.append(f"{scenario} seed {seed}: {report.problems[:1]}")
    return failures


@pytest.mark.fuzz
def test_random_games_of_the_learning_scenario():
    assert _run("learning", range(fuzz_games(300))) == []


@pytest.mark.fuzz
@pytest.mark.parametrize("scenario", [s for s in SPEC.scenarios if s != "learning"])
def test_random_games_of_the_larger_scenarios(scenario):
    n = fuzz_games(300)
    assert _run(scenario, range(1001, 1001 + max(2, n // 100 if n <= 300 else n // 3)), reload=False) == []


def test_the_invariants_catch_a_broken_state():
    state = SPEC.setup(1, "learning")
    assert SPEC.invariants(state) == []
    units = state["units"]
    a, b = [u for u, d in units.items() if d["side"] == "tan"][:2]
    units[a]["cargo"] = b
    state["pt"]["fired"] = [a, a]
    state["pt"]["direct"] = [a]
    units[a]["dis"] = True
    problems = " ".join(SPEC.invariants(state))
    assert "not in one place" in problems and "attacked twice" in problems and "while disrupted" in problems
