"""Hand-built positions for scenario tests: an empty mini board, units put where a test wants them.

Arrange a position before asking the rules about it. A state the rules have answered for keeps
those answers (per state object): change it afterwards only through pieces.own, which drops them
(tests/hack_sack/test_kept.py), or change a copy of it."""
from __future__ import annotations

from game.core.contract import IllegalAction
from game.rules.hack_sack import SPEC, pieces
from game.rules.hack_sack.flow import FLOW

from .grid import MINI


def empty(dice=(), turn: int = 2, condition: str = "normal") -> dict:
    """A game on the mini board with every unit off the map, ready to be arranged."""
    state = SPEC.setup(7, None, {"map": MINI})
    for u in pieces.units(state):
        u.update(where="pool", hex=None, pad=None, ship=None, confused=False, mp=0)
    state["turn"] = turn
    state["condition"] = {"key": condition, "roll": None}
    state["rng"]["dice"] = list(dice)
    state["log"] = []
    return state


def put(state: dict, uid: str, h, mp: float | None = None, confused: bool = False) -> dict:
    """Stand a unit in a hex (its full Move unless mp is given), through pieces.own: answers kept
    for the state are dropped, so a test may arrange more after asking the rules."""
    u = pieces.own(state, uid)
    pieces.place(u, h)
    u["mp"] = pieces.move_mp(state, u) if mp is None else mp
    u["confused"] = confused
    return u


def aboard(state: dict, uid: str, ship: str, mp: float | None = None) -> dict:
    """Put a unit aboard a spaceship (through pieces.own, as put)."""
    u = pieces.own(state, uid)
    u.update(where="ship", ship=ship, hex=None, pad=None)
    u["mp"] = pieces.move_mp(state, u) if mp is None else mp
    return u


def on_pad(state: dict, uid: str, pad: str = "Landing Pad 1", mp: float | None = None) -> dict:
    """Put a unit on a Landing Pad."""
    u = pieces.unit(state, uid)
    u.update(where="pad", pad=pad, hex=None, ship=None)
    u["mp"] = pieces.move_mp(state, u) if mp is None else mp
    return u


def moving(state: dict, side: str) -> dict:
    """Make it this side's movement step."""
    state["phase"] = f"{side}_movement"
    state["stack"] = [{"step": "turn", "then": "move"}, {"step": "move", "side": side, "sel": None, "dest": None}]
    return state


def fighting(state: dict, side: str) -> dict:
    """Make it this side's combat step (the cow has had her turn)."""
    state["phase"] = f"{side}_combat"
    state["stack"] = [{"step": "turn", "then": "combat"},
                      {"step": "combat", "side": side, "attackers": [], "defenders": [], "cow_done": True}]
    return state


def duel(attacker, a_hex, defender, d_hex, dice=(), side="krylon", **extra):
    """A combat step with one unit next to one enemy (plus any extra units: id -> hex)."""
    s = empty(dice)
    put(s, attacker, a_hex)
    put(s, defender, d_hex)
    for uid, h in extra.items():
        put(s, uid, h)
    return fighting(s, side)


def play(state: dict, *actions) -> dict:
    """Apply actions one after another."""
    for a in actions:
        state = SPEC.apply(state, a)
    return state


def refused(state: dict, action) -> tuple:
    """The (why, clause) of an illegal action; fails if it was accepted."""
    try:
        SPEC.apply(state, action)
    except IllegalAction as exc:
        return exc.why, exc.clause
    raise AssertionError(f"{action} was accepted")


def hexes(state: dict) -> set:
    """The hexes offered as actions now."""
    return {tuple(a[1]) for a in SPEC.legal_actions(state) if a[0] == "hex"}


def where(state: dict, uid: str):
    """A unit's hex as a tuple, or its where word."""
    u = pieces.unit(state, uid)
    return tuple(u["hex"]) if u["where"] == "map" else u["where"]


def step(state: dict) -> str:
    """The name of the step to be decided now."""
    frame = FLOW.frame(state)
    return frame["step"] if frame else "over"
