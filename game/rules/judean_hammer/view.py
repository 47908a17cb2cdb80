"""What one player may see: everything but the opponent's hand and the draw pile's order.

Keys of view(state, player), beyond the contract's prompt/actions/active/phase/turn/scores/
pieces/log/dice: ``labels`` (button text, parallel to actions), ``round``, ``hand`` (the
player's own cards, full data), ``hands`` (counts), ``piles`` (draw/discard/combat counts,
discard_top, combat_top, removed and in_play cards, stockpile counts), ``control`` (region
-> side or None), ``cities`` (city -> side or None), ``starter``, ``revealed`` (the last card
revealed for a battle or ambush, and why), ``battle`` (the last battle or ambush: area,
strengths, winner, losses, card), ``pending`` (the step now: for "move" the selected area,
path, moving count, units left, range and groups; for "ambush" the candidates, target,
sources, battles to come and the moved groups; for "battles" the battle areas, attacker, any
retreat choice and the moved groups; for "turn" the card the player has picked; for
"reaction" the card offered; ``event``: the card whose event is being carried out),
``idle`` (legal actions that would do nothing but spend the card: a recruiting option that
places no unit, JH-REC-6, JH-REC-14; the table does not offer them),
and ``result``. The last round's scoring is not in the view: ``round_report(state, events)``
builds it from the round end's events, which the session keeps across actions. Pieces are one cube stack per area and side,
the count in ``label``/``values``/``count``; ``flags`` holds "moved" for stacks that moved.
"""
from __future__ import annotations

from .board import SIDES
from .cards import CARDS
from .common import FLOW, board_of, city_controller, draw_known, mixed_areas, region_control
from .recruit import MAC_OPTIONS, placeable
from .sequence import HAND

PHASES = {"first": "Select starting player", "turn": "Play cards", "ops": "Play cards: OPs",
          "recruit": "Play cards: recruiting", "move": "Play cards: movement",
          "ambush": "Play cards: ambush", "battles": "Play cards: battles",
          "reaction": "Play cards: opponent's event", "event": "Play cards: event",
          "pick": "Play cards: event"}


def card_data(cid):
    """A card with everything printed on it, for the hand panel and the log."""
    if cid is None:
        return None
    card = CARDS[cid]
    return {"id": cid, "title": card["title"], "ops": card["ops"], "faction": card["faction"],
            "banner": card["banner"], "sacrifice": card["banner"] == "orange",
            "modifier": dict(card["modifier"]), "text": card["text"]}


def label(action) -> str:
    """A button or tooltip text for an action."""
    verb, *args = action
    if verb == "card":
        return f"Play {CARDS[args[0]]['title']}"
    if verb == "ops":
        return "Use for OPs"
    if verb == "event":
        return "Play the event"
    if verb == "recruit":
        return "Recruit" if len(args) == 0 else f"Recruit ({args[0]}): {MAC_OPTIONS.get(args[0], '')}"
    if verb == "move":
        return "Move"
    if verb == "first":
        return f"{'Maccabeans' if args[0] == 'maccabean' else 'Greeks'} start"
    if verb == "area":
        return args[0]
    return verb.title()


RECRUIT_BUTTONS = {1: "in non-Greek-region cities", 2: "in 1 city of a Greek region",
                   3: "in 1 empty wilderness"}


def _label_for(state, frame, action) -> str:
    if action[0] == "recruit" and frame["side"] == "greek":
        return f"Recruit {min(frame['ops'], state['stock']['greek'])}"
    if action[0] == "recruit" and "ops" in frame:
        n = frame["ops"] - (action[1] != 1)            # options 2 and 3 place OPs - 1 (JH-REC-4, JH-REC-5)
        return f"Recruit {min(n, state['stock']['maccabean'])} {RECRUIT_BUTTONS[action[1]]}"
    if action[0] == "ops" and frame.get("card") is not None:
        return f"Use for {CARDS[frame['card']]['ops']} OPs"
    return label(action)


def _pieces(state, frame) -> list:
    moved = {}
    if frame and frame["step"] == "move":
        for g in frame["groups"]:
            moved[g["path"][-1]] = moved.get(g["path"][-1], 0) + g["n"]
    out = []
    for side in SIDES:
        for area, n in sorted(state["units"][side].items()):
            flags = ["moved"] if side == (frame or {}).get("side") and moved.get(area) else []
            out.append({"id": f"{side}:{area}", "side": side, "kind": "unit", "at": area,
                        "style": "cube", "label": str(n), "values": str(n), "count": n,
                        "symbol": "infantry", "flags": flags})
    return out


def _idle(state, frame, actions) -> list:
    """Recruiting options that would place no unit (OPs - 1 = 0, JH-REC-6; empty stockpile, JH-REC-14)."""
    if not frame or frame["step"] != "ops":
        return []
    return [a for a in actions if a[0] == "recruit" and placeable(state, frame["side"], a[1], frame["ops"]) <= 0]


def _pending(state, frame, player) -> dict:
    if not frame:
        return {}
    step = frame["step"]
    out = {"step": step}
    if step == "move":
        sel = frame["sel"]
        path = frame["groups"][sel]["path"] if sel is not None else []
        out.update(selected=path[-1] if path else None, path=list(path),
                   moving=frame["groups"][sel]["n"] if sel is not None else 0,
                   left=frame["limit"] - frame["started"], range=frame["range"],
                   groups=[{"path": list(g["path"]), "n": g["n"]} for g in frame["groups"]])
    elif step == "ambush":
        out.update(candidates=list(frame["candidates"]), target=frame["target"],
                   sources=list(frame["sources"]), battles=mixed_areas(state), attacker=frame["side"])
    elif step == "battles":
        out.update(battles=mixed_areas(state), attacker=frame["side"],
                   retreat=dict(frame["retreat"]) if frame["retreat"] else None)
    elif step == "turn" and frame["stage"] == "use" and player == frame["side"]:
        out.update(card=card_data(frame["card"]))
    elif step == "reaction":
        out.update(card=card_data(frame["card"]))
    elif step in ("pick", "recruit"):
        out.update({k: frame[k] for k in ("areas", "left", "act", "target", "option") if k in frame})
    if step in ("ambush", "battles"):
        # The moved groups are public (JH-AMB-6): the table draws them as marches.
        out["groups"] = [{"path": list(g["path"]), "n": g["n"]} for g in frame["groups"]]
    event = _event_card(state)
    if event is not None:
        out["event"] = card_data(event)
    return out


def _event_card(state):
    """The card whose event is being carried out, if any (its sub-steps sit above it)."""
    for frame in reversed(state["stack"]):
        if frame["step"] == "event":
            return frame["card"]
    return None


def round_report(state: dict, events: list) -> dict | None:
    """At the start of a round, before its first card: the last round's Check Supply losses, VP
    award and region control (JH-SUP-*, JH-SCO-1), from the round end's ``supply`` and ``scored``
    events in ``events`` (the session's record); None at any other moment or when they are gone."""
    frame = FLOW.frame(state)
    if not state["awards"] or frame is None or frame["step"] not in ("first", "turn") or \
            sum(len(h) for h in state["hands"].values()) < 2 * HAND or state["in_play"]:
        return None
    if frame["step"] == "turn" and frame["stage"] != "choose":
        return None
    last = state["round"] - 1
    scored = next((e for e in reversed(events) if e["kind"] == "scored" and e.get("what") == "regions"
                   and e.get("round") == last), None)
    if scored is None:
        return None
    supply = [{k: e[k] for k in ("side", "area", "n", "why")} for e in events
              if e["kind"] == "supply" and e.get("round") == last]
    return {"round": last, "supply": supply, "award": dict(scored["vp"]), "control": dict(scored["control"])}


def view(state: dict, player) -> dict:
    """The view of ``player`` (a side, or None for a spectator)."""
    frame = FLOW.frame(state)
    active = FLOW.active(state)
    board = board_of(state)
    actions = FLOW.legal_actions(state) if active is not None and player == active else []
    prompt = FLOW.prompt(state)
    event = _event_card(state) if frame and frame["step"] in ("pick", "move", "recruit") else None
    if event is not None:
        prompt = f"Event {CARDS[event]['title']}: {prompt}"
    if active is not None and player != active:
        prompt = f"Waiting for the {active} player."
    hands = state["hands"]
    piles = {"draw": len(state["draw"]), "discard": len(state["discard"]),
             "discard_top": card_data(state["discard"][-1] if state["discard"] else None),
             "combat": len(state["combat"]),
             "combat_top": card_data(state["combat"][-1] if state["combat"] else None),
             "removed": [card_data(c) for c in state["removed"]],
             "in_play": [card_data(c) for c in state["in_play"]],
             "stockpile": dict(state["stock"]), "draw_known": draw_known(state)}
    revealed = state["revealed"]
    return {"prompt": prompt, "actions": actions,
            "labels": [_label_for(state, frame, a) for a in actions],
            "active": active, "phase": PHASES.get(frame["step"], "") if frame else "Game over",
            "turn": state["round"], "round": state["round"], "scores": dict(state["vp"]),
            "pieces": _pieces(state, frame), "log": list(state["log"]),
            "dice": {"serial": state["dice"]["serial"], "values": list(state["dice"]["values"]),
                     "sides": 6, "text": state["dice"]["text"]},
            "hand": [card_data(c) for c in hands[player]] if player in hands else [],
            "hands": {s: len(hands[s]) for s in SIDES}, "piles": piles,
            "control": region_control(state, board),
            "cities": {c: city_controller(state, c) for c in board.cities},
            "starter": state["starter"],
            "revealed": {"card": card_data(revealed["card"]), "why": revealed["why"]} if revealed else None,
            "battle": _battle(state),
            "pending": _pending(state, frame, player), "result": state["result"],
            "idle": _idle(state, frame, actions),
            "events": list(state["events"])}     # the last few, numbered (game.core.record.event)


def _battle(state: dict) -> dict | None:
    """The last battle or ambush, with its casualty dice by side: [[side, values], ...].

    The winner of a battle rolls once and the loser its chain, the attacker first; in an
    ambush the Maccabeans roll once, then the Greeks (JH-BAT-8..11, JH-AMBIG-11)."""
    last = state["last_battle"]
    if not last:
        return None
    battle = dict(last)
    values = list(state["dice"]["values"])
    if last.get("kind") == "ambush":
        battle["rolls"] = [["maccabean", values[:1]], ["greek", values[1:]]] if last.get("won") else []
        return battle
    att = last.get("attacker")
    dfd = next((k for k in last.get("strength") or {} if k != att), None)
    first = 1 if last.get("winner") == att else max(0, len(values) - 1)
    battle["rolls"] = [[att, values[:first]], [dfd, values[first:]]]
    mod = CARDS[last["card"]]["modifier"] if last.get("card") is not None else None
    # The revealed card's modifier goes to the faction it names, attacker or defender (JH-BAT-4).
    battle["card_bonus"] = {mod["faction"]: mod["value"]} if mod and mod["faction"] in (att, dfd) else {}
    return battle


def why_not(state: dict, action) -> tuple:
    """(why, clause) for an action that is not legal now, for the UI's message line."""
    frame = FLOW.frame(state)
    if frame is None:
        return ("the game is over", None)
    step = FLOW.step(state)
    found = step.explain(state, frame, tuple(action)) if step.explain else None
    return found or ("it is not one of the choices now", None)
