"""apply's gate: a step's own quick answer (Step.allows) agrees with its list of choices."""
from __future__ import annotations

from game.core import rng
from game.rules.armageddon import SPEC
from game.rules.armageddon.flow import FLOW


def _odd_actions(state: dict) -> list:
    """Near misses: real counters and areas in the wrong verb, step or shape."""
    areas = sorted(SPEC.board(state).areas)[::7]
    ids = sorted(state["at"])[::9]
    out = [("done",), ("standard",), ("done", 1), ("move",), ("attack",), ("attack", 7), ("attack", ("x",)),
           ("place", "nobody", "Acheron"), ("move", "nobody", "Acheron"), ("move", 3, "Acheron"),
           ("roll",), ("cancel",), ("reroll",), ("accept",), ("buy", "nobody"), ("buy", 3), ("buy",)]
    out += [("attack", a) for a in areas] + [("area", a) for a in areas]
    out += [("buy", c) for c in ids] + [("lose", c) for c in ids] + [("advance", c) for c in ids]
    out += [("move", c, a) for c in ids for a in areas[:4]] + [("place", c, a) for c in ids for a in areas[:4]]
    return out


def test_every_quick_gate_agrees_with_its_list_over_whole_games():
    checked, seen = 0, set()
    for seed in range(4):
        state, picker = SPEC.setup(seed), {}
        rng.init(picker, seed + 50)
        while SPEC.active(state) is not None:
            frame = FLOW.frame(state)
            step = FLOW.steps[frame["step"]]
            legal = SPEC.legal_actions(state)
            if step.allows is not None:
                seen.add(step.name)
                for action in legal + _odd_actions(state):
                    assert step.allows(state, frame, action) == (action in legal), (step.name, action)
                    checked += 1
            state = SPEC.apply(state, rng.choice(picker, legal))
    assert seen == {"movement", "setup_ork", "bfa_combat", "bfa_battle", "bfa_build_imperial"} and checked > 5000
