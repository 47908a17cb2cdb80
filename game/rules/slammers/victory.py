"""The end of a battle: the scenario's victory conditions (HS-GAP-6) read at the last turn's end."""
from __future__ import annotations

from game.core.contract import Result

from . import board, pieces
from .flow import FLOW, event, log


def points(state: dict, side: str) -> int:
    """Points of the enemy units a side's team has eliminated (the book's point costs)."""
    seat = pieces.seating(state)
    units = state["units"]
    return sum(pieces.utype(state, u).points for s in seat.enemies(side) for u in state["lost"][s]
               if units[u]["side"] == s)


def _hex_of_place(state: dict, place: str):
    grid = board.grid_of(state)
    p = grid.place(place)
    return p.hex if p is not None else grid.hex_named(place)


def holds(state: dict, side: str, place: str) -> bool:
    """A place is held by a team whose units stand in it with no enemy there."""
    h = _hex_of_place(state, place)
    if h is None:
        return False
    seat = pieces.seating(state)
    here = {state["units"][u]["side"] for u in pieces.units_in(state, h)}
    return any(seat.allied(side, s) for s in here) and not any(s in seat.enemies(side) for s in here)


def _met(state: dict, cond: dict) -> bool:
    side, kind = cond.get("side"), cond["kind"]
    seat = pieces.seating(state)
    if kind == "hold":
        return all(holds(state, side, p) for p in cond["places"])
    if kind == "eliminate":              # a share of the enemy's points (scenarios.py's reading)
        foes = [u for u, d in state["units"].items() if d["side"] in seat.enemies(side)]
        total = sum(pieces.utype(state, u).points for u in foes)
        return total > 0 and points(state, side) >= cond["enemy_fraction"] * total
    if kind == "points":
        return points(state, side) >= cond["at_least"]
    if kind == "survive":
        return any(d["side"] in seat.team(side) and d["at"] is not None for d in state["units"].values())
    return False


def decide(state: dict) -> dict:
    """Winner and scores: the first condition met, else the most points, else a draw."""
    seat = pieces.seating(state)
    scores = {s: points(state, s) for s in seat.sides}
    alive = {seat.team(d["side"]) for d in state["units"].values()
             if d["at"] is not None or d.get("arrive") or d.get("drop")}
    if len(alive) == 1:
        team = alive.pop()
        return {"winner": team[0], "scores": scores, "reason": "the enemy has no unit left"}
    for cond in state["victory"]:
        if cond["kind"] == "most_points":
            best = max(scores.values())
            top = [s for s in seat.sides if scores[s] == best]
            if len(top) == 1:
                return {"winner": top[0], "scores": scores, "reason": "most points"}
            continue
        if _met(state, cond):
            return {"winner": cond["side"], "scores": scores, "reason": cond.get("text") or reason_words(cond)}
    return {"winner": None, "scores": scores, "reason": "no side met its conditions"}


def reason_words(cond: dict) -> str:
    """Why a condition wins, as the end of the game says it: 'holding Marrow at the end'."""
    kind = cond["kind"]
    if kind == "hold":
        return f"holding {' and '.join(cond['places'])} at the end"
    if kind == "eliminate":
        return f"{round(100 * cond['enemy_fraction'])}% of the enemy's points destroyed"
    if kind == "points":
        return f"{cond['at_least']} points of enemy units destroyed"
    if kind == "survive":
        return "held out: the enemy met none of its conditions"
    return kind.replace("_", " ")


def finish(state: dict) -> None:
    """End the game with its result."""
    state["result"] = decide(state)
    event(state, "game_over", **state["result"])
    log(state, end_words(state, state["result"]))
    FLOW.game_over(state)


def end_words(state: dict, over: dict) -> str:
    """The log's last line: the winner's player and its allies', who win with it (HS-GAP-8), or a draw."""
    why, winner = over["reason"], over["winner"]
    if not winner:
        return f"The battle is over: a draw ({why})"
    team = (winner,) + pieces.seating(state).allies(winner)
    who = f"the {' and '.join(team)} {'player wins' if len(team) == 1 else 'players win'}"
    return f"The battle is over: {who} ({why})"


def result(state: dict) -> Result | None:
    """The result, once the game is over."""
    over = state.get("result")
    if not over:
        return None
    return Result(over["winner"], dict(over["scores"]), over["reason"])


def older_snapshot(state: dict) -> list:
    """The state in each shape older saves hold it, newest first: the last line naming the winner
    alone ("blue wins", before its players and allies were named); before that, also events
    without the odds of their rolls (before the review's dice luck); and before that, also
    ``over`` for today's ``result`` (before the shared key). Each shape also without the trail
    of the unit being moved (before 5 December, a save made in the middle of a unit's move)."""
    shapes = _older_shapes(state)
    bare = _without_trails(state)
    return shapes if bare is state else shapes + _older_shapes(bare)


def _without_trails(state: dict) -> dict:
    """The state without the Movement step's trails (``state`` itself when it has none)."""
    stack = state.get("stack") or []
    if not any("trails" in f for f in stack):
        return state
    return dict(state, stack=[{k: v for k, v in f.items() if k != "trails"} for f in stack])


def _older_shapes(state: dict) -> list:
    """The three older shapes of one state, newest first (older_snapshot)."""
    words = _winner_alone(state)
    named = state if words is None else dict(state, log=words)
    plain = dict(named, events=[_without_odds(e) for e in state.get("events", ())])
    over = dict(plain)
    over["over"] = over.pop("result", None)
    return [named, plain, over]


def _winner_alone(state: dict) -> list | None:
    """The log as it ended before the winning players were named ("blue wins"); None for a draw."""
    over, lines = state.get("result"), state.get("log") or []
    if not over or not over.get("winner") or not lines or lines[-1] != end_words(state, over):
        return None
    return lines[:-1] + [f"The battle is over: {over['winner']} wins ({over['reason']})"]


def _without_odds(event: dict) -> dict:
    """An event as it was before the rules recorded the chances of its roll."""
    out = {k: v for k, v in event.items() if k not in ("chance", "chances")}
    if isinstance(out.get("rolls"), dict):
        out["rolls"] = {u: {k: v for k, v in r.items() if k != "chances"} for u, r in out["rolls"].items()}
    return out
