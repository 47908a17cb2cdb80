"""The state as the rules hold it: at most 5 KB without the log, and older saves' shapes still load."""
from __future__ import annotations

import json
import random

import pytest

from game.core.session import SaveError, Session, from_text
from game.rules.hack_sack import SPEC, counters, pieces
from game.rules.hack_sack import odds
from game.rules.hack_sack.packing import PACKED, older_snapshots, pack, unpack, whole

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


def _without_log(state: dict) -> int:
    return len(json.dumps({k: v for k, v in state.items() if k != "log"}))


def test_the_state_as_the_rules_hold_it_is_at_most_5_kb_without_its_log(games):
    ends = [states[-1] for states in games]
    assert max(_without_log(s) for s in ends) <= LIMIT
    assert all(_without_log(whole(s)) > 2 * LIMIT for s in ends)    # the whole records it replaced


def test_every_state_comes_back_exactly_from_the_older_shapes(games):
    for states in games:
        for state in states:
            old = whole(state)
            assert unpack(json.loads(json.dumps(pack(old)))) == old
            assert all(set(e) == {"side", "vp", "source"} for e in old["vp_log"])     # VP entries as dicts
            for key in ("battle", "last_battle"):     # the older shape kept the results' words too
                if state.get(key):
                    assert old[key] == odds.worded(state[key]) != state[key]
            assert {uid: counters.row_of(unit) for uid, unit in old["units"].items()} == state["units"]


def test_what_the_packed_form_cannot_say_is_kept_whole():
    # a unit no counter sheet lists, and a VP entry carrying more than side, VP and source: never
    # made in play, but a save that holds them loses nothing (each kept as it is, not as a row)
    old = whole(json.loads(json.dumps(SPEC.setup(5))))
    old["units"]["scout9"] = dict(old["units"]["legion1"], id="scout9", name="Scout 9")
    old["vp_log"] = [{"side": "krylon", "vp": 2, "source": "Newark", "turn": 3}]
    back = unpack(json.loads(json.dumps(pack(old))))
    assert back["units"]["scout9"] == old["units"]["scout9"]
    assert back["vp_log"] == old["vp_log"]
    plain = dict(old, vp_log=[{"side": "krylon", "vp": 2, "source": "Newark"}])
    assert pack(plain)["vp_log"] == [["krylon", 2, "Newark"]]          # the usual entry as a row
    assert unpack(json.loads(json.dumps(pack(plain)))) == plain


def test_a_counter_reads_and_changes_its_row():
    state = json.loads(json.dumps(SPEC.setup(5)))
    assert (pieces.unit(state, "star_frigate2")["pad"], state["units"]["star_frigate2"]) == \
        ("Landing Pad 2", ["pad", 2, 0, 0])
    unit = pieces.own(state, "legion1")
    assert (unit["where"], unit["pad"], unit["hex"], unit["side"], unit["name"]) == \
        ("pool", None, None, "krylon", "Legion 1")
    unit.update(where="map", hex=(4, 5), pad=None, confused=True, mp=1.5)
    assert state["units"]["legion1"] == ["map", [4, 5], 1.5, 1]
    unit["attacked"] = True
    unit["confused"] = False
    assert state["units"]["legion1"] == ["map", [4, 5], 1.5, 2] and dict(unit)["attacked"] is True
    with pytest.raises(KeyError, match="never changes"):
        unit["side"] = "jerseyite"
    pieces.destroy(state, "legion1", "jerseyite")
    assert state["units"]["legion1"] == ["pool", None, 0, 2]    # a Krylon land unit goes back to the pool


def _session(seed: int = 4, moves: int = 120) -> Session:
    session = Session(SPEC, seed, None, {"deploy": "standard"})
    pick = random.Random(seed)
    for _ in range(moves):
        session.apply(pick.choice(session.legal_actions()))
    return session


def test_a_save_holds_the_state_as_the_rules_do_and_loads_exactly():
    session = _session()
    data = json.loads(json.dumps(session.to_json()))
    rows = data["snapshot"]["units"]
    assert PACKED not in data["snapshot"] and all(type(row) is list and len(row) == 4 for row in rows.values())
    loaded = from_text(json.dumps(data), "rows.json")
    assert json.loads(json.dumps(loaded.state)) == json.loads(json.dumps(session.state))


@pytest.mark.parametrize("shape", range(3), ids=["whole", "packed", "before events"])
def test_a_save_of_every_older_shape_still_loads(shape):
    session = _session()
    data = json.loads(json.dumps(session.to_json()))
    data["snapshot"] = json.loads(json.dumps(older_snapshots(json.loads(json.dumps(session.state)))[shape]))
    assert ("units" in data["snapshot"]) != (PACKED in data["snapshot"])
    loaded = from_text(json.dumps(data), "older.json")
    assert json.loads(json.dumps(loaded.state)) == json.loads(json.dumps(session.state))


def test_a_hand_edited_save_is_caught():
    session = _session()
    data = json.loads(json.dumps(session.to_json()))
    rows = data["snapshot"]["units"]
    uid = next(u for u, row in rows.items() if row[0] == "map")
    rows[uid][1] = [rows[uid][1][0] + 1, rows[uid][1][1]]
    with pytest.raises(SaveError, match="has been changed"):
        from_text(json.dumps(data), "edited.json")


def test_a_hand_edited_packed_save_is_caught():
    session = _session()
    data = json.loads(json.dumps(session.to_json()))
    data["snapshot"] = older_snapshots(json.loads(json.dumps(session.state)))[1]
    rows = data["snapshot"][PACKED]["rows"]
    uid = next(u for u, row in rows.items() if type(row) is list and row[0] == "map")
    rows[uid][1] = [rows[uid][1][0] + 1, rows[uid][1][1]]
    with pytest.raises(SaveError, match="has been changed"):
        from_text(json.dumps(data), "edited.json")
