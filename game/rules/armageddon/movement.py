"""Movement phases and the stacking check (BFA-MOV-*, BFA-STK-*).

A movement phase: the active player moves his counters one at a time, each at most once, up
to its movement value in areas, never into sea, mountain or an area holding an enemy counter,
stopping on entering an ash waste (``("move", counter, area)``, then ``("done",)``). Stacks
may grow past the limit and mix tribes while the phase runs (BFA-STK-5, BFA-AMBIG-3); when the
phase ends the stacking check runs and the opponent removes counters from every illegal stack
(BFA-STK-6). ``check_stacks`` is the same check for any other moment (BFA-STK-7).
"""
from __future__ import annotations

from game.core.boardcache import memo
from game.core.steps import Step
from game.core.words import counted

from . import board as boards
from . import data, hooks
from .flow import FLOW
from .model import COUNTS, SIDE, TRIBE, counts, eliminate, event, log, name, occupied_by, other, put, side_of, stack, tribe, values

LIMIT = data.STACK_LIMIT


# ---------------------------------------------------------------- where a counter may go
def ignores_stop(state: dict, side: str) -> bool:
    """Whether a card in force lets ``side``'s counters go on through ash wastes this phase."""
    return any(e.get("op") == "ignore_stop" and e.get("side") == side for e in state["effects"])


def reach(state: dict, cid: str, enemy: frozenset | None = None) -> dict:
    """Areas a counter may end its move in now -> areas moved (its own area not included).

    ``enemy`` (the areas the other side holds) may be passed when asking for many counters.
    """
    start = state["at"][cid]
    side = side_of(cid)
    move = MOVE[cid]
    if move <= 0 or start not in state["stacks"]:
        return {}
    board = boards.of(state)
    if enemy is None:
        enemy = occupied_by(state, other(side))
    stop = not ignores_stop(state, side)
    key = ("reach", start, move, enemy, stop)
    return memo(board, key, lambda: _search(board, start, move, enemy, stop))


def _search(board, start: str, move: int, enemy: frozenset, stop: bool) -> dict:
    """One area a step (BFA-MOV-2, -3), never into closed areas (BFA-MOV-4..6) or the enemy's;
    ash stops a move (-7) unless ``stop`` is off: the board's own breadth-first search."""
    seen = board.map.reachable(start, move, blocked=board.closed | enemy, stops=board.stops if stop else frozenset())
    del seen[start]
    return seen


MOVE = {cid: c["move"] if data.role(cid) in ("unit", "leader") else 0
        for cid, c in data.counters().items()}       # BFA-MOV-11: hives and forts never move


MOVERS = {side: frozenset(cid for cid, m in MOVE.items() if m > 0 and SIDE[cid] == side) for side in data.SIDES}


def movable(state: dict, side: str) -> list:
    """The side's counters that may still move this phase (BFA-MOV-10, -11), in map order."""
    stacks, movers = state["stacks"], MOVERS[side]
    moved = frozenset(state["moved"])
    return [cid for area in sorted(stacks) for cid in stacks[area] if cid in movers and cid not in moved]


# ---------------------------------------------------------------- the movement phase
@hooks.phase("movement")
def start_movement(state: dict, side: str) -> bool:
    """Start a movement phase for ``side`` (BFA-MOV-1)."""
    state["moved"] = []
    # Only the mover's counters move in his phase, so the areas closed to him stay the same
    # until it ends (BFA-MOV-6): worked out once, not for every question.
    FLOW.call(state, "movement", side=side, enemy=sorted(occupied_by(state, other(side))))
    return True


_CLOSED: dict = {}
_LAST_CLOSED = [(None, frozenset())]    # (the phase's own list, shared by its states' copies; its set)


def _closed(frame: dict) -> frozenset:
    """The areas the mover may not enter this phase, as a set (kept for the phase's own list)."""
    enemy, last = frame["enemy"], _LAST_CLOSED[0]
    if enemy is last[0]:
        return last[1]
    key = tuple(enemy)
    found = _CLOSED.get(key)
    if found is None:
        if len(_CLOSED) > 4096:
            _CLOSED.clear()
        found = _CLOSED[key] = frozenset(key)
    _LAST_CLOSED[0] = (enemy, found)
    return found


_MOVES: dict = {}       # (board, counter, area, enemy areas, stop) -> its move actions


def _moves(board, cid: str, start: str, enemy: frozenset, stop: bool) -> tuple:
    """A counter's move actions from ``start`` (the busiest question of random play, kept)."""
    key = (board.serial, cid, start, enemy, stop)
    found = _MOVES.get(key)
    if found is None:
        if len(_MOVES) > 20000:
            _MOVES.clear()
        found = _MOVES[key] = tuple(("move", cid, a) for a in sorted(_search(board, start, MOVE[cid], enemy, stop)))
    return found


def _actions(state: dict, frame: dict) -> list:
    side = frame["side"]
    enemy = _closed(frame)
    board, at = boards.of(state), state["at"]
    stop = not ignores_stop(state, side)
    acts, serial, known = [], board.serial, _MOVES.get
    for cid in movable(state, side):
        found = known((serial, cid, at[cid], enemy, stop))     # the memo read inline: asked ~30 times a list
        acts += found if found is not None else _moves(board, cid, at[cid], enemy, stop)
    acts.append(("done",))
    return acts


def _allows(state: dict, frame: dict, action) -> bool:
    """Exactly ``action in _actions(state, frame)``, without building the list (Flow.apply's gate)."""
    if action == ("done",):
        return True
    if type(action) is not tuple or len(action) != 3 or action[0] != "move" or type(action[1]) is not str:
        return False
    cid, side = action[1], frame["side"]
    start = state["at"].get(cid)
    if start not in state["stacks"] or SIDE[cid] != side or MOVE[cid] <= 0 or cid in state["moved"]:
        return False
    return action in _moves(boards.of(state), cid, start, _closed(frame), not ignores_stop(state, side))


def _move(state: dict, frame: dict, cid: str, area: str) -> None:
    came = state["at"][cid]
    board, enemy, stop = boards.of(state), _closed(frame), not ignores_stop(state, frame["side"])
    steps = memo(board, ("reach", came, MOVE[cid], enemy, stop), lambda: _search(board, came, MOVE[cid], enemy, stop))[area]
    put(state, cid, area)
    state["moved"] = state["moved"] + [cid]
    event(state, "move", counter=cid, side=frame["side"], path_from=came, to=area, areas=steps)
    log(state, f"{name(cid)} moves from {came} to {area}.", frame["side"])


def _done(state: dict, frame: dict) -> None:
    side = frame["side"]
    log(state, f"ends the movement phase ({counted(len(state['moved']), 'counter')} moved).", side)
    # The check comes as the phase ends (BFA-STK-5, -6), before the segment goes on.
    if not check_stacks(state, side, "movement_end", how="goto"):
        FLOW.end(state)


def _prompt(state: dict, frame: dict) -> str:
    left = len(movable(state, frame["side"]))
    return (f"Movement phase: move your counters one at a time ({left} may still move), "
            f"then end the phase (BFA-MOV-1, BFA-MOV-8).")


def _explain(state: dict, frame: dict, action) -> tuple | None:
    if action[0] != "move" or len(action) != 3:
        return None
    _verb, cid, area = action
    side = frame["side"]
    board = boards.of(state)
    if cid not in state["at"] or side_of(cid) != side:
        return ("you may only move your own counters", "BFA-ACT-4")
    if cid in state["moved"]:
        return ("each counter moves at most once a movement phase", "BFA-MOV-10")
    if data.role(cid) not in ("unit", "leader") or values(cid)[2] <= 0:
        return ("a counter with movement value 0 cannot move", "BFA-MOV-11")
    if state["at"][cid] not in state["stacks"]:
        return ("only counters on the map move", "BFA-MOV-1")
    kind = board.kind.get(area)
    if kind == "sea":
        return ("no counter may enter a sea area", "BFA-MOV-4")
    if kind == "mountain":
        return ("no counter may enter a mountain area", "BFA-MOV-5")
    if area in occupied_by(state, other(side)):
        return ("no counter may enter an area holding an enemy counter", "BFA-MOV-6")
    free = _search(board, state["at"][cid], values(cid)[2], occupied_by(state, other(side)), False)
    if area in free:
        return ("a counter entering an ash waste must stop there", "BFA-MOV-7")
    return (f"{area} is more than {values(cid)[2]} areas away by any open way", "BFA-MOV-2")


FLOW.add(Step("movement", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"move": _move, "done": _done}, explain=_explain, allows=_allows))


# ---------------------------------------------------------------- the stacking check
def problem(state: dict, area: str, side: str) -> str | None:
    """Why ``side``'s stack in ``area`` is illegal now (BFA-STK-2, -4), or None."""
    n, tribes = 0, set()
    for c in state["stacks"].get(area, ()):
        if SIDE[c] == side:
            n += COUNTS[c]
            if TRIBE[c]:
                tribes.add(TRIBE[c])
    if n > LIMIT:
        return "over"
    if len(tribes) > 1:
        return "tribes"
    return None


def illegal(state: dict, side: str) -> list:
    """The areas where ``side``'s stack breaks the stacking rules, in name order."""
    stacks = state["stacks"]
    # A stack of at most LIMIT counters can only break the tribe rule, which only Orks have;
    # ``problem`` written out in one pass (asked for every stack at every check).
    least = 1 if side == "ork" else LIMIT
    out = []
    for a in sorted(stacks):
        pile = stacks[a]
        if len(pile) <= least:
            continue
        n, first, mixed = 0, None, False
        for c in pile:
            if SIDE[c] == side:
                n += COUNTS[c]
                t = TRIBE[c]
                if t:
                    if first is None:
                        first = t
                    elif t != first:
                        mixed = True
        if n > LIMIT or mixed:
            out.append(a)
    return out


def check_stacks(state: dict, side: str, point: str, how: str = "call") -> bool:
    """Check ``side``'s stacks at a check point; True when the opponent must now remove counters.

    The stacking step is called (``how="call"``: the caller's step resumes once every stack is
    legal) or replaces the current step (``how="goto"``: its caller resumes).
    """
    bad = illegal(state, side)
    if not bad:
        return False
    event(state, "stacking_check", side=side, point=point, areas=bad)
    getattr(FLOW, how)(state, "stacking", side=side, chooser=other(side), point=point)
    return True


def _stacking_actions(state: dict, frame: dict) -> list:
    side = frame["side"]
    area = illegal(state, side)[0]
    pile = stack(state, area, side)
    why = problem(state, area, side)
    # Over the limit: any counting counter goes; mixed tribes: any counter with a tribe.
    pick = [c for c in pile if counts(c)] if why == "over" else [c for c in pile if tribe(c)]
    return [("remove", c) for c in pick]


def _remove(state: dict, frame: dict, cid: str) -> None:
    area = state["at"][cid]
    eliminate(state, cid)
    event(state, "stacking_removal", counter=cid, area=area, side=frame["side"], chooser=frame["chooser"])
    log(state, f"removes {name(cid)} from the illegal stack in {area} (BFA-STK-6).", frame["chooser"])
    if not illegal(state, frame["side"]):
        FLOW.end(state)


def _stacking_prompt(state: dict, frame: dict) -> str:
    area = illegal(state, frame["side"])[0]
    why = problem(state, area, frame["side"])
    what = (f"holds more than {LIMIT} counters" if why == "over" else "mixes Ork tribes")
    return (f"The enemy stack in {area} {what}: choose a counter to remove "
            f"(BFA-STK-6, BFA-STK-4).")


def _stacking_explain(state: dict, frame: dict, action) -> tuple | None:
    if action[0] != "remove" or len(action) != 2:
        return None
    cid, area = action[1], illegal(state, frame["side"])[0]
    if cid not in stack(state, area, frame["side"]):
        return (f"first the illegal stack in {area} is brought within the rules", "BFA-STK-6")
    if not counts(cid):
        return ("that counter counts for no stacking limit, so removing it would not help", "BFA-STK-3")
    return ("only a counter whose removal makes the stack legal may be chosen", "BFA-STK-6")


FLOW.add(Step("stacking", who=lambda s, f: f["chooser"], prompt=_stacking_prompt,
              actions=_stacking_actions, handlers={"remove": _remove}, explain=_stacking_explain))


def where_to(state: dict, cid: str) -> list:
    """The areas a counter may move to now, sorted (for the window and bots)."""
    return sorted(reach(state, cid))

