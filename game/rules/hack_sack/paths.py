"""Where a unit can go (section VII): the movement search, kept compact for legal_actions.

search() walks the map once and keeps only what it found: MP left per hex reached, the road
entries that need a traffic roll, and for a Star Frigate the MP it would have left after
landing anywhere from orbit (one number, not a copy of the whole map). The actions, one
destination's details, and the full table the window shows are all read from that.

The search names hexes by their number on the board (Board.num): an int is hashed at once,
where a (q, r) tuple is hashed anew at every lookup, and the search does little else.
"""
from __future__ import annotations

from typing import NamedTuple

from . import board as boards
from . import counters, pieces, transport


class Found(NamedTuple):
    """What one search found for one unit; hexes by their number on the board (Board.num)."""
    start: object          # the hex number or pad name it starts from
    best: dict             # hex number or pad name -> MP left on arriving there
    rolls: dict            # road hex -> (MP left before the roll, hex the roll is made from)
    land: float            # MP left after landing from orbit on any pad-entry hex; -1 when it cannot
    terminal: frozenset    # hexes where the move must stop
    occ: dict              # hex number -> unit id, as searched
    unload: bool = False   # a unit aboard a spaceship: best holds the hexes it may unload into
    kind: str = ""         # the searched unit's class: L (half-MP road steps), W or S


NOWHERE = Found(None, {}, {}, -1, frozenset(), {})


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


# -- the search --------------------------------------------------------------------------------------------------
def search(state: dict, unit: dict, near: tuple | None = None) -> Found:
    """Every place the unit can reach now, with the MP it would have left (HSNJ-MOV-*, GAP-9).

    near is around() for the unit's side and class in this state when the caller has it."""
    # The counter's row and fixed values, read once: a search runs for most steps.
    (where, place, mp, marks), fixed = counters.parts(unit)
    if where == "ship":
        num = boards.of(state).num
        stops = frozenset(num[h] for h in enemy_zoc(state, unit))
        return Found(None, {num[h]: mp - 1 for h in transport.unload_hexes(state, unit)}, {}, -1,
                     stops, {}, True)
    kind = pieces.TYPES[fixed["type"]]
    if mp <= 0 or where not in ("map", "pad") or marks & counters.MARK["confused"] or kind.get("cow"):
        return NOWHERE
    frigate = fixed["type"] == "star_frigate"
    if where == "pad" and not frigate:
        return NOWHERE                              # pad units only leave by Frigate (HSNJ-REI-2)
    b = boards.of(state)
    side, c = fixed["side"], kind["class"]
    occ, enemy, terminal, hold = near or around(b, state, side, c)
    start = unit["pad"] if where == "pad" else b.num[(place[0], place[1])]
    if start in hold:
        return NOWHERE                              # held by a Senator (HSNJ-JER-19)
    best, rolls = {start: mp}, {}
    land, depth = -1, mp
    if frigate:
        land = _landing(b, start, mp)
        if land >= 0 and b.entry_all:
            # From orbit it may land on any hex with `land` MP left; a flight over the map beats
            # that only within 2 x entry cost - 1 hexes, so the search need go no further.
            depth = min(depth, 2 * b.pad_cost - 1)
    if c != "L":                                    # every step costs 1: a plain breadth-first search
        _spread(b, best, start, mp, depth, terminal, enemy, b.enter_num[c])
    else:
        _roads(b, best, rolls, start, mp, terminal, occ, enemy)
    if frigate:
        _pads(b, best, start)
    return Found(start, best, rolls, land, terminal, occ, False, c)


def around(b, state: dict, side: str, c: str) -> tuple:
    """In one pass over the units: occupancy, hexes held by enemies, hexes where a unit of class
    c must stop (enemy ZOC and a Senator's hold, HSNJ-MOV-7..9, JER-19), and the Senator's hold;
    hexes by their numbers."""
    nbrs, num = b.nbrs_num, b.num
    types, fixed = pieces.TYPES, pieces.FIXED
    occ, enemy, zoc, hold = {}, set(), set(), set()
    senators = side == "krylon" and c == "L"
    for uid, row in state["units"].items():         # the rows themselves: this runs for every search
        if row[0] == "map":                         # [where, place, ...] (counters.py)
            h = row[1]
            h = num[(h[0], h[1])]
            occ[h] = uid
            u = fixed[uid]
            if u["side"] != side:
                enemy.add(h)
                t = types[u["type"]]
                if t["class"] == c:
                    zoc.update(nbrs[h])
                if senators and "senator" in t:
                    hold.update(nbrs[h])
    if hold:
        zoc |= hold
    return occ, enemy, zoc, hold


def _roads(b, best, rolls, start, mp, terminal, occ, enemy) -> None:
    """Land units: 1 MP a hex, ½ road to road, a traffic roll to get onto the road (HSNJ-MOV-10..15).

    Costs are whole or half MP, so the search keeps one bucket per half MP left and takes the
    buckets from the fullest down (each in the order its hexes were reached). MP left per hex is
    also kept in a list by hex number, where an enemy's hex holds more than any unit has, so
    one comparison refuses both a worse way in and an enemy's hex."""
    moves = b.land_moves_num        # hex -> (is it road or city, steps, road hexes next to it)
    left = [-1] * len(moves)
    for e in enemy:
        left[e] = _NEVER
    left[start] = mp
    buckets = [[] for _ in range(int(mp * 2) + 1)]
    buckets[-1].append(start)
    for k in range(len(buckets) - 1, -1, -1):
        for h in buckets[k]:
            rem = left[h]
            if int(rem * 2) != k:
                continue                            # reached again later with more MP left
            if h in terminal and h != start:
                continue                            # entering a ZOC ends the move (HSNJ-AMBIG-25)
            road_here, steps, onto_road = moves[h]
            if road_here:
                for n, cost in steps:               # road to road ½ MP (HSNJ-MOV-13, MOV-15), else 1
                    nr = rem - cost
                    if nr < 0 or nr <= left[n]:
                        continue
                    left[n] = best[n] = nr
                    buckets[int(nr * 2)].append(n)
                continue
            if onto_road and rem >= 1 and (h == start or h not in occ):
                # getting onto the road needs a break in traffic (HSNJ-MOV-10, AMBIG-24)
                for n in onto_road:
                    if n not in occ:
                        r = rolls.get(n)
                        if r is None or rem > r[0]:
                            rolls[n] = (rem, h)
            nr = rem - 1
            if nr < 0:
                continue
            bucket = buckets[int(nr * 2)]
            for n in steps:
                if nr <= left[n]:
                    continue
                left[n] = best[n] = nr
                bucket.append(n)


_NEVER = 1 << 30      # MP "left" in an enemy's hex: no way in is ever better


def _spread(b, best, start, mp, depth, terminal, enemy, allowed) -> None:
    """Water and space units: 1 MP a hex, through friends, stopping in an enemy zone of control
    (no further than `depth` hexes)."""
    frontier = [] if isinstance(start, str) else [start]
    rem = mp
    nbrs = b.nbrs_num
    while frontier and rem >= 1 and depth > 0:
        rem -= 1
        depth -= 1
        nxt = []
        for h in frontier:
            if h != start and h in terminal:
                continue                            # entering a ZOC ends the move (HSNJ-MOV-8)
            for n in nbrs[h]:
                if n in best or n not in allowed or n in enemy:
                    continue
                best[n] = rem
                nxt.append(n)
        frontier = nxt


def _landing(b, start, mp) -> float:
    """MP a Frigate has left after landing from orbit: it lifts off from where it stands (or is on
    a pad already) for the pad's entry cost and lands for the same (HSNJ-GAP-9); -1 if it cannot."""
    land = mp - b.pad_cost * (1 if isinstance(start, str) else 2)
    return land if land >= 0 else -1


def _pads(b, best, start) -> None:
    """The pads a Frigate can fly to: 1 x entry cost from the map, pad to pad 2 x (HSNJ-GAP-9)."""
    hop = best[start] - b.pad_cost * (2 if isinstance(start, str) else 1)
    if hop < 0:
        return
    for p in b.pads:
        if p != start and hop > best.get(p, -1):
            best[p] = hop


# -- reading what was found --------------------------------------------------------------------------------------
def actions(b, found: Found, out: list | None = None) -> list:
    """The ('hex', h) / ('box', pad) actions of every destination, in the order of reach(), added
    to the end of `out` (a new list when None), which is returned."""
    hex_act, occ, start, best = b.hex_act_num, found.occ, found.start, found.best
    out = [] if out is None else out
    if found.kind != "S" and start in occ:
        # A land or water unit on the map: only hexes, and its own hex is occupied (by itself).
        out += [hex_act[n] for n in best if n not in occ]
        out += [hex_act[n] for n in found.rolls if n not in best]
        return out
    if found.land < 0:
        out += [("box", n) if type(n) is str else hex_act[n]
                for n in best if n != start and (type(n) is str or n not in occ)]
        out += [hex_act[n] for n in found.rolls if n not in best]
        return out
    # A Frigate that can land from orbit: the pads, hexes reached over the map that no pad leads
    # to, then every empty pad-entry hex (a thousand: taken whole between the few occupied ones).
    entry = b.pad_entry_num
    out += [("box", n) if type(n) is str else hex_act[n] for n in best
            if n != start and (type(n) is str or (n not in occ and n not in entry))]
    free, index, prev = b.pad_entry_acts, b.pad_entry_index_num, 0
    for i in sorted(index[h] for h in occ if h in index):
        out += free[prev:i]
        prev = i + 1
    out += free[prev:] if prev else free
    return out


def info(b, found: Found, n) -> dict | None:
    """One destination (a hex (q, r) or a pad name): {mp left, roll_from (hex key of a needed
    traffic roll), stop}, or None."""
    if type(n) is not str:
        n = b.num.get(n)
        if n is None:
            return None
    if found.unload:
        return {"mp": found.best[n], "roll_from": None, "stop": n in found.terminal, "unload": True} \
            if n in found.best else None
    if type(n) is str:
        return {"mp": found.best[n], "roll_from": None, "stop": False} if n in found.best and n != found.start \
            else None
    if n == found.start or n in found.occ:
        return None
    mp = found.best.get(n, -1)
    if found.land > mp and n in b.pad_entry_num:
        mp = found.land
    if mp >= 0:
        return {"mp": mp, "roll_from": None, "stop": n in found.terminal}
    if n in found.rolls:
        rem, h = found.rolls[n]
        return {"mp": rem, "roll_from": b.keys_num[h], "stop": n in found.terminal}
    return None


def table(b, found: Found) -> dict:
    """Every destination: 'q,r' or pad name -> info() (what the window shows)."""
    out = {}
    for a in actions(b, found):
        n = a[1]
        out[n if a[0] == "box" else b.keys[n]] = info(b, found, n)
    return out


def route(b, found: Found, n) -> list:
    """The places a unit passes on its way to n (a hex (q, r) or a pad name), its start first and
    n last, by the MP the search found left at each hex; [] when n is not a destination.

    A way is walked back from n: each step comes from a neighbour that had exactly that step's
    cost more MP left (½ road to road, 1 otherwise, HSNJ-MOV-13), never from a hex where the move
    had to stop; a road entered with a traffic roll comes from the hex the roll is made from.
    A Star Frigate landing from orbit, a flight to a pad and an unload go straight there."""
    if info(b, found, n) is None:
        return []
    hexes = b.hex_list
    start = found.start if type(found.start) is str or found.start is None else hexes[found.start]
    if type(n) is str or found.unload:
        return [start, n]
    i = b.num[n]
    if found.land >= 0 and found.land > found.best.get(i, -1):
        return [start, n]                          # landed from orbit
    way = [i]
    if i not in found.best:                        # onto the road after a break in traffic
        i = found.rolls[i][1]
        way.append(i)
    while i != found.start and len(way) <= len(found.best):
        i = _came_from(b, found, i)
        if i is None:
            return [start, n]
        way.append(i)
    return [hexes[h] for h in reversed(way)]


def _came_from(b, found: Found, i: int) -> int | None:
    """The neighbour a unit reached hex i from, by the MP left there and the step's cost."""
    best, start, land = found.best, found.start, b.land_steps_num
    roads = found.kind == "L"
    left = best[i]
    for p in b.nbrs_num[i]:
        had = best.get(p)
        if had is None or (p in found.terminal and p != start):
            continue
        cost = 1
        if roads and land[i][0]:
            if not land[p][0]:
                continue                           # that way onto a road needs a roll
            cost = 0.5
        if had - cost == left:
            return p
    return None
