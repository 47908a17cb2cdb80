"""Indirect Fire (HS-IND-1..15, HS-RNG-10/11, HS-TER-2/3) and gas shells (HS-GAS-1..6).

In step 4A every side, the moving side first (HS-SEQ-6), may announce artillery strikes one at
a time (HS-CAF-3): it picks artillery (("unit", id)), a hex holding enemy units that each piece
reaches and that the piece or one of its side's observers sees (("hex", [q, r]), HS-IND-5/6),
gas or not (("gas",), HS-GAS-1) and announces it (("fire",)). Each defending side that can
answer is then asked (respond.py: Counter Artillery Fire and ECM); what is left of the strike
is rolled once against the hex's Indirect Fire value, each Class on its own table (HS-IND-7..14),
or, with gas, once per piece and unit on the gas table (HS-GAS-3/4).
"""
from __future__ import annotations

from game.core import record
from game.core.crt import roll_distribution
from game.core.steps import Step

from . import board, fortress, pieces, respond, results, tables
from .fire import attack_at, chances_on, enemy_hexes, odds_index
from .flow import FLOW, event, log


def may_strike(state: dict, uid: str, side: str) -> bool:
    """Whether a piece may fire indirectly now: undisrupted artillery with shells, not towed, not yet
    fired, not in a Close Assault (HS-IND-1/3/4, HS-RNG-7/8/12, HS-TOW-6)."""
    d = state["units"][uid]
    return (d["side"] == side and d["at"] is not None and not d["dis"] and uid not in state["pt"]["fired"]
            and not d.get("towed_by") and (pieces.is_(state, uid, "gun") or pieces.is_(state, uid, "howitzer"))
            and pieces.face(state, uid).attack > 0 and not pieces.in_assault(state, uid))


def observers(state: dict, side: str, h) -> list:
    """The side's units that see a hex and are not jammed (HS-RNG-11, HS-IND-5, HS-ECM-8)."""
    see, jammed = board.sees(state), state["pt"].get("jammed", ())
    h = tuple(h)
    return [u for u in pieces.on_map(state) if state["units"][u]["side"] == side and u not in jammed
            and (pieces.hex_of(state, u) == h or see(pieces.hex_of(state, u), h))]


def sighted(state: dict, uid: str, h) -> bool:
    """The piece sees the hex itself, or an observer of its side does (HS-IND-5)."""
    here = pieces.hex_of(state, uid)
    return board.sees(state)(here, tuple(h)) or bool(observers(state, state["units"][uid]["side"], h))


def strikes(state: dict, side: str) -> dict:
    """piece -> hexes it may strike now (in range, seen)."""
    hexes = enemy_hexes(state, side)
    out = {}
    for u in state["units"]:
        if not may_strike(state, u, side):
            continue
        reach = [h for h in hexes if attack_at(state, u, h) > 0 and sighted(state, u, h)]
        if reach:
            out[u] = reach
    return out


def wants(state: dict, side: str) -> bool:
    """Whether the side has artillery that can strike a hex this round."""
    return bool(strikes(state, side))


def hexes_for(state: dict, side: str, group: list) -> list:
    """Hexes every piece of a group may strike."""
    table = strikes(state, side)
    if not group or any(u not in table for u in group):
        return []
    common = set(table[group[0]])
    for u in group[1:]:
        common &= set(table[u])
    return sorted(common)


def struck(state: dict, h) -> list:
    """Every unit an Indirect Fire strike on a hex hits: all there, the firer's own included in a
    Close Assault (HS-IND-6, -14, -15); carried and towed units share their vehicle's fate."""
    return [u for u in pieces.units_in(state, h)
            if not state["units"][u].get("towed_by") and not state["units"][u].get("aboard")]


def classes(state: dict, h) -> dict:
    """"A", "B" and "fort" -> the struck units of each and the defence value they are fired at with
    (HS-IND-7/9/13, HS-TER-2/3, HS-RUB-6, HS-AMBIG-19)."""
    t = tables.of(state)
    value = t.terrain[board.terrain(state, h)].indirect
    if board.rubble_counts(state, h):
        value += t.rubble_indirect
    out: dict = {}
    for u in struck(state, h):
        if fortress.inside(state, u):
            key, defence = "fort", t.fortress["defence"]
        else:
            key, defence = pieces.target_class(state, u), value
        out.setdefault(key, {"units": [], "defence": defence})["units"].append(u)
    return out


def _crt(state: dict, key: str):
    return tables.of(state).indirect["A" if key == "fort" else key]


def plan(state: dict, group: list, h) -> dict:
    """Attack, and per Class its defence value, odds column, whether it may be rolled (HS-IND-7..12) and
    each result's chance on that column."""
    h = tuple(h)
    attack = sum(attack_at(state, u, h) for u in group)
    out = {"attack": attack, "classes": {}, "legal": False}
    for key, c in classes(state, h).items():
        column, ok = odds_index(_crt(state, key), attack, c["defence"])
        out["classes"][key] = {"units": list(c["units"]), "defence": c["defence"],
                               "column": column.name if column else None, "legal": ok,
                               "chances": chances_on(_crt(state, key), column) if ok else {}}
        out["legal"] = out["legal"] or ok
    return out


def gas_ok(state: dict, group: list) -> bool:
    """Every piece of the group carries gas shells (HS-GAS-1, HS-PTS-4)."""
    return bool(group) and all(state["units"][u].get("gas") for u in group)


# ---------------------------------------------------------------- the step


def _actions(state, frame):
    side, group, h = frame["side"], frame["group"], frame.get("hex")
    if h is None:
        table = strikes(state, side)
        out = [("unit", u) for u in table if u in group or hexes_for(state, side, group + [u])]
        if group:
            out += [("hex", list(x)) for x in hexes_for(state, side, group)]
        return out + [("done",)]
    out = []
    if gas_ok(state, group):
        out.append(("gas",))
    if frame.get("gas") or plan(state, group, h)["legal"]:
        out.append(("fire",))
    return out + [("cancel",), ("done",)]


def _unit(state, frame, uid):
    group = frame["group"]
    frame["group"] = [u for u in group if u != uid] if uid in group else group + [uid]
    frame["gas"] = frame["gas"] and gas_ok(state, frame["group"])


def _target(state, frame, h):
    frame["hex"] = list(h)


def _gas(state, frame):
    frame["gas"] = not frame["gas"]


def _cancel(state, frame):
    frame["hex"], frame["gas"] = None, False


def _fire(state, frame):
    """Announce the strike, let each defender answer (HS-CAF-3, HS-ECM-3), then roll what is left."""
    if not frame.get("announced"):
        frame.update(announced=True, asked=[], cancelled=[])
        event(state, "strike", side=frame["side"], artillery=list(frame["group"]), hex=list(frame["hex"]),
              gas=bool(frame["gas"]))
        log(state, f"{pieces.names(state, frame['group'])} "
                   f"{'announces' if len(frame['group']) == 1 else 'announce'} a {'gas ' if frame['gas'] else ''}"
                   f"strike {board.where(state, frame['hex'])}", frame["side"])
    if respond.ask_next(state, frame, "indirect"):
        return                                                   # resumed by _resume
    _resolve(state, frame)


def _resolve(state, frame):
    side, h = frame["side"], tuple(frame["hex"])
    left = [u for u in frame["group"] if u not in frame["cancelled"]]
    blind = [u for u in left if not sighted(state, u, h)]       # its only observers jammed (HS-ECM-8)
    for u in blind:
        event(state, "strike_blind", unit=u, side=side, hex=list(h))
        log(state, f"{pieces.label(state, u)} has no observer left for {board.label(state, h)} and holds its fire", side)
    left = [u for u in left if u not in blind]
    state["pt"]["fired"].extend(left)                            # HS-RNG-12
    state["pt"]["struck"] = state["pt"].get("struck", []) + left
    if left and frame["gas"]:
        _gas_strike(state, side, left, h)
    elif left:
        _strike(state, side, left, h)
    frame.update(group=[], hex=None, gas=False, asked=[], cancelled=[], announced=False)


def observer_of(state: dict, side: str, uid: str, h):
    """The unit a piece fires through: itself when it sees the hex, else the nearest observer."""
    here = pieces.hex_of(state, uid)
    if board.sees(state)(here, tuple(h)):
        return uid
    obs = observers(state, side, h)
    return min(obs, key=lambda o: (board.distance(pieces.hex_of(state, o), tuple(h)), o)) if obs else None


def _strike(state, side, group, h):
    """One roll for every Class in the hex, each on its own table and column (HS-IND-13/14)."""
    p = plan(state, group, h)
    spotters = {u: observer_of(state, side, u, h) for u in group}
    info = dict(kind_of="indirect", side=side, firers=list(group), hex=list(h), attack=p["attack"],
                observers=spotters, classes=p["classes"])
    if not p["legal"]:                   # what CAF left is below 1 to 2: nothing is rolled (HS-IND-12)
        event(state, "fire", **info, dice=[], roll=None, result=None, chances={}, effects=[])
        log(state, f"the strike {board.where(state, h)} is left below 1 to 2: no effect", side)
        return
    a, b = record.throw(state, f"Indirect Fire at {board.label(state, h)}", 2)
    effects, codes, odds, rubble = [], {}, {}, False
    for key, c in p["classes"].items():
        if not c["legal"]:
            continue
        crt = _crt(state, key)
        column, _ = odds_index(crt, p["attack"], c["defence"])
        code = codes[key] = crt.result(column, a + b)
        odds[key] = chances_on(crt, column)                      # each Class on its own column
        what = results.effects(state, code)
        rubble = rubble or "rubble" in what                     # HS-RUB-2: * and R rubble the hex
        effects += results.apply_result(state, c["units"], _no_rubble(code, what), h)
    if rubble:
        effects.append(results.rubble(state, h))
    event(state, "fire", **info, dice=[a, b], roll=a + b, result=codes, chances=odds, effects=effects)
    log(state, f"{pieces.names(state, group)} {'strikes' if len(group) == 1 else 'strike'} {board.ground(state, h)[1]} "
               f"at {p['attack']}: {record.dice_text([a, b])} = "
               + ", ".join(f"Class {k}: {'no effect' if v == '-' else v}" for k, v in codes.items()), side)


def _no_rubble(code: str, what: tuple) -> str:
    """The code's effect on the units alone (the hex's rubble is laid once per roll)."""
    return "E" if "eliminate" in what else "D" if "disrupt" in what else "-"


def _gas_strike(state, side, group, h):
    """Each gas piece rolls once against every unit in the hex (HS-GAS-3)."""
    gas_fire(state, side, group, h, struck(state, h), "gas")


def gas_fire(state: dict, side: str, group: list, h, targets: list, kind: str = "direct_gas") -> None:
    """Each gas piece rolls once per target unit, read on its force's and Class's line; no odds, no
    rubble (HS-GAS-2..5, HS-AMBIG-21)."""
    for art in group:
        effects, rolls = [], {}
        for u in targets:
            a, b = record.throw(state, f"gas on {pieces.label(state, u)}", 2)
            code = gas_code(state, u, a + b)
            rolls[u] = {"dice": [a, b], "roll": a + b, "result": code, "chances": gas_chances(state, u)}
            effects += results.apply_result(state, [u], code, h)    # gas never rubbles (HS-GAS-5)
        event(state, "fire", kind_of=kind, side=side, firers=[art], hex=list(h), targets=list(rolls),
              rolls=rolls, effects=effects)
        log(state, f"{pieces.label(state, art)} gasses the units {board.where(state, h)}: "
                   + ", ".join(f"{pieces.label(state, u)} {r['roll']} {r['result']}" for u, r in rolls.items()),
            side)


def gas_chances(state: dict, uid: str) -> dict:
    """Result code -> its chance on 2d6 on the gas table's line for one unit (HS-GAS-4)."""
    out: dict = {}
    for total, p in roll_distribution(2, 6).items():
        code = gas_code(state, uid, total)
        out[code] = out.get(code, 0.0) + float(p)
    return out


def gas_code(state: dict, uid: str, roll: int) -> str:
    """The gas table's result for one unit: Mercenary line for Mercenaries and Slammers (HS-GAS-4)."""
    force = "conventional" if pieces.force(state, uid) == "conventional" else "mercenary"
    klass = "A" if fortress.inside(state, uid) else pieces.target_class(state, uid)
    code = tables.of(state).gas[force][klass][roll - 2]
    what = results.effects(state, code)
    return _no_rubble(code, what)


def _explain(state, frame, action):
    side = frame["side"]
    if action[:1] == ("unit",) and len(action) == 2 and action[1] in state["units"]:
        uid = action[1]
        if not (pieces.is_(state, uid, "gun") or pieces.is_(state, uid, "howitzer")):
            return ("only artillery fires indirectly (guns and howitzers)", "HS-IND-1")
        if state["units"][uid]["side"] != side:
            return ("it is not your unit", "HS-IND-1")
        if uid in state["pt"]["fired"]:
            return ("each unit attacks once a player-turn", "HS-RNG-12")
        return ("it has no hex in reach that it or an observer sees", "HS-IND-5")
    if action[:1] == ("hex",) and len(action) == 2:
        h = tuple(action[1])
        if not pieces.enemies_in(state, h, side):
            return ("Indirect Fire targets a hex holding enemy units", "HS-IND-6")
        return ("no piece of the strike and none of your observers sees that hex", "HS-IND-5")
    if action == ("fire",):
        return ("odds below 1 to 2 may not be fired", "HS-IND-12")
    if action == ("gas",):
        return ("only artillery bought with gas shells fires gas", "HS-GAS-1")
    return None


def _prompt(state, frame):
    if frame.get("hex") is None:
        return "Indirect Fire: pick artillery, then a hex to strike, or Done"
    return f"Indirect Fire at {board.label(state, frame['hex'])}: announce the strike{' (gas)' if frame['gas'] else ''}"


FLOW.add(Step("indirect", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"unit": _unit, "hex": _target, "gas": _gas, "cancel": _cancel,
                        "fire": _fire, "done": lambda s, f: FLOW.end(s)},
              explain=_explain, resume=lambda s, f, v: _fire(s, f),
              enter=lambda s, f: f.update(group=[], hex=None, gas=False, asked=[], cancelled=[],
                                          announced=False)))
