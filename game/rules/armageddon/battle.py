"""The combat phase as steps: declare an attack, cards, the roll, Ghazghkull's reroll, losses,
retreats, hives falling and the advance after combat (BFA-CBT-*, BFA-RET-*, BFA-GAP-14..18).

The combat phase plugs into the action segment through ``hooks.phase("combat")``; it ends
back into the segment when the player is done, or at once when no attack is left to make.
"""
from __future__ import annotations

from game.core import record, rng
from game.core.steps import Step

from . import board as boards
from . import cards, combat, data, hooks, retreat
from .combat import phase
from .flow import FLOW
from .holdings import (FIXTURES, eliminate, fighters, fortification_in, has_enemy, holder, industry_in,
                       info, room_for, ruin)
from .model import OUT, event, log, name, other, put, side_of


# ---------------------------------------------------------------- the phase
@hooks.phase("combat")
def begin(state: dict, side: str) -> bool:
    """Start ``side``'s combat phase; False (nothing to ask) when no attack is possible (BFA-CBT-5)."""
    combat.new_phase(state, side)
    if not combat.targets(state, boards.of(state), side):
        log(state, "has no enemy stack to attack: the combat phase passes.", side)
        return False
    FLOW.call(state, "bfa_combat", side=side)
    return True


def _phase_actions(state: dict, frame: dict) -> list:
    return [("attack", t) for t in combat.targets(state, boards.of(state), frame["side"])] + [("done",)]


def _phase_prompt(state: dict, frame: dict) -> str:
    return "Combat: click an enemy area next to your stacks to attack it, or Done (BFA-CBT-5)."


def _on_attack(state: dict, frame: dict, target: str) -> None:
    side = frame["side"]
    start = combat.attackers_of(state, boards.of(state), side, target)
    FLOW.call(state, "bfa_battle", side=side, target=target, chosen=start if len(start) == 1 else [],
              stage="declare", cards=[], committed=False, tasks=[], battle=None, hold=False)


def _on_phase_done(state: dict, frame: dict) -> None:
    log(state, f"ends the combat phase ({phase(state)['battles']} attacks).", frame["side"])
    FLOW.end(state)


def _phase_allows(state: dict, frame: dict, action) -> bool:
    """Exactly ``action in _phase_actions(state, frame)``, without listing every target."""
    if action == ("done",):
        return True
    return (type(action) is tuple and len(action) == 2 and action[0] == "attack"
            and type(action[1]) is str and combat.is_target(state, boards.of(state), frame["side"], action[1]))


def _phase_resume(state: dict, frame: dict, value) -> None:
    if value is None:               # an attack called off: nothing changed, its target is still there
        return
    if not combat.targets(state, boards.of(state), frame["side"]):
        FLOW.end(state)


def _phase_explain(state: dict, frame: dict, action) -> tuple:
    if action and action[0] == "attack":
        if action[1:] and action[1] in state["attacked"]:
            return ("that area has already been attacked in this combat phase", "BFA-CBT-7")
        return ("you may only attack an enemy area next to one of your stacks that has not attacked yet",
                "BFA-CBT-2")
    return ("it is not one of the choices now", None)


# ---------------------------------------------------------------- declaring one attack
def _battle_actions(state: dict, frame: dict) -> list:
    stage = frame["stage"]
    side = frame["side"]
    if stage == "declare":
        return _declare_actions(state, frame)
    if stage == "reroll":
        return [("reroll",), ("accept",)]
    task = frame["tasks"][0]
    if task["do"] == "lose":
        return [("lose", c) for c in _loss_pool(state, task)]
    if task["do"] == "retreat":
        board = boards.of(state)
        return [("retreat", c, a) for c in task["ids"] for a in retreat.areas(state, board, c, task["from"][c])]
    if task["do"] == "advance":
        return [("advance", c) for c in _advancers(state, frame)] + [("done",)]
    raise ValueError(f"unknown battle task {task['do']!r} for {side}")


def _battle_allows(state: dict, frame: dict, action) -> bool:
    """Exactly ``action in _battle_actions(state, frame)``; the common answers without the list."""
    stage = frame["stage"]
    if stage == "declare" and action == ("roll",):
        return bool(frame["chosen"])
    if stage == "declare" and action == ("cancel",):
        return not frame["committed"]
    if stage == "reroll":
        return action == ("reroll",) or action == ("accept",)
    if stage == "tasks" and action == ("done",):
        return frame["tasks"][0]["do"] == "advance"
    return action in _battle_actions(state, frame)


def _declare_actions(state: dict, frame: dict) -> list:
    side, chosen = frame["side"], frame["chosen"]
    out = []
    if not frame["committed"]:
        for a in combat.attackers_of(state, boards.of(state), side, frame["target"]):
            if a in chosen or combat.may_combine(state, side, chosen + [a]):
                out.append(("area", a))
    if chosen:
        out += [("card", c) for c in cards.fitting(state, side, "own_attack_before_roll")]
        out.append(("roll",))
    if not frame["committed"]:
        out.append(("cancel",))
    return out


def _battle_who(state: dict, frame: dict) -> str:
    if frame["stage"] == "tasks":
        return frame["tasks"][0]["side"]
    return frame["side"]


def _battle_prompt(state: dict, frame: dict) -> str:
    if frame["stage"] == "declare":
        p = combat.preview(state, boards.of(state), frame["side"], frame["target"], frame["chosen"], _cards(state, frame))
        if not frame["chosen"]:
            return f"Attack {frame['target']}: click the stacks that attack (BFA-CBT-8)."
        return (f"Attack {frame['target']}: {p['attack']} against {p['defence']}, {p['odds']}, "
                f"die {p['modifier']:+d}. Add stacks, or Roll.")
    if frame["stage"] == "reroll":
        b = frame["battle"]
        return f"Rolled {b['roll']}: {b['result']}. Ghazghkull may roll again (BFA-CBT-22): Reroll or Accept."
    task = frame["tasks"][0]
    if task["do"] == "lose":
        return f"Pick the counter of your stack in {task['area']} that is lost (BFA-CBT-18)."
    if task["do"] == "retreat":
        return "Retreat each counter one area: pick a counter and where it goes (BFA-RET-1)."
    return f"Advance after combat into {frame['target']} with counters that move 2 or more, or Done (BFA-GAP-15)."


def _on_area(state: dict, frame: dict, area: str) -> None:
    chosen = frame["chosen"]
    frame["chosen"] = sorted(set(chosen) ^ {area})


def _attack_die(frame: dict):
    def add(card, step):
        frame["cards"].append(cards.in_force(card, "", step, until="attack"))
    return add


def _on_attack_card(state: dict, frame: dict, cid: str) -> None:
    frame["committed"] = True               # a card played for an attack commits it
    cards.play(state, frame["side"], cid, {"die_modifier": _attack_die(frame)})


def _on_cancel(state: dict, frame: dict) -> None:
    FLOW.end(state, None)


def _on_roll(state: dict, frame: dict) -> None:
    side, target = frame["side"], frame["target"]
    frame["committed"] = True
    state["attacked"] = state["attacked"] + [target]                    # BFA-CBT-7
    frame["attackers"] = {a: fighters(state, a, side) for a in frame["chosen"]}
    phase(state)["fought"] += [c for ids in frame["attackers"].values() for c in ids]   # BFA-CBT-1, -3
    frame["defenders"] = fighters(state, target, other(side))
    frame["garrisoned"] = bool(frame["defenders"])
    frame["fixtures"] = [c for c in state["stacks"].get(target, ()) if data.role(c) in FIXTURES
                         and c not in state["ruins"]]
    frame["stage"] = "before_roll"
    if not cards.WINDOW.open(state, other(side), "enemy_attack_before_roll"):
        _roll(state, frame)


def _cards(state: dict, frame: dict) -> list:
    return frame["cards"]


def _roll(state: dict, frame: dict) -> None:
    side, target = frame["side"], frame["target"]
    p = combat.odds_of(state, boards.of(state), side, target, frame["chosen"], _cards(state, frame))
    die = _die(state, "combat")
    frame["battle"] = {"target": target, "from": frame["chosen"], "attack": p["attack"], "defence": p["defence"],
                       "odds": p["odds"], "modifiers": p["modifiers"], "modifier": p["modifier"], "rolls": [die]}
    _settle(frame["battle"], die)
    # Ghazghkull's reroll is offered only when a second roll could do better (never after a DE).
    if side == "ork" and _ghazghkull_attacks(frame) and not phase(state)["reroll_used"] \
            and combat.may_better(p["odds"], frame["battle"]["result"], p["modifiers"]):
        frame["stage"] = "reroll"
        return
    _rolled(state, frame)


def _die(state: dict, why: str) -> int:
    value = rng.d6(state)
    record.new_throw(state, why, [value], 6)
    return value


def _settle(b: dict, die: int) -> None:
    b["roll"] = die
    b["modified"] = combat.modified(die, b["modifiers"])
    b["result"] = data.result(b["odds"], b["modified"])


def _ghazghkull_attacks(frame: dict) -> bool:
    return any("ork_ghazghkull" in ids for ids in frame["attackers"].values())


def _on_reroll(state: dict, frame: dict) -> None:
    phase(state)["reroll_used"] = True                   # once in each Ork combat phase (BFA-GAP-14)
    b = frame["battle"]
    event(state, "reroll", side="ork", by="ork_ghazghkull", first=b["roll"], first_result=b["result"],
          clause="BFA-CBT-22")
    die = _die(state, "Ghazghkull rolls again")
    b["rolls"].append(die)
    _settle(b, die)
    _rolled(state, frame)


def _on_accept(state: dict, frame: dict) -> None:
    _rolled(state, frame)


def _rolled(state: dict, frame: dict) -> None:
    b = frame["battle"]
    event(state, "battle", side=frame["side"], target=b["target"], attackers=b["from"], attack=b["attack"],
          defence=b["defence"], odds=b["odds"], roll=b["roll"], rolls=list(b["rolls"]),
          modifiers=[{"id": m["id"], "die": m["die"], "text": m["text"]} for m in b["modifiers"]],
          modified=b["modified"], result=b["result"], clause="BFA-CBT-14")
    log(state, f"attacks {b['target']} from {', '.join(b['from'])}: {b['attack']} to {b['defence']}, "
        f"{b['odds']}, rolls {record.dice_text([b['roll']])} ({b['modifier']:+d}): {b['result']}.", frame["side"])
    frame["stage"] = "after_roll"
    # The defender's card after the roll is offered only when the result makes him retreat.
    retreats = data.crt()["effects"][b["result"]]["defender"].get("retreat")
    if not (retreats and cards.WINDOW.open(state, other(frame["side"]), "enemy_attack_after_roll")):
        _carry_out(state, frame)


def _battle_resume(state: dict, frame: dict, value) -> None:
    """After a reaction window: the defender's card (or None) before or after the roll."""
    foe = other(frame["side"])
    if frame["stage"] == "before_roll":
        if value:
            cards.play(state, foe, value[0], {"die_modifier": _attack_die(frame)})
        _roll(state, frame)
    elif frame["stage"] == "after_roll":
        if value:
            cards.play(state, foe, value[0], {"cancel_retreat": lambda c, s: frame.update(hold=True)})
        _carry_out(state, frame)


# ---------------------------------------------------------------- carrying out the result
def _carry_out(state: dict, frame: dict) -> None:
    """Queue what the result asks of each side, in order (BFA-CBT-18..20, BFA-GAP-12)."""
    side, target, foe = frame["side"], frame["target"], other(frame["side"])
    fx = data.crt()["effects"][frame["battle"]["result"]]
    tasks = []
    atk, dfn = fx["attacker"], fx["defender"]
    if atk.get("lose") == "all":
        tasks.append({"do": "wipe", "side": side, "areas": frame["chosen"]})
    elif atk.get("lose") == "one_per_stack":                           # BFA-AMBIG-11
        tasks += [{"do": "lose", "side": side, "area": a} for a in frame["chosen"]]
    if atk.get("retreat"):
        tasks.append({"do": "retreat", "side": side, "areas": frame["chosen"]})
    if dfn.get("lose") == "all":
        tasks.append({"do": "wipe", "side": foe, "areas": [target]})
    elif dfn.get("lose") == "one":
        tasks.append({"do": "lose", "side": foe, "area": target})
    if dfn.get("retreat") and not frame.get("hold"):
        tasks.append({"do": "retreat", "side": foe, "areas": [target]})
    routed = bool(dfn.get("retreat")) and not frame.get("hold")
    tasks.append({"do": "fixtures", "side": foe, "hit": dfn.get("lose") == "all" or routed, "routed": routed})
    if frame["battle"]["result"] in data.terrain()["advance"]["results"]:
        tasks.append({"do": "advance", "side": side})
    frame["tasks"] = tasks
    frame["stage"] = "tasks"
    _run(state, frame)


def _run(state: dict, frame: dict) -> None:
    """Carry out tasks until one needs a player's choice, or the battle is over."""
    while frame["tasks"]:
        task = frame["tasks"][0]
        if not _automatic(state, frame, task):
            return
        frame["tasks"].pop(0)
    phase(state)["battles"] += 1
    _summary(state, frame)
    FLOW.end(state, "battle")


def _summary(state: dict, frame: dict) -> None:
    """One event for the whole battle: its result and what it cost each side (the losses), the
    retreats with their paths, the advance and a hive or factory fallen, read from the places."""
    at, target = state["at"], frame["target"]
    before = {c: a for a, ids in frame["attackers"].items() for c in ids}
    before.update({c: target for c in frame["defenders"]})
    gone = [c for c in before if at[c] not in state["stacks"]]
    moved = [c for c in before if c not in gone and at[c] != before[c]]
    fell = [c for c in frame["fixtures"] if c in state["ruins"] or at[c] not in state["stacks"]]
    event(state, "battle_over", side=frame["side"], target=target, result=frame["battle"]["result"],
          losses={s: [c for c in gone if side_of(c) == s] for s in data.SIDES},
          retreats=[[before[c], at[c], c] for c in moved if c in state["retreated"]],
          advanced=[c for c in moved if at[c] == target], fallen=fell)


def _automatic(state: dict, frame: dict, task: dict) -> bool:
    """Do a task that needs no choice; False when the player must choose."""
    do = task["do"]
    if do == "wipe":
        for area in task["areas"]:
            for c in fighters(state, area, task["side"]):
                eliminate(state, c, f"{frame['battle']['result']} result", "BFA-CBT-20")
        return True
    if do == "lose":
        pool = _loss_pool(state, task)
        if len(pool) > 1:
            return False
        if pool:
            eliminate(state, pool[0], f"{frame['battle']['result']} loss", "BFA-CBT-18")
        return True
    if do == "retreat":
        return _retreat_step(state, task)
    if do == "fixtures":
        _fixtures(state, frame, task)
        return True
    if do == "advance":
        return not _advancers(state, frame)
    raise ValueError(f"unknown battle task {do!r}")


def _loss_pool(state: dict, task: dict) -> list:
    """The counters that may be chosen as the loss: never one that already retreated (BFA-RET-7)."""
    done = state["retreated"]
    return [c for c in fighters(state, task["area"], task["side"]) if c not in done]


def _retreat_step(state: dict, task: dict) -> bool:
    """Eliminate the counters that cannot retreat; True when every counter is dealt with."""
    if "ids" not in task:
        task["from"] = {c: a for a in task["areas"] for c in fighters(state, a, task["side"])}
        task["ids"] = sorted(task["from"])
    board = boards.of(state)
    for cid in list(task["ids"]):
        why = retreat.doom(state, board, cid, task["from"][cid])
        if why:
            retreat.fall(state, cid, why)
            task["ids"].remove(cid)
    if not task["ids"]:
        return True
    moves = [(c, a) for c in task["ids"] for a in retreat.areas(state, board, c, task["from"][c])]
    if len(moves) == 1:                                   # one counter, one place: no question
        _retreat_one(state, task, *moves[0])
        return _retreat_step(state, task)
    return False


def _retreat_one(state: dict, task: dict, cid: str, area: str) -> None:
    retreat.go(state, cid, area)
    task["ids"].remove(cid)


def _fixtures(state: dict, frame: dict, task: dict) -> None:
    """An Ork attack that leaves no Imperial unit flips the hive or factory and removes the
    fortification (BFA-GAP-16, BFA-GAP-18); an ungarrisoned one falls to any hit."""
    target = frame["target"]
    if task["side"] != "imperial" or fighters(state, target, "imperial"):
        return
    if not (frame["garrisoned"] or task["hit"]):
        return
    ind = industry_in(state, target)
    if ind is not None and holder(state, ind) == "imperial":
        ruin(state, ind)
        log(state, f"{name(ind)} falls: smoking ruins (BFA-GAP-16).", "ork")
    fort = fortification_in(state, target)
    if fort is not None:
        # Made to retreat, a fortification cannot (movement 0) and is eliminated (BFA-RET-5);
        # left alone by its garrison's loss, it is overrun (BFA-GAP-18).
        clause, why = ("BFA-RET-5", "could not retreat: it cannot move") if task.get("routed") else \
            ("BFA-GAP-18", "fortification overrun")
        put(state, fort, OUT)
        event(state, "eliminated", counter=fort, side="imperial", area=target, box=OUT, why=why, clause=clause)
        log(state, f"{name(fort)} in {target} is lost: {why} ({clause}).", "ork")


def _advancers(state: dict, frame: dict) -> list:
    """Surviving attackers with movement 2 or more that may enter the emptied area now (BFA-CBT-21)."""
    side, target = frame["side"], frame["target"]
    if has_enemy(state, target, side):
        return []
    need = data.terrain()["advance"]["min_move"]
    out = []
    for area in frame["chosen"]:
        for c in fighters(state, area, side):
            if info(c)["move"] >= need and room_for(state, target, c):
                out.append(c)
    return out


def _on_lose(state: dict, frame: dict, cid: str) -> None:
    eliminate(state, cid, f"{frame['battle']['result']} loss, chosen by its owner", "BFA-CBT-18")
    frame["tasks"].pop(0)
    _run(state, frame)


def _on_retreat(state: dict, frame: dict, cid: str, area: str) -> None:
    task = frame["tasks"][0]
    _retreat_one(state, task, cid, area)
    if _retreat_step(state, task):
        frame["tasks"].pop(0)
        _run(state, frame)


def _on_advance(state: dict, frame: dict, cid: str) -> None:
    came = put(state, cid, frame["target"])
    event(state, "advance", counter=cid, side=frame["side"], path=[came, frame["target"]], clause="BFA-GAP-15")
    log(state, f"{name(cid)} advances from {came} into {frame['target']}.", frame["side"])
    if not _advancers(state, frame):
        frame["tasks"].pop(0)
        _run(state, frame)


def _on_battle_done(state: dict, frame: dict) -> None:
    frame["tasks"].pop(0)
    _run(state, frame)


def _battle_explain(state: dict, frame: dict, action) -> tuple:
    verb = action[0] if action else None
    if verb == "area":
        return ("only your stacks next to the target that have not attacked may join, and Ork tribes "
                "never attack together", "BFA-CBT-9")
    cid = action[1] if len(action) > 1 and isinstance(action[1], str) else None
    task = frame["tasks"][0] if frame["stage"] == "tasks" and frame["tasks"] else {}
    if verb == "lose":
        return _loss_explain(state, task, cid)
    if verb == "retreat":
        if cid in data.counters() and data.role(cid) in FIXTURES:
            return ("hives, factories and fortifications never retreat", "BFA-GAP-18")
        if task.get("do") == "retreat" and cid not in task.get("ids", ()):
            return ("only the counters of the stack that must retreat retreat now", "BFA-RET-1")
        return ("a retreat goes one area into land free of enemies where the stack stays legal", "BFA-RET-3")
    if verb == "advance":
        if cid in data.counters() and info(cid)["move"] < data.terrain()["advance"]["min_move"]:
            return ("only attackers with movement 2 or more may advance", "BFA-CBT-21")
        return ("only attackers with movement 2 or more may advance, into the emptied area, within "
                "the stacking limit", "BFA-CBT-21")
    return ("it is not one of the choices now", None)


def _loss_explain(state: dict, task: dict, cid) -> tuple:
    """Why a counter cannot be taken as the loss now."""
    if cid in state["retreated"]:
        return ("a counter that already retreated this phase cannot be taken as a loss", "BFA-RET-7")
    if cid in data.counters() and data.role(cid) in FIXTURES:
        return ("hives, factories and fortifications are never taken as losses", "BFA-GAP-18")
    if task.get("do") == "lose" and cid not in fighters(state, task["area"], task["side"]):
        return (f"the loss comes from the stack in {task['area']}, chosen by its owner", "BFA-CBT-18")
    return ("a counter that already retreated this phase cannot be taken as a loss", "BFA-RET-7")


def preview(state: dict, target: str, areas, side: str | None = None) -> dict:
    """A battle's odds column, every modifier and the chance of each result, worked out now and
    never kept in the state; the cards already played for an attack being declared count."""
    frame = next((f for f in reversed(state["stack"]) if f["step"] == "bfa_battle"), None)
    side = side or _attacker(state, target)
    played = frame["cards"] if frame and frame["target"] == target else []
    return combat.preview(state, boards.of(state), side, target, areas, played)


def _attacker(state: dict, target: str) -> str:
    """The side attacking ``target``: the side of the combat phase, else the enemy of its holders."""
    if state.get("combat"):
        return state["combat"]["side"]
    return "ork" if has_enemy(state, target, "ork") else "imperial"


def battle_view(state: dict) -> dict | None:
    """The battle being fought now, for the window: target, attacking areas, stage, the task in
    hand, the roll and result once rolled, and while stacks are being chosen the live preview."""
    for frame in reversed(state.get("stack", [])):
        if frame["step"] == "bfa_battle":
            out = {"target": frame["target"], "from": list(frame["chosen"]), "stage": frame["stage"],
                   "battle": frame["battle"], "side": frame["side"]}
            if frame["stage"] == "tasks" and frame["tasks"]:
                out["task"] = frame["tasks"][0]["do"]
            if frame["stage"] == "declare" and frame["chosen"]:
                out["preview"] = preview(state, frame["target"], frame["chosen"], frame["side"])
            return out
    return None


FLOW.add(Step("bfa_combat", who=lambda s, f: f["side"], prompt=_phase_prompt, actions=_phase_actions,
              handlers={"attack": _on_attack, "done": _on_phase_done}, resume=_phase_resume,
              explain=_phase_explain, allows=_phase_allows))
FLOW.add(Step("bfa_battle", who=_battle_who, prompt=_battle_prompt, actions=_battle_actions,
              handlers={"area": _on_area, "card": _on_attack_card, "roll": _on_roll, "cancel": _on_cancel,
                        "reroll": _on_reroll, "accept": _on_accept, "lose": _on_lose,
                        "retreat": _on_retreat, "advance": _on_advance, "done": _on_battle_done},
              resume=_battle_resume, explain=_battle_explain, allows=_battle_allows))
