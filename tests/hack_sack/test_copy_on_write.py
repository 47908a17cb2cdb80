"""Apply's copy shares the log, VP, lost units, condition and Senator holds with the state it came
from until a rule changes one (game.core.statecopy.own_part): the state before must not change."""
from __future__ import annotations

import pytest

from game.core.statecopy import copy_state
from game.rules.hack_sack import conditions, pieces
from game.rules.hack_sack.flow import FLOW

from .helpers import empty, put


def _jerseyite(state: dict) -> str:
    """A Jerseyite unit that is lost for good when destroyed and worth VP to its destroyer."""
    return next(u["id"] for u in pieces.units(state) if u["side"] == "jerseyite"
                and not pieces.t(u).get("guerrilla") and not pieces.t(u).get("cow") and pieces.t(u)["attack"])


@pytest.mark.rule("HSNJ-VIC-1")
@pytest.mark.rule("HSNJ-REI-6")
def test_a_unit_destroyed_in_a_copy_scores_there_and_not_in_the_state_before():
    state = empty()
    uid = _jerseyite(state)
    put(state, uid, (2, 2))
    state["pinned"] = {uid: [[1, 1], [2, 2]]}
    before = copy_state(state)
    new = FLOW.fresh_copy(state)              # the copy apply hands a handler
    pieces.destroy(new, uid, "krylon")
    assert new["vp"]["krylon"] > 0 and new["vp_log"] and new["lost"] == [uid] and uid not in new["pinned"]
    assert new["log"] != before["log"]
    assert state == before                          # the VP, the record, the lost and the holds: untouched


@pytest.mark.rule("HSNJ-SOS-2")
def test_a_state_of_the_state_rolled_in_a_copy_leaves_the_state_before_as_it_was():
    state = empty(dice=(6, 6))
    before = copy_state(state)
    new = FLOW.fresh_copy(state)              # the copy apply hands a handler
    conditions.roll(new)
    assert new["condition"]["roll"] == 12 and new["condition"] != before["condition"]
    assert state == before
