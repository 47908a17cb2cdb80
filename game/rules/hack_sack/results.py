"""Combat results (section VIII): rolling the battle, and each result, retreats and confusion."""
from __future__ import annotations

from game.core.steps import Step

from . import board as boards
from . import data, odds, pieces
from .board import distance
from .flow import FLOW, hex_or_none, hexact, hexarg, step


def resolve(state: dict, attackers: list, defenders: list) -> str:
    """Fight one battle: odds, shifts, one die, the city modifier, then the result."""
    b = odds.battle(state, attackers, defenders)
    side = pieces.unit(state, attackers[0])["side"]
    (roll,) = pieces.roll(state, "Battle")
    modified, table = odds.result_for(b["column"], roll, b["city"])
    code = odds.effective(state, table, attackers, defenders)      # HSNJ-CBT-8, JER-26
    for a in attackers:
        pieces.own(state, a)["attacked"] = True
    for d in defenders:
        pieces.own(state, d)["defended"] = True
    shown = "Better (no defence)" if b["odds"] is None else str(b["odds"])
    names = lambda ids: ", ".join(pieces.unit(state, i)["name"] for i in ids)
    shift = f", shifted to {b['column']} ({'; '.join(b['shifts']['reasons'])})" if b["column"] != b["base"] else ""
    city = f", city -1 makes {modified}" if b["city"] and modified != roll else ""
    pieces.log(state, side, f"{names(attackers)} ({b['attack']}) attack {names(defenders)} ({b['defend']}): "
                            f"odds {shown}{shift}; [d6:{roll}]{city}: {_told(table, code)}.")
    number = (state.get("last_battle") or {}).get("number", 0) + 1
    # The results' words are the table's (odds.worded adds them for the view): not kept in the state.
    held = {k: v for k, v in odds.battle_odds(state, attackers, defenders).items() if k != "description"}
    state["battle"] = {"attackers": list(attackers), "defenders": list(defenders), "number": number,
                       "odds": held, "result": code, "roll": roll}
    # Kept after the battle is cleared (the phase may end in the same action) so the table can
    # still show the roll and result; numbered so a repeat of the same battle reads as new.
    state["last_battle"] = dict(state["battle"])
    pieces.event(state, "battle", side=side, attackers=list(attackers), defenders=list(defenders),
                 number=number, odds=b["odds"], column=b["column"], city=b["city"], roll=roll,
                 modified_roll=modified, table=table, result=code)
    apply_result(state, code, attackers, defenders)
    return code


def _told(table: str, code: str) -> str:
    """The result for the log: the table's code, and why it is no result when it touches nobody."""
    if table == code:
        return code
    why = "fired from range" if table.startswith("A") else "the cow is too dim to be Confused"
    return f"{table}, no result ({why})"


def apply_result(state: dict, code: str, attackers: list, defenders: list) -> None:
    """Carry out a CRT result on every unit of the losing side (HSNJ-AMBIG-34)."""
    if code == "nr":
        return                                      # HSNJ-RES-10
    side = pieces.unit(state, attackers[0])["side"]
    if code.startswith("A"):
        far = set(odds.ranged(state, attackers, defenders))
        losers = [a for a in attackers if a not in far]            # HSNJ-CBT-8, AMBIG-37
        winners, winner_side = defenders, pieces.OTHER[side]
    else:
        losers, winners, winner_side = list(defenders), attackers, side
    if code.endswith("x"):
        for uid in losers:                          # HSNJ-RES-1, RES-2
            if pieces.unit(state, uid)["where"] != "dead":
                pieces.destroy(state, uid, winner_side)
    elif code.endswith("c"):
        for uid in losers:                          # HSNJ-RES-8, RES-9, JER-26
            u = pieces.unit(state, uid)
            if pieces.t(u).get("cow"):
                pieces.log(state, u["side"], f"{u['name']} is too dim to be Confused: no result.")
            elif not u["confused"]:
                u = pieces.own(state, uid)
                u["confused"] = True
                pieces.log(state, u["side"], f"{u['name']} is Confused: whoop whoop!")
                pieces.event(state, "confused", unit=uid, name=u["name"], side=u["side"], at=pieces.where_of(u))
    else:
        n = int(code[-1])
        FLOW.call(state, "retreat", queue=list(losers), n=n, winners=list(winners), winner_side=winner_side)


def retreat_hexes(state: dict, unit: dict, n: int, winners: list, occ: dict | None = None) -> list:
    """End hexes of an n-hex retreat: each step farther from every winner, through friends only,
    on terrain the unit may enter, ending empty (HSNJ-RES-3, RES-5, AMBIG-26, AMBIG-35).

    occ is the occupancy to test against (hex -> unit id), by default the state's."""
    b = boards.of(state)
    occ = pieces.occupancy(state) if occ is None else occ
    c = pieces.cls(unit)
    win_hexes = [pieces.unit(state, w)["hex"] for w in winners if pieces.unit(state, w)["where"] == "map"]
    start = tuple(unit["hex"])
    frontier = {start}
    for _ in range(n):
        nxt = set()
        for h in frontier:
            for m in b.nbrs[h]:
                o = occ.get(m)
                if o is not None and pieces.unit(state, o)["side"] != unit["side"]:
                    continue
                if not b.enterable(m, c):
                    continue
                if all(distance(m, w) > distance(h, w) for w in win_hexes):
                    nxt.add(m)
        frontier = nxt
    return sorted(h for h in frontier if h not in occ)


# -- the owner's retreats: any order, any end hex, none lost that some order could save ------------------------
SEARCH_LIMIT = 20000


def _search(state: dict, frame: dict):
    """(choices, best): the (unit, hex) retreats that keep the most units alive, and that number.

    The owner retreats his units one at a time in the order he likes (HSNJ-RES-4); a unit is lost
    only when no order of the retreats lets it out (HSNJ-RES-6), so a choice that would cost a
    unit some other order could save is not offered. A depth-first search over orders and end
    hexes, remembered per position. Units with no way out even were every other loser gone are
    left out of it (they are lost whatever the order); past SEARCH_LIMIT positions (never met in
    play: losers are a handful of units) the search stops pruning and offers every retreat."""
    base = pieces.occupancy(state)
    n, winners = frame["n"], frame["winners"]
    memo: dict = {}
    budget = [SEARCH_LIMIT]

    def options(uid, moved):
        occ = dict(base)
        for mid, h in moved:
            occ.pop(tuple(pieces.unit(state, mid)["hex"]), None)
            occ[h] = mid
        return retreat_hexes(state, pieces.unit(state, uid), n, winners, occ)

    def best(left, moved):
        k = (left, moved)
        budget[0] -= 1
        if budget[0] < 0:
            return len(left)
        if k not in memo:
            memo[k] = 0
            for uid in sorted(left):
                for h in options(uid, moved):
                    memo[k] = max(memo[k], 1 + best(left - {uid}, moved | {(uid, h)}))
                    if memo[k] == len(left):
                        return memo[k]
        return memo[k]

    left = [u for u in frame["queue"] if pieces.unit(state, u)["where"] == "map"]
    open_ground = {h: o for h, o in base.items() if o not in left}
    left = frozenset(u for u in left if retreat_hexes(state, pieces.unit(state, u), n, winners, open_ground))
    top = best(left, frozenset())
    choices = [(uid, h) for uid in frame["queue"] if uid in left for h in options(uid, frozenset())
               if top and 1 + best(left - {uid}, frozenset({(uid, h)})) == top]
    return choices, top


def _advance(state, frame):
    """Move on when the owner has no real choice: one retreat left to make, or none possible."""
    frame["queue"] = [u for u in frame["queue"] if pieces.unit(state, u)["where"] == "map"]
    while frame["queue"]:
        choices, _ = _search(state, frame)
        if not choices:                             # no order lets them out (HSNJ-RES-6)
            for uid in list(frame["queue"]):
                pieces.destroy(state, uid, frame["winner_side"], "cannot retreat and is destroyed")
            frame["queue"] = []
        elif len(choices) == 1:
            _retreat(state, frame, *choices[0])
        else:
            movers = [u for u in frame["queue"] if any(c[0] == u for c in choices)]
            if frame["queue"][0] not in movers:     # the unit shown first is one that can move
                frame["queue"].remove(movers[0])
                frame["queue"].insert(0, movers[0])
            return
    FLOW.end(state)


def _retreat(state, frame, uid, h):
    unit = pieces.own(state, uid)
    frame["queue"].remove(uid)
    start = list(unit["hex"])
    pieces.place(unit, h)
    unit["confused"] = False                        # HSNJ-RES-7
    pieces.log(state, unit["side"], f"{unit['name']} retreats to {boards.of(state).label(h)}.")
    pieces.event(state, "retreat", unit=uid, name=unit["name"], side=unit["side"], path=[start, list(h)],
                 hexes=frame["n"])


def _actions(state, frame):
    choices, _ = _search(state, frame)
    sel = frame["queue"][0]
    acts = [hexact(h) for uid, h in choices if uid == sel]
    others = []
    for uid, _ in choices:
        if uid != sel and ("unit", uid) not in others:
            others.append(("unit", uid))
    return acts + others


def _on_hex(state, frame, h):
    _retreat(state, frame, frame["queue"][0], hexarg(h))
    _advance(state, frame)


def _on_unit(state, frame, uid):
    frame["queue"].remove(uid)                      # the owner picks which unit retreats next
    frame["queue"].insert(0, uid)


def _prompt(state, frame):
    unit = pieces.unit(state, frame["queue"][0])
    side = data.SIDE_NAMES[unit["side"]]
    more = " or choose another of your retreating units" if len(frame["queue"]) > 1 else ""
    return (f"{side}: click the highlighted hex where {unit['name']} ends its retreat "
            f"({frame['n']} hex{'es' if frame['n'] > 1 else ''} away from the winners){more}.")


def _explain(state, frame, action):
    if action[0] == "unit":
        return ("only your units retreating from this battle, with a way out that costs no other "
                "unit its retreat, may go next", "HSNJ-RES-4")
    if action[0] == "hex":
        h = hex_or_none(action[1])
        if h is not None and h in retreat_hexes(state, pieces.unit(state, frame["queue"][0]), frame["n"], frame["winners"]):
            return ("that end hex would leave another retreating unit no way out, "
                    "when another order saves it", "HSNJ-RES-6")
    return ("a retreat moves away from every winner, through friends only, "
            "and ends in an empty hex the unit may enter", "HSNJ-AMBIG-35")


step(Step("retreat", who=lambda s, f: pieces.unit(s, f["queue"][0])["side"], prompt=_prompt, actions=_actions,
          handlers={"hex": _on_hex, "unit": _on_unit}, enter=_advance, explain=_explain))
