"""The one source of randomness: a seeded generator whose whole state is an int in the game state.

The generator is SplitMix64: each draw advances ``state["rng"]["seed"]`` by a constant and
mixes it into 64 random bits, so a game needs no generator object between calls and a draw
costs a few integer operations (the fuzzer and the bots call it in their inner loops).

Scripting for tests: ``state["rng"]["dice"]`` (from ``options["dice"]``) is a list of die
results used before any random one; ``options["deck"]`` is read by games to fix a deck order.
Every draw bumps ``state["rng"]["draws"]`` so the session knows randomness happened.
"""
from __future__ import annotations

import secrets

from .statecopy import Shape

# How a state's copy copies state["rng"]: its scripted dice are popped in place, the rest replaced.
SHAPE = Shape(copy=("dice",), rest="share")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def init(state: dict, seed: int, options: dict | None = None) -> None:
    """Give a fresh state its generator, seeded, with any scripted dice from options."""
    options = options or {}
    state["rng"] = {"seed": int(seed) & _MASK64, "draws": 0,
                    "dice": [int(d) for d in options.get("dice", [])]}


def _bits(rng: dict) -> int:
    """64 random bits; advances the generator held in ``rng`` (SplitMix64)."""
    x = (rng["seed"] + _GOLDEN) & _MASK64
    rng["seed"] = x
    rng["draws"] += 1
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def _below(rng: dict, n: int) -> int:
    """A whole number in [0, n), without modulo bias (rejection of the short last block)."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value = _bits(rng)
        if value < limit:
            return value % n


def roll(state: dict, sides: int = 6) -> int:
    """One die of ``sides`` faces; a scripted result is used first when there is one."""
    rng = state["rng"]
    if rng["dice"]:
        rng["draws"] += 1
        value = rng["dice"].pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"scripted die {value} does not fit a d{sides}")
        return value
    return _below(rng, sides) + 1


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
    """A shuffled copy of ``items`` (Fisher-Yates)."""
    rng = state["rng"]
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = _below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def choice(state: dict, items: list):
    """One item picked at random."""
    if not items:
        raise ValueError("choice from an empty list")
    return items[_below(state["rng"], len(items))]


def randint(state: dict, lo: int, hi: int) -> int:
    """A whole number from lo to hi inclusive (for bots and tie-breaks, not dice)."""
    return lo + _below(state["rng"], hi - lo + 1)


def draws(state: dict) -> int:
    """How many random draws this game has made (the session's undo policy reads it)."""
    return state["rng"]["draws"]


def make_seed() -> int:
    """A fresh seed for a new game (the only unseeded call; used outside the rules)."""
    return secrets.randbits(31)
