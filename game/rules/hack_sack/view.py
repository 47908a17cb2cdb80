"""What the players see: prompt, actions, pieces, log, dice, condition and the battle being built."""
from __future__ import annotations

from . import conditions, pieces
from .flow import FLOW
from .sequence import PHASE_NAMES


def piece(unit: dict) -> dict:
    """One counter for the board view."""
    t = pieces.t(unit)
    at = {"map": unit["hex"], "pad": unit["pad"], "ship": unit["ship"]}.get(unit["where"])   # None off the map
    return {"id": unit["id"], "side": unit["side"], "kind": unit["type"], "at": list(at) if unit["where"] == "map" else at,
            "where": unit["where"], "style": "counter", "label": unit["name"], "symbol": t["symbol"],
            "values": f"{t['attack']}-{t['defend']}-{t['move']}", "class": t["class"],
            "flags": ["confused"] if unit["confused"] else []}


def view(state: dict, player: str | None) -> dict:
    """Everything is open in this game (no hidden information)."""
    active = FLOW.active(state)
    frame = FLOW.frame(state) or {}
    cond = conditions.current(state)
    return {
        "prompt": FLOW.prompt(state),
        "actions": FLOW.legal_actions(state) if player is not None and player == active else [],
        "active": active, "phase": PHASE_NAMES.get(state["phase"], state["phase"]), "turn": state["turn"],
        "scores": dict(state["vp"]),
        "pieces": [piece(u) for u in state["units"].values() if u["where"] in ("map", "pad", "ship")],
        "log": list(state["log"]),
        "dice": dict(state["dice"]),
        "condition": {"key": cond["key"], "name": cond["name"], "roll": state["condition"]["roll"],
                      "flavour": cond["flavour"]},
        "battle": state.get("battle"),
        "last_battle": state.get("last_battle"),
        "selected": frame.get("sel"),
        "step": frame.get("step"),
        "result": state.get("over"),
    }
