"""Movement, area by area: select a stack, add units, step along roads, Done (JH-MOV-*)."""
from __future__ import annotations

from game.core.steps import Step
from game.core.words import agreeing, counted

from .common import FLOW, add_step, named_area, board_of, count, event, log, occupied, other, shift_units

RANGE = {"maccabean": 3, "greek": 2}      # JH-MOV-4, JH-MOV-5


def start(state: dict, side: str, units: int, reach: int, bonus: int = 0, how: str = "goto") -> None:
    """Begin a movement of up to ``units`` units of ``reach`` areas each (JH-MOV-1)."""
    log(state, f"{side}: moves up to {counted(units, 'unit')}, up to {counted(reach, 'area')} each.")
    getattr(FLOW, how)(state, "move", side=side, limit=units, range=reach, bonus=bonus,
                       started=0, groups=[], sel=None, occupied=sorted(occupied(state)))


def _ended_at(frame, area) -> int:
    return sum(g["n"] for g in frame["groups"] if g["path"][-1] == area)


def fresh(state: dict, frame: dict, area: str) -> int:
    """Units in an area that have not moved with this card (JH-AMBIG-7)."""
    return count(state, frame["side"], area) - _ended_at(frame, area)


def _fresh_areas(state: dict, frame: dict) -> list:
    """The side's areas holding units that have not moved with this card, by name (JH-AMBIG-7);
    one pass over the groups instead of one per area (this runs for every legal-actions list)."""
    ended: dict = {}
    for g in frame["groups"]:
        end = g["path"][-1]
        ended[end] = ended.get(end, 0) + g["n"]
    units = state["units"][frame["side"]]
    return [a for a in sorted(units) if units[a] > ended.get(a, 0)]


def _can_enter(state, board, side, area) -> bool:
    # JH-MOV-6: Maccabeans never enter a Greek supply centre.
    return not (side == "maccabean" and area in board.centres)


def _actions(state, frame):
    side = frame["side"]
    if frame["sel"] is None:
        acts = []
        if frame["started"] < frame["limit"]:
            acts = [("area", a) for a in _fresh_areas(state, frame)]
        return acts + [("done",)]
    group = frame["groups"][frame["sel"]]
    path = group["path"]
    acts = []
    if len(path) == 1 and frame["started"] < frame["limit"] and fresh(state, frame, path[0]) > 0:
        acts.append(("area", path[0]))
    if len(path) - 1 < frame["range"]:
        board = board_of(state)
        acts += [("area", b) for b in board.adj[path[-1]]
                 if b not in path and _can_enter(state, board, side, b)]
    if len(path) == 1:
        # A stack picked but not yet moved: a click on another stack picks that one instead.
        taken = {a[1] for a in acts}
        acts += [("area", a) for a in _fresh_areas(state, frame) if a not in taken and a != path[0]]
    return acts + [("done",)]


def _allows(state, frame, action) -> bool:
    """Exactly ``action in _actions(state, frame)``, without building the list (Flow.apply's gate)."""
    if action == ("done",):
        return True
    if len(action) != 2 or action[0] != "area" or type(action[1]) is not str:
        return False
    area, side = action[1], frame["side"]
    may_start = frame["started"] < frame["limit"]
    if frame["sel"] is None:
        return may_start and area in state["units"][side] and fresh(state, frame, area) > 0
    path = frame["groups"][frame["sel"]]["path"]
    if len(path) == 1 and area == path[0] and may_start and fresh(state, frame, area) > 0:
        return True
    if len(path) - 1 < frame["range"] and area not in path:
        board = board_of(state)
        if area in board.adj[path[-1]] and _can_enter(state, board, side, area):
            return True
    return len(path) == 1 and area != path[0] and area in state["units"][side] and fresh(state, frame, area) > 0


def _prompt(state, frame):
    left = frame["limit"] - frame["started"]
    reach = f"up to {frame['range']} areas along roads"
    if frame["sel"] is None:
        if left <= 0:
            return "Move: every unit this card moves has moved. Click End movement to finish."
        return (f"Move: click an area with your units to move from ({counted(left, 'more unit')} may move, "
                f"each {reach}), or End movement.")
    group = frame["groups"][frame["sel"]]
    path = group["path"]
    if len(path) == 1:
        more = f"click {path[0]} again to add a unit ({left} more may), " if left > 0 else ""
        return (f"Moving {counted(group['n'], 'unit')} from {path[0]}, {reach}: {more}click a lit area next to it "
                f"to step there, or Done with this group.")
    steps = frame["range"] - (len(path) - 1)
    return (f"Moving {counted(group['n'], 'unit')}, now in {path[-1]} ({counted(steps, 'more step')} allowed): click the "
            f"next area, or Done with this group to stop here.")


def _on_area(state, frame, area):
    side = frame["side"]
    if frame["sel"] is None:
        frame["groups"].append({"path": [area], "n": 1})
        frame["sel"] = len(frame["groups"]) - 1
        frame["started"] += 1
        return
    group = frame["groups"][frame["sel"]]
    path = group["path"]
    if area == path[0] and len(path) == 1:
        group["n"] += 1
        frame["started"] += 1
        return
    if len(path) == 1 and area not in board_of(state).adj[path[0]]:
        frame["started"] -= group["n"] - 1
        frame["groups"][frame["sel"]] = {"path": [area], "n": 1}
        return
    shift_units(state, side, path[-1], area, group["n"])
    path.append(area)
    enemy = count(state, other(side), area) > 0
    if enemy:
        log(state, f"{side}: {counted(group['n'], 'unit')} {agreeing(group['n'], 'moves', 'move')} {' > '.join(path)} and stop facing the enemy.")
        event(state, "moved", side=side, n=group["n"], path=list(path), contact=True)
    if enemy or len(path) - 1 >= frame["range"]:
        # JH-MOV-7: entering enemy units ends the move; the range ends it too.
        if not enemy:
            log(state, f"{side}: {counted(group['n'], 'unit')} {agreeing(group['n'], 'moves', 'move')} {' > '.join(path)}.")
            event(state, "moved", side=side, n=group["n"], path=list(path), contact=False)
        frame["sel"] = None


def _on_done(state, frame):
    if frame["sel"] is not None:
        group = frame["groups"][frame["sel"]]
        frame["sel"] = None
        if len(group["path"]) == 1:
            frame["groups"].pop()
            frame["started"] -= group["n"]
        else:
            log(state, f"{frame['side']}: {counted(group['n'], 'unit')} {agreeing(group['n'], 'moves', 'move')} {' > '.join(group['path'])}.")
            event(state, "moved", side=frame["side"], n=group["n"], path=list(group["path"]), contact=False)
        return
    from . import battle
    battle.after_movement(state, frame)


def _explain(state, frame, action):
    area, reason = named_area(state, action)
    if area is None:
        return reason
    side, board = frame["side"], board_of(state)
    if frame["sel"] is None:
        if frame["started"] >= frame["limit"]:
            return (f"this card moves at most {frame['limit']} units and all have moved: click End movement",
                    "JH-MOV-1")
        if count(state, side, area) == 0:
            return ("you have no units there to move", "JH-MOV-1")
        return ("each unit moves only once per card", "JH-AMBIG-7")
    path = frame["groups"][frame["sel"]]["path"]
    if side == "maccabean" and area in board.centres:
        return ("Maccabean units may never enter a Greek Supply Centre", "JH-MOV-6")
    if area == path[0] and len(path) == 1:
        return (f"this card moves at most {frame['limit']} units", "JH-MOV-1")
    if area not in board.adj[path[-1]]:
        return ("units move only along roads, one area at a time", "JH-MOV-3")
    if len(path) - 1 >= frame["range"]:
        clause = "JH-MOV-4" if side == "maccabean" else "JH-MOV-5"
        return (f"these units may move at most {frame['range']} areas", clause)
    return ("a unit never enters the same area twice in one move (house rule)", "JH-AMBIG-7")


add_step(Step("move", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"area": _on_area, "done": _on_done}, explain=_explain, allows=_allows))
