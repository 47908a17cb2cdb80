"""Movement (HS-MOV-1..17), stacking (HS-STK-1..4), towing on the move (HS-TOW-4/5), APCs
(HS-APC-1..12) and skimmer infantry (HS-SKM-1..4).

The moving side picks a unit, then moves it to any hex it can reach with what is left of its
allowance (the cheapest path is taken), as often as it likes, mounting and dismounting on
the way, and stops it; a unit stopped, or left for another that then moves, is done.
Each unit keeps two allowances for the player-turn (``frame["mp"][uid]``): its own and, for
Mercenary and Slammers infantry, its skimmers' (HS-SKM-3).
"""
from __future__ import annotations

from game.core.steps import Step

from . import board, fortress, pieces, tables
from .flow import FLOW, event, log


def allowance(state: dict, uid: str) -> list:
    """[own, skimmer] movement factors at the start of the player-turn (HS-DIS-2, HS-TOW-5, HS-AMBIG-29)."""
    t, d = pieces.utype(state, uid), state["units"][uid]
    own = t.face.move
    if d["dis"]:
        own //= 2
    if d.get("tow"):
        own //= 2
    return [own, t.skimmer.move if t.skimmer is not None else 0]


def _mp(state: dict, frame: dict, uid: str) -> list:
    return frame["mp"].get(uid) or allowance(state, uid)


def _pool(state: dict, uid: str) -> int:
    """Which allowance pays for moving now: the skimmers' when mounted (HS-SKM-3)."""
    return 1 if state["units"][uid].get("skim") else 0


def move_type(state: dict, uid: str) -> str:
    """How a unit moves now (HS-MOV-3/4): its skimmer side hovers."""
    return pieces.face(state, uid).move_type


def _printed_move(state: dict, uid: str) -> int:
    return pieces.face(state, uid).move


def movers(state: dict, frame: dict) -> list:
    """Units of the moving side that may still be picked to move."""
    side, done = frame["side"], frame["done"]
    out = []
    for uid, d in state["units"].items():
        if d["side"] != side or d["at"] is None or uid in done or d.get("towed_by") or d.get("aboard"):
            continue
        if pieces.in_assault(state, uid):
            continue                                            # HS-MOV-13, HS-CA-11
        if _printed_move(state, uid) <= 0 and not pieces.utype(state, uid).skimmer:
            continue                                            # HS-MOV-8
        if d["dis"] and d.get("tow"):
            continue                                            # HS-AMBIG-11
        out.append(uid)
    return out


def wants(state: dict, side: str) -> bool:
    """The Movement step always asks the moving side (it may move none, HS-MOV-1)."""
    return True


def step_cost(state: dict, uid: str, a, b) -> int | None:
    """MP to step from a into b, or None when the unit may not enter b (HS-MOV-2, 9..11, 14, 15)."""
    return coster(state, uid)(a, b)


def coster(state: dict, uid: str):
    """cost(a, b) for one unit as things stand, with the tables it reads looked up once."""
    t = tables.of(state)
    mt = move_type(state, uid)
    grid = board.grid_of(state)
    ground = grid.terrain
    rubble = {board.unkey(k) for k in state["rubble"]}
    changed = {h: board.terrain(state, h) for h in rubble}      # a destroyed bridge is a river
    heavy = mt != "hover" and (pieces.is_(state, uid, "armour") or pieces.is_(state, uid, "mechanised"))
    dis = state["units"][uid]["dis"]
    rows, road, extra = t.terrain, t.road.get(mt), t.rubble_cost
    road_step = grid.is_road_step

    def cost(a, b):
        name = changed.get(b) or ground[b]
        row = rows[name]
        c = row.cost.get(mt)
        if c is None:
            return None
        if heavy and name in ("swamp", "lake"):
            return None                                         # HS-MOV-9
        if dis and not row.disrupted_may_enter:
            return None                                         # HS-DIS-8
        if road is not None and road_step(a, b) and changed.get(a, ground[a]) == ground[a] \
                and name == ground[b]:
            c = road                                            # HS-MOV-15 (no road over a destroyed bridge)
        if b in rubble and rows[ground[b]].rubble == "rubble":
            c += extra                                          # HS-RUB-5, HS-AMBIG-32
        return c
    return cost


_REACH: dict = {}


def reach(state: dict, frame: dict, uid: str) -> dict:
    """hex -> MP it costs, for every hex the unit may end a move in now (kept for the position:
    the unit, its allowance, every unit's hex and state, and the rubble)."""
    d = state["units"][uid]
    key = (state["map"], state.get("tables"), uid, tuple(_mp(state, frame, uid)), d.get("skim"),
           frame["entered"].get(uid, 0), state["event_serial"])
    found = _REACH.get(key)
    if found is not None and found[0] == _position(state):
        return found[1]
    out = _reach(state, frame, uid)
    if len(_REACH) > 256:
        _REACH.clear()
    _REACH[key] = (_position(state), out)
    return out


def _position(state: dict) -> tuple:
    return (tuple((d["at"][0], d["at"][1], d["dis"], d["side"]) if d["at"] else None
                  for d in state["units"].values()), tuple(state["rubble"]))


def _search(state: dict, frame: dict, uid: str) -> tuple:
    """(start hex, hex -> fewest MP from the start, the step cost used, the hexes that stop a move)
    for the unit moving now."""
    side = frame["side"]
    here = pieces.hex_of(state, uid)
    grid = board.grid_of(state)
    foes = set(pieces.enemies_of(state, side))
    occ = pieces.occupancy(state)
    hostile = {h for h, ids in occ.items() if any(state["units"][u]["side"] in foes for u in ids)}
    hostile |= set(pieces.assault_hexes(state))                # HS-MOV-12, HS-MOV-17
    dis = state["units"][uid]["dis"]
    left = _mp(state, frame, uid)[_pool(state, uid)]
    base = coster(state, uid)
    barred = fortress.barred(state, side)

    def cost(a, b):
        if dis and b in hostile:
            return None                                         # HS-CA-16
        if b in barred:
            return None                                         # HS-FOR-10/11
        return base(a, b)

    return here, grid.movement_range(here, left, cost, stop=lambda h: h in hostile), cost, hostile


def _reach(state: dict, frame: dict, uid: str) -> dict:
    here, best, cost, _ = _search(state, frame, uid)
    best = dict(best)
    best.pop(here, None)
    left = _mp(state, frame, uid)[_pool(state, uid)]
    grid = board.grid_of(state)
    if frame["entered"].get(uid, 0) == 0 and _printed_move(state, uid) > 0:
        for n in grid.neighbours(here):                         # HS-MOV-7, HS-AMBIG-8
            if n not in best and cost(here, n) is not None:
                best[n] = left
    size = pieces.size(state["units"][uid])
    occ = pieces.occupancy(state)
    side = frame["side"]
    return {h: c for h, c in best.items()
            if sum(1 for u in occ.get(h, ()) if state["units"][u]["side"] == side) + size
            <= pieces.STACK_LIMIT}                              # HS-STK-1..4


def route(state: dict, frame: dict, uid: str, dest) -> list:
    """The hexes the moving unit passes to reach ``dest`` by its cheapest way, its start first
    (read back from the same search as its reach; a one-hex move of HS-MOV-7 is [start, dest])."""
    here, best, cost, hostile = _search(state, frame, uid)
    dest = tuple(dest)
    if dest not in best:
        return [here, dest]
    grid = board.grid_of(state)
    way = [dest]
    while way[-1] != here and len(way) <= len(best):
        cur = way[-1]
        back = [n for n in grid.neighbours(cur)
                if n in best and (n == here or n not in hostile) and n not in way   # a stop hex ends a way
                and cost(n, cur) is not None and abs(best[n] + cost(n, cur) - best[cur]) < 1e-9]
        if not back:
            return [here, dest]
        way.append(min(back, key=lambda n: (best[n], n)))
    return way[::-1]


def loadable(state: dict, frame: dict, apc: str) -> list:
    """Infantry the APC may take aboard now (HS-APC-1/2/6/9/10, HS-AMBIG-12)."""
    d = state["units"][apc]
    if not pieces.is_(state, apc, "apc") or d.get("cargo") or d["dis"] or _mp(state, frame, apc)[0] < 1:
        return []
    start = state["pt"]["start"]
    out = []
    for inf in pieces.units_in(state, pieces.hex_of(state, apc), frame["side"]):
        t = pieces.utype(state, inf)
        if ("infantry" in t.cats and t.skimmer is None and inf not in frame["done"]
                and start.get(inf) == start.get(apc) and _mp(state, frame, inf)[0] >= 1):
            out.append(inf)
    return out


def _unit_actions(state: dict, frame: dict, uid: str) -> list:
    d = state["units"][uid]
    out = [("hex", list(h)) for h in sorted(reach(state, frame, uid))]
    mp = _mp(state, frame, uid)
    if pieces.utype(state, uid).skimmer is not None and mp[0] >= 1 and mp[1] >= 1:
        out.append(("dismount",) if d.get("skim") else ("mount",))           # HS-SKM-1
    out += [("load", i) for i in loadable(state, frame, uid)]
    if fortress.may_enter(state, uid):
        out.append(("inside",))                                               # HS-FOR-8, HS-AMBIG-34
    cargo = d.get("cargo")
    if cargo and not d["dis"] and mp[0] >= 1 and _mp(state, frame, cargo)[0] >= 1:
        out.append(("unload",))                                               # HS-APC-3/6
    return out


def overstacked(state: dict, frame: dict) -> list:
    """Units that must still move out: of a landing hex their side has over-filled (HS-PAR-15), or
    of a fortress they destroyed (HS-FOR-10)."""
    landed = state["pt"].get("landed") or ()
    side = frame["side"]
    full = {pieces.hex_of(state, u) for u in landed if state["units"][u]["at"] is not None}
    full = {h for h in full if pieces.stack_count(state, h, side) > pieces.STACK_LIMIT}
    full |= fortress.barred(state, side)
    return [u for u in movers(state, frame) if pieces.hex_of(state, u) in full] if full else []


def _actions(state, frame):
    uid = frame.get("unit")
    others = [("unit", u) for u in movers(state, frame) if u != uid]
    done = [] if overstacked(state, frame) else [("done",)]
    if uid is None:
        if not frame["mp"] and not frame["done"]:            # HS-FOR-9: at the start of movement
            done = [("raze", list(h)) for h in fortress.razeable(state, frame["side"])] + done
        return others + done
    return _unit_actions(state, frame, uid) + others + [("stop",)] + done


def trail(frame: dict, uid: str) -> list:
    """The hexes ``uid`` has stood on in this Movement step, its start first ([] before it moves)."""
    return [tuple(h) for h in (frame.get("trails") or {}).get(uid, ())]


def _pick(state, frame, uid):
    _finish(state, frame, only_if_spent=True)
    frame["unit"] = uid


def _finish(state: dict, frame: dict, only_if_spent: bool = False) -> None:
    uid = frame.get("unit")
    if uid is None:
        return
    if not only_if_spent or uid in frame["mp"]:
        frame["done"].append(uid)
    frame["unit"] = None


def _spend(state: dict, frame: dict, uid: str, pool: int, n: int) -> None:
    mp = list(_mp(state, frame, uid))
    mp[pool] = max(0, mp[pool] - n)
    frame["mp"][uid] = mp


def _hex(state, frame, q, r=None):
    dest = (q[0], q[1]) if r is None else (q, r)
    uid = frame["unit"]
    start = pieces.hex_of(state, uid)
    cost = reach(state, frame, uid)[dest]
    _spend(state, frame, uid, _pool(state, uid), cost)
    frame["entered"][uid] = frame["entered"].get(uid, 0) + 1
    # the hexes it has stood on in this move, start first: public, for the table and the players
    frame.setdefault("trails", {}).setdefault(uid, [list(start)]).append([dest[0], dest[1]])
    d = state["units"][uid]
    if fortress.inside(state, uid):
        fortress.leave(state, uid)                              # out of the fortress as it moves
    for u in (uid, d.get("cargo"), d.get("tow")):               # HS-TOW-4: the gun moves along
        if u:
            state["units"][u]["at"] = [dest[0], dest[1]]
    event(state, "move", unit=uid, side=frame["side"], frm=list(start), to=list(dest), cost=cost)
    if pieces.enemies_in(state, dest, frame["side"]):
        event(state, "assault_joined", unit=uid, side=frame["side"], hex=list(dest))
        log(state, f"{pieces.label(state, uid)} moves into close assault {board.where(state, dest)}", frame["side"])
        _finish(state, frame)                                   # HS-MOV-12
    elif not _unit_actions(state, frame, uid):
        _finish(state, frame)


def _mount(state, frame):
    uid = frame["unit"]
    _spend(state, frame, uid, 0, 1)
    _spend(state, frame, uid, 1, 1)                             # HS-SKM-1
    state["units"][uid]["skim"] = True                          # HS-SKM-2
    event(state, "mount", unit=uid, side=frame["side"], skimmers=True)


def _dismount(state, frame):
    uid = frame["unit"]
    _spend(state, frame, uid, 0, 1)
    _spend(state, frame, uid, 1, 1)
    state["units"][uid]["skim"] = False
    event(state, "dismount", unit=uid, side=frame["side"], skimmers=True)


def _load(state, frame, inf):
    apc = frame["unit"]
    _spend(state, frame, apc, 0, 1)
    _spend(state, frame, inf, 0, 1)                             # HS-APC-3
    state["units"][apc]["cargo"] = inf
    state["units"][inf]["aboard"] = apc
    frame["done"].append(inf)
    event(state, "mount", unit=inf, side=frame["side"], apc=apc)
    log(state, f"{pieces.label(state, inf)} mounts {pieces.label(state, apc)}", frame["side"])


def _unload(state, frame):
    apc = frame["unit"]
    inf = state["units"][apc]["cargo"]
    _spend(state, frame, apc, 0, 1)
    _spend(state, frame, inf, 0, 1)
    state["units"][apc]["cargo"] = None
    state["units"][inf]["aboard"] = None
    # Infantry that rode this turn ends its move where it got off (house rule, slammers.md).
    if frame["entered"].get(apc, 0) and inf not in frame["done"]:
        frame["done"].append(inf)
    elif not frame["entered"].get(apc, 0) and inf in frame["done"]:
        frame["done"].remove(inf)
    event(state, "dismount", unit=inf, side=frame["side"], apc=apc)
    log(state, f"{pieces.label(state, inf)} dismounts from {pieces.label(state, apc)}", frame["side"])


def _stop(state, frame):
    _finish(state, frame)


def _inside(state, frame):
    uid = frame["unit"]
    fortress.go_inside(state, uid)
    event(state, "fort_entered", unit=uid, side=frame["side"], hex=state["units"][uid]["at"])
    log(state, f"{pieces.label(state, uid)} goes into the fortress", frame["side"])


def _raze(state, frame, h):
    """The occupants destroy their fortress; they must leave and the side may not come back (HS-FOR-9..11)."""
    h = (h[0], h[1])
    inner = fortress.remove(state, h)
    state["pt"].setdefault("razed", {}).setdefault(frame["side"], []).append(board.key(h))
    event(state, "fortress_destroyed", hex=list(h), occupants=inner, by=frame["side"])
    log(state, f"the fortress {board.where(state, h)} is destroyed by its occupants", frame["side"])


def _done(state, frame):
    FLOW.end(state)


def _explain(state, frame, action):
    verb = action[0] if action else None
    uid = frame.get("unit")
    if verb == "done" and overstacked(state, frame):
        if any(pieces.hex_of(state, u) in fortress.barred(state, frame["side"]) for u in overstacked(state, frame)):
            return ("units that destroyed their fortress must move out of its hex", "HS-FOR-10")
        return ("paratroopers over the stacking limit must first move out of their landing hex", "HS-PAR-15")
    if verb == "inside":
        return ("a fortress holds three units, and none while an enemy is in the hex", "HS-FOR-3")
    if verb == "raze":
        return ("only a fortress's occupants destroy it, at the start of their movement", "HS-FOR-9")
    if verb == "unit" and len(action) == 2 and action[1] in state["units"]:
        u = action[1]
        if state["units"][u]["side"] != frame["side"]:
            return ("it is not your unit", "HS-MOV-1")
        if pieces.in_assault(state, u):
            return ("no unit may leave a hex while an enemy unit remains in it", "HS-MOV-13")
        if _printed_move(state, u) <= 0 and not state["units"][u].get("towed_by"):
            return ("a unit with movement 0 moves only when towed", "HS-MOV-8")
        if u in frame["done"]:
            return ("it has finished moving this turn", "HS-MOV-5")
    if verb == "hex" and uid is not None and len(action) == 2:
        return _why_not_hex(state, frame, uid, tuple(action[1]))
    if verb in ("load", "unload") and uid is not None:
        if state["units"][uid]["dis"]:
            return ("a disrupted APC may not mount or dismount infantry", "HS-APC-6")
        if verb == "unload" and pieces.in_assault(state, uid):
            return ("mounted infantry cannot dismount in a Close Assault", "HS-APC-12")
        if verb == "load" and len(action) == 2 and action[1] in state["units"]:
            if pieces.utype(state, action[1]).skimmer is not None:
                return ("Mercenary and Slammers infantry may not ride a conventional APC", "HS-APC-10")
            if not pieces.is_(state, uid, "apc"):
                return ("only an APC carries infantry", "HS-APC-9")
            if state["units"][uid].get("cargo"):
                return ("an APC carries one infantry counter", "HS-APC-2")
            return ("the APC must begin the turn in the infantry's hex", "HS-APC-1")
    return None


def _why_not_hex(state, frame, uid, h):
    grid = board.grid_of(state)
    if h not in grid.terrain:
        return ("that hex is not on the map", "HS-MAP-4")
    here = pieces.hex_of(state, uid)
    if pieces.enemies_in(state, h, frame["side"]) and state["units"][uid]["dis"]:
        return ("a disrupted unit may not join a Close Assault", "HS-CA-16")
    if h in fortress.barred(state, frame["side"]):
        return ("no unit may enter the hex of a fortress its side destroyed this turn", "HS-FOR-11")
    if h in grid.neighbours(here):
        name = board.terrain(state, h)
        if step_cost(state, uid, here, h) is None:
            if state["units"][uid]["dis"] and not tables.of(state).terrain[name].disrupted_may_enter:
                return ("disrupted units may not enter river or lake hexes", "HS-DIS-8")
            return (f"it may not enter {name}", "HS-MOV-9")
    side = frame["side"]
    if pieces.stack_count(state, h, side) + pieces.size(state["units"][uid]) > pieces.STACK_LIMIT:
        return ("a side may stack at most 3 counters in a hex", "HS-STK-1")
    return ("it has not enough movement factors left to get there", "HS-MOV-6")


def _prompt(state, frame):
    uid = frame.get("unit")
    if uid is None:
        return "Movement: pick a unit to move, or Done"
    left = _mp(state, frame, uid)
    return f"Move {pieces.label(state, uid)} ({left[_pool(state, uid)]:g} MP left): pick a hex, or Stop"


FLOW.add(Step("movement", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"unit": _pick, "hex": _hex, "mount": _mount, "dismount": _dismount,
                        "load": _load, "unload": _unload, "stop": _stop, "done": _done,
                        "inside": _inside, "raze": _raze},
              explain=_explain,
              enter=lambda s, f: f.update(mp={}, entered={}, done=[], unit=None)))
