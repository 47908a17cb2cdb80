"""Possible worlds for a bot in a game with hidden information (determinisation).

A bot must never read what its side may not see. Before it looks ahead it deals a *world*:
a copy of the state in which every hidden place (the opponents' hands, the draw pile) is
refilled, by the bot's own generator, from the items that side has not seen, and the dice
to come are the bot's own. Two states the side cannot tell apart give the same worlds for
the same bot seed, so the bot's choice depends only on what it may know.
"""
from __future__ import annotations

from typing import Callable, Iterable

from game.core import rng
from game.core.steps import copy_state


def unseen(everything: Iterable, *seen: Iterable) -> list:
    """The items of ``everything`` found in none of the ``seen`` groups, sorted."""
    known = set()
    for group in seen:
        known.update(group)
    return sorted(set(everything) - known)


def deal(state: dict, picker: dict, hidden: list, slots: list,
         copy: Callable[[dict], dict] = copy_state) -> dict:
    """A copy of ``state`` with each slot refilled from the shuffled ``hidden`` items.

    ``slots`` is [(path, how many), ...], a path being the keys that lead to a list in the
    state (e.g. ("hands", "greek")); the slots are filled in order from one shuffled pile.
    The world's generator is seeded from the bot's ``picker``, so its dice are the bot's.
    """
    world = copy(state)
    pile = rng.shuffle(picker, list(hidden))
    at = 0
    for path, count in slots:
        put(world, path, pile[at:at + count])
        at += count
    world["rng"] = {"seed": rng.randint(picker, 0, 2 ** 62), "draws": 0, "dice": []}
    return world


def put(world: dict, path, items: list) -> None:
    """Fill one slot of a world (the keys that lead to a list) with ``items``."""
    holder = world
    for k in path[:-1]:
        holder = holder[k]
    holder[path[-1]] = items
