"""The step engine's gate: apply judges an action on the state as it is now."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.rules.judean_hammer import SPEC


def _choosing_a_card():
    state = SPEC.setup(3)
    while not any(a[0] == "card" for a in SPEC.legal_actions(state)):
        state = SPEC.apply(state, SPEC.legal_actions(state)[0])
    return state


def test_a_card_taken_out_of_the_hand_in_place_cannot_be_played():
    state = _choosing_a_card()
    side = SPEC.active(state)
    card = next(a for a in SPEC.legal_actions(state) if a[0] == "card")
    state["hands"][side].remove(card[1])           # changed in place after its choices were listed
    with pytest.raises(IllegalAction):
        SPEC.apply(state, card)


def test_a_card_put_into_the_hand_in_place_can_be_played():
    state = _choosing_a_card()
    side = SPEC.active(state)
    offered = {a[1] for a in SPEC.legal_actions(state) if a[0] == "card"}
    extra = next(c for c in state["draw"] if c not in offered)
    state["draw"].remove(extra)
    state["hands"][side].append(extra)
    assert SPEC.apply(state, ("card", extra))["stack"][-1]["card"] == extra


def test_the_flow_keeps_nothing_between_calls():
    from game.rules.judean_hammer.common import FLOW
    before = dict(vars(FLOW))
    state = _choosing_a_card()
    SPEC.apply(state, SPEC.legal_actions(state)[0])
    assert vars(FLOW).keys() == before.keys() and all(vars(FLOW)[k] is v for k, v in before.items())


def test_every_game_keeps_its_end_under_one_key():
    from game.rules import GAMES
    from tests import toykit
    for spec in list(GAMES.values()) + [toykit.SPEC]:
        if spec.name == "toy_race":
            continue                              # the smallest game: its result is worked out, not kept
        state = spec.setup(1)
        assert "result" in state and state["result"] is None and "over" not in state, spec.name


def test_a_steps_own_gate_agrees_with_its_list_of_choices():
    """Step.allows answers exactly 'is it in the list?' for every step that has one."""
    from game.core import rng
    from game.rules.judean_hammer.common import FLOW
    areas = sorted(SPEC.board(SPEC.setup(1)).areas)
    checked = 0
    for seed in range(6):
        state, picker = SPEC.setup(seed), {"rng": 0}
        rng.init(picker, seed)
        while SPEC.active(state) is not None:
            frame = FLOW.frame(state)
            step = FLOW.steps[frame["step"]]
            legal = SPEC.legal_actions(state)
            if step.allows is not None:
                tries = legal + [("done",), ("area", 7), ("area", ("x",)), ("pass",), ("move",), ("recruit", "1"),
                                 ("recruit", 1.5), ("recruit", 1.0), ("ops",), ("event",),
                                 ("card", 99), ("card", "x")] + [("area", a) for a in areas] + [("recruit", k) for k in range(5)]
                for action in tries:
                    assert step.allows(state, frame, action) == (action in legal), (frame["step"], action)
                    checked += 1
            state = SPEC.apply(state, rng.choice(picker, legal))
    assert checked > 1000
