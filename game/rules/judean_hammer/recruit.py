"""Recruiting: the three Maccabean options and the Greek option (JH-REC-*)."""
from __future__ import annotations

from game.core.steps import Step
from game.core.words import counted

from .common import FLOW, add_step, named_area, add_units, board_of, count, event, in_supply, log, region_control

MAC_OPTIONS = {1: "cities in regions the Greeks do not control",
               2: "one city in a Greek-controlled region",
               3: "one empty wilderness area"}


def maccabean_areas(state: dict, board, option: int) -> list:
    """Areas eligible for a Maccabean recruiting option, judged now (JH-REC-2..5, JH-AMBIG-17)."""
    greek = state["units"]["greek"]
    if option == 3:
        mac = state["units"]["maccabean"]
        return [a for a in board.wilderness if a not in greek and a not in mac]
    control = region_control(state, board)
    want_greek = option == 2
    return [c for c in board.cities
            if c not in greek and (control[board.region[c]] == "greek") == want_greek]


def greek_areas(state: dict, board) -> list:
    """Areas eligible for Greek recruits (JH-REC-9..12, JH-AMBIG-5)."""
    mac, greek = state["units"]["maccabean"], state["units"]["greek"]
    control = region_control(state, board)
    supplied = in_supply(state, board)
    held = [c for c in board.cities if c in greek]
    out = set(board.centres) | set(held)
    for city in held:
        if control[board.region[city]] != "greek":
            continue
        for area in board.adj[city]:
            if area not in mac and control.get(board.region[area]) == "greek":
                out.add(area)
    return sorted(a for a in out if a in supplied)


def options(state: dict, side: str) -> dict:
    """option number -> eligible areas, for the options that have any."""
    board = board_of(state)
    if side == "greek":
        areas = greek_areas(state, board)
        return {1: areas} if areas else {}
    found = {k: maccabean_areas(state, board, k) for k in MAC_OPTIONS}
    return {k: v for k, v in found.items() if v}


def placeable(state: dict, side: str, option: int, ops: int) -> int:
    """How many units an option would place for ``ops`` OPs (JH-REC-4..7, JH-REC-14)."""
    one = side == "maccabean" and option in (2, 3)
    return min(ops - 1 if one else ops, state["stock"][side])


def start(state: dict, side: str, option: int, ops: int, areas: list, how: str = "goto") -> None:
    """Begin placing recruits for one card (``how``: goto replaces the current step, call nests)."""
    one = side == "maccabean" and option in (2, 3)
    left = ops - 1 if one else ops          # JH-REC-4..7
    left = min(left, state["stock"][side])  # JH-REC-14
    what = MAC_OPTIONS[option] if side == "maccabean" else "Greek recruiting"
    log(state, f"{side}: recruits {counted(max(left, 0), 'unit')} ({what}).")
    getattr(FLOW, how)(state, "recruit", side=side, option=option, left=max(left, 0), areas=areas, one=one)


def _enter(state, frame):
    if frame["left"] <= 0:
        FLOW.end(state)


def _actions(state, frame):
    return [("area", a) for a in frame["areas"]]


def _prompt(state, frame):
    if frame["side"] == "greek":
        return (f"Recruit: click a lit area for the next unit ({frame['left']} left): a supply centre, "
                f"a Greek city, or an area next to one in a Greek region, in supply (JH-REC-9..12).")
    what = MAC_OPTIONS[frame["option"]]
    if frame["one"]:
        units = "the unit" if frame["left"] == 1 else f"all {frame['left']} units"
        lit = "the lit area" if len(frame["areas"]) == 1 else "one of the lit areas"
        return (f"Recruit ({what}): click {lit}; it gets {units} "
                f"(OPs - 1, JH-REC-{2 + frame['option']}).")
    return f"Recruit ({what}): click a lit city for the next unit ({frame['left']} left)."


def _on_area(state, frame, area):
    side = frame["side"]
    n = frame["left"] if frame["one"] else 1
    placed = add_units(state, side, area, n)
    log(state, f"{side}: places {counted(placed, 'unit')} in {area}.")
    event(state, "recruited", side=side, area=area, n=placed)
    frame["left"] -= n
    if frame["one"] or frame["left"] <= 0 or state["stock"][side] == 0:
        FLOW.end(state)


def _explain(state, frame, action):
    area, reason = named_area(state, action)
    if area is None:
        return reason
    side, board = frame["side"], board_of(state)
    if side == "greek":
        if count(state, "maccabean", area):
            return ("Greek recruits never go into an area holding Maccabean units", "JH-REC-11")
        if area in greek_areas(state, board) or area in board.centres or area in state["units"]["greek"]:
            return ("recruits must go into an area in supply", "JH-REC-12")
        return ("Greek recruits go to supply centres, Greek cities, or areas next to a Greek city "
                "in a Greek-controlled region", "JH-REC-11")
    option = frame["option"]
    if option == 3:
        return ("this option recruits only into one empty wilderness area", "JH-REC-5")
    if board.kind[area] != "city" or count(state, "greek", area):
        return ("this option recruits only into empty or Maccabean cities", f"JH-REC-{2 if option == 1 else 4}")
    if option == 1:
        return ("option 1 recruits only in regions the Greeks do not control", "JH-REC-3")
    return ("option 2 recruits only in a Greek-controlled region", "JH-REC-4")


add_step(Step("recruit", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"area": _on_area}, enter=_enter, explain=_explain))
