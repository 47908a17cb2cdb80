"""Counted nouns for the log and the prompts: "1 unit", "3 units", never "unit(s)"."""
from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """The count and the noun, singular for exactly one."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def agreeing(n: int, one: str, many: str) -> str:
    """The verb that agrees with a count: `one` for exactly one, `many` otherwise."""
    return one if n == 1 else many
