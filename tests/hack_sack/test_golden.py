"""Golden replays: recorded whole games that must replay to exactly their saved final state."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.session import from_text
from game.rules.hack_sack import SPEC as HS

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "hack_sack"
FILES = sorted(GOLDEN.glob("*.json"))


def test_there_are_at_least_three():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replays_to_its_final_state(path):
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    # from_text replays every action and refuses a replay that differs from the snapshot;
    # after a deliberate change of rules or map, re-record with
    # `python -m tests.hack_sack.make_goldens`.
    session = from_text(text, path.name)
    assert HS.matches_snapshot(session.state, data["snapshot"])     # today's shape, or the one before
    assert session.result() is not None and session.result().to_json() == {
        "winner": data["snapshot"]["over"]["winner"], "scores": data["snapshot"]["vp"],
        "reason": data["snapshot"]["over"]["reason"]}
