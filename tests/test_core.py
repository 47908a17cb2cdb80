"""The core machinery: seeded RNG, step table, session undo/save/load, fuzzer, layering."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.core import rng
from game.core.contract import IllegalAction
from game.core.fuzz import illegal_is_refused, play_random_game
from game.core.session import SaveError, Session, load

ROOT = Path(__file__).resolve().parents[1]


def test_rng_is_deterministic_and_its_state_is_an_int():
    a, b = {}, {}
    rng.init(a, 42)
    rng.init(b, 42)
    assert [rng.d6(a) for _ in range(50)] == [rng.d6(b) for _ in range(50)]
    assert isinstance(a["rng"]["seed"], int)
    assert json.loads(json.dumps(a)) == a


def test_rng_dice_are_fair_enough():
    s = {}
    rng.init(s, 2026)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.d6(s) - 1] += 1
    assert all(900 < c < 1100 for c in counts), counts


def test_rng_scripted_dice_come_first_and_are_checked():
    s = {}
    rng.init(s, 1, {"dice": [6, 1, 3]})
    assert rng.dice(s, 3) == [6, 1, 3]
    assert 1 <= rng.d6(s) <= 6
    rng.init(s, 1, {"dice": [7]})
    with pytest.raises(ValueError):
        rng.d6(s)


def test_rng_shuffle_choice_and_draw_count():
    s = {}
    rng.init(s, 9)
    deck = rng.shuffle(s, list(range(26)))
    assert sorted(deck) == list(range(26)) and deck != list(range(26))
    after_shuffle = rng.draws(s)
    assert after_shuffle >= 25
    assert rng.choice(s, ["x"]) == "x"
    assert rng.draws(s) == after_shuffle + 1
    total = rng.two_d6(s)
    assert 2 <= total <= 12


def test_illegal_action_names_action_and_leaves_state(toy_spec):
    state = toy_spec.setup(3)
    state = toy_spec.apply(state, ("step",))
    state = toy_spec.apply(state, ("step",))
    with pytest.raises(IllegalAction) as err:
        toy_spec.apply(state, ("step",))
    assert "'step'" in str(err.value) and "TOY-1" in str(err.value)
    assert illegal_is_refused(toy_spec, state, ("fly", 3))


def test_undo_one_decision_but_never_across_dice_reveal_or_player(toy_spec):
    s = Session(toy_spec, seed=5)
    assert not s.can_undo()
    s.apply(("step",))
    assert s.can_undo() and s.undo() and s.state["pos"]["red"] == 0
    s.apply(("peek", 0))
    assert not s.can_undo()             # a reveal
    s.apply(("roll",))
    assert not s.can_undo()             # a die roll and a change of player
    s.apply(("pass",))
    assert not s.can_undo()             # a change of player


def test_before_the_hand_over_a_move_that_only_passed_play_on_can_be_taken_back(toy_spec):
    s = Session(toy_spec, seed=5)
    s.apply(("step",))
    s.apply(("pass",))                                  # blue to act: nothing rolled or revealed
    assert not s.can_undo() and s.can_undo(passing=True)
    assert s.undo(passing=True) and s.active() == "red"
    assert s.can_undo() and s.undo() and s.state["pos"]["red"] == 0    # and the step before it too
    s.apply(("roll",))                                  # a die: no passing undo either
    assert not s.can_undo(passing=True)


def _counter_spec():
    """A one-player game: 'inc' adds one (no barrier), 'roll' draws from the RNG (a barrier)."""
    from game.core.contract import GameSpec

    def apply(state, action):
        if action[0] not in ("inc", "roll"):
            raise IllegalAction(action, "not a counter action")
        rng = dict(state["rng"], draws=state["rng"]["draws"] + (action[0] == "roll"))
        return {"n": state["n"] + 1, "rng": rng}
    return GameSpec(name="counter", title="Counter", sides=("a",), setup=lambda *a: {"n": 0, "rng": {"draws": 0}},
                    view=lambda s, p: {}, legal_actions=lambda s: [("inc",), ("roll",)], apply=apply,
                    active=lambda s: "a", result=lambda s: None, test_only=True, playable=False)


def test_session_keeps_few_states_yet_undoes_every_step_back_to_the_last_barrier():
    from game.core import session as session_mod
    s = Session(_counter_spec(), seed=1)
    for _ in range(5):
        s.apply(("inc",))
    s.apply(("roll",))                     # a barrier: nothing before it is needed any more
    for _ in range(200):
        s.apply(("inc",))
    assert len(s._kept) <= session_mod.DENSE + 200 // session_mod.SPARSE + 2
    assert min(s._kept) == 5               # the state before the roll, for can_undo's look
    undone = 0
    while s.can_undo():
        assert s.undo()
        undone += 1
        assert s.state["n"] == 206 - undone and s.previous_state()["n"] == 205 - undone
    assert undone == 200 and s.state["n"] == 6 and not s.can_undo()
    s.apply(("inc",))
    assert s.state["n"] == 7 and s.can_undo()


def _turns_spec():
    """Two players and no dice: 'inc' adds one, 'pass' hands play to the other side."""
    from game.core.contract import GameSpec

    def apply(state, action):
        if action[0] not in ("inc", "pass"):
            raise IllegalAction(action, "not a counter action")
        side = state["side"] if action[0] == "inc" else "ab"["ab".index(state["side"]) - 1]
        return {"n": state["n"] + 1, "side": side, "rng": state["rng"]}
    return GameSpec(name="turns", title="Turns", sides=("a", "b"),
                    setup=lambda *a: {"n": 0, "side": "a", "rng": {"draws": 0}},
                    view=lambda s, p: {}, legal_actions=lambda s: [("inc",), ("pass",)], apply=apply,
                    active=lambda s: s["side"], result=lambda s: None, test_only=True, playable=False)


def test_session_forgets_turns_before_the_last_hand_over_yet_undoes_back_to_it():
    from game.core import session as session_mod
    s = Session(_turns_spec(), seed=1)
    for _ in range(30):                    # thirty turns of twenty moves and a pass, no dice at all
        for _ in range(20):
            s.apply(("inc",))
        s.apply(("pass",))
    assert min(s._kept) == 29 * 21 - 1     # the state before the last turn's first move, no older
    assert len(s._kept) <= session_mod.DENSE + 2 * 21 // session_mod.SPARSE + 3
    assert not s.can_undo() and s.undo(passing=True) and s.active() == "b"
    undone = 1
    while s.can_undo():                    # the whole turn that was passed on, move by move
        assert s.undo()
        undone += 1
        assert s.state["n"] == 630 - undone and s.previous_state()["n"] == 629 - undone
    assert undone == 21 and s.active() == "b" and not s.can_undo()
    s.apply(("inc",))
    assert s.state["n"] == 610 and s.can_undo()


def test_the_session_keeps_each_distinct_action_once():
    s = Session(_turns_spec(), seed=1)
    for _ in range(3):
        s.apply(["inc"])                   # read from a save: a list, made a tuple each time
    assert s.actions == [("inc",)] * 3
    assert s.actions[0] is s.actions[1] is s.actions[2]


def _eventful_spec():
    """Two players and no dice; every action records one event ('pass' hands play over)."""
    from game.core.contract import GameSpec

    def apply(state, action):
        side = state["side"] if action[0] == "inc" else "ab"["ab".index(state["side"]) - 1]
        serial = state["event_serial"] + 1
        event = {"serial": serial, "kind": action[0], "side": state["side"], "path": [state["n"]]}
        return {"n": state["n"] + 1, "side": side, "rng": state["rng"], "event_serial": serial,
                "events": [event]}
    return GameSpec(name="eventful", title="Eventful", sides=("a", "b"),
                    setup=lambda *a: {"n": 0, "side": "a", "rng": {"draws": 0}, "event_serial": 0,
                                      "events": []},
                    view=lambda s, p: {}, legal_actions=lambda s: [("inc",), ("pass",)], apply=apply,
                    active=lambda s: s["side"], result=lambda s: None, test_only=True, playable=False)


def test_the_session_keeps_the_events_of_the_last_two_turns_within_its_bounds():
    from game.core import session as session_mod
    s = Session(_eventful_spec(), seed=1)
    for turn in range(6):                  # turns of 30 moves, the last one's pass serial 180
        for _ in range(29):
            s.apply(("inc",))
        s.apply(("pass",))
    # the turn before the last hand-over (from the pass that began it, serial 150) and this one
    assert [e["serial"] for e in s.events_since(0)] == list(range(150, 181))
    for _ in range(50):                    # a long turn: the upper bound holds
        s.apply(("inc",))
    kept = s.events_since(0)
    assert len(kept) == session_mod.EVENTS_KEPT and kept[-1]["serial"] == 230 == s.last_event()
    assert kept[0] == {"serial": 230 - session_mod.EVENTS_KEPT + 1, "kind": "inc", "side": "b",
                       "path": [230 - session_mod.EVENTS_KEPT]}
    for _ in range(3):                     # short turns: only the turn before the hand-over and this one
        s.apply(("pass",))
    s.apply(("inc",))
    assert [e["serial"] for e in s.events_since(0)] == list(range(234 - session_mod.EVENTS_LEAST + 1, 235))
    assert [e["serial"] for e in s.events_since(232)] == [233, 234]
    assert s.undo() and s.last_event() == 233 and s.events_since(232)[0]["kind"] == "pass"


def test_save_load_round_trip_replays_exactly(toy_spec, tmp_path):
    s = Session(toy_spec, seed=11)
    for action in [("step",), ("roll",), ("peek", 1), ("roll",)]:
        s.apply(action)
    path = tmp_path / "game.json"
    s.save(path)
    again = load(path)
    assert again.state == s.state and again.actions == s.actions


@pytest.mark.parametrize("text, message", [
    ('{"format": 1, "game": "toy_race", "seed": 1, "act', "not valid JSON"),
    ("[1, 2]", "not a saved game"),
    ('{"format": 99, "game": "toy_race", "seed": 1, "actions": []}', "format 99"),
    ('{"format": 1, "game": "chess", "seed": 1, "actions": []}', "unknown game 'chess'"),
    ('{"format": 1, "game": "toy_race", "actions": []}', "has no usable seed"),
    ('{"format": 1, "game": "toy_race", "seed": 1, "actions": [["fly"]]}', "does not replay: action 1"),
])
def test_bad_saves_give_one_plain_sentence(toy_spec, tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveError) as err:
        load(path)
    assert message in str(err.value)
    assert "\n" not in str(err.value) and "Traceback" not in str(err.value)
    assert path.read_text() == text      # nothing overwritten


@pytest.mark.parametrize("game", ["judean_hammer", "hack_sack"])
def test_a_save_whose_map_is_gone_or_broken_names_the_map(tmp_path, game):
    from game.core import paths
    mine = paths.user_maps_dir()
    mine.mkdir(parents=True, exist_ok=True)
    broken = mine / "my-map.tmx"
    broken.write_text("<map><broken")
    for map_file, problem in ((mine / "gone.tmx", "gone.tmx"), (broken, "my-map.tmx: not readable")):
        path = tmp_path / "game.json"
        path.write_text(json.dumps({"format": 1, "game": game, "seed": 3, "options": {"map": str(map_file)},
                                    "actions": []}))
        with pytest.raises(SaveError) as err:
            load(path)
        assert problem in str(err.value) and "missing its seed" not in str(err.value)


def test_hand_edited_save_is_caught_by_its_snapshot(toy_spec, tmp_path):
    s = Session(toy_spec, seed=2)
    s.apply(("roll",))
    data = s.to_json()
    data["snapshot"]["pos"]["red"] = 19
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="has been changed"):
        load(path)


def test_missing_and_binary_saves(toy_spec, tmp_path):
    with pytest.raises(SaveError, match="no save file"):
        load(tmp_path / "nope.json")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError):
        load(tmp_path / "bin.json")


def test_autosave_is_written_after_every_action(toy_spec, private_data_dir):
    s = Session(toy_spec, seed=4, autosave=True)
    s.apply(("step",))
    saved = json.loads((private_data_dir / "autosave.json").read_text())
    assert saved["actions"] == [["step"]]
    assert not (private_data_dir / "autosave.json.tmp").exists()


def test_fuzzer_plays_the_toy_game_to_the_end(toy_spec):
    for seed in range(20):
        report = play_random_game(toy_spec, seed, reload_every=5, check_input=True)
        assert report.ok, report.problems
        assert report.finished


def test_fuzzer_reports_a_dead_end_and_writes_a_replay(toy_spec, tmp_path):
    from dataclasses import replace
    broken = replace(toy_spec, legal_actions=lambda state: [])
    report = play_random_game(broken, 1, replay_dir=tmp_path)
    assert not report.ok and "dead end" in report.problems[0]
    assert Path(report.replay_file).exists()


def test_pure_layers_import_no_pygame_and_only_rng_imports_random():
    bad = []
    for path in (ROOT / "game").rglob("*.py"):
        text = path.read_text()
        rel = path.relative_to(ROOT).as_posix()
        pure = rel.split("/")[1] in ("core", "boards", "rules", "ai")
        if pure and re.search(r"^\s*(import|from)\s+pygame", text, re.M):
            bad.append(f"{rel} imports pygame")
        if rel != "game/core/rng.py" and re.search(r"^\s*(import|from)\s+random\b", text, re.M):
            bad.append(f"{rel} imports random")
    assert not bad, bad


def test_fuzzer_catches_an_apply_that_is_not_deterministic(toy_spec):
    from dataclasses import replace
    calls = []

    def drifting_apply(state, action):
        new = toy_spec.apply(state, action)
        calls.append(1)
        new["drift"] = len(calls)          # a hidden counter: the same action gives another state
        return new

    report = play_random_game(replace(toy_spec, apply=drifting_apply), 3)
    assert any("undo and redo" in p for p in report.problems), report.problems


def test_a_flow_is_built_once_and_never_changed():
    import pytest as _pytest

    from game.rules.hack_sack.flow import FLOW as HS_FLOW
    from game.rules.judean_hammer.common import FLOW as JH_FLOW
    for flow in (HS_FLOW, JH_FLOW):
        assert flow.tuples and flow.copy is not None
        with _pytest.raises(AttributeError):
            flow.copy = dict
        with _pytest.raises(AttributeError):
            flow.tuples = False
        with _pytest.raises(ValueError, match="registered twice"):
            flow.add(next(iter(flow.steps.values())))


def test_the_dice_record_and_the_log():
    from game.core import record, rng
    state = {"log": [], "dice": {"serial": 4, "values": [], "text": ""}}
    rng.init(state, 1, {"dice": [5, 2, 3]})
    assert record.throw(state, "attack", 2) == [5, 2]
    assert state["dice"] == {"serial": 5, "values": [5, 2], "sides": 6, "text": "attack"}
    record.new_throw(state, "casualties")
    record.add_die(state, rng.d6(state))
    assert state["dice"] == {"serial": 6, "values": [3], "text": "casualties"}
    record.log(state, f"rolls {record.dice_text([5, 2])}", "red")
    record.log(state, "plain")
    assert state["log"] == ["red: rolls [d6:5][d6:2]", "plain"]
