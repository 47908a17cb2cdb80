"""Paradrops (HS-PAR-1..16, HS-AMBIG-2/3) and Counter Paradrop Fire (HS-CPF-1..9, HS-AMBIG-4..6).

A unit bought to paradrop waits off the map (``drop``: the first turn it may jump, HS-PAR-16).
In step 2 of its side's player-turn the player gives each jumping unit a drop zone
(("unit", id), then ("hex", [q, r]): no enemy there, HS-PAR-3/4) and jumps (("drop",)). Each
unit rolls for itself (HS-AMBIG-2): 1-3 on the zone, else a die for the direction (1 north,
then clockwise) and one for the distance (HS-PAR-5..7); a hex off the map becomes the nearest
map hex, landed on as clear ground (HS-PAR-8/9, HS-AMBIG-3). While they are in the air each
enemy side that can is asked for Counter Paradrop Fire (("cpf", shooter, unit)); then they land.
"""
from __future__ import annotations

from game.core import record
from game.core.steps import Step

from . import board, pieces, tables
from .fire import chances_on, odds_index
from .flow import FLOW, event, log

# Axial steps on our flat-topped grid, north at the top of every panel (HS-GAP-1): the hex due
# north first, then clockwise (HS-PAR-6).
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def due(state: dict, side: str) -> list:
    """The side's units waiting to jump whose turn has come (HS-PAR-2, -16)."""
    return [u for u, d in state["units"].items() if d["side"] == side and d["at"] is None
            and d.get("drop") and d["drop"] <= state["turn"]]


def wants(state: dict, side: str) -> bool:
    """Whether the moving side has units that may jump now."""
    return bool(due(state, side))


def zones_for(state: dict, side: str, uid: str) -> list:
    """Hexes the unit may be given as its drop zone: its scenario's, or any; never with an enemy (HS-PAR-3)."""
    grid = board.grid_of(state)
    allowed = state["units"][uid].get("entry") or grid.hex_list
    return [tuple(h) for h in allowed if not pieces.enemies_in(state, tuple(h), side)]


def landing(state: dict, zone, roll: list):
    """(hex, off_board) for a unit's dice: [1-3] on the zone, else [4-6, direction, distance] (HS-PAR-5..8)."""
    zone = tuple(zone)
    if roll[0] <= 3:
        return zone, False
    dq, dr = DIRECTIONS[roll[1] - 1]
    h = (zone[0] + dq * roll[2], zone[1] + dr * roll[2])
    grid = board.grid_of(state)
    if h in grid.terrain:
        return h, False
    return min(grid.hex_list, key=lambda x: (board.distance(x, h), x)), True


def lands_alive(state: dict, uid: str, h, off_board: bool) -> str | None:
    """Why a unit dies landing in a hex, or None (HS-PAR-9..11, HS-AMBIG-3)."""
    name = "clear" if off_board else board.terrain(state, h)
    if tables.of(state).terrain[name].deadly:
        return f"landed in {name}"                                # HS-PAR-10
    if not pieces.is_(state, uid, "infantry") and name != "clear":
        return f"a {pieces.utype(state, uid).name.lower()} must land in clear terrain"    # HS-PAR-11
    return None


# ---------------------------------------------------------------- Counter Paradrop Fire


def cpf_shooters(state: dict, side: str, uid: str, h) -> list:
    """The side's calliopes and hover tanks that may fire CPF at a unit landing in h: printed range
    (no extended range), LOS, not yet fired, not towed, undisrupted, not in a Close Assault; a hover
    tank only at odds of 1 to 4 or better (HS-CPF-1..3, -5, HS-AMBIG-4..6)."""
    see = board.sees(state)
    crt = tables.of(state).crt
    out = []
    for u in pieces.on_map(state):
        d = state["units"][u]
        if d["side"] != side or d["dis"] or u in state["pt"]["fired"] or d.get("towed_by") or d.get("aboard"):
            continue
        calliope = pieces.is_(state, u, "calliope")
        if not (calliope or pieces.is_hover_tank(state, u)) or pieces.in_assault(state, u):
            continue
        here = pieces.hex_of(state, u)
        dist = board.distance(here, h)
        if dist > pieces.face(state, u).range or (dist and not see(here, h)):
            continue
        if calliope or odds_index(crt, pieces.face(state, u).attack, pieces.face(state, uid).defence)[1]:
            out.append(u)
    return out


def _cpf_choices(state: dict, side: str, frame: dict) -> list:
    out = []
    for uid, land in frame["landing"].items():
        if uid not in frame["targeted"]:
            out += [("cpf", s, uid) for s in cpf_shooters(state, side, uid, tuple(land["hex"]))]
    return out


def _ask_cpf(state: dict, frame: dict) -> bool:
    """Call the CPF step for the next enemy side that can fire; False when none is left."""
    for side in pieces.seating(state).order_from(state["mover"]):
        if side in frame["asked"] or side not in pieces.enemies_of(state, frame["side"]):
            continue
        frame["asked"].append(side)
        if _cpf_choices(state, side, frame):
            FLOW.call(state, "cpf", side=side)
            return True
    return False


def _cpf(state, frame, shooter, uid):
    """One CPF shot: a calliope kills, a hover tank rolls at Direct Fire odds; hit means gone at once."""
    drop = state["stack"][-2]
    drop["targeted"].append(uid)
    state["pt"]["fired"].append(shooter)                          # HS-CPF-9
    state["pt"].setdefault("cpf", []).append(shooter)
    info = dict(side=frame["side"], unit=shooter, target=uid, hex=drop["landing"][uid]["hex"])
    if pieces.is_(state, shooter, "calliope"):
        hit, info["result"], info["chance"] = True, "automatic", 1.0   # HS-CPF-4
    else:
        attack, defence = pieces.face(state, shooter).attack, pieces.face(state, uid).defence
        crt = tables.of(state).crt
        column, _ = odds_index(crt, attack, defence)               # HS-CPF-5, HS-AMBIG-5
        a, b = record.throw(state, f"Counter Paradrop Fire at {pieces.label(state, uid)}", 2)
        code = crt.result(column, a + b)
        hit = _hits(state, code)
        info.update(attack=attack, defence=defence, column=column.name, dice=[a, b], roll=a + b, result=code,
                    chance=sum(c for k, c in chances_on(crt, column).items() if _hits(state, k)))
    event(state, "cpf", **info, hit=hit)
    log(state, f"{pieces.label(state, shooter)} fires Counter Paradrop Fire at {pieces.label(state, uid)}: "
               + ("shot down" if hit else "missed"), frame["side"])
    if hit:                                                        # HS-CPF-8, HS-RNG-15
        drop["landing"].pop(uid)
        _lost(state, uid, "shot down in the air")
    if not _cpf_choices(state, frame["side"], drop):
        FLOW.end(state)


def _hits(state: dict, code: str) -> bool:
    """Whether a CPF result brings the paratrooper down: any disruption or elimination; rubble is
    ignored (HS-CPF-7)."""
    what = tables.of(state).effects.get(code, tables.effects_of(code))
    return "disrupt" in what or "eliminate" in what


def _lost(state: dict, uid: str, why: str) -> None:
    d = state["units"][uid]
    d["drop"] = None
    pieces.eliminate(state, uid)
    state["lost"][d["side"]].append(uid)
    event(state, "eliminated", unit=uid, side=d["side"], hex=None, type=d["type"], phase="paradrops", why=why)


# ---------------------------------------------------------------- the jump


def _jump(state, frame):
    """Every unit with a zone rolls where it lands (HS-PAR-5..8); then CPF; then they land."""
    if not frame.get("jumping"):
        frame["jumping"] = True
        for uid, zone in frame["zones"].items():
            a = record.throw(state, f"paradrop of {pieces.label(state, uid)}", 1)[0]
            roll = [a] + (list(record.throw(state, "scatter direction and distance", 2)) if a > 3 else [])
            h, off = landing(state, zone, roll)
            frame["landing"][uid] = {"hex": list(h), "off_board": off}
            event(state, "scatter", unit=uid, side=frame["side"], zone=list(zone), dice=roll,
                  direction=roll[1] if a > 3 else None, distance=roll[2] if a > 3 else 0, hex=list(h),
                  off_board=off)
        frame["zones"] = {}
    if _ask_cpf(state, frame):
        return
    _land(state, frame)


def _land(state, frame):
    landed = state["pt"].setdefault("landed", [])
    for uid, land in frame["landing"].items():
        h = tuple(land["hex"])
        why = lands_alive(state, uid, h, land["off_board"])
        if why:
            _lost(state, uid, why)
            continue
        state["units"][uid].update(at=list(h), drop=None)
        landed.append(uid)                                          # HS-PAR-12..15
        event(state, "landed", unit=uid, side=frame["side"], hex=list(h))
        if pieces.enemies_in(state, h, frame["side"]):
            event(state, "assault_joined", unit=uid, side=frame["side"], hex=list(h))     # HS-PAR-13
        log(state, f"{pieces.label(state, uid)} lands {board.where(state, h)}", frame["side"])
    frame.update(landing={}, targeted=[], asked=[], jumping=False)


def _actions(state, frame):
    side, uid = frame["side"], frame.get("unit")
    if uid is not None:
        return [("hex", list(h)) for h in zones_for(state, side, uid)] + [("cancel",)]
    out = [("unit", u) for u in due(state, side)]
    if frame["zones"]:
        out.append(("drop",))
    return out + [("done",)]


def _pick(state, frame, uid):
    frame["unit"] = uid


def _zone(state, frame, h):
    frame["zones"][frame["unit"]] = list(h)
    frame["unit"] = None


def _explain(state, frame, action):
    if action[:1] == ("hex",) and frame.get("unit"):
        if pieces.enemies_in(state, tuple(action[1]), frame["side"]):
            return ("a drop zone must hold no enemy unit", "HS-PAR-3")
        return ("that hex is not a drop zone this scenario allows", "HS-PAR-3")
    if action[:1] == ("unit",):
        return ("only units bought to paradrop jump, from their scenario turn on", "HS-PAR-16")
    return None


def _prompt(state, frame):
    if frame.get("unit"):
        return f"Paradrop: pick the drop zone of {pieces.label(state, frame['unit'])}"
    return "Paradrops: give units their drop zones, then Drop; or Done to hold them"


FLOW.add(Step("paradrops", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"unit": _pick, "hex": _zone, "cancel": lambda s, f: f.update(unit=None),
                        "drop": _jump, "done": lambda s, f: FLOW.end(s)},
              explain=_explain, resume=lambda s, f, v: _jump(s, f),
              enter=lambda s, f: f.update(unit=None, zones={}, landing={}, targeted=[], asked=[],
                                          jumping=False)))


def _cpf_actions(state, frame):
    return _cpf_choices(state, frame["side"], state["stack"][-2]) + [("done",)]


FLOW.add(Step("cpf", who=lambda s, f: f["side"],
              prompt=lambda s, f: "Paratroopers in the air: fire Counter Paradrop Fire, or Done",
              actions=_cpf_actions, handlers={"cpf": _cpf, "done": lambda s, f: FLOW.end(s)},
              explain=lambda s, f, a: ("one calliope or hover tank in printed range and sight of the "
                                       "landing hex fires at each paratrooper", "HS-CPF-6")))
