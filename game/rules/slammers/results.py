"""Combat results: disruption, elimination and rubble, held until the round or player-turn ends.

All combat is simultaneous (HS-RNG-13): an eliminated unit is noted in ``state["pt"]["elim"]``
and still fires until the round ends (HS-AMBIG-16), a disruption waits in
``state["pt"]["dis"]`` until every attack of the player-turn is over (HS-DIS-1), and rubble
waits until the combat step in that hex is over (HS-RUB-3).
"""
from __future__ import annotations

from . import board, fortress, pieces, tables
from .flow import event, log


def effects(state: dict, code: str) -> tuple:
    """What a result code does: its entry in the tables, else read from its letters."""
    t = tables.of(state)
    return tuple(t.effects.get(code, tables.effects_of(code)))


def apply_result(state: dict, targets: list, code: str, h) -> list:
    """Apply one result to every targeted unit (HS-AMBIG-23); returns what happened, per unit."""
    what = effects(state, code)
    out = []
    for uid in targets:
        if "eliminate" in what:
            out.append(_eliminate(state, uid, "fire"))
        elif "disrupt" in what:
            out.append(disrupt(state, uid, h))
    if "rubble" in what:
        out.append(_rubble(state, h))
    return out


def _eliminate(state: dict, uid: str, why: str) -> dict:
    elim = state["pt"]["elim"]
    if uid not in elim:
        elim.append(uid)
    return {"unit": uid, "effect": "eliminated", "why": why}


def disrupt(state: dict, uid: str, h) -> dict:
    """A disruption result on one unit, with every rule that turns it into something else."""
    effect, why = disruption_of(state, uid, h)
    if effect == "eliminated":
        return _eliminate(state, uid, why)
    if effect == "disrupted":
        state["pt"]["dis"].append(uid)
    return {"unit": uid, "effect": effect, "why": why}


def disruption_of(state: dict, uid: str, h) -> tuple:
    """(effect, why) of a disruption result on one unit in hex h: "eliminated", "disrupted" or
    "none"; reads the state, changes nothing."""
    d = state["units"][uid]
    if uid in state["pt"]["elim"]:
        return "none", "already eliminated"
    if tables.of(state).terrain[board.terrain(state, h)].deadly:
        return "eliminated", "disrupted in swamp, river or lake"                # HS-DIS-6
    if pieces.is_(state, uid, "infantry") and not d.get("aboard"):
        if d.get("skim"):
            return "eliminated", "skimmer infantry disrupted"                  # HS-SKM-5
        if pieces.is_(state, uid, "militia"):
            return "eliminated", "militia disrupted"                           # HS-AMBIG-30
        return "none", "dismounted infantry ignores disruption"                # HS-DIS-5
    if d["dis"]:
        return "eliminated", "disrupted again"                                 # HS-DIS-4, HS-APC-8
    if uid in state["pt"]["dis"]:
        return "none", "already disrupted this player-turn"                    # HS-DIS-3
    return "disrupted", ""


def rubble(state: dict, h) -> dict:
    """A rubble result on a hex, laid when the step ends (HS-RUB-2, -3)."""
    return _rubble(state, h)


def _rubble(state: dict, h) -> dict:
    """Note rubble for a hex, placed when the step ends (HS-RUB-3); none in water (HS-RUB-7)."""
    k = board.key(h)
    terr = board.grid_of(state).terrain[h]
    if tables.of(state).terrain[terr].rubble == "none":
        return {"hex": list(h), "effect": "none", "why": f"{terr} is never rubbled"}
    if (k in state["rubble"] and not fortress.at(state, h)) or k in state["pt"]["rubble"]:
        return {"hex": list(h), "effect": "none", "why": "already rubble"}        # HS-AMBIG-31
    state["pt"]["rubble"].append(k)
    return {"hex": list(h), "effect": "rubble", "why": ""}


def end_round(state: dict, phase: str) -> None:
    """Remove the round's eliminated units and lay its rubble (HS-RNG-13, HS-RUB-3)."""
    pt = state["pt"]
    for uid in pt["elim"]:
        if state["units"][uid]["at"] is None:
            continue
        at = pieces.hex_of(state, uid)
        gone = pieces.eliminate(state, uid)
        for g in gone:
            event(state, "eliminated", unit=g, side=state["units"][g]["side"], hex=list(at),
                  type=state["units"][g]["type"], phase=phase)
            state["lost"][state["units"][g]["side"]].append(g)
        log(state, f"{pieces.names(state, gone)} {'is' if len(gone) == 1 else 'are'} eliminated",
            state["units"][uid]["side"])
    pt["dis"] = [u for u in pt["dis"] if state["units"][u]["at"] is not None]
    for k in pt["rubble"]:
        h = board.unkey(k)
        if fortress.at(state, h):                       # HS-RUB-9, HS-FOR-7: only rubble destroys it
            inner = fortress.remove(state, h)
            event(state, "fortress_destroyed", hex=list(h), occupants=inner, by="rubble")
            log(state, f"the fortress {board.where(state, h)} is rubble")
        if k in state["rubble"]:
            continue
        state["rubble"].append(k)
        bridge = tables.of(state).terrain[board.grid_of(state).terrain[h]].rubble == "destroyed"
        event(state, "rubble", hex=list(h), bridge_destroyed=bridge)              # HS-RUB-8
        log(state, f"the bridge {board.where(state, h)} is destroyed" if bridge
            else f"{board.ground(state, h)[1][:1].upper()}{board.ground(state, h)[1][1:]} is rubble")
    pt["elim"], pt["rubble"] = [], []
    if phase == "assault":                # HS-AMBIG-27: how many Close Assault steps a hex has seen
        now = {board.key(h) for h in pieces.assault_hexes(state)}
        counts = {k: v for k, v in state["assaults"].items() if k in now}
        for k in pt.get("assaulted", []):
            if k in now:
                counts[k] = counts.get(k, 0) + 1
        state["assaults"], pt["assaulted"] = counts, []


def flip_disruptions(state: dict) -> None:
    """Turn the player-turn's disrupted units face down, with the guns they tow (HS-DIS-1, HS-TOW-7)."""
    for uid in state["pt"]["dis"]:
        d = state["units"][uid]
        if d["at"] is None:
            continue
        for u in (uid, d.get("tow")):
            if u and not state["units"][u]["dis"]:
                state["units"][u]["dis"] = True
                event(state, "disrupted", unit=u, side=state["units"][u]["side"],
                      hex=list(state["units"][u]["at"]))
        log(state, f"{pieces.label(state, uid)} is disrupted", d["side"])
    state["pt"]["dis"] = []
