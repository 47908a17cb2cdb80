"""Ambushes (JH-AMB-*) and battles (JH-BAT-*), fought after all movement of a card (JH-MOV-9)."""
from __future__ import annotations

from game.core.steps import Step
from game.core.words import agreeing, counted

from .cards import CARDS
from .common import (FLOW, add_step, board_of, count, event, log, mixed_areas, new_dice, other,
                     remove_units, reveal_top, roll, shift_units)


def casualties(state: dict, side: str, area: str, won: bool) -> int:
    """Roll on the casualty chart for ``side`` in ``area`` and remove its losses (JH-BAT-8..12)."""
    have = count(state, side, area)
    if have == 0:
        return 0
    if won:
        value = roll(state)
        lost, dice = (1 if value >= 5 else 0), [value]
        log(state, f"{side}: rolls [d6:{value}] as winner: {'loses 1 unit' if lost else 'no loss'}.")
    else:
        lost, dice = 1, []
        while lost < have:                       # JH-BAT-10: the chain ends with no units left
            value = roll(state)
            dice.append(value)
            if value < 5:
                break
            lost += 1
        shown = " ".join(f"[d6:{v}]" for v in dice) if dice else "no roll (no units left)"
        log(state, f"{side}: loses 1 unit as loser, then rolls {shown}: {lost} lost in all.")
    remove_units(state, side, area, lost)
    event(state, "casualties", side=side, area=area, won=won, dice=dice, lost=lost)
    return lost


def after_movement(state: dict, frame: dict) -> None:
    """Movement is done: offer an ambush against Greek moves, then fight the battles."""
    side = frame["side"]
    groups = [g for g in frame["groups"] if len(g["path"]) > 1]
    data = {"side": side, "groups": groups, "bonus": frame["bonus"]}
    if side == "greek":
        spots = ambush_spots(state, groups, frame["occupied"])
        if spots:
            FLOW.goto(state, "ambush", candidates=spots, target=None, sources=[], **data)
            return
    FLOW.goto(state, "battles", retreat=None, **data)


def ambush_spots(state: dict, groups: list, occupied_before: list) -> list:
    """Areas the Maccabeans may ambush (JH-AMB-3..5, JH-AMBIG-14)."""
    mac = state["units"]["maccabean"]
    before = set(occupied_before)
    spots = set()
    for g in groups:
        for area in g["path"][1:]:
            if area not in before and area not in mac and _ambush_sources(state, area):
                spots.add(area)
    return sorted(spots)


def _ambush_sources(state, area) -> list:
    """Maccabean areas next to ``area`` that may ambush: not those about to fight a battle (JH-AMBIG-12)."""
    mac, greek = state["units"]["maccabean"], state["units"]["greek"]
    return [n for n in board_of(state).adj[area] if n in mac and n not in greek]


def _ambush_actions(state, frame):
    if frame["target"] is None:
        return [("area", a) for a in frame["candidates"]] + [("pass",)]
    return [("area", a) for a in frame["sources"]]


def _ambush_prompt(state, frame):
    if frame["target"] is None:
        return ("Ambush? Click a lit area the Greeks moved into next to your units, or Pass. "
                "It stops them there if the top card's modifier is Maccabean (JH-AMB-9).")
    return f"Ambush at {frame['target']}: click the area your ambushing units come from."


def _on_ambush_area(state, frame, area):
    if frame["target"] is None:
        sources = _ambush_sources(state, area)
        if len(sources) > 1:
            frame["target"], frame["sources"] = area, sources
            return
        frame["target"] = area
        area = sources[0]
    resolve_ambush(state, frame, frame["target"], area)
    FLOW.goto(state, "battles", retreat=None, side=frame["side"], groups=frame["groups"],
              bonus=frame["bonus"])


def resolve_ambush(state: dict, frame: dict, target: str, source: str) -> bool:
    """Reveal a card; on a Maccabean modifier stop the Greeks and roll casualties (JH-AMB-9..17)."""
    log(state, f"maccabean: ambushes the Greeks in {target} from {source}.")
    new_dice(state, f"Ambush at {target}")
    cid = reveal_top(state, f"the ambush at {target}")
    won = cid is not None and CARDS[cid]["modifier"]["faction"] == "maccabean"
    state["last_battle"] = {"kind": "ambush", "area": target, "from": source, "card": cid, "won": won}
    if not won:
        log(state, "The ambush fails: the Greek movement goes on as planned.")     # JH-AMB-13
        event(state, "ambush", area=target, source=source, card=cid, won=False, rolls=[], losses={})
        return False
    for g in frame["groups"]:
        path = g["path"]
        if target in path[1:] and path[-1] != target:
            # JH-AMB-12: every Greek unit that moved into the area stops there.
            shift_units(state, "greek", path[-1], target, g["n"])
            del path[path.index(target) + 1:]
    log(state, f"The ambush succeeds: the Greek units stop in {target}.")
    before = state["dice"]["values"][:]
    mac_lost = casualties(state, "maccabean", source, True)          # JH-AMBIG-11
    mac_dice = state["dice"]["values"][len(before):]
    greek_lost = casualties(state, "greek", target, False)
    greek_dice = state["dice"]["values"][len(before) + len(mac_dice):]
    event(state, "ambush", area=target, source=source, card=cid, won=True,
          rolls=[["maccabean", mac_dice], ["greek", greek_dice]],
          losses={"maccabean": mac_lost, "greek": greek_lost})
    board = board_of(state)
    left = count(state, "maccabean", source)
    if count(state, "greek", target) == 0 and left and target not in board.centres:
        shift_units(state, "maccabean", source, target, left)       # JH-AMB-16, JH-AMBIG-18
        log(state, f"maccabean: the ambushers move into {target}.")
        event(state, "moved", side="maccabean", n=left, path=[source, target])
    return True


def _on_ambush_pass(state, frame):
    log(state, "maccabean: springs no ambush.")
    FLOW.goto(state, "battles", retreat=None, side=frame["side"], groups=frame["groups"],
              bonus=frame["bonus"])


def _ambush_explain(state, frame, action):
    if not action or action[0] != "area" or len(action) != 2:
        return None
    area = action[1]
    if frame["target"] is not None:
        return ("the ambushing units must be next to the ambushed area", "JH-AMB-8")
    if count(state, "greek", area) and count(state, "maccabean", area):
        return ("an area where a battle will be fought cannot be ambushed", "JH-AMB-5")
    moved = any(area in g["path"][1:] for g in frame["groups"])
    if not moved:
        return ("only an area the Greeks moved into can be ambushed", "JH-AMB-3")
    if area in frame.get("candidates", []):
        return None
    if not _ambush_sources(state, area):
        mac = state["units"]["maccabean"]
        if any(n in mac for n in board_of(state).adj[area]):
            return ("Maccabean units the Greeks have just attacked must stay and fight: they cannot "
                    "ambush elsewhere", "JH-AMBIG-12")
        return ("the ambushed area must be next to Maccabean units", "JH-AMB-3")
    return ("an area that held units when the Greeks began moving cannot be ambushed", "JH-AMB-4")


add_step(Step("ambush", who=lambda s, f: "maccabean", prompt=_ambush_prompt, actions=_ambush_actions,
              handlers={"area": _on_ambush_area, "pass": _on_ambush_pass}, explain=_ambush_explain))


# -- battles -------------------------------------------------------------------
def fight(state: dict, frame: dict, area: str) -> None:
    """Resolve the battle in one area (JH-BAT-1..16)."""
    att = frame["side"]
    dfd = other(att)
    a_units, d_units = count(state, att, area), count(state, dfd, area)
    new_dice(state, f"Battle at {area}")
    cid = reveal_top(state, f"the battle at {area}")
    a_str, d_str = a_units + frame["bonus"], d_units
    if cid is not None:
        mod = CARDS[cid]["modifier"]
        if mod["faction"] == att:
            a_str += mod["value"]
        else:
            d_str += mod["value"]
    att_wins = a_str >= d_str                                # JH-BAT-6, JH-BAT-7
    winner = att if att_wins else dfd
    log(state, f"Battle at {area}: {att} (attacker) {a_str} against {dfd} {d_str}: {winner} wins.")
    state["dice"]["text"] = f"Battle at {area}: {att} {a_str} v {dfd} {d_str}"
    a_lost = casualties(state, att, area, att_wins)
    a_dice = state["dice"]["values"][:]
    d_lost = casualties(state, dfd, area, not att_wins)
    event(state, "battle", area=area, attacker=att, defender=dfd, card=cid,
          strength={att: a_str, dfd: d_str}, winner=winner, losses={att: a_lost, dfd: d_lost},
          rolls=[[att, a_dice], [dfd, state["dice"]["values"][len(a_dice):]]])
    state["last_battle"] = {"kind": "battle", "area": area, "attacker": att, "card": cid,
                            "strength": {att: a_str, dfd: d_str}, "winner": winner,
                            "losses": {att: a_lost, dfd: d_lost}}
    a_left, d_left = count(state, att, area), count(state, dfd, area)
    if a_left and d_left:
        _start_retreat(state, frame, area)
    elif a_left or d_left:
        log(state, f"{att if a_left else dfd}: holds {area}.")            # JH-BAT-13
    else:
        log(state, f"Both sides are wiped out in {area}.")                # JH-BAT-14


def retreat_options(state: dict, frame: dict, area: str) -> list:
    """Areas the attackers stepped in from, not holding enemy units (JH-BAT-16, JH-AMBIG-10, JH-GAP-10)."""
    att = frame["side"]
    board = board_of(state)
    came = {g["path"][-2] for g in frame["groups"] if g["path"][-1] == area}
    return sorted(a for a in came if not count(state, other(att), a)
                  and not (att == "maccabean" and a in board.centres))


def _start_retreat(state, frame, area):
    opts = retreat_options(state, frame, area)
    if not opts:
        lost = remove_units(state, frame["side"], area, count(state, frame["side"], area))
        event(state, "eliminated", side=frame["side"], area=area, n=lost, why="nowhere to retreat")
        log(state, f"{frame['side']}: {counted(lost, 'unit')} {agreeing(lost, 'has', 'have')} nowhere to retreat and {agreeing(lost, 'is', 'are')} lost (JH-GAP-10).")
    elif len(opts) == 1:
        retreat(state, frame, area, opts[0])
    else:
        frame["retreat"] = {"area": area, "options": opts}


def retreat(state: dict, frame: dict, area: str, to: str) -> None:
    """All remaining attackers leave the battle area together (JH-BAT-15, JH-AMBIG-9)."""
    n = count(state, frame["side"], area)
    shift_units(state, frame["side"], area, to, n)
    log(state, f"{frame['side']}: {counted(n, 'unit')} {agreeing(n, 'retreats', 'retreat')} from {area} to {to}.")
    event(state, "retreat", side=frame["side"], n=n, path=[area, to])


def _battles_enter(state, frame):
    while frame["retreat"] is None:
        pending = mixed_areas(state)
        if not pending:
            FLOW.end(state)
            return
        if len(pending) > 1:
            return                      # JH-AMBIG-8: the moving player picks the order
        fight(state, frame, pending[0])


def _battles_actions(state, frame):
    if frame["retreat"] is not None:
        return [("area", a) for a in frame["retreat"]["options"]]
    return [("area", a) for a in mixed_areas(state)]


def _battles_prompt(state, frame):
    if frame["retreat"] is not None:
        return (f"Retreat: the attackers must leave {frame['retreat']['area']}; click the lit area "
                f"they go to (one they came from, JH-BAT-16).")
    return "Battles: click the lit area where the next battle is fought (you choose the order)."


def _on_battle_area(state, frame, area):
    if frame["retreat"] is not None:
        retreat(state, frame, frame["retreat"]["area"], area)
        frame["retreat"] = None
    else:
        fight(state, frame, area)
    _battles_enter(state, frame)


def _battles_explain(state, frame, action):
    if frame["retreat"] is not None:
        return ("the attackers retreat only into an area one of them came from", "JH-BAT-16")
    return ("battles are fought only where both factions have units", "JH-MOV-10")


add_step(Step("battles", who=lambda s, f: f["side"], prompt=_battles_prompt, actions=_battles_actions,
              handlers={"area": _on_battle_area}, enter=_battles_enter, explain=_battles_explain))
