"""What a side sees: the whole battlefield (no hidden information), the step, plans and events."""
from __future__ import annotations

from . import assault, fire, movement, pieces, tables
from .flow import FLOW
from .sequence import TITLES

LOG_KEPT = 60


def counter(state: dict, uid: str) -> dict:
    """How a unit shows as a counter: army colour, attack-defence-range-move, flags."""
    d = state["units"][uid]
    t = pieces.utype(state, uid)
    f = pieces.face(state, uid)
    flags = [name for name, on in (("disrupted", d["dis"]), ("skimmer", d.get("skim")),
                                   ("towed", d.get("towed_by")), ("aboard", d.get("aboard")),
                                   ("towing", d.get("tow")), ("loaded", d.get("cargo")),
                                   ("inside", d.get("fort"))) if on]
    return {"id": uid, "side": d["side"], "kind": d["type"], "at": d["at"], "style": "counter",
            "label": t.abbrev or t.name, "name": t.name,
            "values": [f.attack, f.defence, f.range, f.move],          # attack-defence-range-move
            "stats": {"attack": f.attack, "defence": f.defence, "range": f.range, "move": f.move,
                      "move_type": f.move_type, "morale": d["morale"]},
            "army": t.army, "symbol": t.symbol, "cats": sorted(t.cats), "flags": flags,
            "under": d.get("towed_by") or d.get("aboard")}


def _plan(state: dict, frame: dict) -> dict | None:
    """The attack being built, previewed now (never stored)."""
    if frame.get("step") == "direct" and frame.get("hex") is not None:
        p = fire.preview(state, frame["group"], frame["hex"], frame["aim"])
        return {"kind": "direct", "firers": list(frame["group"]), "hex": frame["hex"],
                "targets": list(frame["aim"]), **p}
    if frame.get("step") == "assault" and frame.get("group"):
        p = assault.plan(state, frame["group"], frame["aim"])
        p.pop("_column")
        return {"kind": "assault", "firers": list(frame["group"]), "targets": list(frame["aim"]), **p}
    return None


def view(state: dict, player: str | None) -> dict:
    """The view of one side (or a spectator, None): everything is open in this game."""
    frame = FLOW.frame(state) or {}
    active = FLOW.active(state)
    from .victory import points
    seat = pieces.seating(state)
    out = {
        "prompt": FLOW.prompt(state), "active": active,
        "actions": FLOW.legal_actions(state) if active is not None and player in (active, None) else [],
        # the headline says the game is over, as the other games' do, not the phase it ended in
        "phase": "Game over" if active is None else TITLES.get(state.get("phase"), ""),
        "step": frame.get("step"), "turn": state["turn"], "turns": state["turns"],
        "mover": state["mover"], "sides": list(seat.sides),
        "scores": {s: points(state, s) for s in seat.sides},
        "pieces": [counter(state, u) for u in pieces.on_map(state)],
        "rubble": [list(map(int, k.split(","))) for k in state["rubble"]],
        "forts": [list(map(int, k.split(","))) for k in state.get("forts", ())],
        "assaults": [list(h) for h in pieces.assault_hexes(state)],
        "log": state["log"][-LOG_KEPT:], "events": list(state["events"]), "dice": state["dice"],
        "selected": frame.get("unit") or frame.get("group") or None,
        "plan": _plan(state, frame),
        "result": state.get("result"), "victory": [dict(c) for c in state["victory"]],
    }
    if frame.get("step") == "movement" and frame.get("unit"):
        uid = frame["unit"]
        out["reach"] = {f"{h[0]},{h[1]}": c for h, c in movement.reach(state, frame, uid).items()}
        out["mp_left"] = movement._mp(state, frame, uid)
        out["trail"] = [list(h) for h in movement.trail(frame, uid)]
    return out


def armies(state: dict) -> dict:
    """Army -> name and colour, from the tables."""
    return dict(tables.of(state).armies)
