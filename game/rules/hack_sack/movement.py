"""Movement (section VII): MP, terrain, zones of control, roads and traffic, Senators, Confused units."""
from __future__ import annotations

from game.core.statecopy import Kept
from game.core.steps import Step

from . import board as boards
from . import conditions, counters, data, paths, pieces, transport
from .counters import MARK, MARKS, MP, PLACE, WHERE       # a counter's row (read directly where it is hot)
from .flow import FLOW, hex_or_none, hexarg, source_of, step


# The search itself lives in paths.py; these names stay here for the other modules.
enemy_zoc, senator_hold, held = paths.enemy_zoc, paths.senator_hold, paths.held


def reach(state: dict, unit: dict) -> dict:
    """Destinations: 'q,r' or pad name -> {mp left, roll_from (hex key needing a traffic roll), stop}."""
    return paths.table(boards.of(state), paths.search(state, unit))


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
    unit = pieces.own(state, unit["id"])
    if info.get("unload"):
        transport.unload(state, unit["id"], boards.unkey(target), info["stop"])
        return
    if target in b.pads:
        pieces.event(state, "moved", unit=unit["id"], side=unit["side"], path=[pieces.where_of(unit), target])
        unit.update(where="pad", pad=target, hex=None, mp=info["mp"])
        pieces.log(state, unit["side"], f"{unit['name']} lifts off to {target}.")
        return
    h = boards.unkey(target)
    start = pieces.where_of(unit)
    if info["roll_from"]:
        before = boards.unkey(info["roll_from"])
        if unit["where"] != "map" or tuple(unit["hex"]) != before:
            pieces.place(unit, before)
            pieces.log(state, unit["side"], f"{unit['name']} moves to {b.label(before)}.")
        unit["mp"] = info["mp"]
        if not traffic(state, unit, h):
            unit["mp"] = 0                          # the move is over (HSNJ-MOV-11)
            pieces.event(state, "moved", unit=unit["id"], side=unit["side"], path=[start, list(before)],
                         stuck=list(h))
            return
        pieces.place(unit, h)
        unit["mp"] = 0 if info["stop"] else info["mp"] - 1
        pieces.event(state, "moved", unit=unit["id"], side=unit["side"], path=[start, list(before), list(h)])
        return
    pieces.place(unit, h)
    pieces.event(state, "moved", unit=unit["id"], side=unit["side"], path=[start, list(h)])
    unit["mp"] = 0 if info["stop"] else info["mp"]
    pieces.log(state, unit["side"], f"{unit['name']} moves to {b.label(h)}"
                                    f"{' and must stop (zone of control)' if info['stop'] else ''}.")


# -- Confused units and the cow ----------------------------------------------------------------------------------
def confused_moves(state: dict, side: str) -> None:
    """Each Confused unit (and the cow) rolls on the Confused-Movement Table (HSNJ-CON-1, AMBIG-28)."""
    # Sieved on the rows (counters.py), in table order: this runs at the start of every movement
    # phase, and a wanderer's move changes no other unit's row.
    rows, fixed = state["units"], pieces.FIXED
    wanderers = [uid for uid, row in rows.items() if row[WHERE] == "map" and fixed[uid]["side"] == side
                 and (row[MARKS] & CONFUSED or fixed[uid]["type"] in pieces.COWS)]
    for uid in wanderers:
        unit = pieces.own(state, uid)
        confused_move(state, unit)
        unit["mp"] = 0                              # one hex per turn, that's it (HSNJ-CON-4)


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
    pieces.event(state, "moved", unit=unit["id"], side=who, path=[list(h), list(n)], confused=True)
    pieces.log(state, who, f"{unit['name']} wanders {entry['direction']} [d6:{value}] to {b.label(n)}. "
                           f"{entry['flavour']}")


# -- the movement step ------------------------------------------------------------------------------------------
def movable(state: dict, side: str) -> list:
    """Units the player may pick: ones that might move, load or unload now (shared, do not change it)."""
    return KEPT.get(state, ("movable", side), lambda: _movable(state, side))


def _movable(state: dict, side: str) -> list:
    # Reads the kept occupancy and Senator's hold and the side's roster, which a move carries over
    # from the state before it (_carry_over): this runs after every move.
    # The rows are read directly (counters.py), a Unit made only for a unit aboard a ship.
    b = boards.of(state)
    rows, fixed = state["units"], pieces.FIXED
    occ, _, _, hold = around_now(state, side, "L")        # hex number -> unit id; the Senators' hold
    mine = roster_now(state, side)
    aboard: dict = {}
    for uid in mine:
        row = rows[uid]
        if row[WHERE] == "ship":
            aboard[row[PLACE]] = aboard.get(row[PLACE], 0) + 1
    loaders = _loaders(state, side, mine, occ, aboard)
    types, exits, num = pieces.TYPES, b.exits, b.num
    by_hex = None                                    # the occupancy by (q, r), for unloading
    out = []
    for uid in mine:
        row = rows[uid]
        if row[MARKS] & CONFUSED:
            continue
        kind = fixed[uid]["type"]
        if kind in pieces.COWS:
            continue
        w = row[WHERE]
        if uid in loaders:
            ok = True
        elif w == "map":                            # most units: MP left and somewhere to go
            if row[MP] <= 0:
                continue
            h = row[PLACE]
            h = (h[0], h[1])
            c = types[kind]["class"]
            ok = not (c == "L" and num[h] in hold) and h in exits[c]     # HSNJ-JER-19
        elif w == "ship":
            if by_hex is None:
                by_hex = {b.hex_list[n]: i for n, i in occ.items()}
            ok = bool(transport.unload_hexes(state, pieces.unit(state, uid), by_hex))
        else:                                       # on a pad
            ok = kind == "star_frigate" and row[MP] >= 1
        if ok:
            out.append(uid)
    return out


def roster_now(state: dict, side: str) -> tuple:
    """Ids of the side's units on the map, on a pad or aboard a ship, in table order (kept)."""
    def compute():
        fixed = pieces.FIXED
        return tuple(uid for uid, row in state["units"].items()
                     if row[WHERE] in _ON_TABLE and fixed[uid]["side"] == side)
    return KEPT.get(state, ("roster", side), compute)


_ON_TABLE = frozenset(("map", "pad", "ship"))
CONFUSED = MARK["confused"]


def _loaders(state: dict, side: str, mine: tuple, occ: dict, aboard: dict) -> set:
    """Ids of the units (riders and ships alike) in some legal load now (HSNJ-LOD-2, GAP-9);
    mine: the side's ids on the table; occ by hex number."""
    b = boards.of(state)
    rows, fixed = state["units"], pieces.FIXED
    out: set = set()
    for sid in _carriers(side):                     # the side's few spaceships, not its whole roster
        row = rows.get(sid)
        if row is None or row[WHERE] not in _MAP_OR_PAD:
            continue
        kind = fixed[sid]["type"]
        if aboard.get(sid, 0) >= pieces.TYPES[kind]["carry"]:     # transport.capacity, from the type
            continue
        where, place = rows[sid][WHERE], rows[sid][PLACE]
        if where == "map":
            near = [occ[n] for n in b.nbrs_num[b.num[(place[0], place[1])]] if n in occ]
        else:
            near = [u for u in mine if rows[u][WHERE] == "pad" and rows[u][PLACE] == place and u != sid]
        s = None                                    # the ship's Unit, made when a rider may board
        for uid in near:
            row = rows[uid]                         # 1 MP and a clear head first (HSNJ-LOD-3, AMBIG-29)
            if row[MP] >= 1 and not row[MARKS] & CONFUSED:
                s = s or pieces.unit(state, sid)
                if transport.can_load(state, pieces.unit(state, uid), s)[0]:
                    out.update((uid, sid))
    return out


_MAP_OR_PAD = frozenset(("map", "pad"))
_CARRIERS: dict = {}     # side -> (size of FIXED, ids of its spaceships that carry units), made on first use


def _carriers(side: str) -> tuple:
    """Ids of a side's counters that carry units (FIXED may grow: a test's own counter)."""
    fixed = pieces.FIXED
    found = _CARRIERS.get(side)
    if found is None or found[0] != len(fixed):
        found = _CARRIERS[side] = (len(fixed), tuple(uid for uid, f in fixed.items()
                                                     if f["type"] in transport.CARRIERS and f["side"] == side))
    return found[1]


# -- answers kept per state: legal_actions and apply share one search ----------------------------------------
# Answers are kept per state object on its board (game.core.statecopy.Kept): a change through own()
# drops them, and so does a new units table or board. Apply's handlers, which work on a fresh copy,
# read the answers of the state it was copied from (flow.source_of) while they have changed nothing.
_BOARD = boards.BOARDS.cached          # path -> the board loaded for it (a dict look-up: Kept asks often)
KEPT = Kept("units", board_key=lambda state: (_BOARD(state["map"]) or boards.of(state)).serial)


def kept(state: dict, what: str, uid, compute):
    """compute(), remembered for this state while it is unchanged (an edited map is a new board)."""
    return KEPT.get(state, (what, uid), compute)


def clear_kept() -> None:
    """Forget every kept answer."""
    KEPT.clear()


def share_kept(src: dict, state: dict) -> None:
    """state holds the same position as src (only the chosen unit differs): share its answers."""
    KEPT.share(src, state)


def around_now(state: dict, side: str, c: str) -> tuple:
    """paths.around for a side and unit class in this state (shared, do not change it)."""
    return KEPT.get(state, ("around", (side, c)), lambda: paths.around(boards.of(state), state, side, c))


def found_now(state: dict, uid: str) -> paths.Found:
    """The search for a unit in this state (shared, do not change it)."""
    def compute():
        fixed = pieces.FIXED[uid]                   # side and class from its fixed values, no Unit reads
        return paths.search(state, pieces.unit(state, uid),
                            around_now(state, fixed["side"], pieces.TYPES[fixed["type"]]["class"]))
    return KEPT.get(state, ("found", uid), compute)


def reach_now(state: dict, uid: str) -> dict:
    """reach() for a unit in this state (shared, do not change it)."""
    return KEPT.get(state, ("reach", uid), lambda: paths.table(boards.of(state), found_now(state, uid)))


def _select(state, frame, uid):
    frame["sel"] = uid


def _actions(state, frame):
    return KEPT.get(state, ("actions", frame["sel"]), lambda: _compute_actions(state, frame))


def _compute_actions(state, frame):
    acts = [("unit", uid) for uid in movable(state, frame["side"]) if uid != frame["sel"]]
    if frame["sel"]:
        unit = pieces.unit(state, frame["sel"])
        paths.actions(boards.of(state), found_now(state, frame["sel"]), acts)
        acts += _loads(state, unit)
        acts.append(("deselect",))          # done with this unit: the phase goes on (HSNJ-MOV-1)
    acts.append(("done",))
    return tuple(acts)


def _loads(state: dict, sel: dict) -> list:
    """transport.loads_for, with the units beside a unit on the map read from the kept occupancy."""
    (where, place, _, _), its = counters.parts(sel)     # its row and fixed values, read once
    if where != "map":
        return transport.loads_for(state, sel)
    b = boards.of(state)
    side, uid, t = its["side"], its["id"], pieces.TYPES[its["type"]]
    occ = around_now(state, side, t["class"])[0]          # hex number -> unit id
    rows, fixed = state["units"], pieces.FIXED      # ids and rows until a load is possible (counters.py)
    near = [i for n in b.nbrs_num[b.num[(place[0], place[1])]] if (i := occ.get(n)) is not None
            and fixed[i]["side"] == side and rows[i][WHERE] == "map"]
    if t.get("carry", 0):                           # transport.capacity(sel)
        ships, riders = [uid], near
    elif t["class"] != "S":
        ships, riders = [i for i in near if pieces.kind(i).get("carry", 0)], [uid]
    else:
        return []
    # A rider needs 1 MP and a clear head (HSNJ-LOD-3, AMBIG-29); the order is loads_for's (table order).
    riders = [i for i in riders if rows[i][MP] >= 1 and not rows[i][MARKS] & CONFUSED]
    if len(ships) > 1 or len(riders) > 1:
        ids = list(rows)
        (ships if len(ships) > 1 else riders).sort(key=ids.index)
    ships = [pieces.unit(state, s) for s in ships]
    riders = [pieces.unit(state, u) for u in riders]
    return [("load", s["id"], u["id"]) for s in ships for u in riders if transport.can_load(state, u, s)[0]]


def _surely_legal(state, frame, action) -> bool:
    """The quick test for apply: a move of the chosen unit its search allows, or a unit choice."""
    verb = action[0]
    if verb == "done":
        return len(action) == 1
    if verb == "deselect":
        return bool(frame["sel"]) and len(action) == 1
    if len(action) != 2:
        return False
    if verb == "unit":
        return action[1] != frame["sel"] and action[1] in movable(state, frame["side"])
    if verb not in ("hex", "box") or not frame["sel"]:
        return False
    n = action[1]
    if verb == "hex":
        if type(n) is not tuple or len(n) != 2:
            return False
    elif type(n) is not str:
        return False
    return paths.info(boards.of(state), found_now(state, frame["sel"]), n) is not None


def _on_unit(state, frame, uid):
    src = source_of(state)
    _select(state, frame, uid)
    if src is not None:                             # nothing moved: every answer of src holds
        share_kept(src, state)


def _on_place(state, frame, target):
    uid = frame["sel"]
    unit = pieces.unit(state, uid)
    src = source_of(state)
    found = found_now(src, uid) if src is not None else paths.search(state, unit)
    n = target if isinstance(target, str) else hexarg(target)
    was = _hex_number(state, uid)
    move_to(state, unit, n if isinstance(n, str) else boards.key(n), paths.info(boards.of(state), found, n))
    _carry_over(src, state, frame["side"], uid, was)
    _reselect(state, frame, uid)


def _on_load(state, frame, ship_id, unit_id):
    src = source_of(state)
    was = _hex_number(state, unit_id)
    transport.load(state, ship_id, unit_id, held(state, pieces.unit(state, unit_id)))
    _carry_over(src, state, frame["side"], unit_id, was)
    _reselect(state, frame, frame["sel"])


def _hex_number(state: dict, uid: str) -> int | None:
    """The number of the unit's hex on the board (Board.num), None when it is not on the map."""
    row = state["units"][uid]
    return boards.of(state).num[(row[PLACE][0], row[PLACE][1])] if row[WHERE] == "map" else None


def _carry_over(src, state, side: str, uid: str, was) -> None:
    """After one unit of the moving side went from hex number `was` (None: off the map) to where it
    is now, the answers of the state before (src, None when unknown) that still hold: its side's
    roster (every move stays on the table) and what surrounds its side, with the occupancy
    updated; the enemies, their zones of control and the Senators' hold did not move."""
    if src is None:
        return
    known = KEPT.known(src)
    carried = {}
    roster = known.get(("roster", side))
    if roster is not None:
        carried[("roster", side)] = roster
    occ = None                                      # the occupancy is every class's: made once
    for c in "LWS":
        near = known.get(("around", (side, c)))
        if near is None:
            continue
        if occ is None:
            occ = dict(near[0])
            if was is not None and occ.get(was) == uid:
                del occ[was]
            now = _hex_number(state, uid)
            if now is not None:
                occ[now] = uid
        carried[("around", (side, c))] = (occ,) + near[1:]
    if carried:
        KEPT.update(state, carried)


def _reselect(state, frame, uid):
    """Keep the unit chosen while it can still act; the units' moves are over for this action,
    so the list of movable units is kept for the legal_actions that follows."""
    can = _movable(state, frame["side"])
    _select(state, frame, uid if uid in can else None)
    KEPT.put(state, ("movable", frame["side"]), can)


def _on_deselect(state, frame):
    src = source_of(state)
    _select(state, frame, None)
    if src is not None:
        share_kept(src, state)


def _on_done(state, frame):
    FLOW.end(state, frame["side"])          # the turn goes on (sequence.after_movement)


def _prompt(state, frame):
    who = data.SIDE_NAMES[frame["side"]]
    if not frame["sel"]:
        return f"{who}: choose a unit to move (highlighted), or End movement."
    unit = pieces.unit(state, frame["sel"])
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
        u = pieces.find(state, action[1])
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
        ship, unit = pieces.find(state, action[1]), pieces.find(state, action[2])
        if ship and unit:
            ok, why, clause = transport.can_load(state, unit, ship)
            if not ok:
                return why, clause
        return "choose the unit or the spaceship first", "HSNJ-LOD-2"
    if verb in ("hex", "box") and frame["sel"]:
        return _why_not_there(state, pieces.unit(state, frame["sel"]), action)
    if verb in ("hex", "box"):
        return "choose a unit to move first", "HSNJ-MOV-1"
    return None


def _why_not_there(state, unit, action):
    b = boards.of(state)
    if action[0] == "box":
        return "only Star Frigates and new reinforcements may be on a Landing Pad", "HSNJ-MOV-6"
    h = hex_or_none(action[1])
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
FLOW.quick["move"] = _surely_legal


def route_now(state: dict, uid: str, target) -> list:
    """The places a unit would pass on its way to target ((q, r), [q, r] or a pad name) now."""
    n = target if isinstance(target, str) else hexarg(target)
    return paths.route(boards.of(state), found_now(state, uid), n)
