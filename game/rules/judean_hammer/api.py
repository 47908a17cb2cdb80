"""The public face of Judean Hammer for the window and the bots, beside the contract (GameSpec).

game/ui and game/ai may import this module and the package itself, nothing else of
game/rules/judean_hammer (tests/test_boundaries.py checks it). Everything here reads a
state; nothing changes one.
"""
from __future__ import annotations

__all__ = ['CARD_IDS', 'SEATING', 'ambush_odds', 'battle_odds', 'board_of', 'card_slots', 'draw_known', 'fighting_side',
           'frame',
           'label', 'mixed_areas', 'other', 'position', 'region_control', 'round_report', 'seen_cards',
           'units_on_map', 'vp',
           'why_not', 'winner']

from .cards import IDS as CARD_IDS                   # noqa: F401  every card's number
from .common import board_of, mixed_areas, region_control   # noqa: F401  the board and who holds what
from .common import draw_known                       # noqa: F401  the draw pile's cards, when both know them
from .common import SEATING                          # noqa: F401  the two factions
from .odds import ambush_odds, battle_odds           # noqa: F401  exact battle odds for previews
from .view import label, why_not                     # noqa: F401  button words; why a click is refused
from .view import round_report                       # noqa: F401  the last round's scoring, from its events


def other(side: str) -> str:
    """The other faction."""
    return SEATING.other(side)


def frame(state: dict) -> dict:
    """The step being decided now and its working data ({} once the game is over)."""
    stack = state["stack"]
    return stack[-1] if stack else {}


def position(state: dict) -> tuple:
    """(round, step): a key that changes when the game moves on to another step."""
    stack = state["stack"]
    return state["round"], stack[-1]["step"] if stack else None


def winner(state: dict) -> str | None:
    """The winning faction once the game is over, else None."""
    return state["result"]["winner"] if state["result"] else None


def vp(state: dict, side: str) -> int:
    """A faction's victory points."""
    return state["vp"][side]


def units_on_map(state: dict, side: str) -> int:
    """How many units a faction has on the map."""
    return sum(state["units"][side].values())


def fighting_side(state: dict) -> str | None:
    """The faction whose movement, ambush or battles are being carried out now, or None."""
    for frame in reversed(state["stack"]):
        if frame["step"] in ("battles", "ambush", "move"):
            return frame["side"]
    return None


def seen_cards(state: dict, side: str) -> list:
    """The groups of cards ``side`` has seen: its own hand and every public pile."""
    return [state["hands"][side]] + [state[pile] for pile in _PUBLIC_PILES]


_PUBLIC_PILES = ("discard", "combat", "removed", "in_play")


def card_slots(side: str) -> dict:
    """Where the cards ``side`` cannot see lie in a state, as key paths for dealing possible
    worlds (game/ai/worlds.py): the other faction's hand and the draw pile."""
    return {"hand": ("hands", other(side)), "draw": ("draw",)}
