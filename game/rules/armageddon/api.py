"""The public face of Battle for Armageddon for the window and the bots, beside the contract.

game/ui and game/ai may import this module and the package itself, nothing else of
game/rules/armageddon (tests/test_boundaries.py checks it). Everything here reads a state
or the authored tables; nothing changes one.
"""
from __future__ import annotations

__all__ = ['BOXES', 'SIDE_COLOURS', 'SIDE_NAMES', 'board_of', 'boxed', 'build_points', 'counter', 'counters',
           'face_down', 'frame', 'hive_status', 'label', 'occupancy', 'other', 'phases_of', 'piece',
           'ruined', 'special_cards', 'stack_problem', 'strategy_cards', 'tribes', 'victory', 'where_to']

from . import board as _boards
from .board import SIDE_COLOURS, SIDE_NAMES                  # noqa: F401
from .data import special_cards, strategy_cards, tribes      # noqa: F401  the authored tables
from .data import counters                                   # noqa: F401  every counter's printed values
from .flow import FLOW as _FLOW
from .model import BOXES, PHASES_OF, other                   # noqa: F401  off-map boxes; the other side
from .movement import where_to                               # noqa: F401  where a counter may move now
from .victory import check as victory                        # noqa: F401  who would win now, and why
from .victory import hive_status                             # noqa: F401  each hive: Imperial, Ork or neither
from .view import label, piece                               # noqa: F401  button words; a counter as drawn


def board_of(state: dict):
    """The Board a state is played on (areas, land, adjacency, rivers, Ork territory, supply)."""
    return _boards.of(state)


def frame(state: dict) -> dict:
    """The step being decided now and its working data ({} once the game is over)."""
    return _FLOW.frame(state) or {}


def counter(cid: str) -> dict:
    """One counter's printed data: name, side, type, attack, defence, move, tribe."""
    return dict(counters()[cid])


def phases_of(card_id: str) -> tuple:
    """The two phases a strategy card shows, in order (BFA-ACT-1)."""
    return PHASES_OF[card_id]


def stack_problem(state: dict, area: str, side: str) -> str | None:
    """'over' or 'tribes' when a side's stack in an area breaks the stacking rules, else None."""
    from .movement import problem
    return problem(state, area, side)


def occupancy(state: dict) -> dict:
    """Area -> counter ids there, bottom first (the state's own table: read it, never change it)."""
    return state["stacks"]


def ruined(state: dict) -> list:
    """The hive and factory counters on their smoking ruins side."""
    return state["ruins"]


def build_points(state: dict) -> int:
    """The Imperial build point track (the intact hives' and factories' defence values)."""
    return state["build_points"]


def face_down(state: dict, side: str) -> int:
    """How many of ``side``'s chosen strategy cards are still face down this turn."""
    return len(state["plan"][side])


def boxed(state: dict, box: str) -> list:
    """The counters in an off-map box (one of BOXES), in id order."""
    from .model import in_box
    return in_box(state, box)
