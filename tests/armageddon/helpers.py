"""Positions for Battle for Armageddon tests, reached through the contract where it matters."""
from __future__ import annotations

from game.rules.armageddon import SPEC
from game.rules.armageddon import data
from game.rules.armageddon.flow import FLOW
from game.rules.armageddon.model import ELIMINATED, SET_ASIDE, put, set_ruined
from game.rules.armageddon.movement import start_movement


def started(seed: int = 1, **options) -> dict:
    """A game after both standard set-ups: the strategy segment of turn 1."""
    state = SPEC.setup(seed, options=options or None)
    state = SPEC.apply(state, ("standard",))
    return SPEC.apply(state, ("standard",))


def apply(state: dict, action, seen: list | None = None) -> dict:
    """Apply an action through the contract; ``seen`` gathers its events (as the session does)."""
    state = SPEC.apply(state, action)
    if seen is not None:
        seen += state["events"]
    return state


def choose(state: dict, imperial: tuple, ork: tuple, seen: list | None = None) -> dict:
    """Both sides choose their two strategy cards, through the contract."""
    for card in imperial + ork:
        state = apply(state, ("card", card), seen)
    return state


def card_with(side: str, phases: tuple) -> str:
    """The id of a side's strategy card showing these two phases."""
    return next(c["id"] for c in data.strategy_cards(side) if tuple(c["phases"]) == phases)


def position(imperial: dict, ork: dict, ruins=(), turn: int = 2, seed: int = 1) -> dict:
    """A started game with only the listed unit counters on the map (hives and forts stay).

    Every other unit is set aside (Imperial) or eliminated (Ork); nothing is pending.
    """
    state = started(seed)
    for cid, place in list(state["at"].items()):
        if data.role(cid) in ("unit", "leader") and place not in (SET_ASIDE,):
            put(state, cid, SET_ASIDE if cid.startswith("im") else ELIMINATED)
    for side_places in (imperial, ork):
        for area, ids in side_places.items():
            for cid in ids:
                put(state, cid, area)
    for area in ruins:
        cid = next(c for c, v in data.counters().items() if v.get("area") == area)
        set_ruined(state, cid, True)
    state["turn"] = turn
    return state


def movement_phase(state: dict, side: str) -> dict:
    """Start a movement phase for ``side`` in a position; the turn frame has nothing after it."""
    FLOW.game_over(state)
    FLOW.start(state, "turn", tasks=[])
    state["stage"] = "action"
    state["segment"] = {"n": 1, "side": side, "card": None, "phase": "movement", "step": 1}
    start_movement(state, side)
    return state
