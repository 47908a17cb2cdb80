"""Combat arithmetic: who may attack what, the totals, the odds, every die modifier, the preview.

Attacks are made by stacks against a stack in an adjacent area (BFA-CBT-1..9). Nothing here
rolls a die or changes the state; ``battle.py`` runs the attack as steps.
"""
from __future__ import annotations

from fractions import Fraction

from . import data
from .holdings import FIGHTER_IDS, SIDE, effects, fighters, info, other, stack
from .model import tribe


def phase(state: dict) -> dict:
    """The combat phase's own record: the counters that attacked, Ghazghkull's reroll, battles fought.

    The areas attacked are ``state["attacked"]`` and the counters that retreated
    ``state["retreated"]`` (both emptied when a combat phase starts).
    """
    return state["combat"]


def new_phase(state: dict, side: str) -> None:
    """Start a fresh combat-phase record for ``side``."""
    state["combat"] = {"side": side, "fought": [], "reroll_used": False, "battles": 0}
    state["attacked"] = []
    state["retreated"] = []


# ---------------------------------------------------------------- who may attack what
ATTACK = {cid: c["attack"] for cid, c in data.counters().items()}


def stack_may_attack(state: dict, area: str, side: str) -> bool:
    """A stack with fighters, none of which has attacked this phase (BFA-CBT-1, -3)."""
    units = fighters(state, area, side)
    done = phase(state)["fought"]
    return bool(units) and not any(c in done for c in units) and any(info(c)["attack"] > 0 for c in units)


def targets(state: dict, board, side: str, fresh: bool = False) -> list:
    """Enemy-held areas next to a stack that may attack, not yet attacked this phase (BFA-CBT-2, -7).

    ``fresh``: as a combat phase about to start would find them (nothing attacked nor fought yet).
    """
    hit, done = (set(), set()) if fresh else (set(state["attacked"]), set(phase(state)["fought"]))
    foe, ruins = other(side), state["ruins"]
    enemy, ready = set(), []
    # One pass over the map (the busiest question of a combat phase).
    for area, pile in state["stacks"].items():
        held, may = _census(pile, foe, ruins, done)
        if held and area not in hit:
            enemy.add(area)
        elif may:
            ready.append(area)
    out = set()
    for area in ready:
        out.update(enemy.intersection(board.adj[area]))
    return sorted(out)


def is_target(state: dict, board, side: str, area) -> bool:
    """Exactly ``area in targets(state, board, side)``, asking only the area and its neighbours."""
    hit, stacks = state["attacked"], state["stacks"]
    if area not in stacks or area in hit:
        return False
    done, foe, ruins = set(phase(state)["fought"]), other(side), state["ruins"]
    if not _census(stacks[area], foe, ruins, done)[0]:
        return False
    for near in board.adj[area]:
        if near in stacks:
            held, may = _census(stacks[near], foe, ruins, done)
            if may and not (held and near not in hit):
                return True
    return False


def _census(pile, foe: str, ruins, done) -> tuple:
    """(the enemy holds the area, the side's stack there may attack as ``stack_may_attack`` says)."""
    held = may = spent = False
    for c in pile:
        if SIDE[c] == foe:
            held = held or c not in ruins
        elif c in FIGHTER_IDS:
            if c in done:
                spent = True
            elif ATTACK[c] > 0:
                may = True
    return held, may and not spent


def attackers_of(state: dict, board, side: str, target: str) -> list:
    """Areas whose stacks may join an attack on ``target`` (adjacent, not yet attacked, BFA-CBT-8)."""
    return sorted(a for a in board.adj[target] if stack_may_attack(state, a, side))


def may_combine(state: dict, side: str, areas) -> bool:
    """Whether these stacks may attack together: Ork stacks only of one tribe (BFA-CBT-9)."""
    if side != "ork":
        return True
    found = set()
    for area in areas:
        found |= {tribe(c) for c in fighters(state, area, side)} - {None}
    return len(found) <= 1


# ---------------------------------------------------------------- totals and odds
def attack_total(state: dict, side: str, areas) -> int:
    """The attack values of every counter in the attacking stacks (BFA-CBT-3, -10)."""
    return sum(info(c)["attack"] for a in areas for c in fighters(state, a, side))


def defenders(state: dict, target: str, side: str) -> list:
    """The defending stack: every counter of the defender in the area (BFA-CBT-4)."""
    return stack(state, target, other(side))


def defence_value(state: dict, cid: str) -> int:
    """What one defending counter adds: 0 if it already retreated this phase (BFA-RET-6)."""
    if cid in state["retreated"]:
        return 0
    return info(cid)["defence"]


def defence_total(state: dict, target: str, side: str) -> int:
    """The defence values of the whole defending stack, hives and fortifications too (BFA-CBT-11, BFA-GAP-18)."""
    return sum(defence_value(state, c) for c in defenders(state, target, side))


def column(attack: int, defence: int) -> str:
    """The odds column: fractions dropped, 1-N rounded for the defender (BFA-CBT-12, -13, BFA-AMBIG-10)."""
    return data.table().column(attack, defence).name


# ---------------------------------------------------------------- die modifiers
def modifiers(state: dict, board, side: str, target: str, areas, cards=()) -> list:
    """Every die modifier of an attack as {id, die, clause, text} (BFA-GAP-13)."""
    out = []
    river = data.terrain()["borders"]["river"]["die_when_all_attackers_cross"]
    if areas and all(board.river(a, target) for a in areas):
        out.append(_mod("river", river, "BFA-CBT-16", "every attacker crosses a river"))
    kind = board.kind[target]
    die = data.terrain_die(kind, state.get("edition"))       # a save of an earlier edition keeps its own
    if die:
        out.append(_mod("terrain", die, "BFA-GAP-4", f"attacking into {data.terrain()['terrain'][kind]['name'].lower()}"))
    if side == "ork" and state["turn"] == 1:
        out.append(_mod("first_turn_surprise", 1, "BFA-FTS-2", "first-turn surprise"))
    if "im_yarrick" in defenders(state, target, side):
        value = data.terrain()["leaders"]["yarrick"]["die"]
        out.append(_mod("yarrick", value, "BFA-GAP-14", "Commissar Yarrick defends"))
    if any("im_dante" in fighters(state, a, side) for a in areas):
        value = data.terrain()["leaders"]["dante"]["die"]
        out.append(_mod("dante", value, "BFA-GAP-14", "Commander Dante attacks"))
    for card in effects(state, "die_modifier", side) + list(cards):
        out.append(_mod("card", card["value"], "BFA-SPC-1", card["name"], card=card["card"]))
    return out


def _mod(key: str, die: int, clause: str, text: str, **more) -> dict:
    return {"id": key, "die": die, "clause": clause, "text": text, **more}


def total_modifier(mods) -> int:
    """All modifiers added together; the roll is clamped afterwards (BFA-CBT-17)."""
    return sum(m["die"] for m in mods)


def modified(roll: int, mods) -> int:
    """The die after its modifiers, never above 6 or below 1 (BFA-CBT-17)."""
    low, high = data.terrain()["die_range"]
    return max(low, min(high, roll + total_modifier(mods)))


def outcome(col: str, roll: int, mods) -> str:
    """The CRT result for a roll and its modifiers (BFA-CBT-14)."""
    return data.result(col, modified(roll, mods))


def may_better(col: str, result: str, mods) -> bool:
    """Whether another roll of the die could give the attacker a better result than ``result``."""
    rank = data.crt()["ranking"]
    return any(rank.index(outcome(col, roll, mods)) > rank.index(result) for roll in range(1, 7))


# ---------------------------------------------------------------- the preview
def odds_of(state: dict, board, side: str, target: str, areas, cards=()) -> dict:
    """An attack's totals, odds column and die modifiers (what the roll needs; ``preview`` adds the chances)."""
    attack, defence = attack_total(state, side, areas), defence_total(state, target, side)
    mods = modifiers(state, board, side, target, areas, cards)
    return {"attack": attack, "defence": defence, "odds": column(attack, defence), "modifiers": mods,
            "modifier": total_modifier(mods)}


def preview(state: dict, board, side: str, target: str, areas, cards=()) -> dict:
    """A battle's odds column, modifiers and the chance of each result, worked out on request."""
    areas = sorted(areas)
    odds = odds_of(state, board, side, target, areas, cards)
    attack, defence, col, mods = odds["attack"], odds["defence"], odds["odds"], odds["modifiers"]
    rows = {roll: outcome(col, roll, mods) for roll in range(1, 7)}
    chances: dict = {}
    for res in rows.values():
        chances[res] = chances.get(res, Fraction(0)) + Fraction(1, 6)
    ranking = data.crt()["ranking"]
    return {"target": target, "from": areas, "attack": attack, "defence": defence, "odds": col,
            "modifiers": mods, "modifier": total_modifier(mods), "rows": rows,
            "chances": {r: float(chances[r]) for r in ranking if r in chances},
            "exact": {r: f"{chances[r].numerator}/{chances[r].denominator}" for r in ranking if r in chances},
            "meaning": {r: data.crt()["codes"][r] for r in ranking if r in chances}}
