"""What one player may see: everything but the other side's special cards and unrevealed plan.

Keys of view(state, player), beyond the contract's prompt/actions/active/phase/turn/scores/
pieces/log/dice: ``labels`` (button words, parallel to actions), ``stage`` (setup, strategy,
action, victory, over), ``segment`` ({n, side, card, phase, step} in an action segment),
``initiative``, ``hand`` (the player's own special cards, full data), ``hands``/``decks``/
``discards`` (counts for both sides), ``plan`` (the player's own chosen strategy cards, in
order), ``revealed`` (side -> strategy cards revealed this turn), ``strategy`` (during the
secret choice: who has sealed, who is waiting, the viewer's own picks), ``build_points``,
``ruins``, ``hives`` (hive area -> 'imperial', 'ork' or None), ``boxes`` (off-map box ->
counter ids), ``moved`` (counters moved this phase), ``effects`` (card effects in force),
``events`` (the structured events of the action that made this state), ``result``.
Pieces are the counters on the map, one per counter, bottom of each stack first.
"""
from __future__ import annotations

from game.core import secret

from . import data
from .battle import battle_view
from .flow import FLOW
from .model import BOXES, SIDES, card_name, name, values
from .victory import check, hive_status

STAGES = {"setup": "Set-up", "strategy": "Strategy segment", "action": "Action segment",
          "victory": "Victory segment", "over": "Game over"}
SPECIALS = {c["id"]: c for side in SIDES for c in data.special_cards(side)}


def piece(state: dict, cid: str) -> dict:
    """How one counter shows: a wargame counter with its values and its tribe's band."""
    c = data.counters()[cid]
    flags = []
    if cid in state["ruins"]:
        flags.append("ruins")
    if cid in state["moved"]:
        flags.append("moved")
    if cid in state["retreated"]:
        flags.append("retreated")
    a, d, m = values(cid)
    return {"id": cid, "side": c["side"], "kind": c["type"], "at": state["at"][cid], "style": "counter",
            "label": c["name"], "values": [a, d, m], "symbol": data.types()[c["type"]]["name"],
            "flags": flags, "tribe": c.get("tribe"), "role": data.role(cid)}


def label(action) -> str:
    """A button or tooltip text for an action."""
    verb, *args = action
    if verb == "standard":
        return "Standard set-up"
    if verb == "place":
        return f"Place {name(args[0])} in {args[1]}"
    if verb == "card":
        return f"Play {card_name(args[0])}" if args[0] in SPECIALS else f"Choose {card_name(args[0])}"
    if verb == "move":
        return f"Move {name(args[0])} to {args[1]}"
    if verb == "remove":
        return f"Remove {name(args[0])}"
    if verb == "done":
        return "Done"
    words = _WORDS.get(verb)
    if words is not None:
        return words(*args)
    return verb.replace("_", " ").capitalize()


_WORDS = {
    "attack": lambda area: f"Attack {area}",
    "area": lambda area: area,
    "roll": lambda: "Roll",
    "cancel": lambda: "Call off the attack",
    "reroll": lambda: "Ghazghkull: roll again",
    "accept": lambda: "Accept the roll",
    "lose": lambda cid: f"Lose {name(cid)}",
    "retreat": lambda cid, area: f"Retreat {name(cid)} to {area}",
    "advance": lambda cid: f"Advance {name(cid)}",
    "buy": lambda cid: f"Build {name(cid)}",
    "rebuild": lambda *args: f"Rebuild {name(args[0])} in {args[1]}" if len(args) == 2 else f"Rebuild {args[0]}",
    "return": lambda cid: f"Return {name(cid)}",
    "decline": lambda: "No card",
    "check": lambda: "Check supply",
}


def view(state: dict, player: str | None) -> dict:
    """What ``player`` may see (None: a spectator, who sees no hidden card)."""
    active = FLOW.active(state)
    actions = FLOW.legal_actions(state) if player is not None and active == player else []
    frame = FLOW.frame(state) or {}
    status = hive_status(state)
    v = {"prompt": FLOW.prompt(state) if active == player or active is None else
         f"Waiting for the {side_name(active)}.",
         "actions": actions, "labels": [label(a) for a in actions], "active": active,
         "phase": _phase(state), "turn": state["turn"], "stage": state["stage"],
         "scores": {"imperial": sum(1 for s in status.values() if s == "imperial"),
                    "ork": sum(1 for s in status.values() if s == "ork")},
         "pieces": [piece(state, c) for area in sorted(state["stacks"]) for c in state["stacks"][area]],
         "boxes": {b: sorted(c for c, p in state["at"].items() if p == b) for b in BOXES},
         "log": list(state["log"]), "dice": dict(state["dice"]), "events": list(state["events"]),
         "segment": dict(state["segment"]) if state["segment"] else None,
         "initiative": state["initiative"], "build_points": state["build_points"],
         "ruins": list(state["ruins"]), "hives": status, "moved": list(state["moved"]),
         "effects": [dict(e) for e in state["effects"]],
         "hands": {s: len(state["hands"][s]) for s in SIDES},
         "decks": {s: len(state["decks"][s]) for s in SIDES},
         "discards": {s: list(state["discards"][s]) for s in SIDES},
         "hand": [dict(SPECIALS[c]) for c in state["hands"].get(player, [])] if player else [],
         "plan": state["revealed"][player] + state["plan"][player] if player else [],
         "revealed": {s: list(state["revealed"][s]) for s in SIDES},
         "result": dict(state["result"]) if state["result"] else None}
    if frame.get("step") == "strategy":
        v["strategy"] = secret.public(frame, player)
    fight = battle_view(state)
    if fight is not None:
        v["battle"] = fight
    if state["stage"] == "victory" or state["result"]:
        v["victory"] = check(state)
    return v


def _phase(state: dict) -> str:
    seg = state["segment"]
    if state["stage"] == "action" and seg:
        return f"Action segment {seg['n']}: {seg['phase'] or ''} ({side_name(seg['side'])})"
    return STAGES.get(state["stage"], state["stage"])


def side_name(side: str) -> str:
    """The side's name as players know it."""
    return {"imperial": "Imperium", "ork": "Orks"}.get(side, side)
