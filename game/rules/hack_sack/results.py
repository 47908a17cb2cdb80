"""Combat results (section VIII): rolling the battle, and each result, retreats and confusion."""
from __future__ import annotations

from game.core.steps import Step

from . import board as boards
from . import odds, pieces
from .board import distance
from .flow import FLOW, hexact, hexarg, step


def resolve(state: dict, attackers: list, defenders: list) -> str:
    """Fight one battle: odds, shifts, one die, the city modifier, then the result."""
    b = odds.battle(state, attackers, defenders)
    side = state["units"][attackers[0]]["side"]
    (roll,) = pieces.roll(state, "Battle")
    modified, code = odds.result_for(b["column"], roll, b["city"])
    for a in attackers:
        state["units"][a]["attacked"] = True
    for d in defenders:
        state["units"][d]["defended"] = True
    shown = "Better (no defence)" if b["odds"] is None else str(b["odds"])
    names = lambda ids: ", ".join(state["units"][i]["name"] for i in ids)
    shift = f", shifted to {b['column']} ({'; '.join(b['shifts']['reasons'])})" if b["column"] != b["base"] else ""
    city = f", city -1 makes {modified}" if b["city"] and modified != roll else ""
    pieces.log(state, side, f"{names(attackers)} ({b['attack']}) attack {names(defenders)} ({b['defend']}): "
                            f"odds {shown}{shift}; [d6:{roll}]{city}: {code}.")
    number = (state.get("last_battle") or {}).get("number", 0) + 1
    state["battle"] = {"attackers": list(attackers), "defenders": list(defenders), "number": number,
                       "odds": odds.battle_odds(state, attackers, defenders), "result": code, "roll": roll}
    # Kept after the battle is cleared (the phase may end in the same action) so the table can
    # still show the roll and result; numbered so a repeat of the same battle reads as new.
    state["last_battle"] = dict(state["battle"])
    apply_result(state, code, attackers, defenders)
    return code


def apply_result(state: dict, code: str, attackers: list, defenders: list) -> None:
    """Carry out a CRT result on every unit of the losing side (HSNJ-AMBIG-34)."""
    if code == "nr":
        return                                      # HSNJ-RES-10
    side = state["units"][attackers[0]]["side"]
    if code.startswith("A"):
        far = set(odds.ranged(state, attackers, defenders))
        losers = [a for a in attackers if a not in far]            # HSNJ-CBT-8, AMBIG-37
        winners, winner_side = defenders, pieces.OTHER[side]
        if not losers:
            pieces.log(state, side, "Attacking from range: the result does not touch the attackers.")
            return
    else:
        losers, winners, winner_side = list(defenders), attackers, side
    if code.endswith("x"):
        for uid in losers:                          # HSNJ-RES-1, RES-2
            if state["units"][uid]["where"] != "dead":
                pieces.destroy(state, uid, winner_side)
    elif code.endswith("c"):
        for uid in losers:                          # HSNJ-RES-8, RES-9, JER-26
            u = state["units"][uid]
            if pieces.t(u).get("cow"):
                pieces.log(state, u["side"], f"{u['name']} is too dim to be Confused: no result.")
            elif not u["confused"]:
                u["confused"] = True
                pieces.log(state, u["side"], f"{u['name']} is Confused: whoop whoop!")
    else:
        n = int(code[-1])
        FLOW.call(state, "retreat", queue=list(losers), n=n, winners=list(winners), winner_side=winner_side)


def retreat_hexes(state: dict, unit: dict, n: int, winners: list) -> list:
    """End hexes of an n-hex retreat: each step farther from every winner, through friends only,
    on terrain the unit may enter, ending empty (HSNJ-RES-3, RES-5, AMBIG-26, AMBIG-35)."""
    b = boards.of(state)
    occ = pieces.occupancy(state)
    c = pieces.cls(unit)
    win_hexes = [state["units"][w]["hex"] for w in winners if state["units"][w]["where"] == "map"]
    frontier = {tuple(unit["hex"])}
    for _ in range(n):
        nxt = set()
        for h in frontier:
            for m in b.nbrs[h]:
                o = occ.get(m)
                if o is not None and state["units"][o]["side"] != unit["side"]:
                    continue
                if not b.enterable(m, c):
                    continue
                if all(distance(m, w) > distance(h, w) for w in win_hexes):
                    nxt.add(m)
        frontier = nxt
    return sorted(h for h in frontier if h not in occ)


def _current(state, frame):
    uid = frame["queue"][0]
    return state["units"][uid], retreat_hexes(state, state["units"][uid], frame["n"], frame["winners"])


def _advance(state, frame):
    """Retreat units with one way out or none; stop when the owner has a real choice."""
    while frame["queue"]:
        unit, options = _current(state, frame)
        if unit["where"] != "map":
            frame["queue"].pop(0)
        elif not options:                           # HSNJ-RES-6
            frame["queue"].pop(0)
            pieces.destroy(state, unit["id"], frame["winner_side"], "cannot retreat and is destroyed")
        elif len(options) == 1:
            frame["queue"].pop(0)
            _retreat(state, unit, options[0])
        else:
            return
    FLOW.end(state)


def _retreat(state, unit, h):
    pieces.place(unit, h)
    unit["confused"] = False                        # HSNJ-RES-7
    pieces.log(state, unit["side"], f"{unit['name']} retreats to {boards.of(state).label(h)}.")


def _actions(state, frame):
    _, options = _current(state, frame)
    return [hexact(h) for h in options]


def _on_hex(state, frame, h):
    unit = state["units"][frame["queue"].pop(0)]
    _retreat(state, unit, hexarg(h))
    _advance(state, frame)


def _prompt(state, frame):
    unit = state["units"][frame["queue"][0]]
    side = "Krylons" if unit["side"] == "krylon" else "Jerseyites"
    return (f"{side}: click the highlighted hex where {unit['name']} ends its retreat "
            f"({frame['n']} hex{'es' if frame['n'] > 1 else ''} away from the winners).")


step(Step("retreat", who=lambda s, f: s["units"][f["queue"][0]]["side"], prompt=_prompt, actions=_actions,
          handlers={"hex": _on_hex}, enter=_advance,
          explain=lambda s, f, a: ("a retreat moves away from every winner, through friends only, "
                                   "and ends in an empty hex the unit may enter", "HSNJ-AMBIG-35")))
