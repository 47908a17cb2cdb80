"""The public face of Battle for Armageddon for the window and the bots, beside the contract.

game/ui and game/ai may import this module and the package itself, nothing else of
game/rules/armageddon (tests/test_boundaries.py checks it). Everything here reads a state
or the authored tables; nothing changes one.
"""
from __future__ import annotations

__all__ = ['BOXES', 'SIDE_COLOURS', 'SIDE_NAMES', 'battle_preview', 'board_of', 'boxed', 'build_cost',
           'build_points', 'by_box', 'counter', 'counters', 'current_battle', 'cut_off', 'face_down', 'frame',
           'hive_status', 'label', 'occupancy', 'odds', 'other', 'phases_of', 'piece', 'production_space',
           'ruined', 'shelter', 'special_cards', 'turn', 'place', 'ELIMINATED', 'LAST_TURN', 'OUT', 'stack_problem', 'strategy_cards', 'tribes', 'victory', 'where_to']

from . import board as _boards
from .board import SIDE_COLOURS, SIDE_NAMES                  # noqa: F401
from .data import special_cards, strategy_cards, tribes      # noqa: F401  the authored tables
from .data import counters                                   # noqa: F401  every counter's printed values
from .data import cost as build_cost                         # noqa: F401  build points of a type, None: never
from .data import production_space                           # noqa: F401  a type's production track space
from .battle import battle_view as _battle_view
from .battle import preview as _preview
from .combat import column as _column
from .flow import FLOW as _FLOW
from .model import in_box as _in_box
from .movement import problem as _problem
from .supply import cut_off as _cut_off
from .supply import shelter                                  # noqa: F401  what may save a stack out of supply
from .model import BOXES, PHASES_OF, other                   # noqa: F401  off-map boxes; the other side
from .model import ELIMINATED, OUT                           # noqa: F401  the boxes of counters lost
from .sequence import LAST_TURN                               # noqa: F401  the game's last turn (BFA-SEQ-1)
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
    return _problem(state, area, side)


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
    return _in_box(state, box)


def by_box(state: dict) -> dict:
    """Every off-map box (BOXES) -> the counters in it, in id order, read in one pass."""
    out = {box: [] for box in BOXES}
    for cid, place in state["at"].items():
        if place in out:
            out[place].append(cid)
    return {box: sorted(ids) for box, ids in out.items()}


def current_battle(state: dict) -> dict | None:
    """The battle being fought now: target, attacking areas, stage, the task in hand, the roll and
    result once rolled, and the live preview while the attacking stacks are chosen; else None."""
    return _battle_view(state)


def battle_preview(state: dict, target: str, areas, side: str | None = None) -> dict:
    """An attack's odds column, every die modifier and the chance of each result, worked out on
    request and never kept in the state: attack, defence, odds, modifiers, rows, chances, exact."""
    return _preview(state, target, areas, side)


def odds(attack: int, defence: int) -> str:
    """The odds column for two totals, rounded as the book says (BFA-CBT-12, -13, BFA-AMBIG-10)."""
    return _column(attack, defence)


def cut_off(state: dict, side: str) -> list:
    """The areas where ``side``'s units stand out of supply now (BFA-SUP-2..8)."""
    return _cut_off(state, _boards.of(state), side)


def turn(state: dict) -> int:
    """The turn being played, 1 to 8 (BFA-SEQ-1)."""
    return state["turn"]


def place(state: dict, cid: str) -> str:
    """Where one counter is now: an area's name or an off-map box (BOXES)."""
    return state["at"][cid]
