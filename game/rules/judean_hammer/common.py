"""Shared helpers over the state: units, control, supply, the draw pile, the log."""
from __future__ import annotations

from game.core import record, rng
from game.core.sides import Seating
from game.core.statecopy import Shape
from game.core.steps import Flow

from . import board as boards
from .cards import CARDS

# How apply copies a state (game.core.statecopy). Shared, never changed in place, only replaced:
# revealed, last_battle, result, events (apply starts each action with a new list), the award
# rows, and the frames' fixed lists (occupied, areas, candidates, sources, retreat); a frame's
# marching groups and used areas grow and shrink in place.
_FRAME = Shape(copy=("used",), parts={"groups": [Shape(copy=("path",), rest="share")]}, rest="share")
SHAPE = Shape(share=("game", "map", "round", "starter", "reveals", "draw_known", "revealed", "last_battle",
                     "result", "events", "event_serial"),
              copy=("draw", "discard", "combat", "removed", "in_play", "awards", "stock", "vp"),
              each=("units", "hands"), parts={"rng": rng.SHAPE, "dice": record.DICE_SHAPE}, frames=_FRAME,
              on_write=("log",))      # the log: copied only by an action that adds a line

# Every module adds its steps with add_step(); the steps build their actions as tuples, and
# the state has a known shape, so apply copies it by that shape.
FLOW = Flow([], copy=SHAPE.copier(), tuples=True)
CUBES = 30               # JH-COM-1
VP_MARKER = 1            # JH-SET-2: one cube of each side marks its VP, off the map and out of the stockpile


SEATING = Seating(boards.SIDES)     # two factions, each the other's one enemy
other = {side: SEATING.other(side) for side in boards.SIDES}.__getitem__   # the opposing faction


def add_step(step) -> None:
    """Register a step of the sequence of play."""
    FLOW.add(step)


def board_of(state: dict) -> boards.Board:
    """The Board a state is played on (loaded once per path)."""
    return boards.load(state["map"])


log = record.log                    # log(state, line): one line for the human-readable log
event = record.event                # event(state, kind, **fields): what happened, as data with a serial


def card_name(cid: int) -> str:
    """A card as the log names it."""
    return f"#{cid} '{CARDS[cid]['title']}'"


def named_area(state: dict, action):
    """For explain hooks: (area, None) for ("area", a map area), else (None, a reason or None)."""
    if not action or action[0] != "area" or len(action) != 2:
        return None, None
    if action[1] not in board_of(state).kind:
        return None, (f"there is no area called {action[1]}", None)
    return action[1], None


# -- units ------------------------------------------------------------------
def count(state: dict, side: str, area: str) -> int:
    """How many units of ``side`` stand in ``area``."""
    return state["units"][side].get(area, 0)


def add_units(state: dict, side: str, area: str, n: int) -> int:
    """Place up to n units from the stockpile; returns how many were placed (JH-REC-14)."""
    n = min(n, state["stock"][side])
    if n > 0:
        state["stock"][side] -= n
        units = state["units"][side]
        units[area] = units.get(area, 0) + n
    return max(n, 0)


def remove_units(state: dict, side: str, area: str, n: int) -> int:
    """Return up to n units of an area to the stockpile (JH-BAT-12); returns how many."""
    units = state["units"][side]
    have = units.get(area, 0)
    n = min(n, have)
    if n <= 0:
        return 0
    if have == n:
        del units[area]
    else:
        units[area] = have - n
    state["stock"][side] += n
    return n


def shift_units(state: dict, side: str, src: str, dst: str, n: int) -> None:
    """Move n units from one area to another."""
    units = state["units"][side]
    have = units[src]
    if have == n:
        del units[src]
    else:
        units[src] = have - n
    units[dst] = units.get(dst, 0) + n


def occupied(state: dict) -> set:
    """Areas holding units of either faction."""
    return set(state["units"]["maccabean"]) | set(state["units"]["greek"])


def mixed_areas(state: dict) -> list:
    """Areas holding units of both factions, sorted."""
    greek = state["units"]["greek"]
    return sorted(a for a in state["units"]["maccabean"] if a in greek)


# -- control (JH-MAP-5..8) ----------------------------------------------------
def city_controller(state: dict, city: str):
    """The faction with units in a city, or None when it is empty."""
    if city in state["units"]["maccabean"]:
        return "maccabean"
    if city in state["units"]["greek"]:
        return "greek"
    return None


def region_control(state: dict, board) -> dict:
    """region -> controlling faction or None: more controlled cities wins (JH-MAP-7, JH-MAP-8)."""
    mac, gre = state["units"]["maccabean"], state["units"]["greek"]
    out = {}
    for region in board.regions:
        m = g = 0
        for city in board.region_cities[region]:
            if city in mac:
                m += 1
            elif city in gre:
                g += 1
        out[region] = "maccabean" if m > g else "greek" if g > m else None
    return out


# -- supply (JH-SUP-6, JH-SUP-7, JH-REC-12) --------------------------------------
_SUPPLY_CACHE: dict = {}


def in_supply(state: dict, board) -> frozenset:
    """Areas that trace a road path to a Greek supply centre without entering Maccabean units."""
    blocked = state["units"]["maccabean"]
    key = (board.serial, frozenset(blocked))
    found = _SUPPLY_CACHE.get(key)
    if found is None:
        if len(_SUPPLY_CACHE) > 4096:
            _SUPPLY_CACHE.clear()
        found = _SUPPLY_CACHE[key] = _trace_supply(board, blocked)
    return found


_ROAD_KINDS = frozenset(boards.ROADS)      # JH-AMBIG-1: supply follows roads only


def _trace_supply(board, blocked) -> frozenset:
    """Every area a road path from some supply centre reaches without entering ``blocked`` (the board's search)."""
    return board.map.spread(board.centres, _ROAD_KINDS, blocked)


# -- cards ------------------------------------------------------------------
def reshuffle(state: dict) -> None:
    """Both discard piles become the new draw pile, shuffled (JH-SEQ-8, JH-AMBIG-4)."""
    pile = state["discard"] + state["combat"]
    state["discard"] = []
    state["combat"] = []
    state["draw"] = rng.shuffle(state, pile) if pile else []
    if pile:
        log(state, f"The discard piles ({len(pile)} cards) are shuffled into a new draw pile.")


def take_top(state: dict):
    """The top card of the draw pile, reshuffling first if it is empty (JH-AMBIG-16); None if none."""
    if not state["draw"]:
        reshuffle(state)
        # JH-SEQ-8: the new pile is exactly the former discards, which both players saw.
        state["draw_known"] = True
        if not state["draw"]:
            return None           # JH-GAP-6
    return state["draw"].pop(0)


def draw_known(state: dict):
    """The cards of the draw pile, sorted, when both players know them (after a mid-round
    reshuffle, JH-SEQ-8, JH-AMBIG-16, until the round ends); None while it holds unseen cards."""
    return sorted(state["draw"]) if state.get("draw_known") else None


def reveal_top(state: dict, why: str):
    """Reveal the top card for a battle or ambush; it goes to the Combat/Ambush pile (JH-BAT-5)."""
    cid = take_top(state)
    state["reveals"] += 1
    if cid is None:
        state["revealed"] = {"card": None, "why": why}
        event(state, "revealed", card=None, why=why)
        log(state, f"No card is left to reveal for {why}: no modifier (JH-GAP-6).")
        return None
    state["combat"].append(cid)
    state["revealed"] = {"card": cid, "why": why}
    mod = CARDS[cid]["modifier"]
    event(state, "revealed", card=cid, why=why, modifier=dict(mod))
    log(state, f"Revealed for {why}: {card_name(cid)}, {mod['faction']} +{mod['value']}.")
    return cid


def roll(state: dict) -> int:
    """One six-sided casualty die (JH-GAP-1), recorded for the dice tray."""
    return record.add_die(state, rng.d6(state))


def new_dice(state: dict, text: str) -> None:
    """Start a new throw in the dice tray."""
    record.new_throw(state, text)
