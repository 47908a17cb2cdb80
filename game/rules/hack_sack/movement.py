"""Movement (section VII): MP, terrain, zones of control, roads and traffic, Senators, Confused units."""
from __future__ import annotations

import heapq

from game.core.steps import Step

from . import board as boards
from . import conditions, data, pieces, transport
from .flow import hexarg, step


# -- what hems a unit in ---------------------------------------------------------------------------
def enemy_zoc(state: dict, unit: dict) -> set:
    """Hexes in the ZOC of enemies of the unit's own class (HSNJ-MOV-7, MOV-8, MOV-9)."""
    b = boards.of(state)
    c = pieces.cls(unit)
    out = set()
    for e in pieces.on_map(state, pieces.OTHER[unit["side"]]):
        if pieces.cls(e) == c:
            out.update(b.nbrs[tuple(e["hex"])])
    return out


def senator_hold(state: dict, side: str, unit_class: str) -> set:
    """Hexes where a Krylon land unit is held by a Senator (HSNJ-JER-19)."""
    if side != "krylon" or unit_class != "L":
        return set()
    b = boards.of(state)
    out = set()
    for s in pieces.on_map(state, "jerseyite"):
        if pieces.t(s).get("senator"):
            out.update(b.nbrs[tuple(s["hex"])])
    return out


def held(state: dict, unit: dict) -> bool:
    """A Krylon land unit next to a Senator cannot move (HSNJ-JER-19, JER-20)."""
    return unit["where"] == "map" and tuple(unit["hex"]) in senator_hold(state, unit["side"], pieces.cls(unit))


# -- where a unit can go --------------------------------------------------------------------------------
def reach(state: dict, unit: dict) -> dict:
    """Destinations: 'q,r' or pad name -> {mp left, roll_from (hex key needing a traffic roll), stop}."""
    if unit["where"] == "ship":
        stops = enemy_zoc(state, unit)
        return {boards.key(h): {"mp": unit["mp"] - 1, "roll_from": None, "stop": h in stops, "unload": True}
                for h in transport.unload_hexes(state, unit)}
    if unit["confused"] or unit["mp"] <= 0 or unit["where"] not in ("map", "pad") or pieces.t(unit).get("cow"):
        return {}
    if unit["where"] == "pad" and unit["type"] != "star_frigate":
        return {}                                   # pad units only leave by Frigate (HSNJ-REI-2)
    if held(state, unit):
        return {}
    b = boards.of(state)
    occ = pieces.occupancy(state)
    side, c = unit["side"], pieces.cls(unit)
    terminal = enemy_zoc(state, unit) | senator_hold(state, side, c)
    start = unit["pad"] if unit["where"] == "pad" else tuple(unit["hex"])
    best, rolls = {start: unit["mp"]}, {}
    allowed = b.enter[c]                            # HSNJ-MOV-2..5
    if c != "L":                                    # every step costs 1: a plain breadth-first search
        _spread(b, best, start, unit["mp"], terminal, occ, side, state, allowed)
        heap = []
    else:
        heap = [(-unit["mp"], 0, start)]
    tick = 0
    while heap:
        neg, _, h = heapq.heappop(heap)
        rem = -neg
        if rem < best.get(h, -1) or isinstance(h, str):
            continue
        if h != start and (h in terminal):
            continue                                # entering a ZOC ends the move (HSNJ-AMBIG-25)
        for n in b.nbrs[h]:
            if n not in allowed:
                continue
            cost = 1
            o = occ.get(n)
            if o is not None and state["units"][o]["side"] != side:
                continue
            if c == "L" and n in b.roads:
                if h in b.roads:
                    cost = 0.5                      # road to road (HSNJ-MOV-13, MOV-15)
                else:
                    # getting onto the road needs a break in traffic (HSNJ-MOV-10, AMBIG-24)
                    if rem >= 1 and o is None and (h == start or h not in occ) \
                            and rem > rolls.get(n, (-1, None))[0]:
                        rolls[n] = (rem, h)
                    continue
            nr = rem - cost
            if nr < 0 or nr <= best.get(n, -1):
                continue
            best[n] = nr
            tick += 1
            heapq.heappush(heap, (-nr, tick, n))
    if unit["type"] == "star_frigate":
        _via_pads(b, best, start, terminal, occ, side, state)
    out = {}
    keys = b.keys
    for n, rem in best.items():
        if n == start:
            continue
        if isinstance(n, str):
            out[n] = {"mp": rem, "roll_from": None, "stop": False}
        elif n not in occ:
            out[keys[n]] = {"mp": rem, "roll_from": None, "stop": n in terminal}
    for n, (rem, h) in rolls.items():
        k = keys[n]
        if k not in out:
            out[k] = {"mp": rem, "roll_from": keys[h], "stop": n in terminal}
    return out


def _spread(b, best, start, mp, terminal, occ, side, state, allowed) -> None:
    """Water and space units: 1 MP a hex, through friends, stopping in an enemy zone of control."""
    frontier = [] if isinstance(start, str) else [start]
    rem = mp
    units = state["units"]
    while frontier and rem >= 1:
        rem -= 1
        nxt = []
        for h in frontier:
            if h != start and h in terminal:
                continue                            # entering a ZOC ends the move (HSNJ-MOV-8)
            for n in b.nbrs[h]:
                if n in best or n not in allowed:
                    continue
                o = occ.get(n)
                if o is not None and units[o]["side"] != side:
                    continue
                best[n] = rem
                nxt.append(n)
        frontier = nxt


def _via_pads(b, best, start, terminal, occ, side, state) -> None:
    """Frigates pass between a pad and any map hex for the pad's entry cost (HSNJ-GAP-9, map notes)."""
    cost = b.pad_cost
    if isinstance(start, str):
        orbit = best[start]
        hop = orbit - 2 * cost                      # pad to pad is down to the map and up again: 2 MP
    else:
        orbit = max((r for h, r in best.items() if h == start or h not in terminal), default=-1) - cost
        hop = orbit
    for p in b.pads:
        if p != start and hop >= 0 and hop > best.get(p, -1):
            best[p] = hop
    land = orbit - cost
    if land < 0:
        return
    for h in b.pad_entry:
        o = occ.get(h)
        if (o is None or state["units"][o]["side"] == side) and land > best.get(h, -1):
            best[h] = land


# -- carrying out a move ------------------------------------------------------------------------------------
def traffic(state: dict, unit: dict, h) -> bool:
    """Roll for a break in traffic to get onto a road (HSNJ-MOV-10, MOV-11)."""
    (value,) = pieces.roll(state, f"Traffic: {unit['name']}")
    ok = value <= conditions.traffic_max(state)
    label = boards.of(state).label(h)
    pieces.log(state, unit["side"], f"{unit['name']} {'finds a break in traffic onto' if ok else 'is stuck in traffic before'} "
                                    f"{label} [d6:{value}].")
    return ok


def move_to(state: dict, unit: dict, target: str, info: dict) -> None:
    """Move a unit to a destination from reach(); a needed traffic roll may stop it short."""
    b = boards.of(state)
    if info.get("unload"):
        transport.unload(state, unit["id"], boards.unkey(target), info["stop"])
        return
    if target in b.pads:
        unit.update(where="pad", pad=target, hex=None, mp=info["mp"])
        pieces.log(state, unit["side"], f"{unit['name']} lifts off to {target}.")
        return
    h = boards.unkey(target)
    if info["roll_from"]:
        before = boards.unkey(info["roll_from"])
        if unit["where"] != "map" or tuple(unit["hex"]) != before:
            pieces.place(unit, before)
            pieces.log(state, unit["side"], f"{unit['name']} moves to {b.label(before)}.")
        unit["mp"] = info["mp"]
        if not traffic(state, unit, h):
            unit["mp"] = 0                          # the move is over (HSNJ-MOV-11)
            return
        pieces.place(unit, h)
        unit["mp"] = 0 if info["stop"] else info["mp"] - 1
        return
    pieces.place(unit, h)
    unit["mp"] = 0 if info["stop"] else info["mp"]
    pieces.log(state, unit["side"], f"{unit['name']} moves to {b.label(h)}"
                                    f"{' and must stop (zone of control)' if info['stop'] else ''}.")


# -- Confused units and the cow ----------------------------------------------------------------------------------
def confused_moves(state: dict, side: str) -> None:
    """Each Confused unit (and the cow) rolls on the Confused-Movement Table (HSNJ-CON-1, AMBIG-28)."""
    for unit in list(state["units"].values()):
        if unit["side"] == side and unit["where"] == "map" and (unit["confused"] or pieces.t(unit).get("cow")):
            confused_move(state, unit)
            unit["mp"] = 0                          # one hex per turn, that's it (HSNJ-CON-4)


def confused_move(state: dict, unit: dict) -> None:
    """One roll, one hex: or stay put when the hex cannot be entered (HSNJ-CON-2, CON-3)."""
    b = boards.of(state)
    (value,) = pieces.roll(state, f"Confused: {unit['name']}")
    entry = data.confused()["rolls"][str(value)]
    h = tuple(unit["hex"])
    n = (h[0] + entry["step"][0], h[1] + entry["step"][1])
    who = unit["side"]
    if n not in b.cls or not b.enterable(n, pieces.cls(unit)) or n in pieces.occupancy(state) or held(state, unit):
        pieces.log(state, who, f"{unit['name']} wanders {entry['direction']} [d6:{value}] but stays put.")
        return
    if pieces.cls(unit) == "L" and n in b.roads and h not in b.roads and not traffic(state, unit, n):
        return                                      # HSNJ-CON-5
    pieces.place(unit, n)
    pieces.log(state, who, f"{unit['name']} wanders {entry['direction']} [d6:{value}] to {b.label(n)}. "
                           f"{entry['flavour']}")


# -- the movement step ------------------------------------------------------------------------------------------
def movable(state: dict, side: str) -> list:
    """Units the player may pick: ones that might move, load or unload now (shared, do not change it)."""
    return kept(state, "movable", side, lambda: _movable(state, side))


def _movable(state: dict, side: str) -> list:
    b = boards.of(state)
    units = state["units"]
    room = [s for s in units.values() if s["side"] == side and transport.capacity(s)
            and s["where"] in ("map", "pad") and len(pieces.cargo(state, s["id"])) < transport.capacity(s)]
    near_ship = set()
    for s in room:
        near_ship.update(b.nbrs[tuple(s["hex"])] if s["where"] == "map" else (s["pad"],))
    hold = senator_hold(state, side, "L")
    out = []
    for u in units.values():
        if u["side"] != side or u["confused"] or pieces.t(u).get("cow"):
            continue
        w = u["where"]
        if w == "ship":
            ok = bool(transport.unload_hexes(state, u))
        elif w == "pad":
            ok = (u["type"] == "star_frigate" and u["mp"] >= 1) or \
                 ((u["pad"] in near_ship or u in room) and bool(transport.loads_for(state, u)))
        elif w == "map":
            h = tuple(u["hex"])
            ok = (u["mp"] > 0 and not (pieces.cls(u) == "L" and h in hold) and
                  any(b.enterable(n, pieces.cls(u)) for n in b.nbrs[h])) or \
                 ((h in near_ship or u in room) and bool(transport.loads_for(state, u)))
        else:
            ok = False
        if ok:
            out.append(u["id"])
    return out


# -- answers kept per position: the map does not change while a player thinks -------------------------------
_KEPT: dict = {}


def position(state: dict) -> tuple:
    """What movement answers depend on: the map and every unit's place, MP and confusion."""
    return (state["map"], state["condition"]["key"],
            tuple((k, *v[0], *v[1]) for k, v in state.get("pinned", {}).items()),
            tuple([(uid, u["where"], u["pad"] or u["ship"] or (u["hex"] and (u["hex"][0], u["hex"][1])),
                    u["mp"], u["confused"]) for uid, u in state["units"].items()]))


def kept(state: dict, what: str, uid: str, compute):
    """compute(), remembered for this position so legal_actions and apply share one search."""
    k = (what, uid, position(state))
    value = _KEPT.get(k)
    if value is None:
        if len(_KEPT) > 256:
            _KEPT.clear()
        value = _KEPT[k] = compute()
    return value


def reach_now(state: dict, uid: str) -> dict:
    """reach() for a unit in this position (shared, do not change it)."""
    return kept(state, "reach", uid, lambda: reach(state, state["units"][uid]))


def _select(state, frame, uid):
    frame["sel"] = uid


def _compute_actions(state, frame):
    acts = [("unit", uid) for uid in movable(state, frame["side"]) if uid != frame["sel"]]
    if frame["sel"]:
        unit = state["units"][frame["sel"]]
        by_key = boards.of(state).hex_actions
        for k in reach_now(state, frame["sel"]):
            acts.append(by_key.get(k) or ("box", k))
        acts += transport.loads_for(state, unit)
        acts.append(("deselect",))          # done with this unit: the phase goes on (HSNJ-MOV-1)
    return tuple(acts + [("done",)])


def _actions(state, frame):
    return kept(state, "actions", f"{frame['side']}/{frame['sel']}", lambda: _compute_actions(state, frame))


def _on_unit(state, frame, uid):
    _select(state, frame, uid)


def _on_place(state, frame, target):
    unit = state["units"][frame["sel"]]
    k = target if isinstance(target, str) else boards.key(hexarg(target))
    move_to(state, unit, k, reach_now(state, unit["id"])[k])
    _select(state, frame, unit["id"] if unit["id"] in movable(state, frame["side"]) else None)


def _on_load(state, frame, ship_id, unit_id):
    transport.load(state, ship_id, unit_id, held(state, state["units"][unit_id]))
    sel = frame["sel"] if frame["sel"] in movable(state, frame["side"]) else None
    _select(state, frame, sel)


def _on_deselect(state, frame):
    _select(state, frame, None)


def _on_done(state, frame):
    from . import sequence
    sequence.after_movement(state, frame["side"])


def _prompt(state, frame):
    who = "Krylons" if frame["side"] == "krylon" else "Jerseyites"
    if not frame["sel"]:
        return f"{who}: choose a unit to move (highlighted), or End movement."
    unit = state["units"][frame["sel"]]
    name, mp = unit["name"], f"{unit['mp']:g} MP left"
    if unit["where"] == "ship":
        return f"{who}: click a highlighted hex to unload {name} ({mp}), or choose another unit."
    loads = transport.loads_for(state, unit)
    if transport.capacity(unit) and loads:
        return f"{who}: move {name} ({mp}), or click a unit beside it or on its pad to load."
    if loads:
        return f"{who}: move {name} ({mp}), or click the spaceship beside it to board."
    return f"{who}: move {name} ({mp}) to a highlighted hex, or choose another unit."


def explain(state, frame, action):
    """Why a movement click is refused, with the clause."""
    verb = action[0]
    if verb == "unit":
        u = state["units"].get(action[1])
        if u is None or u["side"] != frame["side"]:
            return "you can only move your own units", "HSNJ-MOV-1"
        if pieces.t(u).get("cow"):
            return "nobody controls the cow; she wanders on her own", "HSNJ-JER-23"
        if u["confused"]:
            return "a Confused unit moves only by the Confused-Movement Table", "HSNJ-CON-1"
        if u["where"] == "pad":
            return "units on a Landing Pad leave only aboard a Star Frigate", "HSNJ-REI-2"
        if transport.pinned(state, u):
            return "a Senator's hold: it leaves only when its spaceship carries it away", "HSNJ-JER-22"
        if held(state, u):
            return "a Senator's red tape holds this unit in place", "HSNJ-JER-19"
        return "this unit has no movement points left", "HSNJ-UNI-4"
    if verb == "load":
        ship, unit = state["units"].get(action[1]), state["units"].get(action[2])
        if ship and unit:
            ok, why, clause = transport.can_load(state, unit, ship)
            if not ok:
                return why, clause
        return "choose the unit or the spaceship first", "HSNJ-LOD-2"
    if verb in ("hex", "box") and frame["sel"]:
        return _why_not_there(state, state["units"][frame["sel"]], action)
    if verb in ("hex", "box"):
        return "choose a unit to move first", "HSNJ-MOV-1"
    return None


def _why_not_there(state, unit, action):
    b = boards.of(state)
    if action[0] == "box":
        return "only Star Frigates and new reinforcements may be on a Landing Pad", "HSNJ-MOV-6"
    h = hexarg(action[1])
    if h not in b.cls:
        return "that hex is not on the map", "HSNJ-GAP-11"
    if unit["where"] == "ship":
        return "a unit unloads into an empty hex next to its spaceship, for 1 MP", "HSNJ-LOD-6"
    if unit["where"] == "pad" and unit["type"] != "star_frigate":
        return "units on a Landing Pad leave only aboard a Star Frigate", "HSNJ-REI-2"
    c = pieces.cls(unit)
    if not b.enterable(h, c):
        clause = {"L": "HSNJ-MOV-3", "W": "HSNJ-MOV-4"}.get(c, "HSNJ-MOV-5")
        return ("land units cannot enter water" if c == "L" else "water units cannot enter land"), clause
    if h in pieces.occupancy(state):
        return "only one unit may stand in a hex", "HSNJ-GAP-3"
    if held(state, unit):
        return "a Senator's red tape holds this unit in place", "HSNJ-JER-19"
    return "not enough movement points, or a zone of control stops the way", "HSNJ-MOV-8"


step(Step("move", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
          handlers={"unit": _on_unit, "hex": _on_place, "box": _on_place, "load": _on_load, "done": _on_done,
                    "deselect": _on_deselect},
          explain=explain))
