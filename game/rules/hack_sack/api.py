"""The public face of Hack & Sack for the window and the bots, beside the contract (GameSpec).

game/ui and game/ai may import this module and the package itself, nothing else of
game/rules/hack_sack (tests/test_boundaries.py checks it). Everything here reads a state;
nothing changes one.
"""
from __future__ import annotations

__all__ = ['battle_odds', 'board_serial', 'condition', 'counter', 'frame', 'log_words', 'must_attack', 'neighbours', 'owed_attacks', 'owed_attacks_ahead',
           'on_map', 'position', 'reach_now', 'route', 'terrain_classes', 'traffic_max', 'types', 'unit',
           'unit_class', 'units', 'units_in_play', 'vp']

import re as _re

from . import board as _boards
from . import pieces as _pieces
from .combat import must_attack                      # noqa: F401  units that must still attack (HSNJ-CBT-3)
from .combat import duties as owed_attacks           # noqa: F401  each such unit's enemies that oblige it (HSNJ-CBT-1)
from .combat import duties_ahead as owed_attacks_ahead   # noqa: F401  the same, were the side's Combat Phase to begin now
from .conditions import traffic_max                  # noqa: F401  the highest roll that breaks traffic
from .data import condition, terrain_classes, types, units   # noqa: F401  the authored tables
from .flow import FLOW as _FLOW
from .odds import battle_odds                        # noqa: F401  a battle's odds, for previews and bots
from .movement import reach_now                      # noqa: F401  where a selected unit may go now
from .movement import route_now as route             # noqa: F401  the places it passes on its way there
from .pieces import cls as unit_class                # noqa: F401  a unit's class: L, W or S
from .view import piece as counter                   # noqa: F401  how a unit shows as a counter


def frame(state: dict) -> dict:
    """The step being decided now and its working data ({} once the game is over)."""
    return _FLOW.frame(state) or {}


def position(state: dict) -> tuple:
    """(turn, phase): a key that changes when the game moves on to another phase."""
    return state["turn"], state["phase"]


def unit(state: dict, uid: str) -> dict | None:
    """A copy of one unit's record (name, side, type, where, hex, pad, ship, mp, confused...), or None."""
    found = _pieces.find(state, uid)
    return dict(found) if found is not None else None


def on_map(state: dict, side: str | None = None) -> list:
    """Copies of the units standing on map hexes, of one side or of both."""
    return [dict(u) for u in _pieces.on_map(state, side)]


def units_in_play(state: dict) -> list:
    """The records of the units on the map, on a pad or aboard a spaceship (read only: a search's
    evaluation reads thousands of positions, so these are not copies)."""
    return [u for u in _pieces.units(state) if u["where"] in ("map", "pad", "ship")]


def vp(state: dict, side: str) -> int:
    """A side's victory points."""
    return state["vp"][side]


def board_serial(state: dict) -> int:
    """The identity of the board a state is played on (a new one when an edited map replaces it)."""
    return _boards.of(state).serial


def neighbours(state: dict, hex_) -> tuple:
    """The hexes next to ``hex_`` on the map the game is played on."""
    return _boards.of(state).nbrs[tuple(hex_)]


_HEX_NUMBER = _re.compile(r"\b\d{4}\b")     # a hex number as the log writes it ("1927")
_NAMED: list = [None, {}]                   # [the grid last named, hex number -> words]


NEAR_HEXES = 3      # a hex this many steps from a named place is written as near it


def _hex_words(grid) -> dict:
    """Hex number -> words: the place there ('Camden (1927)'), next to one ('1928 by Camden'), or
    within NEAR_HEXES of one ('2442 near Atlantic City'); a city's name before a lesser place's."""
    out, frontier = {}, []
    for place in sorted(grid.places, key=lambda p: p.kind != "city"):
        if place.hex in grid.hexes and grid.label(place.hex) not in out:
            out[grid.label(place.hex)] = f"{place.name} ({grid.label(place.hex)})"
            frontier.append((place.hex, place.name))
    seen = {h for h, _ in frontier}
    for step in range(1, NEAR_HEXES + 1):        # rings out from every place at once: the nearest wins
        ring = []
        for h, name in frontier:
            for n in grid.neighbours(h):
                if n in grid.hexes and n not in seen:
                    seen.add(n)
                    ring.append((n, name))
                    out[grid.label(n)] = f"{grid.label(n)} {'by' if step == 1 else 'near'} {name}"
        frontier = ring
    return out


def log_words(state: dict, line: str) -> str:
    """A log line with each hex number named by the place there or next to it ('in 1927' ->
    'in Camden (1927)'); the rules wrote the line, so the rules read it back, not the window."""
    grid = _boards.of(state).grid
    if _NAMED[0] is not grid:
        _NAMED[:] = [grid, _hex_words(grid)]
    named = _NAMED[1]
    return _HEX_NUMBER.sub(lambda m: named.get(m.group(0), m.group(0)), line) if named else line
