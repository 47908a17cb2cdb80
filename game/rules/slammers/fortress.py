"""Fortresses (HS-FOR-1..11, HS-TER-3, HS-RUB-9, HS-AMBIG-34).

A fortress stands in a hex (``state["forts"]``, hex keys); a unit inside it carries
``fort: True`` (beneath the counter, HS-FOR-4), at most three (HS-FOR-3).
"""
from __future__ import annotations

from . import board


def inside(state: dict, uid: str) -> bool:
    """Whether a unit is inside a fortress (beneath the counter, HS-FOR-4)."""
    return bool(state["units"][uid].get("fort"))


def at(state: dict, h) -> bool:
    """Whether a fortress stands in the hex (HS-FOR-2: one at most)."""
    return board.key(h) in state.get("forts", ())
