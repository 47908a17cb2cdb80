"""The shared possible-worlds dealing: only what a side has not seen is dealt, by the bot's generator."""
from __future__ import annotations

from game.ai import worlds
from game.core import rng


def _state():
    return {"hands": {"me": [1, 2], "foe": [5, 6, 7]}, "draw": [3, 8], "discard": [4],
            "rng": {"seed": 99, "draws": 12, "dice": [6]}}


def test_unseen_is_everything_less_what_the_side_has_seen():
    state = _state()
    assert worlds.unseen(range(1, 9), state["hands"]["me"], state["discard"]) == [3, 5, 6, 7, 8]


def test_a_world_refills_the_hidden_places_and_keeps_the_rest():
    state = _state()
    picker: dict = {}
    rng.init(picker, 4)
    hidden = worlds.unseen(range(1, 9), state["hands"]["me"], state["discard"])
    world = worlds.deal(state, picker, hidden, [(("hands", "foe"), 3), (("draw",), 2)])
    assert sorted(world["hands"]["foe"] + world["draw"]) == hidden
    assert world["hands"]["me"] == [1, 2] and world["discard"] == [4]
    assert world["rng"]["dice"] == [] and world["rng"]["seed"] != 99
    assert state == _state()                        # the real state is never touched


def test_states_a_side_cannot_tell_apart_give_the_same_world():
    a, b = _state(), _state()
    b["hands"]["foe"], b["draw"] = [8, 3, 5], [7, 6]          # other hidden cards, same counts
    b["rng"] = {"seed": 1234, "draws": 12, "dice": []}        # other dice to come
    deals = []
    for state in (a, b):
        picker: dict = {}
        rng.init(picker, 7)
        hidden = worlds.unseen(range(1, 9), state["hands"]["me"], state["discard"])
        deals.append(worlds.deal(state, picker, hidden, [(("hands", "foe"), 3), (("draw",), 2)]))
    assert deals[0] == deals[1]
