"""Combat arithmetic: who may attack what, the totals, the odds, every die modifier, the preview.

Attacks are made by stacks against a stack in an adjacent area (BFA-CBT-1..9). Nothing here
rolls a die or changes the state; ``battle.py`` runs the attack as steps.
"""
from __future__ import annotations

from fractions import Fraction

from . import data
from .holdings import SIDE, effects, fighters, info, other, stack
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
def stack_may_attack(state: dict, area: str, side: str) -> bool:
    """A stack with fighters, none of which has attacked this phase (BFA-CBT-1, -3)."""
    units = fighters(state, area, side)
    done = phase(state)["fought"]
    return bool(units) and not any(c in done for c in units) and any(info(c)["attack"] > 0 for c in units)


def targets(state: dict, board, side: str) -> list:
    """Enemy-held areas next to a stack that may attack, not yet attacked this phase (BFA-CBT-2, -7)."""
    hit = set(state["attacked"])
    foe, ruins = other(side), state["ruins"]
    enemy = {a for a, pile in state["stacks"].items()
             if a not in hit and any(SIDE[c] == foe and c not in ruins for c in pile)}
    out = set()
    for area in state["stacks"]:
        if area in enemy:
            continue
        near = enemy.intersection(board.adj[area])
        if near and not near <= out and stack_may_attack(state, area, side):
            out |= near
    return sorted(out)


def attackers_of(state: dict, board, side: str, target: str) -> list:
    """Areas whose stacks may join an attack on ``target`` (adjacent, not yet attacked, BFA-CBT-8)."""
    return sorted(a for a in board.adj[target] if stack_may_attack(state, a, side))


def stack_tribe(state: dict, area: str, side: str) -> str | None:
    """The tribe of an Ork stack (stacks never mix tribes at a check point, BFA-STK-4)."""
    found = {tribe(c) for c in fighters(state, area, side)} - {None}
    return min(found) if found else None


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
    die = data.terrain()["terrain"][kind]["die"]
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


# ---------------------------------------------------------------- the preview
def preview(state: dict, board, side: str, target: str, areas, cards=()) -> dict:
    """A battle's odds column, modifiers and the chance of each result, worked out on request."""
    areas = sorted(areas)
    attack, defence = attack_total(state, side, areas), defence_total(state, target, side)
    col = column(attack, defence)
    mods = modifiers(state, board, side, target, areas, cards)
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
