"""The one source of randomness: a seeded generator whose whole state is an int in the game state.

Scripting for tests: ``state["rng"]["dice"]`` (from ``options["dice"]``) is a list of die
results used before any random one; ``options["deck"]`` is read by games to fix a deck order.
Every draw bumps ``state["rng"]["draws"]`` so the session knows randomness happened.
"""
from __future__ import annotations

import random

_MASK = (1 << 63) - 1


def init(state: dict, seed: int, options: dict | None = None) -> None:
    """Give a fresh state its generator, seeded, with any scripted dice from options."""
    options = options or {}
    state["rng"] = {"seed": int(seed) & _MASK, "draws": 0,
                    "dice": [int(d) for d in options.get("dice", [])]}


def _next(state: dict) -> random.Random:
    rng = state["rng"]
    gen = random.Random(rng["seed"])
    rng["draws"] += 1
    return gen


def _advance(state: dict, gen: random.Random) -> None:
    state["rng"]["seed"] = gen.getrandbits(63)


def roll(state: dict, sides: int = 6) -> int:
    """One die of ``sides`` faces; a scripted result is used first when there is one."""
    rng = state["rng"]
    if rng["dice"]:
        rng["draws"] += 1
        value = rng["dice"].pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"scripted die {value} does not fit a d{sides}")
        return value
    gen = _next(state)
    value = gen.randint(1, sides)
    _advance(state, gen)
    return value


def d6(state: dict) -> int:
    """One six-sided die."""
    return roll(state, 6)


def dice(state: dict, n: int, sides: int = 6) -> list[int]:
    """Several dice, in the order rolled."""
    return [roll(state, sides) for _ in range(n)]


def two_d6(state: dict) -> int:
    """The sum of two six-sided dice."""
    return d6(state) + d6(state)


def shuffle(state: dict, items: list) -> list:
    """A shuffled copy of ``items``."""
    gen = _next(state)
    out = list(items)
    gen.shuffle(out)
    _advance(state, gen)
    return out


def choice(state: dict, items: list):
    """One item picked at random."""
    if not items:
        raise ValueError("choice from an empty list")
    gen = _next(state)
    item = items[gen.randrange(len(items))]
    _advance(state, gen)
    return item


def randint(state: dict, lo: int, hi: int) -> int:
    """A whole number from lo to hi inclusive (for bots and tie-breaks, not dice)."""
    gen = _next(state)
    value = gen.randint(lo, hi)
    _advance(state, gen)
    return value


def draws(state: dict) -> int:
    """How many random draws this game has made (the session's undo policy reads it)."""
    return state["rng"]["draws"]


def make_seed() -> int:
    """A fresh seed for a new game (the only unseeded call; used outside the rules)."""
    return random.SystemRandom().getrandbits(31)
