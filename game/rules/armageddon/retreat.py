"""Retreats: where a counter may go, and when it is eliminated instead (BFA-RET-*).

A retreating counter moves one area at once, by its owner, into an area it could enter by
the movement rules: land, free of enemy counters, and where it fits the stacking limit and
the tribe rule at once (BFA-RET-1..3, BFA-AMBIG-13). Each counter retreats on its own and
may go to a different area (BFA-AMBIG-12).
"""
from __future__ import annotations

from .holdings import can_enter, eliminate, info
from .model import event, log, name, put


def areas(state: dict, board, cid: str, here: str) -> list:
    """The areas ``cid`` may retreat into from ``here``, sorted (empty: it is eliminated)."""
    if info(cid)["move"] <= 0:
        return []                                     # BFA-RET-5
    return [a for a in board.adj[here] if can_enter(state, board, a, cid)]


def doom(state: dict, board, cid: str, here: str) -> tuple | None:
    """Why a counter must be eliminated rather than retreat, as (why, clause), or None."""
    if cid in state["retreated"]:
        return ("it had already retreated in this combat phase", "BFA-RET-8")
    if info(cid)["move"] <= 0:
        return ("it cannot move", "BFA-RET-5")
    if not areas(state, board, cid, here):
        return ("it has nowhere to retreat", "BFA-RET-4")
    return None


def go(state: dict, cid: str, to: str) -> None:
    """Move one counter back one area; it counts as retreated for the rest of the phase (BFA-RET-6)."""
    came = put(state, cid, to)
    state["retreated"] = state["retreated"] + [cid]
    event(state, "retreat", counter=cid, side=info(cid)["side"], path=[came, to], clause="BFA-RET-1")
    log(state, f"{name(cid)} retreats from {came} to {to}.", info(cid)["side"])


def fall(state: dict, cid: str, why: tuple) -> None:
    """A counter that cannot retreat is eliminated instead (BFA-RET-4, -5, -8)."""
    text, clause = why
    eliminate(state, cid, f"could not retreat: {text}", clause)
    log(state, f"{name(cid)} is eliminated: {text} ({clause}).", info(cid)["side"])
