"""What the rules write down for people: the log and the dice record (the dice tray shows it).

The log is words: a line that starts with a side key and a colon is tinted in that side's
colour, and ``[d6:5]`` inside a line is drawn as a die. The dice record is the last throw:
``{"serial": n, "values": [...], "text": why}`` (with ``"sides"`` when a game names the die);
the window animates a throw when its serial changes. Both live in the state, so a game
replays them exactly.
"""
from __future__ import annotations

from . import rng


def log(state: dict, text: str, side: str | None = None) -> None:
    """Add a line to the log, tinted for a side when one is named."""
    state["log"].append(f"{side}: {text}" if side else text)


def dice_text(values, sides: int = 6) -> str:
    """Dice as log glyphs, e.g. [d6:5][d6:2]."""
    return "".join(f"[d{sides}:{v}]" for v in values)


def new_throw(state: dict, text: str, values=None, sides: int | None = None) -> dict:
    """Start a new throw in the dice record (its serial moves on)."""
    throw = {"serial": state["dice"]["serial"] + 1, "values": list(values or [])}
    if sides is not None:
        throw["sides"] = sides
    throw["text"] = text
    state["dice"] = throw
    return throw


def add_die(state: dict, value: int) -> int:
    """Add one die to the throw in the record."""
    state["dice"]["values"].append(value)
    return value


def throw(state: dict, text: str, n: int = 1, sides: int = 6) -> list:
    """Roll n dice through the state's generator and record them as one throw."""
    values = rng.dice(state, n, sides)
    new_throw(state, text, values, sides)
    return values
