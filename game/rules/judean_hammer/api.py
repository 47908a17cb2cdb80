"""The public face of Judean Hammer for the window and the bots, beside the contract (GameSpec).

game/ui and game/ai may import this module and the package itself, nothing else of
game/rules/judean_hammer (tests/test_boundaries.py checks it). Everything here reads a
state; nothing changes one.
"""
from __future__ import annotations

__all__ = ['CARD_IDS', 'SEATING', 'ambush_odds', 'battle_odds', 'board_of', 'draw_known', 'label', 'mixed_areas', 'other', 'region_control', 'why_not']

from .cards import IDS as CARD_IDS                   # noqa: F401  every card's number
from .common import board_of, mixed_areas, region_control   # noqa: F401  the board and who holds what
from .common import draw_known                       # noqa: F401  the draw pile's cards, when both know them
from .common import SEATING                          # noqa: F401  the two factions
from .odds import ambush_odds, battle_odds           # noqa: F401  exact battle odds for previews
from .view import label, why_not                     # noqa: F401  button words; why a click is refused


def other(side: str) -> str:
    """The other faction."""
    return SEATING.other(side)
