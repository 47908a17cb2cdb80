"""Building Judean Hammer positions for rule tests on the mini map."""
from __future__ import annotations

from game.rules.judean_hammer import SPEC
from game.rules.judean_hammer.cards import IDS
from game.rules.judean_hammer.common import CUBES, FLOW, VP_MARKER

from . import mini


def position(units=None, hands=None, draw=None, dice=None, side="maccabean", vp=None,
             seed=1, rnd=1, **map_kw):
    """A game on the mini map at the start of ``side``'s card play, with the given units and cards.

    units: {"maccabean": {area: n}, "greek": {area: n}}; hands: {side: [ids]};
    draw: the top of the draw pile (other cards follow in id order; none in the discards).
    """
    key = mini.register(f"memory/jh-mini-{abs(hash(repr(sorted(map_kw.items()))))}.tmx", **map_kw) \
        if map_kw else mini.register()
    options = {"map": key}
    if dice:
        options["dice"] = list(dice)
    state = SPEC.setup(seed, options=options)
    if units is not None:
        for s in ("maccabean", "greek"):
            state["units"][s] = dict(units.get(s, {}))
            state["stock"][s] = CUBES - VP_MARKER - sum(state["units"][s].values())
    if hands is not None or draw is not None:
        hands = hands or {}
        state["hands"] = {s: list(hands.get(s, [])) for s in ("maccabean", "greek")}
        top = list(draw or [])
        held = set(top) | {c for h in state["hands"].values() for c in h}
        state["draw"] = top + [c for c in IDS if c not in held]
        state["discard"], state["combat"] = [], []
    if vp:
        state["vp"] = dict(vp)
        state["awards"] = [[vp["maccabean"], vp["greek"]]]
    state["round"] = rnd
    state["stack"] = [{"step": "turn", "side": side, "card": None, "stage": "choose"}]
    return state


def play(state, *actions):
    """Apply actions in order and return the last state."""
    for action in actions:
        state = SPEC.apply(state, action)
    return state


def step(state):
    """The name of the step to be decided now."""
    frame = FLOW.frame(state)
    return frame["step"] if frame else None


def units(state, side):
    """A faction's units on the map as {area: n}."""
    return dict(state["units"][side])


def legal(state):
    """The legal actions as a set."""
    return set(SPEC.legal_actions(state))
