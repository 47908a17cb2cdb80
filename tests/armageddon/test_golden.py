"""Golden replays: whole recorded games must replay to the same final state."""
from __future__ import annotations

import json

import pytest

from game.core.session import load

from .goldens import EDITION_1, GAMES, HERE


@pytest.mark.parametrize("seed", [seed for seed, _ in GAMES])
def test_golden_game_replays_to_its_snapshot(seed):
    path = HERE / f"game-{seed}.json"
    session = load(path)             # replays every action and compares with the snapshot
    data = json.loads(path.read_text())
    assert session.active() is None and session.result() is not None
    assert session.state["result"] == data["snapshot"]["result"]
    assert len(session.actions) == len(data["actions"]) > 100


@pytest.mark.rule("BFA-GAP-4")
@pytest.mark.parametrize("seed, edition", [(11, 1), (167, 1), (2024, None)])
def test_a_game_saved_on_the_first_edition_of_the_terrain_data_replays_on_it(seed, edition):
    """Saved when attacks into an industrial area were -1: the replay finds its edition and keeps it
    (game 2024's attacks end alike on both editions, so it replays on the latest as it is)."""
    path = EDITION_1 / f"game-{seed}.json"
    data = json.loads(path.read_text())
    assert "edition" not in data["options"] and {s for s, _ in GAMES} == {11, 167, 2024}
    session = load(path)
    assert session.options.get("edition") == edition and session.state.get("edition") == edition
    assert session.state["result"] == data["snapshot"]["result"]
    assert len(session.actions) == len(data["actions"])
