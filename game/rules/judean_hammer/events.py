"""Card events as small effect programs from cards.json (JH-GAP-8): place, remove, move, recruit, attrition."""
from __future__ import annotations

from game.core.steps import Step
from game.core.words import counted

from . import move, recruit
from .cards import CARDS
from .common import (FLOW, add_step, add_units, board_of, card_name, event, in_supply, log, other,
                     region_control, remove_units)


def where(state: dict, side: str, name: str) -> list:
    """The areas an effect's ``where`` filter names, for the faction playing the event."""
    board = board_of(state)
    mine, theirs = state["units"][side], state["units"][other(side)]
    if name == "own":
        return sorted(mine)
    if name == "own_city":
        return [c for c in board.cities if c in mine]
    if name == "own_or_empty_city":
        return [c for c in board.cities if c not in theirs]
    if name == "own_or_empty_wilderness":
        return [a for a in board.wilderness if a not in theirs]
    if name == "empty_wilderness":
        return [a for a in board.wilderness if a not in theirs and a not in mine]
    if name == "jerusalem_own_or_empty":
        city = board.region_cities[board.jerusalem][0]
        return [] if city in theirs else [city]
    if name == "supply_centre":
        return sorted(a for a in board.centres if a not in theirs)
    if name == "free_next_to_own_city":
        found = {n for c in board.cities if c in mine for n in board.adj[c]}
        return sorted(a for a in found if a not in theirs
                      and not (side == "maccabean" and a in board.centres))
    if name == "enemy_next_to_own":
        return sorted(a for a in theirs if any(n in mine for n in board.adj[a]))
    if name == "enemy_city":
        return [c for c in board.cities if c in theirs]
    if name == "enemy_city_in_greek_region":
        control = region_control(state, board)
        return [c for c in board.cities if c in theirs and control[board.region[c]] == "greek"]
    if name == "enemy_out_of_supply":
        supplied = in_supply(state, board) if other(side) == "greek" else set(board.areas)
        return sorted(a for a in theirs if a not in supplied)
    raise ValueError(f"unknown area filter {name!r} in cards.json")


def _target(side: str, effect: dict) -> str:
    return side if effect.get("side", "self") == "self" else other(side)


def can_play(state: dict, side: str, cid: int) -> bool:
    """Whether the event may be played now: it would do something, or it is a sacrifice card."""
    if CARDS[cid]["banner"] == "orange":
        return True     # JH-CRD-14: the event takes the card's modifier out of the deck, even if it does nothing
    effect = CARDS[cid]["effects"][0]
    do = effect["do"]
    if do == "place":
        return state["stock"][side] > 0 and bool(where(state, side, effect["where"]))
    if do in ("remove", "attrition"):
        return bool(where(state, side, effect["where"]))
    if do == "move":
        return bool(state["units"][side])
    if do == "recruit":
        return state["stock"][side] > 0 and bool(recruit.options(state, side))
    return False


def start(state: dict, side: str, cid: int, how: str = "call") -> None:
    """Run a card's event (the card is already removed from the game, JH-CRD-5)."""
    log(state, f"{side}: plays the event of {card_name(cid)}.")
    event(state, "card_played", side=side, card=cid, use="event")
    getattr(FLOW, how)(state, "event", side=side, card=cid, i=0)


def _run(state, frame):
    effects = CARDS[frame["card"]]["effects"]
    while frame["i"] < len(effects):
        effect = effects[frame["i"]]
        frame["i"] += 1
        if _do(state, frame["side"], effect):
            return                      # a sub-step was called; _resume carries on
    FLOW.end(state)


def _do(state, side, effect) -> bool:
    """Carry out one effect; True when it called a step that needs decisions."""
    do = effect["do"]
    if do == "attrition":
        target = other(side)
        for area in where(state, side, effect["where"]):
            remove_units(state, target, area, 1)
            log(state, f"{target}: loses 1 unit in {area}.")
            event(state, "eliminated", side=target, area=area, n=1, why="event", card=frame_card(state))
        return False
    if do == "move":
        move.start(state, side, effect["units"], effect["range"], effect.get("bonus", 0), how="call")
        return True
    if do == "recruit":
        opts = recruit.options(state, side)
        if not opts:
            return False
        option = min(opts)
        recruit.start(state, side, option, effect["ops"], opts[option], how="call")
        return True
    areas = where(state, side, effect["where"])
    n = effect["n"]
    if do == "place":
        n = min(n, state["stock"][side])
    if not areas or n <= 0:
        return False
    FLOW.call(state, "pick", side=side, act=do, target=_target(side, effect), left=n,
              areas=areas, mode=effect["mode"], used=[])
    return True


def _resume(state, frame, value):
    _run(state, frame)


add_step(Step("event", who=lambda s, f: f["side"], prompt=lambda s, f: "The event is resolved.",
              actions=lambda s, f: [], enter=_run, resume=_resume))


# -- pick: choose areas to place or remove units -------------------------------
def _pick_areas(state, frame) -> list:
    areas = [a for a in frame["areas"] if a not in frame["used"]]
    if frame["act"] == "remove":
        units = state["units"][frame["target"]]
        areas = [a for a in areas if a in units]
    return areas


def _pick_actions(state, frame):
    acts = [("area", a) for a in _pick_areas(state, frame)]
    if frame["mode"] == "distinct" and frame["used"]:
        acts.append(("done",))
    return acts


def _pick_prompt(state, frame):
    whose = {"maccabean": "Maccabean", "greek": "Greek"}.get(frame["target"], "")
    if frame["act"] == "place":
        verb, noun, where = "place", "of your units", "there"
    else:
        verb, noun, where = "remove", whose + " unit", "from it"

    def what(n):
        return f"{verb} {n} {noun}" if frame["act"] == "place" else f"{verb} {counted(n, noun)}"
    if frame["mode"] == "one":
        lit = "the lit area" if len(frame.get("areas") or ()) == 1 else "one of the lit areas"
        return f"click {lit} to {what(frame['left'])} {where}."
    more = " (or Done)" if frame["mode"] == "distinct" and frame["used"] else ""
    return f"click a lit area to {what(1)} {where} ({frame['left']} left){more}."


def _on_pick(state, frame, area):
    n = frame["left"] if frame["mode"] == "one" else 1
    if frame["act"] == "place":
        done = add_units(state, frame["side"], area, n)
        log(state, f"{frame['side']}: places {counted(done, 'unit')} in {area}.")
        event(state, "recruited", side=frame["side"], area=area, n=done, card=frame_card(state))
    else:
        done = remove_units(state, frame["target"], area, n)
        log(state, f"{frame['target']}: loses {counted(done, 'unit')} in {area}.")
        event(state, "eliminated", side=frame["target"], area=area, n=done, why="event", card=frame_card(state))
    frame["left"] -= n
    if frame["mode"] == "distinct":
        frame["used"].append(area)
    if frame["left"] <= 0 or not _pick_areas(state, frame) or \
            (frame["act"] == "place" and state["stock"][frame["side"]] == 0):
        FLOW.end(state)


def _pick_enter(state, frame):
    if not _pick_areas(state, frame):
        FLOW.end(state)


add_step(Step("pick", who=lambda s, f: f["side"], prompt=_pick_prompt, actions=_pick_actions,
              handlers={"area": _on_pick, "done": lambda s, f: FLOW.end(s)}, enter=_pick_enter,
              explain=lambda s, f, a: ("the event does not allow that area", "JH-GAP-8")))


def frame_card(state: dict):
    """The card whose event is being carried out (its sub-steps sit above it), or None."""
    for frame in reversed(state["stack"]):
        if frame["step"] == "event":
            return frame["card"]
    return None
