"""Who holds what, for combat, retreats, supply and building: stacks seen through the ruins rule.

A hive or factory on its smoking-ruins side belongs to neither side (BFA-AMBIG-14); an intact
one, and a fortification, is an Imperial counter. Moving and removing counters goes through
``model`` (``put``, ``eliminate``, ``set_ruined``), so the places never disagree.
"""
from __future__ import annotations

from . import data
from . import model
from .model import COUNTS, TRIBE, event, other, side_of

FIXTURES = ("hive", "factory", "fortification")        # never lost, never retreat (BFA-GAP-18)
INDUSTRY = ("hive", "factory")
FIGHTERS = ("unit", "leader")
# Read once: each counter's side and role, and who fights (the hot loops look these up).
SIDE = {cid: c["side"] for cid, c in data.counters().items()}
ROLE = {cid: data.role(cid) for cid in data.counters()}
FIGHTER_IDS = frozenset(cid for cid, r in ROLE.items() if r in FIGHTERS)


def info(cid: str) -> dict:
    """A counter's entry in counters.json."""
    return data.counters()[cid]


def role(cid: str) -> str:
    """unit, leader, hive, factory, fortification or marker."""
    return ROLE[cid]


def holder(state: dict, cid: str) -> str | None:
    """The side a counter counts for on the map: its own, or None for a smoking ruin."""
    if cid in state["ruins"]:
        return None
    return side_of(cid)


def stack(state: dict, area: str, side: str) -> list:
    """The counters in an area that count for ``side`` (its stack, BFA-STK-1), bottom first."""
    ruins = state["ruins"]
    return [c for c in state["stacks"].get(area, ()) if c not in ruins and SIDE[c] == side]


def fighters(state: dict, area: str, side: str) -> list:
    """A side's units and leaders in an area: the counters that fight, retreat and are lost."""
    return [c for c in state["stacks"].get(area, ()) if c in FIGHTER_IDS and SIDE[c] == side]


def has_enemy(state: dict, area: str, side: str) -> bool:
    """Whether an area holds a counter of ``side``'s enemy, special counters included (BFA-MOV-6)."""
    return model.holds(state, area, other(side))


def industry_in(state: dict, area: str) -> str | None:
    """The hive or factory counter standing in an area, if any."""
    return model.industry_at(state, area)


def fortification_in(state: dict, area: str) -> str | None:
    """The fortification counter in an area, if any."""
    return next((c for c in state["stacks"].get(area, ()) if ROLE[c] == "fortification"), None)


def room_for(state: dict, area: str, cid: str, extra: tuple = ()) -> bool:
    """Whether ``cid`` may join its side's stack in ``area`` now within the stacking rules (BFA-STK-2..4).

    The same judgement as ``data.stack_problem`` on that stack with ``extra`` and ``cid`` added,
    counted in one pass (advances, builds and cards ask it for many areas at once).
    """
    ruins, side = state["ruins"], SIDE[cid]
    n, tribes = 0, set()
    for c in state["stacks"].get(area, ()):
        if c not in ruins and SIDE[c] == side:
            n += COUNTS[c]
            if TRIBE[c]:
                tribes.add(TRIBE[c])
    for c in (*extra, cid):
        n += COUNTS[c]
        if TRIBE[c]:
            tribes.add(TRIBE[c])
    return n <= data.STACK_LIMIT and len(tribes) <= 1


def can_enter(state: dict, board, area: str, cid: str) -> bool:
    """A land area free of enemy counters where ``cid`` fits the stacking rules at once."""
    return area in board.land and not has_enemy(state, area, side_of(cid)) and room_for(state, area, cid)


def eliminate(state: dict, cid: str, why: str, clause: str | None = None) -> str:
    """Eliminate a counter (model.eliminate picks its box), its event saying why."""
    area = state["at"][cid]
    box = model.eliminate(state, cid)
    state["events"][-1].update(area=area, why=why, **({"clause": clause} if clause else {}))
    return box


def ruin(state: dict, cid: str) -> None:
    """An intact hive or factory becomes smoking ruins; the build point track drops (BFA-HIV-4)."""
    model.set_ruined(state, cid, True)
    state["events"][-1].update(counter_type=role(cid), value=info(cid)["defence"], clause="BFA-HIV-4")


def restore(state: dict, cid: str) -> None:
    """A smoking ruin is rebuilt: intact again, the track rises by its value (BFA-HIV-5)."""
    model.set_ruined(state, cid, False)
    state["events"][-1].update(counter_type=role(cid), value=info(cid)["defence"], clause="BFA-HIV-5")


def effects(state: dict, op: str, side: str) -> list:
    """Card effects of kind ``op`` in force for ``side``."""
    return [e for e in state["effects"] if e.get("op") == op and e.get("side") == side]


__all__ = ["FIXTURES", "INDUSTRY", "info", "role", "holder", "stack", "fighters", "has_enemy",
           "industry_in", "fortification_in", "room_for", "can_enter", "eliminate", "ruin", "restore",
           "effects", "event", "other", "side_of"]
