"""The kit's state copy: a Shape's copier, copy on write (own), and answers kept per state (Kept)."""
from __future__ import annotations

import pytest

from game.core import statecopy
from game.core.statecopy import Kept, Shape, copy_state, own, own_part
from game.rules import playable_games

SHAPE = Shape(share=("turn", "done"), copy=("vp",), on_write=("log",), each=("hands",), rows=("units",), deep=("plan",),
              parts={"rng": Shape(copy=("dice",), rest="share")}, frames=Shape(copy=("path",), rest="share"))


def sample() -> dict:
    return {"turn": 3, "done": [1, 2], "log": ["a"], "vp": {"x": 1}, "hands": {"x": [1, 2]},
            "units": {"u1": {"hex": [1, 1], "mp": 3}, "u2": {"hex": [2, 2], "mp": 1}},
            "plan": {"x": [[1, 2]]}, "rng": {"seed": 5, "dice": [6]},
            "stack": [{"step": "move", "path": [1], "fixed": [9]}], "extra": {"deep": [[1]]}}


def test_a_shapes_copy_equals_the_state_and_shares_only_what_it_may():
    state = sample()
    new = SHAPE.copier()(state)
    assert new == state and new is not state
    assert new["done"] is state["done"]                                  # share
    assert new["vp"] is not state["vp"]                                  # copy
    assert new["log"] is state["log"]                                    # on_write: shared until own_part
    assert new["hands"]["x"] is not state["hands"]["x"]                  # each
    assert new["plan"]["x"][0] is not state["plan"]["x"][0]              # deep
    assert new["rng"]["dice"] is not state["rng"]["dice"]                # a part's own shape
    assert new["stack"][0]["path"] is not state["stack"][0]["path"]      # frames
    assert new["stack"][0]["fixed"] is state["stack"][0]["fixed"]
    assert new["extra"]["deep"][0] is not state["extra"]["deep"][0]      # not named: copied whole
    assert new["units"] is not state["units"] and new["units"]["u1"] is state["units"]["u1"]   # rows: on write


def test_changing_a_copy_where_its_shape_allows_leaves_the_source_as_it_was():
    state = sample()
    before = copy_state(state)
    new = SHAPE.copier()(state)
    own_part(new, "log").append("b")
    new["hands"]["x"].pop()
    new["plan"]["x"][0].append(3)
    new["rng"]["dice"].pop()
    new["stack"][0]["path"].append(2)
    new["extra"]["deep"][0].append(2)
    own(new, "units", "u1")["mp"] = 0
    assert state == before and new["units"]["u1"]["mp"] == 0


def test_a_part_named_twice_or_an_unknown_rest_is_refused():
    with pytest.raises(ValueError, match="named twice"):
        Shape(copy=("a",), deep=("a",))
    with pytest.raises(ValueError, match="rest"):
        Shape(rest="shallow")


def test_the_copy_owns_a_row_once_and_says_where_it_came_from_until_then():
    state = sample()
    new = SHAPE.copier()(state)
    assert statecopy.source_of(new) is state
    row = own(new, "units", "u1")
    assert row is not state["units"]["u1"] and own(new, "units", "u1") is row
    assert statecopy.source_of(new) is None                     # it has changed: answers may differ


def test_owning_rows_together_is_owning_each_in_turn():
    state = sample()
    new = SHAPE.copier()(state)
    first = own(new, "units", "u1")
    rows = statecopy.own_each(new, "units", ["u1", "u2"])
    assert rows[0] is first                                     # owned already: not copied again
    assert rows[1] is new["units"]["u2"] and rows[1] is not state["units"]["u2"]
    assert statecopy.own_each(new, "units", ["u2"])[0] is rows[1]
    assert statecopy.source_of(new) is None
    kept = Kept("units")
    kept.put(state, "x", 1)
    statecopy.own_each(state, "units", ["u1"])                 # a state in play: answers dropped
    assert kept.known(state) == {} and state["units"]["u1"] is not new["units"]["u1"]


def test_a_row_of_a_state_not_being_built_is_copied_each_time_it_is_owned():
    state = sample()
    new = SHAPE.copier()(state)
    SHAPE.copier()(new)                                         # new is in play now, shared with its copy
    shared = new["units"]["u2"]
    own(new, "units", "u2")["mp"] = 9
    assert shared["mp"] == 1 and new["units"]["u2"]["mp"] == 9


def test_the_copy_owns_a_part_on_write_once_and_its_source_keeps_its_own():
    state = sample()
    new = SHAPE.copier()(state)
    log = own_part(new, "log")
    log.append("b")
    assert log is not state["log"] and own_part(new, "log") is log and new["log"] is log
    own_part(new, "log").append("c")                            # the same list: copied once per copy
    assert state["log"] == ["a"] and new["log"] == ["a", "b", "c"]
    assert statecopy.source_of(new) is state                    # a part is not a row: answers still hold


def test_a_part_of_a_state_not_being_built_is_copied_each_time_it_is_owned():
    state = sample()
    new = SHAPE.copier()(state)
    newer = SHAPE.copier()(new)                                 # new is in play now, sharing its log
    own_part(new, "log").append("b")
    assert newer["log"] == ["a"] and new["log"] == ["a", "b"]


def test_kept_answers_hold_until_the_state_changes():
    kept, board = Kept("units"), {"serial": 1}
    kept.board_key = lambda state: board["serial"]
    state, calls = sample(), []

    def answer():
        calls.append(1)
        return sorted(u["mp"] for u in state["units"].values())
    assert kept.get(state, "mp", answer) == [1, 3] and kept.get(state, "mp", answer) == [1, 3]
    assert len(calls) == 1
    own(state, "units", "u1")["mp"] = 0                        # through the kit: dropped
    assert kept.get(state, "mp", answer) == [0, 1]
    state["units"] = dict(state["units"], u3={"hex": None, "mp": 5})   # a new table
    assert kept.get(state, "mp", answer) == [0, 1, 5]
    board["serial"] = 2                                          # another board
    assert kept.get(state, "mp", answer) == [0, 1, 5] and len(calls) == 4


def test_a_copy_shares_its_sources_answers_only_while_unchanged():
    kept, state = Kept("units"), sample()
    kept.get(state, "n", lambda: 1)
    new = SHAPE.copier()(state)
    kept.share(state, new)
    assert kept.get(new, "n", lambda: 2) == 1
    own(new, "units", "u1")
    assert kept.get(new, "n", lambda: 2) == 2 and kept.get(state, "n", lambda: 3) == 1


@pytest.mark.parametrize("game", playable_games(), ids=lambda g: g.name)
def test_every_game_copies_its_state_by_a_shape(game):
    flow = game.apply.__self__                         # the game's Flow
    assert getattr(flow.copy, "shape", None) is not None, f"{game.name} copies its state by hand"
    state = game.setup(3)
    assert flow.copy(state) == state
