"""A test-only game (never shipped): a dice race with hidden hands, to prove the machinery.

Each turn the active runner may 'step' forward once or twice (no dice), 'peek' at one of
the two hidden cards in hand (a reveal), then 'roll' a die to advance or 'pass'. The first
to reach 20 wins.
"""
from __future__ import annotations

from game.core import rng
from game.core.contract import GameSpec, Result
from game.core.steps import Flow, Step

SIDES = ("red", "blue")
GOAL = 20


def _other(side):
    return SIDES[1 - SIDES.index(side)]


def _turn_actions(state, frame):
    acts = [("roll",), ("pass",)]
    if frame["steps"] < 2:
        acts.append(("step",))
    acts += [("peek", i) for i, c in enumerate(state["hands"][frame["side"]]) if not c["seen"]]
    return acts


def _advance(state, frame, n):
    side = frame["side"]
    state["pos"][side] += n
    if state["pos"][side] >= GOAL:
        state["log"].append(f"{side} wins")
        FLOW.game_over(state)
        return True
    return False


def _on_step(state, frame):
    frame["steps"] += 1
    _advance(state, frame, 1)


def _on_peek(state, frame, i):
    state["hands"][frame["side"]][i]["seen"] = True
    state["reveals"] += 1


def _on_roll(state, frame):
    value = rng.d6(state)
    state["log"].append(f"{frame['side']} rolls {value}")
    if not _advance(state, frame, value):
        FLOW.goto(state, "turn", side=_other(frame["side"]), steps=0)


def _on_pass(state, frame):
    FLOW.goto(state, "turn", side=_other(frame["side"]), steps=0)


FLOW = Flow([Step("turn", who=lambda s, f: f["side"],
                  prompt=lambda s, f: f"{f['side']}: step, peek, roll or pass.",
                  actions=_turn_actions,
                  handlers={"step": _on_step, "peek": _on_peek, "roll": _on_roll, "pass": _on_pass},
                  explain=lambda s, f, a: ("you may step at most twice a turn", "TOY-1")
                  if a == ("step",) else None)])


def setup(seed, scenario=None, options=None):
    """A new race."""
    state = {"pos": {s: 0 for s in SIDES}, "log": [], "reveals": 0, "hands": {}}
    rng.init(state, seed, options)
    for side in SIDES:
        state["hands"][side] = [{"value": rng.d6(state), "seen": False} for _ in range(2)]
    FLOW.start(state, "turn", side="red", steps=0)
    return state


def view(state, player):
    """Everything but the other runner's hand."""
    hands = {s: (h if s == player else [{"hidden": True}] * len(h)) for s, h in state["hands"].items()}
    active = FLOW.active(state)
    return {"prompt": FLOW.prompt(state), "actions": FLOW.legal_actions(state) if player == active else [],
            "active": active, "phase": "race", "turn": 0, "scores": dict(state["pos"]),
            "pieces": [{"id": s, "side": s, "kind": "runner", "at": state["pos"][s]} for s in SIDES],
            "log": list(state["log"]), "hands": hands}


def result(state):
    """The winner once someone reaches the goal."""
    if FLOW.active(state) is not None:
        return None
    winner = max(SIDES, key=lambda s: state["pos"][s])
    return Result(winner, dict(state["pos"]), "reached the goal")


def invariants(state):
    """Positions never go backwards past the start."""
    return [f"{s} is behind the start" for s in SIDES if state["pos"][s] < 0]


SPEC = GameSpec(name="toy_race", title="Toy race (test only)", sides=SIDES, setup=setup, view=view,
                legal_actions=FLOW.legal_actions, apply=FLOW.apply, active=FLOW.active, result=result,
                hidden_information=True, invariants=invariants, test_only=True, playable=False,
                explain=FLOW.explain)
