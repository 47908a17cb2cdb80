"""What must hold after every action (the fuzzer's invariants, issue 11)."""
from __future__ import annotations

from . import data
from .flow import FLOW
from .model import BOXES, SIDES, intact_value
from .movement import illegal

ALL = frozenset(data.counters())
BOX_SET = frozenset(BOXES)
# Moments when every stack must be legal: no phase is under way (BFA-STK-5, -6, -7).
AT_REST = ("strategy", "turn")


def invariants(state: dict) -> list:
    """Problems found in a state (empty when all is well)."""
    problems = []
    at, stacks = state["at"], state["stacks"]
    # BFA-COM-1: every one of the 145 counters in exactly one place.
    if set(at) != ALL:
        problems.append(f"{len(ALL ^ set(at))} counters missing from or unknown to the places")
    on_map = 0
    for area, pile in stacks.items():
        on_map += len(pile)
        if not pile:
            problems.append("an empty stack is kept")
        elif any(at.get(c) != area for c in pile):
            problems.append(f"the stack in {area} holds counters whose place is elsewhere")
    boxed = sum(1 for p in at.values() if p in BOX_SET)
    if on_map + boxed != len(at):
        problems.append("the map stacks and the counters' places disagree (a counter twice or lost)")
    # BFA-HIV-3, -4, -5: the build point track is the intact hives' and factories' defence.
    if state["build_points"] != intact_value(state):
        problems.append(f"build points {state['build_points']} are not the intact industry's {intact_value(state)}")
    frame = FLOW.frame(state)
    if frame is None or frame["step"] in AT_REST:
        for side in SIDES:
            bad = illegal(state, side)
            if bad:
                problems.append(f"{side} stacks break the stacking rules at a check point: {bad}")
    attacked = state["attacked"]
    if len(attacked) != len(set(attacked)):
        problems.append("an area was attacked twice in one combat phase (BFA-CBT-7)")
    for side in SIDES:
        cards = state["hands"][side] + state["decks"][side] + state["discards"][side]
        if len(cards) != len(set(cards)) or not set(cards) <= {c["id"] for c in data.special_cards(side)}:
            problems.append(f"{side} special cards are duplicated or foreign")
        elif state["stage"] != "setup" and len(cards) != len(data.special_cards(side)):
            problems.append(f"{side} special cards are not all in hand, deck or discards")
    return problems
