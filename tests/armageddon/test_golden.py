"""Golden replays: whole recorded games must replay to the same final state."""
from __future__ import annotations

import json

import pytest

from game.core.session import load

from .goldens import GAMES, HERE


@pytest.mark.parametrize("seed", [seed for seed, _ in GAMES])
def test_golden_game_replays_to_its_snapshot(seed):
    path = HERE / f"game-{seed}.json"
    session = load(path)             # replays every action and compares with the snapshot
    data = json.loads(path.read_text())
    assert session.active() is None and session.result() is not None
    assert session.state["result"] == data["snapshot"]["result"]
    assert len(session.actions) == len(data["actions"]) > 100
