"""The state as a save holds it: packed to at most 5 KB without the log, and nothing lost."""
from __future__ import annotations

import json
import random

import pytest

from game.core.session import SaveError, Session, from_text
from game.rules.hack_sack import SPEC
from game.rules.hack_sack.packing import PACKED, pack, unpack

LIMIT = 5 * 1024        # issue 9: the state without its log, as JSON, at most 5 KB


def _game(seed: int):
    """Every state of one game of random legal actions, as JSON data (what a save holds)."""
    pick = random.Random(seed)
    state = SPEC.setup(seed)
    states = [state]
    while SPEC.active(state) is not None:
        state = SPEC.apply(state, pick.choice(SPEC.legal_actions(state)))
        states.append(state)
    return [json.loads(json.dumps(s)) for s in states]


@pytest.fixture(scope="module")
def games():
    return [_game(seed) for seed in (3, 11)]


def test_every_state_of_a_game_comes_back_exactly(games):
    for states in games:
        for state in states:
            back = unpack(json.loads(json.dumps(pack(state))))
            assert back == state
            assert json.dumps(back, sort_keys=True) == json.dumps(state, sort_keys=True)   # types too


def test_the_state_without_its_log_packs_to_at_most_5_kb(games):
    sizes = [len(json.dumps(pack({k: v for k, v in s.items() if k != "log"}))) for states in games
             for s in states]
    whole = max(len(json.dumps({k: v for k, v in s.items() if k != "log"})) for states in games for s in states)
    assert max(sizes) <= LIMIT < whole


def test_a_unit_the_short_form_cannot_say_is_kept_whole():
    state = json.loads(json.dumps(SPEC.setup(5)))
    odd = state["units"]["legion1"]
    odd.update(where="pool", pad="Landing Pad 2", mp=1.5, confused=True)     # a stale pad is kept too
    state["units"]["nra1"]["note"] = "extra"
    del state["units"]["cow1"]
    packed = pack(state)
    assert "units" not in packed and PACKED in packed
    assert unpack(json.loads(json.dumps(packed))) == state


def _session(seed: int = 4, moves: int = 120) -> Session:
    session = Session(SPEC, seed, None, {"deploy": "standard"})
    pick = random.Random(seed)
    for _ in range(moves):
        session.apply(pick.choice(session.legal_actions()))
    return session


def test_a_save_holds_the_packed_state_and_loads_exactly():
    session = _session()
    data = json.loads(json.dumps(session.to_json()))
    assert PACKED in data["snapshot"] and "units" not in data["snapshot"]
    loaded = from_text(json.dumps(data), "packed.json")
    assert json.loads(json.dumps(loaded.state)) == json.loads(json.dumps(session.state))


def test_a_save_from_before_packing_still_loads():
    session = _session()
    data = json.loads(json.dumps(session.to_json()))
    data["snapshot"] = json.loads(json.dumps(session.state))          # the whole state, as saves held it
    loaded = from_text(json.dumps(data), "whole.json")
    assert json.loads(json.dumps(loaded.state)) == data["snapshot"]


def test_a_hand_edited_packed_save_is_caught():
    session = _session()
    data = json.loads(json.dumps(session.to_json()))
    rows = data["snapshot"][PACKED]["rows"]
    uid = next(u for u, row in rows.items() if type(row) is list and row[0] == "map")
    rows[uid][1] = [rows[uid][1][0] + 1, rows[uid][1][1]]
    with pytest.raises(SaveError, match="has been changed"):
        from_text(json.dumps(data), "edited.json")
