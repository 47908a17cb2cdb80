"""What the players see: prompt, actions, pieces, log, dice, condition and the battle being built."""
from __future__ import annotations

from . import conditions, odds, pieces, victory
from .board import key
from .flow import FLOW
from .sequence import LAST_TURN, PHASE_NAMES


def piece(unit: dict) -> dict:
    """One counter for the board view."""
    t = pieces.t(unit)
    at = {"map": unit["hex"], "pad": unit["pad"], "ship": unit["ship"]}.get(unit["where"])   # None off the map
    return {"id": unit["id"], "side": unit["side"], "kind": unit["type"], "at": list(at) if unit["where"] == "map" else at,
            "where": unit["where"], "style": "counter", "label": unit["name"], "symbol": t["symbol"],
            "values": f"{t['attack']}-{t['defend']}-{t['move']}", "class": t["class"],
            "flags": ["confused"] if unit["confused"] else []}


def battle_preview(state: dict, frame: dict) -> dict | None:
    """The battle being built in a combat step, with its odds, or None (worked out on request)."""
    if frame.get("step") != "combat" or not (frame.get("attackers") and frame.get("defenders")):
        return None
    return {"attackers": list(frame["attackers"]), "defenders": list(frame["defenders"]),
            "odds": odds.battle_odds(state, frame["attackers"], frame["defenders"]), "result": None}


def _rolled(battle: dict | None) -> dict | None:
    """A battle with its die as the table reads it (a defender in a city: −1, HSNJ-CBT-16)."""
    battle = odds.worded(battle)
    if not battle or battle.get("roll") is None:
        return battle
    modified, _ = odds.result_for(battle["odds"]["column"], battle["roll"], battle["odds"]["city"])
    return {**battle, "modified_roll": modified}


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
        "pieces": [piece(u) for u in pieces.units(state) if u["where"] in ("map", "pad", "ship")],
        "log": list(state["log"]),
        "dice": dict(state["dice"]),
        "condition": {"key": cond["key"], "name": cond["name"], "roll": state["condition"]["roll"],
                      "flavour": cond["flavour"]},
        "battle": battle_preview(state, frame) or _rolled(state.get("battle")),
        "last_battle": _rolled(state.get("last_battle")),
        "last_turn": LAST_TURN,
        "city_holders": {key(h): side for h, side in victory.city_holders(state).items()},   # HSNJ-VIC-3
        "events": list(state["events"]),    # the last few, numbered (game.core.record.event)
        "selected": frame.get("sel"),
        "step": frame.get("step"),
        "result": state.get("result"),
    }
