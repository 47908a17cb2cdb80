"""A new game: the state made from a scenario's board, sides, forces and conditions (HS-SET-1..3)."""
from __future__ import annotations

from game.core import rng
from game.core.sides import Seating

from .flow import FLOW
from .sequence import advance, start_player_turn

SIDES = ("green", "tan", "red", "blue")                       # HS-COM-2
SIDE_NAMES = {"green": "Green army", "tan": "Tan army", "red": "Mercenaries",
              "blue": "Hammer's Slammers"}
SIDE_COLOURS = {"green": (79, 127, 58), "tan": (196, 154, 82), "red": (176, 48, 42),
                "blue": (44, 90, 168)}


def names() -> tuple:
    """The shipped scenarios (none until the scenario files are in)."""
    try:
        from . import scenarios
    except ImportError:
        return ()
    return tuple(scenarios.names())


def new_state(seed: int, scenario: str | None = None, options: dict | None = None) -> dict:
    """A new game of a shipped scenario."""
    from . import scenarios
    return scenarios.new_state(seed, scenario, options)


def unit_record(utype: str, side: str, at, morale: int, **extra) -> dict:
    """One unit's entry in the state."""
    d = {"type": utype, "side": side, "at": list(at) if at is not None else None, "dis": False,
         "skim": False, "aboard": None, "cargo": None, "tow": None, "towed_by": None,
         "morale": int(morale)}
    d.update(extra)
    return d


def make_state(seed: int, board_key: str, seating: Seating, units: dict, turns: int,
               victory: list, order: list | None = None, options: dict | None = None,
               scenario: str = "custom", tables: str = "standard", turn: int = 1,
               mover: str | None = None, rubble=()) -> dict:
    """A state ready for its first decision; ``units`` maps id -> unit_record(...)."""
    order = list(order or seating.sides)
    state = {"game": "slammers", "scenario": scenario, "tables": tables, "map": board_key,
             "seating": seating.to_data(), "order": order, "turn": turn, "turns": turns,
             "mover": mover or order[0], "units": units, "rubble": list(rubble), "assaults": {},
             "lost": {s: [] for s in seating.sides}, "victory": [dict(v) for v in victory],
             "log": [], "events": [], "serial": 0, "reveals": 0,
             "dice": {"serial": 0, "values": [], "text": ""}, "over": None, "phase": None}
    rng.init(state, seed, options)
    FLOW.start(state, "turn")
    start_player_turn(state)
    advance(state)
    return state
