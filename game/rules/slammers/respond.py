"""The defender's answer to an announced attack: Counter Artillery Fire and ECM jamming.

After an attack is announced (an artillery strike, HS-CAF-3; a Direct Fire attack, HS-ECM-3)
each defending side, in movement order from the moving side, is asked once, and only when it
has a unit that can act: a calliope or hover tank that may cancel a piece's shells
(("caf", shooter, piece), HS-CAF-1..9), or an ECM tank that may jam a conventional unit the
attack relies on (("jam", tank, unit), HS-ECM-1..9). ("done",) hands the attack back.
The attack's frame lies just below this step's; its ``asked`` lists the sides asked so far.
"""
from __future__ import annotations

from game.core.steps import Step

from . import board, pieces
from .flow import FLOW, event, log


def _attack(state: dict) -> dict:
    return state["stack"][-2]


def defenders(state: dict, frame: dict, kind: str) -> list:
    """Enemy sides with units under the attack, in movement order from the moving side."""
    side = frame["side"]
    if kind == "direct":
        owners = {state["units"][u]["side"] for u in frame.get("aim") or ()}
    else:
        owners = {state["units"][u]["side"] for u in pieces.units_in(state, tuple(frame["hex"]))}
    foes = set(pieces.enemies_of(state, side))
    return [s for s in pieces.seating(state).order_from(state["mover"]) if s in owners and s in foes]


def ask_next(state: dict, frame: dict, kind: str) -> bool:
    """Call the answer step for the next defender that can act; False when none is left to ask."""
    asked = frame.setdefault("asked", [])
    for side in defenders(state, frame, kind):
        if side in asked:
            continue
        asked.append(side)
        if _choices(state, side, frame, kind):
            FLOW.call(state, "respond", side=side, kind=kind)
            return True
    return False


# ---------------------------------------------------------------- who can answer


def caf_shooters(state: dict, side: str, h) -> list:
    """Calliopes and hover tanks of the side that may fire CAF at a hex: undisrupted, not yet fired,
    not towed, not in a Close Assault, within printed range and in LOS (HS-CAF-1, -6..9, HS-RNG-6)."""
    h = tuple(h)
    see = board.sees(state)
    out = []
    for u in pieces.on_map(state):
        d = state["units"][u]
        if d["side"] != side or d["dis"] or u in state["pt"]["fired"] or d.get("towed_by") or d.get("aboard"):
            continue
        if not (pieces.is_(state, u, "calliope") or pieces.is_hover_tank(state, u)):
            continue
        here = pieces.hex_of(state, u)
        dist = board.distance(here, h)
        if dist <= pieces.face(state, u).range and (dist == 0 or see(here, h)) \
                and not pieces.in_assault(state, u):
            out.append(u)
    return out


def ecm_tanks(state: dict, side: str) -> list:
    """The side's hover tanks bought with ECM that have not jammed this player-turn (HS-ECM-1/2, HS-AMBIG-35)."""
    used = state["pt"].get("jammers", ())
    return [u for u in pieces.on_map(state) if state["units"][u]["side"] == side
            and state["units"][u].get("ecm") and pieces.is_hover_tank(state, u) and u not in used]


def jammable(state: dict, frame: dict, kind: str) -> list:
    """Conventional units the attack relies on (HS-ECM-5): the firers of a combined Direct Fire
    attack (HS-ECM-6), the observers of a strike (HS-ECM-8)."""
    jammed = state["pt"].get("jammed", ())
    if kind == "direct":
        units = frame["group"] if len(frame["group"]) > 1 else []
    else:
        from .artillery import observers
        units = observers(state, frame["side"], frame["hex"])
    return [u for u in units if u not in jammed and pieces.force(state, u) == "conventional"]


def _choices(state: dict, side: str, frame: dict, kind: str) -> list:
    out = []
    if kind == "indirect":
        left = [u for u in frame["group"] if u not in frame["cancelled"]]
        out += [("caf", s, a) for s in caf_shooters(state, side, frame["hex"]) for a in left]
    targets = jammable(state, frame, kind)
    if targets:
        see = board.sees(state)
        for tank in ecm_tanks(state, side):
            here = pieces.hex_of(state, tank)
            out += [("jam", tank, u) for u in targets
                    if pieces.hex_of(state, u) == here or see(here, pieces.hex_of(state, u))]     # HS-ECM-4
    return out


# ---------------------------------------------------------------- the step


def _actions(state, frame):
    return _choices(state, frame["side"], _attack(state), frame["kind"]) + [("done",)]


def _caf(state, frame, shooter, piece):
    """Shells of one piece destroyed, its attack cancelled, with no roll (HS-CAF-4, -5, -9)."""
    attack = _attack(state)
    attack["cancelled"].append(piece)
    state["pt"].setdefault("cancelled", []).append(piece)
    state["pt"]["fired"].extend([shooter, piece])           # both have used their one attack (HS-RNG-12)
    state["pt"].setdefault("caf", []).append(shooter)
    event(state, "caf", side=frame["side"], unit=shooter, artillery=piece, hex=list(attack["hex"]))
    log(state, f"{pieces.label(state, shooter)} fires Counter Artillery Fire: the shells of "
               f"{pieces.label(state, piece)} are destroyed", frame["side"])
    if all(u in attack["cancelled"] for u in attack["group"]):
        FLOW.end(state)


def _jam(state, frame, tank, unit):
    """A conventional unit jammed for the player-turn; no roll (HS-ECM-2, -9)."""
    state["pt"].setdefault("jammed", []).append(unit)
    state["pt"].setdefault("jammers", []).append(tank)
    event(state, "jam", side=frame["side"], unit=tank, target=unit, hex=list(state["units"][unit]["at"]))
    log(state, f"{pieces.label(state, tank)} jams {pieces.label(state, unit)}", frame["side"])


def _explain(state, frame, action):
    if action[:1] == ("caf",):
        return ("only a calliope or hover tank in printed range and sight of the hex fires CAF", "HS-CAF-6")
    if action[:1] == ("jam",):
        return ("an ECM tank jams one conventional unit it sees that the attack relies on", "HS-ECM-4")
    return None


def _prompt(state, frame):
    attack = _attack(state)
    if frame["kind"] == "indirect":
        return f"Strike announced on {board.label(state, attack['hex'])}: Counter Artillery Fire or jam, then Done"
    return f"Attack announced on {board.label(state, attack['hex'])}: jam a firer with ECM, or Done"


FLOW.add(Step("respond", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"caf": _caf, "jam": _jam, "done": lambda s, f: FLOW.end(s)}, explain=_explain))
