"""Rally (HS-RAL-1..8) and the towing declared at the start of the player-turn (HS-TOW-1..10)."""
from __future__ import annotations

from game.core import record
from game.core.crt import roll_distribution
from game.core.steps import Step

from . import pieces
from .flow import FLOW, event, log

# ---------------------------------------------------------------- rally


def candidates(state: dict, side: str) -> list:
    """Disrupted units of the side that may try to rally now."""
    out = []
    for uid, d in state["units"].items():
        if d["side"] != side or d["at"] is None or not d["dis"] or d.get("towed_by"):
            continue                      # a towed gun rallies with its vehicle (HS-RAL-8)
        if uid in state["pt"]["tried"] or pieces.in_assault(state, uid):
            continue                      # HS-RAL-2
        out.append(uid)
    return out


def wants(state: dict, side: str) -> bool:
    """Whether the moving side has a unit to rally (HS-RAL-1)."""
    return bool(candidates(state, side))


def _rally_actions(state, frame):
    return [("rally", u) for u in candidates(state, frame["side"])] + [("done",)]


def rally_chance(morale: int) -> float:
    """The chance that 2d6 reach a morale value: a rally's odds (HS-RAL-3)."""
    return float(sum(p for total, p in roll_distribution(2, 6).items() if total >= morale))


def _roll(state: dict, uid: str, desperate: bool) -> bool:
    """One rally roll: 2d6 at or above the unit's morale rallies it (HS-RAL-3)."""
    d = state["units"][uid]
    kind = "desperation rally" if desperate else "rally"
    a, b = record.throw(state, f"{kind.capitalize()} of {pieces.label(state, uid)}", 2)
    ok = a + b >= d["morale"]
    event(state, "rally", unit=uid, side=d["side"], dice=[a, b], roll=a + b, morale=d["morale"],
          desperate=desperate, rallied=ok, chance=rally_chance(d["morale"]))
    log(state, f"{kind.capitalize()} of {pieces.label(state, uid)}: {record.dice_text([a, b])} against morale "
               f"{d['morale']}: {'rallied' if ok else 'still disrupted'}", d["side"])
    if ok:
        for u in (uid, d.get("tow")):          # one roll for the towing pair (HS-RAL-8)
            if u:
                state["units"][u]["dis"] = False
    return ok


def _rally(state, frame, uid):
    state["pt"]["tried"].append(uid)
    if not _roll(state, uid, False):
        FLOW.call(state, "desperation", side=frame["side"], unit=uid)      # HS-RAL-5


def _rally_done(state, frame):
    FLOW.end(state)


def _rally_explain(state, frame, action):
    if action[:1] == ("rally",) and len(action) == 2 and action[1] in state["units"]:
        uid = action[1]
        d = state["units"][uid]
        if not d["dis"]:
            return ("it is not disrupted", "HS-RAL-1")
        if pieces.in_assault(state, uid):
            return ("a disrupted unit in a Close Assault may not rally", "HS-RAL-2")
        if uid in state["pt"]["tried"]:
            return ("it has already tried to rally this turn", "HS-RAL-1")
    return None


FLOW.add(Step("rally", who=lambda s, f: f["side"],
              prompt=lambda s, f: "Rally: pick a disrupted unit to roll for, or Done",
              actions=_rally_actions, handlers={"rally": _rally, "done": _rally_done},
              explain=_rally_explain, resume=lambda s, f, v: None))


def _desperate(state, frame, uid):
    if not _roll(state, uid, True):                                     # HS-RAL-6/7
        gone = pieces.eliminate(state, uid)
        for g in gone:
            state["lost"][state["units"][g]["side"]].append(g)
            event(state, "eliminated", unit=g, side=state["units"][g]["side"], hex=None,
                  type=state["units"][g]["type"], phase="rally")
    FLOW.end(state)


FLOW.add(Step("desperation", who=lambda s, f: f["side"],
              prompt=lambda s, f: f"{f['unit']} failed to rally: roll a desperation rally "
                                  f"(failure removes it) or accept",
              actions=lambda s, f: [("desperate", f["unit"]), ("accept",)],
              handlers={"desperate": _desperate, "accept": lambda s, f: FLOW.end(s)}))

# ---------------------------------------------------------------- towing


def can_tow(state: dict, uid: str) -> bool:
    """A vehicle that is not a skimmer, not disrupted and free to hook up (HS-TOW-1/9, HS-DIS-7)."""
    d = state["units"][uid]
    return (pieces.is_(state, uid, "vehicle") and not pieces.is_(state, uid, "skimmer")
            and not d["dis"] and not d.get("tow") and not d.get("aboard") and d["at"] is not None
            and pieces.utype(state, uid).face.move > 0)


def hookups(state: dict, side: str) -> list:
    """(vehicle, gun) pairs that began the turn in one hex and may hook up (HS-TOW-3)."""
    out = []
    for v in pieces.on_map(state):
        if state["units"][v]["side"] != side or not can_tow(state, v) or pieces.in_assault(state, v):
            continue
        for g in pieces.units_in(state, pieces.hex_of(state, v), side):
            gd = state["units"][g]
            if pieces.is_(state, g, "artillery") and not gd.get("towed_by") and g != v:
                out.append((v, g))
    return out


def setups(state: dict, side: str) -> list:
    """Vehicles of the side towing a gun that may set it up now (HS-TOW-9/10)."""
    return [u for u in pieces.on_map(state) if state["units"][u]["side"] == side
            and state["units"][u].get("tow") and not state["units"][u]["dis"]]


def wants_tow(state: dict, side: str) -> bool:
    """Whether the side can hook up or set up a gun."""
    return bool(hookups(state, side) or setups(state, side))


def _tow_actions(state, frame):
    side, touched = frame["side"], frame.get("touched", [])
    return ([("hook", v, g) for v, g in hookups(state, side) if v not in touched and g not in touched]
            + [("setup", v) for v in setups(state, side) if v not in touched] + [("done",)])


def _hook(state, frame, v, g):
    state["units"][v]["tow"] = g
    state["units"][g]["towed_by"] = v                                   # HS-TOW-4
    frame["touched"] = frame.get("touched", []) + [v, g]
    event(state, "hook", side=frame["side"], vehicle=v, gun=g)
    log(state, f"{pieces.label(state, v)} hooks up {pieces.label(state, g)}", frame["side"])


def _setup(state, frame, v):
    g = state["units"][v]["tow"]
    state["units"][v]["tow"] = None
    state["units"][g]["towed_by"] = None                                # HS-TOW-10/11
    frame["touched"] = frame.get("touched", []) + [v, g]
    event(state, "set_up", side=frame["side"], vehicle=v, gun=g)
    log(state, f"{pieces.label(state, v)} sets up {pieces.label(state, g)}", frame["side"])


def _tow_explain(state, frame, action):
    if action[:1] == ("hook",) and len(action) == 3 and action[1] in state["units"]:
        v, g = action[1], action[2]
        if state["units"][v]["dis"]:
            return ("a disrupted vehicle may not hook up a gun", "HS-TOW-9")
        if pieces.is_(state, v, "skimmer") or not pieces.is_(state, v, "vehicle"):
            return ("only vehicles other than skimmers tow", "HS-TOW-1")
        if g in state["units"] and pieces.hex_of(state, v) != pieces.hex_of(state, g):
            return ("vehicle and gun must begin the turn in one hex", "HS-TOW-3")
        if state["units"][v].get("tow"):
            return ("a vehicle tows one gun", "HS-AMBIG-10")
    if action[:1] == ("setup",) and len(action) == 2 and action[1] in state["units"]:
        if state["units"][action[1]]["dis"]:
            return ("a gun cannot be set up while its vehicle is disrupted", "HS-TOW-9")
    return None


FLOW.add(Step("tow", who=lambda s, f: f["side"],
              prompt=lambda s, f: "Towing: hook guns to vehicles in their hex, set towed guns up, or Done",
              actions=_tow_actions, handlers={"hook": _hook, "setup": _setup, "done": lambda s, f: FLOW.end(s)},
              explain=_tow_explain))
