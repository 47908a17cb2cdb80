"""Combat (section VIII): who may attack whom, the obligation to attack, Lawyers, the cow's charge."""
from __future__ import annotations

from game.core.steps import Step

from . import board as boards
from . import conditions, data, pieces, results
from .board import distance
from .counters import MARK, MARKS, PLACE, WHERE       # a counter's row (read directly where it is hot)
from .flow import FLOW, source_of, step
from .movement import KEPT


def can_attack(state: dict, a: dict, d: dict) -> tuple[bool, str, str]:
    """Whether unit a may attack unit d in this phase, and if not why (with the clause)."""
    if a["side"] == d["side"] or a["where"] != "map" or d["where"] != "map":
        return False, "only units on the map fight, against enemy units", "HSNJ-AMBIG-22"
    ta = pieces.t(a)
    if ta["attack"] == 0:
        return False, f"{a['name']} has Attack 0 and never attacks", "HSNJ-UNI-3"
    if a["attacked"]:
        return False, f"{a['name']} has already attacked this phase", "HSNJ-AMBIG-30"
    if d["defended"]:
        return False, f"{d['name']} has already been attacked this phase", "HSNJ-AMBIG-30"
    ca, cd = ta["class"], pieces.cls(d)
    dist = distance(a["hex"], d["hex"])
    reach = 1 if conditions.no_range(state) else ta["range"]
    if ca != cd:
        if not (ta.get("attacks_land") and cd == "L"):
            return False, "units of unlike type cannot attack each other", "HSNJ-CBT-6"
        if a["type"] == "longship" and dist > 1:
            return False, "a Longship attacks land units next to it only", "HSNJ-KRY-8"
    if dist > reach:
        clause = {"catapult": "HSNJ-KRY-2", "uss_nj": "HSNJ-JER-28"}.get(a["type"], "HSNJ-UNI-6")
        return False, f"{d['name']} is out of range", clause
    return True, "", ""


def _ok(state, a, d) -> bool:
    return can_attack(state, a, d)[0]


def bound_to_lawyer(state: dict, a: dict) -> list:
    """Lawyers next to a Krylon unit that it is able to attack (HSNJ-JER-6, AMBIG-15)."""
    if a["side"] != "krylon":
        return []
    return [d for d in pieces.neighbours_of(state, a, "jerseyite")
            if pieces.t(d).get("lawyer") and _ok(state, a, d)]


def attack_map(state: dict, side: str) -> dict:
    """Attacker id -> the enemy ids it may attack now (kept per state: shared, do not change it)."""
    # Choosing attackers and defenders changes no unit, so a battle being built asks once.
    return KEPT.get(state, ("attack_map", side, conditions.no_range(state)), lambda: _attack_map(state, side))


def _attack_map(state: dict, side: str) -> dict:
    # The rows are sieved first (counters.py), a Unit made only for a pair can_attack judges:
    # this runs for every state of a combat phase. Units on the map, in table order, as on_map.
    rows, fixed, types = state["units"], pieces.FIXED, pieces.TYPES
    enemy = pieces.OTHER[side]
    enemies, mine = {}, []                          # enemy hex -> its id; own ids on the map
    for uid, row in rows.items():
        if row[WHERE] != "map":
            continue
        if fixed[uid]["side"] == side:
            mine.append(uid)
        elif fixed[uid]["side"] == enemy and not row[MARKS] & DEFENDED:
            enemies[(row[PLACE][0], row[PLACE][1])] = uid
    nbrs = boards.of(state).nbrs
    out = {}
    for aid in mine:
        row = rows[aid]
        ta = types[fixed[aid]["type"]]
        if row[MARKS] & ATTACKED or ta["attack"] == 0:
            continue
        h = (row[PLACE][0], row[PLACE][1])
        if ta["range"] <= 1:                        # most units: only the six hexes around
            near = [enemies[n] for n in nbrs[h] if n in enemies]
        else:
            near = [d for e, d in enemies.items() if distance(h, e) <= ta["range"]]
        a = pieces.unit(state, aid) if near else None
        out[aid] = {d for d in near if _ok(state, a, pieces.unit(state, d))}
    return out


ATTACKED, DEFENDED = MARK["attacked"], MARK["defended"]


def duties(state: dict, side: str, amap: dict | None = None) -> dict:
    """Unit id -> the enemies next to it that oblige it, for every unit still owing an attack.

    A unit next to an enemy it is able to attack must take part in an attack (HSNJ-CBT-1); any
    attack it makes, a ranged one included, fulfils that (our reading). A Krylon unit next to a
    Lawyer it can attack owes its attack to a Lawyer (HSNJ-JER-6, AMBIG-15), so only Lawyers
    oblige it. The cow obliges nobody (HSNJ-AMBIG-11) and owes nothing: her charge is her own
    (HSNJ-JER-23). A battle may not take every enemy that obliges a unit without that unit, which
    would leave it unable to attack: units obliged by the same target combine (HSNJ-AMBIG-30)."""
    amap = attack_map(state, side) if amap is None else amap
    rows = state["units"]                           # every unit here is on the map: its row's place is its hex
    out = {}
    for aid, targets in amap.items():
        if not targets or pieces.kind(aid).get("cow"):
            continue
        h = rows[aid][PLACE]
        near = {d for d in targets if distance(h, rows[d][PLACE]) == 1 and not pieces.kind(d).get("cow")}
        if not near:
            continue
        lawyers = {d for d in near if pieces.kind(d).get("lawyer")}
        out[aid] = lawyers if side == "krylon" and lawyers else near
    return out


def duties_ahead(state: dict, side: str) -> dict:
    """duties() as they would stand if ``side``'s Combat Phase began now: every unit fights once a
    phase (HSNJ-AMBIG-30) and a new phase clears the marks of the last, so they are not read."""
    rows = state["units"]
    fresh = {uid: (row if not row[MARKS] & (ATTACKED | DEFENDED) else
                   row[:MARKS] + [row[MARKS] & ~(ATTACKED | DEFENDED)] + row[MARKS + 1:])
             for uid, row in rows.items()}
    ahead = dict(state, units=fresh)
    return duties(ahead, side, _attack_map(ahead, side))


def must_attack(state: dict, side: str, amap: dict | None = None) -> list:
    """Units still obliged to attack (HSNJ-CBT-1, CBT-2, JER-6, AMBIG-11), in state order."""
    owed = duties(state, side, amap)
    return [pieces.unit(state, aid) for aid in owed]


def attacker_choices(state: dict, frame: dict, amap: dict | None = None) -> list:
    """Units that may join the attack being built (the cow is nobody's to command, HSNJ-JER-23)."""
    amap = attack_map(state, frame["side"]) if amap is None else amap
    chosen = set(frame["defenders"])
    return [aid for aid, targets in amap.items()
            if aid not in frame["attackers"] and not pieces.kind(aid).get("cow")
            and targets and chosen <= targets]


def defender_choices(state: dict, frame: dict, amap: dict | None = None) -> list:
    """Enemy units every chosen attacker can reach (HSNJ-CBT-4, CBT-5)."""
    amap = attack_map(state, frame["side"]) if amap is None else amap
    if frame["attackers"]:
        sets = [amap.get(a, set()) for a in frame["attackers"]]
        ok = set.intersection(*sets)
    else:
        ok = set().union(*[t for a, t in amap.items() if not pieces.kind(a).get("cow")])
    return [d for d in sorted(ok) if d not in frame["defenders"]]


def resolve_problem(state: dict, frame: dict, owed: dict | None = None) -> tuple[str, str] | None:
    """Why the battle as chosen cannot be fought yet, or None."""
    if not frame["attackers"] or not frame["defenders"]:
        return "choose at least one attacker and one defender", "HSNJ-CBT-3"
    for aid in frame["attackers"]:
        lawyers = bound_to_lawyer(state, pieces.unit(state, aid))
        if lawyers and not any(l["id"] in frame["defenders"] for l in lawyers):
            return f"{pieces.unit(state, aid)['name']} is next to a Lawyer and must attack him", "HSNJ-JER-6"
    owed = duties(state, frame["side"]) if owed is None else owed
    chosen = set(frame["defenders"])
    for aid, targets in owed.items():
        # A unit owing an attack whose every possible target is in this battle must join it, or
        # it could never attack at all: units obliged by the same target combine (HSNJ-AMBIG-30).
        if aid not in frame["attackers"] and targets <= chosen:
            names = ", ".join(pieces.unit(state, d)["name"] for d in sorted(targets))
            clause = "HSNJ-JER-6" if all(pieces.kind(d).get("lawyer") for d in targets) else "HSNJ-AMBIG-30"
            return f"{pieces.unit(state, aid)['name']} must attack {names} and has to join this battle", clause
    return None


def possible(state: dict, side: str) -> bool:
    """Any battle left to fight this phase."""
    return bool(attacker_choices(state, {"side": side, "attackers": [], "defenders": []}))


# -- the combat step -------------------------------------------------------------------------------------
def _actions(state, frame):
    amap = attack_map(state, frame["side"])
    acts = [("attacker", a) for a in attacker_choices(state, frame, amap)]
    acts += [("attacker", a) for a in frame["attackers"]]          # a second click takes it back
    acts += [("defender", d) for d in defender_choices(state, frame, amap)]
    acts += [("defender", d) for d in frame["defenders"]]
    owed = duties(state, frame["side"], amap)
    if resolve_problem(state, frame, owed) is None:
        acts.append(("resolve",))
    if not owed:
        acts.append(("done",))
    return acts


def _toggle(lst, uid):
    if uid in lst:
        lst.remove(uid)
    else:
        lst.append(uid)


def _on_attacker(state, frame, uid):
    _share(state)
    _toggle(frame["attackers"], uid)
    _preview(state, frame)


def _on_defender(state, frame, uid):
    _share(state)
    _toggle(frame["defenders"], uid)
    _preview(state, frame)


def _share(state):
    """A choice in the battle being built moves no unit: the answers kept for the state it was
    copied from hold for this one."""
    src = source_of(state)
    if src is not None:
        KEPT.share(src, state)


def _preview(state, frame):
    # A new battle is being built: the last one's result leaves the table. Its odds are a
    # preview the view works out on request (view.battle_preview), never kept in the state.
    state["battle"] = None


def _on_resolve(state, frame):
    attackers, defenders = frame["attackers"], frame["defenders"]
    frame["attackers"], frame["defenders"] = [], []
    results.resolve(state, attackers, defenders)
    _maybe_finish(state)


def _on_done(state, frame):
    FLOW.end(state, frame["side"])          # the turn goes on (sequence.after_combat)


def _enter(state, frame):
    if frame["side"] == "jerseyite" and not frame["cow_done"]:
        frame["cow_done"] = True
        cow_charge(state)
    _maybe_finish(state)


def _maybe_finish(state):
    frame = FLOW.frame(state)
    if frame is None or frame["step"] != "combat":
        return                                      # a retreat is being chosen first
    if not possible(state, frame["side"]):
        _on_done(state, frame)


def cow_charge(state: dict) -> None:
    """The cow attacks the weakest Krylon land unit next to her (HSNJ-JER-25, AMBIG-12)."""
    for cow in pieces.on_map(state, "jerseyite"):
        if not pieces.t(cow).get("cow"):
            continue
        targets = [d for d in pieces.neighbours_of(state, cow, "krylon")
                   if pieces.cls(d) == "L" and _ok(state, cow, d)]
        if not targets:
            continue
        low = min(pieces.t(d)["defend"] for d in targets)
        weakest = sorted((d for d in targets if pieces.t(d)["defend"] == low), key=lambda d: d["id"])
        target = weakest[0]
        while len(weakest) > 1:                     # nobody controls the cow: a die picks (HSNJ-AMBIG-12)
            (value,) = pieces.roll(state, "The cow picks a target")
            if value <= len(weakest):
                target = weakest[value - 1]
                break
        pieces.log(state, "jerseyite", f"{cow['name']} charges {target['name']}!")
        results.resolve(state, [cow["id"]], [target["id"]])
        return


def _prompt(state, frame):
    who = data.SIDE_NAMES[frame["side"]]
    bound = must_attack(state, frame["side"])
    owed = [u for u in bound if u["id"] not in frame["attackers"]]
    problem = resolve_problem(state, frame)
    if frame["attackers"] and frame["defenders"] and problem:
        head = f"{who}: {problem[0]} ({problem[1]})."          # why there is no Roll button
    elif frame["attackers"] and frame["defenders"]:
        head = f"{who}: add units to this battle, or roll."
    elif frame["attackers"]:
        head = f"{who}: click the enemy units to attack."
    else:
        head = f"{who}: click a unit to attack with, or an enemy to target."
    if owed:
        names = ", ".join(u["name"] for u in owed[:2]) + (f" +{len(owed) - 2}" if len(owed) > 2 else "")
        return f"{head} Must attack: {names}."
    return head if bound else f"{head} Or End combat."          # End combat is offered only then


def explain(state, frame, action):
    """Why a combat click is refused, with the clause."""
    verb = action[0]
    if verb == "done":
        names = ", ".join(u["name"] for u in must_attack(state, frame["side"])[:3])
        return f"units next to an enemy must attack somebody ({names})", "HSNJ-CBT-1"
    if verb == "resolve":
        return resolve_problem(state, frame) or ("this battle cannot be fought", "HSNJ-CBT-6")
    uid = action[1] if len(action) > 1 else None
    unit = pieces.find(state, uid)
    if unit is None:
        return "there is no such unit", None
    if verb == "attacker":
        if unit["side"] != frame["side"]:
            return "you attack with your own units", "HSNJ-CBT-3"
        if pieces.t(unit).get("cow"):
            return "nobody controls the cow", "HSNJ-JER-23"
        for d in frame["defenders"]:
            ok, why, clause = can_attack(state, unit, pieces.unit(state, d))
            if not ok:
                return why, clause
        return "this unit cannot attack anyone now", "HSNJ-UNI-3"
    if verb == "defender":
        for a in frame["attackers"]:
            ok, why, clause = can_attack(state, pieces.unit(state, a), unit)
            if not ok:
                return why, clause
        return "no unit of yours can attack this one", "HSNJ-CBT-6"
    return None


step(Step("combat", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
          handlers={"attacker": _on_attacker, "defender": _on_defender, "resolve": _on_resolve,
                    "done": _on_done},
          enter=_enter, resume=lambda s, f, v: _maybe_finish(s), explain=explain))
