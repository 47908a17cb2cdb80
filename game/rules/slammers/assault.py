"""Close Assault (HS-CA-1..16, HS-AMBIG-25..27): every unit in a hex shared with the enemy attacks.

In step 5 of every player-turn each side, the moving side first, makes an attack with every
one of its units in each Close Assault hex (HS-CA-3): it groups them (disrupted and
undisrupted units apart, HS-CA-10), aims at some or all enemy units there (HS-CA-4) and rolls
on the Direct Fire table with no terrain (HS-CA-12). Undisrupted units shift one column
right and infantry doubles its attack (HS-CA-6/7); results wait for the round's end.
"""
from __future__ import annotations

from game.core import record
from game.core.steps import Step

from . import board, fortress, pieces, results, tables
from .fire import chances_on, odds_index, targets_in
from .flow import FLOW, event, log


def fights_undisrupted(state: dict, uid: str) -> bool:
    """Whether a unit fights with the bonuses: undisrupted, or infantry aboard an APC (HS-CA-8/9)."""
    d = state["units"][uid]
    return not d["dis"] or bool(d.get("aboard"))


def assault_attack(state: dict, uid: str) -> int:
    """A unit's Close Assault attack: infantry doubles when undisrupted (HS-CA-7/8)."""
    a = pieces.face(state, uid).attack
    if pieces.is_(state, uid, "infantry") and fights_undisrupted(state, uid):
        a *= 2
    return a


def must_attack(state: dict, side: str) -> list:
    """Units of the side in Close Assault hexes that have not attacked yet (HS-CA-3)."""
    out = []
    for h in pieces.assault_hexes(state):
        if not pieces.enemies_in(state, h, side):
            continue
        for u in pieces.units_in(state, h, side):
            d = state["units"][u]
            if (u not in state["pt"]["fired"] and not d.get("towed_by")
                    and pieces.face(state, u).attack > 0):
                out.append(u)
    return out


def wants(state: dict, side: str) -> bool:
    """Whether the side has units that must attack in a Close Assault."""
    return bool(must_attack(state, side))


def plan(state: dict, group: list, targets: list) -> dict:
    """Odds of a Close Assault attack: no terrain, shift for undisrupted units (HS-AMBIG-25/26)."""
    attack = sum(assault_attack(state, u) for u in group)
    first = bool(targets) and not state["assaults"].get(board.key(pieces.hex_of(state, targets[0])), 0)
    # HS-CA-13/14: defenders inside a fortress keep it only in the Close Assault's first turn
    defence = sum(pieces.face(state, u).defence + (fortress.bonus(state, u) if first else 0) for u in targets)
    shift = 1 if group and fights_undisrupted(state, group[0]) else 0          # HS-CA-6
    if any(u in state["pt"].get("landed", ()) for u in group):
        shift = 0                                       # HS-PAR-14: just dropped in, no shift
    column, legal = odds_index(tables.of(state).crt, attack, defence, shift)
    return {"attack": attack, "defence": defence, "shift": shift, "legal": legal,
            "column": column.name if column else None, "_column": column}


def _actions(state, frame):
    side, group = frame["side"], frame["group"]
    left = must_attack(state, side)
    if group:
        h = pieces.hex_of(state, group[0])
        status = fights_undisrupted(state, group[0])
        out = [("unit", u) for u in left if pieces.hex_of(state, u) == h
               and fights_undisrupted(state, u) == status]
        out += [("unit", u) for u in targets_in(state, h, side)]     # the enemy: aim or not
        if frame["aim"]:
            out.append(("assault",))
        return out
    return [("unit", u) for u in left]


def _unit(state, frame, uid):
    if state["units"][uid]["side"] != frame["side"]:
        _aim(state, frame, uid)
        return
    group = frame["group"]
    if uid in group:
        frame["group"] = [u for u in group if u != uid]
        if not frame["group"]:
            frame["aim"] = []
        return
    if not group:
        frame["aim"] = targets_in(state, pieces.hex_of(state, uid), frame["side"])
    frame["group"] = group + [uid]


def _aim(state, frame, uid):
    aim = frame["aim"]
    frame["aim"] = [u for u in aim if u != uid] if uid in aim else aim + [uid]


def _assault(state, frame):
    side, group, aim = frame["side"], frame["group"], frame["aim"]
    h = pieces.hex_of(state, group[0])
    p = plan(state, group, aim)
    state["pt"]["fired"].extend(group)                          # HS-RNG-12
    if board.key(h) not in state["pt"].setdefault("assaulted", []):
        state["pt"]["assaulted"].append(board.key(h))
    info = dict(kind_of="assault", side=side, firers=list(group), hex=list(h), targets=list(aim),
                attack=p["attack"], defence=p["defence"], modifier=0, shift=p["shift"],
                column=p["column"])
    if not p["legal"]:                                          # HS-AMBIG-26: no roll, no effect
        event(state, "fire", **info, dice=[], roll=None, result=None, chances={}, effects=[])
        log(state, f"{pieces.names(state, group)} {'assaults' if len(group) == 1 else 'assault'} "
                   f"{board.where(state, h)} at odds below 1 to 4: no effect", side)
    else:
        crt = tables.of(state).crt
        a, b = record.throw(state, f"Close Assault at {board.label(state, h)}", 2)
        code = crt.result(p["_column"], a + b)
        effects = results.apply_result(state, aim, code, h)
        event(state, "fire", **info, dice=[a, b], roll=a + b, result=code,
              chances=chances_on(crt, p["_column"]), meaning=crt.meaning(code), effects=effects)
        log(state, f"{pieces.names(state, group)} {'assaults' if len(group) == 1 else 'assault'} "
                   f"{pieces.names(state, aim)} {board.where(state, h)}: "
                   f"{p['attack']} to {p['defence']} ({p['column']}), {record.dice_text([a, b])} = {'no effect' if code == '-' else code}",
            side)
    frame["group"], frame["aim"] = [], []
    if not must_attack(state, side):
        FLOW.end(state)


def _explain(state, frame, action):
    if action[:1] == ("unit",) and len(action) == 2 and action[1] in state["units"] and frame["group"] \
            and state["units"][action[1]]["side"] == frame["side"]:
        if fights_undisrupted(state, action[1]) != fights_undisrupted(state, frame["group"][0]):
            return ("disrupted and undisrupted units attack separately", "HS-CA-10")
        return ("units attack together only in one hex", "HS-CA-3")
    if action == ("done",):
        return ("every unit in a Close Assault must attack", "HS-CA-3")
    return None


def _prompt(state, frame):
    if not frame["group"]:
        return "Close Assault: every unit in a shared hex must attack; pick attackers"
    p = plan(state, frame["group"], frame["aim"])
    return f"Close Assault: {p['attack']} against {p['defence']} ({p['column'] or 'below 1-4'}); aim, then Assault"


FLOW.add(Step("assault", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"unit": _unit, "assault": _assault},
              explain=_explain, enter=lambda s, f: f.update(group=[], aim=[])))
