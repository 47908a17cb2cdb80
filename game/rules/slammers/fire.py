"""Ranged combat: Direct Fire (HS-RNG-1..17, HS-DIR-1..12, HS-TER-1).

A side builds one attack at a time: it picks its firers (combined fire, HS-DIR-5: ("unit", id)
of its own), a target hex every one of them can hit (("hex", [q, r])), the enemy units there it
aims at (HS-DIR-4: ("unit", id) of the enemy, all of them at first), and fires. The
roll is made at once and its result waits for the end of the round (HS-RNG-13). ``preview``
gives the odds column, terrain modifier and the chance of each 2d6 result for a planned
attack, worked out on request and never kept in the state.
"""
from __future__ import annotations

from fractions import Fraction

from game.core import record
from game.core.crt import roll_distribution
from game.core.steps import Step

from . import board, fortress, pieces, results, tables
from .flow import FLOW, event, log


def may_fire(state: dict, uid: str, side: str) -> bool:
    """Whether a unit may make a ranged attack now (HS-RNG-7/8/12, HS-DIR-1, HS-TOW-6, HS-AMBIG-13)."""
    d = state["units"][uid]
    return (d["side"] == side and d["at"] is not None and not d["dis"]
            and uid not in state["pt"]["fired"] and not d.get("towed_by")
            and not pieces.carrier_disrupted(state, uid)
            and not pieces.is_(state, uid, "howitzer") and pieces.face(state, uid).attack > 0
            and not pieces.in_assault(state, uid))


def attack_at(state: dict, uid: str, h) -> int:
    """The unit's attack against hex h (``range_attack``)."""
    f = pieces.face(state, uid)
    return range_attack(f.attack, f.range, board.distance(pieces.hex_of(state, uid), h))


def range_attack(attack: int, reach: int, dist: int) -> int:
    """An attack at ``dist`` hexes: full in range, half (down) out to double range, else 0
    (HS-RNG-3/5, HS-AMBIG-15)."""
    return attack if dist <= reach else attack // 2 if dist <= 2 * reach else 0


def can_hit(state: dict, uid: str, h) -> bool:
    """In range (or extended range) with a factor left, and in LOS (HS-RNG-9/10)."""
    return attack_at(state, uid, h) > 0 and board.los(state, pieces.hex_of(state, uid), h)


def targets_in(state: dict, h, side: str) -> list:
    """Enemy units in a hex that may be aimed at: a towed gun and carried infantry share their
    vehicle's fate instead (HS-TOW-8, HS-APC-11)."""
    return [u for u in pieces.enemies_in(state, h, side)
            if not state["units"][u].get("towed_by") and not state["units"][u].get("aboard")]


def enemy_hexes(state: dict, side: str) -> list:
    """Hexes holding enemy units that can be aimed at."""
    foes = set(pieces.enemies_of(state, side))
    return sorted({pieces.hex_of(state, u) for u, d in state["units"].items()
                   if d["side"] in foes and d["at"] is not None
                   and not d.get("towed_by") and not d.get("aboard")})


_LAST: list = [None, None, None]        # (state, side, hits): legal_actions asks many times a state


def hits(state: dict, side: str) -> dict:
    """firer -> {target hex: its attack there} for every unit of the side that may fire now."""
    if _LAST[0] is state and _LAST[1] == side:
        return _LAST[2]
    hexes = enemy_hexes(state, side)
    see = board.sees(state)
    out = {}
    for u in state["units"]:
        if not may_fire(state, u, side):
            continue
        here = pieces.hex_of(state, u)
        f = pieces.face(state, u)
        reach = {}
        for h in hexes:
            dist = board.distance(here, h)               # HS-RNG-3/5, HS-AMBIG-15
            a = range_attack(f.attack, f.range, dist)
            if a > 0 and see(here, h):
                reach[h] = a
        if reach:
            out[u] = reach
    _LAST[:] = [state, side, out]
    return out


def hexes_for(state: dict, side: str, group: list) -> list:
    """Target hexes every firer of the group can hit."""
    table = hits(state, side)
    if not group or any(u not in table for u in group):
        return []
    common = set(table[group[0]])
    for u in group[1:]:
        common &= set(table[u])
    return sorted(common)


def firers(state: dict, side: str) -> list:
    """Units of the side that may fire and have something to fire at."""
    return list(hits(state, side))


def wants(state: dict, side: str) -> bool:
    """Whether the side has a unit that can fire this round."""
    return bool(firers(state, side))


def odds_index(crt, attack: int, defence: int, shift: int = 0):
    """(column, legal): the CRT column after the shift, and whether odds reach 1 to 4 (HS-DIR-10..12, HS-AMBIG-26)."""
    if attack <= 0:
        return None, False
    first = crt.values[0]
    if defence > 0 and Fraction(attack, defence) < first:
        n = -(-defence // attack)                          # 1 to n, rounded for the defender
        short = n - first.denominator if first.numerator == 1 else 1   # columns below the first
        if shift < short:
            return None, False
        # the shift makes up the columns below the first and goes on from there: the table's own
        # column() would give odds below its first column the automatic X (HS-AMBIG-26)
        return crt.nth(shift - short), True
    return crt.column(attack, defence, shift), True


def chances_on(crt, column) -> dict:
    """Result code -> its chance on 2d6 in one column of a table: the odds a roll there was made at
    (recorded in the combat events for the review's dice luck)."""
    out: dict = {}
    for total, p in roll_distribution(2, 6).items():
        code = crt.result(column, total)
        out[code] = out.get(code, 0.0) + float(p)
    return out


def defence_of(state: dict, targets: list, h, terrain: bool = True) -> tuple:
    """(units' defence, hex modifier): the modifier added once per attack (HS-DIR-7, HS-TER-1, HS-RUB-6);
    a unit inside a fortress adds 12 and takes no terrain (HS-FOR-1, HS-DIR-9, HS-TER-3)."""
    units = sum(pieces.face(state, u).defence + fortress.bonus(state, u) for u in targets)
    outside = not targets or any(not fortress.inside(state, u) for u in targets)
    return units, (board.df_modifier(state, h) if terrain and outside else 0)


def preview(state: dict, group: list, h, targets: list) -> dict:
    """Odds, modifier and the exact chance of every 2d6 result of a planned Direct Fire attack."""
    h = tuple(h)
    attack = sum(attack_at(state, u, h) for u in group)
    units, mod = defence_of(state, targets, h)
    crt = tables.of(state).crt
    column, legal = odds_index(crt, attack, units + mod)
    out = {"attack": attack, "unit_defence": units, "modifier": mod, "defence": units + mod,
           "legal": legal, "column": column.name if column else None, "chances": {}, "by_roll": {}}
    if column is not None:
        for total, p in roll_distribution(2, 6).items():
            code = crt.result(column, total)
            out["by_roll"][total] = code
            out["chances"][code] = out["chances"].get(code, 0.0) + float(p)
    return out


# ---------------------------------------------------------------- the step


def jammed(state: dict, uid: str) -> bool:
    """Whether an enemy ECM tank jams the unit this player-turn (HS-ECM-2/6)."""
    return uid in state["pt"].get("jammed", ())


def may_join(state: dict, group: list, uid: str) -> bool:
    """A jammed unit fires alone: it joins no group and none joins it (HS-ECM-6)."""
    return not group or not (jammed(state, uid) or any(jammed(state, u) for u in group))


def _actions(state, frame):
    side, group, h = frame["side"], frame["group"], frame.get("hex")
    if h is None:
        out = []
        for u in firers(state, side):
            if u in group or (may_join(state, group, u) and hexes_for(state, side, group + [u])):
                out.append(("unit", u))
        if group:
            out += [("hex", list(x)) for x in hexes_for(state, side, group)]
        return out + [("done",)]
    out = [("unit", u) for u in targets_in(state, tuple(h), side)]
    gas = frame.get("gas")
    if _gas_ok(state, group):
        out.append(("gas",))
    if frame["aim"] and (gas or preview(state, group, h, frame["aim"])["legal"]):
        out.append(("fire",))
    return out + [("cancel",), ("done",)]


def _gas_ok(state: dict, group: list) -> bool:
    """Guns bought with gas may fire it directly (HS-GAS-1/2)."""
    return bool(group) and all(state["units"][u].get("gas") for u in group)


def _unit(state, frame, uid):
    if frame.get("hex") is not None:           # an enemy unit in the target hex: aim or not
        _aim(state, frame, uid)
        return
    group = frame["group"]
    frame["group"] = [u for u in group if u != uid] if uid in group else group + [uid]
    frame["gas"] = bool(frame.get("gas")) and _gas_ok(state, frame["group"])
    if uid not in group:
        _blocked_lines(state, frame["side"], uid)


def _blocked_lines(state: dict, side: str, uid: str) -> None:
    """Tell the window which enemy hexes in reach a picked firer cannot see, and what blocks each."""
    here = pieces.hex_of(state, uid)
    see = board.sees(state)
    for h in enemy_hexes(state, side):
        if attack_at(state, uid, h) > 0 and not see(here, h):
            trace = board.los_trace(state, here, h)
            event(state, "los_blocked", unit=uid, side=side, frm=list(here), hex=list(h),
                  blocked_by=trace["blocked_by"], firer_value=trace["firer_value"],
                  target_value=trace["target_value"])


def _target(state, frame, h):
    frame["hex"] = list(h)
    frame["aim"] = targets_in(state, tuple(h), frame["side"])


def _aim(state, frame, uid):
    aim = frame["aim"]
    frame["aim"] = [u for u in aim if u != uid] if uid in aim else aim + [uid]


def _cancel(state, frame):
    frame["hex"], frame["aim"], frame["gas"] = None, [], False


def _gas(state, frame):
    frame["gas"] = not frame.get("gas")


def _fire(state, frame):
    """Announce the attack, let the defenders jam (HS-ECM-3), then roll."""
    from . import respond
    if respond.ask_next(state, frame, "direct"):
        return                                                   # resumed here when answered
    frame["asked"] = []
    if len(frame["group"]) > 1 and any(jammed(state, u) for u in frame["group"]):
        _split(state, frame)                                     # HS-ECM-6
        return
    if frame.get("gas"):
        from .artillery import gas_fire
        gas_fire(state, frame["side"], list(frame["group"]), tuple(frame["hex"]), list(frame["aim"]))
        state["pt"]["fired"].extend(frame["group"])
        state["pt"]["direct"] = state["pt"].get("direct", []) + list(frame["group"])
        frame.update(group=[], hex=None, aim=[], gas=False)
        return
    _roll(state, frame)


def _split(state, frame):
    """A jammed unit drops out of a combined attack, which is not made: the rest may fire again."""
    out = [u for u in frame["group"] if jammed(state, u)]
    event(state, "attack_jammed", side=frame["side"], firers=list(frame["group"]), jammed=out,
          hex=list(frame["hex"]))
    log(state, f"{', '.join(pieces.label(state, u) for u in out)} jammed: the combined attack is off",
        frame["side"])
    frame.update(group=[], hex=None, aim=[], gas=False)


def _roll(state, frame):
    side, group, h, aim = frame["side"], frame["group"], tuple(frame["hex"]), frame["aim"]
    plan = preview(state, group, h, aim)
    crt = tables.of(state).crt
    column, _ = odds_index(crt, plan["attack"], plan["defence"])
    a, b = record.throw(state, f"Direct Fire at {board.label(state, h)}", 2)
    code = crt.result(column, a + b)
    state["pt"]["fired"].extend(group)                          # HS-RNG-4/12, HS-DIR-3
    state["pt"]["direct"] = state["pt"].get("direct", []) + list(group)
    effects = results.apply_result(state, aim, code, h)
    event(state, "fire", kind_of="direct", side=side, firers=list(group), hex=list(h),
          targets=list(aim), attack=plan["attack"], defence=plan["defence"],
          modifier=plan["modifier"], column=column.name, dice=[a, b], roll=a + b, result=code,
          chances=chances_on(crt, column), meaning=crt.meaning(code), effects=effects)
    log(state, f"{pieces.names(state, group)} {'fires' if len(group) == 1 else 'fire'} at {pieces.names(state, aim)} "
               f"{board.where(state, h)}: {plan['attack']} to {plan['defence']} ({column.name}), "
               f"{record.dice_text([a, b])} = {'no effect' if code == '-' else code}", side)
    frame["group"], frame["hex"], frame["aim"] = [], None, []


def _explain(state, frame, action):
    side = frame["side"]
    if action[:1] == ("unit",) and len(action) == 2 and action[1] in state["units"]:
        if frame.get("hex") is None and not may_join(state, frame["group"], action[1]):
            return ("a jammed unit may not combine its attack with others", "HS-ECM-6")
        return _why_not_firer(state, action[1], side)
    if action[:1] == ("hex",) and len(action) == 2:
        h = tuple(action[1])
        for u in frame["group"]:
            if attack_at(state, u, h) <= 0:
                return (f"{u} is out of range (extended range is double, at half attack)", "HS-RNG-9")
            if not board.los(state, pieces.hex_of(state, u), h):
                return (f"{u} has no line of sight to that hex", "HS-RNG-10")
        return ("there is no enemy unit to aim at there", "HS-DIR-4")
    if action == ("fire",) and frame.get("hex"):
        return ("odds below 1 to 4 may not be fired", "HS-DIR-12")
    return None


def _why_not_firer(state, uid, side):
    d = state["units"][uid]
    checks = ((d["side"] != side, "it is not your unit", "HS-DIR-5"),
              (d["dis"], "a disrupted unit may not make a ranged attack", "HS-RNG-8"),
              (uid in state["pt"]["fired"], "each unit attacks once a player-turn", "HS-RNG-12"),
              (bool(d.get("towed_by")), "artillery may not fire while towed", "HS-TOW-6"),
              (pieces.carrier_disrupted(state, uid), "infantry in a disrupted APC fires as disrupted",
               "HS-APC-7"),
              (pieces.is_(state, uid, "howitzer"), "howitzers never fire directly", "HS-DIR-1"),
              (pieces.in_assault(state, uid), "a unit in a Close Assault may not make a ranged attack",
               "HS-RNG-7"))
    for bad, why, clause in checks:
        if bad:
            return (why, clause)
    return ("it has no target it can reach with the firers already picked", "HS-DIR-4")


def _prompt(state, frame):
    if frame.get("hex") is None:
        return "Direct Fire: pick firers, then a target hex, or Done"
    return f"Direct Fire at {board.grid_of(state).label(tuple(frame['hex']))}: aim at units, then Fire"


FLOW.add(Step("direct", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"unit": _unit, "hex": _target, "cancel": _cancel, "gas": _gas,
                        "fire": _fire, "done": lambda s, f: FLOW.end(s)},
              explain=_explain, resume=lambda s, f, v: _fire(s, f),
              enter=lambda s, f: f.update(group=[], hex=None, aim=[], gas=False, asked=[])))
