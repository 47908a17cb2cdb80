"""The kit's pieces driven through the contract on the test-only skirmish (tests/toykit.py)."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.core.fuzz import play_random_game
from game.core.session import Session
from tests import toykit
from tests.toykit import SPEC


def _speeds(session, picks):
    for side, speed in picks:
        assert session.active() == side
        session.apply(("speed", speed))


def test_speeds_are_chosen_in_secret_and_revealed_together():
    session = Session(SPEC, 1, "two")
    state = session.state
    assert SPEC.active(state) == "red" and SPEC.legal_actions(state) == [("speed", 1), ("speed", 2), ("speed", 3)]
    session.apply(("speed", 3))
    # blue is asked next and cannot see red's choice, nor take it back for red
    blue = SPEC.view(session.state, "blue")
    assert blue["orders"] == {"sealed": ["red"], "waiting": ["blue"], "mine": []}
    assert "3" not in str(blue["orders"]) and not session.can_undo()
    assert SPEC.view(session.state, "red")["orders"]["mine"] == [3]
    reveals = session.state["reveals"]
    session.apply(("speed", 1))
    assert session.state["reveals"] == reveals + 1 and not session.can_undo()   # never across a reveal
    assert session.state["speeds"] == {"red": 3, "blue": 1}
    assert SPEC.active(session.state) == "red"                  # the fastest moves first
    assert "Speeds revealed: red 3, blue 1" in session.log()


def test_a_reaction_window_opens_only_for_a_side_holding_a_trap():
    session = Session(SPEC, 4, "two", {"dice": [6]})
    _speeds(session, [("red", 2), ("blue", 1)])
    session.apply(("run", "red1"))                # s0 -> s2, where blue stands: blue holds a trap
    assert session.active() == "blue" and SPEC.legal_actions(session.state) == [("spring", "trap"), ("no",)]
    session.apply(("spring", "trap"))
    assert session.state["traps"]["blue"] == 0 and "red1" in session.state["stacks"]["s1"]
    session.apply(("run", "red2"))                # blue has no trap now: no stop, the bump is rolled
    assert session.active() == "red" and any("Bump at s2" in line for line in session.log())


def test_declining_the_reaction_goes_on_to_the_bump():
    session = Session(SPEC, 4, "two", {"dice": [1]})
    _speeds(session, [("red", 2), ("blue", 1)])
    session.apply(("run", "red1"))
    session.apply(("no",))
    assert session.active() == "red" and "red1" in session.state["out"]    # 1 against 3, roll 1: AE


def test_over_full_stacks_at_the_check_point_lose_runners_chosen_by_the_enemy():
    session = Session(SPEC, 2, "two")
    _speeds(session, [("red", 1), ("blue", 3)])
    session.apply(("done",))                      # blue, fastest, stays; three blue runners on s2
    session.apply(("run", "red1"))                # over-stacking is allowed while the round runs
    session.apply(("run", "red2"))
    session.apply(("run", "red3"))
    assert session.state["stacks"]["s1"] == ["red1", "red2", "red3"]
    session.apply(("done",))
    assert session.active() == "blue"             # the enemy picks what goes, at red's stack first
    assert SPEC.legal_actions(session.state) == [("lose", "red1"), ("lose", "red2"), ("lose", "red3")]
    session.apply(("lose", "red2"))
    assert session.active() == "red"              # then red picks from blue's over-full stack at s2
    session.apply(("lose", "blue3"))
    assert SPEC.view(session.state, "red")["phase"] == "orders" and session.state["round"] == 2


def test_explain_says_why_an_action_is_refused():
    session = Session(SPEC, 1, "two")
    assert SPEC.explain(session.state, ("speed", 2)) is None
    assert SPEC.explain(session.state, ("speed", 7)) == ("it is not one of the choices now", None)
    with pytest.raises(IllegalAction):
        session.apply(("speed", 7))


def test_four_players_in_two_teams_and_one_alone_play_to_the_end():
    for name in ("four", "three", "solo"):
        state = SPEC.setup(3, name)
        seats = SPEC.seated(state)
        assert seats.sides == tuple(toykit.load_scenario(name).seating.sides)
    assert SPEC.seated(SPEC.setup(3, "four")).allies("red") == ("green",)


@pytest.mark.fuzz
@pytest.mark.parametrize("name", ["two", "three", "four", "solo"])
def test_random_games_of_every_scenario_finish_cleanly(name, tmp_path):
    from tests.conftest import fuzz_games
    for seed in range(fuzz_games(25)):
        report = play_random_game(SPEC, seed, max_steps=3000, scenario=name, replay_dir=tmp_path,
                                  check_input=seed % 5 == 0, games={SPEC.name: SPEC},
                                  reload_every=17 if seed % 5 == 0 else 0)
        assert report.ok and report.finished, f"{name} seed {seed}: {report.problems}"


def test_every_shipped_game_explains_a_refused_action_with_its_clause():
    from game.rules import GAMES
    for spec in GAMES.values():
        state = spec.setup(1)
        legal = spec.legal_actions(state)
        assert spec.explain(state, legal[0]) is None
        why = spec.explain(state, ("no such verb",))
        assert isinstance(why, tuple) and isinstance(why[0], str) and why[0], spec.name
