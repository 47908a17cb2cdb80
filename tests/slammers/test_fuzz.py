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


LARGER = [s for s in SPEC.scenarios if s != "learning"]


def share(n: int) -> tuple:
    """(learning games, games of each larger scenario) for a fuzz run of n games.

    `make test` (n = 300) plays 300 learning games and a few of each larger one; `make fuzz`
    (n = 10,000) spreads n over the scenarios: half shared by the larger ones, the rest learning.
    """
    if n <= 300:
        return n, max(2, n // 100)
    each = n // (2 * max(1, len(LARGER)))
    return n - each * len(LARGER), each


@pytest.mark.fuzz
def test_random_games_of_the_learning_scenario():
    assert _run("learning", range(share(fuzz_games(300))[0])) == []


@pytest.mark.fuzz
@pytest.mark.parametrize("scenario", LARGER)
def test_random_games_of_the_larger_scenarios(scenario):
    n = share(fuzz_games(300))[1]
    assert _run(scenario, range(1001, 1001 + n), reload=False) == []


def test_make_fuzz_plays_the_issues_ten_thousand_games_over_the_scenarios():
    learning, each = share(10_000)
    assert learning + each * len(LARGER) == 10_000 and learning >= 5000 and each >= 100 and len(LARGER) >= 3
    assert share(300) == (300, 3)


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


@pytest.mark.rule("HS-STK-1")
@pytest.mark.rule("HS-PAR-15")
def test_the_invariants_catch_an_overfull_stack():
    state = SPEC.setup(1, "learning")
    units = state["units"]
    blue = [u for u, d in units.items() if d["side"] == units[next(iter(units))]["side"] and d["at"]][:4]
    for u in blue:
        units[u]["at"] = list(units[blue[0]]["at"])
    state["event_serial"] += 1                         # the occupancy is kept per event serial
    assert any("more than 3 counters" in p for p in SPEC.invariants(state))
    state["pt"]["landed"] = [blue[0]]                  # paratroopers may overstack where they land, until they move
    assert not any("more than 3 counters" in p for p in SPEC.invariants(state))
    state["phase"] = "direct"                          # ... and not past their movement
    assert any("more than 3 counters" in p for p in SPEC.invariants(state))


def test_a_unit_disrupted_after_firing_in_the_last_player_turn_is_no_fault():
    """stile seed 1019: a combat car fired, was then disrupted by a strike, and the game ended."""
    state = SPEC.setup(1, "learning")
    uid = next(iter(state["units"]))
    state["pt"]["direct"] = [uid]
    state["units"][uid]["dis"] = True
    assert any("while disrupted" in p for p in SPEC.invariants(state))
    state["result"] = {"winner": state["units"][uid]["side"], "scores": {}, "reason": "survive"}
    assert not any("while disrupted" in p for p in SPEC.invariants(state))
