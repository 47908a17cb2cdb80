"""Supply: after both phases of his card the active player checks his own counters (BFA-SUP-*).

A supply line runs through any number of land areas free of enemy counters, ash wastes
included, never through mountains or seas, to one of the side's supply areas (BFA-SUP-2..8).
A stack out of supply is destroyed, unless a hive or fortification stands with it: then one
D6 (two with both) is rolled for the whole stack, and it dies only if every roll is 1-3
(BFA-SUP-9..12, BFA-AMBIG-19). Hives, factories and fortifications are never removed for
want of supply (BFA-AMBIG-20).
"""
from __future__ import annotations

from game.core import record, rng
from game.core.boardcache import memo
from game.core.steps import Step

from . import board as boards
from . import cards, hooks
from .flow import FLOW
from .holdings import FIGHTER_IDS, SIDE, eliminate, fighters, fortification_in, holder, role
from .model import event, log, occupied_by, other

FAIL = (1, 2, 3)          # a supply roll of 1-3 fails (BFA-SUP-10)


def supplied_areas(state: dict, board, side: str) -> frozenset:
    """Every area a supply line of ``side`` reaches (its own supply areas free of enemies included).

    It depends only on the areas the enemy holds, so it is remembered for them (the basic
    player asks after every move it weighs).
    """
    enemy = occupied_by(state, other(side))
    return memo(board, ("supplied", side, enemy), lambda: _spread(board, side, enemy))


def _spread(board, side: str, enemy: frozenset) -> frozenset:
    blocked = frozenset(a for a in board.areas if a not in board.supply_ok or a in enemy)
    sources = [a for a in board.supply[side] if a not in blocked]
    return board.map.spread(sources, blocked=blocked) if sources else frozenset()


def cut_off(state: dict, board, side: str) -> list:
    """Areas holding ``side``'s units or leaders that no supply line reaches, sorted."""
    reach = supplied_areas(state, board, side)
    return sorted(a for a, pile in state["stacks"].items()
                  if a not in reach and any(c in FIGHTER_IDS and SIDE[c] == side for c in pile))


def shelter(state: dict, area: str, side: str) -> list:
    """What protects a stack out of supply: a hive of either face and the side's fortification (BFA-AMBIG-19)."""
    out = []
    if any(role(c) == "hive" for c in state["stacks"].get(area, ())):
        out.append("hive")
    fort = fortification_in(state, area)
    if fort is not None and holder(state, fort) == side:
        out.append("fortification")
    return out


def resolve(state: dict, area: str, side: str) -> dict:
    """Roll for one cut-off stack and remove it if it fails (BFA-SUP-9..12)."""
    cover = shelter(state, area, side)
    units = fighters(state, area, side)
    rolls = [rng.d6(state) for _ in cover]
    if rolls:
        record.new_throw(state, f"supply at {area}", rolls, 6)
    lost = not rolls or all(r in FAIL for r in rolls)
    clause = "BFA-SUP-9" if not rolls else ("BFA-SUP-11" if len(rolls) == 2 else "BFA-SUP-10")
    if lost:
        for c in units:
            eliminate(state, c, "out of supply", clause)
    shown = record.dice_text(rolls) if rolls else "no roll"
    log(state, f"{area} is out of supply ({shown}): {'the stack is destroyed' if lost else 'the stack holds'}.",
        side)
    return event(state, "supply", side=side, area=area, in_supply=False, shelter=cover, rolls=rolls,
                 destroyed=lost, counters=units, clause=clause)


# ---------------------------------------------------------------- the check as a step
@hooks.supply
def begin(state: dict, side: str) -> bool:
    """Check ``side``'s supply; True when the player must choose (a supply card), else done at once."""
    board = boards.of(state)
    out = cut_off(state, board, side)
    event(state, "supply_check", side=side, out_of_supply=out, clause="BFA-SUP-1")
    if not out:
        return False
    if cards.fitting(state, side, "own_supply_check"):
        FLOW.call(state, "bfa_supply", side=side, out=out, saves=0, saved=[])
        return True
    for area in out:
        resolve(state, area, side)
    return False


def _actions(state: dict, frame: dict) -> list:
    if frame["saves"] == 0:
        return [("card", c) for c in cards.fitting(state, frame["side"], "own_supply_check")] + [("check",)]
    return [("area", a) for a in frame["out"] if a not in frame["saved"]] + [("check",)]


def _prompt(state: dict, frame: dict) -> str:
    cut = ", ".join(frame["out"])
    if frame["saves"] == 0:
        return f"Out of supply: {cut}. Play a supply card, or Check (BFA-SUP-9)."
    return f"Pick up to {frame['saves'] - len(frame['saved'])} stacks that count as in supply, or Check."


def _on_card(state: dict, frame: dict, cid: str) -> None:
    def stacks(card, step):
        frame["saves"] = step["stacks"]
    cards.play(state, frame["side"], cid, {"in_supply": stacks})


def _on_area(state: dict, frame: dict, area: str) -> None:
    frame["saved"].append(area)
    event(state, "supply", side=frame["side"], area=area, in_supply=True, by_card=True, clause="BFA-SPC-1")
    if len(frame["saved"]) >= frame["saves"] or len(frame["saved"]) == len(frame["out"]):
        _on_check(state, frame)


def _on_check(state: dict, frame: dict) -> None:
    for area in frame["out"]:
        if area not in frame["saved"]:
            resolve(state, area, frame["side"])
    FLOW.end(state)


def _explain(state: dict, frame: dict, action) -> tuple:
    if action and action[0] == "area":
        return ("only a stack cut off from supply may be kept in supply, after the card is played", "BFA-SPC-1")
    if action and action[0] == "card":
        return ("that card does not fit the supply check, or you have used a card in this segment", "BFA-SPC-2")
    return ("it is not one of the choices now", None)


# Asked only when a supply card could save a stack.
FLOW.add(Step("bfa_supply", who=lambda s, f: f["side"], prompt=_prompt, actions=_actions,
              handlers={"card": _on_card, "area": _on_area, "check": _on_check}, explain=_explain))
