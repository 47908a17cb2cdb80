"""Golden replays: recorded whole games that must replay to exactly their saved final state."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.session import from_text

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
    over = data["snapshot"].get("result") or data["snapshot"]["over"]    # "over" before the shared key
    assert session.result() is not None
    assert session.result().to_json() == {"winner": over["winner"], "scores": over["scores"],
                                          "reason": over["reason"]}
    assert session.state["units"] == data["snapshot"]["units"]
