"""Golden replays: recorded whole games that must replay to exactly their saved final state."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.session import SaveError, from_text

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "slammers"
FILES = sorted(GOLDEN.glob("*.json"))


def test_there_are_at_least_three():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replays_to_its_final_state(path):
    # from_text replays every action and refuses a replay that differs from the snapshot; after
    # a deliberate change of rules or map, re-record with `python -m tests.slammers.make_goldens`.
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    session = from_text(text, path.name)
    assert session.options == {}            # played on the scenario's latest edition (test_editions.py)
    over = data["snapshot"].get("result") or data["snapshot"]["over"]    # "over" before the shared key
    assert session.result() is not None
    assert session.result().to_json() == {"winner": over["winner"], "scores": over["scores"],
                                          "reason": over["reason"]}
    assert session.state["units"] == data["snapshot"]["units"]
    over = session.spec.view(session.state, None)
    assert (over["active"], over["actions"], over["phase"]) == (None, [], "Game over")     # the panel's heading


def test_a_save_from_before_the_winning_players_were_named_still_loads():
    # Saves made before the last line named the winning players (and their allies) end "green
    # wins"; they must load, and a save whose last line was changed otherwise is refused.
    data = json.loads((GOLDEN / "marrow_four_basic.json").read_text(encoding="utf-8"))
    lines = data["snapshot"]["log"]
    assert lines[-1].startswith("The battle is over: the green and red players win (")
    lines[-1] = lines[-1].replace("the green and red players win", "green wins")
    assert from_text(json.dumps(data), "old.json").result().winner == "green"
    lines[-1] = lines[-1].replace("green wins", "red wins")
    with pytest.raises(SaveError, match="has been changed"):
        from_text(json.dumps(data), "changed.json")


def test_a_save_of_3_december_loads_as_it_was_written():
    # Written before the rolls' odds were recorded and before the players were named at the end:
    # both older shapes at once (victory.older_snapshot).
    path = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "slammers_learning_2026-12-03.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["snapshot"]["log"][-1].startswith("The battle is over: tan wins (")
    assert "chances" not in json.dumps(data["snapshot"]["events"])
    assert from_text(json.dumps(data), path.name).result().winner == "tan"
    data["snapshot"]["over"] = data["snapshot"].pop("result")      # before the shared key, too
    assert from_text(json.dumps(data), path.name).result().winner == "tan"
    data["snapshot"]["over"] = None
    with pytest.raises(SaveError, match="has been changed"):
        from_text(json.dumps(data), path.name)


def test_saves_from_before_the_odds_hold_each_roll_without_its_chances():
    # The shapes a finished game's snapshot had before the review's dice luck: a rally without its
    # chance, a gas strike's rolls without theirs; everything else as it is, and `over` before that.
    from game.rules.slammers import SPEC
    data = json.loads((GOLDEN / "marrow_four_basic.json").read_text(encoding="utf-8"))
    state = from_text(json.dumps(data), "today.json").state
    rally = {"serial": 1, "kind": "rally", "unit": "u", "dice": [3, 4], "chance": 0.58}
    gas = {"serial": 2, "kind": "gas", "rolls": {"u": {"dice": [1, 2], "roll": 3, "result": "D",
                                                       "chances": {"D": 0.5}}}}
    state = dict(state, events=[rally, gas])
    named, plain, over = SPEC.older_snapshot(state)
    assert named["events"] == [rally, gas] and named["result"] == state["result"]
    assert plain["events"] == [{k: v for k, v in rally.items() if k != "chance"},
                               {"serial": 2, "kind": "gas", "rolls": {"u": {"dice": [1, 2], "roll": 3, "result": "D"}}}]
    assert over["over"] == state["result"] and "result" not in over and over["events"] == plain["events"]
